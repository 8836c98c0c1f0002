"""Write questions.jsonl (the nineteenth fresh set's labelled questions) from the table below; run from the repo root.

Every question is held out (``split`` "test"): this set was written before the next change to the answerer and the
support check, without reading the answerer's code, and its per-question failures are not read while developing.
Its 14 unanswerable questions are near-topic on purpose; each is tagged below with its sub-kind (the fact it asks
that the talks do not give, see README.md), the talk it is closest to and its form (a wh-question, a yes/no question
or a "which X" question). The script checks that every reference phrase (fact, theme) is in a relevant talk before it
writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from questionset import QuestionSet  # noqa: E402  (notebooks/eval/questionset.py, shared by the fresh sets)

T = {  # talk key -> (source, date)
    "founding": ("founding-2006-11-12.md", "2006-11-12"), "solar": ("solar-2011-03-20.md", "2011-03-20"),
    "tentschool": ("tentschool-2013-01-27.md", "2013-01-27"),
    "washout": ("washout-2015-12-06.md", "2015-12-06"), "loans": ("loans-2019-09-08.md", "2019-09-08"),
    "brand": ("brand-2021-02-14.md", "2021-02-14"), "twenty": ("twenty-2025-10-05.md", "2025-10-05"),
    "swasthya": ("swasthya-2009-04-19.md", "2009-04-19"), "tanker": ("tanker-2017-02-19.md", "2017-02-19"),
    "patta": ("patta-2023-08-20.md", "2023-08-20"),
}
HINDI_ONLY = ("swasthya", "tanker", "patta")  # talks given in Hindi only (cross-language answers)
# per talk: its themes, each a list of reference phrases (any one found = the theme is covered)
THEMES = {
    "founding": [["₹18,000", "₹55 a tonne", "₹3,200", "212 families"],
                 ["sixty-three agariyas", "14 July 2005", "118 members", "Valjibhai Chauhan"],
                 ["74 families", "4,600 tonnes", "₹5,42,800", "₹39,900"],
                 ["167 families", "₹9,50,000", "₹600 a month", "₹900 a day"]],
    "solar": [["1,600 litres", "₹38 a litre", "₹60,800", "smelled of diesel"],
              ["2 November 2009", "Ramilaben Koli", "₹2,40,000", "₹1,44,000"],
              ["740 tonnes", "nine in the morning", "17 January 2010", "camel carts"],
              ["nineteen solar pumps", "forty-one more families", "₹150 a visit", "by 2014"]],
    "tentschool": [["290 children", "170 of them", "only four girls", "weighbridge slip"],
                   ["5 December 2011", "Forty-six children", "Dinesh Parmar", "Heena Miyana"],
                   ["₹1,80,000", "₹4,500 a month", "₹3,10,000", "131 children"],
                   ["35 of them passed", "Kajal Koli", "eleven girls", "hostel in Kharisar"]],
    "washout": [["14 November 2015", "Eighty-six millimetres", "93 families", "3,200 tonnes"],
                ["₹4,16,000", "forty days", "eleven pumps", "six days"],
                ["17 November", "₹1,39,500", "23 November", "not a crop"],
                ["raised platforms", "₹12,000", "insurance company", "Ninety-one"]],
    "loans": [["April 2014", "₹50 a month", "tin box", "coloured stamps"],
              ["41 groups", "506 women", "₹14,60,000", "₹25,00,000"],
              ["3 March 2015", "Lakhiben Miyana", "Daksha Parmar", "₹30,000"],
              ["240 member families", "trades in cotton", "₹11,500", "₹20,000"]],
    "brand": [["₹260", "Safed Rann", "1 October 2020", "railway siding"],
              ["₹6,50,000", "1,200 packets an hour", "Fourteen women", "Nilesh Makwana"],
              ["92 tonnes", "₹18", "83 shops", "Rajkot"],
              ["₹410 a tonne", "36 families", "photograph of Valjibhai Chauhan", "old man on the packet"]],
    "twenty": [["turned twenty", "412 member families", "61,000 tonnes", "₹2,36,00,000"],
               ["286 solar pumps", "342 children", "1,340 tonnes", "forty lakh litres"],
               ["28 September 2025", "261 votes", "Kantaben Thakor", "adviser"],
               ["hostel in Kharisar", "₹1,20,00,000", "weighbridge slips online", "land claims"]],
    "swasthya": [["३४० अगरियों", "१९६", "मोतियाबिंद", "पैंतीस किलोमीटर"],
                 ["८ फ़रवरी २००९", "४१२ लोगों", "५८ लोगों", "₹१२,६००"],
                 ["६०० धूप के चश्मे", "₹१,४४,०००", "सुरभि फ़ार्मा", "सूती मोज़े"],
                 ["हर मंगलवार", "रेखाबेन वाघेला", "टीबी के ग्यारह मरीज़", "₹२००"]],
    "tanker": [["200 लीटर", "बारह-बारह दिन", "मीठे कुएँ", "सोनल"],
               ["10,000 लीटर", "₹1,100", "10 अक्टूबर 2016", "₹77,000"],
               ["14 जगहों", "₹3,75,000", "फ़ेरोसीमेंट", "चाबी"],
               ["तीन घंटे", "दस्त के 47 मामले", "सिर्फ़ 12", "हौज़"]],
    "patta": [["जंगली गधों", "अभयारण्य", "अपना वकील", "दादा-परदादा"],
              ["२ मार्च २०२३", "३१४ परिवारों", "गोविंदभाई कोली", "१९६८"],
              ["११७ परिवारों", "१९७ दावे", "१२ सितंबर", "₹२,८६,०००"],
              ["सत्रह परिवारों", "दूसरा शिविर", "काजल कोली", "भरोसा"]],
}

Q = QuestionSet(T, THEMES, "y")
add = Q.add
unanswerable = Q.unanswerable  # sub-kind, nearest talk and form of each: Q.subkinds


D = "date_summary"
add(D, "en", "Walk me through the talk of the twelfth of November 2006, topic by topic.", ("founding",),
    themes="founding")
add(D, "en", "Give me a rundown of every part of the 2011-03-20 talk.", ("solar",), themes="solar")
add(D, "en", "What ground did the talk of January 27, 2013 cover? I want all of its sections.", ("tentschool",),
    themes="tentschool")
add(D, "en", "06/12/2015: lay out everything that talk went over.", ("washout",), themes="washout")
add(D, "en", "Break down the talk given on 8th September 2019 for me, section by section.", ("loans",),
    themes="loans")
add(D, "en", "Tell me everything the 19 February 2017 talk went into, leaving nothing out.", ("tanker",),
    themes="tanker")
add(D, "hi", "१९ अप्रैल २००९ की वार्ता की हर बात सिलसिलेवार बताइए", ("swasthya",), themes="swasthya")
add(D, "hi", "20 अगस्त 2023 को जो वार्ता हुई, उसमें कही गई हर बात का निचोड़ दीजिए", ("patta",), themes="patta")
add(D, "hi", "चौदह फ़रवरी 2021 की वार्ता के सभी मुद्दे एक-एक करके समझाइए", ("brand",), themes="brand")
add(D, "hi", "०५/१०/२०२५ वाली वार्ता का विस्तृत सार दीजिए, हर पहलू के साथ", ("twenty",), themes="twenty")
add(D, "hi", "मार्च २०११ की बीसवीं तारीख़ की वार्ता में किन-किन बातों की चर्चा हुई? पूरा हाल सुनाइए", ("solar",),
    themes="solar")
add(D, "hi", "6 दिसंबर 2015 की वार्ता का पूरा लेखा-जोखा दीजिए", ("washout",), themes="washout")

F = "fact"
add(F, "en", "Who became the Mandal's first president, and who agreed to keep its accounts without pay?",
    ("founding",), ("Valjibhai Chauhan", "Mumtaz Sindhi"))
add(F, "en", "Between what hours does the solar pump on Ramilaben Koli's pan run?", ("solar",),
    ("nine in the morning", "five in the evening"))
add(F, "en", "On what date did the first tent school at Bhaniya bet open?", ("tentschool",), ("5 December 2011",))
add(F, "en", "How many tonnes of stored salt did the rain of 14 November 2015 dissolve?", ("washout",),
    ("3,200 tonnes",))
add(F, "en", "Why did the collector say the government could not compensate the salt families for the flood?",
    ("washout",), (("salt is not a crop", "not a crop"),))
add(F, "en", "Where was the Safed Rann packing unit set up?", ("brand",), ("railway siding",))
add(F, "en", "Which woman took the savings groups' very first loan, and what did she buy with it?", ("loans",),
    ("Lakhiben Miyana", "goat"))
add(F, "en", "How many votes did Kantaben Thakor win in the election of 28 September 2025?", ("twenty",),
    ("261",))
add(F, "hi", "धूप के चश्मों और गमबूटों के लिए ₹१,२०,००० किसने दिए?", ("swasthya",), ("सुरभि फ़ार्मा",))
add(F, "hi", "८ फ़रवरी २००९ के शिविर के बाद कितने लोगों का मोतियाबिंद का ऑपरेशन हुआ?", ("swasthya",),
    (("५८", "58"),))
add(F, "hi", "मंगलवार वाली दवाख़ाना वैन भानिया बेट के पास कितने बजे से कितने बजे तक खड़ी रहती है?", ("swasthya",),
    ("सुबह नौ बजे", "दोपहर एक बजे"))
add(F, "hi", "शुरू में बहुत-से अगरिया गमबूट क्यों नहीं पहनते थे?", ("swasthya",), (("पसीने", "गर्मी"),))
add(F, "hi", "मंडल के किराए के टैंकर के हर चक्कर का किराया कितना है?", ("tanker",), (("₹1,100", "1,100"),))
add(F, "hi", "मंडल के टैंकर ने पहला चक्कर कब लगाया?", ("tanker",), ("10 अक्टूबर 2016",))
add(F, "hi", "टैंकर आने से पहले एक औरत रोज़ कितना समय पानी ढोने में लगाती थी?", ("tanker",), ("तीन घंटे",))
add(F, "hi", "ज़मीन के दावों के लिए सर्वे का शिविर कहाँ लगा था?", ("patta",), ("घोडावड के स्कूल",))

X = "cross_language"
add(X, "en", "How many pairs of sunglasses did the Mandal buy for the salt workers, and at what price each?",
    ("swasthya",), ("६००", "₹८५"))
add(X, "en", "How many people had their eyes checked at the Ghodavad eye camp?", ("swasthya",), ("४१२",))
add(X, "en", "How many litres of water does the Mandal's hired tanker carry?", ("tanker",), ("10,000",))
add(X, "en", "At how many places in the Rann were ferrocement water tanks built, and what did they cost?",
    ("tanker",), ("14 जगहों", "₹3,75,000"))
add(X, "en", "How many families filed claims to their salt pans at the land survey camp?", ("patta",), ("३१४",))
add(X, "en", "From what year was the oldest salt receipt found for the land claims, and who had it?", ("patta",),
    ("१९६८", "गोविंदभाई कोली"))
add(X, "hi", "पंजीकरण के समय खारीसर अगरिया मंडल के कितने सदस्य थे?", ("founding",), ("118",))
add(X, "hi", "रामिलाबेन कोली के सोलर पंप पर कुल कितना ख़र्च आया?", ("solar",), ("₹2,40,000",))
add(X, "hi", "भानिया बेट के टेंट स्कूल में पहले दिन कितने बच्चे आए?", ("tentschool",), ("forty-six",))
add(X, "hi", "2019 तक बचत समूहों से कितनी औरतें जुड़ चुकी थीं?", ("loans",), ("506",))
add(X, "hi", "सफ़ेद रण नमक की पैकिंग मशीन कितने रुपये की आई?", ("brand",), ("₹6,50,000",))
add(X, "hi", "2025 में रण में मंडल के सदस्यों के कितने सोलर पंप हैं?", ("twenty",), ("286",))

# unanswerable near-topic questions: 7 English, 7 Hindi, one of each language per sub-kind; each names things a talk
# names and asks a fact no talk gives; in each language one is a yes/no question and one a "which X" question
unanswerable("age", "swasthya", "wh", "en",
             "How old is Dr Nayna Parekh, who examined the salt workers' eyes and feet in 2008?")
unanswerable("doer", "brand", "which", "en",
             "Which member of the Mandal first came up with the idea of selling salt under the Safed Rann name?")
unanswerable("contact", "founding", "wh", "en",
             "What is the telephone number of the Mandal's office behind the gram panchayat in Kharisar?")
unanswerable("colour", "tentschool", "yes/no", "en", "Was the tent of the first school at Bhaniya bet white?")
unanswerable("reason", "tentschool", "wh", "en", "Why did Dinesh Parmar leave the tent school in August 2012?")
unanswerable("future-date", "twenty", "wh", "en",
             "On what date will the new hostel for sixty children in Kharisar open?")
unanswerable("price", "washout", "wh", "en",
             "How much did each tarpaulin covering the raised salt platforms cost after the 2015 rain?")
unanswerable("age", "twenty", "yes/no", "hi", "क्या वालजीभाई चौहान की उम्र सत्तर साल से ज़्यादा है?")
unanswerable("doer", "tanker", "wh", "hi", "मंडल का पानी का टैंकर चलाने वाले ड्राइवर का नाम क्या है?")
unanswerable("contact", "patta", "which", "hi", "वकील धीरेन त्रिवेदी का दफ़्तर किस पते पर है?")
unanswerable("colour", "swasthya", "wh", "hi", "मंडल ने २००९ में जो गमबूट बाँटे, उनका रंग क्या था?")
unanswerable("reason", "tanker", "wh", "hi", "मंडल का टैंकर सिर्फ़ सोमवार और गुरुवार को ही क्यों आता है?")
unanswerable("future-date", "patta", "wh", "hi", "नानी टुंडी में सर्वे का दूसरा शिविर किस तारीख़ को लगेगा?")
unanswerable("price", "brand", "wh", "hi", "सफ़ेद रण नमक का 500 ग्राम वाला पैकेट दुकानों में कितने रुपये का बिकता है?")

M = "missing_date"
add(M, "en", "What did the talk of 3 October 2012 say?", date="2012-10-03")
add(M, "en", "Give me a summary of the 2018-01-21 talk on the salt pans.", date="2018-01-21")
add(M, "hi", "१५ जून २००८ की वार्ता में क्या बताया गया था?", date="2008-06-15")
add(M, "hi", "9 मार्च 2024 वाली वार्ता का सार दीजिए", date="2024-03-09")


if __name__ == "__main__":
    Q.build(HERE, HINDI_ONLY, {"wh": 10, "yes/no": 2, "which": 2})
