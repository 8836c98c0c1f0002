"""The seeded shuffle of tests/random_order.py: a permutation, files kept together, replayable by its seed."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from tests.random_order import pytest_configure, shuffled


@dataclass
class Item:
    nodeid: str


ITEMS = [Item(f"tests/e2e/test_{f}.py::test_{t}") for f in "abcdef" for t in range(8)]


def files_in_order(items: list[Item]) -> list[str]:
    order: list[str] = []
    for item in items:
        name = item.nodeid.split("::")[0]
        if not order or order[-1] != name:
            order.append(name)
    return order


def test_a_seed_gives_a_permutation_with_each_file_together():
    result = shuffled(ITEMS, "4242")
    assert sorted(i.nodeid for i in result) == sorted(i.nodeid for i in ITEMS)
    assert len(files_in_order(result)) == 6  # every file's tests in one run of the order


def test_the_same_seed_replays_the_order_and_another_seed_changes_it():
    assert shuffled(ITEMS, "4242") == shuffled(ITEMS, "4242")
    orders = {tuple(i.nodeid for i in shuffled(ITEMS, str(seed))) for seed in range(10)}
    assert len(orders) == 10
    assert all(list(order) != [i.nodeid for i in ITEMS] for order in orders)
    files = {tuple(files_in_order(shuffled(ITEMS, str(seed)))) for seed in range(10)}
    assert len(files) > 1  # the files move too, not only the tests inside them


def test_a_file_alone_keeps_the_order_its_tests_had_in_the_whole_run():
    """Replaying one file with the run's seed gives its tests the same order as in the run."""
    for seed in map(str, range(10)):
        whole = [i.nodeid for i in shuffled(ITEMS, seed) if i.nodeid.startswith("tests/e2e/test_c.py")]
        alone = [i.nodeid for i in shuffled([i for i in ITEMS if i.nodeid.startswith("tests/e2e/test_c.py")], seed)]
        assert alone == whole


def test_a_seed_keeps_xdist_from_handing_out_the_biggest_files_first():
    """pytest-xdist's load-by-file scheduler sorts the files by test count unless ``loadscopereorder`` is off: with
    a seed it is turned off, so the workers take the files in the shuffled order; without one it is left alone."""

    def config(seed: str | None):
        option = SimpleNamespace(shuffle=seed, loadscopereorder=True)
        return SimpleNamespace(option=option, getoption=lambda name: option.shuffle)

    seeded, unseeded = config("4242"), config(None)
    pytest_configure(seeded)
    pytest_configure(unseeded)
    assert seeded.option.loadscopereorder is False and unseeded.option.loadscopereorder is True
