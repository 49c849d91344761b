//! Hosting external Gomoku engines: Gomocup brains (`pbrain-*`), run as Piskvork runs them.
//!
//! - [`process`]: the brain's process, in its own folder, its three pipes the only channel,
//!   output read in bounded lines on a thread, killed with its group when dropped and, on
//!   Linux, by the kernel when Pastimes dies (the parent-death signal);
//! - [`protocol`]: the manager's reading of a brain's lines (which are read, which passed over);
//! - [`brain`]: the commands (`START`, `INFO timeout_turn` / `timeout_match` / `time_left` /
//!   `rule` / `game_type`, `BEGIN`, `BOARD`, `SWAP2BOARD`, `ABOUT`, `END`) with their times,
//!   every failure a fault (no answer in time, an exit, garbage, a flood), and [`Engine`], a
//!   brain on a thread of its own;
//! - [`check`]: what an engine must answer before it is listed;
//! - [`helper`]: an added engine as Gomoku's hint and study board engine, its thinking read by
//!   [`thinking`] (the `MESSAGE` lines Yixin Board reads);
//! - [`turn`]: its turn in a game, its answers checked against the rules (an illegal move is
//!   a fault too), a fault played as its forfeit.
//!
//! Only a program the player chose in the native open dialog is ever run: the list of engines
//! (`prefs::engines`) is written only by that dialog's command, and a game names its engine by
//! its id in the list, never by a path.

pub mod brain;
pub mod check;
pub mod helper;
pub mod process;
pub mod protocol;
pub mod seat;
pub mod thinking;
pub mod turn;

pub use brain::{Engine, Failure};

/// The game whose engines these are: the Gomocup protocol is Gomoku's.
pub const GAME: pastimes_games::GameKind = pastimes_games::gomoku::KIND;

/// The position as `BOARD` tells it: the stones in the order played, each marked whether it is
/// the side to move's own.
pub fn board_stones(game: &pastimes_games::gomoku::Gomoku) -> Vec<(pastimes_games::gomoku::Point, bool)> {
    let own = game.side_to_move();
    game.moves().iter().map(|&p| (p, game.board().get(p) == Some(own))).collect()
}

/// A fault of the hint's engine as the error of its refusal.
pub fn hint_fault_of(fault: pastimes_games::gomoku::Fault) -> crate::error::HintFault {
    use crate::error::HintFault;
    use pastimes_games::gomoku::Fault;
    match fault {
        Fault::Timeout => HintFault::Timeout,
        Fault::Crash => HintFault::Crash,
        Fault::Garbage => HintFault::Garbage,
        Fault::Illegal => HintFault::Illegal,
        Fault::Flood => HintFault::Flood,
    }
}

/// A fault in an engine's checks as the error of its refusal.
pub fn trouble_of(fault: pastimes_games::gomoku::Fault) -> crate::error::EngineTrouble {
    use crate::error::EngineTrouble;
    use pastimes_games::gomoku::Fault;
    match fault {
        Fault::Timeout => EngineTrouble::Timeout,
        Fault::Crash => EngineTrouble::Crash,
        Fault::Garbage => EngineTrouble::Garbage,
        Fault::Illegal => EngineTrouble::Illegal,
        Fault::Flood => EngineTrouble::Flood,
    }
}
