//! Which way up the automatic layout is drawn. Stress majorization fixes the provinces' places
//! up to a rotation and a mirror image; this turns the layout so that it reads the same way
//! each time and, where the map says so, the way its players expect: the longer side across
//! (a rotation that lines the spread up with the picture's width), then, of the four ways up
//! that keep it so (as is, mirrored either way, turned half round), the one in which the most
//! seas named for a compass point lie on that side ("North Sea" above the middle, "Western
//! Mediterranean" left of it), then the one in which the first power's home centres
//! lie farthest up and left.

use diplo_map::{Map, PowerId, ProvinceId, Terrain};

use crate::geom::Pt;

/// The compass words of a province's full name, as a direction in picture coordinates (y down).
fn compass(full_name: &str) -> Pt {
    let mut d = [0.0, 0.0];
    for word in full_name
        .split(|c: char| !c.is_alphabetic())
        .map(str::to_lowercase)
    {
        let step = match word.as_str() {
            "north" | "northern" | "nord" | "norte" => [0.0, -1.0],
            "south" | "southern" | "sud" | "sur" => [0.0, 1.0],
            "east" | "eastern" | "est" | "este" => [1.0, 0.0],
            "west" | "western" | "ouest" | "oeste" => [-1.0, 0.0],
            _ => continue,
        };
        d = [d[0] + step[0], d[1] + step[1]];
    }
    d
}

/// `p` turned by `quarters` quarter turns, mirrored left to right first when `mirror`.
fn turned(p: Pt, quarters: usize, mirror: bool) -> Pt {
    let p = if mirror { [-p[0], p[1]] } else { p };
    match quarters % 4 {
        0 => p,
        1 => [-p[1], p[0]],
        2 => [-p[0], -p[1]],
        _ => [p[1], -p[0]],
    }
}

/// The middle of some points.
fn middle(points: impl Iterator<Item = Pt>) -> Option<Pt> {
    let (mut sx, mut sy, mut k) = (0.0, 0.0, 0.0);
    for p in points {
        (sx, sy, k) = (sx + p[0], sy + p[1], k + 1.0);
    }
    (k > 0.0).then(|| [sx / k, sy / k])
}

/// How well a way up reads: seas named for a compass point on that side (each agreeing
/// one counts 1, each disagreeing one -1), whether it is wider than tall (which counts first),
/// and how far up and left the first power's home lies.
fn reading(map: &Map, pos: &[Pt], home: Option<Pt>) -> (i64, bool, f64) {
    let mut agree = 0i64;
    let linked = |i: &usize| !map.any_neighbours(ProvinceId(*i as u32)).is_empty();
    let pos: Vec<Pt> = (0..pos.len()).filter(linked).map(|i| pos[i]).collect();
    let provinces = (0..map.provinces().len())
        .filter(linked)
        .map(|i| &map.provinces()[i]);
    for (p, prov) in pos.iter().zip(provinces) {
        // Only seas: a land named for a compass point is often so within its own region
        // ("North Africa" lies south of the rest).
        if prov.terrain != Terrain::Sea {
            continue;
        }
        let d = compass(&prov.full_name);
        let along = p[0] * d[0] + p[1] * d[1];
        if along.abs() > 1e-9 {
            agree += if along > 0.0 { 1 } else { -1 };
        }
    }
    let (mut w, mut h) = (0.0f64, 0.0f64);
    for p in &pos {
        (w, h) = (w.max(p[0].abs()), h.max(p[1].abs()));
    }
    let home = home.map_or(0.0, |c| -(c[0] + c[1]));
    (agree, w >= h, home)
}

/// `pos` centred on its middle, turned so that its longer spread runs across, and then turned
/// and mirrored as reads best (see the module's description). Deterministic.
pub(crate) fn orient(map: &Map, pos: Vec<Pt>) -> Vec<Pt> {
    // A province with no neighbours is placed later, wherever there is room: it counts for
    // nothing here.
    let linked: Vec<bool> = map
        .province_ids()
        .map(|p| !map.any_neighbours(p).is_empty())
        .collect();
    let among = |i: usize| linked.get(i).copied().unwrap_or(false);
    let Some(c) = middle((0..pos.len()).filter(|&i| among(i)).map(|i| pos[i])) else {
        return pos;
    };
    let centred: Vec<Pt> = pos.iter().map(|p| [p[0] - c[0], p[1] - c[1]]).collect();
    let (mut sxx, mut syy, mut sxy) = (0.0, 0.0, 0.0);
    for p in (0..pos.len()).filter(|&i| among(i)).map(|i| centred[i]) {
        (sxx, syy, sxy) = (sxx + p[0] * p[0], syy + p[1] * p[1], sxy + p[0] * p[1]);
    }
    let angle = 0.5 * (2.0 * sxy).atan2(sxx - syy);
    let (sin, cos) = (-angle).sin_cos();
    let level: Vec<Pt> = centred
        .iter()
        .map(|p| [p[0] * cos - p[1] * sin, p[0] * sin + p[1] * cos])
        .collect();
    let homes: Vec<usize> = if map.powers().is_empty() {
        Vec::new()
    } else {
        map.home_centres(PowerId(0))
            .iter()
            .map(|p| p.index())
            .collect()
    };
    let mut best: Option<((i64, bool, f64), Vec<Pt>)> = None;
    for mirror in [false, true] {
        for quarters in 0..4 {
            let way: Vec<Pt> = level.iter().map(|&p| turned(p, quarters, mirror)).collect();
            let home = middle(homes.iter().filter_map(|&i| way.get(i).copied()));
            let score = reading(map, &way, home);
            let better = best.as_ref().is_none_or(|(s, _)| {
                (score.1, score.0)
                    .cmp(&(s.1, s.0))
                    .then(score.2.total_cmp(&s.2))
                    .is_gt()
            });
            if better {
                best = Some((score, way));
            }
        }
    }
    best.map_or(level, |(_, way)| way)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compass_words_give_directions() {
        assert_eq!(compass("North Sea"), [0.0, -1.0]);
        assert_eq!(compass("Western Mediterranean"), [-1.0, 0.0]);
        assert_eq!(compass("North-East Passage"), [1.0, -1.0]);
        assert_eq!(compass("Northumbria"), [0.0, 0.0]);
    }

    #[test]
    fn a_mirrored_or_turned_layout_comes_out_the_same_way_up() {
        let map = Map::standard();
        let base: Vec<Pt> = (0..map.provinces().len())
            .map(|i| [(i * 37 % 101) as f64, (i * 53 % 67) as f64 * 0.5])
            .collect();
        let once = orient(&map, base.clone());
        for (quarters, mirror) in [(1, false), (2, true), (3, true), (0, true)] {
            let other: Vec<Pt> = base.iter().map(|&p| turned(p, quarters, mirror)).collect();
            let again = orient(&map, other);
            for (a, b) in once.iter().zip(&again) {
                assert!((a[0] - b[0]).abs() < 1e-6 && (a[1] - b[1]).abs() < 1e-6);
            }
        }
    }
}
