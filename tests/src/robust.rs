//! What every reader of diplo must do with any input at all: succeed, or fail with an error that
//! names the file (and, where the input has one, the line); never panic, never hang. One check
//! per kind of input, shared by the fuzz targets (`fuzz/`, cargo-fuzz, nightly) and by the
//! stable mutation tests below, which run the same checks in `cargo test` on the project's own
//! example files, each mutated many times by a fixed pseudo-random sequence.

use std::sync::OnceLock;

pub mod http;
pub mod import;
pub mod render;

pub use http::check_http;
pub use import::{check_jdip, check_mila};
pub use render::check_render;

use diplo_engine::{Adjudication, PhaseKind, Position};
use diplo_map::{Map, PowerId};
use diplo_orders::Order;
use diplo_rules::Ruleset;

/// The name every check gives its input in messages.
pub const FILE: &str = "fuzz.input";

fn standard() -> &'static Map {
    static MAP: OnceLock<Map> = OnceLock::new();
    MAP.get_or_init(Map::standard)
}

/// Asserts that every line of an error names the input (`fuzz.input...: message`) and says
/// something.
pub fn assert_located(err: &str) {
    assert_located_in(err, FILE);
}

/// Asserts that every line of an error names `file` (`file...: message`) and says something.
pub fn assert_located_in(err: &str, file: &str) {
    assert!(!err.trim().is_empty(), "an empty error");
    for line in err.lines() {
        let line = line.strip_prefix("error: ").unwrap_or(line);
        assert!(
            line.starts_with(file),
            "an error line that does not name the file: {line:?}\nin:\n{err}"
        );
        let message = line.rsplit_once(": ").map_or("", |(_, m)| m);
        assert!(
            !message.trim().is_empty(),
            "an error line without a message: {line:?}"
        );
    }
}

/// The input as text, as diplo reads files: UTF-8 or refused before any parser sees it.
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// Orders files: parsing never panics; each error has a line and a message; each order read
/// is written back (short and DATC forms) and read again as the same order.
pub fn check_orders(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let map = standard();
    let (lines, errors) = diplo_orders::parse_orders(map, text);
    for e in &errors {
        assert!(e.line >= 1, "{e:?}");
        assert!(!e.message.trim().is_empty(), "{e:?}");
    }
    for l in &lines {
        for written in [
            l.order.display(map).to_string(),
            l.order.display(map).full().to_string(),
        ] {
            let (_, back) = diplo_orders::parse_order(map, &written)
                .unwrap_or_else(|e| panic!("`{written}` (from `{}`) does not read: {e:?}", l.text));
            assert_eq!(back, l.order, "`{written}` from `{}`", l.text);
        }
    }
}

/// Map files: a map, or located diagnostics with messages. A map that loads is checked by
/// `map show`'s JSON and by its starting position.
pub fn check_map(data: &[u8]) {
    let Some(text) = text(data) else { return };
    match Map::from_toml_str(text, FILE) {
        Ok(map) => {
            let _ = map.summary();
            let pos = Position::initial(&map);
            assert_one_unit_per_province(&pos);
        }
        Err(e) => {
            assert!(!e.diagnostics.is_empty());
            assert_map_error_located(&e.to_string(), FILE);
        }
    }
}

/// Asserts that every line of a map's error names `file`, or one of the embedded maps: a
/// problem the input leaves in an embedded map it extends (a one-sided edge whose other side
/// the input changed) is placed at that map's line (`maps/standard.toml:827:10: ...`). Each
/// line says something.
pub fn assert_map_error_located(text: &str, file: &str) {
    let (base, own): (Vec<&str>, Vec<&str>) = text.lines().partition(|l| names_an_embedded_map(l));
    for line in base {
        assert!(!line
            .rsplit_once(": ")
            .map_or("", |(_, m)| m)
            .trim()
            .is_empty());
    }
    if !own.is_empty() {
        assert_located_in(&own.join("\n"), file);
    }
}

/// Whether an error line is placed in one of the embedded maps' files.
fn names_an_embedded_map(line: &str) -> bool {
    let line = line.strip_prefix("error: ").unwrap_or(line);
    diplo_map::EMBEDDED_MAPS
        .iter()
        .any(|(name, _)| line.starts_with(&format!("maps/{name}.toml:")))
}

/// Ruleset files: a ruleset, or a located error.
pub fn check_ruleset(data: &[u8]) {
    let Some(text) = text(data) else { return };
    if let Err(e) = Ruleset::from_toml_str(text, FILE) {
        // An error in a profile it extends names that profile; one of its own names the file.
        let s = e.to_string();
        if !s.starts_with("embedded:") {
            assert_located(&s);
        }
    }
}

/// Position files on the standard map: a position (written and read back the same), or
/// located errors.
pub fn check_position(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let map = standard();
    match Position::from_toml_str(map, text, FILE) {
        Ok(pos) => {
            assert_one_unit_per_province(&pos);
            let back = Position::from_toml_str(map, &pos.to_toml(map), FILE)
                .unwrap_or_else(|e| panic!("a position written does not read back: {e}"));
            assert_eq!(back, pos);
        }
        Err(e) => assert_located(&e),
    }
}

/// Game files: a game, whose text reads back to the same game and writes MILA's saved game as
/// JSON (or refuses to), or located errors.
pub fn check_game(data: &[u8]) {
    let Some(text) = text(data) else { return };
    match diplo_game::Game::from_toml_str(text, FILE) {
        Ok(game) => {
            let written = game.to_toml();
            let back = diplo_game::Game::from_toml_str(&written, FILE)
                .unwrap_or_else(|e| panic!("a game written does not read back: {e}\n{written}"));
            assert_eq!(back.to_toml(), written);
            let _ = game.played_phases();
            let _ = game.gather_orders();
            // MILA's saved game (results in MILA's codes worked out from each record's orders,
            // results and positions): written, or refused, never a panic.
            if let Ok(json) = diplo_game::mila::saved_game_json(&game) {
                serde_json::from_str::<serde_json::Value>(&json)
                    .unwrap_or_else(|e| panic!("the saved game is not JSON: {e}\n{json}"));
            }
        }
        Err(e) => assert_located(&e.to_string()),
    }
}

/// Game records (godip's format) on the standard map: a record, which replays, or an error
/// with its line.
pub fn check_record(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let map = standard();
    match diplo_replay::parse_game(map, FILE, text) {
        Ok(game) => {
            for e in game.phases.iter().flat_map(|p| &p.unreadable) {
                assert!(e.line >= 1, "{e}");
            }
            let rules = Ruleset::load("droidippy").expect("an embedded profile");
            let report = diplo_replay::replay_game(map, &rules, &game);
            assert!(report.passed + report.mismatches.len() == game.phases.len());
        }
        Err(e) => {
            assert!(e.line >= 1, "{e}");
            assert_located(&e.to_string());
        }
    }
}

/// Adjudication on the standard map: the input is a position file, a line `---`, then an
/// orders file (or only an orders file, for the starting position). Whatever the orders, under
/// the DATC's rules and 1971's: no panic, one result per order, at most one unit per province
/// after the phase, and every dislodged unit's attacker is where it says.
pub fn check_adjudication(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let map = standard();
    let (pos, orders_text) = match text.split_once("\n---\n") {
        Some((p, o)) => match Position::from_toml_str(map, p, FILE) {
            Ok(pos) => (pos, o),
            Err(_) => return,
        },
        None => (Position::initial(map), text),
    };
    let (lines, _) = diplo_orders::parse_orders(map, orders_text);
    let orders: Vec<(PowerId, Order)> = lines
        .into_iter()
        .map(|l| {
            let owner = l
                .order
                .unit()
                .and_then(|u| pos.unit_in(u.place.province))
                .map(|u| u.power);
            (owner.or(l.power).unwrap_or(PowerId(0)), l.order)
        })
        .collect();
    for name in ["datc", "1971"] {
        let rules = Ruleset::load(name).expect("an embedded profile");
        let adj = diplo_engine::adjudicate(map, &rules, &pos, &orders);
        check_adjudication_invariants(&pos, orders.len(), &adj);
    }
}

fn check_adjudication_invariants(pos: &Position, orders: usize, adj: &Adjudication) {
    assert_eq!(adj.results.len(), orders, "one result per order");
    if !adj.unresolved.is_empty() {
        return;
    }
    assert_one_unit_per_province(&adj.next);
    if pos.phase.kind == PhaseKind::Movement {
        for d in &adj.next.dislodged {
            assert_ne!(d.attacker_from, d.unit.location.province, "{d:?}");
        }
    }
}

fn assert_one_unit_per_province(pos: &Position) {
    let mut seen = std::collections::HashSet::new();
    for u in &pos.units {
        assert!(
            seen.insert(u.location.province),
            "two units in one province: {:?}",
            pos.units
        );
    }
}

/// The tests' shared generator (`diplo-testkit`): the same mutations on every run.
pub use diplo_testkit::Rng;

/// Bytes a mutation inserts: what broke readers before, and what TOML and orders are made of.
const INSERTS: &[&[u8]] = &[
    b")(",
    b"(",
    b")",
    b"\0",
    b"\r",
    b"\r\n",
    b"\n",
    b"\xef\xbb\xbf",
    b"\xff",
    b"\"",
    b"'''",
    b"[",
    b"]]",
    b"[[",
    b"=",
    b",",
    b"#",
    b"/",
    b"-",
    b" ",
    b"65535",
    b"99999999999999999999",
    b"-1",
    b"0",
    b"A ",
    b"F ",
    b"nc",
    b"stp/sc",
    b"PHASE 1901 Spring Movement\n",
    b"POSITIONS\n",
    b"ORDERS\n",
    b"France: ",
    b"army ",
    b"dislodged",
    b"[[history]]\n",
    b"[[dislodged]]\n",
    b"extends = \"standard\"\n",
    b"phase = \"Winter 65535 Adjustment\"\n",
];

/// One mutation of `data`: a byte changed, a range deleted or repeated, a token inserted, two
/// lines swapped, or the end cut off.
pub fn mutate(data: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut out = data.to_vec();
    let n = out.len();
    match rng.below(7) {
        0 if n > 0 => {
            let i = rng.below(n);
            out[i] = rng.next_u64() as u8;
        }
        1 if n > 0 => {
            let i = rng.below(n);
            let len = rng.below(64.min(n - i)) + 1;
            out.drain(i..(i + len).min(n));
        }
        2 if n > 0 => {
            let i = rng.below(n);
            let len = (rng.below(256) + 1).min(n - i);
            let copy = out[i..i + len].to_vec();
            let at = rng.below(n + 1);
            out.splice(at..at, copy);
        }
        3 => {
            let token = INSERTS[rng.below(INSERTS.len())];
            let at = rng.below(n + 1);
            out.splice(at..at, token.iter().copied());
        }
        4 => {
            let mut lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
            if lines.len() > 1 {
                let (a, b) = (rng.below(lines.len()), rng.below(lines.len()));
                lines.swap(a, b);
            }
            out = lines.join(&b'\n');
        }
        5 if n > 0 => out.truncate(rng.below(n)),
        _ => {
            // Replace one word-ish run of letters with another from the input.
            let words: Vec<(usize, usize)> = word_spans(data);
            if words.len() > 1 {
                let (a, b) = (words[rng.below(words.len())], words[rng.below(words.len())]);
                let other = data[b.0..b.1].to_vec();
                out.splice(a.0..a.1, other);
            }
        }
    }
    out
}

fn word_spans(data: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, b) in data.iter().enumerate() {
        match (b.is_ascii_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, data.len()));
    }
    out
}

/// Runs `check` on each seed input and on `rounds` mutations of it (one, two or three
/// mutations stacked), from a fixed seed: the same inputs on every run. For a longer search on
/// stable, `DIPLO_FUZZ_ROUNDS=N` runs N times as many rounds and `DIPLO_FUZZ_SEED=S` starts
/// another sequence.
pub fn mutation_run(seeds: &[Vec<u8>], rounds: usize, seed: u64, check: fn(&[u8])) {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    let rounds = rounds.saturating_mul(var("DIPLO_FUZZ_ROUNDS").unwrap_or(1) as usize);
    let mut rng = Rng::new(seed ^ var("DIPLO_FUZZ_SEED").unwrap_or(0));
    for s in seeds {
        check(s);
        for _ in 0..rounds {
            let mut m = mutate(s, &mut rng);
            for _ in 0..rng.below(3) {
                m = mutate(&m, &mut rng);
            }
            let input = m.clone();
            let result = std::panic::catch_unwind(|| check(&input));
            if let Err(panic) = result {
                let why = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                panic!(
                    "{why}\nthe input (as Rust bytes): {:?}",
                    String::from_utf8_lossy(&m)
                );
            }
        }
    }
}

/// The project's own example files, by kind, as seeds for the mutation tests and the fuzz
/// corpora.
pub mod corpus {
    use super::*;

    fn root() -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    pub(crate) fn read(path: &str) -> Vec<u8> {
        std::fs::read(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// Orders files.
    pub fn orders() -> Vec<Vec<u8>> {
        vec![
            read("examples/orders/spring-1901.txt"),
            b"England:\nF London - English Channel\nENG: F edi - nth\nA lvp - yor\n\
              # comment\nFrance: A Paris - Burgundy via convoy\nF bre S A par - bur\n\
              F mao C A bre - spa/nc\nB A par\nWaive\nR F stp/sc - bot\nD A war\n"
                .to_vec(),
        ]
    }

    /// Map files: the tiny test map and one shipped variant map (the standard map is large:
    /// its mutations cost the most, one is enough to reach every pass).
    pub fn maps() -> Vec<Vec<u8>> {
        vec![
            read("crates/map/tests/data/tiny.toml"),
            read("maps/standard.toml"),
        ]
    }

    /// Ruleset files.
    pub fn rulesets() -> Vec<Vec<u8>> {
        vec![
            read("examples/rulesets/house.toml"),
            read("rulesets/datc.toml"),
        ]
    }

    /// Position files: the start, a retreat phase with a dislodged unit, an adjustment phase.
    pub fn positions() -> Vec<Vec<u8>> {
        let map = standard();
        vec![
            Position::initial(map).to_toml(map).into_bytes(),
            b"phase = \"Fall 1901 Retreat\"\ncontested = [\"gal\"]\n\n[units]\n\
              Germany = [\"A bur\", \"A mun\"]\nFrance = [\"A par\"]\n\n[centres]\n\
              France = [\"par\"]\n\n[[dislodged]]\npower = \"Austria\"\nunit = \"A tyr\"\n\
              attacker_from = \"mun\"\nby_convoy = false\n"
                .to_vec(),
            b"phase = \"Winter 1901 Adjustment\"\n\n[units]\nFrance = [\"A bur\"]\n\n\
              [centres]\nFrance = [\"par\", \"bre\", \"mar\", \"bel\"]\n"
                .to_vec(),
        ]
    }

    /// A game file two phases in, with order sets, a proxy grant and perpetual orders.
    pub fn games() -> Vec<Vec<u8>> {
        use diplo_game::{Game, MapSource, SubmitOptions};
        let mut rules = Ruleset::datc();
        rules.apply_override("proxy_orders=notified").unwrap();
        rules.apply_override("perpetual_orders=allowed").unwrap();
        let map = Map::standard();
        let mut g = Game::new(
            map.clone(),
            MapSource::Embedded("standard".into()),
            rules,
            vec!["proxy_orders=notified".into()],
        );
        let p = |g: &Game, n: &str| g.map.power_by_name(n).unwrap();
        let fr = p(&g, "France");
        let de = p(&g, "Germany");
        g.submit(fr, "A par - bur\n", "o.txt", SubmitOptions::default())
            .unwrap();
        g.submit(de, "A mun - ruh\n", "o.txt", SubmitOptions::default())
            .unwrap();
        g.adjudicate(&[]).unwrap();
        g.submit(
            de,
            "A ruh - bur\nA ber - mun\n",
            "o.txt",
            SubmitOptions::default(),
        )
        .unwrap();
        g.submit(
            fr,
            "A bur H\n",
            "o.txt",
            SubmitOptions {
                perpetual: true,
                ..Default::default()
            },
        )
        .unwrap();
        g.grant_proxy(fr, map.province_by_name("mar").unwrap(), de)
            .unwrap();
        let early = g.to_toml().into_bytes();
        g.adjudicate(&[]).unwrap();
        // The game master's tables: house rules for the end, a draw vote, a concession, players.
        let mut gm = g.clone();
        let rules = diplo_game::EndRules {
            last_year: Some(1910),
            at_last_year: diplo_game::AtLastYear::MostCentres,
            draw_votes: diplo_game::DrawVotes::Majority,
            stalemate_years: None,
        };
        gm.set_end_rules(rules).unwrap();
        gm.name_player(fr, "Alice", Some(1_800_000_000)).unwrap();
        gm.put_in_disorder(p(&gm, "Italy"), None).unwrap();
        gm.propose_draw(fr, Some(&[fr, de])).unwrap();
        gm.vote_draw(p(&gm, "Turkey"), false).unwrap();
        gm.concede(p(&gm, "Austria"), de).unwrap();
        vec![early, g.to_toml().into_bytes(), gm.to_toml().into_bytes()]
    }

    /// Game records.
    pub fn records() -> Vec<Vec<u8>> {
        vec![read("examples/records/game_1.txt")]
    }

    /// Adjudication inputs: orders for the start, and a position, `---`, orders.
    pub fn adjudications() -> Vec<Vec<u8>> {
        let mut out = orders();
        let mut retreat = positions()[1].clone();
        retreat.extend_from_slice(b"\n---\nA tyr - boh\nA tyr - vie\n");
        out.push(retreat);
        out.push(
            b"phase = \"Spring 1901 Movement\"\n\n[units]\nEngland = [\"F eng\", \"A wal\"]\n\
              France = [\"F bre\", \"A pic\", \"F mao\"]\n\n[centres]\n\n---\n\
              ENG: F eng C A wal - bre\nENG: A wal - bre\nFRA: F bre - eng\nFRA: A pic S F bre - eng\n\
              FRA: F mao S F bre - eng\n"
                .to_vec(),
        );
        out
    }
}

#[cfg(test)]
mod tests {
    //! The stable, CI-run equivalent of the fuzz targets: each check on the project's own
    //! example files and a few hundred fixed mutations of each. A seconds-long run; the fuzz
    //! targets (`fuzz/README.md`) search much longer.

    use super::*;

    #[test]
    fn orders_never_panic_and_round_trip() {
        mutation_run(&corpus::orders(), 400, 1, check_orders);
    }

    #[test]
    fn maps_load_or_give_located_errors() {
        mutation_run(&corpus::maps(), 60, 2, check_map);
    }

    #[test]
    fn rulesets_load_or_give_located_errors() {
        mutation_run(&corpus::rulesets(), 200, 3, check_ruleset);
    }

    #[test]
    fn positions_load_or_give_located_errors() {
        mutation_run(&corpus::positions(), 200, 4, check_position);
    }

    #[test]
    fn game_files_load_or_give_located_errors() {
        mutation_run(&corpus::games(), 100, 5, check_game);
    }

    #[test]
    fn records_replay_or_give_located_errors() {
        mutation_run(&corpus::records(), 300, 6, check_record);
    }

    #[test]
    fn adjudication_of_any_orders_keeps_its_invariants() {
        mutation_run(&corpus::adjudications(), 200, 7, check_adjudication);
    }

    #[test]
    fn mila_imports_give_maps_or_located_errors() {
        mutation_run(&import::corpus::mila(), 150, 8, check_mila);
    }

    /// Found by the `mila` mutations: a finding quoting a source line with a NUL was written
    /// into the map's header comment as it was, and TOML refuses control characters there.
    #[test]
    fn an_import_quoting_a_control_character_still_writes_toml() {
        check_mila(
            b"ENGLAND (ENGLISH) LON\nF LON\nF\0RANCE (FRENCH) PAR\nA \x7fPAR\n\
              London = lon\nParis = par\nCOAST LON ABUTS PAR\nCOAST PAR ABUTS LON\n",
        );
    }

    /// Found by the `mila` mutations: a coast (`HOL/NC`) of a province with no terrain line is
    /// left out, and an edge from or to it panicked.
    #[test]
    fn an_edge_to_a_coast_left_out_is_left_out_too() {
        check_mila(
            b"ENGLAND (ENGLISH) LON\nF LON\nLondon = lon\nNorth Sea = nth\n\
              COAST LON ABUTS NTH\nWATER NTH ABUTS LON HOL/NC\nCOAST HOL/NC ABUTS NTH\n",
        );
    }

    /// Found by the `mila` fuzz target: a centre a power line made unowned (`ENGLAND (ENGLISH)
    /// LON -EDI`) that is no province was reported at line 0.
    #[test]
    fn a_centre_made_unowned_on_a_power_line_is_reported_at_that_line() {
        check_mila(
            b"ENGLAND (ENGLISH) LON -EDI\nF LON\nLondon = lon\nNorth Sea = nth\n\
              COAST LON ABUTS NTH\nWATER NTH ABUTS LON\n",
        );
    }

    /// Found by the `mila` fuzz target: a line of nothing but commas panicked (no keyword).
    #[test]
    fn a_mila_line_of_commas_is_not_understood_and_no_panic() {
        check_mila(
            b"ENGLAND (ENGLISH) LON\nF LON\n,\n , ,\nLondon = lon\nNorth Sea = nth\n\
              COAST LON ABUTS NTH\nWATER NTH ABUTS LON\n",
        );
    }

    #[test]
    fn jdip_imports_give_maps_or_located_errors() {
        mutation_run(&import::corpus::jdip(), 150, 9, check_jdip);
    }

    #[test]
    fn any_drawing_data_gives_a_picture_or_located_errors() {
        mutation_run(&render::corpus(), 15, 10, check_render);
    }

    #[test]
    fn request_bodies_get_an_answer_or_located_errors() {
        mutation_run(&http::corpus(), 15, 11, check_http);
    }

    /// Writes every target's seeds to `fuzz/corpus/TARGET/seed-N` (run by hand, before a
    /// campaign: `cargo test -p diplo-tests --lib write_fuzz_seeds -- --ignored`).
    #[test]
    #[ignore = "writes files: seeds for a fuzz campaign"]
    fn write_fuzz_seeds() {
        let targets: [(&str, Vec<Vec<u8>>); 11] = [
            ("orders", corpus::orders()),
            ("map", corpus::maps()),
            ("ruleset", corpus::rulesets()),
            ("position", corpus::positions()),
            ("game", corpus::games()),
            ("record", corpus::records()),
            ("adjudicate", corpus::adjudications()),
            ("mila", import::corpus::mila()),
            ("jdip", import::corpus::jdip()),
            ("render", render::corpus()),
            ("http", http::corpus()),
        ];
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus");
        for (target, seeds) in targets {
            let dir = root.join(target);
            std::fs::create_dir_all(&dir).unwrap();
            for (i, seed) in seeds.iter().enumerate() {
                std::fs::write(dir.join(format!("seed-{i}")), seed).unwrap();
            }
        }
    }

    #[test]
    fn the_mutations_are_the_same_on_every_run() {
        let mut a = Rng::new(9);
        let mut b = Rng::new(9);
        let seed = b"phase = \"Spring 1901 Movement\"\n".to_vec();
        assert_eq!(mutate(&seed, &mut a), mutate(&seed, &mut b));
    }
}
