//! The rows of the CSV export: every finished game of a filter, one at a time (`library/csv.rs`
//! writes them).

use super::history::{conditions, history_row, where_sql, HistoryFilter, HistoryRow, ROW_COLUMNS};
use super::Store;
use crate::error::AppResult;
use rusqlite::params_from_iter;

impl Store {
    /// Gives every finished game that passes `filter` to `each`, newest first, as it is read
    /// (the CSV export writes them so, holding one at a time); returns how many.
    pub fn for_each_history_row(
        &self,
        filter: &HistoryFilter,
        mut each: impl FnMut(&HistoryRow) -> AppResult<()>,
    ) -> AppResult<u64> {
        let (terms, args) = conditions(filter);
        let sql =
            format!("SELECT {ROW_COLUMNS} FROM finished_games{} ORDER BY finished_at DESC, id DESC", where_sql(&terms));
        let mut stmt = self.conn.prepare(&sql)?;
        let mut rows = stmt.query(params_from_iter(args))?;
        let mut count = 0;
        while let Some(row) = rows.next()? {
            each(&history_row(row)?)?;
            count += 1;
        }
        Ok(count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::history::tests::game;
    use crate::store::winners::tests::two_player;
    use pastimes_games::{bubbles, gomoku, minesweeper, Status};

    #[test]
    fn the_csv_export_quotes_names_and_reads_back() {
        let mut store = Store::open_in_memory().unwrap();
        let names = ["Smith, Ada", "the \"best\"", "two\nlines", "<b>Ann</b>", "=1+1"];
        for (i, name) in names.iter().enumerate() {
            let recorded =
                store.record_finished(&game(minesweeper::KIND, "beginner", Status::Won, i as u32, 1234)).unwrap();
            store.set_player_name(recorded.id, name).unwrap();
        }
        store.record_finished(&game(bubbles::KIND, "standard", Status::Finished, 10, 56)).unwrap();
        let mut out = Vec::new();
        let filter = HistoryFilter { game: Some(minesweeper::KIND), ..Default::default() };
        assert_eq!(crate::library::csv::write_history(&store, &filter, &mut out).unwrap(), 5);
        let text = String::from_utf8(out).unwrap();
        let mut lines = text.split("\r\n");
        assert_eq!(lines.next().unwrap(), crate::library::csv::HEADER.join(","));
        assert!(text.ends_with("\r\n"));
        // Newest first: the formula, then the markup, the line break, the quotes, the comma.
        assert!(text.contains(",minesweeper,beginner,won,,1.234,10,no,0,0,'=1+1,5,,\r\n"), "{text}");
        assert!(text.contains(",no,0,0,<b>Ann</b>,4,,\r\n"));
        assert!(text.contains(",no,0,0,\"two\nlines\",3,,\r\n"));
        assert!(text.contains(",no,0,0,\"the \"\"best\"\"\",2,,\r\n"));
        assert!(text.contains(",no,0,0,\"Smith, Ada\",1,,\r\n"));
        assert!(text.contains("2026-01-01T00:04:00.000Z,2026-01-01T00:03:30.000Z,"));
        assert!(!text.contains("bubbles"));
    }

    #[test]
    fn a_game_between_two_players_says_which_colour_won() {
        let mut store = Store::open_in_memory().unwrap();
        store.record_many([two_player(Some("white"), 1), two_player(None, 2)]).unwrap();
        let mut out = Vec::new();
        let filter = HistoryFilter { game: Some(gomoku::KIND), ..Default::default() };
        crate::library::csv::write_history(&store, &filter, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains(",freestyle-human,won,,60.000,10,no,0,0,,1,white,\r\n"), "{text}");
        assert!(text.contains(",freestyle-human,draw,,60.000,10,no,0,0,,2,,\r\n"), "{text}");
    }
}
