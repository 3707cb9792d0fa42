//! `diplo game`: hosting a whole game in a game file.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Subcommand};
use diplo_game::{Game, GameError, GameLock, MapSource, SubmitOptions};
use diplo_map::PowerId;
use diplo_rules::policies::SetIntent;

use crate::cmd::adjudicate::{adjudication_json, adjudication_text};
use crate::common::{print, Format, RulesArgs};

/// `diplo game ...`
#[derive(Subcommand, Debug)]
pub enum GameCommand {
    /// Start a game at the map's starting position and write it to FILE.
    New(NewArgs),
    /// Submit one power's orders for the current phase (an order set).
    Orders(OrdersArgs),
    /// Let another power order one of your units this phase (DATC 4.E.5 proxy orders).
    Proxy(ProxyArgs),
    /// Adjudicate the current phase with the orders received and move to the next phase.
    Adjudicate(AdjudicateArgs),
    /// Show the current phase, position, retreat options and orders received.
    Show(ShowArgs),
    /// Show every phase played with its orders and results.
    History(HistoryArgs),
    /// Take the game back to the start of an earlier phase (default: the previous one); the
    /// phases taken back stay in the file as `[[undone]]`.
    Rollback(RollbackArgs),
    /// Set (or clear) the current phase's deadline, an RFC 3339 time in UTC.
    Deadline(DeadlineArgs),
    /// Make a game file from a MILA or Cicero saved game (JSON): its orders are adjudicated
    /// again, phase by phase, under the ruleset given.
    Import(ImportArgs),
}

/// Arguments of `diplo game import`.
#[derive(Args, Debug)]
pub struct ImportArgs {
    /// The saved game (MILA's or the Cicero release's JSON; the first game of a JSON Lines file).
    saved: PathBuf,
    /// The game's rules.
    #[command(flatten)]
    rules: RulesArgs,
    /// The map, when the saved game's `map` is not a built-in map's name.
    #[arg(long)]
    map: Option<String>,
    /// Replace FILE if it exists.
    #[arg(long)]
    force: bool,
    /// The game file to create.
    file: PathBuf,
}

/// Arguments of `diplo game new`.
#[derive(Args, Debug)]
pub struct NewArgs {
    /// The map: `standard` (embedded) or a path (the game keeps a copy of the file).
    #[arg(long, default_value = "standard")]
    map: String,
    /// The game's rules (it keeps every choice, with the overrides).
    #[command(flatten)]
    rules: RulesArgs,
    /// Replace FILE if it exists.
    #[arg(long)]
    force: bool,
    /// The game file to create.
    file: PathBuf,
}

/// Arguments of `diplo game orders`.
#[derive(Args, Debug)]
pub struct OrdersArgs {
    /// The game file.
    file: PathBuf,
    /// The power submitting the orders. Without it, every line needs a power (a `France:`
    /// header or a `FRA:` prefix) and each power named gets its own order set.
    #[arg(long)]
    power: Option<String>,
    /// The orders file (`-` for standard input). Optional with `--clear-perpetual`.
    orders: Option<PathBuf>,
    /// This set replaces every earlier set of the power this phase (DATC 4.D.1).
    #[arg(long, conflicts_with = "adds")]
    replaces: bool,
    /// The earlier sets of the power still count (DATC 4.D.1).
    #[arg(long)]
    adds: bool,
    /// This set came at the same time as the power's previous one, in no known order (DATC 4.D.2).
    #[arg(long)]
    same_time: bool,
    /// Keep these orders as perpetual orders, used whenever the power sends none (DATC 4.E.4).
    #[arg(long)]
    perpetual: bool,
    /// Stop the power's perpetual orders.
    #[arg(long)]
    clear_perpetual: bool,
    /// Withdraw the power's latest order set of this phase (its earlier sets count again).
    #[arg(long, requires = "power", conflicts_with_all = ["orders", "perpetual", "replaces", "adds", "same_time", "ready"])]
    withdraw: bool,
    /// The power's orders are final: `game adjudicate --if-due` waits for every power's.
    /// Without an orders file, marks the power ready as it is. A new set clears it.
    #[arg(long, conflicts_with = "not_ready")]
    ready: bool,
    /// Take back `--ready`.
    #[arg(long, requires = "power", conflicts_with_all = ["orders", "withdraw"])]
    not_ready: bool,
}

/// Arguments of `diplo game rollback`.
#[derive(Args, Debug)]
pub struct RollbackArgs {
    /// The game file.
    file: PathBuf,
    /// The phase to go back to the start of (`Spring 1902 Movement`); default: the previous one.
    #[arg(long)]
    to: Option<String>,
}

/// Arguments of `diplo game deadline`.
#[derive(Args, Debug)]
pub struct DeadlineArgs {
    /// The game file.
    file: PathBuf,
    /// The deadline of the current phase: an RFC 3339 time (`2026-11-24T18:00:00Z`).
    #[arg(required_unless_present = "clear")]
    time: Option<String>,
    /// Remove the deadline.
    #[arg(long, conflicts_with = "time")]
    clear: bool,
}

/// Arguments of `diplo game proxy`.
#[derive(Args, Debug)]
pub struct ProxyArgs {
    /// The game file.
    file: PathBuf,
    /// The power that owns the unit.
    #[arg(long)]
    power: String,
    /// The unit: `A par`, `F stp/sc`, or just the province.
    #[arg(long)]
    unit: String,
    /// The power that may order it.
    #[arg(long)]
    to: String,
}

/// Arguments of `diplo game adjudicate`.
#[derive(Args, Debug)]
pub struct AdjudicateArgs {
    /// The game file.
    file: PathBuf,
    /// Override one issue for this phase only, e.g. `paradox_fallback=szykman` (repeatable).
    #[arg(long = "set", value_name = "ISSUE=CHOICE")]
    sets: Vec<String>,
    /// Only when due: every power that must order is ready, or the deadline has passed
    /// (`DIPLO_NOW` overrides the clock). Otherwise say why not and exit 0 (for cron).
    #[arg(long)]
    if_due: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Arguments of `diplo game show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The game file.
    file: PathBuf,
    /// What this power may see: its own pending orders, not the others'.
    #[arg(long, conflicts_with = "public")]
    power: Option<String>,
    /// What spectators may see: no pending orders, only who has submitted.
    #[arg(long)]
    public: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Also draw the current position (retreat options in a retreat phase): FILE.svg or
    /// FILE.png.
    #[arg(long)]
    render: Option<PathBuf>,
}

/// Arguments of `diplo game history`.
#[derive(Args, Debug)]
pub struct HistoryArgs {
    /// The game file.
    file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = HistoryFormat::Text)]
    format: HistoryFormat,
    /// Also draw every phase played, with its orders and results, into this directory
    /// (`001-spring-1901-movement.svg`, ...; `.png` with --render-format png).
    #[arg(long, value_name = "DIR")]
    render: Option<PathBuf>,
    /// The pictures' format with --render.
    #[arg(long, value_enum, default_value_t = PictureFormat::Svg)]
    render_format: PictureFormat,
}

/// The format of `game history --render` pictures.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureFormat {
    /// SVG.
    Svg,
    /// PNG.
    Png,
}

/// How `diplo game history` prints.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryFormat {
    /// Lines for a person.
    Text,
    /// One JSON document.
    Json,
    /// godip's game-record format (PHASE / POSITIONS / ORDERS), which `diplo replay --map`
    /// reads back.
    Godip,
    /// The MILA `diplomacy` package's saved-game JSON, which `diplo replay` also reads back.
    Mila,
    /// The game JSON of the Cicero data release (MILA's with version, press and scoring
    /// fields), which `diplo replay` also reads back.
    Cicero,
}

/// Runs `diplo game ...`.
pub fn run(cmd: GameCommand) -> ExitCode {
    let result = match cmd {
        GameCommand::New(a) => new(a),
        GameCommand::Orders(a) => orders(a),
        GameCommand::Proxy(a) => proxy(a),
        GameCommand::Adjudicate(a) => adjudicate(a),
        GameCommand::Show(a) => show(a),
        GameCommand::History(a) => history(a),
        GameCommand::Rollback(a) => rollback(a),
        GameCommand::Deadline(a) => deadline(a),
        GameCommand::Import(a) => import(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            for line in e.to_string().lines() {
                eprintln!("error: {line}");
            }
            ExitCode::FAILURE
        }
    }
}

fn refused(msg: String) -> GameError {
    GameError::Refused(vec![msg])
}

fn lock(file: &Path) -> Result<GameLock, GameError> {
    GameLock::acquire(file).map_err(|source| GameError::Io {
        path: file.display().to_string(),
        what: "cannot lock the game file",
        source,
    })
}

fn power_of(game: &Game, name: &str) -> Result<PowerId, GameError> {
    game.map.power_by_name(name).ok_or_else(|| {
        let names: Vec<&str> = game.map.powers().iter().map(|p| p.name.as_str()).collect();
        refused(format!(
            "unknown power `{name}`; the powers are {}",
            names.join(", ")
        ))
    })
}

fn new(a: NewArgs) -> Result<(), GameError> {
    // Locked before the check, so that two `game new` of one file cannot both succeed.
    let _lock = lock(&a.file)?;
    if a.file.exists() && !a.force {
        return Err(refused(format!(
            "{}: the file exists; a new game never overwrites one (use --force to replace it)",
            a.file.display()
        )));
    }
    let source = if diplo_map::embedded_map_source(&a.map).is_some() {
        MapSource::Embedded(a.map.to_lowercase())
    } else {
        let path = crate::common::find_map_file(&a.map)
            .unwrap_or_else(|| std::path::PathBuf::from(&a.map));
        MapSource::Copy(diplo_map::limits::read_file(&path).map_err(|source| {
            GameError::Io {
                path: a.map.clone(),
                what: "no embedded map of that name, no user map of that name (DIPLO_MAPS, ./maps) and the file cannot be read",
                source,
            }
        })?)
    };
    let map = source.load(&a.map)?;
    let rules = a.rules.load().map_err(|_| {
        refused(format!(
            "the ruleset `{}` cannot be used (see above)",
            a.rules.name()
        ))
    })?;
    let game = Game::new(map, source, rules, a.rules.sets);
    game.save(&a.file)?;
    print(&format!(
        "{}: new game on the {} map under ruleset {}; {}\n",
        a.file.display(),
        game.map.name,
        game.ruleset_label(),
        game.phase().name(&game.map)
    ));
    Ok(())
}

fn import(a: ImportArgs) -> Result<(), GameError> {
    let text = diplo_map::limits::read_file(&a.saved).map_err(|source| GameError::Io {
        path: a.saved.display().to_string(),
        what: "cannot read the saved game",
        source,
    })?;
    let where_ = a.saved.display().to_string();
    let first = text.trim_start_matches('\u{feff}');
    // One JSON document, or JSON Lines (then the first game); errors are the whole text's.
    let doc: serde_json::Value = serde_json::from_str(first)
        .or_else(|whole| {
            serde_json::from_str(first.lines().next().unwrap_or("")).map_err(|_| whole)
        })
        .map_err(|e| {
            GameError::Invalid(format!(
                "{where_}:{}:{}: not a MILA or Cicero saved game (JSON): {e}",
                e.line(),
                e.column()
            ))
        })?;
    let map_name = a
        .map
        .clone()
        .or_else(|| doc["map"].as_str().map(String::from))
        .unwrap_or_else(|| "standard".into());
    let source = if diplo_map::embedded_map_source(&map_name).is_some() {
        MapSource::Embedded(map_name.to_lowercase())
    } else {
        let path = crate::common::find_map_file(&map_name)
            .unwrap_or_else(|| std::path::PathBuf::from(&map_name));
        MapSource::Copy(
            diplo_map::limits::read_file(&path).map_err(|source| GameError::Io {
                path: map_name.clone(),
                what: "the saved game's map is not a built-in map (give --map)",
                source,
            })?,
        )
    };
    let map = source.load(&map_name)?;
    let rules = a.rules.load().map_err(|_| {
        refused(format!(
            "the ruleset `{}` cannot be used (see above)",
            a.rules.name()
        ))
    })?;
    let _lock = lock(&a.file)?;
    if a.file.exists() && !a.force {
        return Err(refused(format!(
            "{}: the file exists; an import never overwrites one (use --force to replace it)",
            a.file.display()
        )));
    }
    let game = diplo_game::mila::from_saved_game(&doc, map, source, rules)
        .map_err(|e| GameError::Invalid(format!("{where_}: {e}")))?;
    game.save(&a.file)?;
    print(&format!(
        "{}: imported {} phases on the {} map under ruleset {}; now {}\n",
        a.file.display(),
        game.history.len(),
        game.map.name,
        game.ruleset_label(),
        game.phase().name(&game.map)
    ));
    Ok(())
}

/// `diplo game orders`: submit, withdraw, mark ready or stop perpetual orders.
fn orders(a: OrdersArgs) -> Result<(), GameError> {
    // The orders are read before the game is locked: a slow writer on standard input must not
    // keep every other command on the game waiting.
    let read = match &a.orders {
        Some(path) => Some(read_orders_text(path)?),
        None => None,
    };
    let _lock = lock(&a.file)?;
    let mut game = Game::load(&a.file)?;
    let power = a.power.as_deref().map(|p| power_of(&game, p)).transpose()?;
    if a.clear_perpetual {
        let Some(power) = power else {
            return Err(refused("--clear-perpetual needs --power".into()));
        };
        let had = game.clear_perpetual(power);
        if a.orders.is_none() {
            game.save(&a.file)?;
            print(&format!(
                "{}: {}\n",
                game.power_name(power),
                if had {
                    "perpetual orders stopped"
                } else {
                    "had no perpetual orders"
                }
            ));
            return Ok(());
        }
    }
    if a.withdraw {
        let power = power.expect("clap requires --power");
        return withdraw(&mut game, &a.file, power);
    }
    if a.not_ready || (a.ready && read.is_none()) {
        let Some(power) = power else {
            return Err(refused(
                "--ready without an orders file needs --power".into(),
            ));
        };
        return set_ready(&mut game, &a.file, power, a.ready);
    }
    let Some((text, source)) = read else {
        return Err(refused(
            "no orders file: give one (or `-` for standard input)".into(),
        ));
    };
    submit(&mut game, &a, power, &text, &source)
}

/// `--withdraw`: the power's latest order set of this phase goes; says what counts now.
fn withdraw(game: &mut Game, file: &Path, power: PowerId) -> Result<(), GameError> {
    let set = game.withdraw(power)?;
    let name = game.power_name(power).to_string();
    let mut out = format!(
        "{name}: order set {} withdrawn ({} order{})\n",
        set.seq,
        set.orders.len(),
        if set.orders.len() == 1 { "" } else { "s" }
    );
    out.push_str(&counting_lines(game, power));
    game.save(file)?;
    print(&out);
    Ok(())
}

/// `--ready` (without orders) or `--not-ready`: marks the power so.
fn set_ready(game: &mut Game, file: &Path, power: PowerId, ready: bool) -> Result<(), GameError> {
    game.set_ready(power, ready)?;
    let name = game.power_name(power).to_string();
    let mut out = if ready {
        format!("{name} is ready\n")
    } else {
        format!("{name} is not ready\n")
    };
    if ready && !game.has_submitted(power) && game.must_order(power) {
        out.push_str(&format!(
            "note: {name} has sent no orders: if the phase is adjudicated so, it is in civil disorder\n"
        ));
    }
    game.save(file)?;
    print(&out);
    Ok(())
}

/// Submits the orders `text` (read from `source`) for `power`, or for each power its headers
/// name; prints each set with its illegal orders and notes, warnings on standard error.
fn submit(
    game: &mut Game,
    a: &OrdersArgs,
    power: Option<PowerId>,
    text: &str,
    source: &str,
) -> Result<(), GameError> {
    let intent = if a.replaces {
        SetIntent::Replaces
    } else if a.adds {
        SetIntent::Adds
    } else {
        SetIntent::Unstated
    };
    let opts = SubmitOptions {
        intent,
        same_time: a.same_time,
        perpetual: a.perpetual,
    };
    let phase = game.phase().name(&game.map).to_string();
    let sets = match power {
        Some(p) => vec![game.submit(p, text, source, opts)?.clone()],
        None => game.submit_by_headers(text, source, opts)?,
    };
    let mut out = String::new();
    let mut warnings = String::new();
    for set in &sets {
        if a.ready {
            game.set_ready(set.power, true)?;
        }
        out.push_str(&format!(
            "{}: order set {} for {phase} ({} order{}){}{}\n",
            game.power_name(set.power),
            set.seq,
            set.orders.len(),
            if set.orders.len() == 1 { "" } else { "s" },
            if a.perpetual { ", also perpetual" } else { "" },
            if a.ready { ", ready" } else { "" }
        ));
        out.push_str(&set_lines(game, set));
        warnings.push_str(&ignored_warning(
            game,
            set.power,
            &game.set_status(set.power),
        ));
    }
    game.save(&a.file)?;
    print(&out);
    eprint!("{warnings}");
    Ok(())
}

/// The orders of a set just submitted, each illegal one with a warning, then the notes about
/// the set.
fn set_lines(game: &Game, set: &diplo_game::OrderSet) -> String {
    let mut out = String::new();
    // Indexed by order, so that a set of many orders stays linear.
    let mut illegal: Vec<Option<String>> = vec![None; set.orders.len()];
    for (j, why) in game.illegal_orders(set) {
        if let Some(slot) = illegal.get_mut(j) {
            slot.get_or_insert(why);
        }
    }
    for (o, why) in set.orders.iter().zip(&illegal) {
        out.push_str(&format!("  {}", o.display(&game.map)));
        if let Some(why) = why {
            out.push_str(&format!(
                "    <- warning: illegal, it will be ignored: {why}"
            ));
        }
        out.push('\n');
    }
    let st = game.set_status(set.power);
    for n in &st.notes {
        if n.contains(&format!("order set {} ", set.seq)) || st.all_hold {
            out.push_str(&format!("note: {n}\n"));
        }
    }
    out
}

/// What counts now for `power`: `France: set 3 counts (2 orders)`, or that it has none.
fn counting_lines(game: &Game, power: PowerId) -> String {
    let name = game.power_name(power);
    if !game.has_submitted(power) {
        return format!(
            "{name} has no order set for {} now{}\n",
            game.phase().name(&game.map),
            if game.must_order(power) {
                " (without one it is in civil disorder)"
            } else {
                ""
            }
        );
    }
    let st = game.set_status(power);
    let sets: Vec<String> = st.counting.iter().map(u64::to_string).collect();
    let mut out = format!(
        "{name}: set{} {} count{} ({} order{})\n",
        if sets.len() == 1 { "" } else { "s" },
        sets.join(", "),
        if sets.len() == 1 { "s" } else { "" },
        st.orders.len(),
        if st.orders.len() == 1 { "" } else { "s" }
    );
    for n in &st.notes {
        out.push_str(&format!("note: {n}\n"));
    }
    out
}

/// A loud warning when orders of the sets that count for `power` will be ignored by the rules
/// while earlier sets were replaced (a legal set lost to a later illegal one), or empty.
fn ignored_warning(game: &Game, power: PowerId, st: &diplo_game::SetStatus) -> String {
    let illegal = game.illegal_among(power, &st.orders);
    if illegal.is_empty() {
        return String::new();
    }
    let name = game.power_name(power);
    let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    let mut out = format!(
        "warning: {name}: {} of the {} order{} that count (set{} {}) will be IGNORED by the rules as illegal:\n",
        illegal.len(),
        st.orders.len(),
        if st.orders.len() == 1 { "" } else { "s" },
        if st.counting.len() == 1 { "" } else { "s" },
        list(&st.counting)
    );
    for (i, why) in &illegal {
        if let Some(o) = st.orders.get(*i) {
            out.push_str(&format!("warning:   {}: {why}\n", o.display(&game.map)));
        }
    }
    if !st.replaced.is_empty() {
        out.push_str(&format!(
            "warning: {name}: set{} {} no longer count{}: replaced; to restore, withdraw the later set (`diplo game orders FILE --power {name} --withdraw`) or send it again with --adds\n",
            if st.replaced.len() == 1 { "" } else { "s" },
            list(&st.replaced),
            if st.replaced.len() == 1 { "s" } else { "" },
        ));
    }
    out
}

fn proxy(a: ProxyArgs) -> Result<(), GameError> {
    let _lock = lock(&a.file)?;
    let mut game = Game::load(&a.file)?;
    let power = power_of(&game, &a.power)?;
    let to = power_of(&game, &a.to)?;
    let province = diplo_engine::position::parse_unit(&game.map, power, &a.unit)
        .map(|u| u.location.province)
        .ok()
        .or_else(|| game.map.province_by_name(&a.unit))
        .ok_or_else(|| {
            refused(format!(
                "unknown unit `{}`: expected `A par` or a province",
                a.unit
            ))
        })?;
    game.grant_proxy(power, province, to)?;
    game.save(&a.file)?;
    print(&format!(
        "{} may order {}'s unit in {} this phase\n",
        game.power_name(to),
        game.power_name(power),
        game.map.province(province).full_name
    ));
    Ok(())
}

/// `diplo game adjudicate`: adjudicates the current phase (with `--if-due`, only when due).
fn adjudicate(a: AdjudicateArgs) -> Result<(), GameError> {
    let _lock = lock(&a.file)?;
    let mut game = Game::load(&a.file)?;
    let mut why_due = None;
    if a.if_due {
        match due_check(&game, &a.file)? {
            DueCheck::Due(why) => why_due = Some(why),
            DueCheck::NotDue(msg) => {
                print(&msg);
                return Ok(());
            }
        }
    }
    let outcome = game.adjudicate(&a.sets)?;
    game.save(&a.file)?;
    let done = Adjudicated {
        summary: game
            .phase_summary(game.history.len() - 1)
            .unwrap_or_default(),
        due_now: game.adjustments_due(),
        game: &game,
        outcome: &outcome,
        why_due,
    };
    match a.format {
        Format::Json => print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&done.json()).expect("json")
        )),
        Format::Text => print(&done.text()),
    }
    Ok(())
}

/// Whether `--if-due` adjudicates now.
enum DueCheck {
    /// Due, and why.
    Due(String),
    /// Not due: the line to print.
    NotDue(String),
}

/// Whether the game in `file` is due now: every power that must order is ready, or the
/// deadline has passed.
fn due_check(game: &Game, file: &Path) -> Result<DueCheck, GameError> {
    let now = diplo_game::time::now().map_err(refused)?;
    let name = |p: &PowerId| game.power_name(*p).to_string();
    let names = |v: &[PowerId]| v.iter().map(name).collect::<Vec<_>>().join(", ");
    let phase = game.phase().name(&game.map).to_string();
    Ok(match game.due(now) {
        diplo_game::Due::Over => {
            DueCheck::NotDue(format!("{}: not due: the game is over\n", file.display()))
        }
        diplo_game::Due::NotDue {
            not_ready,
            deadline,
        } => {
            let when = match deadline {
                Some(d) => format!(
                    "the deadline {} is in {}",
                    diplo_game::time::format_rfc3339(d),
                    diplo_game::time::describe_span(d - now)
                ),
                None => "no deadline is set".to_string(),
            };
            DueCheck::NotDue(format!(
                "{}: {phase} not due: waiting for {} to be ready; {when}\n",
                file.display(),
                names(&not_ready)
            ))
        }
        diplo_game::Due::AllReady => {
            DueCheck::Due(format!("{phase} due: every power that must order is ready"))
        }
        diplo_game::Due::DeadlinePassed {
            deadline,
            not_ready,
            no_orders,
        } => {
            let mut m = format!(
                "{phase} due: the deadline {} has passed; not ready: {}",
                diplo_game::time::format_rfc3339(deadline),
                names(&not_ready)
            );
            if !no_orders.is_empty() {
                m.push_str(&format!(
                    "; no orders from {} (civil disorder)",
                    names(&no_orders)
                ));
            }
            DueCheck::Due(m)
        }
    })
}

/// A phase just adjudicated, as `diplo game adjudicate` reports it.
struct Adjudicated<'g> {
    game: &'g Game,
    outcome: &'g diplo_game::PhaseOutcome,
    /// Why it was due (`--if-due`).
    why_due: Option<String>,
    /// The phase's summary.
    summary: diplo_game::summary::PhaseSummary,
    /// The adjustments due after it.
    due_now: Vec<diplo_game::summary::AdjustmentDue>,
}

impl Adjudicated<'_> {
    /// The JSON document: the adjudication with the game's additions.
    fn json(&self) -> serde_json::Value {
        let (map, outcome) = (&self.game.map, self.outcome);
        let given = (&outcome.position, &outcome.gathered.orders[..]);
        let mut v = adjudication_json(map, given, &outcome.adjudication);
        v["civil_disorder"] = serde_json::json!(outcome
            .gathered
            .civil_disorder
            .iter()
            .map(|p| map.power(*p).name.clone())
            .collect::<Vec<_>>());
        v["notes"] = serde_json::json!(outcome.gathered.notes);
        v["ruleset"] = self.game.ruleset_label().into();
        v["due"] = self.why_due.clone().into();
        v["summary"] = self.summary.to_json();
        v["adjustments_due"] = diplo_game::summary::adjustments_json(&self.due_now);
        v["ended"] = match &outcome.ended {
            Some(e) => e.to_json(map),
            None => serde_json::Value::Null,
        };
        v
    }

    /// The text: why due, the notes, then the adjudication with the units nobody ordered
    /// among the results and the summaries before the next position.
    fn text(&self) -> String {
        let (map, outcome) = (&self.game.map, self.outcome);
        let mut out = String::new();
        if let Some(w) = &self.why_due {
            out.push_str(&format!("{w}\n"));
        }
        for n in &outcome.gathered.notes {
            out.push_str(&format!("note: {n}\n"));
        }
        for p in &outcome.gathered.civil_disorder {
            out.push_str(&format!(
                "note: {} sent no orders (civil disorder)\n",
                map.power(*p).name
            ));
        }
        let text = adjudication_text(
            map,
            &self.game.ruleset_label(),
            (&outcome.position, &outcome.gathered.orders),
            &outcome.adjudication,
        );
        self.merge(&mut out, &text);
        if let Some(e) = &outcome.ended {
            out.push_str(&format!("Game over: {}\n", e.describe(map)));
        }
        out
    }

    /// The adjudication's `text` into `out`, with the units nobody ordered after the results
    /// and the centre and adjustment summaries before the next position.
    fn merge(&self, out: &mut String, text: &str) {
        // Units nobody ordered go with the results, before what follows them.
        let mut lines = text.lines();
        if let Some(head) = lines.next() {
            out.push_str(head);
            out.push('\n');
        }
        let mut rest: Vec<&str> = lines.collect();
        let results_end = rest
            .iter()
            .position(|l| !l.starts_with("  "))
            .unwrap_or(rest.len());
        for l in rest.drain(..results_end) {
            out.push_str(l);
            out.push('\n');
        }
        for (p, u) in &self.summary.unordered {
            out.push_str(&format!("  {p}: {u} (no order) -> holds\n"));
        }
        // The summaries come before the next position.
        let mut summaries = self.summary.centre_lines();
        if self.game.ended.is_none() {
            summaries.extend(diplo_game::summary::adjustment_lines(&self.due_now));
        }
        let next_at = rest
            .iter()
            .position(|l| l.starts_with("Next:"))
            .unwrap_or(rest.len());
        for (i, l) in rest.iter().enumerate() {
            if i == next_at {
                for s in summaries.drain(..) {
                    out.push_str(&format!("{s}\n"));
                }
            }
            out.push_str(l);
            out.push('\n');
        }
        for s in summaries {
            out.push_str(&format!("{s}\n"));
        }
    }
}

/// Who is looking at a game: what `diplo game show` may print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Viewer {
    /// The host: everything.
    Host,
    /// One power: its own pending orders, not the others'.
    Power(PowerId),
    /// Spectators: no pending orders.
    Public,
}

impl Viewer {
    fn sees_orders_of(self, p: PowerId) -> bool {
        match self {
            Viewer::Host => true,
            Viewer::Power(me) => me == p,
            Viewer::Public => false,
        }
    }
}

/// `diplo game show`: the current phase, position, retreat options and orders received.
fn show(a: ShowArgs) -> Result<(), GameError> {
    let game = Game::load(&a.file)?;
    if let Some(path) = &a.render {
        let scene = super::render::position_scene(&game.map, &game.rules, &game.position);
        diplo_render::write_file(path, &diplo_render::svg(&scene))
            .map_err(|e| GameError::Invalid(e.to_string()))?;
    }
    let viewer = match (&a.power, a.public) {
        (Some(p), _) => Viewer::Power(power_of(&game, p)?),
        (None, true) => Viewer::Public,
        (None, false) => Viewer::Host,
    };
    let view = ShowView::new(&game, viewer);
    match a.format {
        Format::Json => print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&view.json()).expect("json")
        )),
        Format::Text => print(&view.text()),
    }
    Ok(())
}

/// What `diplo game show` prints, gathered once for both formats.
struct ShowView<'g> {
    game: &'g Game,
    viewer: Viewer,
    /// The powers that must order and have sent nothing, by name.
    waiting: Vec<String>,
    /// The powers the phase concerns: those that must order and any that sent orders.
    concerned: Vec<PowerId>,
    /// The last phase's summary, when centres changed hands in it.
    last_changes: Option<diplo_game::summary::PhaseSummary>,
    /// The adjustments due (none once the game is over).
    due: Vec<diplo_game::summary::AdjustmentDue>,
    /// The deadline, RFC 3339.
    deadline: Option<String>,
}

impl<'g> ShowView<'g> {
    /// Gathers what `viewer` may see of `game`.
    fn new(game: &'g Game, viewer: Viewer) -> Self {
        let map = &game.map;
        let waiting: Vec<String> = map
            .power_ids()
            .filter(|p| !game.has_submitted(*p) && game.must_order(*p))
            .map(|p| map.power(p).name.clone())
            .collect();
        let concerned: Vec<PowerId> = map
            .power_ids()
            .filter(|&p| game.must_order(p) || game.has_submitted(p) || game.ready.contains(&p))
            .collect();
        let last_changes = game
            .history
            .len()
            .checked_sub(1)
            .and_then(|i| game.phase_summary(i).ok())
            .filter(|s| !s.centre_changes.is_empty());
        let due = if game.ended.is_none() {
            game.adjustments_due()
        } else {
            Vec::new()
        };
        let deadline = game.deadline.map(diplo_game::time::format_rfc3339);
        ShowView {
            game,
            viewer,
            waiting,
            concerned,
            last_changes,
            due,
            deadline,
        }
    }

    /// The concerned powers whose pending orders the viewer may see.
    fn visible(&self) -> impl Iterator<Item = PowerId> + '_ {
        self.concerned
            .iter()
            .copied()
            .filter(|&p| self.viewer.sees_orders_of(p))
    }

    /// The JSON document.
    fn json(&self) -> serde_json::Value {
        let (game, map) = (self.game, &self.game.map);
        let pos = &game.position;
        let view = match self.viewer {
            Viewer::Host => "host".to_string(),
            Viewer::Power(p) => map.power(p).name.clone(),
            Viewer::Public => "public".to_string(),
        };
        serde_json::json!({
            "map": map.name,
            "ruleset": game.rules.name,
            "overrides": game.overrides,
            "ruleset_label": game.ruleset_label(),
            "view": view,
            "phase": pos.phase.name(map).to_string(),
            "deadline": self.deadline,
            "ended": game.ended.as_ref().map(|e| e.to_json(map)),
            "position": pos.to_file(map),
            "centre_counts": map.power_ids().map(|p| (map.power(p).name.clone(), pos.centre_count(p))).collect::<std::collections::BTreeMap<_, _>>(),
            "retreat_options": self.retreats_json(),
            "order_sets": self.order_sets_json(),
            "set_notes": self.visible().flat_map(|p| game.set_status(p).notes).collect::<Vec<_>>(),
            "ignored_orders": self.ignored_json(),
            "powers": self.concerned.iter().map(|&p| (map.power(p).name.clone(), serde_json::json!({
                "must_order": game.must_order(p),
                "submitted": game.has_submitted(p),
                "ready": game.ready.contains(&p),
            }))).collect::<std::collections::BTreeMap<_, _>>(),
            "waiting_for": self.waiting,
            "last_centre_changes": self.last_changes.as_ref().map(|s| serde_json::json!({
                "season": s.season,
                "changes": diplo_game::summary::centre_changes_json(&s.centre_changes),
                "centres_after": s.centres_after,
            })),
            "adjustments_due": diplo_game::summary::adjustments_json(&self.due),
            "phases_played": game.history.len(),
            "rollbacks": game.undone.len(),
        })
    }

    /// `retreat_options`: each dislodged unit with where it may retreat.
    fn retreats_json(&self) -> Vec<serde_json::Value> {
        let map = &self.game.map;
        self.game
            .retreat_options()
            .iter()
            .map(|r| {
                serde_json::json!({
                    "power": map.power(r.dislodged.unit.power).name,
                    "unit": r.dislodged.unit.short(map),
                    "options": r.options.iter().map(|l| map.location_name(*l)).collect::<Vec<_>>(),
                })
            })
            .collect()
    }

    /// `order_sets`: the order sets the viewer may see, and whether each counts.
    fn order_sets_json(&self) -> Vec<serde_json::Value> {
        let (game, map) = (self.game, &self.game.map);
        game.order_sets
            .iter()
            .filter(|s| self.viewer.sees_orders_of(s.power))
            .map(|s| {
                let st = game.set_status(s.power);
                serde_json::json!({
                    "power": map.power(s.power).name, "seq": s.seq,
                    "counts": st.counting.contains(&s.seq),
                    "orders": s.orders.iter().map(|o| o.display(map).to_string()).collect::<Vec<_>>(),
                })
            })
            .collect()
    }

    /// `ignored_orders`: the counting orders the rules will ignore as illegal.
    fn ignored_json(&self) -> Vec<serde_json::Value> {
        let (game, map) = (self.game, &self.game.map);
        self.visible()
            .flat_map(|p| {
                let st = game.set_status(p);
                game.illegal_among(p, &st.orders)
                    .into_iter()
                    .filter_map(move |(i, why)| {
                        st.orders.get(i).map(|o| {
                            serde_json::json!({
                                "power": map.power(p).name, "order": o.display(map).to_string(), "why": why,
                            })
                        })
                    })
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    /// The text for people.
    fn text(&self) -> String {
        let mut out = self.text_head();
        self.text_powers(&mut out);
        self.text_dislodged(&mut out);
        if self.game.ended.is_none() {
            self.text_submissions(&mut out);
        }
        out
    }

    /// Map, ruleset, phase (or the game's end), deadline and whose view this is.
    fn text_head(&self) -> String {
        let (game, map) = (self.game, &self.game.map);
        let mut out = format!("{} map, ruleset {}\n", map.name, game.ruleset_label());
        match &game.ended {
            Some(e) => out.push_str(&format!("Game over: {}\n", e.describe(map))),
            None => out.push_str(&format!("Phase: {}\n", game.position.phase.name(map))),
        }
        if let (Some(d), None) = (&self.deadline, &game.ended) {
            out.push_str(&format!("Deadline: {d}\n"));
        }
        match self.viewer {
            Viewer::Host => {}
            Viewer::Power(p) => out.push_str(&format!(
                "View: {} (the other powers' pending orders are hidden)\n",
                map.power(p).name
            )),
            Viewer::Public => out.push_str("View: public (pending orders are hidden)\n"),
        }
        out
    }

    /// Each power's centres and units, the last centre changes and the adjustments due.
    fn text_powers(&self, out: &mut String) {
        let map = &self.game.map;
        let pos = &self.game.position;
        out.push_str("Powers (centres, units):\n");
        for p in map.power_ids() {
            let units = pos.unit_names(map, p);
            out.push_str(&format!(
                "  {:<10} {:>2} centres, {:>2} units: {}\n",
                map.power(p).name,
                pos.centre_count(p),
                units.len(),
                units.join(", ")
            ));
        }
        if let Some(s) = &self.last_changes {
            for l in s.centre_lines() {
                out.push_str(&format!("{l}\n"));
            }
        }
        for l in diplo_game::summary::adjustment_lines(&self.due) {
            out.push_str(&format!("{l}\n"));
        }
    }

    /// The dislodged units and where each may retreat.
    fn text_dislodged(&self, out: &mut String) {
        let map = &self.game.map;
        let retreats = self.game.retreat_options();
        if retreats.is_empty() {
            return;
        }
        out.push_str("Dislodged:\n");
        for r in &retreats {
            let opts: Vec<String> = r.options.iter().map(|l| map.location_name(*l)).collect();
            out.push_str(&format!(
                "  {} {}: {}\n",
                map.power(r.dislodged.unit.power).name,
                r.dislodged.unit.short(map),
                if opts.is_empty() {
                    "no retreat: it will be disbanded".to_string()
                } else {
                    format!("may retreat to {}", opts.join(", "))
                }
            ));
        }
    }

    /// Who has sent orders, the orders the viewer may see with their notes and warnings, and
    /// who is awaited.
    fn text_submissions(&self, out: &mut String) {
        let (game, map) = (self.game, &self.game.map);
        out.push_str("Submissions:\n");
        for &p in &self.concerned {
            let n = game.order_sets.iter().filter(|s| s.power == p).count();
            out.push_str(&format!(
                "  {:<10} {}{}\n",
                map.power(p).name,
                match n {
                    0 => "no orders yet".to_string(),
                    1 => "orders received (1 set)".to_string(),
                    n => format!("orders received ({n} sets)"),
                },
                if game.ready.contains(&p) {
                    ", ready"
                } else {
                    ""
                }
            ));
        }
        for s in game
            .order_sets
            .iter()
            .filter(|s| self.viewer.sees_orders_of(s.power))
        {
            let orders: Vec<String> = s
                .orders
                .iter()
                .map(|o| o.display(map).to_string())
                .collect();
            out.push_str(&format!(
                "Orders from {} (set {}): {}\n",
                map.power(s.power).name,
                s.seq,
                orders.join("; ")
            ));
        }
        for p in self.visible() {
            if !game.has_submitted(p) {
                continue;
            }
            let st = game.set_status(p);
            for n in &st.notes {
                out.push_str(&format!("note: {n}\n"));
            }
            for l in ignored_warning(game, p, &st).lines() {
                out.push_str(&format!("{l}\n"));
            }
        }
        if !self.waiting.is_empty() {
            out.push_str(&format!("Waiting for: {}\n", self.waiting.join(", ")));
        }
    }
}

fn rollback(a: RollbackArgs) -> Result<(), GameError> {
    let _lock = lock(&a.file)?;
    let mut game = Game::load(&a.file)?;
    let now = diplo_game::time::now().map_err(refused)?;
    let from = game.phase().name(&game.map).to_string();
    let n = game.rollback(a.to.as_deref(), Some(now))?;
    game.save(&a.file)?;
    print(&format!(
        "{}: rolled back from {from} to the start of {} ({n} phase{} taken back, kept in the file as [[undone]]); order sets, readiness and the deadline are cleared\n",
        a.file.display(),
        game.phase().name(&game.map),
        if n == 1 { "" } else { "s" }
    ));
    Ok(())
}

fn deadline(a: DeadlineArgs) -> Result<(), GameError> {
    let when = match &a.time {
        Some(t) => Some(
            diplo_game::time::parse_rfc3339(t.trim())
                .map_err(|e| refused(format!("deadline `{t}`: {e}")))?,
        ),
        None => None,
    };
    let _lock = lock(&a.file)?;
    let mut game = Game::load(&a.file)?;
    game.set_deadline(when)?;
    game.save(&a.file)?;
    let phase = game.phase().name(&game.map).to_string();
    print(&match when {
        Some(t) => {
            let mut m = format!("{phase}: deadline {}", diplo_game::time::format_rfc3339(t));
            if let Ok(now) = diplo_game::time::now() {
                if t <= now {
                    m.push_str(" (already passed: `game adjudicate --if-due` adjudicates now)");
                } else {
                    m.push_str(&format!(
                        " (in {})",
                        diplo_game::time::describe_span(t - now)
                    ));
                }
            }
            m + "\n"
        }
        None => format!("{phase}: no deadline\n"),
    });
    Ok(())
}

fn history(a: HistoryArgs) -> Result<(), GameError> {
    let game = Game::load(&a.file)?;
    if let Some(dir) = &a.render {
        render_history(&game, &a.file, dir, a.render_format)?;
    }
    match a.format {
        HistoryFormat::Godip => print(&godip_record(&game, &a.file)?),
        HistoryFormat::Mila | HistoryFormat::Cicero => {
            let saved = if a.format == HistoryFormat::Mila {
                diplo_game::mila::saved_game(&game)
            } else {
                diplo_game::mila::cicero_game(&game)
            }
            .map_err(|e| GameError::Invalid(format!("{}: history: {e}", a.file.display())))?;
            print(&format!(
                "{}\n",
                serde_json::to_string_pretty(&saved).expect("json")
            ));
        }
        HistoryFormat::Json => {
            // Each phase as the file keeps it, with its summary added.
            let phases: Vec<serde_json::Value> = game
                .history
                .iter()
                .enumerate()
                .map(|(i, h)| {
                    let mut v = serde_json::to_value(h).expect("json");
                    if let Ok(s) = game.phase_summary(i) {
                        if let serde_json::Value::Object(m) = &mut v {
                            m.insert("summary".into(), s.to_json());
                        }
                    }
                    v
                })
                .collect();
            print(&format!(
                "{}\n",
                serde_json::to_string_pretty(&phases).expect("json")
            ))
        }
        HistoryFormat::Text => print(&history_text(&game)),
    }
    Ok(())
}

/// `diplo game history` as text: every phase played with its orders and results, then where
/// the game is and its rollbacks.
fn history_text(game: &Game) -> String {
    let mut out = format!("{} map, ruleset {}\n", game.map.name, game.ruleset_label());
    for (i, h) in game.history.iter().enumerate() {
        history_phase(&mut out, game, i, h);
    }
    match &game.ended {
        Some(e) => out.push_str(&format!("Game over: {}\n", e.describe(&game.map))),
        None => out.push_str(&format!("Now: {}\n", game.phase().name(&game.map))),
    }
    for u in &game.undone {
        out.push_str(&format!(
            "Rolled back{} from {} to {}: {} phase{} kept as [[undone]]\n",
            u.at.as_ref()
                .map(|t| format!(" at {t}"))
                .unwrap_or_default(),
            u.from,
            u.to,
            u.phases.len(),
            if u.phases.len() == 1 { "" } else { "s" }
        ));
    }
    out
}

/// One phase played (`i`th of the history), as `diplo game history` writes it.
fn history_phase(out: &mut String, game: &Game, i: usize, h: &diplo_game::file::PhaseRecordFile) {
    let summary = game.phase_summary(i).unwrap_or_default();
    out.push_str(&format!("{}\n", h.phase));
    for l in summary.adjustment_lines() {
        out.push_str(&format!("  {l}\n"));
    }
    for p in &h.civil_disorder {
        out.push_str(&format!("  {p}: no orders (civil disorder)\n"));
    }
    for n in &h.notes {
        out.push_str(&format!("  note: {n}\n"));
    }
    for r in &h.results {
        out.push_str(&format!("  {}: {} -> {}", r.power, r.order, r.result));
        if !r.reason.is_empty() {
            out.push_str(&format!(" ({})", r.reason));
        }
        out.push('\n');
    }
    for (p, u) in &summary.unordered {
        out.push_str(&format!("  {p}: {u} (no order) -> holds\n"));
    }
    for u in h.unordered.iter().chain(&h.automatic) {
        out.push_str(&format!("  {}: {} -> {}\n", u.power, u.unit, u.what));
    }
    for l in summary.centre_lines() {
        out.push_str(&format!("  {l}\n"));
    }
}

/// One picture per phase played: its position, orders and results (adjudicated again under the
/// game's rules), written into `dir`.
fn render_history(
    game: &Game,
    file: &Path,
    dir: &Path,
    format: PictureFormat,
) -> Result<(), GameError> {
    let phases = game
        .played_phases()
        .map_err(|e| GameError::Invalid(format!("{}: history: {e}", file.display())))?;
    std::fs::create_dir_all(dir).map_err(|source| GameError::Io {
        path: dir.display().to_string(),
        what: "cannot make the pictures' directory",
        source,
    })?;
    let ext = if format == PictureFormat::Png {
        "png"
    } else {
        "svg"
    };
    let powers = game.played_phase_powers();
    for (i, ((pos, orders), powers)) in phases.iter().zip(&powers).enumerate() {
        let orders: Vec<(PowerId, diplo_orders::Order)> =
            powers.iter().copied().zip(orders.iter().cloned()).collect();
        let adj = diplo_engine::adjudicate(&game.map, &game.rules, pos, &orders);
        let scene = super::render::position_scene(&game.map, &game.rules, pos)
            .with_results(&orders, &adj.results);
        let name = pos
            .phase
            .name(&game.map)
            .to_string()
            .to_lowercase()
            .replace(' ', "-");
        let path = dir.join(format!("{:03}-{name}.{ext}", i + 1));
        diplo_render::write_file(&path, &diplo_render::svg(&scene))
            .map_err(|e| GameError::Invalid(e.to_string()))?;
    }
    Ok(())
}

/// The game's history as a godip record: each phase's starting position and its orders.
fn godip_record(game: &Game, file: &std::path::Path) -> Result<String, GameError> {
    let powers = game.played_phase_powers();
    let phases = game
        .played_phases()
        .map_err(|e| GameError::Invalid(format!("{}: history: {e}", file.display())))?;
    let to_write: Vec<diplo_replay::PhaseToWrite> = phases
        .iter()
        .zip(&powers)
        .map(|((position, orders), powers)| diplo_replay::PhaseToWrite {
            position,
            orders,
            powers,
        })
        .collect();
    Ok(diplo_replay::write_game(&game.map, &to_write))
}

/// The text of an orders file (`-`: standard input) and the name to use in messages.
fn read_orders_text(path: &Path) -> Result<(String, String), GameError> {
    Ok(if path.as_os_str() == "-" {
        let t = diplo_map::limits::read_stdin().map_err(|source| GameError::Io {
            path: "<stdin>".into(),
            what: "cannot read the orders",
            source,
        })?;
        (t, "<stdin>".to_string())
    } else {
        let t = diplo_map::limits::read_file(path).map_err(|source| GameError::Io {
            path: path.display().to_string(),
            what: "cannot read the orders file",
            source,
        })?;
        (t, path.display().to_string())
    })
}
