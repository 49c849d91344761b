//! The independent referee of issue #59 (`pastimes_lab::referee`): it agrees with the games
//! crate on the start of games under every opening rule, it notices a game that breaks a rule, and
//! its forbidden points (written from the RIF's definitions) are the game's on random
//! positions. The measurement itself (100 games a rule) is `gomoku_referee` (docs/ENGINES.md).

use pastimes_games::gomoku::board::Board;
use pastimes_games::gomoku::{renju, Action, Choice, Gomoku, Move, Opening, Opponent, Params, Point, Rule};

/// The checks' board: Renju's and the openings', 15x15.
const SIZE: usize = pastimes_games::gomoku::BoardSize::Fifteen.side();
use pastimes_games::Game;
use pastimes_lab::referee::{compare, forbidden, refereed, Referee};
use rand::{Rng, SeedableRng};

fn stone(x: i64, y: i64) -> Action {
    Action::Stone(Move { x, y })
}

#[test]
fn games_under_every_opening_rule_agree_with_the_referee() {
    // Each opening to its longest end (a debug build is slow; the lab's run plays whole games).
    for (rule, opening, actions) in [
        (Rule::Renju, Opening::Soosorv8, 16),
        (Rule::Renju, Opening::Taraguchi10, 20),
        (Rule::Caro, Opening::Swap2, 8),
        (Rule::ExactFive, Opening::Swap1, 6),
    ] {
        let played = refereed::play(rule, opening, 1, 150, &[], actions);
        let checked = &played.checked;
        assert!(checked.illegal.is_empty() && checked.disagreements.is_empty(), "{opening:?}: {checked:?}");
        assert_eq!(played.actions.len(), actions, "{opening:?}: {:?}", played.actions);
        assert!(played.master_colour.is_some(), "{opening:?}: the colours are settled");
    }
}

/// Soosõrv-8 on a position that is its own mirror in the diagonal through the centre: the game
/// and the referee, side by side, refuse the same points at every step (the areas, the
/// declarations, an offer made already and its mirror, a pick not offered).
#[test]
fn the_referee_refuses_what_the_texts_refuse() {
    let params =
        Params { rule: Rule::Renju, opening: Opening::Soosorv8, opponent: Opponent::Human, ..Params::default() };
    let mut game = Gomoku::new(&params, 1).unwrap();
    let mut referee = Referee::new(Rule::Renju, Opening::Soosorv8, SIZE);
    let mut checked = compare::Checked::default();
    let mut play = |action: Action, game: &mut Gomoku, referee: &mut Referee| {
        assert!(compare::play(game, referee, &action, &mut checked), "{action:?}: {checked:?}");
        assert!(checked.disagreements.is_empty(), "{checked:?}");
    };
    assert!(referee.refuses(&stone(8, 7)).is_some(), "the first stone is the centre");
    for action in [stone(7, 7), stone(8, 8)] {
        play(action, &mut game, &mut referee);
    }
    assert_eq!(referee.refuses(&stone(10, 7)), Some("outside the area"), "the third lies in 5x5");
    assert_eq!(referee.refuses(&Action::Choose { choose: Choice::White }), Some("not open now"));
    for action in [stone(9, 9), Action::Choose { choose: Choice::Black }, stone(5, 5)] {
        play(action, &mut game, &mut referee);
    }
    assert!(referee.refuses(&Action::Offers { offers: 9 }).is_some());
    for action in [Action::Offers { offers: 2 }, Action::Choose { choose: Choice::Black }, stone(3, 10)] {
        play(action, &mut game, &mut referee);
    }
    assert_eq!(referee.refuses(&stone(10, 3)), Some("symmetrical to an offer"));
    assert_eq!(referee.refuses(&stone(3, 10)), Some("offered already"));
    assert_eq!(compare::before(&game, &referee), None, "the game refuses the mirror too");
    play(stone(10, 4), &mut game, &mut referee);
    assert_eq!(referee.refuses(&stone(10, 3)), Some("not offered"));
    play(stone(10, 4), &mut game, &mut referee);
    assert_eq!(checked.refused.get("symmetrical to an offer"), Some(&1));
}

#[test]
fn a_game_that_breaks_the_text_is_noticed() {
    // The game under Swap1 beside a referee that reads Swap2: they part at the choice.
    let params =
        Params { rule: Rule::Freestyle, opening: Opening::Swap1, opponent: Opponent::Human, ..Params::default() };
    let mut game = Gomoku::new(&params, 1).unwrap();
    let mut referee = Referee::new(Rule::Freestyle, Opening::Swap2, SIZE);
    for action in [stone(7, 7), stone(8, 8), stone(6, 6)] {
        assert_eq!(compare::before(&game, &referee), None);
        game.apply(&action).unwrap();
        referee.apply(&action);
        assert_eq!(compare::after(&game, &referee), None);
    }
    let parted = compare::before(&game, &referee).expect("Swap2's third choice is not Swap1's");
    assert!(parted.contains("PlaceTwo"), "{parted}");
}

#[test]
fn forbidden_points_are_the_games_on_random_positions() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(59);
    let mut forbidden_seen = 0;
    for _ in 0..40 {
        let mut board = Board::default();
        let mut referee = pastimes_lab::referee::grid::Grid::new(SIZE);
        for _ in 0..rng.random_range(10..50) {
            let p = Point { x: rng.random_range(3..12), y: rng.random_range(3..12) };
            if board.get(p).is_none() {
                let colour = board.place(p);
                referee.set(p.x.into(), p.y.into(), Some(colour));
            }
        }
        for p in board.points().filter(|p| board.get(*p).is_none()) {
            let game = renju::forbidden(&board, p).is_some();
            let text = forbidden::forbidden(&referee, (p.x.into(), p.y.into())).is_some();
            assert_eq!(game, text, "{} on {:?}", p.notation(), board.history());
            forbidden_seen += usize::from(game);
        }
    }
    assert!(forbidden_seen > 20, "{forbidden_seen}");
}
