//! The player's engines: each a Gomocup brain added through the native open dialog, with what it
//! said of itself and what it passed (`engines::check`). Kept in the store under the setting
//! `engines`, which the page cannot write (it is no page setting: `settings::validate` refuses
//! the key), so a path only ever comes from the dialog.

use crate::error::{AppError, AppResult, EngineTrouble};
use crate::store::Store;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The setting the list is kept under.
const KEY: &str = "engines";

/// One engine, e.g. `{"id":"pbrain-rapfi","path":"/opt/rapfi/pbrain-rapfi","name":"Rapfi",
/// "version":"2024","rules":["freestyle","renju"],"swap2":true,"nbest":true}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EngineEntry {
    /// Its name in games (`EngineSeat::id`): the program's file name, made unique.
    pub id: String,
    pub path: PathBuf,
    pub name: String,
    pub version: String,
    /// The rules it played a first move under, by their names in the game's params.
    pub rules: Vec<String>,
    /// The boards (intersections a side) it played a first move on; 15x15 only for engines
    /// listed before 20x20 was asked about, until added again.
    #[serde(default = "fifteen_only")]
    pub sizes: Vec<u8>,
    /// Whether it answers Swap2's `SWAP2BOARD`.
    pub swap2: bool,
    /// Whether it gives several best lines when asked by Yixin's `YXNBEST` (`engines::check`);
    /// false for engines listed before the question was asked, until added again.
    #[serde(default)]
    pub nbest: bool,
}

fn fifteen_only() -> Vec<u8> {
    vec![15]
}

/// The engines, in the order added.
pub fn list(store: &Store) -> AppResult<Vec<EngineEntry>> {
    let stored = store.load_settings()?.remove(KEY).unwrap_or(Value::Null);
    Ok(serde_json::from_value(stored).unwrap_or_default())
}

/// The engine `id`.
pub fn find(store: &Store, id: &str) -> AppResult<EngineEntry> {
    list(store)?
        .into_iter()
        .find(|entry| entry.id == id)
        .ok_or_else(|| AppError::engine(EngineTrouble::NoSuchEngine, id))
}

/// What an engine can do, as its checks found: the rules it plays, Swap2, several best lines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Abilities {
    pub rules: Vec<String>,
    pub sizes: Vec<u8>,
    pub swap2: bool,
    pub nbest: bool,
}

/// Adds the program at `path` (again: replaces the entry of the same path, keeping its id).
pub fn add(
    store: &Store,
    path: &Path,
    name: String,
    version: String,
    abilities: Abilities,
) -> AppResult<Vec<EngineEntry>> {
    let Abilities { rules, sizes, swap2, nbest } = abilities;
    let mut engines = list(store)?;
    let id = match engines.iter().find(|entry| entry.path == path) {
        Some(entry) => entry.id.clone(),
        None => unique_id(&engines, path),
    };
    engines.retain(|entry| entry.id != id);
    engines.push(EngineEntry { id, path: path.to_path_buf(), name, version, rules, sizes, swap2, nbest });
    save(store, &engines)?;
    Ok(engines)
}

/// Removes the engine `id`; the games played against it keep its name.
pub fn remove(store: &Store, id: &str) -> AppResult<Vec<EngineEntry>> {
    let mut engines = list(store)?;
    let before = engines.len();
    engines.retain(|entry| entry.id != id);
    if engines.len() == before {
        return Err(AppError::engine(EngineTrouble::NoSuchEngine, id));
    }
    save(store, &engines)?;
    Ok(engines)
}

fn save(store: &Store, engines: &[EngineEntry]) -> AppResult<()> {
    store.save_setting(KEY, &serde_json::to_value(engines).map_err(AppError::bad_argument)?)
}

/// The program's file name, with `-2`, `-3`... if another engine has it.
fn unique_id(engines: &[EngineEntry], path: &Path) -> String {
    let stem: String =
        path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_else(|| "engine".into());
    let stem: String = stem.chars().filter(|c| !c.is_control()).take(40).collect();
    let taken = |id: &str| engines.iter().any(|entry| entry.id == id);
    (1..).map(|n| if n == 1 { stem.clone() } else { format!("{stem}-{n}") }).find(|id| !taken(id)).expect("a free id")
}
