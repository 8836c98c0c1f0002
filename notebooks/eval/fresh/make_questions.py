"""Write questions.jsonl (the fresh set's labelled questions) from the table below; run from the repo root."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from questionset import QuestionSet  # noqa: E402  (notebooks/eval/questionset.py, shared by the fresh sets)

T = {  # talk key -> (source, date)
    "seeds": ("seeds-2004-03-14.md", "2004-03-14"), "well": ("well-2004-06-20.md", "2004-06-20"),
    "bees": ("bees-2004-09-05.md", "2004-09-05"), "rosewood": ("rosewood-2004-11-28.md", "2004-11-28"),
    "mending": ("mending-2005-02-13.md", "2005-02-13"), "paths": ("paths-2005-04-24.md", "2005-04-24"),
    "fair": ("fair-2005-07-10.md", "2005-07-10"), "storage": ("storage-2005-10-02.md", "2005-10-02"),
    "mitti": ("mitti-2004-08-15.md", "2004-08-15"), "paani": ("paani-2005-01-16.md", "2005-01-16"),
    "madhu": ("madhumakkhi-2004-09-05.md", "2004-09-05"), "raaste": ("raaste-2005-04-24.md", "2005-04-24"),
}
# per talk: its themes, each a list of reference phrases (any one found = the theme is covered)
THEMES = {
    "seeds": [["seed library", "312", "Harold Finch", "Mill Lane"], ["frost", "Dalton", "blankets"],
              ["compost", "brown material", "heap"], ["Alder Street", "Maya Osei", "twelve small plots", "pumpkins"]],
    "well": [["1887", "Elias Crane", "eighteen metres"], ["pump", "Samuel Okafor", "640"],
             ["rota", "Twenty-three households"], ["rain barrels", "fifty barrels"]],
    "bees": [["seven hives", "Clara Bell"], ["swarm", "Daniel Reyes"], ["honey", "eighty-five", "Eastford"],
             ["verges", "clover", "flowers"]],
    "rosewood": [["Rosewood House", "1961", "Lowe"], ["soup", "Farida Shah", "sixty people"],
                 ["apple press", "Oakridge", "nine hundred litres"], ["lantern", "river bridge"]],
    "mending": [["repair café", "Leon Marsh"], ["214", "bicycles", "cuckoo clock"],
                ["dug out of the ground", "kettle", "patience"], ["tool library", "ninety-six"]],
    "paths": [["footpath", "Kestrel Hill", "480"], ["hedge", "Walter Price", "Wales"],
              ["boundary stones", "1742", "nine of them"], ["neighbours", "quarrels", "Before you build a fence"]],
    "fair": [["1,200 visitors", "brass band"], ["tug of war", "Millers"], ["missing", "Jonah Pike", "asleep"],
             ["2,300", "roof"]],
    "storage": [["root cellar", "1923", "two tonnes"], ["dried", "Ivy Carmody", "drying racks"],
                ["pickling", "Rosa Lind", "Sweden"], ["food boxes", "thirty-five families"]],
    "mitti": [["कार्यशाला", "सत्ताईस", "नागपुर"], ["केंचुआ", "सुनीता पाटिल", "केंचुए"],
              ["पुआल", "ढककर", "ढकी"], ["दालें", "गेहूँ", "नाइट्रोजन"]],
    "paani": [["तालाब", "चालीस स्वयंसेवकों"], ["टपक सिंचाई", "पंद्रह किसानों"], ["१९९९", "कुआँ", "टैंकर"],
              ["महिला समिति", "शांता बाई", "ग्यारह"]],
    "madhu": [["सात छत्ते", "क्लारा बेल"], ["झुंड", "डैनियल रेयेस"], ["शहद", "पचासी", "ईस्टफ़ोर्ड"],
              ["फूल", "तिपतिया", "घास"]],
    "raaste": [["पैदल रास्ता", "केस्ट्रल", "४८०"], ["वॉल्टर प्राइस", "वेल्स", "बाड़ें"],
               ["सीमा-पत्थर", "१७४२", "नौ पत्थर"], ["पड़ोसी", "झगड़े", "बाड़ बनाने से पहले"]],
}


Q = QuestionSet(T, THEMES, "f")


def add(kind: str, split: str, lang: str, question: str, *args, **kwargs) -> None:
    """A row of ``split`` (``dev``: looked at while shaping the rules; ``test``: held out)."""
    Q.add(kind, lang, question, *args, split=split, **kwargs)


# --- date summaries (whole talk) ---------------------------------------------------------------------------
D = "date_summary"
add(D, "dev", "en", "What did the talk of 14 March 2004 cover?", ("seeds",), themes="seeds")
add(D, "dev", "en", "Summarise the talk given on 2004-06-20.", ("well",), themes="well")
add(D, "dev", "en", "What was said at the gathering on Nov 28, 2004?", ("rosewood",), themes="rosewood")
add(D, "dev", "en", "What was the talk of 5 September 2004 about?", ("bees", "madhu"), themes="bees")
add(D, "dev", "en", "Give me a summary of the 10/07/2005 talk.", ("fair",), themes="fair")
add(D, "dev", "hi", "१४ मार्च २००४ की वार्ता का सार बताइए", ("seeds",), themes="seeds")
add(D, "dev", "hi", "५ सितंबर २००४ की वार्ता में क्या कहा गया?", ("bees", "madhu"), themes="madhu")
add(D, "dev", "hi", "१६ जनवरी २००५ की वार्ता का सारांश दीजिए", ("paani",), themes="paani")
add(D, "test", "en", "What did the talk on 13 February 2005 cover?", ("mending",), themes="mending")
add(D, "test", "en", "What topics were covered in the talk of April 24, 2005?", ("paths", "raaste"), themes="paths")
add(D, "test", "en", "What did Anna Whitlock teach on 2 October 2005?", ("storage",), themes="storage")
add(D, "test", "en", "Can you summarize what was said on 15 August 2004?", ("mitti",), themes="mitti")
add(D, "test", "hi", "२४ अप्रैल २००५ की वार्ता का सार बताइए", ("paths", "raaste"), themes="raaste")
add(D, "test", "hi", "15 अगस्त 2004 की वार्ता में किन बातों पर चर्चा हुई?", ("mitti",), themes="mitti")
add(D, "test", "hi", "२० जून २००४ को क्या बताया गया?", ("well",), themes="well")
add(D, "test", "hi", "2005-10-02 की वार्ता का सार क्या है?", ("storage",), themes="storage")

# --- facts (answer in the question's language) -------------------------------------------------------------
F = "fact"
add(F, "dev", "en", "Who donated the first forty jars to the seed library?", ("seeds",), ("Harold Finch",))
add(F, "dev", "en", "How many varieties does the seed library hold today?", ("seeds",), ("312",))
add(F, "dev", "en", "Who repaired the pump of the well at Hollins Green?", ("well",), ("Samuel Okafor",))
add(F, "dev", "en", "How much did the repair of the well's pump cost?", ("well",), ("640",))
add(F, "dev", "en", "When was the well at Hollins Green dug?", ("well",), ("1887",))
add(F, "dev", "en", "Where was the honey sold?", ("bees", "madhu"), ("Eastford",))
add(F, "dev", "en", "Who caught the swarm in the schoolyard?", ("bees", "madhu"), ("Daniel Reyes",))
add(F, "dev", "en", "Why did Peter Dalton's seedlings survive the frost?", ("seeds",), ("wool blankets",))
add(F, "dev", "hi", "सुनीता पाटिल ने केंचुआ खाद कितने केंचुओं से शुरू की थी?", ("mitti",), ("पाँच सौ",))
add(F, "dev", "hi", "महिला समिति की अध्यक्ष कौन हैं?", ("paani",), ("शांता बाई",))
add(F, "dev", "hi", "दालें बोने की सलाह क्यों दी गई?", ("mitti",), ("नाइट्रोजन",))
add(F, "test", "en", "Who started the repair café?", ("mending",), ("Leon Marsh",))
add(F, "test", "en", "How many items did the repair café volunteers fix last year?", ("mending",), ("214",))
add(F, "test", "en", "Who teaches hedge laying in the village?", ("paths", "raaste"), ("Walter Price",))
add(F, "test", "en", "How many people signed the petition to reopen the footpath?", ("paths", "raaste"),
    (("480", "४८०"),))
add(F, "test", "en", "Who found the missing boy at the summer fair?", ("fair",), ("Jonah Pike",))
add(F, "test", "en", "How much money did the summer fair raise?", ("fair",), ("2,300",))
add(F, "test", "en", "When was the root cellar under the chapel dug?", ("storage",), ("1923",))
add(F, "test", "en", "Who designed the apple drying racks?", ("storage",), ("Ivy Carmody",))
add(F, "test", "en", "Who founded Rosewood House?", ("rosewood",), ("Lowe",))
add(F, "test", "hi", "तालाब गहरा करने में कितने स्वयंसेवकों ने खुदाई की?", ("paani",), ("चालीस",))
add(F, "test", "hi", "गाँव का बड़ा कुआँ कब सूख गया था?", ("paani",), (("१९९९", "1999"),))
add(F, "test", "hi", "मिट्टी जाँच की किट किसने दी थीं?", ("mitti",), ("नागपुर",))
add(F, "test", "hi", "मंडल का पहला छत्ता किसने भेंट किया था?", ("bees", "madhu"), (("क्लारा बेल", "Clara Bell"),))

# --- unanswerable near-topic questions ----------------------------------------------------------------------
U = "unanswerable"
add(U, "dev", "en", "How many animals does Rosewood House keep?")
add(U, "dev", "en", "What is the name of Leon Marsh's wife?")
add(U, "dev", "en", "How old is Harold Finch?")
add(U, "dev", "en", "Where was Farida Shah born?")
add(U, "dev", "en", "When did Elias Crane die?")
add(U, "dev", "hi", "शांता बाई के पति का नाम क्या है?")
add(U, "dev", "hi", "सुनीता पाटिल की उम्र कितनी है?")
add(U, "test", "en", "How many rooms does Rosewood House have?")
add(U, "test", "en", "What is the name of Walter Price's wife?")
add(U, "test", "en", "How much did the new hall roof cost in the end?")
add(U, "test", "en", "Who is the current warden of Rosewood House?")
add(U, "test", "en", "Where did Jonah Pike learn baking?")
add(U, "test", "en", "When was Maya Osei born?")
add(U, "test", "hi", "फ़ातिमा शेख़ किस शहर में रहती हैं?")
add(U, "test", "hi", "तालाब की खुदाई में कितना पैसा ख़र्च हुआ?")
add(U, "test", "hi", "रमेश यादव के बेटे का नाम क्या है?")

# --- cross-language: the answer is only in the other language's talk -----------------------------------------
X = "cross_language"
add(X, "dev", "en", "Who gave the soil sample kits for the soil testing workshop?", ("mitti",), ("नागपुर",))
add(X, "dev", "en", "How many people came to the soil testing workshop?", ("mitti",), ("सत्ताईस",))
add(X, "dev", "en", "How many farmers adopted drip irrigation?", ("paani",), ("पंद्रह",))
add(X, "dev", "hi", "कुएँ के पंप की मरम्मत किसने की?", ("well",), ("Samuel Okafor",))
add(X, "dev", "hi", "मरम्मत कैफ़े किसने शुरू किया?", ("mending",), ("Leon Marsh",))
add(X, "test", "en", "Who chairs the women's committee that looks after water?", ("paani",), ("शांता बाई",))
add(X, "test", "en", "Who started the earthworm compost work?", ("mitti",), ("सुनीता पाटिल",))
add(X, "test", "en", "How many volunteers dug the pond deeper?", ("paani",), ("चालीस",))
add(X, "test", "en", "When did the big village well dry up completely?", ("paani",), ("१९९९",))
add(X, "test", "hi", "गर्मी के मेले में खोए हुए लड़के को किसने ढूँढा?", ("fair",), ("Jonah Pike",))
add(X, "test", "hi", "सूखे सेब की जालियाँ किसने बनाईं?", ("storage",), ("Ivy Carmody",))
add(X, "test", "hi", "रोज़वुड हाउस की स्थापना किसने की?", ("rosewood",), ("Lowe",))

# --- a date that is not in the archive ----------------------------------------------------------------------
M = "missing_date"
add(M, "dev", "en", "What did the talk of 3 March 2004 cover?", date="2004-03-03")
add(M, "dev", "hi", "७ जुलाई २००५ की वार्ता का सार बताइए", date="2005-07-07")
add(M, "test", "en", "Summarise the talk of 2005-05-01.", date="2005-05-01")
add(M, "test", "hi", "१२ दिसंबर २००४ को क्या कहा गया?", date="2004-12-12")

if __name__ == "__main__":
    Q.write(HERE)
