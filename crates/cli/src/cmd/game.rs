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
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Arguments of `diplo game show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The game file.
    file: PathBuf,
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
        game.rules.name,
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
        game.rules.name,
        game.phase().name(&game.map)
    ));
    Ok(())
}

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
    let Some(read) = read else {
        return Err(refused(
            "no orders file: give one (or `-` for standard input)".into(),
        ));
    };
    let (text, source) = read;
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
        Some(p) => vec![game.submit(p, &text, &source, opts)?.clone()],
        None => game.submit_by_headers(&text, &source, opts)?,
    };
    let mut out = String::new();
    for set in &sets {
        out.push_str(&format!(
            "{}: order set {} for {phase} ({} order{}){}\n",
            game.power_name(set.power),
            set.seq,
            set.orders.len(),
            if set.orders.len() == 1 { "" } else { "s" },
            if a.perpetual { ", also perpetual" } else { "" }
        ));
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
    }
    game.save(&a.file)?;
    print(&out);
    Ok(())
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

fn adjudicate(a: AdjudicateArgs) -> Result<(), GameError> {
    let _lock = lock(&a.file)?;
    let mut game = Game::load(&a.file)?;
    let outcome = game.adjudicate(&a.sets)?;
    game.save(&a.file)?;
    let map = &game.map;
    match a.format {
        Format::Json => {
            let mut v = adjudication_json(map, &outcome.position, &outcome.adjudication);
            v["civil_disorder"] = serde_json::json!(outcome
                .gathered
                .civil_disorder
                .iter()
                .map(|p| map.power(*p).name.clone())
                .collect::<Vec<_>>());
            v["notes"] = serde_json::json!(outcome.gathered.notes);
            v["ended"] = match &outcome.ended {
                Some(e) => e.to_json(map),
                None => serde_json::Value::Null,
            };
            print(&format!(
                "{}\n",
                serde_json::to_string_pretty(&v).expect("json")
            ));
        }
        Format::Text => {
            let mut out = String::new();
            for n in &outcome.gathered.notes {
                out.push_str(&format!("note: {n}\n"));
            }
            for p in &outcome.gathered.civil_disorder {
                out.push_str(&format!(
                    "note: {} sent no orders (civil disorder)\n",
                    map.power(*p).name
                ));
            }
            out.push_str(&adjudication_text(
                map,
                &game.rules.name,
                &outcome.position,
                &outcome.adjudication,
            ));
            if let Some(e) = &outcome.ended {
                out.push_str(&format!("Game over: {}\n", e.describe(map)));
            }
            print(&out);
        }
    }
    Ok(())
}

fn show(a: ShowArgs) -> Result<(), GameError> {
    let game = Game::load(&a.file)?;
    if let Some(path) = &a.render {
        let scene = super::render::position_scene(&game.map, &game.rules, &game.position);
        diplo_render::write_file(path, &diplo_render::svg(&scene))
            .map_err(|e| GameError::Invalid(e.to_string()))?;
    }
    let map = &game.map;
    let pos = &game.position;
    let waiting: Vec<String> = map
        .power_ids()
        .filter(|p| !game.order_sets.iter().any(|s| s.power == *p))
        .filter(|p| {
            let units = pos.unit_count(*p);
            match pos.phase.kind {
                diplo_engine::PhaseKind::Movement => units > 0,
                diplo_engine::PhaseKind::Retreat => {
                    pos.dislodged.iter().any(|d| d.unit.power == *p)
                }
                diplo_engine::PhaseKind::Adjustment => pos.counted_centres(map, *p) != units,
            }
        })
        .map(|p| map.power(p).name.clone())
        .collect();
    match a.format {
        Format::Json => {
            let v = serde_json::json!({
                "map": map.name,
                "ruleset": game.rules.name,
                "overrides": game.overrides,
                "phase": pos.phase.name(map).to_string(),
                "ended": game.ended.as_ref().map(|e| e.to_json(map)),
                "position": pos.to_file(map),
                "centre_counts": map.power_ids().map(|p| (map.power(p).name.clone(), pos.centre_count(p))).collect::<std::collections::BTreeMap<_, _>>(),
                "retreat_options": game.retreat_options().iter().map(|r| serde_json::json!({
                    "power": map.power(r.dislodged.unit.power).name,
                    "unit": r.dislodged.unit.short(map),
                    "options": r.options.iter().map(|l| map.location_name(*l)).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
                "order_sets": game.order_sets.iter().map(|s| serde_json::json!({
                    "power": map.power(s.power).name, "seq": s.seq,
                    "orders": s.orders.iter().map(|o| o.display(map).to_string()).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
                "waiting_for": waiting,
                "phases_played": game.history.len(),
            });
            print(&format!(
                "{}\n",
                serde_json::to_string_pretty(&v).expect("json")
            ));
        }
        Format::Text => {
            let mut out = format!(
                "{} map, ruleset {}{}\n",
                map.name,
                game.rules.name,
                if game.overrides.is_empty() {
                    String::new()
                } else {
                    format!(" with {}", game.overrides.join(", "))
                }
            );
            match &game.ended {
                Some(e) => out.push_str(&format!("Game over: {}\n", e.describe(map))),
                None => out.push_str(&format!("Phase: {}\n", pos.phase.name(map))),
            }
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
            let retreats = game.retreat_options();
            if !retreats.is_empty() {
                out.push_str("Dislodged:\n");
                for r in &retreats {
                    let opts: Vec<String> =
                        r.options.iter().map(|l| map.location_name(*l)).collect();
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
            if game.ended.is_none() {
                for s in &game.order_sets {
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
                if !waiting.is_empty() {
                    out.push_str(&format!("Waiting for: {}\n", waiting.join(", ")));
                }
            }
            print(&out);
        }
    }
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
        HistoryFormat::Json => print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&game.history).expect("json")
        )),
        HistoryFormat::Text => {
            let mut out = String::new();
            for h in &game.history {
                out.push_str(&format!("{}\n", h.phase));
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
                for u in h.unordered.iter().chain(&h.automatic) {
                    out.push_str(&format!("  {}: {} -> {}\n", u.power, u.unit, u.what));
                }
            }
            match &game.ended {
                Some(e) => out.push_str(&format!("Game over: {}\n", e.describe(&game.map))),
                None => out.push_str(&format!("Now: {}\n", game.phase().name(&game.map))),
            }
            print(&out);
        }
    }
    Ok(())
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
        let scene =
            super::render::position_scene(&game.map, &game.rules, pos).with_results(&adj.results);
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
