"""Write questions.jsonl (the third fresh set's labelled questions) from the table below; run from the repo root.

Every question is held out (``split`` "test"): this set was written before the issue-21 cross-language retrieval
change, is measured once per state, and its failures decide nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from questionset import QuestionSet  # noqa: E402  (notebooks/eval/questionset.py, shared by the fresh sets)

T = {  # talk key -> (source, date)
    "flock": ("flock-2018-03-11.md", "2018-03-11"), "looms": ("looms-2018-05-20.md", "2018-05-20"),
    "dyes": ("dyes-2018-08-05.md", "2018-08-05"), "fair": ("fair-2018-10-14.md", "2018-10-14"),
    "club": ("club-2019-02-17.md", "2019-02-17"), "mill": ("mill-2019-04-28.md", "2019-04-28"),
    "neel": ("neel-2018-07-01.md", "2018-07-01"), "charkha": ("charkha-2019-01-13.md", "2019-01-13"),
    "karghe": ("karghe-2018-05-20.md", "2018-05-20"), "mela": ("mela-2018-10-14.md", "2018-10-14"),
}
# per talk: its themes, each a list of reference phrases (any one found = the theme is covered)
THEMES = {
    "flock": [["1958", "Agnes Thorne", "240 sheep"], ["Peter Lunn", "eighteen volunteers", "Shearing day"],
              ["Brackwater Beck", "wooden tubs", "grease"], ["Kendal", "3.20", "fence"]],
    "looms": [["1911", "Josiah Penrose", "twelve looms"], ["Gwen Attwood", "2,750", "four looms"],
              ["Tomasz Nowak", "apprentice", "Leeds"], ["Thursday", "visitors", "strip of cloth"]],
    "dyes": [["vicarage lawn", "Madder", "woad"], ["sample book", "thirty-one colours"],
             ["Onion skins", "six jumpers"], ["copper pot", "gloves", "burned"]],
    "fair": [["1972", "Arthur Gale", "1,600"], ["raffle", "870", "village hall"],
             ["Maud Fenwick", "spinning contest", "eighty-one"], ["young makers", "Eleven children"]],
    "club": [["2015", "Lily Marsh", "thirty-one children"], ["ten squares", "plain knitting", "blanket"],
             ["mittens", "Beckside", "Forty-four pairs"], ["no needles", "tin by the door"]],
    "mill": [["1798", "hammers", "fulling mill"], ["flood", "14,000", "Owen Pryce"],
             ["turned again", "Yorkshire", "its own tweed"], ["museum", "Saturdays", "Schools"]],
    "neel": [["रमेश चौहान", "जयपुर", "चौबीस"], ["नौ दिन", "मटके", "चूने"],
             ["हरा दिखता", "नीला", "आठ-दस बार"], ["महिला मंडल", "सरला देवी", "पाँच सौ"]],
    "charkha": [["अहमदाबाद", "बारह पुराने चरखे"], ["रविवार", "गीता शर्मा", "उन्नीस"],
                ["धागा बार-बार टूटता", "पहिया"], ["कंबल", "छत्तीस", "बुज़ुर्गों"]],
    "karghe": [["१९११", "जोसाया पेनरोज़", "बारह करघे"], ["ग्वेन एटवुड", "२,७५०", "चार करघे"],
               ["टोमाश नोवाक", "शागिर्द", "लीड्स"], ["गुरुवार", "आगंतुकों"]],
    "mela": [["१९७२", "आर्थर गेल", "१,६००"], ["लॉटरी", "८७०", "हॉल"],
             ["मॉड फ़ेनविक", "कताई की प्रतियोगिता", "इक्यासी"], ["छोटे कारीगरों", "ग्यारह बच्चों"]],
}

Q = QuestionSet(T, THEMES, "h")
add = Q.add

D = "date_summary"
add(D, "en", "What did the talk of 11 March 2018 cover?", ("flock",), themes="flock")
add(D, "en", "Summarise the talk given on 2018-08-05.", ("dyes",), themes="dyes")
add(D, "en", "What was discussed on May 20, 2018?", ("looms", "karghe"), themes="looms")
add(D, "en", "Give me an overview of the 17/02/2019 talk.", ("club",), themes="club")
add(D, "en", "What did Harold Quayle talk about on 14 October 2018?", ("fair", "mela"), themes="fair")
add(D, "en", "What was the talk of 1 July 2018 about?", ("neel",), themes="neel")
add(D, "en", "Tell me what was taught on 28th April 2019.", ("mill",), themes="mill")
add(D, "hi", "२० मई २०१८ की वार्ता का सार बताइए", ("looms", "karghe"), themes="karghe")
add(D, "hi", "१४ अक्टूबर २०१८ की वार्ता में क्या कहा गया?", ("fair", "mela"), themes="mela")
add(D, "hi", "13 जनवरी 2019 की वार्ता का सारांश दीजिए", ("charkha",), themes="charkha")
add(D, "hi", "०१-०७-२०१८ की वार्ता में किन बातों पर चर्चा हुई?", ("neel",), themes="neel")

F = "fact"
add(F, "en", "Who started the guild's flock on Harrow Fell?", ("flock",), ("Agnes Thorne",))
add(F, "en", "How many sheep does the flock have today?", ("flock",), ("240",))
add(F, "en", "Who restored the broken looms?", ("looms", "karghe"), (("Gwen Attwood", "ग्वेन एटवुड"),))
add(F, "en", "When was the loom shed built?", ("looms", "karghe"), (("1911", "१९११"),))
add(F, "en", "How many colours are in the guild's sample book?", ("dyes",), ("thirty-one",))
add(F, "en", "Why does everyone in the dye kitchen wear long gloves?", ("dyes",), ("copper pot",))
add(F, "en", "How much money did the blanket raffle raise?", ("fair", "mela"), (("870", "८७०"),))
add(F, "en", "Who won the spinning contest at the wool fair?", ("fair", "mela"), (("Maud Fenwick", "मॉड फ़ेनविक"),))
add(F, "en", "Where are the mittens knitted by the club given?", ("club",), ("Beckside",))
add(F, "en", "How much did the repair of the mill wheel cost?", ("mill",), ("14,000",))
add(F, "hi", "नील की कार्यशाला में कितने लोगों ने भाग लिया?", ("neel",), ("चौबीस",))
add(F, "hi", "महिला मंडल ने दुपट्टों की कमाई से क्या ख़रीदा?", ("neel",), ("सिलाई मशीन",))
add(F, "hi", "चरखे की कक्षा कौन चलाती हैं?", ("charkha",), ("गीता शर्मा",))
add(F, "hi", "संघ का पहला शागिर्द कौन है?", ("looms", "karghe"), (("टोमाश नोवाक", "Tomasz Nowak"),))
add(F, "hi", "ऊन मेला किसने शुरू किया था?", ("fair", "mela"), (("आर्थर गेल", "Arthur Gale"),))

U = "unanswerable"
add(U, "en", "How old is Agnes Thorne?")
add(U, "en", "What is the name of Peter Lunn's daughter?")
add(U, "en", "How much did the new fence along the top pasture cost?")
add(U, "en", "When did Josiah Penrose die?")
add(U, "en", "Where was Ruth Ellery born?")
add(U, "en", "How many visitors came to the fulling mill museum last year?")
add(U, "en", "Who painted the village hall?")
add(U, "hi", "रमेश चौहान के बेटे का नाम क्या है?")
add(U, "hi", "गीता शर्मा की उम्र कितनी है?")
add(U, "hi", "सिलाई मशीन कितने रुपये में ख़रीदी गई?")
add(U, "hi", "सरला देवी किस शहर में पैदा हुईं?")

X = "cross_language"
add(X, "en", "Who taught the indigo dyeing workshop?", ("neel",), ("रमेश चौहान",))
add(X, "en", "How many days must the indigo vat rest before dyeing?", ("neel",), ("नौ दिन",))
add(X, "en", "Who leads the women's group that sells the indigo scarves?", ("neel",), ("सरला देवी",))
add(X, "en", "Which city did the donated spinning wheels come from?", ("charkha",), ("अहमदाबाद",))
add(X, "en", "How many blankets were woven for the old people's home?", ("charkha",), ("छत्तीस",))
add(X, "hi", "हैरो फ़ेल पर भेड़ों का झुंड किसने शुरू किया?", ("flock",), ("Agnes Thorne",))
add(X, "hi", "ऊन कतरने के दिन कितने स्वयंसेवक आए थे?", ("flock",), ("eighteen",))
add(X, "hi", "रंगों के बगीचे की देखभाल कौन करती हैं?", ("dyes",), ("Ruth Ellery",))
add(X, "hi", "बच्चों का बुनाई क्लब किसने शुरू किया?", ("club",), ("Lily Marsh",))
add(X, "hi", "पुरानी पनचक्की का पहिया किसने दोबारा बनाया?", ("mill",), ("Owen Pryce",))

M = "missing_date"
add(M, "en", "What did the talk of 9 September 2018 cover?", date="2018-09-09")
add(M, "en", "Summarise the talk of 2019-03-24.", date="2019-03-24")
add(M, "hi", "५ अगस्त २०१९ की वार्ता का सार बताइए", date="2019-08-05")
add(M, "hi", "३ फ़रवरी २०१९ को क्या कहा गया?", date="2019-02-03")

if __name__ == "__main__":
    Q.write(HERE)
