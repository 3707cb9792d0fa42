"""Benchmark (not a test): the random-play loop of a bot, on diplo and on the MILA `diplomacy`
package from PyPI, per phase: list every possible order, pick one per orderable location at
random, set the orders, process, read the state.

    pip install diplomacy            # MILA's package, for the comparison
    maturin develop --release        # in crates/python: diplo built optimised
    python crates/python/bench/random_play.py [--games N] [--until YEAR] [--engine E]

`--dropin` adds `diplo.mila`, the drop-in for MILA's package (MILA's API in Python over diplo's
engine: what MILA code gets by changing only its import). `--engine diplo` (or `mila`) runs
one engine alone, e.g. under
`valgrind --tool=callgrind` to count its instructions per phase. `--export` also writes each
game out at its end in MILA's saved-game format (`to_saved_game_format`, a dict, on each
engine), timed with the game's phases. `--typed` gives each order back in lower case, as a
language model types it (what a harness that parses a model's answer sets).

Prints the mean time per phase of each engine over the same number of games and the ratio.
The games differ (each engine's random choices and rules), so the figure compares the cost of a
phase of play, not identical positions.
"""

import argparse
import random
import time


def play(make_game, until, seed, export=None, typed=False):
    """Plays one game until `until` (or its end), then writes it out with `export` if given;
    returns (phases, seconds). `typed`: each order given back in lower case, as a language
    model types it (read, not recognised as the text listed)."""
    rng = random.Random(seed)
    game = make_game()
    phases = 0
    start = time.thread_time()
    while not game.is_game_done and int(game.get_current_phase()[1:5]) < until:
        possible = game.get_all_possible_orders()
        for power_name in list(game.powers):
            locations = game.get_orderable_locations(power_name)
            orders = [rng.choice(possible[loc]) for loc in locations if possible[loc]]
            if typed:
                orders = [o.lower() for o in orders]
            game.set_orders(power_name, orders)
        game.process()
        game.get_state()
        phases += 1
    if export is not None:
        export(game)
    return phases, time.thread_time() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # 20 games by default: the first seconds of a process pay once for memory the allocators
    # take from the system (mimalloc's fresh 2 MiB pages, zeroed on first touch: up to tens of
    # milliseconds on a virtual machine), which over 5 games was up to half of diplo's time.
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--until", type=int, default=1911)
    parser.add_argument("--engine", choices=["both", "diplo", "mila"], default="both")
    parser.add_argument("--export", action="store_true", help="save each game at its end")
    parser.add_argument("--typed", action="store_true",
                        help="orders given back in lower case, as a language model types them")
    parser.add_argument("--dropin", action="store_true",
                        help="also diplo.mila, the drop-in for MILA's package (MILA code with only the import changed)")
    args = parser.parse_args()
    engines = []
    if args.engine in ("both", "diplo"):
        import diplo

        engines.append(("diplo", diplo.Game, diplo.to_saved_game_format))
    if args.dropin:
        import diplo.mila

        engines.append(("diplo.mila", diplo.mila.Game, diplo.mila.to_saved_game_format))
    if args.engine in ("both", "mila"):
        try:
            import diplomacy
            from diplomacy.utils.export import to_saved_game_format

            engines.append(("MILA", diplomacy.Game, to_saved_game_format))
        except ImportError:
            print("MILA's package is not installed (pip install diplomacy): no comparison")
    totals = {name: [0, 0.0] for name, _, _ in engines}
    # The engines alternate game by game, so that a change in the machine's load hits both.
    for seed in range(args.games):
        for name, make, export in engines:
            phases, seconds = play(make, args.until, seed, export if args.export else None, args.typed)
            totals[name][0] += phases
            totals[name][1] += seconds
    per_phase = {}
    for name, (phases, seconds) in totals.items():
        per_phase[name] = seconds / max(phases, 1)
        print(f"{name:10} {phases:6} phases  {per_phase[name] * 1e6:10.1f} us/phase")
    if "MILA" in per_phase and "diplo" in per_phase:
        print(f"ratio    MILA / diplo = {per_phase['MILA'] / per_phase['diplo']:.1f}x per phase")
    if "MILA" in per_phase and "diplo.mila" in per_phase:
        print(f"ratio    MILA / diplo.mila = {per_phase['MILA'] / per_phase['diplo.mila']:.1f}x per phase")


if __name__ == "__main__":
    main()
