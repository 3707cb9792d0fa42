//! `diplo game`: whole games through the binary, refusals that leave the file unchanged, and
//! killing the process while it saves.

use std::collections::VecDeque;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use diplo_engine::{PhaseKind, Position, Unit};
use diplo_game::Game;
use diplo_map::{Location, Map, PowerId, ProvinceId, UnitKind};

use crate::support::{diplo, ok, s, stderr, temp_dir};

/// The first step of a shortest walk of `u` through `passable` provinces to a `goal` province.
fn first_step(
    map: &Map,
    u: &Unit,
    passable: impl Fn(ProvinceId) -> bool,
    goal: impl Fn(ProvinceId) -> bool,
) -> Option<Location> {
    let next = |loc: Location| map.step_locations(u.kind, loc);
    let mut seen = vec![u.location];
    let mut queue: VecDeque<(Location, Location)> = VecDeque::new();
    for n in next(u.location) {
        if passable(n.province) && !seen.contains(&n) {
            seen.push(n);
            queue.push_back((n, n));
        }
    }
    while let Some((loc, first)) = queue.pop_front() {
        if goal(loc.province) {
            return Some(first);
        }
        for n in next(loc) {
            if passable(n.province) && !seen.contains(&n) {
                seen.push(n);
                queue.push_back((n, first));
            }
        }
    }
    None
}

/// The orders of a simple aggressive player: every unit goes for the nearest supply centre its
/// power does not own; a target held by a foreign unit is attacked with one support.
fn bot_orders(map: &Map, pos: &Position, me: PowerId) -> String {
    let mine: Vec<Unit> = pos
        .units
        .iter()
        .copied()
        .filter(|u| u.power == me)
        .collect();
    let name = |l: Location| map.location_name(l);
    let mut out = format!("{}:\n", map.power(me).name);
    match pos.phase.kind {
        PhaseKind::Movement => {
            let mut busy = vec![false; mine.len()];
            let mut targeted: Vec<ProvinceId> = Vec::new();
            let wanted =
                |p: ProvinceId| map.province(p).supply_centre && pos.owners[p.index()] != Some(me);
            // Attacks on neighbouring wanted centres, supported where a foreign unit holds them.
            for t in map.province_ids().filter(|&p| wanted(p)) {
                let movers: Vec<usize> = (0..mine.len())
                    .filter(|&i| !busy[i] && map.can_move(mine[i].kind, mine[i].location, t))
                    .collect();
                let defended = pos.unit_in(t).is_some_and(|u| u.power != me);
                let own = pos.unit_in(t).is_some_and(|u| u.power == me);
                if own || movers.is_empty() || (defended && movers.len() < 2) {
                    continue;
                }
                let m = movers[0];
                let dest = dest_of(map, &mine[m], t);
                out.push_str(&format!(
                    "{} {} - {}\n",
                    mine[m].kind.letter(),
                    name(mine[m].location),
                    name(dest)
                ));
                busy[m] = true;
                targeted.push(t);
                if defended {
                    let sup = movers[1];
                    out.push_str(&format!(
                        "{} {} S {} {} - {}\n",
                        mine[sup].kind.letter(),
                        name(mine[sup].location),
                        mine[m].kind.letter(),
                        name(mine[m].location),
                        map.province(t).name
                    ));
                    busy[sup] = true;
                }
            }
            // The others wait beside a defended centre for a partner, or walk (through empty
            // provinces, or ones an attacking unit of ours leaves) to the nearest empty wanted
            // centre or the nearest place beside a defended one.
            let leaving: Vec<ProvinceId> = (0..mine.len())
                .filter(|&i| busy[i] && !out.contains(&format!("{} S", name(mine[i].location))))
                .map(|i| mine[i].location.province)
                .collect();
            let defended =
                |p: ProvinceId| wanted(p) && pos.unit_in(p).is_some_and(|u| u.power != me);
            for i in 0..mine.len() {
                if busy[i] {
                    continue;
                }
                let u = mine[i];
                let waiting = map
                    .province_ids()
                    .any(|t| defended(t) && map.can_move(u.kind, u.location, t));
                let passable = |p: ProvinceId| {
                    (pos.unit_in(p).is_none() || leaving.contains(&p)) && !targeted.contains(&p)
                };
                let goal = |p: ProvinceId| {
                    (wanted(p) && pos.unit_in(p).is_none())
                        || map
                            .province_ids()
                            .any(|t| defended(t) && map.army_adjacent(p, t))
                        || map.province_ids().any(|t| {
                            defended(t)
                                && u.kind == UnitKind::Fleet
                                && map.fleet_can_reach(Location::province(p), t)
                        })
                };
                match first_step(map, &u, passable, goal).filter(|_| !waiting) {
                    Some(l) => {
                        targeted.push(l.province);
                        out.push_str(&format!(
                            "{} {} - {}\n",
                            u.kind.letter(),
                            name(u.location),
                            name(l)
                        ));
                    }
                    None => out.push_str(&format!("{} {} H\n", u.kind.letter(), name(u.location))),
                }
            }
        }
        PhaseKind::Retreat => {
            let game_rules = diplo_rules::Ruleset::datc();
            for r in &diplo_engine::pending_retreat_options(map, &game_rules, pos) {
                let u = r.dislodged.unit;
                if u.power != me {
                    continue;
                }
                match r.options.first() {
                    Some(l) => out.push_str(&format!(
                        "{} {} - {}\n",
                        u.kind.letter(),
                        name(u.location),
                        name(*l)
                    )),
                    None => out.push_str(&format!("{} {} D\n", u.kind.letter(), name(u.location))),
                }
            }
        }
        PhaseKind::Adjustment => {
            let builds = pos.centre_count(me) as i64 - pos.unit_count(me) as i64;
            let fleets = mine.iter().filter(|u| u.kind == UnitKind::Fleet).count();
            let mut made = 0;
            for &h in map.home_centres(me) {
                if made >= builds || pos.owners[h.index()] != Some(me) || pos.unit_in(h).is_some() {
                    continue;
                }
                let coastal = map.can_stand(UnitKind::Fleet, Location::province(h));
                let kind = if coastal && (fleets + made as usize) * 3 < mine.len() + made as usize {
                    "F"
                } else {
                    "A"
                };
                out.push_str(&format!("Build {kind} {}\n", map.province(h).name));
                made += 1;
            }
            for u in mine.iter().take((-builds).max(0) as usize) {
                out.push_str(&format!(
                    "Remove {} {}\n",
                    u.kind.letter(),
                    name(u.location)
                ));
            }
        }
    }
    out
}

/// Where a unit moving to province `to` arrives (a fleet needs a coast in a two-coast province).
fn dest_of(map: &Map, u: &Unit, to: ProvinceId) -> Location {
    match u.kind {
        UnitKind::Army => Location::province(to),
        UnitKind::Fleet => map
            .fleet_destinations(u.location, to)
            .next()
            .unwrap_or(Location::province(to)),
    }
}

/// A whole game through the CLI: France plays, the other powers never send orders (civil
/// disorder: their units hold, their dislodged units disband, their removals are chosen by
/// the ruleset's civil-disorder rule), until France owns 18 centres and the game ends.
#[test]
fn a_whole_game_is_played_to_its_end_through_the_cli() {
    let dir = temp_dir("whole-game");
    let file = dir.join("game.toml");
    let orders = dir.join("orders.txt");
    ok(&["game", "new", "--ruleset", "2023", s(&file)]);
    let mut phases = 0;
    loop {
        let game = Game::load(&file).expect("the game file stays valid");
        if game.ended.is_some() {
            break;
        }
        assert!(
            phases < 400,
            "no end after {phases} phases:\n{}",
            ok(&["game", "show", s(&file)])
        );
        let france = game.map.power_by_name("France").unwrap();
        let text = bot_orders(&game.map, &game.position, france);
        if text.lines().count() > 1 {
            std::fs::write(&orders, &text).unwrap();
            ok(&["game", "orders", s(&file), "--power", "France", s(&orders)]);
        }
        ok(&["game", "adjudicate", s(&file)]);
        phases += 1;
    }
    let show = ok(&["game", "show", s(&file)]);
    assert!(show.contains("Game over: France won after Fall"), "{show}");
    let history = ok(&["game", "history", s(&file)]);
    assert!(history.contains("Spring 1901 Movement"));
    assert!(history.contains("no orders (civil disorder)"));
    assert!(history.ends_with("centres\n"), "{history}");
    let game = Game::load(&file).unwrap();
    assert_eq!(game.history.len(), phases);
    let france = game.map.power_by_name("France").unwrap();
    assert!(game.position.centre_count(france) >= 18);
    // A finished game takes no more orders and no more adjudications.
    std::fs::write(&orders, "France:\nA par H\n").unwrap();
    let o = diplo(&["game", "orders", s(&file), "--power", "France", s(&orders)]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("the game is over: France won"),
        "{}",
        stderr(&o)
    );
    let o = diplo(&["game", "adjudicate", s(&file)]);
    assert!(!o.status.success());
}

#[test]
fn refused_commands_leave_the_game_file_unchanged() {
    let dir = temp_dir("refusals");
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    let before = std::fs::read(&file).unwrap();
    let orders = dir.join("o.txt");
    // Another power's unit, a retreat in a movement phase, an unreadable line.
    std::fs::write(
        &orders,
        "A par - bur\nA mun - ruh\nF bre R mao\nA par - xyz\n",
    )
    .unwrap();
    let o = diplo(&["game", "orders", s(&file), "--power", "France", s(&orders)]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(
        err.contains("o.txt:2: `A mun - ruh`: the unit in Munich is Germany's"),
        "{err}"
    );
    assert!(
        err.contains("o.txt:3: `F bre R mao`: not an order for Spring 1901 Movement"),
        "{err}"
    );
    assert!(err.contains("o.txt:4:"), "{err}");
    assert!(err.contains("no orders stored"), "{err}");
    assert_eq!(std::fs::read(&file).unwrap(), before);
    // A unit the power does not have.
    std::fs::write(&orders, "A bur - par\n").unwrap();
    let o = diplo(&["game", "orders", s(&file), "--power", "France", s(&orders)]);
    assert!(
        stderr(&o).contains("France has no unit in Burgundy"),
        "{}",
        stderr(&o)
    );
    // Unknown power; a new game never overwrites an existing file.
    let o = diplo(&["game", "orders", s(&file), "--power", "Spain", s(&orders)]);
    assert!(
        stderr(&o).contains("unknown power `Spain`"),
        "{}",
        stderr(&o)
    );
    let o = diplo(&["game", "new", s(&file)]);
    assert!(stderr(&o).contains("the file exists"), "{}", stderr(&o));
    assert_eq!(std::fs::read(&file).unwrap(), before);
    // An order the rules will ignore is stored (the rules decide), with a warning.
    std::fs::write(&orders, "A par - mun\n").unwrap();
    let out = ok(&["game", "orders", s(&file), "--power", "France", s(&orders)]);
    assert!(
        out.contains("A par - mun    <- warning: illegal, it will be ignored: an army in Paris cannot reach Munich"),
        "{out}"
    );
}

#[test]
fn a_corrupt_game_file_gets_a_located_error_and_is_not_overwritten() {
    let dir = temp_dir("corrupt");
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    let text = std::fs::read_to_string(&file).unwrap();
    let bad = text.replacen("\"A par\"", "\"A xyz\"", 1);
    std::fs::write(&file, &bad).unwrap();
    let line = bad.lines().position(|l| l.contains("A xyz")).unwrap() + 1;
    let orders = dir.join("o.txt");
    std::fs::write(&orders, "F bre - mao\n").unwrap();
    for args in [
        vec!["game", "show", s(&file)],
        vec!["game", "orders", s(&file), "--power", "France", s(&orders)],
        vec!["game", "adjudicate", s(&file)],
    ] {
        let o = diplo(&args);
        assert!(!o.status.success());
        let err = stderr(&o);
        assert!(err.contains(&format!("g.toml:{line}:")), "{args:?}: {err}");
        assert!(err.contains("unknown province or coast `xyz`"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), bad);
    std::fs::write(&file, "format = 1\nmap = \"standard\"\n[ruleset\n").unwrap();
    let o = diplo(&["game", "show", s(&file)]);
    assert!(stderr(&o).contains("g.toml:3:"), "{}", stderr(&o));
}

/// Kills `diplo game adjudicate` at many moments while it runs: afterwards the game file is
/// always either the game before the phase or the game after it, complete and valid.
#[test]
fn killing_adjudicate_never_leaves_a_corrupt_game_file() {
    let dir = temp_dir("kill");
    let base = dir.join("base.toml");
    // A long game makes a large file, so the kills land during the save as well.
    let map = Map::standard();
    let mut game = Game::new(
        map,
        diplo_game::MapSource::Embedded("standard".into()),
        diplo_rules::Ruleset::datc(),
        Vec::new(),
    );
    for _ in 0..120 {
        game.adjudicate(&[]).unwrap();
    }
    game.save(&base).unwrap();
    let before = std::fs::read(&base).unwrap();
    let phase_before = game.phase();
    let mut after_game = game.clone();
    after_game.adjudicate(&[]).unwrap();
    let phase_after = after_game.phase();

    // How long one run takes, to spread the kills over it.
    let file = dir.join("g.toml");
    std::fs::write(&file, &before).unwrap();
    let t = Instant::now();
    ok(&["game", "adjudicate", s(&file)]);
    let full = t.elapsed().max(Duration::from_millis(1));
    let after = std::fs::read(&file).unwrap();

    let (mut old, mut new) = (0, 0);
    for i in 0..40u32 {
        std::fs::write(&file, &before).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_diplo"))
            .args(["game", "adjudicate", s(&file)])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn diplo");
        // Spread over 0 .. 1.2 x the run time, in a scattered order.
        let k = (i * 17) % 40;
        std::thread::sleep(full * k / 32);
        let _ = child.kill();
        let _ = child.wait();
        let now = std::fs::read(&file).unwrap();
        let g =
            Game::load(&file).unwrap_or_else(|e| panic!("kill {i}: the file is not valid: {e}"));
        if now == before {
            assert_eq!(g.phase(), phase_before);
            old += 1;
        } else {
            assert_eq!(now, after, "kill {i}: neither the old nor the new game");
            assert_eq!(g.phase(), phase_after);
            new += 1;
        }
    }
    assert!(old > 0, "no kill landed before the save ({new} after)");
    // Stray temporary files of killed runs do not disturb the next run.
    std::fs::write(&file, &before).unwrap();
    ok(&["game", "adjudicate", s(&file)]);
    assert_eq!(std::fs::read(&file).unwrap(), after);
}

/// A game on a map from a file keeps its own copy: it plays on after the file is gone.
#[test]
fn a_game_keeps_its_own_copy_of_a_map_file() {
    let dir = temp_dir("map-copy");
    let map = dir.join("my-map.toml");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../maps/standard.toml"),
        &map,
    )
    .unwrap();
    let file = dir.join("g.toml");
    ok(&[
        "game",
        "new",
        "--map",
        s(&map),
        "--ruleset",
        "1971",
        s(&file),
    ]);
    std::fs::remove_file(&map).unwrap();
    let orders = dir.join("o.txt");
    std::fs::write(&orders, "England: F lon - eng\nFrance: F bre - eng\n").unwrap();
    ok(&["game", "orders", s(&file), s(&orders)]);
    let out = ok(&["game", "adjudicate", s(&file)]);
    assert!(
        out.contains("England: F London - English Channel -> fails"),
        "{out}"
    );
    assert!(ok(&["game", "show", s(&file)]).contains("ruleset 1971"));
}

/// Issue 34 item 3: a game on a map that `extends` another file keeps that file too: editing
/// or removing the parent, or moving the game file, changes nothing in the game.
#[test]
fn a_game_keeps_the_files_its_map_extends() {
    let dir = temp_dir("map-extends");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../maps/standard.toml"),
        dir.join("parent.toml"),
    )
    .unwrap();
    let child = dir.join("child.toml");
    std::fs::write(
        &child,
        "name = \"child\"\nextends = \"parent\"\ntitle = \"A child of a file\"\n",
    )
    .unwrap();
    let file = dir.join("g.toml");
    ok(&["game", "new", "--map", s(&child), s(&file)]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("[[map_base]]") && text.contains("extends = \"parent\""),
        "{text}"
    );
    // The parent is changed beyond use, then removed; the game file is moved elsewhere.
    std::fs::write(dir.join("parent.toml"), "name = \"broken\"\n").unwrap();
    std::fs::remove_file(dir.join("parent.toml")).unwrap();
    let elsewhere = temp_dir("map-extends-moved");
    let moved = elsewhere.join("g.toml");
    std::fs::rename(&file, &moved).unwrap();
    let orders = elsewhere.join("o.txt");
    std::fs::write(&orders, "England: F lon - eng\nFrance: F bre - eng\n").unwrap();
    ok(&["game", "orders", s(&moved), s(&orders)]);
    let out = ok(&["game", "adjudicate", s(&moved)]);
    assert!(
        out.contains("England: F London - English Channel -> fails"),
        "{out}"
    );
    assert!(ok(&["game", "show", s(&moved)]).contains("Fall 1901"));
}

/// Seven powers send their orders at the same moment: the lock makes the commands take turns,
/// so no order set is lost.
#[test]
fn concurrent_submissions_are_all_kept() {
    let dir = temp_dir("concurrent");
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    let spring = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/orders/spring-1901.txt"),
    )
    .unwrap();
    let map = Map::standard();
    let mut children = Vec::new();
    for p in map.powers() {
        // Each power's own lines of the example file.
        let (lines, _) = diplo_orders::parse_orders(&map, &spring);
        let mine: String = lines
            .iter()
            .filter(|l| l.power.map(|q| map.power(q).name == p.name) == Some(true))
            .map(|l| format!("{}\n", l.text))
            .collect();
        let path = dir.join(format!("{}.txt", p.name));
        std::fs::write(&path, mine).unwrap();
        children.push(
            Command::new(env!("CARGO_BIN_EXE_diplo"))
                .args(["game", "orders", s(&file), "--power", &p.name, s(&path)])
                .stdout(Stdio::null())
                .spawn()
                .unwrap(),
        );
    }
    for mut c in children {
        assert!(c.wait().unwrap().success());
    }
    let game = Game::load(&file).unwrap();
    assert_eq!(game.order_sets.len(), 7, "an order set was lost");
    assert_eq!(
        game.order_sets
            .iter()
            .map(|s| s.orders.len())
            .sum::<usize>(),
        22
    );
}

#[test]
fn simultaneous_new_games_of_one_file_let_exactly_one_succeed() {
    let dir = temp_dir("new-race");
    let file = dir.join("g.toml");
    let children: Vec<_> = (0..6)
        .map(|i| {
            let map = if i % 2 == 0 { "standard" } else { "loeb9" };
            Command::new(env!("CARGO_BIN_EXE_diplo"))
                .args(["game", "new", "--map", map, s(&file)])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .expect("spawn diplo")
        })
        .collect();
    let outcomes: Vec<Output> = children
        .into_iter()
        .map(|c| c.wait_with_output().expect("wait"))
        .collect();
    let won = outcomes.iter().filter(|o| o.status.success()).count();
    assert_eq!(won, 1, "exactly one `game new` creates the file");
    for o in outcomes.iter().filter(|o| !o.status.success()) {
        assert!(stderr(o).contains("the file exists"), "{}", stderr(o));
    }
    Game::load(&file).expect("the one game is whole");
}

#[cfg(unix)]
#[test]
fn a_game_file_reached_through_a_link_gets_the_orders() {
    let dir = temp_dir("link-game");
    let real = dir.join("real.toml");
    let link = dir.join("link.toml");
    ok(&["game", "new", s(&real)]);
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let orders = dir.join("fr.txt");
    std::fs::write(&orders, "A par - bur\n").unwrap();
    ok(&["game", "orders", s(&link), "--power", "France", s(&orders)]);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let game = Game::load(&real).unwrap();
    assert_eq!(game.order_sets.len(), 1, "the real file has the orders");
}

fn diplo_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("run diplo")
}

/// `DIPLO_MAX_ORDERS` and `DIPLO_MAX_PHASES`: orders beyond the phase's limit are refused (with
/// the line of the first one over, the limit and the variable) and nothing is stored; a game
/// whose history reached the limit is not adjudicated further (its file could not be read
/// back), and a file whose history is over the limit is refused at the first phase over.
#[test]
fn order_and_phase_limits_are_located_and_name_their_variable() {
    let dir = temp_dir("limits");
    let game = dir.join("g.toml");
    let g = s(&game);
    ok(&["game", "new", g]);
    let orders = dir.join("o.txt");
    std::fs::write(&orders, "A par - bur\nA mar - spa\nF bre - mao\n").unwrap();
    let before = std::fs::read_to_string(&game).unwrap();
    let o = diplo_env(
        &["game", "orders", g, "--power", "France", s(&orders)],
        &[("DIPLO_MAX_ORDERS", "2")],
    );
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "{}:3: `F bre - mao`: 3 orders this phase with those stored: more than the limit of 2 \
             orders per phase (set DIPLO_MAX_ORDERS to allow more)",
            s(&orders)
        )),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&game).unwrap(), before);
    // The same file through `adjudicate`.
    let o = diplo_env(
        &["adjudicate", "--orders", s(&orders)],
        &[("DIPLO_MAX_ORDERS", "2")],
    );
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains(":3: 3 orders: more than the limit of 2 orders per phase"),
        "{}",
        stderr(&o)
    );
    // One phase played; a limit of one phase stops the next adjudication and nothing changes.
    ok(&["game", "adjudicate", g]);
    let one = [("DIPLO_MAX_PHASES", "1")];
    let before = std::fs::read_to_string(&game).unwrap();
    let o = diplo_env(&["game", "adjudicate", g], &one);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("the game has played 1 phases; one more would be more than the limit of 1 phases per game (set DIPLO_MAX_PHASES to allow more)"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&game).unwrap(), before);
    ok(&["game", "adjudicate", g]);
    let o = diplo_env(&["game", "show", g], &one);
    assert!(!o.status.success());
    let text = std::fs::read_to_string(&game).unwrap();
    let second = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("[[history]]"))
        .nth(1)
        .map(|(i, _)| i + 1)
        .unwrap();
    assert!(
        stderr(&o).contains(&format!(
            "{g}:{second}:1: [[history]]: 2 phases: more than the limit of 1 phases per game (set DIPLO_MAX_PHASES to allow more)"
        )),
        "{}",
        stderr(&o)
    );
}

#[test]
fn replay_reads_json_lines_on_standard_input_and_writes_a_result_per_line() {
    use std::io::Write;
    let dir = temp_dir("replay-stream");
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    let orders = dir.join("o.txt");
    std::fs::write(&orders, "France:\nA par - bur\n").unwrap();
    ok(&["game", "orders", s(&file), s(&orders)]);
    ok(&["game", "adjudicate", s(&file)]);
    let mila: serde_json::Value =
        serde_json::from_str(&ok(&["game", "history", s(&file), "--format", "mila"])).unwrap();
    let record = ok(&["game", "history", s(&file), "--format", "godip"]);
    let input = format!(
        "{}\n\n{}\nnot json\n{}\n",
        mila,
        serde_json::json!({ "name": "g2", "record": record }),
        serde_json::json!({ "name": "g3" }),
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(["replay", "--base", "datc", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let lines: Vec<serde_json::Value> = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(
        (lines[0]["passed"].as_u64(), lines[0]["failed"].as_u64()),
        (Some(2), Some(0))
    );
    assert_eq!(lines[1]["name"], "g2");
    assert_eq!(lines[1]["passed"], 2);
    assert!(
        lines[2]["error"]
            .as_str()
            .unwrap()
            .contains("<stdin>:4: not JSON"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3]["error"]
            .as_str()
            .unwrap()
            .contains("<stdin>:5: expected a saved game"),
        "{}",
        lines[3]
    );
    assert!(!o.status.success(), "a failed line fails the run");
}
