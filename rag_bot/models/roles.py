"""The roles of the agent's chat models and the one table saying which configured model each role uses.

Every other module (the Gemini factory, the agent's model set, the per-run overrides) reads this table; a role
appears nowhere else with its model. ``conversational`` writes user-facing replies, like ``answer``, so it uses the
answer model; ``condense`` rewrites a follow-up into a search question, a classification-sized job like routing,
so it uses the router model.
"""

from __future__ import annotations

from typing import Literal, get_args

Role = Literal["router", "condense", "agent", "answer", "conversational", "summary"]
ROLES: tuple[Role, ...] = get_args(Role)

# Settings field holding the model name of each role.
ROLE_MODEL_FIELD: dict[Role, str] = {
    "router": "router_model",
    "condense": "router_model",
    "agent": "agent_model",
    "answer": "answer_model",
    "conversational": "answer_model",
    "summary": "summary_model",
}
