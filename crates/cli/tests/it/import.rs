//! `diplo map import`, through the built binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn diplo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(args)
        .output()
        .expect("run diplo")
}

fn dir() -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("map-import");
    std::fs::create_dir_all(&d).unwrap();
    d
}

const MILA: &str = "\
ENGLAND (ENGLISH:E) LON
F LON
FRANCE (FRENCH) BRE
A BRE
London = lon
Brest = bre
English Channel = eng channel
COAST LON ABUTS ENG BRE
COAST BRE ABUTS ENG LON
WATER ENG ABUTS LON BRE
RULE HOLD_WIN
";

#[test]
fn mila_to_a_file_with_findings_on_stderr() {
    let src = dir().join("tiny.map");
    std::fs::write(&src, MILA).unwrap();
    let out = dir().join("tiny.toml");
    let _ = std::fs::remove_file(&out);
    let o = diplo(&[
        "map",
        "import",
        "--from",
        "mila",
        src.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(o.stdout.is_empty());
    assert!(
        err.contains("warning: tiny.map:1: not expressed: one-letter abbreviation `E`"),
        "{err}"
    );
    assert!(
        err.contains("warning: tiny.map:11: not expressed: RULE HOLD_WIN"),
        "{err}"
    );
    assert!(
        err.contains("imported `tiny`: 2 not expressed, 0 ambiguous"),
        "{err}"
    );
    let toml = std::fs::read_to_string(&out).unwrap();
    assert!(toml.contains("RULE HOLD_WIN") && toml.contains("name = \"tiny\""));
    let check = diplo(&["map", "check", out.to_str().unwrap()]);
    assert!(check.status.success());
}

#[test]
fn jdip_without_a_variant_lists_them_and_errors_are_located() {
    let src = dir().join("variants.xml");
    std::fs::write(
        &src,
        "<VARIANTS>\n<VARIANT name=\"One\" version=\"1\"/>\n<VARIANT name=\"Two\" version=\"1\">\n<MAP adjacencyURI=\"missing.xml\"/>\n</VARIANT>\n</VARIANTS>\n",
    )
    .unwrap();
    let o = diplo(&["map", "import", "--from", "jdip", src.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        err.contains("name the variant with --variant") && err.contains("  One\n  Two\n"),
        "{err}"
    );
    let o = diplo(&[
        "map",
        "import",
        "--from",
        "jdip",
        src.to_str().unwrap(),
        "--variant",
        "two",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert_eq!(
        err,
        "error: variants.xml:4: cannot read the adjacency file `missing.xml`\n"
    );
}
