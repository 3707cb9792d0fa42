"""Plays random games on MILA's installed `diplomacy` package and, at each retreat and
adjustment phase, resumes the game in `diplo.mila` from MILA's saved game of it
(`to_saved_game_format`, which keeps only the retreat options of a dislodged unit, not where it
was attacked from): fails where the resumed game lists other possible orders, or, given the
same orders, reaches other units than MILA.

    python crates/python/mila/resume.py [SEEDS] [PHASES] [MAP]

SEEDS is how many games (seeds 1..SEEDS, default 4), PHASES how many phases each (default 60),
MAP the map by MILA's name (default `standard`).
"""

import random
import sys

from side_by_side import board_differs


def sets(possible):
    """The possible orders, each location's as a set (MILA's lists are made from sets)."""
    return {loc: set(orders) for loc, orders in possible.items()}


def play(seed, phases, map_name="standard"):
    """One game; returns what differs first (None: nothing), the phase, and the phases resumed."""
    import diplomacy
    import diplo.mila
    from diplomacy.utils.export import to_saved_game_format

    rng = random.Random(seed)
    mila = diplomacy.Game(map_name=map_name)
    resumed = 0
    for _ in range(phases):
        if mila.is_game_done:
            break
        phase = mila.get_current_phase()
        ours = None
        if mila.phase_type in ("R", "A"):
            ours = diplo.mila.from_saved_game_format(to_saved_game_format(mila))
            resumed += 1
            if ours.get_current_phase() != phase:
                return "resumed at %s" % ours.get_current_phase(), phase, resumed
            if sets(ours.get_all_possible_orders()) != sets(mila.get_all_possible_orders()):
                return "the possible orders differ", phase, resumed
        possible = mila.get_all_possible_orders()
        for name in mila.powers:
            locs = mila.get_orderable_locations(name)
            orders = [rng.choice(sorted(possible[loc])) for loc in locs if possible[loc]]
            mila.set_orders(name, orders)
            if ours is not None:
                ours.set_orders(name, orders)
        mila.process()
        if ours is not None:
            ours.process()
            problem = board_differs(mila, ours, ("get_units",))
            if problem:
                return problem, phase, resumed
    return None, mila.get_current_phase(), resumed


def main(argv):
    seeds = int(argv[0]) if argv else 4
    phases = int(argv[1]) if len(argv) > 1 else 60
    map_name = argv[2] if len(argv) > 2 else "standard"
    failed = 0
    for seed in range(1, seeds + 1):
        problem, reached, resumed = play(seed, phases, map_name)
        print("game %d, %s, %d phases resumed: %s" % (seed, reached, resumed, problem or "as MILA"))
        failed += problem is not None
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
