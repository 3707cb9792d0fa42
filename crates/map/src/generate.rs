//! Generated maps, for tests and benchmarks of very large positions.

use crate::Map;

/// A map of `n` inland provinces `p0` ... `p{n-1}` (full names `P0` ...), each bordering the
/// next, closed into a ring when `ring`; two powers, `Red` and `Blue`, with no units. Any `n`:
/// the limits on maps read from files (`limits`) do not apply.
pub fn line(n: usize, ring: bool) -> Map {
    let mut t = String::from(
        "name = \"line\"\nfirst_year = 1901\nfirst_season = \"spring\"\nvictory_centres = 1\n",
    );
    t.push_str("[[power]]\nname = \"Red\"\nadjective = \"Red\"\nabbreviation = \"RED\"\n");
    t.push_str("[[power]]\nname = \"Blue\"\nadjective = \"Blue\"\nabbreviation = \"BLU\"\n");
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
    // Generated for tests of scale: not bound by the limits on maps read from files.
    let unlimited = crate::limits::Limits {
        provinces: usize::MAX,
        neighbours: usize::MAX,
        ..crate::limits::Limits::DEFAULT
    };
    Map::from_toml_str_with_limits(&t, "generated", &unlimited)
        .expect("a generated line map is valid")
}
