//! Every file diplo writes: written atomically (a failed or killed write leaves the old file),
//! never over an existing `--out` file without `--force`, with the old file's mode and owner,
//! never through a link planted where an output file or a lock goes, and without leaving the
//! temporary files of a killed process behind.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::{diplo, ok, s, stderr, temp_dir};

/// `diplo ARGS` with a file size limit of 512 bytes (`ulimit -f 1`): the first write past it
/// kills the process (SIGXFSZ), as a full disk or a kill in the middle of a write would stop it.
fn diplo_cut_short(args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("ulimit -f 1 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_diplo"))
        .args(args)
        .output()
        .expect("run diplo")
}

use crate::support::MILA;

#[test]
fn render_out_over_a_file_needs_force_and_a_cut_write_leaves_the_old_picture() {
    let dir = temp_dir("files-render-out");
    let out = dir.join("map.svg");
    std::fs::write(&out, "old picture").unwrap();
    let o = diplo(&["render", "--out", s(&out)]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains(&format!(
            "{}: the file exists; a picture never overwrites one (use --force to replace it)",
            out.display()
        )),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old picture");
    let o = diplo_cut_short(&["render", "--out", s(&out), "--force"]);
    assert!(!o.status.success(), "the write should have been cut short");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old picture");
    ok(&["render", "--out", s(&out), "--force"]);
    assert!(std::fs::read_to_string(&out).unwrap().starts_with("<svg"));
}

#[test]
fn map_import_out_over_a_file_needs_force_and_a_cut_write_leaves_the_old_map() {
    let dir = temp_dir("files-import-out");
    let src = dir.join("tiny.map");
    std::fs::write(&src, MILA).unwrap();
    let out = dir.join("tiny.toml");
    std::fs::write(&out, "old map").unwrap();
    let args = ["map", "import", "--from", "mila", s(&src), "--out", s(&out)];
    let o = diplo(&args);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains(&format!(
            "{}: the file exists; an import never overwrites one (use --force to replace it)",
            out.display()
        )),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old map");
    let forced = [&args[..], &["--force"]].concat();
    let o = diplo_cut_short(&forced);
    assert!(!o.status.success(), "the write should have been cut short");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old map");
    ok(&forced);
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .contains("name = \"tiny\""));
}

/// A game with one phase played (Spring 1901, everybody holding).
fn game_with_one_phase(dir: &Path) -> PathBuf {
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    ok(&["game", "adjudicate", s(&file)]);
    file
}

#[test]
fn a_cut_history_render_leaves_the_old_pictures() {
    let dir = temp_dir("files-history-render");
    let file = game_with_one_phase(&dir);
    let pictures = dir.join("pictures");
    std::fs::create_dir_all(&pictures).unwrap();
    let picture = pictures.join("001-spring-1901-movement.svg");
    std::fs::write(&picture, "old picture").unwrap();
    let o = diplo_cut_short(&["game", "history", s(&file), "--render", s(&pictures)]);
    assert!(!o.status.success(), "the write should have been cut short");
    assert_eq!(std::fs::read_to_string(&picture).unwrap(), "old picture");
    ok(&["game", "history", s(&file), "--render", s(&pictures)]);
    assert!(std::fs::read_to_string(&picture)
        .unwrap()
        .starts_with("<svg"));
}

#[cfg(unix)]
#[test]
fn saving_a_game_keeps_its_mode_and_owner_and_a_read_only_game_is_refused() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = temp_dir("files-game-mode");
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    let chmod =
        |m: u32| std::fs::set_permissions(&file, std::fs::Permissions::from_mode(m)).unwrap();
    let mode = || std::fs::metadata(&file).unwrap().permissions().mode() & 0o7777;
    // Pending orders stay private.
    chmod(0o600);
    let orders = dir.join("france.txt");
    std::fs::write(&orders, "A par - bur\n").unwrap();
    ok(&["game", "orders", s(&file), "--power", "france", s(&orders)]);
    assert_eq!(mode(), 0o600);
    ok(&["game", "adjudicate", s(&file)]);
    assert_eq!(mode(), 0o600);
    // Another user's game stays theirs (when diplo may give a file away, as root may).
    if std::fs::metadata(&file).unwrap().uid() == 0 {
        std::os::unix::fs::chown(&file, Some(4242), Some(4243)).unwrap();
        ok(&["game", "adjudicate", s(&file)]);
        let m = std::fs::metadata(&file).unwrap();
        assert_eq!((m.uid(), m.gid()), (4242, 4243));
        assert_eq!(mode(), 0o600);
    }
    // A read-only game is never replaced.
    chmod(0o444);
    let before = std::fs::read_to_string(&file).unwrap();
    let o = diplo(&["game", "adjudicate", s(&file)]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains(
            "cannot write the game file (it is unchanged): the file is read-only (mode 444)"
        ),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    assert_eq!(mode(), 0o444);
}

#[cfg(unix)]
#[test]
fn history_render_never_follows_a_link_planted_in_the_directory() {
    let dir = temp_dir("files-history-link");
    let file = game_with_one_phase(&dir);
    let pictures = dir.join("pictures");
    std::fs::create_dir_all(&pictures).unwrap();
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "not a picture").unwrap();
    let planted = pictures.join("001-spring-1901-movement.svg");
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    let o = diplo(&["game", "history", s(&file), "--render", s(&pictures)]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("symbolic link"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "not a picture");
    // `render --out` and `map import --out` refuse a link too, even with --force.
    let o = diplo(&["render", "--out", s(&planted), "--force"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("symbolic link"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "not a picture");
}

#[cfg(unix)]
#[test]
fn a_game_lock_planted_as_a_link_is_refused_and_its_target_never_created() {
    let dir = temp_dir("files-lock-link");
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    let target = dir.join("created-through-the-link");
    let lock = dir.join(".g.toml.lock");
    std::fs::remove_file(&lock).unwrap();
    std::os::unix::fs::symlink(&target, &lock).unwrap();
    let before = std::fs::read_to_string(&file).unwrap();
    let o = diplo(&["game", "adjudicate", s(&file)]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("lock file is a symbolic link"),
        "{}",
        stderr(&o)
    );
    assert!(!target.exists(), "the lock's link target was created");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
}

/// The temporary files of `g.toml` in `dir`.
fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".g.toml.") && n.ends_with(".tmp"))
        .collect()
}

#[cfg(target_os = "linux")]
#[test]
fn a_killed_save_leaves_a_temporary_that_the_next_load_or_save_removes() {
    let dir = temp_dir("files-killed-save");
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    let before = std::fs::read_to_string(&file).unwrap();
    assert!(before.len() > 512, "the game must outgrow the size limit");
    // Killed in the middle of the save: the game is the old one, a temporary is left.
    let o = diplo_cut_short(&["game", "adjudicate", s(&file)]);
    assert!(!o.status.success(), "the save should have been cut short");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    assert_eq!(temporaries(&dir).len(), 1, "{:?}", temporaries(&dir));
    // Its process is gone: the next command that only reads the game removes it.
    ok(&["game", "show", s(&file)]);
    assert!(temporaries(&dir).is_empty(), "{:?}", temporaries(&dir));
    // And the next save.
    diplo_cut_short(&["game", "adjudicate", s(&file)]);
    assert_eq!(temporaries(&dir).len(), 1);
    ok(&["game", "adjudicate", s(&file)]);
    assert!(temporaries(&dir).is_empty(), "{:?}", temporaries(&dir));
}

/// Source text outside `#[cfg(test)]` modules.
fn non_test_source(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    match text.find("#[cfg(test)]") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn no_writer_writes_in_place() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for c in std::fs::read_dir(&crates).unwrap().flatten() {
        let src = c.path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    assert!(files.len() > 20, "{} source files", files.len());
    let offenders: Vec<String> = files
        .iter()
        .filter(|f| {
            let t = non_test_source(f);
            t.contains("fs::write(") || t.contains("File::create(")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        offenders.is_empty(),
        "write through diplo_game::write_atomically instead: {offenders:?}"
    );
}

/// Issue 34 item 11: a closed pipe ends the output, never a panic (`diplo map check bad.toml
/// 2>&1 | head -1` exited 101): both standard output and standard error closed before diplo
/// writes a long report.
#[test]
fn a_closed_pipe_ends_the_output_without_a_panic() {
    use std::process::{Command, Stdio};
    let dir = std::env::temp_dir().join(format!("diplo-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    let mut text = String::from("name = \"bad\"\n");
    for i in 0..2000 {
        text.push_str(&format!(
            "[[province]]\nname = \"p{i}\"\nterrain = \"nowhere\"\n"
        ));
    }
    std::fs::write(&bad, text).unwrap();
    for args in [
        vec!["map", "check", bad.to_str().unwrap()],
        vec!["map", "show", "standard"],
        vec!["rulesets", "issues"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_diplo"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        drop(child.stderr.take());
        let status = child.wait().unwrap();
        assert_ne!(status.code(), Some(101), "diplo {args:?} panicked");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
