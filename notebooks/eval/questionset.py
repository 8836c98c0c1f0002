"""The labelled-question table shared by the fresh evaluation sets' ``make_questions.py`` scripts.

Each set names its talks (key -> file name and date) and their themes, adds its rows with :meth:`QuestionSet.add`
and writes ``questions.jsonl`` next to its script with :meth:`QuestionSet.write`. Row fields: ``id``, ``question``,
``language``, ``kind``, ``split``, ``relevant`` (source, date), ``facts``, and ``themes`` / ``missing_date`` when given.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any


class QuestionSet:
    """The rows of one set; ``prefix`` starts every id, ``split`` is the default split of a row."""

    def __init__(self, talks: dict[str, tuple[str, str]], themes: dict[str, list[list[str]]], prefix: str,
                 split: str = "test") -> None:
        self.talks, self.themes, self.prefix, self.split = talks, themes, prefix, split
        self.rows: list[dict[str, Any]] = []
        self.subkinds: dict[str, tuple[str, str, str]] = {}  # id of an unanswerable row -> (sub-kind, near, form)

    def rel(self, *keys: str) -> list[dict[str, str]]:
        """The relevant talks of ``keys`` as (source, date) records."""
        return [{"source": self.talks[k][0], "date": self.talks[k][1]} for k in keys]

    def add(self, kind: str, lang: str, question: str, relevant: tuple[str, ...] = (), facts: tuple = (),
            themes: str | None = None, date: str | None = None, split: str | None = None) -> None:
        """One row; ``facts``: each a phrase or a tuple of alternative phrases; ``themes``: the talk key whose
        themes a date summary must cover; ``date``: the missing date a refusal must name."""
        row: dict[str, Any] = {
            "id": f"{self.prefix}{len(self.rows) + 1:02d}", "question": question, "language": lang, "kind": kind,
            "split": split or self.split, "relevant": self.rel(*relevant),
            "facts": [list(f) if isinstance(f, tuple) else f for f in facts]}
        if themes:
            row["themes"] = self.themes[themes]
        if date:
            row["missing_date"] = date
        self.rows.append(row)

    def unanswerable(self, sub: str, near: str, form: str, lang: str, question: str) -> None:
        """An unanswerable near-topic question: ``sub`` the fact it asks that no talk gives (the set's README),
        ``near`` the talk it is closest to (whose names it uses), ``form`` "wh", "yes/no" or "which"."""
        self.add("unanswerable", lang, question)
        self.subkinds[self.rows[-1]["id"]] = (sub, near, form)

    def check_unanswerable(self, forms: dict[str, int]) -> None:
        """Assert each sub-kind of the unanswerable rows is asked once in each language, the forms are counted as
        ``forms``, and each form but "wh" is asked once in each language."""
        language = {row["id"]: row["language"] for row in self.rows}
        for sub in {s for s, _, _ in self.subkinds.values()}:
            assert sorted(language[i] for i, (s, _, _) in self.subkinds.items() if s == sub) == ["en", "hi"], sub
        assert Counter(f for _, _, f in self.subkinds.values()) == forms
        for form in set(forms) - {"wh"}:
            assert sorted(language[i] for i, (_, _, f) in self.subkinds.items() if f == form) == ["en", "hi"], form

    def report(self) -> None:
        """Print the rows per kind and language, and the unanswerable rows per sub-kind and form."""
        print("kinds:", dict(Counter((r["kind"], r["language"]) for r in self.rows)))
        print("unanswerable sub-kinds:", dict(sorted(Counter(s for s, _, _ in self.subkinds.values()).items())))
        print("unanswerable forms:", dict(sorted(Counter(f for _, _, f in self.subkinds.values()).items())))

    def check_references(self, folder: Path) -> dict[str, str]:
        """Assert every reference phrase is in a relevant talk of ``folder``'s ``corpus`` (facts: in one of the
        question's talks, any alternative; themes: in the talk) and every row has the set's split; returns each talk
        key's text, case-folded."""
        text = {k: (folder / "corpus" / src).read_text(encoding="utf-8").casefold()
                for k, (src, _) in self.talks.items()}
        by_source = {src: k for k, (src, _) in self.talks.items()}
        for key, themes in self.themes.items():
            for theme in themes:
                for phrase in theme:
                    assert phrase.casefold() in text[key], (key, phrase)
        for row in self.rows:
            talks = [text[by_source[r["source"]]] for r in row["relevant"]]
            for fact in row["facts"]:
                alts = [fact] if isinstance(fact, str) else fact
                assert any(a.casefold() in t for a in alts for t in talks), (row["id"], fact)
            assert row["split"] == self.split, row["id"]
        return text

    def check_layout(self, folder: Path, other_language: tuple[str, ...]) -> None:
        """Assert ``folder``'s ``corpus`` holds exactly the set's talks, each with four themes; no missing date is a
        talk's date; a row names relevant talks exactly when its kind has them; a cross-language row is answered
        only by talks in the other language than its own (``other_language``: the keys of the talks the set's
        English questions must cross to, those given in the second language only)."""
        files = sorted(p.name for p in (folder / "corpus").glob("*.md"))
        assert files == sorted(src for src, _ in self.talks.values())
        for key, themes in self.themes.items():
            assert len(themes) == 4, key
        dates = {d for _, d in self.talks.values()}
        by_source = {src: k for k, (src, _) in self.talks.items()}
        for row in self.rows:
            assert row.get("missing_date") not in dates
            assert bool(row["relevant"]) == (row["kind"] in ("date_summary", "fact", "cross_language")), row["id"]
            if row["kind"] == "cross_language":
                assert all(by_source[r["source"]] in other_language for r in row["relevant"]) == (
                    row["language"] == "en"), row["id"]

    def build(self, folder: Path, other_language: tuple[str, ...], forms: dict[str, int]) -> None:
        """Check the set (every reference phrase in a relevant talk, every row held out, no missing date a talk's
        date, the unanswerable questions' forms), then write ``questions.jsonl`` and print the report."""
        self.check_references(folder)
        self.check_layout(folder, other_language)
        self.check_unanswerable(forms)
        self.write(folder)
        self.report()

    def write(self, folder: Path) -> None:
        """Write ``questions.jsonl`` into ``folder``."""
        out = folder / "questions.jsonl"
        out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in self.rows), encoding="utf-8")
        print(f"wrote {len(self.rows)} questions to {out}")
