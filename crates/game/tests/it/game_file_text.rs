//! The game file written straight into text (`GameFileOut::to_toml`, `Game::to_toml`) is byte
//! for byte what `toml::to_string` makes of the same structs, the writer of earlier versions:
//! on played games of every embedded map (as played and read back), and on random files that
//! use every table and field of the format, empty or not, with awkward text in every string and
//! key (quotes, backslashes, line ends, control characters, non-ASCII).

use std::collections::BTreeMap;

use diplo_engine::position::DislodgedFile;
use diplo_engine::PositionFile;
use diplo_game::file::{
    AutomaticFile, ConcessionFile, DrawProposalFile, EndRulesFile, EndedFile, GameFileOut,
    MapBaseFile, OrderSetOut, PerpetualOut, PhaseRecordFile, PlayerFile, ProxyOut, ReceivedFile,
    ResultFile, RetreatOptionsFile, RulesetOut, ScheduleFile, UndoneFile, END_MARKER, FIRST_LINE,
};
use diplo_game::Game;

use crate::Rng;

/// What `toml::to_string` makes of the file, between the first line and the end marker.
fn reference(file: &GameFileOut) -> String {
    let body = toml::to_string(file).expect("the reference writes every file");
    format!("{FIRST_LINE}{body}{END_MARKER}\n")
}

/// Panics at the first line where `ours` and `theirs` differ, naming `what`.
fn same_text(ours: &str, theirs: &str, what: &str) {
    if ours == theirs {
        return;
    }
    let (a, b): (Vec<_>, Vec<_>) = (ours.lines().collect(), theirs.lines().collect());
    let at = (0..a.len().max(b.len()))
        .find(|&i| a.get(i) != b.get(i))
        .unwrap_or(a.len());
    panic!(
        "{what}: line {}: written {:?}, toml::to_string {:?} ({} and {} bytes)",
        at + 1,
        a.get(at),
        b.get(at),
        ours.len(),
        theirs.len()
    );
}

#[test]
fn played_games_are_written_as_toml_wrote_them_on_every_map() {
    for &(name, _) in diplo_map::EMBEDDED_MAPS {
        for (phases, seed) in [(0, 1), (3, 2), (16, 3)] {
            let game = crate::exports::played(name, phases, seed);
            let what = format!("{name}, {phases} phases");
            let text = game.to_toml();
            same_text(&text, &reference(&game.to_file()), &what);
            let back = Game::from_toml_str(&text, "game.toml").unwrap();
            same_text(&back.to_toml(), &text, &format!("{what}, read back"));
        }
    }
}

#[test]
fn random_files_with_every_table_are_written_as_toml_wrote_them() {
    let mut rng = Rng::new(33);
    for case in 0..400 {
        let mut r = Random { rng: &mut rng };
        let history: Vec<PhaseRecordFile> = r.list(4, Random::record);
        let undone: Vec<UndoneFile> = r.list(2, Random::undone);
        let file = r.file(&history, &undone);
        same_text(&file.to_toml(), &reference(&file), &format!("case {case}"));
    }
}

/// Strings a person or a map may put in a file: plain words and every kind of text that needs
/// quoting, escaping or a multi-line string.
const TEXTS: &[&str] = &[
    "France",
    "A Paris - Burgundy",
    "",
    "St Petersburg",
    "fails, dislodged",
    "with \"double\" quotes",
    "it's",
    "'''",
    "\"\"\"",
    "a \"\" b '' c",
    "back\\slash",
    "line\nbreak",
    "ends with a line end\n",
    "\n",
    "tab\there",
    "cr\r\nlf",
    "nul \u{0} and escape \u{1b} and delete \u{7f}",
    "München, Kraków",
    "🎲",
    "[[history]]\nphase = \"x\"\n'quoted' \"\"\" ''' \\ end",
    "x.y/z:1",
];

/// Keys of maps (powers, provinces, issues): bare words and words that need quoting.
const KEYS: &[&str] = &[
    "Austria",
    "stp",
    "st-p_2",
    "1901",
    "St Petersburg",
    "a.b",
    "quo\"te",
    "it's",
    "naïve",
    "",
    "tab\t",
];

/// A random game file's parts.
struct Random<'a> {
    rng: &'a mut Rng,
}

impl Random<'_> {
    fn text(&mut self) -> String {
        self.rng.pick(TEXTS).to_string()
    }

    fn opt(&mut self) -> Option<String> {
        self.rng.chance(50).then(|| self.text())
    }

    fn texts(&mut self) -> Vec<String> {
        self.list(3, Random::text)
    }

    /// Up to `most` items, empty a third of the time.
    fn list<T>(&mut self, most: usize, mut item: impl FnMut(&mut Self) -> T) -> Vec<T> {
        let n = if self.rng.chance(33) {
            0
        } else {
            1 + self.rng.below(most)
        };
        (0..n).map(|_| item(self)).collect()
    }

    fn map<V>(&mut self, mut value: impl FnMut(&mut Self) -> V) -> BTreeMap<String, V> {
        let n = self.rng.below(4);
        (0..n)
            .map(|_| (self.rng.pick(KEYS).to_string(), value(self)))
            .collect()
    }

    fn number(&mut self) -> u64 {
        *self.rng.pick(&[0, 1, 7, 1901, u64::MAX])
    }

    fn position(&mut self) -> PositionFile {
        PositionFile {
            phase: self.text(),
            contested: self.texts(),
            units: self.map(Random::texts),
            centres: self.map(Random::texts),
            dislodged: self.list(2, |r| DislodgedFile {
                power: r.text(),
                unit: r.text(),
                attacker_from: r.text(),
                by_convoy: r.rng.chance(50),
            }),
        }
    }

    fn order_set(&mut self) -> OrderSetOut {
        OrderSetOut {
            power: self.text(),
            seq: self.number(),
            intent: self.opt(),
            same_time: self.rng.chance(50),
            late: self.rng.chance(50),
            lines: self.texts(),
        }
    }

    fn proxy(&mut self) -> ProxyOut {
        ProxyOut {
            power: self.text(),
            unit: self.text(),
            to: self.text(),
            seq: self.number(),
        }
    }

    fn automatic(&mut self) -> AutomaticFile {
        AutomaticFile {
            power: self.text(),
            unit: self.text(),
            what: self.text(),
        }
    }

    fn record(&mut self) -> PhaseRecordFile {
        PhaseRecordFile {
            phase: self.text(),
            civil_disorder: self.texts(),
            notes: self.texts(),
            results: self.list(3, |r| ResultFile {
                power: r.text(),
                order: r.text(),
                result: r.text(),
                reason: r.text(),
            }),
            unordered: self.list(2, Random::automatic),
            automatic: self.list(2, Random::automatic),
            received: self.rng.chance(70).then(|| ReceivedFile {
                ready: self.texts(),
                orders: self.list(2, Random::order_set),
                proxy: self.list(2, Random::proxy),
            }),
            position: self.position(),
            known: Default::default(),
        }
    }

    fn undone(&mut self) -> UndoneFile {
        UndoneFile {
            from: self.text(),
            to: self.text(),
            at: self.opt(),
            phases: self.list(2, Random::record),
            pending: self.list(2, Random::order_set),
        }
    }

    fn file<'a>(
        &mut self,
        history: &'a [PhaseRecordFile],
        undone: &'a [UndoneFile],
    ) -> GameFileOut<'a> {
        GameFileOut {
            format: 1,
            end_marker: self.rng.chance(90),
            map: self.opt(),
            map_file: self.opt(),
            map_base: self.list(2, |r| MapBaseFile {
                extends: r.text(),
                file: r.text(),
                text: r.text(),
            }),
            deadline: self.opt(),
            ready: self.texts(),
            ruleset: RulesetOut {
                name: self.text(),
                description: self.text(),
                overrides: self.texts(),
                choices: self.map(Random::text),
            },
            schedule: self.rng.chance(50).then(|| ScheduleFile {
                movement: self.opt(),
                retreat: self.opt(),
                adjustment: self.opt(),
                late_orders: self.opt(),
            }),
            ended: self.rng.chance(50).then(|| EndedFile {
                winner: self.opt(),
                draw: self.texts(),
                phase: self.text(),
                centres: self.number() as usize,
                by: self.opt(),
            }),
            state: self.position(),
            retreat_options: self.list(2, |r| RetreatOptionsFile {
                power: r.text(),
                unit: r.text(),
                options: r.texts(),
            }),
            produced: self.map(Random::number),
            produced_dislodged: self.map(Random::number),
            orders: self.list(3, Random::order_set),
            proxy: self.list(2, Random::proxy),
            perpetual: self.list(2, |r| PerpetualOut {
                power: r.text(),
                lines: r.texts(),
            }),
            history,
            undone,
            end_rules: self.rng.chance(50).then(|| EndRulesFile {
                last_year: self.rng.chance(50).then_some(1910),
                at_last_year: self.opt(),
                draw_votes: self.opt(),
                stalemate_years: self.rng.chance(50).then_some(3),
            }),
            draw_proposal: self.list(2, |r| DrawProposalFile {
                by: r.text(),
                among: r.texts(),
                yes: r.texts(),
                no: r.texts(),
                rejected: r.rng.chance(50),
            }),
            concession: self.list(2, |r| ConcessionFile {
                power: r.text(),
                to: r.text(),
            }),
            player: self.list(2, |r| PlayerFile {
                power: r.text(),
                player: r.opt(),
                from: r.text(),
                at: r.opt(),
                disorder: r.rng.chance(50),
            }),
        }
    }
}
