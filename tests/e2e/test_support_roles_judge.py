"""The support judge with the real bundled embedder on single cases of the kinds the role frames, converse verbs
and number reading decide (English, Hindi and across: en>hi is an English sentence citing a Hindi passage)."""

from __future__ import annotations

import pytest

from rag_bot.agent.support_judges import EmbeddingJudge
from rag_bot.config import Settings
from rag_bot.models.embeddings import get_embedder

EN = {"id": "en", "language": "en", "date": "2025-07-05", "text": (
    "A weaving school for young women opened in Sonpur on 5 July 2025. The wool cooperative gave the school eight "
    "looms. The rice mill sent 75 sacks of rice to the camp. Geeta Rana taught Harish Negi to dry and label the "
    "millet seeds.")}
HI = {"id": "hi", "language": "hi", "date": "2025-07-05", "text": (
    "5 जुलाई 2025 को सोनपुर में युवतियों के लिए एक बुनाई स्कूल खुला। ऊन सहकारी समिति ने स्कूल को आठ करघे दिए। "
    "चावल मिल ने शिविर को चावल की 75 बोरियाँ भेजीं। गीता राणा ने हरीश नेगी को बाजरे के बीज सुखाना और उन पर नाम "
    "लिखना सिखाया।")}

KEPT = [  # (sentence, passage): a converse with the parties turned round, a number in words or Devanagari digits
    ("The school received eight looms from the wool cooperative.", EN),
    ("स्कूल को ऊन सहकारी समिति से आठ करघे मिले।", HI),
    ("The school received eight looms from the wool cooperative.", HI),
    ("स्कूल को ऊन सहकारी समिति से आठ करघे मिले।", EN),
    ("Harish Negi learned from Geeta Rana how to dry the millet seeds.", EN),
    ("हरीश नेगी ने गीता राणा से बाजरे के बीज सुखाना सीखा।", HI),
    ("चावल मिल ने शिविर को चावल की पचहत्तर बोरियाँ भेजीं।", EN),
    ("चावल मिल ने शिविर को चावल की ७५ बोरियाँ भेजीं।", HI),
]
DROPPED = [  # parties swapped (no names; through a converse verb), a number that is only the date's day
    ("The school gave the wool cooperative eight looms.", EN),
    ("The wool cooperative received eight looms from the school.", EN),
    ("स्कूल ने ऊन सहकारी समिति को आठ करघे दिए।", HI),
    ("ऊन सहकारी समिति को स्कूल से आठ करघे मिले।", HI),
    ("The camp sent 75 sacks of rice to the rice mill.", HI),
    ("शिविर ने चावल मिल को चावल की 75 बोरियाँ भेजीं।", EN),
    ("The wool cooperative gave the school five looms.", EN),
]


@pytest.fixture(scope="module")
def judge():
    return EmbeddingJudge(get_embedder(Settings()))


def test_valid_rewordings_are_kept(judge):
    wrong = [(s, v) for s, p in KEPT if not (v := judge.verdicts([s], [p])[0]).supported]
    assert not wrong


def test_swapped_parties_and_changed_numbers_are_dropped(judge):
    verdicts = [judge.verdicts([s], [p])[0] for s, p in DROPPED]
    assert [(v.supported, v.reason) for v in verdicts] == [(False, "roles")] * 6 + [(False, "number")]


def test_a_place_name_missing_as_a_whole_across_scripts_is_an_undecided_drop(judge):
    passage = {"id": "p", "language": "hi", "text": "सोनपुर का संगीत उत्सव आम बाग़ में हुआ।"}
    translated = judge.verdicts(["Sonpur's music festival was held at Mango Grove."], [passage])[0]
    assert (translated.supported, translated.reason, translated.certain) == (False, "name", False)
    organised = {"id": "q", "language": "hi", "text": "सोनपुर का संगीत उत्सव मीरा जोशी ने आयोजित किया।"}
    changed = judge.verdicts(["Sonpur's music festival was organised by Anwar Joshi."], [organised])[0]
    assert (changed.supported, changed.certain) == (False, True)  # a first name changed beside its surname


def test_a_place_name_translated_with_glossary_words_is_found(judge):
    passage = {"id": "p", "language": "hi", "text": "सोनपुर का संगीत उत्सव कमल तालाब पर हुआ।"}
    assert judge.verdicts(["Sonpur's music festival was held at Lotus Pond."], [passage])[0].supported


KAMALA_HI = {"id": "k", "language": "hi", "text": (
    "कमला बिष्ट सुबह की कक्षा पढ़ाती हैं और उनकी बेटी रेखा शाम की कक्षा पढ़ाती है। हर पाठ्यक्रम 12 हफ़्ते का है।")}


def test_who_teaches_which_class_across_scripts(judge):
    swapped, paraphrase = judge.verdicts(
        ["Rekha teaches the morning class and her mother Kamala Bisht teaches the evening class.",
         "The morning class is taught by Kamala Bisht, while her daughter Rekha takes the evening class."],
        [KAMALA_HI])
    assert (swapped.supported, swapped.reason) == (False, "roles") and paraphrase.supported
