use super::super::super::board::Point;
use super::super::super::{Gomoku, Params};
use super::*;
use crate::game::Game;

fn position(black: &[&str], white: &[&str]) -> Position {
    let mut game = Gomoku::new(&Params::default(), 0).unwrap();
    for i in 0..black.len().max(white.len()) {
        for side in [black, white] {
            if let Some(name) = side.get(i) {
                game.play(Point::parse_notation(name).unwrap().into()).unwrap();
            }
        }
    }
    Position::of(&game)
}

fn at(name: &str) -> usize {
    Point::parse_notation(name).unwrap().index()
}

#[test]
fn finds_a_four_that_leads_to_an_open_four() {
    // Black's E8-G8 is closed by D8, so H8 is only a four; but it also joins H5 H6 into a
    // split three, and after White's forced block on I8, H7 makes an open four.
    let mut pos = position(&["E8", "F8", "G8", "H5", "H6"], &["D8", "A1", "A3", "O15", "O13"]);
    let mut scratch = Vec::new();
    assert!(eval::scan(&pos, &mut scratch).my_unstoppable.is_none(), "not won in one");
    let never = AtomicBool::new(false);
    let first = Forced::new(Kind::Fours, 10_000, None, &never).find(&mut pos, 4);
    assert_eq!(first, Some(at("H8")));
    // White, were it to move here instead, has no fours at all.
    pos.pass();
    assert_eq!(Forced::new(Kind::Fours, 10_000, None, &never).find(&mut pos, 4), None);
    assert_eq!(Forced::new(Kind::FoursAndThrees, 10_000, None, &never).find(&mut pos, 4), None);
}

#[test]
fn no_fours_no_win() {
    let mut pos = position(&["H8", "J9"], &["A1", "O15"]);
    let before = pos.hash();
    let never = AtomicBool::new(false);
    assert_eq!(Forced::new(Kind::Fours, 10_000, None, &never).find(&mut pos, 8), None);
    assert_eq!(pos.hash(), before);
}

#[test]
fn finds_a_double_three_by_threes_only() {
    // H8 makes two open threes (F8 G8 H8 across, H6 H7 H8 down): White can block only one, and
    // the other becomes an open four. No fours are on the board, so no win by fours alone.
    let mut pos = position(&["F8", "G8", "H6", "H7"], &["A1", "A3", "O15", "O13"]);
    let never = AtomicBool::new(false);
    assert_eq!(Forced::new(Kind::Fours, 20_000, None, &never).find(&mut pos, 8), None);
    let mut vct = Forced::new(Kind::FoursAndThrees, 50_000, None, &never);
    assert!(vct.find(&mut pos, 3).is_some());
    let line = vct.line(&mut pos, 3);
    // Attacker's moves and answers alternate, and the attacker ends with five.
    assert_eq!(line.len() % 2, 1, "{line:?}");
    let mut scratch = Vec::new();
    for &p in &line[..line.len() - 1] {
        pos.make(p);
    }
    assert_eq!(eval::scan(&pos, &mut scratch).my_five, Some(line[line.len() - 1]));
}

#[test]
fn under_caro_a_four_has_two_answers_and_a_blocked_five_is_no_threat() {
    use super::super::super::Rule;
    let under =
        |rule: Rule, black: &[&str], white: &[&str]| Position::of(&super::super::tests::game_under(rule, black, white));
    // White (to move) answers black's four E8-H8 (D8 white) on I8 or beyond it on J8.
    let pos = under(Rule::Caro, &["E8", "F8", "G8", "H8"], &["D8", "A1", "A3"]);
    let mut list = Vec::new();
    let scan = eval::scan(&pos, &mut list);
    let mut answers: Vec<usize> = defences(&pos, &scan, &mut list, Kind::Fours).iter().map(|c| c.point).collect();
    answers.sort();
    assert_eq!(answers, [at("I8"), at("J8")]);
    // Black to move with D8 E8 F8 G8 between C8 and I8 (white): H8 would be a blocked five, so
    // black has no four there and no win by fours.
    let mut pos = under(Rule::Caro, &["D8", "E8", "F8", "G8", "A15"], &["C8", "I8", "O1", "O3"]);
    let never = AtomicBool::new(false);
    assert_eq!(Forced::new(Kind::Fours, 10_000, None, &never).find(&mut pos, 4), None);
    assert!(eval::scan(&pos, &mut list).my_five.is_none());
}
