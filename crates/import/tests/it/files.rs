//! What the importers open: only regular files within diplo's limits (a FIFO, a device or a
//! file over `DIPLO_MAX_FILE_BYTES` is refused before reading, not waited on or read whole).

use std::path::{Path, PathBuf};

use diplo_import::{jdip, mila};

/// A fresh directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("import-files")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temporary directory");
    dir
}

/// A FIFO at `path` (no writer ever opens it: reading it would wait for ever); `false` when
/// `mkfifo` is not there.
fn mkfifo(path: &Path) -> bool {
    std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|s| s.success())
}

/// A sparse file one byte over the default limit (64 MiB): made at once, no disk used.
fn oversized(path: &Path) {
    let f = std::fs::File::create(path).unwrap();
    f.set_len(diplo_map::limits::DEFAULT_MAX_FILE_BYTES + 1)
        .unwrap();
}

const VARIANTS: &str = "<VARIANTS>\n<VARIANT name=\"Tiny\" version=\"1\">\n<MAP adjacencyURI=\"adj.xml\"/>\n</VARIANT>\n</VARIANTS>\n";

#[test]
fn the_source_must_be_a_regular_file_within_the_limit() {
    let dir = temp_dir("source");
    let big = dir.join("big.map");
    oversized(&big);
    let e = mila::import_path(&big).unwrap_err().to_string();
    assert!(e.contains("more than the limit of"), "{e}");
    let e = jdip::import_path(&big, "Tiny").unwrap_err().to_string();
    assert!(e.contains("more than the limit of"), "{e}");
    if cfg!(target_os = "linux") {
        let e = mila::import_path(Path::new("/dev/zero"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("not a regular file"), "{e}");
        let e = jdip::variant_names(Path::new("/dev/zero"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("not a regular file"), "{e}");
    }
    let fifo = dir.join("fifo.map");
    if mkfifo(&fifo) {
        let e = mila::import_path(&fifo).unwrap_err().to_string();
        assert!(e.contains("not a regular file"), "{e}");
        let e = jdip::import_path(&fifo, "Tiny").unwrap_err().to_string();
        assert!(e.contains("not a regular file"), "{e}");
    }
}

#[test]
fn a_used_file_must_be_a_regular_file_within_the_limit() {
    let dir = temp_dir("used");
    oversized(&dir.join("big.map"));
    let main = dir.join("main.map");
    std::fs::write(&main, "# big\nUSE big\n").unwrap();
    let e = mila::import_path(&main).unwrap_err().to_string();
    assert!(
        e.starts_with("main.map:2: cannot read `big`: ") && e.contains("more than the limit of"),
        "{e}"
    );
    if mkfifo(&dir.join("fifo.map")) {
        std::fs::write(&main, "USE fifo\n").unwrap();
        let e = mila::import_path(&main).unwrap_err().to_string();
        assert!(
            e.starts_with("main.map:1: cannot read `fifo`: ") && e.contains("not a regular file"),
            "{e}"
        );
    }
}

#[test]
fn the_adjacency_file_must_be_a_regular_file_within_the_limit() {
    let dir = temp_dir("adjacency");
    let variants = dir.join("variants.xml");
    std::fs::write(&variants, VARIANTS).unwrap();
    oversized(&dir.join("adj.xml"));
    let e = jdip::import_path(&variants, "Tiny")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("variants.xml:3: cannot read the adjacency file `adj.xml`: ")
            && e.contains("more than the limit of"),
        "{e}"
    );
    std::fs::remove_file(dir.join("adj.xml")).unwrap();
    if mkfifo(&dir.join("adj.xml")) {
        let e = jdip::import_path(&variants, "Tiny")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("variants.xml:3: cannot read the adjacency file `adj.xml`: ")
                && e.contains("not a regular file"),
            "{e}"
        );
    }
}
