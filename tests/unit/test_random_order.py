"""The seeded shuffle of tests/random_order.py: a permutation, files kept together, replayable by its seed."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from tests.random_order import heavy_first, pytest_configure, shuffled


@dataclass
class Item:
    nodeid: str
    heavy: bool = False

    def get_closest_marker(self, name: str) -> object | None:
        return "heavy" if name == "heavy" and self.heavy else None


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


def test_xdist_hands_out_the_files_in_the_collected_order_with_or_without_a_seed():
    """pytest-xdist's load-by-file scheduler sorts the files by test count unless ``loadscopereorder`` is off: it is
    turned off, so the workers take the files in the shuffled order with a seed and heavy-first without one."""

    def config(seed: str | None):
        option = SimpleNamespace(shuffle=seed, loadscopereorder=True)
        return SimpleNamespace(option=option, getoption=lambda name: option.shuffle)

    seeded, unseeded = config("4242"), config(None)
    pytest_configure(seeded)
    pytest_configure(unseeded)
    assert seeded.option.loadscopereorder is False and unseeded.option.loadscopereorder is False


def test_without_a_seed_the_heavy_files_go_first_then_the_files_with_most_tests():
    """The workers start on the long files, so no long file is left to run alone at the end; each file's tests stay
    together and in their order."""
    small = [Item("tests/e2e/test_a.py::test_0")]
    many = [Item(f"tests/e2e/test_b.py::test_{t}") for t in range(5)]
    heavy = [Item("tests/e2e/test_c.py::test_0", heavy=True)]
    also_heavy = [Item(f"tests/e2e/test_d.py::test_{t}", heavy=True) for t in range(2)]
    middle = [Item(f"tests/e2e/test_e.py::test_{t}") for t in range(3)]
    ordered = heavy_first(small + many + heavy + also_heavy + middle)
    assert ordered == heavy + also_heavy + many + middle + small
