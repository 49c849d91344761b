//! The Tauri commands: each a line or two over `AppState`. Games, moves and parameters arrive as
//! plain JSON and are checked by the domain, so a malformed argument gets our typed error.

use crate::error::AppResult;
use crate::library::queries;
use crate::play::deals::CodeOfDeal;
use crate::play::session::Snapshot;
use crate::puzzles::{PuzzleList, PuzzleSnapshot};
use crate::records::watch::{Watch, WatchFrame, WatchHeader, Watching};
use crate::shell::file_dialog::{ask_path, FileRequest, Purpose};
use crate::shell::window;
use crate::state::{AppState, HallCategory, Hinted, PlayedCategory};
use crate::store::{CategoryChart, CategoryStats, HistoryPage, ResetCounts, StoreReport};
use crate::study::StudySnapshot;
use pastimes_games::GameKind;
use serde::Serialize;
use serde_json::{Map, Value};
use std::sync::Arc;
use tauri::{AppHandle, Runtime, State, WebviewWindow};

type AppStateArg<'a> = State<'a, Arc<AppState>>;

fn kind(game: &str) -> AppResult<GameKind> {
    queries::game(game)
}

/// The language the player sees: their choice, else the system's.
fn language(state: &AppState) -> &'static str {
    crate::prefs::i18n::language_of(&state.settings().unwrap_or_default())
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AppInfo {
    name: &'static str,
    version: &'static str,
    licence: &'static str,
    data_dir: String,
    startup_error: Option<String>,
    /// What opening the store found (a file moved aside, a newer store), for the start-up dialog.
    store: StoreReport,
    /// The games in progress that could not be resumed and went into the history unfinished.
    unresumed: Vec<crate::state::Unresumed>,
    /// Whether games are being saved now (not while the disk is full, nor in memory).
    keeps_games: bool,
    /// The language the page speaks: the player's choice, else the system's (`i18n::resolve`).
    language: &'static str,
    /// The system's language, for when the player goes back to "system".
    system_language: &'static str,
    /// The tag each language formats dates and numbers with on this system (`en-GB`).
    locales: std::collections::BTreeMap<&'static str, String>,
    /// The game the launch asked to open (`--game`), for the first screen: given once.
    open_game: Option<pastimes_games::GameKind>,
}

#[tauri::command]
pub fn app_info(state: AppStateArg, launch: State<'_, crate::shell::launch::Launch>) -> AppInfo {
    AppInfo {
        name: "Pastimes",
        version: env!("CARGO_PKG_VERSION"),
        licence: env!("CARGO_PKG_LICENSE"),
        data_dir: state.data_dir().display().to_string(),
        startup_error: state.startup_error().map(str::to_string),
        store: state.store_report(),
        unresumed: state.unresumed(),
        keeps_games: state.keeps_games(),
        language: language(&state),
        system_language: crate::prefs::i18n::system_language(),
        locales: crate::prefs::i18n::format_locales(),
        open_game: launch.take(),
    }
}

/// The games: names, rankings, categories and default parameters, from each game's own table.
#[tauri::command]
pub fn games() -> Vec<crate::library::catalogue::GameEntry> {
    crate::library::catalogue::games()
}

/// "Start a new store" of the start-up dialog when the store is a newer Pastimes's: moves it
/// aside and keeps the games played since in a fresh one.
#[tauri::command]
pub fn start_new_store(state: AppStateArg) -> AppResult<StoreReport> {
    state.start_new_store()
}

#[tauri::command]
pub fn get_settings(state: AppStateArg) -> AppResult<Map<String, Value>> {
    state.settings()
}

#[tauri::command]
pub fn set_setting<R: Runtime>(
    app: AppHandle<R>,
    state: AppStateArg,
    key: String,
    value: Value,
) -> AppResult<Map<String, Value>> {
    let settings = state.set_setting(&key, value)?;
    // The menu shows the language, theme and colour-blind mode; the zoom applies to the window.
    crate::shell::menu::setting_changed(&app, &key, &settings);
    Ok(settings)
}

#[tauri::command]
pub fn new_game<R: Runtime>(app: AppHandle<R>, state: AppStateArg, game: String, params: Value) -> AppResult<Snapshot> {
    let kind = kind(&game)?;
    let snapshot = state.new_game(kind, params)?;
    // The Game menu checks the new game's choice (its level, its style).
    crate::shell::menu::game_started(&app, kind);
    Ok(snapshot)
}

/// The player's external engines (Preferences' Engines section, the New game dialog).
#[tauri::command]
pub async fn engines(state: AppStateArg<'_>) -> AppResult<Vec<crate::prefs::engines::EngineEntry>> {
    state.engines()
}

/// Adds an engine: the player picks its program in the native open dialog (never a path from
/// the page), then Pastimes checks it (a few seconds, off the main thread) and lists it. `None`
/// when the dialog is cancelled.
#[tauri::command]
pub async fn add_engine<R: Runtime>(
    window: WebviewWindow<R>,
    state: AppStateArg<'_>,
) -> AppResult<Option<Vec<crate::prefs::engines::EngineEntry>>> {
    let Some(path) = pick_engine(&window, &state)? else { return Ok(None) };
    Ok(Some(state.add_engine(&path)?))
}

/// The program the player picks; in a test build, `PASTIMES_TEST_ENGINE` stands for the pick
/// when set (a native dialog cannot be driven over WebDriver).
fn pick_engine<R: Runtime>(window: &WebviewWindow<R>, state: &AppState) -> AppResult<Option<std::path::PathBuf>> {
    #[cfg(feature = "test-game")]
    if let Some(path) = std::env::var_os("PASTIMES_TEST_ENGINE") {
        return Ok(Some(path.into()));
    }
    let say = |key: &str| crate::prefs::i18n::t(language(state), key);
    let request = FileRequest {
        purpose: Purpose::Open,
        title: say("engines.addTitle"),
        accept: say("dialog.open"),
        cancel: say("dialog.cancel"),
        filter_name: say("engines.filter"),
        pattern: "*".into(),
    };
    ask_path(window, request)
}

/// Takes the engine `id` off the list.
#[tauri::command]
pub async fn remove_engine(state: AppStateArg<'_>, id: String) -> AppResult<Vec<crate::prefs::engines::EngineEntry>> {
    state.remove_engine(&id)
}

#[tauri::command]
pub fn snapshot(state: AppStateArg, game: String) -> AppResult<Option<Snapshot>> {
    state.snapshot(kind(&game)?)
}

#[tauri::command]
pub fn play(state: AppStateArg, game: String, r#move: Value) -> AppResult<Snapshot> {
    state.play(kind(&game)?, r#move)
}

#[tauri::command]
pub fn undo(state: AppStateArg, game: String) -> AppResult<Snapshot> {
    state.undo(kind(&game)?)
}

/// The study board of `game` as it stands; the engine starts on it if it is on and has work.
#[tauri::command]
pub fn study_board(state: AppStateArg, game: String) -> AppResult<StudySnapshot> {
    state.study_board(kind(&game)?)
}

/// One of the study board's own edits (Gomoku's `{"place":{"x":7,"y":7}}`, `"takeBack"`,
/// `"clear"`, `{"rule":"renju"}`).
#[tauri::command]
pub fn study_board_edit(state: AppStateArg, game: String, edit: Value) -> AppResult<StudySnapshot> {
    state.edit_study_board(kind(&game)?, &edit)
}

/// The study board set to the position `text` sets out (a move list, a record, a game's own
/// file) under `setup` (the board's settings: Gomoku's `{"rule":"renju"}`).
#[tauri::command]
pub fn study_board_set(state: AppStateArg, game: String, setup: Value, text: String) -> AppResult<StudySnapshot> {
    state.set_study_board(kind(&game)?, &setup, &text)
}

/// The study board set to the game in progress; a game still going becomes assisted.
#[tauri::command]
pub fn study_board_game(state: AppStateArg, game: String) -> AppResult<StudySnapshot> {
    state.study_game(kind(&game)?)
}

/// The study board's engine on or off (the page turns it off while the board is hidden).
#[tauri::command]
pub fn study_board_engine(state: AppStateArg, game: String, on: bool) -> AppResult<StudySnapshot> {
    state.set_study_engine(kind(&game)?, on)
}

/// The puzzle set of `game`, the player's record and today's puzzle.
#[tauri::command]
pub fn puzzles(state: AppStateArg, game: String) -> AppResult<PuzzleList> {
    state.puzzles(kind(&game)?)
}

/// Opens the puzzle `id` of `game` at its start; without an id, today's puzzle.
#[tauri::command]
pub fn puzzle_open(state: AppStateArg, game: String, id: Option<String>) -> AppResult<PuzzleSnapshot> {
    state.open_puzzle(kind(&game)?, id.as_deref())
}

/// One of the player's actions on the open puzzle (Gomoku's `{"play":{"x":7,"y":7}}`,
/// `"retry"`, `"solution"`, `"restart"`): the engine answers a move before it returns.
#[tauri::command]
pub async fn puzzle_act(state: AppStateArg<'_>, game: String, action: Value) -> AppResult<PuzzleSnapshot> {
    state.puzzle_act(kind(&game)?, &action)
}

/// Minesweeper's *Show odds*: each closed cell's chance of a mine; the game becomes assisted.
#[tauri::command]
pub fn odds(state: AppStateArg, game: String) -> AppResult<crate::play::live::Oddsed> {
    state.odds(kind(&game)?)
}

#[tauri::command]
pub fn redo(state: AppStateArg, game: String) -> AppResult<Snapshot> {
    state.redo(kind(&game)?)
}

/// A hint for the player to move; the game becomes assisted. Async: a hint may search a while.
#[tauri::command]
pub async fn hint(state: AppStateArg<'_>, game: String) -> AppResult<Hinted> {
    state.hint(kind(&game)?)
}

#[tauri::command]
pub fn pause(state: AppStateArg, game: String) -> AppResult<Snapshot> {
    state.pause(kind(&game)?)
}

#[tauri::command]
pub fn resume(state: AppStateArg, game: String) -> AppResult<Snapshot> {
    state.resume(kind(&game)?)
}

/// Takes over a side of a game the computer plays itself: `move` is the game's take-over
/// (Gomoku's `{"takeOver":"second"}`).
#[tauri::command]
pub fn take_over(state: AppStateArg, game: String, r#move: Value) -> AppResult<Snapshot> {
    state.take_over(kind(&game)?, r#move)
}

/// The wait, in milliseconds, before each of the computer's moves while it plays itself.
#[tauri::command]
pub fn set_pace(state: AppStateArg, game: String, ms: Value) -> AppResult<Snapshot> {
    let ms = ms
        .as_i64()
        .ok_or_else(|| crate::error::AppError::bad_argument("the pace is a whole number of milliseconds"))?;
    state.set_pace(kind(&game)?, ms)
}

#[tauri::command]
pub fn replay(state: AppStateArg, game: String) -> AppResult<Snapshot> {
    state.replay(kind(&game)?)
}

/// The daily deal of `game` (the home card, the Game menu): today's deal started, of `choice`
/// when none was picked for today.
#[tauri::command]
pub fn daily_start<R: Runtime>(
    app: AppHandle<R>,
    state: AppStateArg,
    game: String,
    choice: Option<String>,
) -> AppResult<Snapshot> {
    let kind = kind(&game)?;
    let snapshot = state.daily_start(kind, choice.as_deref())?;
    crate::shell::menu::game_started(&app, kind);
    Ok(snapshot)
}

/// Today's daily entry of `game`, its streaks and its all-days table.
#[tauri::command]
pub fn daily_status(state: AppStateArg, game: String) -> AppResult<crate::state::DailyStatus> {
    state.daily_status(kind(&game)?)
}

/// Restart (F5): the game of `game` again from its deal's start; marked when its board was seen.
#[tauri::command]
pub fn restart(state: AppStateArg, game: String) -> AppResult<Snapshot> {
    state.restart(kind(&game)?)
}

/// "Copy deal code": the code of the finished game `id`, or of the game under way (which it
/// marks: whoever holds the code knows the board), put on the clipboard when `copy`.
#[tauri::command]
pub async fn deal_code<R: Runtime>(
    window: WebviewWindow<R>,
    state: AppStateArg<'_>,
    game: String,
    id: Option<i64>,
    copy: Option<bool>,
) -> AppResult<CodeOfDeal> {
    let code = state.deal_code(kind(&game)?, id)?;
    if copy == Some(true) {
        crate::shell::clipboard::put_text(&window, code.code.clone())?;
    }
    Ok(code)
}

/// "Open deal...": starts the game a deal code names, or the numbered deal `text` of `game` with
/// `params` (the game on screen and the setup a new game would have); marked as a deal seen
/// before.
#[tauri::command]
pub fn open_deal(state: AppStateArg, text: String, game: Option<String>, params: Option<Value>) -> AppResult<Snapshot> {
    let setup = game.map(|game| kind(&game)).transpose()?.map(|kind| (kind, params.unwrap_or_default()));
    state.open_deal(&text, setup)
}

#[tauri::command]
pub fn submit_record_name(state: AppStateArg, id: i64, name: String) -> AppResult<()> {
    state.name_record(id, &name)
}

#[tauri::command]
pub fn fit_window<R: Runtime>(window: WebviewWindow<R>, width: f64, height: f64) -> AppResult<bool> {
    window::fit(&window, width, height)
}

/// The game screen's buttons, for the Move menu to follow (`null`: no game on screen).
#[tauri::command]
pub fn move_menu<R: Runtime>(
    app: AppHandle<R>,
    state: Option<crate::shell::move_menu::MoveMenuState>,
) -> AppResult<()> {
    crate::shell::move_menu::show(&app, state)
}

#[tauri::command]
pub fn statistics(state: AppStateArg, game: String, category: String) -> AppResult<CategoryStats> {
    state.statistics(kind(&game)?, &category)
}

#[tauri::command]
pub fn hall_of_fame(state: AppStateArg, game: String) -> AppResult<Vec<HallCategory>> {
    state.hall_of_fame(kind(&game)?)
}

// The history's queries, its chart and the reset run on a worker thread (async commands), not on
// the window's main loop: over a million games they take long enough to hold up drawing.

#[tauri::command]
pub async fn history(state: AppStateArg<'_>, filter: Option<Value>, page: Option<Value>) -> AppResult<HistoryPage> {
    let (start, size) = queries::page(page)?;
    state.history(&queries::filter(filter)?, &start, size)
}

#[tauri::command]
pub async fn history_count(state: AppStateArg<'_>, filter: Option<Value>) -> AppResult<i64> {
    state.history_count(&queries::filter(filter)?)
}

#[tauri::command]
pub async fn category_chart(state: AppStateArg<'_>, game: String, category: String) -> AppResult<CategoryChart> {
    let kind = kind(&game)?;
    state.category_chart(kind, &queries::category(kind, &category)?)
}

#[tauri::command]
pub async fn played_categories(state: AppStateArg<'_>) -> AppResult<Vec<PlayedCategory>> {
    state.played_categories()
}

/// "Verify records": every finished game's record replayed through the rules.
#[tauri::command]
pub async fn verify_records(state: AppStateArg<'_>) -> AppResult<crate::records::verify::Verified> {
    state.verify_records()
}

/// A finished game and its review, for the review screen of a game that offers one.
#[tauri::command]
pub async fn review(state: AppStateArg<'_>, id: i64) -> AppResult<crate::records::review::Review> {
    state.review(id)
}

#[tauri::command]
pub async fn reset_preview(state: AppStateArg<'_>, game: Option<Value>) -> AppResult<ResetCounts> {
    state.reset_preview(queries::optional_game(game)?)
}

#[tauri::command]
pub async fn reset_hall(
    state: AppStateArg<'_>,
    game: Option<Value>,
    with_history: Option<Value>,
) -> AppResult<ResetCounts> {
    state.reset_hall(queries::optional_game(game)?, queries::boolean(with_history, "withHistory")?)
}

/// Where an export went and how many games it holds.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Exported {
    path: String,
    games: u64,
}

/// Asks where to save the history as CSV (a native dialog opened here: no path comes from the
/// page) and writes it there. `None` when the player cancels. Async, so that waiting for the
/// dialog blocks no thread the main loop needs.
#[tauri::command]
pub async fn export_history<R: Runtime>(
    window: WebviewWindow<R>,
    state: AppStateArg<'_>,
    filter: Option<Value>,
) -> AppResult<Option<Exported>> {
    let filter = queries::filter(filter)?;
    let lang = language(&state);
    let text = |key: &str| crate::prefs::i18n::t(lang, key);
    let request = FileRequest {
        purpose: Purpose::Save { file_name: "pastimes-history.csv".into() },
        title: text("history.exportTitle"),
        accept: text("dialog.save"),
        cancel: text("dialog.cancel"),
        filter_name: text("history.exportFilter"),
        pattern: "*.csv".into(),
    };
    let Some(path) = ask_path(&window, request)? else { return Ok(None) };
    let games = state.export_history(&filter, &path)?;
    Ok(Some(Exported { path: path.display().to_string(), games }))
}

/// The native save dialog for one game's file, in the player's language: its title and filter
/// named by catalogue keys, `file_name` offered. `None` when the player cancels.
fn ask_save_path<R: Runtime>(
    window: &WebviewWindow<R>,
    state: &AppState,
    file_name: String,
    title_key: &str,
    filter_key: &str,
    pattern: &str,
) -> AppResult<Option<std::path::PathBuf>> {
    let lang = language(state);
    let say = |key: &str| crate::prefs::i18n::t(lang, key);
    let request = FileRequest {
        purpose: Purpose::Save { file_name },
        title: say(title_key),
        accept: say("dialog.save"),
        cancel: say("dialog.cancel"),
        filter_name: say(filter_key),
        pattern: pattern.into(),
    };
    ask_path(window, request)
}

/// Where an exported game went, named by its one key in JSON: the file the player chose,
/// `{"file": path}`, or the clipboard, `{"clipboard": text}`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ExportedGame {
    File(String),
    Clipboard(String),
}

/// Exports a game of `game` in the file format `format` of its game (an id of its catalogue
/// `fileFormats`): the finished game `id`, or without one the game in progress or just
/// finished, where the format writes games under way (Gomoku's moves). It goes where the
/// player chooses in the native save dialog (with the format's title and filter, the name
/// offered as `pastimes-<game>-<date>-<time>.<extension>`), or, with `clipboard: true`, a text
/// format's goes on the desktop's clipboard (Copy moves). `None` when the player cancels; a
/// format its game does not offer, or not for this game, is refused before the dialog.
#[tauri::command]
pub async fn export_game<R: Runtime>(
    window: WebviewWindow<R>,
    state: AppStateArg<'_>,
    game: String,
    id: Option<i64>,
    format: String,
    clipboard: Option<bool>,
) -> AppResult<Option<ExportedGame>> {
    let kind = kind(&game)?;
    let exported = state.export_game(kind, id, &format)?;
    if clipboard == Some(true) {
        let text = exported.into_text(kind)?;
        crate::shell::clipboard::put_text(&window, text.clone())?;
        return Ok(Some(ExportedGame::Clipboard(text)));
    }
    let pattern = file_patterns(exported.format.extensions.iter());
    let (title, filter) = (exported.format.dialog_title_key, exported.format.filter_key);
    let Some(path) = ask_save_path(&window, &state, exported.file_name, title, filter, &pattern)? else {
        return Ok(None);
    };
    state.save_export(&exported.bytes, &path)?;
    Ok(Some(ExportedGame::File(path.display().to_string())))
}

/// A file given to [`import_game`] without the dialog: its name (the extension names its
/// format) and content, as a test has them.
#[derive(Debug, serde::Deserialize)]
pub struct GivenFile {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Imports a game from a file or a pasted text, in the format `format` of `game` (an id of its
/// catalogue `fileFormats`), or without one in any format that reads finished games (of `game`
/// when given, else of every game; the record file among them): the file's extension picks
/// it, and a text is a record file. The file is `file`, or else the text `text`, or else the
/// one the player picks in the native open dialog (its filter: those formats' extensions).
///
/// A format that reads a finished game replays it through the rules and checks it, never
/// stored: `{"record": header}`, id 0, for the watch view. A format that reads a position
/// starts a new game of `game` from it, marked imported (never ranked), with the parameters
/// `params` where the format takes them (Gomoku's moves; the game's defaults without them):
/// `{"game": snapshot}`. `None` when the dialog is cancelled; a file or text that is not of
/// the format is its typed error and changes nothing.
#[tauri::command]
pub async fn import_game<R: Runtime>(
    window: WebviewWindow<R>,
    state: AppStateArg<'_>,
    game: Option<String>,
    format: Option<String>,
    file: Option<GivenFile>,
    text: Option<String>,
    params: Option<Value>,
) -> AppResult<Option<crate::state::ImportedGame>> {
    let kind = game.as_deref().map(kind).transpose()?;
    let readers = crate::records::file_formats::readers(kind, format.as_deref())?;
    let chosen = params.as_ref();
    match (file, text) {
        (Some(_), Some(_)) => Err(crate::error::AppError::BadArgument("a file or a text, not both".into())),
        (Some(file), None) => Ok(Some(state.import_content(&readers, Some(&file.name), &file.bytes, chosen)?)),
        (None, Some(text)) => Ok(Some(state.import_content(&readers, None, text.as_bytes(), chosen)?)),
        (None, None) => {
            let Some(path) = ask_path(&window, open_request(&state, &readers))? else { return Ok(None) };
            Ok(Some(state.import_file(&readers, &path, chosen)?))
        }
    }
}

/// The open dialog of an import by `readers`, in the player's language: one format's own
/// filter (and, for a position, its own title: Open position...), else Import game... with
/// every format's extensions.
fn open_request(state: &AppState, readers: &[crate::records::file_formats::Format]) -> FileRequest {
    let lang = language(state);
    let say = |key: &str| crate::prefs::i18n::t(lang, key);
    let entries: Vec<_> = readers.iter().map(|format| format.entry()).collect();
    let (title, filter) = match entries.as_slice() {
        [only] if only.reads == Some(crate::library::catalogue::Reading::Position) => {
            (only.dialog_title_key, only.filter_key)
        }
        [only] => ("history.importTitle", only.filter_key),
        _ => ("history.importTitle", "history.importFilter"),
    };
    FileRequest {
        purpose: Purpose::Open,
        title: say(title),
        accept: say("dialog.open"),
        cancel: say("dialog.cancel"),
        filter_name: say(filter),
        pattern: file_patterns(entries.iter().flat_map(|format| format.extensions)),
    }
}

/// A file dialog's patterns for these extensions, each in either case (`*.txt;*.TXT`), each once.
fn file_patterns<'a>(extensions: impl Iterator<Item = &'a &'static str> + Clone) -> String {
    let mut once: Vec<&str> = Vec::new();
    for extension in extensions {
        if !once.contains(extension) {
            once.push(extension);
        }
    }
    let lower = once.iter().map(|ext| format!("*.{ext}"));
    let upper = once.iter().map(|ext| format!("*.{}", ext.to_ascii_uppercase()));
    lower.chain(upper).collect::<Vec<_>>().join(";")
}

// The watch view: one finished game replayed through the rules and shown frame by frame.

/// Opens the finished game `id` in the watch view, as the player played it.
#[tauri::command]
pub async fn watch_open(state: AppStateArg<'_>, watching: State<'_, Watching>, id: i64) -> AppResult<WatchHeader> {
    Ok(watching.show(Watch::of_finished(state.finished_record(id)?, false)?))
}

/// Opens the best line the analysis found for the deal of the finished game `id` (Bubble Breaker).
#[tauri::command]
pub async fn watch_best_line(state: AppStateArg<'_>, watching: State<'_, Watching>, id: i64) -> AppResult<WatchHeader> {
    Ok(watching.show(Watch::of_finished(state.finished_record(id)?, true)?))
}

/// Opens the record file imported last (Import game...) in the watch view.
#[tauri::command]
pub async fn watch_import(state: AppStateArg<'_>, watching: State<'_, Watching>) -> AppResult<WatchHeader> {
    let imported = state.last_import().ok_or(crate::error::AppError::NothingImported)?;
    Ok(watching.show(Watch::imported(&imported)?))
}

/// The watched game after `index` moves.
#[tauri::command]
pub fn watch_frame(watching: State<Watching>, index: u64) -> AppResult<WatchFrame> {
    watching.frame(index)
}
