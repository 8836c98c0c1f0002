"""Keyword tokenisation shared by indexing and querying.

Python's ``\\w`` does not match Devanagari vowel signs, virama or nukta, so ``re.findall(r"\\w+")`` cuts Hindi words
into pieces. Here a word is a run of letters, digits and combining marks; Devanagari digits are mapped to ASCII.
"""

from __future__ import annotations

import re
import unicodedata

_WORD = re.compile(r"[\w\u0900-\u0963\u0966-\u097F\u200c\u200d]+")
_DEVANAGARI_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")

STOPWORDS = frozenset(
    """a an and are as at be but by for from has have he her his i in is it its of on or she that the their them
    they this to was were what when where which who whom why will with you your we our us do does did not no so
    if then than there here about into over also can could would should may might been being had how all any
    है हैं था थे थी की का के को में से पर और या भी तो ही यह वह ये वे इस उस एक कि जो कर करना करते किया
    गया गई हुआ हुई ने लिए साथ तक क्या कैसे कब कहाँ कौन""".split()
)


def normalise(text: str) -> str:
    """NFC-normalise, map Devanagari digits to ASCII and casefold."""
    return unicodedata.normalize("NFC", text).translate(_DEVANAGARI_DIGITS).casefold()


def tokenize(text: str, drop_stopwords: bool = True) -> list[str]:
    """Words of ``text`` for BM25; Devanagari words stay whole (matras and virama included)."""
    words = (w.replace("\u200c", "").replace("\u200d", "") for w in _WORD.findall(normalise(text)))
    return [w for w in words if w and w != "_" and not (drop_stopwords and w in STOPWORDS)]
