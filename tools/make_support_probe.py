"""Build tests/data/support_probe/{passages,pairs}.jsonl from tools/support_probe_source.py.

Each pair is (sentence, the passage it cites) with a kind: valid kinds (verbatim, paraphrase, number_word,
translation) should be kept by the support check, invented kinds (negation, swapped_roles, changed_number,
changed_date, changed_name, nearest_same_language, nearest_other_language, added_clause) dropped. Every target
sentence is tried against the passage in its own language and in the other (a Hindi sentence citing the English
report and the reverse). Odd reports are the dev split, even ones the held-out test split; with ``--held-out``
every pair is in the test split (a probe kept for one final measurement).

    .venv/bin/python tools/make_support_probe.py      # needs the bundled embedder (nearest sentences)
    .venv/bin/python tools/make_support_probe.py --source tools.support_probe_harbour_source \
        --out tests/data/support_probe_harbour --held-out
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OUT = ROOT / "tests/data/support_probe"
LANGS = ("en", "hi")
MONTHS = {"en": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                 "November", "December"],
          "hi": ["जनवरी", "फ़रवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर", "अक्टूबर", "नवंबर",
                 "दिसंबर"]}
WEEKDAYS = {"en": [("Tuesdays", "Wednesdays"), ("Friday", "Monday"), ("Saturday", "Sunday")],
            "hi": [("मंगलवार", "बुधवार"), ("शुक्रवार", "सोमवार"), ("शनिवार", "रविवार")]}
WORD_SWAPS = {"en": {"two": "three", "four": "six", "eleven": "twelve", "three": "five", "nineteen": "twenty"},
              "hi": {"दो": "तीन", "चार": "छह", "ग्यारह": "बारह", "तीन": "पाँच", "उन्नीस": "बीस"}}
EN_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
            "seventeen eighteen nineteen").split()
EN_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
HI_1_100 = ("_ एक दो तीन चार पाँच छह सात आठ नौ दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस बीस "
            "इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस "
            "छत्तीस सैंतीस अड़तीस उनतालीस चालीस इकतालीस बयालीस तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस "
            "उनचास पचास इक्यावन बावन तिरेपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ साठ इकसठ बासठ तिरसठ चौंसठ पैंसठ "
            "छियासठ सड़सठ अड़सठ उनहत्तर सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर "
            "उन्यासी अस्सी इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी नब्बे इक्यानबे बानबे "
            "तिरानबे चौरानबे पंचानबे छियानबे सत्तानबे अट्ठानबे निन्यानबे").split()
_NUMBER = re.compile(r"(?<![\d,])\d{1,3}(?:,\d{3})*(?![\d,]|-\d)")


def en_words(n: int) -> str:
    if n < 20:
        return EN_UNITS[n]
    if n < 100:
        return EN_TENS[n // 10] + ("-" + EN_UNITS[n % 10] if n % 10 else "")
    if n < 1000:
        return EN_UNITS[n // 100] + " hundred" + (" and " + en_words(n % 100) if n % 100 else "")
    return en_words(n // 1000) + " thousand" + (" " + en_words(n % 1000) if n % 1000 else "")


def hi_words(n: int) -> str:
    if n < 100:
        return HI_1_100[n]
    if n < 1000:
        return HI_1_100[n // 100] + " सौ" + (" " + HI_1_100[n % 100] if n % 100 else "")
    return hi_words(n // 1000) + " हज़ार" + (" " + hi_words(n % 1000) if n % 1000 else "")


def _date_numbers(sentence: str) -> set[tuple[int, int]]:
    """Spans of numbers that belong to a date (a day before a month name, a year)."""
    spans = set()
    months = "|".join(MONTHS["en"] + MONTHS["hi"])
    for m in re.finditer(rf"(\d{{1,2}})\s+(?:{months})|(?:{months})\s+(\d{{4}})|\b(\d{{4}})\b", sentence):
        for g in (1, 2, 3):
            if m.group(g):
                spans.add(m.span(g))
    return spans


def first_number(sentence: str) -> re.Match[str] | None:
    dates = _date_numbers(sentence)
    return next((m for m in _NUMBER.finditer(sentence) if m.span() not in dates
                 and not re.match(r"\s*(?:a\.m\.|p\.m\.|बजे)", sentence[m.end():])), None)


def number_word(sentence: str, lang: str) -> str | None:
    m = first_number(sentence)
    if not m:
        return None
    words = (en_words if lang == "en" else hi_words)(int(m[0].replace(",", "")))
    return sentence[:m.start()] + words + sentence[m.end():]


def changed_number(sentence: str, lang: str) -> str | None:
    m = first_number(sentence)
    if m:
        n = int(m[0].replace(",", ""))
        new = n + max(1, round(n * 0.25 / (1000 if n >= 1000 else 1)) * (1000 if n >= 1000 else 1))
        return sentence[:m.start()] + (f"{new:,}" if "," in m[0] else str(new)) + sentence[m.end():]
    for old, new in WORD_SWAPS[lang].items():
        pattern = rf"(?<![\w\u0900-\u097f]){old}(?![\w\u0900-\u097f])"
        found = re.search(pattern, sentence, re.I)
        if found:
            repl = new.capitalize() if found[0][0].isupper() else new
            return sentence[:found.start()] + repl + sentence[found.end():]
    return None


def changed_date(sentence: str, lang: str) -> str | None:
    for k, month in enumerate(MONTHS[lang]):
        if month in sentence:
            return sentence.replace(month, MONTHS[lang][(k + 3) % 12], 1)
    for old, new in WEEKDAYS[lang]:
        if old in sentence:
            return sentence.replace(old, new, 1)
    return None


def changed_name(sentence: str, lang: str, talk: dict, rng: random.Random, cast: list) -> str | None:
    column = 0 if lang == "en" else 1
    text = " ".join(talk["en"] + talk["hi"])
    for pair in cast:
        if re.search(rf"(?<![\w\u0900-\u097f]){pair[column]}(?![\w\u0900-\u097f])", sentence):
            others = [p[column] for p in cast if p[0] not in text and p[1] not in text]
            return sentence.replace(pair[column], rng.choice(others), 1)
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default="tools.support_probe_source", help="module with CAST and TALKS")
    parser.add_argument("--out", type=Path, default=OUT, help="output folder")
    parser.add_argument("--held-out", action="store_true", help="every pair in the test split")
    args = parser.parse_args()
    source = importlib.import_module(args.source)
    CAST, TALKS = source.CAST, source.TALKS  # noqa: N806
    out = args.out
    from rag_bot.config import Settings
    from rag_bot.models.embeddings import get_embedder

    rng = random.Random(21)
    embedder = get_embedder(Settings())
    every = [(t["id"], lang, s) for t in TALKS for lang in LANGS for s in t[lang]]
    vectors = embedder.embed_passages([s for _, _, s in every])

    def nearest(sentence: str, talk_id: str, lang: str) -> str:
        v = embedder.embed_passages([sentence])[0]
        best = max((float(v @ vectors[k]), s) for k, (tid, lg, s) in enumerate(every) if tid != talk_id and lg == lang)
        return best[1]

    out.mkdir(parents=True, exist_ok=True)
    passages, pairs = [], []
    for number, talk in enumerate(TALKS, 1):
        split = "dev" if number % 2 and not args.held_out else "test"
        for lang in LANGS:
            passages.append({"id": f"{talk['id']}-{lang}", "talk": talk["id"], "split": split, "language": lang,
                             "source": f"{talk['id']}-{lang}.txt", "date": talk["date"], "title": talk["title"],
                             "text": " ".join(talk[lang])})
        for target in talk["targets"]:
            for passage_lang in LANGS:
                for lang in LANGS:
                    base = talk[lang][target["i"]]
                    same = lang == passage_lang
                    kinds = {
                        "verbatim" if same else "translation": base,
                        "paraphrase": target[f"para_{lang}"],
                        "number_word": number_word(base, lang),
                        "negation": target[f"neg_{lang}"],
                        "swapped_roles": target.get(f"swap_{lang}"),
                        "changed_number": changed_number(base, lang),
                        "changed_date": changed_date(base, lang),
                        "changed_name": changed_name(base, lang, talk, rng, CAST),
                        "added_clause": target[f"add_{lang}"],
                        "nearest_same_language" if same else "nearest_other_language": nearest(
                            talk[passage_lang][target["i"]], talk["id"], lang),
                    }
                    for kind, sentence in kinds.items():
                        if sentence:
                            pairs.append({"id": len(pairs), "kind": kind, "valid": kind in VALID, "split": split,
                                          "sentence_language": lang, "passage_language": passage_lang,
                                          "passage": f"{talk['id']}-{passage_lang}", "sentence": sentence})
    with open(out / "passages.jsonl", "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(p, ensure_ascii=False) + "\n" for p in passages)
    with open(out / "pairs.jsonl", "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(p, ensure_ascii=False) + "\n" for p in pairs)
    print(f"{len(passages)} passages, {len(pairs)} pairs -> {out}")
    return 0


VALID = ("verbatim", "paraphrase", "number_word", "translation")

if __name__ == "__main__":
    raise SystemExit(main())
