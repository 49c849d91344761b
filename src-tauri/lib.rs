//! Pastimes: Minesweeper, Bubble Breaker and Gomoku in one desktop app.
//!
//! The rules live in the `pastimes-games` crate; this crate holds the rest, in layers that each
//! import only the ones below them (`docs/ARCHITECTURE.md`; `LAYERS` in `tests/imports.rs` lists
//! them and checks every file): `shell` (the only code that knows Tauri), `state` (the owner of
//! the locks), `play` and beside it `study` (the games' study boards), `records`, `library`,
//! `prefs`, `store` (the only code that holds SQL), and the shared `error` and `assistance`.

pub mod assistance;
pub mod engines;
pub mod error;
pub mod library;
pub mod play;
pub mod prefs;
pub mod puzzles;
pub mod records;
pub mod shell;
pub mod state;
pub mod store;
pub mod study;

use prefs::command_line::{self, Request};
use prefs::config;
use records::watch;
use shell::{display, launch, menu, single_instance, widget_language, window};
use state::AppState;
use std::sync::Arc;
use tauri::{Emitter, Manager, Runtime};

/// Registers the state and the commands: everything the mock runtime in tests needs too.
pub fn app_builder<R: Runtime>(builder: tauri::Builder<R>, state: Arc<AppState>) -> tauri::Builder<R> {
    with_commands(builder).manage(state).manage(watch::Watching::default()).manage(launch::Launch::default())
}

/// Prints `text` on standard output and exits with `status` (`--help`, `--version`).
fn exit_saying(status: i32, text: &str) -> ! {
    println!("{text}");
    std::process::exit(status)
}

/// Says why Pastimes cannot start, in one line on standard error, and exits with status 1.
fn fail(message: &str) -> ! {
    eprintln!("pastimes: {message}");
    std::process::exit(1)
}

/// Reads the list as the handler of every command and `COMMANDS`, the commands' names.
macro_rules! app_commands {
    ($($command:ident),* $(,)?) => {
        fn with_commands<R: Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
            builder.invoke_handler(tauri::generate_handler![$(shell::commands::$command),*])
        }

        /// Every command of the app's own, as the page calls them (`command_list.rs`).
        pub const COMMANDS: &[&str] = &[$(stringify!($command)),*];
    };
}
include!("command_list.rs");

/// The page: the shipped one, and in a test build the test game's page over it.
fn page(context: tauri::Context) -> tauri::Context {
    #[cfg(feature = "test-game")]
    let context = shell::test_game::with_test_game(context);
    context
}

/// Starts the desktop app: reads the command line, makes sure there is a display, claims the
/// data folder (or hands the launch to the Pastimes that holds it), then opens the window.
pub fn run() {
    let options = match command_line::parse(std::env::args().skip(1)) {
        Ok(Request::Play(options)) => options,
        Ok(Request::Help) => exit_saying(0, &command_line::usage()),
        Ok(Request::Version) => exit_saying(0, &command_line::version()),
        Err(message) => {
            eprintln!("pastimes: {message}\n{}", command_line::usage());
            std::process::exit(2);
        }
    };
    if let Err(message) = display::named() {
        fail(&message);
    }
    // WebKitGTK's DMA-BUF renderer shows a blank window on some GPUs and under Xvfb.
    if std::env::var_os("WEBKIT_DISABLE_DMABUF_RENDERER").is_none() {
        std::env::set_var("WEBKIT_DISABLE_DMABUF_RENDERER", "1");
    }
    let config = match config::from_environment(options.data_dir) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("pastimes: {message}");
            std::process::exit(2);
        }
    };
    // A second launch on the same data exits before any window or the store is opened (and so
    // before it could move anything aside). The lock lives as long as this function, which only
    // ends with the process.
    let ask = options.game.map_or(single_instance::Ask::Show, single_instance::Ask::Open);
    let socket = single_instance::socket_path_here(&config.data_dir);
    let (_data_lock, listener) = match single_instance::claim(&config.data_dir, &socket, ask) {
        Ok(single_instance::Claim::First(instance)) => (Some(instance.lock), Some(instance.listener)),
        Ok(single_instance::Claim::Second) => std::process::exit(0),
        Ok(single_instance::Claim::Refused(why)) => fail(&why),
        Err(error) => {
            eprintln!("pastimes: cannot tell whether Pastimes already runs on this data folder: {error}");
            (None, None)
        }
    };
    let listener = listener.and_then(|bound| {
        bound.map_err(|why| eprintln!("pastimes: later launches cannot reach this window ({why})")).ok()
    });
    if let Err(message) = display::open() {
        fail(&message);
    }
    // The store opens on its own thread while GTK starts and the window and its web process are
    // made; the setup waits for it, before the page can ask for anything.
    let opening = std::thread::spawn(move || AppState::open(config));
    let built = with_commands(tauri::Builder::default())
        .manage(launch::Launch::new(options.game))
        .setup(move |app| {
            let state = Arc::new(opening.join().map_err(|_| "the store could not be opened")?);
            if let Some(reason) = state.startup_error() {
                eprintln!("pastimes: {reason}");
            }
            app.manage(Arc::clone(&state));
            let handle = app.handle().clone();
            state.set_notifier(Box::new(move |snapshot| {
                let _ = handle.emit("snapshot", snapshot);
            }));
            let handle = app.handle().clone();
            state.set_study_notifier(Box::new(move |snapshot| {
                let _ = handle.emit("study_board", snapshot);
            }));
            let handle = app.handle().clone();
            state.watch_saving(Box::new(move |saving| {
                let _ = handle.emit("saving", saving);
            }));
            // While the disk is full, what was kept in memory is written as soon as there is room,
            // even if the player makes no move.
            let retrying = Arc::clone(&state);
            std::thread::spawn(move || loop {
                std::thread::sleep(std::time::Duration::from_secs(15));
                retrying.retry_unsaved();
            });
            let settings = state.settings().unwrap_or_default();
            app.set_menu(menu::build(app.handle(), &settings)?)?;
            menu::apply_zoom(app.handle(), &settings);
            widget_language::apply(app.handle(), prefs::i18n::language_of(&settings));
            app.on_menu_event(|app, event| menu::handle(app, event.id().as_ref()));
            if let Some(main) = app.get_webview_window("main") {
                window::restore_placement(&main, &state);
                window::watch(&main);
            }
            if let Some(listener) = listener {
                let handle = app.handle().clone();
                single_instance::serve(listener, move |ask| launch::heard(&handle, ask));
            }
            Ok(())
        })
        .build(page(tauri::generate_context!()));
    let app = match built {
        Ok(app) => app,
        Err(error) => {
            eprintln!("pastimes: {error}");
            std::process::exit(1);
        }
    };
    app.manage(watch::Watching::default());
    app.run(|app, event| {
        if let tauri::RunEvent::Exit = event {
            app.state::<Arc<AppState>>().retry_unsaved();
        }
    });
}
