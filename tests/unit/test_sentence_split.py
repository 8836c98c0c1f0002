"""The one sentence splitter and the answer assembler keep abbreviations inside their sentence."""

from __future__ import annotations

import pytest

from rag_bot.agent.grounding import AnswerAssembler, split_line
from rag_bot.agent.rules import split_sentences
from rag_bot.agent.support_judges import SupportChecker

TEXT = ("We met at 6 a.m. on Monday. Dr. Rao spoke, e.g. about rain, i.e. floods. The hall shut at 9 p.m. "
        "Then we left. J. Mehta brought tea, rice etc. for all. डॉ. शर्मा ने कहा। ठीक है।")
EXPECTED = ["We met at 6 a.m. on Monday.", "Dr. Rao spoke, e.g. about rain, i.e. floods.", "The hall shut at 9 p.m.",
            "Then we left.", "J. Mehta brought tea, rice etc. for all.", "डॉ. शर्मा ने कहा।", "ठीक है।"]


def test_splitter_does_not_cut_after_an_abbreviation_or_initial():
    assert split_sentences(TEXT) == EXPECTED


def test_answer_segmentation_does_not_cut_after_an_abbreviation():
    assert split_line(TEXT, complete=True) == (EXPECTED, True)


class Recorder:
    """A judge that keeps everything and records the sentences it was asked about."""

    name = "recorder"

    def __init__(self) -> None:
        self.seen: list[str] = []

    def supported(self, sentences, documents):
        self.seen += list(sentences)
        return [True] * len(sentences)


@pytest.mark.parametrize("step", [1, 3, 1000])
def test_assembler_judges_a_sentence_with_abbreviations_whole(step):
    judge = Recorder()
    assembler = AnswerAssembler([{"text": "x"}], SupportChecker(judge))
    raw = "The doors open at 6 a.m. for Dr. Rao, e.g. on Mondays [1]. Rain fell [1]."
    for i in range(0, len(raw), step):
        assembler.feed(raw[i:i + step])
    assembler.finish()
    assert judge.seen == ["The doors open at 6 a.m. for Dr. Rao, e.g. on Mondays.", "Rain fell."]
