//! The chart of a category: its most recent games with the hall of fame's record as it stood
//! after each, and its statistics.

use super::{CategoryStats, Store};
use crate::error::AppResult;
use pastimes_games::{GameKind, Measure};
use rusqlite::params;
use serde::Serialize;

/// At most this many games are drawn in a category's chart: the most recent ones.
pub const CHART_POINTS: i64 = 1000;

/// One game in a category's chart.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChartPoint {
    pub id: i64,
    pub finished_at: String,
    pub result: String,
    /// The game's measure (a won game's time or moves, a game's score; in a category that
    /// never ranks, every game's time or moves); `None` for a game that has none (a lost
    /// Minesweeper game).
    pub value: Option<i64>,
    /// Whether the game has its place in the hall of fame's order: not a replay, played
    /// without help, not reset away.
    pub ranks: bool,
    /// The hall of fame's record up to and including this game, over the whole history of the
    /// category (its value); `None` before the first record and throughout in a category that
    /// never ranks.
    pub best: Option<i64>,
}

/// The chart and the statistics of one category.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryChart {
    /// The game's ranking measure: `"time"` or `"moves"` (lower is better) or `"score"`
    /// (higher is better). Where the category's games never rank (`stats.ranked`, between two
    /// players), every game is a point and there is no line.
    pub measure: Measure,
    /// The most recent games of the category, oldest first; at most [`CHART_POINTS`].
    pub points: Vec<ChartPoint>,
    pub stats: CategoryStats,
}

/// The most recent games of a category, for its chart.
pub(super) const CHART_GAMES: &str = "SELECT id, finished_at, result, time_ms, score, moves, rank_key
     FROM finished_games WHERE game = ?1 AND category = ?2 ORDER BY finished_at DESC, id DESC LIMIT ?3";

/// The record before a game (`?3`, `?4`: its time and id): the first game in the hall of
/// fame's order that finished before it, read from the `hall_of_fame` index, which skips at
/// most the window's own records. The unary `+` keeps SQLite from reading the time range from
/// another index and sorting what it finds instead.
pub(super) const RECORD_BEFORE: &str = "SELECT rank_key, time_ms, score, moves FROM finished_games
     WHERE game = ?1 AND category = ?2 AND rank_key IS NOT NULL
       AND (+finished_at < ?3 OR (+finished_at = ?3 AND id < ?4))
     ORDER BY rank_key LIMIT 1";

/// A game's measures as read: its time, score and moves.
type Measures = (i64, Option<i64>, i64);

impl Store {
    /// The most recent games of a category with the record so far, and its statistics. Each
    /// game is charted by its ranking measure: points for every game, the time or the moves of
    /// a won game. The line is the hall of fame's record as it stood after each game, so a
    /// replay or a game played with help (drawn, but not ranking) never moves it. A category
    /// whose games never rank (between two players, where a win is whoever made five) charts
    /// every game's time or moves, with no line.
    pub fn category_chart(&self, game: GameKind, category: &str) -> AppResult<CategoryChart> {
        let stats = self.category_stats(game, category)?;
        let (measure, ranked) = (game.info().ranking.measure, stats.ranked);
        let value_of = |(time_ms, score, moves): Measures, won: bool| match measure {
            Measure::Score => score,
            Measure::Time => (won || !ranked).then_some(time_ms),
            Measure::Moves => (won || !ranked).then_some(moves),
        };
        let mut stmt = self.conn.prepare_cached(CHART_GAMES)?;
        let rows = stmt
            .query_map(params![game.as_str(), category, CHART_POINTS], |row| {
                let result: String = row.get(2)?;
                let measures: Measures = (row.get(3)?, row.get(4)?, row.get(5)?);
                let rank_key: Option<i64> = row.get(6)?;
                let value = value_of(measures, result == "won");
                Ok((
                    ChartPoint {
                        id: row.get(0)?,
                        finished_at: row.get(1)?,
                        result,
                        value,
                        ranks: rank_key.is_some(),
                        best: None,
                    },
                    rank_key,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut points = Vec::with_capacity(rows.len());
        // The record: its place in the hall's order and its measure.
        let mut record: Option<(i64, Option<i64>)> = match rows.last() {
            Some((oldest, _)) if ranked => self.record_before(game, category, oldest, |m| value_of(m, true))?,
            _ => None,
        };
        for (mut point, rank_key) in rows.into_iter().rev() {
            if let Some(key) = rank_key {
                if record.is_none_or(|(best, _)| key < best) {
                    record = Some((key, point.value));
                }
            }
            point.best = record.and_then(|(_, value)| value);
            points.push(point);
        }
        Ok(CategoryChart { measure, points, stats })
    }

    /// The record of the category among the games that finished before `point`.
    fn record_before(
        &self,
        game: GameKind,
        category: &str,
        point: &ChartPoint,
        value_of: impl Fn(Measures) -> Option<i64>,
    ) -> AppResult<Option<(i64, Option<i64>)>> {
        let found = self
            .conn
            .prepare_cached(RECORD_BEFORE)?
            .query_row(params![game.as_str(), category, point.finished_at, point.id], |row| {
                Ok((row.get(0)?, value_of((row.get(1)?, row.get(2)?, row.get(3)?))))
            });
        match found {
            Ok(record) => Ok(Some(record)),
            Err(rusqlite::Error::QueryReturnedNoRows) => Ok(None),
            Err(error) => Err(error.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::history::tests::{game, mixed_store};
    use crate::store::FinishedGame;
    use pastimes_games::{bubbles, gomoku, minesweeper, Status};

    /// The statistics as a first principle: every game of the category, in time order.
    fn recomputed(games: &[FinishedGame], kind: GameKind, category: &str) -> CategoryStats {
        let mut mine: Vec<&FinishedGame> = games.iter().filter(|g| g.game == kind && g.category == category).collect();
        mine.sort_by(|a, b| a.finished_at.cmp(&b.finished_at));
        let mut stats = CategoryStats { ranked: (kind.info().categories.ranks)(category), ..CategoryStats::default() };
        let (mut won_time, mut scored) = (0, 0);
        for g in &mine {
            stats.played += 1;
            match g.result {
                Status::Won => {
                    stats.won += 1;
                    if let Some(winner) = crate::store::finished::summary_of(&g.detail) {
                        *stats.wins_by.entry(winner["winner"].as_str().unwrap().to_owned()).or_default() += 1;
                    }
                    won_time += g.time_ms as i64;
                    stats.current_streak += 1;
                }
                Status::Lost => {
                    stats.lost += 1;
                    stats.current_streak = 0;
                }
                Status::Draw => {
                    stats.drawn += 1;
                    stats.current_streak = 0;
                }
                _ => stats.current_streak = 0,
            }
            stats.longest_streak = stats.longest_streak.max(stats.current_streak);
            if let Some(score) = g.score {
                scored += 1;
                stats.total_score += score;
            }
        }
        // The best is the record's: the first game of the hall of fame, as the game ranks.
        if let Some(record) = mine.iter().filter(|g| g.rank_key.is_some()).min_by_key(|g| g.rank_key) {
            match kind.info().ranking.measure {
                Measure::Time => stats.best_time_ms = Some(record.time_ms as i64),
                Measure::Score => stats.best_score = record.score,
                Measure::Moves => {}
            }
        }
        stats.win_rate = (stats.played > 0).then(|| 100.0 * stats.won as f64 / stats.played as f64);
        stats.average_time_ms = (stats.won > 0).then(|| won_time as f64 / stats.won as f64);
        stats.average_score = (scored > 0).then(|| stats.total_score as f64 / scored as f64);
        stats
    }

    #[test]
    fn running_totals_match_the_statistics_recomputed_from_every_game() {
        let (mut store, mut games) = mixed_store();
        // A few more, one at a time, as games finish.
        for (i, result) in [Status::Won, Status::Won, Status::Lost, Status::Won].into_iter().enumerate() {
            let g = game(minesweeper::KIND, "beginner", result, 500 + i as u32, 900);
            store.record_finished(&g).unwrap();
            games.push(g);
        }
        for (kind, category) in [
            (minesweeper::KIND, "beginner"),
            (minesweeper::KIND, "expert"),
            (bubbles::KIND, "standard"),
            (gomoku::KIND, "freestyle-easy"),
            (gomoku::KIND, "freestyle-human"),
            (gomoku::KIND, "exactFive-hard"),
        ] {
            let stats = store.category_stats(kind, category).unwrap();
            assert_eq!(stats, recomputed(&games, kind, category), "{category}");
        }
        let expert = store.category_stats(minesweeper::KIND, "expert").unwrap();
        assert_eq!((expert.current_streak, expert.longest_streak), (30, 30));
        // Between two players, the wins by colour add up to the wins.
        let two_players = store.category_stats(gomoku::KIND, "freestyle-human").unwrap();
        assert_eq!(two_players.wins_by.values().sum::<i64>(), two_players.won);
        assert_eq!(two_players.wins_by.keys().collect::<Vec<_>>(), ["black", "white"]);
    }

    #[test]
    fn streaks_count_wins_in_a_row() {
        let mut store = Store::open_in_memory().unwrap();
        let runs = "WWLWWWLWDWW";
        for (i, c) in runs.chars().enumerate() {
            let result = match c {
                'W' => Status::Won,
                'L' => Status::Lost,
                _ => Status::Draw,
            };
            store.record_finished(&game(gomoku::KIND, "exactFive-medium", result, i as u32, 1000)).unwrap();
        }
        let stats = store.category_stats(gomoku::KIND, "exactFive-medium").unwrap();
        assert_eq!((stats.played, stats.won, stats.lost, stats.drawn), (11, 8, 2, 1));
        assert_eq!((stats.current_streak, stats.longest_streak), (2, 3));
        assert_eq!(stats.win_rate, Some(800.0 / 11.0), "in percent of the games played");
        let none = CategoryStats { ranked: true, ..CategoryStats::default() };
        assert_eq!(store.category_stats(gomoku::KIND, "freestyle-hard").unwrap(), none);
    }

    /// What every statistics table on the page shows of a Bubble Breaker category whose games
    /// include some left unfinished (no score): they count as played, and the average is over
    /// the scored games only.
    #[test]
    fn unscored_games_count_as_played_but_not_in_the_average_score() {
        let mut store = Store::open_in_memory().unwrap();
        let mut games = Vec::new();
        for (minute, score) in [(0, Some(300)), (1, None), (2, Some(100)), (3, None), (4, Some(500))] {
            // A game left unfinished is kept as still playing ("abandoned"), with no score.
            let result = if score.is_some() { Status::Finished } else { Status::Playing };
            let played = game(bubbles::KIND, "continuous", result, minute, 1000);
            games.push(FinishedGame { score, rank_key: score.map(|points| -points), ..played });
        }
        for played in &games {
            store.record_finished(played).unwrap();
        }
        let stats = store.category_stats(bubbles::KIND, "continuous").unwrap();
        assert_eq!((stats.played, stats.total_score, stats.best_score), (5, 900, Some(500)));
        assert_eq!(stats.average_score, Some(300.0), "900 over the 3 scored games, not the 5 played");
        assert_eq!(stats.win_rate, Some(0.0));
        assert_eq!(stats, recomputed(&games, bubbles::KIND, "continuous"));
        assert_eq!(store.category_chart(bubbles::KIND, "continuous").unwrap().stats, stats, "the chart's are the same");
    }

    #[test]
    fn the_chart_shows_the_recent_games_and_the_best_so_far() {
        let mut store = Store::open_in_memory().unwrap();
        let times = [5000, 7000, 4000, 0, 4500, 3000];
        for (i, time) in times.iter().enumerate() {
            let result = if *time == 0 { Status::Lost } else { Status::Won };
            store.record_finished(&game(minesweeper::KIND, "beginner", result, i as u32, *time)).unwrap();
        }
        let chart = store.category_chart(minesweeper::KIND, "beginner").unwrap();
        assert_eq!(chart.measure, Measure::Time);
        let values: Vec<_> = chart.points.iter().map(|p| p.value).collect();
        assert_eq!(values, [Some(5000), Some(7000), Some(4000), None, Some(4500), Some(3000)]);
        let best: Vec<_> = chart.points.iter().map(|p| p.best.unwrap()).collect();
        assert_eq!(best, [5000, 5000, 4000, 4000, 4000, 3000]);
        assert_eq!(chart.stats.played, 6);

        // More games than the chart draws: the best line starts from the best before them.
        let mut many = vec![];
        for i in 0..CHART_POINTS as u32 + 5 {
            many.push(game(bubbles::KIND, "shifter", Status::Finished, i, if i == 2 { 900 } else { 100 }));
        }
        store.record_many(many).unwrap();
        let chart = store.category_chart(bubbles::KIND, "shifter").unwrap();
        assert_eq!(chart.measure, Measure::Score);
        assert_eq!(chart.points.len(), CHART_POINTS as usize);
        assert_eq!(chart.points[0].value, Some(100));
        assert_eq!(chart.points[0].best, Some(900), "the record from before the window");
        assert!(store.category_chart(bubbles::KIND, "standard").unwrap().points.is_empty());
    }

    /// Gomoku ranks by moves: its chart draws a won game's moves and the record's, from before
    /// the window too; between two players every game's moves and no record.
    #[test]
    fn gomoku_charts_moves_and_a_two_player_category_has_no_best() {
        let mut store = Store::open_in_memory().unwrap();
        // Ranked as the hall ranks it: fewer moves, then less time (here a later game is slower).
        let with_moves = |category: &str, result: Status, minute: u32, moves: u32| {
            let played = game(gomoku::KIND, category, result, minute, 60_000 + u64::from(minute));
            let rank_key = (category.ends_with("hard") && result == Status::Won)
                .then(|| i64::from(moves) * 10_000_000_000 + played.time_ms as i64);
            FinishedGame { moves, rank_key, ..played }
        };
        let played = [(Status::Won, 41), (Status::Lost, 30), (Status::Won, 25), (Status::Draw, 225), (Status::Won, 33)];
        for (i, (result, moves)) in played.into_iter().enumerate() {
            store.record_finished(&with_moves("freestyle-hard", result, i as u32, moves)).unwrap();
            store.record_finished(&with_moves("freestyle-human", result, i as u32, moves)).unwrap();
        }
        let chart = store.category_chart(gomoku::KIND, "freestyle-hard").unwrap();
        assert_eq!((chart.measure, chart.stats.ranked), (Measure::Moves, true));
        let values: Vec<_> = chart.points.iter().map(|p| p.value).collect();
        assert_eq!(values, [Some(41), None, Some(25), None, Some(33)]);
        let best: Vec<_> = chart.points.iter().map(|p| p.best).collect();
        assert_eq!(best, [Some(41), Some(41), Some(25), Some(25), Some(25)]);

        let two_players = store.category_chart(gomoku::KIND, "freestyle-human").unwrap();
        assert_eq!((two_players.measure, two_players.stats.ranked), (Measure::Moves, false));
        let values: Vec<_> = two_players.points.iter().map(|p| p.value).collect();
        assert_eq!(values, [Some(41), Some(30), Some(25), Some(225), Some(33)], "every game, whoever won");
        assert!(two_players.points.iter().all(|p| p.best.is_none()));

        // Past the window, the record before it starts the line; a window of losses keeps it.
        let mut many = vec![with_moves("freestyle-hard", Status::Won, 10, 19)];
        many.extend((0..CHART_POINTS as u32).map(|i| with_moves("freestyle-hard", Status::Lost, 11 + i, 50)));
        store.record_many(many).unwrap();
        let chart = store.category_chart(gomoku::KIND, "freestyle-hard").unwrap();
        assert!(chart.points.iter().all(|p| p.value.is_none() && p.best == Some(19)));
    }

    /// The line, and the statistics' best, are the hall of fame's record: a replay or a game
    /// played with help is drawn but never moves it, and a record reset away no longer holds.
    #[test]
    fn the_line_is_the_record_that_games_without_a_rank_never_move() {
        let mut store = Store::open_in_memory().unwrap();
        let unranked = |g: FinishedGame| FinishedGame { rank_key: None, ..g };
        store.record_finished(&game(minesweeper::KIND, "expert", Status::Won, 0, 90_000)).unwrap();
        store.record_finished(&unranked(game(minesweeper::KIND, "expert", Status::Won, 1, 40_000))).unwrap();
        store.record_finished(&game(minesweeper::KIND, "expert", Status::Won, 2, 70_000)).unwrap();
        let chart = store.category_chart(minesweeper::KIND, "expert").unwrap();
        let drawn: Vec<_> = chart.points.iter().map(|p| (p.value, p.ranks, p.best)).collect();
        assert_eq!(
            drawn,
            [
                (Some(90_000), true, Some(90_000)),
                (Some(40_000), false, Some(90_000)),
                (Some(70_000), true, Some(70_000))
            ]
        );
        // The statistics' best time is the record's too; the average counts every win.
        assert_eq!(chart.stats.best_time_ms, Some(70_000));
        assert_eq!(chart.stats.average_time_ms, Some(200_000.0 / 3.0));
        // After a reset of the hall (the history kept), no game is a record any more.
        store.reset_hall(Some(minesweeper::KIND), false, "2026-12-06").unwrap();
        let chart = store.category_chart(minesweeper::KIND, "expert").unwrap();
        assert!(chart.points.iter().all(|p| !p.ranks && p.best.is_none() && p.value.is_some()));
        assert_eq!((chart.stats.played, chart.stats.best_time_ms), (3, None));
    }
}
