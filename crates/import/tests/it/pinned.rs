//! Each importer's whole output on one file with nearly every construct (and every kind of
//! finding), pinned byte for byte: the expected files were written by the importers before
//! their functions were split, so a change to what is written shows here first.

use diplo_import::{jdip, mila};

#[test]
fn jdip_many_is_written_as_pinned() {
    let adjacency = include_str!("pinned/many_adjacency.xml");
    let resolve = |uri: &str| {
        Ok((uri == "many_adjacency.xml").then(|| (uri.to_string(), adjacency.to_string())))
    };
    let i = jdip::import_str(
        include_str!("pinned/many_variants.xml"),
        "many_variants.xml",
        "Many",
        &resolve,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(i.toml, include_str!("pinned/many-jdip.toml"));
}

#[test]
fn mila_many_is_written_as_pinned() {
    let i = mila::import_str(include_str!("pinned/many.map"), "many.map", &|_| Ok(None))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(i.toml, include_str!("pinned/many-mila.toml"));
}
