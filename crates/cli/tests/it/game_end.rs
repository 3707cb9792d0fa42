//! `diplo game` for the end of a game and the game master's hand: a draw voted (votes secret
//! until it passes), a concession, the game's last year, civil disorder and a stand-in, the
//! `--on-phase` notification hook, and a game started from any position.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use diplo_game::Game;

use crate::support::{diplo, ok, s, stderr, temp_dir};

/// A new game in a fresh directory, with `extra` arguments to `game new`.
fn new_game(name: &str, extra: &[&str]) -> (PathBuf, PathBuf) {
    let dir = temp_dir(name);
    let file = dir.join("game.toml");
    let mut args = vec!["game", "new", s(&file)];
    args.extend_from_slice(extra);
    ok(&args);
    (dir, file)
}

/// `diplo ARGS`, which must fail; its standard error.
fn fails(args: &[&str]) -> String {
    let o = diplo(args);
    assert!(!o.status.success(), "diplo {args:?} should fail");
    stderr(&o)
}

fn show(file: &Path, view: &[&str]) -> String {
    let mut args = vec!["game", "show", s(file)];
    args.extend_from_slice(view);
    ok(&args)
}

#[test]
fn a_draw_vote_passes_by_majority_and_votes_stay_secret_until_then() {
    let (_dir, file) = new_game("draw_vote", &["--draw-votes", "majority"]);
    let f = s(&file);
    let out = ok(&[
        "game",
        "draw",
        f,
        "--power",
        "France",
        "propose",
        "--among",
        "France,England,Germany",
    ]);
    assert!(out.contains("France's vote is recorded (secret)"), "{out}");
    ok(&["game", "draw", f, "--power", "England", "yes"]);
    ok(&["game", "draw", f, "--power", "Italy", "no"]);
    // Nobody but the host sees another power's vote.
    let host = show(&file, &[]);
    assert!(
        host.contains("(votes seen: England yes, France yes, Italy no)"),
        "{host}"
    );
    let germany = show(&file, &["--power", "Germany"]);
    assert!(
        germany.contains("Draw proposed by France among England, France, Germany: awaiting votes"),
        "{germany}"
    );
    assert!(!germany.contains("votes seen"), "{germany}");
    let public = ok(&["game", "show", f, "--public", "--format", "json"]);
    assert!(!public.contains("votes_seen\": {\""), "{public}");
    // A vote needs a proposal's power to be in the game, and `--among` goes with a proposal.
    let err = fails(&[
        "game", "draw", f, "--power", "Italy", "yes", "--among", "Italy",
    ]);
    assert!(err.contains("--among goes with `propose` only"), "{err}");
    let out = ok(&["game", "draw", f, "--power", "Germany", "yes"]);
    assert!(
        out.contains("the draw awaits other votes"),
        "three of seven is no majority: {out}"
    );
    let out = ok(&["game", "draw", f, "--power", "Russia", "yes"]);
    assert!(
        out.contains("Game over: drawn by a vote during Spring 1901 Movement, shared by 3 powers: England, France, Germany"),
        "{out}"
    );
    assert!(show(&file, &["--public"]).contains("Game over: drawn by a vote"));
    assert!(ok(&["game", "history", f]).contains("Game over: drawn by a vote"));
    let err = fails(&["game", "adjudicate", f]);
    assert!(err.contains("the game is over"), "{err}");
}

#[test]
fn every_other_power_concedes_and_the_winner_is_named() {
    let (_dir, file) = new_game("concede", &[]);
    let f = s(&file);
    let err = fails(&["game", "concede", f, "--power", "France", "--to", "Frnace"]);
    assert!(err.contains("unknown power `Frnace`"), "{err}");
    for p in ["Austria", "England", "France", "Germany", "Italy"] {
        let out = ok(&["game", "concede", f, "--power", p, "--to", "Russia"]);
        assert!(out.contains(&format!("{p} concedes to Russia")), "{out}");
    }
    let out = ok(&["game", "concede", f, "--power", "Turkey", "--to", "Russia"]);
    assert!(
        out.contains("Game over: Russia won by concession during Spring 1901 Movement"),
        "{out}"
    );
    let g = Game::load(&file).unwrap();
    assert_eq!(g.ended.unwrap().by, diplo_game::EndedBy::Concession);
}

#[test]
fn the_game_s_last_year_ends_it_with_the_most_centres() {
    let (_dir, file) = new_game(
        "last_year",
        &["--last-year", "1901", "--at-last-year", "most-centres"],
    );
    let f = s(&file);
    assert!(show(&file, &[]).contains("Last year: 1901 (then the most centres win)"));
    ok(&["game", "adjudicate", f]);
    let out = ok(&["game", "adjudicate", f]);
    assert!(out.contains("Game over: Russia won after Fall 1901 Movement (the last year) with the most centres, 4"), "{out}");
    let err = fails(&["game", "end-rules", f, "--draw-votes", "majority"]);
    assert!(err.contains("the game is over"), "{err}");
    // A running game gets its house rules later.
    let (_dir, file) = new_game("last_year_later", &[]);
    let f = s(&file);
    let out = ok(&["game", "end-rules", f]);
    assert!(out.ends_with(": no last year, then the survivors share a draw; a draw needs every surviving power's vote\n"), "{out}");
    let out = ok(&[
        "game",
        "end-rules",
        f,
        "--last-year",
        "1901",
        "--draw-votes",
        "majority",
    ]);
    assert!(out.contains(": the last year is 1901 (the game's), then the survivors share a draw; a draw needs the votes of more than half"), "{out}");
    ok(&["game", "adjudicate", f]);
    let out = ok(&["game", "adjudicate", f]);
    assert!(
        out.contains(
            "Game over: drawn after Fall 1901 Movement (the last year), shared by 7 powers"
        ),
        "{out}"
    );
    let dir = temp_dir("last_year_bad");
    let err = fails(&["game", "new", s(&dir.join("g.toml")), "--last-year", "1900"]);
    assert!(
        err.contains("last year 1900: the game is already in 1901"),
        "{err}"
    );
    assert!(!dir.join("g.toml").exists());
}

#[test]
fn a_power_in_civil_disorder_holds_until_a_stand_in_arrives() {
    let (dir, file) = new_game("disorder", &[]);
    let f = s(&file);
    ok(&["game", "player", f, "France", "Alice"]);
    let out = ok(&["game", "disorder", f, "France"]);
    assert!(
        out.contains("France is in civil disorder from Spring 1901 Movement"),
        "{out}"
    );
    assert!(fails(&["game", "disorder", f, "France"]).contains("already in civil disorder"));
    let orders = dir.join("fra.txt");
    std::fs::write(&orders, "A par - bur\n").unwrap();
    ok(&["game", "orders", f, "--power", "France", s(&orders)]);
    let shown = show(&file, &[]);
    assert!(
        shown.contains("In civil disorder (the game master's hand): France"),
        "{shown}"
    );
    assert!(
        !shown.contains("Waiting for: Austria, England, France"),
        "{shown}"
    );
    let out = ok(&["game", "adjudicate", f]);
    assert!(
        out.contains("note: France: in civil disorder by the game master's hand"),
        "{out}"
    );
    assert!(!out.contains("A Paris - Burgundy"), "{out}");
    let out = ok(&["game", "disorder", f, "France", "--end", "--player", "Bob"]);
    assert!(
        out.contains("France is played again from Fall 1901 Movement by Bob"),
        "{out}"
    );
    ok(&["game", "orders", f, "--power", "France", s(&orders)]);
    let out = ok(&["game", "adjudicate", f]);
    assert!(out.contains("A Paris - Burgundy"), "{out}");
    let history = ok(&["game", "history", f]);
    let players = history
        .lines()
        .skip_while(|l| *l != "Players:")
        .nth(1)
        .unwrap_or_default();
    assert!(
        players.starts_with("  France: Alice from Spring 1901 Movement"),
        "{history}"
    );
    assert!(players.contains("civil disorder (the game master's hand) from Spring 1901 Movement"));
    assert!(
        players.contains("; Bob from Fall 1901 Movement"),
        "{players}"
    );
}

#[test]
fn the_on_phase_hook_reads_the_phase_and_its_failure_keeps_the_adjudication() {
    let (dir, file) = new_game("hook", &[]);
    let f = s(&file);
    let got = dir.join("hook.json");
    let cmd = format!("cat > '{}'", s(&got));
    ok(&["game", "adjudicate", f, "--on-phase", &cmd]);
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&got).unwrap()).unwrap();
    assert_eq!(doc["event"], "phase");
    assert_eq!(doc["adjudicated"]["phase"], "Spring 1901 Movement");
    assert_eq!(doc["now"]["phase"], "Fall 1901 Movement");
    assert_eq!(doc["now"]["view"], "public");
    // A failing hook: warned, exit status 4, and the phase adjudicated and saved all the same.
    for (cmd, why) in [
        ("exit 7", "exit status 7"),
        (
            "no-such-command-for-diplo",
            "exit status 127: the command was not found",
        ),
    ] {
        let before = Game::load(&file).unwrap().phase();
        let o = diplo(&["game", "adjudicate", f, "--on-phase", cmd]);
        assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
        assert!(
            stderr(&o).contains(&format!(
                "warning: --on-phase `{cmd}` failed: {why}; the phase was adjudicated and saved"
            )),
            "{}",
            stderr(&o)
        );
        assert!(Game::load(&file).unwrap().phase() > before);
    }
    // A hook that hangs is stopped after its time.
    let start = Instant::now();
    let o = diplo(&[
        "game",
        "adjudicate",
        f,
        "--on-phase",
        "sleep 60",
        "--on-phase-timeout",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(4));
    assert!(
        stderr(&o).contains("still running after 1 s: stopped"),
        "{}",
        stderr(&o)
    );
    assert!(start.elapsed() < Duration::from_secs(30));
}

const RETREAT: &str = r#"phase = "Fall 1901 Retreat"
[units]
France = ["A bur", "F mao"]
Germany = ["A mun"]
[centres]
France = ["bre", "mar", "par"]
Germany = ["ber", "kie", "mun"]
[[dislodged]]
power = "Germany"
unit = "A bur"
attacker_from = "par"
by_convoy = false
"#;

#[test]
fn a_game_starts_from_a_retreat_position_and_a_bad_one_is_located() {
    let dir = temp_dir("from_position");
    let (pos, file) = (dir.join("start.toml"), dir.join("game.toml"));
    std::fs::write(&pos, RETREAT).unwrap();
    let out = ok(&["game", "new", s(&file), "--position", s(&pos)]);
    assert!(
        out.contains("Fall 1901 Retreat (from the position in"),
        "{out}"
    );
    let shown = show(&file, &[]);
    assert!(shown.contains("Germany A bur: may retreat to"), "{shown}");
    assert!(shown.contains("Waiting for: Germany"), "{shown}");
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, RETREAT.replace("\"A mun\"", "\"A xyz\"")).unwrap();
    let other = dir.join("other.toml");
    let err = fails(&["game", "new", s(&other), "--position", s(&bad)]);
    assert!(err.contains(&format!("{}:4:", s(&bad))), "{err}");
    assert!(!other.exists(), "nothing is written from a bad position");
}

#[test]
fn each_power_and_the_public_get_the_summary_and_the_picture_in_one_command() {
    let (dir, file) = new_game("one_command", &[]);
    let f = s(&file);
    ok(&["game", "adjudicate", f]);
    for view in [&["--power", "France"][..], &["--public"][..]] {
        let pic = dir.join("now.svg");
        let mut args = vec!["game", "show", f, "--render", s(&pic)];
        args.extend_from_slice(view);
        ok(&args);
        assert!(std::fs::read_to_string(&pic).unwrap().starts_with("<svg"));
    }
    let pics = dir.join("pics");
    let history = ok(&["game", "history", f, "--render", s(&pics)]);
    assert!(history.contains("Spring 1901 Movement"));
    assert!(pics.join("001-spring-1901-movement.svg").exists());
}

#[test]
fn a_draw_on_stalemate_is_set_shown_and_taken_back() {
    let (_dir, file) = new_game("stalemate", &[]);
    let f = s(&file);
    let err = fails(&["game", "end-rules", f, "--stalemate-years", "0"]);
    assert!(err.contains("after 0 years"), "{err}");
    let out = ok(&["game", "end-rules", f, "--stalemate-years", "2"]);
    assert!(out.contains("changed hands for 2 years"), "{out}");
    let out = ok(&["game", "end-rules", f]);
    assert!(out.contains("changed hands for 2 years"), "kept: {out}");
    let out = ok(&["game", "end-rules", f, "--no-stalemate"]);
    assert!(!out.contains("changed hands"), "{out}");
}
