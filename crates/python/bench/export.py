"""Benchmark (not a test): `to_saved_game_format` per phase of the game, the first export of a
freshly played game and a second one of the same game right after.

    python crates/python/bench/export.py [--games N]

The games are played by random orders to 1911 (about 30 phases each), as `random_play.py`
plays them. The first export is the one a bot's loop pays (its game's data not in the caches,
Python's allocator taking fresh memory for the dict); the second shows the work alone.
"""

import argparse
import random
import time

import diplo


def played(seed, until=1911):
    """A game played by random orders from `seed` until `until` (or its end)."""
    rng = random.Random(seed)
    game = diplo.Game()
    while not game.is_game_done and int(game.get_current_phase()[1:5]) < until:
        possible = game.get_all_possible_orders()
        for power in list(game.powers):
            locations = game.get_orderable_locations(power)
            game.set_orders(power, [rng.choice(possible[l]) for l in locations if possible[l]])
        game.process()
    return game


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()
    first = second = 0.0
    phases = 0
    for seed in range(args.games):
        game = played(seed)
        start = time.thread_time()
        saved = diplo.to_saved_game_format(game)
        middle = time.thread_time()
        diplo.to_saved_game_format(game)
        first += middle - start
        second += time.thread_time() - middle
        phases += len(saved["phases"])
    print(f"first export  {first / phases * 1e6:6.1f} us a phase of the game ({phases} phases)")
    print(f"second export {second / phases * 1e6:6.1f} us a phase of the game")


if __name__ == "__main__":
    main()
