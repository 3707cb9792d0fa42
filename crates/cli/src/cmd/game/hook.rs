//! `game adjudicate --on-phase CMD`: the notification hook. CMD runs through `sh -c` after the
//! game is saved, with the document of `diplo_game::notification::phase_notification` on its
//! standard input; its own output goes to diplo's standard error. A hook that cannot start,
//! exits non-zero or outruns its time (then it is killed, with every process it started) never
//! undoes the adjudication: diplo warns and exits with [`HOOK_FAILED`].

use std::io::Write;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The exit status of `game adjudicate` when the phase was adjudicated and saved but the
/// `--on-phase` hook failed.
pub const HOOK_FAILED: u8 = 4;

/// The default time a hook may take, in seconds.
pub const DEFAULT_TIMEOUT: u64 = 30;

/// Runs `cmd` through `sh -c` with `input` on its standard input, for at most `timeout`.
/// `Err`: why it failed, for the warning.
pub fn run(cmd: &str, input: &[u8], timeout: Duration) -> Result<(), String> {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(cmd)
        .stdin(Stdio::piped())
        .stdout(Stdio::from(std::io::stderr()))
        .stderr(Stdio::inherit());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // Its own process group, so that a timeout ends whatever it started.
        command.process_group(0);
    }
    let mut child = command
        .spawn()
        .map_err(|e| format!("cannot start `sh -c`: {e}"))?;
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_vec();
    // A hook that does not read its input must not block diplo: written by a thread, and a
    // closed pipe is no failure.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let status = wait(&mut child, timeout);
    let _ = writer.join();
    match status? {
        s if s.success() => Ok(()),
        s => match s.code() {
            Some(127) => Err("exit status 127: the command was not found".to_string()),
            Some(c) => Err(format!("exit status {c}")),
            None => Err(format!("ended by a signal ({s})")),
        },
    }
}

/// Waits for `child` at most `timeout`; past it, kills its process group.
fn wait(child: &mut Child, timeout: Duration) -> Result<std::process::ExitStatus, String> {
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Ok(status),
            Ok(None) if start.elapsed() >= timeout => {
                kill(child);
                let _ = child.wait();
                return Err(format!(
                    "still running after {} s: stopped",
                    timeout.as_secs()
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => return Err(format!("cannot wait for it: {e}")),
        }
    }
}

/// Kills `child` and the processes of its group (through kill(1): diplo has no unsafe code).
fn kill(child: &mut Child) {
    #[cfg(unix)]
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    let _ = child.kill();
}
