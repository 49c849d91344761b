use super::*;
use crate::minesweeper::Move;
use crate::Status;
use std::path::Path;

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/boards").join(name);
    std::fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// A board file set out byte by byte: the header, then each mine's column and row.
fn file(width: u8, height: u8, count: u16, mines: &[(u8, u8)]) -> Vec<u8> {
    let mut out = vec![width, height];
    out.extend(count.to_be_bytes());
    out.extend(mines.iter().flat_map(|&(x, y)| [x, y]));
    out
}

/// The rows of a layout as its JSON writes them (`*` a mine), for reading at a glance.
fn rows(layout: &MineMap) -> String {
    serde_json::to_value(layout).unwrap().as_str().unwrap().to_string()
}

#[test]
fn the_fixtures_read_to_the_boards_they_set_out() {
    let beginner = read(&fixture("beginner.mbf")).unwrap();
    assert_eq!(
        rows(&beginner),
        "*.......*/.*......./..*....../...*...../....*..../.....*.../......*../.......*./........*"
    );
    assert_eq!((beginner.width(), beginner.height(), beginner.mines()), (9, 9, 10));
    let classic = read(&fixture("classic-8x8.abf")).unwrap();
    assert_eq!(rows(&classic), "********/......../......../......../......../......../......../*......*");
}

#[test]
fn a_board_starts_a_game_on_its_mines_that_plays_as_any_other() {
    let position = read_board(&fixture("beginner.mbf"), &serde_json::json!({"level": "expert"})).unwrap();
    assert!(position.moves.is_empty());
    let params: Params = serde_json::from_value(position.params.clone()).unwrap();
    assert_eq!(params.layout, Some(read(&fixture("beginner.mbf")).unwrap()), "the file's board, not the chosen level");
    assert!(!params.question_marks && !params.no_guess);
    let mut game = Minesweeper::new(&params, 5).unwrap();
    assert_eq!(game.laid_mines(), Some(vec![0, 8, 10, 20, 30, 40, 50, 60, 70, 80]), "laid at creation");
    game.apply(&Move::Open { x: 4, y: 0 }).unwrap();
    assert_eq!(game.view().status, Status::Playing);
    game.apply(&Move::Open { x: 1, y: 1 }).unwrap();
    assert_eq!(game.view().status, Status::Lost, "a mine where the file put one");
}

/// A finished dealt game (its mines laid at its first open, from its seed) and its file.
fn finished_game(params: serde_json::Value, seed: u64) -> (GameFile, Vec<usize>) {
    let dealt: Params = serde_json::from_value(params.clone()).unwrap();
    let mut game = Minesweeper::new(&dealt, seed).unwrap();
    let width = game.board().width() as i64;
    let mut moves = Vec::new();
    let mut cell = 0;
    while game.view().status == Status::Playing {
        let mv = Move::Open { x: cell % width, y: cell / width };
        if game.apply(&mv).is_ok() {
            moves.push(serde_json::to_value(mv).unwrap());
        }
        cell += 1;
    }
    let file = GameFile { params, seed, moves, ..GameFile::default() };
    (file, game.laid_mines().unwrap())
}

#[test]
fn a_finished_game_writes_its_mines_and_they_read_back_the_same_in_both_formats() {
    for (params, seed) in [
        (serde_json::json!({"level": "beginner"}), 1),
        (serde_json::json!({"level": "expert", "noGuess": true}), 7),
        (serde_json::json!({"level": "custom", "width": 100, "height": 100, "mines": 9801}), 3),
    ] {
        let (game, mines) = finished_game(params.clone(), seed);
        let mbf = (MBF.writes.unwrap().write)(&game).unwrap();
        let abf = (ABF.writes.unwrap().write)(&game).unwrap();
        assert_eq!(mbf, abf, "one layout");
        assert!(mbf.len() <= MAX_BYTES);
        let layout = read(&mbf).unwrap();
        assert_eq!(layout.mine_cells(), mines, "{params}");
        assert_eq!(bytes(&layout), mbf, "written again the same");
        // A game on the board read back lays the same mines.
        let again = Params::of_layout(layout);
        assert_eq!(Minesweeper::new(&again, 0).unwrap().laid_mines(), Some(mines));
    }
}

#[test]
fn a_board_read_from_a_file_writes_back_the_same_file() {
    for name in ["beginner.mbf", "classic-8x8.abf"] {
        let bytes = fixture(name);
        let params = read_board(&bytes, &serde_json::Value::Null).unwrap().params;
        // Won: safe cells opened until none is left.
        let layout = read(&bytes).unwrap();
        let mut game = Minesweeper::new(&Params::of_layout(layout.clone()), 9).unwrap();
        let mut moves = Vec::new();
        for cell in (0..layout.width() * layout.height()).filter(|cell| !layout.mine_cells().contains(cell)) {
            let mv = Move::Open { x: (cell % layout.width()) as i64, y: (cell / layout.width()) as i64 };
            if game.view().status == Status::Playing && game.apply(&mv).is_ok() {
                moves.push(serde_json::to_value(mv).unwrap());
            }
        }
        assert_eq!(game.view().status, Status::Won);
        let played = GameFile { params, seed: 9, moves, ..GameFile::default() };
        assert_eq!((MBF.writes.unwrap().write)(&played).unwrap(), bytes, "{name}");
    }
}

#[test]
fn a_game_whose_mines_were_never_laid_has_no_board_to_write() {
    let game = GameFile { params: serde_json::json!({"level": "beginner"}), seed: 1, ..GameFile::default() };
    assert_eq!((MBF.writes.unwrap().write)(&game).unwrap_err().code, "position_invalid");
}

#[test]
fn a_file_that_sets_out_no_playable_board_is_refused_with_its_reason() {
    let beginner = fixture("beginner.mbf");
    let refused = |bytes: &[u8]| read_board(bytes, &serde_json::Value::Null).unwrap_err();
    for (name, reason) in [
        ("mine-off-the-board.mbf", "off the 9x9 board"),
        ("too-many-mines.mbf", "9 mines on 9 cells"),
        ("truncated.mbf", "ends after 8 of its 10 mines"),
        ("duplicate-mine.mbf", "on a cell that has one"),
    ] {
        let error = refused(&fixture(name));
        assert_eq!(error.code, "position_invalid", "{name}");
        assert!(error.message.contains(reason), "{name}: {}", error.message);
    }
    let with_trailing = [beginner.clone(), vec![0]].concat();
    for (bytes, reason) in [
        (&b""[..], "header"),
        (&[9, 9, 0][..], "header"),
        (&with_trailing[..], "1 bytes follow the last mine"),
        (&file(0, 9, 1, &[(0, 0)])[..], "each side"),
        (&file(101, 9, 1, &[(0, 0)])[..], "each side"),
        (&file(9, 9, 0, &[])[..], "0 mines"),
        (&file(9, 9, 81, &[])[..], "81 mines"),
        (&file(9, 9, 1, &[(0, 9)])[..], "off the"),
        (&file(255, 255, 65535, &[])[..], "each side"),
    ] {
        let error = refused(bytes);
        assert_eq!(error.code, "position_invalid", "{bytes:?}");
        assert!(error.message.contains(reason), "{bytes:?}: {}", error.message);
    }
    // 10 MB of junk is refused unread for its size.
    let junk: Vec<u8> = (0..10 * 1024 * 1024u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
    let error = refused(&junk);
    assert_eq!((error.code, &error.params), ("position_too_large", &serde_json::json!({"max": MAX_BYTES})));
    assert_eq!(refused(&vec![0; MAX_BYTES + 1]).code, "position_too_large");
}

#[test]
fn any_bytes_are_a_board_or_a_typed_refusal_never_a_panic() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..20_000 {
        let len = (next() % 40) as usize;
        let mut data: Vec<u8> = (0..len).map(|_| next() as u8).collect();
        // Headers that mostly fit, so the mines themselves are checked too.
        if len >= 4 && next() % 2 == 0 {
            data[0] = (next() % 12) as u8;
            data[1] = (next() % 12) as u8;
            data[2] = 0;
            data[3] = ((len - 4) / 2) as u8;
        }
        match read_board(&data, &serde_json::Value::Null) {
            Ok(position) => {
                let params: Params = serde_json::from_value(position.params).unwrap();
                let game = Minesweeper::new(&params, 0).unwrap();
                assert_eq!(bytes(params.layout.as_ref().unwrap()).len(), len);
                assert_eq!(game.laid_mines().unwrap().len(), usize::from(u16::from_be_bytes([data[2], data[3]])));
            }
            Err(error) => assert!(MBF.error_codes.contains(&error.code), "{data:?}"),
        }
    }
}

#[test]
fn the_formats_are_declared_as_minesweepers_boards() {
    let formats = crate::minesweeper::KIND.info().file_formats;
    for format in [&MBF, &ABF] {
        let declared = formats.iter().find(|declared| declared.id == format.id).expect("declared");
        assert!(declared.position_reader().is_some() && !declared.reads_games() && !declared.is_text());
        assert_eq!(declared.error_code("x"), "position_invalid");
    }
    assert!(MBF.names("board.MBF") && MBF.names("board.abf") && ABF.names("b.abf") && !ABF.names("b.mbf"));
}
