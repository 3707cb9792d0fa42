"""examples/python/dask_replay.py on a local Dask cluster with two workers (skipped when Dask
is not installed: `pip install "dask[bag]" distributed`; .ci/run installs it)."""

import importlib.util
import pathlib

import pytest

import diplo

pytest.importorskip("dask.bag")
distributed = pytest.importorskip("distributed")

EXAMPLE = pathlib.Path(__file__).resolve().parents[3] / "examples" / "python" / "dask_replay.py"


def load_example():
    spec = importlib.util.spec_from_file_location("dask_replay", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_dask_example_replays_records_on_two_workers(tmp_path):
    example = load_example()
    for i in range(4):
        g = diplo.Game()
        g.set_orders("France", ["A PAR - BUR", "A MAR - SPA"] if i % 2 else ["A PAR - PIC"])
        g.process()
        g.process()
        diplo.to_saved_game_format(g, output_path=str(tmp_path / f"game_{i}.json"))
    files = example.record_files([str(tmp_path)])
    assert len(files) == 4
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    with distributed.Client(cluster) as client:
        assert len(client.nthreads()) == 2
        totals = example.replay_archive(client, files, ["datc", "1971"])
    cluster.close()
    assert totals["datc"] == (12, 0)
    assert totals["1971"][0] + totals["1971"][1] >= 12
