"""The stored per-kind results of the support probes (notebooks/eval/support, read by the evaluation notebook)."""

from __future__ import annotations

import copy
import json

import pytest

from rag_bot.evaluation.support_probe import INVENTED_KINDS, PROBES, RESULTS_DIR, VALID_KINDS, load_probe, missing_cells
from tests.conftest import REPO


def stored(name: str, side: str) -> dict:
    return json.loads((REPO / RESULTS_DIR / f"{name}.{side}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("side", ["start", "before", "after"])
@pytest.mark.parametrize("name", sorted(PROBES))
def test_stored_results_cover_every_kind_split_and_language_pair_of_the_probe(name, side):
    _, pairs = load_probe(REPO / PROBES[name])
    results = stored(name, side)
    assert results["probe"] == name and results["side"] == side and results["code"]
    assert missing_cells(results, pairs) == []
    # each stored rate counts the probe's own pairs of that kind
    for split, entry in results["splits"].items():
        for kind, by_language in entry["rates"].items():
            assert by_language["all"]["n"] == sum(1 for p in pairs if p["split"] == split and p["kind"] == kind)


def test_every_probe_has_every_kind():
    for folder in PROBES.values():
        _, pairs = load_probe(REPO / folder)
        kinds = {p["kind"] for p in pairs}
        assert kinds <= set(VALID_KINDS + INVENTED_KINDS)
        assert set(INVENTED_KINDS) - {"changed_date"} <= kinds and set(VALID_KINDS) <= kinds, folder


def test_a_deleted_kind_a_deleted_language_pair_or_a_nan_is_reported():
    _, pairs = load_probe(REPO / PROBES["pine_hill"])
    results = stored("pine_hill", "after")
    assert missing_cells(results, pairs) == []
    no_kind = copy.deepcopy(results)
    del no_kind["splits"]["test"]["rates"]["swapped_roles"]
    assert {c for c in missing_cells(no_kind, pairs) if c.startswith("test/swapped_roles/")} == {
        "test/swapped_roles/all", "test/swapped_roles/en", "test/swapped_roles/hi", "test/swapped_roles/en>hi",
        "test/swapped_roles/hi>en"}
    no_pair = copy.deepcopy(results)
    del no_pair["splits"]["dev"]["rates"]["translation"]["hi>en"]
    assert missing_cells(no_pair, pairs) == ["dev/translation/hi>en"]
    nan = copy.deepcopy(results)
    nan["splits"]["dev"]["rates"]["negation"]["en"]["kept"] = float("nan")
    assert missing_cells(nan, pairs) == ["dev/negation/en"]
    no_split = copy.deepcopy(results)
    del no_split["splits"]["dev"]
    assert len(missing_cells(no_split, pairs)) == len({c for c in missing_cells(no_split, pairs)
                                                       if c.startswith("dev/")}) > 0
