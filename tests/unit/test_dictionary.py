"""The installed bilingual dictionary (rag_bot.languages.dictionaries) and the glossary's wide tier
(rag_bot.agent.glossary): read from a dictd file named by the language file, one-word senses only, spelling
variants folded; without the file everything reads the hand-written glossary alone; with it, words the
hand-written glossary lacks are found, and the hand-written entry wins where both hold a word.

The small dictionary below is written for these tests (dictd's text layout, gzip-compressed as dictzip is); one
test reads the Debian package's file when it is installed."""

from __future__ import annotations

import gzip
import logging
from dataclasses import replace
from pathlib import Path

import pytest

from rag_bot.agent import answerability, glossary
from rag_bot.agent.claims import read_claims
from rag_bot.agent.roles import pairings_crossed
from rag_bot.agent.support_judges import _translates
from rag_bot.languages import dictionaries, registry

SMALL = """00-database-short
  A dictionary written for the tests
repair /rɪˈpeə/ <VTI>
1. मरम्मत~करना, सुधारना
      "Please repair the table."
2. किसी~जगह~जाना
jar /dʒɑː/ <N>
1. मर्तबान
mattress /ˈmætrəs/ <N>
1. हवा भरा गद्दा
agriculture /ˈæɡrɪkʌltʃə/ <N>
1. खेती{कृषि}
volume /ˈvɒljuːm/ <N>
1. किताब
strip /strɪp/ <N>
1. पट्टी
tablet /ˈtæblɪt/ <N>
1. पट्टी
amid /əˈmɪd/ <Prep>
1. बीच
Delhi /ˈdɛli/ <N>
1. दिल्ली
glass /ɡlɑːs/ <N>
1. काँच
morning /ˈmɔːnɪŋ/ <N>
1. सुबह
evening /ˈiːvnɪŋ/ <N>
1. शाम
class /klɑːs/ <N>
1. कक्षा
communicate /kəˈmjuːnɪkeɪt/ <V>
1. कहना
"""

WORDS = ["मर्तबान", "मर्तबानों", "मरम्मत", "किताबें", "खेती", "पट्टियाँ", "कांच", "कुएँ", "repair", "jar", "jars",
         "glass", "strips", "tables", "book"]


def _clear() -> None:
    dictionaries.entries.cache_clear()
    for cached in (glossary._hand_entries, glossary._hand, glossary._hand_folded, glossary._dictionary,
                   glossary._senses, glossary.known, glossary.forms):
        getattr(cached, "cache_clear", lambda: None)()  # a test may have put a plain function in its place


@pytest.fixture
def installed(monkeypatch, tmp_path):
    """Point the Hindi file's dictionary at ``path`` (a file written by the test, or none at all)."""
    configured = dictionaries.of

    def use(path: Path) -> None:
        monkeypatch.setattr(dictionaries, "of", lambda lang: (
            replace(found, path=path) if (found := configured(lang)) is not None else None))
        _clear()

    yield use
    _clear()


def _small(tmp_path: Path) -> Path:
    path = tmp_path / "test-eng-hin.dict.dz"
    path.write_bytes(gzip.compress(SMALL.encode("utf-8")))
    return path


def test_the_language_file_names_its_dictionary():
    found = dictionaries.of(registry().get("hi"))
    assert found is not None and found.format == "dictd" and found.package and found.licence
    assert dictionaries.of(registry().default) is None  # English names none: it is the other side


def test_a_dictd_file_gives_the_one_word_senses_of_content_words(installed, tmp_path):
    installed(_small(tmp_path))
    table = dictionaries.entries("hi")
    assert table["मरम्मत"] == (("repair", 0),)  # the light verb cut off
    assert table["सुधारना"] == (("repair", 0),)  # the second alternative of the sense
    assert table["खेती"] == (("agriculture", 0),)  # the note in braces dropped
    assert table["मर्तबान"] == (("jar", 0),)
    assert "गद्दा" not in table and "हवा" not in table  # a whole phrase is no word's sense
    assert "किसी" not in table and "जगह" not in table
    assert "बीच" not in table and "दिल्ली" not in table  # a preposition, a capitalised headword
    assert dictionaries.entries("hi") is table  # parsed once per process


def test_spelling_variants_are_read_alike():
    assert dictionaries.fold("hi", "काँच") == dictionaries.fold("hi", "कांच")
    assert dictionaries.fold("hi", "ख़र्च") == dictionaries.fold("hi", "खर्च")  # nukta, decomposed or not
    assert dictionaries.fold("hi", "खर्च") != dictionaries.fold("hi", "चर्च")


def test_without_the_file_everything_reads_the_hand_written_glossary(installed, tmp_path, caplog):
    installed(tmp_path / "not-installed.dict.dz")
    with caplog.at_level(logging.WARNING):
        assert dictionaries.entries("hi") == {}
    assert not caplog.records  # not installed is no fault
    for word in WORDS:
        assert glossary.senses(word, True) == glossary.senses(word), word
        assert glossary.known(word, True) == glossary.known(word), word
        assert glossary.translations(word, True) == glossary.translations(word), word
        assert glossary.matches(word, ["jars", "मर्तबान", "repaired"], True) == glossary.matches(
            word, ["jars", "मर्तबान", "repaired"]), word


def test_an_unreadable_file_is_logged_and_left_out(installed, tmp_path, caplog):
    broken = tmp_path / "broken.dict.dz"
    broken.write_bytes(b"not gzip at all")
    installed(broken)
    with caplog.at_level(logging.WARNING):
        assert dictionaries.entries("hi") == {}
    assert "cannot be read" in caplog.text


def test_with_the_file_words_the_glossary_lacks_are_found_and_its_own_entry_wins(installed, tmp_path):
    installed(_small(tmp_path))
    assert glossary.senses("मर्तबान") == frozenset()  # the hand-written glossary lacks it
    assert glossary.senses("मर्तबानों", True) == {"jar"}  # an inflection of the dictionary's word
    assert glossary.matches("jars", ["मर्तबानों"], True) and not glossary.matches("jars", ["मर्तबानों"])
    assert glossary.senses("किताबें", True) == glossary.senses("किताबें") and "book" in glossary.senses("किताबें")
    assert "volum" not in glossary.senses("किताबें", True)  # the dictionary's "volume" does not replace "book"
    assert glossary.translations("volume", True) == ()  # nor is the glossary's word put for it
    assert glossary.senses("कांच", True) == glossary.senses("काँच", True)  # either spelling


def test_function_words_are_not_looked_up(installed, tmp_path):
    installed(_small(tmp_path))
    assert glossary.senses("कहना", True) == {"commun"}  # the entry itself
    assert glossary.translations("कहा", True) == () and glossary.senses("कहा", True) == frozenset()  # a stop word


def test_a_dictionary_sense_matches_the_same_stem_only(installed, tmp_path):
    installed(_small(tmp_path))
    assert glossary.matches("पट्टियाँ", ["strips"], True) and glossary.matches("पट्टियाँ", ["tablets"], True)
    assert not glossary.matches("पट्टियाँ", ["tables"], True)  # a shared start is not the word
    assert not glossary.matches("tables", ["पट्टियाँ"], True)


def test_translations_give_the_forms_a_text_uses(installed, tmp_path):
    installed(_small(tmp_path))
    assert {"jar", "jars"} <= set(glossary.translations("मर्तबान", True))
    assert {"मर्तबान", "मर्तबानों"} <= set(glossary.translations("jars", True))
    assert glossary.translations("मर्तबान") == ()


def test_the_answerer_finds_a_term_by_the_dictionary_but_checks_only_what_the_glossary_knows(installed, tmp_path):
    question = "मर्तबान की कीमत कितनी है?"  # मर्तबान (jar): only the dictionary; कीमत (price): the glossary
    installed(tmp_path / "not-installed.dict.dz")
    assert answerability.cross_script_terms(question, "A jar of honey costs 5 pounds.") == (1, 1)
    installed(_small(tmp_path))
    assert answerability.cross_script_terms(question, "A jar of honey costs 5 pounds.") == (2, 2)
    assert answerability.cross_script_terms(question, "The fair raised 2,100 pounds.") == (0, 1)  # no jar: not
    # counted missing (a quote may name it by a synonym the dictionary does not pair)


KAMALA = "कमला बिष्ट सुबह की कक्षा पढ़ाती हैं और उनकी बेटी रेखा शाम की कक्षा पढ़ाती है।"
SWAPPED = "Rekha teaches the morning class and her mother Kamala Bisht teaches the evening class."


def test_who_goes_with_what_across_scripts_reads_the_dictionary_too(installed, tmp_path, monkeypatch):
    """The support check's crossed-pairing test matches words through the dictionary: with a hand-written glossary
    that lacks "morning", "evening" and "class", the swap is seen only when the dictionary has them."""
    hand = glossary._hand_entries()
    lacking = ([(w, m) for w, m in hand[0] if w not in {"सुबह", "शाम", "कक्षा"}], hand[1])
    monkeypatch.setattr(glossary, "_hand_entries", lambda: lacking)
    glossary._hand.cache_clear()
    glossary._hand_folded.cache_clear()

    def party(word: str) -> bool:
        mine, theirs = read_claims(SWAPPED).tokens, read_claims(KAMALA).tokens
        return not glossary.known(word) and glossary.sounds_alike(word, theirs if word in mine else mine)

    for path, seen in ((tmp_path / "not-installed.dict.dz", False), (_small(tmp_path), True)):
        installed(path)
        assert pairings_crossed(SWAPPED, KAMALA, _translates, party) is seen


INSTALLED = Path("/usr/share/dictd/freedict-eng-hin.dict.dz")


@pytest.mark.skipif(not INSTALLED.exists(), reason="dict-freedict-eng-hin is not installed")
def test_the_debian_dictionary_is_read_where_the_package_puts_it():
    found = dictionaries.of(registry().get("hi"))
    assert found is not None and found.path == INSTALLED
    table = dictionaries.entries("hi")
    assert len(table) > 5_000
    assert ("jar", 0) in table["मर्तबान"] and ("honey", 0) in table["शहद"]
