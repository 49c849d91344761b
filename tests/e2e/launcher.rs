//! Launches as the desktop's launcher makes them: `pastimes --game <id>` (a launcher action)
//! opens that game, and a second launch while Pastimes runs, from another network namespace as
//! in a Flatpak sandbox, switches the running window to its game; a launch that cannot reach the
//! running Pastimes (another runtime directory) does not become a second writer of its store.

use crate::harness::{shots_dir, App};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Whether this machine can start a process in a network namespace of its own (root, or user
/// namespaces allowed). Said when not, so that a skipped part is never a silent pass.
fn can_unshare_the_network() -> bool {
    let works = Command::new("unshare").args(["-n", "true"]).status().is_ok_and(|status| status.success());
    if !works {
        eprintln!("SKIPPED in part: `unshare -n` does not work here (not root, or no user namespaces); the second launch runs in this network namespace");
    }
    works
}

/// Runs a second Pastimes on `data` with the runtime directory `runtime`, in a network namespace
/// of its own where that works, and waits for it to exit.
async fn second_launch(data: &Path, runtime: &Path, args: &[&str]) -> Output {
    let binary = env!("CARGO_BIN_EXE_pastimes");
    let mut command = if can_unshare_the_network() {
        let mut command = Command::new("unshare");
        command.args(["-n", binary]);
        command
    } else {
        Command::new(binary)
    };
    let child = command
        .args(args)
        .env("PASTIMES_DATA_DIR", data)
        .env("XDG_RUNTIME_DIR", runtime)
        .env("NO_AT_BRIDGE", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("a second Pastimes starts");
    let started = Instant::now();
    let pid = child.id();
    let waiting = tokio::task::spawn_blocking(move || child.wait_with_output().expect("its output"));
    match tokio::time::timeout(Duration::from_secs(30), waiting).await {
        Ok(output) => output.expect("waited"),
        Err(_) => {
            // SAFETY: kill(2) on the child this test started; no memory effects.
            unsafe { libc::kill(pid as i32, libc::SIGKILL) };
            panic!("the second Pastimes did not exit within {:?}", started.elapsed());
        }
    }
}

/// Waits until the page shows the screen `wanted` (a game's id, or "home").
async fn screen(app: &App, wanted: &str) {
    let script = format!("return document.getElementById('screen').classList.contains('screen-{wanted}')");
    app.wait_for(&format!("the {wanted} screen"), &script).await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_launcher_action_opens_its_game_also_in_the_running_window() {
    let (data, runtime) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let runtime_dir = runtime.path().to_str().unwrap();
    let app = App::launch_with_args(data.path(), &["--game", "bubbles"], &[("XDG_RUNTIME_DIR", runtime_dir)]).await;
    screen(&app, "bubbles").await;
    app.wait_still(".bb-cell").await;
    app.screenshot("launcher-game-bubbles").await;
    let socket_dir = runtime.path().join("org.pastimes.Pastimes");
    assert!(
        std::fs::read_dir(&socket_dir).is_ok_and(|mut entries| entries.next().is_some()),
        "the instance's socket is in $XDG_RUNTIME_DIR/org.pastimes.Pastimes/"
    );

    let output = second_launch(data.path(), runtime.path(), &["--game", "gomoku"]).await;
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    screen(&app, "gomoku").await;
    app.wait_still("#gm-board").await;
    app.screenshot("launcher-second-launch-gomoku").await;
    assert_eq!(app.pids().len(), 1, "one Pastimes on the data folder");
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_launch_that_cannot_reach_the_running_pastimes_leaves_its_store_alone() {
    let (data, runtime, elsewhere) =
        (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let runtime_dir = runtime.path().to_str().unwrap();
    let app = App::launch_with_args(data.path(), &[], &[("XDG_RUNTIME_DIR", runtime_dir)]).await;
    let store = data.path().join("pastimes.sqlite3");
    let before = std::fs::metadata(&store).and_then(|meta| meta.modified()).expect("the first Pastimes's store");

    let output = second_launch(data.path(), elsewhere.path(), &["--game", "gomoku"]).await;
    assert_eq!(output.status.code(), Some(1));
    let said = String::from_utf8_lossy(&output.stderr);
    assert_eq!(said.lines().count(), 1, "one line: {said}");
    assert!(said.starts_with("pastimes: another Pastimes is using "), "{said}");
    assert_eq!(std::fs::metadata(&store).and_then(|meta| meta.modified()).unwrap(), before, "the store is untouched");
    assert_eq!(app.invoke("history_count", serde_json::json!({})).await.unwrap(), serde_json::json!(0));
    assert_eq!(app.pids().len(), 1);
    let _ = Command::new("import").args(["-window", "root"]).arg(shots_dir().join("launcher-refused.png")).status();
    app.quit().await;
}
