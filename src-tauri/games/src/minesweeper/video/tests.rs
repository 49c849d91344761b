use super::*;
use crate::minesweeper::{Minesweeper, Move, Params};
use crate::{AnyGame, Game, Status};
use ms_toollib::videos::NewSomeVideo2;
use ms_toollib::{Event, EvfVideo};
use std::path::Path;

fn fixture(name: &str) -> Vec<u8> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/videos");
    std::fs::read(folder.join(name)).unwrap()
}

/// The game a file's moves make, from its parameters and seed.
fn replayed(file: &GameFile) -> Box<dyn AnyGame> {
    let mut game = (crate::minesweeper::KIND.info().new_game)(&file.params, file.seed).unwrap();
    for mv in &file.moves {
        game.play(mv).unwrap();
    }
    game
}

#[test]
fn the_shipped_rmv_videos_play_on_their_own_board() {
    for name in ["test_rmv1_utf8_basic.rmv", "test_rmv2_16px_preflags.rmv", "test_rmv2_24px.rmv"] {
        let bytes = fixture(name);
        let video = parse(&bytes, Format::Rmv).unwrap();
        let file = import(&bytes, Format::Rmv).unwrap();
        let params: Params = serde_json::from_value(file.params.clone()).unwrap();
        let board = params.board().unwrap();
        assert_eq!((board.width(), board.height()), (video.width, video.height), "{name}");
        assert_eq!(board.mines(), moves::mines(&video), "{name}");
        assert!(!file.moves.is_empty() && file.moves.len() == file.times_ms.len(), "{name}");
        let game = replayed(&file);
        if video.bbbv > 0 && game.status() == Status::Won {
            assert_eq!(game.summary(file.time_ms).unwrap()["bbbv"].as_u64(), Some(video.bbbv as u64), "{name}");
        }
    }
}

#[test]
fn junk_truncation_and_other_formats_are_typed_errors() {
    let good = fixture("test_rmv2_16px_preflags.rmv");
    for format in [Format::Evf, Format::Avf, Format::Rmv, Format::Mvf] {
        assert_eq!(import(&[], format), Err(VideoError::Truncated));
        for cut in (0..good.len()).step_by(97) {
            assert!(import(&good[..cut], format).is_err(), "{format:?} cut at {cut}");
        }
        let junk: Vec<u8> = (0..200_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
        assert!(import(&junk, format).is_err(), "{format:?}");
        for first in 0..=255u8 {
            let mut bytes = junk[..4000].to_vec();
            bytes[0] = first;
            assert!(import(&bytes, format).is_err(), "{format:?} starting {first}");
        }
    }
    let ten_mb = vec![7u8; 10 * 1024 * 1024];
    assert_eq!(import(&ten_mb, Format::Evf), Err(VideoError::TooLarge));
}

#[test]
fn a_video_longer_than_a_day_is_refused() {
    let mut video = parse(&fixture("test_rmv2_16px_preflags.rmv"), Format::Rmv).unwrap();
    assert!(to_game_file(&video).is_ok());
    for event in &mut video.events {
        // Once added to the date the game began: a panic.
        event.ms = i64::MAX;
    }
    assert!(matches!(to_game_file(&video), Err(VideoError::NotAVideo(reason)) if reason.contains(" s into the game")));
    for event in &mut video.events {
        event.ms = MAX_GAME_MS as i64 + 1;
    }
    assert!(matches!(to_game_file(&video), Err(VideoError::NotAVideo(_))));
}

#[test]
fn the_library_panics_on_some_damaged_files_so_the_formats_say_so() {
    // An .evf v4 whose first event byte is one the library's parser panics on.
    let mut bytes = vec![4, 0, 0, 1, 1, 0, 0, 16, 0, 0, 0, 1, 0, 0, 0, 0, b'X', b'X'];
    bytes.extend([0; 16]);
    bytes.extend([0, 0, 0, 0, 0, 0, 0, 0]);
    bytes.push(0);
    bytes.extend([0, 0]);
    bytes.push(3);
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let parsed = std::panic::catch_unwind(|| parse(&bytes, Format::Evf));
    std::panic::set_hook(quiet);
    assert!(parsed.is_err(), "the library panics");
    assert!(FORMATS.iter().all(|format| format.reader_may_panic && format.error_code("x") == "video_unreadable"));
}

/// A beginner game played to its end by opening cells in reading order (a chord when one
/// opens something), a little over a second between moves, as a file holds it.
fn played(params: Value, seed: u64) -> GameFile {
    let parsed: Params = serde_json::from_value(params.clone()).unwrap();
    let mut game = Minesweeper::new(&parsed, seed).unwrap();
    let width = game.board().width() as i64;
    let cells = width * game.board().height() as i64;
    let (mut moves, mut times_ms) = (Vec::new(), Vec::new());
    let mut clock = 0;
    'game: while !game.status().is_over() {
        for cell in 0..cells {
            let (x, y) = (cell % width, cell / width);
            for mv in [Move::Chord { x, y }, Move::Open { x, y }] {
                if game.apply(&mv).is_ok_and(|applied| applied == crate::Applied::Move) {
                    clock += 300 + 37 * moves.len() as u64;
                    moves.push(serde_json::to_value(mv).unwrap());
                    times_ms.push(clock);
                    continue 'game;
                }
            }
        }
        panic!("no move left");
    }
    GameFile {
        params,
        seed,
        moves,
        times_ms,
        time_ms: clock,
        player: Some("Gus".into()),
        started_us: Some(1_765_000_000_000_000),
        finished_us: Some(1_765_000_000_000_000 + clock as i64 * 1000),
    }
}

#[test]
fn a_written_video_reads_back_in_ms_toollib_and_in_pastimes() {
    let file = played(json!({"level": "beginner"}), 42);
    let bytes = write_evf(&file).unwrap();
    let mut video = EvfVideo::new(bytes.clone(), "x.evf");
    video.parse().unwrap();
    let params: Params = serde_json::from_value(file.params.clone()).unwrap();
    let board = params.board().unwrap();
    assert_eq!(
        (video.data.width, video.data.height, video.data.mine_num),
        (board.width(), board.height(), board.mines())
    );
    assert_eq!(video.data.player_identifier, "Gus");
    assert_eq!(u64::from(video.data.game_dynamic_params.rtime_ms), file.time_ms);
    let bbbv = replayed(&file).summary(file.time_ms).unwrap()["bbbv"].as_u64().unwrap();
    assert_eq!(u64::try_from(ms_toollib::cal_bbbv(&video.data.board)).unwrap(), bbbv);
    assert_eq!(video.data.static_params.bbbv as u64, bbbv);
    let clicks = video
        .data
        .video_action_state_recorder
        .iter()
        .filter(|r| matches!(&r.event, Some(Event::Mouse(m)) if m.mouse == "lr" || m.mouse == "rc"))
        .count();
    assert!(clicks >= file.moves.len());
    // And back into Pastimes: the same board, moves and times, player and start.
    let back = import(&bytes, Format::Evf).unwrap();
    assert_eq!((&back.moves, &back.times_ms, back.time_ms), (&file.moves, &file.times_ms, file.time_ms));
    assert_eq!((back.player.as_deref(), back.started_us), (Some("Gus"), file.started_us));
    let (ours, theirs) = (replayed(&back).view(), replayed(&file).view());
    assert_eq!((&ours["cells"], &ours["status"]), (&theirs["cells"], &theirs["status"]), "the same board, as it ended");
}

/// Writes the `.evf` fixtures of `tests/fixtures/videos/` (run by hand, `--ignored`).
#[test]
#[ignore]
fn write_the_evf_fixtures() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/videos");
    for (name, params, seed) in [
        ("pastimes-beginner.evf", json!({"level": "beginner"}), 42),
        ("pastimes-intermediate.evf", json!({"level": "intermediate"}), 7),
    ] {
        std::fs::write(folder.join(name), write_evf(&played(params, seed)).unwrap()).unwrap();
    }
}

#[test]
fn the_buttons_read_as_the_classic_games_read_them() {
    let at = |ms, mouse: &str, x, y| MouseAt { ms, mouse: mouse.into(), x, y };
    let video = Video {
        format: Format::Rmv,
        width: 9,
        height: 9,
        mines: vec![false; 81],
        events: vec![
            at(-5, "pf", 1, 1),
            at(0, "lc", 0, 0),
            at(10, "lr", 0, 0),
            at(20, "rc", 2, 2),
            at(25, "rr", 2, 2),
            at(30, "lc", 3, 3),
            at(35, "rc", 3, 3),
            at(40, "rr", 4, 4),
            at(45, "lr", 4, 4),
            at(50, "mr", 5, 5),
        ],
        player: String::new(),
        bbbv: 0,
        time_ms: 0,
        start_time_us: 0,
    };
    use Move::*;
    assert_eq!(
        candidate_moves(&video),
        vec![
            (Mark { x: 1, y: 1 }, 0),
            (Open { x: 0, y: 0 }, 10),
            (Mark { x: 2, y: 2 }, 20),
            (Chord { x: 4, y: 4 }, 40),
            (Chord { x: 5, y: 5 }, 50)
        ]
    );
}
