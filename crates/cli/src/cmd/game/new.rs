//! `diplo game new` and `diplo game import`: making a game file, at the map's starting
//! position or from a MILA or Cicero saved game adjudicated again.

use diplo_game::{EndRules, Game, GameError, LateOrders, MapSource, Schedule};

use super::{lock, refused, ImportArgs, NewArgs};
use crate::common::print;

pub(super) fn new(a: NewArgs) -> Result<(), GameError> {
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
        let text = diplo_map::limits::read_file(&path).map_err(|source| GameError::Io {
            path: a.map.clone(),
            what: "no embedded map of that name, no user map of that name (DIPLO_MAPS, ./maps) and the file cannot be read",
            source,
        })?;
        MapSource::copy_of(text, &path.display().to_string())?
    };
    let map = source.load(&a.map)?;
    let rules = a.rules.load().map_err(|_| {
        refused(format!(
            "the ruleset `{}` cannot be used (see above)",
            a.rules.name()
        ))
    })?;
    let mut game = match &a.position {
        Some(path) => {
            let text = diplo_map::limits::read_file(path).map_err(|source| GameError::Io {
                path: path.display().to_string(),
                what: "cannot read the position",
                source,
            })?;
            let file = path.display().to_string();
            Game::from_position_text(map, source, rules, a.rules.sets.clone(), (&text, &file))?
        }
        None => Game::new(map, source, rules, a.rules.sets.clone()),
    };
    game.set_end_rules(end_rules(&a))?;
    house_rules(&mut game, &a)?;
    game.save(&a.file)?;
    let mut out = format!(
        "{}: new game on the {} map under ruleset {}; {}{}\n",
        a.file.display(),
        game.map.name,
        game.ruleset_label(),
        game.phase().name(&game.map),
        a.position
            .as_ref()
            .map(|p| format!(" (from the position in {})", p.display()))
            .unwrap_or_default()
    );
    if let Some(d) = game.deadline {
        out.push_str(&format!(
            "deadline schedule: {}; first deadline {}\n",
            game.schedule.describe(),
            diplo_game::time::format_rfc3339(d)
        ));
    }
    if game.late_orders != LateOrders::default() {
        out.push_str(&format!("late orders: {}\n", game.late_orders.word()));
    }
    print(&out);
    Ok(())
}

/// `--deadlines` and `--late-orders`: the game's deadline rules; every problem at once.
fn house_rules(game: &mut Game, a: &NewArgs) -> Result<(), GameError> {
    let mut problems = Vec::new();
    if let Some(spec) = &a.deadlines {
        match Schedule::parse(spec) {
            Ok(s) => {
                let now = diplo_game::time::now().map_err(refused)?;
                game.set_schedule(s, Some(now))?;
            }
            Err(e) => problems.extend(e.into_iter().map(|l| format!("--deadlines {l}"))),
        }
    }
    if let Some(rule) = &a.late_orders {
        match LateOrders::parse(rule) {
            Ok(l) => game.late_orders = l,
            Err(e) => problems.push(format!("--late-orders: {e}")),
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        problems.push(format!("{}: no game was made", a.file.display()));
        Err(GameError::Refused(problems))
    }
}

/// The house rules for the game's end given to `game new`.
fn end_rules(a: &NewArgs) -> EndRules {
    EndRules {
        last_year: a.last_year,
        at_last_year: a.at_last_year.into(),
        draw_votes: a.draw_votes.into(),
        stalemate_years: None,
    }
}

pub(super) fn import(a: ImportArgs) -> Result<(), GameError> {
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
    } else if a.map.is_some() {
        // The user's own choice: a user map's name or any path.
        let path = crate::common::find_map_file(&map_name)
            .unwrap_or_else(|| std::path::PathBuf::from(&map_name));
        let text = diplo_map::limits::read_file(&path).map_err(|source| GameError::Io {
            path: map_name.clone(),
            what: "cannot read the map",
            source,
        })?;
        MapSource::copy_of(text, &path.display().to_string())?
    } else {
        saved_game_map(&map_name, &a.saved, &text)?
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
    let imported = diplo_game::mila::import_saved_game(&doc, map, source, rules)
        .map_err(|e| GameError::Invalid(format!("{where_}: {e}")))?;
    let game = imported.game;
    game.save(&a.file)?;
    for note in &imported.notes {
        errln!("note: {where_}: {note}");
    }
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

/// The map a saved game's `map` field names (not a built-in map): a user map's name (`NAME.toml`
/// in a user map folder), or a file inside the saved game's folder (`NAME` or `NAME.toml`), and
/// nothing else: an
/// absolute path, `..` out of the folder or a link out of it is refused, at the field's line.
fn saved_game_map(name: &str, saved: &std::path::Path, text: &str) -> Result<MapSource, GameError> {
    // The line of the first `"map":` (the field read, unless a key before it holds the text).
    let line = text
        .find("\"map\"")
        .map(|i| text[..i].matches('\n').count() + 1);
    let at = match line {
        Some(l) => format!("{}:{l}", saved.display()),
        None => saved.display().to_string(),
    };
    let refused = |why: String| {
        GameError::Invalid(format!(
            "{at}: the saved game's map `{name}` cannot be used: {why} (give --map)"
        ))
    };
    let plain = !name.is_empty() && !name.contains(['/', '\\']) && !name.contains('.');
    let user_map = plain
        .then(|| {
            crate::common::map_folders()
                .into_iter()
                .map(|d| d.join(format!("{name}.toml")))
                .find(|p| p.is_file())
        })
        .flatten();
    let path = match user_map {
        Some(p) => p,
        None => {
            let dir = saved
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(std::path::Path::new("."));
            let dirs = [dir.to_path_buf()];
            let found = match diplo_map::limits::find_within(&dirs, name).map_err(refused)? {
                None if std::path::Path::new(name).extension().is_none() => {
                    diplo_map::limits::find_within(&dirs, &format!("{name}.toml"))
                        .map_err(refused)?
                }
                found => found,
            };
            match found {
                Some(found) => found.real,
                None => {
                    return Err(refused(
                        "not a built-in map, no user map of that name and no such file beside \
                         the saved game"
                            .into(),
                    ))
                }
            }
        }
    };
    let text = diplo_map::limits::read_file(&path).map_err(|e| refused(e.to_string()))?;
    MapSource::copy_of(text, &path.display().to_string())
}
