"""Write questions.jsonl (the second fresh set's labelled questions) from the table below; run from the repo root.

Every question is held out (``split`` "test"): this set is measured once, after the rules were shaped on the first
fresh set, and its failures decide nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from questionset import QuestionSet  # noqa: E402  (notebooks/eval/questionset.py, shared by the fresh sets)

T = {  # talk key -> (source, date)
    "nets": ("nets-2011-02-06.md", "2011-02-06"), "light": ("lighthouse-2011-05-15.md", "2011-05-15"),
    "boats": ("boats-2011-08-21.md", "2011-08-21"), "market": ("market-2011-11-13.md", "2011-11-13"),
    "storm": ("storm-2012-03-04.md", "2012-03-04"), "school": ("school-2012-06-17.md", "2012-06-17"),
    "namak": ("namak-2011-09-25.md", "2011-09-25"), "mangrove": ("mangrove-2012-01-08.md", "2012-01-08"),
    "deep": ("deepstambh-2011-05-15.md", "2011-05-15"), "toofan": ("toofan-2012-03-04.md", "2012-03-04"),
}
# per talk: its themes, each a list of reference phrases (any one found = the theme is covered)
THEMES = {
    "nets": [["Morag Keane", "Skerra", "boathouse"], ["sheet bend", "knot", "driftwood"],
             ["twine", "380", "Aberlady"], ["hammocks", "bags"]],
    "light": [["1853", "Thomas Baird", "twenty-two metres"], ["Fiona Strachan", "9,000", "cottage"],
              ["117 steps", "Sundays", "spiral stair"], ["museum", "logbooks"]],
    "boats": [["1902", "Hamish Dow", "larch"], ["Isla Grant", "apprentice", "Glasgow"],
              ["slipway", "1,450", "Twenty-five volunteers"], ["rowing boat", "launched", "vote"]],
    "market": [["1979", "Rory Baxter", "fourteen boats"], ["mackerel", "smokehouse", "Jean Lamont"],
               ["cold store", "credit union", "four days"], ["cooking table", "hundred people"]],
    "storm": [["140", "Seven boats", "forty years"], ["Ewan Blair", "coastguard", "Thirty families"],
              ["crack", "60,000", "12,000"], ["Margaret Lyle", "post office", "list"]],
    "school": [["Eilidh Morrison", "2006", "Forty-two children"], ["fifty metres", "lifeguards", "swimming test"],
               ["Seal Rock", "three rowing boats"], ["birds", "oystercatchers", "thirty-four"]],
    "namak": [["१९३४", "गोपाल मेहता", "अठारह परिवार"], ["क्यारियों", "धूप", "तीन हफ़्ते"],
              ["बाईस टन", "राजकोट"], ["रबर के जूते", "चश्मे", "अनिल जोशी"]],
    "mangrove": [["पचास साल", "काट दिए"], ["तीन हज़ार", "लता पिल्लै", "पौधे"],
                 ["जड़ें", "केकड़े", "लहरों"], ["युवा समिति", "रवि कुमार", "नौ सदस्य"]],
    "deep": [["१८५३", "थॉमस बेयर्ड", "बाईस मीटर"], ["फ़ियोना स्ट्रैचन", "९,०००", "ग्यारह हफ़्ते"],
             ["११७", "रविवार", "सीढ़ी"], ["संग्रहालय", "लॉग-पुस्तकें"]],
    "toofan": [["१४०", "सात नावें", "चालीस साल"], ["इवान ब्लेयर", "तटरक्षक", "तीस परिवारों"],
               ["दरार", "६०,०००", "१२,०००"], ["मार्गरेट लाइल", "डाकघर", "सूची"]],
}


Q = QuestionSet(T, THEMES, "g")
add = Q.add


D = "date_summary"
add(D, "en", "What did the talk of 6 February 2011 cover?", ("nets",), themes="nets")
add(D, "en", "Summarize the talk from 2011-08-21.", ("boats",), themes="boats")
add(D, "en", "What was discussed at the meeting on Nov 13, 2011?", ("market",), themes="market")
add(D, "en", "What was the talk of 15 May 2011 about?", ("light", "deep"), themes="light")
add(D, "en", "Give me an overview of the 17/06/2012 talk.", ("school",), themes="school")
add(D, "en", "What did Duncan Orr talk about on March 4, 2012?", ("storm", "toofan"), themes="storm")
add(D, "en", "What was said on 25 September 2011?", ("namak",), themes="namak")
add(D, "hi", "१५ मई २०११ की वार्ता का सार बताइए", ("light", "deep"), themes="deep")
add(D, "hi", "४ मार्च २०१२ की वार्ता में क्या कहा गया?", ("storm", "toofan"), themes="toofan")
add(D, "hi", "८ जनवरी २०१२ की वार्ता का सारांश दीजिए", ("mangrove",), themes="mangrove")
add(D, "hi", "2011-09-25 की वार्ता में किन बातों पर चर्चा हुई?", ("namak",), themes="namak")

F = "fact"
add(F, "en", "Who led the mending of the nets this winter?", ("nets",), ("Morag Keane",))
add(F, "en", "How much did the new twine cost?", ("nets",), ("380",))
add(F, "en", "Who built the lighthouse on Carrick Point?", ("light", "deep"), (("Thomas Baird", "थॉमस बेयर्ड"),))
add(F, "en", "When was the lighthouse made automatic?", ("light", "deep"), (("1987", "१९८७"),))
add(F, "en", "How many steps does the spiral stair of the lighthouse have?", ("light", "deep"), (("117", "११७"),))
add(F, "en", "Where is the larch for Hamish Dow's boats from?", ("boats",), ("Glenmorie",))
add(F, "en", "Who started the fish market?", ("market",), ("Rory Baxter",))
add(F, "en", "Why did nobody get hurt in the January storm?", ("storm", "toofan"), ("coastguard",))
add(F, "en", "How many children take part in the sea school this year?", ("school",), ("Forty-two",))
add(F, "en", "Who founded the sea school?", ("school",), ("Eilidh Morrison",))
add(F, "hi", "नमक के खेत किसने बनवाए थे?", ("namak",), ("गोपाल मेहता",))
add(F, "hi", "इस साल कितना नमक बेचा गया?", ("namak",), ("बाईस टन",))
add(F, "hi", "मैंग्रोव के पौधे लगाने का काम किसने संभाला?", ("mangrove",), ("लता पिल्लै",))
add(F, "hi", "मछुआरे मैंग्रोव के जंगल को क्यों बचाना चाहते हैं?", ("mangrove",), (("केकड़े", "मछलियाँ"),))
add(F, "hi", "तूफ़ान की चेतावनी घर-घर किसने पहुँचाई?", ("storm", "toofan"), ("इवान ब्लेयर",))

U = "unanswerable"
add(U, "en", "How old is Morag Keane?")
add(U, "en", "What is the name of Hamish Dow's son?")
add(U, "en", "How many visitors climbed the lighthouse last year?")
add(U, "en", "When did Rory Baxter die?")
add(U, "en", "Where was Isla Grant born?")
add(U, "en", "How much did the new cold store cost?")
add(U, "en", "Who painted the lighthouse?")
add(U, "hi", "गोपाल मेहता के बेटे का नाम क्या है?")
add(U, "hi", "रवि कुमार की उम्र कितनी है?")
add(U, "hi", "मैंग्रोव के पौधे ख़रीदने में कितना पैसा लगा?")
add(U, "hi", "लता पिल्लै किस शहर में पैदा हुईं?")

X = "cross_language"
add(X, "en", "Who bought most of the salt?", ("namak",), ("राजकोट",))
add(X, "en", "How many families make salt on the salt pans?", ("namak",), ("अठारह",))
add(X, "en", "How many new mangrove saplings were planted?", ("mangrove",), ("तीन हज़ार",))
add(X, "en", "Who heads the youth committee that guards the mangrove forest?", ("mangrove",), ("रवि कुमार",))
add(X, "en", "On whose advice were the rubber boots given out?", ("namak",), ("अनिल जोशी",))
add(X, "hi", "बंदरगाह के पुराने नाव कारखाने में नाव कौन बनाता है?", ("boats",), ("Hamish Dow",))
add(X, "hi", "मछली बाज़ार किसने शुरू किया था?", ("market",), ("Rory Baxter",))
add(X, "hi", "धुएँ वाली मछली का घर किसने फिर से खोला?", ("market",), ("Jean Lamont",))
add(X, "hi", "समुद्री स्कूल की स्थापना किसने की?", ("school",), ("Eilidh Morrison",))
add(X, "hi", "जाल की मरम्मत का काम किसने संभाला?", ("nets",), ("Morag Keane",))

M = "missing_date"
add(M, "en", "What did the talk of 9 October 2011 cover?", date="2011-10-09")
add(M, "en", "Summarise the talk of 2012-02-19.", date="2012-02-19")
add(M, "hi", "३ जून २०१२ की वार्ता का सार बताइए", date="2012-06-03")
add(M, "hi", "२० नवंबर २०११ को क्या कहा गया?", date="2011-11-20")

if __name__ == "__main__":
    Q.write(HERE)
