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


ROOF_EN = {"id": "roof-en", "language": "en", "text": "Meera Joshi paid Ravi Kulkarni 40,000 rupees for the new roof in "
           "April. The council paid Anil Desai 5,000 rupees. Farhan Ali thanked the fishermen."}
ROOF_HI = {"id": "roof-hi", "language": "hi", "text": "मीरा जोशी ने अप्रैल में नई छत के लिए रवि कुलकर्णी को 40,000 रुपये "
           "दिए।"}


@pytest.mark.parametrize("sentence, passage", [
    ("Ravi Kulkarni paid Meera Joshi 40,000 rupees for the new roof in April.", ROOF_EN),
    ("Anil Desai paid the council 5,000 rupees.", ROOF_EN),
    ("The fishermen thanked Farhan Ali.", ROOF_EN),
    ("रवि कुलकर्णी ने नई छत के लिए मीरा जोशी को 40,000 रुपये दिए।", ROOF_EN),  # across scripts
    ("Ravi Kulkarni paid Meera Joshi 40,000 rupees for the new roof.", ROOF_HI),
])
def test_parties_swapped_by_word_order_are_dropped_by_the_frames(judge, sentence, passage):
    verdict = judge.verdicts([sentence], [passage])[0]
    assert (verdict.supported, verdict.reason) == (False, "roles")


HONEY = {"id": "honey", "language": "en", "text": (
    "Sunita Rao, the treasurer, sold 30 tins of honey to Arjun Mehta, a trader from Ramgarh, in May.")}


def test_parties_swapped_around_appositions_are_dropped_and_the_faithful_sentence_kept(judge):
    swapped = "Arjun Mehta, a trader from Ramgarh, sold 30 tins of honey to Sunita Rao, the treasurer, in May."
    converse = "Sunita Rao, the treasurer, bought 30 tins of honey from Arjun Mehta, a trader from Ramgarh, in May."
    verdicts = judge.verdicts([swapped, converse], [HONEY])
    assert [(v.supported, v.reason) for v in verdicts] == [(False, "roles"), (False, "roles")]
    assert judge.verdicts(["Sunita Rao, the treasurer, sold 30 tins of honey to Arjun Mehta in May."],
                          [HONEY])[0].supported


LIBRARY_EN = {"id": "lib-en", "language": "en", "text": (
    "Rekha Nair, the librarian, gave 120 books to the school in Bhairavgarh. Sunil Gaikwad, a retired teacher, opens "
    "the reading room on Sundays. The readers raised 2,600 rupees for a new shelf. Students of the Government College painted the "
    "shelves.")}
LIBRARY_HI = {"id": "lib-hi", "language": "hi", "text": (
    "लाइब्रेरियन रेखा नायर ने भैरवगढ़ के स्कूल को 120 किताबें दीं। रिटायर्ड अध्यापक सुनील गायकवाड़ रविवार को वाचनालय "
    "खोलते हैं। "
    "पाठकों ने नई अलमारी के लिए 2,600 रुपये जुटाए। सरकारी कॉलेज के छात्रों ने अलमारियाँ रंगीं।")}


@pytest.mark.parametrize("sentence, passage", [
    ("Rekha Nair gave 120 books to the school in Bhairavgarh.", LIBRARY_HI),  # नायर, भैरवगढ़: य and ढ़
    ("रेखा नायर ने भैरवगढ़ के स्कूल को 120 किताबें दीं।", LIBRARY_EN),
    ("Sunil Gaikwad, a retired teacher, opens the reading room on Sundays.", LIBRARY_HI),  # गायकवाड़; रविवार को
    ("रिटायर्ड अध्यापक सुनील गायकवाड़ रविवार को वाचनालय खोलते हैं।", LIBRARY_EN),  # is a time, not a receiver
    ("The readers raised two thousand six hundred rupees for a new shelf.", LIBRARY_EN),
    ("पाठकों ने नई अलमारी के लिए दो हज़ार छह सौ रुपये जुटाए।", LIBRARY_HI),
    ("Students of the Government College painted the shelves.", LIBRARY_HI),  # कॉलेज: a soft g
])
def test_transliterated_names_a_time_before_ko_and_a_compound_number_word_are_kept(judge, sentence, passage):
    verdict = judge.verdicts([sentence], [passage])[0]
    assert verdict.supported, verdict


@pytest.mark.parametrize("sentence, passage", [
    ("Rekha Joshi gave 120 books to the school in Bhairavgarh.", LIBRARY_HI),  # another surname
    ("Rekha Nair gave 120 books to the school in Ramgarh.", LIBRARY_HI),  # another town
    ("The readers raised two thousand five hundred rupees for a new shelf.", LIBRARY_EN),
])
def test_a_changed_name_or_number_is_still_dropped(judge, sentence, passage):
    assert not judge.verdicts([sentence], [passage])[0].supported


LOANS = {"id": "loans", "language": "en", "text": (
    "The fire station lent the clinic two stretchers. Suman Bisht beat Anita Rao in the chess final. Reena Das gave "
    "the committee 500 rupees for the fair.")}


@pytest.mark.parametrize("sentence", [
    "क्लिनिक ने फ़ायर स्टेशन से दो स्ट्रेचर उधार लिए।",  # borrowed from: लिए is a converse verb
    "In the chess final, Anita Rao lost to Suman Bisht.",  # lost to: the winner follows "to"
    "शतरंज के फ़ाइनल में अनीता राव सुमन बिष्ट से हार गईं।",  # से हार गईं: the winner stands before से
    "रीना दास ने मेले के लिए समिति को 500 रुपये दिए।",  # के लिए (for) is no converse verb
])
def test_converse_verbs_keep_the_parties_straight(judge, sentence):
    assert judge.verdicts([sentence], [LOANS])[0].supported


@pytest.mark.parametrize("sentence", [
    "फ़ायर स्टेशन ने क्लिनिक से दो स्ट्रेचर उधार लिए।",
    "In the chess final, Suman Bisht lost to Anita Rao.",
    "शतरंज के फ़ाइनल में सुमन बिष्ट अनीता राव से हार गईं।",
    "समिति ने मेले के लिए रीना दास को 500 रुपये दिए।",
])
def test_converse_verbs_with_the_parties_swapped_are_dropped(judge, sentence):
    verdict = judge.verdicts([sentence], [LOANS])[0]
    assert (verdict.supported, verdict.reason) == (False, "roles")


def test_a_hindi_synonym_the_glossary_gives_one_sense_is_kept_an_added_clause_is_not(judge):
    passage = {"id": "loan", "language": "hi", "text": "ज़िला बैंक ने समिति को नई मशीन के लिए 3 लाख रुपये का कर्ज़ दिया।"}
    synonym = "ज़िला बैंक ने समिति को नई मशीन के लिए 3 लाख रुपये का ऋण दिया।"  # ऋण / कर्ज़: loan
    added = "ज़िला बैंक ने समिति को नई मशीन के लिए 3 लाख रुपये का ऋण दिया और पूरा ब्याज माफ़ कर दिया।"
    kept, dropped = judge.verdicts([synonym, added], [passage])
    assert kept.supported, kept
    assert (dropped.supported, dropped.reason) == (False, "clause")


@pytest.mark.parametrize("passage, faithful, added", [
    ({"id": "gate-en", "language": "en", "text": "The volunteers painted the school gate in March."},
     "The school gate was painted by the volunteers in March.",
     "In March the volunteers happily painted the school gate blue."),
    ({"id": "gate-hi", "language": "hi", "text": "स्वयंसेवकों ने मार्च में स्कूल का फाटक रंगा।"},
     "मार्च में स्कूल का फाटक स्वयंसेवकों ने रंगा।",
     "स्वयंसेवकों ने मार्च में ख़ुशी से स्कूल का फाटक नीला रंगा।"),
])
def test_the_whole_evidence_with_words_of_its_own_scattered_in_is_an_added_clause(judge, passage, faithful, added):
    kept, dropped = judge.verdicts([faithful, added], [passage])
    assert kept.supported, kept
    assert (dropped.supported, dropped.reason) == (False, "clause")


def test_an_object_that_starts_with_a_number_and_a_phrasal_verb_are_read(judge):
    passage = {"id": "yard", "language": "en", "text": (
        "Kamal Sheikh teaches 14 apprentices to caulk boats. Neha Verma, the foreman, hired 9 welders from the "
        "railway colony.")}
    swapped = "14 apprentices teach Kamal Sheikh to caulk boats."  # the object "14 apprentices" is read
    phrasal = "Neha Verma, the foreman, took on 9 welders from around the railway colony."  # took on: hired
    dropped, kept = judge.verdicts([swapped, phrasal], [passage])
    assert (dropped.supported, dropped.reason) == (False, "roles")
    assert kept.supported, kept


FERRY = {"id": "ferry", "language": "en", "text": (
    "The forest office gave the school 300 saplings at no cost. Coach Asha Bind trains 12 boys every morning in "
    "Chhatarpur.")}
FERRY_HI = {"id": "ferry-hi", "language": "hi", "text": (
    "वन कार्यालय ने स्कूल को 300 पौधे बिना दाम के दिए। कोच आशा बिंद छतरपुर में हर सुबह 12 लड़कों को प्रशिक्षण देती हैं।")}


@pytest.mark.parametrize("sentence, passage", [
    ("The school got 300 saplings free from the forest office.", FERRY),  # "at no cost" negates nothing
    ("वन कार्यालय ने स्कूल को 300 पौधे बिना दाम के दिए।", FERRY),  # बिना दाम: free, across scripts too
    ("The saplings came at no cost from the forest office.",  # the passage's own negation is of "buy" alone
     {"id": "buy", "language": "en", "text": "The school did not buy the saplings, which came at no cost from the "
      "forest office."}),
    ("Coach Asha Bind trains 12 boys every morning in Chhatarpur.", FERRY_HI),  # Chh- / छ
])
def test_a_negation_idiom_and_an_aspirated_name_are_kept(judge, sentence, passage):
    assert judge.verdicts([sentence], [passage])[0].supported


@pytest.mark.parametrize("sentence, passage, reason", [
    ("The forest office did not give the school 300 saplings.", FERRY, "negation"),
    ("Coach Asha Bind trains 12 boys every evening in Chhatarpur.", FERRY, "contrast"),  # morning -> evening
    ("कोच आशा बिंद छतरपुर में हर शाम 12 लड़कों को प्रशिक्षण देती हैं।", FERRY, "contrast"),  # across scripts
])
def test_a_real_negation_and_another_part_of_the_day_are_dropped(judge, sentence, passage, reason):
    verdict = judge.verdicts([sentence], [passage])[0]
    assert (verdict.supported, verdict.reason) == (False, reason)


BUS = {"id": "bus", "language": "en", "text": "From 1 June the bus leaves every 30 minutes instead of every hour. The "
       "pupils now write with pens rather than pencils."}


@pytest.mark.parametrize("sentence, kept", [
    ("From 1 June the bus leaves every hour instead of every 30 minutes.", False),  # the two sides turned round
    ("1 जून से बस हर 30 मिनट के बजाय हर घंटे चलती है।", False),  # across scripts: के बजाय puts the old one first
    ("The pupils now write with pencils rather than pens.", False),
    ("Since 1 June the bus has left every 30 minutes rather than hourly.", True),
    ("1 जून से बस हर घंटे की जगह हर 30 मिनट पर चलती है।", True),
])
def test_a_substitution_turned_round_is_dropped_the_same_one_reworded_is_kept(judge, sentence, kept):
    verdict = judge.verdicts([sentence], [BUS])[0]
    assert verdict.supported == kept and (kept or verdict.reason == "roles"), verdict


@pytest.mark.parametrize("sentence, kept", [
    ("Since 1 June the bus no longer leaves once an hour; it goes every thirty minutes.", True),  # the replaced one
    ("1 जून से बस हर घंटे नहीं, बल्कि हर 30 मिनट पर चलती है।", True),
    ("From 1 June the bus does not leave every 30 minutes.", False),  # the replacement negated: a flip
    ("1 जून से बस हर 30 मिनट पर नहीं चलती।", False),
    ("1 जून से बस हर घंटे चलती है, हर 30 मिनट पर नहीं।", False),  # near both sides: the replacement is negated
])
def test_negating_what_the_evidence_says_was_replaced_is_no_flip(judge, sentence, kept):
    verdict = judge.verdicts([sentence], [BUS])[0]
    assert verdict.supported == kept and (kept or verdict.reason == "negation"), verdict


BOATS = {"id": "boats", "language": "en", "date": "2025-09-08", "text": (
    "Hemant Joshi, who has built wooden boats for 40 years, trains 12 apprentices at the jetty. In the final, the "
    "girls of Kafalkot beat the school team by three goals to one. Arif Malik, aged fourteen, scored 11 goals.")}
NAAV = {"id": "naav", "language": "hi", "date": "2025-09-08", "text": (
    "चालीस साल से लकड़ी की नावें बना रहे हेमंत जोशी जेटी पर 12 प्रशिक्षुओं को सिखाते हैं।")}


LEAGUE = {"id": "league", "language": "en", "date": "2026-05-10", "text": (
    "Sixteen teams played 45 matches in all, and the village teams played 30 matches of them.")}


def test_numbers_said_another_way_are_kept(judge):
    for sentence, passage in [
            ("Hemant Joshi, a builder of wooden boats for four decades, trains 12 apprentices at the jetty.", BOATS),
            ("चार दशकों से लकड़ी की नावें बना रहे हेमंत जोशी जेटी पर 12 प्रशिक्षुओं को सिखाते हैं।", NAAV),
            ("In the final, the school team lost 3-1 to the girls of Kafalkot.", BOATS),  # "one" is the number
            ("The village teams played 30 matches.", LEAGUE)]:  # one of the numbers the evidence gives them
        verdict = judge.verdicts([sentence], [passage])[0]
        assert verdict.supported, (sentence, verdict)


def test_a_number_put_before_another_thing_is_dropped(judge):
    for sentence in ["Hemant Joshi, who has built wooden boats for 12 years, trains 40 apprentices at the jetty.",
                     "Arif Malik, aged fourteen, scored 14 goals.",  # the age as the goals
                     "Hemant Joshi, who has built wooden boats for 40 years, trains 40 more apprentices at the jetty.",
                     "Hemant Joshi, a builder of wooden boats for three decades, trains 12 apprentices at the jetty."]:
        verdict = judge.verdicts([sentence], [BOATS])[0]
        assert (verdict.supported, verdict.reason) == (False, "number"), (sentence, verdict)


def test_parties_turned_round_a_shared_verb_are_dropped_and_a_moved_adverbial_kept(judge):
    passage = {"id": "r", "language": "en", "text": (
        "The pottery school opened in 2019. Every Sunday Ramkali Prajapati teaches the young potters the old glazes.")}
    swapped, moved = judge.verdicts(
        ["Every Sunday the young potters teach Ramkali Prajapati the old glazes.",
         "Ramkali Prajapati teaches the young potters the old glazes every Sunday."], [passage])
    assert (swapped.supported, swapped.reason) == (False, "roles") and moved.supported



HAAT = {"id": "h", "language": "hi", "text": (
    "हाट की बस हर बुधवार सुबह सात बजे गाँव से चलती है और शाम को लौटती है। किराया बीस रुपये है।")}


def test_a_hindi_paraphrase_ending_in_a_compound_verb_is_kept_and_an_added_clause_dropped(judge):
    # "वापस आ जाती है" for "लौटती है": two words at the end the evidence does not hold make no added clause in
    # Hindi (registry clause_run / clause_tail); a whole clause more does
    compound, added = judge.verdicts(
        ["हर बुधवार हाट की बस सुबह सात बजे गाँव से चलती है और शाम को वापस आ जाती है।",
         "हाट की बस हर बुधवार सुबह सात बजे गाँव से चलती है और शाम को लौटती है, पर बारिश में रास्ता बंद रहता है।"],
        [HAAT])
    assert compound.supported and (added.supported, added.reason) == (False, "clause")


STORM_HI = {"id": "storm-hi", "language": "hi", "date": "2025-03-03", "text": (
    "सोमवार, 3 मार्च 2025 की शाम ओलों के साथ आए तूफ़ान ने रामगढ़ मेले की 30 दुकानों की टीन की छतें उड़ा दीं, आम के "
    "12 पेड़ उखाड़ दिए और बिजली के दो खंभे गिरा दिए। पंचायत ने 45 परिवारों को 8 कंबल दिए।")}
STORM_EN = {"id": "storm-en", "language": "en", "date": "2025-03-03", "text": (
    "A hailstorm on the evening of Monday, 3 March 2025 blew the tin roofs off 30 shops at the Ramgarh fair, "
    "uprooted 12 mango trees and brought down two electric poles. The panchayat gave 45 families 8 blankets.")}


def test_a_translation_whose_parties_are_misread_is_no_swap(judge):
    """The English frame reads "march" as the doer, the Hindi one a verb: neither party is the other side's
    opposite one, so the translation stands."""
    pairs = [(STORM_EN["text"].split(". The")[0] + ".", STORM_HI), (STORM_HI["text"].split("। ")[0] + "।", STORM_EN)]
    wrong = [(s, v) for s, p in pairs if not (v := judge.verdicts([s], [p])[0]).supported]
    assert not wrong


@pytest.mark.parametrize("sentence, passage", [
    ("The hailstorm blew the tin roofs off 12 shops at the Ramgarh fair and uprooted 30 mango trees.", STORM_HI),
    ("तूफ़ान ने रामगढ़ मेले की 12 दुकानों की टीन की छतें उड़ा दीं और आम के 30 पेड़ उखाड़ दिए।", STORM_EN),
    ("The panchayat gave 8 families 45 blankets.", STORM_HI),
    ("पंचायत ने 8 परिवारों को 45 कंबल दिए।", STORM_EN),
])
def test_across_scripts_numbers_moved_between_things_are_dropped(judge, sentence, passage):
    verdict = judge.verdicts([sentence], [passage])[0]
    assert (verdict.supported, verdict.reason) == (False, "number")
    assert judge.verdicts(["The panchayat gave 45 families 8 blankets."], [STORM_HI])[0].supported



def test_a_fall_told_as_a_rise_is_dropped_in_either_language(judge):
    passage = {"id": "stalls", "language": "en", "date": "2025-05-01", "text": (
        "The weekly market lost sellers after the storm. Between March and April the number of stalls fell "
        "from 310 to 190.")}
    verdict = judge.verdicts(["Between March and April the number of stalls rose from 190 to 310."], [passage])[0]
    assert (verdict.supported, verdict.reason) == (False, "roles")
    hindi = judge.verdicts(["मार्च से अप्रैल के बीच स्टॉलों की संख्या 190 से बढ़कर 310 हो गई।"], [passage])[0]
    assert not hindi.supported  # (the numbers before other words tell it first across scripts)
    assert judge.verdicts(["Between March and April the number of stalls fell from 310 to 190."], [passage])[0].supported


def test_a_number_of_thousands_of_digits_is_judged_not_raised(judge):
    """Python refuses to read a run of 4,300 digits or more as an integer: a sentence or passage holding one (a
    hostile document) is still judged, its number read by its first digits."""
    huge = "7" * 5000
    passage = {"id": "huge", "language": "en", "date": "2025-05-01",
               "text": f"The ledger records {huge} grains of salt. The stalls fell from 310 to 190."}
    verdicts = judge.verdicts([f"The ledger records {huge} grains of salt.", "The ledger records 12 grains of salt.",
                               f"The stalls rose from {huge} to 310."], [passage])
    assert [v.supported for v in verdicts] == [True, False, False]
