"""What AI labs use from dipcc: batch processing without the GIL, board encodings and the order
vocabulary."""

import os
import random
import sys

import pytest

import diplo


def random_orders(game, rng):
    """Sets a random possible order at every orderable location of every power."""
    possible = game.get_all_possible_orders()
    for power in game.powers:
        locations = game.get_orderable_locations(power)
        game.set_orders(power, [rng.choice(possible[loc]) for loc in locations if possible[loc]])


def test_process_multi_matches_process_one_by_one():
    rng_a, rng_b = random.Random(7), random.Random(7)
    one = [diplo.Game() for _ in range(6)]
    many = [diplo.Game() for _ in range(6)]
    for _ in range(8):
        for g in one:
            random_orders(g, rng_a)
            g.process()
        for g in many:
            random_orders(g, rng_b)
        diplo.process_multi(many, threads=3)
        for a, b in zip(one, many):
            assert a.get_current_phase() == b.get_current_phase()
            assert a.get_units() == b.get_units()
            assert a.get_centers() == b.get_centers()
            assert a.get_results() == b.get_results()
    assert one[0].get_current_phase() != "S1901M"


def test_process_multi_mixes_maps_and_keeps_each_game_on_its_own():
    # Each thread brings its own adjudicator memory to every game of its stretch, whatever
    # the map; the games come out as `process` one by one leaves them.
    maps = ["standard", "ancmed", "modern", "pure", "standard", "ancmed", "modern"]
    rng_a, rng_b = random.Random(11), random.Random(11)
    one = [diplo.Game(map=m) for m in maps]
    many = [diplo.Game(map=m) for m in maps]
    for threads in [2, 3, 2, 1, 2, 4]:
        for g in one:
            random_orders(g, rng_a)
            g.process()
        for g in many:
            random_orders(g, rng_b)
        diplo.process_multi(many, threads=threads)
        assert [g.get_units() for g in one] == [g.get_units() for g in many]
        assert [g.get_results() for g in one] == [g.get_results() for g in many]


def test_process_multi_refuses_a_game_twice_and_other_objects():
    g = diplo.Game()
    with pytest.raises(diplo.DiploError, match=r"games\[1\]: the same game as games\[0\]"):
        diplo.process_multi([g, g])
    assert g.get_current_phase() == "S1901M"
    with pytest.raises(diplo.DiploError, match=r"games\[1\]: expected a diplo.Game"):
        diplo.process_multi([g, "game"])
    diplo.process_multi([])
    diplo.process_multi((g,), threads=1)
    assert g.get_current_phase() == "F1901M"


def test_process_multi_any_thread_count_and_any_number_of_games():
    # The threads are kept from call to call and made again when a call asks for another
    # number; more threads than games, no game, or an absurd number are all served.
    rng_a, rng_b = random.Random(3), random.Random(3)
    one = [diplo.Game() for _ in range(5)]
    many = [diplo.Game() for _ in range(5)]
    for threads in [2, 2, 4, 1, 0, 64, 10**12, 2]:
        diplo.process_multi([], threads=threads)
        for g in one:
            random_orders(g, rng_a)
            g.process()
        for g in many:
            random_orders(g, rng_b)
        diplo.process_multi(many, threads=threads)
        assert [g.get_units() for g in one] == [g.get_units() for g in many]
        assert [g.get_current_phase() for g in one] == [g.get_current_phase() for g in many]
    single = diplo.Game()
    diplo.process_multi([single], threads=8)
    assert single.get_current_phase() == "F1901M"


def test_process_multi_keeps_its_threads_awake_only_until_the_next_call():
    import time

    rng_a, rng_b = random.Random(5), random.Random(5)
    one = [diplo.Game() for _ in range(6)]
    many = [diplo.Game() for _ in range(6)]
    for keep_awake_us in [1_000_000, 0, 1_000_000, 1_000_000]:
        for g in one:
            random_orders(g, rng_a)
            g.process()
        for g in many:
            random_orders(g, rng_b)
        start = time.perf_counter()
        diplo.process_multi(many, threads=2, keep_awake_us=keep_awake_us)
        # The threads the last call kept awake (for a second) take this call's games at once:
        # their wait ends when a call begins.
        assert time.perf_counter() - start < 0.5
        assert [g.get_units() for g in one] == [g.get_units() for g in many]
    with pytest.raises(diplo.DiploError, match=r"threads=-1: expected 0 \(one per core\) or more"):
        diplo.process_multi(many, threads=-1)
    for wrong in [1_000_001, -1]:
        with pytest.raises(diplo.DiploError, match=rf"keep_awake_us={wrong}: expected microseconds from 0 to 1000000"):
            diplo.process_multi(many, threads=2, keep_awake_us=wrong)


def test_process_multi_calls_from_two_threads_do_not_wait_behind_each_other_s_kept_threads():
    import threading
    import time

    longest = []

    def play(seed):
        rng = random.Random(seed)
        games = [diplo.Game() for _ in range(4)]
        for _ in range(6):
            for g in games:
                random_orders(g, rng)
            start = time.perf_counter()
            diplo.process_multi(games, threads=2, keep_awake_us=1_000_000)
            longest.append(time.perf_counter() - start)

    threads = [threading.Thread(target=play, args=(seed,)) for seed in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # A thread kept awake for a second by one call gives way as soon as another call begins.
    assert len(longest) == 12 and max(longest) < 0.5, sorted(longest)[-3:]


FORKED = """
import os, diplo
games = [diplo.Game() for _ in range(4)]
diplo.process_multi(games, threads=2)  # the pool is made in this process
pid = os.fork()
if pid == 0:
    child = [diplo.Game() for _ in range(4)]
    diplo.process_multi(child, threads=2)
    os._exit(0 if child[0].get_current_phase() == "F1901M" else 3)
_, status = os.waitpid(pid, 0)
raise SystemExit(os.waitstatus_to_exitcode(status))
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork here")
def test_process_multi_in_a_forked_process_makes_its_own_threads():
    # multiprocessing forks on Linux: the pool's threads are not copied, and work handed to
    # the copied pool waited forever.
    import subprocess

    run = subprocess.run([sys.executable, "-c", FORKED], timeout=120, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def test_process_multi_names_an_ended_game_and_processes_the_others():
    ended = diplo.Game()
    ended.set_position({"phase": "Spring 1901 Movement", "units": {"France": ["A par"]},
                        "centres": {"France": ["par"] + ["bre", "mar", "spa", "por", "bel",
                                    "hol", "mun", "kie", "ber", "den", "swe", "nwy", "lon",
                                    "lvp", "edi"] + ["rom", "ven", "nap"]}})
    ended.process()
    ended.process()
    assert ended.is_game_done
    live = diplo.Game()
    with pytest.raises(diplo.DiploError, match=r"games\[0\]: "):
        diplo.process_multi([ended, live])
    assert live.get_current_phase() == "F1901M"


np = pytest.importorskip("numpy")


def row(board, rows, name):
    return board[rows.index(name)]


def test_dipcc_layout_at_the_start():
    rows, features = diplo.board_layout("standard", "dipcc")
    assert len(rows) == 81 and len(features) == 38
    assert rows[:4] == ["YOR", "EDI", "LON", "LVP"] and rows[-1] == "BUL/SC"
    board = diplo.encode_board(diplo.Game(), "dipcc")
    assert board.shape == (81, 38) and board.dtype == np.float32
    f = {name: i for i, name in enumerate(features)}
    par = row(board, rows, "PAR")
    on = {name for name, i in f.items() if par[i] == 1.0}
    assert on == {"army", "unit_FRANCE", "land", "centre_FRANCE", "home_FRANCE"}
    # A fleet on a coast marks the coast and its province; the home centre the province only.
    for name in ("STP", "STP/SC"):
        stp = row(board, rows, name)
        assert stp[f["fleet"]] == 1.0 and stp[f["unit_RUSSIA"]] == 1.0
        assert stp[f["centre_RUSSIA"]] == 1.0
    assert row(board, rows, "STP")[f["home_RUSSIA"]] == 1.0
    assert row(board, rows, "STP/SC")[f["home_RUSSIA"]] == 0.0
    assert row(board, rows, "STP/NC")[f["fleet"]] == 0.0
    bul = row(board, rows, "BUL/EC")
    assert bul[f["centre_unowned"]] == 1.0 and bul[f["coast"]] == 1.0
    assert row(board, rows, "NTH")[f["water"]] == 1.0
    # Every location is exactly one of land, water, coast.
    assert (board[:, f["land"]] + board[:, f["water"]] + board[:, f["coast"]] == 1.0).all()
    assert board[:, f["unit_FRANCE"]].sum() == 3


def test_buildable_removable_and_dislodged():
    g = diplo.Game()
    g.set_position({"phase": "Winter 1901 Adjustment",
                    "units": {"France": ["A bur"], "Germany": ["A kie", "A ber", "A mun",
                                                               "F hol"]},
                    "centres": {"France": ["par", "bre", "mar", "spa"],
                                "Germany": ["kie", "ber", "mun"]}})
    rows, features = diplo.board_layout("standard", "dipcc")
    f = {name: i for i, name in enumerate(features)}
    board = diplo.encode_board(g, "dipcc")
    assert {rows[i] for i in np.flatnonzero(board[:, f["buildable"]])} == {"PAR", "BRE", "MAR"}
    assert {rows[i] for i in np.flatnonzero(board[:, f["removable"]])} == {"KIE", "BER", "MUN",
                                                                           "HOL"}
    g.set_position({"phase": "Spring 1901 Retreat", "units": {"Germany": ["A mun"]},
                    "dislodged": [{"power": "France", "unit": "A bur",
                                  "attacker_from": "mun"}]})
    board = diplo.encode_board(g, "dipcc")
    bur = row(board, rows, "BUR")
    assert bur[f["dislodged_army"]] == 1.0 and bur[f["dislodged_FRANCE"]] == 1.0
    assert bur[f["army"]] == 0.0


def test_general_layout_on_another_map():
    rows, features = diplo.board_layout("ancmed", "general")
    n = len(diplo.Game(map="ancmed").powers)
    assert len(features) == 10 + 4 * n
    board = diplo.encode_board(diplo.Game(map="ancmed"))
    assert board.shape == (len(rows), len(features))
    with pytest.raises(diplo.DiploError, match="layout `dipcc` is the standard map's"):
        diplo.encode_board(diplo.Game(map="ancmed"), "dipcc")
    with pytest.raises(diplo.DiploError, match=r"layout `x`: expected"):
        diplo.board_layout("standard", "x")


def test_vocabulary_holds_every_possible_order_and_round_trips():
    words = diplo.order_vocabulary()
    assert len(words) == len(set(words))
    assert "WAIVE" in words and "A PAR - BUR" in words and "F NTH C A LON - NWY" in words
    g, rng = diplo.Game(), random.Random(3)
    seen = set()
    for _ in range(30):
        for orders in g.get_all_possible_orders().values():
            seen.update(orders)
        random_orders(g, rng)
        g.process()
    assert seen - set(words) == set()
    some = sorted(seen)[:50]
    numbers = diplo.encode_orders(some)
    assert numbers.dtype == np.int64
    assert diplo.decode_orders(numbers) == some
    with pytest.raises(diplo.DiploError) as e:
        diplo.encode_orders(["A PAR - BUR", "A PAR - MOS", "F XYZ H"])
    assert "orders[1]: `A PAR - MOS`" in str(e.value) and "orders[2]" in str(e.value)
    with pytest.raises(diplo.DiploError, match=r"numbers\[0\]: -1 is not 0 to"):
        diplo.decode_orders([-1])


def test_encodings_without_numpy_say_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(diplo.DiploError, match="pip install numpy"):
        diplo.encode_board(diplo.Game())
