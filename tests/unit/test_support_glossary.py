"""The support check across scripts and across clauses: the registry glossary (rag_bot.agent.glossary), the one
clause splitter (rag_bot.agent.claims.clauses), who goes with what in coordinated clauses
(rag_bot.agent.roles.pairings_crossed) and the cross-script added-clause test (EmbeddingJudge._cross_clause)."""

from __future__ import annotations

import pytest

from rag_bot.agent.claims import clauses, covered, pieces, read_claims, stem
from rag_bot.agent.glossary import align, known, matches, senses, sounds_alike
from rag_bot.agent.roles import frames, pairings_crossed
from rag_bot.agent.support_judges import EmbeddingJudge
from rag_bot.languages import registry

KAMALA = "कमला बिष्ट सुबह की कक्षा पढ़ाती हैं और उनकी बेटी रेखा शाम की कक्षा पढ़ाती है।"
KAMALA_EN = "Kamala Bisht teaches the morning class and her daughter Rekha teaches the evening class."


def same_script(word: str, others: list[str]) -> bool:
    return covered(word, {stem(o) for o in others})


def test_one_clause_splitter_serves_both_readings():
    sentence = "The farmers' union paid Geeta 45,000 rupees, and she built the shelves."
    assert clauses(sentence) == [["The", "farmers'", "union", "paid", "Geeta", "45,000", "rupees"],
                                 ["and", "she", "built", "the", "shelves"]]  # no cut in "45,000"
    assert pieces(sentence) == [[t.casefold() for t in c] for c in clauses(sentence)]
    assert frames(sentence)[0].giver == ("farmers'", "union")  # roles read the same clauses


def test_the_glossary_lives_in_the_registry_and_finds_inflected_words():
    hindi = registry().get("hi")
    assert hindi is not None and "किताब" in hindi.glossary
    assert "book" in senses("किताबें")  # plural of the entry
    assert "carpen" in senses("बढ़इयों")  # oblique plural: all but the entry's last letter shared
    assert senses("मेनन") == frozenset()  # a name shares too little with any entry
    assert known("किताबें") and known("childhood") and not known("Menon".casefold())


@pytest.mark.parametrize("word, others, expected", [
    ("english", ["अंग्रेज़ी"], True),  # a glossary entry
    ("lotus", ["कमल", "तालाब"], True),  # a place name translated word by word
    ("rekha", ["रेखा"], True),  # a name: transliteration skeleton of two letters, both words long enough
    ("rao", ["रात"], False),
    ("paid", ["किसान", "संघ", "ने", "दिए"], True),  # a stop-word verb still translates
    ("childhood", ["भाषण", "छोटा"], False),
])
def test_words_match_across_scripts_by_glossary_or_sound(word, others, expected):
    assert matches(word, others) is expected


def test_a_party_sounds_alike_in_both_scripts():
    assert sounds_alike("kamala", ["कमला"]) and not sounds_alike("kamala", ["शाम"])


def test_alignment_counts_matched_and_known_missing_words():
    claim = read_claims("Families return twice as much seed after the harvest and sell the grain at the market.")
    evidence = read_claims("फ़सल के बाद परिवार दोगुना बीज लौटाते हैं।")
    found = align(["families", "return", "twice", "seed", "harvest", "sell", "grain", "market"],
                  ["फ़सल", "परिवार", "दोगुना", "बीज", "लौटाते"], claim.tokens, evidence.tokens)
    assert (found.matched, found.missing, found.evidence_matched, found.evidence_unmatched) == (5, 3, 5, 0)


LONG_HI = "सोनपुर के किसानों ने ज़िला परिषद की मदद से नदी के पुल के पास पुराने अनाज गोदाम में बीज बैंक खोला।"
LONG_EN = ("Farmers of Sonpur opened a seed bank in the old grain store near the river bridge with help from the "
           "district council.")


@pytest.mark.parametrize("claim, evidence, added", [
    ("Families return twice as much seed after the harvest.", "फ़सल के बाद परिवार दोगुना बीज लौटाते हैं।", False),
    ("फ़सल के बाद परिवार दोगुना बीज लौटाते हैं।", "Families return twice as much seed after the harvest.", False),
    # two more words than the evidence, but "girl pupils" is what छात्राओं says: matched words cancel out
    ("The young girl pupils of the school wove the shawls.", "स्कूल की छात्राओं ने शॉलें बुनीं।", False),
    # a long sentence with two known words of its own (too few more words for the ratio of word counts)
    (LONG_EN[:-1] + " and gave the children books.", LONG_HI, True),
    (LONG_HI[:-1] + " और बच्चों को किताबें दीं।", LONG_EN, True),
    # a clause of its own, words the glossary knows and the evidence lacks
    ("Sunita Rao cut the ribbon, and Harish Pandey gave a short speech about his childhood in the old market.",
     "सुनीता राव ने फ़ीता काटा और हरीश पांडे ने एक छोटा भाषण दिया।", True),
    ("सुनीता राव ने फ़ीता काटा और हरीश पांडे ने अपने बचपन और पुराने बाज़ार के बारे में एक छोटा भाषण दिया।",
     "Sunita Rao cut the ribbon, and Harish Pandey gave a short speech.", True),
])
def test_an_added_clause_across_scripts_is_a_surplus_of_unmatched_words(claim, evidence, added):
    assert EmbeddingJudge._cross_clause(read_claims(claim), read_claims(evidence)) is added


@pytest.mark.parametrize("claim, evidence, match, crossed", [
    # Hindi, no party marked (no ne / ko): the pairing of person and class is swapped
    ("रेखा सुबह की कक्षा पढ़ाती है और उसकी माँ कमला बिष्ट शाम की कक्षा पढ़ाती हैं।", KAMALA, same_script, True),
    ("सुबह की कक्षा कमला बिष्ट लेती हैं, और शाम की कक्षा उनकी बेटी रेखा लेती है।", KAMALA, same_script, False),
    ("Rekha teaches the morning class and her mother Kamala Bisht teaches the evening class.", KAMALA_EN,
     same_script, True),
    # across scripts, words matched by glossary and sound
    ("Rekha teaches the morning class and her mother Kamala Bisht teaches the evening class.", KAMALA, matches,
     True),
    ("The morning class is taught by Kamala Bisht, while her daughter Rekha takes the evening class.", KAMALA,
     matches, False),
    # one clause joining both persons is no swap: the other clause keeps its pairing
    ("Kamala Bisht teaches Rekha the morning lessons, and Rekha teaches the evening class.", KAMALA_EN, same_script,
     False),
    # an opening time is no clause: the two clauses after it still cross
    ("Every evening at 7 p.m., the postman Raju Das locks the library, and the teacher Mala Sen sweeps the floor.",
     "Every evening at 7 p.m., the teacher Mala Sen locks the library, and the postman Raju Das sweeps the floor.",
     same_script, True),
    ("Every evening at 7 p.m., the teacher Mala Sen locks the library, and the postman Raju Das sweeps its floor.",
     "Every evening at 7 p.m., the teacher Mala Sen locks the library, and the postman Raju Das sweeps the floor.",
     same_script, False),
    # a coordinated noun is no clause ("in Hindi | and English all afternoon")
    ("Children read stories aloud in Hindi and English all afternoon.",
     "बच्चों ने पूरी दोपहर हिंदी और अंग्रेज़ी में कहानियाँ पढ़कर सुनाईं।", matches, False),
])
def test_who_goes_with_what_across_coordinated_clauses(claim, evidence, match, crossed):
    assert pairings_crossed(claim, evidence, match) is crossed


def test_across_scripts_a_crossed_pairing_needs_a_party():
    """Word order differs between the languages, so clauses may look crossed; a swap moves a party (a name that
    sounds alike in both scripts and is no glossary word: "club" and "school" are)."""
    claim = "क्लब के पास अब भी अपना कोई मैदान नहीं है और वह स्कूल का मैदान उधार लेता है।"
    evidence = "The club still has no ground of its own and borrows the school field."
    swap = "Rekha teaches the morning class and her mother Kamala Bisht teaches the evening class."

    def party(sentence: str, other: str):
        mine, theirs = read_claims(sentence).tokens, read_claims(other).tokens
        return lambda word: not known(word) and sounds_alike(word, theirs if word in mine else mine)

    assert pairings_crossed(claim, evidence, matches)  # without the party test: looks crossed
    assert not pairings_crossed(claim, evidence, matches, party(claim, evidence))
    assert pairings_crossed(swap, KAMALA, matches, party(swap, KAMALA))


def test_translations_put_a_word_into_the_other_script_both_ways():
    from rag_bot.agent.glossary import translations

    assert "well" in translations("कुएँ")  # an inflection finds its entry (कुआँ)
    assert set(translations("मरम्मत")) >= {"repair"}
    assert "खाद" in translations("compost") and "केंचुआ" in translations("earthworms")  # English -> the entries
    assert translations("zymurgy") == () and translations("ज़ाइमर्जी") == ()
