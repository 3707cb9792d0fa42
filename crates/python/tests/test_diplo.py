"""The diplo Python package: games, possible orders, pickling, errors, and the batch functions."""

import gc
import json
import pickle
import random
import re
import weakref

import pytest

import diplo

SMALL_MAP = """
name = "duel"
first_year = 1901
first_season = "spring"
victory_centres = 2

[[calendar.season]]
name = "Spring"
[[calendar.season]]
name = "Summer"
captures = true

[[power]]
name = "Red"
adjective = "Red"
abbreviation = "RED"
units = ["A r"]

[[power]]
name = "Blue"
adjective = "Blue"
abbreviation = "BLU"
units = ["A b"]

[[province]]
name = "r"
full_name = "Redland"
terrain = "inland"
supply_centre = true
home = "Red"
army = ["n"]

[[province]]
name = "n"
full_name = "Neutralia"
terrain = "inland"
supply_centre = true
army = ["r", "b"]

[[province]]
name = "b"
full_name = "Blueland"
terrain = "inland"
supply_centre = true
home = "Blue"
army = ["n"]
"""


def test_a_new_game_starts_in_spring_1901_with_22_units():
    g = diplo.Game()
    assert g.phase == "Spring 1901 Movement"
    assert g.get_current_phase() == "S1901M"
    assert g.map_name == "standard" and g.ruleset == "datc"
    assert sorted(g.get_units("France")) == ["A MAR", "A PAR", "F BRE"]
    assert sum(len(u) for u in g.get_units().values()) == 22
    assert sorted(g.get_centers("Russia")) == ["MOS", "SEV", "STP", "WAR"]
    assert not g.is_game_done and g.outcome is None


def test_orders_are_adjudicated_with_the_datc_result_words():
    g = diplo.Game()
    g.set_orders("France", ["A PAR - BUR", "A MAR - BUR"])
    g.set_orders("Germany", "A MUN - BUR\nA BER - SIL")
    g.process()
    results = {r["order"]: r for r in g.get_results()}
    assert results["A par - bur"]["result"] == "fails"
    assert "A mar - bur" in results and results["A mun - bur"]["result"] == "fails"
    assert results["A ber - sil"]["result"] == "succeeds"
    assert g.phase == "Fall 1901 Movement"
    assert "A SIL" in g.get_units("Germany")


def test_set_orders_replaces_the_earlier_orders():
    g = diplo.Game()
    g.set_orders("France", ["A PAR - BUR"])
    g.set_orders("France", ["A PAR - PIC"])
    g.process()
    assert "A PIC" in g.get_units("France") and "A BUR" not in g.get_units("France")


def test_overrides_pick_another_choice():
    g = diplo.Game(ruleset="2023", overrides={"convoy_paradox": "szykman"})
    assert g.ruleset == "2023"
    with pytest.raises(diplo.DiploError, match="convoy_paradox"):
        diplo.Game(overrides={"convoy_paradox": "no-such-choice"})


def test_errors_are_diplo_errors_with_located_messages():
    with pytest.raises(diplo.DiploError, match="unknown power `Gaul`"):
        diplo.Game().set_orders("Gaul", ["A PAR - BUR"])
    with pytest.raises(diplo.DiploError, match="set_orders:2:10: expected a province"):
        diplo.Game().set_orders("France", ["A PAR - BUR", "A PAR -> -> BUR"])
    with pytest.raises(ValueError):
        diplo.Game(map="no-such-map")
    with pytest.raises(diplo.DiploError):
        diplo.Game(ruleset="no-such-ruleset")


def test_every_possible_order_is_accepted_through_three_years_of_random_play():
    g = diplo.Game()
    rng = random.Random(7)
    seen = 0
    while int(g.get_current_phase()[1:5]) < 1904:
        possible = g.get_all_possible_orders()
        builds = g.get_state()["builds"]
        for power, locations in g.get_orderable_locations().items():
            if g.get_current_phase().endswith("A"):
                # A winter: as many builds or removals as the power has, no more.
                locations = rng.sample(locations, min(len(locations), abs(builds[power])))
            orders = [rng.choice(possible[loc]) for loc in locations]
            seen += len(orders)
            g.set_orders(power, orders)
        g.process()
        illegal = [r for r in g.get_results() if r["result"] == "illegal"]
        assert not illegal, illegal
    assert seen > 120


def test_possible_order_texts_given_back_count_as_the_same_text_typed():
    handed, typed = diplo.Game(), diplo.Game()
    possible = handed.get_all_possible_orders()
    with pytest.raises(diplo.DiploError, match="set_orders:2: `A MOS H`: .*Russia"):
        handed.set_orders("France", [possible["PAR"][0], possible["MOS"][0]])
    rng = random.Random(3)
    for power, locations in handed.get_orderable_locations().items():
        orders = [rng.choice(possible[loc]) for loc in locations]
        handed.set_orders(power, orders)
        typed.set_orders(power, ["".join(list(o)) for o in orders])
    handed.process()
    typed.process()
    assert handed.get_results() == typed.get_results()
    assert handed.get_state() == typed.get_state()


@pytest.mark.parametrize("map_name", diplo.maps())
def test_possible_order_texts_of_every_map_read_back_as_legal_orders(map_name):
    g = diplo.Game(map=map_name)
    possible = g.get_all_possible_orders()
    rng = random.Random(11)
    for power, locations in g.get_orderable_locations().items():
        # Typed copies: read by the parser, not known by identity.
        orders = ["".join(list(rng.choice(possible[loc]))) for loc in locations if possible[loc]]
        g.set_orders(power, orders)
    g.process()
    illegal = [r for r in g.get_results() if r["result"] == "illegal"]
    assert not illegal, illegal


def test_possible_orders_of_the_opening():
    possible = diplo.Game().get_all_possible_orders()
    assert len(possible) == 22
    assert "A PAR - BUR" in possible["PAR"]
    assert "A PAR S A MAR - BUR" in possible["PAR"]
    assert "F STP/SC - BOT" in possible["STP"]
    assert all(o.startswith("A PAR") for o in possible["PAR"])


def test_possible_order_lists_are_fresh_lists_a_caller_may_change():
    g = diplo.Game()
    first = g.get_all_possible_orders()
    expected = list(first["PAR"])
    first["PAR"].append("A PAR - XYZ")
    first["PAR"].remove("A PAR H")
    first["MAR"].clear()
    again = g.get_all_possible_orders()
    assert again["PAR"] == expected
    assert again["PAR"] is not first["PAR"]
    assert again["MAR"]
    # Another game on the same map gets lists of its own too.
    other = diplo.Game().get_all_possible_orders()
    assert other["PAR"] == expected and other["PAR"] is not again["PAR"]
    # The texts of a changed list are still taken back as typed.
    g.set_orders("France", [first["PAR"][0]])


def test_possible_orders_keyed_by_every_location_as_mila():
    g = diplo.Game()
    by_unit = g.get_all_possible_orders()
    every = g.get_all_possible_orders(every_location=True)
    # Every location of the map, a province then its coasts, in the map's order.
    assert list(every)[:6] == ["BOH", "BUD", "GAL", "TRI", "TYR", "VIE"]
    assert len(every) == 82 and "STP/NC" in every and "SPA/SC" in every
    assert {loc: o for loc, o in every.items() if loc in by_unit} == by_unit
    assert every["BUR"] == [] and every["SPA/SC"] == []
    # A fleet on a coast: its orders under the coast too (lists of their own).
    assert every["STP/SC"] == every["STP"] and every["STP/SC"] is not every["STP"]
    assert every["STP/NC"] == []
    every["STP"].clear()
    assert g.get_all_possible_orders(every_location=True)["STP"] == by_unit["STP"]


def test_a_game_adjudicates_orders_of_its_own_position_as_adjudicate_does():
    g = diplo.Game(ruleset="datc")
    g.set_orders("France", ["A PAR - BUR"])  # the orders set are not used
    orders = ["France: A MAR - BUR", "Germany: A MUN - BUR", "England: F LON - NTH"]
    out = g.adjudicate(orders)
    assert out == diplo.adjudicate(g.position(), orders, ruleset="datc")
    assert g.phase == "Spring 1901 Movement"  # not moved
    moved = g.adjudicate(orders, advance=True)
    assert moved == out and g.phase == "Fall 1901 Movement"
    assert "F NTH" in g.get_units("England")
    # Where it stands, it lists what a game set to that position lists, in the same order.
    fresh = diplo.Game(ruleset="datc")
    fresh.set_position(out["next"])
    assert g.get_all_possible_orders() == fresh.get_all_possible_orders()
    with pytest.raises(diplo.DiploError, match="no unit there"):
        g.adjudicate("A PIC - BUR")


def test_pickle_and_json_keep_the_whole_game():
    g = diplo.Game()
    g.set_orders("England", ["F LON - NTH"])
    g.process()
    for copy in (pickle.loads(pickle.dumps(g)), diplo.Game.from_json(g.to_json()),
                 diplo.Game.from_toml(g.to_toml())):
        assert copy.get_state() == g.get_state()
    assert json.loads(g.to_json())["state"]["phase"] == "Fall 1901 Movement"


def test_state_has_units_centres_homes_and_builds():
    state = diplo.Game().get_state()
    assert state["name"] == "S1901M"
    assert state["homes"]["Italy"] == ["NAP", "ROM", "VEN"]
    assert state["builds"]["Russia"] == 0


def test_variant_maps_and_their_calendars(tmp_path):
    assert "ancmed" in diplo.maps()
    assert list(diplo.Game(map="ancmed").powers) == ["Carthage", "Egypt", "Greece", "Persia", "Rome"]
    path = tmp_path / "duel.toml"
    path.write_text(SMALL_MAP)
    g = diplo.Game(map=str(path))
    g.set_orders("Red", ["A R - N"])
    g.process()
    assert g.phase == "Summer 1901 Movement"
    g.process()
    assert g.is_game_done
    assert g.outcome["winner"] == "Red"
    assert g.outcome["phase"] == "Summer 1901 Movement"


def test_adjudicate_one_phase_from_a_position():
    position = {
        "phase": "Spring 1901 Movement",
        "units": {"England": ["F lon", "F nth", "A yor"], "France": ["F eng"]},
    }
    out = diplo.adjudicate(position, ["F NTH S F LON - ENG", "F LON - ENG"], ruleset="datc")
    words = {r["order"]: r["result"] for r in out["results"]}
    assert words["F lon - eng"] == "succeeds"
    assert out["next"]["phase"] == "Spring 1901 Retreat"
    toml_position = 'phase = "Spring 1901 Movement"\n[units]\nFrance = ["A par"]\n'
    out = diplo.adjudicate(toml_position, "France: A par - bur")
    assert out["next"]["units"]["France"] == ["A bur"]
    with pytest.raises(diplo.DiploError, match="no unit there"):
        diplo.adjudicate(toml_position, "A mun - bur")


RECORD = """PHASE 1901 Spring Movement
POSITIONS
France: army par
France: supply par
Germany: army mun
Germany: supply mun
ORDERS
par move bur
mun move bur
PHASE 1901 Fall Movement
POSITIONS
France: army par
France: supply par
Germany: army mun
Germany: supply mun
"""


def test_replay_records_in_parallel():
    report = diplo.replay([RECORD] * 8, threads=2)
    assert report["passed"] == 16 and report["failed"] == 0
    bad = RECORD.replace("Germany: army mun\nGermany: supply mun\n", "Germany: army bur\nGermany: supply mun\n", 1)
    report = diplo.replay([RECORD, bad, "PHASE nonsense"])
    assert report["failed"] >= 1
    assert report["games"][2]["error"]


def test_mila_saved_games_round_trip_and_replay(tmp_path):
    g = diplo.Game(map_name="standard", rules=["NO_PRESS"])
    g.set_orders("FRANCE", ["A PAR - BUR", "A MAR - SPA"])
    g.process()
    g.process()
    saved = g.to_saved_game_format()
    assert saved["rules"] == ["NO_PRESS"]
    assert [p["name"] for p in saved["phases"]] == ["S1901M", "F1901M", "W1901A"]
    assert saved["phases"][0]["orders"]["FRANCE"] == ["A PAR - BUR", "A MAR - SPA"]
    again = diplo.from_saved_game_format(saved, ruleset="datc")
    assert again.get_state() == g.get_state()
    path = tmp_path / "games.jsonl"
    diplo.to_saved_game_format(g, output_path=str(path))
    diplo.to_saved_game_format(g, output_path=str(path))
    lines = path.read_text().splitlines()
    assert len(lines) == 2 and json.loads(lines[0])["phases"][0]["name"] == "S1901M"
    assert diplo.replay(lines, ruleset="datc")["failed"] == 0
    assert diplo.replay(lines, ruleset="datc")["passed"] == 6
    # The JSON text is the line appended, and the dict read from it.
    assert g.to_saved_game_json() == lines[0]
    assert json.loads(g.to_saved_game_json()) == saved


def play_randomly(g, rng, phases):
    """Processes `phases` phases of `g`, each power ordering a random possible order at each
    of its orderable locations."""
    for _ in range(phases):
        possible = g.get_all_possible_orders()
        for power in g.powers:
            locations = g.get_orderable_locations(power)
            g.set_orders(power, [rng.choice(possible[l]) for l in locations if possible[l]])
        g.process()


def test_the_saved_game_dict_is_the_json_text_read_on_every_map_and_before_recording():
    # The dict is made directly and the phases processed are written before they are recorded
    # (the game file records them): the dict is the text read by `json.loads`, and neither
    # changes once the phases are recorded.
    for map_name in ["standard", "ancmed", "pure", "modern"]:
        g = diplo.Game(map=map_name, rules=["NO_PRESS"])
        play_randomly(g, random.Random(5), 14)
        saved, text = g.to_saved_game_format(), g.to_saved_game_json()
        assert saved == json.loads(text), map_name
        assert len(saved["phases"]) == 15
        g.to_toml()  # records the phases
        assert g.to_saved_game_json() == text and g.to_saved_game_format() == saved, map_name


def test_the_saved_game_dict_leaves_the_garbage_collector_as_it_found_it():
    # The collector is held off while the dict is built (a tree of new containers has no
    # cycle): on again afterwards if it was on, still off if it was off.
    g = diplo.Game()
    play_randomly(g, random.Random(2), 4)
    assert gc.isenabled()
    first = g.to_saved_game_format()
    assert gc.isenabled()
    gc.disable()
    try:
        assert g.to_saved_game_format() == first
        assert not gc.isenabled()
    finally:
        gc.enable()
    # Strings over 16 bytes (support orders) and up to 16 bytes (units) both come out right.
    texts = [o for orders in first["phases"][0]["orders"].values() for o in orders]
    assert texts and all(isinstance(t, str) for t in texts)
    assert first == json.loads(g.to_saved_game_json())


def test_mila_saved_games_load_under_mila_by_default_and_end_where_other_rules_take_them():
    # A game played under MILA's readings that the DATC's readings take elsewhere (from 1902 a
    # unit is not where MILA's readings put it): it loads as played by default; under `datc` the
    # orders that no longer apply are dropped, each named in `import_notes`, and the rest played.
    g = diplo.Game(ruleset="mila")
    play_randomly(g, random.Random(0), 12)
    saved = g.to_saved_game_format()
    again = diplo.from_saved_game_format(saved)
    assert again.ruleset == "mila" and again.import_notes == []
    assert again.get_units() == g.get_units() and again.get_centers() == g.get_centers()
    datc = diplo.from_saved_game_format(saved, ruleset="datc")
    assert datc.ruleset == "datc" and datc.get_current_phase() == g.get_current_phase()
    notes = datc.import_notes
    assert notes and all(re.match(r"`[SFW]19\d\d[MRA]`: ", n) for n in notes), notes
    dropped = [n for n in notes if " dropped: " in n]
    # None in the first phase, which both readings start from.
    assert dropped and not dropped[0].startswith("`S1901M`: ") and "has no unit in" in dropped[0]
    assert datc.get_units() != g.get_units()
    # The notes of the phases played are kept in the game's history too.
    history = json.loads(datc.to_json())["history"]
    kept = [n for h in history for n in h.get("notes", [])]
    assert set(kept) <= set(notes) and dropped[0] in kept


def test_dipcc_s_retreat_phase_for_a_unit_with_nowhere_to_go_is_passed_over():
    # dipcc (Cicero's engine) keeps a retreat phase for a unit with nowhere to go; diplo disbands
    # it at once. Russia's fleet in Sevastopol is dislodged in Fall 1901, the Black Sea and Rumania
    # held and Armenia the attacker's.
    def phase(name, orders):
        return {"name": name, "orders": orders, "results": {}, "messages": []}

    saved = {"id": "dipcc", "map": "standard", "rules": [], "phases": [
        phase("S1901M", {"TURKEY": ["F ANK - BLA", "A SMY - ARM", "A CON H"],
                         "AUSTRIA": ["A BUD - RUM"]}),
        phase("F1901M", {"TURKEY": ["A ARM - SEV", "F BLA S A ARM - SEV"], "RUSSIA": ["F SEV H"]}),
        phase("F1901R", {"RUSSIA": ["F SEV D"]}),
        phase("W1901A", {"TURKEY": ["F ANK B"], "AUSTRIA": ["A BUD B"]}),
        phase("S1902M", {"TURKEY": ["A SEV - UKR"]}),
    ]}
    for ruleset in ("mila", "datc"):
        g = diplo.from_saved_game_format(json.dumps(saved), ruleset=ruleset)
        assert g.get_current_phase() == "S1902M"
        assert sorted(g.get_units("TURKEY")) == ["A CON", "A SEV", "F ANK", "F BLA"]
        assert "F SEV" not in g.get_units("RUSSIA")
        assert g.import_notes == ["`F1901R`: a phase diplo's rules skip; its recorded orders are "
                                  "not used: RUSSIA: F SEV D"]
    saved["phases"][2]["orders"] = {"RUSSIA": []}
    assert diplo.from_saved_game_format(saved).import_notes == []
    # A movement phase out of step is an error naming both phases.
    del saved["phases"][1]
    with pytest.raises(diplo.DiploError, match=r"phase `F1901R` comes where diplo's rules reach `F1901M`"):
        diplo.from_saved_game_format(saved)


def test_the_mila_readme_script_runs_with_only_the_import_changed(tmp_path):
    import pathlib
    import runpy
    import sys

    script = pathlib.Path(__file__).resolve().parents[3] / "examples" / "python" / "random_game.py"
    out = tmp_path / "game.json"
    argv = sys.argv
    sys.argv = [str(script), str(out)]
    try:
        runpy.run_path(str(script), run_name="__main__")
    finally:
        sys.argv = argv
    saved = json.loads(out.read_text().splitlines()[0])
    names = [p["name"] for p in saved["phases"]]
    assert names[0] == "S1901M" and ("S1906M" in names or len(names) > 1)
    assert diplo.replay([json.dumps(saved)], ruleset="datc")["failed"] == 0


def test_render_draws_the_position_as_svg():
    game = diplo.Game()
    svg = game.render()
    assert svg.startswith("<svg")
    assert svg.count('class="unit"') == 22
    assert svg.count('class="centre"') == 34
    assert "Spring 1901 Movement" in svg
    assert 'class="order"' not in svg


def test_render_draws_orders_as_png_and_into_a_file(tmp_path):
    game = diplo.Game()
    game.set_orders("FRANCE", ["A PAR - BUR", "F BRE - MAO"])
    plain = game.render()
    given = game.render(incl_orders=True)
    assert 'class="order"' not in plain
    assert 'data-order="A par - bur"' in given and 'data-order="F bre - mao"' in given
    # Orders given to draw, instead of those set: the same picture for the same orders.
    assert game.render(orders=["France: A PAR - BUR", "France: F BRE - MAO"]) == given
    png = game.render(incl_orders=True, output_format="png", output_path=str(tmp_path / "p.png"))
    assert isinstance(png, bytes) and png.startswith(b"\x89PNG")
    assert (tmp_path / "p.png").read_bytes() == png
    game.render(output_path=str(tmp_path / "p.svg"))
    assert (tmp_path / "p.svg").read_text() == plain
    with pytest.raises(diplo.DiploError, match="output_format `gif`"):
        game.render(output_format="gif")
    with pytest.raises(diplo.DiploError, match="orders: "):
        game.render(orders=["A XYZ - BUR"])


def test_a_neutral_power_has_nothing_to_order_and_every_listed_order_is_accepted():
    g = diplo.Game(map="known_world_901")
    assert g.get_orderable_locations("Neutral") == []
    assert g.get_orderable_locations()["Neutral-State"] == []
    neutral_units = {u.split()[1][:3] for u in g.get_units("Neutral")}
    possible = g.get_all_possible_orders()
    assert neutral_units and not neutral_units & set(possible)
    rng = random.Random(5)
    for power, locations in g.get_orderable_locations().items():
        g.set_orders(power, [rng.choice(possible[loc]) for loc in locations])
    with pytest.raises(diplo.DiploError, match="neutral"):
        g.set_orders("Neutral", [possible[next(iter(possible))][0]])
    g.process()



REENTRY = """
import gc, diplo
game, other = diplo.Game(), diplo.Game()
calls = []

class Caller:
    # Run by a garbage collection in the middle of one of `game`'s calls.
    def __del__(self):
        for g in (game, other):
            calls.append(len(g.get_all_possible_orders()))
            calls.append(len(g.get_state()["units"]))
            calls.append(len(g.get_orderable_locations("France")))
            calls.append(len(g.powers))

def litter():
    a, b = Caller(), Caller()
    a.other, b.other = b, a   # a cycle: only the collector frees it

gc.set_threshold(1)
for _ in range(20):
    litter()
    game.get_all_possible_orders()
    game.get_state()
    game.powers
    game.get_orderable_locations()
gc.collect()
game.set_orders("France", game.get_all_possible_orders()["PAR"][:1])
game.process()
assert calls, "no collection ran inside a call"
print("ok", len(calls))
"""


def test_a_call_made_during_another_of_the_same_game_does_not_hang():
    """Python code run while a call makes Python objects (here a `__del__` in a garbage
    collection) may call the same game, or another on the same map, again: it gets its answer
    instead of waiting forever for the first call's caches. In a process of its own, so that
    a hang fails the test instead of stopping the run."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", REENTRY], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok"), done.stdout


def test_powers_are_mila_style_objects_that_read_the_current_position():
    g = diplo.Game()
    powers = g.powers
    assert g.powers is powers
    france = powers["France"]
    assert france.name == "France" and france["name"] == "France"
    assert sorted(france.units) == ["A MAR", "A PAR", "F BRE"]
    assert france.centers == france["homes"] == ["BRE", "MAR", "PAR"]
    assert dict(france)["centers"] == ["BRE", "MAR", "PAR"]
    g.set_orders("France", ["A PAR - BUR"])
    g.process()
    assert "A BUR" in france.units and "A PAR" not in france["units"]
    assert not france.is_eliminated()
    with pytest.raises(KeyError):
        france["orders"]


def test_a_game_and_its_powers_are_freed_together():
    g = diplo.Game()
    france = g.powers["France"]
    game = weakref.ref(g)
    del g
    assert france.name == "France"  # the power keeps its game alive
    del france
    gc.collect()
    assert game() is None


@pytest.mark.parametrize("map_name", ["standard", "chaos", "pure", "world"])
def test_orderable_locations_are_the_same_asked_before_or_after_the_possible_orders(map_name):
    g = diplo.Game(map=map_name)
    rng = random.Random(4)
    for _ in range(12):
        alone = pickle.loads(pickle.dumps(g)).get_orderable_locations()
        possible = g.get_all_possible_orders()
        after = g.get_orderable_locations()
        assert after == alone
        assert sorted(loc for locs in after.values() for loc in locs) == sorted(possible)
        for power, locations in after.items():
            g.set_orders(power, [rng.choice(possible[loc]) for loc in locations])
        g.process()


def test_a_position_dict_reads_as_its_text_on_every_shape():
    # A dict of the position file's shape is written as TOML directly; any other shape (a
    # tuple for a list) takes the general path: both read as the position they describe.
    rng = random.Random(4)
    g = diplo.Game(map="standard")
    for _ in range(12):  # movement, retreat (dislodged units, contested) and adjustment phases
        pos = g.position()
        direct = diplo.Game()
        direct.set_position(pos)
        assert direct.position() == pos
        general = dict(pos, units={k: tuple(v) for k, v in pos["units"].items()})
        other = diplo.Game()
        other.set_position(general)
        assert other.position() == pos
        play_randomly(g, rng, 1)
    with pytest.raises(diplo.DiploError, match=r"unknown power `Fr\"a\\nnce`"):
        diplo.adjudicate({"phase": "Spring 1901 Movement", "units": {"Fr\"a\nnce": ["A par"]}}, "")
    with pytest.raises(diplo.DiploError, match="expected a string"):
        diplo.adjudicate({"phase": 5, "units": {}}, "")


def test_answers_are_dicts_with_their_keys_in_order_from_a_text_or_a_dict():
    text = """phase = "Fall 1901 Retreat"
contested = ["bur"]
[units]
Germany = ["A par"]
[centres]
France = ["par"]
[[dislodged]]
power = "France"
unit = "A par"
attacker_from = "pic"
"""
    expected = {
        "centres": {"France": ["par"]},
        "contested": ["bur"],
        "dislodged": [{"attacker_from": "pic", "by_convoy": False, "power": "France", "unit": "A par"}],
        "phase": "Fall 1901 Retreat",
        "units": {"Germany": ["A par"]},
    }
    g = diplo.Game()
    g.set_position(text)
    assert g.position() == expected
    assert list(g.position()) == sorted(expected)
    again = diplo.Game()
    again.set_position(expected)  # the dict read directly
    assert again.position() == expected
    for given in (text, expected):
        out = diplo.adjudicate(given, "France: A par R bur")
        assert list(out) == ["next", "results"]
        assert out["results"] == [
            {"order": "A par R bur", "power": "France", "reason": out["results"][0]["reason"],
             "result": "illegal"}
        ]
        assert list(out["results"][0]) == ["order", "power", "reason", "result"]
        assert "left contested" in out["results"][0]["reason"]  # the dict's `contested` read
        assert list(out["next"]) == ["centres", "phase", "units"]
    g.set_orders("France", ["A par R bre"])
    g.process()
    assert [list(r) for r in g.get_results()] == [["order", "power", "reason", "result"]]
    assert g.get_results()[0]["result"] == "succeeds"


def test_integer_arguments_out_of_range_are_refused_by_name():
    # A DiploError naming the argument and what it takes, not a bare OverflowError; a count
    # of copies that would exhaust the memory is refused before any is made.
    g = diplo.Game()
    cases = [
        (lambda: g.clone_n_times(-1), r"n=-1: expected 0 to 100000 copies"),
        (lambda: g.clone_n_times(10**9), r"n=1000000000: expected 0 to 100000 copies"),
        (lambda: diplo.Game(draw_on_stalemate_years=-1), r"draw_on_stalemate_years=-1: expected"),
        (lambda: diplo.Game(draw_on_stalemate_years=70000), r"draw_on_stalemate_years=70000: expected"),
        (lambda: setattr(g, "draw_on_stalemate_years", -2), r"draw_on_stalemate_years=-2: expected"),
        (lambda: diplo.replay([], threads=-1), r"threads=-1: expected 0 \(one per core\) or more"),
    ]
    for call, message in cases:
        with pytest.raises(diplo.DiploError, match=message):
            call()
    assert len(g.clone_n_times(2)) == 2
    assert g.draw_on_stalemate_years is None


@pytest.mark.parametrize("map_name", ["standard", "modern"])
def test_mila_results_are_the_last_phase_s_in_the_saved_game(map_name):
    """`Game.mila_results()` gives the last phase's results in MILA's codes, every unit a key,
    as the whole saved game has them, phase after phase."""
    import random

    rng = random.Random(5)
    game = diplo.Game(map_name)
    assert game.mila_results() == {}
    for _ in range(25):
        if game.is_game_done:
            break
        play_randomly(game, rng, 1)
        assert game.mila_results() == game.to_saved_game_format()["phases"][-2]["results"]


def test_adjudicate_gives_mila_s_codes_when_asked():
    """`Game.adjudicate(..., mila_codes=True)` adds the results in MILA's codes, every unit a
    key: a bounce both ways in Burgundy, a support of a move its unit cannot reach void; the
    same codes as the phase's in the saved game once the same orders are processed."""
    orders = [
        "France: A par - bur",
        "Germany: A mun - bur",
        "France: F bre - mao",
        "England: F lon S F bre - mao",
    ]
    game = diplo.Game()
    plain = game.adjudicate(orders)
    assert "codes" not in plain
    codes = game.adjudicate(orders, mila_codes=True)["codes"]
    assert len(codes) == 22 and list(codes) == sorted(codes)
    assert codes["A PAR"] == ["bounce"] and codes["A MUN"] == ["bounce"]
    assert codes["F LON"] == ["void"] and codes["F BRE"] == [] and codes["A VIE"] == []
    for power in ("France", "Germany", "England"):
        game.set_orders(power, [o.split(": ")[1] for o in orders if o.startswith(power)])
    game.process()
    assert codes == game.mila_results()


def test_a_listed_support_naming_a_coast_is_read_with_its_coast():
    # Listed in MILA's shape: under the `mila` ruleset an army's support naming a coast the
    # fleet does not move to supports nothing (as in MILA), set back from the list as typed.
    for support, spain in (("A MAR S F MAO - SPA/SC", ["A SPA"]), ("A MAR S F MAO - SPA/NC", [])):
        game = diplo.Game(ruleset="mila")
        position = game.position()
        position["units"] = {"France": ["A mar", "F mao"], "Italy": ["A spa"]}
        game.set_position(position)
        listed = game.get_all_possible_orders(every_location=True)
        # Both texts as listed (a list of listed texts only is taken without being parsed).
        chosen = [o for o in listed["MAR"] + listed["MAO"] if o in (support, "F MAO - SPA/NC")]
        assert sorted(chosen) == sorted([support, "F MAO - SPA/NC"])
        game.set_orders("France", chosen)
        game.process()
        assert game.get_units("Italy") == spain, support


def test_an_order_is_the_named_power_s_even_to_another_power_s_unit():
    # The line's power gives the order: an order to another power's unit is judged as such
    # (illegal under rulesets without proxy orders), never carried out as its owner's.
    out = diplo.Game(ruleset="mila").adjudicate(["Austria: A lvp - wal", "England: F lon H"])
    assert out["results"][0]["power"] == "Austria"
    assert out["results"][0]["result"] == "illegal"
    assert "A lvp" in out["next"]["units"]["England"]
    # A line naming no power is the unit's owner's.
    out = diplo.adjudicate(diplo.Game().position(), ["A lvp - wal"])
    assert out["results"][0]["power"] == "England" and "A wal" in out["next"]["units"]["England"]
    # In an adjustment phase another power's removal removes nothing.
    game = diplo.Game(ruleset="mila")
    position = game.position()
    position.update(phase="Winter 1901 Adjustment",
                    units={"England": ["F bel", "A lon", "F lvp", "A yor"], "Austria": ["A vie"]},
                    centres={"England": ["lon", "lvp", "edi"], "Austria": ["vie", "tri", "bud"]})
    game.set_position(position)
    out = game.adjudicate(["Austria: A lon D", "England: F bel D"])
    assert sorted(out["next"]["units"]["England"]) == ["A lon", "A yor", "F lvp"]
