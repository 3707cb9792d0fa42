//! The variant itself, from `variants.xml`: its adjacency file read first, then rule options,
//! powers, starting time, victory conditions, supply centres and starting units.

use roxmltree::Node;

use super::adjacency::adjacency;
use super::terrain::impassable;
use super::{elements, list, parse, Names, Reader};
use crate::model::{FindingKind, Kind, Place, Power, Season, Unit, Word};
use crate::{slug, ImportError, Resolver};

impl<'a, 't> Reader<'a, 't> {
    fn at(&self, n: Node) -> Place {
        Place::new(
            &self.file,
            self.doc.text_pos_at(n.range().start).row as usize,
        )
    }

    pub(super) fn variant(
        &mut self,
        v: Node<'a, 't>,
        resolve: Resolver,
    ) -> Result<(), ImportError> {
        let name = v.attribute("name").unwrap_or_default().to_string();
        self.m.format = "jDip";
        self.m.source = format!("jDip variant \"{name}\" of {}", self.file);
        self.m.files.push(self.file.clone());
        self.m.name = slug(&name);
        self.m.title = name.clone();
        // The adjacency first: centres and units name its provinces.
        let map = elements(v)
            .find(|n| n.has_tag_name("MAP"))
            .ok_or_else(|| ImportError::at(&self.at(v), "the variant has no MAP element"))?;
        let uri = map.attribute("adjacencyURI").unwrap_or_default();
        let (adj_file, adj_text) = match resolve(uri) {
            Ok(Some(found)) => found,
            Ok(None) => {
                return Err(ImportError::at(
                    &self.at(map),
                    format!("cannot read the adjacency file `{uri}`"),
                ))
            }
            Err(why) => {
                return Err(ImportError::at(
                    &self.at(map),
                    format!("cannot read the adjacency file `{uri}`: {why}"),
                ))
            }
        };
        self.m.files.push(adj_file.clone());
        let adj_doc = parse(&adj_text, &adj_file)?;
        let provinces = (elements(adj_doc.root_element()))
            .filter(|n| n.has_tag_name("PROVINCE"))
            .count();
        crate::check_province_count(provinces, &Place::new(&adj_file, 1))?;
        let names = adjacency(&mut self.m, &adj_doc, &adj_file);

        for n in elements(v) {
            let at = self.at(n);
            match n.tag_name().name() {
                "DESCRIPTION" | "MAP" => {}
                "RULEOPTIONS" => {
                    for o in elements(n) {
                        let at = self.at(o);
                        self.rule_option(o, &at);
                    }
                }
                "POWER" => self.power(n, &at),
                "STARTINGTIME" => self.starting_time(n, &at),
                "VICTORYCONDITIONS" => {
                    for c in elements(n) {
                        let at = self.at(c);
                        self.victory(c, &at);
                    }
                }
                "SUPPLYCENTER" => self.supply_centre(n, &at, &names),
                "INITIALSTATE" => self.initial_state(n, &at, &names),
                other => self.m.report(
                    &at,
                    FindingKind::NotExpressed,
                    format!("element <{other}> not understood; left out"),
                ),
            }
        }
        if self.m.first_year.is_none() && !self.m.first_adjustment {
            return Err(ImportError::at(
                &self.at(v),
                "the variant has no STARTINGTIME",
            ));
        }
        if self.m.victory_centres.is_none() {
            let centres = self.m.provinces.iter().filter(|p| p.supply_centre).count();
            let v = (centres / 2 + 1) as u16;
            self.m.victory_centres = Some(v);
            self.m.report_file(
                FindingKind::Default,
                format!(
                    "no WINNING_SUPPLY_CENTERS: one more than half the {centres} centres, {v}, \
                     is used"
                ),
            );
        }
        impassable(&mut self.m);
        Ok(())
    }

    fn rule_option(&mut self, o: Node, at: &Place) {
        let name = o.attribute("name").unwrap_or_default();
        let value = o.attribute("value").unwrap_or_default();
        match (name, value) {
            ("OPTION_BUILDS", "VALUE_BUILDS_HOME_ONLY") => self.m.build = None,
            ("OPTION_BUILDS", "VALUE_BUILDS_ANY_OWNED") => self.m.build = Some("owned-centres"),
            ("OPTION_BUILDS", "VALUE_BUILDS_ANY_IF_HOME_OWNED") => {
                self.m.build = Some("owned-centres-if-home")
            }
            ("OPTION_WINGS", "VALUE_WINGS_DISABLED") => {}
            _ => self.m.report(
                at,
                FindingKind::NotExpressed,
                format!("rule option {name} = {value}: no diplo equivalent; left out"),
            ),
        }
    }

    fn power(&mut self, n: Node, at: &Place) {
        let name = n.attribute("name").unwrap_or_default().to_string();
        let adjective = n.attribute("adjective").unwrap_or(&name).to_string();
        let i = self.m.powers.len();
        self.powers.insert(name.to_lowercase(), i);
        let alt = n
            .attribute("altnames")
            .or_else(|| n.attribute("altname"))
            .unwrap_or_default();
        // A comma-separated list: "Holy Roman Empire" is one name.
        let alts: Vec<&str> = alt
            .split(',')
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .collect();
        for a in &alts {
            self.powers.insert(a.to_lowercase(), i);
        }
        if !alts.is_empty() {
            self.m.report(
                at,
                FindingKind::NotExpressed,
                format!(
                    "alternative name(s) {} of {name} left out: a diplo power has one name (the \
                     file's references to them are read as {name})",
                    alts.join(", ")
                ),
            );
        }
        let active = n.attribute("active") != Some("false");
        if !active {
            self.m.report(
                at,
                FindingKind::Default,
                format!(
                    "inactive power {name} is a neutral power: it never orders and its units \
                     hold; jDip does not say whether it adjusts: it does not rebuild"
                ),
            );
        }
        self.m.powers.push(Power {
            name,
            adjective,
            abbreviation: None,
            units: Vec::new(),
            centres: Some(Vec::new()),
            neutral: !active,
            rebuild: false,
            at: at.clone(),
        });
    }

    fn power_named(&mut self, name: &str, at: &Place, what: &str) -> Option<usize> {
        if name.is_empty() || name.eq_ignore_ascii_case("none") {
            return None;
        }
        let i = self.powers.get(&name.to_lowercase()).copied();
        if i.is_none() {
            self.m.report(
                at,
                FindingKind::NotExpressed,
                format!("{what} names `{name}`, which is no power of the variant; left out"),
            );
        }
        i
    }

    fn starting_time(&mut self, n: Node, at: &Place) {
        let turn = n.attribute("turn").unwrap_or_default();
        if n.attribute("allowBCYears") == Some("true") {
            self.m.report(
                at,
                FindingKind::NotExpressed,
                "allowBCYears: diplo years start at 1; left out",
            );
        }
        let words: Vec<String> = list(turn).map(str::to_lowercase).collect();
        let year = words.iter().find_map(|w| w.parse::<i64>().ok());
        let season = words
            .iter()
            .find(|w| matches!(w.as_str(), "spring" | "fall" | "summer" | "winter"));
        let phase = words
            .iter()
            .find(|w| w.starts_with("mov") || w.starts_with("ret") || w.starts_with("adj"));
        let Some(year) = year.filter(|y| (1..=i64::from(u16::MAX)).contains(y)) else {
            self.m.report(
                at,
                FindingKind::NotExpressed,
                format!("starting time `{turn}`: no year diplo can hold; 1901 is used"),
            );
            self.m.first_year = Some(1901);
            return;
        };
        self.m.first_year = Some(year);
        let season_word = season.map(String::as_str).unwrap_or("spring");
        let phase_word = phase.map(|p| &p[..3]).unwrap_or("mov");
        match (season_word, phase_word) {
            ("spring", "mov") => self.m.first_season = Some(Season::SPRING),
            ("fall", "mov") => self.m.first_season = Some(Season::FALL),
            (_, "adj") => self.m.first_adjustment = true,
            _ => {
                let s = if season_word == "fall" {
                    Season::FALL
                } else {
                    Season::SPRING
                };
                self.m.first_season = Some(s);
                self.m.report(
                    at,
                    FindingKind::NotExpressed,
                    format!(
                        "starting time `{turn}`: a diplo game opens with a movement phase or \
                         the adjustments; {} movement is used",
                        s.word()
                    ),
                );
            }
        }
    }

    fn victory(&mut self, c: Node, at: &Place) {
        let value = c.attribute("value").unwrap_or_default();
        let n: Option<u16> = value.trim().parse().ok();
        match (c.tag_name().name(), n) {
            ("WINNING_SUPPLY_CENTERS", Some(n)) => self.m.victory_centres = Some(n),
            ("GAME_LENGTH", Some(n)) if n > 0 => {
                let first = self.m.first_year.unwrap_or(1901);
                // The starting time comes before the conditions in every jDip file.
                let last = first + i64::from(n) - 1;
                self.m.last_year = Some(last);
                self.m.report(
                    at,
                    FindingKind::Ambiguous,
                    format!(
                        "GAME_LENGTH {n}: read as {n} game years, the first one included, \
                         ending in a draw of the survivors: `last_year = {last}`"
                    ),
                );
            }
            ("YEARS_WITHOUT_SC_CAPTURE", Some(_)) => self.m.report(
                at,
                FindingKind::NotExpressed,
                format!(
                    "YEARS_WITHOUT_SC_CAPTURE {value} (the game ends after so many years without \
                     a centre changing hands): no diplo equivalent; left out"
                ),
            ),
            (other, _) => self.m.report(
                at,
                FindingKind::NotExpressed,
                format!("victory condition {other} = `{value}` not understood; left out"),
            ),
        }
    }

    fn supply_centre(&mut self, n: Node, at: &Place, names: &Names) {
        let province = names.province(n.attribute("province").unwrap_or_default());
        let Some(pi) = self.m.provinces.iter().position(|p| p.name == province) else {
            self.m.report(
                at,
                FindingKind::NotExpressed,
                format!("supply centre `{province}` is not a province of the map; left out"),
            );
            return;
        };
        self.m.provinces[pi].supply_centre = true;
        let home = n.attribute("homepower").unwrap_or("none");
        if let Some(h) = self.power_named(home, at, "homepower") {
            self.m.provinces[pi].home = Some(self.m.powers[h].name.clone());
        }
        let owner = n.attribute("owner").unwrap_or("none");
        if let Some(o) = self.power_named(owner, at, "owner") {
            if let Some(c) = self.m.powers[o].centres.as_mut() {
                c.push(province);
            }
        }
    }

    fn initial_state(&mut self, n: Node, at: &Place, names: &Names) {
        let province = names.province(n.attribute("province").unwrap_or_default());
        let power = n.attribute("power").unwrap_or_default();
        let unit = n.attribute("unit").unwrap_or_default().to_lowercase();
        let Some(pi) = self.power_named(power, at, "starting unit") else {
            return;
        };
        let kind = match unit.as_str() {
            "army" => Kind::Army,
            "fleet" => Kind::Fleet,
            other => {
                let msg = format!(
                    "starting {other} in `{province}` of {}: diplo has armies and fleets only; \
                     left out",
                    self.m.powers[pi].name
                );
                self.m.report(at, FindingKind::NotExpressed, msg);
                return;
            }
        };
        let mut loc = province.clone();
        if let Some(c) = n.attribute("unitcoast") {
            let c = c.to_lowercase();
            if !matches!(c.as_str(), "" | "mv" | "xc" | "none") {
                loc = format!("{province}/{c}");
            }
        }
        let loc = names.location(&loc);
        self.m.powers[pi].units.push(Unit {
            kind,
            location: loc,
            at: at.clone(),
        });
    }
}
