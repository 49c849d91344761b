//! What one stone makes in one line: five, open four, four, open three and so on.
//!
//! The computer asks this for every empty point it considers, four lines and two colours each,
//! so it must be a table lookup. A point's line is summed up by the ten cells around it (five
//! each side; five are enough to see whether a five through the point is really an overline),
//! each empty, own or blocked (the other colour or off the board): 3^10 patterns. The table for
//! each rule is built once, by the definitions below, from the patterns with more own stones.
//!
//! Caro tells the edge from the opponent's stones (a five against the edge wins, one between two
//! opponent stones does not), so its table also knows how many of the window's cells are off the
//! board on each side (0 to 5 each, 36 cases): the lookup's third mask. Its open four is also
//! stricter: two completions are not enough when one stone stops both (in `O.XXXX.O` a stone on
//! either side blocks one five and leaves the other between two opponent stones).

use super::super::rules::Rule;
use std::sync::LazyLock;

/// The best a stone placed on a point makes in one line, weakest first.
/// Every shape counts only lines through the point itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Shape {
    /// No five can ever pass through the point in this line.
    None,
    /// Room for a five, one more stone away from a two.
    One,
    /// One more stone makes a three.
    Two,
    /// One more stone makes an open three.
    OpenTwo,
    /// One more stone makes a four.
    Three,
    /// One more stone makes an open four: the other side must answer now.
    OpenThree,
    /// One more stone makes five, in one place: the other side must block it.
    Four,
    /// One more stone makes five in two or more places: it cannot be stopped in this line.
    OpenFour,
    /// A winning line (exactly five under [`Rule::ExactFive`], not blocked at both ends under
    /// [`Rule::Caro`]).
    Five,
}

/// Cells on each side of the point.
const REACH: usize = 5;
/// Patterns: three states for each of the ten neighbours.
const PATTERNS: usize = 59_049;

const EMPTY: u8 = 0;
const OWN: u8 = 1;
/// The other colour's stone (or, except in Caro's table, a cell off the board).
const BLOCKED: u8 = 2;
/// Off the board, in Caro's table only: no stone can go there, and it blocks no five.
const EDGE: u8 = 3;
/// Caro's cases of cells off the board: 0..=5 on the left times 0..=5 on the right.
const EDGE_CASES: usize = 36;

/// The pattern index of a set of neighbours, for each 10-bit mask of them: the sum of 3^bit.
/// Own stones add it once, blocked cells twice.
static TERNARY: [u16; 1024] = ternary_weights();

const fn ternary_weights() -> [u16; 1024] {
    let mut table = [0u16; 1024];
    let mut mask = 0;
    while mask < 1024 {
        let (mut bit, mut weight, mut sum) = (0, 1u16, 0u16);
        while bit < 10 {
            if mask >> bit & 1 == 1 {
                sum += weight;
            }
            weight *= 3;
            bit += 1;
        }
        table[mask] = sum;
        mask += 1;
    }
    table
}

/// The shapes of every pattern under one rule.
pub struct ShapeTable {
    /// Indexed by pattern times `stride`, plus the edge case masked by `edge_mask`: for the
    /// rules that treat the edge as a stone, stride 1 and mask 0 (the edge case drops out).
    shapes: Vec<Shape>,
    stride: usize,
    edge_mask: usize,
}

static FREESTYLE: LazyLock<ShapeTable> = LazyLock::new(|| ShapeTable::build(Rule::Freestyle));
static EXACT_FIVE: LazyLock<ShapeTable> = LazyLock::new(|| ShapeTable::build(Rule::ExactFive));
static CARO: LazyLock<ShapeTable> = LazyLock::new(ShapeTable::build_caro);

/// The table for `rule`'s black stones, built on first use (a few milliseconds).
#[cfg(test)]
pub fn table(rule: Rule) -> &'static ShapeTable {
    tables(rule)[0]
}

/// The tables for black's and white's stones under `rule`, built on first use (a few
/// milliseconds).
///
/// **Hook for Renju:** there black wins only with exactly five and white with five or more, so
/// a Renju arm reads `Rule::Renju => [&EXACT_FIVE, &FREESTYLE]`; with the forbidden-point
/// filter in [`super::legality`], that is all the engine needs to know of the rule.
pub fn tables(rule: Rule) -> [&'static ShapeTable; 2] {
    match rule {
        Rule::Freestyle => [&FREESTYLE, &FREESTYLE],
        Rule::ExactFive => [&EXACT_FIVE, &EXACT_FIVE],
        // Renju: black wins with exactly five, white with five or more.
        Rule::Renju => [&EXACT_FIVE, &FREESTYLE],
        Rule::Caro => [&CARO, &CARO],
    }
}

impl ShapeTable {
    /// The shape for 11-bit windows centred on the point (bit 5): `own` marks the side's stones,
    /// `blocked` the other side's stones and the cells off the board, `walls` the cells off the
    /// board alone (only Caro's table reads them). The centre bit is ignored.
    #[inline]
    pub fn lookup(&self, own: u32, blocked: u32, walls: u32) -> Shape {
        let drop_centre = |w: u32| ((w & 0x1f) | (w >> 6 << 5)) as usize & 0x3ff;
        let index = TERNARY[drop_centre(own)] as usize + 2 * TERNARY[drop_centre(blocked)] as usize;
        let edges = (walls & 0x1f).count_ones() as usize * 6 + (walls >> 6 & 0x1f).count_ones() as usize;
        self.shapes[index * self.stride + (edges & self.edge_mask)]
    }

    fn build(rule: Rule) -> ShapeTable {
        let mut memo = vec![None; PATTERNS];
        for index in 0..PATTERNS {
            classify(index, 0, rule, &mut memo);
        }
        let shapes = memo.into_iter().map(|s| s.expect("classified")).collect();
        ShapeTable { shapes, stride: 1, edge_mask: 0 }
    }

    /// Caro's table: every pattern in each of the [`EDGE_CASES`], the patterns whose cells off
    /// the board are not all blocked left as [`Shape::None`] (no window reads them).
    fn build_caro() -> ShapeTable {
        let mut memo = vec![None; PATTERNS * EDGE_CASES];
        for index in 0..PATTERNS {
            for edges in 0..EDGE_CASES {
                if walls_fit(index, edges) {
                    classify(index, edges, Rule::Caro, &mut memo);
                }
            }
        }
        let shapes = memo.into_iter().map(|s| s.unwrap_or(Shape::None)).collect();
        ShapeTable { shapes, stride: EDGE_CASES, edge_mask: usize::MAX }
    }
}

/// The cells off the board in edge case `edges`: the `edges / 6` farthest on the left and the
/// `edges % 6` farthest on the right.
fn is_wall(cell: usize, edges: usize) -> bool {
    cell < edges / 6 || cell > 2 * REACH - edges % 6
}

/// Whether the pattern `index` has blocked cells wherever edge case `edges` puts the edge.
fn walls_fit(index: usize, edges: usize) -> bool {
    let cells = decode(index, 0);
    (0..cells.len()).all(|cell| !is_wall(cell, edges) || cells[cell] == BLOCKED)
}

/// The eleven cells of a pattern, the point itself (own) in the middle; the cells off the board
/// in edge case `edges` (0: none) are [`EDGE`].
fn decode(mut index: usize, edges: usize) -> [u8; 2 * REACH + 1] {
    let mut cells = [OWN; 2 * REACH + 1];
    for cell in (0..REACH).chain(REACH + 1..2 * REACH + 1) {
        cells[cell] = match index % 3 {
            0 => EMPTY,
            1 => OWN,
            _ if is_wall(cell, edges) => EDGE,
            _ => BLOCKED,
        };
        index /= 3;
    }
    cells
}

/// The index change from turning neighbour `cell` (0..11, not the centre) from empty to own.
fn own_weight(cell: usize) -> usize {
    let digit = if cell < REACH { cell } else { cell - 1 };
    3usize.pow(digit as u32)
}

fn is_five(cells: &[u8; 2 * REACH + 1], rule: Rule) -> bool {
    let left = cells[..REACH].iter().rev().take_while(|&&c| c == OWN).count();
    let right = cells[REACH + 1..].iter().take_while(|&&c| c == OWN).count();
    let len = 1 + left + right;
    if rule == Rule::Caro && len == 5 {
        // Both ends are inside the window: a five reaches at most four cells from the point.
        let blocked_at_both_ends = cells[REACH - left - 1] == BLOCKED && cells[REACH + right + 1] == BLOCKED;
        return !blocked_at_both_ends;
    }
    rule.wins(len)
}

/// The empty neighbours that would complete a five through the point.
fn completions(cells: &mut [u8; 2 * REACH + 1], rule: Rule) -> usize {
    let mut count = 0;
    for cell in 0..cells.len() {
        if cells[cell] == EMPTY {
            cells[cell] = OWN;
            count += is_five(cells, rule) as usize;
            cells[cell] = EMPTY;
        }
    }
    count
}

/// Whether one stone of the other side's stops every completion (Caro only: elsewhere a stone
/// blocks one completion and changes nothing for the others).
fn one_stone_stops_all(cells: &mut [u8; 2 * REACH + 1], rule: Rule) -> bool {
    rule == Rule::Caro
        && (0..cells.len()).any(|cell| {
            if cells[cell] != EMPTY {
                return false;
            }
            cells[cell] = BLOCKED;
            let stopped = completions(cells, rule) == 0;
            cells[cell] = EMPTY;
            stopped
        })
}

/// A pattern's shape in edge case `edges` (always 0 outside Caro): five and fours directly,
/// weaker shapes by what one more stone makes of them (an open three is what one stone turns
/// into an open four, and so on down).
fn classify(index: usize, edges: usize, rule: Rule, memo: &mut [Option<Shape>]) -> Shape {
    let slot = if rule == Rule::Caro { index * EDGE_CASES + edges } else { index };
    if let Some(shape) = memo[slot] {
        return shape;
    }
    let mut cells = decode(index, edges);
    let shape = if is_five(&cells, rule) {
        Shape::Five
    } else {
        match completions(&mut cells, rule) {
            0 => {
                let best_next = (0..cells.len())
                    .filter(|&cell| cells[cell] == EMPTY)
                    .map(|cell| classify(index + own_weight(cell), edges, rule, memo))
                    .max()
                    .unwrap_or(Shape::None);
                one_weaker(best_next)
            }
            1 => Shape::Four,
            _ if one_stone_stops_all(&mut cells, rule) => Shape::Four,
            _ => Shape::OpenFour,
        }
    };
    memo[slot] = Some(shape);
    shape
}

/// The shape one stone short of `next`.
fn one_weaker(next: Shape) -> Shape {
    match next {
        Shape::OpenFour => Shape::OpenThree,
        Shape::Four => Shape::Three,
        Shape::OpenThree => Shape::OpenTwo,
        Shape::Three => Shape::Two,
        Shape::OpenTwo | Shape::Two => Shape::One,
        // Fives cannot follow a pattern without completions; "one" leads nowhere in a line
        // whose room for five is already counted by "two".
        _ => Shape::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Looks a line up from a picture: `X` own, `O` blocked, `.` empty, `*` the point (empty).
    /// Cells beyond the picture are blocked, like the edge of the board.
    pub(super) fn shape(picture: &str, rule: Rule) -> Shape {
        let centre = picture.find('*').expect("a point");
        let (mut own, mut blocked, mut walls) = (0u32, 0u32, 0u32);
        for offset in -(REACH as i64)..=REACH as i64 {
            let bit = 1 << (offset + REACH as i64);
            match picture.as_bytes().get((centre as i64 + offset) as usize) {
                _ if centre as i64 + offset < 0 => walls |= bit,
                Some(b'X') => own |= bit,
                Some(b'.') | Some(b'*') => {}
                Some(_) => blocked |= bit,
                None => walls |= bit,
            }
        }
        table(rule).lookup(own, blocked | walls, walls)
    }

    #[test]
    fn shapes_of_classic_patterns() {
        let free = Rule::Freestyle;
        assert_eq!(shape("..XX*XX..", free), Shape::Five);
        assert_eq!(shape("..XXX*...", free), Shape::OpenFour);
        assert_eq!(shape("..X.X*X.X..", free), Shape::OpenFour, "two split fours");
        assert_eq!(shape("OXXX*....", free), Shape::Four);
        assert_eq!(shape(".XX.X*O", free), Shape::Four);
        assert_eq!(shape("...XX*....", free), Shape::OpenThree);
        assert_eq!(shape("...X.*X...", free), Shape::OpenThree);
        assert_eq!(shape("OXX*.....", free), Shape::Three);
        assert_eq!(shape("O.XX*.O", free), Shape::Three, "no room for an open four");
        assert_eq!(shape("....X*.....", free), Shape::OpenTwo);
        assert_eq!(shape("....*......", free), Shape::One);
        assert_eq!(shape("O...*O", free), Shape::None, "no room for five");
        assert_eq!(shape("X*...", free), Shape::Two, "the edge blocks the left");
    }

    #[test]
    fn exact_five_does_not_count_overlines() {
        let exact = Rule::ExactFive;
        assert_eq!(shape("XXX*XX.", exact), Shape::None);
        assert_eq!(shape("XXX*XX.", Rule::Freestyle), Shape::Five);
        assert_eq!(shape(".XX*XX.", exact), Shape::Five);
        // X.XXX*: filling the gap would make six, so only the right side completes.
        assert_eq!(shape("X.XXX*...", exact), Shape::Four);
        assert_eq!(shape("X.XXX*...", Rule::Freestyle), Shape::OpenFour);
    }

    #[test]
    fn caro_fives_need_an_end_free_of_the_opponent() {
        let caro = Rule::Caro;
        assert_eq!(shape("OXX*XXO", caro), Shape::None, "blocked at both ends, and no room left");
        assert_eq!(shape(".OXX*XXO.", caro), Shape::None);
        assert_eq!(shape("OXX*XX.", caro), Shape::Five);
        assert_eq!(shape("..XX*XX..", caro), Shape::Five);
        // The edge blocks nothing: the picture's ends are the board's.
        assert_eq!(shape("XX*XXO", caro), Shape::Five);
        assert_eq!(shape("XXXX*O", caro), Shape::Five);
        assert_eq!(shape("OXX*XX", caro), Shape::Five);
        // Six or more win, blocked or not.
        assert_eq!(shape("OXXX*XXO", caro), Shape::Five);
        assert_eq!(shape("OXXX*XXXO", caro), Shape::Five);
    }

    #[test]
    fn caro_fours_count_only_completions_that_win() {
        let caro = Rule::Caro;
        // OXXXX.O: the five it could make would be blocked at both ends.
        assert_eq!(shape("OXXX*.O", caro), Shape::None);
        assert_eq!(shape("OXXX*.O", Rule::Freestyle), Shape::Four);
        // Against the edge the same four is real.
        assert_eq!(shape("XXX*.O", caro), Shape::Four);
        // O.XXXX.O: two completions, but one stone beside the four stops both.
        assert_eq!(shape("O.XX*X.O", caro), Shape::Four);
        assert_eq!(shape("O.XX*X.O", Rule::Freestyle), Shape::OpenFour);
        // So does a stone on the open side of O.XXXX.., which leaves the far five blocked.
        assert_eq!(shape("O.XX*X..", caro), Shape::Four);
        // With one more point of room it is open: no single stone stops both.
        assert_eq!(shape("O..XX*X..", caro), Shape::OpenFour);
        assert_eq!(shape("..XX*X..", caro), Shape::OpenFour);
        // A three that can only grow into a blocked five is no three.
        assert_eq!(shape("O.X*X.O", caro), Shape::None);
        assert_eq!(shape("O.X*X.O", Rule::Freestyle), Shape::Three);
        assert_eq!(shape("...X*X...", caro), Shape::OpenThree);
    }
}
