use super::*;
use crate::gomoku::{BoardSize, Colour, Gomoku, Params};
use crate::{Game, Status};

fn fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/psq").join(name);
    std::fs::read_to_string(path).unwrap()
}

fn point(x: u8, y: u8) -> Point {
    Point { x, y }
}

/// The game the stones make under the file's rule.
fn played(game: &PsqGame) -> Gomoku {
    let mut played = Gomoku::new(&Params { rule: game.rule, size: game.size, ..Params::default() }, 0).unwrap();
    for mv in game.moves() {
        played.play(mv).unwrap();
    }
    played
}

#[test]
fn a_game_won_by_five_reads_with_its_times_and_brains() {
    let game = read(&fixture("won-by-five.psq")).unwrap();
    assert_eq!(game.rule, Rule::Freestyle, "the file says no rule");
    assert_eq!(game.stones.len(), 9);
    assert_eq!(game.stones[0], Stone { point: point(7, 7), ms: 120 });
    assert_eq!(game.stones[1], Stone { point: point(7, 8), ms: 1410 });
    assert_eq!(game.black, Seat { name: Some("alpha".into()), computer: true });
    assert_eq!(game.white, Seat { name: Some("beta".into()), computer: true });
    let end = played(&game);
    assert_eq!((end.status(), end.winner()), (Status::Won, Some(Colour::Black)));
}

#[test]
fn an_unfinished_game_reads_and_the_seat_that_began_is_black() {
    let game = read(&fixture("unfinished.psq")).unwrap();
    assert_eq!(game.stones.len(), 5);
    assert_eq!(game.black, Seat { name: Some("Bob".into()), computer: false }, "seat 2 began");
    assert_eq!(game.white, Seat { name: Some("Ann".into()), computer: false });
    assert!(!played(&game).status().is_over());
}

#[test]
fn the_refused_fixtures_say_why() {
    assert_eq!(read(&fixture("board-19x19.psq")), Err(PsqError::BoardSize { width: 19, height: 19 }));
    assert_eq!(read(&fixture("truncated.psq")), Err(PsqError::Truncated { line: 5 }));
    match read(&fixture("illegal-occupied.psq")) {
        Err(PsqError::Illegal { number: 4, x: 9, y: 9, reason }) => assert_eq!(reason, "occupied"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_texts_are_typed_errors() {
    let header = "Piskvorky 15x15, 0:0, 0\n";
    let cases: Vec<(String, PsqError)> = vec![
        (String::new(), PsqError::NotPsq),
        ("Pastimes record 1\ngame: gomoku\n".into(), PsqError::NotPsq),
        ("Piskvorky 15x15, 0:0, 2\n8,8,0\n".into(), PsqError::NotPsq),
        ("Piskvorky 15x1".into(), PsqError::NotPsq),
        ("Piskvorky 19x15, 0:0, 0\n8,8,0\n".into(), PsqError::BoardSize { width: 19, height: 15 }),
        ("Piskvorky 20x15, 0:0, 0\n8,8,0\n".into(), PsqError::BoardSize { width: 20, height: 15 }),
        (
            "Piskvorky 4294967295x4294967295, 0:0, 0\n8,8,0\n".into(),
            PsqError::BoardSize { width: u32::MAX, height: u32::MAX },
        ),
        // Renju is played on 15x15 only.
        ("Piskvorky 20x20, 0:0, 0\n8,8,0\nrule: renju\n".into(), PsqError::BoardSize { width: 20, height: 20 }),
        // A stone beyond 15 is on a 20x20 board only.
        (format!("{header}16,16,0\n"), PsqError::Illegal { number: 1, x: 16, y: 16, reason: "off the board".into() }),
        (header.into(), PsqError::NoMoves),
        (format!("{header}0\n"), PsqError::NoMoves),
        (format!("{header}8,8,0\n8,x,0\n9,9,0\n"), PsqError::BadLine { line: 3, text: "8,x,0".into() }),
        (format!("{header}8,8,-5\n9,9,0\n"), PsqError::BadLine { line: 2, text: "8,8,-5".into() }),
        (format!("{header}8,8,0\n9,9,0\nrule: pente\n"), PsqError::BadLine { line: 4, text: "rule: pente".into() }),
        // A day a move is the most a time may say; the sum of longer ones would be no date.
        (format!("{header}8,8,86400001\n9,9,0\n"), PsqError::BadLine { line: 2, text: "8,8,86400001".into() }),
        (
            format!("{header}8,8,{}\n9,9,0\n", u64::MAX),
            PsqError::BadLine { line: 2, text: format!("8,8,{}", u64::MAX) },
        ),
    ];
    for (text, error) in cases {
        assert_eq!(read(&text), Err(error), "{text:?}");
    }
    assert_eq!(read(&format!("{header}8,8,{MAX_MOVE_MS}\n")).map(|game| game.stones[0].ms), Ok(MAX_MOVE_MS));
    let illegal = |text: String| match read(&text) {
        Err(PsqError::Illegal { number, reason, .. }) => (number, reason),
        other => panic!("{text:?}: {other:?}"),
    };
    assert_eq!(illegal(format!("{header}8,8,0\n16,1,0\n")), (2, "off the board".into()));
    assert_eq!(illegal(format!("{header}0,8,0\n")), (1, "off the board".into()));
    let five = "1,1\n1,2\n2,1\n2,2\n3,1\n3,2\n4,1\n4,2\n5,1\n";
    assert_eq!(illegal(format!("{header}{five}9,9\n")), (10, "the game had ended".into()));
    // Renju: black's double three at 8,8 (H8), between its stones left and right, above and below.
    let renju = "7,8\n1,1\n9,8\n1,15\n8,7\n15,1\n8,9\n15,15\n8,8\n";
    let (number, reason) = illegal(format!("{header}{renju}rule: renju\n"));
    assert_eq!((number, reason.as_str()), (9, "doubleThree"));
    assert!(read(&format!("{header}{renju}")).is_ok(), "freestyle forbids no point");
    // Caro: black's five 2,1-6,1 between white's 1,1 and 7,1 does not end the game.
    let caro = "2,1\n1,1\n3,1\n7,1\n4,1\n1,5\n5,1\n3,5\n6,1\n5,5\n9,9\n";
    assert_eq!(illegal(format!("{header}{caro}")), (10, "the game had ended".into()));
    let game = read(&format!("{header}{caro}rule: caro\n")).unwrap();
    assert_eq!((game.rule, game.stones.len()), (Rule::Caro, 11));
}

#[test]
fn ten_megabytes_of_junk_are_refused_before_they_are_read() {
    let junk: String = (0..10 * 1024 * 1024u32).map(|i| char::from(b'0' + (i % 10) as u8)).collect();
    assert_eq!(read(&junk), Err(PsqError::TooLarge { max: MAX_BYTES }));
    let junk_with_header = format!("Piskvorky 15x15, 0:0, 0\n{}", &junk[..MAX_BYTES]);
    assert_eq!(read(&junk_with_header), Err(PsqError::TooLarge { max: MAX_BYTES }));
}

#[test]
fn names_lose_piskvorks_prefixes_and_numbered_people_have_none() {
    let text = "Piskvorky 15x15, 0:3, 0\n8,8\n9,9\nhomo-1\nPBRAIN-Embryo 21.EXE\n0\n";
    let game = read(text).unwrap();
    assert_eq!(game.black, Seat { name: None, computer: false });
    assert_eq!(game.white, Seat { name: Some("Embryo 21".into()), computer: true });
    assert_eq!(game.stones[1].ms, 0, "a move without a time took 0 ms");
}

#[test]
fn written_games_read_back_the_same() {
    let renju = PsqGame {
        rule: Rule::Renju,
        size: BoardSize::Fifteen,
        stones: vec![
            Stone { point: point(7, 7), ms: 0 },
            Stone { point: point(8, 8), ms: 2_500 },
            Stone { point: point(0, 14), ms: 61_000 },
        ],
        black: Seat { name: Some("Ann Smith".into()), computer: false },
        white: Seat { name: Some("Hard".into()), computer: true },
    };
    let mut anonymous = read(&fixture("unfinished.psq")).unwrap();
    anonymous.black.name = None;
    anonymous.rule = Rule::ExactFive;
    let mut caro = read(&fixture("won-by-five.psq")).unwrap();
    caro.rule = Rule::Caro;
    for game in [renju, read(&fixture("won-by-five.psq")).unwrap(), anonymous, caro] {
        let text = write(&game);
        assert!(text.starts_with("Piskvorky 15x15, "), "{text}");
        assert_eq!(read(&text), Ok(game.clone()), "{text}");
    }
    let large = read(&fixture("board-20x20.psq")).unwrap();
    let text = write(&large);
    assert!(text.starts_with("Piskvorky 20x20, "), "{text}");
    assert_eq!(read(&text), Ok(large));
}

#[test]
fn the_written_text_is_piskvorks() {
    let game = PsqGame {
        rule: Rule::Freestyle,
        size: BoardSize::Fifteen,
        stones: vec![Stone { point: point(7, 7), ms: 15 }, Stone { point: point(14, 0), ms: 1_000 }],
        black: Seat { name: Some("Ann".into()), computer: false },
        white: Seat { name: None, computer: true },
    };
    assert_eq!(
        write(&game),
        "Piskvorky 15x15, 0:1, 0\n8,8,15\n15,1,1000\nhomo-Ann\npbrain-pastimes\n0\nrule: freestyle\n"
    );
    assert_eq!(rule_and_moves(&write(&game)), Ok((Rule::Freestyle, BoardSize::Fifteen, game.moves())));
}

/// A 20x20 game, as Gomocup's freestyle league plays it: its stones beyond the 15th line too.
#[test]
fn a_twenty_by_twenty_game_reads_on_its_own_board() {
    let game = read(&fixture("board-20x20.psq")).unwrap();
    assert_eq!(game.size, BoardSize::Twenty);
    assert_eq!(game.stones.iter().map(|s| s.point).collect::<Vec<_>>(), [point(9, 9), point(10, 10), point(17, 2)]);
    let played = played(&game);
    assert_eq!((played.board().size(), played.view().size), (BoardSize::Twenty, 20));
    assert_eq!(played.view().moves[2].notation, "R18");
}
