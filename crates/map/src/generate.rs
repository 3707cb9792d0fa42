//! Generated maps, for tests and benchmarks of very large positions.
//!
//! The maps are built directly (not through TOML text), so that a map of a million provinces
//! takes well under a second: the header, the powers and one province of each terrain come
//! from a small map loaded the usual way, and are copied.

use crate::{Location, Map, ProvinceId, Terrain};

/// A template with the header, the two powers `Red` and `Blue`, and one province of each
/// terrain the generators use.
const TEMPLATE: &str = r#"name = "generated"
first_year = 1901
first_season = "spring"
victory_centres = 1
[[power]]
name = "Red"
adjective = "Red"
abbreviation = "RED"
[[power]]
name = "Blue"
adjective = "Blue"
abbreviation = "BLU"
[[province]]
name = "land"
full_name = "Land"
terrain = "inland"
army = ["shore"]
[[province]]
name = "shore"
full_name = "Shore"
terrain = "coast"
army = ["land"]
fleet = ["water"]
[[province]]
name = "water"
full_name = "Water"
terrain = "sea"
fleet = ["shore"]
"#;

/// A map of `terrain.len()` provinces `p0` ... (full names `P0` ...) with the given army and
/// fleet edges (each listed once, in either direction; none to a multi-coast province).
fn build(name: &str, terrain: &[Terrain], army: &[(u32, u32)], fleet: &[(u32, u32)]) -> Map {
    let template = Map::from_toml_str(TEMPLATE, "generated").expect("the template map is valid");
    let like = |t: Terrain| {
        template
            .provinces
            .iter()
            .find(|p| p.terrain == t)
            .expect("the template has every terrain")
    };
    let n = terrain.len();
    let mut map = template.clone();
    map.name = name.to_string();
    if template.title == template.name {
        map.title = name.to_string();
    }
    map.provinces = terrain
        .iter()
        .enumerate()
        .map(|(i, &t)| {
            let mut p = like(t).clone();
            p.name = format!("p{i}");
            p.full_name = format!("P{i}");
            p
        })
        .collect();
    map.army = vec![Vec::new(); n];
    for &(a, b) in army {
        map.army[a as usize].push(ProvinceId(b));
        map.army[b as usize].push(ProvinceId(a));
    }
    map.node_base = (0..n as u32).collect();
    map.fleet = vec![Vec::new(); n];
    for &(a, b) in fleet {
        map.fleet[a as usize].push(Location::province(ProvinceId(b)));
        map.fleet[b as usize].push(Location::province(ProvinceId(a)));
    }
    map.army.iter_mut().for_each(|l| l.sort());
    map.fleet.iter_mut().for_each(|l| l.sort());
    map.names = crate::NameTable::with_capacity_and_hasher(n, Default::default());
    for (i, p) in map.provinces.iter().enumerate() {
        map.names.insert(p.name.clone(), ProvinceId(i as u32));
    }
    map.borders.clear();
    map.railroads.clear();
    map.canals.clear();
    map.index_borders();
    map.index_any_neighbours();
    map.index_names();
    map.index_provinces();
    map
}

/// A map of `n` inland provinces `p0` ... `p{n-1}` (full names `P0` ...), each bordering the
/// next, closed into a ring when `ring`; two powers, `Red` and `Blue`, with no units. Any `n`:
/// the limits on maps read from files (`limits`) do not apply.
pub fn line(n: usize, ring: bool) -> Map {
    let mut army: Vec<(u32, u32)> = (1..n as u32).map(|i| (i - 1, i)).collect();
    if ring && n > 2 {
        army.push((n as u32 - 1, 0));
    }
    build("line", &vec![Terrain::Inland; n], &army, &[])
}

/// A map for a convoy chain of `n` fleets: coastal `p0`, seas `p1` ... `p{n}` in a line, and
/// coastal `p{n+1}`; `p0` borders only `p1` and `p{n+1}` only `p{n}`.
pub fn convoy_chain(n: usize) -> Map {
    let mut terrain = vec![Terrain::Sea; n + 2];
    terrain[0] = Terrain::Coast;
    terrain[n + 1] = Terrain::Coast;
    let fleet: Vec<(u32, u32)> = (1..=n as u32 + 1).map(|i| (i - 1, i)).collect();
    build("convoy chain", &terrain, &[], &fleet)
}

/// A coast of `n` provinces `p0` ... `p{n-1}`, each bordering the next by land and all
/// bordering one sea, `p{n}`.
pub fn coast(n: usize) -> Map {
    let mut terrain = vec![Terrain::Coast; n + 1];
    terrain[n] = Terrain::Sea;
    let army: Vec<(u32, u32)> = (1..n as u32).map(|i| (i - 1, i)).collect();
    let mut fleet = army.clone();
    fleet.extend((0..n as u32).map(|i| (i, n as u32)));
    build("coast", &terrain, &army, &fleet)
}

/// A `w` × `h` grid of seas (`p{y*w+x}`, each bordering its four neighbours), with a coastal
/// province `p{w*h}` west of the first column and `p{w*h+1}` east of the last.
pub fn sea_grid(w: usize, h: usize) -> Map {
    let n = w * h;
    let mut terrain = vec![Terrain::Sea; n + 2];
    terrain[n] = Terrain::Coast;
    terrain[n + 1] = Terrain::Coast;
    let at = |x: usize, y: usize| (y * w + x) as u32;
    let mut fleet = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if x + 1 < w {
                fleet.push((at(x, y), at(x + 1, y)));
            }
            if y + 1 < h {
                fleet.push((at(x, y), at(x, y + 1)));
            }
        }
        fleet.push((n as u32, at(0, y)));
        fleet.push((n as u32 + 1, at(w - 1, y)));
    }
    build("sea grid", &terrain, &[], &fleet)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generated line is the map its TOML text describes.
    #[test]
    fn line_equals_the_map_loaded_from_text() {
        for (n, ring) in [(5, false), (5, true)] {
            let mut t = String::from(
                "name = \"line\"\nfirst_year = 1901\nfirst_season = \"spring\"\nvictory_centres = 1\n",
            );
            t.push_str("[[power]]\nname = \"Red\"\nadjective = \"Red\"\nabbreviation = \"RED\"\n");
            t.push_str(
                "[[power]]\nname = \"Blue\"\nadjective = \"Blue\"\nabbreviation = \"BLU\"\n",
            );
            for i in 0..n {
                let mut nb = Vec::new();
                if i > 0 || ring {
                    nb.push(format!("\"p{}\"", (i + n - 1) % n));
                }
                if i + 1 < n || ring {
                    nb.push(format!("\"p{}\"", (i + 1) % n));
                }
                t.push_str(&format!(
                    "[[province]]\nname = \"p{i}\"\nfull_name = \"P{i}\"\nterrain = \"inland\"\narmy = [{}]\n",
                    nb.join(", ")
                ));
            }
            let loaded = Map::from_toml_str(&t, "generated").unwrap();
            let built = line(n, ring);
            assert_eq!(
                format!("{:?}", loaded.provinces),
                format!("{:?}", built.provinces)
            );
            assert_eq!(loaded.army, built.army);
            assert_eq!(loaded.fleet, built.fleet);
            assert_eq!(
                format!("{:?}", loaded.powers),
                format!("{:?}", built.powers)
            );
            for i in 0..n {
                let name = format!("p{i}");
                assert_eq!(
                    loaded.province_by_name(&name),
                    built.province_by_name(&name)
                );
            }
        }
    }

    #[test]
    fn convoy_chain_joins_the_two_coasts_by_sea() {
        let m = convoy_chain(3);
        assert_eq!(m.provinces().len(), 5);
        assert!(m.fleet_can_reach(Location::province(ProvinceId(3)), ProvinceId(4)));
        assert!(!m.army_adjacent(ProvinceId(0), ProvinceId(4)));
        assert!(m.can_convoy_through(ProvinceId(2)));
    }
}
