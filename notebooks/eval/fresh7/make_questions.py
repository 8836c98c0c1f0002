"""Write questions.jsonl (the seventh fresh set's labelled questions) from the table below; run from the repo root.

Every question is held out (``split`` "test"): this set was written before the next change to the answerer and the
support check, is measured once on the code before it (``before.json``) and once after it, and its per-question
failures are not read while developing.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from questionset import QuestionSet  # noqa: E402  (notebooks/eval/questionset.py, shared by the fresh sets)

T = {  # talk key -> (source, date)
    "founding": ("founding-2018-03-11.md", "2018-03-11"), "carving": ("carving-2018-07-22.md", "2018-07-22"),
    "tour": ("tour-2019-01-20.md", "2019-01-20"), "shadows": ("shadows-2019-09-15.md", "2019-09-15"),
    "chapel": ("chapel-2021-03-14.md", "2021-03-14"), "daura": ("daura-2019-01-20.md", "2019-01-20"),
    "ustad": ("ustad-2018-11-04.md", "2018-11-04"), "karyashala": ("karyashala-2019-05-26.md", "2019-05-26"),
    "diwali": ("diwali-2019-11-10.md", "2019-11-10"), "nivas": ("nivas-2020-02-16.md", "2020-02-16"),
}
# per talk: its themes, each a list of reference phrases (any one found = the theme is covered)
THEMES = {
    "founding": [["2009", "Ambrose Tull", "Meena Kapoor", "Miller's Goose"],
                 ["34 members", "eighty-two", "Nobody is paid"], ["60 performances", "four pounds", "twenty miles"],
                 ["Thursday", "Drovers' Arms", "Bridget Okafor"]],
    "carving": [["lime wood", "Hatherley Park", "Owen Marsh"], ["fifteen hours", "glass beads", "Kelsby"],
                ["eight adults", "Priya Lal", "Tom Haskett", "Community College"],
                ["four stitches", "glove", "chisel"]],
    "tour": [["eleven villages", "Corran valley", "Snow Queen"], ["1,260", "214", "Lowmoor"],
             ["Fell Top", "Gareth Price", "tractor", "Aldwick"], ["2,300", "3,100", "800 pounds"]],
    "shadows": [["shadow play", "X-ray film", "cereal boxes"], ["Dev Raghavan", "twenty minutes", "blackberries"],
                ["nine performances", "38 children", "three Saturdays"], ["bed sheet", "broom handles", "boot"]],
    "chapel": [["Methodist chapel", "Quarry Street", "68,000"], ["20,000", "Building Society", "fifteen years"],
               ["90 seats", "pews", "Marwick", "folding seats"], ["damp", "north wall", "Sunday morning"]],
    "daura": [["ग्यारह गाँवों", "कोरन घाटी", "बर्फ़ की रानी"], ["१,२६०", "दो सौ चौदह", "लोमूर"],
              ["फ़ेल टॉप", "गैरेथ प्राइस", "ट्रैक्टर", "एल्डविक"], ["२,३००", "३,१००", "आठ सौ पाउंड"]],
    "ustad": [["रमेश भाट", "उदयपुर", "सात पीढ़ियों"], ["चौदह सदस्यों", "धागों", "कलाई"],
              ["नौ सौ पाउंड", "कला परिषद", "हरप्रीत गिल"], ["अमर सिंह राठौड़", "छह पुरानी", "अलमारी"]],
    "karyashala": [["पाँच दिन", "बयालीस बच्चे", "आठ से बारह"], ["मोज़ों", "जसवंत सोढ़ी", "सिलाई घर"],
                   ["चाँद पर गया मेंढक", "आयशा बेग"], ["पाँच पाउंड", "रोटरी क्लब", "जुलाई"]],
    "diwali": [["विक्टोरिया पार्क", "सीता हरण", "दिवाली मेला"], ["तीन सौ लोग", "कमला जोशी", "दीयों"],
               ["रावण", "चार फ़ुट", "सैम ग्रीव्स"], ["ढाई सौ पाउंड", "पर्दा", "दो दिन"]],
    "nivas": [["विलो कोर्ट", "अट्ठाईस", "दूसरे बुधवार"], ["एडना फ़ेयरवेदर", "तिरानवे", "गाना"],
              ["ग्लोरिया मेंसा", "नींद"], ["हैदरली ट्रस्ट", "छह सौ पाउंड", "पेट्रोल"]],
}

Q = QuestionSet(T, THEMES, "b")
add = Q.add

D = "date_summary"
add(D, "en", "What did the talk of 11 March 2018 cover?", ("founding",), themes="founding")
add(D, "en", "Summarise the talk given on 2018-07-22.", ("carving",), themes="carving")
add(D, "en", "What was the talk on January 20th, 2019 about?", ("tour", "daura"), themes="tour")
add(D, "en", "Give me an overview of the 15/09/2019 talk.", ("shadows",), themes="shadows")
add(D, "en", "What was said in the talk of March 14, 2021?", ("chapel",), themes="chapel")
add(D, "en", "What did the talk on 4 November 2018 cover?", ("ustad",), themes="ustad")
add(D, "hi", "२० जनवरी २०१९ की वार्ता का सार बताइए", ("tour", "daura"), themes="daura")
add(D, "hi", "26 मई 2019 की वार्ता में क्या बताया गया?", ("karyashala",), themes="karyashala")
add(D, "hi", "१० नवंबर २०१९ की वार्ता का सारांश दीजिए", ("diwali",), themes="diwali")
add(D, "hi", "१६/०२/२०२० की वार्ता किस बारे में थी?", ("nivas",), themes="nivas")
add(D, "hi", "15 सितंबर 2019 की वार्ता में किन बातों पर चर्चा हुई?", ("shadows",), themes="shadows")
add(D, "hi", "४ नवंबर २०१८ को क्या कहा गया?", ("ustad",), themes="ustad")

F = "fact"
add(F, "en", "Who founded the Brackenford Puppet Theatre?", ("founding",), ("Ambrose Tull", "Meena Kapoor"))
add(F, "en", "In which year was the puppet troupe founded?", ("founding",), ("2009",))
add(F, "en", "How many members does the troupe have now?", ("founding",), ("34",))
add(F, "en", "How much does an adult ticket to a puppet show cost?", ("founding",), ("four pounds",))
add(F, "en", "Where does the troupe rehearse?", ("founding",), ("Drovers' Arms",))
add(F, "en", "Where does the lime wood for the puppet heads come from?", ("carving",), ("Hatherley Park",))
add(F, "en", "Why does every carver now wear a glove?", ("carving",), (("chisel", "thumb", "stitches"),))
add(F, "en", "How much did the troupe pay for the old chapel?", ("chapel",), ("68,000",))
add(F, "en", "How many people came to the shows of the winter tour?", ("tour", "daura"), (("1,260", "१,२६०"),))
add(F, "hi", "उदयपुर से कौन-से कठपुतली कलाकार ब्रैकनफ़र्ड आए थे?", ("ustad",), ("रमेश भाट",))
add(F, "hi", "रमेश भाट ने समूह के कितने सदस्यों को कठपुतली नचाना सिखाया?", ("ustad",), ("चौदह",))
add(F, "hi", "रमेश भाट के आने-जाने का ख़र्च किसने उठाया?", ("ustad",), ("कला परिषद",))
add(F, "hi", "गर्मी की कार्यशाला में कितने बच्चे आए?", ("karyashala",), ("बयालीस",))
add(F, "hi", "बच्चों के नाटक की कहानी किसने लिखी थी?", ("karyashala",), ("आयशा बेग",))
add(F, "hi", "विलो कोर्ट जाने के लिए समूह को हर साल कितना पैसा मिलता है?", ("nivas",), ("छह सौ पाउंड",))
add(F, "hi", "बर्फ़ में फँसी बस को किसने बाहर निकाला?", ("tour", "daura"), (("गैरेथ प्राइस", "Gareth Price"),))

U = "unanswerable"
add(U, "en", "How old was Ambrose Tull when he founded the troupe?")
add(U, "en", "What is the name of the doll maker in Kelsby who sells the glass eyes?")
add(U, "en", "How much did the second lighting stand cost?")
add(U, "en", "How many books does Brackenford Library hold?")
add(U, "en", "When was the Methodist chapel on Quarry Street built?")
add(U, "en", "What interest does the Building Society charge on the troupe's loan?")
add(U, "hi", "रमेश भाट की उम्र कितनी है?")
add(U, "hi", "'सिलाई घर' दुकान किस सड़क पर है?")
add(U, "hi", "'चाँद पर गया मेंढक' नाटक कितने मिनट का था?")
add(U, "hi", "रावण की कठपुतली किसने बनाई थी?")
add(U, "hi", "विलो कोर्ट बुज़ुर्गों का घर कब खुला था?")
add(U, "hi", "रोटरी क्लब ने कितने बच्चों की फ़ीस भरी?")

X = "cross_language"
add(X, "en", "For how many generations has Ramesh Bhat's family shown puppets?", ("ustad",), ("सात",))
add(X, "en", "Who gave the socks, wool and buttons for the children's glove puppets?", ("karyashala",),
    ("जसवंत सोढ़ी",))
add(X, "en", "Who decorated the stage at the Diwali fair?", ("diwali",), ("कमला जोशी",))
add(X, "en", "How much money did the fair committee give the troupe?", ("diwali",), ("ढाई सौ",))
add(X, "en", "How old is Edna Fairweather?", ("nivas",), ("तिरानवे",))
add(X, "hi", "पुस्तकालय वाले छाया-नाटक की कहानी किसने लिखी?", ("shadows",), ("Dev Raghavan",))
add(X, "hi", "नक्काशी की कक्षा में कितने लोग थे?", ("carving",), ("eight",))
add(X, "hi", "नगर परिषद ने चैपल के लिए कितना अनुदान दिया?", ("chapel",), ("20,000",))
add(X, "hi", "कठपुतलियों के सिर किस लकड़ी से बनाए जाते हैं?", ("carving",), ("lime",))
add(X, "hi", "पुराने चैपल में कितनी सीटों की जगह है?", ("chapel",), ("90",))
add(X, "hi", "समूह का पहला खेल किसके गैराज में हुआ था?", ("founding",), ("Ambrose",))

M = "missing_date"
add(M, "en", "What did the talk of 9 June 2019 cover?", date="2019-06-09")
add(M, "en", "Summarise the talk of 2020-11-22.", date="2020-11-22")
add(M, "hi", "१२ अगस्त २०१८ की वार्ता का सार बताइए", date="2018-08-12")
add(M, "hi", "३ मार्च २०२१ को क्या कहा गया?", date="2021-03-03")

if __name__ == "__main__":
    Q.write(HERE)
