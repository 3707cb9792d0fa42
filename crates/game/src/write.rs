//! Writing the game file (TOML, `crates/game/FORMAT.md`): the counterpart of `read.rs`. The
//! file's structs (`file.rs`) are filled from the game and written as text by `tables.rs`
//! (through `text.rs`), in the layout `toml::to_string` gives them.

mod tables;
mod text;

use diplo_map::PowerId;
use diplo_rules::ISSUES;

use crate::file::{
    EndedFile, GameFileOut, MapBaseFile, PerpetualOut, RetreatOptionsFile, RulesetOut,
    ScheduleFile, END_MARKER, FIRST_LINE, FORMAT_VERSION,
};
use crate::received::{order_sets_out, proxies_out};
use crate::{format_length, time, Game, LateOrders, MapSource};

impl Game {
    /// The game file's text ([`GameFileOut::to_toml`] of [`Game::to_file`]).
    pub fn to_toml(&self) -> String {
        self.to_file().to_toml()
    }

    /// The game file as its structs, the history borrowed: what [`Game::to_toml`] writes (and
    /// what any `serde` format can write).
    pub fn to_file(&self) -> GameFileOut<'_> {
        let map = &self.map;
        let name = |p: PowerId| map.power(p).name.clone();
        let master = self.master.to_file(map);
        GameFileOut {
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
        }
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

impl GameFileOut<'_> {
    /// The game file's text: [`FIRST_LINE`], the tables as `toml::to_string` writes them
    /// (written straight into the text, without `serde`), and [`END_MARKER`] on a line of its
    /// own.
    pub fn to_toml(&self) -> String {
        // About what a phase of the history takes, so that the text is seldom copied to grow.
        let records =
            self.history.len() + self.undone.iter().map(|u| u.phases.len()).sum::<usize>();
        let copies = self.map_file.as_ref().map_or(0, String::len)
            + self.map_base.iter().map(|b| b.text.len()).sum::<usize>();
        let mut out = String::with_capacity(4096 + copies + 2048 * records);
        out.push_str(FIRST_LINE);
        tables::game_file(&mut text::TomlText::new(&mut out), self);
        out.push_str(END_MARKER);
        out.push('\n');
        out
    }
}
