//! `diplo game show`: the current phase, position, retreat options and orders received, as the
//! host, one power or the public may see them (`diplo_game::viewer` decides what each sees;
//! this module prints it).

use diplo_game::viewer::{View, Viewer};
use diplo_game::{Game, GameError};

use super::orders::ignored_warning;
use super::{power_of, ShowArgs};
use crate::common::{print, Format};

/// `diplo game show`: the current phase, position, retreat options and orders received.
pub(super) fn show(a: ShowArgs) -> Result<(), GameError> {
    let game = Game::load(&a.file)?;
    if let Some(path) = &a.render {
        let scene = crate::cmd::render::position_scene(&game.map, &game.rules, &game.position);
        diplo_render::write_file(path, &diplo_render::svg(&scene))
            .map_err(|e| GameError::Invalid(e.to_string()))?;
    }
    let viewer = match (&a.power, a.public) {
        (Some(p), _) => Viewer::Power(power_of(&game, p)?),
        (None, true) => Viewer::Public,
        (None, false) => Viewer::Host,
    };
    let view = ShowView(View::new(&game, viewer));
    match a.format {
        Format::Json => print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&view.json()).expect("json")
        )),
        Format::Text => print(&view.text()),
    }
    Ok(())
}

/// What `diplo game show` prints: the library's [`View`] of the game, printed.
struct ShowView<'g>(View<'g>);

impl<'g> std::ops::Deref for ShowView<'g> {
    type Target = View<'g>;

    fn deref(&self) -> &View<'g> {
        &self.0
    }
}

impl ShowView<'_> {
    /// The JSON document.
    fn json(&self) -> serde_json::Value {
        diplo_game::json::view(self)
    }

    /// The text for people.
    fn text(&self) -> String {
        let mut out = self.text_head();
        self.text_powers(&mut out);
        self.text_dislodged(&mut out);
        self.text_end_and_players(&mut out);
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
        if !game.schedule.is_empty() {
            out.push_str(&format!(
                "Deadline schedule: {}\n",
                game.schedule.describe()
            ));
        }
        if game.late_orders != diplo_game::LateOrders::default() {
            out.push_str(&format!("Late orders: {}\n", game.late_orders.word()));
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

    /// The house rules for the end, draws and concessions (votes as the viewer may see them),
    /// and the powers in civil disorder by the game master's hand.
    fn text_end_and_players(&self, out: &mut String) {
        let game = self.game;
        if let Some(last) = game.last_year() {
            let then = match game.master.end_rules.at_last_year {
                diplo_game::AtLastYear::Draw => "the survivors share a draw",
                diplo_game::AtLastYear::MostCentres => "the most centres win",
            };
            out.push_str(&format!("Last year: {last} (then {then})\n"));
        }
        for l in game.draw_lines(self.viewer) {
            out.push_str(&format!("{l}\n"));
        }
        let names: Vec<&str> = (game.map.power_ids())
            .filter(|&p| game.in_disorder(p))
            .map(|p| game.power_name(p))
            .collect();
        if !names.is_empty() {
            out.push_str(&format!(
                "In civil disorder (the game master's hand): {}\n",
                names.join(", ")
            ));
        }
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
            let late = (game.order_sets.iter())
                .filter(|s| s.power == p && s.late)
                .count();
            let late = match late {
                0 => String::new(),
                l => format!(", {l} late"),
            };
            out.push_str(&format!(
                "  {:<10} {}{}\n",
                map.power(p).name,
                match n {
                    0 => "no orders yet".to_string(),
                    1 => format!("orders received (1 set{late})"),
                    n => format!("orders received ({n} sets{late})"),
                },
                if game.ready.contains(&p) {
                    ", ready"
                } else {
                    ""
                }
            ));
        }
        for s in self.visible_order_sets() {
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
        let awaited: Vec<String> = (game.awaited().into_iter())
            .map(|p| {
                let why = if game.has_submitted(p) {
                    "not ready"
                } else {
                    "no orders"
                };
                format!("{} ({why})", map.power(p).name)
            })
            .collect();
        if !awaited.is_empty() {
            out.push_str(&format!("Waiting for: {}\n", awaited.join(", ")));
        }
    }
}
