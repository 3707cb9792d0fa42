//! MILA `.map` files (the format `README_MAPS.txt` documents beside them).
//!
//! How MILA's notions become diplo's:
//!
//! * `Full Name = abr alias...`: the province's full name and aliases (`+` is a space); an alias
//!   ending in `?` is ambiguous in MILA and is left out (reported). A coast's line (`Spain (north
//!   coast) = spa/nc ...`) gives the coast's full name; its aliases that only respell the
//!   province and coast are what diplo accepts anyway, the others are reported.
//! * `WATER`/`LAND`/`COAST`/`PORT`/`SHUT abr ABUTS ...`: terrain sea, inland, coast, coast with
//!   `convoyable = true`, impassable. A later line for the same place replaces the earlier one;
//!   `DROP` forgets a place and every edge to it.
//! * Letter case: a place written all in lower case holds no fleet (the whole of a multi-coast
//!   province); in an `ABUTS` list, lower case (`smy`) is an army-only edge and capitalised
//!   (`Tys`) a fleet-only edge; upper case is open to whatever can stand at both ends.
//! * Powers `NAME (ADJECTIVE[:L]) CENTRES...`, unit lines, `OWNS`/`CENTERS`, `INHABITS`/`HOME`,
//!   `UNITS`, `UNOWNED`, `UNPLAYED`; `DUMMY` makes a neutral power.
//! * `VICTORY n...` → `victory_centres` (MILA's default when absent: one more than half the
//!   centres); `BEGIN season year phase` → `first_year`, `first_season`, or `[calendar]
//!   first_phase = "adjustment"` for a winter start; `RULE BUILD_ANY` → `build =
//!   "owned-centres"`. Other rules are reported.
//! * `MAP`/`USE` read another file of the same folder first, as MILA does: the result is one
//!   flat diplo map.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use crate::model::{Coast, Edge, FindingKind, Kind, Model, Place, Power, Province, Season};
use crate::model::{Terrain, Unit, Word};
use crate::{file_name, read_beside, slug, ImportError, Imported, Resolver};

/// How deep `USE` may nest (a loop is an error, not followed).
const MAX_DEPTH: usize = 16;

/// Imports a MILA map file; files it `USE`s are read from its folder.
pub fn import_path(path: &Path) -> Result<Imported, ImportError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| ImportError::file(&path.display().to_string(), e.to_string()))?;
    import_str(&text, &file_name(path), &|name| read_beside(path, name))
}

/// Imports MILA map text named `file`; `resolve` finds the text of a file it `USE`s by name
/// (`None`: not found).
pub fn import_str(text: &str, file: &str, resolve: Resolver) -> Result<Imported, ImportError> {
    let mut r = Reader {
        resolve: Some(resolve),
        ..Reader::default()
    };
    r.read(text, file)?;
    Ok(Imported::from_model(r.finish(file)))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MilaTerrain {
    Water,
    Land,
    Coast,
    Port,
    Shut,
}

impl MilaTerrain {
    fn parse(word: &str) -> Option<Self> {
        Some(match word {
            "WATER" => MilaTerrain::Water,
            "LAND" => MilaTerrain::Land,
            "COAST" => MilaTerrain::Coast,
            "PORT" => MilaTerrain::Port,
            "SHUT" => MilaTerrain::Shut,
            _ => return None,
        })
    }
}

struct NameLine {
    full: String,
    aliases: Vec<String>,
    at: Place,
}

struct LocLine {
    terrain: MilaTerrain,
    /// The abbreviation as written (its case says whether fleets may stand there).
    written: String,
    abuts: Vec<String>,
    at: Place,
}

struct PowerState {
    key: String,
    name: String,
    adjective: String,
    letter: Option<(String, Place)>,
    homes: Vec<String>,
    inhabits: bool,
    owns: Option<Vec<String>>,
    units: Vec<(Kind, String, Place)>,
    dummy: bool,
    at: Place,
}

#[derive(Default)]
struct Reader<'a> {
    resolve: Option<Resolver<'a>>,
    files: Vec<String>,
    names: BTreeMap<String, NameLine>,
    locs: Vec<(String, LocLine)>,
    powers: Vec<PowerState>,
    current: Option<usize>,
    unowned: Vec<String>,
    unowned_at: HashMap<String, Place>,
    not_centres: BTreeSet<String>,
    victory: Option<(Vec<u16>, Place)>,
    begin: Option<(Vec<String>, Place)>,
    rules: Vec<(String, Place)>,
    findings: Vec<(Option<Place>, FindingKind, String)>,
    /// The files a `USE`/`MAP` line just read names, to be read before the rest of its file.
    includes: Vec<(String, Place)>,
}

/// A file being read: its text, where reading goes on, and how many files deep it is included.
struct OpenFile {
    file: String,
    text: String,
    /// The byte offset of the next line, and that line's number less one.
    pos: usize,
    line: usize,
    depth: usize,
}

impl OpenFile {
    fn new(file: String, text: String, depth: usize) -> OpenFile {
        OpenFile {
            file,
            text,
            pos: 0,
            line: 0,
            depth,
        }
    }

    /// The next line's number and byte range in `text` (without its line end), or `None` at
    /// the end of the text.
    fn next_line(&mut self) -> Option<(usize, std::ops::Range<usize>)> {
        let rest = self.text.get(self.pos..).filter(|r| !r.is_empty())?;
        let start = self.pos;
        let len = rest.find('\n').map_or(rest.len(), |i| i + 1);
        let raw = &rest[..len];
        let raw = raw.strip_suffix('\n').unwrap_or(raw);
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        self.pos += len;
        self.line += 1;
        Some((self.line, start..start + raw.len()))
    }
}

fn is_lower(s: &str) -> bool {
    s.chars().any(|c| c.is_alphabetic()) && !s.chars().any(|c| c.is_uppercase())
}

/// `Tys`: first letter upper case, some later letter lower case.
fn is_capitalised(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_uppercase()) && chars.any(|c| c.is_lowercase())
}

/// MILA shows names with `+` as a space in adjectives and `_` hidden at the front; words in
/// capitals are shown capitalised.
fn display(word: &str, plus_is_space: bool) -> String {
    let word = word.trim_start_matches('_');
    let all_caps = !word.chars().any(|c| c.is_lowercase());
    let mut out = String::new();
    let mut start = true;
    let mut upper_next = false;
    for c in word.chars() {
        if c == '+' {
            if plus_is_space {
                out.push(' ');
                start = true;
            } else {
                upper_next = true;
            }
            continue;
        }
        if upper_next || (all_caps && start) {
            out.extend(c.to_uppercase());
        } else if all_caps {
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
        upper_next = false;
        start = !c.is_alphanumeric();
    }
    out
}

fn words_of(line: &str) -> Vec<String> {
    line.split_whitespace()
        .map(|w| w.trim_matches(',').to_string())
        .filter(|w| !w.is_empty())
        .collect()
}

impl<'a> Reader<'a> {
    fn note(&mut self, at: &Place, kind: FindingKind, msg: impl Into<String>) {
        self.findings.push((Some(at.clone()), kind, msg.into()));
    }

    /// Reads `text`, the file named `file`, line by line; a file a `USE` line names is read
    /// where the line stands, before the rest of the file (a stack of open files, no
    /// recursion).
    fn read(&mut self, text: &str, file: &str) -> Result<(), ImportError> {
        self.files.push(file.to_string());
        let mut open = vec![OpenFile::new(file.to_string(), text.to_string(), 0)];
        while let Some(mut f) = open.pop() {
            while let Some((number, range)) = f.next_line() {
                let at = Place::new(&f.file, number);
                let line = f.text[range].trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                self.line(line, &at)?;
                if !self.includes.is_empty() {
                    break;
                }
            }
            if self.includes.is_empty() {
                continue; // the end of this file
            }
            let includes = std::mem::take(&mut self.includes);
            let depth = f.depth;
            open.push(f);
            // Each file named is read in turn, the first one first; the rest of this file
            // after them.
            for (name, at) in includes.into_iter().rev() {
                open.push(self.include(&name, &at, depth)?);
            }
        }
        Ok(())
    }

    /// One line of a `.map` file (neither blank nor a comment), read at `at`.
    fn line(&mut self, line: &str, at: &Place) -> Result<(), ImportError> {
        if let Some((left, right)) = line.split_once('=') {
            self.name_line(left.trim(), right, at);
            return Ok(());
        }
        let words = words_of(line);
        let head = words[0].to_uppercase();
        let args = &words[1..];
        match head.as_str() {
            "MAP" | "USE" | "USES" => {
                for name in args {
                    self.includes.push((name.clone(), at.clone()));
                }
            }
            "WATER" | "LAND" | "COAST" | "PORT" | "SHUT" => self.loc_line(&head, args, at),
            "DROP" => self.drop_places(args, at),
            "UNOWNED" | "NEUTRAL" => {
                self.current = None;
                self.unowned_centres(args, at);
            }
            "CENTERS" if self.current.is_none() => self.unowned_centres(args, at),
            "CENTERS" | "OWNS" => self.owns(&head, args, at),
            "INHABITS" | "HOME" | "HOMES" => self.homes(&head, args, at),
            "UNITS" => {
                if let Some(p) = self.power_here(&head, at) {
                    self.powers[p].units.clear();
                }
            }
            "DUMMY" | "DUMMIES" => {
                for p in self.power_set(args, &head, at) {
                    self.powers[p].dummy = true;
                }
            }
            "UNPLAYED" => self.unplayed(args, &head, at),
            "VICTORY" => self.victory_line(args, at)?,
            "BEGIN" => self.begin = Some((args.to_vec(), at.clone())),
            "RULE" | "RULES" => {
                for a in args {
                    self.rules.push((a.clone(), at.clone()));
                }
            }
            "A" | "F" if args.len() == 1 => self.unit(&head, &args[0], at),
            _ if head
                .chars()
                .all(|c| c.is_alphanumeric() || "-_+".contains(c)) =>
            {
                self.power_line(&words, at)
            }
            _ => self.note(
                at,
                FindingKind::NotExpressed,
                format!("line not understood, left out: `{line}`"),
            ),
        }
        Ok(())
    }

    /// `DROP`: the places named (with their coasts) go, and every adjacency to them.
    fn drop_places(&mut self, args: &[String], at: &Place) {
        for a in args {
            let key = a.to_uppercase();
            let before = self.locs.len();
            let gone = |k: &str| k == key || k.starts_with(&format!("{key}/"));
            self.locs.retain(|(k, _)| !gone(k));
            self.names.retain(|k, _| !gone(k));
            for (_, l) in &mut self.locs {
                l.abuts.retain(|a| !gone(&a.to_uppercase()));
            }
            if self.locs.len() == before {
                self.note(
                    at,
                    FindingKind::Ambiguous,
                    format!("DROP `{a}`: no such place; nothing dropped"),
                );
            }
        }
    }

    /// `CENTERS` (replacing) or `OWNS` (adding): the current power's owned centres.
    fn owns(&mut self, head: &str, args: &[String], at: &Place) {
        let Some(p) = self.power_here(head, at) else {
            return;
        };
        let owns = self.powers[p].owns.get_or_insert_with(Vec::new);
        if head == "CENTERS" {
            owns.clear();
        }
        owns.extend(args.iter().map(|a| a.to_uppercase()));
    }

    /// `INHABITS` (adding after a first `INHABITS`), `HOME` or `HOMES`: the current power's
    /// home centres.
    fn homes(&mut self, head: &str, args: &[String], at: &Place) {
        let Some(p) = self.power_here(head, at) else {
            return;
        };
        let power = &mut self.powers[p];
        if head != "INHABITS" || !power.inhabits {
            power.homes.clear();
        }
        power.inhabits = true;
        for a in args {
            push_unique(&mut power.homes, a.to_uppercase());
        }
    }

    /// `UNPLAYED`: the powers named are removed.
    fn unplayed(&mut self, args: &[String], head: &str, at: &Place) {
        let gone = self.power_set(args, head, at);
        let mut i = 0;
        self.powers.retain(|_| {
            i += 1;
            !gone.contains(&(i - 1))
        });
        self.current = None;
    }

    /// `VICTORY`: the centre counts; anything else is an error.
    fn victory_line(&mut self, args: &[String], at: &Place) -> Result<(), ImportError> {
        let counts: Result<Vec<u16>, _> = args.iter().map(|a| a.parse()).collect();
        match counts {
            Ok(c) if !c.is_empty() => {
                self.victory = Some((c, at.clone()));
                Ok(())
            }
            _ => Err(ImportError::at(
                at,
                "VICTORY expects centre counts (`VICTORY 18`)",
            )),
        }
    }

    /// The file a `USE`/`MAP` line at `at` names, opened one level deeper than `depth`.
    fn include(&mut self, name: &str, at: &Place, depth: usize) -> Result<OpenFile, ImportError> {
        if depth + 1 >= MAX_DEPTH {
            return Err(ImportError::at(at, "`USE`/`MAP` nested too deep (a loop?)"));
        }
        let resolve = self.resolve.expect("a resolver");
        let found = resolve(name).or_else(|| resolve(&format!("{name}.map")));
        let Some((file, text)) = found else {
            return Err(ImportError::at(at, format!("cannot read `{name}`")));
        };
        self.files.push(file.clone());
        Ok(OpenFile::new(file, text, depth + 1))
    }

    fn name_line(&mut self, full: &str, right: &str, at: &Place) {
        let mut words = right.split_whitespace();
        let Some(abbr) = words.next() else {
            self.note(
                at,
                FindingKind::NotExpressed,
                format!("name line for `{full}` gives no abbreviation; left out"),
            );
            return;
        };
        self.names.insert(
            abbr.to_uppercase(),
            NameLine {
                full: full.to_string(),
                aliases: words.map(str::to_string).collect(),
                at: at.clone(),
            },
        );
    }

    fn loc_line(&mut self, head: &str, args: &[String], at: &Place) {
        let Some(written) = args.first() else {
            self.note(
                at,
                FindingKind::NotExpressed,
                format!("{head} line names no place; left out"),
            );
            return;
        };
        let mut abuts = &args[1..];
        if abuts
            .first()
            .is_some_and(|w| w.eq_ignore_ascii_case("ABUTS"))
        {
            abuts = &abuts[1..];
        }
        let key = written.to_uppercase();
        let line = LocLine {
            terrain: MilaTerrain::parse(head).expect("a terrain word"),
            written: written.clone(),
            abuts: abuts.to_vec(),
            at: at.clone(),
        };
        match self.locs.iter_mut().find(|(k, _)| *k == key) {
            Some((_, old)) => *old = line,
            None => self.locs.push((key, line)),
        }
    }

    fn unowned_centres(&mut self, args: &[String], at: &Place) {
        for a in args {
            self.unowned_at
                .entry(a.trim_start_matches('-').to_uppercase())
                .or_insert_with(|| at.clone());
            match a.strip_prefix('-') {
                Some(c) => {
                    let c = c.to_uppercase();
                    self.unowned.retain(|u| *u != c);
                    self.not_centres.insert(c);
                }
                None => {
                    let c = a.to_uppercase();
                    self.not_centres.remove(&c);
                    push_unique(&mut self.unowned, c);
                }
            }
        }
    }

    fn power_here(&mut self, what: &str, at: &Place) -> Option<usize> {
        if self.current.is_none() {
            self.note(
                at,
                FindingKind::NotExpressed,
                format!("{what} outside a power's lines; left out"),
            );
        }
        self.current
    }

    fn power_index(&self, name: &str) -> Option<usize> {
        let key = name.to_uppercase();
        self.powers.iter().position(|p| p.key == key)
    }

    /// `[ALL [EXCEPT]] power...`, or the current power.
    fn power_set(&mut self, args: &[String], what: &str, at: &Place) -> Vec<usize> {
        let upper: Vec<String> = args.iter().map(|a| a.to_uppercase()).collect();
        let (all, names) = match upper.first().map(String::as_str) {
            Some("ALL") if upper.get(1).map(String::as_str) == Some("EXCEPT") => {
                (true, &upper[2..])
            }
            Some("ALL") => (true, &upper[1..]),
            _ => (false, &upper[..]),
        };
        if !all && names.is_empty() {
            return self.power_here(what, at).into_iter().collect();
        }
        let mut named = Vec::new();
        for n in names {
            match self.power_index(n) {
                Some(i) => named.push(i),
                None => self.note(
                    at,
                    FindingKind::NotExpressed,
                    format!("{what} names `{n}`, which is no power; ignored"),
                ),
            }
        }
        if all {
            (0..self.powers.len())
                .filter(|i| !named.contains(i))
                .collect()
        } else {
            named
        }
    }

    fn power_line(&mut self, words: &[String], at: &Place) {
        let name = &words[0];
        let mut rest = &words[1..];
        let mut own: Option<String> = None;
        if rest.first().is_some_and(|w| w.starts_with('(')) {
            let end = rest
                .iter()
                .position(|w| w.ends_with(')'))
                .unwrap_or(rest.len() - 1);
            let inner = rest[..=end].join(" ");
            own = Some(inner.trim_matches(['(', ')']).to_string());
            rest = &rest[end + 1..];
        }
        let i = match self.power_index(name) {
            Some(i) => i,
            None => {
                let (adj, letter) = match own.as_deref().map(|o| o.split_once(':')) {
                    Some(Some((a, l))) => (a.to_string(), Some(l.to_string())),
                    Some(None) => (own.clone().unwrap_or_default(), None),
                    None => (String::new(), None),
                };
                let display_name = display(name, false);
                let adjective = if adj.is_empty() {
                    display_name.clone()
                } else {
                    display(&adj, true)
                };
                self.powers.push(PowerState {
                    key: name.to_uppercase(),
                    name: display_name,
                    adjective,
                    letter: letter.filter(|l| !l.is_empty()).map(|l| (l, at.clone())),
                    homes: Vec::new(),
                    inhabits: false,
                    owns: None,
                    units: Vec::new(),
                    dummy: false,
                    at: at.clone(),
                });
                self.powers.len() - 1
            }
        };
        self.current = Some(i);
        for c in rest {
            match c.strip_prefix('-') {
                Some(c) => {
                    let c = c.to_uppercase();
                    self.powers[i].homes.retain(|h| *h != c);
                    push_unique(&mut self.unowned, c);
                }
                None => push_unique(&mut self.powers[i].homes, c.to_uppercase()),
            }
        }
    }

    fn unit(&mut self, kind: &str, loc: &str, at: &Place) {
        let Some(p) = self.power_here("unit line", at) else {
            return;
        };
        let kind = if kind == "A" { Kind::Army } else { Kind::Fleet };
        let loc = loc.to_uppercase();
        let province = loc.split('/').next().unwrap_or_default().to_string();
        for power in &mut self.powers {
            power
                .units
                .retain(|(_, l, _)| l.split('/').next() != Some(province.as_str()));
        }
        self.powers[p].units.push((kind, loc, at.clone()));
    }

    /// The flat model: provinces, coasts, edges, powers, calendar and rules.
    fn finish(mut self, file: &str) -> Model {
        let stem = file.strip_suffix(".map").unwrap_or(file);
        let mut m = Model {
            format: "MILA",
            source: format!("MILA map file {file}"),
            files: std::mem::take(&mut self.files),
            name: slug(stem),
            title: {
                let t = stem.replace('_', " ");
                let mut c = t.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or_default()
            },
            ..Model::default()
        };
        for (at, kind, msg) in std::mem::take(&mut self.findings) {
            m.findings.push(crate::Finding {
                place: at,
                kind,
                message: msg,
            });
        }
        m.report_file(
            FindingKind::Default,
            format!(
                "MILA map files have no title: `{}` (from the file name) is used",
                m.title
            ),
        );
        let locs = self.provinces(&mut m);
        self.edges(&mut m, &locs);
        self.powers(&mut m, &locs);
        self.calendar(&mut m);
        m
    }

    /// Provinces and coasts; returns MILA place (upper case) → diplo location.
    fn provinces(&mut self, m: &mut Model) -> HashMap<String, String> {
        let (mut locs, index) = self.province_list(m);
        let coast_lines = self.coast_lines(m, &index);
        self.add_coasts(m, &index, &mut locs, coast_lines);
        let used_names = self.province_names(m, &index);
        self.coast_names(m, &index, &used_names);
        locs
    }

    /// One province per place that is no coast, with its terrain; returns MILA place →
    /// diplo location and MILA place → index in `m.provinces`.
    fn province_list(&self, m: &mut Model) -> (HashMap<String, String>, HashMap<String, usize>) {
        let mut locs: HashMap<String, String> = HashMap::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        for (key, line) in &self.locs {
            if key.contains('/') {
                continue;
            }
            let terrain = match line.terrain {
                MilaTerrain::Water => Terrain::Sea,
                MilaTerrain::Land => Terrain::Inland,
                MilaTerrain::Coast | MilaTerrain::Port => Terrain::Coast,
                MilaTerrain::Shut => Terrain::Impassable,
            };
            let mut p = Province::new(key, terrain, line.at.clone());
            p.convoyable = line.terrain == MilaTerrain::Port;
            index.insert(key.clone(), m.provinces.len());
            locs.insert(key.clone(), p.name.clone());
            m.provinces.push(p);
        }
        (locs, index)
    }

    /// The coast places (`X/NC`) by coastal province, in file order (lower-case coast, place);
    /// a coast of no coastal province is reported.
    fn coast_lines(
        &self,
        m: &mut Model,
        index: &HashMap<String, usize>,
    ) -> BTreeMap<String, Vec<(String, Place)>> {
        let mut coast_lines: BTreeMap<String, Vec<(String, Place)>> = BTreeMap::new();
        for (key, line) in &self.locs {
            let Some((parent, coast)) = key.split_once('/') else {
                continue;
            };
            match index.get(parent) {
                Some(&i) if m.provinces[i].terrain == Terrain::Coast => coast_lines
                    .entry(parent.to_string())
                    .or_default()
                    .push((coast.to_lowercase(), line.at.clone())),
                _ => m.report(
                    &line.at,
                    FindingKind::NotExpressed,
                    format!("coast `{key}` of no coastal province `{parent}`: left out"),
                ),
            }
        }
        coast_lines
    }

    /// The provinces' named coasts, with their full names; a province's only coast is the
    /// province itself in diplo (its place goes to the province in `locs`).
    fn add_coasts(
        &self,
        m: &mut Model,
        index: &HashMap<String, usize>,
        locs: &mut HashMap<String, String>,
        coast_lines: BTreeMap<String, Vec<(String, Place)>>,
    ) {
        for (parent, coasts) in coast_lines {
            let i = index[&parent];
            let p_name = m.provinces[i].name.clone();
            if coasts.len() == 1 {
                let (c, at) = &coasts[0];
                m.report(
                    at,
                    FindingKind::Note,
                    format!(
                        "`{parent}/{}` is the only coast of `{p_name}`: a province with one coast \
                         has no named coast in diplo, so its edges are `{p_name}`'s",
                        c.to_uppercase()
                    ),
                );
                locs.insert(format!("{parent}/{}", c.to_uppercase()), p_name);
                continue;
            }
            for (c, at) in coasts {
                let key = format!("{parent}/{}", c.to_uppercase());
                let full = self.coast_full_name(m, &key, &c, &at);
                locs.insert(key, format!("{p_name}/{c}"));
                m.provinces[i].coasts.push(Coast {
                    name: c,
                    full_name: full,
                });
            }
        }
    }

    /// The full name of coast `c` (place `key`): from its name line's parentheses, else a
    /// default (reported).
    fn coast_full_name(&self, m: &mut Model, key: &str, c: &str, at: &Place) -> String {
        let full = match self.names.get(key) {
            Some(n) => n
                .full
                .rsplit_once('(')
                .map(|(_, r)| r.trim_end_matches(')').trim().to_string()),
            None => None,
        };
        full.unwrap_or_else(|| {
            let f = default_coast_name(c);
            m.report(
                at,
                FindingKind::Default,
                format!("coast `{key}` has no full name: `{f}` is used"),
            );
            f
        })
    }

    /// The provinces' full names and aliases from their name lines, and the letter case
    /// checks; returns the places whose name line was used.
    fn province_names(&self, m: &mut Model, index: &HashMap<String, usize>) -> BTreeSet<String> {
        let mut used_names: BTreeSet<String> = BTreeSet::new();
        for (key, line) in &self.locs {
            if key.contains('/') {
                continue;
            }
            let i = index[key];
            if let Some(n) = self.names.get(key) {
                used_names.insert(key.clone());
                m.provinces[i].full_name = Some(n.full.clone());
                let aliases = alias_list(m, i, &n.aliases, &n.at);
                m.provinces[i].aliases.extend(aliases);
            }
            fleet_case(m, i, line);
        }
        used_names
    }

    /// The name lines not used for a province: coasts' names, whose aliases diplo cannot
    /// keep (reported) unless they name a single-coast province or respell the coast.
    fn coast_names(
        &self,
        m: &mut Model,
        index: &HashMap<String, usize>,
        used_names: &BTreeSet<String>,
    ) {
        for (key, n) in &self.names {
            if used_names.contains(key) {
                continue;
            }
            let Some((parent, coast)) = key.split_once('/') else {
                m.report(
                    &n.at,
                    FindingKind::NotExpressed,
                    format!(
                        "name line for `{key}` ({}), which has no terrain line",
                        n.full
                    ),
                );
                continue;
            };
            let Some(&i) = index.get(parent) else {
                continue; // reported with the coast line
            };
            let lost = coast_aliases(m, i, n, &coast.to_lowercase());
            if !lost.is_empty() {
                m.report(
                    &n.at,
                    FindingKind::NotExpressed,
                    format!(
                        "alias(es) {} of `{key}` ({}) left out: diplo has no aliases for coasts \
                         (it reads the province's names with the coast's: `{}`)",
                        lost.join(", "),
                        n.full,
                        key.to_lowercase()
                    ),
                );
            }
        }
    }

    /// The army and fleet edges of every abutment, by what can stand at both ends.
    fn edges(&mut self, m: &mut Model, locs: &HashMap<String, String>) {
        let lines: HashMap<&str, &LocLine> =
            self.locs.iter().map(|(k, l)| (k.as_str(), l)).collect();
        let mut out = EdgesOut::default();
        for (x, lx) in &self.locs {
            for e in &lx.abuts {
                self.abut_edges(x, lx, e, &lines, locs, &mut out);
            }
        }
        m.edges.extend(out.pending);
        for (at, kind, msg) in out.notes {
            m.report(&at, kind, msg);
        }
    }

    /// The edges of place `x` (line `lx`) abutting `e`, into `out`.
    fn abut_edges(
        &self,
        x: &str,
        lx: &LocLine,
        e: &str,
        lines: &HashMap<&str, &LocLine>,
        locs: &HashMap<String, String>,
        out: &mut EdgesOut,
    ) {
        let y = e.to_uppercase();
        let Some(ly) = lines.get(y.as_str()) else {
            out.notes.push((
                lx.at.clone(),
                FindingKind::NotExpressed,
                format!(
                    "`{}` abuts `{e}`, which has no terrain line: left out",
                    lx.written
                ),
            ));
            return;
        };
        let (from, to) = (locs[x].clone(), locs[&y].clone());
        if lx.terrain == MilaTerrain::Shut || ly.terrain == MilaTerrain::Shut {
            out.pending.push(Edge {
                kind: Kind::Army,
                from,
                to,
                at: lx.at.clone(),
            });
            return;
        }
        // An army ignores coasts: `CON ABUTS BUL/EC` is an army edge into `bul`.
        let y_province = y.split('/').next().unwrap_or_default();
        let army = army_stands(x, lx)
            && lines
                .get(y_province)
                .is_some_and(|lp| army_stands(y_province, lp))
            && !is_capitalised(e);
        let fleet = self.fleet_stands(x, lx) && self.fleet_stands(&y, ly) && !is_lower(e);
        if army {
            out.pending.push(Edge {
                kind: Kind::Army,
                from: from.clone(),
                to: locs[y_province].clone(),
                at: lx.at.clone(),
            });
        }
        if fleet {
            out.pending.push(Edge {
                kind: Kind::Fleet,
                from: from.clone(),
                to: to.clone(),
                at: lx.at.clone(),
            });
        }
        if !army && !fleet && !covered_by_coasts(x, &y, lx, &self.locs) {
            out.notes.push((
                lx.at.clone(),
                FindingKind::Note,
                format!(
                    "`{}` lists `{e}`, which gives no edge to any unit that can stand \
                     at both ends; left out",
                    lx.written
                ),
            ));
        }
    }

    /// Whether a fleet may stand at place `key` (line `l`): water or coast written in upper
    /// case, and a coast itself when the province has coasts.
    fn fleet_stands(&self, key: &str, l: &LocLine) -> bool {
        let has_coasts = |key: &str| {
            self.locs
                .iter()
                .any(|(k, _)| k.starts_with(&format!("{key}/")))
        };
        matches!(
            l.terrain,
            MilaTerrain::Water | MilaTerrain::Coast | MilaTerrain::Port
        ) && !is_lower(&l.written)
            && (key.contains('/') || !has_coasts(key))
    }

    /// The powers with their home centres, owned centres and units, and which provinces are
    /// supply centres.
    fn powers(&mut self, m: &mut Model, locs: &HashMap<String, String>) {
        let look = CentreLookup {
            locs,
            index: m.province_index(),
        };
        let mut centres: BTreeSet<String> = BTreeSet::new();
        for c in &self.unowned {
            let at = self
                .unowned_at
                .get(c)
                .cloned()
                .unwrap_or_else(|| Place::new(&m.files[0], 0));
            if let Some(l) = look.centre(m, c, &at) {
                centres.insert(l);
            }
        }
        let mut letters = Vec::new();
        for ps in &self.powers {
            add_power(m, ps, &look, &mut centres, &mut letters);
        }
        for (at, msg) in letters {
            m.report(&at, FindingKind::NotExpressed, msg);
        }
        for c in &self.not_centres {
            if let Some(l) = locs.get(c) {
                centres.remove(l);
            }
        }
        for p in &mut m.provinces {
            p.supply_centre = centres.contains(&p.name);
        }
        homes_not_centres(m, &look.index);
    }

    fn calendar(&mut self, m: &mut Model) {
        // Victory.
        let centres = m.provinces.iter().filter(|p| p.supply_centre).count();
        match &self.victory {
            Some((counts, at)) => {
                m.victory_centres = Some(counts[0]);
                if counts.iter().any(|c| *c != counts[0]) {
                    m.report(
                        at,
                        FindingKind::NotExpressed,
                        format!(
                            "VICTORY changes by year ({}): diplo has one count; the first year's \
                             {} is used for every year",
                            counts
                                .iter()
                                .map(u16::to_string)
                                .collect::<Vec<_>>()
                                .join(" "),
                            counts[0]
                        ),
                    );
                }
            }
            None => {
                let v = (centres / 2 + 1) as u16;
                m.victory_centres = Some(v);
                m.report_file(
                    FindingKind::Note,
                    format!(
                        "no VICTORY line: MILA's default, one more than half the {centres} \
                         centres, is {v}"
                    ),
                );
            }
        }
        // Start.
        match self.begin.take() {
            None => {
                m.first_year = Some(1901);
                m.first_season = Some(Season::SPRING);
                m.report_file(
                    FindingKind::Note,
                    "no BEGIN line: MILA's default, Spring 1901 movement",
                );
            }
            Some((words, at)) => self.begin(m, &words, &at),
        }
        // Rules.
        for (rule, at) in std::mem::take(&mut self.rules) {
            match rule.to_uppercase().as_str() {
                "BUILD_ANY" => m.build = Some("owned-centres"),
                other => m.report(
                    &at,
                    FindingKind::NotExpressed,
                    format!("RULE {other}: no diplo map equivalent; left out"),
                ),
            }
        }
    }

    fn begin(&mut self, m: &mut Model, words: &[String], at: &Place) {
        let upper: Vec<String> = words.iter().map(|w| w.to_uppercase()).collect();
        let year = upper.get(1).and_then(|y| y.parse::<i64>().ok());
        let Some(year) = year.filter(|y| (1..=i64::from(u16::MAX)).contains(y)) else {
            m.report(
                at,
                FindingKind::NotExpressed,
                format!(
                    "BEGIN {}: diplo years run from 1 to {}; Spring 1901 is used",
                    words.join(" "),
                    u16::MAX
                ),
            );
            m.first_year = Some(1901);
            m.first_season = Some(Season::SPRING);
            return;
        };
        m.first_year = Some(year);
        let season = upper.first().map(String::as_str).unwrap_or("SPRING");
        let phase = upper.get(2).map(String::as_str).unwrap_or("MOVEMENT");
        match (season, phase.chars().next()) {
            ("SPRING", Some('M')) => m.first_season = Some(Season::SPRING),
            ("FALL", Some('M')) => m.first_season = Some(Season::FALL),
            ("WINTER", Some('A')) | ("FALL", Some('A')) => m.first_adjustment = true,
            _ => {
                let s = if season == "FALL" {
                    Season::FALL
                } else {
                    Season::SPRING
                };
                m.first_season = Some(s);
                m.report(
                    at,
                    FindingKind::NotExpressed,
                    format!(
                        "BEGIN {}: a diplo game opens with a movement phase or the winter \
                         adjustments; {} movement is used",
                        words.join(" "),
                        s.word()
                    ),
                );
            }
        }
    }
}

fn push_unique(list: &mut Vec<String>, item: String) {
    if !list.contains(&item) {
        list.push(item);
    }
}

/// What the abutments give: the edges, and the notes to report after them.
#[derive(Default)]
struct EdgesOut {
    pending: Vec<Edge>,
    notes: Vec<(Place, FindingKind, String)>,
}

/// Whether an army may stand at place `key` (line `l`): a land or coastal province.
fn army_stands(key: &str, l: &LocLine) -> bool {
    !key.contains('/')
        && matches!(
            l.terrain,
            MilaTerrain::Land | MilaTerrain::Coast | MilaTerrain::Port
        )
}

/// How a power's centres reach the model's provinces.
struct CentreLookup<'l> {
    /// MILA place → diplo location.
    locs: &'l HashMap<String, String>,
    /// Province name → index in the model.
    index: HashMap<String, usize>,
}

impl CentreLookup<'_> {
    /// The province centre `c` names, or `None` (reported at `at`).
    fn centre(&self, m: &mut Model, c: &str, at: &Place) -> Option<String> {
        match self.locs.get(c) {
            Some(l) if self.index.contains_key(l.as_str()) => Some(l.clone()),
            _ => {
                m.report(
                    at,
                    FindingKind::NotExpressed,
                    format!("centre `{c}` is not a province of the map; left out"),
                );
                None
            }
        }
    }
}

/// One power into the model: its home centres marked on their provinces, its owned centres
/// and units; its centres go into `centres`, its one-letter abbreviation's report into
/// `letters`.
fn add_power(
    m: &mut Model,
    ps: &PowerState,
    look: &CentreLookup,
    centres: &mut BTreeSet<String>,
    letters: &mut Vec<(Place, String)>,
) {
    mark_homes(m, ps, look, centres);
    let owns = ps.owns.as_ref().map(|o| {
        o.iter()
            .filter_map(|c| look.centre(m, c, &ps.at))
            .collect::<Vec<_>>()
    });
    if let Some(o) = &owns {
        centres.extend(o.iter().cloned());
    }
    let units = ps
        .units
        .iter()
        .map(|(kind, loc, at)| Unit {
            kind: *kind,
            location: look
                .locs
                .get(loc)
                .cloned()
                .unwrap_or_else(|| loc.to_lowercase()),
            at: at.clone(),
        })
        .collect();
    if ps.dummy {
        m.report(
            &ps.at,
            FindingKind::Default,
            format!(
                "DUMMY power {} is a neutral power: it never orders and its units hold \
                 (in MILA a master, or the CD_DUMMIES rule, may order it); it does not \
                 rebuild",
                ps.name
            ),
        );
    }
    if let Some((l, at)) = &ps.letter {
        letters.push((
            at.clone(),
            format!(
                "one-letter abbreviation `{l}` of {} left out: diplo's power \
                 abbreviations are three-letter order prefixes (`ABC: A par H`)",
                ps.name
            ),
        ));
    }
    m.powers.push(Power {
        name: ps.name.clone(),
        adjective: ps.adjective.clone(),
        abbreviation: None,
        units,
        centres: owns,
        neutral: ps.dummy,
        at: ps.at.clone(),
    });
}

/// The home centres of power `ps` marked on their provinces (a province already another
/// power's home stays that power's, reported) and added to `centres`.
fn mark_homes(m: &mut Model, ps: &PowerState, look: &CentreLookup, centres: &mut BTreeSet<String>) {
    for h in &ps.homes {
        let Some(l) = look.centre(m, h, &ps.at) else {
            continue;
        };
        centres.insert(l.clone());
        let p = &mut m.provinces[look.index[&l]];
        match &p.home {
            Some(other) if *other != ps.name => {
                let msg = format!(
                    "`{l}` is a home centre of both {other} and {}: diplo has one home \
                     power; {other} is kept",
                    ps.name
                );
                m.report(&ps.at, FindingKind::NotExpressed, msg);
            }
            _ => p.home = Some(ps.name.clone()),
        }
    }
}

/// A home centre removed from the centres (`UNOWNED -X`) is no longer a home centre at all
/// (reported).
fn homes_not_centres(m: &mut Model, index: &HashMap<String, usize>) {
    let homes: Vec<String> = m
        .provinces
        .iter()
        .filter(|p| p.home.is_some() && !p.supply_centre)
        .map(|p| p.name.clone())
        .collect();
    for h in homes {
        let i = index[&h];
        let at = m.provinces[i].at.clone();
        m.report(
            &at,
            FindingKind::Ambiguous,
            format!("`{h}` is a home centre and was removed from the centres: not a home centre"),
        );
        m.provinces[i].home = None;
    }
}

/// Fleets may not stand in a place written in lower case: a coastal province `i` whose case
/// disagrees with its coasts is reported.
fn fleet_case(m: &mut Model, i: usize, line: &LocLine) {
    let p = &m.provinces[i];
    if p.terrain != Terrain::Coast {
        return;
    }
    let lower = is_lower(&line.written);
    if p.coasts.is_empty() && lower {
        m.report(
            &line.at,
            FindingKind::NotExpressed,
            format!(
                "`{}` is written in lower case (no fleet may stand there) but has \
                 no coasts: diplo has no coastal province without a fleet; no fleet \
                 edge is written for it",
                line.written
            ),
        );
    } else if !p.coasts.is_empty() && !lower {
        m.report(
            &line.at,
            FindingKind::NotExpressed,
            format!(
                "`{}` has coasts but is written in upper case (a fleet may stand in \
                 the province itself): diplo fleets stand on its coasts only",
                line.written
            ),
        );
    }
}

/// The aliases of the name line `n` of `coast` of province `i`: those of a single-coast
/// province's only coast name the province (added); those respelling the coast are dropped;
/// the others are returned (quoted), to be reported.
fn coast_aliases(m: &mut Model, i: usize, n: &NameLine, coast: &str) -> Vec<String> {
    let is_coast = m.provinces[i].coasts.iter().any(|c| c.name == coast);
    let mut lost: Vec<String> = Vec::new();
    for alias in &n.aliases {
        let a = alias.replace('+', " ");
        if is_coast && respells(&m.provinces[i], &a, coast) {
            continue;
        }
        let a = a.trim_end_matches('?');
        if !is_coast && m.provinces[i].coasts.is_empty() {
            // The only coast of a single-coast province: its aliases name the province.
            if !a.contains(['/', '(']) {
                m.provinces[i].aliases.push((a.to_string(), n.at.clone()));
                continue;
            }
            if respells(&m.provinces[i], a, coast) {
                continue;
            }
        }
        lost.push(format!("`{alias}`"));
    }
    lost
}

fn default_coast_name(c: &str) -> String {
    match c {
        "nc" => "north coast".into(),
        "sc" => "south coast".into(),
        "ec" => "east coast".into(),
        "wc" => "west coast".into(),
        other => format!("{other} coast"),
    }
}

/// The aliases of a province's name line, with `+` read as a space; ambiguous ones (`?`) are
/// reported and left out.
fn alias_list(m: &mut Model, i: usize, raw: &[String], at: &Place) -> Vec<(String, Place)> {
    let mut out = Vec::new();
    for a in raw {
        if let Some(bare) = a.strip_suffix('?') {
            let name = m.provinces[i].name.clone();
            m.report(
                at,
                FindingKind::NotExpressed,
                format!(
                    "alias `{a}` of `{name}` is marked ambiguous (MILA refuses it where orders are \
                     not checked); diplo has no ambiguous names, so `{bare}` is left out"
                ),
            );
            continue;
        }
        out.push((a.replace('+', " "), at.clone()));
    }
    out
}

/// Whether `alias` only respells province `p` and its coast `coast` (`spa(nc)`, `spain/nc`,
/// `spa (north coast)`): diplo reads those through the province's names anyway.
fn respells(p: &Province, alias: &str, coast: &str) -> bool {
    let (prov, c) = if let Some((a, b)) = alias.split_once('(') {
        (a, b.trim_end_matches(')'))
    } else if let Some((a, b)) = alias.split_once('/') {
        (a, b)
    } else {
        return false;
    };
    let norm = diplo_map::normalize_name;
    let prov = norm(prov);
    let names_province = prov == norm(&p.name)
        || p.full_name.as_deref().is_some_and(|f| norm(f) == prov)
        || p.aliases.iter().any(|(a, _)| norm(a) == prov);
    let c = norm(c);
    let full = p
        .coasts
        .iter()
        .find(|k| k.name == coast)
        .map(|k| norm(&k.full_name));
    names_province && (c == coast || Some(&c) == full.as_ref())
}

/// A multi-coast province's own line lists the waters its coasts touch, and a water may list
/// the province where it means a coast: MILA's way of saying an edge its coasts already give.
fn covered_by_coasts(x: &str, y: &str, lx: &LocLine, locs: &[(String, LocLine)]) -> bool {
    let coasts = |p: &str| {
        let prefix = format!("{p}/");
        locs.iter()
            .filter(move |(k, _)| k.starts_with(&prefix))
            .collect::<Vec<_>>()
    };
    let lists = |l: &LocLine, target: &str| l.abuts.iter().any(|a| a.eq_ignore_ascii_case(target));
    coasts(x).iter().any(|(_, l)| lists(l, y)) || coasts(y).iter().any(|(k, _)| lists(lx, k))
}
