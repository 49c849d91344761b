//! The rules through the public interface: the original's examples, clicks, errors and the JSON shapes.

use super::dealer::Dealer;
use super::field::Field;
use super::*;
use crate::{Deal, Telling};
use serde_json::json;

/// A game on a field drawn as text (see [`Field::parse`]).
fn game(style: Style, rows: &[&str]) -> Bubbles {
    Bubbles::from_field(style, Field::parse(rows), Dealer::new(Deal::FIRST, 0))
}

fn click(x: i64, y: i64) -> Move {
    Move::Click { x, y }
}

/// A 4x4 red block (16 balls) at the bottom left, the rest a pattern with no other group.
fn sixteen() -> Bubbles {
    game(Style::Standard, &["GBGBGBGBGBG", "BGBGBGBGBGB", "RRRRGBGBGBG", "RRRRBGBGBGB", "RRRRGBGBGBG", "RRRRBGBGBGB"])
}

#[test]
fn a_group_of_sixteen_scores_240() {
    let mut g = sixteen();
    assert_eq!(g.apply(&click(2, 8)), Ok(Applied::Transient));
    let view = g.view();
    assert_eq!(view.selection_points, Some(240));
    assert_eq!(view.selection.as_ref().map(Vec::len), Some(16));
    assert_eq!(view.selection_outline.as_ref().map(Vec::len), Some(16), "4 sides of 4 cells");
    assert_eq!(g.score(), Some(0), "selecting scores nothing");
    assert_eq!(g.apply(&click(0, 10)), Ok(Applied::Move));
    assert_eq!(g.score(), Some(240));
    assert_eq!(g.view().selection, None);
}

#[test]
fn two_triples_score_less_than_one_six() {
    let rows = ["RRR.GGG....", "BPBPBPBPBPB"];
    let mut triples = game(Style::Standard, &rows);
    triples.apply(&Move::Pop { x: 0, y: 9 }).unwrap();
    let (x, y) = triples.first_group().expect("the green triple is left");
    assert_eq!((x, y), (4, 9), "no column emptied, so nothing moved");
    triples.apply(&Move::Pop { x, y }).unwrap();
    assert_eq!(triples.score(), Some(12));

    let mut six = game(Style::Standard, &["RRRRRR.....", "BPBPBPBPBPB"]);
    six.apply(&Move::Pop { x: 5, y: 9 }).unwrap();
    assert_eq!(six.score(), Some(30));
    assert!(triples.score() < six.score());
}

#[test]
fn clicking_a_lone_ball_or_a_hole_clears_the_selection() {
    let mut g = game(Style::Megashift, &["RR.G.......", "BPBPBPBPBPB"]);
    g.apply(&click(0, 9)).unwrap();
    assert!(g.view().selection.is_some());
    assert_eq!(g.apply(&click(3, 9)), Ok(Applied::Transient), "a lone green");
    assert_eq!(g.view().selection, None);
    g.apply(&click(1, 9)).unwrap();
    assert_eq!(g.apply(&click(5, 0)), Ok(Applied::Transient), "a hole");
    assert_eq!(g.view().selection, None);
    g.apply(&click(1, 9)).unwrap();
    assert_eq!(g.apply(&Move::Deselect), Ok(Applied::Transient));
    assert_eq!(g.view().selection, None);
    assert_eq!(g.score(), Some(0));
}

#[test]
fn clicking_another_group_moves_the_selection() {
    let mut g = game(Style::Standard, &["RR.GG......", "BPBPBPBPBPB"]);
    g.apply(&click(0, 9)).unwrap();
    assert_eq!(g.apply(&click(4, 9)), Ok(Applied::Transient));
    let selection = g.view().selection.unwrap();
    assert_eq!(selection, vec![Cell { x: 3, y: 9 }, Cell { x: 4, y: 9 }]);
}

#[test]
fn popping_a_lone_ball_or_a_hole_is_refused_and_changes_nothing() {
    let mut g = game(Style::Standard, &["RR.G.......", "BPBPBPBPBPB"]);
    g.apply(&click(0, 9)).unwrap();
    let before = g.clone();
    for mv in [Move::Pop { x: 3, y: 9 }, Move::Pop { x: 2, y: 9 }, Move::Pop { x: 0, y: 0 }] {
        assert!(matches!(g.apply(&mv), Err(RuleError::Illegal(_))), "{mv:?}");
        assert_eq!(g, before);
    }
}

#[test]
fn moves_outside_the_field_are_refused_and_change_nothing() {
    let mut g = Bubbles::new(&Params::default(), 3).unwrap();
    let (x, y) = g.first_group().unwrap();
    g.apply(&click(x, y)).unwrap();
    let before = g.clone();
    for (x, y) in [(-1, 0), (0, -1), (11, 0), (0, 11), (i64::MIN, i64::MAX)] {
        for mv in [Move::Click { x, y }, Move::Pop { x, y }] {
            let refused = Err(RuleError::OutOfBoard { x, y, width: 11, height: 11 });
            assert_eq!(g.apply(&mv), refused);
            assert_eq!(g, before);
        }
    }
}

#[test]
fn clearing_the_field_finishes_the_game_without_a_bonus() {
    let mut g = game(Style::Standard, &["RRRRRRRRRRR"; 11]);
    assert_eq!(g.status(), Status::Playing);
    g.apply(&Move::Pop { x: 5, y: 5 }).unwrap();
    assert_eq!(g.status(), Status::Finished);
    assert_eq!(g.score(), Some(121 * 120));
    assert_eq!(g.view().balls_left, 0);
}

#[test]
fn the_game_ends_when_no_two_neighbours_match_and_then_refuses_every_move() {
    let mut g = game(Style::Shifter, &["R.........G", "BB.......YR"]);
    g.apply(&click(0, 10)).unwrap();
    assert_eq!(g.apply(&click(1, 10)), Ok(Applied::Move));
    // The red falls to the bottom row, the rows pack right: "..........G" over "........RYR".
    assert_eq!(g.status(), Status::Finished);
    assert!(!g.has_moves());
    let before = g.clone();
    for mv in [click(10, 10), Move::Pop { x: 10, y: 10 }, Move::QuickPop { x: 10, y: 10 }, Move::Deselect, click(-1, 0)]
    {
        assert_eq!(g.apply(&mv), Err(RuleError::GameOver));
        assert_eq!(g, before);
        assert_eq!(g.logged_move(&mv), mv);
    }
    assert_eq!(g.view().status, Status::Finished);
}

#[test]
fn a_dealt_field_without_a_pair_is_over_at_once() {
    let g = game(Style::Megashift, &["RGRGRGRGRGR", "GRGRGRGRGRG"]);
    assert_eq!(g.status(), Status::Finished);
}

#[test]
fn a_click_in_the_selection_is_logged_as_a_pop() {
    let mut g = sixteen();
    assert_eq!(g.logged_move(&click(1, 9)), click(1, 9), "nothing selected yet");
    g.apply(&click(1, 9)).unwrap();
    assert_eq!(g.logged_move(&click(3, 7)), Move::Pop { x: 3, y: 7 });
    assert_eq!(g.logged_move(&click(4, 7)), click(4, 7), "outside the selection");
    assert_eq!(g.logged_move(&click(-1, 7)), click(-1, 7));
    assert_eq!(g.logged_move(&Move::Deselect), Move::Deselect);
    // The click and its logged form do the same thing.
    let (mut by_click, mut by_pop) = (g.clone(), sixteen());
    by_click.apply(&click(3, 7)).unwrap();
    by_pop.apply(&Move::Pop { x: 3, y: 7 }).unwrap();
    assert_eq!(by_click, by_pop);
}

/// One-click play: a click on a group pops it at once, the same move as the seed's two clicks
/// (logged as the same pop, with the same effects); on a lone ball or a hole it only clears the
/// selection; off the field it is refused.
#[test]
fn a_quick_pop_pops_a_group_in_one_click_as_two_clicks_do() {
    let quick = Move::QuickPop { x: 3, y: 7 };
    let fresh = sixteen();
    assert_eq!(fresh.logged_move(&quick), Move::Pop { x: 3, y: 7 }, "logged as the pop it is");
    let (mut one_click, mut two_clicks) = (fresh.clone(), fresh.clone());
    let (applied, quick_effects) = one_click.apply_with_effects(&quick).unwrap();
    assert_eq!(applied, Applied::Move);
    two_clicks.apply(&click(3, 7)).unwrap();
    let (_, click_effects) = two_clicks.apply_with_effects(&click(3, 7)).unwrap();
    assert_eq!(one_click, two_clicks);
    assert_eq!(one_click.score(), Some(240));
    assert_eq!(quick_effects, click_effects);
    assert_eq!(quick_effects.popped.len(), 16);

    let mut selected = fresh.clone();
    selected.apply(&click(0, 10)).unwrap();
    for lone_or_hole in [Move::QuickPop { x: 4, y: 10 }, Move::QuickPop { x: 0, y: 0 }] {
        let mut g = selected.clone();
        assert_eq!(g.logged_move(&lone_or_hole), lone_or_hole, "nothing to log");
        assert_eq!(g.apply(&lone_or_hole), Ok(Applied::Transient));
        assert_eq!(g.view().selection, None, "the selection is cleared");
        assert_eq!((g.score(), g.view().cells), (Some(0), fresh.view().cells));
    }
    let mut g = fresh.clone();
    assert!(matches!(g.apply(&Move::QuickPop { x: 11, y: 0 }), Err(RuleError::OutOfBoard { .. })));
    assert!(matches!(g.apply(&Move::QuickPop { x: -1, y: 0 }), Err(RuleError::OutOfBoard { .. })));
    assert_eq!(g, fresh);
}

/// The view numbers the groups of two or more (what the page highlights under the pointer) and
/// gives each one's points in the game's scoring; a finished game's view has neither.
#[test]
fn the_view_numbers_the_groups_and_gives_each_ones_points() {
    let rows = ["RR.GG......", "BPBPBPBPBPB"];
    let field = |scoring| {
        Bubbles::scored_from_field(Style::Standard, scoring, Field::parse(&rows), Dealer::new(Deal::FIRST, 0))
    };
    let original = field(Scoring::Original).view();
    let groups = original.groups.as_ref().expect("groups while playing");
    assert_eq!(&groups[9 * 11..9 * 11 + 6], &[1, 1, 0, 2, 2, 0]);
    assert!(groups[10 * 11..].iter().all(|&n| n == 0), "the bottom row's balls are each alone");
    assert!(groups[..9 * 11].iter().all(|&n| n == 0), "holes");
    assert_eq!(original.group_points, Some(vec![2, 2]));
    // A pair is worth nothing in the classic scoring, n(n-1) = 2 in the original's.
    assert_eq!(field(Scoring::Classic).view().group_points, Some(vec![0, 0]));
    let v = serde_json::to_value(&original).unwrap();
    assert_eq!((v["groups"].as_array().unwrap().len(), &v["groupPoints"]), (121, &json!([2, 2])));

    let mut over = field(Scoring::Original);
    over.apply(&Move::Pop { x: 0, y: 9 }).unwrap();
    over.apply(&Move::Pop { x: 3, y: 9 }).unwrap();
    assert_eq!(over.status(), Status::Finished);
    let v = serde_json::to_value(over.view()).unwrap();
    assert!(v.get("groups").is_none() && v.get("groupPoints").is_none(), "left out once over");
}

#[test]
fn group_at_lists_the_cells_of_a_group() {
    let g = game(Style::Standard, &["RR.G.......", "BR.........", "BPBPBPBPBPB"]);
    assert_eq!(g.group_at(0, 8), vec![(0, 8), (1, 8), (1, 9)]);
    assert_eq!(g.group_at(3, 8), vec![(3, 8)]);
    assert_eq!(g.group_at(2, 8), vec![]);
    assert_eq!(g.group_at(11, 0), vec![]);
    assert_eq!(g.colour_at(0, 9), Some(Colour::Blue));
    assert_eq!(g.colour_at(2, 8), None);
    assert_eq!(g.colour_at(0, 11), None);
}

#[test]
fn params_parse_from_json() {
    let parse = |v: serde_json::Value| serde_json::from_value::<Params>(v);
    assert_eq!(parse(json!({})).unwrap().style, Style::Megashift);
    for style in Style::ALL {
        assert_eq!(parse(json!({ "style": style.name() })).unwrap().style, style);
    }
    assert!(parse(json!({ "style": "tetris" })).is_err());
    assert_eq!(serde_json::to_value(Params::default()).unwrap(), json!({ "style": "megashift" }));
}

#[test]
fn moves_have_a_tagged_json_form() {
    let cases = [
        (click(3, 10), json!({ "action": "click", "x": 3, "y": 10 })),
        (Move::Pop { x: 0, y: 1 }, json!({ "action": "pop", "x": 0, "y": 1 })),
        (Move::QuickPop { x: 2, y: 4 }, json!({ "action": "quickPop", "x": 2, "y": 4 })),
        (Move::Deselect, json!({ "action": "deselect" })),
    ];
    for (mv, value) in cases {
        assert_eq!(serde_json::to_value(mv).unwrap(), value);
        assert_eq!(serde_json::from_value::<Move>(value).unwrap(), mv);
    }
    assert!(serde_json::from_value::<Move>(json!({ "action": "explode" })).is_err());
    // A negative coordinate parses and is refused by the rules, not by serde.
    assert_eq!(serde_json::from_value::<Move>(json!({ "action": "click", "x": -1, "y": 0 })).unwrap(), click(-1, 0));
}

#[test]
fn the_view_serialises_as_documented() {
    let mut g = game(Style::Continuous, &["RR.........", "BPBPBPBPBPB"]);
    g.apply(&click(0, 9)).unwrap();
    let v = serde_json::to_value(g.view()).unwrap();
    assert_eq!(v["width"], 11);
    assert_eq!(v["height"], 11);
    assert_eq!(v["cells"].as_array().unwrap().len(), 121);
    assert_eq!(v["cells"][9 * 11], 1, "red at (0, 9)");
    assert_eq!(v["cells"][10 * 11 + 1], 5, "purple at (1, 10)");
    assert_eq!(v["cells"][0], 0, "empty");
    assert_eq!(v["selection"], json!([{ "x": 0, "y": 9 }, { "x": 1, "y": 9 }]));
    assert_eq!(v["selectionPoints"], 2);
    assert_eq!(
        v["selectionOutline"],
        json!([
            { "x": 0, "y": 9, "side": "top" },
            { "x": 0, "y": 9, "side": "bottom" },
            { "x": 0, "y": 9, "side": "left" },
            { "x": 1, "y": 9, "side": "top" },
            { "x": 1, "y": 9, "side": "right" },
            { "x": 1, "y": 9, "side": "bottom" },
        ])
    );
    assert_eq!(v["score"], 0);
    assert_eq!(v["style"], "continuous");
    assert_eq!(v["status"], "playing");
    assert_eq!(v["ballsLeft"], 13);
    assert_eq!(v["colourCounts"], json!({ "red": 2, "green": 0, "yellow": 0, "blue": 6, "purple": 5 }));
    let sizes = v["groupSizes"].as_array().unwrap();
    assert_eq!(
        (sizes.len(), &sizes[9 * 11], &sizes[9 * 11 + 1], &sizes[9 * 11 + 2]),
        (121, &json!(2), &json!(2), &json!(0))
    );
    assert!(sizes[10 * 11..].iter().all(|size| size == 1), "the bottom row's balls are each alone");
    g.apply(&Move::Deselect).unwrap();
    let v = serde_json::to_value(g.view()).unwrap();
    assert_eq!(
        (&v["selection"], &v["selectionPoints"], &v["selectionOutline"]),
        (&json!(null), &json!(null), &json!(null))
    );
}

#[test]
fn the_game_reports_its_kind_category_and_score() {
    assert_eq!(Bubbles::KIND.as_str(), "bubbles");
    assert!(Bubbles::KIND.info().has_undo);
    for style in Style::ALL {
        let g = Bubbles::new(&Params::new(style), 1).unwrap();
        assert_eq!(g.category(), style.name());
        assert_eq!(g.score(), Some(0));
        assert_eq!(g.status(), Status::Playing);
        assert_eq!(g.style(), style);
        assert_eq!(g.view().balls_left, 121);
    }
}

#[test]
fn the_same_seed_deals_the_same_field() {
    let a = Bubbles::new(&Params::default(), 99).unwrap();
    assert_eq!(a, Bubbles::new(&Params::default(), 99).unwrap());
    assert_ne!(a.view().cells, Bubbles::new(&Params::default(), 100).unwrap().view().cells);
}

/// The original's VB.NET code, transliterated as literally as Rust allows: `p(x, y)` colours, the
/// recursive `HighLightNeighbours`, `Explode`, `MoveDown` and the recursive `MoveRight` with its
/// refill. MegaShift must match it move for move, random columns included.
mod seed {
    use super::super::refill::below;
    use crate::GameRng;

    pub struct Form {
        pub p: [[u8; 11]; 11],
        pub s: [[bool; 11]; 11],
        pub selected: i64,
        pub score: i64,
        pub r: GameRng,
    }

    impl Form {
        pub fn high_light_neighbours(&mut self, x: usize, y: usize) {
            let p = self.p;
            self.s[x][y] = true;
            self.selected += 1;
            if x > 0 && p[x][y] == p[x - 1][y] && !self.s[x - 1][y] {
                self.high_light_neighbours(x - 1, y);
            }
            if x < 10 && p[x][y] == p[x + 1][y] && !self.s[x + 1][y] {
                self.high_light_neighbours(x + 1, y);
            }
            if y > 0 && p[x][y] == p[x][y - 1] && !self.s[x][y - 1] {
                self.high_light_neighbours(x, y - 1);
            }
            if y < 10 && p[x][y] == p[x][y + 1] && !self.s[x][y + 1] {
                self.high_light_neighbours(x, y + 1);
            }
        }

        pub fn mouse_down_twice(&mut self, x: usize, y: usize) {
            self.s = [[false; 11]; 11];
            self.selected = 0;
            if self.p[x][y] > 0 {
                self.high_light_neighbours(x, y);
            }
            assert!(self.selected > 1);
            self.score += self.selected * (self.selected - 1);
            for x in 0..11 {
                for y in 0..11 {
                    if self.s[x][y] {
                        self.p[x][y] = 0;
                    }
                }
            }
            self.s = [[false; 11]; 11];
            self.move_down();
            self.move_right();
        }

        fn move_down(&mut self) {
            for x in 0..11 {
                let mut t: i64 = 10;
                for y in (0..=10).rev() {
                    if self.p[x][y] > 0 {
                        self.p[x][t as usize] = self.p[x][y];
                        t -= 1;
                    }
                }
                let mut y = t;
                while y >= 0 {
                    self.p[x][y as usize] = 0;
                    y -= 1;
                }
            }
        }

        fn move_right(&mut self) {
            for y in 0..11 {
                let mut t: i64 = 10;
                for x in (0..=10).rev() {
                    if self.p[x][y] > 0 {
                        self.p[t as usize][y] = self.p[x][y];
                        t -= 1;
                    }
                }
                let mut x = t;
                while x >= 0 {
                    self.p[x as usize][y] = 0;
                    x -= 1;
                }
            }
            if self.p[0][10] == 0 {
                // `For y = 10 To r.Next(10) Step -1`: the bound is drawn once, before the colours.
                let top = below(&mut self.r, 10) as usize;
                for y in (top..=10).rev() {
                    self.p[0][y] = below(&mut self.r, 5) as u8 + 1;
                }
                self.move_right();
            }
        }

        pub fn has_possibilities(&self) -> bool {
            let p = &self.p;
            for x in 0..11 {
                for y in 0..11 {
                    if p[x][y] > 0 && ((x < 10 && p[x][y] == p[x + 1][y]) || (y < 10 && p[x][y] == p[x][y + 1])) {
                        return true;
                    }
                }
            }
            false
        }
    }
}

#[test]
fn megashift_plays_exactly_as_the_seed() {
    for seed_value in 0..40u64 {
        let mut g = Bubbles::new(&Params::new(Style::Megashift), seed_value).unwrap();
        let mut form = seed::Form {
            p: std::array::from_fn(|x| std::array::from_fn(|y| g.field.get(x, y))),
            s: [[false; 11]; 11],
            selected: 0,
            score: 0,
            r: g.dealer.rng().clone(),
        };
        let mut pops = 0;
        // Pop the groups at cells picked by a simple varying rule until the game ends.
        while let Some((x, y)) = pick(&g, seed_value + pops) {
            g.apply(&click(x, y)).unwrap();
            g.apply(&click(x, y)).unwrap();
            form.mouse_down_twice(x as usize, y as usize);
            let p: [[u8; 11]; 11] = std::array::from_fn(|x| std::array::from_fn(|y| g.field.get(x, y)));
            assert_eq!(p, form.p, "seed {seed_value}, pop {pops}");
            assert_eq!(g.score, form.score);
            assert_eq!(g.status == Status::Playing, form.has_possibilities());
            pops += 1;
            if pops == 300 {
                break;
            }
        }
        assert!(pops > 0);
    }
}

/// The `k`-th (in a scrambled order) cell that has a same-coloured neighbour.
pub(super) fn pick(g: &Bubbles, k: u64) -> Option<(i64, i64)> {
    let cells = poppable(g);
    let n = cells.len() as u64;
    (n > 0 && g.status == Status::Playing).then(|| cells[(k.wrapping_mul(7919) % n) as usize])
}

/// Every cell with a same-coloured orthogonal neighbour, found by looking at each pair directly.
pub(super) fn poppable(g: &Bubbles) -> Vec<(i64, i64)> {
    // Off the field (including negative coordinates) there is no colour.
    let colour = |x: i64, y: i64| g.colour_at(usize::try_from(x).ok()?, usize::try_from(y).ok()?);
    let mut cells = Vec::new();
    let (width, height) = g.size();
    for y in 0..height as i64 {
        for x in 0..width as i64 {
            let here = colour(x, y);
            let neighbours = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)];
            if here.is_some() && neighbours.iter().any(|&(nx, ny)| colour(nx, ny) == here) {
                cells.push((x, y));
            }
        }
    }
    cells
}

/// Each cell's group size in the view is the size of the group a click on it finds; a finished
/// game's view has none (no group of two is left).
#[test]
fn the_view_tells_each_cells_group_size_while_playing() {
    let g = sixteen();
    let sizes = g.view().group_sizes.expect("group sizes while playing");
    for (i, &size) in sizes.iter().enumerate() {
        assert_eq!(usize::from(size), g.group_at(i % 11, i / 11).len(), "cell {i}");
    }
    assert_eq!(sizes[10 * 11], 16);
    let mut last_pair = game(Style::Standard, &["RR.........", "BPBPBPBPBPB"]);
    last_pair.apply(&click(0, 9)).unwrap();
    last_pair.apply(&click(0, 9)).unwrap();
    assert_eq!(last_pair.status(), Status::Finished);
    assert_eq!(last_pair.view().group_sizes, None);
    assert!(serde_json::to_value(last_pair.view()).unwrap().get("groupSizes").is_none(), "left out of the JSON");
}
