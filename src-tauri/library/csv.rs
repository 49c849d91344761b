//! A small CSV writer after RFC 4180: fields separated by commas, records ended by CRLF, a
//! field quoted when it holds a comma, a double quote, CR or LF (or starts or ends with a space,
//! which spreadsheets would trim), with its double quotes doubled. And the history's layout.

use crate::error::AppResult;
use crate::store::{HistoryFilter, HistoryRow, Store};
use chrono::{DateTime, Local};
use std::io::{self, BufWriter, Write};

/// Writes one field, quoted when it needs to be.
pub fn write_field(out: &mut impl Write, field: &str) -> io::Result<()> {
    let needs_quotes = field.contains([',', '"', '\r', '\n']) || field.starts_with(' ') || field.ends_with(' ');
    if !needs_quotes {
        return out.write_all(field.as_bytes());
    }
    out.write_all(b"\"")?;
    out.write_all(field.replace('"', "\"\"").as_bytes())?;
    out.write_all(b"\"")
}

/// Writes one record: its fields, separated by commas, and CRLF.
pub fn write_record<S: AsRef<str>>(out: &mut impl Write, fields: &[S]) -> io::Result<()> {
    for (index, field) in fields.iter().enumerate() {
        if index > 0 {
            out.write_all(b",")?;
        }
        write_field(out, field.as_ref())?;
    }
    out.write_all(b"\r\n")
}

/// A name as a spreadsheet should show it: a leading `=`, `+`, `-`, `@`, tab or CR would make
/// it a formula, so such a name gets a leading apostrophe (OWASP's advice on CSV injection).
pub fn as_text_cell(name: &str) -> String {
    if name.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{name}")
    } else {
        name.to_string()
    }
}

/// The columns of an exported history. The last, `winner`, is the colour that won a game
/// between two players (Gomoku), empty for every other game.
pub const HEADER: [&str; 16] = [
    "finished (local time)",
    "finished (UTC)",
    "started (UTC)",
    "game",
    "category",
    "result",
    "score",
    "time (s)",
    "moves",
    "replay",
    "undos",
    "hints",
    "name",
    "id",
    "winner",
    "daily",
];

/// Writes every finished game of the history that passes `filter` as CSV, newest first;
/// returns how many.
pub fn write_history(store: &Store, filter: &HistoryFilter, out: impl Write) -> AppResult<u64> {
    let mut csv = CsvWriter::new(out);
    csv.header()?;
    let count = store.for_each_history_row(filter, |row| Ok(csv.game(row)?))?;
    csv.finish()?;
    Ok(count)
}

/// The history as CSV, one finished game a record.
pub struct CsvWriter<W: Write> {
    out: BufWriter<W>,
}

impl<W: Write> CsvWriter<W> {
    pub fn new(out: W) -> CsvWriter<W> {
        CsvWriter { out: BufWriter::new(out) }
    }

    pub fn header(&mut self) -> io::Result<()> {
        write_record(&mut self.out, &HEADER)
    }

    pub fn game(&mut self, row: &HistoryRow) -> io::Result<()> {
        let local = DateTime::parse_from_rfc3339(&row.finished_at)
            .map(|at| at.with_timezone(&Local).format("%Y-%m-%d %H:%M:%S").to_string())
            .unwrap_or_default();
        let fields = [
            local,
            row.finished_at.clone(),
            row.started_at.clone(),
            row.game.clone(),
            row.category.clone(),
            row.result.clone(),
            row.score.map(|s| s.to_string()).unwrap_or_default(),
            format!("{}.{:03}", row.time_ms / 1000, row.time_ms % 1000),
            row.moves.to_string(),
            if row.replay { "yes" } else { "no" }.to_string(),
            row.undos.to_string(),
            row.hints.to_string(),
            row.player.as_deref().map(as_text_cell).unwrap_or_default(),
            row.id.to_string(),
            winner(row),
            row.daily.clone().unwrap_or_default(),
        ];
        write_record(&mut self.out, &fields)
    }

    pub fn finish(mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Who won, where the game's summary names the winner (two-player Gomoku's colour).
fn winner(row: &HistoryRow) -> String {
    let named = row.summary.as_ref().and_then(|summary| summary.get("winner")?.as_str());
    named.map(as_text_cell).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(fields: &[&str]) -> String {
        let mut out = Vec::new();
        write_record(&mut out, fields).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn plain_fields_are_not_quoted_and_records_end_with_crlf() {
        assert_eq!(record(&["Ada", "12", ""]), "Ada,12,\r\n");
    }

    #[test]
    fn commas_quotes_and_line_breaks_are_quoted_with_quotes_doubled() {
        assert_eq!(record(&["Smith, Ada"]), "\"Smith, Ada\"\r\n");
        assert_eq!(record(&["the \"best\""]), "\"the \"\"best\"\"\"\r\n");
        assert_eq!(record(&["two\nlines", "cr\r"]), "\"two\nlines\",\"cr\r\"\r\n");
        assert_eq!(record(&["\""]), "\"\"\"\"\r\n");
        assert_eq!(record(&[" padded "]), "\" padded \"\r\n");
        assert_eq!(record(&["<b>Ann</b>", "李小龙"]), "<b>Ann</b>,李小龙\r\n");
    }

    #[test]
    fn formulas_in_names_stay_text() {
        assert_eq!(as_text_cell("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(as_text_cell("@cmd"), "'@cmd");
        assert_eq!(as_text_cell("Ada"), "Ada");
    }

    /// Reads CSV back as RFC 4180 says, to check that what we write round-trips.
    fn parse(text: &str) -> Vec<Vec<String>> {
        let mut records = vec![];
        let mut record = vec![];
        let mut field = String::new();
        let mut chars = text.chars().peekable();
        let mut quoted = false;
        while let Some(c) = chars.next() {
            match (quoted, c) {
                (true, '"') if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                (true, '"') => quoted = false,
                (true, c) => field.push(c),
                (false, '"') => quoted = true,
                (false, ',') => record.push(std::mem::take(&mut field)),
                (false, '\r') if chars.peek() == Some(&'\n') => {
                    chars.next();
                    record.push(std::mem::take(&mut field));
                    records.push(std::mem::take(&mut record));
                }
                (false, c) => field.push(c),
            }
        }
        records
    }

    /// Minesweeper's times, shown to the hundredth, are written to the millisecond: read back
    /// from the CSV they are the stored milliseconds, whatever their hundredths.
    #[test]
    fn times_to_the_hundredth_read_back_from_the_csv() {
        for time_ms in [61_237, 9_990, 10, 0, 123_456_789] {
            let row = HistoryRow {
                id: 1,
                game: "minesweeper".into(),
                category: "expert".into(),
                result: "won".into(),
                score: None,
                time_ms,
                moves: 3,
                replay: false,
                started_at: "2026-12-01T10:00:00Z".into(),
                finished_at: "2026-12-01T10:01:01Z".into(),
                player: None,
                undos: 0,
                hints: 0,
                imported: false,
                seen_deal: false,
                has_record: true,
                summary: None,
                analysis: None,
                daily: None,
            };
            let mut out = Vec::new();
            let mut csv = CsvWriter::new(&mut out);
            csv.game(&row).unwrap();
            csv.finish().unwrap();
            let parsed = parse(&String::from_utf8(out).unwrap());
            let column = HEADER.iter().position(|name| *name == "time (s)").unwrap();
            let (seconds, thousandths) = parsed[0][column].split_once('.').unwrap();
            let read: i64 = seconds.parse::<i64>().unwrap() * 1000 + thousandths.parse::<i64>().unwrap();
            assert_eq!((read, thousandths.len()), (time_ms, 3), "{:?}", parsed[0][column]);
        }
    }

    #[test]
    fn what_is_written_reads_back_the_same() {
        let nasty = ["a,b", "say \"hi\"", "line\r\nbreak", "", " x", "\"\"", "plain"];
        let mut out = Vec::new();
        write_record(&mut out, &nasty).unwrap();
        write_record(&mut out, &["second"]).unwrap();
        let parsed = parse(&String::from_utf8(out).unwrap());
        assert_eq!(parsed, vec![nasty.map(String::from).to_vec(), vec!["second".to_string()]]);
    }
}
