// Each test binary that includes this module uses a part of it.
#![allow(dead_code)]

//! Cases run in a child process under a memory cap, to check that a failed allocation is an
//! error and not an abort: the child's address space is capped with `prlimit` (util-linux),
//! which sets `RLIMIT_AS` for the program it starts.
//!
//! Where `prlimit` is missing the capped cases are skipped, and say so on standard error.

use std::process::Command;

/// The variable that tells a test binary started by [`in_capped_child`] which test it runs.
const CASE: &str = "SPRAGUE_MEMORY_CAP_CASE";

/// `command` with its address space capped at `bytes`, or `None` without `prlimit`.
pub fn capped(bytes: u64, command: &Command) -> Option<Command> {
    let found = Command::new("prlimit").arg("--version").output();
    if !found.is_ok_and(|o| o.status.success()) {
        eprintln!("prlimit is not installed: the case under a memory cap is skipped");
        return None;
    }
    let mut wrapped = Command::new("prlimit");
    wrapped
        .arg(format!("--as={bytes}"))
        .arg("--")
        .arg(command.get_program())
        .args(command.get_args());
    for (key, value) in command.get_envs() {
        match value {
            Some(value) => wrapped.env(key, value),
            None => wrapped.env_remove(key),
        };
    }
    Some(wrapped)
}

/// Whether the caller is the capped child that must run the case of test `name`.
///
/// In the test itself (the parent), runs this test binary again on test `name` alone, with
/// its address space capped at `bytes`, asserts that the child passed (no abort, no failed
/// assertion), and returns `false`. In the child, returns `true`: the caller then runs the
/// case, asserting that it ends in an error rather than an abort.
///
/// ```ignore
/// #[test]
/// fn huge_table_is_an_error() {
///     if memory_cap::in_capped_child("huge_table_is_an_error", 1 << 30) {
///         assert!(matches!(GridCutting::table(60_000, 60_000, 1), Err(Error::OutOfMemory { .. })));
///     }
/// }
/// ```
pub fn in_capped_child(name: &str, bytes: u64) -> bool {
    if std::env::var(CASE).is_ok_and(|case| case == name) {
        return true;
    }
    let exe = std::env::current_exe().expect("the test binary's path");
    let mut child = Command::new(exe);
    child
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(CASE, name);
    let Some(mut child) = capped(bytes, &child) else {
        return false;
    };
    let output = child.output().expect("the capped child runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{name} under a cap of {bytes} bytes: {}\n{stdout}\n{stderr}",
        output.status
    );
    // The child ran the case, rather than finding no test of that name.
    assert!(stdout.contains("1 passed"), "{name}: {stdout}");
    false
}
