"""The hand-written source of the fourth support-check probe (tests/data/support_probe_neelgaon): five short reports
of a fictional lakeside village (Neelgaon: solar pumps, a women's savings group, a health clinic, a sports day, a
milk collection centre), each in English and Hindi, and for two sentences of each the variants a model might write.
A new setting and cast, with Hindi clauses whose doer carries no case marker (present tense: "किशोर भाटी केंद्र को
दूध बेचते हैं"), converse verbs (sold/bought, lent/borrowed, beat/lost to), weekdays, and added clauses made of
words the report uses elsewhere. Kept as a held-out set only (every pair in the ``test`` split): measured once on
the unchanged support check and once at the end. Written for this project; CC0. Built by
``tools/make_support_probe.py --source tools.support_probe_neelgaon_source --out tests/data/support_probe_neelgaon
--held-out``.
"""

from __future__ import annotations

# first names of the cast (English, Hindi): a changed name is another one of these
CAST = [("Jaswant", "जसवंत"), ("Pushpa", "पुष्पा"), ("Usha", "उषा"), ("Tara", "तारा"), ("Rafiq", "रफ़ीक़"),
        ("Bhavna", "भावना"), ("Gopal", "गोपाल"), ("Zoya", "ज़ोया"), ("Kishore", "किशोर"), ("Salim", "सलीम"),
        ("Meenakshi", "मीनाक्षी"), ("Ajay", "अजय"), ("Hemant", "हेमंत"), ("Nasreen", "नसरीन")]

TALKS: list[dict] = [
    {"id": "n01", "date": "2025-09-13", "title": "Solar pumps",
     "en": ["On 13 September 2025, Neelgaon switched its three diesel pumps to solar power.",
            "The water users' group bought twelve solar panels from a dealer in Udaipur for 3 lakh rupees.",
            "Jaswant Meena showed Pushpa Devi how to clean the panels without scratching them.",
            "The pumps now water 60 acres of wheat and mustard.",
            "Farmers save about 800 rupees a month on diesel."],
     "hi": ["13 सितंबर 2025 को नीलगाँव ने अपने तीन डीज़ल पंपों को सौर ऊर्जा पर चला दिया।",
            "जल उपयोगकर्ता समूह ने उदयपुर के एक विक्रेता से 3 लाख रुपये में बारह सौर पैनल ख़रीदे।",
            "जसवंत मीणा ने पुष्पा देवी को दिखाया कि पैनलों को बिना खरोंच डाले कैसे साफ़ करें।",
            "अब ये पंप 60 एकड़ गेहूँ और सरसों की सिंचाई करते हैं।",
            "किसान डीज़ल पर हर महीने लगभग 800 रुपये बचाते हैं।"],
     "targets": [
         {"i": 1,
          "para_en": ["A dealer in Udaipur sold twelve solar panels to the water users' group for 3 lakh rupees.",
                      "Twelve solar panels were bought by the water users' group from an Udaipur dealer for 3 lakh "
                      "rupees."],
          "para_hi": ["उदयपुर के एक विक्रेता ने जल उपयोगकर्ता समूह को 3 लाख रुपये में बारह सौर पैनल बेचे।"],
          "neg_en": "The water users' group did not buy twelve solar panels from a dealer in Udaipur for 3 lakh "
                    "rupees.",
          "neg_hi": "जल उपयोगकर्ता समूह ने उदयपुर के एक विक्रेता से 3 लाख रुपये में बारह सौर पैनल नहीं ख़रीदे।",
          "swap_en": ["A dealer in Udaipur bought twelve solar panels from the water users' group for 3 lakh rupees."],
          "swap_hi": ["उदयपुर के एक विक्रेता ने जल उपयोगकर्ता समूह से 3 लाख रुपये में बारह सौर पैनल ख़रीदे।"],
          "add_en": "The water users' group bought twelve solar panels from a dealer in Udaipur for 3 lakh rupees, "
                    "using a grant from the district office.",
          "add_hi": "जल उपयोगकर्ता समूह ने ज़िला कार्यालय के अनुदान से उदयपुर के एक विक्रेता से 3 लाख रुपये में "
                    "बारह सौर पैनल ख़रीदे।",
          "more": [("number_word", "hi", "जल उपयोगकर्ता समूह ने उदयपुर के एक विक्रेता से ३ लाख रुपये में बारह सौर "
                                         "पैनल ख़रीदे।"),
                   ("changed_number", "en", "The water users' group bought fifteen solar panels from a dealer in "
                                            "Udaipur for 3 lakh rupees.")]},
         {"i": 2,
          "para_en": ["Pushpa Devi learned from Jaswant Meena how to clean the panels without scratching them."],
          "para_hi": ["पुष्पा देवी ने जसवंत मीणा से सीखा कि पैनलों को बिना खरोंच डाले कैसे साफ़ किया जाए।"],
          "neg_en": "Jaswant Meena did not show Pushpa Devi how to clean the panels without scratching them.",
          "neg_hi": "जसवंत मीणा ने पुष्पा देवी को नहीं दिखाया कि पैनलों को बिना खरोंच डाले कैसे साफ़ करें।",
          "swap_en": ["Pushpa Devi showed Jaswant Meena how to clean the panels without scratching them."],
          "swap_hi": ["पुष्पा देवी ने जसवंत मीणा को दिखाया कि पैनलों को बिना खरोंच डाले कैसे साफ़ करें।"],
          "add_en": "Jaswant Meena showed Pushpa Devi how to clean the panels without scratching them and gave her "
                    "a soft brush for the job.",
          "add_hi": "जसवंत मीणा ने पुष्पा देवी को दिखाया कि पैनलों को बिना खरोंच डाले कैसे साफ़ करें और उन्हें एक "
                    "मुलायम ब्रश भी दिया।"}]},
    {"id": "n02", "date": "2025-11-02", "title": "The savings group",
     "en": ["Twenty women in Neelgaon started a savings group on 2 November 2025.",
            "Each member puts 100 rupees into the group's account every Sunday.",
            "Usha Rawat lent Tara Joshi 5,000 rupees to buy a sewing machine.",
            "The group keeps its money at the post office in Ranipur.",
            "Nobody has missed a payment since the group began."],
     "hi": ["2 नवंबर 2025 को नीलगाँव की बीस महिलाओं ने एक बचत समूह शुरू किया।",
            "हर सदस्य हर रविवार समूह के खाते में 100 रुपये जमा करती है।",
            "उषा रावत ने तारा जोशी को सिलाई मशीन ख़रीदने के लिए 5,000 रुपये उधार दिए।",
            "समूह अपना पैसा रानीपुर के डाकघर में रखता है।",
            "समूह शुरू होने के बाद से किसी ने एक भी किस्त नहीं छोड़ी।"],
     "targets": [
         {"i": 1,
          "para_en": ["Every Sunday, each member pays 100 rupees into the account of the group."],
          "para_hi": ["हर रविवार को हर सदस्य समूह के खाते में 100 रुपये डालती है।"],
          "neg_en": "Members do not put 100 rupees into the group's account every Sunday.",
          "neg_hi": "सदस्य हर रविवार समूह के खाते में 100 रुपये जमा नहीं करतीं।",
          "add_en": "Each member puts 100 rupees into the group's account every Sunday and the group pays her "
                    "interest every year.",
          "add_hi": "हर सदस्य हर रविवार समूह के खाते में 100 रुपये जमा करती है और समूह उसे हर साल ब्याज देता है।",
          "more": [("changed_date", "en", "Each member puts 100 rupees into the group's account every Wednesday."),
                   ("changed_date", "hi", "हर सदस्य हर बुधवार समूह के खाते में 100 रुपये जमा करती है।"),
                   ("number_word", "hi", "हर सदस्य हर रविवार समूह के खाते में १०० रुपये जमा करती है।")]},
         {"i": 2,
          "para_en": ["Tara Joshi borrowed 5,000 rupees from Usha Rawat to buy a sewing machine.",
                      "To buy a sewing machine, Tara Joshi got a loan of 5,000 rupees from Usha Rawat."],
          "para_hi": ["तारा जोशी ने सिलाई मशीन ख़रीदने के लिए उषा रावत से 5,000 रुपये उधार लिए।"],
          "neg_en": "Usha Rawat did not lend Tara Joshi 5,000 rupees to buy a sewing machine.",
          "neg_hi": "उषा रावत ने तारा जोशी को सिलाई मशीन ख़रीदने के लिए 5,000 रुपये उधार नहीं दिए।",
          "swap_en": ["Tara Joshi lent Usha Rawat 5,000 rupees to buy a sewing machine.",
                      "Usha Rawat borrowed 5,000 rupees from Tara Joshi to buy a sewing machine."],
          "swap_hi": ["तारा जोशी ने उषा रावत को सिलाई मशीन ख़रीदने के लिए 5,000 रुपये उधार दिए।",
                      "उषा रावत ने तारा जोशी से सिलाई मशीन ख़रीदने के लिए 5,000 रुपये उधार लिए।"],
          "add_en": "Usha Rawat lent Tara Joshi 5,000 rupees to buy a sewing machine, and Tara kept the machine at "
                    "the post office in Ranipur.",
          "add_hi": "उषा रावत ने तारा जोशी को सिलाई मशीन ख़रीदने के लिए 5,000 रुपये उधार दिए, और तारा ने मशीन "
                    "रानीपुर के डाकघर में रखी।"}]},
    {"id": "n03", "date": "2026-01-20", "title": "The clinic",
     "en": ["A health clinic opened beside the Neelgaon bus stand on 20 January 2026.",
            "Doctor Rafiq Ansari examines patients on Mondays and Thursdays.",
            "The panchayat gave the clinic two rooms in its old office.",
            "A nurse from Ranipur, Bhavna Solanki, vaccinates children every month.",
            "More than 150 patients came in the first two weeks."],
     "hi": ["20 जनवरी 2026 को नीलगाँव बस अड्डे के पास एक स्वास्थ्य केंद्र खुला।",
            "डॉक्टर रफ़ीक़ अंसारी सोमवार और गुरुवार को मरीज़ों को देखते हैं।",
            "पंचायत ने केंद्र को अपने पुराने दफ़्तर के दो कमरे दिए।",
            "रानीपुर की नर्स भावना सोलंकी हर महीने बच्चों को टीके लगाती हैं।",
            "पहले दो हफ़्तों में 150 से ज़्यादा मरीज़ आए।"],
     "targets": [
         {"i": 1,
          "para_en": ["Patients are seen by Doctor Rafiq Ansari every Monday and Thursday."],
          "para_hi": ["हर सोमवार और गुरुवार डॉक्टर रफ़ीक़ अंसारी मरीज़ों की जाँच करते हैं।"],
          "neg_en": "Doctor Rafiq Ansari does not examine patients on Mondays and Thursdays.",
          "neg_hi": "डॉक्टर रफ़ीक़ अंसारी सोमवार और गुरुवार को मरीज़ों को नहीं देखते।",
          "add_en": "Doctor Rafiq Ansari examines patients on Mondays and Thursdays and visits the school in the "
                    "afternoon.",
          "add_hi": "डॉक्टर रफ़ीक़ अंसारी सोमवार और गुरुवार को मरीज़ों को देखते हैं और दोपहर में स्कूल जाते हैं।",
          "more": [("changed_date", "en", "Doctor Rafiq Ansari examines patients on Mondays and Fridays."),
                   ("changed_date", "hi", "डॉक्टर रफ़ीक़ अंसारी सोमवार और शुक्रवार को मरीज़ों को देखते हैं।")]},
         {"i": 2,
          "para_en": ["The clinic received two rooms in the old office from the panchayat.",
                      "Two rooms in its old office were given to the clinic by the panchayat."],
          "para_hi": ["केंद्र को पंचायत से उसके पुराने दफ़्तर के दो कमरे मिले।"],
          "neg_en": "The panchayat did not give the clinic two rooms in its old office.",
          "neg_hi": "पंचायत ने केंद्र को अपने पुराने दफ़्तर के दो कमरे नहीं दिए।",
          "swap_en": ["The clinic gave the panchayat two rooms in its old office.",
                      "The panchayat received two rooms in its old office from the clinic."],
          "swap_hi": ["केंद्र ने पंचायत को अपने पुराने दफ़्तर के दो कमरे दिए।",
                      "पंचायत को केंद्र से उसके पुराने दफ़्तर के दो कमरे मिले।"],
          "add_en": "The panchayat gave the clinic two rooms in its old office and paid for a new water tank.",
          "add_hi": "पंचायत ने केंद्र को अपने पुराने दफ़्तर के दो कमरे दिए और पानी की नई टंकी का ख़र्च भी उठाया।",
          "more": [("number_word", "en", "The panchayat gave the clinic 2 rooms in its old office."),
                   ("number_word", "hi", "पंचायत ने केंद्र को अपने पुराने दफ़्तर के २ कमरे दिए।")]}]},
    {"id": "n04", "date": "2026-03-14", "title": "Sports day",
     "en": ["Neelgaon held its first sports day on Saturday, 14 March 2026.",
            "The girls of the lake school beat the Ranipur team in the kabaddi final.",
            "Gopal Yadav, the headmaster, handed Zoya Khan the trophy for the long race.",
            "About 400 people watched from the bank of the lake.",
            "The boat race was cancelled because of strong wind."],
     "hi": ["नीलगाँव ने शनिवार, 14 मार्च 2026 को अपना पहला खेल दिवस मनाया।",
            "कबड्डी के फ़ाइनल में झील स्कूल की लड़कियों ने रानीपुर की टीम को हरा दिया।",
            "प्रधानाध्यापक गोपाल यादव ने ज़ोया ख़ान को लंबी दौड़ की ट्रॉफ़ी सौंपी।",
            "लगभग 400 लोगों ने झील के किनारे से खेल देखे।",
            "तेज़ हवा के कारण नाव दौड़ रद्द कर दी गई।"],
     "targets": [
         {"i": 1,
          "para_en": ["In the kabaddi final, the Ranipur team lost to the girls of the lake school.",
                      "The lake school girls defeated the team from Ranipur in the kabaddi final."],
          "para_hi": ["कबड्डी के फ़ाइनल में रानीपुर की टीम झील स्कूल की लड़कियों से हार गई।"],
          "neg_en": "The girls of the lake school did not beat the Ranipur team in the kabaddi final.",
          "neg_hi": "कबड्डी के फ़ाइनल में झील स्कूल की लड़कियों ने रानीपुर की टीम को नहीं हराया।",
          "swap_en": ["The Ranipur team beat the girls of the lake school in the kabaddi final."],
          "swap_hi": ["कबड्डी के फ़ाइनल में रानीपुर की टीम ने झील स्कूल की लड़कियों को हरा दिया।",
                      "कबड्डी के फ़ाइनल में झील स्कूल की लड़कियाँ रानीपुर की टीम से हार गईं।"],
          "add_en": "The girls of the lake school beat the Ranipur team in the kabaddi final, which was played in "
                    "heavy rain.",
          "add_hi": "कबड्डी के फ़ाइनल में झील स्कूल की लड़कियों ने रानीपुर की टीम को हरा दिया, जो भारी बारिश में "
                    "खेला गया।"},
         {"i": 2,
          "para_en": ["Zoya Khan received the trophy for the long race from the headmaster, Gopal Yadav."],
          "para_hi": ["ज़ोया ख़ान को लंबी दौड़ की ट्रॉफ़ी प्रधानाध्यापक गोपाल यादव के हाथों मिली।"],
          "neg_en": "Gopal Yadav, the headmaster, did not hand Zoya Khan the trophy for the long race.",
          "neg_hi": "प्रधानाध्यापक गोपाल यादव ने ज़ोया ख़ान को लंबी दौड़ की ट्रॉफ़ी नहीं सौंपी।",
          "swap_en": ["Zoya Khan handed Gopal Yadav, the headmaster, the trophy for the long race."],
          "swap_hi": ["ज़ोया ख़ान ने प्रधानाध्यापक गोपाल यादव को लंबी दौड़ की ट्रॉफ़ी सौंपी।"],
          "add_en": "Gopal Yadav, the headmaster, handed Zoya Khan the trophy for the long race after she won the "
                    "boat race.",
          "add_hi": "प्रधानाध्यापक गोपाल यादव ने ज़ोया ख़ान को लंबी दौड़ की ट्रॉफ़ी सौंपी क्योंकि उसने नाव दौड़ भी "
                    "जीती थी।"}]},
    {"id": "n05", "date": "2026-05-09", "title": "The milk centre",
     "en": ["A milk collection centre opened in Neelgaon on 9 May 2026.",
            "Kishore Bhati sells the centre 40 litres of milk every morning.",
            "The centre pays farmers 38 rupees for a litre of cow's milk.",
            "A tanker from the Ranipur dairy collects the milk at 7 a.m.",
            "Salim Qadri tests every can for water and fat."],
     "hi": ["9 मई 2026 को नीलगाँव में एक दूध संग्रह केंद्र खुला।",
            "किशोर भाटी हर सुबह केंद्र को 40 लीटर दूध बेचते हैं।",
            "केंद्र किसानों को गाय के एक लीटर दूध के 38 रुपये देता है।",
            "रानीपुर डेयरी का टैंकर सुबह 7 बजे दूध ले जाता है।",
            "सलीम क़ादरी हर डिब्बे में पानी और वसा की जाँच करते हैं।"],
     "targets": [
         {"i": 1,
          "para_en": ["Every morning the centre buys 40 litres of milk from Kishore Bhati."],
          "para_hi": ["केंद्र हर सुबह किशोर भाटी से 40 लीटर दूध ख़रीदता है।"],
          "neg_en": "Kishore Bhati does not sell the centre 40 litres of milk every morning.",
          "neg_hi": "किशोर भाटी हर सुबह केंद्र को 40 लीटर दूध नहीं बेचते।",
          "swap_en": ["The centre sells Kishore Bhati 40 litres of milk every morning."],
          "swap_hi": ["केंद्र हर सुबह किशोर भाटी को 40 लीटर दूध बेचता है।",
                      "किशोर भाटी हर सुबह केंद्र से 40 लीटर दूध ख़रीदते हैं।"],
          "add_en": "Kishore Bhati sells the centre 40 litres of milk every morning and keeps six buffaloes behind "
                    "his house.",
          "add_hi": "किशोर भाटी हर सुबह केंद्र को 40 लीटर दूध बेचते हैं और अपने घर के पीछे छह भैंसें रखते हैं।",
          "more": [("number_word", "hi", "किशोर भाटी हर सुबह केंद्र को ४० लीटर दूध बेचते हैं।")]},
         {"i": 2,
          "para_en": ["For a litre of cow's milk, farmers get 38 rupees from the centre."],
          "para_hi": ["किसानों को केंद्र से गाय के एक लीटर दूध के 38 रुपये मिलते हैं।"],
          "neg_en": "The centre does not pay farmers 38 rupees for a litre of cow's milk.",
          "neg_hi": "केंद्र किसानों को गाय के एक लीटर दूध के 38 रुपये नहीं देता।",
          "swap_en": ["Farmers pay the centre 38 rupees for a litre of cow's milk."],
          "swap_hi": ["किसान केंद्र को गाय के एक लीटर दूध के 38 रुपये देते हैं।"],
          "add_en": "The centre pays farmers 38 rupees for a litre of cow's milk, and the tanker brings the money "
                    "from Ranipur.",
          "add_hi": "केंद्र किसानों को गाय के एक लीटर दूध के 38 रुपये देता है, और यह पैसा रानीपुर से टैंकर लाता है।"}]},
]
