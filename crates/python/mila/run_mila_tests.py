"""Runs the MILA `diplomacy` package's own engine tests (installed from PyPI, never copied
here) against `diplo.mila`: MILA's `Game` and `Map` are replaced by diplo's before the test
modules are imported, so every `Game()` the tests make is a `diplo.mila.Game`.

    python crates/python/mila/run_mila_tests.py [--min-passed N] [pytest arguments]

Exits non-zero when pytest cannot run, or when fewer than N tests pass (the CI's ratchet).
"""

import sys

MILA_TESTS = [
    "diplomacy.tests.test_datc",
    "diplomacy.tests.test_datc_no_check",
    "diplomacy.tests.test_datc_no_expand",
    "diplomacy.tests.test_game",
    "diplomacy.tests.test_map",
]


class Count:
    """A pytest plugin counting the tests that pass and fail."""

    def __init__(self):
        self.passed, self.failed = [], []

    def pytest_runtest_logreport(self, report):
        if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
            (self.passed if report.outcome == "passed" else self.failed).append(report.nodeid)


def point_mila_at_diplo():
    """Puts `diplo.mila`'s classes where MILA's tests import theirs from."""
    import diplomacy
    import diplomacy.engine.game
    import diplomacy.engine.map
    import diplomacy.engine.power
    import diplo.mila

    for module in (diplomacy, diplomacy.engine.game):
        module.Game = diplo.mila.Game
    for module in (diplomacy, diplomacy.engine.map):
        module.Map = diplo.mila.Map
    for module in (diplomacy, diplomacy.engine.power):
        module.Power = diplo.mila.Power


def main(argv):
    minimum = None
    if argv[:1] == ["--min-passed"]:
        minimum, argv = int(argv[1]), argv[2:]
    import pytest

    point_mila_at_diplo()
    count = Count()
    code = pytest.main(["-q", "-p", "no:cacheprovider", "--pyargs", *MILA_TESTS, *argv], plugins=[count])
    total = len(count.passed) + len(count.failed)
    print("MILA's engine tests through diplo.mila: %d of %d pass" % (len(count.passed), total))
    if code not in (0, 1):
        return code
    if minimum is not None and len(count.passed) < minimum:
        print("fewer than the %d that passed before: a regression" % minimum)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
