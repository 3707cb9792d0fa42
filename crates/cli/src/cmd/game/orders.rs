//! `diplo game orders` and `diplo game proxy`: order sets (DATC 4.D.1, 4.D.2), withdrawal,
//! readiness, perpetual orders (4.E.4) and proxy grants (4.E.5), with what each leaves counting.

use std::path::Path;

use diplo_game::{Game, GameError, SubmitOptions};
use diplo_map::PowerId;
use diplo_rules::policies::SetIntent;

use super::{lock, power_of, refused, OrdersArgs, ProxyArgs};
use crate::common::print;

/// `diplo game orders`: submit, withdraw, mark ready or stop perpetual orders.
pub(super) fn orders(a: OrdersArgs) -> Result<(), GameError> {
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
        at: Some(diplo_game::time::now().map_err(refused)?),
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
            "{}: order set {} for {phase} ({} order{}){}{}{}\n",
            game.power_name(set.power),
            set.seq,
            set.orders.len(),
            if set.orders.len() == 1 { "" } else { "s" },
            if a.perpetual { ", also perpetual" } else { "" },
            if a.ready { ", ready" } else { "" },
            if set.late {
                ", late: sent after the deadline"
            } else {
                ""
            }
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
    err!("{warnings}");
    Ok(())
}

/// The orders of a set just submitted, each illegal one with a warning, then the notes about
/// the set.
fn set_lines(game: &Game, set: &diplo_game::OrderSet) -> String {
    let mut out = String::new();
    // Indexed by order, so that a set of many orders stays linear.
    let mut warning: Vec<Option<String>> = vec![None; set.orders.len()];
    let illegal = game.illegal_orders(set).into_iter();
    let illegal = illegal.map(|(j, why)| (j, format!("illegal, it will be ignored: {why}")));
    let failing = game.failing_orders(set).into_iter();
    let failing = failing.map(|(j, why)| (j, format!("it will fail: {why}")));
    for (j, why) in illegal.chain(failing) {
        if let Some(slot) = warning.get_mut(j) {
            slot.get_or_insert(why);
        }
    }
    for (o, why) in set.orders.iter().zip(&warning) {
        out.push_str(&format!("  {}", o.display(&game.map)));
        if let Some(why) = why {
            out.push_str(&format!("    <- warning: {why}"));
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
pub(super) fn ignored_warning(game: &Game, power: PowerId, st: &diplo_game::SetStatus) -> String {
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

pub(super) fn proxy(a: ProxyArgs) -> Result<(), GameError> {
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
