//! Hand-made boards with known mines: each rule shown on a small picture.
//! In the layouts `*` is a mine; in the pictures the characters are the view's cell codes.

use super::*;
use crate::minesweeper::{mine_layout, FirstClick, Point};
use serde_json::json;

/// Three mines; (1, 0) is a 2 touching the mines at (0, 0) and (2, 0).
const THREE_MINES: [&str; 3] = ["*.*.", "....", "...*"];

fn illegal(why: &'static str) -> RuleError {
    RuleError::Illegal(why)
}

#[test]
fn opening_a_zero_floods_its_region_and_border_but_not_flags() {
    let mut game = rigged(&["......", "......", "******", "......"]);
    mark(&mut game, 5, 0).unwrap(); // flag
    mark(&mut game, 2, 1).unwrap();
    mark(&mut game, 2, 1).unwrap(); // question: opened by the flood all the same
    assert_eq!(open(&mut game, 0, 0), Ok(Applied::Move));
    assert_eq!(picture(&game), ["00000F", "233332", "......", "......"]);
    assert_eq!(game.status(), Status::Playing);
}

#[test]
fn a_number_opens_alone() {
    let mut game = rigged(&THREE_MINES);
    open(&mut game, 1, 0).unwrap();
    assert_eq!(picture(&game), [".2..", "....", "...."]);
}

#[test]
fn a_flag_protects_its_cell() {
    let mut game = rigged(&THREE_MINES);
    mark(&mut game, 0, 0).unwrap();
    refused(&mut game, Move::Open { x: 0, y: 0 }, illegal("a flagged cell cannot be opened"));
}

#[test]
fn a_question_mark_does_not_protect() {
    let mut game = rigged(&THREE_MINES);
    mark(&mut game, 0, 0).unwrap();
    mark(&mut game, 0, 0).unwrap();
    assert_eq!(picture(&game)[0], "?...");
    assert_eq!(open(&mut game, 0, 0), Ok(Applied::Move));
    assert_eq!(game.status(), Status::Lost);
    assert_eq!(picture(&game), ["X.*.", "....", "...*"]);
}

#[test]
fn a_chord_with_the_right_flags_opens_the_other_neighbours() {
    let mut game = rigged(&THREE_MINES);
    open(&mut game, 1, 0).unwrap();
    mark(&mut game, 0, 0).unwrap();
    mark(&mut game, 2, 0).unwrap();
    assert_eq!(chord(&mut game, 1, 0), Ok(Applied::Move));
    assert_eq!(picture(&game), ["F2F.", "122.", "...."]);
    assert_eq!(game.status(), Status::Playing);
}

#[test]
fn a_chord_with_a_wrong_flag_opens_a_mine_and_loses() {
    let mut game = rigged(&THREE_MINES);
    open(&mut game, 1, 0).unwrap();
    mark(&mut game, 0, 0).unwrap();
    mark(&mut game, 1, 1).unwrap(); // wrong: (2, 0) is the mine
    assert_eq!(chord(&mut game, 1, 0), Ok(Applied::Move));
    assert_eq!(game.status(), Status::Lost);
    // Exploded mine, wrong flag crossed out, the unflagged mine shown, the right flag kept.
    assert_eq!(picture(&game), ["F2X.", "1W2.", "...*"]);
}

#[test]
fn a_chord_whose_flags_do_not_match_changes_nothing() {
    let mut game = rigged(&THREE_MINES);
    open(&mut game, 1, 0).unwrap();
    mark(&mut game, 0, 0).unwrap();
    let before = game.clone();
    assert_eq!(chord(&mut game, 1, 0), Ok(Applied::Transient));
    assert_eq!(game, before);
}

#[test]
fn a_chord_with_nothing_left_to_open_changes_nothing() {
    let mut game = rigged(&THREE_MINES);
    open(&mut game, 1, 0).unwrap();
    mark(&mut game, 0, 0).unwrap();
    mark(&mut game, 2, 0).unwrap();
    chord(&mut game, 1, 0).unwrap();
    let before = game.clone();
    assert_eq!(chord(&mut game, 1, 0), Ok(Applied::Transient));
    assert_eq!(game, before);
}

#[test]
fn opening_an_open_number_is_a_chord() {
    let mut game = rigged(&THREE_MINES);
    open(&mut game, 1, 0).unwrap();
    mark(&mut game, 0, 0).unwrap();
    assert_eq!(open(&mut game, 1, 0), Ok(Applied::Transient), "flags do not match yet");
    mark(&mut game, 2, 0).unwrap();
    assert_eq!(open(&mut game, 1, 0), Ok(Applied::Move));
    assert_eq!(picture(&game), ["F2F.", "122.", "...."]);
}

#[test]
fn chords_need_an_open_cell_and_marks_a_closed_one() {
    let mut game = rigged(&THREE_MINES);
    refused(&mut game, Move::Chord { x: 1, y: 0 }, illegal("only an open cell can be chorded"));
    mark(&mut game, 0, 0).unwrap();
    refused(&mut game, Move::Chord { x: 0, y: 0 }, illegal("only an open cell can be chorded"));
    open(&mut game, 1, 0).unwrap();
    refused(&mut game, Move::Mark { x: 1, y: 0 }, illegal("an open cell cannot be marked"));
}

#[test]
fn the_mark_cycle_without_question_marks() {
    let params = Params { question_marks: false, ..Params::beginner() };
    let mut game = Minesweeper::new(&params, 1).unwrap();
    mark(&mut game, 0, 0).unwrap();
    assert_eq!(game.view().cell(0, 0), 'F');
    mark(&mut game, 0, 0).unwrap();
    assert_eq!(game.view().cell(0, 0), '.');
}

#[test]
fn the_mine_counter_counts_flags_and_may_go_negative() {
    let mut game = rigged(&THREE_MINES);
    for x in 0..4 {
        mark(&mut game, x, 1).unwrap();
    }
    assert_eq!(game.view().mines_left, -1);
    mark(&mut game, 0, 1).unwrap(); // flag -> question
    assert_eq!(game.view().mines_left, 0);
}

#[test]
fn winning_flags_every_mine() {
    let mut game = rigged(&THREE_MINES);
    mark(&mut game, 3, 2).unwrap();
    mark(&mut game, 3, 2).unwrap(); // a question mark on a mine
    for (x, y) in [(1, 0), (3, 0), (0, 1), (1, 1), (2, 1), (3, 1), (2, 2)] {
        open(&mut game, x, y).unwrap();
        assert_eq!(game.status(), Status::Playing);
    }
    open(&mut game, 0, 2).unwrap(); // a zero: floods (1, 2), the last safe cell
    assert_eq!(game.status(), Status::Won);
    let view = game.view();
    assert_eq!(picture(&game), ["F2F1", "1222", "001F"]);
    assert_eq!(view.mines_left, 0);
    assert_eq!(view.bbbv, Some(4), "one click for the zero region, 3 for the lone numbers");
}

#[test]
fn no_move_after_the_end() {
    let mut game = rigged(&THREE_MINES);
    open(&mut game, 0, 0).unwrap();
    assert_eq!(game.status(), Status::Lost);
    assert!(game.view().bbbv.is_some());
    for mv in [Move::Open { x: 1, y: 1 }, Move::Mark { x: 1, y: 1 }, Move::Chord { x: 0, y: 0 }] {
        refused(&mut game, mv, RuleError::GameOver);
    }
    refused(&mut game, Move::Open { x: 99, y: 0 }, RuleError::GameOver);
}

#[test]
fn moves_outside_the_board_are_refused() {
    let mut game = Minesweeper::new(&Params::expert(), 3).unwrap();
    open(&mut game, 5, 5).unwrap();
    for (x, y) in [(-1, 0), (0, -1), (30, 0), (0, 16), (i64::MIN, i64::MAX)] {
        let err = RuleError::OutOfBoard { x, y, width: 30, height: 16 };
        refused(&mut game, Move::Open { x, y }, err.clone());
        refused(&mut game, Move::Mark { x, y }, err.clone());
        refused(&mut game, Move::Chord { x, y }, err);
    }
}

#[test]
fn out_of_range_params_make_no_game() {
    let err = |what, min, max, value| Err(RuleError::OutOfRange { what, min, max, value });
    let new = |p: Params| Minesweeper::new(&p, 0).map(|g| g.category());
    assert_eq!(new(Params::custom(8, 9, 10)), err("width", 9, 100, 8));
    assert_eq!(new(Params::custom(9, 101, 10)), err("height", 9, 100, 101));
    assert_eq!(new(Params::custom(9, 9, 9)), err("mines", 10, 64, 9), "at least 10 mines");
    assert_eq!(new(Params::custom(9, 9, 65)), err("mines", 10, 64, 65), "at most (width-1)*(height-1) mines");
}

#[test]
fn categories_and_level_names() {
    let category = |p: Params| Minesweeper::new(&p, 0).unwrap().category();
    assert_eq!(category(Params::beginner()), "beginner");
    assert_eq!(category(Params::intermediate()), "intermediate");
    assert_eq!(category(Params::expert()), "expert");
    assert_eq!(category(Params::custom(20, 12, 40)), "custom-20x12/40");
    assert_eq!(category(Params::expert().with_no_guess(true)), "expert-noguess");
    assert_eq!(category(Params::custom(20, 12, 40).with_no_guess(true)), "custom-20x12/40-noguess");
    assert_eq!(Minesweeper::new(&Params::custom(20, 12, 40), 0).unwrap().view().level, "custom");
    assert!(!Minesweeper::KIND.info().has_undo);
}

#[test]
fn seed_002_a_10x10_field_with_14_mines_is_won_when_its_86_free_cells_are_open() {
    let params = Params::custom(10, 10, 14).with_first_click(FirstClick::Safe);
    let mines = mine_layout(&params, 2, (0, 0));
    let mut game = Minesweeper::new(&params, 2).unwrap();
    for y in 0..10 {
        for x in 0..10 {
            if !mines.contains(&(x, y)) && game.view().cell(x, y) == '.' {
                assert_eq!(game.status(), Status::Playing);
                open(&mut game, x as i64, y as i64).unwrap();
            }
        }
    }
    assert_eq!(game.status(), Status::Won);
    let view = game.view();
    assert_eq!(view.cells.bytes().filter(u8::is_ascii_digit).count(), 86);
    assert!(mines.iter().all(|&(x, y)| view.cell(x, y) == 'F'), "then all mines are marked");
}

#[test]
fn seed_000_the_densest_9x9_still_opens_an_area() {
    let params = Params::custom(9, 9, 64);
    for seed in 0..50 {
        let mut game = Minesweeper::new(&params, seed).unwrap();
        open(&mut game, 4, 4).unwrap();
        assert_eq!(game.view().cell(4, 4), '0');
    }
}

#[test]
fn a_100x100_board_with_10_mines_opens_without_recursion() {
    // A small stack proves the flood fill does not recurse (it would need ~10,000 frames).
    let run = || {
        let mut game = Minesweeper::new(&Params::custom(100, 100, 10), 7).unwrap();
        open(&mut game, 50, 50).unwrap();
        game.view().cells.bytes().filter(u8::is_ascii_digit).count()
    };
    let opened = std::thread::Builder::new().stack_size(64 * 1024).spawn(run).unwrap().join();
    assert!(opened.unwrap() > 9_000);
}

#[test]
fn a_replay_has_the_same_mines_wherever_it_is_first_clicked() {
    let mut game = Minesweeper::new(&Params::expert(), 42).unwrap();
    assert_eq!(game.replay_params(), None, "no layout before the first click");
    open(&mut game, 10, 5).unwrap();
    let first_picture = picture(&game);
    let mine = mine_layout(&Params::expert(), 42, (10, 5))[0];
    open(&mut game, mine.0 as i64, mine.1 as i64).unwrap();
    assert_eq!(game.status(), Status::Lost);

    let params = game.replay_params().unwrap();
    assert_eq!(params.replay_of, Some(Point { x: 10, y: 5 }));
    let mut replay = Minesweeper::new(&params, 42).unwrap();
    assert!(replay.is_replay() && replay.view().is_replay && !game.is_replay());
    assert_eq!(replay.field, game.field);
    assert!(replay.view().cells.bytes().all(|c| c == b'.'), "laid, but nothing shown");
    assert_eq!(replay.category(), "expert");
    assert_eq!(replay.replay_params(), Some(params.clone()), "a replay of a replay is the same");
    assert_eq!(mine_layout(&params, 42, (0, 0)), mine_layout(&Params::expert(), 42, (10, 5)));

    // The cell opened first then is shown, safe, until a cell is opened.
    assert_eq!(replay.view().safe_start, Some(Point { x: 10, y: 5 }));
    assert_eq!(game.view().safe_start, None);
    open(&mut replay, 10, 5).unwrap();
    assert_eq!(picture(&replay), first_picture);
    assert_eq!(replay.view().safe_start, None);
}

#[test]
fn view_json_shape() {
    let mut game = Minesweeper::new(&Params::beginner(), 5).unwrap();
    mark(&mut game, 0, 0).unwrap();
    let mut value = serde_json::to_value(game.view()).unwrap();
    assert_eq!(value["cells"].as_str().unwrap(), format!("F{}", ".".repeat(80)));
    value["cells"] = json!("…");
    assert_eq!(
        value,
        json!({"width": 9, "height": 9, "mines": 10, "minesLeft": 9, "cells": "…",
            "status": "playing", "level": "beginner", "firstClick": "opensArea",
            "questionMarks": true, "isReplay": false, "bbbv": null})
    );
}

#[test]
fn a_no_guess_custom_size_without_boards_is_refused_before_the_game_starts() {
    // The densest 100x100 (9801 mines) takes more work than a unit test's budget allows (the
    // game's own budget finds one in ~0.1 s): the quick trial says so when the game is made,
    // instead of dealing a guessing board or refusing the first click later.
    let params = Params::custom(100, 100, 9801).with_no_guess(true);
    assert_eq!(Minesweeper::new(&params, 1), Err(RuleError::Illegal("noGuessImpossible")));
    assert!(Minesweeper::new(&params.clone().with_no_guess(false), 1).is_ok(), "a plain board of that size is fine");
    let replay = Params { replay_of: Some(super::super::Point { x: 50, y: 50 }), ..params };
    assert!(Minesweeper::new(&replay, 1).is_err(), "a replay of it cannot be made either");
}

#[test]
fn a_no_guess_game_is_won_by_opening_only_cells_the_solver_proves() {
    let params = Params::expert().with_no_guess(true);
    let layout = crate::minesweeper::Layout::of_game(&params, 9, (15, 8)).unwrap();
    let mut game = Minesweeper::new(&params, 9).unwrap();
    open(&mut game, 15, 8).unwrap();
    let cells: Vec<_> = (0..16).flat_map(|y| (0..30).map(move |x| (x, y))).collect();
    for &(x, y) in cells.iter().filter(|&&(x, y)| !layout.is_mine(x, y)) {
        if game.view().cell(x, y) == '.' {
            open(&mut game, x as i64, y as i64).unwrap();
        }
    }
    assert_eq!(game.status(), Status::Won, "the layout the game laid is the one Layout::of_game reports");
}

#[test]
fn clicks_are_counted_by_button_and_usefulness() {
    let mut game = rigged(&["*..", "...", "..*"]);
    mark(&mut game, 1, 1).unwrap(); // a flag on a safe cell: not useful
    mark(&mut game, 1, 1).unwrap(); // to a question mark: not useful
    mark(&mut game, 0, 0).unwrap(); // a flag on a mine: useful
    open(&mut game, 2, 0).unwrap(); // a zero: opens (1,0), (1,1) and (2,1): useful
    assert_eq!(open(&mut game, 2, 0), Ok(Applied::Transient), "nothing to chord: not a click");
    assert_eq!(chord(&mut game, 1, 1), Ok(Applied::Transient), "one flag around a 2");
    mark(&mut game, 2, 2).unwrap(); // useful
    chord(&mut game, 1, 1).unwrap(); // opens the last three cells: useful
    assert_eq!(game.status(), Status::Won);
    let clicks = game.clicks();
    assert_eq!((clicks.left, clicks.right, clicks.chord, clicks.useful), (1, 4, 1, 4));
    let stats = game.stats(2_000).unwrap();
    // Two zeros, (2,0) and (0,2), whose regions cover every safe cell: 3BV 2.
    assert_eq!((stats.bbbv, stats.solved_bbbv), (2, 2));
    // IOE over all six clicks, throughput over the four useful ones.
    assert_eq!(stats.ioe, Some(2.0 / 6.0));
    assert_eq!(stats.throughput, Some(0.5));
    assert_eq!(stats.correctness, Some(4.0 / 6.0));
    assert_eq!(stats.bbbv_per_second, Some(1.0));
    // A win of 2 s on a 3BV of 2: log 2 / log 2, and 2² / 2.
    assert_eq!((stats.ios, stats.rqp), (Some(1.0), Some(2.0)));
    assert_eq!((stats.openings, stats.islands, stats.zini), (2, 0, 2));
    assert!(!stats.no_flags, "flagged: not an NF game");
}

#[test]
fn a_game_won_without_marking_a_cell_is_nf_and_one_mark_undone_is_not() {
    let win_by_opening = |game: &mut Minesweeper| {
        open(game, 2, 0).unwrap();
        for (x, y) in [(0, 1), (1, 2), (0, 2)] {
            if game.status() == Status::Playing && game.view().cell(x, y) == '.' {
                open(game, x as i64, y as i64).unwrap();
            }
        }
        assert_eq!(game.status(), Status::Won);
    };
    let mut game = rigged(&["*..", "...", "..."]);
    win_by_opening(&mut game);
    assert!(game.stats(1_000).unwrap().no_flags);
    // A flag put on and taken off again (through the question mark) still makes it a flagging game.
    let mut game = rigged(&["*..", "...", "..."]);
    for _ in 0..3 {
        mark(&mut game, 0, 0).unwrap();
    }
    win_by_opening(&mut game);
    assert!(!game.stats(1_000).unwrap().no_flags);
}

#[test]
fn a_lost_game_counts_the_3bv_it_solved() {
    let mut game = rigged(&["*..", "...", "..*"]);
    open(&mut game, 2, 0).unwrap();
    open(&mut game, 0, 0).unwrap();
    assert_eq!(game.status(), Status::Lost);
    let stats = game.stats(1_000).unwrap();
    assert_eq!((stats.bbbv, stats.solved_bbbv, stats.clicks.useful), (2, 1, 1));
    // IOE and throughput count the 3BV it solved (two clicks, one of them useful), as the
    // competitive programs do for a lost game.
    assert_eq!((stats.ioe, stats.throughput), (Some(0.5), Some(1.0)));
    assert!(Minesweeper::new(&Params::beginner(), 1).unwrap().stats(1).is_none(), "no mines yet");
}

#[test]
fn a_replay_of_a_no_guess_game_lays_the_same_mines() {
    let params = Params::expert().with_no_guess(true);
    let mut game = Minesweeper::new(&params, 21).unwrap();
    open(&mut game, 3, 12).unwrap();
    let replay_params = game.replay_params().unwrap();
    assert!(replay_params.is_no_guess());
    let replay = Minesweeper::new(&replay_params, 21).unwrap();
    assert_eq!(replay.field, game.field);
}

#[test]
fn stats_json_shape() {
    let mut game = rigged(&["*..", "...", "..*"]);
    open(&mut game, 2, 0).unwrap();
    let stats = serde_json::to_value(game.stats(500).unwrap()).unwrap();
    assert_eq!(
        stats,
        serde_json::json!({"bbbv": 2, "solvedBbbv": 1, "clicks": {"left": 1, "right": 0, "chord": 0, "useful": 1},
            "ioe": 1.0, "throughput": 1.0, "correctness": 1.0, "bbbvPerSecond": 2.0, "ios": null, "rqp": null,
            "zini": 2, "openings": 2, "islands": 0, "noFlags": true})
    );
}

#[test]
fn a_given_layout_is_played_as_given_whatever_the_seed_and_first_click() {
    use crate::minesweeper::MineMap;
    // The classic 8x8 Beginner, smaller than a custom size may be: a mine in the top-left corner.
    let mut mine = vec![false; 64];
    mine[0] = true;
    mine[9] = true;
    let params = Params::of_layout(MineMap::new(8, 8, mine).unwrap());
    for seed in [1, 2] {
        let game = Minesweeper::new(&params, seed).unwrap();
        assert_eq!(mine_layout(&params, seed, (7, 7)), vec![(0, 0), (1, 1)]);
        assert_eq!(game.three_bv(), Some(3), "the mines are laid when the game is made: an opening, (1, 0) and (0, 1)");
        assert_eq!(game.category(), "custom-8x8/2");
        assert!(!game.is_replay() && game.replay_params().is_none());
    }
    let mut game = Minesweeper::new(&params, 1).unwrap();
    mark(&mut game, 1, 1).unwrap();
    mark(&mut game, 1, 1).unwrap();
    assert_eq!(picture(&game)[1].as_bytes()[1], b'.', "flags only: no question mark");
    open(&mut game, 0, 0).unwrap();
    assert_eq!(game.status(), Status::Lost, "a first click on a mine loses: the layout is as given");
}
