//! What the UI draws: the stones, the move list, the result and the settings.

use super::board::{Board, BoardSize, Colour, Point};
use super::forfeit::Fault;
use super::opening::{Choice, Opening, Phase, Role};
use super::params::{EngineSeat, Opponent};
use super::rules::Rule;
use super::Gomoku;
use crate::game::{Game, Status};
use crate::time_control::TimeControl;
use serde::Serialize;

/// One played stone: `{"x":7,"y":7,"colour":"black","notation":"H8"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveView {
    pub x: u8,
    pub y: u8,
    pub colour: Colour,
    pub notation: String,
}

/// The whole game as the player sees it (Gomoku hides nothing). Serialised in camelCase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct View {
    /// Intersections per side: 15 or 20 ([`BoardSize`]).
    pub size: usize,
    /// `size * size` codes, row by row from the top (index `y * size + x`):
    /// 0 empty, 1 black, 2 white.
    pub stones: Vec<u8>,
    /// Every stone in the order played (the move history).
    pub moves: Vec<MoveView>,
    pub last_move: Option<MoveView>,
    /// The winning five (or more under freestyle) in order along its line; `null` otherwise.
    pub winning_line: Option<Vec<Point>>,
    pub winner: Option<Colour>,
    /// Who plays next; `null` once the game is over. While the Swap2 opening waits for a
    /// choice, the colour of the next stone: `swap2` says who decides.
    pub side_to_move: Option<Colour>,
    /// Whether the next move is the computer's (the UI shows it thinking and ignores clicks).
    pub computer_to_move: bool,
    pub status: Status,
    pub rule: Rule,
    /// Black's forbidden points under Renju while black is to place a stone (drawn as small
    /// crosses; a click there is refused), as `[{"x":7,"y":7}, ...]`; empty otherwise.
    pub forbidden: Vec<Point>,
    pub opening: Opening,
    /// The opening rule's state (Swap2, Swap1, Soosõrv-8, Taraguchi-10: the field keeps the name
    /// it had when Swap2 was the only one); `null` under the standard opening.
    pub swap2: Option<Swap2View>,
    pub opponent: Opponent,
    /// The human's colour against the computer (carried, but meaningless, between two humans).
    /// Under Swap2, until the colours are chosen, the human's part: black for the first player.
    pub human_colour: Colour,
    /// The names of the players holding black and white (under Swap2, until the colours are
    /// chosen, the first player's and the second's).
    pub black_name: String,
    pub white_name: String,
    /// The external engine played against (its name, version and time a move); absent
    /// otherwise, so the views of games from before engines stay as they were.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<EngineSeat>,
    /// The external engine that plays the player's part in a demo (`demo.level` is then
    /// `"engine"`); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub demo_engine: Option<EngineSeat>,
    /// The engine's fault that ended the game (`"timeout"`, `"crash"`...); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<Fault>,
    /// How the game is timed (the clocks themselves are the app's: the snapshot's `clocks`);
    /// absent untimed, so the views of games from before clocks stay as they were.
    #[serde(skip_serializing_if = "TimeControl::is_none")]
    pub time_control: TimeControl,
    /// A demo's state ([`super::demo`]); absent in other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub demo: Option<DemoView>,
}

/// A demo as the page shows it, e.g. `{"level":"hard","playsItself":true,"takenOver":null,
/// "blackRole":"first","whiteRole":"second"}`: the take-over buttons name a colour and send its
/// part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DemoView {
    /// The level playing the player's part, or `"engine"` (the view's `demoEngine`); the other
    /// part is the view's `opponent`.
    pub level: Opponent,
    /// Whether the computer still plays both sides.
    pub plays_itself: bool,
    /// The part the player took over, once they did.
    pub taken_over: Option<Role>,
    /// The part holding black now (before Swap2 settles the colours, the first player's).
    pub black_role: Role,
    pub white_role: Role,
}

/// Whose decision the opening rule waits for and what it may be, e.g.
/// `{"phase":"chooseSide","decider":"second","deciderName":"Ann","computerDecides":false,
/// "choices":["white","black","placeTwo"],"stonesLeft":0,"firstColour":null}`, and under the
/// RIF's rules, when they apply, `"offerCounts":[1,2,...]`, `"offers":[{"x":6,"y":8}]`,
/// `"offersDeclared":2`, `"area":5` (absent otherwise).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Swap2View {
    pub phase: Phase,
    /// The player whose turn it is in the opening; `null` once it is over.
    pub decider: Option<Role>,
    pub decider_name: Option<String>,
    /// Whether the computer makes this decision (the UI shows it thinking).
    pub computer_decides: bool,
    /// The choices open now: `["white","black","placeTwo"]`, `["white","black"]`, or none
    /// while stones are to be placed.
    pub choices: Vec<Choice>,
    /// Stones the decider still places in this phase (3, 2, 1 or 0).
    pub stones_left: usize,
    /// The first player's colour once chosen (under Soosõrv-8 and Taraguchi-10 the colour held
    /// now, which a swap changes).
    pub first_colour: Option<Colour>,
    /// The numbers of fifth moves the decider may declare now (`[1..8]` under Soosõrv-8, `[10]`
    /// under Taraguchi-10 beside placing one fifth move); empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub offer_counts: Vec<u8>,
    /// The fifth moves offered so far (drawn on the board until one is chosen).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub offers: Vec<Point>,
    /// The number of fifth moves declared, once declared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offers_declared: Option<u8>,
    /// The side of the central square the next stone must lie in (1 the centre, 3, 5, 7, 9),
    /// when the rule restricts it now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub area: Option<u8>,
}

impl View {
    pub fn of(game: &Gomoku) -> View {
        let board = game.board();
        let params = game.params();
        let status = game.status();
        let moves: Vec<MoveView> = board
            .history()
            .iter()
            .enumerate()
            .map(|(n, &p)| move_view(board.size(), p, Board::colour_of_move(n)))
            .collect();
        View {
            size: board.size().side(),
            stones: stone_codes(board),
            last_move: moves.last().cloned(),
            moves,
            winning_line: game.winning_line().map(<[Point]>::to_vec),
            winner: game.winner(),
            side_to_move: (!status.is_over()).then(|| game.side_to_move()),
            computer_to_move: game.is_computer_turn(),
            status,
            rule: params.rule,
            forbidden: game.forbidden_points(),
            opening: params.opening,
            swap2: swap2_view(game),
            opponent: params.opponent,
            human_colour: game.human_colour().unwrap_or(params.human_colour),
            black_name: name_of(game, Colour::Black).to_string(),
            white_name: name_of(game, Colour::White).to_string(),
            engine: params.engine.clone(),
            demo_engine: params.demo_engine.clone(),
            forfeit: game.forfeited(),
            time_control: params.time_control,
            demo: demo_view(game),
        }
    }
}

fn demo_view(game: &Gomoku) -> Option<DemoView> {
    Some(DemoView {
        level: game.params().demo?,
        plays_itself: game.plays_itself(),
        taken_over: game.taken_over(),
        black_role: role_holding(game, Colour::Black),
        white_role: role_holding(game, Colour::White),
    })
}

/// The part holding `colour` (before Swap2 settles colours: first is black).
fn role_holding(game: &Gomoku, colour: Colour) -> Role {
    game.role_of(colour).unwrap_or(if colour == Colour::Black { Role::First } else { Role::Second })
}

/// The player's name as given: `black_name` is the first player's, `white_name` the second's.
/// A part of a demo the player took over has the default name of its part ("Black", "White"),
/// no longer the level's.
pub(super) fn name_of_role(game: &Gomoku, role: Role) -> &str {
    if game.taken_over() == Some(role) {
        return if role == Role::First { "Black" } else { "White" };
    }
    match role {
        Role::First => &game.params().black_name,
        Role::Second => &game.params().white_name,
    }
}

/// The name of the player holding `colour` (before Swap2 settles colours: first is black).
fn name_of(game: &Gomoku, colour: Colour) -> &str {
    name_of_role(game, role_holding(game, colour))
}

fn swap2_view(game: &Gomoku) -> Option<Swap2View> {
    let rule = game.opening_rule()?;
    let stones = game.board().stone_count();
    let phase = game.phase();
    let over = game.status().is_over();
    let decider = if over { None } else { game.opening_decider() };
    let deciding = !over && phase != Phase::Done;
    Some(Swap2View {
        phase,
        decider,
        decider_name: decider.map(|role| name_of_role(game, role).to_string()),
        computer_decides: decider.is_some_and(|role| game.seat(role) != super::Seat::Player),
        choices: if deciding { rule.choices(stones) } else { Vec::new() },
        stones_left: rule.stones_left(stones),
        first_colour: rule.first_colour(),
        offer_counts: if deciding { rule.offer_counts(stones) } else { Vec::new() },
        offers: if phase == Phase::Done { Vec::new() } else { rule.offers().to_vec() },
        offers_declared: rule.offers_declared(),
        area: if deciding { rule.area(stones) } else { None },
    })
}

pub(super) fn move_view(size: BoardSize, p: Point, colour: Colour) -> MoveView {
    MoveView { x: p.x, y: p.y, colour, notation: size.name(p) }
}

fn stone_codes(board: &Board) -> Vec<u8> {
    board.points().map(|p| board.get(p).map_or(0, Colour::code)).collect()
}
