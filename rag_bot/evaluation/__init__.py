"""Evaluation of the agent: answer quality (:mod:`.answers`) and retrieval on BEIR-layout data (:mod:`.retrieval`)."""
