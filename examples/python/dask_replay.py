"""Re-adjudicate an archive of game records under several rulesets with Dask.

The same code runs on a laptop (a local cluster) and on a Dask cluster: give the scheduler's
address. Each record file is read and replayed inside a worker by `diplo.replay`, which runs in
Rust without the GIL.

    pip install "dask[bag]" distributed ./crates/python
    python examples/python/dask_replay.py --ruleset datc --ruleset 1971 RECORD_DIR_OR_FILES...
    python examples/python/dask_replay.py --scheduler tcp://host:8786 ...
"""

import argparse
import pathlib

import dask.bag as db
from dask.distributed import Client, LocalCluster


def record_files(paths):
    """Record files under the paths: files as given, directories' *.txt, *.json and *.jsonl."""
    out = []
    for p in map(pathlib.Path, paths):
        if p.is_dir():
            out += sorted(f for f in p.iterdir() if f.suffix in (".txt", ".json", ".jsonl"))
        else:
            out.append(p)
    return [str(f) for f in out]


def replay_file(path, ruleset, map_name):
    """One file under one ruleset, in a worker: (ruleset, file, passed, failed)."""
    import diplo

    text = pathlib.Path(path).read_text()
    report = diplo.replay([text], ruleset=ruleset, map=map_name, threads=1)
    return ruleset, path, report["passed"], report["failed"]


def replay_archive(client, files, rulesets, map_name="standard"):
    """Every file under every ruleset on the cluster: {ruleset: (passed, failed)}."""
    jobs = [(f, r) for r in rulesets for f in files]
    bag = db.from_sequence(jobs, npartitions=max(1, min(len(jobs), 4 * len(client.nthreads()))))
    rows = bag.map(lambda job: replay_file(job[0], job[1], map_name)).compute()
    totals = {r: [0, 0] for r in rulesets}
    for ruleset, _, passed, failed in rows:
        totals[ruleset][0] += passed
        totals[ruleset][1] += failed
    return {r: tuple(t) for r, t in totals.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--ruleset", action="append", default=None)
    parser.add_argument("--map", default="standard")
    parser.add_argument("--scheduler", help="a Dask scheduler's address; default: a local cluster")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        client = Client(LocalCluster(n_workers=args.workers, threads_per_worker=1))
    with client:
        totals = replay_archive(client, record_files(args.paths), args.ruleset or ["droidippy"], args.map)
    for ruleset, (passed, failed) in totals.items():
        print(f"{ruleset}: {passed} passed, {failed} failed")


if __name__ == "__main__":
    main()
