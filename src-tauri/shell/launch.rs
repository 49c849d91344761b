//! What a launch asked for besides the window (`pastimes --game ID`, a launcher's action): the
//! first launch's game is the page's first screen; a later launch's is opened in the running
//! window, which comes to the front.

use crate::shell::single_instance::Ask;
use crate::shell::window;
use pastimes_games::GameKind;
use std::sync::Mutex;
use tauri::{AppHandle, Emitter, Runtime};

/// The game this launch asked to open, until the page takes it for its first screen.
#[derive(Default)]
pub struct Launch(Mutex<Option<GameKind>>);

impl Launch {
    pub fn new(game: Option<GameKind>) -> Launch {
        Launch(Mutex::new(game))
    }

    /// The game asked for, once: a page that starts again shows where the player left it.
    pub fn take(&self) -> Option<GameKind> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take()
    }
}

/// A later launch on the same data folder asked this Pastimes: the window comes to the front and
/// opens the game asked for, by the Game menu's own item (`open-{game}`), as a player's click on it.
pub fn heard<R: Runtime>(app: &AppHandle<R>, ask: Ask) {
    window::bring_to_front(app);
    if let Ask::Open(kind) = ask {
        if let Err(error) = app.emit("menu", format!("open-{}", kind.as_str())) {
            eprintln!("pastimes: could not open {} as asked: {error}", kind.as_str());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_asked_for_is_taken_once() {
        let kind = GameKind::all().next().unwrap();
        let launch = Launch::new(Some(kind));
        assert_eq!(launch.take(), Some(kind));
        assert_eq!(launch.take(), None);
        assert_eq!(Launch::default().take(), None);
    }
}
