"""Answer-quality evaluation of the agent (retrieval evaluation lives in :mod:`rag_bot.retrieval.evaluate`)."""
