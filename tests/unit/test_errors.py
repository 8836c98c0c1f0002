"""Every error a user can cause derives from one base class and carries one sentence; front ends show that sentence.

The rule, precisely: every exception class defined in the ``rag_bot`` and ``ingest`` packages derives from
:class:`rag_bot.errors.UserError`, except the internal signals listed in ``INTERNAL`` (never leave their module) and
the classes in ``PENDING`` (files another branch is rewriting). ``sentence`` is one line ending with a full stop.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

import ingest
import rag_bot
from rag_bot.errors import ModelNotAllowed, NoIndexError, QuestionTooLong, UnknownLanguage, UserError
from rag_bot.frontends import cli
from rag_bot.frontends.failures import user_message
from rag_bot.index.bucket import BucketMissing
from rag_bot.index.errors import IndexBusy, IndexCorrupted, IndexDiskFull, NotAnIndex
from rag_bot.index.shared import IndexLeaseLost
from rag_bot.memory.errors import MemoryBusyError, MemoryUnavailableError

# Internal control flow, caught inside its own module and never shown to anyone.
INTERNAL = {
    "ingest.zip_package.Refused",  # stops an expat parse; reading() turns it into a LoadError with the reason
    "rag_bot.index.manifest.ManifestError",  # the index's reader/writer turn it into IndexCorrupted / NotAnIndex
    "rag_bot.index.segments.SegmentDamaged",  # likewise: the keyword index reports it as IndexCorrupted
    "rag_bot.index.committed.MapDamaged",  # the index store then reads the manifest itself (the commit record)
    "rag_bot.index.bucket.Exists",  # a create-if-absent lost: the shared index and its uploads decide what it means
    "rag_bot.index.bucket.Conflict",  # a replace-if-unchanged lost: the shared index raises IndexLeaseLost/IndexBusy
    "rag_bot.index.dense.DenseCopyDamaged",  # search then probes the vector index; the writer's repair rebuilds it
    "rag_bot.index.shared._Gone",  # an object cleaned up under a pull: the pull reads the pointer again
    "rag_bot.index.manifest_edit.NotIncremental",  # save_manifest then saves the manifest and its map whole
}
PENDING: set[str] = set()  # classes still to derive from UserError (none left)


def _project_exceptions() -> dict[str, type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for package in (rag_bot, ingest):
        for info in pkgutil.walk_packages(package.__path__, prefix=f"{package.__name__}."):
            if info.name.endswith("__main__"):
                continue  # running it is running the command
            module = importlib.import_module(info.name)
            for _, value in inspect.getmembers(module, inspect.isclass):
                if issubclass(value, BaseException) and value.__module__ == info.name:
                    found[f"{value.__module__}.{value.__qualname__}"] = value
    return found


PROJECT = _project_exceptions()


def test_the_walk_finds_the_errors_of_every_layer():
    for name in ("rag_bot.errors.QuestionTooLong", "rag_bot.memory.errors.MemoryBusyError", "ingest.errors.LoadError",
                 "ingest.budget.BudgetExceeded", "rag_bot.models.chat.GeminiQuotaError",
                 "rag_bot.retrieval.tool.InvalidToolArguments", *INTERNAL, *PENDING):
        assert name in PROJECT


def test_every_project_error_derives_from_the_one_base():
    strays = sorted(name for name, cls in PROJECT.items()
                    if not issubclass(cls, UserError) and name not in INTERNAL | PENDING)
    assert strays == [], f"derive these from rag_bot.errors.UserError (or list them as INTERNAL with a reason): {strays}"
    stale = sorted(name for name in PENDING if issubclass(PROJECT[name], UserError))
    assert stale == [], f"these derive from UserError now: remove them from PENDING: {stale}"


def _one_sentence(text: str) -> bool:
    """One line, ending with a full stop, and no second sentence starting inside it."""
    return "\n" not in text and text.endswith(".") and not re.search(r"[.!?] +[A-Z]", text)


def _samples() -> list[UserError]:
    samples: list[UserError] = [QuestionTooLong(5000, 4000), NoIndexError("/srv/index"), MemoryUnavailableError(),
                                MemoryBusyError.for_path("/srv/chat.db", 5.0), UnknownLanguage("xx", ("en", "hi")),
                                ModelNotAllowed("answer_model", "m-" * 40, ["gemini-2.5-flash"]),
                                IndexBusy(Path("idx")), NotAnIndex(Path("notes"), "todo.txt"),
                                IndexCorrupted(Path("idx"), "manifest.json fails its checksum"), IndexDiskFull(Path("idx")),
                                IndexBusy("gs://bucket/index"), BucketMissing("gs://bucket/index", "no such bucket"),
                                IndexLeaseLost()]
    for cls in PROJECT.values():
        if issubclass(cls, UserError) and cls not in {type(s) for s in samples}:
            samples.append(cls("corrupt DOCX: malformed XML\n(line 3)"))  # a loader-style clause on two lines
    return samples


@pytest.mark.parametrize("error", _samples(), ids=lambda e: type(e).__name__)
def test_each_error_is_one_sentence_and_front_ends_show_it(error):
    assert _one_sentence(error.sentence), error.sentence
    assert user_message(error) == error.sentence  # the CLI and the bot's command line show this sentence


@pytest.mark.parametrize("error", [QuestionTooLong(5000, 4000), NoIndexError("/srv/index"), MemoryUnavailableError(),
                                   MemoryBusyError.for_path("/srv/chat.db", 5.0)], ids=lambda e: type(e).__name__)
def test_fixed_messages_are_one_sentence_as_raised(error):
    assert _one_sentence(str(error)) and error.sentence == str(error)


def test_a_loader_reason_becomes_a_sentence():
    from ingest.budget import BudgetExceeded

    error = BudgetExceeded("the text makes 9 chunks, over the 3 allowed")
    assert str(error) == "the text makes 9 chunks, over the 3 allowed"  # summary lines embed the clause
    assert error.sentence == "The text makes 9 chunks, over the 3 allowed."


def test_the_cli_prints_the_sentence_and_exits_2(monkeypatch, capsys):
    from ingest.errors import LoadError

    def broken(args: list[str] | None = None) -> None:
        raise LoadError("corrupt EPUB: no container.xml")

    monkeypatch.setattr(cli, "app", broken)
    with pytest.raises(SystemExit) as stop:
        cli.main()
    assert stop.value.code == 2
    assert capsys.readouterr().err == "error: Corrupt EPUB: no container.xml.\n"


def test_the_cli_lets_a_bug_surface(monkeypatch):
    def broken(args: list[str] | None = None) -> None:
        raise KeyError("bug")

    monkeypatch.setattr(cli, "app", broken)
    with pytest.raises(KeyError):
        cli.main()


def test_the_bot_names_the_askers_error_and_apologises_for_the_operators():
    from rag_bot.frontends.telegram.handlers import failure_text
    from rag_bot.models.chat import GeminiQuotaError

    too_long = QuestionTooLong(5000, 4000)
    assert failure_text("en", too_long) == f"Sorry, I cannot answer that: {too_long.sentence}"
    assert failure_text("hi", too_long).startswith("क्षमा करें") and too_long.sentence in failure_text("hi", too_long)
    quota = GeminiQuotaError("Gemini refused model 'x' because the quota of the API key is used up.")
    assert failure_text("en", quota) == failure_text("en", KeyError("bug"))
    assert failure_text("en", quota).startswith("Sorry, something went wrong")


def test_a_setting_out_of_bounds_is_one_sentence_naming_the_variable(monkeypatch, tmp_path):
    from rag_bot.config import get_settings
    from rag_bot.errors import ConfigurationError

    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.setenv("RAG_BOT_TOP_K", "not-a-number-7f3a")
    get_settings.cache_clear()
    try:
        with pytest.raises(ConfigurationError) as raised:
            get_settings()
    finally:
        get_settings.cache_clear()
    sentence = user_message(raised.value)
    assert sentence.startswith("The setting RAG_BOT_TOP_K=") and _one_sentence(sentence)


def test_index_errors_are_shown_as_their_sentence():
    from rag_bot.index.errors import IndexBusy
    from rag_bot.index.vectors import IndexModelMismatch

    assert user_message(IndexBusy(Path("idx"))) == "Another ingestion is running on idx; try again when it ends."
    assert user_message(IndexModelMismatch("The index was built with model a, not b.")) == (
        "The index was built with model a, not b.")
