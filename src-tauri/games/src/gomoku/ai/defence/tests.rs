use super::super::super::board::Point;
use super::super::super::Rule;
use super::super::eval;
use super::*;

fn position(rule: Rule, black: &[&str], white: &[&str]) -> Position {
    Position::of(&super::super::tests::game_under(rule, black, white))
}

fn names(list: &[Candidate]) -> Vec<String> {
    let mut names: Vec<String> = list.iter().map(|c| Point::from_index(c.point).notation()).collect();
    names.sort();
    names
}

/// The answers to black's five points for white (to move).
fn five_stops(rule: Rule, black: &[&str], white: &[&str]) -> Vec<String> {
    let pos = position(rule, black, white);
    let mut list = Vec::new();
    let scan = eval::scan(&pos, &mut list);
    keep_five_stops(&pos, &mut list, scan.their_five.expect("black has a four"));
    names(&list)
}

#[test]
fn a_caro_four_is_stopped_on_its_point_or_beyond_its_end() {
    // D8 (white) E8 F8 G8 H8 (black): I8 makes five; J8 would leave it between white stones.
    let (black, white) = (["E8", "F8", "G8", "H8"], ["D8", "A1", "A3"]);
    assert_eq!(five_stops(Rule::Caro, &black, &white), ["I8", "J8"]);
    assert_eq!(five_stops(Rule::Freestyle, &black, &white), ["I8"]);
}

#[test]
fn one_stone_can_stop_two_caro_fives() {
    // C8 (white) . E8-H8 (black) . J8 (white): D8 and I8 each make five, and a white stone on
    // either leaves the other between two white stones.
    let (black, white) = (["E8", "F8", "G8", "H8"], ["C8", "J8", "A1"]);
    assert_eq!(five_stops(Rule::Caro, &black, &white), ["D8", "I8"]);
    let pos = position(Rule::Caro, &black, &white);
    let mut list = Vec::new();
    let scan = eval::scan(&pos, &mut list);
    assert_eq!(scan.their_fives, 2);
    assert!(five_stop(&pos, &list, scan.their_five.unwrap()).is_some());
    // Under freestyle the same four is open: only its first point is kept, and it is lost.
    assert_eq!(five_stops(Rule::Freestyle, &black, &white), ["D8"]);
}

#[test]
fn a_five_against_the_edge_has_no_stop_beyond_it() {
    // A8 is the edge's side: B8-E8 black, F8 white; A8 makes five, and nothing lies beyond it.
    let (black, white) = (["B8", "C8", "D8", "E8"], ["F8", "O1", "O3"]);
    assert_eq!(five_stops(Rule::Caro, &black, &white), ["A8"]);
}

#[test]
fn threats_are_answered_from_beyond_too() {
    // Black's open three F8-H8 with a white stone on C8. Under Caro white's D8 answers it (then
    // I8 makes a four that J8 stops: E8 would leave D8-J8's five blocked); the answers are a
    // superset of freestyle's.
    let (black, white) = (["F8", "G8", "H8"], ["C8", "A1"]);
    let answers = |rule| {
        let pos = position(rule, &black, &white);
        let mut list = Vec::new();
        let scan = eval::scan(&pos, &mut list);
        assert!(scan.they_threaten, "{rule:?}");
        keep_threat_answers(&pos, &mut list);
        names(&list)
    };
    let (caro, free) = (answers(Rule::Caro), answers(Rule::Freestyle));
    assert!(free.iter().all(|p| caro.contains(p)), "{caro:?} {free:?}");
    assert!(caro.contains(&"D8".to_string()), "{caro:?}");
}
