"""Scoring systems, the draw on stalemate, board and order-history hashes, and clone_n_times."""

import pickle
import random

import pytest

import diplo


def test_scores_at_the_start():
    g = diplo.Game()
    sos = g.scores()
    # Russia owns 4 centres, the others 3: 16 / (6 * 9 + 16).
    assert sos["Russia"] == pytest.approx(16 / 70) and sos["France"] == pytest.approx(9 / 70)
    assert sum(sos.values()) == pytest.approx(1.0)
    assert list(g.scores("draw-size").values()) == [pytest.approx(1 / 7)] * 7
    cd = g.scores("c-diplo")
    # Russia first (38 points and 4 centres); six tied second share 14 + 7 + 0 ... points.
    assert cd["Russia"] == pytest.approx(42.0)
    assert cd["France"] == pytest.approx(3 + 21 / 6)
    with pytest.raises(diplo.DiploError, match="scoring `elo`: expected one of"):
        g.scores("elo")


def test_a_solo_takes_everything():
    g = diplo.Game()
    centres = ["par", "bre", "mar", "spa", "por", "bel", "hol", "mun", "kie", "ber", "den",
               "swe", "nwy", "lon", "lvp", "edi", "rom", "ven"]
    g.set_position({"phase": "Spring 1902 Movement", "units": {"France": ["A par"]},
                    "centres": {"France": centres}})
    assert g.scores("c-diplo")["France"] == 100.0
    assert g.scores()["France"] == 1.0 and g.scores()["England"] == 0.0


def play(game, rng, phases):
    for _ in range(phases):
        possible = game.get_all_possible_orders()
        for power in game.powers:
            locations = game.get_orderable_locations(power)
            game.set_orders(power, [rng.choice(possible[l]) for l in locations if possible[l]])
        game.process()


def test_hashes_and_clones():
    a, b = diplo.Game(), diplo.Game()
    assert a.board_hash() == b.board_hash()
    assert a.order_history_hash() == b.order_history_hash()
    play(a, random.Random(1), 3)
    assert a.board_hash() != b.board_hash()
    copies = a.clone_n_times(3)
    assert len(copies) == 3
    for c in copies:
        assert c.board_hash() == a.board_hash()
        assert c.order_history_hash() == a.order_history_hash()
        assert c.get_results() == a.get_results()
    play(copies[0], random.Random(2), 2)
    assert copies[0].board_hash() != a.board_hash()
    assert copies[0].order_history_hash() != a.order_history_hash()
    assert copies[1].board_hash() == a.board_hash()
    # Same orders, same hashes, in another game.
    c = diplo.Game()
    play(c, random.Random(1), 3)
    assert c.order_history_hash() == a.order_history_hash() and c.board_hash() == a.board_hash()
    assert a.clone_n_times(0) == []


def test_draw_on_stalemate_after_years_with_no_centre_changing_hands():
    g = diplo.Game(draw_on_stalemate_years=2)
    assert g.draw_on_stalemate_years == 2
    while not g.is_game_done:
        g.process()
    assert g.outcome["by"] == "stalemate" and g.outcome["phase"] == "Fall 1902 Movement"
    assert g.outcome["winner"] is None and len(g.outcome["draw"]) == 7
    assert pickle.loads(pickle.dumps(g)).outcome == g.outcome
    # A centre taken starts the count again; the option may be set during the game.
    g = diplo.Game()
    g.set_orders("France", ["A MAR - SPA"])
    g.process()
    g.draw_on_stalemate_years = 1
    assert pickle.loads(pickle.dumps(g)).draw_on_stalemate_years == 1
    while not g.is_game_done:
        g.process()
    assert g.outcome["phase"] == "Fall 1902 Movement", g.outcome
    # process_multi plays such games too.
    games = [diplo.Game(draw_on_stalemate_years=1) for _ in range(4)]
    for _ in range(2):
        diplo.process_multi([x for x in games if not x.is_game_done], threads=2)
    assert [x.outcome["phase"] for x in games] == ["Fall 1901 Movement"] * 4
    with pytest.raises(diplo.DiploError, match="expected 1 or more"):
        diplo.Game(draw_on_stalemate_years=0)
    with pytest.raises(diplo.DiploError, match="the game is over"):
        g.draw_on_stalemate_years = 3
