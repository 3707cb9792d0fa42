"""Tests of `diplo.mila`, the drop-in for the MILA `diplomacy` package (MILA's own engine tests
are run against it by crates/python/mila/run_mila_tests.py, in CI)."""

import copy

import pytest

import diplo
from diplo.mila import Game, Map, Message, Power


def test_both_imports_work():
    assert diplo.mila.Game is Game
    assert isinstance(diplo.Game(), diplo.Game)


def test_new_game_is_shaped_as_mila():
    game = Game()
    assert list(game.powers) == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
    assert isinstance(game.get_power("FRANCE"), Power)
    assert game.get_current_phase() == "S1901M" == game.current_short_phase
    assert game.phase == "SPRING 1901 MOVEMENT" and game.phase_type == "M"
    assert "F STP/SC" in game.get_units("RUSSIA")
    assert game.get_centers("FRANCE") == ["BRE", "MAR", "PAR"]
    state = game.get_state()
    assert state["name"] == "S1901M"
    assert state["builds"]["FRANCE"] == {"count": 0, "homes": []}
    assert not game.is_game_done


def test_possible_orders_are_keyed_by_every_location():
    game = Game()
    possible = game.get_all_possible_orders()
    assert set(Map().locs) <= set(possible)
    assert possible["BUR"] == []
    assert "A PAR - BUR" in possible["PAR"]
    assert possible["STP/SC"] == possible["STP"] and "F STP/SC - BOT" in possible["STP"]


def test_possible_orders_name_the_coast_of_a_supported_fleet_move_as_mila_does():
    # MILA lists a support of a fleet's move into a province of two coasts three ways: to the
    # province, and to each coast the fleet can reach (Gascony reaches Spain's north coast only).
    game = Game()
    game.clear_units()
    game.set_units("FRANCE", ["A MAR", "F GAS", "F MAO"])
    possible = game.get_all_possible_orders()
    supports = sorted(o for o in possible["MAR"] if " S " in o)
    assert supports == [
        "A MAR S F GAS",
        "A MAR S F GAS - SPA",
        "A MAR S F GAS - SPA/NC",
        "A MAR S F MAO - GAS",
        "A MAR S F MAO - SPA",
        "A MAR S F MAO - SPA/NC",
        "A MAR S F MAO - SPA/SC",
    ]
    assert "F MAO S F GAS - SPA/NC" in possible["MAO"] and "F MAO S F GAS - SPA/SC" not in possible["MAO"]
    # Taken back as the support it is, and kept in the words given.
    game.set_orders("FRANCE", ["A MAR S F GAS - SPA/NC", "F GAS - SPA/NC", "F MAO H"])
    assert game.error == []
    assert game.get_orders("FRANCE") == ["A MAR S F GAS - SPA/NC", "F GAS - SPA/NC", "F MAO H"]
    game.process()
    assert sorted(game.get_units("FRANCE")) == ["A MAR", "F MAO", "F SPA/NC"]


def test_a_coast_where_a_fleet_may_be_built_lists_that_build_and_waive():
    game = Game()
    game.clear_units()
    game.set_units("RUSSIA", ["A MOS"])
    game.set_current_phase("W1901A")
    possible = game.get_all_possible_orders()
    assert sorted(possible["STP/NC"]) == ["F STP/NC B", "WAIVE"]
    assert sorted(possible["STP/SC"]) == ["F STP/SC B", "WAIVE"]
    assert sorted(possible["STP"]) == ["A STP B", "F STP/NC B", "F STP/SC B", "WAIVE"]
    assert possible["BUL/EC"] == [] and possible["MOS"] == []


def test_a_retreat_phase_lists_no_orders_under_the_coast_of_the_unit_that_dislodged():
    # As MILA 1.1.2: the army dislodged from Spain is ordered under SPA alone, not under
    # SPA/NC, where the English fleet now stands.
    game = Game()
    game.clear_units()
    game.set_units("FRANCE", ["A SPA"])
    game.set_units("ENGLAND", ["F POR", "F MAO"])
    game.set_orders("ENGLAND", ["F POR - SPA/NC", "F MAO S F POR - SPA/NC"])
    game.process()
    assert game.get_current_phase() == "S1901R"
    possible = game.get_all_possible_orders()
    assert sorted(possible["SPA"]) == ["A SPA D", "A SPA R GAS", "A SPA R MAR"]
    assert possible["SPA/NC"] == [] and possible["SPA/SC"] == []


def test_a_game_won_at_a_winter_keeps_that_winter_s_builds_in_its_state():
    # As MILA 1.1.2: the phase type stays `A`, so the state gives the builds and removals of
    # the winter the game ended at.
    game = Game()
    game.clear_units()
    game.clear_centers()
    game.set_units("FRANCE", ["A BUR", "A PAR"])
    game.set_units("GERMANY", ["A SIL"])
    game.set_centers("FRANCE", ["PAR", "BRE", "MAR", "SPA", "POR", "BEL", "HOL", "LON", "LVP",
                                "EDI", "NWY", "SWE", "DEN", "BER", "KIE", "TUN", "NAP"])
    game.set_centers("GERMANY", ["MUN"])
    game.set_current_phase("F1901M")
    game.set_orders("FRANCE", ["A BUR - MUN"])
    game.process()
    assert game.is_game_done and game.phase_type == "A" and game.note == "Victory by: FRA"
    builds = game.get_state()["builds"]
    assert builds["FRANCE"] == {"count": 2, "homes": ["BRE", "MAR"]}
    assert builds["GERMANY"] == {"count": -1, "homes": []}


def test_a_neutral_power_has_no_orderable_locations():
    # diplo's known_world_901 has a neutral power (MILA's NEUTRALSTATE orders; README: `diplo.mila`).
    game = Game(map_name="known_world_901")
    assert game.map.neutral_powers == ["NEUTRALSTATE"]
    assert game.get_orderable_locations("NEUTRALSTATE") == []
    assert len(game.get_power("NEUTRALSTATE").units) == 49
    assert game.get_orderable_locations("CHINA") and Game().map.neutral_powers == []


def test_a_saved_retreat_phase_resumes_where_the_attacker_s_place_was_refilled():
    # On `pure` every province borders every other: Austria moves into Paris, which France's
    # attacker left, so the saved game's options (Vienna) leave no empty place to take for the
    # attacker's. As MILA 1.1.2: `A ROM D` and `A ROM R VIE`, and the retreat is made.
    game = Game(map_name="pure")
    game.set_orders("FRANCE", ["A PAR - ROM"])
    game.set_orders("GERMANY", ["A BER S A PAR - ROM"])
    game.set_orders("AUSTRIA", ["A VIE - PAR"])
    game.process()
    assert game.get_state()["retreats"]["ITALY"] == {"A ROM": ["VIE"]}
    resumed = diplo.mila.from_saved_game_format(diplo.mila.to_saved_game_format(game))
    assert sorted(resumed.get_all_possible_orders()["ROM"]) == ["A ROM D", "A ROM R VIE"]
    resumed.set_orders("ITALY", ["A ROM R VIE"])
    resumed.process()
    assert resumed.get_units("ITALY") == ["A VIE"]


def test_no_check_keeps_orders_as_typed_and_reads_them_in_upper_case():
    # As MILA 1.1.2: with NO_CHECK the orders are kept as given (spacing made single), and
    # adjudicated as if in upper case.
    game = Game(rules=["NO_CHECK"])
    game.set_orders("FRANCE", ["a par  - bur", "A MAR - spa", "F BRE - mao", "a par"])
    assert game.get_orders("FRANCE") == ["a par - bur", "A MAR - spa", "F BRE - mao"]
    assert game.error == ["BAD ORDER: A PAR"]
    game.process()
    assert sorted(game.get_units("FRANCE")) == ["A BUR", "A SPA", "F MAO"]


def test_the_hash_is_mila_s_zobrist_hash():
    # The numbers MILA 1.1.2's `get_hash()` gives for these positions (observed); derived maps
    # share their parent's numbers, so a new start hashes differently.
    assert Game().get_hash() == "1919110489198082658"
    assert Game(map_name="ancmed").get_hash() == "4577381174574430246"
    assert Game(map_name="standard_age_of_empires").get_hash() == "3716567396734169032"
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR", "F BRE - MAO"])
    game.set_orders("GERMANY", ["A MUN - BUR"])
    game.process()
    game.set_orders("FRANCE", ["A PAR - BUR"])
    game.process()
    assert game.get_current_phase() == "S1902M"
    assert game.get_hash() == game.get_state()["zobrist_hash"] == "164941633399474004"


def test_set_orders_keeps_the_good_orders_and_reports_the_bad():
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR", "A MAR - MUN", "F BRE - PIC"])
    assert sorted(game.get_orders("FRANCE")) == ["A PAR - BUR", "F BRE - PIC"]
    assert any("A MAR - MUN" in e for e in game.error)
    game.set_orders("ENGLAND", ["LON H"])
    assert game.get_orders("ENGLAND") == ["F LON H"]


def test_results_are_mila_codes():
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR", "A MAR - BUR"])
    game.process()
    assert game.get_current_phase() == "F1901M"
    assert game.get_order_status(unit="A PAR") == ["bounce"]
    assert game.result_history.last_value()["A MAR"] == ["bounce"]
    assert game.get_phase_from_history("S1901M").results["A PAR"] == ["bounce"]
    assert game.order_history.last_value()["FRANCE"] == ["A PAR - BUR", "A MAR - BUR"]


def test_a_dislodged_unit_retreats_by_diplos_engine():
    game = Game()
    game.clear_units()
    game.set_units("AUSTRIA", ["F TRI"])
    game.set_units("ITALY", ["A VEN", "A TYR"])
    game.set_orders("AUSTRIA", ["F TRI H"])
    game.set_orders("ITALY", ["A VEN S A TYR - TRI", "A TYR - TRI"])
    game.process()
    assert game.get_current_phase() == "S1901R"
    assert game.get_order_status(unit="F TRI") == ["dislodged"]
    assert "ALB" in game.get_power("AUSTRIA").retreats["F TRI"]
    game.set_orders("AUSTRIA", ["F TRI R ALB"])
    game.process()
    assert game.get_units("AUSTRIA") == ["F ALB"]


def test_one_build_allowed_with_a_waive_builds():
    game = Game()
    game.clear_units()
    game.clear_centers()
    game.set_centers("AUSTRIA", ["VIE"])
    game.set_current_phase("W1901A")
    game.set_orders("AUSTRIA", ["WAIVE", "A VIE B"])
    game.process()
    assert game.get_units("AUSTRIA") == ["A VIE"]


def test_no_check_keeps_every_order_and_voids_the_bad_at_adjudication():
    game = Game()
    game.add_rule("NO_CHECK")
    game.set_orders("FRANCE", ["A MAR - MUN"])
    assert game.get_orders("FRANCE") == ["A MAR - MUN"]
    game.process()
    assert game.get_order_status(unit="A MAR") == ["void"]


def test_unknown_rules_are_refused():
    with pytest.raises(diplo.DiploError, match="ruleset"):
        Game(rules=["1971"])
    with pytest.raises(diplo.DiploError, match="not one of MILA's rules"):
        diplo.Game(rules=["1971"])
    assert "BUILD_ANY" in diplo.mila_rules()
    game = Game(rules=["NO_PRESS", "BUILD_ANY"])
    assert game.rules == ["NO_PRESS", "BUILD_ANY"]
    game.remove_rule("BUILD_ANY")
    assert game.rules == ["NO_PRESS"]


def test_state_can_be_set():
    game = Game()
    game.clear_units()
    game.set_units("FRANCE", ["A PAR", "F PAR"])  # a fleet cannot stand in Paris
    assert game.get_units("FRANCE") == ["A PAR"] and game.error
    game.set_centers("FRANCE", ["PAR", "GAS"])  # Gascony is no supply centre
    assert game.get_centers("FRANCE") == ["BRE", "MAR", "PAR"]
    game.clear_centers("FRANCE")
    assert game.get_centers("FRANCE") == []
    other = Game()
    other.set_state(game.get_state())
    assert other.get_units() == game.get_units() and other.get_hash() == game.get_hash()


def test_hash_copies_and_dicts():
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR"])
    game.add_message(Message(sender="FRANCE", recipient="ENGLAND", message="Hello"))
    twin = copy.deepcopy(game)
    assert twin.get_hash() == game.get_hash() == game.rebuild_hash()
    game.process()
    assert game.get_hash() != twin.get_hash()
    assert [m.message for m in game.message_history.last_value().values()] == ["Hello"]
    back = Game.from_dict(game.to_dict())
    assert back.get_units() == game.get_units()
    assert list(back.state_history) == ["S1901M"]
    saved = diplo.mila.to_saved_game_format(game)
    assert [p["name"] for p in saved["phases"]] == ["S1901M", "F1901M"]
    again = diplo.mila.from_saved_game_format(saved)
    assert again.get_units() == game.get_units()


def test_game_ends_completed():
    game = Game()
    game.phase = "COMPLETED"
    assert game.is_game_done


def test_mila_readme_loop_runs_with_only_the_import_changed():
    import random

    rng = random.Random(7)
    game = Game()
    errors = []
    while not game.is_game_done and len(game.state_history) < 12:
        possible_orders = game.get_all_possible_orders()
        for power_name, power in game.powers.items():
            power_orders = [rng.choice(possible_orders[loc]) for loc in game.get_orderable_locations(power_name)
                            if possible_orders[loc]]
            game.set_orders(power_name, power_orders)
        errors += game.error
        game.process()
    # Every possible order is one the game accepts.
    assert errors == []
    assert len(game.state_history) == 12


def test_phase_names_have_four_digit_years_as_mila():
    game = Game(map_name="ancmed")
    assert game.get_current_phase() == "S0001M"
    assert game.phase == "SPRING 1 MOVEMENT"
    game.process()
    assert game.get_current_phase() == "F0001M"
    assert Map("ancmed").phase_long("W0001A") == "WINTER 1 ADJUSTMENTS"


def test_render_as_mila_with_the_orders_set_and_after_the_end(tmp_path):
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR"])
    svg = game.render(incl_orders=True, incl_abbrev=True)
    assert svg.startswith("<svg") and 'data-order="A par - bur"' in svg
    assert 'class="order"' not in game.render(incl_orders=False)
    out = tmp_path / "s.svg"
    assert game.render(output_path=str(out)) == out.read_text()
    game.draw()
    assert game.is_game_done and game.render().startswith("<svg")


def test_a_map_is_read_once_per_name_as_in_mila():
    # As MILA's MAP_CACHE: the same object for the same name; `use_cache=False`, a copy or a
    # pickle give another one, and the cached one is not changed by them.
    import pickle

    a, b = Map("standard"), Map("standard")
    assert a is b and Game().map is a
    fresh = Map("standard", use_cache=False)
    assert fresh is not a and fresh.locs == a.locs
    copied = copy.deepcopy(a)
    assert copied is not a and copied.locs == a.locs and Map("standard") is a
    assert pickle.loads(pickle.dumps(a)).loc_abut == a.loc_abut
    with pytest.raises(diplo.DiploError):
        Map("no-such-map")
    with pytest.raises(diplo.DiploError):
        Map("no-such-map")  # a failed reading is not kept


def test_the_histories_stay_in_phase_order_whatever_order_they_are_set_in():
    from diplo.mila import SortedDict

    g = Game()
    history = SortedDict(sort_key=g.map.phase_key)
    for name in ["F1901M", "S1902M", "S1901M", "W1901A", "F1901R", "S1902M"]:
        history.put(name, name.lower())
    assert list(history) == ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M"]
    assert history.last_key() == "S1902M" and history.first_value() == "s1901m"


def test_orders_listed_as_possible_are_taken_without_asking_the_engine_again(monkeypatch):
    # Orders the engine listed as possible on the board as it stands are legal for their
    # power; another power's, or any order once the board changed, are checked as before.
    asked = []
    real = Game._judge  # where `set_orders` asks the engine
    monkeypatch.setattr(Game, "_judge", lambda self, lines: asked.append(lines) or real(self, lines))
    g = Game()
    possible = g.get_all_possible_orders()
    g.set_orders("FRANCE", [possible["PAR"][1], "A MAR - BUR"])
    assert g.error == [] and len(g.get_orders("FRANCE")) == 2
    # Typed back in another case or spacing (as a language model answers): still listed.
    g.set_orders("ITALY", ["  a ven - tyr", "f nap - ion "])
    assert g.get_orders("ITALY") == ["A VEN - TYR", "F NAP - ION"]
    assert asked == []
    g.set_orders("GERMANY", [possible["PAR"][0]])  # France's unit
    assert any("PAR" in e for e in g.error)
    g.error.clear()
    # The board changed behind the game's back (no `clear_cache`): the listing is not trusted.
    g.get_power("FRANCE").units.remove("A PAR")
    g.set_orders("FRANCE", ["A MAR S A PAR - BUR"])
    assert g.error == ["Invalid order A MAR S A PAR - BUR: there is no unit in Paris"]
    assert "A MAR S A PAR - BUR" not in g.get_orders("FRANCE")
    assert asked == [["FRANCE: A MAR S A PAR - BUR"]]


def test_possible_orders_follow_the_board_even_when_it_changed_in_place():
    g = Game()
    assert "A PAR - BUR" in g.get_all_possible_orders()["PAR"]
    # The board changed behind the game's back (no `clear_cache`): listed again.
    france = g.get_power("FRANCE")
    france.units[france.units.index("A PAR")] = "A BUR"
    possible = g.get_all_possible_orders()
    assert possible["PAR"] == [] and "A BUR - PAR" in possible["BUR"]
    # Each list is the caller's own.
    possible["BUR"].append("A BUR - MOS")
    assert "A BUR - MOS" not in g.get_all_possible_orders()["BUR"]
    g.set_orders("FRANCE", ["A BUR - MOS"])  # not taken as listed: checked, and refused
    assert g.get_orders("FRANCE") == [] and len(g.error) == 1


def test_a_listed_order_set_twice_without_replace_is_refused_as_any_order():
    g = Game()
    possible = g.get_all_possible_orders()
    g.set_orders("FRANCE", [possible["PAR"][0]])
    g.set_orders("FRANCE", [possible["PAR"][1]], replace=False)
    assert g.error == ["Unit A PAR already ordered"]
    assert g.get_orders("FRANCE") == [possible["PAR"][0]]
    g.set_orders("FRANCE", [possible["PAR"][1]])
    assert g.get_orders("FRANCE") == [possible["PAR"][1]]


def test_games_play_alike_whether_the_engine_moved_with_the_game_or_was_set_each_phase():
    # The drop-in adjudicates on the engine it lists possible orders with, which then stands
    # at the next position; a game that sets the engine's position afresh every phase (as
    # one loaded from a dict would) must list the same orders, in the same order.
    import random

    for name in ["standard", "ancmed", "modern", "chaos"]:
        rng = random.Random(7)
        g = Game(map_name=name)
        for _ in range(12):
            possible = g.get_all_possible_orders()
            fresh = diplo.Game(g.map_name, g.ruleset)
            fresh.set_position(g._position())
            assert possible == fresh.get_all_possible_orders(every_location=True), (name, g.phase)
            for power in g.powers:
                locs = g.get_orderable_locations(power)
                g.set_orders(power, [rng.choice(possible[loc]) for loc in locs if possible[loc]])
            g.process()


def test_a_board_set_between_phases_is_adjudicated_as_set_with_or_without_listing_orders():
    for listing in (False, True):
        g = Game()
        g.set_orders("FRANCE", ["A PAR - BUR"])
        g.process()
        g.set_units("GERMANY", ["A RUH"])  # the engine's position is set again
        if listing:
            g.get_all_possible_orders()
        g.set_orders("GERMANY", ["A MUN - BUR", "A RUH S A MUN - BUR"])
        g.process()
        assert g.get_current_phase() == "F1901R"
        assert "A BUR" in g.get_units("GERMANY") and "A BUR" in g.get_power("FRANCE").retreats
        assert g.get_order_status("FRANCE")["A BUR"] == ["dislodged"]
        g.add_rule("NO_CHECK")  # new rules: a new engine
        g.set_orders("FRANCE", ["A BUR R PIC"])
        g.process()
        assert "A PIC" in g.get_units("FRANCE")

@pytest.mark.parametrize("orders, france_codes, waives", [
    # (France's orders, the codes of its units' results, the codes under WAIVE): as MILA
    # 1.1.2 gives them for this board (France may build two, England must remove one and
    # also waives, which is void).
    (["A PAR B"], {"A MAR": [""], "A PAR": [""]}, ["void"]),
    (["A PAR B", "A MAR B", "WAIVE"], {"A MAR": [""], "A PAR": [""]}, ["void"]),  # extra waive dropped
    (["WAIVE"], {"A MAR": [""]}, ["void", "void"]),  # the build not ordered is waived
    ([], {}, ["void"]),  # no orders clear the earlier ones
])
def test_waives_and_their_codes_as_mila(orders, france_codes, waives):
    g = Game()
    g.clear_units("FRANCE")
    g.set_units("FRANCE", ["F BRE"])
    g.clear_units("ENGLAND")
    g.set_units("ENGLAND", ["F LON", "F EDI", "A LVP", "A WAL"])
    g.set_current_phase("W1901A")
    g.set_orders("FRANCE", ["A MAR B"])
    g.set_orders("FRANCE", orders)
    g.set_orders("ENGLAND", ["WAIVE", "A WAL D"])
    g.process()
    codes = {unit: sorted(str(c) for c in cs) for unit, cs in g.result_history.last_value().items()}
    assert codes.pop("WAIVE") == waives
    assert codes.pop("A WAL") == [""]
    assert codes == france_codes
    assert sorted(g.get_units("FRANCE")) == sorted(["F BRE"] + list(france_codes))


@pytest.mark.parametrize("support, supported", [
    # As MILA 1.1.2 adjudicates them: an army's support of a fleet naming another coast than
    # the fleet's move supports nothing; naming its coast, or none, it counts. A fleet's support
    # naming another coast counts (MILA's order expansion puts it on the move's coast).
    ("A GRE S F CON - BUL/EC", False),
    ("A GRE S F CON - BUL/SC", True),
    ("A GRE S F CON - BUL", True),
    ("F AEG S F CON - BUL/EC", True),
])
def test_a_support_naming_another_coast_as_mila(support, supported):
    g = Game()
    for power in g.powers:
        g.clear_units(power)
    g.set_units("TURKEY", ["F CON", support[:5]])
    g.set_units("RUSSIA", ["A SER"])
    g.set_orders("TURKEY", ["F CON - BUL/SC", support])
    g.set_orders("RUSSIA", ["A SER - BUL"])
    g.process()
    assert ("F BUL/SC" in g.get_units("TURKEY")) is supported
    assert g.get_order_status(unit=support[:5]) == ([] if supported else ["void"])


# The map files of MILA's package (diplomacy 1.1.2, `diplomacy/maps/*.map`), by their names.
MILA_MAP_NAMES = [
    "ancmed", "ancmed_age_of_empires", "colonial", "empire", "known_world_901", "modern", "pure",
    "standard", "standard_age_of_empires", "standard_age_of_empires_2", "standard_fleet_rome",
    "standard_france_austria", "standard_germany_italy", "world",
]


@pytest.mark.parametrize("name", MILA_MAP_NAMES)
def test_every_map_of_mila_s_package_loads_by_its_mila_name(name):
    g = Game(map_name=name)
    assert g.map_name == name
    possible = g.get_all_possible_orders()
    assert any(possible.values())
    # Whether each is MILA's map province for province: tests/tests/it/import_corpus.rs.


@pytest.mark.parametrize("map_name", ["standard", "ancmed", "modern"])
def test_the_native_saved_game_is_the_drop_ins(map_name):
    """`diplo.Game.to_saved_game_format` (Rust) writes what `diplo.mila` writes (which CI
    compares with MILA's package itself): the same random orders given to both under the `mila`
    ruleset, every phase's orders, result codes and state compared (waives aside: the drop-in
    keeps them as MILA does when orders are set, the native game as given; MILA's order within
    the unit, centre and influence lists aside, which the drop-in keeps and the native game
    does not; the drop-in's hash and time stamp aside, which diplo's own saved game does not
    write; each game's id aside)."""
    import random

    def state(phase):
        s = dict(phase["state"])
        s.pop("zobrist_hash", None)
        s.pop("timestamp", None)
        assert s.pop("game_id").startswith("diplo-")  # each game's own
        assert s["map"] == map_name
        for field in ("influence", "units", "centers"):
            s[field] = {p: sorted(v) for p, v in s[field].items()}
        return s

    rng = random.Random(7)
    for _ in range(2):
        dropin = Game(map_name=map_name)
        native = diplo.Game(map_name, ruleset="mila", rules=list(dropin.rules))
        for _ in range(30):
            if native.is_game_done:
                break
            possible = native.get_all_possible_orders()
            for power in list(native.powers):
                locations = native.get_orderable_locations(power)
                orders = [rng.choice(possible[loc]) for loc in locations if possible[loc]]
                orders = [o for o in orders if o != "WAIVE"]
                native.set_orders(power, orders)
                dropin.set_orders(power, orders)
            native.process()
            dropin.process()
        ours = native.to_saved_game_format()["phases"]
        theirs = diplo.mila.to_saved_game_format(dropin)["phases"]
        assert [p["name"] for p in ours] == [p["name"] for p in theirs]
        for a, b in zip(ours, theirs):
            a["results"].pop("WAIVE", None)
            b["results"].pop("WAIVE", None)
            assert a["results"] == b["results"], a["name"]
            assert a["orders"] == b["orders"], a["name"]
            assert state(a) == state(b), a["name"]


def test_units_and_influence_are_listed_in_mila_s_order():
    """A unit that moves goes to the end of its power's list, and its province to the end of
    its influence (observed on MILA 1.1.2 with the same orders); the starting lists are in the
    order of MILA's map files."""
    g = Game()
    assert g.get_units("RUSSIA") == ["A WAR", "A MOS", "F SEV", "F STP/SC"]
    g.set_orders("FRANCE", ["A PAR - BUR", "F BRE - MAO"])
    g.set_orders("RUSSIA", ["A WAR - GAL"])
    g.process()
    state = g.get_state()
    assert state["units"]["FRANCE"] == ["A MAR", "F MAO", "A BUR"]
    assert state["influence"]["FRANCE"] == ["BRE", "MAR", "PAR", "MAO", "BUR"]
    assert state["units"]["RUSSIA"] == ["A MOS", "F SEV", "F STP/SC", "A GAL"]
    assert state["influence"]["RUSSIA"] == ["WAR", "MOS", "SEV", "STP", "GAL"]


def test_a_power_with_a_hyphen_in_its_name_is_keyed_as_mila_keys_it():
    """MILA keys `British-Columbia` as `BRITISHCOLUMBIA`; its orders reach diplo's engine under
    its own name (a move into a province left by a unit moving on, as MILA 1.1.2 plays it)."""
    g = Game(map_name="empire")
    assert "BRITISHCOLUMBIA" in g.powers and "NEWYORK" in g.powers
    assert not any("-" in p or " " in p for p in g.powers)
    g.set_orders("BRITISHCOLUMBIA", ["A VAN - IDA", "A CGY - VAN"])
    assert g.error == []
    g.process()
    assert g.get_units("BRITISHCOLUMBIA") == ["F ANC", "A IDA", "A VAN"]
    assert g.get_state()["influence"]["BRITISHCOLUMBIA"] == ["CGY", "ANC", "IDA", "VAN"]


def test_centres_taken_come_last_in_mila_s_order():
    """A centre a power takes goes to the end of its list (observed on MILA 1.1.2 with the same
    orders: Russia's Galicia army into Rumania, Austria's Serbia and Greece taken in the order
    MILA takes unowned centres)."""
    g = Game()
    g.set_orders("RUSSIA", ["A WAR - GAL", "F SEV - RUM"])
    g.set_orders("AUSTRIA", ["A BUD - SER", "F TRI - ALB"])
    g.process()
    g.set_orders("AUSTRIA", ["F ALB - GRE"])
    g.process()
    assert g.get_current_phase() == "W1901A"
    assert g.get_centers("RUSSIA") == ["MOS", "SEV", "STP", "WAR", "RUM"]
    assert g.get_centers("AUSTRIA") == ["BUD", "TRI", "VIE", "GRE", "SER"]


def test_a_year_of_moves_captures_and_builds_lists_as_mila_lists():
    """Units that move go last in the order of their power's list, centres taken come last,
    builds come last in the order given (observed on MILA 1.1.2 with the same orders)."""
    g = Game()
    g.set_orders("FRANCE", ["A PAR - BUR", "F BRE - MAO", "A MAR - SPA"])
    g.process()
    assert g.get_units("FRANCE") == ["F MAO", "A SPA", "A BUR"]
    g.set_orders("FRANCE", ["F MAO - POR", "A SPA H", "A BUR H"])
    g.process()
    assert g.get_current_phase() == "W1901A"
    assert g.get_units("FRANCE") == ["A SPA", "A BUR", "F POR"]
    assert g.get_centers("FRANCE") == ["BRE", "MAR", "PAR", "POR", "SPA"]
    g.set_orders("FRANCE", ["F MAR B", "A PAR B"])
    g.process()
    assert g.get_units("FRANCE") == ["A SPA", "A BUR", "F POR", "F MAR", "A PAR"]
    assert g.get_state()["influence"]["FRANCE"] == ["BRE", "MAR", "PAR", "MAO", "SPA", "BUR", "POR"]


def test_a_map_whose_powers_share_a_mila_key_is_refused(tmp_path):
    """Two powers MILA would key alike (`Eng-land` and `England`: `ENGLAND`) are refused with
    both names, not merged into one."""
    import pathlib

    standard = pathlib.Path(__file__).resolve().parents[3] / "maps" / "standard.toml"
    path = tmp_path / "clash.toml"
    path.write_text(standard.read_text().replace('"Austria"', '"Eng-land"'))
    diplo.Game(str(path))  # a good map for diplo itself
    with pytest.raises(diplo.DiploError, match="`Eng-land` and `England` share the key `ENGLAND`"):
        Game(map_name=str(path))


def test_a_removal_ordered_by_another_power_removes_nothing():
    # As MILA 1.1.2 (observed): England must remove one unit and orders F BEL removed;
    # Austria's order to remove England's A LON is void and removes nothing.
    game = Game()
    game.clear_units()
    game.clear_centers()
    game.set_units("ENGLAND", ["F BEL", "A LON", "F LVP", "A YOR"])
    game.set_centers("ENGLAND", ["LON", "LVP", "EDI"])
    game.set_units("AUSTRIA", ["A VIE", "A TYR"])
    game.set_centers("AUSTRIA", ["VIE", "TRI", "BUD"])
    game.set_current_phase("W1901A")
    game.set_orders("AUSTRIA", ["A LON D"])
    game.set_orders("ENGLAND", ["F BEL D", "A LON D"])
    game.process()
    assert sorted(game.get_units("ENGLAND")) == ["A LON", "A YOR", "F LVP"]
    results = game.result_history.last_value()
    assert results["F BEL"] == [""] and results["A LON"] == ["void", "void"]


def _adjusting(units, centres, power="TURKEY"):
    """A game at W1901A where `power` has `units` and `centres` (and no one else anything)."""
    game = Game()
    game.clear_units()
    game.clear_centers()
    game.set_units(power, units)
    game.set_centers(power, centres)
    game.set_current_phase("W1901A")
    return game


def test_adjustment_orders_are_refused_when_set_as_mila_refuses_them():
    # Observed on MILA 1.1.2: each refused order is reported with MILA's words and left out
    # of the orders, and the others are kept.
    game = _adjusting(["A SMY", "A GRE", "F BUL/SC"], ["ANK", "CON", "SMY", "BUL", "GRE"])
    game.set_orders("TURKEY", ["F SEV B", "A CON B", "A SMY D", "A ANK B", "F ANK B", "A BER R KIE"])
    assert game.get_orders("TURKEY") == ["A CON B", "A ANK B"]
    assert game.error == ["INVALID BUILD SITE: F SEV B", "ORDER NOT ALLOWED: A SMY D",
                          "MULTIPLE BUILDS IN SITE: F ANK B", "BAD ADJUSTMENT ORDER: A BER R KIE"]
    game = _adjusting(["A SMY", "A GRE", "F BUL/SC"], ["SMY"])
    game.set_orders("TURKEY", ["A CON B", "WAIVE", "A MOS D", "A GRE D", "A GRE D"])
    assert game.get_orders("TURKEY") == ["A GRE D"]
    assert game.error == ["ORDER NOT ALLOWED: A CON B", "WAIVE NOT ALLOWED FOR DISBAND",
                          "NO SUCH UNIT: A MOS", "MULTIPLE ORDERS FOR UNIT: A GRE"]
    game.process()
    assert game.get_units("TURKEY") == ["A SMY"]  # A GRE removed, then BUL/SC by civil disorder


def test_retreat_orders_are_refused_when_set_as_mila_refuses_them():
    game = Game()
    game.clear_units()
    game.set_units("ITALY", ["A BRE", "A PAR"])
    game.set_units("AUSTRIA", ["A GAS"])
    game.set_orders("ITALY", ["A BRE - GAS", "A PAR S A BRE - GAS"])
    game.process()
    assert game.get_current_phase() == "S1901R"
    game.set_orders("AUSTRIA", ["A PAR R BUR", "A GAS R BRE", "A GAS R MAR", "A GAS R SPA", "A GAS - XXX H"])
    assert game.get_orders("AUSTRIA") == ["A GAS R MAR"]
    assert game.error[:3] == ["UNIT NOT IN RETREAT: A PAR", "INVALID RETREAT DESTINATION: A GAS R BRE",
                              "TWO ORDERS FOR RETREATING UNIT: A GAS"]


def test_supports_are_written_with_the_coasts_mila_writes():
    # Observed on MILA 1.1.2: a fleet's support of a fleet to a coast it need not name loses
    # the coast (`BUL`: Constantinople reaches both); an army's support of a fleet keeps it; a
    # supported fleet named without its coast gets it; an army moves to a province; a
    # support naming a coast no unit is on, or a convoy to a coast, is refused.
    game = Game()
    game.clear_units()
    game.set_units("TURKEY", ["F RUM", "F CON", "A SER", "A BUL"])
    game.set_units("RUSSIA", ["F STP/SC", "A MOS", "F BOT", "A FIN"])
    game.set_units("FRANCE", ["A MAR", "F GAS", "F MAO", "F POR", "F LYO", "A BRE"])
    game.set_orders("TURKEY", ["F RUM S F CON - BUL/EC", "A SER S F CON - BUL/SC", "F CON - BUL/EC"])
    assert game.get_orders("TURKEY") == ["F RUM S F CON - BUL", "A SER S F CON - BUL/SC", "F CON - BUL/EC"]
    game.set_orders("RUSSIA", ["A MOS S F STP", "F BOT S F STP - LVN", "A FIN S F STP/NC"])
    assert game.get_orders("RUSSIA") == ["A MOS S F STP/SC", "F BOT S F STP/SC - LVN"]
    assert len(game.error) == 1 and "A FIN S F STP/NC" in str(game.error[0])
    game.error.clear()
    game.set_orders("FRANCE", ["A MAR S F GAS - SPA/NC", "F POR S F MAO - SPA/NC", "A BRE - SPA/NC",
                               "F LYO C A MAR - SPA/NC"])
    assert game.get_orders("FRANCE") == ["A MAR S F GAS - SPA/NC", "F POR S F MAO - SPA", "A BRE - SPA"]
    assert len(game.error) == 1  # the convoy to a coast
    # A coast the province has not: an army's move loses it, a fleet's is refused.
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR/NC", "F BRE - GAS/NC", "A MAR - SPA/WC"])
    assert game.get_orders("FRANCE") == ["A PAR - BUR", "A MAR - SPA"]
    assert any("F BRE - GAS/NC" in str(e) for e in game.error)


def test_with_no_check_an_order_to_no_unit_has_no_result():
    game = Game(rules=["NO_CHECK"])
    game.set_orders("FRANCE", ["A BUR - PAR", "F PIC H", "A BRE H", "A PAR B"])
    game.process()
    results = game.result_history.last_value()
    assert "A BUR" not in results and "F PIC" not in results and "A BRE" not in results
    assert results["F BRE"] == [] and results["A PAR"] == ["void"]


def test_with_no_centres_owned_the_homes_are_taken_as_mila_takes_them():
    # MILA gives each power its home centres when the centres are next taken and no power
    # owns any (`clear_centers`).
    game = Game()
    game.clear_units()
    game.clear_centers()
    game.set_units("FRANCE", ["A BRE", "A PAR"])
    game.set_orders("FRANCE", "A PAR - PIC")
    game.process()
    assert game.get_centers("FRANCE") == []
    game.set_orders("FRANCE", ["A PIC - BEL", "A BRE - PAR"])
    game.process()
    assert game.get_current_phase() == "W1901A"
    assert game.get_centers("FRANCE") == ["BRE", "MAR", "PAR", "BEL"]
    assert game.get_centers("ENGLAND") == ["EDI", "LON", "LVP"]
    game.set_orders("FRANCE", "A BRE B")
    assert game.get_orders("FRANCE") == ["A BRE B"] and game.error == []


def test_a_map_that_builds_in_any_owned_centre_brings_mila_s_build_any():
    # MILA's Age of Empires map file says `RULE BUILD_ANY` (diplo's `build = "owned-centres"`):
    # the game's rules end with it, and a power builds in any centre it owns (observed on MILA
    # 1.1.2: Austria, whose only home is Vienna, builds in Budapest too).
    game = Game(map_name="standard_age_of_empires")
    assert game.rules[-1] == "BUILD_ANY"
    game.clear_units()
    game.set_centers("AUSTRIA", ["VIE", "BUD", "TRI"])
    game.set_units("AUSTRIA", ["A TRI"])
    game.set_current_phase("W1901A")
    assert game.get_state()["builds"]["AUSTRIA"] == {"count": 2, "homes": ["VIE", "BUD"]}
    assert game.get_orderable_locations("AUSTRIA") == ["BUD", "VIE"]


def test_the_hosting_api_answers_as_mila_s_local_game():
    # Observed on MILA 1.1.2 for `Game()`: a local game stays `forming` until it ends, no user
    # controls a power, the rules' flags and the order settings (0 none, 1 empty, 2 orders).
    game = Game()
    assert game.status == "forming" and game.is_game_forming and not game.is_game_active
    assert game.no_press and game.solitaire and not game.public_press
    assert game.n_controls == 0 and game.deadline == 0
    assert game.get_dummy_power_names() == set(game.powers)
    assert game.zobrist_hash == 1919110489198082658
    assert not game.does_not_wait()
    france = game.get_power("FRANCE")
    assert france.wait and not france.moves_submitted()
    game.set_orders("FRANCE", ["A PAR - BUR"])
    assert france.order_is_set == 2 and france.moves_submitted()
    game.set_orders("ENGLAND", [])
    assert game.get_power("ENGLAND").order_is_set == 1
    assert "FRANCE" not in game.get_dummy_unordered_power_names()
    game.draw()
    assert game.status == "completed" and game.is_game_completed
    assert game.note == "Victory by: AUS, ENG, FRA, GER, ITA, RUS, TUR"
    assert game.outcome == ["S1901M"] + sorted(game.powers)


def _munich_dislodged():
    """A game at S1901R: France's Burgundy army, supported from the Ruhr, has dislodged
    Germany's army in Munich."""
    game = Game()
    game.clear_units()
    game.set_units("FRANCE", ["A BUR", "A RUH"])
    game.set_units("GERMANY", ["A MUN", "F KIE"])
    game.set_orders("FRANCE", ["A BUR - MUN", "A RUH S A BUR - MUN"])
    game.set_orders("GERMANY", ["A MUN H"])
    game.process()
    return game


def test_to_dict_has_mila_s_shape_and_reads_back_at_a_retreat():
    # The keys of MILA 1.1.2's `Game.to_dict()` and `Power.to_dict()` (observed; MILA's
    # `Game.from_dict` reads the drop-in's dict, which also names its ruleset).
    game = _munich_dislodged()
    assert game.get_current_phase() == "S1901R"
    data = game.to_dict()
    assert set(data) == {
        "controlled_powers", "daide_port", "deadline", "error", "game_id", "map_name",
        "message_history", "messages", "meta_rules", "n_controls", "no_rules", "note",
        "observer_level", "order_history", "outcome", "phase", "phase_abbr", "powers",
        "registration_password", "result_history", "role", "rules", "state_history", "status",
        "timestamp_created", "victory", "win", "zobrist_hash", "ruleset"}
    assert set(data["powers"]["GERMANY"]) == {
        "abbrev", "adjust", "centers", "civil_disorder", "controller", "homes", "influence",
        "name", "order_is_set", "orders", "retreats", "role", "tokens", "units", "vote", "wait"}
    assert data["phase"] == "SPRING 1901 RETREATS" and data["powers"]["GERMANY"]["retreats"]
    back = Game.from_dict(data)
    assert back.get_units() == game.get_units() and back.get_hash() == game.get_hash()
    assert back.get_power("GERMANY").retreats == game.get_power("GERMANY").retreats
    assert list(back.state_history) == list(game.state_history)
    back.set_orders("GERMANY", ["A MUN R BOH"])
    back.process()
    assert "A BOH" in back.get_units("GERMANY")
    # A dict of the shape `to_dict` gave before still reads.
    older = {"id": "g", "map": "standard", "rules": ["NO_PRESS"], "phase": "S1901M",
             "state": Game().get_state(), "orders": {"FRANCE": ["A PAR - BUR"]}}
    assert Game.from_dict(older).get_orders("FRANCE") == ["A PAR - BUR"]


def test_a_saved_game_resumes_at_a_retreat():
    # A saved game keeps a dislodged unit's retreat options, not where it was attacked from:
    # resumed, the game finds the same options and carries out the retreat.
    game = _munich_dislodged()
    resumed = diplo.mila.from_saved_game_format(diplo.mila.to_saved_game_format(game))
    assert resumed.get_current_phase() == "S1901R"
    assert sorted(resumed.get_all_possible_orders()["MUN"]) == [
        "A MUN D", "A MUN R BER", "A MUN R BOH", "A MUN R SIL", "A MUN R TYR"]
    resumed.set_orders("GERMANY", ["A MUN R BOH"])
    resumed.process()
    assert sorted(resumed.get_units("GERMANY")) == ["A BOH", "F KIE"]


def test_a_bad_game_dict_is_refused_naming_every_problem():
    data = Game().to_dict()
    data["powers"]["FRANCE"]["units"] = "A PAR"
    data["powers"]["ATLANTIS"] = {}
    data["messages"] = [{"sender": "FRANCE"}]
    with pytest.raises(diplo.DiploError) as refused:
        Game.from_dict(data)
    text = str(refused.value)
    assert "3 problems" in text and "`powers.FRANCE.units`" in text
    assert "`powers.ATLANTIS`" in text and "`messages[0]`" in text
    with pytest.raises(diplo.DiploError, match="expected a dict"):
        Game.from_dict(None)
    with pytest.raises(diplo.DiploError, match="phase of the map"):
        Game.from_dict(dict(Game().to_dict(), phase="SUMMER 1901 MOVEMENT"))


def test_units_set_as_mila_lets_them_be_set_keep_the_game_playable():
    # A dislodged unit set outside a retreat phase (MILA accepts it) changes no possible order.
    game = Game()
    game.set_units("ENGLAND", ["*A BUR"])
    possible = game.get_all_possible_orders()
    assert "A PAR - BUR" in possible["PAR"] and possible["BUR"] == []
    assert "*A BUR" in game.get_units("ENGLAND")
    # Two units of one call in one province: the later stands (one unit a province).
    game = Game()
    game.set_units("GERMANY", ["A CON", "F ANK", "F CON"])
    assert "F CON" in game.get_units("GERMANY") and "A CON" not in game.get_units("GERMANY")
    assert "F ANK S F CON" in game.get_all_possible_orders()["ANK"]
