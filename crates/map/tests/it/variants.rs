//! The variant features of the map format (`maps/FORMAT.md`, "Variant features"): each read
//! from a small example, and each misuse reported at its file, line and column.

use diplo_map::{BuildRule, Map, MapError, Season, UnitKind};

/// A four-province map: two coastal lands `a` and `b`, a sea `s`, an inland `c`.
const BASE: &str = r#"
name = "tiny"
first_year = 1901
first_season = "spring"
victory_centres = 2

[[power]]
name = "Red"
adjective = "Red"
abbreviation = "RED"
units = ["A a"]

[[province]]
name = "a"
full_name = "Alpha"
terrain = "coast"
supply_centre = true
home = "Red"
army = ["b", "c"]
fleet = ["b", "s"]

[[province]]
name = "b"
full_name = "Beta"
terrain = "coast"
supply_centre = true
army = ["a", "c"]
fleet = ["a", "s"]

[[province]]
name = "c"
full_name = "Gamma"
terrain = "inland"
army = ["a", "b"]

[[province]]
name = "s"
full_name = "Sea"
terrain = "sea"
fleet = ["a", "b"]
"#;

fn load(extra: &str) -> Result<Map, MapError> {
    Map::from_toml_str(&format!("{BASE}{extra}"), "tiny.toml")
}

fn errors(extra: &str) -> Vec<String> {
    match load(extra) {
        Ok(_) => panic!("expected errors for:\n{extra}"),
        Err(e) => e.diagnostics.iter().map(ToString::to_string).collect(),
    }
}

/// The 1-based line of the first line of `extra` that contains `needle`.
fn line_of(extra: &str, needle: &str) -> usize {
    let base_lines = BASE.lines().count();
    base_lines + extra.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn borders_are_read_per_direction() {
    let map = load(
        "\n[[border]]\nbetween = [\"a\", \"c\"]\ndifficult = true\nunits = [\"army\"]\nclosed = [\"fall\"]\n",
    )
    .unwrap();
    let p = |n| map.province_by_name(n).unwrap();
    assert!(map.is_difficult(UnitKind::Army, p("a"), p("c")));
    assert!(map.is_difficult(UnitKind::Army, p("c"), p("a")));
    assert!(!map.is_difficult(UnitKind::Army, p("a"), p("b")));
    assert!(map.is_closed(UnitKind::Army, p("c"), p("a"), Season::FALL));
    assert!(!map.is_closed(UnitKind::Army, p("c"), p("a"), Season::SPRING));
}

#[test]
fn border_errors_are_located() {
    let extra = "\n[[border]]\nbetween = [\"a\", \"s\"]\nunits = [\"army\"]\ndifficult = true\n\n[[border]]\nfrom = \"a\"\ndifficult = true\n\n[[border]]\nbetween = [\"a\", \"zz\"]\ndifficult = true\n";
    let errs = errors(extra);
    let l1 = line_of(extra, "between = [\"a\", \"s\"]");
    assert!(
        errs.iter()
            .any(|e| e.starts_with(&format!("tiny.toml:{l1}:"))
                && e.contains("no edge from `a` to `s`")),
        "{errs:?}"
    );
    let l2 = line_of(extra, "from = \"a\"");
    assert!(
        errs.iter()
            .any(|e| e.starts_with(&format!("tiny.toml:{l2}:")) && e.contains("`from` and `to`")),
        "{errs:?}"
    );
    assert!(
        errs.iter().any(|e| e.contains("unknown province `zz`")),
        "{errs:?}"
    );
}

#[test]
fn half_strength_borders_are_read() {
    let map = load("\n[[border]]\nbetween = [\"a\", \"s\"]\nhalf_strength = true\n").unwrap();
    let p = |n| map.province_by_name(n).unwrap();
    assert!(map.is_half_strength(UnitKind::Fleet, p("a"), p("s")));
    assert!(map.is_half_strength(UnitKind::Fleet, p("s"), p("a")));
    assert!(!map.is_half_strength(UnitKind::Fleet, p("b"), p("s")));
    assert!(map.blocks_support(UnitKind::Fleet, p("s"), p("a")));
    assert!(!map.is_difficult(UnitKind::Fleet, p("s"), p("a")));
    assert!(map
        .special_rules()
        .iter()
        .any(|r| r == "1 half-strength borders"));
}

#[test]
fn half_strength_border_errors_are_located() {
    // Difficult and half strength at once; half strength on a missing edge.
    let extra = "\n[[border]]\nbetween = [\"a\", \"s\"]\ndifficult = true\nhalf_strength = true\n\n[[border]]\nbetween = [\"c\", \"s\"]\nhalf_strength = true\n";
    let errs = errors(extra);
    let l1 = line_of(extra, "half_strength = true");
    assert!(
        errs.iter()
            .any(|e| e.starts_with(&format!("tiny.toml:{l1}:17:"))
                && e.contains("`difficult` or `half_strength`, not both")),
        "{errs:?}"
    );
    let l2 = line_of(extra, "between = [\"c\", \"s\"]");
    assert!(
        errs.iter()
            .any(|e| e.starts_with(&format!("tiny.toml:{l2}:"))
                && e.contains("no edge from `c` to `s`")),
        "{errs:?}"
    );
}

#[test]
fn dummy_centres_are_read_and_not_counted() {
    let extra = "\n[[province]]\nname = \"d\"\nfull_name = \"Dummy\"\nterrain = \"impassable\"\nsupply_centre = true\ndummy = true\n";
    let map = load(extra).unwrap();
    let d = map.province_by_name("d").unwrap();
    assert!(map.province(d).dummy);
    let red = map.power_by_name("Red").unwrap();
    assert!(map.centre_counts_for(d, red));
    assert!(!map.counts_for_victory(d, red));
    assert_eq!(map.supply_centre_count(), 2);
}

#[test]
fn dummy_centre_errors_are_located() {
    // A dummy that is passable, and one that is no supply centre.
    let extra = "\n[[province]]\nname = \"d\"\nfull_name = \"Dummy\"\nterrain = \"inland\"\nsupply_centre = true\ndummy = true\n\n[[province]]\nname = \"e\"\nfull_name = \"Epsilon\"\nterrain = \"impassable\"\ndummy = true\n";
    let errs = errors(extra);
    for name in ["d", "e"] {
        let l = line_of(extra, &format!("name = \"{name}\""));
        assert!(
            errs.iter()
                .any(|e| e.starts_with(&format!("tiny.toml:{l}:"))
                    && e.contains(&format!("`{name}` is a dummy centre"))),
            "{errs:?}"
        );
    }
}

#[test]
fn one_way_edges_need_a_one_way_border() {
    // c -> s is impossible (inland); use a one-way army edge c -> a only.
    let text = BASE.replace("army = [\"a\", \"b\"]", "army = [\"b\"]");
    let text = format!(
        "{text}\n[[border]]\nfrom = \"a\"\nto = \"c\"\none_way = true\nunits = [\"army\"]\n"
    );
    let map = Map::from_toml_str(&text, "tiny.toml").unwrap();
    let p = |n| map.province_by_name(n).unwrap();
    assert!(map.army_adjacent(p("a"), p("c")));
    assert!(!map.army_adjacent(p("c"), p("a")));
    let without = BASE.replace("army = [\"a\", \"b\"]", "army = [\"b\"]");
    let err = Map::from_toml_str(&without, "tiny.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("one-sided army edge: `a` lists `c`"), "{err}");
}

#[test]
fn province_features() {
    let text = BASE
        .replace(
            "name = \"b\"\n",
            "name = \"b\"\nconvoyable = true\nnot_centre_for = [\"Red\"]\n",
        )
        .replace("name = \"s\"\n", "name = \"s\"\nclosed = [\"fall\"]\n");
    let map = Map::from_toml_str(&text, "tiny.toml").unwrap();
    let p = |n| map.province_by_name(n).unwrap();
    assert!(map.can_convoy_through(p("b")));
    assert!(!map.can_convoy_through(p("a")));
    assert!(map.province_closed(p("s"), Season::FALL));
    assert!(!map.centre_counts_for(p("b"), diplo_map::PowerId(0)));
    assert!(map.centre_counts_for(p("a"), diplo_map::PowerId(0)));
}

#[test]
fn province_feature_errors_are_located() {
    let text = BASE
        .replace("name = \"c\"\n", "name = \"c\"\nconvoyable = true\n")
        .replace(
            "name = \"s\"\n",
            "name = \"s\"\nclosed = [\"winter\"]\nnot_centre_for = [\"Blue\"]\n",
        );
    let err = Map::from_toml_str(&text, "tiny.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("`c` is convoyable but not a coastal province"),
        "{err}"
    );
    assert!(err.contains("unknown season `winter`"), "{err}");
    assert!(err.contains("unknown power `Blue`"), "{err}");
    assert!(
        err.contains("`s` has `not_centre_for` but is not a supply centre"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 4, "{err}");
}

#[test]
fn build_rules_and_sites() {
    let map = load("").unwrap();
    assert_eq!(map.build, BuildRule::HomeCentres);
    let text = BASE
        .replace(
            "victory_centres = 2\n",
            "victory_centres = 2\nbuild = \"build-sites\"\n",
        )
        .replace(
            "units = [\"A a\"]",
            "units = [\"A a\"]\nbuild_sites = [\"a\", \"b\"]\nno_build = [\"b\"]",
        );
    let map = Map::from_toml_str(&text, "tiny.toml").unwrap();
    assert_eq!(map.build, BuildRule::BuildSites);
    assert_eq!(map.powers()[0].build_sites.len(), 2);
    assert_eq!(map.powers()[0].no_build.len(), 1);
    let bad = BASE
        .replace(
            "victory_centres = 2\n",
            "victory_centres = 2\nbuild = \"anywhere\"\n",
        )
        .replace(
            "units = [\"A a\"]",
            "units = [\"A a\"]\nbuild_sites = [\"c\"]",
        );
    let err = Map::from_toml_str(&bad, "tiny.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("tiny.toml:6:9: unknown build rule `anywhere`"),
        "{err}"
    );
    assert!(err.contains("`c` is not a supply centre"), "{err}");
}

#[test]
fn railroads_and_canals() {
    let map = load(
        "\n[[railroad]]\nname = \"RR\"\nprovinces = [\"a\", \"c\", \"b\"]\npowers = [\"Red\"]\n\n[[canal]]\nprovince = \"c\"\nseas = [\"s\", \"s\"]\n",
    )
    .unwrap();
    assert_eq!(map.railroads()[0].provinces.len(), 3);
    assert_eq!(map.railroad_by_name("rr"), Some(0));
    assert_eq!(map.canals().len(), 1);
    let extra = "\n[[railroad]]\nname = \"RR\"\nprovinces = [\"a\", \"s\"]\n\n[[canal]]\nprovince = \"c\"\nseas = [\"s\"]\n";
    let errs = errors(extra);
    assert!(
        errs.iter()
            .any(|e| e.contains("railroad `RR`: `s` is not next to `a`")),
        "{errs:?}"
    );
    assert!(
        errs.iter()
            .any(|e| e.contains("a canal joins exactly two `seas`")),
        "{errs:?}"
    );
}

#[test]
fn extends_changes_and_adds_and_locates_errors_in_each_file() {
    let dir = std::env::temp_dir().join(format!("diplo-extends-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("tiny.toml"), BASE).unwrap();
    let child = "name = \"tiny2\"\nextends = \"tiny\"\n\n[[province]]\nname = \"b\"\nconvoyable = true\n\n[[border]]\nbetween = [\"a\", \"b\"]\ndifficult = true\n";
    std::fs::write(dir.join("tiny2.toml"), child).unwrap();
    let map = Map::from_path(&dir.join("tiny2.toml")).unwrap();
    assert_eq!(map.name, "tiny2");
    assert_eq!(map.provinces().len(), 4);
    let b = map.province_by_name("Beta").unwrap();
    assert!(map.can_convoy_through(b));
    assert_eq!(map.province(b).full_name, "Beta", "kept from the base");
    // An error in the child is located in the child; one in the base, in the base.
    let bad_child =
        "name = \"tiny3\"\nextends = \"tiny\"\n\n[[province]]\nname = \"b\"\nterrain = \"lava\"\n";
    std::fs::write(dir.join("tiny3.toml"), bad_child).unwrap();
    let err = Map::from_path(&dir.join("tiny3.toml"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("tiny3.toml:6:11: unknown terrain `lava`"),
        "{err}"
    );
    std::fs::write(
        dir.join("tiny.toml"),
        BASE.replace("terrain = \"inland\"", "terrain = \"swamp\""),
    )
    .unwrap();
    let err = Map::from_path(&dir.join("tiny2.toml"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("tiny.toml:") && err.contains("unknown terrain `swamp`"),
        "{err}"
    );
    // Unknown bases and loops are reported at the `extends` key.
    std::fs::write(
        dir.join("loop.toml"),
        "name = \"loop\"\nextends = \"loop\"\n",
    )
    .unwrap();
    let err = Map::from_path(&dir.join("loop.toml"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("loop.toml:2:11") && err.contains("loop"),
        "{err}"
    );
    std::fs::write(
        dir.join("orphan.toml"),
        "name = \"o\"\nextends = \"nowhere\"\n",
    )
    .unwrap();
    let err = Map::from_path(&dir.join("orphan.toml"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("orphan.toml:2:11") && err.contains("no embedded map of that name"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn builds_in_any_home_centre_and_a_lead_that_shrinks() {
    let text = BASE.replace(
        "victory_centres = 2\n",
        "build = \"any-home-centres\"\n[victory]\ncentres = 2\nlead_wins = 4\nlead_shrinks_by = 2\n",
    );
    let map = Map::from_toml_str(&text, "tiny.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(map.build, BuildRule::AnyHomeCentres);
    assert_eq!((map.victory.lead_wins, map.victory.lead_shrinks_by), (4, 2));
    assert_eq!(map.winning_lead(1901), Some(4));
    assert_eq!(map.winning_lead(1902), Some(2));
    assert_eq!(map.winning_lead(1903), Some(1), "never below 1");
    let rules = map.special_rules();
    assert!(
        rules.contains(&"victory: or a lead of 4 over the next power, 2 less each year".into()),
        "{rules:?}"
    );
    let bad = BASE.replace(
        "victory_centres = 2\n",
        "[victory]\ncentres = 2\nlead_shrinks_by = 1\n",
    );
    let err = Map::from_toml_str(&bad, "tiny.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("tiny.toml:7:19: `lead_shrinks_by = 1` without a lead to shrink"),
        "{err}"
    );
}

#[test]
fn extends_an_embedded_map() {
    let text = "name = \"std-convoy\"\nextends = \"standard\"\n\n[[province]]\nname = \"den\"\nconvoyable = true\n";
    let map = Map::from_toml_str(text, "std-convoy.toml").unwrap();
    assert_eq!(map.provinces().len(), Map::standard().provinces().len());
    assert!(map.can_convoy_through(map.province_by_name("Denmark").unwrap()));
    assert!(!map.can_convoy_through(map.province_by_name("Sweden").unwrap()));
}

#[test]
fn calendar_victory_and_neutral_powers() {
    let text = BASE.replace("victory_centres = 2\n", "")
        + "\n[victory]\ncentres = 2\nmore_than_any = true\nlead = 1\nlast_year = 1920\n\n[calendar]\nfirst_phase = \"adjustment\"\nadjustment_every = 2\n\n[[power]]\nname = \"Neutral\"\nadjective = \"Neutral\"\nabbreviation = \"NEU\"\nneutral = true\nrebuild = true\nunits = [\"A b\"]\ncentres = [\"b\"]\n";
    let map = Map::from_toml_str(&text, "tiny.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(map.victory_centres, 2);
    assert!(map.victory.more_than_any);
    assert_eq!(map.victory.lead, 1);
    assert_eq!(map.victory.last_year, Some(1920));
    assert_eq!(map.calendar.first_phase, diplo_map::FirstPhase::Adjustment);
    assert!(!map.calendar.adjusts_in(1901, 1901));
    assert!(map.calendar.adjusts_in(1901, 1902));
    let neutral = &map.powers()[1];
    assert!(neutral.neutral && neutral.rebuild);
}

#[test]
fn calendar_victory_and_neutral_errors_are_located() {
    let text = BASE.to_string()
        + "\n[victory]\ncentres = 3\n\n[calendar]\nfirst_phase = \"winter\"\nadjustment_every = 0\nyear_step = 0\n\n[[power]]\nname = \"Grey\"\nadjective = \"Grey\"\nabbreviation = \"GRY\"\nrebuild = true\n";
    let err = Map::from_toml_str(&text, "tiny.toml")
        .unwrap_err()
        .to_string();
    let line = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    assert!(
        err.contains(&format!("tiny.toml:{}:", line("centres = 3")))
            && err.contains("contradicts `victory_centres = 2`"),
        "{err}"
    );
    assert!(
        err.contains(&format!("tiny.toml:{}:", line("first_phase")))
            && err.contains("unknown first phase `winter`"),
        "{err}"
    );
    assert!(
        err.contains("`adjustment_every` must be at least 1"),
        "{err}"
    );
    assert!(err.contains("`year_step` must be at least 1"), "{err}");
    assert!(
        err.contains("power `Grey` has `rebuild` but is not `neutral`"),
        "{err}"
    );
    let missing = BASE.replace("victory_centres = 2\n", "");
    let err = Map::from_toml_str(&missing, "tiny.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("tiny.toml: missing key `victory_centres`"),
        "{err}"
    );
}

#[test]
fn hostile_locations_and_years_are_refused_not_panicked_on() {
    let map = Map::standard();
    for bad in [
        "A )(", ")(", "spa)(nc", "spa(nc", "(", ")", "spa()", "/", "spa/",
    ] {
        let _ = map.parse_location(bad);
    }
    assert!(map.parse_location(")(").is_none());
    let text = BASE.replace("first_year = 1901", "first_year = 65535");
    let err = Map::from_toml_str(&text, "tiny.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("tiny.toml:3:14: `first_year = 65535` is too late"),
        "{err}"
    );
}

#[test]
fn unit_conversion_is_read_and_checked() {
    let map = load("").unwrap();
    assert_eq!(map.conversion, diplo_map::Conversion::None);
    let text = BASE.replace(
        "victory_centres = 2\n",
        "victory_centres = 2\nunit_conversion = \"owned-centres\"\n",
    );
    let map = Map::from_toml_str(&text, "tiny.toml").unwrap();
    assert_eq!(map.conversion, diplo_map::Conversion::OwnedCentres);
    assert!(map.special_rules().iter().any(|r| r.contains("convert")));
    let bad = BASE.replace(
        "victory_centres = 2\n",
        "victory_centres = 2\nunit_conversion = \"always\"\n",
    );
    let err = Map::from_toml_str(&bad, "tiny.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("tiny.toml:6:19: unknown unit conversion `always`"),
        "{err}"
    );
}

/// Three seasons; centres change owner after Summer and Fall, each followed by its adjustments.
const SEASONS: &str = r#"
[[calendar.season]]
name = "Spring"
[[calendar.season]]
name = "Summer"
captures = true
adjustment = "Midsummer"
[[calendar.season]]
name = "Fall"
aliases = ["Autumn"]
captures = true
adjustment = "Winter"
"#;

#[test]
fn a_calendar_names_its_seasons_and_what_follows_them() {
    let map = load(&format!(
        "{SEASONS}\n[[border]]\nbetween = [\"a\", \"s\"]\nclosed = [\"summer\"]\n"
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    let cal = &map.calendar;
    let names: Vec<&str> = cal.seasons.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Spring", "Summer", "Fall"]);
    let summer = Season(1);
    assert_eq!(cal.season_by_name("SUMMER"), Some(summer));
    assert_eq!(cal.season_by_name("autumn"), Some(Season(2)));
    assert_eq!(cal.adjustment_by_name("midsummer"), Some(summer));
    assert_eq!(cal.next(1901, summer), (1901, Season(2)));
    assert_eq!(cal.next(1901, Season(2)), (1902, Season(0)));
    assert!(!cal.spec(Season(0)).captures && cal.spec(summer).captures);
    assert_eq!(cal.first_adjustment(), summer);
    let (a, s) = (
        map.province_by_name("a").unwrap(),
        map.province_by_name("s").unwrap(),
    );
    assert!(map.is_closed(UnitKind::Fleet, a, s, summer));
    assert!(!map.is_closed(UnitKind::Fleet, a, s, Season(0)));
    assert!(map
        .special_rules()
        .iter()
        .any(|r| r == "calendar: Spring, Summer, Fall"));
}

#[test]
fn without_captures_or_adjustment_the_last_season_has_both() {
    let text = BASE.replace("\"spring\"", "\"early\"")
        + "\n[[calendar.season]]\nname = \"Early\"\n[[calendar.season]]\nname = \"Late\"\n";
    let map = Map::from_toml_str(&text, "tiny.toml").unwrap_or_else(|e| panic!("{e}"));
    let cal = &map.calendar;
    assert!(!cal.spec(Season(0)).captures && cal.spec(Season(0)).adjustment.is_none());
    assert!(cal.spec(Season(1)).captures);
    assert_eq!(cal.spec(Season(1)).adjustment.as_deref(), Some("Winter"));
    // The standard calendar stays Spring and Fall.
    let standard = Map::standard();
    assert_eq!(standard.calendar, diplo_map::Calendar::default());
    assert_eq!(standard.season_name(Season::FALL), "Fall");
}

#[test]
fn calendar_season_errors_are_located() {
    let extra = "\n[[calendar.season]]\nname = \"Early Spring\"\ncaptures = false\n[[calendar.season]]\nname = \"Late\"\naliases = [\"early spring\", \"Late2\"]\ncaptures = false\n";
    let text = BASE.to_string() + extra;
    let err = Map::from_toml_str(&text, "tiny.toml")
        .unwrap_err()
        .to_string();
    let line = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    assert!(
        err.contains(&format!("tiny.toml:{}:", line("name = \"Early Spring\"")))
            && err.contains("season name `Early Spring` must be one word without digits"),
        "{err}"
    );
    assert!(
        err.contains("season name `early spring` is used twice"),
        "{err}"
    );
    assert!(
        err.contains("season name `Late2` must be one word"),
        "{err}"
    );
    assert!(err.contains("no season has `captures = true`"), "{err}");
    assert!(
        err.contains(&format!("tiny.toml:{}:", line("first_season")))
            && err.contains("unknown season `spring`: expected \"Early Spring\" or \"Late\""),
        "{err}"
    );
    let ice = errors(&format!(
        "{SEASONS}\n[[border]]\nbetween = [\"a\", \"s\"]\nclosed = [\"winter\"]\n"
    ));
    assert!(
        ice.iter()
            .any(|e| e
                .contains("unknown season `winter`: expected \"Spring\", \"Summer\" or \"Fall\"")),
        "{ice:?}"
    );
}

#[test]
fn a_child_map_keeps_its_calendar_victory_and_conversion() {
    let dir = std::env::temp_dir().join(format!("diplo-cal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("tiny.toml"), BASE).unwrap();
    let child = format!(
        "name = \"child\"\nextends = \"tiny\"\nunit_conversion = \"owned-centres\"\n[victory]\nlead = 1\n{SEASONS}"
    );
    std::fs::write(dir.join("child.toml"), &child).unwrap();
    let map = Map::from_path(&dir.join("child.toml")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(map.calendar.seasons.len(), 3);
    assert_eq!(map.victory.lead, 1);
    assert_eq!(map.victory.centres, 2, "the base's victory_centres stays");
    assert_eq!(map.conversion, diplo_map::Conversion::OwnedCentres);
}

/// A drawing with thousands of seeds is valid, and `Map::warnings` says pictures will be slow,
/// naming the province with most; the shipped standard map has no warning.
#[test]
fn many_seeds_are_a_warning() {
    let standard = Map::embedded("standard").expect("embedded").expect("loads");
    assert_eq!(standard.warnings(), Vec::<String>::new());
    let text = diplo_map::EMBEDDED_MAPS
        .iter()
        .find(|(n, _)| *n == "standard")
        .expect("standard")
        .1;
    let old = "seeds = [[22.0, 47.0], [18.6, 46.1]]";
    assert!(text.contains(old));
    let seeds: Vec<String> = (0..6_000)
        .map(|i| {
            format!(
                "[{}, {}]",
                18.0 + (i % 80) as f64 * 0.05,
                45.6 + (i / 80) as f64 * 0.03
            )
        })
        .collect();
    let big = text.replacen(old, &format!("seeds = [{}]", seeds.join(", ")), 1);
    let map = Map::from_toml_str(&big, "big.toml").unwrap_or_else(|e| panic!("{e}"));
    let w = map.warnings();
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].starts_with("the drawing has 6168 seeds (`bud` alone 6000)"),
        "{}",
        w[0]
    );
}

#[test]
fn centre_order_orders_the_home_centres_and_is_checked() {
    // `b` made a second home of Red: listed first, it comes first.
    let two_homes = BASE.replace(
        "name = \"b\"\nfull_name = \"Beta\"\nterrain = \"coast\"\nsupply_centre = true\n",
        "name = \"b\"\nfull_name = \"Beta\"\nterrain = \"coast\"\nsupply_centre = true\nhome = \"Red\"\n",
    );
    let ordered = two_homes.replace(
        "victory_centres = 2\n",
        "victory_centres = 2\ncentre_order = [\"b\", \"a\"]\n",
    );
    let map = Map::from_toml_str(&ordered, "tiny.toml").unwrap();
    let names = |ids: &[diplo_map::ProvinceId]| -> Vec<String> {
        ids.iter().map(|&p| map.province(p).name.clone()).collect()
    };
    let red = map.power_ids().next().unwrap();
    assert_eq!(names(map.home_centres(red)), ["b", "a"]);
    assert_eq!(names(map.centre_order()), ["b", "a"]);
    assert_eq!(map.summary().centre_order, ["b", "a"]);
    // Without it: province order.
    let plain = Map::from_toml_str(&two_homes, "tiny.toml").unwrap();
    let red = plain.power_ids().next().unwrap();
    let first = plain.home_centres(red)[0];
    assert_eq!(plain.province(first).name, "a");
    // A centre twice, one left out, a province that is no centre: each reported.
    for (list, expected) in [
        ("[\"a\", \"a\"]", "`a` is listed twice in `centre_order`"),
        ("[\"a\"]", "`centre_order` leaves out b"),
        ("[\"a\", \"b\", \"c\"]", "`c` is not a supply centre"),
    ] {
        let text = BASE.replace(
            "victory_centres = 2\n",
            &format!("victory_centres = 2\ncentre_order = {list}\n"),
        );
        let err = Map::from_toml_str(&text, "tiny.toml")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(expected) && err.contains("tiny.toml:"),
            "{list}: {err}"
        );
    }
}
