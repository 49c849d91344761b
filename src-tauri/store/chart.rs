//! The chart of a category: its most recent games with the best-so-far line, and its
//! statistics.

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
    /// The time (ms) of a won game, or the score of a scored game; `None` for a game that has
    /// none (a lost Minesweeper game).
    pub value: Option<i64>,
    /// The best value up to and including this game, over the whole history of the category.
    pub best: Option<i64>,
}

/// The chart and the statistics of one category.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryChart {
    /// `"time"` (lower is better) or `"score"` (higher is better).
    pub measure: &'static str,
    /// The most recent games of the category, oldest first; at most [`CHART_POINTS`].
    pub points: Vec<ChartPoint>,
    pub stats: CategoryStats,
}

/// The most recent games of a category, for its chart.
pub(super) const CHART_GAMES: &str = "SELECT id, finished_at, result, time_ms, score FROM finished_games
     WHERE game = ?1 AND category = ?2 ORDER BY finished_at DESC, id DESC LIMIT ?3";

/// The best time and the best score before a game (`?3`, `?4`: its time and id), read in value
/// order from the `best_time` / `best_score` index. The unary `+` keeps SQLite from reading the
/// time range from another index and sorting what it finds instead.
pub(super) const BEST_TIME_BEFORE: &str = "SELECT time_ms FROM finished_games
     WHERE game = ?1 AND category = ?2 AND result = 'won'
       AND (+finished_at < ?3 OR (+finished_at = ?3 AND id < ?4))
     ORDER BY time_ms LIMIT 1";
pub(super) const BEST_SCORE_BEFORE: &str = "SELECT score FROM finished_games
     WHERE game = ?1 AND category = ?2 AND score IS NOT NULL
       AND (+finished_at < ?3 OR (+finished_at = ?3 AND id < ?4))
     ORDER BY score DESC LIMIT 1";
impl Store {
    /// The most recent games of a category with the best-so-far line, and its statistics.
    /// Games ranked by points chart their scores (higher is better); the others the times of
    /// won games.
    pub fn category_chart(&self, game: GameKind, category: &str) -> AppResult<CategoryChart> {
        let by_score = game.info().ranking.measure == Measure::Score;
        let mut stmt = self.conn.prepare_cached(CHART_GAMES)?;
        let mut points = stmt
            .query_map(params![game.as_str(), category, CHART_POINTS], |row| {
                let result: String = row.get(2)?;
                let value = if by_score { row.get(4)? } else { (result == "won").then(|| row.get(3)).transpose()? };
                Ok(ChartPoint { id: row.get(0)?, finished_at: row.get(1)?, result, value, best: None })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        points.reverse();
        // The best before the first point drawn: the best-ranked game outside the window. The
        // scan in value order skips at most the window's own games.
        let mut best: Option<i64> = match points.first() {
            None => None,
            Some(first) => {
                let sql = if by_score { BEST_SCORE_BEFORE } else { BEST_TIME_BEFORE };
                let found = self
                    .conn
                    .prepare_cached(sql)?
                    .query_row(params![game.as_str(), category, first.finished_at, first.id], |row| row.get(0));
                match found {
                    Ok(value) => Some(value),
                    Err(rusqlite::Error::QueryReturnedNoRows) => None,
                    Err(error) => return Err(error.into()),
                }
            }
        };
        for point in &mut points {
            if let Some(value) = point.value {
                let better = match best {
                    None => true,
                    Some(b) if by_score => value > b,
                    Some(b) => value < b,
                };
                if better {
                    best = Some(value);
                }
            }
            point.best = best;
        }
        Ok(CategoryChart {
            measure: if by_score { "score" } else { "time" },
            points,
            stats: self.category_stats(game, category)?,
        })
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
        let mut stats = CategoryStats::default();
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
                    stats.best_time_ms = Some(stats.best_time_ms.map_or(g.time_ms as i64, |b| b.min(g.time_ms as i64)));
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
                stats.best_score = Some(stats.best_score.map_or(score, |b| b.max(score)));
            }
        }
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
        assert_eq!(store.category_stats(gomoku::KIND, "freestyle-hard").unwrap(), CategoryStats::default());
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
        assert_eq!(chart.measure, "time");
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
        assert_eq!(chart.measure, "score");
        assert_eq!(chart.points.len(), CHART_POINTS as usize);
        assert_eq!(chart.points[0].value, Some(100));
        assert_eq!(chart.points[0].best, Some(900), "the record from before the window");
        assert!(store.category_chart(bubbles::KIND, "standard").unwrap().points.is_empty());
    }
}
