"""The hand-written source of a held-out support-check probe (tests/data/support_probe_pahar): five short reports of
a fictional lake town in the hills (Paharganj-Tal: a boat-making workshop for apprentices, a lake clean-up with the
fisheries department, a women's self-help group's pickle business, a mobile clinic's new schedule, a school's
inter-village football league), each in English and Hindi, and for two sentences of each the variants a model
answering questions from such reports might write. A new setting and cast: paraphrases that reorder clauses, turn
active into passive, use converse verbs (gave/received, borrowed/lent, beat/lost to, trains/learns from) and, in
Hindi, words of another register than the passage (ऋण for उधार, नौका for नाव, जल for पानी); numbers written as words or
in Devanagari digits; translations; negations, swapped parties, changed numbers and dates, and added clauses after
commas, in relative clauses and after "and". Kept as a held-out set only (every pair in the ``test`` split), not yet
measured and not used to choose any rule of the support check. Written for this project; CC0. Built by
``tools/make_support_probe.py --source tools.support_probe_pahar_source --out tests/data/support_probe_pahar
--held-out``.
"""

from __future__ import annotations

# first names of the cast (English, Hindi): a changed name is another one of these
CAST = [("Hemant", "हेमंत"), ("Yusuf", "यूसुफ़"), ("Pushpa", "पुष्पा"), ("Lalita", "ललिता"), ("Rekha", "रेखा"),
        ("Zubair", "ज़ुबैर"), ("Naveen", "नवीन"), ("Gopal", "गोपाल"), ("Arif", "आरिफ़"), ("Bhavna", "भावना"),
        ("Sanjay", "संजय"), ("Kamla", "कमला"), ("Tenzin", "तेनज़िन"), ("Savita", "सविता"), ("Dolma", "डोलमा")]

TALKS: list[dict] = [
    {"id": "p01", "date": "2025-09-08", "title": "The boat-making workshop",
     "en": ["A boat-making workshop for young apprentices opened at the Paharganj-Tal jetty on 8 September 2025.",
            "Hemant Bisht, who has built wooden boats for 40 years, trains 12 apprentices there.",
            "The forest department gave the workshop 60 planks of deodar wood.",
            "The apprentices work from 7 a.m. to 1 p.m. every day except Sunday.",
            "Their first boat, painted blue and yellow, was launched on the lake in November."],
     "hi": ["8 सितंबर 2025 को पहाड़गंज-ताल की जेटी पर युवा प्रशिक्षुओं के लिए नाव बनाने की एक कार्यशाला खुली।",
            "40 साल से लकड़ी की नावें बना रहे हेमंत बिष्ट वहाँ 12 प्रशिक्षुओं को प्रशिक्षण देते हैं।",
            "वन विभाग ने कार्यशाला को देवदार की लकड़ी के 60 तख़्ते दिए।",
            "प्रशिक्षु रविवार को छोड़कर हर दिन सुबह 7 बजे से दोपहर 1 बजे तक काम करते हैं।",
            "नीले और पीले रंग में रंगी उनकी पहली नाव नवंबर में झील में उतारी गई।"],
     "targets": [
         {"i": 1,
          "para_en": ["Twelve apprentices are trained there by Hemant Bisht, who has been building wooden boats for 40 "
                      "years.",
                      "Hemant Bisht, a builder of wooden boats for four decades, teaches 12 apprentices there."],
          "para_hi": ["वहाँ 12 शागिर्द हेमंत बिष्ट से काम सीखते हैं, जो चालीस बरस से लकड़ी की नावें बना रहे हैं।",
                      "चार दशकों से काठ की नौकाएँ बनाने वाले हेमंत बिष्ट वहाँ 12 प्रशिक्षुओं को प्रशिक्षित करते हैं।"],
          "neg_en": "Hemant Bisht, who has built wooden boats for 40 years, does not train 12 apprentices there.",
          "neg_hi": "40 साल से लकड़ी की नावें बना रहे हेमंत बिष्ट वहाँ 12 प्रशिक्षुओं को प्रशिक्षण नहीं देते।",
          "swap_en": ["12 apprentices there train Hemant Bisht, who has built wooden boats for 40 years."],
          "swap_hi": ["वहाँ 12 प्रशिक्षु 40 साल से लकड़ी की नावें बना रहे हेमंत बिष्ट को प्रशिक्षण देते हैं।"],
          "add_en": "Hemant Bisht, who has built wooden boats for 40 years, trains 12 apprentices there, all of them "
                    "children of fishermen.",
          "add_hi": "40 साल से लकड़ी की नावें बना रहे हेमंत बिष्ट वहाँ 12 प्रशिक्षुओं को प्रशिक्षण देते हैं, जो सभी "
                    "मछुआरों के बच्चे हैं।",
          "more": [("number_word", "hi", "४० साल से लकड़ी की नावें बना रहे हेमंत बिष्ट वहाँ १२ प्रशिक्षुओं को प्रशिक्षण "
                                         "देते हैं।"),
                   ("changed_number", "en", "Hemant Bisht, who has built wooden boats for 40 years, trains 15 "
                                            "apprentices there."),
                   ("changed_number", "hi", "40 साल से लकड़ी की नावें बना रहे हेमंत बिष्ट वहाँ 15 प्रशिक्षुओं को "
                                            "प्रशिक्षण देते हैं।"),
                   ("changed_number", "en", "Hemant Bisht, who has built wooden boats for 12 years, trains 40 "
                                            "apprentices there.")]},
         {"i": 2,
          "para_en": ["The workshop received 60 planks of deodar wood from the forest department.",
                      "Sixty deodar planks were given to the workshop by the forest department."],
          "para_hi": ["कार्यशाला को वन विभाग से देवदार के 60 तख़्ते मिले।",
                      "वन महकमे ने कार्यशाला को देवदार के साठ पटरे दिए।"],
          "neg_en": "The forest department did not give the workshop 60 planks of deodar wood.",
          "neg_hi": "वन विभाग ने कार्यशाला को देवदार की लकड़ी के 60 तख़्ते नहीं दिए।",
          "swap_en": ["The workshop gave the forest department 60 planks of deodar wood.",
                      "The forest department received 60 planks of deodar wood from the workshop."],
          "swap_hi": ["कार्यशाला ने वन विभाग को देवदार की लकड़ी के 60 तख़्ते दिए।",
                      "वन विभाग को कार्यशाला से देवदार के 60 तख़्ते मिले।"],
          "add_en": "The forest department gave the workshop 60 planks of deodar wood, all cut from trees that fell "
                    "in the July storm.",
          "add_hi": "वन विभाग ने कार्यशाला को देवदार की लकड़ी के 60 तख़्ते दिए, जो सभी जुलाई के तूफ़ान में गिरे पेड़ों से "
                    "काटे गए थे।",
          "more": [("changed_date", "en", "In March the forest department gave the workshop 60 planks of deodar "
                                          "wood."),
                   ("changed_date", "hi", "मार्च में वन विभाग ने कार्यशाला को देवदार की लकड़ी के 60 तख़्ते दिए।"),
                   ("number_word", "hi", "वन विभाग ने कार्यशाला को देवदार की लकड़ी के ६० तख़्ते दिए।")]}]},
    {"id": "p02", "date": "2025-11-16", "title": "The lake clean-up",
     "en": ["Residents and the fisheries department cleaned the shores of the lake at Paharganj-Tal on Sunday, "
            "16 November 2025.",
            "About 300 volunteers pulled 2,400 kilograms of plastic and old nets out of the water.",
            "Fisheries officer Yusuf Ansari supervised the boats, and schoolteacher Pushpa Rawat led the teams on the "
            "shore.",
            "The department will release 5,000 young mahseer into the lake in March.",
            "Shopkeepers near the boat stand agreed to stop selling water in plastic bottles."],
     "hi": ["रविवार, 16 नवंबर 2025 को निवासियों और मत्स्य विभाग ने पहाड़गंज-ताल में झील के किनारों की सफ़ाई की।",
            "लगभग 300 स्वयंसेवकों ने पानी से 2,400 किलोग्राम प्लास्टिक और पुराने जाल निकाले।",
            "मत्स्य अधिकारी यूसुफ़ अंसारी ने नावों की निगरानी की और स्कूल की अध्यापिका पुष्पा रावत ने किनारे पर टोलियों "
            "की अगुवाई की।",
            "विभाग मार्च में झील में महाशीर मछली के 5,000 बच्चे छोड़ेगा।",
            "नाव स्टैंड के पास के दुकानदार प्लास्टिक की बोतलों में पानी बेचना बंद करने पर राज़ी हो गए।"],
     "targets": [
         {"i": 1,
          "para_en": ["Some 300 volunteers removed 2,400 kilograms of plastic and discarded nets from the lake.",
                      "2.4 tonnes of plastic and old nets were taken out of the water by about 300 volunteers."],
          "para_hi": ["क़रीब 300 स्वयंसेवकों ने झील से 2,400 किलो प्लास्टिक और पुराने जाल बाहर निकाले।",
                      "तक़रीबन तीन सौ स्वयंसेवकों ने जल से 2,400 किलोग्राम प्लास्टिक एवं पुराने जाल निकाले।"],
          "neg_en": "About 300 volunteers did not pull 2,400 kilograms of plastic and old nets out of the water.",
          "neg_hi": "लगभग 300 स्वयंसेवकों ने पानी से 2,400 किलोग्राम प्लास्टिक और पुराने जाल नहीं निकाले।",
          "add_en": "About 300 volunteers pulled 2,400 kilograms of plastic and old nets out of the water, most of it "
                    "near the boat stand.",
          "add_hi": "लगभग 300 स्वयंसेवकों ने पानी से 2,400 किलोग्राम प्लास्टिक और पुराने जाल निकाले, जिनमें से ज़्यादातर "
                    "नाव स्टैंड के पास मिले।",
          "more": [("number_word", "en", "About three hundred volunteers pulled two thousand four hundred kilograms "
                                         "of plastic and old nets out of the water."),
                   ("number_word", "hi", "लगभग ३०० स्वयंसेवकों ने पानी से २,४०० किलोग्राम प्लास्टिक और पुराने जाल "
                                         "निकाले।"),
                   ("changed_number", "en", "About 300 volunteers pulled 4,200 kilograms of plastic and old nets out "
                                            "of the water."),
                   ("changed_number", "hi", "लगभग 300 स्वयंसेवकों ने पानी से 4,200 किलोग्राम प्लास्टिक और पुराने जाल "
                                            "निकाले।"),
                   ("changed_number", "en", "About 2,400 volunteers pulled 300 kilograms of plastic and old nets out "
                                            "of the water."),
                   ("changed_date", "en", "On Saturday, about 300 volunteers pulled 2,400 kilograms of plastic and "
                                          "old nets out of the water."),
                   ("changed_date", "hi", "शनिवार को लगभग 300 स्वयंसेवकों ने पानी से 2,400 किलोग्राम प्लास्टिक और "
                                          "पुराने जाल निकाले।")]},
         {"i": 2,
          "para_en": ["Yusuf Ansari, the fisheries officer, oversaw the boats, while teacher Pushpa Rawat was in "
                      "charge of the shore teams.",
                      "The teams on the shore were led by schoolteacher Pushpa Rawat, and the boats were supervised by "
                      "fisheries officer Yusuf Ansari."],
          "para_hi": ["नावों की देखरेख मत्स्य अधिकारी यूसुफ़ अंसारी के ज़िम्मे थी, जबकि तट पर दलों का नेतृत्व शिक्षिका "
                      "पुष्पा रावत ने किया।",
                      "किनारे की टोलियों को अध्यापिका पुष्पा रावत ने संभाला और नावों पर मत्स्य अधिकारी यूसुफ़ अंसारी ने "
                      "नज़र रखी।"],
          "neg_en": "Fisheries officer Yusuf Ansari did not supervise the boats, and schoolteacher Pushpa Rawat led "
                    "the teams on the shore.",
          "neg_hi": "मत्स्य अधिकारी यूसुफ़ अंसारी ने नावों की निगरानी नहीं की और स्कूल की अध्यापिका पुष्पा रावत ने "
                    "किनारे पर टोलियों की अगुवाई की।",
          "swap_en": ["Pushpa Rawat supervised the boats, and Yusuf Ansari led the teams on the shore.",
                      "Schoolteacher Pushpa Rawat supervised the boats, and fisheries officer Yusuf Ansari led the "
                      "teams on the shore."],
          "swap_hi": ["पुष्पा रावत ने नावों की निगरानी की और यूसुफ़ अंसारी ने किनारे पर टोलियों की अगुवाई की।"],
          "add_en": "Fisheries officer Yusuf Ansari supervised the boats, and schoolteacher Pushpa Rawat, who had "
                    "organised the drive, led the teams on the shore.",
          "add_hi": "मत्स्य अधिकारी यूसुफ़ अंसारी ने नावों की निगरानी की और अभियान का आयोजन करने वाली स्कूल की "
                    "अध्यापिका पुष्पा रावत ने किनारे पर टोलियों की अगुवाई की।",
          "more": [("changed_date", "en", "On Saturday, fisheries officer Yusuf Ansari supervised the boats, and "
                                          "schoolteacher Pushpa Rawat led the teams on the shore."),
                   ("changed_date", "hi", "शनिवार को मत्स्य अधिकारी यूसुफ़ अंसारी ने नावों की निगरानी की और स्कूल की "
                                          "अध्यापिका पुष्पा रावत ने किनारे पर टोलियों की अगुवाई की।")]}]},
    {"id": "p03", "date": "2026-01-24", "title": "The pickle business",
     "en": ["Eleven women of the Buransh self-help group in Paharganj-Tal started a pickle business in January 2026.",
            "The group borrowed 25,000 rupees from the cooperative bank to buy steel vessels and a gas stove.",
            "Every month a hotel in Kafalkot buys 80 jars of lemon and garlic pickle from the women.",
            "Lalita Negi keeps the accounts, and Rekha Tamang takes the jars to the market on Fridays.",
            "Each member earned about 3,000 rupees in the first month."],
     "hi": ["पहाड़गंज-ताल के बुरांश स्वयं सहायता समूह की ग्यारह महिलाओं ने जनवरी 2026 में अचार का कारोबार शुरू किया।",
            "समूह ने स्टील के बर्तन और एक गैस चूल्हा ख़रीदने के लिए सहकारी बैंक से 25,000 रुपये उधार लिए।",
            "कफलकोट का एक होटल हर महीने महिलाओं से नींबू और लहसुन के अचार के 80 मर्तबान ख़रीदता है।",
            "ललिता नेगी हिसाब-किताब रखती हैं और रेखा तमांग शुक्रवार को मर्तबान बाज़ार ले जाती हैं।",
            "पहले महीने में हर सदस्य ने लगभग 3,000 रुपये कमाए।"],
     "targets": [
         {"i": 1,
          "para_en": ["The cooperative bank lent the group 25,000 rupees to buy steel vessels and a gas stove.",
                      "To buy steel vessels and a gas stove, the group took a loan of 25,000 rupees from the "
                      "cooperative bank."],
          "para_hi": ["सहकारी बैंक ने समूह को स्टील के बर्तन और गैस चूल्हा ख़रीदने के लिए 25,000 रुपये का ऋण दिया।",
                      "स्टील के बर्तनों और एक गैस चूल्हे की ख़रीद के लिए समूह ने सहकारी बैंक से पच्चीस हज़ार रुपये का "
                      "क़र्ज़ लिया।"],
          "neg_en": "The group did not borrow 25,000 rupees from the cooperative bank to buy steel vessels and a gas "
                    "stove.",
          "neg_hi": "समूह ने स्टील के बर्तन और एक गैस चूल्हा ख़रीदने के लिए सहकारी बैंक से 25,000 रुपये उधार नहीं लिए।",
          "swap_en": ["The cooperative bank borrowed 25,000 rupees from the group to buy steel vessels and a gas "
                      "stove.",
                      "The group lent the cooperative bank 25,000 rupees to buy steel vessels and a gas stove."],
          "swap_hi": ["सहकारी बैंक ने स्टील के बर्तन और एक गैस चूल्हा ख़रीदने के लिए समूह से 25,000 रुपये उधार लिए।",
                      "समूह ने स्टील के बर्तन और गैस चूल्हा ख़रीदने के लिए सहकारी बैंक को 25,000 रुपये का ऋण दिया।"],
          "add_en": "The group borrowed 25,000 rupees from the cooperative bank to buy steel vessels and a gas stove, "
                    "and repaid it within six months.",
          "add_hi": "समूह ने स्टील के बर्तन और एक गैस चूल्हा ख़रीदने के लिए सहकारी बैंक से 25,000 रुपये उधार लिए और छह "
                    "महीने में लौटा दिए।",
          "more": [("number_word", "hi", "समूह ने स्टील के बर्तन और एक गैस चूल्हा ख़रीदने के लिए सहकारी बैंक से २५,००० "
                                         "रुपये उधार लिए।"),
                   ("changed_date", "en", "In December the group borrowed 25,000 rupees from the cooperative bank to "
                                          "buy steel vessels and a gas stove."),
                   ("changed_date", "hi", "दिसंबर में समूह ने स्टील के बर्तन और एक गैस चूल्हा ख़रीदने के लिए सहकारी बैंक "
                                          "से 25,000 रुपये उधार लिए।")]},
         {"i": 3,
          "para_en": ["Rekha Tamang carries the jars to the market every Friday, and Lalita Negi looks after the "
                      "accounts.",
                      "The accounts are kept by Lalita Negi, while Rekha Tamang takes the jars to market on Fridays."],
          "para_hi": ["हिसाब ललिता नेगी संभालती हैं, और हर शुक्रवार मर्तबानों को बाज़ार तक रेखा तमांग पहुँचाती हैं।",
                      "लेखा-जोखा ललिता नेगी रखती हैं, जबकि रेखा तमांग शुक्रवार के दिन मर्तबान बाज़ार ले जाती हैं।"],
          "neg_en": "Lalita Negi keeps the accounts, but Rekha Tamang does not take the jars to the market on Fridays.",
          "neg_hi": "ललिता नेगी हिसाब-किताब रखती हैं, लेकिन रेखा तमांग शुक्रवार को मर्तबान बाज़ार नहीं ले जातीं।",
          "swap_en": ["Rekha Tamang keeps the accounts, and Lalita Negi takes the jars to the market on Fridays."],
          "swap_hi": ["रेखा तमांग हिसाब-किताब रखती हैं और ललिता नेगी शुक्रवार को मर्तबान बाज़ार ले जाती हैं।"],
          "add_en": "Lalita Negi keeps the accounts, and Rekha Tamang takes the jars to the market on Fridays in a "
                    "borrowed jeep.",
          "add_hi": "ललिता नेगी हिसाब-किताब रखती हैं और रेखा तमांग शुक्रवार को एक उधार की जीप में मर्तबान बाज़ार ले "
                    "जाती हैं।"}]},
    {"id": "p04", "date": "2026-03-02", "title": "The mobile clinic",
     "en": ["From 2 March 2026, the mobile health clinic will visit Paharganj-Tal on Tuesdays instead of Thursdays.",
            "Dr Zubair Mehra sees patients in the panchayat hall from 10 a.m. to 4 p.m.",
            "The van carries medicines for 200 patients and a machine that tests blood sugar.",
            "Last year the clinic treated 2,150 patients from nine villages around the lake.",
            "Naveen Kandpal, the panchayat head, has asked the district hospital to send a dentist with the team."],
     "hi": ["2 मार्च 2026 से मोबाइल स्वास्थ्य क्लिनिक गुरुवार के बजाय मंगलवार को पहाड़गंज-ताल आएगा।",
            "डॉ. ज़ुबैर मेहरा पंचायत भवन में सुबह 10 बजे से शाम 4 बजे तक मरीज़ों को देखते हैं।",
            "वैन में 200 मरीज़ों की दवाइयाँ और ब्लड शुगर जाँचने की एक मशीन रहती है।",
            "पिछले साल क्लिनिक ने झील के आसपास के नौ गाँवों के 2,150 मरीज़ों का इलाज किया।",
            "पंचायत प्रधान नवीन कांडपाल ने ज़िला अस्पताल से टीम के साथ एक दाँतों का डॉक्टर भेजने को कहा है।"],
     "targets": [
         {"i": 0,
          "para_en": ["Starting 2 March 2026, the mobile health clinic's visits to Paharganj-Tal move from Thursdays "
                      "to Tuesdays.",
                      "The mobile clinic will come to Paharganj-Tal every Tuesday, not Thursday, from 2 March 2026."],
          "para_hi": ["2 मार्च 2026 से चलता-फिरता अस्पताल गुरुवार की जगह मंगलवार को पहाड़गंज-ताल पहुँचेगा।",
                      "मोबाइल क्लिनिक 2 मार्च 2026 से हर मंगलवार को पहाड़गंज-ताल आया करेगा, गुरुवार को नहीं।"],
          "neg_en": "From 2 March 2026, the mobile health clinic will no longer visit Paharganj-Tal on Tuesdays.",
          "neg_hi": "2 मार्च 2026 से मोबाइल स्वास्थ्य क्लिनिक मंगलवार को पहाड़गंज-ताल नहीं आएगा।",
          "swap_en": ["From 2 March 2026, the mobile health clinic will visit Paharganj-Tal on Thursdays instead of "
                      "Tuesdays."],
          "swap_hi": ["2 मार्च 2026 से मोबाइल स्वास्थ्य क्लिनिक मंगलवार के बजाय गुरुवार को पहाड़गंज-ताल आएगा।"],
          "add_en": "From 2 March 2026, the mobile health clinic will visit Paharganj-Tal on Tuesdays instead of "
                    "Thursdays, because the road is closed for repairs on Thursdays.",
          "add_hi": "2 मार्च 2026 से मोबाइल स्वास्थ्य क्लिनिक गुरुवार के बजाय मंगलवार को पहाड़गंज-ताल आएगा, क्योंकि "
                    "गुरुवार को सड़क मरम्मत के लिए बंद रहती है।",
          "more": [("number_word", "en", "From the second of March 2026, the mobile health clinic will visit "
                                         "Paharganj-Tal on Tuesdays instead of Thursdays."),
                   ("number_word", "hi", "२ मार्च २०२६ से मोबाइल स्वास्थ्य क्लिनिक गुरुवार के बजाय मंगलवार को "
                                         "पहाड़गंज-ताल आएगा।")]},
         {"i": 4,
          "para_en": ["The district hospital has been asked by panchayat head Naveen Kandpal to send a dentist along "
                      "with the team.",
                      "Panchayat head Naveen Kandpal has requested that the district hospital include a dentist in "
                      "the team."],
          "para_hi": ["पंचायत प्रधान नवीन कांडपाल ने ज़िला अस्पताल से अनुरोध किया है कि वह टीम के साथ एक दंत चिकित्सक "
                      "भेजे।"],
          "neg_en": "Naveen Kandpal, the panchayat head, has not asked the district hospital to send a dentist with "
                    "the team.",
          "neg_hi": "पंचायत प्रधान नवीन कांडपाल ने ज़िला अस्पताल से टीम के साथ दाँतों का डॉक्टर भेजने को नहीं कहा है।",
          "swap_en": ["The district hospital has asked Naveen Kandpal, the panchayat head, to send a dentist with the "
                      "team."],
          "swap_hi": ["ज़िला अस्पताल ने पंचायत प्रधान नवीन कांडपाल से टीम के साथ एक दाँतों का डॉक्टर भेजने को कहा है।"],
          "add_en": "Naveen Kandpal, the panchayat head, has asked the district hospital to send a dentist with the "
                    "team, and has offered a room in the school for the dental chair.",
          "add_hi": "पंचायत प्रधान नवीन कांडपाल ने ज़िला अस्पताल से टीम के साथ एक दाँतों का डॉक्टर भेजने को कहा है और "
                    "दाँतों की कुर्सी के लिए स्कूल में एक कमरा देने की पेशकश की है।",
          "more": [("changed_number", "en", "Naveen Kandpal, the panchayat head, has asked the district hospital to "
                                            "send two dentists with the team."),
                   ("changed_number", "hi", "पंचायत प्रधान नवीन कांडपाल ने ज़िला अस्पताल से टीम के साथ दाँतों के दो "
                                            "डॉक्टर भेजने को कहा है।")]}]},
    {"id": "p05", "date": "2026-05-24", "title": "The football league",
     "en": ["The Paharganj-Tal school held its first inter-village football league in May 2026.",
            "Sixteen teams from eight villages played 45 matches on the school ground beside the lake.",
            "In the final, the girls of Kafalkot beat the Paharganj-Tal team by three goals to one.",
            "Gopal Bhandari, the sports teacher, refereed every match with the help of two senior students.",
            "Arif Malik, aged fourteen, scored 11 goals and was named the best player."],
     "hi": ["पहाड़गंज-ताल के स्कूल ने मई 2026 में अपनी पहली अंतर-ग्रामीण फ़ुटबॉल लीग कराई।",
            "आठ गाँवों की सोलह टीमों ने झील के किनारे स्कूल के मैदान पर 45 मैच खेले।",
            "फ़ाइनल में कफलकोट की लड़कियों ने पहाड़गंज-ताल की टीम को एक के मुक़ाबले तीन गोल से हराया।",
            "खेल शिक्षक गोपाल भंडारी ने दो वरिष्ठ छात्रों की मदद से हर मैच में रेफ़री की भूमिका निभाई।",
            "चौदह साल के आरिफ़ मलिक ने 11 गोल किए और उन्हें सबसे अच्छा खिलाड़ी चुना गया।"],
     "targets": [
         {"i": 2,
          "para_en": ["The Paharganj-Tal team lost 3-1 to the Kafalkot girls in the final.",
                      "Kafalkot's girls won the final, defeating the Paharganj-Tal side three goals to one."],
          "para_hi": ["फ़ाइनल में पहाड़गंज-ताल की टीम कफलकोट की लड़कियों से 1 के मुक़ाबले 3 गोल से हार गई।",
                      "कफलकोट की बालिकाओं ने अंतिम मुक़ाबले में पहाड़गंज-ताल की टीम को 3-1 से पराजित किया।"],
          "neg_en": "In the final, the girls of Kafalkot did not beat the Paharganj-Tal team by three goals to one.",
          "neg_hi": "फ़ाइनल में कफलकोट की लड़कियों ने पहाड़गंज-ताल की टीम को एक के मुक़ाबले तीन गोल से नहीं हराया।",
          "swap_en": ["In the final, the Paharganj-Tal team beat the girls of Kafalkot by three goals to one.",
                      "In the final, the girls of Kafalkot lost to the Paharganj-Tal team by three goals to one."],
          "swap_hi": ["फ़ाइनल में पहाड़गंज-ताल की टीम ने कफलकोट की लड़कियों को एक के मुक़ाबले तीन गोल से हराया।",
                      "फ़ाइनल में कफलकोट की लड़कियाँ पहाड़गंज-ताल की टीम से एक के मुक़ाबले तीन गोल से हार गईं।"],
          "add_en": "In the final, the girls of Kafalkot beat the Paharganj-Tal team by three goals to one after "
                    "extra time.",
          "add_hi": "फ़ाइनल में कफलकोट की लड़कियों ने अतिरिक्त समय के बाद पहाड़गंज-ताल की टीम को एक के मुक़ाबले तीन गोल "
                    "से हराया।"},
         {"i": 4,
          "para_en": ["Fourteen-year-old Arif Malik scored 11 goals and won the best player award.",
                      "Arif Malik, 14, was named best player after scoring eleven goals."],
          "para_hi": ["14 वर्षीय आरिफ़ मलिक ने 11 गोल दाग़े और उन्हें सर्वश्रेष्ठ खिलाड़ी घोषित किया गया।",
                      "चौदह बरस के आरिफ़ मलिक ने ग्यारह गोल किए और बेस्ट प्लेयर का ख़िताब जीता।"],
          "neg_en": "Arif Malik, aged fourteen, scored 11 goals but was not named the best player.",
          "neg_hi": "चौदह साल के आरिफ़ मलिक ने 11 गोल किए, लेकिन उन्हें सबसे अच्छा खिलाड़ी नहीं चुना गया।",
          "add_en": "Arif Malik, aged fourteen, scored 11 goals and was named the best player, and a club in Kafalkot "
                    "has offered him a place in its team.",
          "add_hi": "चौदह साल के आरिफ़ मलिक ने 11 गोल किए और उन्हें सबसे अच्छा खिलाड़ी चुना गया, और कफलकोट के एक "
                    "क्लब ने उन्हें अपनी टीम में जगह देने की पेशकश की है।",
          "more": [("number_word", "hi", "चौदह साल के आरिफ़ मलिक ने ११ गोल किए और उन्हें सबसे अच्छा खिलाड़ी चुना गया।"),
                   ("changed_number", "en", "Arif Malik, aged sixteen, scored 11 goals and was named the best "
                                            "player."),
                   ("changed_number", "hi", "सोलह साल के आरिफ़ मलिक ने 11 गोल किए और उन्हें सबसे अच्छा खिलाड़ी चुना "
                                            "गया।")]}]},
]
