"""A Gemini stand-in script for streamed answers over the sample corpus (the Telegram streaming tests and
benchmarks/bench_streaming.py).

router -> "rag"; agent -> one ``retrieve_context`` call with the question; answer -> sentences copied verbatim from
the passages it was given, each cited ``[n]``, until the answer holds ``length`` characters, with one sentence no
passage supports (:data:`UNSUPPORTED`, its number is in no passage) in the middle: the runtime support check drops
it, so it must never be shown. The stand-in streams the answer in chunks of a few words (``stream_words``, with
``chunk_delay_s`` before each), as a model writes.
"""

from __future__ import annotations

import html
import os
import re
import threading

from rag_bot.agent.rules import split_sentences
from tests.agent_support import role_of_system, tag_text
from tests.stand_ins.gemini_api import GeminiRequest, function_call_response, text_response

API_KEY = "stream-test-key"
UNSUPPORTED = "The Zorblax hall charged exactly 4711 rupees for every seat that evening"
_PASSAGE = re.compile(r'<passage n="(\d+)"[^>]*>(.*?)</passage>', re.S)
_LENGTH = re.compile(r"\blength (\d+)\b")


def bot_env(gemini_url: str) -> dict[str, str]:
    """The environment of a bot process answering with Gemini models at the stand-in (the corpus vocabulary of
    this process too, so the script recognises the router's and agent's prompts)."""
    corpus = {key: value for key, value in os.environ.items() if key.startswith("RAG_BOT_CORPUS_")}
    return {**corpus, "RAG_BOT_LLM_PROVIDER": "gemini", "GOOGLE_API_KEY": API_KEY, "RAG_BOT_GEMINI_BASE_URL": gemini_url,
            "RAG_BOT_LLM_TIMEOUT_S": "60", "RAG_BOT_LLM_MAX_RETRIES": "1"}


def question(topic: str = "silence", length: int = 3000) -> str:
    """A question whose answer the script makes about ``length`` characters long."""
    return f"What was said about {topic}? (length {length})"


class LongAnswerScript:
    """The responder (see the module docstring); ``answers`` keeps each answer text it wrote, by question."""

    def __init__(self) -> None:
        self.answers: list[str] = []
        self._lock = threading.Lock()

    def __call__(self, request: GeminiRequest):
        role = role_of_system(request.system_text)
        if role == "router":
            return text_response("rag")
        if role == "agent":
            return function_call_response("retrieve_context", {"query": request.last_user_text[:200]})
        if role == "answer":
            return text_response(self.answer(request.last_user_text))
        if role == "condense":
            return text_response(tag_text("message", request.last_user_text) or "")
        if role == "summary":
            return text_response("- the user asked about the talks [1].")
        if role == "conversational":
            return text_response("Hello! Ask me about the talks.")
        return None

    def answer(self, prompt: str) -> str:
        wanted = int(m[1]) if (m := _LENGTH.search(prompt)) else 1500
        cited = [(int(n), s) for n, text in _PASSAGE.findall(prompt) for s in split_sentences(html.unescape(text))
                 if s.endswith(".") and len(s.split()) >= 6 and "[" not in s and "\n" not in s]
        assert cited, "the answer request holds no passage sentence"
        sentences: list[str] = []
        size = 0
        k = 0
        while size < wanted:
            n, sentence = cited[k % len(cited)]
            sentences.append(f"{sentence[:-1]} [{n}].")
            size += len(sentences[-1]) + 1
            k += 1
        sentences.insert(len(sentences) // 2, f"{UNSUPPORTED} [{cited[0][0]}].")
        text = " ".join(sentences)
        with self._lock:
            self.answers.append(text)
        return text
