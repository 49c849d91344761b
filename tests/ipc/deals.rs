//! Restart, deal codes and numbered deals through the command layer: the same deal comes back,
//! and whatever showed the deal before the game was over marks it (it never ranks).

use super::{harness_with_seed, Harness};
use serde_json::{json, Value};

fn open(h: &Harness, x: i64, y: i64) -> Value {
    h.call("play", json!({"game": "minesweeper", "move": {"action": "open", "x": x, "y": y}})).unwrap()
}

fn beginner(h: &Harness) -> Value {
    h.call("new_game", json!({"game": "minesweeper", "params": {"level": "beginner", "noGuess": false}})).unwrap()
}

fn code(error: Result<Value, Value>) -> String {
    error.unwrap_err()["code"].as_str().unwrap().to_string()
}

#[test]
fn restart_deals_the_same_mines_again_and_marks_the_game_once_its_board_was_seen() {
    let h = harness_with_seed(Some(5));
    let fresh = beginner(&h);
    // Nothing seen yet: the same untouched board, unmarked.
    let untouched = h.call("restart", json!({"game": "minesweeper"})).unwrap();
    assert_eq!(untouched["view"], fresh["view"]);
    assert_eq!(untouched["assistance"]["seenDeal"], false);
    assert_eq!(untouched["canRank"], true);
    let first = open(&h, 4, 4);
    let restarted = h.call("restart", json!({"game": "minesweeper"})).unwrap();
    assert_eq!(restarted["moveCount"], 0);
    assert_eq!(restarted["assistance"]["seenDeal"], true, "{restarted}");
    assert_eq!(restarted["canRank"], false, "a restarted deal never ranks");
    assert_eq!(open(&h, 4, 4)["view"]["cells"], first["view"]["cells"], "the same mines around the same click");
    // Finished, it stays in the history, marked, and out of the hall of fame.
    let mut last = Value::Null;
    for (x, y) in (0..9).flat_map(|y| (0..9).map(move |x| (x, y))) {
        last =
            h.call("play", json!({"game": "minesweeper", "move": {"action": "open", "x": x, "y": y}})).unwrap_or(last);
        if last["status"] != "playing" {
            break;
        }
    }
    let page = h.call("history", json!({"filter": {"game": "minesweeper"}})).unwrap();
    assert_eq!(page["rows"][0]["seenDeal"], true, "{page}");
    assert_eq!(page["rows"][0]["imported"], false);
    assert_eq!(last["record"]["rank"], Value::Null);
}

#[test]
fn restart_is_refused_where_nothing_is_dealt_and_changes_nothing() {
    let h = harness_with_seed(Some(5));
    h.call("new_game", json!({"game": "gomoku", "params": {"opponent": "human"}})).unwrap();
    h.call("play", json!({"game": "gomoku", "move": {"x": 7, "y": 7}})).unwrap();
    assert_eq!(code(h.call("restart", json!({"game": "gomoku"}))), "not_offered");
    assert_eq!(h.call("snapshot", json!({"game": "gomoku"})).unwrap()["moveCount"], 1);
    assert_eq!(code(h.call("restart", json!({"game": "tetris"}))), "bad_argument");
}

#[test]
fn the_code_of_a_finished_game_deals_its_board_again_marked() {
    let h = harness_with_seed(Some(9));
    let finished = h.finish_a_beginner_game();
    let id = finished["record"]["id"].as_i64().unwrap();
    let taken = h.call("deal_code", json!({"game": "minesweeper", "id": id})).unwrap();
    let text = taken["code"].as_str().unwrap();
    assert!(text.starts_with("minesweeper:") && text.contains("replayOf.x=0,replayOf.y=0"), "{taken}");
    assert_eq!((&taken["complete"], &taken["marked"]), (&json!(true), &json!(false)));
    // Opened in another Pastimes (another seed): the same mines, laid before the first click.
    let other = harness_with_seed(Some(77));
    let opened = other.call("open_deal", json!({"text": text})).unwrap();
    assert_eq!(opened["game"], "minesweeper");
    assert_eq!(opened["assistance"]["seenDeal"], true);
    assert_eq!(opened["canRank"], false, "a game from a code never ranks");
    let mut last = Value::Null;
    for (x, y) in (0..9).flat_map(|y| (0..9).map(move |x| (x, y))) {
        last = other
            .call("play", json!({"game": "minesweeper", "move": {"action": "open", "x": x, "y": y}}))
            .unwrap_or(last);
        if last["status"] != "playing" {
            break;
        }
    }
    assert_eq!(last["view"]["cells"], finished["view"]["cells"], "the same game, click for click");
}

#[test]
fn copying_the_code_of_a_game_under_way_marks_it_and_a_code_before_the_first_click_names_the_seed_only() {
    let h = harness_with_seed(Some(3));
    beginner(&h);
    let early = h.call("deal_code", json!({"game": "minesweeper"})).unwrap();
    assert_eq!(early["complete"], false, "the mines are laid at the first click: {early}");
    assert_eq!(early["marked"], true);
    assert_eq!(early["snapshot"]["assistance"]["seenDeal"], true);
    assert_eq!(early["snapshot"]["canRank"], false);
    // Marked once: a second copy says nothing new.
    assert_eq!(h.call("deal_code", json!({"game": "minesweeper"})).unwrap()["marked"], false);
    open(&h, 4, 4);
    let laid = h.call("deal_code", json!({"game": "minesweeper"})).unwrap();
    assert_eq!(laid["complete"], true);
}

#[test]
fn a_plain_number_is_a_numbered_deal_of_the_game_and_setup_the_player_is_in() {
    let h = harness_with_seed(Some(3));
    let params = json!({"style": "standard"});
    let first = h.call("open_deal", json!({"text": " 12345 ", "game": "bubbles", "params": params})).unwrap();
    let again = h.call("open_deal", json!({"text": "12345", "game": "bubbles", "params": params})).unwrap();
    assert_eq!(first["view"], again["view"], "the same number, the same deal");
    assert_eq!(first["category"], "standard");
    let other = h.call("open_deal", json!({"text": "12346", "game": "bubbles", "params": params})).unwrap();
    assert_ne!(first["view"]["cells"], other["view"]["cells"]);
    // Its code names it, and deals it again.
    let text = h.call("deal_code", json!({"game": "bubbles"})).unwrap()["code"].as_str().unwrap().to_string();
    assert!(text.ends_with("#303a"), "12346 in hex: {text}");
}

#[test]
fn a_text_that_is_no_deal_is_refused_by_what_is_wrong_and_changes_nothing() {
    let h = harness_with_seed(Some(3));
    let before = beginner(&h);
    let params = json!({"level": "beginner"});
    let newest = pastimes_games::minesweeper::KIND.info().newest_deal.0;
    let cases = [
        ("minesweeper:level=beginner", "bad_deal_code"),
        ("chess:e4#1", "deal_code_unknown_game"),
        ("gomoku:rule=freestyle#1", "not_offered"),
        ("bubbles:style=plaid#1", "bad_argument"),
        ("minesweeper:level=custom,width=5000,height=9,mines=10#1", "out_of_range"),
    ];
    for (text, expected) in cases {
        assert_eq!(
            code(h.call("open_deal", json!({"text": text, "game": "minesweeper", "params": params}))),
            expected,
            "{text}"
        );
    }
    let future = format!("minesweeper:level=beginner,deal={}#1", newest + 1);
    let error = h.call("open_deal", json!({"text": future, "game": "minesweeper", "params": params})).unwrap_err();
    assert_eq!(error["code"], "deal_code_future");
    assert_eq!(error["params"]["version"], newest + 1, "{error}");
    let junk = "x".repeat(10 << 20);
    assert_eq!(
        code(h.call("open_deal", json!({"text": junk, "game": "minesweeper", "params": params}))),
        "bad_deal_code"
    );
    assert_eq!(code(h.call("deal_code", json!({"game": "gomoku"}))), "no_game");
    assert_eq!(h.call("snapshot", json!({"game": "minesweeper"})).unwrap()["view"], before["view"], "nothing changed");
}

/// The page never holds a deal's seed while its game is under way: no snapshot of a game being
/// played, in any game that deals, names the seed its code would give, whatever was played.
#[test]
fn no_snapshot_of_a_game_under_way_holds_its_seed() {
    // Long seeds, so that their digits cannot turn up by chance in a board's cells.
    for seed in [0x5eed_cafe_f00d_1234_u64, u64::MAX - 7] {
        let h = harness_with_seed(Some(seed));
        for kind in pastimes_games::GameKind::all().filter(|kind| kind.info().deals.is_some()) {
            let game = kind.as_str();
            let mut shown =
                vec![h.call("new_game", json!({"game": game, "params": kind.info().default_params()})).unwrap()];
            let twin = kind.info().start_game(&kind.info().default_params(), seed).unwrap();
            for code in 0..twin.move_codes().min(40) {
                let Some(mv) = twin.code_move(code) else { continue };
                if let Ok(next) = h.call("play", json!({"game": game, "move": mv})) {
                    shown.push(next);
                }
            }
            let under_way: Vec<&Value> = shown.iter().filter(|s| s["status"] == "playing").collect();
            let text = serde_json::to_string(&under_way).unwrap();
            let (hex, decimal) = (format!("{seed:x}"), seed.to_string());
            assert!(!text.contains(&hex) && !text.contains(&decimal), "{game}: the seed in {text}");
        }
    }
}
