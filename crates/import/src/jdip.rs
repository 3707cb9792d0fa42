//! jDip variants: a `variants.xml` (powers, starting time, victory conditions, rule options,
//! supply centres, starting units) and the adjacency XML its `MAP adjacencyURI` names
//! (provinces, their `mv`/`xc`/per-coast adjacency, `BORDER`s).
//!
//! How jDip's notions become diplo's:
//!
//! * Terrain is not written in jDip: a province with `mv` adjacency is land, with `xc` or coast
//!   adjacency (`nc`, `sc`, `ec`, `wc`) it holds fleets; both make a coast, `mv` alone inland,
//!   fleet adjacency alone a sea. A land province that borders nothing but itself, which nothing
//!   borders, is impassable (Switzerland). A province listing itself (an island's `mv`) is noted.
//! * `isConvoyableCoast` → `convoyable`; `UNIQUENAME` → aliases.
//! * `BORDER`s (attached to the province they lead into; `from` names where the move starts):
//!   `baseMoveModifier="-1"` → a `difficult` border; a border without modifier prohibits, in the
//!   seasons it names (all seasons when none): from given places → a `closed` border, from
//!   anywhere → the province is `closed`. `unitTypes` → `units`. `orderTypes`, `year` and
//!   `phase`, and other modifiers, have no diplo equivalent and are reported.
//! * `OPTION_BUILDS` → `build`; `WINNING_SUPPLY_CENTERS` → `victory_centres`; `GAME_LENGTH` →
//!   `[victory] last_year` (reported: the count is read as years played, the first included);
//!   `YEARS_WITHOUT_SC_CAPTURE` is reported; `STARTINGTIME` → `first_year` and `first_season`,
//!   or `[calendar] first_phase = "adjustment"`.
//! * A power with `active="false"` is a neutral power (its units hold).

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use roxmltree::{Document, Node, ParsingOptions};

use crate::model::{BorderRule, Edge, FindingKind, Kind, Model, Place, Power, Province, Season};
use crate::model::{Coast, Terrain, Unit, Word};
use crate::{file_name, read_beside, slug, ImportError, Imported, Resolver};

/// The names of the variants a `variants.xml` defines, in file order.
pub fn variant_names(path: &Path) -> Result<Vec<String>, ImportError> {
    let text = read(path)?;
    let file = file_name(path);
    let doc = parse(&text, &file)?;
    Ok(variants(&doc)
        .map(|v| v.attribute("name").unwrap_or_default().to_string())
        .collect())
}

/// Imports the variant named `variant` (its name or one of its aliases, case-insensitively)
/// of a jDip `variants.xml`; the adjacency file is read from the same folder.
pub fn import_path(path: &Path, variant: &str) -> Result<Imported, ImportError> {
    let text = read(path)?;
    import_str(&text, &file_name(path), variant, &|name| {
        read_beside(path, name)
    })
}

/// Imports a variant from `variants.xml` text named `file`; `resolve` finds the adjacency
/// file's text by the name the variant gives (`None`: not found).
pub fn import_str(
    text: &str,
    file: &str,
    variant: &str,
    resolve: Resolver,
) -> Result<Imported, ImportError> {
    let doc = parse(text, file)?;
    let wanted = variant.trim().to_lowercase();
    let Some(v) = variants(&doc).find(|v| {
        v.attribute("name")
            .is_some_and(|n| n.to_lowercase() == wanted)
            || v.attribute("aliases").is_some_and(|a| {
                a.split(',')
                    .any(|alias| alias.trim().to_lowercase() == wanted)
            })
    }) else {
        let names: Vec<String> = variants(&doc)
            .map(|v| format!("`{}`", v.attribute("name").unwrap_or_default()))
            .collect();
        return Err(ImportError::file(
            file,
            format!("no variant `{variant}`; this file has {}", names.join(", ")),
        ));
    };
    let mut r = Reader {
        doc: &doc,
        file: file.to_string(),
        m: Model::default(),
        powers: HashMap::new(),
    };
    r.variant(v, resolve)?;
    Ok(Imported::from_model(r.m))
}

fn read(path: &Path) -> Result<String, ImportError> {
    std::fs::read_to_string(path)
        .map_err(|e| ImportError::file(&path.display().to_string(), e.to_string()))
}

fn parse<'t>(text: &'t str, file: &str) -> Result<Document<'t>, ImportError> {
    let opts = ParsingOptions {
        allow_dtd: true,
        ..ParsingOptions::default()
    };
    Document::parse_with_options(text, opts).map_err(|e| {
        let pos = e.pos();
        ImportError::at(&Place::new(file, pos.row as usize), e.to_string())
    })
}

fn variants<'a, 't>(doc: &'a Document<'t>) -> impl Iterator<Item = Node<'a, 't>> {
    doc.root_element()
        .children()
        .filter(|n| n.has_tag_name("VARIANT"))
}

fn elements<'a, 't>(n: Node<'a, 't>) -> impl Iterator<Item = Node<'a, 't>> {
    n.children().filter(|c| c.is_element())
}

/// Words of a list attribute: separated by spaces or commas.
fn list(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
}

/// `bul-sc`, `bul/sc`, `bul(sc)` → (`bul`, Some(`sc`)).
fn location(s: &str) -> (String, Option<String>) {
    let s = s.trim().to_lowercase();
    for sep in ['-', '/', '('] {
        if let Some((p, c)) = s.split_once(sep) {
            return (p.to_string(), Some(c.trim_end_matches(')').to_string()));
        }
    }
    (s, None)
}

const COASTS: [(&str, &str); 4] = [
    ("nc", "north coast"),
    ("sc", "south coast"),
    ("ec", "east coast"),
    ("wc", "west coast"),
];

struct Reader<'a, 't> {
    doc: &'a Document<'t>,
    file: String,
    m: Model,
    /// Power names and alternative names, lower case → index.
    powers: HashMap<String, usize>,
}

impl<'a, 't> Reader<'a, 't> {
    fn at(&self, n: Node) -> Place {
        Place::new(
            &self.file,
            self.doc.text_pos_at(n.range().start).row as usize,
        )
    }

    fn variant(&mut self, v: Node<'a, 't>, resolve: Resolver) -> Result<(), ImportError> {
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
        let (adj_file, adj_text) = resolve(uri).ok_or_else(|| {
            ImportError::at(
                &self.at(map),
                format!("cannot read the adjacency file `{uri}`"),
            )
        })?;
        self.m.files.push(adj_file.clone());
        let adj_doc = parse(&adj_text, &adj_file)?;
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

/// One `PROVINCE` element's adjacency as written.
struct Raw {
    at: Place,
    /// Each `mv` element's refs, with its place.
    mv: Vec<(Vec<String>, Place)>,
    xc: Vec<(String, Place)>,
    coasts: Vec<(String, Vec<String>, Place)>,
    borders: Vec<String>,
}

struct BorderDef {
    attrs: HashMap<String, String>,
    at: Place,
}

/// How the variant's references reach the adjacency file's provinces.
#[derive(Default)]
struct Names {
    /// Every name jDip looks a province up by (short name, full name, unique names), lower
    /// case → short name.
    province: HashMap<String, String>,
    /// One-coast provinces' coasts (`x/nc`) → the province (`x`).
    renames: HashMap<String, String>,
}

impl Names {
    /// A reference (`nor`, `bul-sc`, `Norway`) as a diplo location; unknown names stay as they
    /// are (the checks report them).
    fn location(&self, r: &str) -> String {
        let (p, c) = location(r);
        let p = self.province.get(&p).cloned().unwrap_or(p);
        let loc = match c {
            Some(c) if c != "mv" && c != "xc" => format!("{p}/{c}"),
            _ => p,
        };
        self.renames.get(&loc).cloned().unwrap_or(loc)
    }
    fn province(&self, r: &str) -> String {
        let p = r.trim().to_lowercase();
        self.province.get(&p).cloned().unwrap_or(p)
    }
}

/// Where node `n` of the XML document of `file` starts.
fn node_place(doc: &Document, file: &str, n: Node) -> Place {
    Place::new(file, doc.text_pos_at(n.range().start).row as usize)
}

/// Reads the adjacency file into the model.
fn adjacency(m: &mut Model, doc: &Document, file: &str) -> Names {
    let defs = border_defs(doc, file);
    let mut raws = read_provinces(m, doc, file);
    let mut names = province_names(m);
    mistyped_sea_adjacency(m, &mut raws, &names);
    set_terrain(m, &raws);
    unmark_convoyable(m);
    read_coasts(m, &mut raws, &mut names.renames);
    push_edges(m, &raws, &names);
    attach_borders(m, &raws, &defs, &names);
    names
}

/// Every `BORDER` definition of the document, by id.
fn border_defs(doc: &Document, file: &str) -> HashMap<String, BorderDef> {
    let mut defs: HashMap<String, BorderDef> = HashMap::new();
    for d in doc
        .root_element()
        .descendants()
        .filter(|n| n.has_tag_name("BORDER"))
    {
        let attrs: HashMap<String, String> = d
            .attributes()
            .map(|a| (a.name().to_string(), a.value().to_string()))
            .collect();
        let id = attrs.get("id").cloned().unwrap_or_default();
        defs.insert(
            id,
            BorderDef {
                attrs,
                at: node_place(doc, file, d),
            },
        );
    }
    defs
}

/// Every `PROVINCE` element into the model's provinces (terrain left impassable until the
/// adjacency is known), with its adjacency as written, in the same order.
fn read_provinces(m: &mut Model, doc: &Document, file: &str) -> Vec<Raw> {
    let mut raws: Vec<Raw> = Vec::new();
    for p in elements(doc.root_element()).filter(|n| n.has_tag_name("PROVINCE")) {
        let (prov, raw) = read_province(m, doc, file, p);
        m.provinces.push(prov);
        raws.push(raw);
    }
    raws
}

/// One `PROVINCE` element: the province and its adjacency as written; elements not
/// understood are reported.
fn read_province(m: &mut Model, doc: &Document, file: &str, p: Node) -> (Province, Raw) {
    let here = node_place(doc, file, p);
    let short = p.attribute("shortname").unwrap_or_default().to_lowercase();
    let mut prov = Province::new(&short, Terrain::Impassable, here.clone());
    prov.full_name = p.attribute("fullname").map(str::to_string);
    prov.convoyable = p.attribute("isConvoyableCoast") == Some("true");
    let mut raw = Raw {
        at: here.clone(),
        mv: Vec::new(),
        xc: Vec::new(),
        coasts: Vec::new(),
        borders: list(p.attribute("borders").unwrap_or_default())
            .map(str::to_string)
            .collect(),
    };
    for c in elements(p) {
        let cat = node_place(doc, file, c);
        match c.tag_name().name() {
            "UNIQUENAME" => {
                if let Some(n) = c.attribute("name") {
                    prov.aliases.push((n.to_string(), cat));
                }
            }
            "ADJACENCY" => {
                let refs: Vec<String> = list(c.attribute("refs").unwrap_or_default())
                    .map(str::to_lowercase)
                    .collect();
                match c.attribute("type").unwrap_or("mv") {
                    "mv" => raw.mv.push((refs, cat)),
                    "xc" => raw.xc.extend(refs.into_iter().map(|r| (r, cat.clone()))),
                    t => raw.coasts.push((t.to_string(), refs, cat)),
                }
            }
            other => m.report(
                &cat,
                FindingKind::NotExpressed,
                format!("element <{other}> not understood; left out"),
            ),
        }
    }
    (prov, raw)
}

/// The names provinces are looked up by: short names first, then full names, then unique
/// names; a name two provinces claim is the first one's (reported).
fn province_names(m: &mut Model) -> Names {
    let mut names = Names::default();
    for p in &m.provinces {
        names.province.insert(p.name.clone(), p.name.clone());
    }
    let mut clashes = Vec::new();
    for p in &m.provinces {
        let others = p.full_name.iter().map(|f| (f.clone(), p.at.clone()));
        for (n, at) in others.chain(p.aliases.iter().cloned()) {
            let key = n.to_lowercase();
            match names.province.get(&key) {
                Some(owner) if *owner != p.name => clashes.push((
                    at,
                    format!(
                        "`{n}` names both `{owner}` and `{}`; references by it are read as \
                         `{owner}`",
                        p.name
                    ),
                )),
                Some(_) => {}
                None => {
                    names.province.insert(key, p.name.clone());
                }
            }
        }
    }
    for (at, msg) in clashes {
        m.report(&at, FindingKind::Ambiguous, msg);
    }
    names
}

/// Each province's terrain from the kinds of adjacency it has.
fn set_terrain(m: &mut Model, raws: &[Raw]) {
    for (prov, raw) in m.provinces.iter_mut().zip(raws) {
        let land = !raw.mv.is_empty();
        let water = !raw.xc.is_empty() || !raw.coasts.is_empty();
        prov.terrain = match (land, water) {
            (true, true) => Terrain::Coast,
            (true, false) => Terrain::Inland,
            (false, true) => Terrain::Sea,
            (false, false) => Terrain::Impassable,
        };
    }
}

/// `isConvoyableCoast` on a province that is not a coast marks nothing: noted and cleared.
fn unmark_convoyable(m: &mut Model) {
    for p in &mut m.provinces {
        if p.convoyable && p.terrain != Terrain::Coast {
            let msg = format!(
                "isConvoyableCoast on `{}`, which is {}: nothing to mark",
                p.name,
                p.terrain.word()
            );
            m.findings.push(crate::Finding {
                place: Some(p.at.clone()),
                kind: FindingKind::Note,
                message: msg,
            });
            p.convoyable = false;
        }
    }
}

/// The provinces' named coasts. One coast alone is the province's fleet adjacency (its name
/// goes into `renames`); `xc` edges beside named coasts are left out.
fn read_coasts(m: &mut Model, raws: &mut [Raw], renames: &mut HashMap<String, String>) {
    for (i, raw) in raws.iter_mut().enumerate() {
        let name = m.provinces[i].name.clone();
        if raw.coasts.len() == 1 && raw.xc.is_empty() {
            let (c, refs, cat) = raw.coasts.remove(0);
            m.report(
                &cat,
                FindingKind::Note,
                format!(
                    "`{name}` has one coast (`{c}`): a province with one coast has no named \
                     coast in diplo, so its edges are `{name}`'s"
                ),
            );
            renames.insert(format!("{name}/{c}"), name.clone());
            raw.xc.extend(refs.into_iter().map(|r| (r, cat.clone())));
            continue;
        }
        if !raw.coasts.is_empty() && !raw.xc.is_empty() {
            let at = raw.xc[0].1.clone();
            m.report(
                &at,
                FindingKind::NotExpressed,
                format!(
                    "`{name}` has both `xc` adjacency and named coasts: diplo fleets stand on \
                     its coasts only; the `xc` edges are left out"
                ),
            );
            raw.xc.clear();
        }
        for (c, _, cat) in &raw.coasts {
            let full = coast_full_name(m, c, &name, cat);
            m.provinces[i].coasts.push(Coast {
                name: c.clone(),
                full_name: full,
            });
        }
    }
}

/// The full name of coast `c` of province `name`: jDip's own for its four, else `c` itself
/// (reported).
fn coast_full_name(m: &mut Model, c: &str, name: &str, cat: &Place) -> String {
    let full = COASTS
        .iter()
        .find(|(k, _)| *k == c)
        .map(|(_, f)| f.to_string());
    full.unwrap_or_else(|| {
        m.report(
            cat,
            FindingKind::Default,
            format!("coast `{c}` of `{name}` is not one of jDip's four: `{c}` is its full name"),
        );
        c.to_string()
    })
}

/// The army and fleet edges of every province, their ends read through `names`.
fn push_edges(m: &mut Model, raws: &[Raw], names: &Names) {
    let fix = |r: &str| names.location(r);
    for (i, raw) in raws.iter().enumerate() {
        let name = m.provinces[i].name.clone();
        for (refs, at) in &raw.mv {
            for r in refs {
                m.edges.push(Edge {
                    kind: Kind::Army,
                    from: name.clone(),
                    to: fix(r),
                    at: at.clone(),
                });
            }
        }
        for (r, at) in &raw.xc {
            m.edges.push(Edge {
                kind: Kind::Fleet,
                from: name.clone(),
                to: fix(r),
                at: at.clone(),
            });
        }
        for (c, refs, at) in &raw.coasts {
            for r in refs {
                m.edges.push(Edge {
                    kind: Kind::Fleet,
                    from: format!("{name}/{c}"),
                    to: fix(r),
                    at: at.clone(),
                });
            }
        }
    }
}

/// The borders each province names; a border not defined is reported.
fn attach_borders(m: &mut Model, raws: &[Raw], defs: &HashMap<String, BorderDef>, names: &Names) {
    for (i, raw) in raws.iter().enumerate() {
        for id in &raw.borders {
            match defs.get(id) {
                Some(def) => border(m, i, def, id, &raw.at, names),
                None => m.report(
                    &raw.at,
                    FindingKind::NotExpressed,
                    format!(
                        "`{}` names border `{id}`, which is not defined; left out",
                        m.provinces[i].name
                    ),
                ),
            }
        }
    }
}

/// What a `BORDER` says in diplo's terms.
struct BorderSpec {
    /// `-1`: a difficult border; `0`: a prohibition.
    modifier: i64,
    /// The unit kind it applies to; `None`: both.
    kind: Option<Kind>,
    /// The seasons it closes (all movement seasons when it names none).
    closed: BTreeSet<Season>,
}

impl BorderDef {
    /// Attribute `k`, when given and not empty.
    fn get(&self, k: &str) -> Option<&str> {
        self.attrs
            .get(k)
            .map(String::as_str)
            .filter(|v| !v.is_empty())
    }
}

/// One `BORDER` attached to province `i` (the province a move enters).
fn border(m: &mut Model, i: usize, def: &BorderDef, id: &str, used_at: &Place, names: &Names) {
    let p = m.provinces[i].name.clone();
    let skip = |m: &mut Model, why: String| {
        m.report(
            &def.at,
            FindingKind::NotExpressed,
            format!("border `{id}` (on `{p}`, {used_at}): {why}; left out"),
        );
    };
    let spec = match border_spec(def) {
        Ok(spec) => spec,
        Err(why) => return skip(m, why),
    };
    let from: Vec<String> = def
        .get("from")
        .map(|v| list(v).map(|w| names.province(&location(w).0)).collect())
        .unwrap_or_default();
    if from.is_empty() {
        if let Err(why) = border_from_anywhere(m, i, def, spec) {
            skip(m, why);
        }
        return;
    }
    for f in from {
        m.borders.push(BorderRule {
            from: f,
            to: p.clone(),
            kind: spec.kind,
            difficult: spec.modifier == -1,
            closed: if spec.modifier == -1 {
                BTreeSet::new()
            } else {
                spec.closed.clone()
            },
            one_way: false,
            at: def.at.clone(),
        });
    }
}

/// A `BORDER`'s attributes as diplo can say them, or why it cannot.
fn border_spec(def: &BorderDef) -> Result<BorderSpec, String> {
    for key in ["orderTypes", "year", "phase"] {
        if let Some(v) = def.get(key) {
            return Err(format!(
                "{key} = \"{v}\" restricts it in a way diplo borders cannot"
            ));
        }
    }
    let modifier: i64 = match def.get("baseMoveModifier").map(|v| v.trim().parse::<i64>()) {
        None => 0,
        Some(Ok(n)) => n,
        Some(Err(_)) => return Err("baseMoveModifier is not a number".into()),
    };
    if modifier != 0 && modifier != -1 {
        return Err(format!(
            "baseMoveModifier {modifier}: diplo's difficult border is -1 only"
        ));
    }
    let kinds = border_unit_kinds(def.get("unitTypes"));
    if kinds.is_empty() {
        return Err("it applies to no armies or fleets".into());
    }
    let kind = if kinds.len() == 2 {
        None
    } else {
        kinds.into_iter().next()
    };
    let mut seasons: BTreeSet<Season> = BTreeSet::new();
    if let Some(v) = def.get("season") {
        seasons = movement_seasons(v);
        if seasons.is_empty() {
            return Err(format!(
                "season \"{v}\" has no movement season (spring, fall)"
            ));
        }
    }
    if modifier == -1 && !seasons.is_empty() {
        return Err(
            "a difficult border only in some seasons: diplo's difficult borders hold all year"
                .into(),
        );
    }
    let all_year: BTreeSet<Season> = [Season::SPRING, Season::FALL].into();
    let closed = if seasons.is_empty() {
        all_year
    } else {
        seasons
    };
    Ok(BorderSpec {
        modifier,
        kind,
        closed,
    })
}

/// The unit kinds a `unitTypes` value names (both when it is absent).
fn border_unit_kinds(unit_types: Option<&str>) -> BTreeSet<Kind> {
    let mut kinds: BTreeSet<Kind> = BTreeSet::new();
    match unit_types {
        None => {
            kinds.insert(Kind::Army);
            kinds.insert(Kind::Fleet);
        }
        Some(v) => {
            for t in list(v) {
                match t.to_lowercase().as_str() {
                    "army" => {
                        kinds.insert(Kind::Army);
                    }
                    "fleet" => {
                        kinds.insert(Kind::Fleet);
                    }
                    _ => {}
                }
            }
        }
    }
    kinds
}

/// The movement seasons a `season` value names (others are ignored).
fn movement_seasons(v: &str) -> BTreeSet<Season> {
    let mut seasons: BTreeSet<Season> = BTreeSet::new();
    for s in list(v) {
        match s.to_lowercase().as_str() {
            "spring" => {
                seasons.insert(Season::SPRING);
            }
            "fall" => {
                seasons.insert(Season::FALL);
            }
            _ => {}
        }
    }
    seasons
}

/// A `BORDER` without `from` on province `i`: every move into it is difficult, or the
/// province is closed; `Err` says why diplo cannot say it.
fn border_from_anywhere(
    m: &mut Model,
    i: usize,
    def: &BorderDef,
    spec: BorderSpec,
) -> Result<(), String> {
    let p = m.provinces[i].name.clone();
    let kind = spec.kind;
    if spec.modifier == -1 {
        // Every move into the province.
        let into: BTreeSet<String> = m
            .edges
            .iter()
            .filter(|e| e.to.split('/').next() == Some(p.as_str()))
            .filter(|e| kind.is_none_or(|k| k == e.kind))
            .map(|e| e.from.split('/').next().unwrap_or_default().to_string())
            .collect();
        for f in into {
            m.borders.push(BorderRule {
                from: f,
                to: p.clone(),
                kind,
                difficult: true,
                closed: BTreeSet::new(),
                one_way: false,
                at: def.at.clone(),
            });
        }
    } else if kind.is_none() {
        m.provinces[i].closed.extend(spec.closed);
    } else {
        return Err(
            "a province closed to one unit kind only: diplo closes a province to all".into(),
        );
    }
    Ok(())
}

/// A land province that borders nothing but itself and that nothing borders cannot be entered:
/// impassable, as diplo writes Switzerland.
fn impassable(m: &mut Model) {
    let mut touched: BTreeSet<String> = BTreeSet::new();
    for e in &m.edges {
        let f = e.from.split('/').next().unwrap_or_default();
        let t = e.to.split('/').next().unwrap_or_default();
        if f != t {
            touched.insert(f.to_string());
            touched.insert(t.to_string());
        }
    }
    let occupied: BTreeSet<String> = m
        .powers
        .iter()
        .flat_map(|p| p.units.iter())
        .map(|u| u.location.split('/').next().unwrap_or_default().to_string())
        .collect();
    let mut notes = Vec::new();
    for p in &mut m.provinces {
        if p.terrain == Terrain::Inland && !touched.contains(&p.name) && !occupied.contains(&p.name)
        {
            p.terrain = Terrain::Impassable;
            notes.push((p.at.clone(), p.name.clone()));
        }
    }
    for (at, name) in notes {
        m.report(
            &at,
            FindingKind::Note,
            format!("`{name}` borders nothing and nothing borders it: written as impassable"),
        );
    }
}

/// An `mv` element of a province that is a sea in everybody else's eyes: every province it
/// names is navigable and lists this one under fleet adjacency only (ancmed's Punic Sea, the
/// second `mv` of Imperial's Ceylon). jDip's `mv` there can only be a typing slip for `xc`;
/// it is read as `xc` and reported.
fn mistyped_sea_adjacency(m: &mut Model, raws: &mut [Raw], names: &Names) {
    let index = m.province_index();
    let prov = |r: &str| names.province(&location(r).0);
    let fleet_refs: Vec<BTreeSet<String>> = raws
        .iter()
        .map(|r| {
            r.xc.iter()
                .map(|(x, _)| prov(x))
                .chain(
                    r.coasts
                        .iter()
                        .flat_map(|(_, refs, _)| refs.iter().map(|x| prov(x))),
                )
                .collect()
        })
        .collect();
    let army_refs: Vec<BTreeSet<String>> = raws
        .iter()
        .map(|r| {
            r.mv.iter()
                .flat_map(|(refs, _)| refs.iter().map(|x| prov(x)))
                .collect()
        })
        .collect();
    for i in 0..raws.len() {
        let me = m.provinces[i].name.clone();
        let mut kept = Vec::new();
        for (refs, at) in std::mem::take(&mut raws[i].mv) {
            let others: Vec<usize> = refs
                .iter()
                .map(|r| prov(r))
                .filter(|r| *r != me)
                .filter_map(|r| index.get(&r).copied())
                .collect();
            let mistyped = !others.is_empty()
                && others.len() == refs.iter().filter(|r| prov(r) != me).count()
                && others.iter().all(|&j| {
                    fleet_refs[j].contains(&me)
                        && !army_refs[j].contains(&me)
                        && (!raws[j].xc.is_empty() || !raws[j].coasts.is_empty())
                });
            if mistyped {
                m.report(
                    &at,
                    FindingKind::Ambiguous,
                    format!(
                        "`{me}` lists {} under `mv` (army), but each is water or coast and lists \
                         `{me}` under fleet adjacency only: read as `xc` (fleet)",
                        refs.join(", ")
                    ),
                );
                raws[i].xc.extend(refs.into_iter().map(|r| (r, at.clone())));
            } else {
                kept.push((refs, at));
            }
        }
        raws[i].mv = kept;
    }
}
