//! `diplo map import`, through the built binary.

use std::path::{Path, PathBuf};

use crate::support::diplo;

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

/// A fresh directory for one test.
fn fresh(name: &str) -> PathBuf {
    let d = dir().join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `USE` of a file outside the source's folder is a located error and nothing of that file is
/// written anywhere; `--include-dir` (repeatable) adds folders to read from.
#[test]
fn mila_reads_used_files_only_inside_its_folder_or_an_include_dir() {
    let d = fresh("include-dir");
    let (src, lib, other) = (d.join("src"), d.join("lib"), d.join("other"));
    for f in [&src, &lib, &other] {
        std::fs::create_dir_all(f).unwrap();
    }
    std::fs::write(lib.join("secret.map"), "SECRET-LINE\n").unwrap();
    let main = src.join("main.map");
    let out = d.join("out.toml");
    let import = |extra: &[&str]| {
        let mut args = vec![
            "map",
            "import",
            "--from",
            "mila",
            main.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        diplo(&args)
    };
    let secret = lib.join("secret.map");
    std::fs::write(&main, format!("USE {}\n{MILA}", secret.display())).unwrap();
    let o = import(&["--include-dir", lib.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert_eq!(
        err,
        format!(
            "error: main.map:1: cannot read `{}`: an absolute path: only files inside the folder \
             of the file that names it (or a folder added to it) are read\n",
            secret.display()
        )
    );
    assert!(!out.exists());
    // By name, in the folders given, in order.
    std::fs::write(lib.join("base.map"), MILA).unwrap();
    std::fs::write(other.join("base.map"), "RULE FROM_OTHER\n").unwrap();
    std::fs::write(&main, "USE base\n").unwrap();
    let o = import(&[]);
    assert!(!o.status.success());
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "error: main.map:1: cannot read `base`\n"
    );
    let o = import(&[
        "--include-dir",
        lib.to_str().unwrap(),
        "--include-dir",
        other.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let toml = std::fs::read_to_string(&out).unwrap();
    assert!(
        toml.contains("lon") && !toml.contains("FROM_OTHER"),
        "{toml}"
    );
}

/// A saved game's `map` field is a built-in map's name, a user map's name or a file beside the
/// saved game: an absolute path or `..` out of its folder is refused at the field's line, and
/// nothing of that file is shown; `--map` (the user's choice) may name any file.
#[test]
fn game_import_reads_the_saved_games_map_only_beside_it() {
    let d = fresh("game-map");
    let (saved_dir, outside) = (d.join("saved"), d.join("outside"));
    std::fs::create_dir_all(&saved_dir).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    let secret = outside.join("secret.toml");
    std::fs::write(&secret, "SECRET-LINE = [\n").unwrap();
    let saved = saved_dir.join("saved.json");
    let game = d.join("game.toml");
    for (map, want) in [
        (secret.display().to_string(), "an absolute path"),
        (
            "../outside/secret.toml".to_string(),
            "`..` leads out of the folder",
        ),
        (
            "../outside/secret".to_string(),
            "`..` leads out of the folder",
        ),
    ] {
        std::fs::write(
            &saved,
            format!("{{\n  \"id\": \"x\",\n  \"map\": {map:?},\n  \"phases\": []\n}}\n"),
        )
        .unwrap();
        let o = diplo(&[
            "game",
            "import",
            saved.to_str().unwrap(),
            game.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success());
        assert!(
            err.contains(&format!(
                "{}:3: the saved game's map `{map}` cannot be used: {want}",
                saved.display()
            )),
            "{err}"
        );
        assert!(!err.contains("SECRET"), "{err}");
        assert!(!game.exists());
    }
}
