//! The opening rules played through the game: Swap1 under every rule, Soosõrv-8 and
//! Taraguchi-10 under Renju, by two people and by the computer in either part; the refusals;
//! and any sequence of legal decisions reaching normal play.

use super::*;
use crate::notation::Written;

fn opening(opening: Opening, rule: Rule, opponent: Opponent, human: Colour) -> Gomoku {
    game(Params { opening, rule, opponent, human_colour: human, ..Params::default() })
}

fn offers(offers: u8) -> Action {
    Action::Offers { offers }
}

/// The record code of an action (the stones' codes are the points, the words follow from 225).
fn code(game: &Gomoku, action: &Action) -> usize {
    match game.write(action).unwrap() {
        Written::Cell { x, y, .. } => y * 15 + x,
        Written::Word(n) => 225 + n,
    }
}

#[test]
fn swap1_under_every_rule_three_stones_then_a_colour() {
    for rule in Rule::ALL {
        let mut game = opening(Opening::Swap1, rule, Opponent::Human, Colour::Black);
        assert_eq!((game.phase(), game.decider()), (Phase::PlaceThree, Some(Role::First)));
        play_all(&mut game, &["H8", "J9", "K10"]);
        assert_eq!((game.phase(), game.decider()), (Phase::Swap, Some(Role::Second)));
        assert_eq!(game.apply(&at("A1")), Err(RuleError::Illegal("choicePending")));
        assert_eq!(game.apply(&choose(Choice::PlaceTwo)), Err(RuleError::Illegal("choice not open")));
        game.apply(&choose(Choice::Black)).unwrap();
        assert_eq!(game.phase(), Phase::Done);
        assert_eq!((game.colour_of(Role::Second), game.side_to_move()), (Some(Colour::Black), Colour::White));
        assert_eq!(game.decider(), Some(Role::First), "the first player took white, which moves");
        assert_eq!(game.category(), format!("{}-human-swap1", rule.as_str()));
    }
}

#[test]
fn the_renju_rules_refuse_other_rules_and_external_engines() {
    for rule in [Rule::Freestyle, Rule::ExactFive, Rule::Caro] {
        for rif in [Opening::Soosorv8, Opening::Taraguchi10] {
            let params = Params { opening: rif, rule, ..Params::default() };
            assert_eq!(Gomoku::new(&params, 1).unwrap_err(), RuleError::Illegal("openingNotForRule"));
        }
    }
    let engine = EngineSeat { id: "pbrain-x".into(), name: "X".into(), version: "1".into(), move_ms: 500 };
    let params =
        Params { opening: Opening::Swap1, opponent: Opponent::Engine, engine: Some(engine), ..Params::default() };
    assert_eq!(Gomoku::new(&params, 1).unwrap_err(), RuleError::Illegal("openingNotForEngine"));
}

#[test]
fn soosorv8_between_two_people_step_by_step() {
    let mut game = opening(Opening::Soosorv8, Rule::Renju, Opponent::Human, Colour::Black);
    // One of the 26 openings: the centre, then within 3x3, then within 5x5.
    assert_eq!(game.apply(&at("A1")), Err(RuleError::Illegal("outsideArea")));
    play_all(&mut game, &["H8"]);
    assert_eq!(game.apply(&at("J10")), Err(RuleError::Illegal("outsideArea")));
    play_all(&mut game, &["I9"]);
    assert_eq!(game.apply(&at("K11")), Err(RuleError::Illegal("outsideArea")));
    play_all(&mut game, &["J10"]);
    assert_eq!((game.phase(), game.decider()), (Phase::Swap, Some(Role::Second)));
    game.apply(&choose(Choice::Black)).unwrap(); // the second player swaps to black
    assert_eq!((game.colour_of(Role::First), game.decider()), (Some(Colour::White), Some(Role::First)));
    assert_eq!(game.apply(&offers(3)), Err(RuleError::Illegal("noOffersNow")));
    play_all(&mut game, &["A15"]); // the 4th anywhere, by the holder of white
    assert_eq!((game.phase(), game.decider()), (Phase::DeclareOffers, Some(Role::First)));
    assert_eq!(game.apply(&offers(9)), Err(RuleError::Illegal("noOffersNow")));
    assert_eq!(game.apply(&at("G7")), Err(RuleError::Illegal("choicePending")));
    game.apply(&offers(2)).unwrap();
    assert_eq!((game.phase(), game.decider()), (Phase::Swap, Some(Role::Second)));
    game.apply(&choose(Choice::Black)).unwrap(); // black keeps black
    assert_eq!((game.phase(), game.decider()), (Phase::Offer, Some(Role::Second)));
    game.apply(&at("G7")).unwrap();
    assert_eq!(game.moves().len(), 4, "an offer is not a move on the board");
    assert_eq!(game.apply(&at("G7")), Err(RuleError::Illegal("symmetricalOffer")));
    game.apply(&at("K9")).unwrap();
    assert_eq!((game.phase(), game.decider()), (Phase::PickOffer, Some(Role::First)));
    let view = game.view().swap2.unwrap();
    assert_eq!(view.offers.len(), 2);
    assert!(game.forbidden_points().is_empty(), "no crosses while white picks");
    assert_eq!(game.apply(&at("F6")), Err(RuleError::Illegal("notOffered")));
    game.apply(&at("K9")).unwrap();
    assert_eq!((game.phase(), game.moves().len(), game.side_to_move()), (Phase::Done, 5, Colour::White));
    assert_eq!(game.decider(), Some(Role::First), "white plays the 6th");
    assert!(game.view().swap2.unwrap().offers.is_empty());
    play_all(&mut game, &["O1"]);
    // Undo walks every decision back.
    let mut undone = 0;
    while game.undo().is_some() {
        undone += 1;
    }
    assert_eq!((undone, game.phase()), (11, Phase::PlaceThree));
}

#[test]
fn taraguchi10_one_fifth_move_or_ten_offers() {
    let mut game = opening(Opening::Taraguchi10, Rule::Renju, Opponent::Human, Colour::Black);
    assert_eq!(game.apply(&at("H9")), Err(RuleError::Illegal("outsideArea")));
    play_all(&mut game, &["H8"]);
    for (stones, next, outside) in [(1, "I9", "J9"), (2, "J10", "K10"), (3, "K11", "L11")] {
        assert_eq!(game.phase(), Phase::Swap, "after stone {stones}");
        let mover = game.side_to_move();
        game.apply(&choose(Choice::keep(mover))).unwrap();
        assert_eq!(game.apply(&at(outside)), Err(RuleError::Illegal("outsideArea")));
        play_all(&mut game, &[next]);
    }
    let before_the_swap = game.clone();
    // Choice 1 with its swap: the holder of black takes white, and the new holder of black puts
    // one fifth move within 9x9 (no offers), then a swap.
    game.apply(&choose(Choice::White)).unwrap();
    assert_eq!((game.phase(), game.colour_of(Role::First)), (Phase::PlaceStone, Some(Colour::White)));
    assert_eq!(game.decider(), Some(Role::Second));
    assert_eq!(game.apply(&offers(10)), Err(RuleError::Illegal("noOffersNow")), "a swap was choice 1");
    assert_eq!(game.apply(&at("M12")), Err(RuleError::Illegal("outsideArea")));
    play_all(&mut game, &["G7"]);
    assert_eq!((game.phase(), game.decider()), (Phase::Swap, Some(Role::First)));
    game.apply(&choose(Choice::White)).unwrap();
    assert_eq!(game.phase(), Phase::Done);
    // Black kept: one fifth move (choice 1, its swap declined) or ten offers (choice 2).
    let mut game = before_the_swap;
    game.apply(&choose(Choice::Black)).unwrap();
    assert_eq!((game.phase(), game.decider()), (Phase::FifthOrOffers, Some(Role::First)));
    let mut one_fifth = game.clone();
    play_all(&mut one_fifth, &["G7"]);
    assert_eq!((one_fifth.phase(), one_fifth.decider()), (Phase::Swap, Some(Role::Second)));
    // Choice 2: ten offers anywhere, white picks, no swap.
    assert_eq!(game.apply(&offers(5)), Err(RuleError::Illegal("noOffersNow")));
    game.apply(&offers(10)).unwrap();
    for name in ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1", "J1"] {
        game.apply(&at(name)).unwrap();
    }
    assert_eq!((game.phase(), game.decider()), (Phase::PickOffer, Some(Role::Second)));
    game.apply(&at("C1")).unwrap();
    assert_eq!((game.phase(), game.moves().len()), (Phase::Done, 5));
}

#[test]
fn the_declarations_have_codes_after_the_rulings_and_read_back() {
    let game = opening(Opening::Soosorv8, Rule::Renju, Opponent::Human, Colour::Black);
    for n in 1..=MOST_OFFERS {
        let action = offers(n);
        assert_eq!(code(&game, &action), 234 + usize::from(n), "offers {n}");
        let written = game.write(&action).unwrap();
        assert_eq!(game.read(written), Some(action));
    }
    assert_eq!(game.write(&offers(0)), None);
    assert_eq!(game.write(&offers(11)), None);
    assert_eq!(WORDS[OFFERS_WORD + 9], "offers 10");
}

#[test]
fn decisions_after_the_end_are_refused() {
    let mut game = opening(Opening::Swap1, Rule::Freestyle, Opponent::Human, Colour::Black);
    play_all(&mut game, &["A1", "A2", "B1"]);
    game.apply(&choose(Choice::White)).unwrap();
    play_all(&mut game, &["B2", "C1", "C2", "D1", "D2", "E1"]);
    assert!(game.status().is_over());
    assert_eq!(game.apply(&choose(Choice::White)), Err(RuleError::GameOver));
    assert_eq!(game.apply(&offers(1)), Err(RuleError::GameOver));
}

/// Every decision the opening allows now (the view's choices and counts, and the stones the
/// game accepts), for the property test and the computer's games.
fn legal(game: &Gomoku) -> Vec<Action> {
    let view = game.view().swap2.unwrap();
    let mut actions: Vec<Action> = view.choices.iter().map(|&c| choose(c)).collect();
    actions.extend(view.offer_counts.iter().map(|&n| offers(n)));
    if game.phase().takes_stones() {
        actions.extend(
            crate::gomoku::BoardSize::Fifteen.points().map(Action::from).filter(|a| game.clone().apply(a).is_ok()),
        );
    }
    actions
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 24, ..Default::default() })]

    /// Any sequence of legal decisions of any opening rule reaches normal play, and each can be
    /// taken back to the game before it.
    #[test]
    fn any_legal_decisions_reach_normal_play(
        which in 0usize..4,
        picks in proptest::collection::vec(0usize..10_000, 30),
    ) {
        let (rule_opening, rule) = [
            (Opening::Swap1, Rule::Caro),
            (Opening::Swap2, Rule::ExactFive),
            (Opening::Soosorv8, Rule::Renju),
            (Opening::Taraguchi10, Rule::Renju),
        ][which];
        let mut game = opening(rule_opening, rule, Opponent::Human, Colour::Black);
        for pick in picks {
            if game.phase() == Phase::Done {
                break;
            }
            let actions = legal(&game);
            proptest::prop_assert!(!actions.is_empty(), "stuck in {:?}", game.phase());
            let action = actions[pick % actions.len()];
            let before = game.clone();
            game.apply(&action).unwrap();
            let mut undone = game.clone();
            proptest::prop_assert_eq!(undone.undo(), Some(action));
            proptest::prop_assert_eq!(&undone, &before);
        }
        proptest::prop_assert_eq!(game.phase(), Phase::Done);
        proptest::prop_assert!(game.colour_of(Role::First).is_some());
    }
}

/// The computer plays both parts of every opening rule at every level, to normal play, and only
/// legal decisions.
#[test]
fn the_computer_plays_both_parts_of_every_opening() {
    let cancel = AtomicBool::new(false);
    let rules = [
        (Opening::Swap1, Rule::Freestyle),
        (Opening::Swap1, Rule::Caro),
        (Opening::Soosorv8, Rule::Renju),
        (Opening::Taraguchi10, Rule::Renju),
    ];
    for (rule_opening, rule) in rules {
        for (n, level) in Level::ALL.into_iter().enumerate() {
            let opponent = Opponent::ALL[n + 1];
            // The computer plays one part; the other part is played by the computer too, as a
            // second game's decisions (so both parts are the computer's).
            let mut game =
                opening(rule_opening, rule, opponent, if n % 2 == 0 { Colour::Black } else { Colour::White });
            let mut steps = 0;
            while game.phase() != Phase::Done {
                let action = computer_action(&game, level, &computer::quick(300), &cancel)
                    .unwrap_or_else(|| panic!("no decision in {:?}", game.phase()));
                let open = legal(&game);
                assert!(open.contains(&action), "{action:?} not legal in {:?} ({rule_opening:?})", game.phase());
                game.apply(&action).unwrap();
                steps += 1;
                assert!(steps < 30, "{rule_opening:?} never ends");
            }
            assert!(game.computer_colour().is_some());
        }
    }
}

/// What the positions the computer opens look like: for each opening rule, games whose every
/// opening decision is the computer's (medium, 1,500 nodes a decision), the engine's score for
/// the side to move once the opening is over (master, 10,000 nodes) beside the same after an
/// opening of random legal decisions, and a check of each opening written from the rule texts
/// alone (the areas, the declared count, the offers). A measurement, run by hand:
/// `cargo test -p pastimes-games --lib opening_balance -- --ignored --nocapture`.
#[test]
#[ignore]
fn opening_balance() {
    use rand::Rng;
    let cancel = AtomicBool::new(false);
    let judge = SearchLimits { nodes: Some(10_000), ..computer::quick(10_000) };
    let rules =
        [(Opening::Swap1, Rule::Freestyle), (Opening::Soosorv8, Rule::Renju), (Opening::Taraguchi10, Rule::Renju)];
    for (rule_opening, rule) in rules {
        let (mut computer_sum, mut random_sum, mut games) = (0i64, 0i64, 0i64);
        for seed in 0..24u64 {
            let mut by_computer = game(Params { opening: rule_opening, rule, ..Params::default() });
            by_computer = Gomoku { seed, ..by_computer };
            let mut log = Vec::new();
            while by_computer.phase() != Phase::Done {
                let action = computer_action(&by_computer, Level::Medium, &computer::quick(1_500), &cancel).unwrap();
                by_computer.apply(&action).unwrap();
                log.push(action);
            }
            check_from_the_text(rule_opening, &log);
            let mut random = game(Params { opening: rule_opening, rule, ..Params::default() });
            let mut rng = crate::rng::seeded(seed);
            while random.phase() != Phase::Done {
                let actions = legal(&random);
                let action = actions[rng.random_range(0..actions.len())];
                random.apply(&action).unwrap();
            }
            let score =
                |g: &Gomoku| i64::from(search_level(g, Level::Master, &judge, 1, &cancel).score.clamp(-3000, 3000));
            computer_sum += score(&by_computer).abs();
            random_sum += score(&random).abs();
            games += 1;
        }
        println!(
            "{}: mean |score| after the computer's openings {}, after random legal openings {} ({games} games)",
            rule_opening.as_str(),
            computer_sum / games,
            random_sum / games
        );
    }
}

/// An opening's decisions checked against the rule texts alone (the RIF's, as the modules quote
/// them): the stones' areas, the declared count, the number of offers and the pick among them.
fn check_from_the_text(opening: Opening, log: &[Action]) {
    let centre_square = |p: Point, side: i64| (p.x as i64 - 7).abs() <= side / 2 && (p.y as i64 - 7).abs() <= side / 2;
    let stones: Vec<Point> = log
        .iter()
        .filter_map(
            |a| if let Action::Stone(mv) = a { crate::gomoku::BoardSize::Fifteen.point(mv.x, mv.y) } else { None },
        )
        .collect();
    let declared = log.iter().find_map(|a| if let Action::Offers { offers } = a { Some(*offers) } else { None });
    match opening {
        Opening::Soosorv8 => {
            for (n, side) in [1, 3, 5].into_iter().enumerate() {
                assert!(centre_square(stones[n], side), "stone {} outside {side}x{side}", n + 1);
            }
            let n = declared.expect("Soosõrv-8 declares") as usize;
            assert!((1..=8).contains(&n));
            // Four stones, n offers, then the pick (one of them).
            assert_eq!(stones.len(), 4 + n + 1, "{log:?}");
            assert!(stones[4..4 + n].contains(&stones[4 + n]), "the fifth move is one of the offers");
        }
        Opening::Taraguchi10 => {
            for (n, side) in [1, 3, 5, 7].into_iter().enumerate() {
                assert!(centre_square(stones[n], side), "stone {} outside {side}x{side}", n + 1);
            }
            match declared {
                Some(n) => {
                    assert_eq!(n, 10);
                    assert_eq!(stones.len(), 4 + 10 + 1);
                    assert!(stones[4..14].contains(&stones[14]));
                }
                None => assert!(stones.len() == 5 && centre_square(stones[4], 9), "{log:?}"),
            }
        }
        _ => assert_eq!(stones.len(), 3),
    }
}
