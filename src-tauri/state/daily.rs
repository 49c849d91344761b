//! The daily deal in play ([`pastimes_games::daily`]): today's deal started, its first attempt
//! made the day's entry at its first move, any later game of it marked as a deal seen before (it
//! never ranks), and what the home card and the statistics show: today's result, the streaks,
//! the days played and the all-days table. A game whose daily offer is the puzzle of the day
//! has its days kept by the puzzles' host (`crate::puzzles`), and summed up here the same way.
//!
//! It sits above live play: the day's entry is a row of the store, which play never builds; live
//! play calls [`first_move`] through its [`Host`] at a game's first move.
//!
//! Today is the runtime's local date ([`crate::play::live::Runtime::today`]). A game is today's
//! deal when its parameters and seed are that deal's, whichever way it was started; a game begun
//! before midnight and first played after it is no daily deal.

use crate::error::{AppError, AppResult};
use crate::play::live::{self, Host};
use crate::play::session::{Session, Snapshot};
use crate::prefs::settings;
use crate::store::{DailyEntry, DailyResult, Store};
use chrono::NaiveDate;
use pastimes_games::{daily, DailyChoice, DailyDeal, DailyError, DailyOffer, GameKind};
use serde::Serialize;
use serde_json::Value;
use std::sync::Arc;

/// How many days the all-days table lists.
pub const BEST_SIZE: usize = 10;

/// How many days the table of days lists, newest first: a month.
pub const DAYS_SIZE: usize = 31;

/// What the home card and the statistics show of a game's daily deal.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DailyStatus {
    pub game: GameKind,
    /// What the game offers ([`DailyOffer::kind`]): `deal` or `puzzle`.
    pub offer: &'static str,
    /// Today, `YYYY-MM-DD`.
    pub day: String,
    pub choices: &'static [DailyChoice],
    /// The player's pick for the days to come (the setting, else the last day's); none before
    /// the first.
    pub choice: Option<String>,
    /// Today's entry's choice, once today's is begun: it keeps it whatever is picked since.
    pub today_choice: Option<String>,
    /// Today's entry, once its first move is made.
    pub today: Option<DayResult>,
    /// Whether today's entry is over (won, lost or finished).
    pub done: bool,
    /// Days in a row finished, up to today (or yesterday while today's is not done), and the most.
    pub finished_streak: Streak,
    /// Days in a row won (a puzzle of the day: solved), the same.
    pub won_streak: Streak,
    /// The best days (best times, best scores), best first.
    pub best: Vec<DayResult>,
    /// The last [`DAYS_SIZE`] days played, newest first: each day's own table, of its one entry
    /// (the day's first attempt), with its place among all days.
    pub days: Vec<DayResult>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Streak {
    pub current: u32,
    pub longest: u32,
}

/// One day's entry as shown.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DayResult {
    pub day: String,
    pub choice: String,
    /// `playing`, `abandoned`, or the finished game's result (`won`, `lost`, `finished`); a
    /// puzzle of the day's, `solved` or `failed`.
    pub state: String,
    pub time_ms: Option<i64>,
    pub score: Option<i64>,
    /// The finished game in the history.
    pub id: Option<i64>,
    /// Whether that game keeps its record, to watch again.
    pub has_record: bool,
    /// Its place in the all-days table, if it ranks.
    pub rank: Option<usize>,
}

/// The local date as the deals name it.
pub fn day_of(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

fn deal_offer(kind: GameKind) -> AppResult<pastimes_games::Daily> {
    kind.info().daily.ok_or(AppError::NotOffered { game: kind, what: "daily" })
}

fn dealt(kind: GameKind, day: &str, choice: &str) -> AppResult<DailyDeal> {
    daily::deal(kind, day, choice).map_err(|error| match error {
        DailyError::NotOffered(_) => AppError::NotOffered { game: kind, what: "daily" },
        DailyError::Rule(rule) => rule.into(),
        other => AppError::bad_argument(other),
    })
}

/// Starts today's deal of `kind` in place of the game under way: of today's entry's choice if
/// the day has one, else of `choice`, else of the player's pick (the setting, else the last day
/// played), else the first offered. A `choice` given is kept as the player's pick for the days
/// to come, also when today's keeps its own. A game of a deal whose day has an entry already is
/// marked as a deal seen before.
pub fn start<H: Host>(host: &Arc<H>, kind: GameKind, choice: Option<&str>) -> AppResult<Snapshot> {
    let daily = deal_offer(kind)?;
    let day = day_of((host.runtime().today)());
    let (entry, picked) = {
        let store = host.store()?;
        (store.daily_entry(kind, &day)?, picked_choice(&store, kind)?)
    };
    if let Some(choice) = choice {
        dealt(kind, &day, choice)?;
        host.store()?.save_setting(&settings::daily_key(kind), &Value::from(choice))?;
    }
    let chosen = match (&entry, choice) {
        (Some(entry), _) => entry.choice.clone(),
        (None, Some(choice)) => choice.to_string(),
        (None, None) => picked.unwrap_or_else(|| daily.default_choice().id.to_string()),
    };
    let deal = dealt(kind, &day, &chosen)?;
    let mut session = Session::new(kind, &deal.params, deal.seed, host.runtime().time.clone())?;
    if entry.is_some() {
        session.mark_seen_deal();
    }
    live::take_the_slot(host, kind, session)
}

/// The player's pick of daily deal of `kind`: the one kept in the settings, else the last day's.
fn picked_choice(store: &Store, kind: GameKind) -> AppResult<Option<String>> {
    let kept = store.load_settings()?.remove(&settings::daily_key(kind));
    let kept = kept.filter(|value| settings::validate(&settings::daily_key(kind), value).is_ok());
    match kept.and_then(|value| value.as_str().map(str::to_string)) {
        Some(kept) => Ok(Some(kept)),
        None => Ok(store.daily_results(kind)?.into_iter().next().map(|last| last.entry.choice)),
    }
}

/// After the first move of a game: if it is today's deal, it becomes the day's entry, or, when
/// the day has one already, a deal seen before (it never ranks).
pub(crate) fn first_move(store: &Store, session: &mut Session, today: NaiveDate) -> AppResult<()> {
    let kind = session.kind();
    let Some(offer) = kind.info().daily else { return Ok(()) };
    let day = day_of(today);
    let Some(deal) = offer
        .choices
        .iter()
        .filter_map(|choice| daily::deal(kind, &day, choice.id).ok())
        .find(|deal| deal.is(session.game(), session.seed()))
    else {
        return Ok(());
    };
    let entry = DailyEntry {
        game: kind,
        day,
        choice: deal.choice.to_string(),
        seed: deal.seed,
        started_at: session.started_at().to_string(),
        finished_id: None,
    };
    let first = store.begin_daily(&entry)?;
    let ours = first || store.daily_entry(kind, &entry.day)?.is_some_and(|kept| kept.started_at == entry.started_at);
    if !ours {
        session.mark_seen_deal();
    }
    Ok(())
}

/// Today's entry of `kind`, its streaks and its all-days table, for a deal of the day or a
/// puzzle of the day alike. `puzzle_under_way`: when the attempt at the puzzle of the day
/// under way began, if one is (a deal's game under way is read from the slots).
pub fn status<H: Host>(host: &Arc<H>, kind: GameKind, puzzle_under_way: Option<String>) -> AppResult<DailyStatus> {
    let offer = daily::offer(kind).ok_or(AppError::NotOffered { game: kind, what: "daily" })?;
    let today = (host.runtime().today)();
    let (results, under_way, picked) = {
        let store = host.store()?;
        match offer {
            DailyOffer::Deal(_) => {
                (store.daily_results(kind)?, live::under_way(&host.slots(), kind), picked_choice(&store, kind)?)
            }
            DailyOffer::Puzzle(_) => {
                (store.daily_puzzle_results(kind)?, puzzle_under_way.map(|started| (0, started)), None)
            }
        }
    };
    Ok(summed_up(kind, offer, &results, under_way.as_ref(), picked, today))
}

/// What `results` (a game's days, newest first) come to on `today`; `under_way`: the seed and
/// start of the attempt under way, if any.
fn summed_up(
    kind: GameKind,
    offer: DailyOffer,
    results: &[DailyResult],
    under_way: Option<&(u64, String)>,
    picked: Option<String>,
    today: NaiveDate,
) -> DailyStatus {
    let day = day_of(today);
    let mut ranked: Vec<&DailyResult> = results.iter().filter(|result| result.rank_key.is_some()).collect();
    ranked.sort_by_key(|result| (result.rank_key, result.entry.day.clone()));
    let rank_of = |result: &DailyResult| ranked.iter().position(|r| r.entry.day == result.entry.day).map(|at| at + 1);
    let shown = |result: &DailyResult| {
        let playing = under_way.is_some_and(|(seed, started)| {
            result.entry.seed == *seed && result.entry.started_at == *started && result.entry.finished_id.is_none()
        });
        let state = match &result.result {
            Some(result) => result.clone(),
            None if playing => "playing".to_string(),
            None => "abandoned".to_string(),
        };
        DayResult {
            day: result.entry.day.clone(),
            choice: result.entry.choice.clone(),
            state,
            time_ms: result.time_ms,
            score: result.score,
            id: result.entry.finished_id,
            has_record: result.has_record,
            rank: rank_of(result),
        }
    };
    let today_result = results.iter().find(|result| result.entry.day == day).map(shown);
    let done = today_result.as_ref().is_some_and(|result| is_over(&result.state));
    DailyStatus {
        game: kind,
        offer: offer.kind(),
        choices: offer.choices(),
        choice: picked.or_else(|| results.first().map(|result| result.entry.choice.clone())),
        today_choice: today_result.as_ref().map(|result| result.choice.clone()),
        today: today_result,
        done,
        finished_streak: streak(results, today, done, |result| result.result.as_deref().is_some_and(is_over)),
        won_streak: streak(results, today, done, |result| result.result.as_deref().is_some_and(is_won)),
        best: ranked.iter().take(BEST_SIZE).map(|result| shown(result)).collect(),
        days: results.iter().take(DAYS_SIZE).map(shown).collect(),
        day,
    }
}

/// Whether a day's state is a win: a deal won, a puzzle solved.
fn is_won(state: &str) -> bool {
    matches!(state, "won" | "solved")
}

/// Whether a day's state is its game over (not under way, not abandoned).
fn is_over(state: &str) -> bool {
    matches!(state, "won" | "lost" | "finished" | "draw" | "solved" | "failed")
}

/// The days in a row that `counts`: up to today, or up to yesterday while today's game is not
/// over (`today_done`); and the longest run.
fn streak(
    results: &[DailyResult],
    today: NaiveDate,
    today_done: bool,
    counts: impl Fn(&DailyResult) -> bool,
) -> Streak {
    let mut days: Vec<NaiveDate> = results
        .iter()
        .filter(|result| counts(result))
        .filter_map(|result| NaiveDate::parse_from_str(&result.entry.day, "%Y-%m-%d").ok())
        .collect();
    days.sort_unstable();
    days.dedup();
    let (mut longest, mut run, mut previous) = (0u32, 0u32, None::<NaiveDate>);
    for day in &days {
        run = if previous.and_then(|p| p.succ_opt()) == Some(*day) { run + 1 } else { 1 };
        longest = longest.max(run);
        previous = Some(*day);
    }
    let last = days.last().copied();
    let current = match last {
        Some(last) if last == today || (!today_done && Some(last) == today.pred_opt()) => run,
        _ => 0,
    };
    Streak { current, longest }
}
