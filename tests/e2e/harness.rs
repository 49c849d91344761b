//! Starts the real Pastimes binary in its WebKitGTK webview through `tauri-driver` and
//! `WebKitWebDriver`, and drives it over WebDriver as a player would. Every process started here
//! is ended when the `App` is dropped, on failure too.

use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a condition may take to become true before the test fails. Generous: these
/// machines are shared; a passing test never waits this long.
const PATIENCE: Duration = Duration::from_secs(30);

pub struct App {
    pub client: Client,
    driver: Option<Child>,
    pub data_dir: PathBuf,
    /// The program started: the one cargo built, or an installed one.
    binary: PathBuf,
    /// `NAME=value` in the app's environment that tells its processes from any other's.
    marker: String,
}

/// Two distinct free ports (both held until both are known, so they cannot be the same).
fn free_ports() -> (u16, u16) {
    let first = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let second = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = |l: &TcpListener| l.local_addr().expect("its address").port();
    (port(&first), port(&second))
}

fn tauri_driver() -> PathBuf {
    let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_default();
    let installed = home.join(".cargo/bin/tauri-driver");
    if installed.exists() {
        installed
    } else {
        PathBuf::from("tauri-driver")
    }
}

/// Where screenshots of the tests go: target/e2e-shots/.
pub fn shots_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/e2e-shots");
    std::fs::create_dir_all(&dir).expect("a screenshot folder");
    dir
}

impl App {
    /// Starts the app on `data_dir`, dealing every game from `seed` if given.
    /// `PASTIMES_E2E_BINARY` names another build to start instead of the one cargo built (the
    /// same tests against an earlier build, to compare their screenshots).
    pub async fn launch(data_dir: &Path, seed: Option<u64>) -> App {
        App::launch_with(data_dir, seed, &[]).await
    }

    /// [`App::launch`] with the variables `env` set in the app's environment (a locale).
    pub async fn launch_with(data_dir: &Path, seed: Option<u64>, env: &[(&str, &str)]) -> App {
        let built = PathBuf::from(env!("CARGO_BIN_EXE_pastimes"));
        let binary = std::env::var_os("PASTIMES_E2E_BINARY").map(PathBuf::from).unwrap_or(built);
        App::start(&binary, ("PASTIMES_DATA_DIR", data_dir), data_dir.to_path_buf(), seed, env, &[]).await
    }

    /// Starts the app on `data_dir` with the command-line arguments `args` (`--game bubbles`) and
    /// the variables `env`, dealing random boards.
    pub async fn launch_with_args(data_dir: &Path, args: &[&str], env: &[(&str, &str)]) -> App {
        let binary = PathBuf::from(env!("CARGO_BIN_EXE_pastimes"));
        App::start(&binary, ("PASTIMES_DATA_DIR", data_dir), data_dir.to_path_buf(), None, env, args).await
    }

    /// Starts an installed Pastimes (`binary`, e.g. /usr/bin/pastimes) as a desktop launcher
    /// does, with no data dir given: it finds its default one under `$XDG_DATA_HOME`, here
    /// `xdg_data_home`. `data_dir` is then `xdg_data_home/org.pastimes.Pastimes`.
    /// Used by the installed-package check (tests/installed), not by the e2e suite itself.
    #[allow(dead_code)]
    pub async fn launch_installed(binary: &Path, xdg_data_home: &Path, seed: Option<u64>) -> App {
        let data_dir = xdg_data_home.join("org.pastimes.Pastimes");
        App::start(binary, ("XDG_DATA_HOME", xdg_data_home), data_dir, seed, &[], &[]).await
    }

    /// Starts `binary` through tauri-driver with `place` (an environment variable and its
    /// value) telling it where its data goes, the variables `env` and the arguments `args`.
    async fn start(
        binary: &Path,
        place: (&str, &Path),
        data_dir: PathBuf,
        seed: Option<u64>,
        env: &[(&str, &str)],
        args: &[&str],
    ) -> App {
        let (port, native_port) = free_ports();
        let mut command = Command::new(tauri_driver());
        command
            .args(["--port", &port.to_string(), "--native-port", &native_port.to_string()])
            // tauri-driver hands the app only its path and args: the environment travels through
            // tauri-driver's own.
            .env_remove("PASTIMES_DATA_DIR")
            .env(place.0, place.1)
            .env("NO_AT_BRIDGE", "1")
            .env_remove("PASTIMES_SEED")
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit());
        if let Some(seed) = seed {
            command.env("PASTIMES_SEED", seed.to_string());
        }
        // Its own process group, so that ending the group ends WebKitWebDriver and the app too.
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let driver = command.spawn().expect("tauri-driver starts (is it installed?)");
        let app = App {
            client: connect(port, binary, args).await,
            driver: Some(driver),
            data_dir,
            binary: binary.to_path_buf(),
            marker: format!("{}={}", place.0, place.1.display()),
        };
        app.wait_for("the page to be ready", "return document.body.dataset.ready === 'true'").await;
        app.client
            .update_timeouts(fantoccini::wd::TimeoutConfiguration::new(None, None, Some(Duration::ZERO)))
            .await
            .ok();
        app
    }

    /// Ends the session and every process of the app.
    pub async fn quit(mut self) {
        let client = self.client.clone();
        let _ = tokio::time::timeout(Duration::from_secs(10), client.close()).await;
        self.kill_group();
    }

    /// Kills the app as a crash would (SIGKILL, no chance to save), then the driver.
    pub async fn crash(mut self) {
        for pid in self.pids() {
            kill(pid);
        }
        let deadline = Instant::now() + PATIENCE;
        while !self.pids().is_empty() {
            assert!(Instant::now() < deadline, "the app did not die");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        self.kill_group();
    }

    fn kill_group(&mut self) {
        if let Some(mut driver) = self.driver.take() {
            kill_group(driver.id());
            let _ = driver.wait();
        }
        for pid in self.pids() {
            kill(pid);
        }
    }

    /// The app's own process (not WebKit's helpers), while it runs.
    pub fn pids(&self) -> Vec<u32> {
        app_pids(&self.binary, &self.marker)
    }

    /// Runs `script` (a function body) in the page until it returns something truthy; returns it.
    pub async fn wait_for(&self, what: &str, script: &str) -> Value {
        let deadline = Instant::now() + PATIENCE;
        loop {
            // A script that never answers (a page that hangs) counts as not ready yet.
            let attempt = tokio::time::timeout(Duration::from_secs(5), self.client.execute(script, vec![])).await;
            let value = attempt.ok().and_then(Result::ok).unwrap_or(Value::Null);
            if truthy(&value) {
                return value;
            }
            if Instant::now() > deadline {
                self.screenshot(&format!("timeout-{}", what.replace(' ', "-"))).await;
                panic!("timed out waiting for {what} (last value {value})");
            }
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }

    pub async fn find(&self, css: &str) -> Element {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Ok(element) = self.client.find(Locator::Css(css)).await {
                return element;
            }
            assert!(Instant::now() < deadline, "no element {css}");
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }

    /// Clicks what a player clicks: a real pointer click in the webview, once the screen stands
    /// still (no window fit under way, the element where it was a frame ago), as a player's eyes
    /// would wait; a click aimed during a resize lands beside the button.
    pub async fn click(&self, css: &str) {
        self.wait_still(css).await;
        self.find(css).await.click().await.unwrap_or_else(|e| panic!("clicking {css}: {e}"));
    }

    /// Whether the element `css` holds its content across: its scroll width within its own
    /// width, a pixel of rounding allowed (a bar in one row, a panel without a scroll bar).
    pub async fn fits_across(&self, css: &str) -> bool {
        let script = format!("const e = document.querySelector({css:?}); return e.scrollWidth <= e.clientWidth + 1");
        self.client.execute(&script, vec![]).await.unwrap_or_else(|e| panic!("measuring {css}: {e}")).as_bool().unwrap()
    }

    /// Waits until `css` is on the page and the screen stands still: no window fit under way,
    /// the element and the window as they were a frame ago.
    pub async fn wait_still(&self, css: &str) {
        let still = format!(
            "const css = {css:?};
             if (document.querySelector('#screen[aria-busy=\"true\"]')) return false;
             const at = () => {{ const e = document.querySelector(css); if (!e) return null; const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height, innerWidth, innerHeight].join(); }};
             const before = at();
             return before !== null && new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(at() === before))));"
        );
        self.wait_for(&format!("{css} to stand still"), &still).await;
    }

    /// Picks one of a game's choices (`#level-expert`, `#style-standard`) as a player does: opens
    /// the toolbar's compact control, then clicks the item in its menu.
    pub async fn choose(&self, item: &str) {
        self.pick(".toolbar .choice-button", item).await;
    }

    /// Opens the menu of the button `button` and clicks its `item` (a history row's exports).
    pub async fn pick(&self, button: &str, item: &str) {
        self.click(button).await;
        let shown = format!("return document.querySelector('{item}')?.closest('[role=menu]')?.hidden === false");
        self.wait_for("the menu", &shown).await;
        self.click(item).await;
    }

    /// A real mouse button press and release on an element (0 left, 1 middle, 2 right).
    pub async fn press(&self, element: &Element, button: u64) {
        let mouse = MouseActions::new("mouse".into())
            .then(PointerAction::MoveToElement { element: element.clone(), duration: None, x: 0.0, y: 0.0 })
            .then(PointerAction::Down { button })
            .then(PointerAction::Up { button });
        self.client.perform_actions(mouse).await.expect("pointer actions");
        self.client.release_actions().await.expect("released");
    }

    pub async fn text(&self, css: &str) -> String {
        self.find(css).await.text().await.unwrap_or_default()
    }

    /// Types keys into the focused element, as a player on the keyboard.
    pub async fn keys(&self, keys: &str) {
        let focused = self.client.active_element().await.expect("a focused element");
        focused.send_keys(keys).await.expect("keys");
    }

    /// Calls a backend command from the page, as the page's own code does.
    pub async fn invoke(&self, command: &str, args: Value) -> Result<Value, Value> {
        let result = self
            .client
            .execute_async(
                "const [command, args, done] = arguments;
                 window.__TAURI__.core.invoke(command, args)
                   .then((value) => done({ ok: value ?? null }), (error) => done({ err: error }));",
                vec![json!(command), args],
            )
            .await
            .expect("script runs");
        match result.get("err") {
            Some(error) => Err(error.clone()),
            None => Ok(result.get("ok").cloned().unwrap_or(Value::Null)),
        }
    }

    /// A screenshot of the whole (virtual) screen, as a player sees it. WebKitWebDriver's own
    /// screenshot command hangs under Xvfb here, so ImageMagick's `import` takes it.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        let path = shots_dir().join(format!("{name}.png"));
        let status = Command::new("import").args(["-window", "root"]).arg(&path).status();
        if !status.is_ok_and(|s| s.success()) {
            eprintln!("could not take the screenshot {name}");
        }
        path
    }

    /// Presses keys on the native window, as the player presses a menu accelerator: the window
    /// gets the input focus (there is no window manager under Xvfb), then XTEST types the keys.
    pub fn press_accelerator(&self, keys: &str) {
        let window = x_window_id();
        let focus = Command::new("xdotool").args(["windowfocus", "--sync", &window]).status().expect("xdotool runs");
        assert!(focus.success(), "xdotool windowfocus");
        let status = Command::new("xdotool").args(["key", "--clearmodifiers", keys]).status().expect("xdotool runs");
        assert!(status.success(), "xdotool key {keys}");
    }
}

impl Drop for App {
    fn drop(&mut self) {
        self.kill_group();
    }
}

/// SIGKILL to one process. Through libc, not the `kill` program: procps' `kill -KILL -N`
/// has been seen here to end far more than group N.
fn kill(pid: u32) {
    if let Ok(pid) = libc::pid_t::try_from(pid) {
        if pid > 1 {
            // SAFETY: kill(2) has no memory effects; a vanished pid only makes it fail.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    }
}

/// SIGKILL to a whole process group (tauri-driver, WebKitWebDriver and the app).
fn kill_group(pgid: u32) {
    if let Ok(pgid) = libc::pid_t::try_from(pgid) {
        if pgid > 1 {
            // SAFETY: as above; a group id > 1 never names "every process".
            unsafe { libc::killpg(pgid, libc::SIGKILL) };
        }
    }
}

fn truthy(value: &Value) -> bool {
    !matches!(value, Value::Null | Value::Bool(false)) && value != &json!(0) && value != &json!("")
}

async fn connect(port: u16, binary: &Path, args: &[&str]) -> Client {
    let capabilities = json!({ "tauri:options": { "application": binary, "args": args } });
    let serde_json::Value::Object(capabilities) = capabilities else { unreachable!() };
    let url = format!("http://127.0.0.1:{port}");
    let deadline = Instant::now() + PATIENCE;
    loop {
        // Right after start the native driver may not listen yet: retry for a while.
        let attempt = ClientBuilder::new(HttpConnector::new()).capabilities(capabilities.clone()).connect(&url).await;
        match attempt {
            Ok(client) => return client,
            Err(error) if Instant::now() < deadline => {
                let _ = error;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(error) => panic!("no WebDriver session: {error}"),
        }
    }
}

/// The processes of `binary` whose environment holds `marker` (`NAME=value`).
fn app_pids(binary: &Path, marker: &str) -> Vec<u32> {
    let needle = marker;
    let Ok(entries) = std::fs::read_dir("/proc") else { return vec![] };
    entries
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let exe = std::fs::read_link(format!("/proc/{pid}/exe")).ok();
            let environ = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
            exe.is_some_and(|exe| exe == binary) && environ.split(|b| *b == 0).any(|var| var == needle.as_bytes())
        })
        .collect()
}

/// The X window id of the Pastimes window (one app runs at a time in this suite).
fn x_window_id() -> String {
    let output = Command::new("xdotool")
        .args(["search", "--onlyvisible", "--name", "^Pastimes$"])
        .output()
        .expect("xdotool runs");
    let ids = String::from_utf8_lossy(&output.stdout);
    ids.lines().last().expect("a Pastimes window").trim().to_string()
}
