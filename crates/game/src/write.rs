//! Writing the game file (TOML, `crates/game/FORMAT.md`): the counterpart of `read.rs`.

use diplo_map::PowerId;
use diplo_rules::ISSUES;

use crate::file::{
    EndedFile, GameFileOut, MapBaseFile, PerpetualOut, RetreatOptionsFile, RulesetOut,
    ScheduleFile, END_MARKER, FORMAT_VERSION,
};
use crate::received::{order_sets_out, proxies_out};
use crate::{format_length, time, Game, LateOrders, MapSource};

impl Game {
    /// The game file's text.
    pub fn to_toml(&self) -> String {
        let map = &self.map;
        let name = |p: PowerId| map.power(p).name.clone();
        let master = self.master.to_file(map);
        let out = GameFileOut {
            format: FORMAT_VERSION,
            end_marker: true,
            map: match &self.map_source {
                MapSource::Embedded(n) => Some(n.clone()),
                MapSource::Copy { .. } => None,
            },
            map_file: match &self.map_source {
                MapSource::Copy { text, .. } => Some(text.clone()),
                MapSource::Embedded(_) => None,
            },
            map_base: match &self.map_source {
                MapSource::Copy { bases, .. } => bases
                    .iter()
                    .map(|b| MapBaseFile {
                        extends: b.extends.clone(),
                        file: b.file.clone(),
                        text: b.text.clone(),
                    })
                    .collect(),
                MapSource::Embedded(_) => Vec::new(),
            },
            deadline: self.deadline.map(time::format_rfc3339),
            ready: self.ready.iter().map(|&p| name(p)).collect(),
            ruleset: RulesetOut {
                name: self.rules.name.clone(),
                description: self.rules.description.clone(),
                overrides: self.overrides.clone(),
                choices: ISSUES
                    .iter()
                    .map(|i| {
                        let c = self.rules.choice(i.key).expect("every issue has a choice");
                        (i.key.to_string(), c.to_string())
                    })
                    .collect(),
            },
            schedule: self.schedule_out(),
            ended: self.ended.as_ref().map(|e| EndedFile {
                winner: e.winner.map(name),
                draw: e.draw.iter().map(|&p| name(p)).collect(),
                phase: e.phase.name(&self.map).to_string(),
                centres: e.centres,
                by: e.by_word().map(String::from),
            }),
            state: self.position.to_file(map),
            retreat_options: self
                .retreat_options()
                .iter()
                .map(|r| RetreatOptionsFile {
                    power: name(r.dislodged.unit.power),
                    unit: r.dislodged.unit.short(map),
                    options: r.options.iter().map(|l| map.location_name(*l)).collect(),
                })
                .collect(),
            produced: self
                .produced
                .iter()
                .map(|(p, n)| (map.province(p).name.clone(), n))
                .collect(),
            produced_dislodged: self
                .produced_dislodged
                .iter()
                .map(|(p, n)| (map.province(p).name.clone(), n))
                .collect(),
            orders: order_sets_out(map, &self.order_sets),
            proxy: proxies_out(map, &self.position, &self.proxies),
            perpetual: self
                .perpetual
                .iter()
                .map(|(p, orders)| PerpetualOut {
                    power: name(*p),
                    lines: orders.iter().map(|o| o.display(map).to_string()).collect(),
                })
                .collect(),
            history: &self.history,
            undone: &self.undone,
            end_rules: master.end_rules,
            draw_proposal: master.draw_proposal,
            concession: master.concession,
            player: master.player,
        };
        let body = toml::to_string(&out).expect("a game serializes to TOML");
        format!(
            "# A diplo game (format: crates/game/FORMAT.md). Change it with `diplo game`.\n{body}\
             {END_MARKER}\n"
        )
    }

    /// The `[schedule]` table, when the game has a schedule or a `late_orders` rule.
    fn schedule_out(&self) -> Option<ScheduleFile> {
        if self.schedule.is_empty() && self.late_orders == LateOrders::default() {
            return None;
        }
        let s = &self.schedule;
        Some(ScheduleFile {
            movement: s.movement.map(format_length),
            retreat: s.retreat.map(format_length),
            adjustment: s.adjustment.map(format_length),
            late_orders: Some(self.late_orders.word().to_string()),
        })
    }
}
