"""The hand-written source of a held-out support-check probe (tests/data/support_probe_chauraha): five short reports of
a fictional market crossroads town (Chauraha: a cold store at the municipal vegetable market, a volunteer
traffic-warden scheme, a women's cycle-repair workshop, a public reading board outside the post office, a night bus
service), each in English and Hindi, and for two sentences of each the variants a model answering questions from such
reports might write. A new setting and cast: paraphrases that reorder clauses, turn active into passive, use converse
verbs (sold/bought, rents to/hires from, taught/learned from, borrowed/lent, gave/received, beat/lost to) and, in
Hindi, words of another register than the passage (रोज़ for प्रतिदिन, शीतगृह for कोल्ड स्टोर, उप-निरीक्षक for
सब-इंस्पेक्टर, कार्यालय for दफ़्तर, समाचार-पत्र for अख़बार, परिचालक for कंडक्टर, विद्यालय for स्कूल); numbers written as
words or in Devanagari digits; translations; negations (not, never, no longer; नहीं, न, कभी नहीं), swapped parties,
a route with its ends swapped, changed numbers, times and dates, and added clauses after commas, in relative clauses
and after "and"/"और". Kept as a held-out set only (every pair in the ``test`` split), not yet measured and not used
to choose any rule of the support check. Written for this project; CC0. Built by
``tools/make_support_probe.py --source tools.support_probe_chauraha_source --out tests/data/support_probe_chauraha
--held-out``.
"""

from __future__ import annotations

# first names of the cast (English, Hindi): a changed name is another one of these
CAST = [("Trilok", "त्रिलोक"), ("Chhaya", "छाया"), ("Gurmeet", "गुरमीत"), ("Iqbal", "इक़बाल"), ("Ambika", "अंबिका"),
        ("Pramila", "प्रमिला"), ("Raghav", "राघव"), ("Shagufta", "शगुफ़्ता"), ("Devki", "देवकी"), ("Ranjit", "रणजीत"),
        ("Farzana", "फ़रज़ाना"), ("Mohsin", "मोहसिन"), ("Tarannum", "तरन्नुम"), ("Bhupinder", "भूपिंदर"),
        ("Ujjwal", "उज्ज्वल")]

TALKS: list[dict] = [
    {"id": "c01", "date": "2025-10-14", "title": "The cold store at the vegetable market",
     "en": ["A cold store for 150 tonnes of vegetables opened at the municipal vegetable market of Chauraha on Monday, "
            "6 October 2025.",
            "Market secretary Trilok Sahni rents its 120 racks to farmers for 2 rupees a crate per day.",
            "In the first week, the Kisan Mitra farmers' group sold 900 crates of stored tomatoes to the sauce factory "
            "on Rampur Road.",
            "The cold store is open from 5 a.m. to 9 p.m. every day except Tuesdays, when the market is shut.",
            "Vegetable seller Chhaya Chaurasia says her spinach now stays fresh for three days instead of one."],
     "hi": ["सोमवार, 6 अक्टूबर 2025 को चौराहा की नगरपालिका सब्ज़ी मंडी में 150 टन सब्ज़ियों की क्षमता वाला एक कोल्ड स्टोर "
            "खुला।",
            "मंडी सचिव त्रिलोक साहनी इसके 120 रैक किसानों को 2 रुपये प्रति क्रेट प्रतिदिन के किराए पर देते हैं।",
            "पहले हफ़्ते में किसान मित्र समूह ने रामपुर रोड की सॉस फ़ैक्टरी को कोल्ड स्टोर में रखे टमाटरों के 900 क्रेट "
            "बेचे।",
            "कोल्ड स्टोर मंगलवार को छोड़कर हर दिन सुबह 5 बजे से रात 9 बजे तक खुला रहता है, क्योंकि उस दिन मंडी बंद "
            "रहती है।",
            "सब्ज़ी विक्रेता छाया चौरसिया कहती हैं कि अब उनकी पालक एक के बजाय तीन दिन तक ताज़ा रहती है।"],
     "targets": [
         {"i": 1,
          "para_en": ["Farmers hire its 120 racks from market secretary Trilok Sahni at 2 rupees per crate each day.",
                      "For two rupees a crate a day, the store's 120 racks are let out to farmers by Trilok Sahni, the "
                      "market secretary."],
          "para_hi": ["किसान इसके 120 रैक मंडी सचिव त्रिलोक साहनी से रोज़ 2 रुपये फ़ी क्रेट के भाड़े पर लेते हैं।",
                      "इसके एक सौ बीस रैक मंडी सचिव त्रिलोक साहनी द्वारा किसानों को दो रुपये प्रति क्रेट रोज़ाना के "
                      "किराए पर दिए जाते हैं।"],
          "neg_en": ["Market secretary Trilok Sahni does not rent its 120 racks to farmers for 2 rupees a crate per "
                     "day.",
                     "Market secretary Trilok Sahni no longer rents its 120 racks to farmers for 2 rupees a crate per "
                     "day."],
          "neg_hi": ["मंडी सचिव त्रिलोक साहनी इसके 120 रैक किसानों को 2 रुपये प्रति क्रेट प्रतिदिन के किराए पर नहीं देते।",
                     "मंडी सचिव त्रिलोक साहनी इसके 120 रैक किसानों को 2 रुपये प्रति क्रेट प्रतिदिन के किराए पर कभी नहीं "
                     "देते।"],
          "swap_en": ["Farmers rent its 120 racks to market secretary Trilok Sahni for 2 rupees a crate per day.",
                      "Market secretary Trilok Sahni rents its 120 racks from farmers for 2 rupees a crate per day."],
          "swap_hi": ["किसान इसके 120 रैक मंडी सचिव त्रिलोक साहनी को 2 रुपये प्रति क्रेट प्रतिदिन के किराए पर देते हैं।",
                      "मंडी सचिव त्रिलोक साहनी इसके 120 रैक किसानों से 2 रुपये प्रति क्रेट प्रतिदिन के किराए पर लेते हैं।"],
          "add_en": "Market secretary Trilok Sahni rents its 120 racks to farmers for 2 rupees a crate per day, a rate "
                    "fixed by the district collector.",
          "add_hi": "मंडी सचिव त्रिलोक साहनी इसके 120 रैक किसानों को 2 रुपये प्रति क्रेट प्रतिदिन के किराए पर देते हैं, "
                    "जिसकी दर ज़िलाधिकारी ने तय की है।",
          "more": [("number_word", "hi", "मंडी सचिव त्रिलोक साहनी इसके १२० रैक किसानों को २ रुपये प्रति क्रेट प्रतिदिन के "
                                         "किराए पर देते हैं।"),
                   ("number_word", "en", "Market secretary Trilok Sahni rents its one hundred and twenty racks to "
                                         "farmers for two rupees a crate per day."),
                   ("changed_number", "en", "Market secretary Trilok Sahni rents its 120 racks to farmers for 5 "
                                            "rupees a crate per day."),
                   ("changed_number", "hi", "मंडी सचिव त्रिलोक साहनी इसके 120 रैक किसानों को 5 रुपये प्रति क्रेट "
                                            "प्रतिदिन के किराए पर देते हैं।"),
                   ("changed_number", "en", "Market secretary Trilok Sahni rents its 2 racks to farmers for 120 "
                                            "rupees a crate per day.")]},
         {"i": 2,
          "para_en": ["The sauce factory on Rampur Road bought 900 crates of stored tomatoes from the Kisan Mitra "
                      "farmers' group in the first week.",
                      "Nine hundred crates of tomatoes from the cold store were sold to the Rampur Road sauce factory "
                      "by the Kisan Mitra group during its opening week."],
          "para_hi": ["रामपुर रोड की सॉस फ़ैक्टरी ने पहले सप्ताह में किसान मित्र समूह से शीतगृह में रखे टमाटरों के 900 "
                      "क्रेट ख़रीदे।",
                      "शुरुआती हफ़्ते में किसान मित्र समूह द्वारा कोल्ड स्टोर के नौ सौ क्रेट टमाटर रामपुर रोड के सॉस "
                      "कारख़ाने को बेचे गए।"],
          "neg_en": "In the first week, the Kisan Mitra farmers' group did not sell 900 crates of stored tomatoes to "
                    "the sauce factory on Rampur Road.",
          "neg_hi": "पहले हफ़्ते में किसान मित्र समूह ने रामपुर रोड की सॉस फ़ैक्टरी को कोल्ड स्टोर में रखे टमाटरों के 900 "
                    "क्रेट नहीं बेचे।",
          "swap_en": ["In the first week, the sauce factory on Rampur Road sold 900 crates of stored tomatoes to the "
                      "Kisan Mitra farmers' group.",
                      "In the first week, the Kisan Mitra farmers' group bought 900 crates of stored tomatoes from the "
                      "sauce factory on Rampur Road."],
          "swap_hi": ["पहले हफ़्ते में रामपुर रोड की सॉस फ़ैक्टरी ने किसान मित्र समूह को कोल्ड स्टोर में रखे टमाटरों के "
                      "900 क्रेट बेचे।",
                      "पहले हफ़्ते में किसान मित्र समूह ने रामपुर रोड की सॉस फ़ैक्टरी से कोल्ड स्टोर में रखे टमाटरों के "
                      "900 क्रेट ख़रीदे।"],
          "add_en": "In the first week, the Kisan Mitra farmers' group sold 900 crates of stored tomatoes to the sauce "
                    "factory on Rampur Road, which pays its suppliers within a day.",
          "add_hi": "पहले हफ़्ते में किसान मित्र समूह ने रामपुर रोड की उस सॉस फ़ैक्टरी को कोल्ड स्टोर में रखे टमाटरों के "
                    "900 क्रेट बेचे, जो एक दिन के भीतर भुगतान कर देती है।",
          "more": [("number_word", "hi", "पहले हफ़्ते में किसान मित्र समूह ने रामपुर रोड की सॉस फ़ैक्टरी को कोल्ड स्टोर में "
                                         "रखे टमाटरों के ९०० क्रेट बेचे।"),
                   ("changed_date", "en", "In December, the Kisan Mitra farmers' group sold 900 crates of stored "
                                          "tomatoes to the sauce factory on Rampur Road."),
                   ("changed_date", "hi", "दिसंबर में किसान मित्र समूह ने रामपुर रोड की सॉस फ़ैक्टरी को कोल्ड स्टोर में "
                                          "रखे टमाटरों के 900 क्रेट बेचे।")]}]},
    {"id": "c02", "date": "2025-12-05", "title": "The volunteer traffic wardens",
     "en": ["On 3 November 2025, the Chauraha police started a scheme of volunteer traffic wardens at the crossing "
            "where the four market roads meet.",
            "Sub-inspector Gurmeet Sandhu taught 35 volunteers hand signals and road rules on two Saturdays at the "
            "police lines.",
            "The wardens stand at the crossing in pairs from 8 a.m. to 11 a.m. and from 5 p.m. to 8 p.m.",
            "Iqbal Siddiqui, a retired tailor aged 67, is the oldest warden and has not missed a single shift.",
            "In the first month, the number of accidents at the crossing fell from 9 to 2."],
     "hi": ["3 नवंबर 2025 को चौराहा पुलिस ने उस चौक पर स्वयंसेवी ट्रैफ़िक वार्डनों की एक योजना शुरू की, जहाँ बाज़ार की "
            "चारों सड़कें मिलती हैं।",
            "सब-इंस्पेक्टर गुरमीत संधू ने पुलिस लाइन में दो शनिवारों को 35 स्वयंसेवकों को हाथ के इशारे और सड़क के नियम "
            "सिखाए।",
            "वार्डन जोड़ियों में सुबह 8 बजे से 11 बजे तक और शाम 5 बजे से रात 8 बजे तक चौक पर तैनात रहते हैं।",
            "67 साल के सेवानिवृत्त दर्ज़ी इक़बाल सिद्दीक़ी सबसे उम्रदराज़ वार्डन हैं और उन्होंने एक भी पाली नहीं छोड़ी है।",
            "पहले महीने में चौक पर दुर्घटनाओं की संख्या 9 से घटकर 2 रह गई।"],
     "targets": [
         {"i": 1,
          "para_en": ["On two Saturdays at the police lines, 35 volunteers learned hand signals and road rules from "
                      "sub-inspector Gurmeet Sandhu.",
                      "Thirty-five volunteers were trained in hand signals and traffic rules by sub-inspector Gurmeet "
                      "Sandhu over two Saturdays at the police lines."],
          "para_hi": ["35 स्वयंसेवकों ने पुलिस लाइन में दो शनिवारों को सब-इंस्पेक्टर गुरमीत संधू से हाथ के इशारे और "
                      "सड़क के नियम सीखे।",
                      "पुलिस लाइन में दो शनिवारों के दौरान उप-निरीक्षक गुरमीत संधू द्वारा पैंतीस स्वयंसेवकों को "
                      "हस्त-संकेतों और यातायात नियमों का प्रशिक्षण दिया गया।"],
          "neg_en": ["Sub-inspector Gurmeet Sandhu did not teach 35 volunteers hand signals and road rules on two "
                     "Saturdays at the police lines.",
                     "Sub-inspector Gurmeet Sandhu never taught 35 volunteers hand signals and road rules at the "
                     "police lines."],
          "neg_hi": "सब-इंस्पेक्टर गुरमीत संधू ने पुलिस लाइन में दो शनिवारों को 35 स्वयंसेवकों को हाथ के इशारे और सड़क "
                    "के नियम नहीं सिखाए।",
          "swap_en": ["35 volunteers taught sub-inspector Gurmeet Sandhu hand signals and road rules on two Saturdays "
                      "at the police lines.",
                      "Sub-inspector Gurmeet Sandhu learned hand signals and road rules from 35 volunteers on two "
                      "Saturdays at the police lines."],
          "swap_hi": ["पुलिस लाइन में दो शनिवारों को 35 स्वयंसेवकों ने सब-इंस्पेक्टर गुरमीत संधू को हाथ के इशारे और "
                      "सड़क के नियम सिखाए।",
                      "सब-इंस्पेक्टर गुरमीत संधू ने पुलिस लाइन में दो शनिवारों को 35 स्वयंसेवकों से हाथ के इशारे और "
                      "सड़क के नियम सीखे।"],
          "add_en": "Sub-inspector Gurmeet Sandhu taught 35 volunteers hand signals and road rules on two Saturdays at "
                    "the police lines, and every one of them passed a written test.",
          "add_hi": "सब-इंस्पेक्टर गुरमीत संधू ने पुलिस लाइन में दो शनिवारों को 35 स्वयंसेवकों को हाथ के इशारे और सड़क "
                    "के नियम सिखाए और सभी ने एक लिखित परीक्षा पास की।",
          "more": [("number_word", "hi", "सब-इंस्पेक्टर गुरमीत संधू ने पुलिस लाइन में २ शनिवारों को ३५ स्वयंसेवकों को "
                                         "हाथ के इशारे और सड़क के नियम सिखाए।"),
                   ("changed_number", "en", "Sub-inspector Gurmeet Sandhu taught 35 volunteers hand signals and road "
                                            "rules on four Saturdays at the police lines."),
                   ("changed_number", "hi", "सब-इंस्पेक्टर गुरमीत संधू ने पुलिस लाइन में चार शनिवारों को 35 "
                                            "स्वयंसेवकों को हाथ के इशारे और सड़क के नियम सिखाए।")]},
         {"i": 4,
          "para_en": ["Accidents at the crossing dropped from 9 to 2 during the scheme's first month.",
                      "In the first month there were only two accidents at the crossing, down from nine."],
          "para_hi": ["पहले महीने में चौक पर हादसे 9 से कम होकर 2 रह गए।",
                      "प्रथम मास में चौक पर दुर्घटनाएँ नौ से घटकर केवल दो रह गईं।"],
          "neg_en": ["In the first month, the number of accidents at the crossing did not fall from 9 to 2.",
                     "In the first month, the number of accidents at the crossing never fell below 9."],
          "neg_hi": ["पहले महीने में चौक पर दुर्घटनाओं की संख्या 9 से घटकर 2 नहीं हुई।",
                     "पहले महीने में चौक पर दुर्घटनाओं की संख्या न घटी, न बढ़ी।"],
          "swap_en": ["In the first month, the number of accidents at the crossing rose from 2 to 9."],
          "swap_hi": ["पहले महीने में चौक पर दुर्घटनाओं की संख्या 2 से बढ़कर 9 हो गई।"],
          "add_en": "In the first month, the number of accidents at the crossing fell from 9 to 2, the lowest figure "
                    "in the district.",
          "add_hi": "पहले महीने में चौक पर दुर्घटनाओं की संख्या 9 से घटकर 2 रह गई, जो ज़िले में सबसे कम है।",
          "more": [("number_word", "hi", "पहले महीने में चौक पर दुर्घटनाओं की संख्या ९ से घटकर २ रह गई।"),
                   ("number_word", "en", "In the first month, the number of accidents at the crossing fell from nine "
                                         "to two."),
                   ("changed_number", "en", "In the first month, the number of accidents at the crossing fell from 9 "
                                            "to 4."),
                   ("changed_number", "hi", "पहले महीने में चौक पर दुर्घटनाओं की संख्या 9 से घटकर 4 रह गई।"),
                   ("changed_date", "en", "In September, the number of accidents at the crossing fell from 9 to 2."),
                   ("changed_date", "hi", "सितंबर में चौक पर दुर्घटनाओं की संख्या 9 से घटकर 2 रह गई।")]}]},
    {"id": "c03", "date": "2026-01-30", "title": "The women's cycle-repair workshop",
     "en": ["Nine women opened a cycle-repair workshop behind the Chauraha bus depot on Friday, 16 January 2026.",
            "Their trainer Ambika Saxena borrowed an air compressor and two tool kits from the Lok Sewa cycle shop on "
            "Station Road.",
            "The railway parcel office gave the workshop 18 unclaimed bicycles to rebuild.",
            "Mending a puncture costs 20 rupees, and new brake shoes cost 60 rupees.",
            "On Saturdays, Pramila Bhatia repairs schoolgirls' bicycles free of charge."],
     "hi": ["शुक्रवार, 16 जनवरी 2026 को नौ महिलाओं ने चौराहा बस डिपो के पीछे साइकिल मरम्मत की एक कार्यशाला खोली।",
            "उनकी प्रशिक्षक अंबिका सक्सेना ने स्टेशन रोड की लोक सेवा साइकिल दुकान से एक एयर कंप्रेसर और दो औज़ार-किट "
            "उधार लिए।",
            "रेलवे पार्सल दफ़्तर ने कार्यशाला को दोबारा तैयार करने के लिए 18 लावारिस साइकिलें दीं।",
            "पंक्चर जोड़ने के 20 रुपये और नए ब्रेक-शू के 60 रुपये लगते हैं।",
            "शनिवार को प्रमिला भाटिया स्कूली लड़कियों की साइकिलें मुफ़्त में ठीक करती हैं।"],
     "targets": [
         {"i": 1,
          "para_en": ["The Lok Sewa cycle shop on Station Road lent an air compressor and two tool kits to Ambika "
                      "Saxena, the women's trainer.",
                      "An air compressor and a pair of tool kits were borrowed from the Lok Sewa cycle shop on Station "
                      "Road by their trainer, Ambika Saxena."],
          "para_hi": ["स्टेशन रोड की लोक सेवा साइकिल दुकान ने उनकी प्रशिक्षक अंबिका सक्सेना को एक एयर कंप्रेसर और दो "
                      "औज़ार-किट उधार दिए।",
                      "उनकी प्रशिक्षिका अंबिका सक्सेना ने स्टेशन रोड की लोक सेवा साइकिल की दुकान से हवा भरने की एक "
                      "मशीन और औज़ारों की दो पेटियाँ मँगनी पर लीं।"],
          "neg_en": ["Their trainer Ambika Saxena did not borrow an air compressor and two tool kits from the Lok Sewa "
                     "cycle shop on Station Road.",
                     "The Lok Sewa cycle shop on Station Road never lent their trainer Ambika Saxena an air compressor "
                     "or any tool kits."],
          "neg_hi": ["उनकी प्रशिक्षक अंबिका सक्सेना ने स्टेशन रोड की लोक सेवा साइकिल दुकान से एक एयर कंप्रेसर और दो "
                     "औज़ार-किट उधार नहीं लिए।",
                     "स्टेशन रोड की लोक सेवा साइकिल दुकान ने अंबिका सक्सेना को न कंप्रेसर उधार दिया, न औज़ार-किट।"],
          "swap_en": ["The Lok Sewa cycle shop on Station Road borrowed an air compressor and two tool kits from their "
                      "trainer Ambika Saxena.",
                      "Their trainer Ambika Saxena lent an air compressor and two tool kits to the Lok Sewa cycle shop "
                      "on Station Road."],
          "swap_hi": ["स्टेशन रोड की लोक सेवा साइकिल दुकान ने उनकी प्रशिक्षक अंबिका सक्सेना से एक एयर कंप्रेसर और दो "
                      "औज़ार-किट उधार लिए।",
                      "उनकी प्रशिक्षक अंबिका सक्सेना ने स्टेशन रोड की लोक सेवा साइकिल दुकान को एक एयर कंप्रेसर और दो "
                      "औज़ार-किट उधार दिए।"],
          "add_en": "Their trainer Ambika Saxena, who once raced for the state cycling team, borrowed an air "
                    "compressor and two tool kits from the Lok Sewa cycle shop on Station Road.",
          "add_hi": "उनकी प्रशिक्षक अंबिका सक्सेना ने, जो कभी राज्य की साइकिल टीम की ओर से दौड़ चुकी हैं, स्टेशन रोड "
                    "की लोक सेवा साइकिल दुकान से एक एयर कंप्रेसर और दो औज़ार-किट उधार लिए।",
          "more": [("number_word", "en", "Their trainer Ambika Saxena borrowed an air compressor and 2 tool kits from "
                                         "the Lok Sewa cycle shop on Station Road."),
                   ("number_word", "hi", "उनकी प्रशिक्षक अंबिका सक्सेना ने स्टेशन रोड की लोक सेवा साइकिल दुकान से एक "
                                         "एयर कंप्रेसर और २ औज़ार-किट उधार लिए।"),
                   ("changed_date", "en", "In November, their trainer Ambika Saxena borrowed an air compressor and "
                                          "two tool kits from the Lok Sewa cycle shop on Station Road."),
                   ("changed_date", "hi", "नवंबर में उनकी प्रशिक्षक अंबिका सक्सेना ने स्टेशन रोड की लोक सेवा साइकिल "
                                          "दुकान से एक एयर कंप्रेसर और दो औज़ार-किट उधार लिए।")]},
         {"i": 2,
          "para_en": ["The workshop received 18 unclaimed bicycles from the railway parcel office to rebuild.",
                      "Eighteen bicycles that nobody had claimed were handed to the workshop by the railway parcel "
                      "office for rebuilding."],
          "para_hi": ["कार्यशाला को रेलवे पार्सल दफ़्तर से दोबारा तैयार करने के लिए 18 लावारिस साइकिलें मिलीं।",
                      "रेल पार्सल कार्यालय ने अठारह बिना दावे वाली साइकिलें पुनर्निर्माण हेतु कार्यशाला को सौंपीं।"],
          "neg_en": "The railway parcel office did not give the workshop 18 unclaimed bicycles to rebuild.",
          "neg_hi": ["रेलवे पार्सल दफ़्तर ने कार्यशाला को दोबारा तैयार करने के लिए 18 लावारिस साइकिलें नहीं दीं।",
                     "कार्यशाला को रेलवे पार्सल दफ़्तर से कभी कोई लावारिस साइकिल नहीं मिली।"],
          "swap_en": ["The workshop gave the railway parcel office 18 unclaimed bicycles to rebuild.",
                      "The railway parcel office received 18 unclaimed bicycles from the workshop to rebuild."],
          "swap_hi": ["कार्यशाला ने रेलवे पार्सल दफ़्तर को दोबारा तैयार करने के लिए 18 लावारिस साइकिलें दीं।",
                      "रेलवे पार्सल दफ़्तर को कार्यशाला से दोबारा तैयार करने के लिए 18 लावारिस साइकिलें मिलीं।"],
          "add_en": "The railway parcel office gave the workshop 18 unclaimed bicycles to rebuild, most of them left "
                    "behind on trains over the past three years.",
          "add_hi": "रेलवे पार्सल दफ़्तर ने कार्यशाला को दोबारा तैयार करने के लिए 18 लावारिस साइकिलें दीं, जो ज़्यादातर "
                    "पिछले तीन बरसों में गाड़ियों में छूट गई थीं।",
          "more": [("number_word", "hi", "रेलवे पार्सल दफ़्तर ने कार्यशाला को दोबारा तैयार करने के लिए १८ लावारिस "
                                         "साइकिलें दीं।"),
                   ("changed_date", "en", "In March the railway parcel office gave the workshop 18 unclaimed bicycles "
                                          "to rebuild."),
                   ("changed_date", "hi", "मार्च में रेलवे पार्सल दफ़्तर ने कार्यशाला को दोबारा तैयार करने के लिए 18 "
                                          "लावारिस साइकिलें दीं।")]}]},
    {"id": "c04", "date": "2026-04-13", "title": "The reading board at the post office",
     "en": ["A glass-fronted reading board was put up outside the Chauraha head post office on Monday, 2 March 2026.",
            "Every morning at 6 a.m., postman Raghav Dubey pins up the day's newspapers, and newsagent Shagufta Rizvi "
            "supplies them free of charge.",
            "About 250 people stop to read the board each day, many of them porters and rickshaw pullers.",
            "Every Sunday the board carries a general-knowledge quiz set by retired headmistress Devki Kohli.",
            "At the quiz final on 12 April, the Kanya Inter College team beat the Chauraha Boys' School team by 14 "
            "points to 9."],
     "hi": ["सोमवार, 2 मार्च 2026 को चौराहा के प्रधान डाकघर के बाहर शीशे वाला एक सार्वजनिक रीडिंग बोर्ड लगाया गया।",
            "हर सुबह 6 बजे डाकिया राघव दुबे दिन के अख़बार बोर्ड पर लगाते हैं और अख़बार विक्रेता शगुफ़्ता रिज़वी उन्हें "
            "मुफ़्त देती हैं।",
            "रोज़ लगभग 250 लोग बोर्ड पढ़ने के लिए रुकते हैं, जिनमें कई पल्लेदार और रिक्शा चालक होते हैं।",
            "हर रविवार बोर्ड पर सेवानिवृत्त प्रधानाध्यापिका देवकी कोहली का बनाया एक सामान्य ज्ञान क्विज़ लगता है।",
            "12 अप्रैल को हुए क्विज़ फ़ाइनल में कन्या इंटर कॉलेज की टीम ने चौराहा बॉयज़ स्कूल की टीम को 9 के मुक़ाबले 14 "
            "अंकों से हराया।"],
     "targets": [
         {"i": 1,
          "para_en": ["Newsagent Shagufta Rizvi provides the day's newspapers without charge, and postman Raghav Dubey "
                      "puts them up on the board at 6 a.m. every morning.",
                      "The day's papers are pinned up each morning at 6 a.m. by postman Raghav Dubey, while newsagent "
                      "Shagufta Rizvi gives them for free."],
          "para_hi": ["अख़बार विक्रेता शगुफ़्ता रिज़वी दिन के अख़बार बिना पैसे लिए देती हैं, और डाकिया राघव दुबे उन्हें "
                      "रोज़ सुबह 6 बजे बोर्ड पर चिपका देते हैं।",
                      "प्रतिदिन प्रातः 6 बजे डाकिया राघव दुबे उस दिन के समाचार-पत्र बोर्ड पर लगाते हैं, जबकि समाचार-पत्र "
                      "विक्रेता शगुफ़्ता रिज़वी उन्हें निःशुल्क उपलब्ध कराती हैं।"],
          "neg_en": ["Every morning at 6 a.m., postman Raghav Dubey pins up the day's newspapers, but newsagent "
                     "Shagufta Rizvi no longer supplies them free of charge.",
                     "Postman Raghav Dubey never pins up the day's newspapers at 6 a.m., and newsagent Shagufta Rizvi "
                     "supplies them free of charge."],
          "neg_hi": ["हर सुबह 6 बजे डाकिया राघव दुबे दिन के अख़बार बोर्ड पर लगाते हैं, लेकिन अख़बार विक्रेता शगुफ़्ता "
                     "रिज़वी उन्हें मुफ़्त नहीं देतीं।",
                     "डाकिया राघव दुबे सुबह 6 बजे दिन के अख़बार बोर्ड पर कभी नहीं लगाते और अख़बार विक्रेता शगुफ़्ता "
                     "रिज़वी उन्हें मुफ़्त देती हैं।"],
          "swap_en": ["Every morning at 6 a.m., newsagent Shagufta Rizvi pins up the day's newspapers, and postman "
                      "Raghav Dubey supplies them free of charge.",
                      "Every morning at 6 a.m., Shagufta Rizvi pins up the day's newspapers, and Raghav Dubey supplies "
                      "them free of charge."],
          "swap_hi": ["हर सुबह 6 बजे अख़बार विक्रेता शगुफ़्ता रिज़वी दिन के अख़बार बोर्ड पर लगाती हैं और डाकिया राघव दुबे "
                      "उन्हें मुफ़्त देते हैं।"],
          "add_en": "Every morning at 6 a.m., postman Raghav Dubey pins up the day's newspapers, and newsagent "
                    "Shagufta Rizvi, whose stall is opposite the post office, supplies them free of charge.",
          "add_hi": "हर सुबह 6 बजे डाकिया राघव दुबे दिन के अख़बार बोर्ड पर लगाते हैं और डाकघर के सामने स्टॉल चलाने वाली "
                    "अख़बार विक्रेता शगुफ़्ता रिज़वी उन्हें मुफ़्त देती हैं।",
          "more": [("number_word", "en", "Every morning at six, postman Raghav Dubey pins up the day's newspapers, "
                                         "and newsagent Shagufta Rizvi supplies them free of charge."),
                   ("number_word", "hi", "हर सुबह छह बजे डाकिया राघव दुबे दिन के अख़बार बोर्ड पर लगाते हैं और अख़बार "
                                         "विक्रेता शगुफ़्ता रिज़वी उन्हें मुफ़्त देती हैं।"),
                   ("number_word", "hi", "हर सुबह ६ बजे डाकिया राघव दुबे दिन के अख़बार बोर्ड पर लगाते हैं और अख़बार "
                                         "विक्रेता शगुफ़्ता रिज़वी उन्हें मुफ़्त देती हैं।"),
                   ("changed_number", "en", "Every morning at 8 a.m., postman Raghav Dubey pins up the day's "
                                            "newspapers, and newsagent Shagufta Rizvi supplies them free of charge."),
                   ("changed_number", "hi", "हर सुबह 8 बजे डाकिया राघव दुबे दिन के अख़बार बोर्ड पर लगाते हैं और "
                                            "अख़बार विक्रेता शगुफ़्ता रिज़वी उन्हें मुफ़्त देती हैं।")]},
         {"i": 4,
          "para_en": ["The Chauraha Boys' School team lost to the Kanya Inter College team by 14 points to 9 in the "
                      "quiz final on 12 April.",
                      "Kanya Inter College won the 12 April quiz final, defeating Chauraha Boys' School fourteen "
                      "points to nine."],
          "para_hi": ["12 अप्रैल के क्विज़ फ़ाइनल में चौराहा बॉयज़ स्कूल की टीम कन्या इंटर कॉलेज की टीम से 9 के मुक़ाबले "
                      "14 अंकों से हार गई।",
                      "12 अप्रैल की प्रश्नोत्तरी के अंतिम मुक़ाबले में कन्या इंटर कॉलेज ने चौराहा बालक विद्यालय को "
                      "चौदह-नौ से परास्त किया।"],
          "neg_en": ["At the quiz final on 12 April, the Kanya Inter College team did not beat the Chauraha Boys' "
                     "School team by 14 points to 9.",
                     "The Kanya Inter College team has never beaten the Chauraha Boys' School team at a quiz final."],
          "neg_hi": ["12 अप्रैल को हुए क्विज़ फ़ाइनल में कन्या इंटर कॉलेज की टीम ने चौराहा बॉयज़ स्कूल की टीम को 9 के "
                     "मुक़ाबले 14 अंकों से नहीं हराया।",
                     "12 अप्रैल को हुए क्विज़ फ़ाइनल में कन्या इंटर कॉलेज की टीम चौराहा बॉयज़ स्कूल की टीम को न हरा "
                     "सकी।"],
          "swap_en": ["At the quiz final on 12 April, the Chauraha Boys' School team beat the Kanya Inter College team "
                      "by 14 points to 9.",
                      "At the quiz final on 12 April, the Kanya Inter College team lost to the Chauraha Boys' School "
                      "team by 14 points to 9."],
          "swap_hi": ["12 अप्रैल को हुए क्विज़ फ़ाइनल में चौराहा बॉयज़ स्कूल की टीम ने कन्या इंटर कॉलेज की टीम को 9 के "
                      "मुक़ाबले 14 अंकों से हराया।",
                      "12 अप्रैल को हुए क्विज़ फ़ाइनल में कन्या इंटर कॉलेज की टीम चौराहा बॉयज़ स्कूल की टीम से 9 के "
                      "मुक़ाबले 14 अंकों से हार गई।"],
          "add_en": "At the quiz final on 12 April, the Kanya Inter College team beat the Chauraha Boys' School team "
                    "by 14 points to 9 and won a set of encyclopaedias.",
          "add_hi": "12 अप्रैल को हुए क्विज़ फ़ाइनल में कन्या इंटर कॉलेज की टीम ने चौराहा बॉयज़ स्कूल की टीम को 9 के "
                    "मुक़ाबले 14 अंकों से हराया और इनाम में विश्वकोश का एक सेट जीता।",
          "more": [("number_word", "en", "At the quiz final on 12 April, the Kanya Inter College team beat the "
                                         "Chauraha Boys' School team by fourteen points to nine."),
                   ("number_word", "hi", "१२ अप्रैल को हुए क्विज़ फ़ाइनल में कन्या इंटर कॉलेज की टीम ने चौराहा बॉयज़ "
                                         "स्कूल की टीम को ९ के मुक़ाबले १४ अंकों से हराया।"),
                   ("changed_number", "en", "At the quiz final on 12 April, the Kanya Inter College team beat the "
                                            "Chauraha Boys' School team by 14 points to 12."),
                   ("changed_number", "hi", "12 अप्रैल को हुए क्विज़ फ़ाइनल में कन्या इंटर कॉलेज की टीम ने चौराहा "
                                            "बॉयज़ स्कूल की टीम को 12 के मुक़ाबले 14 अंकों से हराया।"),
                   ("changed_date", "en", "At the quiz final on 19 April, the Kanya Inter College team beat the "
                                          "Chauraha Boys' School team by 14 points to 9."),
                   ("changed_date", "hi", "19 अप्रैल को हुए क्विज़ फ़ाइनल में कन्या इंटर कॉलेज की टीम ने चौराहा बॉयज़ "
                                          "स्कूल की टीम को 9 के मुक़ाबले 14 अंकों से हराया।")]}]},
    {"id": "c05", "date": "2026-05-09", "title": "The night bus",
     "en": ["A night bus service between Chauraha and the district town of Rampur began on Friday, 1 May 2026.",
            "The bus leaves the Chauraha clock tower at 10 p.m. and takes 50 minutes to reach Rampur railway station.",
            "Ranjit Sodhi drives the bus, and Farzana Haider, the first woman conductor in the district, sells the "
            "tickets.",
            "A ticket costs 30 rupees, and night-shift nurses of the district hospital travel free.",
            "In its first week, the bus carried 1,260 passengers, most of them mill workers and relatives of "
            "patients."],
     "hi": ["शुक्रवार, 1 मई 2026 को चौराहा और ज़िला मुख्यालय रामपुर के बीच रात की बस सेवा शुरू हुई।",
            "बस रात 10 बजे चौराहा के घंटाघर से चलती है और रामपुर रेलवे स्टेशन पहुँचने में 50 मिनट लेती है।",
            "रणजीत सोढ़ी बस चलाते हैं और ज़िले की पहली महिला कंडक्टर फ़रज़ाना हैदर टिकट बेचती हैं।",
            "टिकट 30 रुपये का है, और ज़िला अस्पताल की रात की पाली वाली नर्सें मुफ़्त सफ़र करती हैं।",
            "पहले हफ़्ते में बस ने 1,260 यात्रियों को पहुँचाया, जिनमें ज़्यादातर मिल मज़दूर और मरीज़ों के परिजन थे।"],
     "targets": [
         {"i": 1,
          "para_en": ["It takes the bus 50 minutes to get from the Chauraha clock tower to Rampur railway station "
                      "after it sets off at 10 p.m.",
                      "Departing from the Chauraha clock tower at ten at night, the bus reaches Rampur railway station "
                      "fifty minutes later."],
          "para_hi": ["रात 10 बजे चौराहा के घंटाघर से रवाना होकर बस 50 मिनट में रामपुर रेलवे स्टेशन पहुँच जाती है।",
                      "बस रात्रि दस बजे चौराहा के घंटाघर से प्रस्थान करती है और पचास मिनट में रामपुर रेलवे स्टेशन "
                      "पहुँचती है।"],
          "neg_en": ["The bus leaves the Chauraha clock tower at 10 p.m. but does not reach Rampur railway station in "
                     "50 minutes.",
                     "The bus no longer leaves the Chauraha clock tower at 10 p.m."],
          "neg_hi": ["बस रात 10 बजे चौराहा के घंटाघर से चलती है, पर 50 मिनट में रामपुर रेलवे स्टेशन नहीं पहुँचती।",
                     "बस रात 10 बजे चौराहा के घंटाघर से कभी नहीं चलती।"],
          "swap_en": ["The bus leaves Rampur railway station at 10 p.m. and takes 50 minutes to reach the Chauraha "
                      "clock tower."],
          "swap_hi": ["बस रात 10 बजे रामपुर रेलवे स्टेशन से चलती है और चौराहा के घंटाघर पहुँचने में 50 मिनट लेती है।"],
          "add_en": "The bus leaves the Chauraha clock tower at 10 p.m., after the last shops close, and takes 50 "
                    "minutes to reach Rampur railway station.",
          "add_hi": "बस रात 10 बजे, बाज़ार की आख़िरी दुकानें बंद होने के बाद, चौराहा के घंटाघर से चलती है और रामपुर "
                    "रेलवे स्टेशन पहुँचने में 50 मिनट लेती है।",
          "more": [("number_word", "en", "The bus leaves the Chauraha clock tower at ten p.m. and takes fifty minutes "
                                         "to reach Rampur railway station."),
                   ("number_word", "hi", "बस रात १० बजे चौराहा के घंटाघर से चलती है और रामपुर रेलवे स्टेशन पहुँचने में "
                                         "५० मिनट लेती है।"),
                   ("changed_number", "en", "The bus leaves the Chauraha clock tower at 11 p.m. and takes 50 minutes "
                                            "to reach Rampur railway station."),
                   ("changed_number", "hi", "बस रात 11 बजे चौराहा के घंटाघर से चलती है और रामपुर रेलवे स्टेशन "
                                            "पहुँचने में 50 मिनट लेती है।")]},
         {"i": 2,
          "para_en": ["The tickets are sold by Farzana Haider, the district's first woman conductor, while Ranjit "
                      "Sodhi is at the wheel.",
                      "Farzana Haider, the first woman to work as a conductor in the district, issues the tickets, and "
                      "the bus is driven by Ranjit Sodhi."],
          "para_hi": ["टिकट ज़िले की पहली महिला कंडक्टर फ़रज़ाना हैदर काटती हैं, जबकि बस का स्टीयरिंग रणजीत सोढ़ी के "
                      "हाथ में रहता है।",
                      "बस का चालन रणजीत सोढ़ी करते हैं तथा ज़िले की प्रथम महिला परिचालक फ़रज़ाना हैदर यात्रियों को टिकट "
                      "देती हैं।"],
          "neg_en": ["Ranjit Sodhi drives the bus, but Farzana Haider, the first woman conductor in the district, does "
                     "not sell the tickets.",
                     "Ranjit Sodhi no longer drives the bus, and Farzana Haider, the first woman conductor in the "
                     "district, sells the tickets."],
          "neg_hi": ["रणजीत सोढ़ी बस चलाते हैं, लेकिन ज़िले की पहली महिला कंडक्टर फ़रज़ाना हैदर टिकट नहीं बेचतीं।",
                     "रणजीत सोढ़ी अब बस नहीं चलाते और ज़िले की पहली महिला कंडक्टर फ़रज़ाना हैदर टिकट बेचती हैं।"],
          "swap_en": ["Farzana Haider drives the bus, and Ranjit Sodhi sells the tickets.",
                      "Farzana Haider, the first woman driver in the district, drives the bus, and Ranjit Sodhi sells "
                      "the tickets."],
          "swap_hi": ["फ़रज़ाना हैदर बस चलाती हैं और रणजीत सोढ़ी टिकट बेचते हैं।"],
          "add_en": "Ranjit Sodhi, who drove trucks to Nepal for twenty years, drives the bus, and Farzana Haider, the "
                    "first woman conductor in the district, sells the tickets.",
          "add_hi": "बीस साल तक नेपाल तक ट्रक चलाने वाले रणजीत सोढ़ी बस चलाते हैं और ज़िले की पहली महिला कंडक्टर "
                    "फ़रज़ाना हैदर टिकट बेचती हैं।",
          "more": [("changed_number", "en", "Ranjit Sodhi drives the bus, and Farzana Haider, the second woman "
                                            "conductor in the district, sells the tickets."),
                   ("changed_number", "hi", "रणजीत सोढ़ी बस चलाते हैं और ज़िले की दूसरी महिला कंडक्टर फ़रज़ाना हैदर "
                                            "टिकट बेचती हैं।")]}]},
]
