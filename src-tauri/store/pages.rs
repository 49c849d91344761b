//! The rows of a damaged database read straight from its pages, without SQLite: every page that
//! is still a well-formed table leaf gives its rows, whatever happened to the pages above it
//! (the schema on page 1, the interior pages that lead to it). Salvage uses it after the walk
//! through SQLite, for the rows that walk could not reach.
//!
//! Only the parts of the file format a leaf needs are read (sqlite.org/fileformat2.html): the
//! page size and the free-page list in the header (when it reads), the leaf's cell pointers,
//! and each cell's record. Rows too long for their page (spilled to overflow pages) are left out:
//! a Pastimes row is a few hundred bytes.

use rusqlite::types::Value;
use std::collections::HashSet;

/// A table leaf page's first byte.
const TABLE_LEAF: u8 = 0x0d;

/// One row as stored: its rowid and its columns.
pub(super) struct RawRow {
    pub rowid: i64,
    pub values: Vec<Value>,
}

/// Every row of every readable table leaf in `file`, skipping the pages on the free list (the
/// rows of deleted games may still be there).
pub(super) fn leaf_rows(file: &[u8]) -> Vec<RawRow> {
    let page_size = page_size(file);
    let free = free_pages(file, page_size);
    let mut rows = Vec::new();
    for (index, page) in file.chunks_exact(page_size).enumerate() {
        if free.contains(&(index as u32 + 1)) {
            continue;
        }
        let header = if index == 0 { 100 } else { 0 };
        if page.get(header) == Some(&TABLE_LEAF) {
            rows.extend(page_rows(page, header));
        }
    }
    rows
}

/// The page size from the header; SQLite's default (4096) when the header does not read.
fn page_size(file: &[u8]) -> usize {
    let declared = match file.get(16..18) {
        Some(&[1, 0]) => 65_536,
        Some(&[high, low]) => usize::from(u16::from_be_bytes([high, low])),
        _ => 0,
    };
    let valid =
        (512..=65_536).contains(&declared) && declared.is_power_of_two() && file.starts_with(b"SQLite format 3\0");
    if valid {
        declared
    } else {
        4096
    }
}

/// The pages on the free list (trunk pages and the leaves they list), as far as it reads.
fn free_pages(file: &[u8], page_size: usize) -> HashSet<u32> {
    let mut free = HashSet::new();
    if !file.starts_with(b"SQLite format 3\0") {
        return free;
    }
    let mut trunk = read_u32(file, 32).unwrap_or(0);
    while trunk != 0 && free.insert(trunk) {
        let start = (trunk as usize - 1) * page_size;
        let Some(page) = file.get(start..start + page_size) else { break };
        let count = read_u32(page, 4).unwrap_or(0) as usize;
        for i in 0..count.min(page_size / 4 - 2) {
            if let Some(leaf) = read_u32(page, 8 + 4 * i) {
                free.insert(leaf);
            }
        }
        trunk = read_u32(page, 0).unwrap_or(0);
    }
    free
}

fn read_u32(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

fn read_u16(bytes: &[u8], at: usize) -> Option<usize> {
    Some(usize::from(u16::from_be_bytes(bytes.get(at..at + 2)?.try_into().ok()?)))
}

/// The rows of one table leaf page whose b-tree header starts at `header`.
fn page_rows(page: &[u8], header: usize) -> Vec<RawRow> {
    let cells = read_u16(page, header + 3).unwrap_or(0);
    // The largest payload kept on a leaf page (no reserved bytes: Pastimes sets none).
    let max_local = page.len() - 35;
    (0..cells)
        .filter_map(|i| {
            let pointer = read_u16(page, header + 8 + 2 * i)?;
            let cell = page.get(pointer..)?;
            let (payload_size, a) = varint(cell)?;
            let (rowid, b) = varint(cell.get(a..)?)?;
            let payload_size = usize::try_from(payload_size).ok()?;
            if payload_size > max_local {
                return None;
            }
            let payload = cell.get(a + b..a + b + payload_size)?;
            Some(RawRow { rowid: rowid as i64, values: record(payload)? })
        })
        .collect()
}

/// SQLite's variable-length integer: its value and how many bytes it took.
fn varint(bytes: &[u8]) -> Option<(u64, usize)> {
    let mut value = 0u64;
    for (i, &byte) in bytes.iter().take(9).enumerate() {
        if i == 8 {
            return Some(((value << 8) | u64::from(byte), 9));
        }
        value = (value << 7) | u64::from(byte & 0x7f);
        if byte & 0x80 == 0 {
            return Some((value, i + 1));
        }
    }
    None
}

/// The columns of one record: its header of serial types, then their values.
fn record(payload: &[u8]) -> Option<Vec<Value>> {
    let (header_size, mut at) = varint(payload)?;
    let header_size = usize::try_from(header_size).ok()?;
    let mut body = header_size;
    let mut values = Vec::new();
    while at < header_size {
        let (serial, used) = varint(payload.get(at..header_size)?)?;
        at += used;
        let (value, size) = column(serial, payload.get(body..)?)?;
        values.push(value);
        body += size;
    }
    (body == payload.len()).then_some(values)
}

/// One column's value from its serial type, and its size in the record's body.
fn column(serial: u64, body: &[u8]) -> Option<(Value, usize)> {
    let integer = |size: usize| -> Option<(Value, usize)> {
        let bytes = body.get(..size)?;
        let negative = bytes.first().is_some_and(|b| b & 0x80 != 0);
        let mut value: i64 = if negative { -1 } else { 0 };
        for &byte in bytes {
            value = (value << 8) | i64::from(byte);
        }
        Some((Value::Integer(value), size))
    };
    match serial {
        0 => Some((Value::Null, 0)),
        1 => integer(1),
        2 => integer(2),
        3 => integer(3),
        4 => integer(4),
        5 => integer(6),
        6 => integer(8),
        7 => {
            let bits = u64::from_be_bytes(body.get(..8)?.try_into().ok()?);
            Some((Value::Real(f64::from_bits(bits)), 8))
        }
        8 => Some((Value::Integer(0), 0)),
        9 => Some((Value::Integer(1), 0)),
        10 | 11 => None,
        n if n.is_multiple_of(2) => {
            let size = usize::try_from((n - 12) / 2).ok()?;
            Some((Value::Blob(body.get(..size)?.to_vec()), size))
        }
        n => {
            let size = usize::try_from((n - 13) / 2).ok()?;
            let text = String::from_utf8(body.get(..size)?.to_vec()).ok()?;
            Some((Value::Text(text), size))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rusqlite::Connection;

    #[test]
    fn reads_the_rows_sqlite_wrote_even_with_page_one_gone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.sqlite3");
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n INTEGER, r REAL, b BLOB, z);
             WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 500)
             INSERT INTO t SELECT i, 'row ' || i, i * 1000003 - 7000000000, i / 4.0, x'00ff', NULL FROM k;",
        )
        .unwrap();
        drop(conn);
        let mut file = std::fs::read(&path).unwrap();
        file[..4096].fill(0xa5);
        let mut rows: Vec<RawRow> = leaf_rows(&file).into_iter().filter(|row| row.values.len() == 6).collect();
        rows.sort_by_key(|row| row.rowid);
        assert_eq!(rows.len(), 500);
        let row = &rows[41];
        assert_eq!(row.rowid, 42);
        assert_eq!(row.values[0], Value::Null, "an INTEGER PRIMARY KEY is stored as the rowid");
        assert_eq!(row.values[1], Value::Text("row 42".into()));
        assert_eq!(row.values[2], Value::Integer(42 * 1_000_003 - 7_000_000_000));
        assert_eq!(row.values[3], Value::Real(10.5));
        assert_eq!(row.values[4], Value::Blob(vec![0, 0xff]));
    }

    #[test]
    fn junk_gives_no_rows_and_no_panic() {
        let junk: Vec<u8> = (0..64 * 1024u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 11) as u8).collect();
        let _ = leaf_rows(&junk);
        let mut leafy = junk.clone();
        for page in leafy.chunks_mut(4096) {
            page[0] = TABLE_LEAF;
        }
        let _ = leaf_rows(&leafy);
        assert!(leaf_rows(b"short").is_empty());
    }

    #[test]
    fn varints_of_one_to_nine_bytes() {
        assert_eq!(varint(&[0x05]), Some((5, 1)));
        assert_eq!(varint(&[0x81, 0x00]), Some((128, 2)));
        assert_eq!(varint(&[0xff; 9]), Some((u64::MAX, 9)));
        assert_eq!(varint(&[0x80]), None);
    }
}
