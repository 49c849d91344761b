//! What a player does with a deal beside playing it: restart it, take its code, and start a game
//! from a code ([`pastimes_games::deal_code`]). Each marks what it shows: whoever has seen a
//! deal before the game is over plays a game that never ranks.

use crate::error::{AppError, AppResult};
use crate::play::live::{self, Host};
use crate::play::session::{Session, Snapshot};
use pastimes_games::{deal_code, DealCode, DealCodeError, GameKind};
use serde::Serialize;
use serde_json::Value;
use std::sync::Arc;

/// A deal's code, as the page shows it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CodeOfDeal {
    pub code: String,
    /// Whether it names the whole deal: false for a Minesweeper board taken before its first
    /// click (the seed only; the mines are laid around the first click of whoever plays it).
    pub complete: bool,
    /// Whether taking it marked the game under way (now assisted: it cannot rank).
    pub marked: bool,
    /// The game under way as it now stands (marked), for the page to show; none for a finished
    /// game's code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub snapshot: Option<Snapshot>,
}

impl CodeOfDeal {
    /// The code of a finished game (nothing to mark).
    pub fn finished(code: &DealCode) -> CodeOfDeal {
        CodeOfDeal { code: code.write(), complete: code.complete(), marked: false, snapshot: None }
    }
}

/// Restarts the game of `kind` from its deal's start (F5), in place of the one under way.
pub fn restart<H: Host>(host: &Arc<H>, kind: GameKind) -> AppResult<Snapshot> {
    let session = {
        let slots = host.slots();
        slots.get(&kind).ok_or(AppError::NoGame(kind))?.session.restart()?
    };
    live::take_the_slot(host, kind, session)
}

/// The code of the game of `kind` under way (or just finished). A game still under way is
/// marked first (saved so): the player now knows the board, or can give it to someone who
/// plays it ahead.
pub fn code_of_game_under_way<H: Host>(host: &Arc<H>, kind: GameKind) -> AppResult<CodeOfDeal> {
    let mut marked = false;
    let mut code = None;
    let snapshot = live::change(host, kind, |slot| {
        let session = &mut slot.session;
        code = Some(session.deal_code()?);
        marked = !session.is_over() && !session.assistance().seen_deal;
        if marked {
            session.mark_seen_deal();
        }
        Ok(marked)
    })?;
    let code = code.expect("set by the change");
    Ok(CodeOfDeal { code: code.write(), complete: code.complete(), marked, snapshot: Some(snapshot) })
}

/// Starts the game a code names ("Open deal..."), marked as a deal seen before. A plain number
/// is a numbered deal of the game and parameters of `setup` (the game on screen, the setup a new
/// game would have); without one it is refused. A text that is no code changes nothing.
pub fn open<H: Host>(host: &Arc<H>, text: &str, setup: Option<(GameKind, Value)>) -> AppResult<Snapshot> {
    let code = match (deal_code::as_number(text), setup) {
        (Some(number), Some((kind, params))) => DealCode::numbered(kind, &params, number)?,
        (Some(_), None) => {
            let reason = "a plain number is a deal of the game on screen: open that game first";
            return Err(DealCodeError::Malformed(reason.into()).into());
        }
        (None, _) => DealCode::read(text)?,
    };
    let session = Session::from_code(&code, host.runtime().time.clone())?;
    live::take_the_slot(host, code.kind, session)
}
