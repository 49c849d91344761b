use super::*;
use crate::registry::GAMES;
use proptest::prelude::*;

/// The games that deal from a seed, each with the parameters of its choices (or its default).
fn dealt_games() -> Vec<(GameKind, Value)> {
    let mut games = Vec::new();
    for &kind in GAMES.iter().filter(|kind| kind.info().deals.is_some()) {
        let info = kind.info();
        games.push((kind, info.default_params()));
        for choice in info.choices.iter().flat_map(|choices| choices.items.iter().map(move |c| (choices.key, c))) {
            let (key, choice) = choice;
            if !choice.asks {
                let mut params = info.default_params();
                params[key] = choice.id.into();
                games.push((kind, params));
            }
        }
    }
    games
}

/// Plays the moves of `codes` that the game takes; returns the moves taken.
fn play(game: &mut dyn AnyGame, codes: &[u32]) -> Vec<Value> {
    let mut taken = Vec::new();
    for &code in codes {
        let Some(mv) = game.code_move(code % game.move_codes().max(1)) else { continue };
        if game.play(&mv).is_ok() {
            taken.push(mv);
        }
    }
    taken
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Deal, code, deal again: the same board. Played as far as some moves first (Minesweeper's
    /// mines are laid then), the game from the code takes the same moves to the same view.
    #[test]
    fn a_deal_written_and_read_deals_the_same_board(
        pick in any::<prop::sample::Index>(),
        seed in any::<u64>(),
        codes in prop::collection::vec(any::<u32>(), 0..6),
    ) {
        let games = dealt_games();
        let (kind, params) = &games[pick.index(games.len())];
        let mut original = kind.info().start_game(params, seed).unwrap();
        let moves = play(original.as_mut(), &codes);
        let code = DealCode::of(original.as_ref(), seed).unwrap();
        let read = DealCode::read(&code.write()).unwrap();
        prop_assert_eq!(&read, &code);
        let mut again = read.deal().unwrap();
        for mv in &moves {
            again.play(mv).unwrap();
        }
        // The same board; Minesweeper's game from a played board's code says it is a replay.
        let board = |game: &dyn AnyGame| {
            let mut view = game.view();
            view.as_object_mut().map(|fields| fields.remove("isReplay"));
            view
        };
        prop_assert_eq!(board(again.as_ref()), board(original.as_ref()));
        // The code names the whole deal once the board is laid (Minesweeper's at its first open).
        let laid_later = kind.info().deals.unwrap().laid_at_first_move;
        prop_assert_eq!(read.complete(), !laid_later || original.replay_params().is_some());
    }

    /// Any text survives a quoted value (markup, separators, other scripts).
    #[test]
    fn any_text_value_comes_back_as_it_was(text in ".{0,40}") {
        let written = write_text(&text);
        prop_assert!(!written.contains([',', '#', '=', ':']), "{}", written);
        prop_assert_eq!(read_value(&written).unwrap(), Value::String(text));
    }

    /// No text makes the reader panic; what it takes, it writes back the same.
    #[test]
    fn any_text_is_read_or_refused(text in ".{0,80}") {
        if let Ok(code) = DealCode::read(&text) {
            prop_assert_eq!(DealCode::read(&code.write()).unwrap(), code);
        }
    }
}

#[test]
fn the_modules_example_reads_as_an_expert_no_guess_board() {
    let code =
        DealCode::read("  minesweeper:firstClick=opensArea,level=expert,noGuess,questionMarks#2f9c1e\n").unwrap();
    assert_eq!(code.kind, crate::minesweeper::KIND);
    assert_eq!(code.seed, 0x2f_9c1e);
    assert_eq!(code.params["level"], "expert");
    assert_eq!(code.params["noGuess"], true);
    assert!(!code.complete(), "before the first click, the seed only");
    assert_eq!(code.write(), "minesweeper:firstClick=opensArea,level=expert,noGuess,questionMarks#2f9c1e");
}

#[test]
fn a_played_minesweeper_board_names_its_first_click() {
    let params = serde_json::json!({"level": "beginner"});
    let mut game = crate::minesweeper::KIND.info().start_game(&params, 9).unwrap();
    game.play(&serde_json::json!({"action": "open", "x": 4, "y": 4})).unwrap();
    let text = DealCode::of(game.as_ref(), 9).unwrap().write();
    assert!(text.contains("replayOf.x=4,replayOf.y=4"), "{text}");
    assert!(DealCode::read(&text).unwrap().complete());
}

#[test]
fn a_numbered_deal_is_the_new_game_of_that_seed() {
    assert_eq!(as_number(" 12345 "), Some(12345));
    for text in ["", "12a", "-3", "99999999999999999999999"] {
        assert_eq!(as_number(text), None, "{text}");
    }
    for (kind, params) in dealt_games() {
        let code = DealCode::numbered(kind, &params, 12345).unwrap();
        let fresh = kind.info().start_game(&params, 12345).unwrap();
        assert_eq!(code.deal().unwrap().view(), fresh.view(), "{kind:?}");
    }
}

#[test]
fn bad_codes_are_refused_by_what_is_wrong() {
    let refused = |text: &str| DealCode::read(text).unwrap_err();
    assert!(matches!(refused("bubbles"), DealCodeError::Malformed(_)));
    assert!(matches!(refused("bubbles:style=standard"), DealCodeError::Malformed(_)));
    assert!(matches!(refused("bubbles:style=standard#xyz"), DealCodeError::Malformed(_)));
    assert!(matches!(refused("bubbles:style=standard#12345678901234567"), DealCodeError::Malformed(_)));
    assert!(matches!(refused("bubbles:style='open#1"), DealCodeError::Malformed(_)));
    assert!(matches!(refused("bubbles:style='a%G1'#1"), DealCodeError::Malformed(_)));
    assert!(matches!(refused("bubbles:style=standard,style=shifter#1"), DealCodeError::Malformed(_)));
    assert!(matches!(refused("bubbles:a..b=1#1"), DealCodeError::Malformed(_)));
    assert!(matches!(refused(&"x".repeat(10 << 20)), DealCodeError::Malformed(_)));
    assert!(matches!(refused("chess:e4#1"), DealCodeError::UnknownGame(name) if name == "chess"));
    assert_eq!(refused("gomoku:rule=freestyle#1"), DealCodeError::NoDeal("gomoku"));
    let newest = crate::minesweeper::KIND.info().newest_deal.0;
    let future = format!("minesweeper:level=expert,deal={}#1", newest + 1);
    let error = refused(&future);
    assert_eq!(error, DealCodeError::FutureDeal { game: "minesweeper", version: u64::from(newest) + 1, newest });
    assert!(error.to_string().contains(&format!("version {}", newest + 1)), "{error}");
    assert!(matches!(refused("minesweeper:level=custom,width=100000#1"), DealCodeError::Rule(_)));
    assert!(matches!(refused("bubbles:style=plaid#1"), DealCodeError::Rule(_)));
}

#[test]
fn a_game_without_a_random_deal_has_no_code() {
    let gomoku = crate::gomoku::KIND.info();
    let game = gomoku.start_game(&gomoku.default_params(), 1).unwrap();
    assert_eq!(DealCode::of(game.as_ref(), 1).unwrap_err(), DealCodeError::NoDeal("gomoku"));
    assert_eq!(
        DealCode::numbered(crate::gomoku::KIND, &gomoku.default_params(), 1).unwrap_err(),
        DealCodeError::NoDeal("gomoku")
    );
}
