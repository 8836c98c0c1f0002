"""The hand-written source of a held-out support-check probe (tests/data/support_probe_machhli): five short reports of
a fictional river-port town in the plains (Machhlipur, on the Chandrani: a fishing cooperative's ice plant, a ferry
timetable change, a girls' wrestling club, a night literacy class for boatmen, a tree-planting drive on the river
embankment), each in English and Hindi, and for two sentences of each the variants a model answering questions from
these reports might write. A new setting, cast and set of facts: paraphrases that reword (synonyms, active and
passive, converse verbs such as bought/sold, beat/lost to, help/get help from, reordered clauses, Hindi words of
Sanskrit or Urdu origin other than the passage's, names spelled with and without nukta), numbers as digits, words
and Devanagari digits; invented variants that negate, swap who did what to whom (or the two sides of "instead of"),
add a clause the report does not hold, or change a number, a date or a time of day. Written blind to the support
check's rules. Kept as a held-out set only (every pair in the ``test`` split). Written for this project; CC0. Built
by ``tools/make_support_probe.py --source tools.support_probe_machhli_source --out tests/data/support_probe_machhli
--held-out``.
"""

from __future__ import annotations

# first names of the cast (English, Hindi): a changed name is another one of these
CAST = [("Zubeida", "ज़ुबैदा"), ("Hiralal", "हीरालाल"), ("Lakhan", "लखन"), ("Sushila", "सुशीला"), ("Jamila", "जमीला"),
        ("Chhotelal", "छोटेलाल"), ("Poonam", "पूनम"), ("Kamini", "कामिनी"), ("Mehtab", "महताब"), ("Irfan", "इरफ़ान"),
        ("Sharda", "शारदा"), ("Manjeet", "मनजीत"), ("Ratan", "रतन"), ("Phoolmati", "फूलमती"), ("Basanti", "बसंती"),
        ("Gulshan", "गुलशन"), ("Dulari", "दुलारी")]

TALKS: list[dict] = [
    {"id": "m01", "date": "2025-09-12", "title": "The ice plant",
     "en": ["The Machhlipur fishermen's cooperative opened an ice plant at Kesariya Ghat on 12 September 2025.",
            "The plant makes 8 tonnes of ice a day, enough for about 300 boats.",
            "Zubeida Khatoon, the cooperative's secretary, bought the freezing machines from a firm in Kundanpur.",
            "Members pay 40 rupees for a block of ice, half the market price.",
            "Hiralal Nishad, who has fished the Chandrani for forty years, says his catch no longer spoils before it "
            "reaches the market."],
     "hi": ["12 सितंबर 2025 को मछलीपुर मछुआरा सहकारी समिति ने केसरिया घाट पर बर्फ़ का एक कारख़ाना शुरू किया।",
            "कारख़ाना रोज़ 8 टन बर्फ़ बनाता है, जो क़रीब 300 नावों के लिए काफ़ी है।",
            "समिति की सचिव ज़ुबैदा ख़ातून ने बर्फ़ जमाने की मशीनें कुंदनपुर की एक कंपनी से ख़रीदीं।",
            "सदस्य बर्फ़ की एक सिल्ली के 40 रुपये देते हैं, जो बाज़ार भाव का आधा है।",
            "चालीस साल से चंद्रानी में मछली पकड़ रहे हीरालाल निषाद कहते हैं कि अब उनकी मछली मंडी पहुँचने से पहले "
            "ख़राब नहीं होती।"],
     "targets": [
         {"i": 1,
          "para_en": ["Every day the plant turns out 8 tonnes of ice, which is sufficient for roughly 300 boats.",
                      "About 300 boats can be supplied from the eight tonnes of ice the plant produces daily.",
                      "The ice plant's daily output is 8 tonnes, enough to serve around three hundred boats."],
          "para_hi": ["यह संयंत्र प्रतिदिन 8 टन बर्फ़ तैयार करता है, जो लगभग 300 नौकाओं के लिए पर्याप्त है।",
                      "कारखाने में हर दिन आठ टन बर्फ बनती है, जिससे तकरीबन 300 नावों का काम चल जाता है।"],
          "neg_en": "The plant makes 8 tonnes of ice a day, but that is not enough for about 300 boats.",
          "neg_hi": "कारख़ाना रोज़ 8 टन बर्फ़ बनाता है, लेकिन यह क़रीब 300 नावों के लिए काफ़ी नहीं है।",
          "add_en": "The plant makes 8 tonnes of ice a day, enough for about 300 boats, and runs on solar power.",
          "add_hi": "कारख़ाना रोज़ 8 टन बर्फ़ बनाता है, जो क़रीब 300 नावों के लिए काफ़ी है, और यह सौर ऊर्जा से "
                    "चलता है।",
          "more": [("changed_number", "en", "The plant makes 8 tonnes of ice a day, enough for about 500 boats."),
                   ("changed_number", "hi", "कारख़ाना रोज़ 8 टन बर्फ़ बनाता है, जो क़रीब 500 नावों के लिए काफ़ी है।"),
                   ("number_word", "en", "The plant makes eight tonnes of ice a day, enough for about three hundred "
                                         "boats."),
                   ("number_word", "hi", "कारख़ाना रोज़ ८ टन बर्फ़ बनाता है, जो क़रीब ३०० नावों के लिए काफ़ी है।")]},
         {"i": 2,
          "para_en": ["A firm in Kundanpur sold the freezing machines to Zubeida Khatoon, the cooperative's secretary.",
                      "The cooperative's secretary, Zubeida Khatoon, purchased the freezing machines from a Kundanpur "
                      "company."],
          "para_hi": ["कुंदनपुर की एक फ़र्म ने समिति की सचिव ज़ुबैदा ख़ातून को बर्फ़ जमाने की मशीनें बेचीं।",
                      "बर्फ जमाने वाली मशीनों की खरीद समिति की सचिव जुबैदा खातून ने कुंदनपुर की एक कंपनी से की।"],
          "neg_en": "Zubeida Khatoon, the cooperative's secretary, did not buy the freezing machines from a firm in "
                    "Kundanpur.",
          "neg_hi": "समिति की सचिव ज़ुबैदा ख़ातून ने बर्फ़ जमाने की मशीनें कुंदनपुर की किसी कंपनी से नहीं ख़रीदीं।",
          "swap_en": ["Zubeida Khatoon, the cooperative's secretary, sold the freezing machines to a firm in "
                      "Kundanpur.",
                      "A firm in Kundanpur bought the freezing machines from Zubeida Khatoon, the cooperative's "
                      "secretary."],
          "swap_hi": ["समिति की सचिव ज़ुबैदा ख़ातून ने बर्फ़ जमाने की मशीनें कुंदनपुर की एक कंपनी को बेचीं।"],
          "add_en": "Zubeida Khatoon, the cooperative's secretary, bought the freezing machines from a firm in "
                    "Kundanpur with a bank loan.",
          "add_hi": "समिति की सचिव ज़ुबैदा ख़ातून ने बैंक से क़र्ज़ लेकर बर्फ़ जमाने की मशीनें कुंदनपुर की एक कंपनी से "
                    "ख़रीदीं।"}]},
    {"id": "m02", "date": "2025-11-03", "title": "The new ferry timetable",
     "en": ["From 3 November 2025, the ferry between Machhlipur and Sonaghat runs every 40 minutes instead of every "
            "hour.",
            "The first boat now leaves Machhlipur at 5 a.m., an hour earlier than before.",
            "Vegetable sellers who cross the river to the Sonaghat market had asked for the change.",
            "Lakhan Mallah steers the early boats and Sushila Kewat keeps the ticket register.",
            "A one-way ticket still costs 5 rupees, and schoolchildren cross free on Saturdays."],
     "hi": ["3 नवंबर 2025 से मछलीपुर और सोनाघाट के बीच फ़ेरी हर घंटे के बजाय हर 40 मिनट पर चलती है।",
            "पहली नाव अब सुबह 5 बजे मछलीपुर से छूटती है, यानी पहले से एक घंटा जल्दी।",
            "नदी पार करके सोनाघाट मंडी जाने वाले सब्ज़ी विक्रेताओं ने यह बदलाव माँगा था।",
            "सुबह की नावें लखन मल्लाह चलाते हैं और टिकट रजिस्टर सुशीला केवट रखती हैं।",
            "एक तरफ़ का टिकट अब भी 5 रुपये का है, और शनिवार को स्कूली बच्चे मुफ़्त नदी पार करते हैं।"],
     "targets": [
         {"i": 0,
          "para_en": ["Since 3 November 2025, the Machhlipur–Sonaghat ferry has sailed every 40 minutes rather than "
                      "hourly.",
                      "The ferry linking Machhlipur and Sonaghat no longer runs once an hour; from 3 November 2025 it "
                      "leaves every forty minutes."],
          "para_hi": ["3 नवंबर 2025 से मछलीपुर-सोनाघाट फ़ेरी हर घंटे की जगह हर चालीस मिनट में चल रही है।",
                      "मछलीपुर और सोनाघाट के बीच नौका सेवा 3 नवंबर 2025 से प्रति घंटा नहीं, बल्कि प्रत्येक 40 मिनट "
                      "पर उपलब्ध है।"],
          "neg_en": "The ferry between Machhlipur and Sonaghat did not start running every 40 minutes on 3 November "
                    "2025.",
          "neg_hi": "3 नवंबर 2025 से मछलीपुर और सोनाघाट के बीच फ़ेरी हर 40 मिनट पर नहीं चलती।",
          "swap_en": ["From 3 November 2025, the ferry between Machhlipur and Sonaghat runs every hour instead of "
                      "every 40 minutes."],
          "swap_hi": ["3 नवंबर 2025 से मछलीपुर और सोनाघाट के बीच फ़ेरी हर 40 मिनट के बजाय हर घंटे चलती है।"],
          "add_en": "From 3 November 2025, the ferry between Machhlipur and Sonaghat runs every 40 minutes instead of "
                    "every hour, because a second boat has been bought.",
          "add_hi": "3 नवंबर 2025 से मछलीपुर और सोनाघाट के बीच फ़ेरी हर घंटे के बजाय हर 40 मिनट पर चलती है, क्योंकि "
                    "एक और नाव ख़रीदी गई है।",
          "more": [("number_word", "hi", "३ नवंबर २०२५ से मछलीपुर और सोनाघाट के बीच फ़ेरी हर घंटे के बजाय हर ४० "
                                         "मिनट पर चलती है।")]},
         {"i": 3,
          "para_en": ["The ticket register is kept by Sushila Kewat, while Lakhan Mallah steers the early boats.",
                      "Lakhan Mallah is at the helm of the early-morning boats, and Sushila Kewat looks after the "
                      "ticket register."],
          "para_hi": ["टिकट रजिस्टर सुशीला केवट के ज़िम्मे है, जबकि सुबह की नावें लखन मल्लाह चलाते हैं।",
                      "भोर की नावें लखन मल्लाह खेते हैं और टिकटों का हिसाब सुशीला केवट सँभालती हैं।"],
          "neg_en": "Lakhan Mallah does not steer the early boats, and Sushila Kewat keeps the ticket register.",
          "neg_hi": "सुबह की नावें लखन मल्लाह नहीं चलाते, और टिकट रजिस्टर सुशीला केवट रखती हैं।",
          "swap_en": ["Sushila Kewat steers the early boats and Lakhan Mallah keeps the ticket register."],
          "swap_hi": ["सुबह की नावें सुशीला केवट चलाती हैं और टिकट रजिस्टर लखन मल्लाह रखते हैं।"],
          "add_en": "Lakhan Mallah steers the early boats and his sister Sushila Kewat keeps the ticket register.",
          "add_hi": "सुबह की नावें लखन मल्लाह चलाते हैं और टिकट रजिस्टर उनकी बहन सुशीला केवट रखती हैं।",
          "more": [("changed_date", "en", "Lakhan Mallah steers the evening boats and Sushila Kewat keeps the ticket "
                                          "register."),
                   ("changed_date", "hi", "शाम की नावें लखन मल्लाह चलाते हैं और टिकट रजिस्टर सुशीला केवट रखती "
                                          "हैं।")]}]},
    {"id": "m03", "date": "2026-04-02", "title": "The girls' wrestling club",
     "en": ["A wrestling club for girls opened in the old akhara behind the Machhlipur grain market on 8 February "
            "2026.",
            "Coach Jamila Pathan trains 19 girls every morning before school.",
            "Chhotelal Bhagat, a former district champion, gave the club two new mats.",
            "In March, Poonam Bind beat Kamini Chauhan of Sonaghat in the under-14 final at the district games.",
            "The girls' mothers take turns cooking breakfast for the team."],
     "hi": ["8 फ़रवरी 2026 को मछलीपुर अनाज मंडी के पीछे के पुराने अखाड़े में लड़कियों का एक कुश्ती क्लब शुरू हुआ।",
            "कोच जमीला पठान हर सुबह स्कूल से पहले 19 लड़कियों को प्रशिक्षण देती हैं।",
            "पूर्व ज़िला चैंपियन छोटेलाल भगत ने क्लब को दो नए गद्दे दिए।",
            "मार्च में ज़िला खेलों के अंडर-14 फ़ाइनल में पूनम बिंद ने सोनाघाट की कामिनी चौहान को हराया।",
            "लड़कियों की माँएँ बारी-बारी से टीम के लिए नाश्ता बनाती हैं।"],
     "targets": [
         {"i": 1,
          "para_en": ["Every morning before school, 19 girls are trained by coach Jamila Pathan.",
                      "Nineteen girls get coaching from Jamila Pathan each morning ahead of school."],
          "para_hi": ["रोज़ सुबह स्कूल जाने से पहले 19 लड़कियाँ कोच जमीला पठान से ट्रेनिंग लेती हैं।",
                      "प्रशिक्षक जमीला पठान प्रतिदिन प्रातः विद्यालय से पूर्व उन्नीस बालिकाओं को अभ्यास कराती हैं।"],
          "neg_en": "Coach Jamila Pathan does not train 19 girls every morning before school.",
          "neg_hi": "कोच जमीला पठान हर सुबह स्कूल से पहले 19 लड़कियों को प्रशिक्षण नहीं देतीं।",
          "swap_en": ["The 19 girls train coach Jamila Pathan every morning before school."],
          "swap_hi": ["19 लड़कियाँ हर सुबह स्कूल से पहले कोच जमीला पठान को प्रशिक्षण देती हैं।"],
          "add_en": "Coach Jamila Pathan, who once wrestled for the state team, trains 19 girls every morning before "
                    "school.",
          "add_hi": "कभी राज्य टीम से कुश्ती लड़ चुकीं कोच जमीला पठान हर सुबह स्कूल से पहले 19 लड़कियों को प्रशिक्षण "
                    "देती हैं।",
          "more": [("changed_date", "en", "Coach Jamila Pathan trains 19 girls every evening after school."),
                   ("changed_date", "hi", "कोच जमीला पठान हर शाम स्कूल के बाद 19 लड़कियों को प्रशिक्षण देती हैं।"),
                   ("number_word", "hi", "कोच जमीला पठान हर सुबह स्कूल से पहले १९ लड़कियों को प्रशिक्षण देती हैं।")]},
         {"i": 3,
          "para_en": ["Kamini Chauhan of Sonaghat lost the under-14 final at the district games to Poonam Bind in "
                      "March.",
                      "Poonam Bind defeated Sonaghat's Kamini Chauhan in March to win the under-14 final at the "
                      "district games."],
          "para_hi": ["मार्च में हुए ज़िला खेलों के अंडर-14 फ़ाइनल में सोनाघाट की कामिनी चौहान पूनम बिंद से हार गईं।",
                      "पूनम बिंद ने मार्च में ज़िला स्तरीय खेलों के अंडर-14 फ़ाइनल में सोनाघाट की कामिनी चौहान को "
                      "पराजित किया।",
                      "मार्च में जिला खेलों के अंडर-14 फाइनल में पूनम बिंद ने सोनाघाट की कामिनी चौहान को पटखनी दी।"],
          "neg_en": "In March, Poonam Bind did not beat Kamini Chauhan of Sonaghat in the under-14 final at the "
                    "district games.",
          "neg_hi": "मार्च में ज़िला खेलों के अंडर-14 फ़ाइनल में पूनम बिंद सोनाघाट की कामिनी चौहान को नहीं हरा पाईं।",
          "swap_en": ["In March, Kamini Chauhan of Sonaghat beat Poonam Bind in the under-14 final at the district "
                      "games.",
                      "Poonam Bind lost to Kamini Chauhan of Sonaghat in the under-14 final at the district games in "
                      "March."],
          "swap_hi": ["मार्च में ज़िला खेलों के अंडर-14 फ़ाइनल में सोनाघाट की कामिनी चौहान ने पूनम बिंद को हराया।"],
          "add_en": "In March, Poonam Bind beat Kamini Chauhan of Sonaghat in the under-14 final at the district games "
                    "and was picked for the state camp.",
          "add_hi": "मार्च में ज़िला खेलों के अंडर-14 फ़ाइनल में पूनम बिंद ने सोनाघाट की कामिनी चौहान को हराया और उन्हें "
                    "राज्य शिविर के लिए चुना गया।"}]},
    {"id": "m04", "date": "2026-02-20", "title": "The night class for boatmen",
     "en": ["A night literacy class for boatmen started at the Machhlipur panchayat school on 1 December 2025.",
            "The class meets at 9 p.m., once the last ferry has tied up at Kesariya Ghat.",
            "Mehtab Bano, a retired headmistress, teaches the boatmen without charging any fee.",
            "Her former pupil Irfan Malik, now a college student, helps the older boatmen with arithmetic.",
            "By February, 27 of the 35 boatmen could sign their names instead of pressing a thumbprint."],
     "hi": ["1 दिसंबर 2025 को मछलीपुर पंचायत स्कूल में नाविकों के लिए एक रात्रि साक्षरता कक्षा शुरू हुई।",
            "कक्षा रात 9 बजे लगती है, जब आख़िरी फ़ेरी केसरिया घाट पर बँध जाती है।",
            "सेवानिवृत्त प्रधानाध्यापिका महताब बानो नाविकों को बिना कोई फ़ीस लिए पढ़ाती हैं।",
            "उनके पुराने शिष्य इरफ़ान मलिक, जो अब कॉलेज में पढ़ते हैं, बुज़ुर्ग नाविकों की हिसाब-किताब में मदद करते "
            "हैं।",
            "फ़रवरी तक 35 में से 27 नाविक अँगूठा लगाने के बजाय अपने नाम से दस्तख़त करने लगे थे।"],
     "targets": [
         {"i": 3,
          "para_en": ["The older boatmen get help with arithmetic from Irfan Malik, a college student who was once her "
                      "pupil.",
                      "Irfan Malik, who studied under her and now goes to college, assists the older boatmen with "
                      "their sums."],
          "para_hi": ["बुज़ुर्ग नाविकों को हिसाब-किताब में उनके पुराने छात्र इरफ़ान मलिक से सहायता मिलती है, जो अब "
                      "कॉलेज के विद्यार्थी हैं।",
                      "कभी उनके शागिर्द रहे और अब कॉलेज में पढ़ रहे इरफान मलिक उम्रदराज नाविकों की गणित में मदद करते "
                      "हैं।"],
          "neg_en": "Her former pupil Irfan Malik, now a college student, does not help the older boatmen with "
                    "arithmetic.",
          "neg_hi": "उनके पुराने शिष्य इरफ़ान मलिक, जो अब कॉलेज में पढ़ते हैं, बुज़ुर्ग नाविकों की हिसाब-किताब में कोई "
                    "मदद नहीं करते।",
          "swap_en": ["The older boatmen help her former pupil Irfan Malik, now a college student, with arithmetic.",
                      "Irfan Malik, now a college student, gets help with arithmetic from the older boatmen."],
          "swap_hi": ["बुज़ुर्ग नाविक उनके पुराने शिष्य इरफ़ान मलिक की, जो अब कॉलेज में पढ़ते हैं, हिसाब-किताब में मदद "
                      "करते हैं।"],
          "add_en": "Her former pupil Irfan Malik, now a college student in Kundanpur, helps the older boatmen with "
                    "arithmetic.",
          "add_hi": "उनके पुराने शिष्य इरफ़ान मलिक, जो अब कुंदनपुर के कॉलेज में पढ़ते हैं, बुज़ुर्ग नाविकों की "
                    "हिसाब-किताब में मदद करते हैं।"},
         {"i": 4,
          "para_en": ["Twenty-seven of the 35 boatmen had learned to sign their names by February, no longer relying "
                      "on a thumbprint.",
                      "By February, 27 out of 35 boatmen were writing their signatures rather than giving a thumb "
                      "impression."],
          "para_hi": ["फ़रवरी तक 35 में से सत्ताईस नाविक अँगूठे के निशान की जगह अपना नाम लिखकर हस्ताक्षर करने लगे।",
                      "फरवरी आते-आते पैंतीस में से 27 नाविकों ने अंगूठा लगाना छोड़कर अपने दस्तखत करना सीख लिया था।"],
          "neg_en": "By February, 27 of the 35 boatmen still could not sign their names and pressed a thumbprint "
                    "instead.",
          "neg_hi": "फ़रवरी तक भी 35 में से 27 नाविक अपने नाम से दस्तख़त नहीं कर पाते थे और अँगूठा ही लगाते थे।",
          "swap_en": ["By February, 27 of the 35 boatmen pressed a thumbprint instead of signing their names."],
          "swap_hi": ["फ़रवरी तक 35 में से 27 नाविक अपने नाम से दस्तख़त करने के बजाय अँगूठा लगाने लगे थे।"],
          "add_en": "By February, 27 of the 35 boatmen could sign their names instead of pressing a thumbprint, and "
                    "six had opened bank accounts.",
          "add_hi": "फ़रवरी तक 35 में से 27 नाविक अँगूठा लगाने के बजाय अपने नाम से दस्तख़त करने लगे थे, और छह ने "
                    "बैंक खाते भी खुलवा लिए थे।",
          "more": [("number_word", "hi", "फ़रवरी तक ३५ में से २७ नाविक अँगूठा लगाने के बजाय अपने नाम से दस्तख़त करने "
                                         "लगे थे।")]}]},
    {"id": "m05", "date": "2026-07-06", "title": "Trees on the embankment",
     "en": ["On 5 July 2026, Machhlipur municipality planted 2,500 saplings along the Chandrani embankment.",
            "Most of them are jamun, arjun and peepal, whose roots hold the soil during floods.",
            "The forest department gave the saplings free, and the fishermen's cooperative paid for 400 iron tree "
            "guards.",
            "Ward councillor Sharda Paswan asked every household near the embankment to look after two saplings.",
            "Manjeet Kaur, a botany teacher at the inter college, will count the surviving plants in January."],
     "hi": ["5 जुलाई 2026 को मछलीपुर नगरपालिका ने चंद्रानी तटबंध पर 2,500 पौधे लगाए।",
            "इनमें ज़्यादातर जामुन, अर्जुन और पीपल हैं, जिनकी जड़ें बाढ़ में मिट्टी को थामे रखती हैं।",
            "पौधे वन विभाग ने मुफ़्त दिए, और लोहे के 400 ट्री-गार्ड का ख़र्च मछुआरा सहकारी समिति ने उठाया।",
            "वार्ड पार्षद शारदा पासवान ने तटबंध के पास के हर घर से दो पौधों की देखभाल करने को कहा।",
            "इंटर कॉलेज में वनस्पति विज्ञान पढ़ाने वाली मनजीत कौर जनवरी में बचे हुए पौधों की गिनती करेंगी।"],
     "targets": [
         {"i": 0,
          "para_en": ["The Machhlipur municipality put 2,500 saplings in the ground along the Chandrani embankment on "
                      "5 July 2026.",
                      "Two thousand five hundred saplings were planted on the Chandrani embankment by Machhlipur's "
                      "municipality on 5 July 2026.",
                      "On July 5, 2026, the municipality of Machhlipur planted 2500 saplings on the embankment of the "
                      "Chandrani river."],
          "para_hi": ["मछलीपुर नगर पालिका ने 5 जुलाई 2026 को चंद्रानी नदी के बाँध पर ढाई हज़ार पौधे रोपे।",
                      "चंद्रानी के तटबंध पर 5 जुलाई 2026 को मछलीपुर नगरपालिका द्वारा 2500 पौधों का रोपण किया गया।"],
          "neg_en": "On 5 July 2026, Machhlipur municipality did not plant 2,500 saplings along the Chandrani "
                    "embankment.",
          "neg_hi": "5 जुलाई 2026 को मछलीपुर नगरपालिका ने चंद्रानी तटबंध पर 2,500 पौधे नहीं लगाए।",
          "add_en": "On 5 July 2026, Machhlipur municipality planted 2,500 saplings along the Chandrani embankment to "
                    "mark its hundredth year.",
          "add_hi": "5 जुलाई 2026 को मछलीपुर नगरपालिका ने अपनी सौवीं वर्षगाँठ पर चंद्रानी तटबंध पर 2,500 पौधे "
                    "लगाए।",
          "more": [("changed_date", "en", "On 5 July 2025, Machhlipur municipality planted 2,500 saplings along the "
                                          "Chandrani embankment."),
                   ("changed_date", "hi", "5 जुलाई 2025 को मछलीपुर नगरपालिका ने चंद्रानी तटबंध पर 2,500 पौधे "
                                          "लगाए।"),
                   ("number_word", "hi", "५ जुलाई २०२६ को मछलीपुर नगरपालिका ने चंद्रानी तटबंध पर २,५०० पौधे लगाए।")]},
         {"i": 2,
          "para_en": ["The fishermen's cooperative paid for 400 iron tree guards, while the saplings came free from "
                      "the forest department.",
                      "The saplings were supplied at no cost by the forest department; the cost of 400 iron tree "
                      "guards was borne by the fishermen's cooperative."],
          "para_hi": ["मछुआरा सहकारी समिति ने लोहे के 400 ट्री-गार्ड के पैसे दिए, जबकि पौधे वन विभाग से निःशुल्क "
                      "मिले।",
                      "वन महकमे ने पौधे बिना दाम के दिए और 400 लोहे के घेरों की क़ीमत मछुआरों की सहकारी संस्था ने "
                      "चुकाई।"],
          "neg_en": "The forest department did not give the saplings free, and the fishermen's cooperative paid for "
                    "400 iron tree guards.",
          "neg_hi": "पौधे वन विभाग ने मुफ़्त नहीं दिए, और लोहे के 400 ट्री-गार्ड का ख़र्च मछुआरा सहकारी समिति ने "
                    "उठाया।",
          "swap_en": ["The fishermen's cooperative gave the saplings free, and the forest department paid for 400 "
                      "iron tree guards."],
          "swap_hi": ["पौधे मछुआरा सहकारी समिति ने मुफ़्त दिए, और लोहे के 400 ट्री-गार्ड का ख़र्च वन विभाग ने "
                      "उठाया।"],
          "add_en": "The forest department gave the saplings free, and the fishermen's cooperative paid for 400 iron "
                    "tree guards out of its ice plant's earnings.",
          "add_hi": "पौधे वन विभाग ने मुफ़्त दिए, और लोहे के 400 ट्री-गार्ड का ख़र्च मछुआरा सहकारी समिति ने अपने "
                    "बर्फ़ कारख़ाने की कमाई से उठाया।",
          "more": [("number_word", "hi", "पौधे वन विभाग ने मुफ़्त दिए, और लोहे के ४०० ट्री-गार्ड का ख़र्च मछुआरा "
                                         "सहकारी समिति ने उठाया।")]}]},
]
