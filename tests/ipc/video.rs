//! Minesweeper videos through the commands: the shipped `.rmv` videos (ms_toollib's own) and
//! `.evf` videos Pastimes wrote, imported with `import_game` (never stored) and watched to
//! their end; each checked against what `ms_toollib` itself reads in the file.

use super::harness_with_seed;
use ms_toollib::videos::NewSomeVideo2;
use ms_toollib::{EvfVideo, RmvVideo};
use serde_json::{json, Value};
use std::path::Path;

fn fixtures() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/videos")
}

/// What ms_toollib reads in a video: width, height, mines, the time (ms) and its clicks (left
/// and middle releases, right presses, pre-flags).
fn library_reads(name: &str, bytes: &[u8]) -> (usize, usize, usize, u32, usize) {
    let data = if name.ends_with(".rmv") {
        let mut video = RmvVideo::new(bytes.to_vec(), name);
        video.parse().unwrap();
        video.data
    } else {
        let mut video = EvfVideo::new(bytes.to_vec(), name);
        video.parse().unwrap();
        video.data
    };
    let mines = data.board.iter().flatten().filter(|&&c| c == -1).count();
    let clicks = data
        .video_action_state_recorder
        .iter()
        .filter(|r| matches!(&r.event, Some(ms_toollib::Event::Mouse(m)) if ["lr", "rc", "mr", "pf"].contains(&m.mouse.as_str())))
        .count();
    (data.width, data.height, mines, data.game_dynamic_params.rtime_ms, clicks)
}

#[test]
fn every_fixture_imports_as_ms_toollib_reads_it_and_plays_to_its_end() {
    let h = harness_with_seed(Some(3));
    let mut names: Vec<String> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".rmv") || name.ends_with(".evf"))
        .collect();
    names.sort();
    assert!(names.iter().any(|n| n.ends_with(".evf")) && names.iter().any(|n| n.ends_with(".rmv")), "{names:?}");
    for name in names {
        let bytes = std::fs::read(fixtures().join(&name)).unwrap();
        let (width, height, mines, time_ms, clicks) = library_reads(&name, &bytes);
        let header = h.call("import_game", json!({"file": {"name": name, "bytes": bytes}})).unwrap()["record"].clone();
        assert_eq!(header["id"], 0, "{name}");
        assert_eq!(header["game"], "minesweeper", "{name}");
        let params = &header["params"];
        let layout = params["layout"].as_str().unwrap();
        let rows: Vec<&str> = layout.split('/').collect();
        assert_eq!((rows[0].len(), rows.len()), (width, height), "{name}: the board's size");
        assert_eq!(layout.matches('*').count(), mines, "{name}: the mines");
        let moves = header["moves"].as_u64().unwrap() as usize;
        // Pastimes' moves are the clicks the rules took: at most one a click.
        assert!(moves > 0 && moves <= clicks, "{name}: {moves} moves, {clicks} clicks");
        if header["result"] == "won" {
            // The last move is the click that won, at the file's own time (within the rounding
            // of the formats' centiseconds).
            let ours = header["timeMs"].as_i64().unwrap();
            assert!((ours - i64::from(time_ms)).abs() <= 10, "{name}: time {ours} against {time_ms}");
        }
        // Watched to its end, the clock at the last move.
        let watched = h.call("watch_import", json!({})).unwrap();
        assert_eq!(watched["moves"].as_u64().unwrap() as usize, moves);
        let last = h.call("watch_frame", json!({"index": moves})).unwrap();
        assert_eq!(last["elapsedMs"], header["timeMs"], "{name}");
        assert_eq!(last["status"], header["result"], "{name}");
        if let Some(summary) = last.get("summary") {
            assert!(summary["bbbv"].as_u64().unwrap() > 0, "{name}: {summary}");
        }
    }
    assert_eq!(h.call("history_count", json!({})).unwrap(), json!(0), "a video is only shown, never stored");
}

#[test]
fn bad_videos_are_refused_by_name_and_change_nothing() {
    let h = harness_with_seed(Some(3));
    let good = std::fs::read(fixtures().join("test_rmv2_24px.rmv")).unwrap();
    let import = |name: &str, bytes: &[u8]| h.call("import_game", json!({"file": {"name": name, "bytes": bytes}}));
    let code = |result: Result<Value, Value>| result.expect_err("an error")["code"].clone();
    assert_eq!(code(import("a.rmv", &good[..good.len() / 2])), "video_truncated");
    assert_eq!(code(import("a.rmv", &[])), "video_truncated");
    assert_eq!(code(import("a.rmv", b"Pastimes record 1\n")), "video_not_a_video");
    assert_eq!(code(import("a.doc", &good)), "record_not_a_record", "a name no format claims is a record file");
    let junk: Vec<u8> = (0..10 * 1024 * 1024u32).map(|i| (i % 251) as u8).collect();
    assert_eq!(code(import("a.evf", &junk)), "video_too_large");
    // An .evf whose size is absurd: 0 x 0 cells.
    let mut absurd = vec![4u8, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0, 0, b'X', b'X'];
    absurd.extend([0u8; 16 + 4 + 2 + 2 + 1 + 6]);
    assert!(import("a.evf", &absurd).is_err());
    assert_eq!(code(h.call("watch_import", json!({}))), "nothing_imported", "nothing was imported");
    assert_eq!(h.call("history_count", json!({})).unwrap(), json!(0));
}

/// The release build's guard (it aborts on a panic, so a file whose parser may panic is read in
/// a child process of Pastimes itself): the built program as that child reads a good video as
/// the format's reader does, and a video the library panics on ends the child only, as
/// `video_unreadable`; a pasted text goes through the guard as a file does, and a position
/// format's reading crosses from the child with the parameters chosen.
#[test]
fn the_child_process_reads_a_video_and_survives_a_panic() {
    use pastimes_games::{minesweeper, Reads};
    use pastimes_lib::records::guarded_read::{read_in_child_of, Reading};
    let exe = Path::new(env!("CARGO_BIN_EXE_pastimes"));
    let kind = minesweeper::KIND;
    let format = |id: &str| kind.info().file_formats.iter().find(|format| format.id == id).unwrap();
    let (rmv, evf) = (format("rmv"), format("evf"));
    let Some(Reads::Game(read_rmv)) = rmv.reads else { panic!("an .rmv is read") };
    let good = std::fs::read(fixtures().join("test_rmv2_16px_preflags.rmv")).unwrap();
    let in_child = |format, bytes: &[u8]| read_in_child_of(exe, kind, format, bytes, &Value::Null);
    assert_eq!(in_child(rmv, &good), read_rmv(&good).map(Reading::Game));
    assert_eq!(in_child(rmv, b"junk"), read_rmv(b"junk").map(Reading::Game), "a typed error crosses too");
    // An .evf v4 whose first event byte (0) the library's parser meets with `panic!()`.
    let mut panics = vec![4u8, 0, 0, 1, 1, 0, 0, 16, 0, 0, 0, 1, 0, 0, 0, 0, b'X', b'X'];
    panics.extend([0u8; 16 + 8 + 1 + 2 + 2 + 1]);
    assert_eq!(in_child(evf, &panics).unwrap_err().code, "video_unreadable");
    // A pasted text is read through the same guard as a file.
    let h = harness_with_seed(Some(3));
    let pasted = json!({"game": "minesweeper", "format": "evf", "text": String::from_utf8(panics).unwrap()});
    assert_eq!(h.call("import_game", pasted).unwrap_err()["code"], "video_unreadable");
    // A position format's reading crosses too, with the parameters the player chose.
    let gomoku = pastimes_games::gomoku::KIND;
    let moves = gomoku.info().file_formats.iter().find(|format| format.id == "moves").unwrap();
    let chosen = json!({"rule": "renju", "opponent": "human"});
    let Ok(Reading::Position(position)) = read_in_child_of(exe, gomoku, moves, b"H8 I9", &chosen) else {
        panic!("a position")
    };
    assert_eq!((position.params, position.moves.len()), (chosen, 2));
}
