"""The hand-written source of the sixth support-check probe (tests/data/support_probe_ghatgaon): five short reports
of a fictional hill village (Ghatgaon: a cable trolley across the river, a grain bank, a market bus, the walnut
harvest, a goat fair), each in English and Hindi, and for two sentences of each the variants a model might write.
A new setting and cast, written before the next change to the support check and without its glossary: converse
verbs (taught/learned from, gave/received, sold/bought, lent/borrowed, paid/was paid), paraphrases that reword,
change the voice or reorder the clauses, added clauses and phrases made of words the report uses elsewhere, numbers
as words and in Devanagari digits, weekdays and months. Kept as a held-out set only (every pair in the ``test``
split): measured once on the unchanged support check and once at the end. Written for this project; CC0. Built by
``tools/make_support_probe.py --source tools.support_probe_ghatgaon_source --out tests/data/support_probe_ghatgaon
--held-out``.
"""

from __future__ import annotations

# first names of the cast (English, Hindi): a changed name is another one of these
CAST = [("Hemant", "हेमंत"), ("Rohit", "रोहित"), ("Savitri", "सावित्री"), ("Suresh", "सुरेश"), ("Geeta", "गीता"),
        ("Anil", "अनिल"), ("Bhagwati", "भगवती"), ("Naresh", "नरेश"), ("Lata", "लता"), ("Kishore", "किशोर"),
        ("Sunita", "सुनीता"), ("Yusuf", "यूसुफ़"), ("Parul", "पारुल"), ("Harish", "हरीश")]

TALKS: list[dict] = [
    {"id": "g01", "date": "2025-09-14", "title": "The river trolley",
     "en": ["A new cable trolley across the Saknu river at Ghatgaon was opened on 14 September 2025, eleven years "
            "after the old footbridge was washed away.",
            "Hemant Kandpal, who worked on ropeways for thirty years, taught his nephew Rohit to run the winch.",
            "The trolley can carry four people or 200 kilos of goods on each trip.",
            "The public works department gave the panchayat 18 steel poles to build the towers on both banks.",
            "Each crossing costs 5 rupees, and children going to school cross free."],
     "hi": ["ग्यारह साल पहले पुराना झूला पुल बह जाने के बाद 14 सितंबर 2025 को घाटगाँव में सकनू नदी के आर-पार एक "
            "नई तार वाली ट्रॉली शुरू हुई।",
            "तीस साल तक रोपवे पर काम कर चुके हेमंत कांडपाल ने अपने भतीजे रोहित को चरखी चलाना सिखाया।",
            "ट्रॉली हर फेरे में चार लोगों या 200 किलो सामान को ले जा सकती है।",
            "लोक निर्माण विभाग ने दोनों किनारों पर टावर बनाने के लिए पंचायत को 18 स्टील के खंभे दिए।",
            "एक बार पार जाने का किराया 5 रुपये है, और स्कूल जाने वाले बच्चे मुफ़्त पार जाते हैं।"],
     "targets": [
         {"i": 1,
          "para_en": ["Rohit learned to run the winch from his uncle Hemant Kandpal, who spent thirty years working "
                      "on ropeways.",
                      "His nephew Rohit was taught to operate the winch by Hemant Kandpal, a man with thirty years "
                      "of ropeway work behind him."],
          "para_hi": ["रोहित ने चरखी चलाना अपने चाचा हेमंत कांडपाल से सीखा, जिन्होंने तीस साल रोपवे पर काम किया है।",
                      "हेमंत कांडपाल तीस साल रोपवे पर काम कर चुके हैं, और उन्होंने ही अपने भतीजे रोहित को चरखी "
                      "चलाना सिखाया।"],
          "neg_en": "Hemant Kandpal, who worked on ropeways for thirty years, did not teach his nephew Rohit to run "
                    "the winch.",
          "neg_hi": "तीस साल तक रोपवे पर काम कर चुके हेमंत कांडपाल ने अपने भतीजे रोहित को चरखी चलाना नहीं सिखाया।",
          "swap_en": ["Rohit, who worked on ropeways for thirty years, taught his uncle Hemant Kandpal to run the "
                      "winch.",
                      "Hemant Kandpal learned to run the winch from his nephew Rohit."],
          "swap_hi": ["रोहित ने अपने चाचा हेमंत कांडपाल को चरखी चलाना सिखाया।",
                      "हेमंत कांडपाल ने अपने भतीजे रोहित से चरखी चलाना सीखा।"],
          "add_en": "Hemant Kandpal, who worked on ropeways for thirty years, taught his nephew Rohit to run the "
                    "winch and to build the towers.",
          "add_hi": "तीस साल तक रोपवे पर काम कर चुके हेमंत कांडपाल ने अपने भतीजे रोहित को चरखी चलाना और टावर "
                    "बनाना सिखाया।"},
         {"i": 3,
          "para_en": ["The panchayat received 18 steel poles from the public works department to build the towers "
                      "on both banks.",
                      "To put up towers on either bank, the panchayat was given 18 steel poles by the public works "
                      "department."],
          "para_hi": ["दोनों किनारों पर टावर खड़े करने के लिए पंचायत को लोक निर्माण विभाग से 18 स्टील के खंभे मिले।"],
          "neg_en": "The public works department did not give the panchayat 18 steel poles to build the towers on "
                    "both banks.",
          "neg_hi": "लोक निर्माण विभाग ने दोनों किनारों पर टावर बनाने के लिए पंचायत को 18 स्टील के खंभे नहीं दिए।",
          "swap_en": ["The panchayat gave the public works department 18 steel poles to build the towers on both "
                      "banks."],
          "swap_hi": ["पंचायत ने दोनों किनारों पर टावर बनाने के लिए लोक निर्माण विभाग को 18 स्टील के खंभे दिए।"],
          "add_en": "The public works department gave the panchayat 18 steel poles to build the towers on both "
                    "banks, and Hemant Kandpal's nephew Rohit painted them.",
          "add_hi": "लोक निर्माण विभाग ने दोनों किनारों पर टावर बनाने के लिए पंचायत को 18 स्टील के खंभे दिए, "
                    "जिन्हें हेमंत कांडपाल के भतीजे रोहित ने रंगा।",
          "more": [("number_word", "hi", "लोक निर्माण विभाग ने दोनों किनारों पर टावर बनाने के लिए पंचायत को १८ "
                                         "स्टील के खंभे दिए।")]}]},
    {"id": "g02", "date": "2025-11-02", "title": "The grain bank",
     "en": ["The Ghatgaon grain cooperative opened its grain bank in the old school building on 2 November 2025.",
            "Each of its 63 member families deposited two tins of finger millet after the harvest.",
            "Before the spring harvest, families borrow grain from the bank and return a little more after the "
            "next harvest.",
            "The cooperative sold 9 quintals of millet to a bakery in Chaunkot and bought a steel grain bin with "
            "the money.",
            "Savitri Rautela, the cooperative's secretary, writes down every deposit in a red ledger."],
     "hi": ["2 नवंबर 2025 को घाटगाँव अनाज सहकारी समिति ने पुराने स्कूल भवन में अपना अनाज बैंक खोला।",
            "फ़सल कटने के बाद इसके 63 सदस्य परिवारों में से हर एक ने दो कनस्तर मंडुआ जमा किया।",
            "बसंत की फ़सल से पहले परिवार बैंक से अनाज उधार लेते हैं और अगली फ़सल के बाद थोड़ा ज़्यादा लौटाते हैं।",
            "समिति ने चौनकोट की एक बेकरी को 9 क्विंटल मंडुआ बेचा और उस पैसे से स्टील की एक अनाज की टंकी ख़रीदी।",
            "समिति की सचिव सावित्री रौतेला हर जमा को एक लाल बही में लिखती हैं।"],
     "targets": [
         {"i": 1,
          "para_en": ["After the harvest, every one of the 63 member families put two tins of finger millet into "
                      "the bank.",
                      "Two tins of finger millet were deposited by each of the 63 member families once the harvest "
                      "was in."],
          "para_hi": ["फ़सल के बाद सभी 63 सदस्य परिवारों ने दो-दो कनस्तर मंडुआ बैंक में जमा किया।"],
          "neg_en": "The 63 member families did not deposit two tins of finger millet each after the harvest.",
          "neg_hi": "फ़सल कटने के बाद इसके 63 सदस्य परिवारों ने दो-दो कनस्तर मंडुआ जमा नहीं किया।",
          "add_en": "Each of its 63 member families deposited two tins of finger millet after the harvest and wrote "
                    "its name in the red ledger.",
          "add_hi": "फ़सल कटने के बाद इसके 63 सदस्य परिवारों में से हर एक ने दो कनस्तर मंडुआ जमा किया और लाल बही "
                    "में अपना नाम लिखा।"},
         {"i": 3,
          "para_en": ["A bakery in Chaunkot bought 9 quintals of millet from the cooperative, and the money paid "
                      "for a steel grain bin.",
                      "With the money from 9 quintals of millet sold to a Chaunkot bakery, the cooperative bought "
                      "a steel bin for its grain."],
          "para_hi": ["चौनकोट की एक बेकरी ने समिति से 9 क्विंटल मंडुआ ख़रीदा, और उस पैसे से समिति ने स्टील की "
                      "अनाज की टंकी ली।"],
          "neg_en": "The cooperative did not sell 9 quintals of millet to a bakery in Chaunkot.",
          "neg_hi": "समिति ने चौनकोट की किसी बेकरी को 9 क्विंटल मंडुआ नहीं बेचा।",
          "swap_en": ["A bakery in Chaunkot sold 9 quintals of millet to the cooperative and bought a steel grain "
                      "bin with the money."],
          "swap_hi": ["चौनकोट की एक बेकरी ने समिति को 9 क्विंटल मंडुआ बेचा और उस पैसे से स्टील की एक अनाज की "
                      "टंकी ख़रीदी।"],
          "add_en": "The cooperative sold 9 quintals of millet to a bakery in Chaunkot and bought a steel grain bin "
                    "for the old school building with the money.",
          "add_hi": "समिति ने चौनकोट की एक बेकरी को 9 क्विंटल मंडुआ बेचा और उस पैसे से पुराने स्कूल भवन के लिए "
                    "स्टील की एक अनाज की टंकी ख़रीदी।"}]},
    {"id": "g03", "date": "2026-02-08", "title": "The market bus",
     "en": ["On 8 February 2026 a minibus began running from Ghatgaon to the market at Chaunkot.",
            "It leaves the village at 7 a.m. every Tuesday and Friday and comes back in the evening.",
            "Before the bus, women carried their vegetables on foot for 14 kilometres down the mule track.",
            "The driver, Suresh Bhandari, lends his phone to passengers who need to call the hospital.",
            "A return ticket costs 60 rupees, and schoolchildren travel for half the fare."],
     "hi": ["8 फ़रवरी 2026 से घाटगाँव से चौनकोट बाज़ार तक एक मिनीबस चलने लगी।",
            "यह हर मंगलवार और शुक्रवार सुबह 7 बजे गाँव से निकलती है और शाम को लौट आती है।",
            "बस से पहले महिलाएँ अपनी सब्ज़ियाँ खच्चर वाले रास्ते से 14 किलोमीटर पैदल ढोकर ले जाती थीं।",
            "ड्राइवर सुरेश भंडारी अस्पताल फ़ोन करने वाले यात्रियों को अपना फ़ोन उधार देते हैं।",
            "आने-जाने का टिकट 60 रुपये का है, और स्कूली बच्चों का आधा किराया लगता है।"],
     "targets": [
         {"i": 1,
          "para_en": ["Every Tuesday and Friday it sets off from the village at seven in the morning and returns in "
                      "the evening."],
          "para_hi": ["हर मंगलवार और शुक्रवार को बस सुबह सात बजे गाँव से चलती है और शाम को वापस आ जाती है।"],
          "neg_en": "It does not leave the village at 7 a.m. every Tuesday and Friday.",
          "neg_hi": "यह हर मंगलवार और शुक्रवार सुबह 7 बजे गाँव से नहीं निकलती।",
          "add_en": "It leaves the village at 7 a.m. every Tuesday and Friday and comes back in the evening with "
                    "vegetables from the market.",
          "add_hi": "यह हर मंगलवार और शुक्रवार सुबह 7 बजे गाँव से निकलती है और शाम को बाज़ार से सब्ज़ियाँ लेकर "
                    "लौट आती है।",
          "more": [("number_word", "hi", "यह हर मंगलवार और शुक्रवार सुबह सात बजे गाँव से निकलती है और शाम को "
                                         "लौट आती है।")]},
         {"i": 3,
          "para_en": ["Passengers who need to call the hospital borrow the phone of the driver, Suresh Bhandari.",
                      "Suresh Bhandari, who drives the bus, lets passengers use his phone when they have to ring "
                      "the hospital."],
          "para_hi": ["जिन यात्रियों को अस्पताल फ़ोन करना हो, वे ड्राइवर सुरेश भंडारी का फ़ोन उधार ले लेते हैं।"],
          "neg_en": "The driver, Suresh Bhandari, does not lend his phone to passengers who need to call the "
                    "hospital.",
          "neg_hi": "ड्राइवर सुरेश भंडारी अस्पताल फ़ोन करने वाले यात्रियों को अपना फ़ोन उधार नहीं देते।",
          "swap_en": ["Passengers who need to call the hospital lend their phones to the driver, Suresh Bhandari.",
                      "The driver, Suresh Bhandari, borrows a phone from passengers when he needs to call the "
                      "hospital."],
          "swap_hi": ["अस्पताल फ़ोन करने वाले यात्री ड्राइवर सुरेश भंडारी को अपना फ़ोन उधार देते हैं।"],
          "add_en": "The driver, Suresh Bhandari, lends his phone to passengers who need to call the hospital in "
                    "Chaunkot.",
          "add_hi": "ड्राइवर सुरेश भंडारी चौनकोट के अस्पताल फ़ोन करने वाले यात्रियों को अपना फ़ोन उधार देते हैं।"}]},
    {"id": "g04", "date": "2026-10-04", "title": "The walnut harvest",
     "en": ["The walnut growers of Ghatgaon met at the panchayat hall on 4 October 2026 to talk about this year's "
            "harvest.",
            "The village's trees gave 3,400 kilos of walnuts, almost twice as much as last year.",
            "A hailstorm in May damaged the trees of Geeta Bora and three of her neighbours.",
            "A dry-fruit trader in Chaunkot paid the growers 450 rupees for every kilo of shelled walnuts.",
            "Next year the growers want to buy a cracking machine so that the shelling is not done by hand."],
     "hi": ["4 अक्टूबर 2026 को घाटगाँव के अखरोट उगाने वाले इस साल की फ़सल पर बात करने के लिए पंचायत घर में मिले।",
            "गाँव के पेड़ों से 3,400 किलो अखरोट मिले, जो पिछले साल से लगभग दोगुने हैं।",
            "मई में ओले गिरने से गीता बोरा और उनके तीन पड़ोसियों के पेड़ों को नुक़सान पहुँचा।",
            "चौनकोट के एक मेवा व्यापारी ने बाग़वानों को छिले हुए अखरोट के हर किलो के 450 रुपये दिए।",
            "अगले साल बाग़वान अखरोट तोड़ने की मशीन ख़रीदना चाहते हैं, ताकि छिलका हाथ से न उतारना पड़े।"],
     "targets": [
         {"i": 2,
          "para_en": ["The trees of Geeta Bora and three of her neighbours were damaged by hail in May.",
                      "In May, a hailstorm hit Geeta Bora's trees and those of three of her neighbours."],
          "para_hi": ["गीता बोरा और उनके तीन पड़ोसियों के पेड़ मई में ओलों की मार से ख़राब हो गए।"],
          "neg_en": "A hailstorm in May did not damage the trees of Geeta Bora and three of her neighbours.",
          "neg_hi": "मई में ओले गिरने से गीता बोरा और उनके तीन पड़ोसियों के पेड़ों को नुक़सान नहीं पहुँचा।",
          "add_en": "A hailstorm in May damaged the trees of Geeta Bora and three of her neighbours, whose walnuts "
                    "were sold to the trader in Chaunkot.",
          "add_hi": "मई में ओले गिरने से गीता बोरा और उनके तीन पड़ोसियों के पेड़ों को नुक़सान पहुँचा, जिनके अखरोट "
                    "चौनकोट के व्यापारी को बेचे गए।"},
         {"i": 3,
          "para_en": ["The growers got 450 rupees a kilo for their shelled walnuts from a dry-fruit trader in "
                      "Chaunkot.",
                      "For each kilo of shelled walnuts, the growers were paid 450 rupees by a Chaunkot dry-fruit "
                      "trader."],
          "para_hi": ["बाग़वानों को चौनकोट के एक मेवा व्यापारी से छिले हुए अखरोट के हर किलो पर 450 रुपये मिले।"],
          "neg_en": "A dry-fruit trader in Chaunkot did not pay the growers 450 rupees for every kilo of shelled "
                    "walnuts.",
          "neg_hi": "चौनकोट के एक मेवा व्यापारी ने बाग़वानों को छिले हुए अखरोट के हर किलो के 450 रुपये नहीं दिए।",
          "swap_en": ["The growers paid a dry-fruit trader in Chaunkot 450 rupees for every kilo of shelled walnuts.",
                      "A dry-fruit trader in Chaunkot was paid 450 rupees by the growers for every kilo of shelled "
                      "walnuts."],
          "swap_hi": ["बाग़वानों ने चौनकोट के एक मेवा व्यापारी को छिले हुए अखरोट के हर किलो के 450 रुपये दिए।"],
          "add_en": "A dry-fruit trader in Chaunkot paid the growers 450 rupees for every kilo of shelled walnuts "
                    "and lent them a cracking machine.",
          "add_hi": "चौनकोट के एक मेवा व्यापारी ने बाग़वानों को छिले हुए अखरोट के हर किलो के 450 रुपये दिए और उन्हें "
                    "अखरोट तोड़ने की मशीन भी उधार दी।",
          "more": [("number_word", "hi", "चौनकोट के एक मेवा व्यापारी ने बाग़वानों को छिले हुए अखरोट के हर किलो के "
                                         "४५० रुपये दिए।")]}]},
    {"id": "g05", "date": "2026-11-15", "title": "The goat fair",
     "en": ["The first goat fair in Ghatgaon was held on the school ground on 15 November 2026.",
            "Herders brought 260 goats from nine villages, some of them walking for two days.",
            "Dr Anil Tamta, a vet from Chaunkot, vaccinated every goat against goat plague without charge.",
            "Bhagwati Devi bought a pair of breeding goats from Naresh Arya for 18,000 rupees.",
            "The panchayat wants to hold the fair every year in the week after Diwali."],
     "hi": ["15 नवंबर 2026 को घाटगाँव में स्कूल के मैदान पर पहला बकरी मेला लगा।",
            "चरवाहे नौ गाँवों से 260 बकरियाँ लाए, और उनमें से कुछ दो दिन पैदल चलकर आए।",
            "चौनकोट के पशु चिकित्सक डॉ. अनिल टमटा ने हर बकरी को मुफ़्त में बकरी प्लेग का टीका लगाया।",
            "भगवती देवी ने नरेश आर्य से 18,000 रुपये में नस्ल बढ़ाने के लिए बकरियों का एक जोड़ा ख़रीदा।",
            "पंचायत हर साल दिवाली के बाद वाले हफ़्ते में यह मेला लगाना चाहती है।"],
     "targets": [
         {"i": 1,
          "para_en": ["260 goats were brought by herders from nine villages, and some of the herders walked for two "
                      "days to get there.",
                      "From nine villages, herders came with 260 goats; a few of them had been on foot for two "
                      "days."],
          "para_hi": ["नौ गाँवों के चरवाहे 260 बकरियाँ लेकर आए; कुछ चरवाहे तो दो दिन पैदल चले।"],
          "neg_en": "Herders did not bring 260 goats from nine villages.",
          "neg_hi": "चरवाहे नौ गाँवों से 260 बकरियाँ नहीं लाए।",
          "add_en": "Herders brought 260 goats from nine villages, some of them walking for two days, and slept on "
                    "the school ground.",
          "add_hi": "चरवाहे नौ गाँवों से 260 बकरियाँ लाए, उनमें से कुछ दो दिन पैदल चलकर आए और स्कूल के मैदान पर "
                    "सोए।",
          "more": [("number_word", "hi", "चरवाहे नौ गाँवों से २६० बकरियाँ लाए, और उनमें से कुछ दो दिन पैदल चलकर "
                                         "आए।")]},
         {"i": 3,
          "para_en": ["Naresh Arya sold a pair of breeding goats to Bhagwati Devi for 18,000 rupees.",
                      "For 18,000 rupees, Bhagwati Devi got two breeding goats from Naresh Arya."],
          "para_hi": ["नरेश आर्य ने नस्ल बढ़ाने के लिए बकरियों का एक जोड़ा 18,000 रुपये में भगवती देवी को बेचा।"],
          "neg_en": "Bhagwati Devi did not buy a pair of breeding goats from Naresh Arya for 18,000 rupees.",
          "neg_hi": "भगवती देवी ने नरेश आर्य से 18,000 रुपये में नस्ल बढ़ाने के लिए बकरियों का जोड़ा नहीं ख़रीदा।",
          "swap_en": ["Naresh Arya bought a pair of breeding goats from Bhagwati Devi for 18,000 rupees.",
                      "Bhagwati Devi sold a pair of breeding goats to Naresh Arya for 18,000 rupees."],
          "swap_hi": ["नरेश आर्य ने भगवती देवी से 18,000 रुपये में नस्ल बढ़ाने के लिए बकरियों का एक जोड़ा ख़रीदा।"],
          "add_en": "Bhagwati Devi bought a pair of breeding goats from Naresh Arya for 18,000 rupees and walked "
                    "them home for two days.",
          "add_hi": "भगवती देवी ने नरेश आर्य से 18,000 रुपये में नस्ल बढ़ाने के लिए बकरियों का एक जोड़ा ख़रीदा और "
                    "दो दिन पैदल चलकर उन्हें घर ले गईं।",
          "more": [("number_word", "hi", "भगवती देवी ने नरेश आर्य से १८,००० रुपये में नस्ल बढ़ाने के लिए बकरियों "
                                         "का एक जोड़ा ख़रीदा।"),
                   ("changed_date", "en", "In December, Bhagwati Devi bought a pair of breeding goats from Naresh "
                                          "Arya for 18,000 rupees."),
                   ("changed_date", "hi", "दिसंबर में भगवती देवी ने नरेश आर्य से 18,000 रुपये में नस्ल बढ़ाने के "
                                          "लिए बकरियों का एक जोड़ा ख़रीदा।")]}]},
]
