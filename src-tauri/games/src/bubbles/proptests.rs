//! Property tests over many seeds and random games: what every pop must keep true in every style.

use super::field::{index, HEIGHT, WIDTH};
use super::group;
use super::tests::{pick, poppable};
use super::*;
use proptest::prelude::*;

fn any_style() -> impl Strategy<Value = Style> {
    proptest::sample::select(Style::ALL.to_vec())
}

/// One turn of a random game: which poppable cell to go for, whether to pop it by two clicks or by
/// a `pop` move, and a stray transient click first (anywhere, on or off the field).
#[derive(Debug, Clone)]
struct Turn {
    target: u64,
    by_clicks: bool,
    stray: Option<(i64, i64)>,
}

fn turns() -> impl Strategy<Value = Vec<Turn>> {
    let turn = (any::<u64>(), any::<bool>(), proptest::option::of((-2i64..13, -2i64..13)))
        .prop_map(|(target, by_clicks, stray)| Turn { target, by_clicks, stray });
    proptest::collection::vec(turn, 0..60)
}

/// What a pop should do, worked out from the field before it.
struct Expected {
    popped: [u32; 6],
    points: i64,
    /// Columns all of whose balls are in the popped group.
    emptied: u32,
}

fn expect(g: &Bubbles, x: i64, y: i64) -> Expected {
    let cells = g.group_at(x as usize, y as usize);
    let mut popped = [0; 6];
    for &(cx, cy) in &cells {
        popped[usize::from(g.field.get(cx, cy))] += 1;
    }
    let emptied = (0..WIDTH)
        .filter(|&cx| {
            let balls = (0..HEIGHT).filter(|&cy| g.field.get(cx, cy) != 0).count();
            balls > 0 && cells.iter().filter(|c| c.0 == cx).count() == balls
        })
        .count() as u32;
    let n = cells.len() as i64;
    Expected { popped, points: n * (n - 1), emptied }
}

/// The invariants of a settled field in its style.
fn check_layout(g: &Bubbles) -> Result<(), TestCaseError> {
    let f = &g.field;
    for x in 0..WIDTH {
        for y in 0..HEIGHT - 1 {
            prop_assert!(f.get(x, y) == 0 || f.get(x, y + 1) != 0, "ball hangs above a hole at ({x}, {y})");
        }
    }
    match g.style {
        Style::Standard | Style::Continuous => {
            let empty: Vec<bool> = (0..WIDTH).map(|x| f.get(x, HEIGHT - 1) == 0).collect();
            let first_full = empty.iter().position(|e| !e).unwrap_or(WIDTH);
            prop_assert!(empty[first_full..].iter().all(|e| !e), "an empty column right of a full one: {empty:?}");
            if g.style == Style::Continuous {
                prop_assert_eq!(first_full, 0, "a Continuous field keeps all its columns");
            }
        }
        Style::Shifter | Style::Megashift => {
            for y in 0..HEIGHT {
                let row: Vec<u8> = (0..WIDTH).map(|x| f.get(x, y)).collect();
                let first_ball = row.iter().position(|&c| c != 0).unwrap_or(WIDTH);
                prop_assert!(row[first_ball..].iter().all(|&c| c != 0), "gap in row {y}: {row:?}");
            }
            if g.style == Style::Megashift {
                prop_assert!((0..WIDTH).all(|x| f.get(x, HEIGHT - 1) != 0), "MegaShift keeps the bottom row full");
            }
        }
    }
    Ok(())
}

/// Whether two orthogonal neighbours share a colour, by trying every pair of cells.
fn brute_force_pair(g: &Bubbles) -> bool {
    let cells: Vec<(usize, usize)> = (0..HEIGHT).flat_map(|y| (0..WIDTH).map(move |x| (x, y))).collect();
    cells.iter().any(|&(ax, ay)| {
        cells.iter().any(|&(bx, by)| {
            ax.abs_diff(bx) + ay.abs_diff(by) == 1
                && g.colour_at(ax, ay).is_some()
                && g.colour_at(ax, ay) == g.colour_at(bx, by)
        })
    })
}

/// Moves that are never legal here: off the field.
fn off_field_moves() -> [Move; 4] {
    [Move::Click { x: -1, y: 3 }, Move::Pop { x: 11, y: 0 }, Move::Click { x: 0, y: 11 }, Move::Pop { x: 4, y: -7 }]
}

/// Plays one pop the way the player would, returning the logged move.
fn play_turn(g: &mut Bubbles, turn: &Turn, (x, y): (i64, i64)) -> Result<Move, TestCaseError> {
    if let Some((sx, sy)) = turn.stray {
        let before = (g.field.clone(), g.score, g.dealer.clone());
        let applied = g.apply(&Move::Click { x: sx, y: sy });
        let on_field = (0..11).contains(&sx) && (0..11).contains(&sy);
        // A stray click pops only if it hit the current selection, which is empty here.
        prop_assert_eq!(applied.is_ok(), on_field);
        prop_assert_eq!((g.field.clone(), g.score, g.dealer.clone()), before, "a transient click changed the game");
    }
    // By clicks: the first click selects, the second pops; if the stray click already selected
    // this group, the first click pops at once.
    let mv = if turn.by_clicks { Move::Click { x, y } } else { Move::Pop { x, y } };
    let mut logged = Vec::new();
    for _ in 0..2 {
        let to_log = g.logged_move(&mv);
        if g.apply(&mv).map_err(|e| TestCaseError::fail(e.to_string()))? == Applied::Move {
            logged.push(to_log);
            break;
        }
    }
    prop_assert_eq!(&logged, &vec![Move::Pop { x, y }]);
    Ok(logged[0])
}

/// Plays a random game, checking every pop; returns the move log and the game after each move.
fn play(style: Style, seed: u64, turns: &[Turn]) -> Result<(Vec<Move>, Vec<Bubbles>), TestCaseError> {
    let mut g = Bubbles::new(&Params::new(style), seed).unwrap();
    let mut log = Vec::new();
    let mut states = vec![g.clone()];
    check_layout(&g)?;
    for turn in turns {
        let Some((x, y)) = pick(&g, turn.target) else {
            break;
        };
        let before = g.clone();
        let expected = expect(&g, x, y);
        // The same pop through the inner function, to see what the refill brought in.
        let mut twin = g.clone();
        let refill = twin.pop(group::group_at(&twin.field, index(x as usize, y as usize)));

        log.push(play_turn(&mut g, turn, (x, y))?);
        prop_assert_eq!(&g, &twin);

        // Score and colour conservation: what was there, less the popped, plus the new columns.
        prop_assert_eq!(g.score, before.score + expected.points);
        let (was, now) = (before.field.counts(), g.field.counts());
        for c in 1..=5 {
            prop_assert_eq!(now[c], was[c] - expected.popped[c] + refill.balls[c], "colour {}", c);
        }
        // New columns exactly when the style says.
        let want_columns = match style {
            Style::Standard | Style::Shifter => 0,
            Style::Continuous | Style::Megashift => expected.emptied,
        };
        prop_assert_eq!(refill.columns, want_columns);
        check_layout(&g)?;
        prop_assert_eq!(g.status == Status::Playing, brute_force_pair(&g));
        prop_assert_eq!(g.has_moves(), brute_force_pair(&g));

        for mv in off_field_moves() {
            let snapshot = g.clone();
            let refused = g.apply(&mv);
            let refused_as_expected = matches!(refused, Err(RuleError::OutOfBoard { .. } | RuleError::GameOver));
            prop_assert!(refused_as_expected, "{:?} gave {:?}", mv, refused);
            prop_assert_eq!(&g, &snapshot);
        }
        states.push(g.clone());
    }
    Ok((log, states))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn every_pop_keeps_the_rules(style in any_style(), seed in any::<u64>(), turns in turns()) {
        play(style, seed, &turns)?;
    }

    /// Replaying the logged moves from the seed rebuilds the game exactly, random generator
    /// included: what makes resume, undo and redo exact.
    #[test]
    fn replaying_the_log_rebuilds_the_game(style in any_style(), seed in any::<u64>(), turns in turns()) {
        let (log, states) = play(style, seed, &turns)?;
        // Every prefix of the log rebuilds the game as it was then: the snapshots undo goes back
        // to and the states a resumed game starts from are one and the same.
        for (n, state) in states.iter().enumerate() {
            let mut replayed = Bubbles::new(&Params::new(style), seed).unwrap();
            for mv in &log[..n] {
                prop_assert_eq!(replayed.apply(mv), Ok(Applied::Move));
            }
            prop_assert_eq!(&replayed, state);
        }
    }

    /// Once over, every move is refused and changes nothing.
    #[test]
    fn a_finished_game_refuses_everything(style in prop_oneof![Just(Style::Standard), Just(Style::Shifter)], seed in any::<u64>()) {
        let mut g = Bubbles::new(&Params::new(style), seed).unwrap();
        let mut k = seed;
        while let Some((x, y)) = pick(&g, k) {
            g.apply(&Move::Pop { x, y }).unwrap();
            k = k.wrapping_add(1);
        }
        prop_assert_eq!(g.status(), Status::Finished);
        prop_assert!(poppable(&g).is_empty());
        let snapshot = g.clone();
        for mv in [Move::Click { x: 0, y: 0 }, Move::Pop { x: 10, y: 10 }, Move::Deselect, Move::Click { x: -1, y: 0 }] {
            prop_assert_eq!(g.apply(&mv), Err(RuleError::GameOver));
            prop_assert_eq!(&g, &snapshot);
        }
    }

    /// The end-of-game check agrees with trying every pair, on arbitrary fields (holes anywhere,
    /// sparse or dense), not only on reachable ones.
    #[test]
    fn the_end_check_agrees_with_brute_force(
        cells in (1u8..10).prop_flat_map(|density| proptest::collection::vec(
            (0u8..10, 1u8..=5).prop_map(move |(roll, colour)| if roll < density { colour } else { 0 }),
            121,
        )),
    ) {
        let mut field = super::field::Field::parse(&[]);
        field.cells.copy_from_slice(&cells);
        let g = Bubbles::from_field(Style::Standard, field, super::Dealer::new(crate::Deal::FIRST, 0));
        prop_assert_eq!(g.has_moves(), brute_force_pair(&g));
        prop_assert_eq!(g.status() == Status::Playing, brute_force_pair(&g));
    }

    /// The bit-set flood fill finds the same group as a plain search over the cells.
    #[test]
    fn groups_match_a_plain_search(seed in any::<u64>(), x in 0usize..11, y in 0usize..11) {
        let g = Bubbles::new(&Params::default(), seed).unwrap();
        let mut seen = vec![(x, y)];
        let mut todo = vec![(x, y)];
        while let Some((cx, cy)) = todo.pop() {
            let around = [(cx.wrapping_sub(1), cy), (cx + 1, cy), (cx, cy.wrapping_sub(1)), (cx, cy + 1)];
            for (nx, ny) in around {
                if g.colour_at(nx, ny) == g.colour_at(x, y) && !seen.contains(&(nx, ny)) {
                    seen.push((nx, ny));
                    todo.push((nx, ny));
                }
            }
        }
        seen.sort_by_key(|&(cx, cy)| (cy, cx));
        prop_assert_eq!(g.group_at(x, y), seen);
    }
}
