//! Runs every embedded DATC case under the DATC ruleset (a quick check without the CLI).
fn main() {
    let map = diplo_map::Map::standard();
    let rules = diplo_rules::Ruleset::datc();
    let reports = diplo_datc::run_all(&map, &rules);
    for r in reports
        .iter()
        .filter(|r| r.verdict() != diplo_datc::Verdict::Passed)
    {
        println!("{} {} [{:?}]", r.id, r.title, r.verdict());
        if let Some(e) = &r.error {
            println!("  error: {e}");
        }
        for m in &r.mismatches {
            println!(
                "  {}: expected {} / actual {}",
                m.what, m.expected, m.actual
            );
        }
    }
    let failed = reports.iter().filter(|r| r.is_failure()).count();
    let passed = reports
        .iter()
        .filter(|r| r.verdict() == diplo_datc::Verdict::Passed)
        .count();
    println!("{passed} passed, {failed} failed");
}
