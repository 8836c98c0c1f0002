"""The hand-written source of a held-out support-check probe (tests/data/support_probe_dhaba): five short reports of
a fictional highway dhaba cluster and truckers' rest stop (the Kesarganj truck stop: a drivers' eye-test camp, a
roadside mechanics' training course, a women-run tiffin service, a new rest shed with charging points, a night patrol
with the highway police), each in English and Hindi, and for two sentences of each the variants a model answering
questions from such reports might write. A new setting and cast: paraphrases that reorder clauses, turn active into
passive, use converse verbs (gave/received, taught/learned from, hired/work for, lent/borrowed, sold/bought, fell/rose)
and, in Hindi, words of another register than the passage (नेत्र for आँख, चालक for ड्राइवर, ऐनक for चश्मा, तरकारी for
सब्ज़ी, मँगनी for उधार, मोल लेना for ख़रीदना, उप-निरीक्षक for सब-इंस्पेक्टर); numbers written as words or in Devanagari
digits; translations; negations (not, never, no longer, no; नहीं, न तो ... न, कभी नहीं, अब नहीं), swapped parties,
changed numbers and dates, and added clauses after commas, in relative clauses and after "and"/"और". Kept as a
held-out set only (every pair in the ``test`` split), not yet measured and not used to choose any rule of the support
check. Written for this project; CC0. Built by ``tools/make_support_probe.py --source
tools.support_probe_dhaba_source --out tests/data/support_probe_dhaba --held-out``.
"""

from __future__ import annotations

# first names of the cast (English, Hindi): a changed name is another one of these
CAST = [("Farida", "फ़रीदा"), ("Baldev", "बलदेव"), ("Jaswant", "जसवंत"), ("Kusum", "कुसुम"), ("Shabnam", "शबनम"),
        ("Harjeet", "हरजीत"), ("Parminder", "परमिंदर"), ("Anwar", "अनवर"), ("Tariq", "तारिक़"), ("Nirmala", "निर्मला"),
        ("Sukhwinder", "सुखविंदर"), ("Irfan", "इरफ़ान"), ("Manpreet", "मनप्रीत"), ("Ranjana", "रंजना"),
        ("Dilbagh", "दिलबाग"), ("Gulshan", "गुलशन")]

TALKS: list[dict] = [
    {"id": "d01", "date": "2025-10-12", "title": "The drivers' eye-test camp",
     "en": ["A free eye-test camp for truck drivers was held at the Kesarganj truck stop on Sunday, 12 October 2025.",
            "Dr Farida Qureshi and two optometrists from the Bhimsar civil hospital checked the eyes of 340 drivers.",
            "The Rahguzar Welfare Trust gave 85 pairs of glasses to drivers who needed them.",
            "The camp ran from 9 a.m. to 6 p.m. in a tent beside the diesel pumps of Baldev Virk's dhaba.",
            "Drivers found to have cataracts will be operated on free at the hospital in November."],
     "hi": ["रविवार, 12 अक्टूबर 2025 को केसरगंज ट्रक अड्डे पर ट्रक ड्राइवरों के लिए आँखों की जाँच का एक मुफ़्त शिविर लगाया "
            "गया।",
            "भीमसर सिविल अस्पताल की डॉ. फ़रीदा क़ुरैशी और दो ऑप्टोमेट्रिस्टों ने 340 ड्राइवरों की आँखों की जाँच की।",
            "राहगुज़र वेलफ़ेयर ट्रस्ट ने ज़रूरतमंद ड्राइवरों को 85 चश्मे दिए।",
            "शिविर सुबह 9 बजे से शाम 6 बजे तक बलदेव विर्क के ढाबे के डीज़ल पंपों के पास एक तंबू में चला।",
            "जिन ड्राइवरों में मोतियाबिंद पाया गया, उनका नवंबर में अस्पताल में मुफ़्त ऑपरेशन किया जाएगा।"],
     "targets": [
         {"i": 1,
          "para_en": ["The eyes of 340 drivers were checked by Dr Farida Qureshi and two optometrists from the Bhimsar "
                      "civil hospital.",
                      "Dr Farida Qureshi and two optometrists, all from the Bhimsar civil hospital, tested the "
                      "eyesight of three hundred and forty drivers."],
          "para_hi": ["340 ड्राइवरों की आँखों की जाँच भीमसर सिविल अस्पताल की डॉ. फ़रीदा क़ुरैशी और दो ऑप्टोमेट्रिस्टों ने "
                      "की।",
                      "भीमसर के सिविल अस्पताल की डॉ. फ़रीदा क़ुरैशी तथा दो नेत्र-परीक्षकों ने तीन सौ चालीस चालकों के नेत्रों "
                      "का परीक्षण किया।"],
          "neg_en": "Dr Farida Qureshi and two optometrists from the Bhimsar civil hospital did not check the eyes of "
                    "340 drivers.",
          "neg_hi": "भीमसर सिविल अस्पताल की डॉ. फ़रीदा क़ुरैशी और दो ऑप्टोमेट्रिस्टों ने 340 ड्राइवरों की आँखों की जाँच "
                    "नहीं की।",
          "swap_en": ["340 drivers checked the eyes of Dr Farida Qureshi and two optometrists from the Bhimsar civil "
                      "hospital."],
          "swap_hi": ["340 ड्राइवरों ने भीमसर सिविल अस्पताल की डॉ. फ़रीदा क़ुरैशी और दो ऑप्टोमेट्रिस्टों की आँखों की जाँच "
                      "की।"],
          "add_en": "Dr Farida Qureshi and two optometrists from the Bhimsar civil hospital checked the eyes of 340 "
                    "drivers, most of whom had never had an eye test before.",
          "add_hi": "भीमसर सिविल अस्पताल की डॉ. फ़रीदा क़ुरैशी और दो ऑप्टोमेट्रिस्टों ने 340 ड्राइवरों की आँखों की जाँच की, "
                    "जिनमें से ज़्यादातर ने पहले कभी आँखें नहीं जँचवाई थीं।",
          "more": [("number_word", "hi", "भीमसर सिविल अस्पताल की डॉ. फ़रीदा क़ुरैशी और दो ऑप्टोमेट्रिस्टों ने ३४० "
                                         "ड्राइवरों की आँखों की जाँच की।"),
                   ("changed_number", "en", "Dr Farida Qureshi and two optometrists from the Bhimsar civil hospital "
                                            "checked the eyes of 430 drivers."),
                   ("changed_number", "hi", "भीमसर सिविल अस्पताल की डॉ. फ़रीदा क़ुरैशी और दो ऑप्टोमेट्रिस्टों ने 430 "
                                            "ड्राइवरों की आँखों की जाँच की।"),
                   ("changed_number", "en", "Dr Farida Qureshi and four optometrists from the Bhimsar civil hospital "
                                            "checked the eyes of 340 drivers."),
                   ("changed_number", "hi", "भीमसर सिविल अस्पताल की डॉ. फ़रीदा क़ुरैशी और चार ऑप्टोमेट्रिस्टों ने 340 "
                                            "ड्राइवरों की आँखों की जाँच की।"),
                   ("changed_date", "en", "On Saturday, Dr Farida Qureshi and two optometrists from the Bhimsar civil "
                                          "hospital checked the eyes of 340 drivers."),
                   ("changed_date", "hi", "शनिवार को भीमसर सिविल अस्पताल की डॉ. फ़रीदा क़ुरैशी और दो ऑप्टोमेट्रिस्टों ने "
                                          "340 ड्राइवरों की आँखों की जाँच की।")]},
         {"i": 2,
          "para_en": ["Drivers who needed glasses received 85 pairs from the Rahguzar Welfare Trust.",
                      "Eighty-five pairs of spectacles were donated by the Rahguzar Welfare Trust to the drivers who "
                      "needed them."],
          "para_hi": ["ज़रूरतमंद ड्राइवरों को राहगुज़र वेलफ़ेयर ट्रस्ट से 85 चश्मे मिले।",
                      "राहगुज़र वेलफ़ेयर ट्रस्ट की ओर से आवश्यकता वाले चालकों को पचासी ऐनकें भेंट की गईं।"],
          "neg_en": "The Rahguzar Welfare Trust never gave 85 pairs of glasses to drivers who needed them.",
          "neg_hi": "राहगुज़र वेलफ़ेयर ट्रस्ट ने ज़रूरतमंद ड्राइवरों को 85 चश्मे कभी नहीं दिए।",
          "swap_en": ["Drivers who needed them gave 85 pairs of glasses to the Rahguzar Welfare Trust.",
                      "The Rahguzar Welfare Trust received 85 pairs of glasses from drivers who needed them."],
          "swap_hi": ["ज़रूरतमंद ड्राइवरों ने राहगुज़र वेलफ़ेयर ट्रस्ट को 85 चश्मे दिए।",
                      "राहगुज़र वेलफ़ेयर ट्रस्ट को ज़रूरतमंद ड्राइवरों से 85 चश्मे मिले।"],
          "add_en": "The Rahguzar Welfare Trust, which is funded by the transport companies of Bhimsar, gave 85 pairs "
                    "of glasses to drivers who needed them.",
          "add_hi": "भीमसर की ट्रांसपोर्ट कंपनियों के पैसे से चलने वाले राहगुज़र वेलफ़ेयर ट्रस्ट ने ज़रूरतमंद ड्राइवरों को 85 "
                    "चश्मे दिए।",
          "more": [("number_word", "hi", "राहगुज़र वेलफ़ेयर ट्रस्ट ने ज़रूरतमंद ड्राइवरों को ८५ चश्मे दिए।"),
                   ("changed_number", "en", "The Rahguzar Welfare Trust gave 58 pairs of glasses to drivers who "
                                            "needed them."),
                   ("changed_date", "en", "In August the Rahguzar Welfare Trust gave 85 pairs of glasses to drivers "
                                          "who needed them."),
                   ("changed_date", "hi", "अगस्त में राहगुज़र वेलफ़ेयर ट्रस्ट ने ज़रूरतमंद ड्राइवरों को 85 चश्मे दिए।"),
                   ("added_clause", "en", "The Rahguzar Welfare Trust gave 85 pairs of glasses to drivers who needed "
                                          "them and promised to return with a second camp in March.")]}]},
    {"id": "d02", "date": "2025-12-19", "title": "The roadside mechanics' course",
     "en": ["The first course for roadside mechanics at the Kesarganj truck stop ended on Friday, 19 December 2025, "
            "after six weeks.",
            "Jaswant Gill, who has repaired trucks on this highway for 30 years, taught 20 trainees to fix brakes, "
            "clutches and tyres.",
            "Classes were held from 8 a.m. to noon, Monday to Saturday, in the yard behind the Punjab Tyre Works.",
            "Sandhu Roadways hired seven of the trainees as mechanics for its fleet of 60 trucks.",
            "Each trainee received a toolkit worth 4,500 rupees from the state skills mission."],
     "hi": ["केसरगंज ट्रक अड्डे पर सड़क किनारे के मिस्त्रियों का पहला कोर्स छह हफ़्ते बाद शुक्रवार, 19 दिसंबर 2025 को "
            "ख़त्म हुआ।",
            "30 साल से इस हाईवे पर ट्रकों की मरम्मत कर रहे जसवंत गिल ने 20 प्रशिक्षुओं को ब्रेक, क्लच और टायर ठीक करना "
            "सिखाया।",
            "कक्षाएँ सोमवार से शनिवार तक सुबह 8 बजे से दोपहर 12 बजे तक पंजाब टायर वर्क्स के पीछे के अहाते में लगती थीं।",
            "संधू रोडवेज़ ने अपने 60 ट्रकों के बेड़े के लिए सात प्रशिक्षुओं को मिस्त्री के तौर पर नौकरी पर रखा।",
            "हर प्रशिक्षु को राज्य कौशल मिशन से 4,500 रुपये की औज़ारों की एक किट मिली।"],
     "targets": [
         {"i": 1,
          "para_en": ["Twenty trainees learned from Jaswant Gill how to fix brakes, clutches and tyres; he has been "
                      "repairing trucks on this highway for 30 years.",
                      "The 20 trainees were taught to mend brakes, clutches and tyres by Jaswant Gill, who has spent "
                      "three decades repairing trucks on this highway."],
          "para_hi": ["20 प्रशिक्षुओं ने ब्रेक, क्लच और टायर ठीक करना जसवंत गिल से सीखा, जो तीस साल से इस हाईवे पर ट्रकों "
                      "की मरम्मत कर रहे हैं।",
                      "तीन दशकों से इस राजमार्ग पर ट्रकों की मरम्मत करने वाले जसवंत गिल ने बीस प्रशिक्षणार्थियों को ब्रेक, "
                      "क्लच और टायरों की मरम्मत का काम सिखाया।"],
          "neg_en": "Jaswant Gill, who has repaired trucks on this highway for 30 years, did not teach 20 trainees to "
                    "fix brakes, clutches and tyres.",
          "neg_hi": "30 साल से इस हाईवे पर ट्रकों की मरम्मत कर रहे जसवंत गिल ने 20 प्रशिक्षुओं को ब्रेक, क्लच और टायर "
                    "ठीक करना नहीं सिखाया।",
          "swap_en": ["20 trainees taught Jaswant Gill, who has repaired trucks on this highway for 30 years, to fix "
                      "brakes, clutches and tyres.",
                      "Jaswant Gill, who has repaired trucks on this highway for 30 years, learned from 20 trainees "
                      "how to fix brakes, clutches and tyres."],
          "swap_hi": ["20 प्रशिक्षुओं ने 30 साल से इस हाईवे पर ट्रकों की मरम्मत कर रहे जसवंत गिल को ब्रेक, क्लच और टायर "
                      "ठीक करना सिखाया।",
                      "30 साल से इस हाईवे पर ट्रकों की मरम्मत कर रहे जसवंत गिल ने 20 प्रशिक्षुओं से ब्रेक, क्लच और टायर "
                      "ठीक करना सीखा।"],
          "add_en": "Jaswant Gill, who has repaired trucks on this highway for 30 years, taught 20 trainees to fix "
                    "brakes, clutches and tyres, using parts from scrapped buses.",
          "add_hi": "30 साल से इस हाईवे पर ट्रकों की मरम्मत कर रहे जसवंत गिल ने 20 प्रशिक्षुओं को ब्रेक, क्लच और टायर "
                    "ठीक करना सिखाया, जिसके लिए कबाड़ हो चुकी बसों के पुर्ज़े इस्तेमाल किए गए।",
          "more": [("number_word", "hi", "३० साल से इस हाईवे पर ट्रकों की मरम्मत कर रहे जसवंत गिल ने २० प्रशिक्षुओं को "
                                         "ब्रेक, क्लच और टायर ठीक करना सिखाया।"),
                   ("changed_number", "en", "Jaswant Gill, who has repaired trucks on this highway for 20 years, "
                                            "taught 30 trainees to fix brakes, clutches and tyres."),
                   ("changed_number", "hi", "20 साल से इस हाईवे पर ट्रकों की मरम्मत कर रहे जसवंत गिल ने 30 प्रशिक्षुओं "
                                            "को ब्रेक, क्लच और टायर ठीक करना सिखाया।"),
                   ("changed_number", "en", "Jaswant Gill, who has repaired trucks on this highway for 30 years, "
                                            "taught 25 trainees to fix brakes, clutches and tyres."),
                   ("changed_number", "hi", "30 साल से इस हाईवे पर ट्रकों की मरम्मत कर रहे जसवंत गिल ने 25 प्रशिक्षुओं "
                                            "को ब्रेक, क्लच और टायर ठीक करना सिखाया।")]},
         {"i": 3,
          "para_en": ["Seven of the trainees now work for Sandhu Roadways as mechanics on its fleet of 60 trucks.",
                      "Sandhu Roadways, which runs sixty trucks, has taken on seven trainees as fleet mechanics."],
          "para_hi": ["सात प्रशिक्षु अब संधू रोडवेज़ के 60 ट्रकों के बेड़े में मिस्त्री की नौकरी करते हैं।",
                      "संधू रोडवेज़ ने अपने साठ ट्रकों के बेड़े के लिए सात प्रशिक्षणार्थियों को मैकेनिक के रूप में नियुक्त "
                      "किया।"],
          "neg_en": "Sandhu Roadways did not hire seven of the trainees as mechanics for its fleet of 60 trucks.",
          "neg_hi": "संधू रोडवेज़ ने अपने 60 ट्रकों के बेड़े के लिए सात प्रशिक्षुओं को मिस्त्री के तौर पर नौकरी पर नहीं "
                    "रखा।",
          "swap_en": ["Seven of the trainees hired Sandhu Roadways to look after their fleet of 60 trucks.",
                      "Sandhu Roadways went to work for seven of the trainees as mechanics for their fleet of 60 "
                      "trucks."],
          "swap_hi": ["सात प्रशिक्षुओं ने अपने 60 ट्रकों के बेड़े के लिए संधू रोडवेज़ को काम पर रखा।"],
          "add_en": "Sandhu Roadways hired seven of the trainees as mechanics for its fleet of 60 trucks and pays them "
                    "18,000 rupees a month.",
          "add_hi": "संधू रोडवेज़ ने अपने 60 ट्रकों के बेड़े के लिए सात प्रशिक्षुओं को मिस्त्री के तौर पर नौकरी पर रखा और "
                    "उन्हें हर महीने 18,000 रुपये देती है।",
          "more": [("number_word", "en", "Sandhu Roadways hired 7 of the trainees as mechanics for its fleet of 60 "
                                         "trucks."),
                   ("number_word", "hi", "संधू रोडवेज़ ने अपने ६० ट्रकों के बेड़े के लिए सात प्रशिक्षुओं को मिस्त्री के "
                                         "तौर पर नौकरी पर रखा।"),
                   ("negation", "en", "None of the trainees was hired by Sandhu Roadways as a mechanic for its fleet "
                                      "of 60 trucks."),
                   ("changed_number", "en", "Sandhu Roadways hired nine of the trainees as mechanics for its fleet of "
                                            "60 trucks."),
                   ("changed_number", "hi", "संधू रोडवेज़ ने अपने 60 ट्रकों के बेड़े के लिए नौ प्रशिक्षुओं को मिस्त्री के "
                                            "तौर पर नौकरी पर रखा।"),
                   ("changed_date", "en", "In October Sandhu Roadways hired seven of the trainees as mechanics for "
                                          "its fleet of 60 trucks."),
                   ("changed_date", "hi", "अक्टूबर में संधू रोडवेज़ ने अपने 60 ट्रकों के बेड़े के लिए सात प्रशिक्षुओं को "
                                          "मिस्त्री के तौर पर नौकरी पर रखा।")]}]},
    {"id": "d03", "date": "2026-03-09", "title": "The tiffin service",
     "en": ["Nine women from Kesarganj village started a tiffin service for truck drivers at the dhabas in January "
            "2026.",
            "Every day they cook 250 tiffins of dal, a vegetable and four rotis, which sell for 70 rupees each.",
            "Kusum Yadav buys the vegetables at the Bhimsar mandi on Tuesdays, and Shabnam Ansari keeps the accounts.",
            "Harjeet Kaur, who runs the Sunehra Dhaba, lent the women her van to deliver the tiffins.",
            "By March the service was earning about 38,000 rupees a month."],
     "hi": ["केसरगंज गाँव की नौ महिलाओं ने जनवरी 2026 में ढाबों पर ट्रक ड्राइवरों के लिए टिफ़िन सेवा शुरू की।",
            "वे हर दिन दाल, एक सब्ज़ी और चार रोटियों वाले 250 टिफ़िन बनाती हैं और हर टिफ़िन 70 रुपये में बिकता है।",
            "कुसुम यादव मंगलवार को भीमसर मंडी से सब्ज़ियाँ ख़रीदती हैं और शबनम अंसारी हिसाब रखती हैं।",
            "सुनहरा ढाबा चलाने वाली हरजीत कौर ने टिफ़िन पहुँचाने के लिए महिलाओं को अपनी वैन उधार दी।",
            "मार्च तक यह सेवा हर महीने लगभग 38,000 रुपये कमाने लगी थी।"],
     "targets": [
         {"i": 2,
          "para_en": ["Shabnam Ansari keeps the accounts, while Kusum Yadav does the vegetable shopping at the Bhimsar "
                      "mandi every Tuesday.",
                      "The vegetables are bought at the Bhimsar mandi by Kusum Yadav on Tuesdays, and the books are "
                      "kept by Shabnam Ansari."],
          "para_hi": ["हिसाब-किताब शबनम अंसारी देखती हैं, जबकि हर मंगलवार भीमसर मंडी से सब्ज़ी लाने का काम कुसुम यादव का "
                      "है।",
                      "मंगलवार के दिन भीमसर की मंडी से तरकारियाँ कुसुम यादव ख़रीदती हैं, और बही-खाता शबनम अंसारी के "
                      "ज़िम्मे है।"],
          "neg_en": "Kusum Yadav no longer buys the vegetables at the Bhimsar mandi on Tuesdays, and Shabnam Ansari "
                    "keeps the accounts.",
          "neg_hi": "कुसुम यादव अब मंगलवार को भीमसर मंडी से सब्ज़ियाँ नहीं ख़रीदतीं और शबनम अंसारी हिसाब रखती हैं।",
          "swap_en": ["Shabnam Ansari buys the vegetables at the Bhimsar mandi on Tuesdays, and Kusum Yadav keeps the "
                      "accounts.",
                      "Shabnam Ansari does the vegetable shopping at the Bhimsar mandi, while the accounts are kept by "
                      "Kusum Yadav."],
          "swap_hi": ["शबनम अंसारी मंगलवार को भीमसर मंडी से सब्ज़ियाँ ख़रीदती हैं और कुसुम यादव हिसाब रखती हैं।"],
          "add_en": "Kusum Yadav buys the vegetables at the Bhimsar mandi on Tuesdays, and Shabnam Ansari, a former "
                    "schoolteacher, keeps the accounts.",
          "add_hi": "कुसुम यादव मंगलवार को भीमसर मंडी से सब्ज़ियाँ ख़रीदती हैं और पहले स्कूल में पढ़ा चुकीं शबनम अंसारी "
                    "हिसाब रखती हैं।",
          "more": [("negation", "en", "Neither does Kusum Yadav buy the vegetables at the Bhimsar mandi on Tuesdays, "
                                      "nor does Shabnam Ansari keep the accounts."),
                   ("negation", "hi", "न तो कुसुम यादव मंगलवार को भीमसर मंडी से सब्ज़ियाँ ख़रीदती हैं, न शबनम अंसारी "
                                      "हिसाब रखती हैं।")]},
         {"i": 3,
          "para_en": ["The women borrowed the van of Harjeet Kaur, who runs the Sunehra Dhaba, to deliver the tiffins.",
                      "The van the tiffins are delivered in was lent to the women by Harjeet Kaur, who runs the "
                      "Sunehra Dhaba."],
          "para_hi": ["महिलाओं ने टिफ़िन पहुँचाने के लिए सुनहरा ढाबा चलाने वाली हरजीत कौर की वैन उधार ली।",
                      "सुनहरा ढाबे की संचालिका हरजीत कौर ने टिफ़िन की डिलीवरी के लिए अपनी गाड़ी महिलाओं को मँगनी पर दी।"],
          "neg_en": "Harjeet Kaur, who runs the Sunehra Dhaba, never lent the women her van to deliver the tiffins.",
          "neg_hi": "सुनहरा ढाबा चलाने वाली हरजीत कौर ने टिफ़िन पहुँचाने के लिए महिलाओं को अपनी वैन कभी उधार नहीं दी।",
          "swap_en": ["Harjeet Kaur, who runs the Sunehra Dhaba, borrowed the women's van to deliver the tiffins.",
                      "The women lent Harjeet Kaur, who runs the Sunehra Dhaba, their van to deliver the tiffins."],
          "swap_hi": ["सुनहरा ढाबा चलाने वाली हरजीत कौर ने टिफ़िन पहुँचाने के लिए महिलाओं की वैन उधार ली।",
                      "महिलाओं ने टिफ़िन पहुँचाने के लिए सुनहरा ढाबा चलाने वाली हरजीत कौर को अपनी वैन उधार दी।"],
          "add_en": "Harjeet Kaur, who runs the Sunehra Dhaba, lent the women her van to deliver the tiffins and also "
                    "pays for its diesel.",
          "add_hi": "सुनहरा ढाबा चलाने वाली हरजीत कौर ने टिफ़िन पहुँचाने के लिए महिलाओं को अपनी वैन उधार दी और उसके "
                    "डीज़ल का ख़र्च भी वही उठाती हैं।",
          "more": [("added_clause", "en", "Harjeet Kaur, who runs the Sunehra Dhaba and the petrol pump next to it, "
                                          "lent the women her van to deliver the tiffins."),
                   ("added_clause", "hi", "सुनहरा ढाबा और उसके बगल का पेट्रोल पंप चलाने वाली हरजीत कौर ने टिफ़िन "
                                          "पहुँचाने के लिए महिलाओं को अपनी वैन उधार दी।"),
                   ("changed_date", "en", "In December Harjeet Kaur, who runs the Sunehra Dhaba, lent the women her "
                                          "van to deliver the tiffins."),
                   ("changed_date", "hi", "दिसंबर में सुनहरा ढाबा चलाने वाली हरजीत कौर ने टिफ़िन पहुँचाने के लिए महिलाओं "
                                          "को अपनी वैन उधार दी।")]}]},
    {"id": "d04", "date": "2026-02-22", "title": "The rest shed",
     "en": ["A rest shed for drivers with 40 charpais, 12 charging points and two water coolers opened at the "
            "Kesarganj truck stop on 15 February 2026.",
            "Parminder Dhillon sold the dhaba owners' association the plot behind his dhaba for 3 lakh rupees.",
            "Drivers may sleep in the shed free for up to eight hours between 10 p.m. and 6 a.m.",
            "Charging a phone costs nothing, but a locker for the night costs 20 rupees.",
            "Anwar Khan, the association's secretary, says 150 drivers used the shed in its first week."],
     "hi": ["15 फ़रवरी 2026 को केसरगंज ट्रक अड्डे पर ड्राइवरों के लिए एक विश्राम शेड खुला, जिसमें 40 चारपाइयाँ, 12 "
            "चार्जिंग पॉइंट और पानी के दो कूलर हैं।",
            "परमिंदर ढिल्लों ने अपने ढाबे के पीछे का प्लॉट 3 लाख रुपये में ढाबा मालिकों की एसोसिएशन को बेचा।",
            "ड्राइवर रात 10 बजे से सुबह 6 बजे के बीच शेड में आठ घंटे तक मुफ़्त सो सकते हैं।",
            "फ़ोन चार्ज करने का कोई पैसा नहीं लगता, लेकिन रात भर के लिए लॉकर का किराया 20 रुपये है।",
            "एसोसिएशन के सचिव अनवर ख़ान का कहना है कि पहले हफ़्ते में 150 ड्राइवरों ने शेड का इस्तेमाल किया।"],
     "targets": [
         {"i": 0,
          "para_en": ["On 15 February 2026 the Kesarganj truck stop opened a drivers' rest shed with forty charpais, "
                      "twelve charging points and two water coolers.",
                      "Fitted with 40 charpais, 12 charging points and two water coolers, a new shed where drivers can "
                      "rest was opened at the Kesarganj truck stop on 15 February 2026."],
          "para_hi": ["केसरगंज ट्रक अड्डे पर 15 फ़रवरी 2026 को चालीस चारपाइयों, बारह चार्जिंग पॉइंट और दो वॉटर कूलरों वाला "
                      "ड्राइवरों का विश्राम शेड शुरू हुआ।",
                      "40 खाटों, 12 चार्जिंग पॉइंटों और पानी के दो कूलरों से लैस चालकों का एक विश्रामगृह 15 फ़रवरी 2026 "
                      "को केसरगंज ट्रक अड्डे पर खोला गया।"],
          "neg_en": "No rest shed for drivers with 40 charpais, 12 charging points and two water coolers opened at the "
                    "Kesarganj truck stop on 15 February 2026.",
          "neg_hi": "15 फ़रवरी 2026 को केसरगंज ट्रक अड्डे पर ड्राइवरों के लिए 40 चारपाइयों, 12 चार्जिंग पॉइंट और पानी के "
                    "दो कूलरों वाला कोई विश्राम शेड नहीं खुला।",
          "add_en": "A rest shed for drivers with 40 charpais, 12 charging points and two water coolers opened at the "
                    "Kesarganj truck stop on 15 February 2026, a year later than planned.",
          "add_hi": "15 फ़रवरी 2026 को केसरगंज ट्रक अड्डे पर ड्राइवरों के लिए एक विश्राम शेड खुला, जो तय समय से एक साल "
                    "देर से बना और जिसमें 40 चारपाइयाँ, 12 चार्जिंग पॉइंट और पानी के दो कूलर हैं।",
          "more": [("number_word", "hi", "१५ फ़रवरी २०२६ को केसरगंज ट्रक अड्डे पर ड्राइवरों के लिए एक विश्राम शेड खुला, "
                                         "जिसमें ४० चारपाइयाँ, १२ चार्जिंग पॉइंट और पानी के दो कूलर हैं।"),
                   ("changed_number", "en", "A rest shed for drivers with 12 charpais, 40 charging points and two "
                                            "water coolers opened at the Kesarganj truck stop on 15 February 2026."),
                   ("changed_number", "hi", "15 फ़रवरी 2026 को केसरगंज ट्रक अड्डे पर ड्राइवरों के लिए एक विश्राम शेड "
                                            "खुला, जिसमें 12 चारपाइयाँ, 40 चार्जिंग पॉइंट और पानी के दो कूलर हैं।"),
                   ("changed_number", "en", "A rest shed for drivers with 40 charpais, 12 charging points and three "
                                            "water coolers opened at the Kesarganj truck stop on 15 February 2026."),
                   ("changed_number", "hi", "15 फ़रवरी 2026 को केसरगंज ट्रक अड्डे पर ड्राइवरों के लिए एक विश्राम शेड "
                                            "खुला, जिसमें 40 चारपाइयाँ, 12 चार्जिंग पॉइंट और पानी के तीन कूलर हैं।"),
                   ("changed_date", "en", "A rest shed for drivers with 40 charpais, 12 charging points and two "
                                          "water coolers opened at the Kesarganj truck stop on 25 February 2026.")]},
         {"i": 1,
          "para_en": ["The dhaba owners' association bought the plot behind Parminder Dhillon's dhaba from him for 3 "
                      "lakh rupees.",
                      "For three lakh rupees, the plot behind Parminder Dhillon's dhaba was sold to the dhaba owners' "
                      "association."],
          "para_hi": ["ढाबा मालिकों की एसोसिएशन ने परमिंदर ढिल्लों से उनके ढाबे के पीछे का प्लॉट 3 लाख रुपये में ख़रीदा।",
                      "परमिंदर ढिल्लों के ढाबे के पिछवाड़े की ज़मीन तीन लाख रुपये में ढाबा मालिक संघ ने मोल ली।"],
          "neg_en": "Parminder Dhillon did not sell the dhaba owners' association the plot behind his dhaba for 3 lakh "
                    "rupees.",
          "neg_hi": "परमिंदर ढिल्लों ने अपने ढाबे के पीछे का प्लॉट 3 लाख रुपये में ढाबा मालिकों की एसोसिएशन को नहीं बेचा।",
          "swap_en": ["The dhaba owners' association sold Parminder Dhillon the plot behind his dhaba for 3 lakh "
                      "rupees.",
                      "Parminder Dhillon bought the plot behind his dhaba from the dhaba owners' association for 3 "
                      "lakh rupees."],
          "swap_hi": ["ढाबा मालिकों की एसोसिएशन ने परमिंदर ढिल्लों के ढाबे के पीछे का प्लॉट 3 लाख रुपये में उन्हें बेचा।",
                      "परमिंदर ढिल्लों ने अपने ढाबे के पीछे का प्लॉट 3 लाख रुपये में ढाबा मालिकों की एसोसिएशन से ख़रीदा।"],
          "add_en": "Parminder Dhillon sold the dhaba owners' association the plot behind his dhaba for 3 lakh rupees, "
                    "half its market price.",
          "add_hi": "परमिंदर ढिल्लों ने अपने ढाबे के पीछे का प्लॉट 3 लाख रुपये में ढाबा मालिकों की एसोसिएशन को बेचा, जो "
                    "उसकी बाज़ार क़ीमत का आधा है।",
          "more": [("number_word", "hi", "परमिंदर ढिल्लों ने अपने ढाबे के पीछे का प्लॉट ३ लाख रुपये में ढाबा मालिकों की "
                                         "एसोसिएशन को बेचा।"),
                   ("changed_date", "en", "In January Parminder Dhillon sold the dhaba owners' association the plot "
                                          "behind his dhaba for 3 lakh rupees."),
                   ("changed_date", "hi", "जनवरी में परमिंदर ढिल्लों ने अपने ढाबे के पीछे का प्लॉट 3 लाख रुपये में ढाबा "
                                          "मालिकों की एसोसिएशन को बेचा।")]}]},
    {"id": "d05", "date": "2026-05-06", "title": "The night patrol",
     "en": ["Since 1 April 2026 the highway police and the dhaba owners of Kesarganj have patrolled the truck parking "
            "together at night.",
            "Two constables from the Bhimsar highway police post and four watchmen walk the parking area from 11 p.m. "
            "to 5 a.m.",
            "Sub-inspector Tariq Hussain drew up the duty roster, and Nirmala Chauhan, president of the dhaba owners' "
            "association, pays the watchmen.",
            "Diesel thefts from parked trucks fell from 14 in February to two in April.",
            "Drivers can reach the patrol on a helpline number painted on the wall of the rest shed."],
     "hi": ["1 अप्रैल 2026 से हाईवे पुलिस और केसरगंज के ढाबा मालिक मिलकर रात में ट्रकों की पार्किंग पर गश्त करते हैं।",
            "भीमसर हाईवे पुलिस चौकी के दो सिपाही और चार चौकीदार रात 11 बजे से सुबह 5 बजे तक पार्किंग में गश्त लगाते "
            "हैं।",
            "सब-इंस्पेक्टर तारिक़ हुसैन ने ड्यूटी का रोस्टर बनाया और ढाबा मालिकों की एसोसिएशन की अध्यक्ष निर्मला चौहान "
            "चौकीदारों को तनख़्वाह देती हैं।",
            "खड़े ट्रकों से डीज़ल चोरी के मामले फ़रवरी में 14 से घटकर अप्रैल में दो रह गए।",
            "ड्राइवर विश्राम शेड की दीवार पर लिखे हेल्पलाइन नंबर पर गश्ती दल से संपर्क कर सकते हैं।"],
     "targets": [
         {"i": 2,
          "para_en": ["The watchmen are paid by Nirmala Chauhan, who heads the dhaba owners' association, and the duty "
                      "roster was drawn up by Sub-inspector Tariq Hussain.",
                      "Nirmala Chauhan, the president of the dhaba owners' association, pays the watchmen's wages, "
                      "while Sub-inspector Tariq Hussain prepared the duty roster."],
          "para_hi": ["चौकीदारों का वेतन ढाबा मालिकों की एसोसिएशन की अध्यक्ष निर्मला चौहान देती हैं, जबकि ड्यूटी रोस्टर "
                      "सब-इंस्पेक्टर तारिक़ हुसैन ने तैयार किया।",
                      "उप-निरीक्षक तारिक़ हुसैन ने पहरे की पाली-सूची बनाई, और ढाबा मालिक संघ की प्रधान निर्मला चौहान "
                      "चौकीदारों को पगार देती हैं।"],
          "neg_en": "Sub-inspector Tariq Hussain drew up the duty roster, but Nirmala Chauhan, president of the dhaba "
                    "owners' association, no longer pays the watchmen.",
          "neg_hi": "सब-इंस्पेक्टर तारिक़ हुसैन ने ड्यूटी का रोस्टर बनाया, लेकिन ढाबा मालिकों की एसोसिएशन की अध्यक्ष "
                    "निर्मला चौहान अब चौकीदारों को तनख़्वाह नहीं देतीं।",
          "swap_en": ["Nirmala Chauhan drew up the duty roster, and Sub-inspector Tariq Hussain pays the watchmen.",
                      "Nirmala Chauhan, president of the dhaba owners' association, drew up the duty roster, and "
                      "Sub-inspector Tariq Hussain pays the watchmen."],
          "swap_hi": ["निर्मला चौहान ने ड्यूटी का रोस्टर बनाया और सब-इंस्पेक्टर तारिक़ हुसैन चौकीदारों को तनख़्वाह देते "
                      "हैं।"],
          "add_en": "Sub-inspector Tariq Hussain drew up the duty roster, and Nirmala Chauhan, president of the dhaba "
                    "owners' association, pays the watchmen from a fund to which every dhaba gives 500 rupees a month.",
          "add_hi": "सब-इंस्पेक्टर तारिक़ हुसैन ने ड्यूटी का रोस्टर बनाया और ढाबा मालिकों की एसोसिएशन की अध्यक्ष निर्मला "
                    "चौहान चौकीदारों को उस कोष से तनख़्वाह देती हैं जिसमें हर ढाबा महीने के 500 रुपये देता है।",
          "more": [("negation", "en", "Sub-inspector Tariq Hussain never drew up a duty roster, and Nirmala Chauhan, "
                                      "president of the dhaba owners' association, pays the watchmen."),
                   ("changed_date", "en", "In March Sub-inspector Tariq Hussain drew up the duty roster, and Nirmala "
                                          "Chauhan, president of the dhaba owners' association, pays the watchmen."),
                   ("changed_date", "hi", "मार्च में सब-इंस्पेक्टर तारिक़ हुसैन ने ड्यूटी का रोस्टर बनाया और ढाबा "
                                          "मालिकों की एसोसिएशन की अध्यक्ष निर्मला चौहान चौकीदारों को तनख़्वाह देती हैं।")]},
         {"i": 3,
          "para_en": ["The number of diesel thefts from parked trucks dropped from 14 in February to just two in "
                      "April.",
                      "In April only two diesel thefts from parked trucks were reported, down from fourteen in "
                      "February."],
          "para_hi": ["खड़े ट्रकों से डीज़ल चुराने की घटनाएँ फ़रवरी के 14 से कम होकर अप्रैल में केवल दो रह गईं।",
                      "अप्रैल में खड़े ट्रकों से डीज़ल चोरी के सिर्फ़ दो मामले हुए, जबकि फ़रवरी में चौदह हुए थे।"],
          "neg_en": "Diesel thefts from parked trucks did not fall from 14 in February to two in April.",
          "neg_hi": "फ़रवरी से अप्रैल के बीच खड़े ट्रकों से डीज़ल चोरी के मामले 14 से घटकर दो नहीं हुए।",
          "swap_en": ["Diesel thefts from parked trucks rose from two in February to 14 in April."],
          "swap_hi": ["खड़े ट्रकों से डीज़ल चोरी के मामले फ़रवरी में दो से बढ़कर अप्रैल में 14 हो गए।"],
          "add_en": "Diesel thefts from parked trucks fell from 14 in February to two in April, and both of those were "
                    "solved within a week.",
          "add_hi": "खड़े ट्रकों से डीज़ल चोरी के मामले फ़रवरी में 14 से घटकर अप्रैल में दो रह गए और वे दोनों भी एक हफ़्ते "
                    "के भीतर सुलझा लिए गए।",
          "more": [("number_word", "hi", "खड़े ट्रकों से डीज़ल चोरी के मामले फ़रवरी में १४ से घटकर अप्रैल में दो रह गए।"),
                   ("changed_number", "en", "Diesel thefts from parked trucks fell from 14 in February to four in "
                                            "April."),
                   ("changed_number", "hi", "खड़े ट्रकों से डीज़ल चोरी के मामले फ़रवरी में 14 से घटकर अप्रैल में चार रह "
                                            "गए।")]}]},
]
