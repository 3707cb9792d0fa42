//! Civil-disorder distances on the standard map, checked by hand.

use diplo_map::{Location, Map, ProvinceId};
use diplo_rules::distance::{
    army_distance_convoy_step, army_distance_via, fleet_distance, plain_distances,
};

fn p(map: &Map, name: &str) -> ProvinceId {
    map.province_by_name(name).unwrap()
}

fn mask(map: &Map, names: &[&str]) -> Vec<bool> {
    let mut m = vec![false; map.provinces().len()];
    for n in names {
        m[p(map, n).index()] = true;
    }
    m
}

#[test]
fn army_from_albania_to_naples() {
    let map = Map::standard();
    let nap = mask(&map, &["nap"]);
    // A convoy counts one move and needs no fleet (DATC 2.4 4.D.8 a).
    assert_eq!(army_distance_convoy_step(&map, p(&map, "alb"), &nap), 1);
    // Without fleets to carry it: Albania - Trieste - Venice - Apulia - Naples.
    assert_eq!(army_distance_via(&map, p(&map, "alb"), &nap, &|_| false), 4);
    // Plain adjacency (2023 and DPTG counting): Albania - Ionian Sea - Naples.
    assert_eq!(
        plain_distances(&map, &[p(&map, "nap")])[p(&map, "alb").index()],
        2
    );
}

#[test]
fn fleet_counts_fleet_moves_to_either_coast() {
    let map = Map::standard();
    let stp = mask(&map, &["stp"]);
    // Skagerrak - Norway - St Petersburg(nc): two moves (DATC 6.J.5).
    assert_eq!(
        fleet_distance(&map, Location::province(p(&map, "ska")), &stp),
        2
    );
    // North Atlantic Ocean: Norwegian Sea - Barents Sea - St Petersburg(nc).
    assert_eq!(
        fleet_distance(&map, Location::province(p(&map, "nao")), &stp),
        3
    );
    // A fleet never reaches an inland centre.
    let mos = mask(&map, &["mos"]);
    assert_eq!(
        fleet_distance(&map, Location::province(p(&map, "bal")), &mos),
        u32::MAX
    );
}
