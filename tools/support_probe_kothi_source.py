"""The hand-written source of the seventh support-check probe (tests/data/support_probe_kothi): five short reports of
a fictional hill district town (Kothipur: a women's dairy cooperative, a flood relief drive, a school science fair, a
bus route change, a blood donation camp in the wedding season), each in English and Hindi, and for two sentences of
each the variants a model might write. A new setting and cast, written blind to the support check's rules and
glossary: converse verbs (sold/bought, lent/borrowed, gave/received, sent/received, asked/was asked), coordinated
clauses with their parties swapped, paraphrases that change the voice, reorder the clauses or reword (Hindi ones with
other words than the report: ऋण for कर्ज़, नेतृत्व for अगुवाई, ख़ून for रक्त, मंगनी for सगाई), a negation of the
second clause only, added clauses and phrases, numbers as words and in Devanagari digits, weekdays and months, a
changed place name. Kept as a held-out set only (every pair in the ``test`` split): measured once on the unchanged
support check and once at the end. Written for this project; CC0. Built by ``tools/make_support_probe.py --source
tools.support_probe_kothi_source --out tests/data/support_probe_kothi --held-out``.
"""

from __future__ import annotations

# first names of the cast (English, Hindi): a changed name is another one of these
CAST = [("Kamla", "कमला"), ("Imran", "इमरान"), ("Rukmini", "रुक्मिणी"), ("Pushpa", "पुष्पा"), ("Farida", "फ़रीदा"),
        ("Vinod", "विनोद"), ("Sanjay", "संजय"), ("Zoya", "ज़ोया"), ("Hemlata", "हेमलता"), ("Bhupen", "भूपेन"),
        ("Dinesh", "दिनेश"), ("Rekha", "रेखा"), ("Altaf", "अल्ताफ़"), ("Prakash", "प्रकाश"), ("Meenakshi", "मीनाक्षी"),
        ("Gopal", "गोपाल")]

TALKS: list[dict] = [
    {"id": "k01", "date": "2025-03-03", "title": "The women's dairy cooperative",
     "en": ["The Deodar Hill Women's Dairy Cooperative of Kothipur was registered on 3 March 2025.",
            "Its 64 members now pour about 900 litres of milk into the collection centre every morning.",
            "Kamla Thakur, the secretary, sold 40 kilos of ghee to Imran Ansari, a sweet-maker in Ranigarh, in "
            "December.",
            "The district bank lent the cooperative 3 lakh rupees to buy a milk chilling machine.",
            "Rukmini Gaikwad, a veterinary doctor from Chandanwadi, checks the members' cattle on the first Tuesday "
            "of every month."],
     "hi": ["कोठीपुर की देवदार पहाड़ी महिला दुग्ध सहकारी समिति का पंजीकरण 3 मार्च 2025 को हुआ।",
            "इसकी 64 सदस्य अब हर सुबह संग्रह केंद्र पर लगभग 900 लीटर दूध जमा करती हैं।",
            "समिति की सचिव कमला ठाकुर ने दिसंबर में रानीगढ़ के हलवाई इमरान अंसारी को 40 किलो घी बेचा।",
            "ज़िला बैंक ने समिति को दूध ठंडा करने की मशीन ख़रीदने के लिए 3 लाख रुपये का कर्ज़ दिया।",
            "चंदनवाड़ी की पशु चिकित्सक रुक्मिणी गायकवाड़ हर महीने के पहले मंगलवार को सदस्यों के मवेशियों की जाँच "
            "करती हैं।"],
     "targets": [
         {"i": 2,
          "para_en": ["In December, Imran Ansari, a sweet-maker in Ranigarh, bought 40 kilos of ghee from the "
                      "secretary, Kamla Thakur.",
                      "40 kilos of ghee were sold by the secretary, Kamla Thakur, to the Ranigarh sweet-maker Imran "
                      "Ansari in December."],
          "para_hi": ["रानीगढ़ के हलवाई इमरान अंसारी ने दिसंबर में सचिव कमला ठाकुर से 40 किलो घी ख़रीदा।",
                      "दिसंबर में सचिव कमला ठाकुर ने रानीगढ़ के मिठाई वाले इमरान अंसारी के हाथ 40 किलो घी बेचा।"],
          "neg_en": "Kamla Thakur, the secretary, did not sell 40 kilos of ghee to Imran Ansari, a sweet-maker in "
                    "Ranigarh, in December.",
          "neg_hi": "समिति की सचिव कमला ठाकुर ने दिसंबर में रानीगढ़ के हलवाई इमरान अंसारी को 40 किलो घी नहीं बेचा।",
          "swap_en": ["Imran Ansari, a sweet-maker in Ranigarh, sold 40 kilos of ghee to Kamla Thakur, the secretary, "
                      "in December.",
                      "Kamla Thakur, the secretary, bought 40 kilos of ghee from Imran Ansari, a sweet-maker in "
                      "Ranigarh, in December."],
          "swap_hi": ["दिसंबर में रानीगढ़ के हलवाई इमरान अंसारी ने समिति की सचिव कमला ठाकुर को 40 किलो घी बेचा।",
                      "समिति की सचिव कमला ठाकुर ने दिसंबर में रानीगढ़ के हलवाई इमरान अंसारी से 40 किलो घी ख़रीदा।"],
          "add_en": "Kamla Thakur, the secretary, sold 40 kilos of ghee to Imran Ansari, a sweet-maker in Ranigarh, "
                    "in December, at 600 rupees a kilo.",
          "add_hi": "समिति की सचिव कमला ठाकुर ने दिसंबर में रानीगढ़ के हलवाई इमरान अंसारी को 600 रुपये किलो के भाव "
                    "से 40 किलो घी बेचा।",
          "more": [("number_word", "hi", "समिति की सचिव कमला ठाकुर ने दिसंबर में रानीगढ़ के हलवाई इमरान अंसारी को "
                                         "४० किलो घी बेचा।")]},
         {"i": 3,
          "para_en": ["The cooperative borrowed 3 lakh rupees from the district bank to buy a milk chilling machine.",
                      "To pay for a machine that chills milk, the cooperative got a loan of 3 lakh rupees from the "
                      "district bank."],
          "para_hi": ["दूध ठंडा करने वाली मशीन ख़रीदने के लिए समिति ने ज़िला बैंक से 3 लाख रुपये उधार लिए।",
                      "समिति ने दूध शीतलन यंत्र लेने के लिए ज़िला बैंक से 3 लाख रुपये का ऋण लिया।"],
          "neg_en": "The district bank did not lend the cooperative 3 lakh rupees to buy a milk chilling machine.",
          "neg_hi": "ज़िला बैंक ने समिति को दूध ठंडा करने की मशीन ख़रीदने के लिए 3 लाख रुपये का कर्ज़ नहीं दिया।",
          "swap_en": ["The cooperative lent the district bank 3 lakh rupees to buy a milk chilling machine.",
                      "The district bank borrowed 3 lakh rupees from the cooperative to buy a milk chilling machine."],
          "swap_hi": ["समिति ने ज़िला बैंक को दूध ठंडा करने की मशीन ख़रीदने के लिए 3 लाख रुपये का कर्ज़ दिया।",
                      "ज़िला बैंक ने दूध ठंडा करने की मशीन ख़रीदने के लिए समिति से 3 लाख रुपये उधार लिए।"],
          "add_en": "The district bank lent the cooperative 3 lakh rupees to buy a milk chilling machine, to be "
                    "repaid within five years.",
          "add_hi": "ज़िला बैंक ने समिति को दूध ठंडा करने की मशीन ख़रीदने के लिए 3 लाख रुपये का कर्ज़ दिया, जिसे पाँच "
                    "साल में चुकाना है।",
          "more": [("number_word", "hi", "ज़िला बैंक ने समिति को दूध ठंडा करने की मशीन ख़रीदने के लिए ३ लाख रुपये "
                                         "का कर्ज़ दिया।")]}]},
    {"id": "k02", "date": "2025-08-20", "title": "The flood relief drive",
     "en": ["After a cloudburst on 9 August 2025, the Kothi river flooded 120 houses in the lower bazaar of Kothipur.",
            "Students of the Government College, led by Pushpa Rawat, collected 2,600 blankets and 700 sacks of "
            "rice in four days.",
            "Farida Khan ran the relief kitchen at the Deodar Hill school, and Vinod Bisht ran the one in the temple "
            "hall.",
            "On Friday, 15 August, the two kitchens served hot meals to 1,800 people.",
            "The district collector, Sanjay Rao, thanked the volunteers at a meeting on 20 August."],
     "hi": ["9 अगस्त 2025 को बादल फटने के बाद कोठी नदी का पानी कोठीपुर के निचले बाज़ार के 120 घरों में घुस गया।",
            "सरकारी कॉलेज के छात्रों ने पुष्पा रावत की अगुवाई में चार दिन में 2,600 कंबल और 700 बोरी चावल इकट्ठा "
            "किए।",
            "देवदार पहाड़ी स्कूल की राहत रसोई फ़रीदा ख़ान ने संभाली और मंदिर हॉल की रसोई विनोद बिष्ट ने।",
            "शुक्रवार, 15 अगस्त को दोनों रसोइयों में 1,800 लोगों को गरम खाना परोसा गया।",
            "ज़िलाधिकारी संजय राव ने 20 अगस्त को एक बैठक में स्वयंसेवकों का आभार जताया।"],
     "targets": [
         {"i": 1,
          "para_en": ["In four days, 2,600 blankets and 700 sacks of rice were collected by Government College "
                      "students under Pushpa Rawat.",
                      "Led by Pushpa Rawat, students from the Government College gathered 2,600 blankets and 700 "
                      "sacks of rice within four days."],
          "para_hi": ["चार दिनों के भीतर पुष्पा रावत के नेतृत्व में सरकारी कॉलेज के विद्यार्थियों ने 2,600 कंबल और "
                      "700 बोरे चावल जुटाए।"],
          "neg_en": "Students of the Government College, led by Pushpa Rawat, did not collect 2,600 blankets and 700 "
                    "sacks of rice in four days.",
          "neg_hi": "सरकारी कॉलेज के छात्रों ने पुष्पा रावत की अगुवाई में चार दिन में 2,600 कंबल और 700 बोरी चावल "
                    "इकट्ठा नहीं किए।",
          "add_en": "Students of the Government College, led by Pushpa Rawat, collected 2,600 blankets and 700 sacks "
                    "of rice in four days, going from door to door in the upper town.",
          "add_hi": "सरकारी कॉलेज के छात्रों ने पुष्पा रावत की अगुवाई में ऊपरी शहर में घर-घर जाकर चार दिन में 2,600 "
                    "कंबल और 700 बोरी चावल इकट्ठा किए।",
          "more": [("changed_number", "en", "Students of the Government College, led by Pushpa Rawat, collected "
                                            "2,600 blankets and 900 sacks of rice in four days."),
                   ("changed_number", "hi", "सरकारी कॉलेज के छात्रों ने पुष्पा रावत की अगुवाई में चार दिन में 2,600 "
                                            "कंबल और 900 बोरी चावल इकट्ठा किए।"),
                   ("number_word", "en", "Students of the Government College, led by Pushpa Rawat, collected 2,600 "
                                         "blankets and seven hundred sacks of rice in 4 days."),
                   ("number_word", "hi", "सरकारी कॉलेज के छात्रों ने पुष्पा रावत की अगुवाई में 4 दिन में २,६०० कंबल "
                                         "और सात सौ बोरी चावल इकट्ठा किए।")]},
         {"i": 2,
          "para_en": ["The kitchen in the temple hall was run by Vinod Bisht, while Farida Khan ran the one at the "
                      "Deodar Hill school."],
          "para_hi": ["मंदिर हॉल वाली रसोई का ज़िम्मा विनोद बिष्ट के पास था और देवदार पहाड़ी स्कूल वाली का फ़रीदा ख़ान "
                      "के पास।",
                      "फ़रीदा ख़ान ने देवदार पहाड़ी विद्यालय में राहत भोजनालय चलाया, जबकि विनोद बिष्ट ने मंदिर के हॉल "
                      "में।"],
          "neg_en": ["Farida Khan did not run the relief kitchen at the Deodar Hill school, and Vinod Bisht ran the "
                     "one in the temple hall.",
                     "Farida Khan ran the relief kitchen at the Deodar Hill school, but Vinod Bisht did not run the "
                     "one in the temple hall."],
          "neg_hi": ["देवदार पहाड़ी स्कूल की राहत रसोई फ़रीदा ख़ान ने नहीं संभाली, मंदिर हॉल की रसोई विनोद बिष्ट ने "
                     "संभाली।",
                     "देवदार पहाड़ी स्कूल की राहत रसोई फ़रीदा ख़ान ने संभाली, पर मंदिर हॉल की रसोई विनोद बिष्ट ने "
                     "नहीं।"],
          "swap_en": ["Vinod Bisht ran the relief kitchen at the Deodar Hill school, and Farida Khan ran the one in "
                      "the temple hall."],
          "swap_hi": ["देवदार पहाड़ी स्कूल की राहत रसोई विनोद बिष्ट ने संभाली और मंदिर हॉल की रसोई फ़रीदा ख़ान ने।"],
          "add_en": "Farida Khan ran the relief kitchen at the Deodar Hill school, and Vinod Bisht ran the one in the "
                    "temple hall, where homeless families also slept.",
          "add_hi": "देवदार पहाड़ी स्कूल की राहत रसोई फ़रीदा ख़ान ने संभाली और मंदिर हॉल की रसोई विनोद बिष्ट ने, जहाँ "
                    "बेघर परिवारों को ठहराया भी गया।",
          "more": [("changed_date", "en", "In the week after the cloudburst of 9 November, Farida Khan ran the relief "
                                          "kitchen at the Deodar Hill school, and Vinod Bisht ran the one in the "
                                          "temple hall."),
                   ("changed_date", "hi", "9 नवंबर को बादल फटने के बाद वाले हफ़्ते में देवदार पहाड़ी स्कूल की राहत "
                                          "रसोई फ़रीदा ख़ान ने संभाली और मंदिर हॉल की रसोई विनोद बिष्ट ने।")]}]},
    {"id": "k03", "date": "2025-11-22", "title": "The science fair",
     "en": ["Kothipur Public School held the district science fair on Saturday, 22 November 2025.",
            "86 students from 14 schools showed their models in the school hall.",
            "Zoya Mirza, a class 9 student from Sundargarh, built a water filter from charcoal, sand and gravel.",
            "Hemlata Pant, a scientist at the forest research centre, judged the models and gave the first prize of "
            "5,000 rupees to Zoya Mirza.",
            "The principal, Bhupen Das, said the winning model will be sent to the state fair in January."],
     "hi": ["कोठीपुर पब्लिक स्कूल ने शनिवार, 22 नवंबर 2025 को ज़िला विज्ञान मेला आयोजित किया।",
            "14 स्कूलों के 86 विद्यार्थियों ने स्कूल के सभागार में अपने मॉडल दिखाए।",
            "सुंदरगढ़ की कक्षा 9 की छात्रा ज़ोया मिर्ज़ा ने कोयले, रेत और बजरी से पानी का फ़िल्टर बनाया।",
            "वन अनुसंधान केंद्र की वैज्ञानिक हेमलता पंत ने मॉडलों को परखा और ज़ोया मिर्ज़ा को 5,000 रुपये का पहला "
            "पुरस्कार दिया।",
            "प्रधानाचार्य भूपेन दास ने बताया कि विजेता मॉडल जनवरी में राज्य स्तरीय मेले में भेजा जाएगा।"],
     "targets": [
         {"i": 2,
          "para_en": ["A water filter made of charcoal, sand and gravel was built by Zoya Mirza, a Sundargarh student "
                      "in class 9.",
                      "Zoya Mirza, a class 9 pupil from Sundargarh, made a water filter using charcoal, sand and "
                      "gravel."],
          "para_hi": ["सुंदरगढ़ की कक्षा 9 की विद्यार्थी ज़ोया मिर्ज़ा ने लकड़ी के कोयले, बालू और कंकड़ से जल छानने "
                      "का यंत्र तैयार किया।"],
          "neg_en": "Zoya Mirza, a class 9 student from Sundargarh, did not build a water filter from charcoal, sand "
                    "and gravel.",
          "neg_hi": "सुंदरगढ़ की कक्षा 9 की छात्रा ज़ोया मिर्ज़ा ने कोयले, रेत और बजरी से पानी का फ़िल्टर नहीं बनाया।",
          "add_en": "Zoya Mirza, a class 9 student from Sundargarh, built a water filter from charcoal, sand and "
                    "gravel that cleans 20 litres an hour.",
          "add_hi": "सुंदरगढ़ की कक्षा 9 की छात्रा ज़ोया मिर्ज़ा ने कोयले, रेत और बजरी से पानी का फ़िल्टर बनाया, जो "
                    "एक घंटे में 20 लीटर पानी साफ़ करता है।",
          "more": [("number_word", "hi", "सुंदरगढ़ की कक्षा ९ की छात्रा ज़ोया मिर्ज़ा ने कोयले, रेत और बजरी से पानी "
                                         "का फ़िल्टर बनाया।")]},
         {"i": 3,
          "para_en": ["Zoya Mirza received the first prize of 5,000 rupees from Hemlata Pant, a forest research "
                      "centre scientist who judged the models.",
                      "The models were judged by Hemlata Pant, a scientist at the forest research centre, and she "
                      "awarded Zoya Mirza the 5,000-rupee first prize."],
          "para_hi": ["ज़ोया मिर्ज़ा को वन अनुसंधान केंद्र की वैज्ञानिक हेमलता पंत से 5,000 रुपये का प्रथम पुरस्कार "
                      "मिला, जिन्होंने मॉडलों की जाँच की थी।",
                      "मॉडलों का मूल्यांकन वन अनुसंधान केंद्र की वैज्ञानिक हेमलता पंत ने किया और पहला इनाम, 5,000 "
                      "रुपये, ज़ोया मिर्ज़ा को दिया।"],
          "neg_en": "Hemlata Pant, a scientist at the forest research centre, judged the models but did not give the "
                    "first prize of 5,000 rupees to Zoya Mirza.",
          "neg_hi": "वन अनुसंधान केंद्र की वैज्ञानिक हेमलता पंत ने मॉडलों को परखा, पर ज़ोया मिर्ज़ा को 5,000 रुपये का "
                    "पहला पुरस्कार नहीं दिया।",
          "swap_en": ["Zoya Mirza judged the models and gave the first prize of 5,000 rupees to Hemlata Pant, a "
                      "scientist at the forest research centre.",
                      "Hemlata Pant, a scientist at the forest research centre, received the first prize of 5,000 "
                      "rupees from Zoya Mirza."],
          "swap_hi": ["ज़ोया मिर्ज़ा ने मॉडलों को परखा और वन अनुसंधान केंद्र की वैज्ञानिक हेमलता पंत को 5,000 रुपये का "
                      "पहला पुरस्कार दिया।",
                      "वन अनुसंधान केंद्र की वैज्ञानिक हेमलता पंत को ज़ोया मिर्ज़ा से 5,000 रुपये का पहला पुरस्कार "
                      "मिला।"],
          "add_en": "Hemlata Pant, a scientist at the forest research centre, judged the models and gave the first "
                    "prize of 5,000 rupees to Zoya Mirza, and a microscope to her school.",
          "add_hi": "वन अनुसंधान केंद्र की वैज्ञानिक हेमलता पंत ने मॉडलों को परखा और ज़ोया मिर्ज़ा को 5,000 रुपये का "
                    "पहला पुरस्कार दिया, और उसके स्कूल को एक सूक्ष्मदर्शी भी।",
          "more": [("changed_date", "en", "On Sunday, Hemlata Pant, a scientist at the forest research centre, "
                                          "judged the models and gave the first prize of 5,000 rupees to Zoya "
                                          "Mirza."),
                   ("changed_date", "hi", "रविवार को वन अनुसंधान केंद्र की वैज्ञानिक हेमलता पंत ने मॉडलों को परखा और "
                                          "ज़ोया मिर्ज़ा को 5,000 रुपये का पहला पुरस्कार दिया।"),
                   ("number_word", "hi", "वन अनुसंधान केंद्र की वैज्ञानिक हेमलता पंत ने मॉडलों को परखा और ज़ोया "
                                         "मिर्ज़ा को ५,००० रुपये का पहला पुरस्कार दिया।")]}]},
    {"id": "k04", "date": "2026-02-01", "title": "The new bus route",
     "en": ["From 1 February 2026, the state bus to Ranigarh no longer goes through the old bazaar of Kothipur.",
            "It now takes the new bypass past Deodar Hill, which cuts the journey from 95 minutes to 70.",
            "In January, shopkeepers of the bazaar, led by Dinesh Agarwal, asked the depot manager, Rekha Nair, to "
            "keep one morning bus on the old road.",
            "The depot manager agreed to run two buses a day through the bazaar on Tuesdays and Fridays.",
            "A monthly pass for students costs 250 rupees, half the old price."],
     "hi": ["1 फ़रवरी 2026 से रानीगढ़ जाने वाली सरकारी बस अब कोठीपुर के पुराने बाज़ार से होकर नहीं जाती।",
            "अब वह देवदार पहाड़ी के पास से नए बाईपास से जाती है, जिससे सफ़र 95 मिनट से घटकर 70 मिनट रह गया है।",
            "जनवरी में दिनेश अग्रवाल की अगुवाई में बाज़ार के दुकानदारों ने डिपो प्रबंधक रेखा नायर से अनुरोध किया कि "
            "सुबह की एक बस पुरानी सड़क से ही चलाई जाए।",
            "डिपो प्रबंधक ने मंगलवार और शुक्रवार को दिन में दो बसें बाज़ार होकर चलाने की बात मान ली।",
            "छात्रों के लिए मासिक पास 250 रुपये का है, जो पुराने दाम का आधा है।"],
     "targets": [
         {"i": 2,
          "para_en": ["Rekha Nair, the depot manager, was asked in January by the bazaar's shopkeepers under Dinesh "
                      "Agarwal to keep one morning bus on the old road.",
                      "In January, the bazaar shopkeepers, with Dinesh Agarwal at their head, requested that the "
                      "depot manager, Rekha Nair, leave a morning bus on the old road."],
          "para_hi": ["जनवरी में बाज़ार के दुकानदारों ने दिनेश अग्रवाल के नेतृत्व में डिपो मैनेजर रेखा नायर से गुज़ारिश "
                      "की कि सुबह की एक बस पुराने रास्ते से ही चले।"],
          "neg_en": "In January, shopkeepers of the bazaar, led by Dinesh Agarwal, did not ask the depot manager, "
                    "Rekha Nair, to keep one morning bus on the old road.",
          "neg_hi": "जनवरी में दिनेश अग्रवाल की अगुवाई में बाज़ार के दुकानदारों ने डिपो प्रबंधक रेखा नायर से यह अनुरोध "
                    "नहीं किया कि सुबह की एक बस पुरानी सड़क से ही चलाई जाए।",
          "swap_en": ["In January, the depot manager, Rekha Nair, asked the shopkeepers of the bazaar, led by Dinesh "
                      "Agarwal, to keep one morning bus on the old road."],
          "swap_hi": ["जनवरी में डिपो प्रबंधक रेखा नायर ने दिनेश अग्रवाल की अगुवाई वाले बाज़ार के दुकानदारों से अनुरोध "
                      "किया कि सुबह की एक बस पुरानी सड़क से ही चलाई जाए।"],
          "add_en": "In January, shopkeepers of the bazaar, led by Dinesh Agarwal, asked the depot manager, Rekha "
                    "Nair, to keep one morning bus on the old road, and handed her a letter signed by 300 traders.",
          "add_hi": "जनवरी में दिनेश अग्रवाल की अगुवाई में बाज़ार के दुकानदारों ने डिपो प्रबंधक रेखा नायर को 300 "
                    "व्यापारियों के हस्ताक्षर वाला पत्र सौंपकर अनुरोध किया कि सुबह की एक बस पुरानी सड़क से ही चलाई "
                    "जाए।",
          "more": [("changed_number", "en", "In January, shopkeepers of the bazaar, led by Dinesh Agarwal, asked the "
                                            "depot manager, Rekha Nair, to keep two morning buses on the old road."),
                   ("changed_number", "hi", "जनवरी में दिनेश अग्रवाल की अगुवाई में बाज़ार के दुकानदारों ने डिपो "
                                            "प्रबंधक रेखा नायर से अनुरोध किया कि सुबह की दो बसें पुरानी सड़क से ही "
                                            "चलाई जाएँ।")]},
         {"i": 3,
          "para_en": ["On Tuesdays and Fridays, two buses a day will go through the bazaar, the depot manager agreed.",
                      "The depot manager, Rekha Nair, accepted that two buses a day would pass through the bazaar "
                      "every Tuesday and Friday."],
          "para_hi": ["डिपो प्रबंधक इस पर सहमत हो गईं कि मंगलवार और शुक्रवार को दिन में दो बसें बाज़ार के रास्ते से "
                      "गुज़रेंगी।"],
          "neg_en": "The depot manager did not agree to run two buses a day through the bazaar on Tuesdays and "
                    "Fridays.",
          "neg_hi": ["डिपो प्रबंधक ने मंगलवार और शुक्रवार को दिन में दो बसें बाज़ार होकर चलाने की बात नहीं मानी।",
                     "डिपो प्रबंधक मंगलवार और शुक्रवार को बाज़ार होकर दिन में दो बसें चलाने पर राज़ी न हुईं।"],
          "add_en": "The depot manager agreed to run two buses a day through the bazaar on Tuesdays and Fridays, the "
                    "town's market days.",
          "add_hi": "डिपो प्रबंधक ने मंगलवार और शुक्रवार को, जो शहर के हाट के दिन हैं, दिन में दो बसें बाज़ार होकर "
                    "चलाने की बात मान ली।",
          "more": [("number_word", "en", "The depot manager agreed to run 2 buses a day through the bazaar on "
                                         "Tuesdays and Fridays."),
                   ("number_word", "hi", "डिपो प्रबंधक ने मंगलवार और शुक्रवार को दिन में २ बसें बाज़ार होकर चलाने की "
                                         "बात मान ली।"),
                   ("changed_name", "en", "The depot manager, Gopal Nair, agreed to run two buses a day through the "
                                          "bazaar on Tuesdays and Fridays."),
                   ("changed_name", "hi", "डिपो प्रबंधक गोपाल नायर ने मंगलवार और शुक्रवार को दिन में दो बसें बाज़ार "
                                          "होकर चलाने की बात मान ली।")]}]},
    {"id": "k05", "date": "2025-12-14", "title": "The blood donation camp",
     "en": ["The Kothipur Youth Club held a blood donation camp at the civil hospital on Sunday, 14 December 2025.",
            "Altaf Hussain, who runs the hospital's blood bank, said its stock falls below 30 units in the wedding "
            "season.",
            "In all, 112 people donated blood, among them Prakash Semwal, a groom-to-be who came straight from his "
            "engagement ceremony.",
            "The blood bank sent 20 units to the hospital in Sundargarh, where eleven people injured in a bus "
            "accident were being treated.",
            "The club will hold its next camp in May, before the summer weddings."],
     "hi": ["कोठीपुर युवा क्लब ने रविवार, 14 दिसंबर 2025 को सिविल अस्पताल में रक्तदान शिविर लगाया।",
            "अस्पताल का ब्लड बैंक चलाने वाले अल्ताफ़ हुसैन ने बताया कि शादियों के मौसम में उसका भंडार 30 यूनिट से "
            "नीचे चला जाता है।",
            "कुल 112 लोगों ने रक्तदान किया, जिनमें सगाई की रस्म से सीधे पहुँचे होने वाले दूल्हे प्रकाश सेमवाल भी थे।",
            "ब्लड बैंक ने 20 यूनिट सुंदरगढ़ के अस्पताल को भेजीं, जहाँ एक बस हादसे में घायल ग्यारह लोगों का इलाज चल "
            "रहा था।",
            "क्लब अगला शिविर मई में, गर्मियों की शादियों से पहले, लगाएगा।"],
     "targets": [
         {"i": 2,
          "para_en": ["Blood was given by 112 people in all, including Prakash Semwal, who is soon to be married and "
                      "came to the camp directly from his engagement ceremony.",
                      "Prakash Semwal, a groom-to-be, came straight from his engagement ceremony and was one of the "
                      "112 blood donors."],
          "para_hi": ["कुल 112 लोगों ने ख़ून दिया; इनमें होने वाले दूल्हे प्रकाश सेमवाल भी शामिल थे, जो मंगनी की रस्म "
                      "से सीधे शिविर पहुँचे।"],
          "neg_en": "In all, 112 people donated blood, but Prakash Semwal, a groom-to-be who came straight from his "
                    "engagement ceremony, was not among them.",
          "neg_hi": "कुल 112 लोगों ने रक्तदान किया, पर सगाई की रस्म से सीधे पहुँचे होने वाले दूल्हे प्रकाश सेमवाल उनमें "
                    "नहीं थे।",
          "add_en": "In all, 112 people donated blood, among them Prakash Semwal, a groom-to-be who came straight from "
                    "his engagement ceremony with his future brother-in-law.",
          "add_hi": "कुल 112 लोगों ने रक्तदान किया, जिनमें सगाई की रस्म से अपने होने वाले साले के साथ सीधे पहुँचे "
                    "होने वाले दूल्हे प्रकाश सेमवाल भी थे।",
          "more": [("changed_date", "en", "On Saturday, 112 people donated blood, among them Prakash Semwal, a "
                                          "groom-to-be who came straight from his engagement ceremony."),
                   ("changed_date", "hi", "शनिवार को 112 लोगों ने रक्तदान किया, जिनमें सगाई की रस्म से सीधे पहुँचे "
                                          "होने वाले दूल्हे प्रकाश सेमवाल भी थे।"),
                   ("number_word", "hi", "कुल ११२ लोगों ने रक्तदान किया, जिनमें सगाई की रस्म से सीधे पहुँचे होने वाले "
                                         "दूल्हे प्रकाश सेमवाल भी थे।")]},
         {"i": 3,
          "para_en": ["The Sundargarh hospital, which was treating eleven people hurt in a bus accident, received 20 "
                      "units from the blood bank.",
                      "20 units went from the blood bank to the hospital in Sundargarh, where eleven victims of a bus "
                      "accident were under treatment."],
          "para_hi": ["सुंदरगढ़ के अस्पताल को, जहाँ बस दुर्घटना के ग्यारह घायलों का उपचार हो रहा था, ब्लड बैंक से 20 "
                      "यूनिट ख़ून मिला।"],
          "neg_en": "The blood bank did not send 20 units to the hospital in Sundargarh, where eleven people injured "
                    "in a bus accident were being treated.",
          "neg_hi": "ब्लड बैंक ने 20 यूनिट सुंदरगढ़ के अस्पताल को नहीं भेजीं, जहाँ एक बस हादसे में घायल ग्यारह लोगों "
                    "का इलाज चल रहा था।",
          "swap_en": ["The hospital in Sundargarh, where eleven people injured in a bus accident were being treated, "
                      "sent 20 units to the blood bank.",
                      "The blood bank received 20 units from the hospital in Sundargarh, where eleven people injured "
                      "in a bus accident were being treated."],
          "swap_hi": ["सुंदरगढ़ के अस्पताल ने, जहाँ एक बस हादसे में घायल ग्यारह लोगों का इलाज चल रहा था, ब्लड बैंक को "
                      "20 यूनिट भेजीं।"],
          "add_en": "The blood bank sent 20 units to the hospital in Sundargarh, where eleven people injured in a bus "
                    "accident were being treated, and two of them needed surgery.",
          "add_hi": "ब्लड बैंक ने 20 यूनिट सुंदरगढ़ के अस्पताल को भेजीं, जहाँ एक बस हादसे में घायल ग्यारह लोगों का इलाज "
                    "चल रहा था, और उनमें से दो का ऑपरेशन करना पड़ा।",
          "more": [("changed_number", "en", "The blood bank sent 20 units to the hospital in Sundargarh, where twelve "
                                            "people injured in a bus accident were being treated."),
                   ("changed_number", "hi", "ब्लड बैंक ने 20 यूनिट सुंदरगढ़ के अस्पताल को भेजीं, जहाँ एक बस हादसे में "
                                            "घायल बारह लोगों का इलाज चल रहा था।"),
                   ("number_word", "en", "The blood bank sent twenty units to the hospital in Sundargarh, where 11 "
                                         "people injured in a bus accident were being treated."),
                   ("changed_name", "en", "The blood bank sent 20 units to the hospital in Ranigarh, where eleven "
                                          "people injured in a bus accident were being treated."),
                   ("changed_name", "hi", "ब्लड बैंक ने 20 यूनिट रानीगढ़ के अस्पताल को भेजीं, जहाँ एक बस हादसे में "
                                          "घायल ग्यारह लोगों का इलाज चल रहा था।")]}]},
]
