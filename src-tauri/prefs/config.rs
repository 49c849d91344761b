//! Where the app keeps its data: from the command line (`command_line.rs`), the environment or
//! the XDG default.

use std::path::PathBuf;

/// Where the app keeps its data and how it deals boards.
#[derive(Debug, Clone)]
pub struct Config {
    pub data_dir: PathBuf,
    /// Deal every new game from this seed (tests and bug reports); random otherwise.
    pub fixed_seed: Option<u64>,
}

/// The app's identifier, as in tauri.conf.json: the name of its folder in the data dir.
const IDENTIFIER: &str = "org.pastimes.Pastimes";

/// The data folder given on the command line (`--data-dir`), else `PASTIMES_DATA_DIR`, else the
/// XDG default; and, in debug and test builds only, `PASTIMES_SEED`, which deals every game from
/// one seed.
pub fn from_environment(data_dir: Option<PathBuf>) -> Result<Config, String> {
    let data_dir = match data_dir {
        Some(dir) => dir,
        None => match std::env::var_os("PASTIMES_DATA_DIR").filter(|v| !v.is_empty()) {
            Some(dir) => PathBuf::from(dir),
            None => default_data_dir()?,
        },
    };
    let fixed_seed = fixed_seed(std::env::var("PASTIMES_SEED").ok(), cfg!(debug_assertions))?;
    Ok(Config { data_dir, fixed_seed })
}

/// The seed every game is dealt from, if `PASTIMES_SEED` names one. A release build ignores it:
/// a board the player has seen before must never reach the hall of fame.
fn fixed_seed(text: Option<String>, debug_build: bool) -> Result<Option<u64>, String> {
    match text {
        Some(text) if debug_build => {
            text.parse().map(Some).map_err(|_| format!("PASTIMES_SEED must be a whole number, not {text:?}"))
        }
        Some(_) => {
            eprintln!("pastimes: PASTIMES_SEED is only honoured by debug builds; dealing random boards");
            Ok(None)
        }
        None => Ok(None),
    }
}

/// What Tauri's `app_data_dir()` gives on Linux: `$XDG_DATA_HOME` or `~/.local/share`, then the
/// identifier. Computed here because the store opens before the app is built.
fn default_data_dir() -> Result<PathBuf, String> {
    let base = match std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => {
            PathBuf::from(std::env::var_os("HOME").ok_or("neither XDG_DATA_HOME nor HOME is set")?).join(".local/share")
        }
    };
    Ok(base.join(IDENTIFIER))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_seed_is_for_debug_builds_only() {
        assert_eq!(fixed_seed(Some("42".into()), true), Ok(Some(42)));
        assert!(fixed_seed(Some("forty".into()), true).is_err());
        assert_eq!(fixed_seed(Some("42".into()), false), Ok(None), "a release build deals random boards");
        assert_eq!(fixed_seed(None, true), Ok(None));
    }
}
