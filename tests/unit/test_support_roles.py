"""Who gives and who receives (rag_bot.agent.roles): any noun phrase, converse verbs, passive, Hindi case markers;
and the support check's number reading for the embedder (rag_bot.agent.claims.numerals)."""

from __future__ import annotations

import pytest

from rag_bot.agent.claims import missing_names, numerals, read_claims
from rag_bot.agent.roles import ROLE_SAME, Frame, flanks_swapped, frames, has_converse, roles_conflict

EN = "The farmers' union paid the carpenters 45,000 rupees to build the shelves."
HI = "किसान संघ ने अलमारियाँ बनाने के लिए बढ़इयों को 45,000 रुपये दिए।"


@pytest.mark.parametrize("sentence, giver, receiver", [
    (EN, "union", "carpenters"),  # no party is a name
    ("The carpenters were paid 45,000 rupees by the farmers' union.", "union", "carpenters"),  # passive
    ("The carpenters received 45,000 rupees from the farmers' union.", "union", "carpenters"),  # converse
    ("The ferry was purchased by the harbour board from a Kochi shipyard.", "shipyard", "board"),  # both
    ("A scrap dealer from Lotus Pond bought the railings from the district council.", "council", "dealer"),
    ("The rice mill sent 75 sacks of rice to the camp.", "mill", "camp"),  # the receiver after "to"
    ("Mohan Lal's son treated Doctor Farida Khan for a fever.", "son", "khan"),
    ("Market secretary Kundan Rawat rents its 80 stalls to farmers.", "rawat", "farmers"),  # title, name, verb
    ("Postman Ishwar Tiwari delivers the parcels to the school.", "tiwari", "school"),
    ("The volunteers taught constable Bhola Ram hand signals.", "volunteers", "ram"),  # a name, then its object
    ("The dairy rents its cold room to the Sahyog fish traders.", "dairy", "traders"),  # "rents to": gives
    ("The fish traders rent a cold room from the dairy.", "dairy", "traders"),  # "rent from": receives
    (HI, "संघ", "बढ़इयों"),  # ने / को
    ("डेरी मछुआरों को हर महीने 200 किलो बर्फ़ बेचती है।", "डेरी", "मछुआरों"),  # an unmarked doer before को
    ("मंडी बिजली घर से हर महीने एक जनरेटर किराये पर लेती है।", "घर", "मंडी"),  # an unmarked doer before से
    ("बढ़इयों को अलमारियाँ बनाने के लिए किसान संघ से 45,000 रुपये मिले।", "संघ", "बढ़इयों"),  # dative converse
    ("हरीश नेगी ने गीता राणा से बीज सुखाना और नाम लिखना सीखा।", "राणा", "नेगी"),  # converse verb in a later clause
])
def test_giver_and_receiver_of_any_noun_phrase(sentence, giver, receiver):
    frame = frames(sentence)[0]
    assert giver in frame.giver and receiver in frame.receiver, frame


def test_an_unmarked_doer_is_not_read_into_the_marked_party():
    frame = frames("मंडी बिजली घर से हर महीने एक जनरेटर किराये पर लेती है।")[0]
    assert frame.receiver == ("मंडी",) and "मंडी" not in frame.giver, frame
    frame = frames("डेरी मछुआरों को हर महीने 200 किलो बर्फ़ बेचती है।")[0]
    assert frame.giver == ("डेरी",) and "डेरी" not in frame.receiver, frame


def test_a_coordinated_clause_without_a_doer_takes_the_doer_of_the_clause_before():
    second = frames("प्रधान रमेश यादव ने खेतों को देखा और सीमा बाई को इनाम दिया।")[-1]
    assert "यादव" in second.giver and "सीमा" in second.receiver and "सीमा" not in second.giver, second


@pytest.mark.parametrize("claim, evidence", [
    ("The carpenters paid the farmers' union 45,000 rupees to build the shelves.", EN),
    ("The farmers' union received 45,000 rupees from the carpenters to build the shelves.", EN),
    ("The school gave the wool cooperative eight looms.", "The wool cooperative gave the school eight looms."),
    ("The organisers sold 200 chairs to the furniture workshop.",
     "The organisers bought 200 chairs from the furniture workshop."),
    ("बढ़इयों ने अलमारियाँ बनाने के लिए किसान संघ को 45,000 रुपये दिए।", HI),
    ("किसान संघ को अलमारियाँ बनाने के लिए बढ़इयों से 45,000 रुपये मिले।", HI),
    ("Farmers rent its 80 stalls to market secretary Kundan Rawat.",
     "Market secretary Kundan Rawat rents its 80 stalls to farmers."),
    ("Market secretary Kundan Rawat rents its 80 stalls from farmers.",
     "Market secretary Kundan Rawat rents its 80 stalls to farmers."),
])
def test_swapped_parties_conflict_also_through_a_converse_verb(claim, evidence):
    assert roles_conflict(frames(claim), frames(evidence))


@pytest.mark.parametrize("claim, evidence", [
    ("The carpenters received 45,000 rupees from the farmers' union for building the shelves.", EN),
    ("The carpenters were paid 45,000 rupees by the farmers' union to build the shelves.", EN),
    ("The furniture workshop sold 200 chairs to the organisers.",
     "The organisers bought 200 chairs from the furniture workshop."),
    ("The village schools borrowed 600 books from the town library.",
     "The town library lent the village schools 600 books for the first term."),
    ("बढ़इयों को अलमारियाँ बनाने के लिए किसान संघ से 45,000 रुपये मिले।", HI),
    ("हरीश नेगी ने गीता राणा से बीज सुखाना सीखा।", "गीता राणा ने हरीश नेगी को बीज सुखाना सिखाया।"),
])
def test_a_converse_or_passive_with_the_parties_turned_round_is_the_same_frame(claim, evidence):
    assert frames(claim) and not roles_conflict(frames(claim), frames(evidence))


def test_converse_verbs_come_from_the_registry_in_both_languages():
    assert has_converse("The school received eight looms.") and has_converse("स्कूल को आठ करघे मिले।")
    assert has_converse("Harish learns from Geeta.")  # any inflection of a registered verb
    assert not has_converse(EN) and not has_converse(HI)


def test_across_scripts_the_caller_similarity_decides_with_a_margin():
    mine = [Frame(("a",), ("b",))]
    theirs = [Frame(("x",), ("y",))]
    close = {("a", "x"): 0.80, ("b", "y"): 0.80, ("a", "y"): 0.81, ("b", "x"): 0.80}
    far = {**close, ("a", "y"): 0.90, ("b", "x"): 0.90}

    def sim(table):
        return lambda p, q: table[(p[0], q[0])]

    assert not roles_conflict(mine, theirs, sim(close), margin=0.02)  # within the margin: no verdict
    assert roles_conflict(mine, theirs, sim(far), margin=0.02)


def test_across_scripts_a_swap_needs_a_party_that_is_the_other_sides_opposite_party():
    """Crossed beating straight is no swap when no party is near the other side's opposite one: a misread party
    ("march" for "a hailstorm on ... 27 March") is nearer by chance."""
    mine = [Frame(("a",), ("b",))]
    theirs = [Frame(("x",), ("y",))]
    weak = {("a", "x"): 0.80, ("b", "y"): 0.80, ("a", "y"): 0.86, ("b", "x"): 0.86}
    strong = {**weak, ("a", "y"): ROLE_SAME + 0.01}

    def sim(table):
        return lambda p, q: table[(p[0], q[0])]

    assert not roles_conflict(mine, theirs, sim(weak), margin=0.02, cross=True)
    assert roles_conflict(mine, theirs, sim(strong), margin=0.02, cross=True)
    assert roles_conflict(mine, theirs, sim({**weak, ("b", "x"): ROLE_SAME + 0.01}), margin=0.02, cross=True)
    assert roles_conflict(mine, theirs, sim(weak), margin=0.02)  # in one script the margin alone decides


@pytest.mark.parametrize("text, expected", [
    ("The mill sent seventy-five sacks.", "The mill sent 75 sacks."),
    ("They paid forty-five thousand rupees, not 45,000.", "They paid 45000 rupees, not 45000."),
    ("चावल मिल ने पचहत्तर बोरियाँ और ७५ थैले भेजे।", "चावल मिल ने 75 बोरियाँ और 75 थैले भेजे।"),
    ("One of them came with one friend.", "One of them came with one friend."),  # the pronoun stays
])
def test_number_words_and_devanagari_digits_read_as_digits_for_the_embedder(text, expected):
    assert numerals(text) == expected


def test_a_possessive_name_is_the_name_across_scripts():
    claim = read_claims("Mohan Lal's son was treated for a fever by Doctor Farida Khan.")
    evidence = read_claims("डॉक्टर फ़रीदा ख़ान ने मोहन लाल के बेटे के बुख़ार का इलाज किया।")
    assert missing_names(claim, [evidence], cross_script=True) == []
    assert missing_names(read_claims("Mohan Lal's son was treated by Doctor Anwar Khan."), [evidence], True)


def test_a_giver_paired_with_another_clause_receiver_conflicts():
    evidence = frames("Kamala Bisht teaches the morning class and her daughter Rekha teaches the evening class.")
    swapped = "Rekha teaches the morning class and her mother Kamala Bisht teaches the evening class."
    kept = "The morning class is taught by Kamala Bisht, while her daughter Rekha takes the evening class."
    assert roles_conflict(frames(swapped), evidence)
    assert not roles_conflict(frames(kept), evidence)


def test_a_hindi_doer_without_a_marked_receiver_is_compared_by_the_clause_other_words():
    evidence = frames("डॉक्टर फ़रीदा ख़ान ने मोहन लाल के बेटे के बुख़ार का इलाज किया।")
    assert evidence[0].loose
    assert roles_conflict(frames("मोहन लाल के बेटे ने डॉक्टर फ़रीदा ख़ान के बुख़ार का इलाज किया।"), evidence)
    assert not roles_conflict(frames("मोहन लाल के बेटे के बुख़ार का इलाज डॉक्टर फ़रीदा ख़ान ने किया।"), evidence)


def test_a_converse_paraphrase_agrees_by_its_frames():
    from rag_bot.agent.roles import roles_agree

    source = "Geeta Rana taught Harish Negi to dry and label the millet seeds."
    converse = "Harish Negi learned from Geeta Rana how to dry the millet seeds."
    assert roles_agree(frames(converse), frames(source))
    assert not roles_agree(frames("Harish Negi taught Geeta Rana to dry the millet seeds."), frames(source))


def test_a_whole_place_name_missing_across_scripts_is_left_to_a_verifier_a_changed_first_name_is_not():
    from rag_bot.agent.claims import whole_runs

    def runs(sentence: str, evidence: str) -> bool:
        claim, other = read_claims(sentence), read_claims(evidence)
        return whole_runs(missing_names(claim, [other], True), claim, other)

    assert runs("The van stops at Lotus Pond every Wednesday.", "वैन हर बुधवार कमल तालाब पर रुकती है।")
    deodar = read_claims("The van stops at Deodar Hill every Wednesday.")  # "Deodar" transliterated: not missing
    assert missing_names(deodar, [read_claims("वैन हर बुधवार देवदार पहाड़ी पर रुकती है।")], True) == ["Hill"]
    assert not runs("Dinesh Joshi hired 22 workers.", "निर्मला जोशी ने 22 मज़दूर रखे।")
    assert not runs("They met Anwar at Rose Garden.", "वे मीरा से कमल तालाब पर मिले।")  # a name alone missing


@pytest.mark.parametrize("claim, swapped", [
    ("Every Sunday the young potters teach Ramkali Prajapati the old glazes.", True),  # the parties turned round
    ("Every Sunday Ramkali Prajapati teaches the young potters the old glazes.", False),  # the evidence itself
    ("Ramkali Prajapati teaches the young potters the old glazes every Sunday.", False),  # a moved adverbial
    ("The young potters are taught the old glazes by Ramkali Prajapati every Sunday.", False),  # a passive
    ("Every Sunday the young potters learn the old glazes from Ramkali Prajapati.", False),  # a converse verb
])
def test_parties_on_the_other_sides_of_a_shared_verb_are_swapped(claim, swapped):
    evidence = "Every Sunday Ramkali Prajapati teaches the young potters the old glazes."
    assert flanks_swapped(claim, evidence) is swapped


def test_a_verb_after_a_relative_clause_acts_for_the_opening_subject():
    evidence = "Ramkali Prajapati, who has fired pots for 40 years, teaches 12 apprentices."
    assert flanks_swapped("12 apprentices teach Ramkali Prajapati, who has fired pots for 40 years.", evidence)
    assert not flanks_swapped("Ramkali Prajapati teaches 12 apprentices; she has fired pots for 40 years.", evidence)


def test_a_relative_clause_after_the_subject_leaves_the_subject_to_the_main_verb():
    """"X, who owns the shop, sold sheets to Y": X gives, Y receives (the relative clause is left out of the frame)."""
    sold = frames("Lakhan Dhan, who owns the hardware shop, sold 140 tin sheets to the gram panchayat.")
    bought = frames("Lakhan Dhan, who owns the hardware shop, bought 140 tin sheets from the gram panchayat.")
    assert sold == [Frame(("lakhan", "dhan"), ("gram", "panchayat"))]
    assert bought == [Frame(("gram", "panchayat"), ("lakhan", "dhan"))]
    assert roles_conflict(bought, sold)
    lent = frames("The fishermen thanked Farhan Ali, who lent the group four boats.")
    borrowed = frames("The fishermen thanked Farhan Ali, who borrowed four boats from the group.")
    assert lent == [Frame(("fishermen",), ("farhan", "ali")), Frame(("farhan", "ali"), ("group",))]  # Ali lent
    assert roles_conflict(borrowed, lent)  # the relative clause at the end is read with the name it follows
    assert frames("The panchayat thanked the school, which lent the camp two tents.")[-1] == Frame(
        ("school",), ("camp",))  # no name before it: the last content word
    taught = frames("Budhni Oraon, who has sold lac and tamarind for 22 years, taught 11 members to weigh.")
    learned = frames("Budhni Oraon, who has sold lac and tamarind for 22 years, learned from 11 members to weigh.")
    assert taught == [Frame(("budhni", "oraon"), ("members",))]  # the relative clause cut at "and" is left out whole
    assert roles_conflict(learned, taught)
    # an aside opening with an adverb ("now a college student") is left out too: the name before it acts
    assert frames("Her pupil Irfan Malik, now a college student, helps the boatmen with sums.") == [
        Frame(("pupil", "irfan", "malik"), ("boatmen",))]


def test_a_passive_or_converse_turns_the_parties_round_without_a_swap():
    evidence = "Since 2019 Ramkali Prajapati has taught the young potters."
    assert flanks_swapped("Since 2019 the young potters have taught Ramkali Prajapati.", evidence)
    assert not flanks_swapped("Since 2019 the young potters have been taught by Ramkali Prajapati.", evidence)
    assert not flanks_swapped("The young potters rent a kiln from Ramkali Prajapati.",
                              "Ramkali Prajapati rents the young potters a kiln.")  # "rent from": a converse


@pytest.mark.cpu_growth
def test_the_verb_sides_of_a_long_sentence_are_read_in_linear_time():
    # every word is a new lower-case word with its own sides: read once per clause, not once per word
    from tests.cpu_cost import cpu_growth

    def sentence(n: int) -> str:
        return "Ramkali " + " ".join(f"word{k}x" for k in range(n)) + " potters."

    small, large = sentence(3000), sentence(6000)
    evidence = "Ramkali teaches the potters."
    assert not flanks_swapped(small, evidence)  # the work is done: no shared verb
    ratio = cpu_growth(lambda: flanks_swapped(small, evidence), lambda: flanks_swapped(large, evidence))
    assert ratio <= 2.6, ratio
