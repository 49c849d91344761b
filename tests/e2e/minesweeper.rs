//! Minesweeper played in the real webview. The tests know the mines from the seed they start
//! the app with (`PASTIMES_SEED`) and the engine's own layout function, never from the app.

use crate::harness::App;
use pastimes_games::minesweeper::{cell_code, mine_layout, Layout, Minesweeper, Move, Params};
use pastimes_games::{Game, Status};
use serde_json::json;

pub fn cell(x: usize, y: usize) -> String {
    format!(".ms-cell[data-x='{x}'][data-y='{y}']")
}

pub async fn open_minesweeper(app: &App) {
    app.click("#open-minesweeper").await;
    app.wait_for("the field", "return document.querySelectorAll('.ms-cell').length > 0").await;
}

/// Wins the game on screen by clicking every safe cell still closed, as a player who knew the
/// mines would; the engine, fed the same clicks, says which cells are still closed. Returns the
/// mines.
pub async fn win_by_clicking(app: &App, params: &Params, seed: u64, first: (usize, usize)) -> Vec<(usize, usize)> {
    win_with(app, params, seed, first, async {}).await
}

/// [`win_by_clicking`], doing `after_first` once the first click has opened the board.
pub async fn win_with(
    app: &App,
    params: &Params,
    seed: u64,
    first: (usize, usize),
    after_first: impl std::future::Future<Output = ()>,
) -> Vec<(usize, usize)> {
    let mut twin = Minesweeper::new(params, seed).unwrap();
    let mines = mine_layout(params, seed, first);
    let (width, height) = (twin.view().width, twin.view().height);
    app.click(&cell(first.0, first.1)).await;
    twin.apply(&Move::Open { x: first.0 as i64, y: first.1 as i64 }).unwrap();
    after_first.await;
    for y in 0..height {
        for x in 0..width {
            if mines.contains(&(x, y)) || twin.view().cell(x, y) != cell_code::HIDDEN {
                continue;
            }
            app.click(&cell(x, y)).await;
            twin.apply(&Move::Open { x: x as i64, y: y as i64 }).unwrap();
        }
    }
    assert_eq!(twin.status(), Status::Won);
    mines
}

/// Types a width, a height and a mine count into the open custom dialog.
async fn type_custom_size(app: &App, width: &str, height: &str, mines: &str) {
    for (field, value) in [("#custom-width", width), ("#custom-height", height), ("#custom-mines", mines)] {
        let input = app.find(field).await;
        input.clear().await.unwrap();
        input.send_keys(value).await.unwrap();
    }
}

async fn count(app: &App, css: &str) -> u64 {
    let script = format!("return document.querySelectorAll({css:?}).length");
    app.client.execute(&script, vec![]).await.unwrap().as_u64().unwrap()
}

async fn status(app: &App) -> String {
    let value = app.client.execute("return document.querySelector('.screen-minesweeper').dataset.status", vec![]).await;
    value.unwrap().as_str().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "current_thread")]
async fn win_an_expert_game_by_clicking_and_name_the_record() {
    const SEED: u64 = 2024;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    open_minesweeper(&app).await;
    app.choose("#level-expert").await;
    app.wait_for("the expert field", "return document.querySelectorAll('.ms-cell').length === 480").await;
    app.screenshot("minesweeper-expert-new").await;

    // A new player's boards are no-guess ones (the default parameters ask for it).
    let mines = win_by_clicking(&app, &Params::expert().with_no_guess(true), SEED, (15, 8)).await;
    assert_eq!(mines.len(), 99);
    app.wait_for("the win", "return document.querySelector('.screen-minesweeper').dataset.status === 'won'").await;
    assert_eq!(count(&app, ".ms-cell.flag").await, 99, "every mine shows as a flag");
    assert_eq!(count(&app, ".ms-cell.hidden:not(.flag)").await, 0);
    let mood = app.client.execute("return document.querySelector('.face').dataset.mood", vec![]).await.unwrap();
    assert_eq!(mood, json!("cool"));
    assert!(!app.find("#ms-retry").await.is_displayed().await.unwrap(), "try again is for a lost board");

    // The first win is a record: the dialog asks for a name, pre-filled with none yet.
    app.wait_for("the record dialog", "return document.querySelector('#record-dialog[open]')").await;
    assert!(app.text("#record-text").await.contains("Expert, no guessing"), "the dialog names the category");
    app.screenshot("minesweeper-record-dialog").await;
    let input = app.find("#record-name").await;
    input.clear().await.unwrap();
    input.send_keys("<b>Ada</b>").await.unwrap();
    app.click("#record-dialog button[value=save]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#record-dialog')").await;
    app.screenshot("minesweeper-expert-won").await;

    let hall = app.invoke("hall_of_fame", json!({"game": "minesweeper"})).await.unwrap();
    assert_eq!(hall[0]["category"], "expert-noguess");
    assert_eq!(hall[0]["entries"][0]["name"], "<b>Ada</b>");
    assert_eq!(hall[0]["entries"][0]["rank"], 1);
    assert_eq!(hall[0]["entries"][0]["summary"]["noFlags"], true, "the record carries its figures");
    // The best time of each level and who holds it (the classic game's "hero list"): the
    // statistics' "Best times" shows the level's record and its holder.
    app.click("#ms-stats").await;
    app.wait_for(
        "the statistics",
        "return Boolean(document.querySelector('dialog[open] button[data-value=\"best\"]'))",
    )
    .await;
    // The won game's figures as the rankings compare them, the board's from its layout.
    let shown = app
        .client
        .execute(
            "return Object.fromEntries([...document.querySelectorAll('#ms-figures tr')].map((r) => [r.dataset.stat, r.querySelector('td').textContent]))",
            vec![],
        )
        .await
        .unwrap();
    let board = Layout::of_game(&Params::expert().with_no_guess(true), SEED, (15, 8)).unwrap().figures();
    assert_eq!(shown["zini"], json!(board.zini.to_string()), "{shown}");
    assert_eq!(
        (shown["openings"].clone(), shown["islands"].clone()),
        (json!(board.openings.to_string()), json!(board.islands.to_string()))
    );
    for figure in ["bbbv", "bbbvPerSecond", "ios", "rqp", "ioe", "throughput", "correctness"] {
        assert!(
            shown[figure].as_str().is_some_and(|text| text.chars().any(|c| c.is_ascii_digit())),
            "{figure}: {shown}"
        );
    }
    // Won by opening cells only: an NF game, as the rankings list it.
    assert_eq!(app.text("#ms-figures-heading").await, "This game · NF (no flags)");
    app.screenshot("minesweeper-won-figures").await;
    app.click("dialog[open] button[data-value='best']").await;
    app.wait_for("the best times", "return Boolean(document.querySelector('#best-times-dialog[open]'))").await;
    let expert = app.text("#best-times-dialog tr[data-level='expert-noguess']").await;
    assert!(
        expert.contains("Expert, no guessing") && expert.contains("<b>Ada</b>") && expert.ends_with("NF"),
        "{expert}"
    );
    app.screenshot("minesweeper-best-times").await;
    app.click("#best-times-dialog button[data-value='ok']").await;
    app.wait_for("the best times closed", "return !document.querySelector('#best-times-dialog')").await;
    // The page cannot name a game that is not a fresh record.
    let refused = app.invoke("submit_record_name", json!({"id": 9999, "name": "Mallory"})).await.unwrap_err();
    assert_eq!(refused["code"], "not_a_record");
    // The hall of fame marks the record NF, as the rankings list such games apart.
    app.click("#ms-home").await;
    app.click("#hall-button").await;
    let tag = "document.querySelector('#hall-minesweeper .hall-category[data-category=\"expert-noguess\"]:not(.hall-by-rate) .hall-tag')";
    app.wait_for("the record's NF mark", &format!("return {tag}?.textContent === 'NF'")).await;
    let title = app.client.execute(&format!("return {tag}.title"), vec![]).await.unwrap();
    assert_eq!(title, json!("NF (no flags)"));
    app.wait_still("#hall-minesweeper .hall-tag").await;
    app.screenshot("minesweeper-hall-nf").await;
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn lose_then_try_the_same_board_again() {
    const SEED: u64 = 77;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    open_minesweeper(&app).await;
    app.choose("#level-beginner").await;
    app.wait_for("the beginner field", "return document.querySelectorAll('.ms-cell').length === 81").await;

    let params = Params::beginner().with_no_guess(true);
    let first = (4, 4);
    let mines = mine_layout(&params, SEED, first);
    app.click(&cell(first.0, first.1)).await;
    let opened = app
        .wait_for("cells to open", "const n = document.querySelectorAll('.ms-cell.open').length; return n > 0 && n")
        .await;

    let mut twin = Minesweeper::new(&params, SEED).unwrap();
    twin.apply(&Move::Open { x: 4, y: 4 }).unwrap();
    let closed = |twin: &Minesweeper, mine: bool| {
        (0..9)
            .flat_map(|y| (0..9).map(move |x| (x, y)))
            .find(|&(x, y)| twin.view().cell(x, y) == cell_code::HIDDEN && mines.contains(&(x, y)) == mine)
    };
    // A wrong flag, placed with the right mouse button.
    let (safe_x, safe_y) = closed(&twin, false).expect("a closed safe cell");
    let safe = app.find(&cell(safe_x, safe_y)).await;
    app.press(&safe, 2).await;
    app.wait_for(
        "the flag",
        &format!("return document.querySelector(\"{}\").classList.contains('flag')", cell(safe_x, safe_y)),
    )
    .await;
    let (mine_x, mine_y) = closed(&twin, true).expect("a closed mine");
    let other_mine = mines.iter().copied().find(|&m| m != (mine_x, mine_y)).unwrap();
    app.click(&cell(other_mine.0, other_mine.1)).await;
    app.wait_for("the loss", "return document.querySelector('.screen-minesweeper').dataset.status === 'lost'").await;
    assert_eq!(count(&app, ".ms-cell.exploded").await, 1, "the clicked mine is red");
    assert_eq!(count(&app, ".ms-cell.flag.wrong").await, 1, "the wrong flag is crossed out");
    assert_eq!(count(&app, ".ms-cell.mine").await, 10, "every mine shows");
    let mood = app.client.execute("return document.querySelector('.face').dataset.mood", vec![]).await.unwrap();
    assert_eq!(mood, json!("dead"));
    app.screenshot("minesweeper-lost").await;

    // Moves after the end are refused by the backend, whatever the page sends.
    let refused = app
        .invoke("play", json!({"game": "minesweeper", "move": {"action": "open", "x": 0, "y": 0}}))
        .await
        .unwrap_err();
    assert_eq!(refused["code"], "game_over");

    app.click("#ms-retry").await;
    app.wait_for("the replay", "return document.querySelector('.screen-minesweeper').dataset.status === 'playing' && document.querySelectorAll('.ms-cell.open').length === 0").await;
    assert!(app.text("#ms-status").await.contains("replay"));
    app.click(&cell(first.0, first.1)).await;
    let reopened = app
        .wait_for("cells to open", "const n = document.querySelectorAll('.ms-cell.open').length; return n > 0 && n")
        .await;
    assert_eq!(reopened, opened, "the same board opens the same way");
    app.click(&cell(mine_x, mine_y)).await;
    app.wait_for("the same mine", "return document.querySelector('.screen-minesweeper').dataset.status === 'lost'")
        .await;
    assert_eq!(status(&app).await, "lost");
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn keyboard_play_and_custom_sizes_out_of_range() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(5)).await;
    open_minesweeper(&app).await;
    app.keys("2").await;
    app.wait_for("the intermediate field", "return document.querySelectorAll('.ms-cell').length === 256").await;
    // Arrows move the cursor; F flags; Space opens.
    app.keys("\u{E014}\u{E014}\u{E015}f").await; // right, right, down, f
    app.wait_for(
        "a flag at (2, 1)",
        &format!("return document.querySelector(\"{}\").classList.contains('flag')", cell(2, 1)),
    )
    .await;
    // Space on the flag: a click the classic games ignore. The backend refuses it and the page
    // says nothing (the next move's answer comes after the refusal's: no toast by then).
    app.keys(" ").await;
    app.keys("\u{E015}\u{E015}\u{E015} ").await;
    app.wait_for("cells to open", "return document.querySelectorAll('.ms-cell.open').length > 0").await;
    assert_eq!(
        app.client.execute("return document.querySelector('#toast').hidden", vec![]).await.unwrap(),
        json!(true),
        "no toast for a click on a flag"
    );
    assert!(app.find(&cell(2, 1)).await.attr("class").await.unwrap().unwrap().contains("flag"), "the flag stays");
    let label = app.find("#ms-mines").await.attr("aria-label").await.unwrap().unwrap();
    assert_eq!(label, "39 mines left");

    app.choose("#level-custom").await;
    let width = app.find("#custom-width").await;
    width.clear().await.unwrap();
    width.send_keys("400").await.unwrap();
    app.click("#custom-dialog button[value=start]").await;
    let message =
        app.wait_for("the range message", "return document.querySelector('#custom-error')?.textContent").await;
    assert_eq!(message, json!("Width must be between 9 and 100."));
    app.screenshot("minesweeper-custom-refused").await;
    assert_eq!(count(&app, ".ms-cell").await, 256, "nothing changed");
    width.clear().await.unwrap();
    width.send_keys("40").await.unwrap();
    app.click("#custom-dialog button[value=start]").await;
    app.wait_for("the 40x16 field", "return document.querySelectorAll('.ms-cell').length === 640").await;

    // A thousand mines or more: the counter takes a fourth digit rather than stopping at 999.
    app.choose("#level-custom").await;
    type_custom_size(&app, "50", "40", "9999").await;
    assert_eq!(app.text("#custom-mines-hint").await, "Mines: 10 to 1,911");
    // Too many for the size: the backend's error, its numbers as English writes them.
    app.click("#custom-dialog button[value=start]").await;
    let message = app.wait_for("the mines' range", "return document.querySelector('#custom-error')?.textContent").await;
    assert_eq!(message, json!("The number of mines must be between 10 and 1,911."));
    let mines = app.find("#custom-mines").await;
    mines.clear().await.unwrap();
    mines.send_keys("1500").await.unwrap();
    app.click("#custom-dialog button[value=start]").await;
    app.wait_for("the 50x40 field", "return document.querySelectorAll('.ms-cell').length === 2000").await;
    let label = app.find("#ms-mines").await.attr("aria-label").await.unwrap().unwrap();
    assert_eq!(label, "1,500 mines left");
    assert_eq!(
        app.text("#ms-status").await,
        "Custom 50 × 40, 1,500 mines, no guessing",
        "numbers as English writes them"
    );
    assert_eq!(count(&app, "#ms-mines .seg-digit").await, 4);
    assert_eq!(count(&app, "#ms-clock .seg-digit").await, 3);
    app.screenshot("minesweeper-custom-thousands").await;
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_custom_games_record_and_statistics_name_its_size() {
    const SEED: u64 = 77;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    open_minesweeper(&app).await;
    app.choose("#level-custom").await;
    type_custom_size(&app, "12", "9", "10").await;
    app.click("#custom-dialog button[value=start]").await;
    app.wait_for("the 12x9 field", "return document.querySelectorAll('.ms-cell').length === 108").await;
    let named = "Custom 12 × 9, 10 mines, no guessing";
    assert_eq!(app.text("#ms-status").await, named);

    win_by_clicking(&app, &Params::custom(12, 9, 10).with_no_guess(true), SEED, (5, 4)).await;
    app.wait_for("the record dialog", "return document.querySelector('#record-dialog[open]')").await;
    let text = app.text("#record-text").await;
    assert!(text.contains(named), "the record dialog names the size, not the menu's entry: {text}");
    app.screenshot("minesweeper-custom-record").await;
    app.find("#record-name").await.send_keys("Grace").await.unwrap();
    app.click("#record-dialog button[value=save]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#record-dialog')").await;
    app.click("#ms-stats").await;
    let title = app.wait_for("the statistics", "return document.querySelector('dialog[open] h2')?.textContent").await;
    assert!(title.as_str().is_some_and(|title| title.contains(named)), "{title}");
    app.click("dialog[open] button[data-value='ok']").await;
    app.wait_for("the statistics closed", "return !document.querySelector('dialog[open]')").await;

    // The same board again (every game is dealt from the test's seed), won after a hint: in the
    // history's chart it is a ring, and the record's line does not move.
    app.click("#ms-face").await;
    app.wait_for("a new board", "return document.querySelector('.screen-minesweeper').dataset.status === 'playing' && !document.querySelector('.ms-cell.open')").await;
    let hint = async {
        app.wait_for("the first opening", "return document.querySelectorAll('.ms-cell.open').length > 0").await;
        app.click("#ms-hint").await;
        // The first hint warns that it makes the game assisted.
        app.wait_for("the warning", "return document.querySelector('#assist-dialog[open]')").await;
        app.click("#assist-dialog button[value=continue]").await;
        app.wait_for("the hint", "return document.querySelector('.ms-cell.hinted')").await;
    };
    win_with(&app, &Params::custom(12, 9, 10).with_no_guess(true), SEED, (5, 4), hint).await;
    app.wait_for("the win", "return document.querySelector('.screen-minesweeper').dataset.status === 'won'").await;
    app.click("#ms-home").await;
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    app.wait_for("the history", "return document.querySelectorAll('#hist-rows tr[data-id]').length === 2").await;
    crate::hall::set_select(&app, "#hist-game", "minesweeper").await;
    crate::hall::set_select(&app, "#hist-category", "custom-12x9/10-noguess").await;
    app.wait_for("the chart", "return document.querySelectorAll('#hist-chart .chart-point').length === 2").await;
    let rings = count(&app, "#hist-chart .chart-point.unranked").await;
    assert_eq!(rings, 1, "the game won with a hint does not rank");
    let legend = app.text(".chart-legend").await;
    assert!(legend.contains("a game that does not rank (a replay, help)"), "{legend}");
    app.screenshot("minesweeper-history-ring").await;

    // Another language draws the history again where the player was: its tab, its category.
    app.invoke("set_setting", json!({"key": "language", "value": "de"})).await.unwrap();
    app.wait_for("German", "return document.body.dataset.language === 'de'").await;
    app.wait_for("the chart again", "return document.querySelectorAll('#hist-chart .chart-point').length === 2").await;
    let category = app.client.execute("return document.querySelector('#hist-category').value", vec![]).await.unwrap();
    assert_eq!(category, json!("custom-12x9/10-noguess"));
    let legend = app.text(".chart-legend").await;
    assert!(legend.contains("ein Spiel ohne Wertung (Wiederholung, Hilfe)"), "{legend}");
    app.wait_still("#hist-chart-box").await;
    app.screenshot("minesweeper-history-ring-de").await;
    app.quit().await;
}

/// Open board… in the options: a hand-made Arbiter board file (`tests/fixtures/boards/`) through
/// the native open dialog starts a game on its mines, marked imported and never ranked.
#[tokio::test(flavor = "current_thread")]
async fn a_board_file_opens_from_the_options_as_an_imported_game_on_its_mines() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(5)).await;
    open_minesweeper(&app).await;
    app.click("#ms-options").await;
    assert_eq!(app.text("#ms-open-board").await, "Open board…");
    app.click("#ms-open-board").await;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/boards/classic-8x8.abf");
    assert!(
        crate::hall::file_dialog_types("A Minesweeper board", &["ctrl+l"], &path, "minesweeper-open-board-dialog"),
        "the open dialog"
    );
    assert!(crate::exchange::enter_until_closed("A Minesweeper board"), "the open dialog takes the path");
    app.wait_for("the board's 8x8 field", "return document.querySelectorAll('.ms-cell').length === 64").await;
    let snapshot = app.invoke("snapshot", json!({"game": "minesweeper"})).await.unwrap();
    assert_eq!(
        (&snapshot["assistance"]["imported"], &snapshot["canRank"]),
        (&json!(true), &json!(false)),
        "{snapshot}"
    );
    // One click in the middle clears it (its 3BV is 1): won on the file's mines, flagged.
    app.click(&cell(3, 4)).await;
    app.wait_for("the win", "return document.querySelector('.screen-minesweeper').dataset.status === 'won'").await;
    let flags =
        "return [...document.querySelectorAll('.ms-cell.flag')].map((c) => [Number(c.dataset.x), Number(c.dataset.y)])";
    let mut flagged: Vec<(u64, u64)> = serde_json::from_value(crate::gomoku::run(&app, flags).await).unwrap();
    flagged.sort_unstable_by_key(|&(x, y)| (y, x));
    let expected: Vec<(u64, u64)> = (0..8).map(|x| (x, 0)).chain([(0, 7), (7, 7)]).collect();
    assert_eq!(flagged, expected, "the file's mines");
    let hall = app.invoke("hall_of_fame", json!({"game": "minesweeper"})).await.unwrap();
    let ranked: usize = hall.as_array().unwrap().iter().map(|c| c["entries"].as_array().map_or(0, Vec::len)).sum();
    assert_eq!(ranked, 0, "never ranked: {hall}");
    app.screenshot("minesweeper-open-board").await;
    app.quit().await;
}
