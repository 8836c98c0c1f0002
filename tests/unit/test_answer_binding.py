"""The asked fact must be *the asked one*: bound to the question's names, its specific terms, its side of a contrast
(first/second, summer/winter, girls/children), the counted thing and its unit (answerability, rules only)."""

from __future__ import annotations

import pytest

from rag_bot.agent import answerability
from tests.cpu_cost import cpu_growth

# --- names ----------------------------------------------------------------------------------------------------------


def test_the_question_names_are_runs_of_capitalised_words_not_its_first_word():
    names = answerability.question_names("Why did the ferry crew carry Ottilie Brandreth across Sable Water?")
    assert ("ottilie", "brandreth") in names and ("sable", "water") in names
    assert not any("why" in run for run in names)
    assert answerability.question_names("How much did Kestrel's boat cost?") == [("kestrel",)]


def test_a_document_that_never_names_the_asked_person_is_missing_it():
    question = "What did Ottilie Brandreth grow on the allotment?"
    assert answerability.names_missing(question, "The allotment grew leeks and beans for the whole lane.") == [
        ("ottilie", "brandreth")]
    assert not answerability.names_missing(question, "Ottilie grew leeks there.")  # one word of the name is enough
    assert not answerability.names_missing(question, "Brandreth's leeks won the show.")  # a possessive form


def test_a_name_in_another_script_is_found_by_its_consonants():
    question = "What did Suresh Kulkarni build?"
    assert not answerability.names_missing(question, "सुरेश कुलकर्णी ने पुल बनाया।")
    assert answerability.names_missing(question, "गाँव वालों ने पुल बनाया।") == [("suresh", "kulkarni")]


# --- specific terms and binding ---------------------------------------------------------------------------------------

SENTENCES = [
    "The ferry crew met every Sunday at the slipway.",
    "The ferry crew painted the hull in spring.",
    "The ferry crew rowed the doctor over in the gale.",
    "The ferry crew counted the life jackets.",
    "The new winch cost the ferry crew £420 from the chandler.",
    "The ferry crew sang at the harvest supper.",
    "The ferry crew trained two new rowers.",
    "The ferry crew owned a tractor for the slipway.",
]


def test_a_term_in_most_retrieved_sentences_is_not_specific():
    question = "How much did the ferry crew's new winch cost?"
    specific = answerability.specific_terms(question, SENTENCES)
    assert "winch" in specific
    assert "ferry" not in specific and "crew" not in specific  # in every sentence: names the archive


def test_a_sum_beside_the_crew_but_not_the_winch_is_the_cost_of_something_else():
    question = "How much did the ferry crew's new winch cost?"
    specific = answerability.specific_terms(question, SENTENCES)
    right = "The new winch cost the ferry crew £420 from the chandler."
    wrong = "The ferry crew paid £90 for the tractor's tyres."
    assert answerability.evidence_on_topic("money", [[right]], question, specific=specific)
    assert not answerability.evidence_on_topic("money", [[wrong]], question, specific=specific)
    assert answerability.evidence_on_topic("money", [[wrong]], question)  # without specific terms: the old check


def test_binding_counts_only_terms_that_can_be_checked():
    assert answerability.bound(("winch", "chandler"), "The winch came from the chandler.")
    assert answerability.bound(("winch", "chandler"), "The winch was heavy.")  # half of them
    assert not answerability.bound(("winch", "chandler", "hull"), "The winch was heavy.")
    assert answerability.bound(("winch",), "चरखी भारी थी।")  # another script, no pairing known: cannot tell


# --- contrasts --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("question, sentence", [
    ("How many rowers joined in the second year?", "In its first year, eleven rowers joined."),
    ("What did the crew eat on winter nights?", "On summer nights the crew ate mackerel."),
    ("How many girls learned to row?", "Forty children learned to row."),
    ("दूसरे साल में कितने नाविक जुड़े?", "In its first year, eleven rowers joined."),  # across languages
    ("How many rowers joined in the second year?", "पहली साल में ग्यारह नाविक जुड़े।"),
])
def test_a_sentence_on_the_other_member_of_a_contrast_conflicts(question, sentence):
    assert answerability.contrast_conflict(question, sentence)


@pytest.mark.parametrize("question, sentence", [
    ("How many rowers joined in the second year?", "In the second year, after the first regatta, nine joined."),
    ("How many rowers joined in the second year?", "Nine rowers joined that year."),  # no member: no conflict
    ("दूसरे साल में कितने नाविक जुड़े?", "In the second year nine rowers joined."),
])
def test_the_asked_member_or_none_is_no_conflict(question, sentence):
    assert not answerability.contrast_conflict(question, sentence)


# --- counts -----------------------------------------------------------------------------------------------------------


def test_the_counted_thing_is_the_first_content_word_after_how_many():
    assert answerability.counted_noun("How many oars did the crew buy?") == "oars"
    assert answerability.counted_noun("How much did the winch cost?") is None  # money, not a count
    assert answerability.counted_noun("Who bought the oars?") is None


@pytest.mark.parametrize("question, noun", [
    ("How many head torches did the team buy?", "torches"),  # the plural, past a modifier
    ("How many people came to the fair?", "people"),  # a plural without an ending
    ("Of the 318 men examined, how many turned out to have TB?", None),  # a verb: no counted thing named
    ("इफ़्तारी के लिए रोज़ कितने किलो पकौड़े तले जाते हैं?", "पकौड़े"),  # past the unit
    ("मेले में कितने किसान आए?", "किसान"),  # Hindi: an unmarked direct plural
    ("दमकल की गाड़ी कितनी देर में पहुँची?", None),  # "how long", not "how many"
])
def test_the_counted_thing_is_the_plural_a_count_word_asks_for(question, noun):
    assert answerability.counted_noun(question) == noun


def test_a_number_in_a_passage_that_never_names_the_counted_thing_counts_something_else():
    question = "How many plates did the kitchen serve in its second winter?"
    sentence = "In its second winter the kitchen opened at seven, and 90 came every night."
    assert answerability.count_unbound(question, sentence, sentence)
    assert answerability.count_unbound(question, sentence, f"The kitchen bought new pots. {sentence}")
    assert not answerability.count_unbound(question, sentence, f"Hot food went out on steel plates. {sentence}")
    assert not answerability.count_unbound(question, sentence)  # nothing known before it: only other plurals count
    hindi = "मेले में कितने किसान आए?"
    assert answerability.count_unbound(hindi, "मेले में तीन सौ लोग आए।", "मेले में तीन सौ लोग आए।")
    assert not answerability.count_unbound(hindi, "तीन सौ आए।", "किसान दूर-दूर से आए। तीन सौ आए।")


# --- where someone comes from ------------------------------------------------------------------------------------


@pytest.mark.parametrize("question, subject", [
    ("Which village is the potter Ramdulari Kewat from?", "kewat"),
    ("Which town did old Bhola Nath, who lost his cart in the flood, come from?", "nath"),
    ("Where is the teak for Anand Joshi's doors from?", None),  # a possessive owns the thing asked about
    ("Where did Anand Joshi learn carving?", None),  # no question for an origin
    ("कुम्हार रामदुलारी केवट किस गाँव की हैं?", "केवट"),
    ("नाव चलाने वाला परिवार किस शहर से आया था?", "परिवार"),
    ("भोला नाथ कहाँ रहते हैं?", None),  # where someone lives now, not where from
    ("Which village was Ramdulari Kewat, the potter, born in?", "kewat"),  # a birthplace: where she comes from
    ("रामदुलारी केवट का जन्म किस गाँव में हुआ था?", "केवट"),
    ("रामदुलारी केवट किस गाँव में पैदा हुई थीं?", "केवट"),
])
def test_an_origin_question_has_a_subject(question, subject):
    assert answerability.origin_subject(question) == subject


@pytest.mark.parametrize("question, sentence, unbound", [
    ("Which village is the potter Ramdulari Kewat from?", "The pots were fired by Ramdulari Kewat, a potter from Sihora.",
     False),
    ("Which village is the potter Ramdulari Kewat from?",
     "Ramdulari Kewat fired the pots at the fair in Sihora before Diwali.", True),  # a place, not hers
    ("Which village is the potter Ramdulari Kewat from?", "Gopal Lodhi, a carter from Sihora, brought the clay.",
     True),  # another man's village
    ("Which village is the potter Ramdulari Kewat from?", "Sihora's Ramdulari Kewat fired them.", False),
    ("कुम्हार रामदुलारी केवट किस गाँव की हैं?", "सिहोरा गाँव की रामदुलारी केवट ने घड़े पकाए।", False),
    ("कुम्हार रामदुलारी केवट किस गाँव की हैं?", "रामदुलारी केवट सिहोरा की रहने वाली हैं।", False),
    ("कुम्हार रामदुलारी केवट किस गाँव की हैं?", "मेले में रामदुलारी केवट ने सिहोरा के बाज़ार में घड़े बेचे।", True),
    ("कुम्हार रामदुलारी केवट किस गाँव की हैं?", "कुम्हार गाँव की रामदुलारी केवट ने घड़े पकाए।", True),  # the asked words
    ("कुम्हार रामदुलारी केवट किस गाँव की हैं?", "Ramdulari Kewat, a potter from Sihora, fired the pots.", False),
    ("नाव चलाने वाला परिवार किस शहर से आया था?", "कटनी से आया एक परिवार नाव चलाता है।", False),
    ("Where was Ramdulari Kewat born?", "Ramdulari Kewat was born in Sihora and married into Katni.", False),
    ("Where was Ramdulari Kewat born?", "Born in Sihora, Ramdulari Kewat has fired pots for forty years.", False),
    ("Where was Ramdulari Kewat born?", "Ramdulari Kewat has fired pots in Katni for forty years.", True),
    ("रामदुलारी केवट का जन्म किस गाँव में हुआ था?", "रामदुलारी केवट का जन्म सिहोरा गाँव में हुआ।", False),
    ("रामदुलारी केवट का जन्म किस गाँव में हुआ था?", "सिहोरा में जन्मी रामदुलारी केवट घड़े पकाती हैं।", False),
    ("रामदुलारी केवट का जन्म किस गाँव में हुआ था?", "रामदुलारी केवट कटनी में घड़े पकाती हैं।", True),
    ("रामदुलारी केवट किस गाँव में पैदा हुई थीं?", "रामदुलारी केवट सिहोरा में पैदा हुई थीं।", False),
])
def test_an_origin_must_stand_beside_its_subject(question, sentence, unbound):
    assert answerability.origin_unbound(question, sentence, sentence) is unbound


def test_a_place_beside_no_origin_of_the_subject_is_no_answer_to_where_from():
    question = "Which village is the potter Ramdulari Kewat from?"
    assert not answerability.evidence_on_topic(
        "place", [["Ramdulari Kewat fired the pots at the fair in Sihora before Diwali."]], question)
    assert answerability.evidence_on_topic(
        "place", [["Ramdulari Kewat, a potter from Sihora, fired the pots at the fair."]], question)


def test_an_origin_after_the_sentence_naming_its_subject_counts():
    question = "Which village is the potter Ramdulari Kewat from?"
    sentence = "She came to the town from Sihora in 1998."
    assert not answerability.origin_unbound(question, sentence, f"Ramdulari Kewat fired the pots. {sentence}")
    assert answerability.origin_unbound(question, sentence, f"Gopal Lodhi fired the pots. {sentence}")


def test_a_count_must_stand_before_the_counted_thing():
    question = "How many oars did the crew buy?"
    assert answerability.count_unbound(question, "The crew bought 12 life jackets and a set of oars.")
    assert not answerability.count_unbound(question, "The crew bought 12 new oars.")
    assert not answerability.count_unbound(question, "The crew bought twelve ash oars.")  # a number word
    assert not answerability.count_unbound(question, "The oars came from Hull.")  # no number at all: not this rule


# --- units, times, numbers --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("question, kind", [
    ("How tall is the lighthouse?", "measure"),
    ("How far did the crew row?", "measure"),
    ("What time does the ferry leave?", "time"),
    ("नाव कितने बजे चलती है?", "time"),
    ("पुल कितना लंबा है?", "measure"),
])
def test_sizes_and_clock_times_are_their_own_kinds(question, kind):
    assert answerability.answer_type(question) == kind


def test_a_size_needs_its_unit_and_a_time_its_clock_word():
    assert answerability.has_evidence("measure", "The lighthouse stands 31 metres above the rocks.",
                                      "How tall is the lighthouse?")
    assert not answerability.has_evidence("measure", "The lighthouse cost £31,000 to paint.",
                                          "How tall is the lighthouse?")
    assert not answerability.has_evidence("measure", "The lighthouse stands many metres above the church.",
                                          "How tall is the lighthouse?")  # a unit without its number
    assert answerability.has_evidence("measure", "The tide rose to the ninth step of the quay.",
                                      "How high did the tide rise?")  # a landmark's rank
    assert answerability.has_evidence("measure", "पानी घाट की सातवीं सीढ़ी तक चढ़ा।", "पानी कितना ऊँचा चढ़ा?")
    assert answerability.has_evidence("time", "The ferry leaves at 7 o'clock sharp.", "What time does the ferry leave?")
    assert not answerability.has_evidence("time", "The ferry carries 7 cars.", "What time does the ferry leave?")
    for words in ("at a quarter past seven", "at eleven in the morning", "at half past two"):  # an hour in words
        assert answerability.has_evidence("time", f"The ferry leaves {words}.", "What time does the ferry leave?")
    assert not answerability.has_evidence("time", "The ferry leaves in the morning.", "What time does it leave?")
    assert answerability.has_evidence("time", "नाव सुबह सात बजे चलती है।", "नाव कितने बजे चलती है?")


def test_number_words_count_as_numbers_and_a_year_is_no_count():
    question = "How many boats does the crew keep?"
    assert answerability.has_evidence("number", "The crew keeps nineteen boats.", question)
    assert answerability.has_evidence("number", "दल उन्नीस नावें रखता है।", "दल कितनी नावें रखता है?")
    assert not answerability.has_evidence("number", "The crew was founded in 1987 beside the boats.", question)


def test_a_number_word_the_question_says_itself_is_no_answer():
    question = "How much did the two winches cost together?"
    assert not answerability.has_evidence("number", "The two winches came by lorry.", question)
    assert answerability.has_evidence("number", "The two winches cost 800 pounds.", question)


def test_a_quoted_name_that_is_the_asked_one_in_another_script_is_no_answer():
    question = "Who taught Suresh to row?"
    assert not answerability.has_evidence("person", "सुरेश ने नाव चलाना सीखा।", question) or not (
        answerability._foreign_to(question, {"सुरेश"}))
    assert answerability._foreign_to(question, {"सुरेश", "Meena"}) == {"Meena"}


def test_the_thing_may_be_named_up_to_two_sentences_before_the_fact():
    question = "How much did the repair of the ferry's jammed winch cost?"
    specific = ("repair", "jammed", "winch")
    run = ["In March the ferry's winch jammed.", "The repair was done by a fitter from Hull.", "It cost 640 pounds."]
    assert answerability.evidence_on_topic("money", [run], question, specific=specific)
    far = ["In March the ferry's winch jammed.", "The crew waited a week.", "The fitter came from Hull.",
           "It cost 640 pounds."]
    assert not answerability.evidence_on_topic("money", [far], question, specific=specific)


def test_a_currency_sign_stands_next_to_its_digits():
    question = "How much did the winch cost?"
    assert answerability.answer_type(question) == "money"
    assert answerability.has_evidence("money", "The winch cost £420.", question)
    assert answerability.has_evidence("money", "The winch cost $420.", question)
    assert not answerability.has_evidence("money", "The winch weighs 420 kg.", question)


def test_how_much_with_a_straight_apostrophe_is_still_a_sum_and_no_count():
    question = "How much did the ferry crew's new winch cost?"
    assert answerability.answer_type(question) == "money"
    assert answerability.counted_noun("How much honey did the hives give?") is None  # an amount, not a count


# --- across scripts: a term the retrieved passages transliterate can be told missing ----------------------------------

ACROSS = [
    "हमारी नई लैंड रोवर पिछले साल आई।",
    "बचाव दल के पास दो कुत्ते हैं।",
    "बचाव दल हर हफ़्ते अभ्यास करता है।",
    "दल के सदस्य मुफ़्त काम करते हैं।",
    "सर्दी में बर्फ़ बहुत गिरी।",
]


def test_a_term_the_passages_transliterate_is_checkable_in_that_script():
    question = "Will the new Land Rover run on batteries?"
    seen = answerability.seen_across(question, ACROSS)
    assert ("land", "hi") in seen and ("rover", "hi") in seen
    specific = answerability.specific_terms(question, ACROSS)
    assert answerability.bound(specific, "दल के सदस्य मुफ़्त काम करते हैं।") is True  # without seen: cannot tell
    assert not answerability.bound(specific, "दल के सदस्य मुफ़्त काम करते हैं।", seen)
    assert answerability.bound(specific, "हमारी नई लैंड रोवर पिछले साल आई।", seen)


def test_a_term_found_only_by_glossary_sense_is_not_told_missing_across_scripts():
    question = "Did the dogs train every week?"
    assert "dogs" in answerability.specific_terms(question, ACROSS)
    seen = answerability.seen_across(question, ACROSS)
    assert not any(term == "dogs" for term, _ in seen)  # कुत्ते is a translation: a synonym may stand elsewhere


# --- yes/no questions -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("question", ["Is the drone waterproof?", "Did the team buy a drone?",
                                      "क्या नई लैंड रोवर बिजली से चलेगी?"])
def test_a_yes_no_question_is_typed(question):
    assert answerability.answer_type(question) == answerability.YESNO


def test_a_yes_no_answer_must_hold_the_specific_terms_in_any_script():
    question = "क्या दल का ड्रोन बारिश में उड़ सकता है?"
    sentences = ["दल का नया ड्रोन पिछले साल आया।", *ACROSS]
    specific = answerability.specific_terms(question, sentences)
    assert "ड्रोन" in specific
    rain = [["बारिश में कुत्ते घंटों काम करते हैं।"]]
    assert not answerability.evidence_on_topic("yesno", rain, question, specific=specific)
    assert answerability.evidence_on_topic("yesno", [["दल का ड्रोन बारिश में भी उड़ता है।"]], question,
                                           specific=specific)


# --- a count words can state ----------------------------------------------------------------------------------------


def test_a_count_in_words_before_another_thing_is_not_the_asked_count():
    question = "How many bats did the volunteers count?"
    assert answerability.count_unbound(question, "They counted bats, and twice as many moths in the traps.")
    assert not answerability.count_unbound(question, "They counted twice as many bats as moths.")
    near = "They counted bats on the cliff. After the lamps were dimmed they counted twice as many moths."
    assert answerability.count_unbound(question, near.split(". ")[1], near)  # "as many" before the moths


def test_names_of_asks_for_a_person():
    assert answerability.answer_type("What are the names of the priest's two sons?") == "person"


def test_a_marked_word_that_translates_the_question_is_no_new_name():
    question = "What is the name of the instructor?"
    assert not answerability.has_evidence("person", "अध्यापक जी ने कक्षा ली।", question)  # "the instructor" himself
    assert answerability.has_evidence("person", "मीना जी ने कक्षा ली।", question)


def test_pahle_before_a_unit_of_time_is_first_and_alone_is_before():
    question = "दूसरे साल क्लब के पास कितने अंपायर थे?"
    assert answerability.contrast_conflict(question, "पहले साल क्लब के पास सिर्फ़ दो अंपायर थे।")
    assert not answerability.contrast_conflict(question, "दो साल पहले क्लब के पास तीन अंपायर थे।")  # "ago"
    assert not answerability.contrast_conflict(question, "दूसरे साल क्लब के पास पाँच अंपायर थे, पहले दो थे।")


@pytest.mark.parametrize("question, sentence, other", [
    ("How many members borrow from the tool library?", "Only two tools have gone missing in a year.", True),
    ("How many members borrow from the tool library?", "Over 300 came to borrow on the first day.", False),
    ("How many members borrow from the tool library?", "It has 300 members and two tools.", False),  # named
    ("How many bicycles were stolen?", "इस साल सत्रह साइकिलें चोरी हुईं।", False),  # another script: cannot tell
    ("सूची में कितनी लड़कियाँ हैं?", "सूची में चालीस विद्यार्थियों के नाम हैं।", True),
    ("सूची में कितनी लड़कियाँ हैं?", "सूची में चालीस नाम लिखे गए।", False),
])
def test_a_number_before_another_plural_counts_another_thing(question, sentence, other):
    assert answerability.count_unbound(question, sentence) is other


@pytest.mark.parametrize("sentence, reason", [
    ("Walkers complained about fast riders, so the collective painted the words on eight bridges.", True),
    ("So on Sundays the women still make rotis by hand.", True),
    ("There were so many riders on the bridges.", False),
    ("The collective painted bridges, benches and so on.", False),
    ("The collective painted the bridges in May.", False),
])
def test_so_joining_a_cause_is_a_reason(sentence, reason):
    assert answerability.has_evidence("reason", sentence, "Why did the collective paint the bridges?") is reason


def test_a_possessor_need_not_be_repeated_when_what_it_owns_is_quoted():
    question = "How tall are the club's steel stumps?"
    assert answerability.term_coverage(question, "Our stumps are made of steel pipe and stand 34 inches high.") == 1.0
    assert answerability.term_coverage(question, "Our stumps stand 34 inches high.") == pytest.approx(1 / 3)
    assert answerability.term_coverage(question, "The club has forty members.") == pytest.approx(1 / 3)
    assert answerability.term_coverage("Who founded the beekeepers' cooperative?",
                                       "The cooperative was founded in 2011 by Winifred Hale.") == 1.0


@pytest.mark.parametrize("question", ["धाविका केटी ब्रेनन का टखना किस महीने में टूटा?", "In which month did the hut burn?"])
def test_a_month_question_is_answered_by_a_month_name(question):
    assert answerability.answer_type(question) == answerability.MONTH
    assert answerability.has_evidence("month", "मार्च में एक धाविका गिर पड़ीं।", question)
    assert answerability.has_evidence("month", "It burned down in March.", question)
    assert not answerability.has_evidence("month", "They may come back next year.", question)  # "may": no month


def test_a_when_question_still_wants_a_date_or_a_year():
    question = "When was the chapel built?"
    assert answerability.answer_type(question) == "date"
    assert not answerability.has_evidence("date", "The sale went through on the first of February.", question)


# --- cost ------------------------------------------------------------------------------------------------------------


def _binding_checks(sentence: str) -> None:
    """Every check of this file on one retrieved sentence, caches emptied (each call does the whole work)."""
    answerability._contrast_members.cache_clear()
    answerability._specific.cache_clear()
    question = "How many members borrow the club's steel tools in the second year?"
    hindi = "क्या दूसरे साल क्लब के सदस्य औज़ार उधार लेते हैं?"
    origins = ("Which town is the club's Tom Ash from?", "क्लब के सदस्य किस गाँव के हैं?")
    sentences = [sentence, "The club meets on Sundays.", "क्लब के सदस्य रविवार को मिलते हैं।"]
    for q in (question, hindi, *origins):
        specific = answerability.specific_terms(q, sentences)
        seen = answerability.seen_across(q, sentences)
        answerability.bound(specific, sentence, seen)
        answerability.count_unbound(q, sentence, sentence)
        answerability.origin_unbound(q, sentence, sentence)
        answerability.contrast_conflict(q, sentence)
        answerability.term_coverage(q, sentence)
        answerability.has_evidence(answerability.answer_type(q), sentence, q)


@pytest.mark.cpu_growth
def test_the_binding_checks_grow_linearly_with_a_retrieved_sentence():
    # the most repetitive sentence for them: numbers before other plurals, two-word contrast forms, both scripts
    piece = "the club's 3 tools and 4 boats in its first year, पहले साल ५ नावें and twice 2 oars; "
    small, large = piece * 400, piece * 800
    ratio = cpu_growth(lambda: _binding_checks(small), lambda: _binding_checks(large))
    assert ratio <= 2.6, ratio


@pytest.mark.cpu_growth
def test_the_origin_check_grows_linearly_with_a_sentence_naming_its_subject_again_and_again():
    # every word may stand beside the subject: each mention reads a window of at most twelve words; a sentence that
    # does not name the subject after one that does reads every word as a possible place of the pronoun
    question = "Which town is the potter Ramdulari Kewat from?"
    named = "Ramdulari Kewat met Gopal at the fair, "
    unnamed = "she met Gopal at the fair, "
    assert answerability.origin_unbound(question, named * 50, named * 50)  # the work is done: no origin is found
    assert answerability.origin_unbound(question, unnamed * 50, "Ramdulari Kewat came.")
    for text, near in ((named, None), (unnamed, "Ramdulari Kewat came.")):
        small, large = text * 1500, text * 3000
        ratio = cpu_growth(lambda s=small, n=near: answerability.origin_unbound(question, s, n or s),
                           lambda s=large, n=near: answerability.origin_unbound(question, s, n or s))
        assert ratio <= 2.6, ratio


@pytest.mark.cpu_growth
def test_the_origin_subject_of_a_question_of_many_possessive_names_is_read_in_linear_time():
    # every name is in the possessive, so each is checked: the possessives are read once, not once per name
    def question(n: int) -> str:
        return "Which town is the cart of " + " and ".join(f"Ab{k}x's" for k in range(n)) + " from?"

    small, large = question(3000), question(6000)
    assert answerability.origin_subject(small) is None  # the work is done: no name outside the possessive
    answerability.origin_subject.cache_clear()
    ratio = cpu_growth(lambda: (answerability.origin_subject.cache_clear(), answerability.origin_subject(small)),
                       lambda: (answerability.origin_subject.cache_clear(), answerability.origin_subject(large)))
    assert ratio <= 2.6, ratio


@pytest.mark.parametrize("question, sentence, joint", [
    ("How much did the second lighting stand cost?", "The profit of 800 pounds paid for new strings and a second "
     "lighting stand.", True),
    ("How much did the lactometer cost?", "We bought a fat-testing machine and a lactometer for ₹18,400.", True),
    ("इनाम में मिला हिंदी शब्दकोश कितने रुपये का था?", "उसे इनाम में एक मोटा हिंदी शब्दकोश और ₹५०१ मिले।", True),
    ("How much did the lactometer cost?", "The lactometer cost ₹1,400 and the machine ₹17,000.", False),  # two sums
    ("How much did the lamp cost?", "Two lamps and two fans were bought at ₹900 each.", False),  # each priced
    ("How much did the lamp cost?", "We bought the lamp for ₹900 and hung it in the hall.", False),
    ("How much did the lamp cost?", "The school and the panchayat bought the lamp for ₹900.", False),  # the buyers
    ("How much did the lamp cost?", "The lamp and the fan cost ₹900 and ₹400.", False),  # a sum for each, in turn
])
def test_one_sum_for_the_asked_thing_and_another_is_the_price_of_neither(question, sentence, joint):
    assert answerability.price_joint(question, sentence) is joint
    assert answerability.evidence_on_topic("money", [[sentence]], question) is not joint


@pytest.mark.cpu_growth
def test_the_joint_price_check_grows_linearly_with_a_run_of_the_asked_words():
    # every word is one of the question's, so each occurrence of the asked thing ends a long run of them
    from tests.cpu_cost import cpu_growth

    question = "How much did the second lighting stand cost?"

    def sentence(n: int) -> str:
        return "The profit of 800 pounds paid for " + "second lighting stand " * n + "and strings."

    small, large = sentence(3000), sentence(6000)
    assert answerability.price_joint(question, small)  # the last stand is joined to the strings: the work is done
    ratio = cpu_growth(lambda: answerability.price_joint(question, small),
                       lambda: answerability.price_joint(question, large))
    assert ratio <= 2.6, ratio
