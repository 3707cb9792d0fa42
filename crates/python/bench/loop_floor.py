"""Benchmark (not a test): what `random_play.py`'s loop costs by itself. The same loop over a
stand-in game whose methods hand back, without any work, what diplo's gave in the same games
(recorded beforehand), against diplo itself: the stand-in's time a phase is the part of any
engine's figure that is the loop's own Python (method calls, `rng.choice`, the list
comprehension), a floor no engine goes below.

    python crates/python/bench/loop_floor.py [--games N]
"""

import argparse
import random

import diplo
from random_play import play  # the same loop, timed the same way


class Recorded:
    """A game that hands back recorded answers, phase by phase."""

    def __init__(self, frames):
        self.frames = frames
        self.at = 0
        self.powers = frames[0]["powers"]

    @property
    def is_game_done(self):
        return self.at >= len(self.frames)

    def get_current_phase(self):
        return self.frames[self.at]["phase"]

    def get_all_possible_orders(self):
        return self.frames[self.at]["possible"]

    def get_orderable_locations(self, power):
        return self.frames[self.at]["locations"][power]

    def set_orders(self, power, orders):
        pass

    def process(self):
        self.at += 1

    def get_state(self):
        return self.frames[self.at - 1]["state"]


def record(seed, until):
    """diplo's answers in the game `play` plays from `seed`."""
    rng = random.Random(seed)
    game = diplo.Game()
    frames = []
    while not game.is_game_done and int(game.get_current_phase()[1:5]) < until:
        possible = game.get_all_possible_orders()
        locations = {p: game.get_orderable_locations(p) for p in game.powers}
        for power in list(game.powers):
            orders = [rng.choice(possible[l]) for l in locations[power] if possible[l]]
            game.set_orders(power, orders)
        game.process()
        frames.append(
            {
                "phase": None,
                "possible": possible,
                "locations": locations,
                "powers": {p: None for p in game.powers},
                "state": game.get_state(),
            }
        )
    # Each frame's phase is the one its answers were given in.
    phases = [diplo.Game().get_current_phase()] + [f["state"]["name"] for f in frames]
    for frame, phase in zip(frames, phases):
        frame["phase"] = phase
    return frames


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--until", type=int, default=1911)
    args = parser.parse_args()
    frames = [record(seed, args.until) for seed in range(args.games)]
    engines = [("stand-in", lambda s: lambda: Recorded(frames[s])), ("diplo", lambda s: diplo.Game)]
    for name, make in engines:
        phases, seconds = 0, 0.0
        for seed in range(args.games):
            n, t = play(make(seed), args.until, seed)
            phases, seconds = phases + n, seconds + t
        print(f"{name:9} {phases:6} phases  {seconds / phases * 1e6:6.1f} us/phase")


if __name__ == "__main__":
    main()
