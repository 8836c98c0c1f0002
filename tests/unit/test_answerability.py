"""Whole-talk date questions in both languages, answer types, their evidence and key-term coverage (rules only)."""

from __future__ import annotations

import pytest

from rag_bot.agent import answerability, prompts, rules


@pytest.mark.parametrize("question", [
    "What did the talk of 14 March 2004 cover?",
    "Summarise the talk given on 2004-06-20.",
    "What was said at the gathering on Nov 28, 2004?",
    "Give me a summary of the 10/07/2005 talk.",
    "What topics were covered in the talk of April 24, 2005?",
    "१४ मार्च २००४ की वार्ता का सार बताइए",
    "२० जून २००४ को क्या बताया गया?",
    "15 अगस्त 2004 की वार्ता में किन बातों पर चर्चा हुई?",
    "14 फ़रवरी 2021 की वार्ता किस बारे में थी?",  # "थी" (was, feminine) is an auxiliary like "था"
    "What were the main points made on 23 January 1969?",
    "What topics came up in the talk on the 23rd of January, 1969?",
    "What was the message of the 23 January 1969 talk?",
    "Which themes did the January 23, 1969 talk touch on?",
    "23 जनवरी 1969 को वक्ता ने क्या समझाया?",
    "२३ जनवरी १९६९ की बातचीत का सारांश दीजिए।",  # the danda is not part of "दीजिए"
    "२३/०१/१९६९ के प्रवचन का संदेश क्या था?",
    "२४/०२/२०१९ वाली वार्ता में किन बातों का ज़िक्र हुआ?",  # fresh12's one date summary the quote path refused
])
def test_a_date_with_only_overview_words_is_a_whole_talk_question(question):
    assert rules.is_date_only(question)
    args = rules.tool_arguments(question)
    assert args["whole_document"] is True and args["date_filter"]


@pytest.mark.parametrize("question", [
    "What did he say about silence on 1969-01-23?",
    "What was said about the well pump on 20 June 2004?",
    "२० जून २००४ को कुएँ के पंप के बारे में क्या कहा गया?",
    "What did the talk cover?",  # no date
    "What did the speaker explain about fear on 23 January 1969?",
    "23 जनवरी 1969 को वक्ता ने डर के बारे में क्या समझाया?",
    "What message did Ramesh send on 12 March 2015?",
])
def test_a_topic_or_no_date_is_not_a_whole_talk_question(question):
    assert not rules.is_date_only(question)
    assert not rules.tool_arguments(question).get("whole_document")


def test_heading_words_still_count_as_the_document():
    assert rules.is_date_only("What did Anna Whitlock teach on 2 October 2005?", ["Talk by Anna Whitlock"])


@pytest.mark.parametrize("question, kind", [
    ("How many varieties does the seed library hold?", "number"),
    ("How much did the repair cost?", "money"),
    ("How much money did the fair raise?", "money"),
    ("How much honey did the hives give?", "number"),
    ("सिलाई मशीन कितने रुपये में ख़रीदी गई?", "money"),
    ("तालाब की खुदाई में कितना पैसा ख़र्च हुआ?", "money"),
    ("How old is Harold Finch?", "age"),
    ("When was the well dug?", "date"),
    ("Who repaired the pump?", "person"),
    ("What is the name of Leon Marsh's wife?", "person"),
    ("Where was the honey sold?", "place"),
    ("Why did the seedlings survive?", "reason"),
    ("Is the well deep?", "yesno"),
    ("तालाब में कितने स्वयंसेवक थे?", "number"),
    ("कुआँ कब सूखा?", "date"),
    ("महिला समिति की अध्यक्ष कौन हैं?", "person"),
    ("फ़ातिमा शेख़ किस शहर में रहती हैं?", "place"),
    ("दालें क्यों बोनी चाहिए?", "reason"),
    ("सुनीता पाटिल की उम्र कितनी है?", "age"),
    ("क्रोध आने पर कौन सा अभ्यास सुझाया गया?", None),  # "कौन सा" asks "which", not "who"
    ("कौन सी किट दी गई?", None),
    ("Who was Keshav and what did he listen for?", None),  # asks what the question's name was: open
    ("Who is Walter Price?", None),
    ("Who is the current warden of Rosewood House?", "person"),
])
def test_answer_type_from_the_registry_question_words(question, kind):
    assert answerability.answer_type(question) == kind


@pytest.mark.parametrize("kind, question, answers, misses", [
    ("number", "How many people signed the petition?", "It was signed by 480 people.",
     "The petition reopened the path."),
    ("number", "How many people came?", "उसमें सत्ताईस लोग आए।", "कार्यशाला सामुदायिक भवन में हुई।"),
    ("number", "How many hives were there in 1995?", "There were seven hives.", "The first hive came in 1995."),
    ("date", "When was the well dug?", "It was dug in 1887.", "It was dug by a stonemason."),
    ("person", "Who repaired the pump of Tom Barker?", "The repair was done by Samuel Okafor.",
     "Tom Barker said the pump broke on a Saturday."),
    ("person", "समिति की अध्यक्ष कौन हैं?", "इसकी अध्यक्ष शांता बाई हैं।", "समिति हर सप्ताह नल जाँचती है।"),
    ("reason", "Why do we repair things?", "We repair them because every object was dug out of the ground.",
     "We repair lamps and bicycles."),
    ("reason", "Why did Rahmat sell his loom?", "Rahmat sold his loom for ₹1,800 to pay for his wife's operation.",
     "Twelve people applied to join the weavers, and Rahmat wanted to sell his loom to the trust."),  # a purpose
    ("money", "How much did the new cold store cost?", "It cost 640 pounds.",
     "It keeps the catch fresh for four days instead of one."),  # a number, but no sum of money
    ("money", "How much did the twine cost?", "The twine cost 380 pounds.",
     "The twine was paid for in pounds."),  # a currency, but no sum
    ("money", "सिलाई मशीन कितने रुपये में ख़रीदी गई?", "मशीन बारह सौ रुपये में आई।",
     "पाँच सौ दुपट्टे बिके और मंडल ने एक सिलाई मशीन ख़रीदी।"),
    ("age", "How old is Walter Price?", "Walter Price is seventy years old.", "Walter Price learnt it in 1950."),
    ("time", "What time did the power go off?", "The power went at eleven on the first night.",
     "They reached two villages at eleven houses."),  # an hour alone after "at", not before a noun
    ("colour", "What colour was the school tent?", "The school tent was a faded blue.",
     "The school tent cost ₹18,000 and held forty children."),
    ("colour", "गमबूट किस रंग के थे?", "सबको पीले गमबूट मिले।", "मंडल ने ४५० जोड़ी गमबूट ₹३२० जोड़ी के भाव से ख़रीदे।"),
    ("contact", "What is the telephone number of the office?", "The office number is 02757 245 118.",
     "In 2005, 212 families went out to the pans."),  # a number, but no phone number
    ("contact", "दफ़्तर का फ़ोन नंबर क्या है?", "मंडल का पता mandal.kharisar@example.org है।", "दफ़्तर में 12 लोग काम करते हैं।"),
])
def test_evidence_of_the_asked_kind_must_be_new_to_the_question(kind, question, answers, misses):
    assert answerability.has_evidence(kind, answers, question)
    assert not answerability.has_evidence(kind, misses, question)


def test_key_terms_must_be_covered_by_the_quote_in_either_language():
    founding = "Rosewood House was founded in 1961 by two sisters as a shelter for farmhands."
    assert answerability.term_coverage("How many animals does Rosewood House keep?", founding) <= 0.5
    assert answerability.term_coverage("When was Rosewood House founded?", founding) == 1.0
    # Hindi inflections share a stem (बोने / बोइए), and terms of another script than the quote are not counted
    assert answerability.term_coverage("दालें बोने की सलाह", "गेहूँ के बाद दालें बोइए।") >= 2 / 3
    assert answerability.term_coverage("Who started the earthworm compost?", "सुनीता पाटिल ने शुरू किया।") == 1.0
    verdict = answerability.assess("What is the name of Leon Marsh's wife?",
                                   "It was started by Leon Marsh, a retired electrician.")
    assert verdict.kind == "person" and not verdict.passes(0.75)


def test_light_verbs_and_advice_words_are_no_key_terms():
    assert answerability.key_terms("मरम्मत कैफ़े किसने शुरू किया?") == ["मरम्मत", "कैफ़े", "शुरू"]
    assert "सलाह" not in answerability.key_terms("दालें बोने की सलाह क्यों दी गई?")
    assert "advised" not in answerability.key_terms("Why were pulses advised after wheat?")


def test_a_transliterated_term_is_found_in_another_script():
    english = "The repair café meets monthly. It was started by Leon Marsh."
    assert answerability.foreign_terms_found("मरम्मत कैफ़े की शुरुआत किसने की?", english) == 1
    assert answerability.foreign_terms_found("रोज़वुड हाउस की स्थापना किसने की?", "Rosewood House stands here.") >= 1
    assert answerability.foreign_terms_found("तालाब की खुदाई में कितना पैसा ख़र्च हुआ?",
                                             "It cost 640 pounds, and the money came from the fair.") == 0
    assert answerability.foreign_terms_found("Who started the repair café?", "मरम्मत कैफ़े लियोन ने शुरू किया।") == 1


def test_one_stem_list_serves_both_checks():
    from rag_bot.agent import claims
    from rag_bot.languages import registry

    assert not hasattr(registry().languages[0], "suffixes")
    assert answerability.stem("बोने") == answerability.stem("बोइए")
    assert answerability.stem("repairs") == answerability.stem("repairing") == "repair"
    assert claims.stem("seeking") == claims.stem("seeks")


def test_missing_date_refusal_names_the_date_in_the_users_language():
    en = prompts.date_not_found_text("What did the talk of 3 March 2004 cover?", "en", "2004-03-03")
    hi = prompts.date_not_found_text("७ जुलाई २००५ की वार्ता का सार बताइए", "hi", "2005-07-07")
    assert "3 March 2004 (2004-03-03)" in en and "जुलाई" in hi and "2005-07-07" in hi
    assert prompts.is_refusal_text(en) and prompts.is_refusal_text(hi)


def test_cross_script_terms_are_found_by_glossary_sense_and_by_transliteration():
    hindi = "केंचुआ खाद का काम सुनीता पाटिल ने २००१ में शुरू किया था।"
    assert answerability.cross_script_terms("Who started the earthworm compost work?", hindi) == (4, 4)
    english = "The pump of the well was repaired by Samuel Okafor in 1998."
    assert answerability.cross_script_terms("कुएँ के पंप की मरम्मत किसने की?", english) == (3, 3)


def test_a_term_the_glossary_does_not_know_is_not_counted_either_way():
    hindi = "केंचुआ खाद का काम सुनीता पाटिल ने २००१ में शुरू किया था।"
    # "zymurgy": no entry, no transliteration in the text: neither found nor missing
    assert answerability.cross_script_terms("Who started the zymurgy compost work?", hindi) == (3, 3)
    # "class": the glossary knows it (कक्षा), the text lacks it: checkable, not found
    assert answerability.cross_script_terms("Who started the earthworm class?", hindi) == (2, 3)


def test_terms_in_the_texts_own_script_are_left_to_term_coverage():
    assert answerability.cross_script_terms("Who repaired the pump?", "The pump was repaired by Samuel.") == (0, 0)


def test_a_danda_closing_a_hindi_question_is_not_part_of_its_last_word():
    assert rules.content_words("बीज घर किसने बनाया।") == rules.content_words("बीज घर किसने बनाया")
    assert rules.content_words("सारांश दीजिए ।")[-1] == "दीजिए"  # a danda alone is no word either


def test_a_word_the_dated_talk_never_uses_is_the_askers_phrasing_not_a_topic():
    talk = ["The well at Hollins Green was dug in 1887. Its water is shared by a rota of twenty-three households."]
    assert not rules.is_date_only("What ground was covered on 14 June 2015?")  # without the talk: a topic
    assert rules.is_date_only("What ground was covered on 14 June 2015?", bodies=talk)
    assert rules.is_date_only("I missed the talk on 14 June 2015. What were the main points?", bodies=talk)
    # a negation names no topic, though the talk uses it: "Not just the headline, the whole thing."
    negated = [*talk, "The well was not dug by hand."]
    assert rules.is_date_only("What was the talk on 14 June 2015 about? Not just the headline, the whole thing.",
                              bodies=negated)
    # a word of the talk (or one sharing its stem: "households" ~ "household") still asks about that topic
    assert not rules.is_date_only("What was said about the well on 14 June 2015?", bodies=talk)
    assert not rules.is_date_only("What did the talk of 14 June 2015 say about each household?", bodies=talk)
    hindi = ["गाँव की चिट्ठियाँ और पुरानी तस्वीरें अब पुस्तकालय में रखी हैं।"]
    assert rules.is_date_only("८ दिसंबर २०१९ को हुई वार्ता का निचोड़ बताइए", bodies=hindi)
    assert not rules.is_date_only("८ दिसंबर २०१९ की वार्ता में चिट्ठियों के बारे में क्या कहा गया?", bodies=hindi)


@pytest.mark.cpu_growth
def test_the_dated_talks_words_are_read_in_linear_time():
    # the largest input of the whole-talk check: the retrieved passages of the date, every word a new one (the worst
    # case for removing duplicates), against a question of many words none of them holds
    from tests.cpu_cost import cpu_growth

    question = "What ground, " + " ".join(f"zq{i}word" for i in range(200)) + ", did the talk on 14 June 2015 cover?"

    def body(n: int) -> list[str]:
        return [" ".join(f"talkword{i}x" for i in range(n))]

    small, large = body(6000), body(12000)
    assert rules.is_date_only(question, bodies=small)
    ratio = cpu_growth(lambda: rules.is_date_only(question, bodies=small),
                       lambda: rules.is_date_only(question, bodies=large))
    assert ratio <= 2.6, ratio


@pytest.mark.parametrize("question, kind", [
    ("Which town did old Gaya Prasad, who broke his wrist, come from?", "place"),  # the relative "who" comes later
    ("Do you know where the night shelter is?", "place"),  # yes/no in form only
    ("Why did the red millet come through the drought when the maize didn't?", "reason"),
    ("Did the stove cost more than 5,000 rupees?", "yesno"),
    ("Which district does Mohammad Yunus come from?", "place"),
    ("मोहम्मद यूनुस किस ज़िले के रहने वाले हैं?", "place"),
    ("एक पंखा कितने का आया?", "money"),  # "for how much": a price
    ("वह कितने साल का था?", "age"),
])
def test_the_type_whose_words_stand_first_is_the_kind_of_fact_asked(question, kind):
    assert answerability.answer_type(question) == kind


def test_a_fact_under_another_member_of_a_contrast_in_the_sentence_before_is_another_ones():
    question = "How many plates did the kitchen serve in its second winter?"
    first = [["Last winter, our first, the kitchen opened behind the hall.", "It served 14,800 plates in 107 nights."]]
    second = [["This winter, our second, the kitchen opened behind the hall.", "It served 14,800 plates in 107 nights."]]
    assert not answerability.evidence_on_topic("number", first, question)
    assert answerability.evidence_on_topic("number", second, question)


def test_a_common_word_before_a_hindi_place_marker_is_no_place():
    question = "मोहम्मद यूनुस किस ज़िले के रहने वाले हैं?"
    assert not answerability.has_evidence("place", "वे तीस बरस से बैंक में पैसे जमा करते हैं।", question)
    assert answerability.has_evidence("place", "वे महोबा से आए थे।", question)
    # who gave something: a body named by a common word ("the panchayat") answers it
    assert answerability.has_evidence("person", "गाँव की पंचायत ने किट दीं।", "मिट्टी जाँच की किट किसने दी थीं?")


def test_a_yes_no_question_naming_an_amount_needs_an_amount_of_that_unit_quoted():
    question = "Did the brick stove cost more than 5,000 rupees?"
    assert not answerability.has_evidence("yesno", "My husband built a brick stove with three mouths.", question)
    assert answerability.has_evidence("yesno", "The brick stove cost ₹4,200.", question)
    assert answerability.has_evidence("yesno", "The stove cost 5,000 rupees in all.", question)  # the asked sum
    assert answerability.has_evidence("yesno", "My husband built a brick stove.", "Did the stove have three mouths?")


def test_a_relative_or_a_later_year_asked_must_be_named_where_the_fact_stands():
    wife = "What is the name of Suresh Kulkarni's wife?"
    about_him = [["Suresh Kulkarni, the warden, lives upstairs with his family and his friend Ravi Joshi."]]
    assert not answerability.evidence_on_topic("person", about_him, wife)
    assert answerability.evidence_on_topic("person", [["Suresh Kulkarni's wife, Asha Kulkarni, runs the room."]],
                                           wife)
    assert answerability.evidence_on_topic("person", [["सुरेश कुलकर्णी की पत्नी आशा जी कमरा सँभालती हैं।"]], wife)
    assert answerability.required_missing(wife, "Suresh Kulkarni's son, Ravi Kulkarni, runs the room.")  # another
    pati = "रामकली उइके के पति का नाम क्या है?"
    assert answerability.required_missing(pati, "रामकली उइके गाँव की सरपंच हैं।")
    assert not answerability.required_missing(pati, "Ramkali Uikey's husband, Mohan, is a mason.")  # either language
    second = "How many visitors came to the seed fair in its second year?"
    assert not answerability.evidence_on_topic("number", [["420 visitors came to the seed fair."]], second)
    assert answerability.evidence_on_topic("number", [["In its second year 420 visitors came to the seed fair."]],
                                           second)
    assert not answerability.required_missing("How many visitors came to the fair?", "420 visitors came.")


def test_a_figure_of_another_year_than_the_one_asked_is_no_answer():
    calls = "How many calls did the phone-in get in 2012?"
    assert not answerability.evidence_on_topic(
        "number", [["On Sunday evenings the programme is a phone-in, and in 2011 we took 1,326 calls."]], calls)
    assert answerability.evidence_on_topic(
        "number", [["On Sunday evenings the programme is a phone-in, and in 2012 we took 1,326 calls."]], calls)
    assert answerability.evidence_on_topic(  # no year written beside the figure: it may be the asked one's
        "number", [["The phone-in took 1,326 calls that year."]], calls)
    assert answerability.year_unbound("२०१२ में फ़ोन-इन पर कितनी कॉल आईं?", "2011 में 1,326 कॉल आईं।")
    assert not answerability.year_unbound("२०१२ में फ़ोन-इन पर कितनी कॉल आईं?", "2012 में 1,326 कॉल आईं।")
    assert not answerability.year_unbound("How many calls did the phone-in get?", "In 2011 it took 1,326 calls.")


def test_an_english_word_the_glossary_gives_the_same_hindi_word_covers_a_key_term():
    question = "When did the repair cafe start?"
    assert answerability.term_coverage(question, "The repair cafe began in the spring of 2005.") == 1.0  # शुरू
    assert answerability.term_coverage(question, "The repair cafe closed in the spring of 2005.") < 1.0


def test_a_yes_no_question_naming_a_colour_needs_a_colour_quoted():
    question = "Was the tent of the first school white?"
    assert answerability.has_evidence(answerability.YESNO, "The tent was blue and white.", question)
    assert not answerability.has_evidence(answerability.YESNO, "We opened a school in a tent at the bet.", question)


@pytest.mark.parametrize("question, sentence, unbound", [
    ("On what date will the new hostel open?", "We opened a school in a tent on 5 December 2011.", True),
    ("On what date will the new hostel open?", "The new hostel will open on 1 June 2026.", False),
    ("On what date will the new hostel open?", "The new hostel is to open on 1 June 2026.", False),
    ("नया छात्रावास कब खुलेगा?", "नया छात्रावास १ जून २०२६ को खुलेगा।", False),
    ("नया छात्रावास कब खुलेगा?", "पहला स्कूल ५ दिसंबर २०११ को खुला।", True),
    ("When did the school open?", "We opened a school on 5 December 2011.", False),  # a question about the past
])
def test_a_question_about_what_will_be_is_not_answered_by_a_past_date(question, sentence, unbound):
    assert answerability.future_unbound(question, sentence) is unbound
    assert answerability.evidence_on_topic("date", [[sentence]], question) is not unbound



@pytest.mark.cpu_growth
def test_phone_numbers_and_addresses_are_looked_for_in_linear_time():
    # the worst quote for the contact patterns: one long run of digits and spaces, one long word without an @
    from tests.cpu_cost import cpu_growth

    question = "What is the telephone number of the office?"

    def quote(n: int) -> str:
        return "1 " * n + "x" * n + "."

    small, large = quote(4000), quote(8000)
    assert answerability.has_evidence("contact", small, question)  # the run of digits is a number: the work is done
    ratio = cpu_growth(lambda: answerability.has_evidence("contact", small, question),
                       lambda: answerability.has_evidence("contact", large, question))
    assert ratio <= 2.6, ratio


@pytest.mark.parametrize("question, text, unbound", [
    ("नमक का 500 ग्राम वाला पैकेट कितने रुपये का बिकता है?", "A 1-kilo packet of the salt sells for ₹18.", True),
    ("How much does a 500-gram packet of the salt cost?", "A 500-gram packet of the salt costs ₹10.", False),
    ("How much does a 500-gram packet of the salt cost?", "The salt sells for ₹10 a packet.", False),  # no size
    ("How much does a packet of the salt cost?", "A 1-kilo packet of the salt sells for ₹18.", False),  # none asked
])
def test_a_figure_for_another_size_than_the_one_asked_is_no_answer(question, text, unbound):
    assert answerability.measure_unbound(question, text) is unbound
    assert answerability.evidence_on_topic("money", [[text]], question) is not unbound
