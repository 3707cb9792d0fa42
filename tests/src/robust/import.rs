//! Map imports from other engines' files: MILA `.map` files and jDip variants. Whatever the
//! files say, an import gives a map file diplo's own loader reads (or whose every problem it
//! places), with every finding placed in one of the input's files; or an error that names the
//! file and line. Never a panic, never a hang.

use diplo_import::{ImportError, Imported};

use super::{assert_map_error_located, assert_one_unit_per_province, text, FILE};

/// The name the second part of an import input is read under (a MILA file the first `USE`s,
/// a jDip adjacency file).
pub const SECOND_FILE: &str = "second.input";

/// Splits an input into its first file and, after a line `---`, the file it names.
fn two_files(text: &str) -> (&str, Option<&str>) {
    match text.split_once("\n---\n") {
        Some((a, b)) => (a, Some(b)),
        None => (text, None),
    }
}

/// A MILA map: the input is a `.map` file and, after a line `---`, the file any `USE` or `MAP`
/// names. An import, checked by [`check_imported`], or an error at a line of one of them.
pub fn check_mila(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let (main, used) = two_files(text);
    let resolve = |_: &str| Ok(used.map(|t| (SECOND_FILE.to_string(), t.to_string())));
    match diplo_import::mila::import_str(main, FILE, &resolve) {
        Ok(imported) => check_imported(&imported),
        Err(e) => assert_import_error_located(&e),
    }
}

/// A jDip variant: the input is a `variants.xml` and, after a line `---`, the adjacency file
/// its variant names. The variant imported is the first `<VARIANT name="...">` in the text.
pub fn check_jdip(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let (variants, adjacency) = two_files(text);
    let name = variants
        .split_once("<VARIANT name=\"")
        .and_then(|(_, rest)| rest.split_once('"'))
        .map_or("Standard", |(name, _)| name);
    let resolve = |_: &str| Ok(adjacency.map(|t| (SECOND_FILE.to_string(), t.to_string())));
    match diplo_import::jdip::import_str(variants, FILE, name, &resolve) {
        Ok(imported) => check_imported(&imported),
        Err(e) => assert_import_error_located(&e),
    }
}

/// An import's output: every finding placed in one of the input's files (at line 1 or later)
/// and saying something; the map file valid TOML, which loads as a map (with one unit per
/// province at the start) or gives diagnostics, each with a message.
pub fn check_imported(imported: &Imported) {
    for f in &imported.findings {
        if let Some(place) = &f.place {
            assert!(
                [FILE, SECOND_FILE].contains(&place.file.as_str()) && place.line >= 1,
                "a finding placed outside the input: {f}"
            );
        }
        assert!(!f.to_string().trim().is_empty(), "an empty finding");
    }
    if let Err(e) = imported.toml.parse::<toml::Table>() {
        panic!(
            "an import wrote a file that is not TOML: {e}\n{}",
            imported.toml
        );
    }
    match imported.validate() {
        Ok(map) => {
            let pos = diplo_engine::Position::initial(&map);
            assert_one_unit_per_province(&pos);
        }
        Err(e) => {
            assert!(!e.diagnostics.is_empty());
            let own = format!("{}.toml", imported.name);
            assert_map_error_located(&e.to_string(), &own);
        }
    }
}

/// An import error names one of the input's files (with the line when it has one) and says
/// what is wrong.
fn assert_import_error_located(e: &ImportError) {
    assert!(
        [FILE, SECOND_FILE].contains(&e.file.as_str()),
        "an import error naming another file: {e}"
    );
    if let Some(place) = &e.place {
        assert!(place.line >= 1, "an import error at line 0: {e}");
    }
    assert!(
        !e.message.trim().is_empty(),
        "an import error without a message"
    );
}

/// Seeds: the importers' pinned inputs (nearly every construct of each format) and a small
/// map that `USE`s another.
pub mod corpus {
    use super::super::corpus::read;

    /// MILA inputs.
    pub fn mila() -> Vec<Vec<u8>> {
        let mut used = b"LONDON (ENGLISH) lon\nA lon\nUSE second\n---\n".to_vec();
        used.extend(read("crates/import/tests/it/pinned/many.map"));
        vec![read("crates/import/tests/it/pinned/many.map"), used]
    }

    /// jDip inputs: `variants.xml`, `---`, the adjacency file.
    pub fn jdip() -> Vec<Vec<u8>> {
        let mut both = read("crates/import/tests/it/pinned/many_variants.xml");
        both.extend_from_slice(b"\n---\n");
        both.extend(read("crates/import/tests/it/pinned/many_adjacency.xml"));
        vec![both]
    }
}
