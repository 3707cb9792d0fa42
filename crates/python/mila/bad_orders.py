"""Plays random games on MILA's installed `diplomacy` package and on `diplo.mila` side by side
with bad orders mixed into the good ones, as a careless bot or a language model gives them: an
order to another location's unit (often another power's), a move or support to a place the unit
cannot reach or that does not exist, a build, removal or retreat in the wrong phase, a waive.
Fails at the first phase where the two disagree on the orders kept (`get_orders`), on whether
each order set was refused with errors (their count; MILA's texts are its own), or, after
processing, on the units, centres or any unit's result codes.

    python crates/python/mila/bad_orders.py [SEEDS] [PHASES] [RULES]

SEEDS is how many games (seeds 1..SEEDS, default 4), PHASES how many phases each (default 60),
RULES MILA's rules, comma-separated (default none: MILA's defaults; `NO_CHECK` keeps every
order and voids the bad ones at adjudication). A set of orders MILA itself raises an exception
on (it does on `WAIVE` in a movement phase) is given to neither game.
"""

import random
import sys

from side_by_side import board_differs, phase_differs

# Bad orders of a form MILA reads in any phase, to mix in.
WRONG_PHASE = ["WAIVE", "A PAR B", "F STP/NC B", "A MUN D", "A BER R KIE"]
# Destinations to put in place of a good order's last word.
PLACES = ["PAR", "MOS", "NTH", "SPA/NC", "XXX", "STP"]


def errors(game):
    """The number of errors `game` reported, less MILA's notes of an unknown place name or
    coast (MILA reports such an order twice: the name, then what is wrong with the order)."""
    texts = [str(e) for e in game.error]
    unknown = sum(1 for t in texts if t.startswith(("UNKNOWN PLACENAME", "UNKNOWN COAST")))
    return len(texts) - unknown


def orders_for(rng, locations, possible, every):
    """A power's orders: for each location, a possible order, any possible order of the board,
    a possible order with its last word changed, an order of the wrong phase, or none."""
    out = []
    for loc in locations:
        r = rng.random()
        if r < 0.6 and possible[loc]:
            out.append(rng.choice(sorted(possible[loc])))
        elif r < 0.75 and every:
            out.append(rng.choice(every))
        elif r < 0.85:
            word = rng.choice(sorted(possible[loc]) or ["A PAR H"]).split()
            if len(word) > 3:
                word[-1] = rng.choice(PLACES)
            out.append(" ".join(word))
        elif r < 0.9:
            out.append(rng.choice(WRONG_PHASE))
    return out


def play(seed, phases, rules):
    """One game; returns what differs first (None: nothing) and the phase it reached."""
    import diplomacy
    import diplo.mila

    rng = random.Random(seed)
    kwargs = {"rules": rules} if rules else {}
    mila, ours = diplomacy.Game(**kwargs), diplo.mila.Game(**kwargs)
    for _ in range(phases):
        phase = mila.get_current_phase()
        problem = phase_differs(mila, ours)
        if problem == "ended":
            break
        if problem:
            return problem, phase
        possible = mila.get_all_possible_orders()
        every = sorted(o for orders in possible.values() for o in orders)
        for name in mila.powers:
            orders = orders_for(rng, mila.get_orderable_locations(name), possible, every)
            mila.error.clear()
            ours.error.clear()
            try:
                mila.set_orders(name, orders)
            except Exception:  # MILA's own fault: given to neither game
                mila.clear_orders(name)
                continue
            ours.set_orders(name, orders)
            a, b = sorted(mila.get_orders(name)), sorted(ours.get_orders(name))
            if a != b:
                return "%s %s: orders kept: MILA %s, diplo.mila %s" % (name, orders, a, b), phase
            if errors(mila) != errors(ours):
                return "%s %s: errors: MILA %s, diplo.mila %s" % (
                    name, orders, [str(e) for e in mila.error], ours.error), phase
        mila.process()
        ours.process()
        problem = board_differs(mila, ours)
        if problem:
            return problem, phase
        a = {u: sorted(map(str, c)) for u, c in mila.result_history.last_value().items()}
        b = {u: sorted(map(str, c)) for u, c in ours.result_history.last_value().items()}
        if a != b:
            diff = {u: (a.get(u), b.get(u)) for u in sorted(set(a) | set(b)) if a.get(u) != b.get(u)}
            return "results differ (MILA, diplo.mila): %s" % diff, phase
    return None, mila.get_current_phase()


def main(argv):
    seeds = int(argv[0]) if argv else 4
    phases = int(argv[1]) if len(argv) > 1 else 60
    rules = [r for r in argv[2].split(",") if r] if len(argv) > 2 else None
    failed = 0
    for seed in range(1, seeds + 1):
        problem, reached = play(seed, phases, rules)
        print("game %d, %s: %s" % (seed, reached, problem or "MILA and diplo.mila agree on every phase"))
        failed += problem is not None
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
