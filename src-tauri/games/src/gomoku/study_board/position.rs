//! The study board's position: stones placed for both sides in turn under one of the rules, on
//! 15x15 or 20x20, taken back, cleared, or set from a list of stones (a pasted game, a file, a game's
//! review at some move). It is never a game anyone plays: no opponent, no clock, no record, so
//! it never ranks. The engine's look at it is [`super::super::ai::analysis`], in rounds
//! (`engine.rs`).
//!
//! Every change goes through the rules, so the board holds only positions a game could reach:
//! under Renju black's forbidden points are refused here as in play, and a board where a side
//! has five takes no more stones until one is taken back.

use crate::game::{Game, RuleError};
use crate::gomoku::board::{BoardSize, Colour, Point};
use crate::gomoku::{Gomoku, Move, Opponent, Params, Rule};

/// The stones of a study board and the rule they are played under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    game: Gomoku,
}

/// A list of stones that the rules refuse, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// The stone's number in the list, from 1.
    pub number: usize,
    pub point: Point,
    pub error: RuleError,
    /// The board it was refused on (the point may be off it).
    pub size: BoardSize,
}

impl Position {
    /// An empty board of `size` under `rule`; refused for a board the rule is not played on
    /// (Renju on 20x20).
    pub fn new(rule: Rule, size: BoardSize) -> Result<Position, RuleError> {
        let params = Params { rule, size, opponent: Opponent::Human, ..Params::default() };
        Ok(Position { game: Gomoku::new(&params, 0)? })
    }

    /// This empty board after `stones`, black first and then in turn; refused (and nothing
    /// made) at the first stone the rules refuse, one off this board too.
    pub fn with_stones(self, stones: &[Point]) -> Result<Position, Refused> {
        let mut game = self.game;
        let size = game.board().size();
        for (index, &point) in stones.iter().enumerate() {
            game.play(point.into()).map_err(|error| Refused { number: index + 1, point, error, size })?;
        }
        Ok(Position { game })
    }

    /// Places the side to move's stone; on error nothing changes.
    pub fn place(&mut self, mv: Move) -> Result<Colour, RuleError> {
        self.game.play(mv)
    }

    /// Takes the last stone back.
    pub fn take_back(&mut self) -> Result<(), RuleError> {
        self.game.undo().map(|_| ()).ok_or(RuleError::Illegal("nothing to take back"))
    }

    /// The same stones under another rule or on another board: `Ok(Err(..))` (and nothing
    /// changes) when the new rule forbids one of them or it is off the new board; `Err` for a
    /// board the rule is not played on.
    pub fn set_rules(&mut self, rule: Rule, size: BoardSize) -> Result<Result<(), Refused>, RuleError> {
        let empty = Position::new(rule, size)?;
        Ok(empty.with_stones(self.game.moves()).map(|position| *self = position))
    }

    pub fn size(&self) -> BoardSize {
        self.game.board().size()
    }

    pub fn game(&self) -> &Gomoku {
        &self.game
    }

    pub fn rule(&self) -> Rule {
        self.game.rule()
    }

    pub fn stones(&self) -> &[Point] {
        self.game.moves()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(names: &[&str]) -> Vec<Point> {
        names.iter().map(|name| Point::parse_notation(name).unwrap()).collect()
    }

    fn empty(rule: Rule) -> Position {
        Position::new(rule, BoardSize::Fifteen).unwrap()
    }

    #[test]
    fn stones_alternate_from_black_and_are_taken_back() {
        let mut board = empty(Rule::Freestyle);
        assert_eq!(board.place(Move { x: 7, y: 7 }), Ok(Colour::Black));
        assert_eq!(board.place(Move { x: 8, y: 7 }), Ok(Colour::White));
        assert_eq!(board.place(Move { x: 8, y: 7 }), Err(RuleError::Illegal("occupied")));
        board.take_back().unwrap();
        assert_eq!(board.stones(), &[Point { x: 7, y: 7 }]);
        board.take_back().unwrap();
        assert_eq!(board.take_back(), Err(RuleError::Illegal("nothing to take back")));
    }

    #[test]
    fn a_list_of_stones_is_refused_at_its_first_illegal_stone() {
        let refused = empty(Rule::Freestyle).with_stones(&points(&["H8", "J9", "H8"])).unwrap_err();
        assert_eq!((refused.number, refused.point.notation()), (3, "H8".to_string()));
    }

    #[test]
    fn a_five_ends_the_play_until_a_stone_is_taken_back() {
        let stones = points(&["D8", "D9", "E8", "E9", "F8", "F9", "G8", "G9", "H8"]);
        let mut board = empty(Rule::Freestyle).with_stones(&stones).unwrap();
        assert_eq!(board.game().view().winner, Some(Colour::Black));
        assert_eq!(board.place(Move { x: 0, y: 0 }), Err(RuleError::GameOver));
        board.take_back().unwrap();
        assert_eq!(board.place(Move { x: 0, y: 0 }), Ok(Colour::Black));
    }

    #[test]
    fn a_rule_that_forbids_a_stone_on_the_board_is_refused_and_changes_nothing() {
        // Black's F8 makes a double three (open threes across row 8 and down column F).
        let stones = points(&["G8", "A1", "H8", "A3", "F10", "A5", "F9", "A7", "F8"]);
        let mut board = empty(Rule::Freestyle).with_stones(&stones).unwrap();
        let refused = board.set_rules(Rule::Renju, BoardSize::Fifteen).unwrap().unwrap_err();
        assert_eq!(refused.number, 9);
        assert_eq!((board.rule(), board.stones().len()), (Rule::Freestyle, 9));
        board.take_back().unwrap();
        board.set_rules(Rule::Renju, BoardSize::Fifteen).unwrap().unwrap();
        assert!(board.game().view().forbidden.contains(&Point::parse_notation("F8").unwrap()));
    }

    /// The stones go to a 20x20 board and back while they fit; Renju is refused on 20x20.
    #[test]
    fn the_board_grows_to_twenty_and_back_while_the_stones_fit() {
        let mut board = empty(Rule::Freestyle).with_stones(&points(&["H8", "J9"])).unwrap();
        board.set_rules(Rule::Freestyle, BoardSize::Twenty).unwrap().unwrap();
        assert_eq!((board.size(), board.stones().len()), (BoardSize::Twenty, 2));
        assert_eq!(board.game().view().size, 20);
        board.place(Move { x: 19, y: 19 }).unwrap();
        let refused = board.set_rules(Rule::Freestyle, BoardSize::Fifteen).unwrap().unwrap_err();
        assert_eq!(
            (refused.number, refused.error.clone()),
            (3, RuleError::OutOfBoard { x: 19, y: 19, width: 15, height: 15 })
        );
        assert_eq!(board.size(), BoardSize::Twenty, "nothing changed");
        assert_eq!(board.set_rules(Rule::Renju, BoardSize::Twenty), Err(RuleError::Illegal("renjuIs15x15")));
        assert_eq!(Position::new(Rule::Renju, BoardSize::Twenty).unwrap_err(), RuleError::Illegal("renjuIs15x15"));
    }
}
