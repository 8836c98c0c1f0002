"""The support check's fact checks (rag_bot.agent.claims), English and Hindi, and the verifier's call budget."""

from __future__ import annotations

import pytest

from rag_bot.agent.claims import (
    content_excess,
    cross_roles_flipped,
    missing_names,
    negation_differs,
    new_dates,
    new_numbers,
    numbers_rebound,
    pieces,
    range_reversed,
    read_claims,
    roles_swapped,
    single_substitution,
    skeleton,
    sound_alike,
    stem,
    uncovered_piece,
    uncovered_run,
)
from rag_bot.agent.grounding import AnswerAssembler
from rag_bot.agent.support_judges import LLMJudge, SupportChecker, Verdict, VerifiedJudge
from tests.agent_support import ScriptedChatModel

EN = "Meera Joshi paid Ravi Kulkarni 40,000 rupees for the new roof in April."
HI = "मीरा जोशी ने अप्रैल में नई छत के लिए रवि कुलकर्णी को 40,000 रुपये दिए।"


def c(text: str):
    return read_claims(text)


# --- numbers ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("sentence, numbers", [
    ("Meera paid forty thousand rupees.", {40000}),
    ("About one hundred and twenty residents came; twenty-five thousand litres.", {120, 25000}),
    ("Sixty families, 3 lakh rupees and 1,200 jars.", {60, 300000, 1200}),
    ("One of them said one must listen to no one.", set()),  # the pronoun "one" is no number
    ("मीरा ने चालीस हज़ार रुपये दिए।", {40000}),
    ("एक सौ बीस लोग आए और एक छोटा स्कूल खुला।", {120}),  # "एक" alone is the article
    ("पुल ३४ मीटर लंबा है।", {34}),  # Devanagari digits
])
def test_numbers_in_digits_and_words_of_both_languages(sentence, numbers):
    assert c(sentence).numbers == numbers


def test_a_number_written_as_a_word_is_kept_and_a_changed_one_is_not():
    evidence = [c(EN)]
    assert not new_numbers(c("Meera Joshi paid Ravi Kulkarni forty thousand rupees for the roof."), evidence)
    assert not new_numbers(c("मीरा जोशी ने रवि कुलकर्णी को चालीस हज़ार रुपये दिए।"), evidence)
    assert new_numbers(c("Meera Joshi paid Ravi Kulkarni 45,000 rupees for the roof."), evidence) == {45000}
    assert new_numbers(c("मीरा जोशी ने रवि कुलकर्णी को पचास हज़ार रुपये दिए।"), [c(HI)]) == {50000}


def test_dates_months_and_weekdays_across_languages():
    assert not new_dates(c("मीरा ने अप्रैल में पैसे दिए।"), [c(EN)])
    assert new_dates(c("Meera paid in July."), [c(EN)])
    assert new_dates(c("मीरा ने जुलाई में पैसे दिए।"), [c(EN)])
    friday = c("Meera meets the members every Friday.")
    assert not new_dates(c("मीरा हर शुक्रवार सदस्यों से मिलती हैं।"), [friday])
    assert new_dates(c("मीरा हर सोमवार सदस्यों से मिलती हैं।"), [friday])
    saturdays = c("Gurmeet taught the volunteers on two Saturdays.")  # a weekday in the plural, either language
    assert not new_dates(c("गुरमीत ने दो शनिवारों को स्वयंसेवकों को सिखाया।"), [saturdays])
    assert new_dates(c("गुरमीत ने दो रविवारों को स्वयंसेवकों को सिखाया।"), [saturdays])


def test_a_final_s_after_a_vowel_may_be_written_z_in_devanagari():
    from rag_bot.agent.claims import sound_alike

    assert sound_alike("Boys", "बॉयज़") and sound_alike("Joshi's", "जोशी")
    assert not sound_alike("Boys", "बॉयस्ट") and not sound_alike("Bose", "बोज़ेस")
    assert not sound_alike("Marks", "मार्कज़")  # after a consonant an s stays s


# --- negation -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("negated", [
    "Meera Joshi did not pay Ravi Kulkarni.", "Meera Joshi never paid Ravi Kulkarni.",
    "Meera Joshi didn't pay Ravi Kulkarni.", "Nobody paid Ravi Kulkarni.", "The roof was built without money.",
    "मीरा जोशी ने रवि कुलकर्णी को पैसे नहीं दिए।", "मीरा ने कभी नहीं दिए।", "बिना पैसे के छत बनी।",
])
def test_negation_flip_is_seen_in_both_languages(negated):
    assert negation_differs(c(negated), c(EN)) and negation_differs(c(negated), c(HI))
    assert not negation_differs(c(negated), c(negated))


def test_free_of_charge_is_no_negation_in_either_language():
    free = c("Shagufta gives away the papers free of charge.")
    for idiom in ("शगुफ़्ता दिन के अख़बार बिना पैसे लिए देती हैं।", "शगुफ़्ता बिना किसी शुल्क के अख़बार देती हैं।"):
        assert not negation_differs(c(idiom), free, cross_script=True)
    assert negation_differs(c("शगुफ़्ता ने बिना पैसे के अख़बार नहीं बाँटे।"), free, cross_script=True)


# --- names --------------------------------------------------------------------------------------------------
def test_names_including_one_that_starts_the_sentence():
    assert c(EN).names == ["Meera", "Joshi", "Ravi", "Kulkarni"]
    assert c("Volunteers carried the books.").names == []  # a capital only because the sentence starts
    assert missing_names(c("Sunita Joshi paid Ravi Kulkarni 40,000 rupees."), [c(EN)], cross_script=False) == ["Sunita"]
    assert not missing_names(c("Ravi Kulkarni was paid by Meera Joshi."), [c(EN)], cross_script=False)


def test_names_across_scripts_by_skeleton():
    assert skeleton("Meera") == skeleton("मीरा") and skeleton("Kulkarni") == skeleton("कुलकर्णी")
    assert skeleton("Dsouza") == skeleton("डिसूज़ा") and skeleton("Rao") == skeleton("राव")
    # an anusvara before a labial is said m: "Champa" / "चंपा", "Sambalpur" / "संबलपुर", "Company" / "कंपनी"
    assert skeleton("Champa") == skeleton("चंपा") and skeleton("Sambalpur") == skeleton("संबलपुर")
    assert sound_alike("Company", "कंपनी") and skeleton("Santosh") == skeleton("संतोष")
    assert sound_alike("Ambgarh", "अंबगढ़") == "mbgr"  # with the flap read as r
    assert not missing_names(c(HI), [c(EN)], cross_script=True)
    assert missing_names(c("सुनीता जोशी ने रवि कुलकर्णी को 40,000 रुपये दिए।"), [c(EN)], cross_script=True) == ["Meera"]
    assert missing_names(c("Sunita Joshi paid Ravi Kulkarni 40,000 rupees."), [c(HI)], cross_script=True) == ["Sunita"]


def test_a_hindi_name_changed_in_an_otherwise_verbatim_sentence():
    vocabulary = {stem(t) for t in c(HI).tokens}
    assert single_substitution(c(HI.replace("मीरा", "सुनीता")), c(HI), vocabulary)
    assert not single_substitution(c(HI.replace("40,000", "चालीस हज़ार")), c(HI), vocabulary)  # number as word
    assert not single_substitution(c("नई छत के लिए मीरा जोशी ने रवि कुलकर्णी को 40,000 रुपये दिए।"), c(HI), vocabulary)


# --- who did what to whom -----------------------------------------------------------------------------------
@pytest.mark.parametrize("swapped, evidence", [
    ("रवि कुलकर्णी ने अप्रैल में नई छत के लिए मीरा जोशी को 40,000 रुपये दिए।", HI),
    ("अनिल देसाई ने क्लब को प्रशिक्षण दिया और सलमा ख़ान ने स्कोर रखा।",
     "सलमा ख़ान ने क्लब को प्रशिक्षण दिया और अनिल देसाई ने स्कोर रखा।"),
])
def test_swapped_roles_are_seen_by_the_case_markers(swapped, evidence):
    # word order (Latin script, across scripts) is read by the role frames: tests/e2e/test_support_roles_judge.py
    assert roles_swapped(c(swapped), c(evidence))


def test_the_order_of_names_alone_is_no_swap():
    # a faithful passive or converse paraphrase names the parties in the other order
    assert not roles_swapped(c("The Pine Hill cooking contest was won by Salma Khan."), c("Salma Khan won it."))
    assert not roles_swapped(c("Faisal Qureshi lost to Chitra Nair in the final."),
                             c("Chitra Nair defeated Faisal Qureshi in the final."))


@pytest.mark.parametrize("kept, evidence", [
    ("Meera Joshi gave Ravi Kulkarni 40,000 rupees for the new roof.", EN),
    ("The Pine Hill cooking contest was won by Salma Khan.", "Salma Khan won the Pine Hill cooking contest."),
    ("Every month the council gave Anil Desai 5,000 rupees.", "The council paid Anil Desai 5,000 rupees."),
    ("नई छत के लिए मीरा जोशी ने रवि कुलकर्णी को 40,000 रुपये दिए।", EN),
    (HI, EN), (EN, HI),
])
def test_same_roles_in_other_words_or_the_other_language_are_kept(kept, evidence):
    assert not roles_swapped(c(kept), c(evidence))


# --- clauses the evidence does not contain -----------------------------------------------------------------
def test_an_added_clause_is_an_uncovered_run_a_paraphrase_is_not():
    evidence = [c("Joseph Dsouza donated a piano to Kavita Menon in the first month.")]
    added = c("Joseph Dsouza donated a piano to Kavita Menon in the first month and tuned it every week.")
    assert uncovered_run(added, evidence)[1] >= 2
    paraphrase = c("During the first month, Joseph Dsouza donated Kavita Menon a piano.")
    longest, tail = uncovered_run(paraphrase, evidence)
    assert longest < 3 and tail < 2  # what the judge lets through
    hi_evidence = [c("हरीश पांडे ने तेनज़िन नोरबू को छोटे पेड़ों को पानी देना सिखाया।")]
    hi_added = c("हरीश पांडे ने तेनज़िन नोरबू को छोटे पेड़ों को पानी देना सिखाया और उसे थोड़ी मज़दूरी भी दी।")
    assert uncovered_run(hi_added, hi_evidence)[1] >= 2
    longest, tail = uncovered_run(c("छोटे पेड़ को पानी देना हरीश पांडे ने तेनज़िन नोरबू को सिखाया।"), hi_evidence)
    assert longest < 3 and tail < 2


def test_a_sentence_is_cut_into_clauses_at_commas_and_registry_openers():
    assert pieces("Meera paid Ravi, and the council later repaid her with interest.") == [
        ["meera", "paid", "ravi"], ["and", "the", "council", "later", "repaid", "her"], ["with", "interest"]]
    assert pieces("मीरा ने पैसे दिए और परिषद ने लौटा दिए।") == [["मीरा", "ने", "पैसे", "दिए"], ["और", "परिषद", "ने", "लौटा", "दिए"]]


@pytest.mark.parametrize("evidence, added, paraphrase", [
    ("Meera Joshi paid Ravi Kulkarni 40,000 rupees for the new roof.",
     "Meera Joshi paid Ravi Kulkarni 40,000 rupees for the new roof, and the council later thanked her warmly.",
     "For the new roof, Meera Joshi paid 40,000 rupees to Ravi Kulkarni, and he mended it."),
    ("Sunita Rao sold 150 second-hand books to Farhan Ali for the school library.",
     "Sunita Rao sold 150 second-hand books to Farhan Ali, who gave them to a charity shop.",
     "Farhan Ali bought 150 second-hand books from Sunita Rao, which went to the school library."),
    ("मीरा जोशी ने नई छत के लिए रवि कुलकर्णी को 40,000 रुपये दिए।",
     "मीरा जोशी ने नई छत के लिए रवि कुलकर्णी को 40,000 रुपये दिए, और बाद में परिषद ने पूरी रकम लौटा दी।",
     "नई छत के लिए रवि कुलकर्णी को 40,000 रुपये मीरा जोशी ने दिए, और छत बन गई।"),
])
def test_a_clause_the_evidence_lacks_is_seen_a_reworded_one_is_not(evidence, added, paraphrase):
    assert uncovered_piece(c(added), [c(evidence)])
    assert not uncovered_piece(c(paraphrase), [c(evidence)])
    assert not uncovered_piece(c(evidence), [c(evidence)])


@pytest.mark.parametrize("sentence, evidence", [
    ("Salma Khan won the Pine Hill cooking contest for the third year running after a long fight with the judges.",
     "सलमा ख़ान ने पाइन हिल की खाना पकाने की प्रतियोगिता जीती।"),
    ("सलमा ख़ान ने पाइन हिल की खाना पकाने की प्रतियोगिता जीती और इनाम का पैसा अनाथालय को दान कर दिया।",
     "Salma Khan won the Pine Hill cooking contest."),
])
def test_across_scripts_a_sentence_saying_much_more_than_its_evidence_is_an_added_clause(sentence, evidence):
    excess, ratio = content_excess(c(sentence), c(evidence))
    assert excess >= 2 and ratio >= 1.2
    translation = ("Salma Khan won the Pine Hill cooking contest." if sentence.isascii() is False
                   else "सलमा ख़ान ने पाइन हिल की खाना पकाने की प्रतियोगिता जीती।")
    excess, ratio = content_excess(c(translation), c(evidence))
    assert excess < 2 or ratio < 1.2


@pytest.mark.parametrize("latin, marked, flipped", [
    ("The fishermen thanked Farhan Ali, who lent the group four boats.",
     "फरहान अली ने मछुआरों को धन्यवाद दिया, जिन्होंने समूह को चार नावें उधार दीं।", True),
    ("Farhan Ali thanked the fishermen, who lent the group four boats.",
     "फरहान अली ने मछुआरों को धन्यवाद दिया, जिन्होंने समूह को चार नावें उधार दीं।", False),
    ("The council paid Anil Desai 5,000 rupees.", "अनिल देसाई ने परिषद को 5,000 रुपये दिए।", True),
    ("The council paid Anil Desai 5,000 rupees.", "परिषद ने अनिल देसाई को 5,000 रुपये दिए।", False),
    ("The club was coached by Salma Khan.", "सलमा ख़ान ने क्लब को प्रशिक्षण दिया।", False),  # passive: "by" acts
    ("The club coached Salma Khan.", "सलमा ख़ान ने क्लब को प्रशिक्षण दिया।", True),
])
def test_across_scripts_a_name_marked_as_actor_must_open_its_latin_clause(latin, marked, flipped):
    assert cross_roles_flipped(c(latin), c(marked)) is flipped
    assert cross_roles_flipped(c(marked), c(latin)) is flipped  # either side may be the answer sentence


# --- the verifier's budget ----------------------------------------------------------------------------------
class Unsure:
    """An offline judge that cannot decide any sentence (a cosine in the band) and leans to "unsupported"."""

    name = "unsure"

    def verdicts(self, sentences, documents):
        return [Verdict(False, certain=False, reason="cosine") for _ in sentences]


def test_verifier_decides_undecided_sentences_within_one_call_per_answer():
    model = ScriptedChatModel(default="1: yes\n2: yes")
    checker = SupportChecker(VerifiedJudge(Unsure(), LLMJudge(model), max_calls=1))  # type: ignore[arg-type]
    docs = [{"text": "Rain fell on the hill."}]
    raw = "Rain fell on the hill in May [1]. It was heavy rain [1]. The hill was wet [1]."
    first = AnswerAssembler(docs, checker)
    first.feed(raw)
    first.finish()
    assert len(model.seen) == 1  # three cited units, each undecided: one verifier call for the answer
    assert first.text == "Rain fell on the hill in May [1]."  # the rest kept the offline verdict (dropped)
    second = AnswerAssembler(docs, checker)  # the next answer has its own budget
    second.feed(raw)
    second.finish()
    assert len(model.seen) == 2 and second.text == first.text
    statements = model.seen[0][-1].content
    assert "1: Rain fell on the hill in May." in statements


def test_verifier_is_not_called_for_decided_sentences():
    model = ScriptedChatModel(default="1: yes")

    class Sure:
        name = "sure"

        def verdicts(self, sentences, documents):
            return [Verdict(False, certain=True, reason="number") for _ in sentences]

    judge = VerifiedJudge(Sure(), LLMJudge(model), max_calls=1)  # type: ignore[arg-type]
    assert judge.supported(["Rain fell in 1999."], [{"text": "Rain fell in 2001."}]) == [False]
    assert model.seen == []


class Failing(ScriptedChatModel):
    """A verifier model whose call fails (as a network or quota error would)."""

    def _generate(self, *args, **kwargs):  # type: ignore[override]
        raise ConnectionError("verifier unreachable")


class UnsureYes:
    """An offline judge that cannot decide any sentence and leans to "supported"."""

    name = "unsure-yes"

    def verdicts(self, sentences, documents):
        return [Verdict(True, certain=False, reason="") for _ in sentences]


@pytest.mark.parametrize("model", [Failing(default="1: yes"), ScriptedChatModel(default="no verdicts here")])
def test_a_failed_or_silent_verifier_drops_the_undecided_sentence_with_one_warning(model, caplog):
    judge = VerifiedJudge(UnsureYes(), LLMJudge(model), max_calls=1)  # type: ignore[arg-type]
    with caplog.at_level("WARNING", logger="rag_bot.agent.support_judges"):
        assert judge.supported(["Rain fell on the hill."], [{"text": "Rain fell on the hill."}]) == [False]
    assert len([r for r in caplog.records if r.name == "rag_bot.agent.support_judges"]) == 1


def test_a_substitution_is_turned_only_when_more_words_cross_than_stay():
    from rag_bot.agent.claims import substitution_turned

    evidence = c("The bus leaves every 30 minutes instead of every hour.")
    nothing = lambda word, others: False  # noqa: E731  (no word found on either side: a tie, no turn)
    assert not substitution_turned(c("The coach goes each half hour instead of hourly."), evidence, nothing)
    assert substitution_turned(c("The bus leaves every hour instead of every 30 minutes."), evidence, nothing)
    assert not substitution_turned(c("The bus leaves every 30 minutes."), evidence, nothing)  # one side unmarked


@pytest.mark.cpu_growth
def test_a_sentence_of_many_negations_against_a_substitution_is_read_in_linear_time():
    # the negation of the replaced side looks at each negation's nearest words: once per sentence, not per negation
    from rag_bot.agent.claims import negates_replaced
    from rag_bot.agent.support_judges import _holds as holds
    from tests.cpu_cost import cpu_growth

    evidence = c("The bus leaves every 30 minutes instead of every hour.")

    def sentence(n: int):
        return c("The bus " + "no " * n + "longer leaves every hour.")

    small, large = sentence(4000), sentence(8000)
    assert negates_replaced(small, evidence, holds)  # every "no" reads "longer leaves hour": the work is done
    ratio = cpu_growth(lambda: negates_replaced(small, evidence, holds), lambda: negates_replaced(large, evidence, holds))
    assert ratio <= 2.6, ratio


def test_across_scripts_a_number_moved_to_another_thing_is_rebound():
    """"12 shops ... 30 trees" from "३० दुकानों ... १२ पेड़": each number counts a word the other side counts with
    another number (the words matched by the caller's ``same``, here a small table)."""
    pairs = {("shops", "दुकानों"), ("trees", "पेड़"), ("families", "परिवारों"), ("blankets", "कंबल")}

    def same(word: str, others: list[str]) -> bool:
        return any((word, o) in pairs or (o, word) in pairs for o in others)

    evidence = read_claims("तूफ़ान ने ३० दुकानों की छतें उड़ा दीं और आम के १२ पेड़ उखाड़ दिए।")
    assert numbers_rebound(read_claims("The storm blew the roofs off 12 shops and uprooted 30 trees."), evidence, same)
    assert not numbers_rebound(read_claims("The storm blew the roofs off thirty shops and uprooted 12 trees."),
                               evidence, same)
    assert not numbers_rebound(read_claims("It blew the roofs off 12 shops."), evidence)  # one script: no such word
    gave = read_claims("The panchayat gave 45 families 8 blankets.")
    assert numbers_rebound(gave, read_claims("पंचायत ने 8 परिवारों को 45 कंबल दिए।"), same)
    assert not numbers_rebound(gave, read_claims("पंचायत ने 45 परिवारों को 8 कंबल दिए।"), same)
    # a number the evidence writes before no counted word may count the same thing ("95 of them")
    assert not numbers_rebound(read_claims("95 families were tested."),
                               read_claims("उन्होंने 212 परिवारों की जाँच की और उनमें से 95 की।"), same)


@pytest.mark.cpu_growth
def test_numbers_across_scripts_are_compared_in_linear_time():
    # each counted thing of the sentence is compared with each of the evidence: a bounded number of them
    from rag_bot.agent.support_judges import _translates
    from tests.cpu_cost import cpu_growth

    def sentence(n: int, text: str, start: int):
        return read_claims(" ".join(f"{k % 40 + start} {text}" for k in range(n)))

    small = (sentence(2000, "shops and", 10), sentence(2000, "दुकानें और", 10))
    large = (sentence(4000, "shops and", 10), sentence(4000, "दुकानें और", 10))
    assert not numbers_rebound(*small, _translates)  # every number found: no early answer cuts the work short
    moved = read_claims(" ".join(f"{k % 40 + 10} पेड़ और {k % 40 + 50} दुकानें और" for k in range(1000)))
    assert numbers_rebound(small[0], moved, _translates)  # 10 shops where 10 counts trees
    ratio = cpu_growth(lambda: numbers_rebound(*small, _translates), lambda: numbers_rebound(*large, _translates))
    assert ratio <= 2.6, ratio


@pytest.mark.parametrize("sentence, reversed_", [
    ("The number of stalls rose from 190 in March to 310 in April.", True),
    ("स्टॉलों की संख्या मार्च में 190 से बढ़कर अप्रैल में 310 हो गई।", True),  # either language
    ("The number of stalls dropped from three hundred and ten to one hundred and ninety.", False),  # in words
    ("Between March and April the stalls fell to 190.", False),  # no change written from one number to another
])
def test_a_change_between_two_numbers_told_the_other_way_round_is_seen(sentence, reversed_):
    evidence = read_claims("The number of stalls fell from 310 in March to 190 in April.")
    assert range_reversed(read_claims(sentence), evidence) is reversed_
    both = read_claims("The stalls rose from 190 to 310 in May and fell from 310 to 190 in June.")
    assert not range_reversed(read_claims("The stalls rose from 190 to 310 in May."), both)  # it says both ways



@pytest.mark.cpu_growth
def test_changes_between_numbers_are_read_in_linear_time():
    # the largest input: a sentence of nothing but changes, against evidence of as many (each one a set lookup)
    from tests.cpu_cost import cpu_growth

    def text(n: int, word: str) -> str:
        return " ".join(f"{word} from {k % 97 + 1} in March to {k % 89 + 200} in April," for k in range(n))

    small = (read_claims(text(1500, "rose")), read_claims(text(1500, "fell")))
    large = (read_claims(text(3000, "rose")), read_claims(text(3000, "fell")))
    assert not range_reversed(*small)  # every change is written the same way round: each one is looked up
    ratio = cpu_growth(lambda: range_reversed(*small), lambda: range_reversed(*large))
    assert ratio <= 2.6, ratio


@pytest.mark.cpu_growth
def test_a_long_run_of_digits_is_read_for_changes_in_linear_time():
    # a number pattern tried from every digit of one long run would be quadratic: it starts at a number's first digit
    from tests.cpu_cost import cpu_growth

    def sentence(n: int):  # the run starts no change (no से after it); the change comes after it
        return read_claims("1" * n + " बार गिना, फिर संख्या 9 से बढ़कर 12 हो गई।")

    small, large = sentence(20000), sentence(40000)
    evidence = read_claims("संख्या 12 से घटकर 9 रह गई।")
    assert range_reversed(small, evidence)  # the change after the run is read: the work is done
    ratio = cpu_growth(lambda: range_reversed(small, evidence), lambda: range_reversed(large, evidence))
    assert ratio <= 2.6, ratio
