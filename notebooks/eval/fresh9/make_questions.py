"""Write questions.jsonl (the ninth fresh set's labelled questions) from the table below; run from the repo root.

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
    "beginnings": ("beginnings-2015-07-05.md", "2015-07-05"), "flood": ("flood-2016-08-14.md", "2016-08-14"),
    "tiffins": ("tiffins-2018-02-25.md", "2018-02-25"), "machine": ("machine-2019-10-20.md", "2019-10-20"),
    "waste": ("waste-2022-01-16.md", "2022-01-16"), "baadh": ("baadh-2016-08-14.md", "2016-08-14"),
    "iftar": ("iftar-2017-05-28.md", "2017-05-28"), "bhatta": ("bhatta-2018-11-11.md", "2018-11-11"),
    "talabandi": ("talabandi-2020-04-26.md", "2020-04-26"), "imarat": ("imarat-2023-03-19.md", "2023-03-19"),
}
# per talk: its themes, each a list of reference phrases (any one found = the theme is covered)
THEMES = {
    "beginnings": [["2012", "khichdi", "Harbans Lal Arora", "Sushila Menon", "Thirty-five"],
                   ["dharamshala", "one rupee a year", "six hundred", "brass pot"],
                   ["Eighty volunteers", "two cooks", "Ramdulari"],
                   ["twenty sacks of rice", "vegetable sellers", "32,000"]],
    "flood": [["Sarwa river", "1,400 families", "goods shed"], ["eleven days", "4,000 packets", "Bhola Nishad"],
              ["gas cylinders", "coal bhattis", "Anjali Verma"], ["dry ration", "storeroom", "first Monday"]],
    "tiffins": [["verandah", "250 tiffins", "October 2017"], ["electric rickshaw", "1,65,000", "Pappu Yadav"],
                ["300 steel tiffin boxes", "only eleven", "Gurudwara youth"],
                ["Mercy Thomas", "cholera", "forty big cans"]],
    "machine": [["Rajkot", "3.2 lakh", "a thousand rotis an hour"], ["twelve women", "Shanti Bai", "burnt fingers"],
                ["9,000 rupees", "14,000 rupees", "solar panels", "Ram Mandir"],
                ["too thin", "by hand", "makki ki roti"]],
    "waste": [["wedding halls", "two hours", "cowshed"], ["compost", "Government Girls' School", "brinjal"],
              ["disposable plates", "500 steel plates", "Mohan"], ["2.1 lakh meals", "forty kilos", "commissioner"]],
    "baadh": [["सरवा नदी", "१,४०० परिवारों", "माल गोदाम"], ["ग्यारह दिन", "चार हज़ार पैकेट", "भोला निषाद"],
              ["गैस सिलेंडर", "भट्टियाँ", "अंजलि वर्मा"], ["सूखा राशन", "भंडार-घर", "पहले सोमवार"]],
    "iftar": [["रमज़ान", "जामा मस्जिद", "तीन सौ लोग"], ["खजूर", "सलीम बागवान", "एक सौ बीस किलो", "पकौड़े"],
              ["हर धर्म", "गुरमीत सिंह", "सेवइयों"], ["धक्का-मुक्की", "रमेश गुर्जर", "अलग लाइन"]],
    "bhatta": [["ईंट-भट्ठों", "१४० बच्चे", "दलिया", "छत्तीसगढ़"], ["फ़रीदा शेख़", "साठ बच्चों", "बाईस"],
               ["जसवंत चौधरी", "मीना कुमारी", "कमरा"], ["अठारह रुपये", "५४० रुपये", "इकहत्तर लोगों"]],
    "talabandi": [["तालाबंदी", "टोल नाके", "पैदल"], ["दस स्वयंसेवक", "मास्क", "एसडीएम"],
                  ["बावन हज़ार पैकेट", "३,१००", "ट्रक वाले"], ["बलदेव सिंह", "पैंतालीस हज़ार", "दुबई"]],
    "imarat": [["नगर पालिका", "ग्यारह रुपये सालाना", "तीस साल"], ["अड़तालीस लाख", "निखिल जोशी", "रोशनदान"],
               ["डेढ़ हज़ार", "१२० लोग", "सौर पैनल"], ["२ अप्रैल", "रामदुलारी", "हाथगाड़ी"]],
}

Q = QuestionSet(T, THEMES, "s", split="dev")
add = Q.add
SUBKIND: dict[str, tuple[str, str]] = {}  # id of an unanswerable question -> (sub-kind a-f, the nearest talk)


def unanswerable(sub: str, near: str, lang: str, question: str) -> None:
    """An unanswerable near-topic question: ``sub`` its sub-kind (README), ``near`` the talk it is closest to."""
    add("unanswerable", lang, question)
    SUBKIND[Q.rows[-1]["id"]] = (sub, near)


D = "date_summary"
add(D, "en", "What was the 5th of July 2015 talk about?", ("beginnings",), themes="beginnings")
add(D, "en", "Summarise the talk of 2018-02-25.", ("tiffins",), themes="tiffins")
add(D, "en", "What did the speaker say on August 14th, 2016?", ("flood", "baadh"), themes="flood")
add(D, "en", "Give me a summary of the talk dated 16/01/2022.", ("waste",), themes="waste")
add(D, "en", "What was discussed in the talk of 11 November 2018?", ("bhatta",), themes="bhatta")
add(D, "hi", "१४ अगस्त २०१६ को दी गई वार्ता का सार क्या है?", ("flood", "baadh"), themes="baadh")
add(D, "hi", "28 मई 2017 की वार्ता में क्या कहा गया था?", ("iftar",), themes="iftar")
add(D, "hi", "२६ अप्रैल २०२० की वार्ता के मुख्य विषय क्या थे?", ("talabandi",), themes="talabandi")
add(D, "hi", "19/03/2023 की वार्ता का सारांश बताइए", ("imarat",), themes="imarat")
add(D, "hi", "20 अक्टूबर 2019 को किस विषय पर बात हुई?", ("machine",), themes="machine")

F = "fact"
add(F, "en", "Who started the Sanjhi Rasoi community kitchen?", ("beginnings",), ("Harbans Lal Arora", "Sushila Menon"))
add(F, "en", "How many people ate on the kitchen's very first day?", ("beginnings",), ("Thirty-five",))
add(F, "en", "Who took the food across to Ward 7 during the flood?", ("flood", "baadh"),
    (("Bhola Nishad", "भोला निषाद"),))
add(F, "en", "How much did the electric rickshaw for the hospital dinners cost?", ("tiffins",), ("1,65,000",))
add(F, "en", "What time does Pappu Yadav leave the kitchen with the tiffins?", ("tiffins",), ("seven",))
add(F, "en", "Where did the kitchen buy its roti machine?", ("machine",), ("Rajkot",))
add(F, "en", "Why do the women still make rotis by hand on Sundays?", ("machine",), (("too thin", "complained"),))
add(F, "en", "How many meals did the kitchen serve in 2021?", ("waste",), ("2.1 lakh",))
add(F, "hi", "इफ़्तारी के लिए खजूर कौन देता है?", ("iftar",), ("सलीम बागवान",))
add(F, "hi", "कांस्टेबल रमेश गुर्जर को इफ़्तारी की लाइन क्यों लगवानी पड़ी?", ("iftar",), (("धक्का-मुक्की", "भीड़"),))
add(F, "hi", "ईंट-भट्ठों पर हर सुबह कितने बच्चे नाश्ता करते हैं?", ("bhatta",), ("१४०",))
add(F, "hi", "एक बच्चे के नाश्ते पर रोज़ कितना ख़र्च आता है?", ("bhatta",), ("अठारह रुपये",))
add(F, "hi", "तालाबंदी में रसोई ने अपना तंबू कहाँ लगाया?", ("talabandi",), ("टोल नाके",))
add(F, "hi", "रसोई की नई इमारत का नक्शा किसने बनाया?", ("imarat",), ("निखिल जोशी",))
add(F, "hi", "नई रसोई किस दिन खुलेगी?", ("imarat",), ("२ अप्रैल",))
add(F, "hi", "बाढ़ में गैस ख़त्म होने पर कोयले की भट्टियाँ किसने उधार दीं?", ("flood", "baadh"),
    (("रेलवे कैंटीन", "railway canteen"),))

X = "cross_language"
add(X, "en", "Which constable kept the iftar queue in order?", ("iftar",), ("रमेश गुर्जर",))
add(X, "en", "How many brick-kiln children were still badly underweight in October?", ("bhatta",), ("बाईस",))
add(X, "en", "Who teaches the brick-kiln children after their breakfast?", ("bhatta",), ("मीना कुमारी",))
add(X, "en", "How many food packets did the kitchen hand out on the highway in thirty days?", ("talabandi",),
    ("बावन हज़ार",))
add(X, "en", "Who will cut the ribbon at the new kitchen building?", ("imarat",), ("रामदुलारी",))
add(X, "hi", "मंडी के अनाज व्यापारी रसोई को हर महीने चावल की कितनी बोरियाँ देते हैं?", ("beginnings",),
    ("twenty sacks",))
add(X, "hi", "अस्पताल के बरामदे के लिए हर रात कितने टिफ़िन जाते हैं?", ("tiffins",), ("250",))
add(X, "hi", "रोटी बनाने की मशीन कौन चलाती है?", ("machine",), ("Shanti Bai",))
add(X, "hi", "रोटी की मशीन आने के बाद बिजली का बिल कितना हो गया?", ("machine",), ("14,000",))
add(X, "hi", "रसोई की खाद किस स्कूल में ले जाई जाती है?", ("waste",), ("Government Girls' School",))

# unanswerable near-topic questions: 15 English (5 on Hindi talks), 15 Hindi (5 on English talks)
unanswerable("c", "beginnings", "en", "What are the names of the two sisters who run the beauty parlour?")
unanswerable("a", "beginnings", "en", "What is the name of the kitchen's second cook?")
unanswerable("b", "beginnings", "en", "How many sacks of wheat flour does the kitchen get every month?")
unanswerable("e", "beginnings", "en", "Why does the Agrawal family let the kitchen use the dharamshala for one rupee?")
unanswerable("f", "flood", "en", "What did the District Collector give the kitchen after her visit?")
unanswerable("a", "tiffins", "en", "How much did the 300 steel tiffin boxes cost?")
unanswerable("a", "machine", "en", "What is the name of the Rajkot firm that made the roti machine?")
unanswerable("f", "machine", "en", "Who was the donor who paid half the price of the roti machine?")
unanswerable("a", "waste", "en", "How much did the 500 steel plates cost?")
unanswerable("e", "waste", "en", "Why do only six of the wedding halls phone the kitchen?")
unanswerable("c", "iftar", "en", "What are the names of the temple priest's two sons?")
unanswerable("d", "talabandi", "en", "How many volunteers worked at the toll plaza camp altogether?")
unanswerable("c", "talabandi", "en", "What is the name of the SDM who gave passes for the kitchen's vehicles?")
unanswerable("e", "bhatta", "en", "Why did the kiln owner Jaswant Chaudhary at first refuse to let the kitchen in?")
unanswerable("a", "imarat", "en", "Who paid for the kitchen's new building?")
unanswerable("c", "iftar", "hi", "सलीम बागवान की दुकान किस बाज़ार में है?")
unanswerable("d", "iftar", "hi", "इफ़्तारी के लिए रोज़ कितने किलो पकौड़े तले जाते हैं?")
unanswerable("b", "iftar", "hi", "दिवाली पर साझी रसोई कितने लोगों को खाना खिलाती है?")
unanswerable("d", "bhatta", "hi", "भट्ठों पर नाश्ता करने वाले बच्चों में कितनी लड़कियाँ हैं?")
unanswerable("f", "bhatta", "hi", "भट्ठों पर काम करने वाले ये परिवार किन गाँवों से आते हैं?")
unanswerable("b", "talabandi", "hi", "तालाबंदी में कनाडा में रहने वाले लोगों ने रसोई को कितना चंदा भेजा?")
unanswerable("c", "talabandi", "hi", "कर्नल बलदेव सिंह किस रेजिमेंट में थे?")
unanswerable("a", "imarat", "hi", "नई इमारत की छत के सौर पैनलों पर कितना ख़र्च आया?")
unanswerable("c", "imarat", "hi", "हरबंस लाल अरोड़ा का निधन कब हुआ?")
unanswerable("f", "imarat", "hi", "रसोई की नई इमारत कितनी मंज़िल की है?")
unanswerable("c", "waste", "hi", "अर्जुन भट्ट किस इंजीनियरिंग कॉलेज में पढ़ते हैं?")
unanswerable("d", "tiffins", "hi", "हैज़े के डर के दिनों में कितने मरीज़ बीमार पड़े?")
unanswerable("b", "beginnings", "hi", "धर्मशाला में रात का खाना कितने बजे परोसा जाता है?")
unanswerable("e", "tiffins", "hi", "पप्पू यादव को ही रिक्शा चलाने के लिए क्यों चुना गया?")
unanswerable("d", "beginnings", "hi", "दरवाज़े के पास रखे पीतल के बर्तन में महीने भर में कितने पैसे जमा होते हैं?")

M = "missing_date"
add(M, "en", "What did the talk of 9 September 2018 cover?", date="2018-09-09")
add(M, "en", "Summarise the talk given on 2021-06-20.", date="2021-06-20")
add(M, "hi", "३ अक्टूबर २०२१ की वार्ता का सार बताइए", date="2021-10-03")
add(M, "hi", "17 मार्च 2019 को क्या कहा गया?", date="2019-03-17")


def check() -> None:
    """Every reference phrase is in a relevant talk (facts: in one of the question's talks; themes: in the talk)."""
    Q.check_references(HERE)


if __name__ == "__main__":
    check()
    Q.write(HERE)
    print("kinds:", dict(Counter((r["kind"], r["language"]) for r in Q.rows)))
    print("unanswerable sub-kinds:", dict(sorted(Counter(s for s, _ in SUBKIND.values()).items())))
