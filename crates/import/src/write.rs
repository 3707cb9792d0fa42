//! Writes a checked model as a diplo map file, laid out like `maps/standard.toml`: a header
//! naming the source and every finding, the powers, the borders, then the provinces grouped
//! (each power's home centres, the other land provinces, the seas, the impassable ones) and
//! sorted by short name, with sorted edges.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use diplo_map::drawing::{Point, Projection};

use crate::drawing::{Borrowed, Placed};
use crate::model::{Checked, Kind, Model, OutBorder, Province, Terrain, Word};

const RULE: &str =
    "# ---------------------------------------------------------------------------------------------";
const WIDTH: usize = 100;

/// A TOML basic string.
fn q(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// `key = [...]`, wrapped when longer than the page.
fn list<S: AsRef<str>>(out: &mut String, key: &str, items: &[S]) {
    let quoted: Vec<String> = items.iter().map(|s| q(s.as_ref())).collect();
    let one = format!("{key} = [{}]", quoted.join(", "));
    if one.len() <= WIDTH {
        out.push_str(&one);
        out.push('\n');
        return;
    }
    let _ = writeln!(out, "{key} = [");
    let mut line = String::from("   ");
    for item in quoted {
        if line.len() + item.len() + 2 > WIDTH {
            let _ = writeln!(out, "{line}");
            line = String::from("   ");
        }
        line.push(' ');
        line.push_str(&item);
        line.push(',');
    }
    let _ = writeln!(out, "{line}");
    out.push_str("]\n");
}

fn section(out: &mut String, title: &str) {
    let _ = write!(out, "\n{RULE}\n# {title}\n{RULE}\n");
}

/// Wraps a comment paragraph at the page width, `first` before the first line and `rest`
/// before the others. Control characters, which TOML refuses in a comment (a source's line
/// quoted in a finding may hold one), are written escaped (`\u{0}`).
fn comment(out: &mut String, first: &str, rest: &str, text: &str) {
    let mut line = format!("{first} ");
    let mut empty = true;
    for word in text.split_whitespace() {
        let escaped: String;
        let word = if word.chars().any(char::is_control) {
            escaped = word
                .chars()
                .map(|c| {
                    if c.is_control() {
                        c.escape_unicode().to_string()
                    } else {
                        c.to_string()
                    }
                })
                .collect();
            escaped.as_str()
        } else {
            word
        };
        if !empty && line.len() + 1 + word.len() > WIDTH {
            let _ = writeln!(out, "{}", line.trim_end());
            line = format!("{rest} ");
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    let _ = writeln!(out, "{}", line.trim_end());
}

/// The whole file; with `drawn`, each province's `draw` and the `[drawing]` at the end.
pub fn write(c: &Checked, drawn: Option<&Borrowed>) -> String {
    let m = &c.model;
    let mut out = String::new();
    header_comment(&mut out, m);
    header_fields(&mut out, m);
    powers(&mut out, m);
    if !c.borders.is_empty() {
        section(&mut out, "Borders");
        for b in &c.borders {
            border(&mut out, b);
        }
    }
    province_groups(&mut out, c, drawn);
    if let Some(b) = drawn {
        drawing_table(&mut out, b);
    }
    out
}

/// The opening comment: where the map comes from, its counts and what the import reported.
fn header_comment(out: &mut String, m: &Model) {
    comment(
        out,
        "#",
        "#",
        &format!(
            "{}, imported from the {} by `diplo map import`, in the diplo map format: see \
             maps/FORMAT.md.",
            m.title, m.source
        ),
    );
    out.push_str("#\n");
    comment(
        out,
        "#",
        "#",
        &format!("Files read: {}.", m.files.join(", ")),
    );
    let playable = m
        .provinces
        .iter()
        .filter(|p| p.terrain != Terrain::Impassable)
        .count();
    let impassable = m.provinces.len() - playable;
    let centres = m.provinces.iter().filter(|p| p.supply_centre).count();
    let homes = m.provinces.iter().filter(|p| p.home.is_some()).count();
    let units: usize = m.powers.iter().map(|p| p.units.len()).sum();
    let mut counts = format!("{playable} provinces");
    if impassable > 0 {
        let _ = write!(counts, " (and {impassable} impassable)");
    }
    let _ = write!(
        counts,
        "; {centres} supply centres ({homes} home, {} neutral); {} powers with {units} units.",
        centres - homes,
        m.powers.len()
    );
    comment(out, "#", "#", &counts);
    out.push_str("#\n");
    if m.findings.is_empty() {
        out.push_str("# The import reported nothing.\n");
    } else {
        comment(
            out,
            "#",
            "#",
            "What the import reported (\"not expressed\": the source says it and this format \
             cannot, so it is not here; \"ambiguous\": the reading taken; \"default\": what the \
             source does not say, filled in; \"note\": a faithful rewrite):",
        );
        for f in &m.findings {
            comment(out, "# *", "#  ", &f.to_string());
        }
    }
    out.push_str("#\n");
    comment(
        out,
        "#",
        "#",
        "Provinces are grouped: each power's home centres, then the other land provinces, the \
         seas and the impassable provinces; by short name within each group. Edges are listed \
         on both sides and sorted.",
    );
    out.push('\n');
}

/// The top-level fields: name, title, first year and season, victory, build rule, calendar.
fn header_fields(out: &mut String, m: &Model) {
    let _ = writeln!(out, "name = {}", q(&m.name));
    let _ = writeln!(out, "title = {}", q(&m.title));
    if let Some(y) = m.first_year {
        let _ = writeln!(out, "first_year = {y}");
    }
    // After a winter start the first movement phase is a spring.
    let season = m.first_season.unwrap_or(crate::model::Season::SPRING);
    let word = match &m.calendar {
        Some(c) => c
            .seasons
            .get(season.index())
            .map_or_else(|| season.word().to_string(), |s| s.0.to_lowercase()),
        None => season.word().to_string(),
    };
    let _ = writeln!(out, "first_season = {}", q(&word));
    let table = m.last_year.is_some() || !m.control.is_empty();
    if !table {
        if let Some(v) = m.victory_centres {
            let _ = writeln!(out, "victory_centres = {v}");
        }
    }
    if let Some(b) = m.build {
        let _ = writeln!(out, "build = {}", q(b));
    }
    // The source's order of the centres, when the provinces as written do not give it.
    let written = written_groups(m);
    let written = (written.iter().flat_map(|(_, ps)| ps.iter()))
        .filter(|p| p.supply_centre)
        .map(|p| p.name.as_str());
    if !m.centre_order.is_empty() && !m.centre_order.iter().map(String::as_str).eq(written) {
        list(out, "centre_order", &m.centre_order);
    }
    calendar(out, m);
    if table {
        victory_table(out, m);
    }
}

/// The `[victory]` table: the centres, the last year, the provinces whose control wins.
fn victory_table(out: &mut String, m: &Model) {
    out.push_str("\n[victory]\n");
    if let Some(v) = m.victory_centres {
        let _ = writeln!(out, "centres = {v}");
    }
    if let Some(last) = m.last_year {
        let _ = writeln!(out, "last_year = {last}");
        if m.most_centres_at_last_year {
            out.push_str("at_last_year = \"most-centres\"\n");
        }
    }
    if !m.control.is_empty() {
        list(out, "control", &m.control);
        if let Some(y) = m.control_from {
            let _ = writeln!(out, "control_from = {y}");
        }
    }
}

/// The `[calendar]` table, when the source's calendar or first phase is not the default.
fn calendar(out: &mut String, m: &Model) {
    if m.calendar.is_none() && !m.first_adjustment {
        return;
    }
    out.push_str("\n[calendar]\n");
    if m.first_adjustment {
        out.push_str("first_phase = \"adjustment\"\n");
    }
    let Some(c) = &m.calendar else { return };
    if c.year_step > 1 {
        let _ = writeln!(out, "year_step = {}", c.year_step);
    }
    if c.adjustment_every > 1 {
        let _ = writeln!(out, "adjustment_every = {}", c.adjustment_every);
    }
    let last = c.seasons.len().saturating_sub(1);
    for (i, (name, adjusts)) in c.seasons.iter().enumerate() {
        let _ = writeln!(out, "\n[[calendar.season]]\nname = {}", q(name));
        // Without any `adjustment` key the last season is followed by `Winter`.
        let only_last = c
            .seasons
            .iter()
            .enumerate()
            .all(|(k, s)| s.1 == (k == last));
        if *adjusts && !only_last {
            let word = if i == last {
                "Winter".to_string()
            } else {
                format!("{name}end")
            };
            let _ = writeln!(out, "adjustment = {}", q(&word));
        }
    }
}

/// One `[[power]]` table per power, with its units and owned centres when they are not its
/// home centres.
fn powers(out: &mut String, m: &Model) {
    section(out, "Powers");
    for p in &m.powers {
        out.push_str("\n[[power]]\n");
        let _ = writeln!(out, "name = {}", q(&p.name));
        let _ = writeln!(out, "adjective = {}", q(&p.adjective));
        if let Some(a) = &p.abbreviation {
            let _ = writeln!(out, "abbreviation = {}", q(a));
        }
        if p.neutral {
            out.push_str("neutral = true\n");
        }
        if p.rebuild {
            out.push_str("rebuild = true\n");
        }
        let units: Vec<String> = p
            .units
            .iter()
            .map(|u| format!("{} {}", u.kind.letter(), u.location))
            .collect();
        list(out, "units", &units);
        if let Some(centres) = &p.centres {
            let homes: BTreeSet<&str> = m
                .provinces
                .iter()
                .filter(|pr| pr.home.as_deref() == Some(p.name.as_str()))
                .map(|pr| pr.name.as_str())
                .collect();
            let owned: BTreeSet<&str> = centres.iter().map(String::as_str).collect();
            if owned != homes {
                let sorted: Vec<&str> = owned.into_iter().collect();
                list(out, "centres", &sorted);
            }
        }
    }
}

/// The provinces, grouped: each power's home centres, the other land provinces, the seas and
/// the impassable provinces, by name within each group.
fn province_groups(out: &mut String, c: &Checked, drawn: Option<&Borrowed>) {
    for (title, members) in written_groups(&c.model) {
        if members.is_empty() {
            continue;
        }
        section(out, &title);
        for p in members {
            province(out, c, p, drawn.and_then(|b| b.places.get(&p.name)));
        }
    }
}

/// The provinces in the order they are written: each group with its title, by name within it.
fn written_groups(m: &Model) -> Vec<(String, Vec<&Province>)> {
    let mut groups: Vec<(String, Vec<&Province>)> = Vec::new();
    for p in &m.powers {
        let members: Vec<&Province> = m
            .provinces
            .iter()
            .filter(|pr| pr.home.as_deref() == Some(p.name.as_str()))
            .collect();
        groups.push((format!("Home centres of {}", p.name), members));
    }
    let in_group = |pr: &Province| pr.home.is_some();
    let rest = |t: Terrain| -> Vec<&Province> {
        m.provinces
            .iter()
            .filter(|pr| !in_group(pr) && pr.terrain == t)
            .collect()
    };
    let mut land = rest(Terrain::Inland);
    land.extend(rest(Terrain::Coast));
    groups.push(("Other land provinces".into(), land));
    groups.push(("Sea provinces".into(), rest(Terrain::Sea)));
    groups.push(("Impassable provinces".into(), rest(Terrain::Impassable)));
    for (_, members) in &mut groups {
        members.sort_by(|a, b| a.name.cmp(&b.name));
    }
    groups
}

fn border(out: &mut String, b: &OutBorder) {
    out.push_str("\n[[border]]\n");
    if b.both {
        let _ = writeln!(out, "between = [{}, {}]", q(&b.from), q(&b.to));
    } else {
        let _ = writeln!(out, "from = {}\nto = {}", q(&b.from), q(&b.to));
    }
    if b.props.difficult {
        out.push_str("difficult = true\n");
    }
    if let Some(k) = b.kind {
        let _ = writeln!(out, "units = [{}]", q(k.word()));
    }
    if !b.props.closed.is_empty() {
        let seasons: Vec<&str> = b.props.closed.iter().map(|s| s.word()).collect();
        list(out, "closed", &seasons);
    }
    if b.props.one_way {
        out.push_str("one_way = true\n");
    }
}

fn province(out: &mut String, c: &Checked, p: &Province, place: Option<&Placed>) {
    out.push_str("\n[[province]]\n");
    let _ = writeln!(out, "name = {}", q(&p.name));
    if let Some(place) = place {
        draw(out, place);
    }
    if let Some(f) = &p.full_name {
        let _ = writeln!(out, "full_name = {}", q(f));
    }
    if !p.aliases.is_empty() {
        let aliases: Vec<&str> = p.aliases.iter().map(|(a, _)| a.as_str()).collect();
        list(out, "aliases", &aliases);
    }
    let _ = writeln!(out, "terrain = {}", q(p.terrain.word()));
    if p.supply_centre {
        out.push_str("supply_centre = true\n");
    }
    if let Some(h) = &p.home {
        let _ = writeln!(out, "home = {}", q(h));
    }
    if p.convoyable {
        out.push_str("convoyable = true\n");
    }
    if !p.closed.is_empty() {
        let seasons: Vec<&str> = p.closed.iter().map(|s| s.word()).collect();
        list(out, "closed", &seasons);
    }
    let edges = |kind: Kind, loc: &str| -> Vec<String> {
        let map = match kind {
            Kind::Army => &c.army,
            Kind::Fleet => &c.fleet,
        };
        map.get(loc)
            .map(|s| s.iter().cloned().collect())
            .unwrap_or_default()
    };
    if matches!(p.terrain, Terrain::Inland | Terrain::Coast) {
        let army = edges(Kind::Army, &p.name);
        if !army.is_empty() || p.terrain == Terrain::Inland {
            list(out, "army", &army);
        }
    }
    if matches!(p.terrain, Terrain::Coast | Terrain::Sea) && p.coasts.is_empty() {
        list(out, "fleet", &edges(Kind::Fleet, &p.name));
    }
    for coast in &p.coasts {
        out.push_str("\n[[province.coast]]\n");
        let _ = writeln!(out, "name = {}", q(&coast.name));
        if let Some(at) = place.and_then(|pl| pl.coasts.get(&coast.name)) {
            let _ = writeln!(out, "draw = {{ at = {} }}", point(*at));
        }
        let _ = writeln!(out, "full_name = {}", q(&coast.full_name));
        list(
            out,
            "fleet",
            &edges(Kind::Fleet, &format!("{}/{}", p.name, coast.name)),
        );
    }
}

/// A point as a map file writes it: `[14.5, 49.8]`.
fn point(p: Point) -> String {
    format!("[{:?}, {:?}]", p[0], p[1])
}

fn points(ps: &[Point]) -> String {
    let all: Vec<String> = ps.iter().map(|p| point(*p)).collect();
    format!("[{}]", all.join(", "))
}

/// A province's `draw = { ... }` line.
fn draw(out: &mut String, place: &Placed) {
    let mut keys = vec![format!("at = {}", point(place.at))];
    if let Some(l) = place.label {
        keys.push(format!("label = {}", point(l)));
    }
    if !place.seeds.is_empty() {
        keys.push(format!("seeds = {}", points(&place.seeds)));
    }
    if let Some(s) = &place.shape {
        keys.push(format!("shape = {}", points(s)));
    }
    let _ = writeln!(out, "draw = {{ {} }}", keys.join(", "));
}

/// The `[drawing]` table and its land masses, as the built-in map has them.
fn drawing_table(out: &mut String, b: &Borrowed) {
    let d = &b.drawing;
    out.push_str("\n# --- drawing ---\n");
    comment(
        out,
        "#",
        "#",
        &format!(
            "Where things are drawn (maps/FORMAT.md, \"Drawing\"): the built-in map `{}`'s \
             drawing.",
            b.base
        ),
    );
    out.push_str("[drawing]\n");
    let projection = match d.projection {
        Projection::Equirectangular => "equirectangular",
        Projection::Plane => "plane",
    };
    let _ = writeln!(out, "projection = {}", q(projection));
    let [a, b0, c, e] = d.bounds;
    let _ = writeln!(out, "bounds = [{a:?}, {b0:?}, {c:?}, {e:?}]");
    for land in &d.lands {
        out.push_str("\n[[drawing.land]]\n");
        let _ = writeln!(out, "name = {}", q(&land.name));
        out.push_str("points = [\n");
        let mut line = String::from(" ");
        for p in &land.points {
            let item = format!(" {},", point(*p));
            if line.len() + item.len() > WIDTH {
                let _ = writeln!(out, "{line}");
                line = String::from(" ");
            }
            line.push_str(&item);
        }
        let _ = writeln!(out, "{line}");
        out.push_str("]\n");
    }
}
