//! The jDip importer, one format construct at a time, on small inline files.

use crate::common;

use common::{found, id, load};
use diplo_import::{jdip, FindingKind, Imported};
use diplo_map::{BuildRule, FirstPhase, Location, Season, Terrain, UnitKind};

const ADJACENCY: &str = r#"<?xml version="1.0"?>
<!DOCTYPE PROVINCES [
	<!ELEMENT PROVINCES (BORDER_DEFINITIONS?, PROVINCE+)>
]>
<PROVINCES>
	<BORDER_DEFINITIONS>
		<BORDER id="ice" description="frozen" season="fall" />
		<BORDER id="into_bel" from="par" description="" baseMoveModifier="-1" />
		<BORDER id="into_par" from="bel" description="" baseMoveModifier="-1" />
	</BORDER_DEFINITIONS>
	<PROVINCE shortname="lon" fullname="London">
		<ADJACENCY type="mv" refs="lon" />
		<ADJACENCY type="xc" refs="eng" />
	</PROVINCE>
	<PROVINCE shortname="eng" fullname="English Channel" borders="ice">
		<UNIQUENAME name="channel" />
		<ADJACENCY type="xc" refs="lon bre belgique spa-nc" />
	</PROVINCE>
	<PROVINCE shortname="bre" fullname="Brest" isConvoyableCoast="true">
		<ADJACENCY type="mv" refs="par bel" />
		<ADJACENCY type="xc" refs="eng bel" />
	</PROVINCE>
	<PROVINCE shortname="par" fullname="Paris" borders="into_par">
		<ADJACENCY type="mv" refs="bre bel spa" />
	</PROVINCE>
	<PROVINCE shortname="bel" fullname="Belgium" borders="into_bel">
		<UNIQUENAME name="belgique" />
		<ADJACENCY type="mv" refs="par bre" />
		<ADJACENCY type="xc" refs="eng bre" />
	</PROVINCE>
	<PROVINCE shortname="spa" fullname="Spain">
		<ADJACENCY type="mv" refs="par" />
		<ADJACENCY type="nc" refs="eng" />
		<ADJACENCY type="sc" refs="wes" />
	</PROVINCE>
	<PROVINCE shortname="wes" fullname="Western Mediterranean">
		<ADJACENCY type="xc" refs="spa/sc" />
	</PROVINCE>
	<PROVINCE shortname="swi" fullname="Switzerland">
		<ADJACENCY type="mv" refs="swi" />
	</PROVINCE>
</PROVINCES>
"#;

const VARIANT: &str = r#"	<VARIANT name="Tiny" version="1.0" aliases="tiny1, small">
		<DESCRIPTION>Four powers on a small board.</DESCRIPTION>
		<MAP adjacencyURI="tiny_adjacency.xml">
			<MAP_GRAPHIC ref="std" default="true" />
		</MAP>
		<RULEOPTIONS>
			<RULEOPTION name="OPTION_BUILDS" value="VALUE_BUILDS_ANY_OWNED" />
			<RULEOPTION name="OPTION_WINGS" value="VALUE_WINGS_ENABLED" />
		</RULEOPTIONS>
		<POWER name="England" active="true" adjective="English" altnames="Britain" />
		<POWER name="France" active="true" adjective="French" />
		<POWER name="Spain" active="false" adjective="Spanish" />
		<STARTINGTIME turn="Spring, 1901, Movement" />
		<VICTORYCONDITIONS>
			<WINNING_SUPPLY_CENTERS value="3" />
			<YEARS_WITHOUT_SC_CAPTURE value="7" />
			<GAME_LENGTH value="10" />
		</VICTORYCONDITIONS>
		<SUPPLYCENTER province="lon" homepower="britain" owner="britain"/>
		<SUPPLYCENTER province="par" homepower="france" owner="none"/>
		<SUPPLYCENTER province="bre" homepower="france" owner="france"/>
		<SUPPLYCENTER province="belgique" />
		<SUPPLYCENTER province="spa" homepower="spain" owner="spain"/>
		<INITIALSTATE province="lon" power="england" unit="fleet" />
		<INITIALSTATE province="bre" power="france" unit="army" />
		<INITIALSTATE province="spa" power="spain" unit="fleet" unitcoast="sc" />
		<INITIALSTATE province="par" power="france" unit="wing" />
	</VARIANT>
"#;

fn variants(body: &str) -> String {
    format!(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE VARIANTS [\n\t<!ELEMENT VARIANTS (DESCRIPTION, VARIANT+)>\n]>\n<VARIANTS>\n\t<DESCRIPTION>test</DESCRIPTION>\n{body}</VARIANTS>\n"
    )
}

fn import_with(body: &str, name: &str, adjacency: &str) -> Imported {
    let resolve = |uri: &str| {
        Ok((uri == "tiny_adjacency.xml").then(|| (uri.to_string(), adjacency.to_string())))
    };
    jdip::import_str(&variants(body), "variants.xml", name, &resolve)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn import(body: &str, name: &str) -> Imported {
    import_with(body, name, ADJACENCY)
}

#[test]
fn adjacency_terrain_coasts_and_names() {
    let i = import(VARIANT, "Tiny");
    let map = load(&i);
    assert_eq!(map.name, "tiny");
    assert_eq!(map.title, "Tiny");
    let t = |n: &str| map.province(id(&map, n)).terrain;
    assert_eq!(
        [t("lon"), t("eng"), t("par"), t("spa"), t("swi")],
        [
            Terrain::Coast,
            Terrain::Sea,
            Terrain::Inland,
            Terrain::Coast,
            Terrain::Impassable
        ]
    );
    // An island: London lists itself under `mv`.
    assert!(map.army_neighbours(id(&map, "lon")).is_empty());
    assert!(!found(&i, FindingKind::Note, "own neighbours").is_empty());
    assert!(!found(&i, FindingKind::Note, "`swi` borders nothing").is_empty());
    // Unique names are aliases, and references through them reach the province.
    assert_eq!(id(&map, "belgique"), id(&map, "bel"));
    assert_eq!(id(&map, "channel"), id(&map, "eng"));
    let (eng, spa) = (id(&map, "eng"), id(&map, "spa"));
    assert!(map.fleet_adjacent(Location::province(eng), Location::province(id(&map, "bel"))));
    // Per-coast adjacency, `spa-nc` and `spa/sc` references.
    assert_eq!(map.province(spa).coasts[0].name, "nc");
    assert_eq!(map.province(spa).coasts[1].full_name, "south coast");
    assert!(map.fleet_adjacent(Location::province(eng), Location::coast(spa, 0)));
    assert!(map.fleet_adjacent(Location::coast(spa, 1), Location::province(id(&map, "wes"))));
    assert!(map.province(id(&map, "bre")).convoyable);
}

#[test]
fn borders_become_difficult_and_closed() {
    let i = import(VARIANT, "Tiny");
    let map = load(&i);
    let (bel, par) = (id(&map, "bel"), id(&map, "par"));
    // Both directions are difficult: one `between` border, for armies (the only edge there).
    assert!(map.is_difficult(UnitKind::Army, par, bel));
    assert!(map.is_difficult(UnitKind::Army, bel, par));
    assert!(i
        .toml
        .contains("between = [\"bel\", \"par\"]\ndifficult = true\nunits = [\"army\"]"));
    // A seasonal border on a province, from anywhere: the province is closed then.
    assert_eq!(map.province(id(&map, "eng")).closed, vec![Season::FALL]);
    // One direction only: a border from/to.
    let one = ADJACENCY.replace(
        "<BORDER id=\"into_par\" from=\"bel\" description=\"\" baseMoveModifier=\"-1\" />",
        "<BORDER id=\"into_par\" from=\"bre\" description=\"\" season=\"spring\" unitTypes=\"army\" />",
    );
    let i = import_with(VARIANT, "Tiny", &one);
    let map = load(&i);
    assert!(!map.is_difficult(UnitKind::Army, bel, par));
    let bre = id(&map, "bre");
    let b = map.border(UnitKind::Army, bre, par).unwrap();
    assert_eq!(
        (b.closed.clone(), b.units),
        (vec![Season::SPRING], [true, false])
    );
    assert!(map.border(UnitKind::Army, par, bre).is_none());
}

#[test]
fn what_a_border_cannot_say_is_reported() {
    let odd = ADJACENCY.replace(
        "<BORDER id=\"into_par\" from=\"bel\" description=\"\" baseMoveModifier=\"-1\" />",
        "<BORDER id=\"into_par\" from=\"bel\" description=\"\" orderTypes=\"dip.order.Support\" />",
    )
    .replace("borders=\"into_bel\"", "borders=\"into_bel nowhere\"");
    let i = import_with(VARIANT, "Tiny", &odd);
    load(&i);
    let r = i.report();
    assert!(r.contains("tiny_adjacency.xml:9: not expressed: border `into_par` (on `par`, tiny_adjacency.xml:23): orderTypes"), "{r}");
    assert!(
        r.contains("tiny_adjacency.xml:26: not expressed: `bel` names border `nowhere`"),
        "{r}"
    );
}

#[test]
fn variant_powers_centres_units_and_rules() {
    let i = import(VARIANT, "small");
    let map = load(&i);
    assert_eq!(map.build, BuildRule::OwnedCentres);
    let england = map.power_by_name("England").unwrap();
    assert_eq!(
        map.home_centres(england),
        &[id(&map, "lon")],
        "`britain` is England"
    );
    assert_eq!(map.power(england).abbreviation, "ENG");
    let france = map.power_by_name("France").unwrap();
    assert_eq!(map.home_centres(france).len(), 2);
    assert_eq!(
        map.power(france).centres,
        vec![id(&map, "bre")],
        "Paris starts unowned"
    );
    let spain = map.power_by_name("Spain").unwrap();
    assert!(map.power(spain).neutral);
    assert_eq!(
        map.power(spain).units[0].location,
        Location::coast(id(&map, "spa"), 1)
    );
    assert_eq!(map.victory_centres, 3);
    assert_eq!(map.victory.last_year, Some(1910));
    assert_eq!((map.first_year, map.first_season), (1901, Season::SPRING));
    let gaps: Vec<String> = i.gaps().map(|f| f.to_string()).collect();
    let starts: Vec<&str> = gaps
        .iter()
        .map(|g| &g[..g.find(": ").unwrap() + 1])
        .collect();
    assert_eq!(
        starts,
        [
            "variants.xml:14:", // OPTION_WINGS
            "variants.xml:16:", // altnames
            "variants.xml:22:", // YEARS_WITHOUT_SC_CAPTURE
            "variants.xml:33:", // a wing
            "variants.xml:23:", // GAME_LENGTH, ambiguous
        ],
        "{gaps:#?}"
    );
    assert!(!found(&i, FindingKind::Default, "inactive power Spain").is_empty());
}

#[test]
fn starting_phase() {
    let fall = VARIANT
        .replace("Spring, 1901, Movement", "Fall, 1900, Adjustment")
        .replace("VALUE_BUILDS_ANY_OWNED", "VALUE_BUILDS_ANY_IF_HOME_OWNED");
    let map = load(&import(&fall, "Tiny"));
    assert_eq!(map.first_year, 1900);
    assert_eq!(map.calendar.first_phase, FirstPhase::Adjustment);
    assert_eq!(map.build, BuildRule::OwnedCentresIfHome);
    let retreat = VARIANT.replace("Spring, 1901, Movement", "Fall 1905 Retreat");
    let i = import(&retreat, "Tiny");
    let map = load(&i);
    assert_eq!((map.first_year, map.first_season), (1905, Season::FALL));
    assert_eq!(
        found(&i, FindingKind::NotExpressed, "starting time").len(),
        1
    );
}

#[test]
fn a_sea_typed_as_mv_is_read_as_xc() {
    let typo = ADJACENCY.replace(
        "<ADJACENCY type=\"xc\" refs=\"spa/sc\" />",
        "<ADJACENCY type=\"mv\" refs=\"spa/sc\" />",
    );
    let i = import_with(VARIANT, "Tiny", &typo);
    let map = load(&i);
    assert_eq!(map.province(id(&map, "wes")).terrain, Terrain::Sea);
    assert_eq!(found(&i, FindingKind::Ambiguous, "read as `xc`").len(), 1);
}

#[test]
fn variants_by_name_or_alias_and_errors() {
    let body = format!(
        "{VARIANT}{}",
        VARIANT
            .replace("name=\"Tiny\"", "name=\"Other\"")
            .replace("aliases=\"tiny1, small\"", "")
    );
    assert_eq!(import(&body, "OTHER").name, "other");
    assert_eq!(import(&body, "tiny1").name, "tiny");
    let resolve = |_: &str| Ok(None);
    let e = jdip::import_str(&variants(&body), "variants.xml", "nope", &resolve).unwrap_err();
    assert_eq!(
        e.to_string(),
        "variants.xml: no variant `nope`; this file has `Tiny`, `Other`"
    );
    let e = jdip::import_str(&variants(&body), "variants.xml", "Tiny", &resolve).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("variants.xml:9: cannot read the adjacency file"),
        "{e}"
    );
    let e = jdip::import_str("<VARIANTS>\n<a></b>", "variants.xml", "Tiny", &resolve).unwrap_err();
    assert!(e.to_string().starts_with("variants.xml:2: "), "{e}");
}

/// Entities are bounded before the parser expands them: one 1 MiB entity used 10,000 times
/// (10 GiB) or ten levels of ten references each is refused at the first declaration's line;
/// a small entity is expanded as before.
#[test]
fn entity_expansion_is_bounded() {
    let doc = |entities: &str, uses: &str| {
        format!(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE VARIANTS [\n{entities}]>\n<VARIANTS>\n\t<DESCRIPTION>{uses}</DESCRIPTION>\n{VARIANT}</VARIANTS>\n"
        )
    };
    let resolve = |uri: &str| {
        Ok((uri == "tiny_adjacency.xml").then(|| (uri.to_string(), ADJACENCY.to_string())))
    };
    let big = format!("<!ENTITY big \"{}\">\n", "x".repeat(1 << 20));
    let started = std::time::Instant::now();
    let e = jdip::import_str(
        &doc(&big, &"&big;".repeat(10_000)),
        "variants.xml",
        "Tiny",
        &resolve,
    )
    .unwrap_err();
    assert!(started.elapsed().as_secs() < 5);
    assert_eq!(
        e.to_string(),
        "variants.xml:3: the entities this document declares expand to more than the limit of \
         67108864 bytes (set DIPLO_MAX_FILE_BYTES to read larger files)"
    );
    let mut laughs = "<!ENTITY l0 \"lol\">\n".to_string();
    for i in 1..=8 {
        let refs = format!("&l{};", i - 1).repeat(10);
        laughs.push_str(&format!("<!ENTITY l{i} \"{refs}\">\n"));
    }
    let e = jdip::import_str(&doc(&laughs, "&l8;"), "variants.xml", "Tiny", &resolve).unwrap_err();
    assert!(
        e.to_string().contains("expand to more than the limit"),
        "{e}"
    );
    let i = jdip::import_str(
        &doc("<!ENTITY small \"a test\">\n", "&small; &small;"),
        "variants.xml",
        "Tiny",
        &resolve,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    load(&i);
}

/// A source with more provinces than diplo loads (`DIPLO_MAX_PROVINCES`, 2,000) is refused as
/// soon as they are counted, before the work that grows with them (issue 34 item 17: 300,000
/// provinces ran past 120 s before the limit applied).
#[test]
fn too_many_provinces_are_refused_before_reading_them() {
    let mut adjacency = String::from("<?xml version=\"1.0\"?>\n<PROVINCES>\n");
    for i in 0..30_000 {
        adjacency.push_str(&format!(
            "<PROVINCE shortname=\"p{i}\" fullname=\"P{i}\"><ADJACENCY type=\"mv\" refs=\"p{} p{}\" /></PROVINCE>\n",
            (i + 1) % 30_000,
            (i + 29_999) % 30_000
        ));
    }
    adjacency.push_str("</PROVINCES>\n");
    let resolve =
        |uri: &str| Ok((uri == "tiny_adjacency.xml").then(|| (uri.to_string(), adjacency.clone())));
    let e = jdip::import_str(&variants(VARIANT), "variants.xml", "Tiny", &resolve).unwrap_err();
    assert_eq!(
        e.to_string(),
        "tiny_adjacency.xml:1: 30000 provinces: more than the limit of 2000 provinces per map \
         (set DIPLO_MAX_PROVINCES to allow more); nothing was imported"
    );
}
