"""The hand-written source of the second support-check probe (tests/data/support_probe_harbour): five short
reports of a fictional harbour town (Kharapur), each in English and Hindi, and for two sentences of each the
variants a model might write (a paraphrase, the negation flipped, the roles swapped where two parties act, an
added clause the report does not contain). A different setting and cast from ``tools/support_probe_source.py``,
kept as a held-out set only. Written for this project; CC0. Built by
``tools/make_support_probe.py --source tools.support_probe_harbour_source``.
"""

from __future__ import annotations

# first names of the cast (English, Hindi): a changed name is another one of these
CAST = [("Imran", "इमरान"), ("Deepa", "दीपा"), ("Shabnam", "शबनम"), ("Latha", "लता"), ("Mohan", "मोहन"),
        ("Arvind", "अरविंद"), ("Yusuf", "यूसुफ़"), ("Kiran", "किरण"), ("Pooja", "पूजा"), ("Naveen", "नवीन"),
        ("Rukhsana", "रुख़साना"), ("Suresh", "सुरेश")]

TALKS: list[dict] = [
    {"id": "h01", "date": "2024-02-09", "title": "The new ferry",
     "en": ["A new ferry began running between Kharapur and Gull Island on 9 February 2024.",
            "The harbour board bought the ferry from a shipyard in Kochi for 18 lakh rupees.",
            "Captain Imran Sheikh trained Deepa Nair to steer the boat in rough water.",
            "The crossing takes 25 minutes and costs 20 rupees for adults.",
            "Fishermen no longer have to row their children to school."],
     "hi": ["9 फ़रवरी 2024 को खारापुर और गल द्वीप के बीच एक नई फ़ेरी चलने लगी।",
            "बंदरगाह बोर्ड ने कोच्चि के एक शिपयार्ड से 18 लाख रुपये में फ़ेरी ख़रीदी।",
            "कप्तान इमरान शेख़ ने दीपा नायर को ऊँची लहरों में नाव चलाना सिखाया।",
            "पार करने में 25 मिनट लगते हैं और बड़ों का किराया 20 रुपये है।",
            "मछुआरों को अब अपने बच्चों को नाव खेकर स्कूल नहीं ले जाना पड़ता।"],
     "targets": [
         {"i": 1,
          "para_en": "The ferry was purchased by the harbour board from a Kochi shipyard for 18 lakh rupees.",
          "para_hi": "18 लाख रुपये देकर बंदरगाह बोर्ड ने यह फ़ेरी कोच्चि के एक शिपयार्ड से ली।",
          "neg_en": "The harbour board did not buy the ferry from a shipyard in Kochi for 18 lakh rupees.",
          "neg_hi": "बंदरगाह बोर्ड ने कोच्चि के एक शिपयार्ड से 18 लाख रुपये में फ़ेरी नहीं ख़रीदी।",
          "swap_en": "A shipyard in Kochi bought the ferry from the harbour board for 18 lakh rupees.",
          "swap_hi": "कोच्चि के एक शिपयार्ड ने बंदरगाह बोर्ड से 18 लाख रुपये में फ़ेरी ख़रीदी।",
          "add_en": "The harbour board bought the ferry from a shipyard in Kochi for 18 lakh rupees with a loan "
                    "from the state bank.",
          "add_hi": "बंदरगाह बोर्ड ने राज्य बैंक से कर्ज़ लेकर कोच्चि के एक शिपयार्ड से 18 लाख रुपये में फ़ेरी "
                    "ख़रीदी।"},
         {"i": 2,
          "para_en": "Deepa Nair learned from Captain Imran Sheikh how to steer the boat when the sea is rough.",
          "para_hi": "दीपा नायर ने कप्तान इमरान शेख़ से सीखा कि ऊँची लहरों में नाव कैसे चलाई जाती है।",
          "neg_en": "Captain Imran Sheikh did not train Deepa Nair to steer the boat in rough water.",
          "neg_hi": "कप्तान इमरान शेख़ ने दीपा नायर को ऊँची लहरों में नाव चलाना नहीं सिखाया।",
          "swap_en": "Deepa Nair trained Captain Imran Sheikh to steer the boat in rough water.",
          "swap_hi": "दीपा नायर ने कप्तान इमरान शेख़ को ऊँची लहरों में नाव चलाना सिखाया।",
          "add_en": "Captain Imran Sheikh trained Deepa Nair to steer the boat in rough water and later hired her "
                    "as his first mate.",
          "add_hi": "कप्तान इमरान शेख़ ने दीपा नायर को ऊँची लहरों में नाव चलाना सिखाया और बाद में उन्हें अपना "
                    "सहायक बना लिया।"}]},
    {"id": "h02", "date": "2024-04-27", "title": "The fish market cooperative",
     "en": ["On 27 April 2024, 40 women of Kharapur formed a cooperative to sell fish.",
            "The cooperative rents a cold room from the ice factory for 9,000 rupees a month.",
            "Shabnam Qureshi keeps the accounts and Latha Pillai deals with the traders.",
            "Prices at the market rose after the cooperative stopped selling to middlemen.",
            "The women meet every Thursday evening in the old customs house."],
     "hi": ["27 अप्रैल 2024 को खारापुर की 40 महिलाओं ने मछली बेचने के लिए एक सहकारी समिति बनाई।",
            "समिति बर्फ़ के कारख़ाने से 9,000 रुपये महीने पर एक ठंडा कमरा किराये पर लेती है।",
            "शबनम क़ुरैशी हिसाब रखती हैं और लता पिल्लै व्यापारियों से बात करती हैं।",
            "समिति ने बिचौलियों को बेचना बंद किया तो बाज़ार में दाम बढ़ गए।",
            "महिलाएँ हर गुरुवार शाम पुराने कस्टम हाउस में मिलती हैं।"],
     "targets": [
         {"i": 1,
          "para_en": "For 9,000 rupees a month, the cooperative hires a cold room at the ice factory.",
          "para_hi": "सहकारी समिति हर महीने 9,000 रुपये देकर बर्फ़ के कारख़ाने का एक ठंडा कमरा इस्तेमाल करती है।",
          "neg_en": "The cooperative does not rent a cold room from the ice factory for 9,000 rupees a month.",
          "neg_hi": "समिति बर्फ़ के कारख़ाने से 9,000 रुपये महीने पर कोई ठंडा कमरा किराये पर नहीं लेती।",
          "swap_en": "The ice factory rents a cold room from the cooperative for 9,000 rupees a month.",
          "swap_hi": "बर्फ़ का कारख़ाना समिति से 9,000 रुपये महीने पर एक ठंडा कमरा किराये पर लेता है।",
          "add_en": "The cooperative rents a cold room from the ice factory for 9,000 rupees a month and shares "
                    "it with the boat owners.",
          "add_hi": "समिति बर्फ़ के कारख़ाने से 9,000 रुपये महीने पर एक ठंडा कमरा किराये पर लेती है और उसे नाव "
                    "मालिकों के साथ बाँटती है।"},
         {"i": 2,
          "para_en": "The accounts are kept by Shabnam Qureshi, while Latha Pillai handles the traders.",
          "para_hi": "हिसाब-किताब शबनम क़ुरैशी के ज़िम्मे है, और व्यापारियों से लता पिल्लै निपटती हैं।",
          "neg_en": "Shabnam Qureshi does not keep the accounts, and Latha Pillai deals with the traders.",
          "neg_hi": "शबनम क़ुरैशी हिसाब नहीं रखतीं और लता पिल्लै व्यापारियों से बात करती हैं।",
          "swap_en": "Latha Pillai keeps the accounts and Shabnam Qureshi deals with the traders.",
          "swap_hi": "लता पिल्लै हिसाब रखती हैं और शबनम क़ुरैशी व्यापारियों से बात करती हैं।",
          "add_en": "Shabnam Qureshi keeps the accounts and Latha Pillai deals with the traders, who often pay "
                    "late.",
          "add_hi": "शबनम क़ुरैशी हिसाब रखती हैं और लता पिल्लै व्यापारियों से बात करती हैं, जो अक्सर देर से पैसे "
                    "देते हैं।"}]},
    {"id": "h03", "date": "2024-07-13", "title": "The cyclone drill",
     "en": ["The school held its first cyclone drill on 13 July 2024.",
            "Teachers led 310 pupils to the concrete shelter behind the temple in 14 minutes.",
            "The fire brigade lent the school two loudspeakers for the day.",
            "Mohan Rawat, the headmaster, timed every class with a stopwatch.",
            "Parents were asked to keep a bag of dry food and water at home."],
     "hi": ["स्कूल ने 13 जुलाई 2024 को अपना पहला चक्रवात अभ्यास किया।",
            "शिक्षक 310 विद्यार्थियों को 14 मिनट में मंदिर के पीछे वाले कंक्रीट आश्रय तक ले गए।",
            "दमकल विभाग ने उस दिन के लिए स्कूल को दो लाउडस्पीकर उधार दिए।",
            "प्रधानाध्यापक मोहन रावत ने हर कक्षा का समय स्टॉपवॉच से नापा।",
            "माता-पिता से घर में सूखे खाने और पानी का एक थैला रखने को कहा गया।"],
     "targets": [
         {"i": 1,
          "para_en": "In 14 minutes, the teachers got 310 pupils to the concrete shelter behind the temple.",
          "para_hi": "मंदिर के पीछे बने कंक्रीट आश्रय तक 310 बच्चों को पहुँचाने में शिक्षकों को 14 मिनट लगे।",
          "neg_en": "Teachers did not lead 310 pupils to the concrete shelter behind the temple in 14 minutes.",
          "neg_hi": "शिक्षक 310 विद्यार्थियों को 14 मिनट में मंदिर के पीछे वाले कंक्रीट आश्रय तक नहीं ले गए।",
          "add_en": "Teachers led 310 pupils to the concrete shelter behind the temple in 14 minutes, although the "
                    "gate was locked.",
          "add_hi": "शिक्षक 310 विद्यार्थियों को 14 मिनट में मंदिर के पीछे वाले कंक्रीट आश्रय तक ले गए, हालाँकि "
                    "फाटक पर ताला लगा था।"},
         {"i": 2,
          "para_en": "For the day, the school borrowed two loudspeakers from the fire brigade.",
          "para_hi": "उस दिन स्कूल ने दमकल विभाग से दो लाउडस्पीकर उधार लिए।",
          "neg_en": "The fire brigade did not lend the school two loudspeakers for the day.",
          "neg_hi": "दमकल विभाग ने उस दिन के लिए स्कूल को लाउडस्पीकर उधार नहीं दिए।",
          "swap_en": "The school lent the fire brigade two loudspeakers for the day.",
          "swap_hi": "स्कूल ने उस दिन के लिए दमकल विभाग को दो लाउडस्पीकर उधार दिए।",
          "add_en": "The fire brigade lent the school two loudspeakers for the day and sent a driver to help.",
          "add_hi": "दमकल विभाग ने उस दिन के लिए स्कूल को दो लाउडस्पीकर उधार दिए और मदद के लिए एक ड्राइवर "
                    "भेजा।"}]},
    {"id": "h04", "date": "2024-09-21", "title": "The lighthouse museum",
     "en": ["The old lighthouse of Kharapur opened as a museum on Saturday, 21 September 2024.",
            "Arvind Bhatt gave the museum his grandfather's brass lamp.",
            "Visitors climb 132 steps to reach the top.",
            "The museum is closed on Mondays and during heavy rain.",
            "Tickets cost 50 rupees, and students enter free."],
     "hi": ["खारापुर का पुराना प्रकाशस्तंभ शनिवार, 21 सितंबर 2024 को संग्रहालय के रूप में खुला।",
            "अरविंद भट्ट ने संग्रहालय को अपने दादा का पीतल का लैंप दिया।",
            "ऊपर पहुँचने के लिए आगंतुक 132 सीढ़ियाँ चढ़ते हैं।",
            "संग्रहालय सोमवार को और तेज़ बारिश में बंद रहता है।",
            "टिकट 50 रुपये का है और विद्यार्थियों का प्रवेश मुफ़्त है।"],
     "targets": [
         {"i": 0,
          "para_en": "On Saturday, 21 September 2024, Kharapur's old lighthouse reopened as a museum.",
          "para_hi": "21 सितंबर 2024, शनिवार को खारापुर के पुराने प्रकाशस्तंभ में एक संग्रहालय खुला।",
          "neg_en": "The old lighthouse of Kharapur did not open as a museum on Saturday, 21 September 2024.",
          "neg_hi": "खारापुर का पुराना प्रकाशस्तंभ शनिवार, 21 सितंबर 2024 को संग्रहालय के रूप में नहीं खुला।",
          "add_en": "The old lighthouse of Kharapur opened as a museum on Saturday, 21 September 2024, after the "
                    "navy handed it over.",
          "add_hi": "नौसेना के सौंपने के बाद खारापुर का पुराना प्रकाशस्तंभ शनिवार, 21 सितंबर 2024 को संग्रहालय के "
                    "रूप में खुला।"},
         {"i": 1,
          "para_en": "The brass lamp that belonged to Arvind Bhatt's grandfather was his gift to the museum.",
          "para_hi": "अरविंद भट्ट ने अपने दादा का पीतल का लैंप संग्रहालय को भेंट किया।",
          "neg_en": "Arvind Bhatt did not give the museum his grandfather's brass lamp.",
          "neg_hi": "अरविंद भट्ट ने संग्रहालय को अपने दादा का पीतल का लैंप नहीं दिया।",
          "swap_en": "The museum gave Arvind Bhatt his grandfather's brass lamp.",
          "swap_hi": "संग्रहालय ने अरविंद भट्ट को उनके दादा का पीतल का लैंप दिया।",
          "add_en": "Arvind Bhatt gave the museum his grandfather's brass lamp, which still works.",
          "add_hi": "अरविंद भट्ट ने संग्रहालय को अपने दादा का पीतल का लैंप दिया, जो आज भी जलता है।"}]},
    {"id": "h05", "date": "2024-11-30", "title": "The boat-building class",
     "en": ["A boat-building class for young people started at the Kharapur jetty in November 2024.",
            "Yusuf Mirza teaches 12 apprentices to shape planks from teak.",
            "The apprentices built a small rowing boat for the harbour board in six weeks.",
            "Kiran Shetty paid Yusuf Mirza 15,000 rupees for the first boat.",
            "The class meets on Tuesdays and Fridays after the morning catch is sold."],
     "hi": ["नवंबर 2024 में खारापुर घाट पर युवाओं के लिए नाव बनाने की एक कक्षा शुरू हुई।",
            "यूसुफ़ मिर्ज़ा 12 प्रशिक्षुओं को सागौन से तख़्ते गढ़ना सिखाते हैं।",
            "प्रशिक्षुओं ने छह हफ़्तों में बंदरगाह बोर्ड के लिए एक छोटी चप्पू वाली नाव बनाई।",
            "किरण शेट्टी ने पहली नाव के लिए यूसुफ़ मिर्ज़ा को 15,000 रुपये दिए।",
            "कक्षा मंगलवार और शुक्रवार को सुबह की मछली बिकने के बाद लगती है।"],
     "targets": [
         {"i": 1,
          "para_en": "Twelve apprentices learn from Yusuf Mirza how to shape teak planks.",
          "para_hi": "यूसुफ़ मिर्ज़ा के पास 12 प्रशिक्षु सागौन के तख़्ते गढ़ना सीखते हैं।",
          "neg_en": "Yusuf Mirza does not teach 12 apprentices to shape planks from teak.",
          "neg_hi": "यूसुफ़ मिर्ज़ा 12 प्रशिक्षुओं को सागौन से तख़्ते गढ़ना नहीं सिखाते।",
          "swap_en": "12 apprentices teach Yusuf Mirza to shape planks from teak.",
          "swap_hi": "12 प्रशिक्षु यूसुफ़ मिर्ज़ा को सागौन से तख़्ते गढ़ना सिखाते हैं।",
          "add_en": "Yusuf Mirza teaches 12 apprentices to shape planks from teak that he brings from the forest "
                    "himself.",
          "add_hi": "यूसुफ़ मिर्ज़ा 12 प्रशिक्षुओं को सागौन से तख़्ते गढ़ना सिखाते हैं, जिसे वे ख़ुद जंगल से "
                    "लाते हैं।"},
         {"i": 3,
          "para_en": "Yusuf Mirza received 15,000 rupees from Kiran Shetty for the first boat.",
          "para_hi": "पहली नाव के बदले यूसुफ़ मिर्ज़ा को किरण शेट्टी से 15,000 रुपये मिले।",
          "neg_en": "Kiran Shetty did not pay Yusuf Mirza 15,000 rupees for the first boat.",
          "neg_hi": "किरण शेट्टी ने पहली नाव के लिए यूसुफ़ मिर्ज़ा को 15,000 रुपये नहीं दिए।",
          "swap_en": "Yusuf Mirza paid Kiran Shetty 15,000 rupees for the first boat.",
          "swap_hi": "यूसुफ़ मिर्ज़ा ने पहली नाव के लिए किरण शेट्टी को 15,000 रुपये दिए।",
          "add_en": "Kiran Shetty paid Yusuf Mirza 15,000 rupees for the first boat and later sold it to a "
                    "tourist.",
          "add_hi": "किरण शेट्टी ने पहली नाव के लिए यूसुफ़ मिर्ज़ा को 15,000 रुपये दिए और बाद में उसे एक पर्यटक "
                    "को बेच दिया।"}]},
]
