//! Property tests over many seeds and random games: what every pop must keep true in every style,
//! at every size, colour count and scoring.

use super::analysis::Analysis;
use super::group;
use super::tests::{pick, poppable};
use super::*;
use proptest::prelude::*;

fn any_style() -> impl Strategy<Value = Style> {
    proptest::sample::select(Style::ALL.to_vec())
}

/// Any field the game offers: the original's and the presets often, any size and colour count
/// otherwise, in either scoring.
fn any_params() -> impl Strategy<Value = Params> {
    let presets = proptest::sample::select(PRESETS.to_vec());
    let any_size = (5i64..=30, 5i64..=20, 2i64..=6);
    let size = prop_oneof![presets, any_size];
    (any_style(), size, proptest::sample::select(Scoring::ALL.to_vec()))
        .prop_map(|(style, (width, height, colours), scoring)| Params::sized(style, width, height, colours, scoring))
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
    let turn = (any::<u64>(), any::<bool>(), proptest::option::of((-2i64..33, -2i64..23)))
        .prop_map(|(target, by_clicks, stray)| Turn { target, by_clicks, stray });
    proptest::collection::vec(turn, 0..60)
}

/// What a pop should do, worked out from the field before it.
struct Expected {
    popped: [u32; 7],
    points: i64,
    /// Columns all of whose balls are in the popped group.
    emptied: u32,
}

fn expect(g: &Bubbles, x: i64, y: i64) -> Expected {
    let cells = g.group_at(x as usize, y as usize);
    let mut popped = [0; 7];
    for &(cx, cy) in &cells {
        popped[usize::from(g.field.get(cx, cy))] += 1;
    }
    let (width, height) = g.size();
    let emptied = (0..width)
        .filter(|&cx| {
            let balls = (0..height).filter(|&cy| g.field.get(cx, cy) != 0).count();
            balls > 0 && cells.iter().filter(|c| c.0 == cx).count() == balls
        })
        .count() as u32;
    let n = cells.len() as i64;
    let points = match g.scoring {
        Scoring::Original => n * (n - 1),
        Scoring::Classic => (n - 2) * (n - 2),
    };
    Expected { popped, points, emptied }
}

/// The invariants of a settled field in its style.
fn check_layout(g: &Bubbles) -> Result<(), TestCaseError> {
    let f = &g.field;
    let (width, height) = g.size();
    prop_assert!(f.cells[f.len()..].iter().all(|&c| c == 0), "a ball outside the field");
    prop_assert!(f.cells().iter().all(|&c| c <= g.colours()), "a colour beyond the field's");
    for x in 0..width {
        for y in 0..height - 1 {
            prop_assert!(f.get(x, y) == 0 || f.get(x, y + 1) != 0, "ball hangs above a hole at ({x}, {y})");
        }
    }
    match g.style {
        Style::Standard | Style::Continuous => {
            let empty: Vec<bool> = (0..width).map(|x| f.get(x, height - 1) == 0).collect();
            let first_full = empty.iter().position(|e| !e).unwrap_or(width);
            prop_assert!(empty[first_full..].iter().all(|e| !e), "an empty column right of a full one: {empty:?}");
            if g.style == Style::Continuous {
                prop_assert_eq!(first_full, 0, "a Continuous field keeps all its columns");
            }
        }
        Style::Shifter | Style::Megashift => {
            for y in 0..height {
                let row: Vec<u8> = (0..width).map(|x| f.get(x, y)).collect();
                let first_ball = row.iter().position(|&c| c != 0).unwrap_or(width);
                prop_assert!(row[first_ball..].iter().all(|&c| c != 0), "gap in row {y}: {row:?}");
            }
            if g.style == Style::Megashift {
                prop_assert!((0..width).all(|x| f.get(x, height - 1) != 0), "MegaShift keeps the bottom row full");
            }
        }
    }
    Ok(())
}

/// Whether two orthogonal neighbours share a colour, by looking at every cell's four neighbours
/// through the public colour lookup (off the field, including negative coordinates, there is none).
fn brute_force_pair(g: &Bubbles) -> bool {
    let (width, height) = g.size();
    let colour = |x: i64, y: i64| g.colour_at(usize::try_from(x).ok()?, usize::try_from(y).ok()?);
    (0..height as i64).any(|y| {
        (0..width as i64).any(|x| {
            let here = colour(x, y);
            here.is_some()
                && [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)].iter().any(|&(nx, ny)| colour(nx, ny) == here)
        })
    })
}

/// Moves that are never legal here: off the field.
fn off_field_moves(g: &Bubbles) -> [Move; 4] {
    let (width, height) = g.size();
    let (width, height) = (width as i64, height as i64);
    [
        Move::Click { x: -1, y: 3 },
        Move::Pop { x: width, y: 0 },
        Move::Click { x: 0, y: height },
        Move::Pop { x: 4, y: -7 },
    ]
}

/// Plays one pop the way the player would, returning the logged move.
fn play_turn(g: &mut Bubbles, turn: &Turn, (x, y): (i64, i64)) -> Result<Move, TestCaseError> {
    if let Some((sx, sy)) = turn.stray {
        let before = (g.field.clone(), g.score, g.dealer.clone());
        let applied = g.apply(&Move::Click { x: sx, y: sy });
        let (width, height) = g.size();
        let on_field = (0..width as i64).contains(&sx) && (0..height as i64).contains(&sy);
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
fn play(params: &Params, seed: u64, turns: &[Turn]) -> Result<(Vec<Move>, Vec<Bubbles>), TestCaseError> {
    let style = params.style;
    let mut g = Bubbles::new(params, seed).unwrap();
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
        let refill = twin.pop(group::group_at(&twin.field, twin.field.index(x as usize, y as usize)));

        log.push(play_turn(&mut g, turn, (x, y))?);
        prop_assert_eq!(&g, &twin);

        // Score and colour conservation: what was there, less the popped, plus the new columns.
        // The classic scoring's bonus exactly when the pop cleared the field (only Standard and
        // Shifter can: the other styles bring in new columns).
        let bonus = if g.scoring == Scoring::Classic && g.field.balls() == 0 { CLEARED_BONUS } else { 0 };
        prop_assert_eq!(g.score, before.score + expected.points + bonus);
        let (was, now) = (before.field.counts(), g.field.counts());
        for c in 1..=6 {
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

        for mv in off_field_moves(&g) {
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
    fn every_pop_keeps_the_rules(params in any_params(), seed in any::<u64>(), turns in turns()) {
        play(&params, seed, &turns)?;
    }

    /// Replaying the logged moves from the seed rebuilds the game exactly, random generator
    /// included: what makes resume, undo and redo exact.
    #[test]
    fn replaying_the_log_rebuilds_the_game(params in any_params(), seed in any::<u64>(), turns in turns()) {
        let (log, states) = play(&params, seed, &turns)?;
        // Every prefix of the log rebuilds the game as it was then: the snapshots undo goes back
        // to and the states a resumed game starts from are one and the same.
        for (n, state) in states.iter().enumerate() {
            let mut replayed = Bubbles::new(&params, seed).unwrap();
            for mv in &log[..n] {
                prop_assert_eq!(replayed.apply(mv), Ok(Applied::Move));
            }
            prop_assert_eq!(&replayed, state);
        }
    }

    /// Once over, every move is refused and changes nothing.
    #[test]
    fn a_finished_game_refuses_everything(params in any_params().prop_filter("no refills", |p| matches!(p.style, Style::Standard | Style::Shifter)), seed in any::<u64>()) {
        let mut g = Bubbles::new(&params, seed).unwrap();
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
        (width, height, cells) in (5usize..=30, 5usize..=20, 1u8..10).prop_flat_map(|(width, height, density)| (
            Just(width),
            Just(height),
            proptest::collection::vec(
                (0u8..10, 1u8..=6).prop_map(move |(roll, colour)| if roll < density { colour } else { 0 }),
                width * height,
            ),
        )),
    ) {
        let mut field = super::field::Field::empty(width, height);
        field.cells_mut().copy_from_slice(&cells);
        let g = Bubbles::from_field(Style::Standard, field, super::Dealer::new(crate::Deal::FIRST, 0));
        prop_assert_eq!(g.has_moves(), brute_force_pair(&g));
        prop_assert_eq!(g.status() == Status::Playing, brute_force_pair(&g));
    }

    /// The flood fill finds the same group as a plain search over the cells, and the solver's
    /// one-pass labelling finds the same groups as the flood fill, at every size.
    #[test]
    fn groups_match_a_plain_search(params in any_params(), seed in any::<u64>(), x in 0usize..30, y in 0usize..20, pops in 0usize..10) {
        let mut g = Bubbles::new(&params, seed).unwrap();
        for _ in 0..pops {
            let Some((px, py)) = g.first_group() else { break };
            g.apply(&Move::Pop { x: px, y: py }).unwrap();
        }
        let (width, height) = g.size();
        let (x, y) = (x % width, y % height);
        let mut seen = vec![(x, y)];
        // A hole has no group (and holes run off the field, where there is no colour either).
        let mut todo = if g.colour_at(x, y).is_some() { vec![(x, y)] } else { Vec::new() };
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
        if g.colour_at(x, y).is_none() {
            seen.clear();
        }
        prop_assert_eq!(g.group_at(x, y), seen);

        let analysis = Analysis::of(&g.field);
        let mut labelled: Vec<Vec<usize>> =
            analysis.groups.iter().map(|&group| analysis.cells(&g.field, group).iter().collect()).collect();
        let mut filled: Vec<Vec<usize>> = Vec::new();
        let mut covered = super::mask::Mask::EMPTY;
        for i in 0..g.field.len() {
            if covered.contains(i) {
                continue;
            }
            let group = group::group_at(&g.field, i);
            covered = covered.without(group);
            for cell in group.iter() {
                covered.insert(cell);
            }
            if group.len() >= 2 {
                filled.push(group.iter().collect());
            }
        }
        labelled.sort();
        prop_assert_eq!(&labelled, &filled);
        for (group, cells) in analysis.groups.iter().zip(analysis.groups.iter().map(|&gr| analysis.cells(&g.field, gr))) {
            prop_assert_eq!(group.size, cells.len());
            prop_assert_eq!(Some(group.cell()), cells.first());
        }
        let counts = g.field.counts();
        prop_assert_eq!(&analysis.counts[1..], &counts[1..]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// Every line the solver reports, at any size up to 15x10, colour count and scoring
    /// (playouts in the classic one), in the two styles without refills, replays through the
    /// rules to the end at the score it claims. (Larger fields and the refilling styles only make
    /// the debug build slow: a search interrupted at every position of its improving walk
    /// finishes each one greedily.)
    #[test]
    fn every_solver_line_replays_to_its_score(
        params in (proptest::sample::select(vec![Style::Standard, Style::Shifter]), 5i64..=15, 5i64..=10, 2i64..=6, proptest::sample::select(Scoring::ALL.to_vec()))
            .prop_map(|(style, w, h, k, scoring)| Params::sized(style, w, h, k, scoring)),
        seed in any::<u64>(),
    ) {
        let never = std::sync::atomic::AtomicBool::new(false);
        let solution = solve(&Bubbles::new(&params, seed).unwrap(), Budget::nodes(5_000), &never);
        let mut g = Bubbles::new(&params, seed).unwrap();
        for mv in &solution.moves {
            g.apply(mv).unwrap();
        }
        prop_assert_eq!(g.score(), Some(solution.score));
        prop_assert!(g.status().is_over());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The packed field of the nested rollout search finds the rules' groups and pops as the rules
    /// do, at every size and colour count of a Standard game, pop after pop to the end.
    #[test]
    fn the_packed_field_pops_as_the_rules_do(
        size in (5i64..=30, 5i64..=20, 2i64..=6),
        scoring in proptest::sample::select(Scoring::ALL.to_vec()),
        seed in any::<u64>(),
        picks in proptest::collection::vec(any::<u64>(), 200),
    ) {
        let params = Params::sized(Style::Standard, size.0, size.1, size.2, scoring);
        let mut g = Bubbles::new(&params, seed).unwrap();
        let mut marks = super::compact::Marks::new();
        let mut groups = Vec::new();
        for k in picks {
            let packed = super::compact::Compact::of(&g.field).expect("a Standard field is settled");
            packed.groups(&mut marks, &mut groups);
            let mut found: Vec<(usize, u32)> =
                groups.iter().map(|gr| (usize::from(packed.field_index(gr.first)), u32::from(gr.size))).collect();
            found.sort_unstable();
            let mut expected: Vec<(usize, u32)> = Vec::new();
            let mut covered = std::collections::HashSet::new();
            for &(x, y) in &poppable(&g) {
                let i = y as usize * g.size().0 + x as usize;
                if covered.insert(i) {
                    let group = g.group_at(x as usize, y as usize);
                    covered.extend(group.iter().map(|&(gx, gy)| gy * g.size().0 + gx));
                    expected.push((i, group.len() as u32));
                }
            }
            prop_assert_eq!(found.len(), expected.len());
            prop_assert_eq!(found.iter().map(|f| f.1).sum::<u32>(), expected.iter().map(|e| e.1).sum::<u32>());
            let width = g.size().0;
            for group in &groups {
                let i = usize::from(packed.field_index(group.first));
                let cells = g.group_at(i % width, i / width);
                prop_assert_eq!(cells.len() as u32, u32::from(group.size));
                // Packed columns count from the right edge: the first is the rightmost ball's.
                let xs = cells.iter().map(|&(x, _)| x);
                prop_assert_eq!(width - 1 - xs.clone().max().unwrap(), super::compact::column_of(group.first));
                prop_assert_eq!(width - 1 - xs.min().unwrap(), usize::from(group.last_column));
            }
            let Some(chosen) = groups.get(k as usize % groups.len().max(1)).copied() else { break };
            let mut popped = packed.clone();
            let pop = popped.pop(&mut marks, chosen.first);
            prop_assert_eq!(pop.balls, u32::from(chosen.size));
            // The groups the pop left alone and those found again in the columns it changed are
            // all the groups, as the playouts keep them.
            let mut kept: Vec<_> = groups.iter().filter(|gr| pop.changed.keeps(gr)).copied().collect();
            popped.groups_in(&mut marks, &mut kept, pop.changed);
            let mut all = Vec::new();
            popped.groups(&mut marks, &mut all);
            let key = |gr: &super::compact::Group| (gr.first, gr.colour, gr.size, gr.last_column);
            let (mut kept, mut all): (Vec<_>, Vec<_>) = (kept.iter().map(key).collect(), all.iter().map(key).collect());
            kept.sort_unstable();
            all.sort_unstable();
            prop_assert_eq!(kept, all);
            let i = usize::from(packed.field_index(chosen.first));
            g.apply(&Move::Pop { x: (i % g.size().0) as i64, y: (i / g.size().0) as i64 }).unwrap();
            prop_assert!(super::compact::Compact::of(&g.field) == Some(popped), "the fields differ after a pop");
        }
    }
}
