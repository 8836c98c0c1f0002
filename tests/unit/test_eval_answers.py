"""Answer-quality metrics (rag_bot.evaluation.answers) on hand-made replies (the command: test_eval_answers_cli.py)."""

from __future__ import annotations

import json
import zlib

import numpy as np
import pytest
from langchain_core.messages import AIMessage

from rag_bot.agent import prompts
from rag_bot.agent.service import Reply
from rag_bot.evaluation import answers as ev
from rag_bot.evaluation import judges

SILENCE = {"source": "pdf/talks.pdf", "date": "1969-01-23", "title": "On Silence",
           "text": "When I was young I knew an old bell-maker in Varanasi named Keshav. He listened to the silence "
                   "after the ringing.\nSit for ten minutes of silence before breakfast."}
FEAR = {"source": "html/fear.html", "date": "1969-03-09", "title": "Fear",
        "text": "Fear is the mind running ahead into the future. Look at it directly."}


class FakeEmbedder:
    """Bag-of-words vectors over a fixed vocabulary (normalised): similar wording -> high cosine."""

    def __init__(self) -> None:
        self.calls = 0

    def embed_passages(self, texts):
        self.calls += 1
        rows = []
        for text in texts:
            vec = np.zeros(64, dtype=np.float32)
            for word in text.lower().split():
                vec[zlib.crc32(word.strip(".,!?").encode()) % 64] += 1.0
            rows.append(vec / (np.linalg.norm(vec) or 1.0))
        return np.asarray(rows, dtype=np.float32)


class FakeChat:
    """A chat model stand-in that returns a fixed verdict text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.prompts: list = []

    def invoke(self, messages):
        self.prompts.append(messages)
        return AIMessage(self.text)


def reply(answer: str, citations=(), documents=(SILENCE, FEAR), termination="answered", **kw) -> Reply:
    return Reply(answer=answer, citations=list(citations), documents=list(documents), termination=termination, **kw)


# --- refusal ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "hi"])
def test_refusal_text_is_detected_in_both_languages(language):
    text = prompts.not_found_text("What about the moon landing?", language)
    assert ev.is_refusal(reply(text, termination="iteration_limit"))
    assert ev.is_refusal({"answer": text, "termination": None})


def test_refusal_by_termination_and_not_for_real_answers():
    assert ev.is_refusal(reply("", termination="no_documents"))
    assert not ev.is_refusal(reply("According to the documents:\n- “Fear is the mind running ahead.” [2]"))
    assert not ev.is_refusal(reply("The documents do say something here [1].", termination="answered"))


# --- citations --------------------------------------------------------------------------------------------
def test_citation_to_an_unretrieved_source_lowers_validity():
    good = {"n": 1, "source": SILENCE["source"], "date": SILENCE["date"]}
    bad = {"n": 2, "source": "txt/elsewhere.txt", "date": "1970-01-01"}
    wrong_date = {"n": 1, "source": SILENCE["source"], "date": "1969-01-24"}
    assert ev.citation_validity([good], [SILENCE, FEAR]) == 1.0
    assert ev.citation_validity([good, bad], [SILENCE, FEAR]) == 0.5
    assert ev.citation_validity([wrong_date], [SILENCE]) == 0.0
    assert ev.citation_validity([], [SILENCE]) == 1.0
    assert ev.citation_counts([good, bad, wrong_date], [SILENCE]) == (1, 3)


# --- facts ------------------------------------------------------------------------------------------------
def test_facts_are_counted_case_and_whitespace_insensitively():
    answer = "He knew  KESHAV, the bell-maker;\nsit for ten\tminutes of silence."
    assert ev.facts_found(answer, ["Keshav", "ten minutes of silence", "absence of sound"]) == [True, True, False]
    assert ev.facts_rate(answer, ["Keshav", "ten minutes of silence", "absence of sound"]) == pytest.approx(2 / 3)
    assert ev.facts_rate(answer, []) is None
    assert ev.facts_found("केशव ने घंटी सुनी", ["केशव", "दस मिनट"]) == [True, False]


# --- groundedness -----------------------------------------------------------------------------------------
def test_answer_sentences_drop_intro_markers_and_quotes():
    answer = ("According to the documents:\n- “When I was young I knew an old bell-maker in Varanasi named Keshav.” [1]"
              "\n- “Fear is the mind running ahead into the future.” [2][1]")
    assert judges.answer_sentences(answer) == [
        "When I was young I knew an old bell-maker in Varanasi named Keshav.",
        "Fear is the mind running ahead into the future.",
    ]
    assert judges.answer_sentences("दस्तावेज़ों के अनुसार:\n- “मौन ध्वनि का अभाव नहीं है।” [1]") == ["मौन ध्वनि का अभाव नहीं है।"]


def test_embedding_judge_verbatim_similar_and_unsupported():
    judge = judges.EmbeddingJudge(FakeEmbedder(), threshold=0.85)
    sentences = ["Sit for ten   minutes of silence before breakfast.",  # verbatim (whitespace aside)
                 "Fear is the mind running ahead into the future!",  # same words, not verbatim
                 "The teacher invested in the stock market in 1929."]  # not in the passages
    scores = judge.scores(sentences, [SILENCE, FEAR])
    assert scores[0] == 1.0 and scores[1] >= 0.85 and scores[2] < 0.85
    assert judge.supported(sentences, [SILENCE, FEAR]) == [True, True, False]
    assert judge.supported(["Anything at all here."], []) == [False]
    supported, total = judges.groundedness("According to the documents:\n- “Look at it directly.” [2]\n"
                                       "- “The teacher invested in the stock market in 1929.” [1]", [FEAR], judge)
    assert (supported, total) == (1, 2)


def test_llm_judge_parses_verdicts_and_falls_back():
    chat = FakeChat("1: yes\n2: NO")
    judge = judges.LLMJudge(chat, fallback=judges.EmbeddingJudge(FakeEmbedder()))
    assert judge.supported(["Keshav made bells.", "He liked television.", "Look at it directly."],
                           [SILENCE, FEAR]) == [True, False, True]  # third: no verdict -> embedding (verbatim)
    human = chat.prompts[0][1].content
    assert "<passages>" in human and "3: Look at it directly." in human
    assert judges.LLMJudge(FakeChat("nonsense")).supported(["x y z."], [FEAR]) == [False]


# --- one question and the aggregates ------------------------------------------------------------------------
def rows():
    return [
        {"id": "a1", "question": "What about silence?", "language": "en", "kind": "topical",
         "relevant": [{"source": SILENCE["source"], "date": SILENCE["date"]}], "facts": ["Keshav", "ten minutes"]},
        {"id": "a2", "question": "मौन?", "language": "hi", "kind": "topical",
         "relevant": [{"source": SILENCE["source"], "date": SILENCE["date"]}], "facts": ["Keshav"]},
        {"id": "u1", "question": "Moon landing?", "language": "en", "kind": "unanswerable", "relevant": [],
         "facts": []},
        {"id": "u2", "question": "Stock market?", "language": "en", "kind": "unanswerable", "relevant": [],
         "facts": []},
    ]


def test_score_reply_and_aggregate():
    judge = judges.EmbeddingJudge(FakeEmbedder())
    cite_silence = {"n": 1, "source": SILENCE["source"], "date": SILENCE["date"]}
    cite_elsewhere = {"n": 3, "source": "txt/other.txt", "date": "1970-01-01"}
    replies = [
        reply("According to the documents:\n- “When I was young I knew an old bell-maker in Varanasi named Keshav.” "
              "[1]", [cite_silence], model_calls=3),
        reply(prompts.not_found_text("मौन?", "hi"), termination="no_documents", model_calls=5),
        reply(prompts.not_found_text("Moon landing?", "en"), termination="no_documents", model_calls=4),
        reply("According to the documents:\n- “Fear is the mind running ahead into the future.” [2]",
              [{"n": 2, "source": FEAR["source"], "date": FEAR["date"]}, cite_elsewhere], model_calls=4),
    ]
    results = [ev.score_reply(row, r, judge, latency_s=float(i + 1)) for i, (row, r) in
               enumerate(zip(rows(), replies, strict=True))]
    first = results[0]
    assert first.facts_found == [True, False] and first.facts_rate == 0.5
    assert first.cited_relevant and first.groundedness == 1.0 and not first.refused
    assert results[1].refused and results[1].groundedness is None
    s = ev.aggregate(results)
    assert s["refusal_rate"] == 0.5 and s["false_refusal_rate"] == 0.5
    assert s["citation_validity"] == pytest.approx(2 / 3) and s["citations"] == 3
    assert s["facts_rate"] == pytest.approx(0.25)  # (0.5 + 0.0) / 2: a false refusal finds no facts
    assert s["facts_rate_answered"] == 0.5
    assert s["groundedness"] == 1.0
    assert s["latency_p50_s"] == 2.5 and s["model_calls_mean"] == 4.0
    evaluation = ev.AnswerEvaluation(results=results)
    assert set(evaluation.by("language")) == {"en", "hi"}
    assert evaluation.by("kind")["unanswerable"]["refusal_rate"] == 0.5
    table = evaluation.results_table()
    assert table.splitlines()[0].startswith("| group | n |") and "| kind=unanswerable |" in table
    assert "language=hi" in evaluation.results_table(fmt="text")
    data = evaluation.to_json()
    assert json.loads(json.dumps(data, ensure_ascii=False))["summary"]["citations"] == 3


def test_evaluate_answers_asks_history_first_in_one_thread():
    asked = []

    class Service:
        def ask(self, question, thread_id, language=None):
            asked.append((question, thread_id))
            return reply("According to the documents:\n- “Look at it directly.” [1]",
                         [{"n": 1, "source": FEAR["source"], "date": FEAR["date"]}], documents=[FEAR])

    follow = {"id": "f1", "question": "And then?", "language": "en", "kind": "follow_up",
              "relevant": [{"source": FEAR["source"], "date": FEAR["date"]}], "facts": ["directly"],
              "history": [{"role": "user", "content": "What is fear?"}, {"role": "assistant", "content": "..."}]}
    result = ev.evaluate_answers(None, [follow, *rows()], limit=2, judge=judges.EmbeddingJudge(FakeEmbedder()),
                                 service=Service())
    assert [q for q, _ in asked] == ["What is fear?", "And then?", "What about silence?"]
    assert asked[0][1] == asked[1][1] != asked[2][1]
    assert result.results[0].history_turns == 1 and result.results[0].facts_rate == 1.0
    assert [r["kind"] for r in ev.sample_questions(rows(), 1)] == ["topical", "unanswerable"]
