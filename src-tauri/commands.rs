//! The Tauri commands: each a line or two over `AppState`. Games, moves and parameters arrive as
//! plain JSON and are checked by the domain, so a malformed argument gets our typed error.

use crate::error::{AppError, AppResult};
use crate::session::Snapshot;
use crate::state::{AppState, HallCategory};
use crate::store::CategoryStats;
use crate::window;
use pastimes_games::GameKind;
use serde::Serialize;
use serde_json::{Map, Value};
use std::sync::Arc;
use tauri::{Runtime, State, WebviewWindow};

type AppStateArg<'a> = State<'a, Arc<AppState>>;

fn kind(game: &str) -> AppResult<GameKind> {
    GameKind::parse(game).ok_or_else(|| AppError::bad_argument(format!("unknown game {:?}", truncate(game))))
}

fn truncate(text: &str) -> String {
    text.chars().take(40).collect()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AppInfo {
    name: &'static str,
    version: &'static str,
    licence: &'static str,
    data_dir: String,
    startup_error: Option<String>,
}

#[tauri::command]
pub fn app_info(state: AppStateArg) -> AppInfo {
    AppInfo {
        name: "Pastimes",
        version: env!("CARGO_PKG_VERSION"),
        licence: env!("CARGO_PKG_LICENSE"),
        data_dir: state.data_dir().display().to_string(),
        startup_error: state.startup_error().map(str::to_string),
    }
}

#[tauri::command]
pub fn get_settings(state: AppStateArg) -> AppResult<Map<String, Value>> {
    state.settings()
}

#[tauri::command]
pub fn set_setting(state: AppStateArg, key: String, value: Value) -> AppResult<Map<String, Value>> {
    state.set_setting(&key, value)
}

#[tauri::command]
pub fn new_game(state: AppStateArg, game: String, params: Value) -> AppResult<Snapshot> {
    state.new_game(kind(&game)?, params)
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

#[tauri::command]
pub fn redo(state: AppStateArg, game: String) -> AppResult<Snapshot> {
    state.redo(kind(&game)?)
}

#[tauri::command]
pub fn pause(state: AppStateArg, game: String) -> AppResult<Snapshot> {
    state.pause(kind(&game)?)
}

#[tauri::command]
pub fn resume(state: AppStateArg, game: String) -> AppResult<Snapshot> {
    state.resume(kind(&game)?)
}

#[tauri::command]
pub fn replay(state: AppStateArg, game: String) -> AppResult<Snapshot> {
    state.replay(kind(&game)?)
}

#[tauri::command]
pub fn submit_record_name(state: AppStateArg, id: i64, name: String) -> AppResult<()> {
    state.name_record(id, &name)
}

#[tauri::command]
pub fn fit_window<R: Runtime>(window: WebviewWindow<R>, width: f64, height: f64) -> AppResult<()> {
    window::fit(&window, width, height)
}

#[tauri::command]
pub fn statistics(state: AppStateArg, game: String, category: String) -> AppResult<CategoryStats> {
    state.statistics(kind(&game)?, &category)
}

#[tauri::command]
pub fn hall_of_fame(state: AppStateArg, game: String) -> AppResult<Vec<HallCategory>> {
    state.hall_of_fame(kind(&game)?)
}
