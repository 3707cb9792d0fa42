"""Plays random games on MILA's installed `diplomacy` package and on `diplo.mila` side by side
(the same orders, drawn from MILA's possible orders, set on both) and fails at the first phase
where the two disagree on the phase, the orderable locations, the units or the centres.

    python crates/python/mila/side_by_side.py [SEEDS] [PHASES]

SEEDS is how many games (seeds 1..SEEDS, default 2), PHASES how many phases each (default 80).
Result codes are not compared: they differ in a few labels (README: `diplo.mila`).
"""

import random
import sys


def play(seed, phases):
    """One game; returns what differs first (None: nothing) and the phase it reached."""
    import diplomacy
    import diplo.mila

    rng = random.Random(seed)
    mila, ours = diplomacy.Game(), diplo.mila.Game()
    for _ in range(phases):
        if mila.is_game_done or ours.is_game_done:
            if mila.is_game_done != ours.is_game_done:
                return "one game ended, the other did not", mila.get_current_phase()
            break
        phase = mila.get_current_phase()
        if ours.get_current_phase() != phase:
            return "phase %s in MILA, %s in diplo.mila" % (phase, ours.get_current_phase()), phase
        possible = mila.get_all_possible_orders()
        for name in mila.powers:
            locs = mila.get_orderable_locations(name)
            if sorted(locs) != sorted(ours.get_orderable_locations(name)):
                return "%s: orderable %s, diplo.mila %s" % (name, locs, ours.get_orderable_locations(name)), phase
            orders = [rng.choice(sorted(possible[loc])) for loc in locs if possible[loc]]
            mila.set_orders(name, orders)
            ours.set_orders(name, orders)
        mila.process()
        ours.process()
        for what in ("get_units", "get_centers"):
            a = {k: sorted(v) for k, v in getattr(mila, what)().items()}
            b = {k: sorted(v) for k, v in getattr(ours, what)().items()}
            if a != b:
                diff = {k: (a[k], b.get(k)) for k in a if a[k] != b.get(k)}
                return "%s differ after it (MILA, diplo.mila): %s" % (what, diff), phase
    return None, mila.get_current_phase()


def main(argv):
    seeds = int(argv[0]) if argv else 2
    phases = int(argv[1]) if len(argv) > 1 else 80
    failed = 0
    for seed in range(1, seeds + 1):
        problem, reached = play(seed, phases)
        print("game %d, %s: %s" % (seed, reached, problem or "MILA and diplo.mila agree on every phase"))
        failed += problem is not None
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
