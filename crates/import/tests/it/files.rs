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

/// A folder with a file no import may read (`outside/secret.map`), and `src/`, the folder the
/// sources under test are written to: its `link.map` and `link.xml` lead to the secret.
fn outside_and_src(name: &str) -> (PathBuf, PathBuf) {
    let dir = temp_dir(name);
    let outside = dir.join("outside");
    let src = dir.join("src");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::create_dir_all(src.join("sub")).unwrap();
    std::fs::write(
        outside.join("secret.map"),
        "SECRET-LINE-ONE\nSECRET-LINE-TWO\n",
    )
    .unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(outside.join("secret.map"), src.join("link.map")).unwrap();
        std::os::unix::fs::symlink(outside.join("secret.map"), src.join("link.xml")).unwrap();
    }
    (outside, src)
}

const TINY_MILA: &str = "\
ENGLAND (ENGLISH) LON
F LON
FRANCE (FRENCH) BRE
A BRE
London = lon
Brest = bre
English Channel = eng channel
COAST LON ABUTS ENG BRE
COAST BRE ABUTS ENG LON
WATER ENG ABUTS LON BRE
";

/// `USE /etc/passwd`, `USE ../x`, `USE link-out`: refused at the line, naming the file as
/// written, never reading it (its lines are in no message); a `..` that stays inside the
/// folder, and a folder the user adds, are read.
#[test]
fn used_files_are_read_only_inside_the_folder() {
    let (outside, src) = outside_and_src("use-inside");
    let main = src.join("main.map");
    let secret = outside.join("secret.map");
    let mut cases = vec![
        (
            format!("USE {}", secret.display()),
            format!("cannot read `{}`: an absolute path", secret.display()),
        ),
        (
            "USE ../outside/secret".to_string(),
            "cannot read `../outside/secret`: `..` leads out of the folder".to_string(),
        ),
        (
            "USE sub/../../outside/secret.map".to_string(),
            "cannot read `sub/../../outside/secret.map`: `..` leads out of the folder".to_string(),
        ),
    ];
    if cfg!(unix) {
        cases.push((
            "USE link".to_string(),
            "cannot read `link`: a link that leads out of the folder".to_string(),
        ));
    }
    for (line, want) in cases {
        std::fs::write(&main, format!("# hostile\n{line}\n{TINY_MILA}")).unwrap();
        let e = mila::import_path(&main).unwrap_err().to_string();
        assert!(e.starts_with(&format!("main.map:2: {want}")), "{e}");
        assert!(!e.contains("SECRET"), "{e}");
        // A folder the user adds does not make a path out of the source's folder readable.
        let e = mila::import_path_with(&main, std::slice::from_ref(&outside))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with(&format!("main.map:2: {want}")), "{e}");
    }
    // Inside the folder, `..` and all, and in a folder the user adds.
    std::fs::write(src.join("sub/base.map"), TINY_MILA).unwrap();
    std::fs::write(&main, "USE sub/../sub/base\nVICTORY 2\n").unwrap();
    let i = mila::import_path(&main).unwrap();
    assert!(i.toml.contains("victory_centres = 2"), "{}", i.toml);
    std::fs::write(outside.join("shared.map"), TINY_MILA).unwrap();
    std::fs::write(&main, "USE shared\nVICTORY 2\n").unwrap();
    let e = mila::import_path(&main).unwrap_err().to_string();
    assert_eq!(e, "main.map:1: cannot read `shared`");
    let i = mila::import_path_with(&main, std::slice::from_ref(&outside)).unwrap();
    assert!(i.toml.contains("shared.map"), "{}", i.toml);
}

/// The adjacency file, likewise.
#[test]
fn the_adjacency_file_is_read_only_inside_the_folder() {
    let (outside, src) = outside_and_src("adjacency-inside");
    let variants = src.join("variants.xml");
    let secret = outside.join("secret.map");
    let mut cases = vec![
        (secret.display().to_string(), "an absolute path".to_string()),
        (
            "../outside/secret.map".to_string(),
            "`..` leads out of the folder".to_string(),
        ),
    ];
    if cfg!(unix) {
        cases.push((
            "link.xml".to_string(),
            "a link that leads out of the folder".to_string(),
        ));
    }
    for (uri, want) in cases {
        std::fs::write(&variants, VARIANTS.replace("adj.xml", &uri)).unwrap();
        let e = jdip::import_path(&variants, "Tiny")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with(&format!(
                "variants.xml:3: cannot read the adjacency file `{uri}`: {want}"
            )),
            "{e}"
        );
        assert!(!e.contains("SECRET"), "{e}");
    }
}
