"""Write questions.jsonl (the fourth fresh set's labelled questions) from the table below; run from the repo root.

Every question is held out (``split`` "test"): this set was written before the issue-21 cross-language answerer
change, is measured once before and once after it, and its per-question failures are not read while developing.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from questionset import QuestionSet  # noqa: E402  (notebooks/eval/questionset.py, shared by the fresh sets)

T = {  # talk key -> (source, date)
    "dome": ("dome-2021-02-14.md", "2021-02-14"), "lens": ("lens-2021-04-11.md", "2021-04-11"),
    "dark": ("darksky-2021-06-20.md", "2021-06-20"), "meteor": ("meteor-2021-08-15.md", "2021-08-15"),
    "schools": ("schools-2021-10-17.md", "2021-10-17"), "plates": ("plates-2022-01-23.md", "2022-01-23"),
    "vidyalaya": ("vidyalaya-2021-10-17.md", "2021-10-17"), "grahan": ("grahan-2021-11-19.md", "2021-11-19"),
    "nakshatra": ("nakshatra-2022-03-06.md", "2022-03-06"),
    "taramandal": ("taramandal-2022-05-08.md", "2022-05-08"),
}
# per talk: its themes, each a list of reference phrases (any one found = the theme is covered)
THEMES = {
    "dome": [["1934", "Elias Morrow", "sextant"], ["Nadia Kovac", "3,400", "shutter"],
             ["copper roof", "green", "landmark"], ["clear Friday", "red film", "torch"]],
    "lens": [["1901", "Glasgow", "900 pounds"], ["140 kilograms", "eleven men", "pulley"],
             ["Frank Ilsley", "distilled water"], ["Priya Nair", "clock drive", "electric motor"]],
    "dark": [["petition", "Maya Oduya", "1,150"], ["62 street lamps", "half their brightness", "yellow"],
             ["moths", "bats"], ["dark sky community", "headlights"]],
    "meteor": [["Gull Head", "230 people", "Perseid"], ["74 meteors", "fireball"],
               ["hot soup", "Barney Rowe", "three hundred cups"], ["lost", "armband", "red lantern"]],
    "schools": [["fourteen telescopes", "5,600"], ["Grace Ambler", "St Brannock", "Moon changes shape"],
                ["calendar", "400 copies"], ["broken finder", "padded box", "checklist"]],
    "plates": [["2,300", "Iris Calloway", "1936"], ["780 plates", "flatbed scanner", "cotton gloves"],
               ["variable star", "Leiden", "Swan"], ["online", "acid-free", "Truro"]],
    "vidyalaya": [["चौदह दूरबीनें", "५,६००"], ["ग्रेस एम्बलर", "सेंट ब्रैनक", "आकार क्यों बदलता"],
                  ["कैलेंडर", "४०० प्रतियाँ"], ["टूटे हुए खोजक", "गद्देदार डिब्बे", "जाँच-सूची"]],
    "grahan": [["तीन सौ दस", "आठ इंच", "चंद्रग्रहण"], ["तांबे जैसा लाल", "धरती की छाया"],
               ["कबीर सेठी", "हर दस मिनट"], ["चाय", "सात सौ बीस", "बचाव दल"]],
    "nakshatra": [["सावित्री जोशी", "नानी", "पहली शनिवार"], ["सत्ताईस नक्षत्रों", "कृत्तिका", "बुआई"],
                  ["पाँच सौ प्रतियाँ", "अठारह सौ", "पुस्तकालय"], ["अर्जुन बाली", "अनुवाद"]],
    "taramandal": [["छह हज़ार दो सौ", "पच्चीस बच्चे"], ["दीपक सैनी", "भोपाल", "प्रोजेक्टर"],
                   ["ग्यारह गाँवों", "मोहन लाल", "पंखा"], ["अस्पताल", "छोटा तंबू"]],
}

Q = QuestionSet(T, THEMES, "k")
add = Q.add

D = "date_summary"
add(D, "en", "What did the talk of 14 February 2021 cover?", ("dome",), themes="dome")
add(D, "en", "Summarise the talk given on 2021-04-11.", ("lens",), themes="lens")
add(D, "en", "What was discussed on June 20, 2021?", ("dark",), themes="dark")
add(D, "en", "Give me an overview of the 15/08/2021 talk.", ("meteor",), themes="meteor")
add(D, "en", "What did Grace Ambler talk about on 17 October 2021?", ("schools", "vidyalaya"), themes="schools")
add(D, "en", "What was the talk of 23rd January 2022 about?", ("plates",), themes="plates")
add(D, "en", "Tell me what was said on 6 March 2022.", ("nakshatra",), themes="nakshatra")
add(D, "hi", "१७ अक्टूबर २०२१ की वार्ता का सार बताइए", ("schools", "vidyalaya"), themes="vidyalaya")
add(D, "hi", "19 नवंबर 2021 की वार्ता में क्या कहा गया?", ("grahan",), themes="grahan")
add(D, "hi", "८ मई २०२२ की वार्ता का सारांश दीजिए", ("taramandal",), themes="taramandal")
add(D, "hi", "०६-०३-२०२२ की वार्ता में किन बातों पर चर्चा हुई?", ("nakshatra",), themes="nakshatra")
add(D, "hi", "14 फ़रवरी 2021 की वार्ता किस बारे में थी?", ("dome",), themes="dome")

F = "fact"
add(F, "en", "Who built the observatory on Lantern Hill?", ("dome",), ("Elias Morrow",))
add(F, "en", "How much did the repair of the dome shutter cost?", ("dome",), ("3,400",))
add(F, "en", "Why was the green colour of the copper roof kept?", ("dome",), ("landmark",))
add(F, "en", "When did the society buy the brass refractor?", ("lens",), ("1952",))
add(F, "en", "Who cleans the lens of the great refractor?", ("lens",), ("Frank Ilsley",))
add(F, "en", "How many signatures did the dark sky petition collect?", ("dark",), ("1,150",))
add(F, "en", "How many meteors were counted in the best hour?", ("meteor",), ("74",))
add(F, "en", "Who served hot soup on meteor night?", ("meteor",), (("Barney Rowe", "sailing club"),))
add(F, "en", "How many telescopes does the society lend to schools?", ("schools", "vidyalaya"),
    (("fourteen", "चौदह"),))
add(F, "en", "Where are the original glass plates kept now?", ("plates",), ("Truro",))
add(F, "hi", "चंद्रग्रहण की शाम कितने लोग आए?", ("grahan",), ("तीन सौ दस",))
add(F, "hi", "चाय की कमाई किसे दान की गई?", ("grahan",), ("बचाव दल",))
add(F, "hi", "आकाश की कहानियों की बैठक कौन चलाती हैं?", ("nakshatra",), ("सावित्री जोशी",))
add(F, "hi", "तंबू-तारामंडल की क़ीमत कितनी थी?", ("taramandal",), ("छह हज़ार दो सौ",))
add(F, "hi", "स्कूलों की दूरबीन योजना किसने शुरू की?", ("schools", "vidyalaya"),
    (("ग्रेस एम्बलर", "Grace Ambler"),))

U = "unanswerable"
add(U, "en", "How old was Elias Morrow when he died?")
add(U, "en", "What is the name of Nadia Kovac's husband?")
add(U, "en", "How much did the new copper roof cost?")
add(U, "en", "Who ground the lens of the great refractor?")
add(U, "en", "Where was Maya Oduya born?")
add(U, "en", "How many bats did the volunteers count?")
add(U, "en", "When did Iris Calloway die?")
add(U, "hi", "कबीर सेठी किस स्कूल में पढ़ता है?")
add(U, "hi", "सावित्री जोशी की नानी का नाम क्या था?")
add(U, "hi", "नया पंखा कितने पाउंड में आया?")
add(U, "hi", "दीपक सैनी की उम्र कितनी है?")

X = "cross_language"
add(X, "en", "How many people came to watch the lunar eclipse?", ("grahan",), ("तीन सौ दस",))
add(X, "en", "Who photographed the Moon every ten minutes during the eclipse?", ("grahan",), ("कबीर सेठी",))
add(X, "en", "How many copies of the sky stories book were printed?", ("nakshatra",), ("पाँच सौ",))
add(X, "en", "Who translates the sky stories for English-speaking families?", ("nakshatra",), ("अर्जुन बाली",))
add(X, "en", "Who runs the inflatable planetarium?", ("taramandal",), ("दीपक सैनी",))
add(X, "hi", "वेधशाला का शटर किसने दोबारा बनाया?", ("dome",), ("Nadia Kovac",))
add(X, "hi", "दूरबीन की घड़ी-मोटर किस छात्रा ने बदली?", ("lens",), ("Priya Nair",))
add(X, "hi", "अंधेरे आसमान की याचिका पर किसने हस्ताक्षर इकट्ठे किए?", ("dark",), ("Maya Oduya",))
add(X, "hi", "उल्का की रात को कितने लोग आए थे?", ("meteor",), ("230",))
add(X, "hi", "काँच की प्लेटों की तस्वीरें किसने खींची थीं?", ("plates",), ("Iris Calloway",))

M = "missing_date"
add(M, "en", "What did the talk of 12 September 2021 cover?", date="2021-09-12")
add(M, "en", "Summarise the talk of 2022-02-20.", date="2022-02-20")
add(M, "hi", "५ जून २०२२ की वार्ता का सार बताइए", date="2022-06-05")
add(M, "hi", "३ जुलाई २०२१ को क्या कहा गया?", date="2021-07-03")

if __name__ == "__main__":
    Q.write(HERE)
