//! A position for the analysis board from text: a list of stones as the board names them
//! (`H8 I9 J10`, with or without move numbers), or a whole Pastimes record of a Gomoku game
//! (the same texts Gomoku's "Paste position" reads, [`pasted_moves`]), or a Gomocup `.psq`
//! game (read by [`psq`], under the rule the file gives, freestyle when it names none). A Swap2
//! opening's decisions in a record are skipped: the board only holds the stones, which
//! alternate from black under Swap2 as under the standard opening.

use crate::error::{AppError, AppResult};
use crate::records::pasted_moves;
use crate::records::record_text::ImportError;
use pastimes_games::gomoku::analysis_board::{AnalysisBoard, Refused};
use pastimes_games::gomoku::psq;
use pastimes_games::gomoku::{Action, Gomoku, Params, Point, Rule};

/// The board with the stones `text` names, under `rule`.
pub fn board_of(rule: Rule, text: &str) -> AppResult<AnalysisBoard> {
    if text.trim_start().starts_with(psq::MAGIC) {
        let (rule, moves) = psq::rule_and_moves(text).map_err(pastimes_games::FormatError::from)?;
        let stones: Vec<Point> = moves.into_iter().filter_map(|mv| Point::new(mv.x, mv.y)).collect();
        return AnalysisBoard::with_stones(rule, &stones).map_err(|refused| refusal(refused).into());
    }
    let stones = stones_of(text)?;
    AnalysisBoard::with_stones(rule, &stones).map_err(|refused| refusal(refused).into())
}

/// The stones of `text`, in order.
fn stones_of(text: &str) -> AppResult<Vec<Point>> {
    let blank = pastimes_games::new_game::<Gomoku>(&serde_json::to_value(Params::default()).unwrap_or_default(), 0)?;
    let moves = pasted_moves::read(blank.as_ref(), text)?;
    Ok(moves
        .into_iter()
        .filter_map(|(_, value)| match serde_json::from_value(value) {
            Ok(Action::Stone(mv)) => Point::new(mv.x, mv.y),
            _ => None,
        })
        .collect())
}

/// A stone the rules refuse, as the import error a pasted game gets.
pub fn refusal(refused: Refused) -> ImportError {
    let reason = match refused.error {
        pastimes_games::RuleError::Illegal(why) => why.to_string(),
        other => other.to_string(),
    };
    ImportError::IllegalMove { number: refused.number, text: refused.point.notation(), reason }
}

/// The rule named `name` (`freestyle`, `exactFive`, `renju`).
pub fn rule_named(name: &str) -> AppResult<Rule> {
    serde_json::from_value(serde_json::Value::String(name.into()))
        .map_err(|_| AppError::BadArgument(format!("unknown rule {name:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_list_and_a_record_give_the_same_stones() {
        let board = board_of(Rule::Freestyle, "1. H8 2. I9, J10").unwrap();
        let names: Vec<String> = board.stones().iter().map(|p| p.notation()).collect();
        assert_eq!(names, ["H8", "I9", "J10"]);
    }

    #[test]
    fn an_occupied_point_or_a_word_that_is_no_stone_is_refused_by_number() {
        let error = board_of(Rule::Freestyle, "H8 I9 H8").unwrap_err();
        assert!(error.to_string().contains("move 3 (H8)"), "{error}");
        match board_of(Rule::Freestyle, "H8 Z99") {
            Err(AppError::Import { code, .. }) => assert_eq!(code, "record_illegal_move"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_gomocup_game_sets_up_its_stones_under_its_rule() {
        let text = "Piskvorky 15x15, 11:11, 0\n8,8,100\n9,9,120\n8,9,90\nrule: renju\n";
        let board = board_of(Rule::Freestyle, text).unwrap();
        let names: Vec<String> = board.stones().iter().map(|p| p.notation()).collect();
        assert_eq!((board.rule(), names.len()), (Rule::Renju, 3));
        match board_of(Rule::Freestyle, "Piskvorky 20x20, 11:11, 0\n1,1,0\n") {
            Err(AppError::Import { code, .. }) => assert_eq!(code, "psq_board_size"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_rule_is_named_as_the_games_settings_name_it() {
        assert_eq!(rule_named("exactFive").unwrap(), Rule::ExactFive);
        assert!(matches!(rule_named("go"), Err(AppError::BadArgument(_))));
    }
}
