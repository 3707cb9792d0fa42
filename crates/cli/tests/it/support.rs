//! What the CLI's test modules share: running the built binary and a fresh directory a test.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `diplo ARGS`, its output whatever its status.
pub fn diplo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(args)
        .output()
        .expect("run diplo")
}

/// `diplo ARGS`, which must succeed; its standard output.
pub fn ok(args: &[&str]) -> String {
    let o = diplo(args);
    assert!(
        o.status.success(),
        "diplo {args:?} failed:\n{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A run's standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The workspace root (`crates/cli/../..`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `diplo ARGS` run from the workspace root (so `maps/standard.toml` names the file), its output
/// whatever its status.
pub fn diplo_in_root(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run diplo")
}

/// A run's standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Writes `text` to a fresh file under the tests' temporary directory.
pub fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("write temporary file");
    path
}

/// A fresh directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temporary directory");
    dir
}

/// A path as the `&str` an argument list takes.
pub fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// A two-power MILA map file (England, France, the Channel), for the import and fault tests.
pub const MILA: &str = "\
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
";
