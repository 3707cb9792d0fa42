//! Writing the game file (TOML, `crates/game/FORMAT.md`): the counterpart of `read.rs`.

use diplo_engine::PhaseKind;
use diplo_map::{PowerId, ProvinceId};
use diplo_rules::policies::SetIntent;
use diplo_rules::ISSUES;

use crate::file::{
    EndedFile, GameFileOut, MapBaseFile, OrderSetOut, PerpetualOut, ProxyOut, RetreatOptionsFile,
    RulesetOut, END_MARKER, FORMAT_VERSION,
};
use crate::{time, Game, MapSource};

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
            orders: self.order_sets_out(),
            proxy: self
                .proxies
                .iter()
                .map(|g| ProxyOut {
                    power: name(g.power),
                    unit: self.unit_label(g.province),
                    to: name(g.to),
                    seq: g.seq,
                })
                .collect(),
            perpetual: self
                .perpetual
                .iter()
                .map(|(p, orders)| PerpetualOut {
                    power: name(*p),
                    lines: orders.iter().map(|o| o.display(map).to_string()).collect(),
                })
                .collect(),
            history: self.history.clone(),
            undone: self.undone.clone(),
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

    /// The order sets of the current phase as the file writes them.
    pub(crate) fn order_sets_out(&self) -> Vec<OrderSetOut> {
        let map = &self.map;
        self.order_sets
            .iter()
            .map(|s| OrderSetOut {
                power: map.power(s.power).name.clone(),
                seq: s.seq,
                intent: match s.intent {
                    SetIntent::Unstated => None,
                    SetIntent::Replaces => Some("replaces".into()),
                    SetIntent::Adds => Some("adds".into()),
                },
                same_time: s.same_time,
                lines: s
                    .orders
                    .iter()
                    .map(|o| o.display(map).to_string())
                    .collect(),
            })
            .collect()
    }

    /// `A par`, or the province's name when no unit is there now.
    fn unit_label(&self, province: ProvinceId) -> String {
        let unit = match self.position.phase.kind {
            PhaseKind::Retreat => self
                .position
                .dislodged
                .iter()
                .find(|d| d.unit.location.province == province)
                .map(|d| d.unit),
            _ => self.position.unit_in(province).copied(),
        };
        unit.map_or_else(
            || self.map.province(province).name.clone(),
            |u| u.short(&self.map),
        )
    }
}
