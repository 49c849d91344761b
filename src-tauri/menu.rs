//! The native menu bar. Every item but Quit is forwarded to the page as a `menu` event, whose
//! handlers are the same functions the page's own buttons call, so both paths are one.

use tauri::menu::{Menu, MenuBuilder, MenuItemBuilder, PredefinedMenuItem, SubmenuBuilder};
use tauri::{AppHandle, Emitter, Runtime};

pub const QUIT: &str = "quit";

pub fn build<R: Runtime>(app: &AppHandle<R>) -> tauri::Result<Menu<R>> {
    let item = |id: &str, label: &str, accelerator: Option<&str>| {
        let builder = MenuItemBuilder::with_id(id, label);
        match accelerator {
            Some(keys) => builder.accelerator(keys).build(app),
            None => builder.build(app),
        }
    };
    let game = SubmenuBuilder::new(app, "Game")
        .item(&item("new-game", "New Game", Some("F2"))?)
        .separator()
        .item(&item("open-minesweeper", "Minesweeper", None)?)
        .item(&item("open-bubbles", "Bubble Breaker", None)?)
        .item(&item("open-gomoku", "Gomoku", None)?)
        .separator()
        .item(&item("hall-of-fame", "Hall of Fame", None)?)
        .item(&item("home", "All Games", None)?)
        .separator()
        .item(&item(QUIT, "Quit", Some("CmdOrCtrl+Q"))?)
        .build()?;
    let help = SubmenuBuilder::new(app, "Help")
        .item(&item("how-to-play", "How to Play", Some("F1"))?)
        .item(&PredefinedMenuItem::separator(app)?)
        .item(&item("about", "About Pastimes", None)?)
        .build()?;
    MenuBuilder::new(app).items(&[&game, &help]).build()
}

/// Quits, or tells the page which item was chosen.
pub fn handle<R: Runtime>(app: &AppHandle<R>, id: &str) {
    if id == QUIT {
        app.exit(0);
    } else if let Err(error) = app.emit("menu", id) {
        eprintln!("pastimes: could not forward the menu item {id}: {error}");
    }
}
