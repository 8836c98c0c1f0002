"""The order of the test files (pytest hooks, imported by tests/conftest.py): seed-shuffled, which proves no test
depends on another's leftovers, or without a seed the files marked ``heavy`` first, which balances the two workers.

``pytest --shuffle=SEED`` (or ``TEST_SHUFFLE_SEED=SEED``; ``random`` draws a seed) shuffles the order of the test
files and the order of the tests inside each file; a file's tests stay together, so module-scoped fixtures (a bot
process, an ingested index) are still built once. The seed is printed in the header: the same seed gives the same
order, so a failure can be replayed.

With pytest-xdist (``--dist loadfile``) the controller hands the files out in the shuffled order too: by default it
reorders them, the files with the most tests first, which would leave the shuffle only the order inside each file
and among files of equal size (:func:`pytest_configure` turns that reordering off when a seed is given).

Without a seed the files whose module carries ``pytestmark = pytest.mark.heavy`` (tens of seconds of CPU each: the
notebook, the bot-process scenarios, the evaluation runs) go first, then the others with the most tests first (what
pytest-xdist's own reordering does, which is then off too): a worker that starts a long file when the other is
nearly done makes the whole run wait for it alone.
"""

from __future__ import annotations

import os
import random

import pytest

ENV = "TEST_SHUFFLE_SEED"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--shuffle", metavar="SEED", default=os.environ.get(ENV) or None,
                     help=f"shuffle test files and the tests in each file by SEED ('random' draws one; env {ENV})")


def shuffle_seed(config: pytest.Config) -> str | None:
    """The seed of this run (drawn once when asked for ``random``), or None for pytest's order. An xdist worker
    takes the seed its controller drew (:func:`pytest_configure_node`): every worker collects the same order."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None and "shuffle_seed" in workerinput:
        return workerinput["shuffle_seed"]
    seed = config.getoption("--shuffle")
    if seed == "random":
        seed = str(random.SystemRandom().randrange(1, 10**6))
        config.option.shuffle = seed
    return seed


def pytest_configure(config: pytest.Config) -> None:
    """pytest-xdist's controller hands out the files in the order collected here (``--no-loadscope-reorder``): the
    shuffled order with a seed, the heavy files first without one (:func:`heavy_first`), instead of the files with
    the most tests first."""
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    """pytest-xdist, in the controller: hand each worker this run's seed (a worker would draw its own)."""
    node.workerinput["shuffle_seed"] = shuffle_seed(node.config)


def pytest_report_header(config: pytest.Config) -> str | None:
    seed = shuffle_seed(config)
    return f"shuffled order: --shuffle={seed}" if seed else None


def shuffled(items: list[pytest.Item], seed: str) -> list[pytest.Item]:
    """``items`` with the files in a seeded random order and each file's tests shuffled among themselves. A file's
    own order depends on the seed and the file only, so ``--shuffle=SEED path/to/test_x.py`` replays the order its
    tests had in the whole run."""
    by_file: dict[str, list[pytest.Item]] = {}
    for item in items:
        by_file.setdefault(item.nodeid.split("::", 1)[0], []).append(item)
    for name, tests in by_file.items():
        random.Random(f"{seed}:{name}").shuffle(tests)
    files = list(by_file.values())
    random.Random(seed).shuffle(files)
    return [item for tests in files for item in tests]


def heavy_first(items: list[pytest.Item]) -> list[pytest.Item]:
    """``items`` with the files marked ``heavy`` first (in their collected order), then the other files with the most
    tests first (ties in their collected order); each file's tests together and in their own order."""
    by_file: dict[str, list[pytest.Item]] = {}
    for item in items:
        by_file.setdefault(item.nodeid.split("::", 1)[0], []).append(item)
    files = list(by_file.values())
    heavy = [tests for tests in files if tests[0].get_closest_marker("heavy")]
    others = sorted((tests for tests in files if not tests[0].get_closest_marker("heavy")), key=lambda t: -len(t))
    return [item for tests in heavy + others for item in tests]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    seed = shuffle_seed(config)
    items[:] = shuffled(items, seed) if seed else heavy_first(items)
