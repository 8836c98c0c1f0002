"""Write questions.jsonl (the sixth fresh set's labelled questions) from the table below; run from the repo root.

Every question is held out (``split`` "test"): this set was written before the issue-21 answer-type evidence change,
is measured once before and once after it, and its per-question failures are not read while developing.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from questionset import QuestionSet  # noqa: E402  (notebooks/eval/questionset.py, shared by the fresh sets)

T = {  # talk key -> (source, date)
    "workshop": ("workshop-2019-02-10.md", "2019-02-10"), "school": ("school-2019-05-19.md", "2019-05-19"),
    "towpath": ("towpath-2019-08-25.md", "2019-08-25"), "tools": ("tools-2020-03-01.md", "2020-03-01"),
    "ride": ("ride-2020-10-04.md", "2020-10-04"), "savari": ("savari-2020-10-04.md", "2020-10-04"),
    "chori": ("chori-2019-11-17.md", "2019-11-17"), "batti": ("batti-2020-01-26.md", "2020-01-26"),
    "sharan": ("sharan-2020-06-14.md", "2020-06-14"), "mahila": ("mahila-2021-02-21.md", "2021-02-21"),
}
# per talk: its themes, each a list of reference phrases (any one found = the theme is covered)
THEMES = {
    "workshop": [["2016", "Dorothy Quill", "fire station"], ["412", "Harrow Cross", "Leon Bright"],
                 ["Tuesday", "two pounds", "stands"], ["burst pipe", "40 inner tubes", "600 pounds", "shelving"]],
    "school": [["Fenwick Road", "58 pupils", "playground"], ["Samuel Achebe", "road safety", "instructor badge"],
               ["Twenty children", "bright orange", "refurbished"], ["Ingrid Falk", "bike shed", "pallets"]],
    "towpath": [["eleven kilometres", "Oxley Lock", "mud"], ["gravel", "1,300", "90,000"],
                ["ring twice", "eight bridges", "Hannah Wolde"], ["repair station", "Lockkeeper"]],
    "tools": [["chain whip", "truing stand", "37 other"], ["Felix Amara", "exercise book", "librarian"],
              ["gone missing", "apology", "bottom bracket"], ["deposit", "ten pounds", "fragile"]],
    "ride": [["Ninety-four", "45 kilometres", "Thistlecombe"], ["Edith Marchbank", "81", "tricycle"],
             ["3,400", "St Oswin", "children's ward"], ["punctures", "scones", "Women's Institute"]],
    "savari": [["चौरानवे", "पैंतालीस किलोमीटर"], ["एडिथ मार्चबैंक", "इक्यासी", "तिपहिया"],
               ["३,४००", "ओस्विन", "बच्चों के वार्ड"], ["पंक्चर", "स्कोन", "महिला संस्थान"]],
    "chori": [["सत्रह साइकिलें", "स्टेशन", "तार वाले"], ["दानिश क़ुरैशी", "पहचान संख्या", "दो सौ"],
              ["यू-ताला", "आधी क़ीमत", "नगर परिषद"], ["ऑनलाइन बाज़ार", "तीन साइकिलें", "मालिकों"]],
    "batti": [["एक सौ बीस", "बत्तियाँ", "गेट"], ["ब्राइटवे", "जेम्स होल्ट"], ["पीली जैकेट", "नसरीन ख़ान"],
              ["नमक", "जंग", "ज़ंजीर"]],
    "sharan": [["छियासठ", "शरणार्थी"], ["यूसुफ़ हद्दाद", "सीरिया"], ["हेलमेट", "नक्शा", "तीन भाषाओं"],
               ["लॉकडाउन", "गैराज"]],
    "mahila": [["पहले सोमवार", "उन्नीस महिलाएँ"], ["ग्रेस ओकोंक्वो", "बीस साल"], ["ब्रेक", "गंभीरता"],
               ["सामुदायिक कोष", "आठ सौ पाउंड"]],
}

Q = QuestionSet(T, THEMES, "p")
add = Q.add

D = "date_summary"
add(D, "en", "What did the talk of 10 February 2019 cover?", ("workshop",), themes="workshop")
add(D, "en", "Summarise the talk given on 2019-05-19.", ("school",), themes="school")
add(D, "en", "What was said at the talk on August 25th, 2019?", ("towpath",), themes="towpath")
add(D, "en", "Give me an overview of the 01/03/2020 talk.", ("tools",), themes="tools")
add(D, "en", "What was the talk of 4 October 2020 about?", ("ride", "savari"), themes="ride")
add(D, "en", "What did the talk on 17 November 2019 cover?", ("chori",), themes="chori")
add(D, "hi", "४ अक्टूबर २०२० की वार्ता का सार बताइए", ("ride", "savari"), themes="savari")
add(D, "hi", "26 जनवरी 2020 की वार्ता में क्या बताया गया?", ("batti",), themes="batti")
add(D, "hi", "१४ जून २०२० की वार्ता का सारांश दीजिए", ("sharan",), themes="sharan")
add(D, "hi", "२१-०२-२०२१ की वार्ता किस बारे में थी?", ("mahila",), themes="mahila")
add(D, "hi", "25 अगस्त 2019 की वार्ता में किन बातों पर चर्चा हुई?", ("towpath",), themes="towpath")
add(D, "hi", "१७ नवंबर २०१९ को क्या कहा गया?", ("chori",), themes="chori")

F = "fact"
add(F, "en", "Who started the cycle repair collective?", ("workshop",), ("Dorothy Quill",))
add(F, "en", "When was the collective started?", ("workshop",), ("2016",))
add(F, "en", "How many bicycles did the volunteers repair last year?", ("workshop",), ("412",))
add(F, "en", "How many pupils took the cycling lessons?", ("school",), ("58",))
add(F, "en", "How much did the new gravel on the towpath cost?", ("towpath",), ("90,000",))
add(F, "en", "Who keeps the catalogue of the tool library?", ("tools",), ("Felix Amara",))
add(F, "en", "How much is the deposit for the truing stand?", ("tools",), ("ten pounds",))
add(F, "en", "Why did the collective paint words on the bridges?", ("towpath",), (("fast riders", "complained"),))
add(F, "en", "How much money did the charity ride raise?", ("ride", "savari"), (("3,400", "३,४००"),))
add(F, "hi", "रेलवे स्टेशन के बाहर से कितनी साइकिलें चोरी हुईं?", ("chori",), ("सत्रह",))
add(F, "hi", "बच्चों की बत्तियाँ किस कंपनी ने दान कीं?", ("batti",), ("ब्राइटवे",))
add(F, "hi", "पीली जैकेटें किसने सिलीं?", ("batti",), ("नसरीन ख़ान",))
add(F, "hi", "शरणार्थी परिवारों को कितनी साइकिलें दी गईं?", ("sharan",), ("छियासठ",))
add(F, "hi", "महिलाओं की मरम्मत शामें कौन चलाती हैं?", ("mahila",), ("ग्रेस ओकोंक्वो",))
add(F, "hi", "सामुदायिक कोष ने कितने पाउंड दिए?", ("mahila",), ("आठ सौ",))
add(F, "hi", "दान सवारी की सबसे बुज़ुर्ग सवार कौन थीं?", ("ride", "savari"),
    (("एडिथ मार्चबैंक", "Edith Marchbank"),))

U = "unanswerable"
add(U, "en", "How old was Dorothy Quill when she started the collective?")
add(U, "en", "Where does the instructor Samuel Achebe live?")
add(U, "en", "How much did the bike shed at Fenwick Road Primary cost?")
add(U, "en", "When was the Pell Canal built?")
add(U, "en", "How many members borrow from the tool library?")
add(U, "en", "Who was the fastest rider in the charity ride?")
add(U, "hi", "दानिश क़ुरैशी किस थाने में काम करते हैं?")
add(U, "hi", "ब्राइटवे लाइटिंग कंपनी कब शुरू हुई?")
add(U, "hi", "यूसुफ़ हद्दाद के कितने बच्चे हैं?")
add(U, "hi", "ग्रेस ओकोंक्वो की साइकिल दुकान किस शहर में थी?")
add(U, "hi", "यू-ताले की पूरी क़ीमत कितने पाउंड है?")
add(U, "hi", "शहर के नक्शे किसने छापे?")

X = "cross_language"
add(X, "en", "How many bicycles were stolen outside the railway station?", ("chori",), ("सत्रह",))
add(X, "en", "Which police officer helped to engrave the bike frames?", ("chori",), ("दानिश क़ुरैशी",))
add(X, "en", "Who repaired the bicycles given to refugee families?", ("sharan",), ("यूसुफ़ हद्दाद",))
add(X, "en", "How many women came to the first repair evening?", ("mahila",), ("उन्नीस",))
add(X, "en", "Which company donated the bike lights?", ("batti",), ("ब्राइटवे",))
add(X, "hi", "रीसाइक्लिंग केंद्र का मैनेजर कौन है?", ("workshop",), ("Leon Bright",))
add(X, "hi", "स्कूल के बच्चों को साइकिल चलाना किसने सिखाया?", ("school",), ("Samuel Achebe",))
add(X, "hi", "नहर के किनारे का रास्ता कितने किलोमीटर लंबा है?", ("towpath",), ("eleven",))
add(X, "hi", "औज़ारों की सूची कौन रखता है?", ("tools",), ("Felix Amara",))
add(X, "hi", "पाइप फटने से कितनी ट्यूबें ख़राब हुईं?", ("workshop",), ("40",))
add(X, "hi", "स्कूल का साइकिल शेड किस चीज़ से बनाया गया?", ("school",), ("pallets",))

M = "missing_date"
add(M, "en", "What did the talk of 8 March 2020 cover?", date="2020-03-08")
add(M, "en", "Summarise the talk of 2019-12-08.", date="2019-12-08")
add(M, "hi", "१० मई २०२० की वार्ता का सार बताइए", date="2020-05-10")
add(M, "hi", "३ जनवरी २०२१ को क्या कहा गया?", date="2021-01-03")

if __name__ == "__main__":
    Q.write(HERE)
