//! Fault injection on every kind of file diplo writes (issue 34, "And keep it so"): a game saved,
//! a picture (`render --out`, SVG and PNG), an imported map (`map import --out`), the pictures
//! of `game history --render`, and a hosted game's tokens (`serve tokens`). Each is killed at
//! moments spread over its run, cut by a file-size limit at several points of its write, made to
//! fail as on a full disk, and pointed at a read-only directory: every time the file is the old
//! one or a whole new one, never half-written or gone, no temporary file stays once the next
//! write is done, and a failure says which file and why. (`concurrent.rs` has the game
//! commands run at once.)

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Instant;

use crate::support::{ok, s, stderr, temp_dir};

/// A file diplo writes: how to set it up and run it, and how a whole file of its kind looks.
struct Writer {
    /// What is written, for messages.
    name: &'static str,
    /// Prepares `dir` and returns the file the command replaces (already there) and the
    /// command's arguments.
    setup: fn(&Path) -> (PathBuf, Vec<String>),
    /// Whether the bytes are a whole new file of this kind.
    whole: fn(&[u8]) -> bool,
}

/// Every kind of write.
const WRITERS: &[Writer] = &[
    Writer {
        name: "a game saved (game adjudicate)",
        setup: game_save,
        whole: is_game,
    },
    Writer {
        name: "render --out FILE.svg",
        setup: |dir| render_out(dir, "map.svg"),
        whole: is_svg,
    },
    Writer {
        name: "render --out FILE.png",
        setup: |dir| render_out(dir, "map.png"),
        whole: is_png,
    },
    Writer {
        name: "map import --out",
        setup: map_import_out,
        whole: is_map,
    },
    Writer {
        name: "game history --render DIR",
        setup: history_render,
        whole: is_svg,
    },
    Writer {
        name: "the tokens file (serve tokens --reissue)",
        setup: tokens_file,
        whole: is_tokens,
    },
];

/// What a placeholder output holds before the command replaces it.
const OLD: &[u8] = b"the old file\n";

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|a| a.to_string()).collect()
}

fn game_save(dir: &Path) -> (PathBuf, Vec<String>) {
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    (file.clone(), args(&["game", "adjudicate", s(&file)]))
}

fn render_out(dir: &Path, name: &str) -> (PathBuf, Vec<String>) {
    let out = dir.join(name);
    std::fs::write(&out, OLD).unwrap();
    let orders = dir.join("orders.txt");
    std::fs::write(
        &orders,
        "France:\nA par - bur\nF bre - mao\nGermany:\nA mun - bur\n",
    )
    .unwrap();
    let list = [
        "render",
        "--orders",
        s(&orders),
        "--out",
        s(&out),
        "--force",
    ];
    (out.clone(), args(&list))
}

use crate::support::MILA;

fn map_import_out(dir: &Path) -> (PathBuf, Vec<String>) {
    let src = dir.join("tiny.map");
    std::fs::write(&src, MILA).unwrap();
    let out = dir.join("tiny.toml");
    std::fs::write(&out, OLD).unwrap();
    let list = [
        "map",
        "import",
        "--from",
        "mila",
        s(&src),
        "--out",
        s(&out),
        "--force",
    ];
    (out.clone(), args(&list))
}

fn history_render(dir: &Path) -> (PathBuf, Vec<String>) {
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    ok(&["game", "adjudicate", s(&file)]);
    let pictures = dir.join("pictures");
    std::fs::create_dir_all(&pictures).unwrap();
    let out = pictures.join("001-spring-1901-movement.svg");
    std::fs::write(&out, OLD).unwrap();
    let list = ["game", "history", s(&file), "--render", s(&pictures)];
    (out, args(&list))
}

const ID: &str = "0123456789abcdef0123456789abcdef";

fn tokens_file(dir: &Path) -> (PathBuf, Vec<String>) {
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    ok(&["game", "new", s(&games.join(format!("{ID}.toml")))]);
    ok(&["serve", "tokens", "--games", s(&games), ID]);
    let out = games.join(format!("{ID}.tokens.toml"));
    (
        out,
        args(&["serve", "tokens", "--games", s(&games), ID, "--reissue"]),
    )
}

fn is_game(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok_and(|t| diplo_game::Game::from_toml_str(t, "g.toml").is_ok())
}

fn is_svg(bytes: &[u8]) -> bool {
    bytes.starts_with(b"<svg") && bytes.trim_ascii_end().ends_with(b"</svg>")
}

fn is_png(bytes: &[u8]) -> bool {
    // The signature first, the IEND chunk (with its CRC) last.
    bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.ends_with(b"IEND\xaeB`\x82")
}

fn is_map(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok_and(|t| diplo_map::Map::from_toml_str(t, "t.toml").is_ok())
}

fn is_tokens(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok_and(|t| {
        t.parse::<toml::Table>()
            .is_ok_and(|t| t.contains_key("gm") && t.contains_key("powers"))
    })
}

/// The temporary files left in `dir` and its subfolders (`.NAME.PID.N.tmp`).
fn temporaries(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(temporaries(&p));
        } else if p.file_name().is_some_and(|n| {
            let n = n.to_string_lossy();
            n.starts_with('.') && n.ends_with(".tmp")
        }) {
            out.push(p);
        }
    }
    out
}

/// Asserts that `out` is `old` or a whole new file of `w`'s kind, after `what`.
fn assert_old_or_new(w: &Writer, out: &Path, old: &[u8], what: &str) {
    let now = std::fs::read(out)
        .unwrap_or_else(|e| panic!("{}: {} lost after {what}: {e}", w.name, out.display()));
    assert!(
        now == old || (w.whole)(&now),
        "{}: {} is neither the old file nor a whole new one after {what} ({} bytes)",
        w.name,
        out.display(),
        now.len()
    );
}

/// One writer's fresh folder: the file it replaces, its old bytes and the arguments.
fn prepare(w: &Writer, test: &str, i: usize) -> (PathBuf, PathBuf, Vec<u8>, Vec<String>) {
    let dir = temp_dir(&format!("faults-{test}-{i}"));
    let (out, args) = (w.setup)(&dir);
    let old = std::fs::read(&out).unwrap();
    (dir, out, old, args)
}

fn diplo_command(args: &[String]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_diplo"));
    c.args(args).stdout(Stdio::null()).stderr(Stdio::null());
    c
}

/// Killed (SIGKILL) at moments spread over a normal run: the old file or the new one each
/// time, and the next whole run leaves no temporary file behind.
#[test]
fn a_kill_at_any_moment_leaves_the_old_file_or_the_new_one() {
    const KILLS: u32 = 8;
    for (i, w) in WRITERS.iter().enumerate() {
        let (dir, out, old, args) = prepare(w, "kill", i);
        let started = Instant::now();
        assert!(
            diplo_command(&args).status().unwrap().success(),
            "{}",
            w.name
        );
        let run = started.elapsed();
        assert!(
            (w.whole)(&std::fs::read(&out).unwrap()),
            "{}: the new file",
            w.name
        );
        for k in 0..KILLS {
            std::fs::write(&out, &old).unwrap();
            let mut child = diplo_command(&args).spawn().unwrap();
            std::thread::sleep(run * k / KILLS);
            let _ = child.kill();
            child.wait().unwrap();
            assert_old_or_new(w, &out, &old, &format!("a kill at {}/{KILLS} of a run", k));
        }
        ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(
            (w.whole)(&std::fs::read(&out).unwrap()),
            "{}: the new file",
            w.name
        );
        assert!(
            temporaries(&dir).is_empty(),
            "{}: temporaries left after the next whole run: {:?}",
            w.name,
            temporaries(&dir)
        );
    }
}

/// `diplo ARGS` under a file size limit of `blocks` × 512 bytes; `ignore` makes a write past it
/// fail with EFBIG, as on a full disk, instead of killing the process (SIGXFSZ).
fn diplo_limited(args: &[String], blocks: u32, ignore: bool) -> Output {
    let trap = if ignore { "trap '' XFSZ; " } else { "" };
    Command::new("sh")
        .arg("-c")
        .arg(format!("{trap}ulimit -f {blocks} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_diplo"))
        .args(args)
        .output()
        .expect("run diplo")
}

/// Killed by a file-size limit at several points of the write (SIGXFSZ, the first write past
/// the limit): the old file, always, when the new one does not fit.
#[test]
fn a_write_cut_at_any_point_leaves_the_old_file() {
    for (i, w) in WRITERS.iter().enumerate() {
        let (dir, out, old, args) = prepare(w, "cut", i);
        for blocks in [1, 2, 5, 40] {
            std::fs::write(&out, &old).unwrap();
            let o = diplo_limited(&args, blocks, false);
            let what = format!("a write cut at {} bytes", blocks * 512);
            assert_old_or_new(w, &out, &old, &what);
            let now = std::fs::read(&out).unwrap();
            if !o.status.success() {
                assert_eq!(now, old, "{}: {what} changed the file", w.name);
            }
            if blocks == 1 {
                assert!(!o.status.success(), "{}: not cut at 512 bytes", w.name);
            }
        }
        ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(
            temporaries(&dir).is_empty(),
            "{}: {:?}",
            w.name,
            temporaries(&dir)
        );
    }
}

/// A write that fails as on a full disk (EFBIG from the size limit, the signal ignored): the
/// command fails saying which file and why, the old file is left, and so is no temporary file.
#[test]
fn a_full_disk_leaves_the_old_file_and_says_so() {
    for (i, w) in WRITERS.iter().enumerate() {
        let (dir, out, old, args) = prepare(w, "full", i);
        let o = diplo_limited(&args, 1, true);
        let err = stderr(&o);
        assert!(o.status.code().is_some(), "{}: killed, not failed", w.name);
        assert!(
            !o.status.success(),
            "{}: a full disk went unnoticed",
            w.name
        );
        assert_ne!(o.status.code(), Some(101), "{}: a panic: {err}", w.name);
        let name = out.file_name().unwrap().to_string_lossy();
        assert!(
            err.contains(name.as_ref()) && err.to_lowercase().contains("too large"),
            "{}: the error names neither the file nor the reason: {err}",
            w.name
        );
        assert_eq!(std::fs::read(&out).unwrap(), old, "{}: changed", w.name);
        assert!(
            temporaries(&dir).is_empty(),
            "{}: {:?}",
            w.name,
            temporaries(&dir)
        );
    }
}

/// Whether this process is root's (whose writes no permission stops): a file it creates is
/// owned by uid 0.
#[cfg(unix)]
fn running_as_root(dir: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let probe = dir.join("owner-probe");
    std::fs::write(&probe, "").unwrap();
    let root = std::fs::metadata(&probe).unwrap().uid() == 0;
    std::fs::remove_file(&probe).unwrap();
    root
}

/// Makes `dir` (and the folders in it) read-only for the command: for a user, no write
/// permission; for root, whom permissions do not stop, the files are given to `nobody` (65534),
/// who then runs the command, and the folders stay root's. Returns the command to run.
#[cfg(unix)]
fn read_only(dir: &Path, args: &[String]) -> Command {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let root = running_as_root(dir);
    let mut folders = vec![dir.to_path_buf()];
    let mut i = 0;
    while i < folders.len() {
        for e in std::fs::read_dir(&folders[i]).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                folders.push(p);
            } else if root {
                std::os::unix::fs::chown(&p, Some(65534), Some(65534)).unwrap();
            }
        }
        i += 1;
    }
    for f in &folders {
        std::fs::set_permissions(f, std::fs::Permissions::from_mode(0o555)).unwrap();
    }
    let mut c = Command::new(env!("CARGO_BIN_EXE_diplo"));
    c.args(args);
    if root {
        c.uid(65534).gid(65534);
    }
    c
}

/// A read-only directory: the command fails saying which file and that it may not be written,
/// and the old file stays.
#[cfg(unix)]
#[test]
fn a_read_only_directory_leaves_the_old_file_and_says_so() {
    use std::os::unix::fs::PermissionsExt;
    for (i, w) in WRITERS.iter().enumerate() {
        let (dir, out, old, args) = prepare(w, "read-only", i);
        let o = read_only(&dir, &args).output().unwrap();
        let err = stderr(&o);
        assert!(
            !o.status.success(),
            "{}: wrote in a read-only folder",
            w.name
        );
        assert_ne!(o.status.code(), Some(101), "{}: a panic: {err}", w.name);
        let lower = err.to_lowercase();
        assert!(
            lower.contains("permission denied") || lower.contains("read-only"),
            "{}: the error does not say why: {err}",
            w.name
        );
        assert!(
            err.contains(&*dir.to_string_lossy()),
            "{}: no path: {err}",
            w.name
        );
        assert_eq!(std::fs::read(&out).unwrap(), old, "{}: changed", w.name);
        // Writable again, for the next run's clean-up.
        for f in [dir.clone(), out.parent().unwrap().to_path_buf()] {
            std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
    }
}

/// `game history --render DIR` on a full disk: the command fails naming the picture, and leaves
/// no folder and no picture behind when the folder was not there before.
#[test]
fn a_full_disk_leaves_no_half_made_pictures_folder() {
    let dir = temp_dir("faults-history-full-disk");
    let file = dir.join("g.toml");
    ok(&["game", "new", s(&file)]);
    ok(&["game", "adjudicate", s(&file)]);
    let pictures = dir.join("pictures");
    let list = ["game", "history", s(&file), "--render", s(&pictures)];
    let o = diplo_limited(&args(&list), 1, true);
    assert!(!o.status.success(), "a full disk went unnoticed");
    assert!(
        stderr(&o).contains("001-spring-1901-movement.svg"),
        "{}",
        stderr(&o)
    );
    assert!(!pictures.exists(), "a pictures folder was left behind");
    assert!(temporaries(&dir).is_empty(), "temporaries left");
}
