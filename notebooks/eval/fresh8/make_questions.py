"""Write questions.jsonl (the eighth fresh set's labelled questions) from the table below; run from the repo root.

A development set (``split`` "dev" on every question): written for work on the refusal decision ("is the asked fact
in the documents?"), so its per-question results may be read while developing. Its 30 unanswerable questions are
near-topic on purpose; each is tagged below with its sub-kind (a-f, see README.md) and the talk it is closest to.
The script checks that every reference phrase (fact, theme) is in a relevant talk before it writes.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from questionset import QuestionSet  # noqa: E402  (notebooks/eval/questionset.py, shared by the fresh sets)

T = {  # talk key -> (source, date)
    "founding": ("founding-2016-04-17.md", "2016-04-17"), "dogs": ("dogs-2017-02-12.md", "2017-02-12"),
    "winter": ("winter-2018-01-21.md", "2018-01-21"), "recruits": ("recruits-2019-06-09.md", "2019-06-09"),
    "shelter": ("shelter-2021-09-12.md", "2021-09-12"), "sardi": ("sardi-2018-01-21.md", "2018-01-21"),
    "khoj": ("khoj-2017-08-20.md", "2017-08-20"), "paisa": ("paisa-2019-11-24.md", "2019-11-24"),
    "school": ("school-2020-03-08.md", "2020-03-08"), "drone": ("drone-2022-05-15.md", "2022-05-15"),
}
# per talk: its themes, each a list of reference phrases (any one found = the theme is covered)
THEMES = {
    "founding": [["1971", "Tom Ellery", "Margaret Ashby", "Low Birks"],
                 ["forty-six volunteers", "Nobody is paid", "Wednesday evening"],
                 ["118 times", "nineteen callouts", "Easter weekend"],
                 ["Station Road", "340,000", "lottery grant", "mug of tea"]],
    "dogs": [["border collies", "Moss", "Bracken", "Glen Ardle"], ["hide and seek", "Ruby and Sam Kerr", "heather"],
             ["Walter Greaves", "Fellgate", "forty minutes"], ["1,200 pounds", "Harris and Sons", "Owen Pritchard"]],
    "winter": [["Leanne Boyd", "Hollin Bank", "Holly"], ["Daniel Okoro", "twenty-five minutes", "collarbone"],
               ["thirty-two callouts", "Fellside Outdoor", "thermal blankets"],
               ["Priya Nair", "leek and potato soup", "camp beds"]],
    "recruits": [["Twelve people applied", "seven of them", "forty hours", "probation"],
                 ["Marrow Quarry", "sixty-metre", "twenty-three kilograms"],
                 ["Ellie Marsh", "Bernard Quayle", "retired postman"],
                 ["Navigation night", "grid references", "sheep", "extra five kilometres"]],
    "shelter": [["Marrow Tarn", "1890s", "half the roof"], ["fourteen weekends", "four tonnes", "Joe Ellery", "ponies"],
                ["18,500", "Tarn Dash", "6,200", "Whitaker"], ["emergency radio", "eight sleeping bags",
                                                               "twenty-second of August"]],
    "sardi": [["लीएन बॉयड", "हॉलिन बैंक", "हॉली"], ["डैनियल ओकोरो", "पच्चीस मिनट", "हँसली"],
              ["बत्तीस बार", "फ़ेलसाइड आउटडोर", "गर्म कंबल"], ["प्रिया नायर", "सूप", "फ़ोल्डिंग खाटों"]],
    "khoj": [["पुणे", "सुरेश कुलकर्णी", "कोहरे"], ["मराठी", "दवाइयों की दुकान", "दादी जी"],
             ["चौदह स्वयंसेवक", "भेड़ों के एक पुराने बाड़े", "टखना"], ["५०० पाउंड", "पर्चा", "दो हज़ार प्रतियाँ"]],
    "paisa": [["बहत्तर हज़ार", "सरकार"], ["पुरानी चीज़ों की दुकान", "१,५०० पाउंड", "डोरीन हैच"],
              ["अड़तालीस चंदे के डिब्बे", "थ्री शेपर्ड्स", "नौ सौ पाउंड"],
              ["एल्सी ब्रेथवेट", "पच्चीस हज़ार", "लैंड रोवर"]],
    "school": [["नौ प्राथमिक स्कूलों", "पचास मिनट"], ["नारंगी सीटी", "६५०", "पैरिश काउंसिल"],
               ["चित्र प्रतियोगिता", "मिया थॉम्पसन", "क्रिसमस कार्ड"], ["माध्यमिक स्कूल", "कंपास"]],
    "drone": [["संदेश", "दस मीटर"], ["डनमियर घाटी", "मस्तूल", "ग्यारह हज़ार"],
              ["केटी ब्रेनन", "चार प्रतिशत", "पंद्रह मिनट"], ["ड्रोन", "८,४००", "जेमी सटक्लिफ़"]],
}

Q = QuestionSet(T, THEMES, "k", split="dev")
add = Q.add
SUBKIND: dict[str, tuple[str, str]] = {}  # id of an unanswerable question -> (sub-kind a-f, the nearest talk)


def unanswerable(sub: str, near: str, lang: str, question: str) -> None:
    """An unanswerable near-topic question: ``sub`` its sub-kind (README), ``near`` the talk it is closest to."""
    add("unanswerable", lang, question)
    SUBKIND[Q.rows[-1]["id"]] = (sub, near)


D = "date_summary"
add(D, "en", "What did the talk of 17 April 2016 cover?", ("founding",), themes="founding")
add(D, "en", "Summarise the talk given on 2019-06-09.", ("recruits",), themes="recruits")
add(D, "en", "What was the talk on January 21st, 2018 about?", ("winter", "sardi"), themes="winter")
add(D, "en", "Give me an overview of the 12/09/2021 talk.", ("shelter",), themes="shelter")
add(D, "en", "What was said in the talk of 24 November 2019?", ("paisa",), themes="paisa")
add(D, "hi", "२१ जनवरी २०१८ की वार्ता का सार बताइए", ("winter", "sardi"), themes="sardi")
add(D, "hi", "20 अगस्त 2017 की वार्ता में क्या बताया गया?", ("khoj",), themes="khoj")
add(D, "hi", "८ मार्च २०२० की वार्ता किस बारे में थी?", ("school",), themes="school")
add(D, "hi", "15/05/2022 को हुई वार्ता का सारांश दीजिए", ("drone",), themes="drone")
add(D, "hi", "12 फ़रवरी 2017 की वार्ता में किन बातों पर चर्चा हुई?", ("dogs",), themes="dogs")

F = "fact"
add(F, "en", "Who started the Kettlemere mountain rescue team?", ("founding",), ("Tom Ellery", "Margaret Ashby"))
add(F, "en", "In which year was the rescue team started?", ("founding",), ("1971",))
add(F, "en", "How many volunteers does the team have?", ("founding",), ("forty-six",))
add(F, "en", "Which dog found the old man who walked out of the care home?", ("dogs",), ("Moss",))
add(F, "en", "Where do the trainees practise lowering a stretcher on ropes?", ("recruits",), ("Marrow Quarry",))
add(F, "en", "Why did one pair of trainees walk an extra five kilometres on navigation night?", ("recruits",),
    (("sheep", "stream"),))
add(F, "en", "How much did it cost to rebuild the Marrow Tarn hut?", ("shelter",), ("18,500",))
add(F, "en", "When was the Marrow Tarn shelter reopened?", ("shelter",), ("twenty-second of August",))
add(F, "hi", "कोहरे में रास्ता भूलने वाला परिवार किस शहर से आया था?", ("khoj",), ("पुणे",))
add(F, "hi", "खोए हुए परिवार को ढूँढने कितने स्वयंसेवक निकले?", ("khoj",), ("चौदह",))
add(F, "hi", "एल्सी ब्रेथवेट ने अपनी वसीयत में दल के लिए कितना पैसा छोड़ा?", ("paisa",), ("पच्चीस हज़ार",))
add(F, "hi", "बच्चों की नारंगी सीटियाँ किसके अनुदान से ख़रीदी गईं?", ("school",), ("पैरिश काउंसिल",))
add(F, "hi", "बच्चों की चित्र प्रतियोगिता किसने जीती?", ("school",), ("मिया थॉम्पसन",))
add(F, "hi", "क्रो हाउ के पास रेडियो का मस्तूल क्यों लगाना पड़ा?", ("drone",), ("सिग्नल",))
add(F, "hi", "धाविका केटी ब्रेनन का टखना किस महीने में टूटा?", ("drone",), ("मार्च",))
add(F, "hi", "बर्फ़बारी में गर्भवती महिला को स्ट्रेचर पर कितनी दूर ले जाया गया?", ("winter", "sardi"),
    (("दो किलोमीटर", "two kilometres"),))

X = "cross_language"
add(X, "en", "In which language did Ravi Bhandari talk to the lost grandmother?", ("khoj",), ("मराठी",))
add(X, "en", "How much does the team's charity shop bring in each month?", ("paisa",), ("१,५००",))
add(X, "en", "Which inn's collecting tin raises the most money?", ("paisa",), ("थ्री शेपर्ड्स",))
add(X, "en", "How many orange whistles were bought for the schoolchildren?", ("school",), ("६५०",))
add(X, "en", "Who flies the rescue team's drone?", ("drone",), ("जेमी सटक्लिफ़",))
add(X, "hi", "दल अपने स्टेशन रोड वाले अड्डे में किस साल आया?", ("founding",), ("2009",))
add(X, "hi", "दल के खोजी कुत्ते किस नस्ल के हैं?", ("dogs",), ("border collies",))
add(X, "hi", "कौन-से पशु चिकित्सक कुत्तों के इलाज का पैसा सिर्फ़ दवाइयों के लिए लेते हैं?", ("dogs",),
    ("Owen Pritchard",))
add(X, "hi", "इस साल का सबसे कम उम्र का प्रशिक्षु कौन है?", ("recruits",), ("Ellie Marsh",))
add(X, "hi", "टार्न डैश दौड़ से पहले साल में कितना पैसा जुटा?", ("shelter",), ("6,200",))

# unanswerable near-topic questions: 15 English (5 on Hindi talks), 15 Hindi (5 on English talks)
unanswerable("a", "founding", "en", "How much did the team's two Land Rovers cost?")
unanswerable("b", "founding", "en", "How many callouts did the team have over the Christmas weekend?")
unanswerable("c", "founding", "en", "What is the name of Margaret Ashby's husband?")
unanswerable("c", "dogs", "en", "How old is Walter Greaves?")
unanswerable("e", "dogs", "en", "Why did Walter Greaves walk out of the Fellgate care home?")
unanswerable("d", "dogs", "en", "How much does the vet Owen Pritchard charge the team for medicines each year?")
unanswerable("c", "winter", "en", "What is Gwen Talbot's husband called?")
unanswerable("a", "winter", "en", "How many head torches did Fellside Outdoor send?")
unanswerable("e", "recruits", "en", "Why did the team turn down five of the twelve people who applied this spring?")
unanswerable("a", "shelter", "en", "Who won the first Tarn Dash?")
unanswerable("c", "khoj", "en", "What is the name of Suresh Kulkarni's wife?")
unanswerable("d", "khoj", "en", "How many of the mountain safety leaflets were printed in Polish?")
unanswerable("a", "drone", "en", "Who gave the money for the team's drone?")
unanswerable("d", "school", "en", "How much money did the parish council give for the whistles?")
unanswerable("e", "paisa", "en", "Why did the rescue team have to bring Elsie Braithwaite down from Crow Howe?")
unanswerable("c", "khoj", "hi", "रवि भंडारी की दवाइयों की दुकान का नाम क्या है?")
unanswerable("e", "khoj", "hi", "सुरक्षा का पर्चा मराठी में क्यों नहीं छापा गया?")
unanswerable("a", "paisa", "hi", "पुरानी चीज़ों की दुकान का हर महीने का किराया कितना है?")
unanswerable("d", "paisa", "hi", "पिछले साल सारे चंदे के डिब्बों में कुल मिलाकर कितना पैसा आया?")
unanswerable("f", "paisa", "hi", "क्या नई लैंड रोवर बिजली से चलेगी?")
unanswerable("a", "school", "hi", "चित्र प्रतियोगिता में निर्णायक कौन थे?")
unanswerable("d", "school", "hi", "क्रिसमस कार्ड बेचकर दल को कितना पैसा मिला?")
unanswerable("a", "drone", "hi", "क्रो हाउ पर लगा रेडियो का मस्तूल कितना ऊँचा है?")
unanswerable("c", "drone", "hi", "केटी ब्रेनन किस शहर में रहती हैं?")
unanswerable("f", "drone", "hi", "क्या दल का ड्रोन बारिश में उड़ सकता है?")
unanswerable("b", "recruits", "hi", "पिछले साल का सबसे कम उम्र का प्रशिक्षु कौन था?")
unanswerable("b", "shelter", "hi", "टार्न डैश दौड़ में दूसरे साल कितने धावक आए?")
unanswerable("f", "founding", "hi", "स्टेशन रोड वाले अड्डे के लिए ज़मीन किसने दी?")
unanswerable("c", "dogs", "hi", "रूबी और सैम कैर के पिता का नाम क्या है?")
unanswerable("b", "shelter", "hi", "हेंसाइक दर्रे वाली झोपड़ी की मरम्मत पर कितना ख़र्च आया?")

M = "missing_date"
add(M, "en", "What did the talk of 3 March 2019 cover?", date="2019-03-03")
add(M, "en", "Summarise the talk of 2020-10-11.", date="2020-10-11")
add(M, "hi", "१४ जुलाई २०२१ की वार्ता का सार बताइए", date="2021-07-14")
add(M, "hi", "5 दिसंबर 2017 को क्या कहा गया?", date="2017-12-05")


def check() -> None:
    """Every reference phrase is in a relevant talk (facts: in one of the question's talks; themes: in the talk)."""
    Q.check_references(HERE)


if __name__ == "__main__":
    check()
    Q.write(HERE)
    print("kinds:", dict(Counter((r["kind"], r["language"]) for r in Q.rows)))
    print("unanswerable sub-kinds:", dict(sorted(Counter(s for s, _ in SUBKIND.values()).items())))
