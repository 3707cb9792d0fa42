"""Benchmark (not a test): the two calls a bot's loop spends its time in, on one mid-game
position, on diplo, on `diplo.mila` (MILA's API over diplo) and on the MILA `diplomacy`
package from PyPI: listing every possible order, and `process()` with an order for every unit.

    python crates/python/bench/calls.py [--repeat N] [--phase F1903M]

The position is the one diplo's random play (seed 3, as `random_play.py` plays) reaches at
`--phase`, set on each engine (units, centres, phase); the orders are one possible order per
unit, picked at random from diplo's listing (the same texts on every engine). Each figure is
the thread CPU time of one call made `--repeat` times on fresh copies of the game made
beforehand (a copy has nothing worked out: MILA lists its orders afresh at every call, diplo
once a phase, so a copy's first call is the one timed), median of five rounds. dipcc (Cicero's
engine) is not on PyPI; it is timed when its module `pydipcc` can be imported.
"""

import argparse
import copy
import random
import statistics
import time

import diplo
import diplo.mila


def position(phase, seed=3):
    """diplo's random-play game at `phase` (seed `seed`), and random orders for its units."""
    rng = random.Random(seed)
    game = diplo.Game()
    while game.get_current_phase() != phase:
        if game.is_game_done:
            raise SystemExit("the game ended before %s: choose another --phase" % phase)
        possible = game.get_all_possible_orders()
        for power in list(game.powers):
            locations = game.get_orderable_locations(power)
            game.set_orders(power, [rng.choice(possible[l]) for l in locations if possible[l]])
        game.process()
    possible = game.get_all_possible_orders()
    orders = {power: [rng.choice(possible[l]) for l in game.get_orderable_locations(power)
                      if possible[l]] for power in game.powers}
    return game, orders


def on_mila(module, game, orders):
    """A game of `module`'s `Game` (MILA's, or diplo.mila's) at `game`'s position."""
    state = game.get_state()
    out = module.Game()
    out.set_current_phase(state["name"])
    out.clear_units()
    out.clear_centers()
    for power, units in state["units"].items():
        out.set_units(power.upper(), units)
        out.set_centers(power.upper(), state["centers"][power])
    return out, {power.upper(): texts for power, texts in orders.items()}


def timed(copies, call):
    """The median over the copies' rounds of `call(copy)`'s thread CPU time, in µs."""
    times = []
    for c in copies:
        start = time.thread_time()
        call(c)
        times.append(time.thread_time() - start)
    return statistics.median(times) * 1e6


def rounds(make, call, repeat, n=5):
    """The median of `n` rounds of `timed` over `repeat` fresh copies each."""
    return statistics.median(timed(make(repeat), call) for _ in range(n))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--phase", default="F1903M")
    args = parser.parse_args()
    game, orders = position(args.phase)
    units = sum(len(u) for u in game.get_units().values())
    print(f"position: {args.phase} of random play (seed 3), {units} units, {args.repeat} calls a round")

    def with_orders(g, by_power):
        for power, texts in by_power.items():
            g.set_orders(power, texts)
        return g

    engines = {}
    engines["diplo"] = (lambda n: game.clone_n_times(n),
                        lambda n: [with_orders(g, orders) for g in game.clone_n_times(n)])
    dropin, dropin_orders = on_mila(diplo.mila, game, orders)
    engines["diplo.mila"] = (lambda n: [copy.deepcopy(dropin) for _ in range(n)],
                             lambda n: [with_orders(copy.deepcopy(dropin), dropin_orders) for _ in range(n)])
    try:
        import diplomacy

        mila, mila_orders = on_mila(diplomacy, game, orders)
        engines["MILA"] = (lambda n: [copy.deepcopy(mila) for _ in range(n)],
                           lambda n: [with_orders(copy.deepcopy(mila), mila_orders) for _ in range(n)])
    except ImportError:
        print("MILA's package is not installed (pip install diplomacy): no comparison")
    try:
        import pydipcc  # noqa: F401

        print("pydipcc is importable, but this benchmark does not drive it yet")
    except ImportError:
        print("dipcc (pydipcc) is not installed: not timed")
    figures = {}
    for name, (fresh, ordered) in engines.items():
        listing = rounds(fresh, lambda g: g.get_all_possible_orders(), args.repeat)
        processing = rounds(ordered, lambda g: g.process(), args.repeat)
        figures[name] = (listing, processing)
        print(f"{name:11} possible orders {listing:9.1f} us   process() {processing:9.1f} us")
    if "MILA" in figures:
        for name in ("diplo", "diplo.mila"):
            a, b = figures[name]
            print(f"MILA / {name:10}: possible orders {figures['MILA'][0] / a:6.1f}x   "
                  f"process() {figures['MILA'][1] / b:6.1f}x")


if __name__ == "__main__":
    main()
