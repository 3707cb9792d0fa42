"""Benchmark (not a test): `diplo.process_multi` over 64 games, on 1 thread and on 2.

    maturin develop --release        # in crates/python: diplo built optimised
    python crates/python/bench/process_multi.py [--games 64] [--phases 40] [--threads 1 2]
                                                [--keep-awake-us N]

Each round sets random possible orders in every game (not timed), then times one
`process_multi` call adjudicating every game's phase. The same seeds are played at each thread
count, so the games and positions are the same. Prints the wall time per round (median of the
rounds) and the speed-up over one thread, and the CPU time of the process per round (every
thread's): the same CPU time at each thread count means the work is split without overhead. On a
machine whose cores are busy with other work the speed-up is less than the cores would give.
`--keep-awake-us N` passes `keep_awake_us=N`: the pool's thread spins up to N microseconds
after each call waiting for the next (the rounds' orders are set meanwhile), instead of
sleeping and being woken by the next call.
"""

import argparse
import random
import statistics
import time

import diplo


def rounds(games, phases, threads, seed, keep_awake_us=0):
    """Plays `games` games for `phases` phases; returns each round's process_multi wall time
    and CPU time."""
    rng = random.Random(seed)
    live = [diplo.Game() for _ in range(games)]
    times = []
    for _ in range(phases):
        live = [g for g in live if not g.is_game_done]
        for g in live:
            possible = g.get_all_possible_orders()
            for power in g.powers:
                locations = g.get_orderable_locations(power)
                g.set_orders(power, [rng.choice(possible[loc]) for loc in locations if possible[loc]])
        start, cpu = time.perf_counter(), time.process_time()
        if keep_awake_us:
            diplo.process_multi(live, threads=threads, keep_awake_us=keep_awake_us)
        else:  # as any version of the module takes it
            diplo.process_multi(live, threads=threads)
        times.append((time.perf_counter() - start, time.process_time() - cpu))
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--phases", type=int, default=40)
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep-awake-us", type=int, default=0)
    args = parser.parse_args()
    base = None
    for threads in args.threads:
        per_round = []
        for r in range(args.repeat):
            per_round += rounds(args.games, args.phases, threads, seed=r,
                                keep_awake_us=args.keep_awake_us)
        median = statistics.median(wall for wall, _ in per_round)
        cpu = statistics.median(cpu for _, cpu in per_round)
        base = base or median
        print("%d thread(s): %.2f ms a round of %d games, %.2fx; CPU %.2f ms a round"
              % (threads, median * 1e3, args.games, base / median, cpu * 1e3))


if __name__ == "__main__":
    main()
