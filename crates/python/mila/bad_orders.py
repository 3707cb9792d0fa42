"""Plays random games on MILA's installed `diplomacy` package and on `diplo.mila` side by side
with bad orders mixed into the good ones, as a careless bot or a language model gives them: an
order to another location's unit (often another power's), a move or support to a place the unit
cannot reach or that does not exist, a build, removal or retreat in the wrong phase, a waive.
Fails at the first phase where the two disagree on the orders kept (`get_orders`), on whether
each order set was refused with errors (their count; MILA's texts are its own), or, after
processing, on the units, centres or any unit's result codes.

    python crates/python/mila/bad_orders.py [SEEDS] [PHASES] [RULES] [MAP]

SEEDS is how many games (seeds 1..SEEDS, default 4), PHASES how many phases each (default 60),
RULES MILA's rules, comma-separated (default none: MILA's defaults; `NO_CHECK` keeps every
order and voids the bad ones at adjudication), MAP the map by MILA's name (default `standard`;
on another map the wrong places and wrong-phase orders are drawn from its own places). A set of orders MILA itself raises an exception
on (it does on `WAIVE` in a movement phase) is given to neither game.
"""

import random
import sys

from side_by_side import board_differs, games, phase_differs

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


def bad_words(game, rng):
    """The places and wrong-phase orders to mix in on `game`'s map: the standard map's above,
    or on another map six of its places (one with a coast if any) and `XXX`, and a build,
    removal and retreat named from its places."""
    if game.map_name == "standard":
        return PLACES, WRONG_PHASE
    # MILA's own lower-case names of a province's land (`stp`) left out: in upper case.
    locs = sorted({loc.upper() for loc in game.map.locs})
    coasts = [loc for loc in locs if "/" in loc] or locs
    places = rng.sample([loc for loc in locs if "/" not in loc], 5) + [rng.choice(coasts), "XXX"]
    a, b = places[0], places[1]
    return places, ["WAIVE", "A %s B" % a, "F %s B" % places[5], "A %s D" % b, "A %s R %s" % (a, b)]


def orders_for(rng, locations, possible, every, words=(PLACES, WRONG_PHASE)):
    """A power's orders: for each location, a possible order, any possible order of the board,
    a possible order with its last word changed, an order of the wrong phase, or none
    (`words`: the places and wrong-phase orders to draw from)."""
    places, wrong_phase = words
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
                word[-1] = rng.choice(places)
            out.append(" ".join(word))
        elif r < 0.9:
            out.append(rng.choice(wrong_phase))
    return out


def play(seed, phases, rules, map_name="standard"):
    """One game; returns what differs first (None: nothing) and the phase it reached."""
    rng = random.Random(seed)
    mila, ours = games(map_name, rules)
    words = bad_words(mila, random.Random(seed))
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
            orders = orders_for(rng, mila.get_orderable_locations(name), possible, every, words)
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
    map_name = argv[3] if len(argv) > 3 else "standard"
    failed = 0
    for seed in range(1, seeds + 1):
        problem, reached = play(seed, phases, rules, map_name)
        print("game %d, %s: %s" % (seed, reached, problem or "MILA and diplo.mila agree on every phase"))
        failed += problem is not None
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
