//! Nested rollout policy adaptation (NRPA, Rosin 2011), the search behind the best published
//! SameGame lines, for Standard fields in the classic scoring.
//!
//! # What it searches
//!
//! A *playout* plays a position to its end, each pop drawn at random with a weight `exp(policy
//! of the pop + bias)`. A search of level 0 is one playout. A search of level `L` runs
//! [`ITERATIONS`] searches of level `L - 1`, each with the policy as it stands, keeps the best
//! line any of them found, and after each one *adapts* the policy towards that best line: at
//! every position along it, the pop the line took gains [`ALPHA`] and every legal pop loses `ALPHA`
//! times the chance the policy gave it. Each level starts from a copy of its caller's policy, so
//! what one branch learns does not spoil another. The levels make it a search: a level-2 run tries
//! 100 policies, each shaped by 100 playouts.
//!
//! A pop is known to the policy by its colour, the cell it is named by and its size (hashed into
//! [`POLICY_SIZE`] weights): the same move of different lines. The bias is the Monte-Carlo
//! SameGame searches' domain knowledge, as in Cazenave's generalised NRPA: the colour with the
//! most balls at the start is *tabu* (its groups weigh `exp(TABU_BIAS)` less, so playouts keep it
//! for a big last pop), and a bigger group weighs more (`SIZE_BIAS · √(n-2)`).
//!
//! # How big a search
//!
//! A full level-`L` run costs `100^L` playouts; cut short, its last policies are never tried. So
//! the search first runs one level-1 search to price a playout, then picks the highest level of
//! which one full run fits in twice what is left, and restarts it until the budget is spent. On
//! 15x15 five-colour deals, at about 11,000 playouts a second here, that is level 2 at 1 s and at
//! 10 s and level 3 at 60 s. What chose it, on few deals and noisy ones (the same 8 deals at 10 s
//! gave 3099 a deal, and 2771 with a build running beside it): at 10 s, level-2 restarts 3099 a deal, a level-3 run
//! cut at a tenth 2820, a level-3 run of 48 searches a level (which fits whole) 2947; at 60 s,
//! two thirds of a level-3 run 3406 and level-2 restarts 3183 (4 deals).
//!
//! Against the beam search over playouts that the classic scoring had before ([`super::solver`]),
//! on the same 100 deals (seeds 1,000,000..) at the same budgets: 2287 a deal against 2270 at 1 s
//! (a draw, +17 ± 51), 2853 against 2633 at 10 s (+221 ± 55), 3417 against 2897 at 60 s
//! (+520 ± 49, better on 82 deals); see docs/ENGINES.md, "The classic scoring on the literature's
//! field".
//!
//! # Limits
//!
//! Only settled Standard fields ([`Compact`]): no new columns come in, the balls only fall and
//! the columns only close up. Every other style, and hand-made positions that are not settled,
//! keep the beam search. So does the hint: its 5,000 positions a move buy about 45 playouts, not
//! even one level-1 run (see [`super::solver`]'s `plan`).

use super::compact::{Cell, Compact, Group, Marks};
use super::solver::{Line, Meter};
use super::Bubbles;

/// Searches a level runs, each followed by an adaptation: the literature's 100.
const ITERATIONS: usize = 100;
/// How far one adaptation moves the policy.
const ALPHA: f32 = 1.0;
/// The weights of the policy, indexed by a hash of the pop.
const POLICY_SIZE: usize = 1 << 17;
/// The tabu colour's bias (measured: -1 2723, -2 2990, -3 2935 a deal at 10 s, 8 deals).
const TABU_BIAS: f32 = -2.0;
/// The bias per √(n-2) of a group of n (0.3: 3099 a deal against 2990 with none, 8 deals at 10 s;
/// 0.6 and -0.3 did worse).
const SIZE_BIAS: f32 = 0.3;
/// The highest level tried: a level-4 run is a million times a level-1.
const MAX_LEVEL: u32 = 4;

/// The best line NRPA finds from `game` within the meter's budget, or `None` when `game` is not a
/// settled Standard field. At least one playout is always played, so even a spent budget gives a
/// finished line.
pub(super) fn search(game: &Bubbles, meter: &mut Meter) -> Option<Line> {
    let root = Compact::of(&game.field)?;
    let counts = root.counts();
    let tabu = (1..counts.len()).max_by_key(|&c| (counts[c], std::cmp::Reverse(c))).unwrap_or(1) as u8;
    let mut nrpa = Nrpa {
        root,
        tabu,
        start_score: game.score,
        scoring: game.scoring,
        marks: Marks::new(),
        groups: Vec::new(),
        weights: Vec::new(),
        random: Random(fingerprint(game.field.cells()) | 1),
        best: None,
        meter,
    };
    let mut policy = vec![0.0; POLICY_SIZE];
    nrpa.playout(&policy);
    let started = (std::time::Instant::now(), nrpa.meter.used());
    nrpa.level(1, &policy);
    let level = nrpa.affordable_level(started);
    // Restarts until the budget is spent; a budget without limits gets one run of the top level.
    while !nrpa.meter.exhausted() {
        policy.fill(0.0);
        nrpa.level(level, &policy);
        if !nrpa.meter.is_limited() {
            break;
        }
    }
    nrpa.best.map(|(cells, score)| Line { cells, score })
}

/// A pop of a line: its cell, and its place in the policy.
#[derive(Clone, Copy)]
struct Pop {
    at: Cell,
    code: usize,
}

struct Nrpa<'m, 'a> {
    root: Compact,
    tabu: u8,
    start_score: i64,
    scoring: super::Scoring,
    marks: Marks,
    groups: Vec<Group>,
    /// The running sums of the legal pops' weights, for the draw.
    weights: Vec<f64>,
    random: Random,
    /// The best line met in any playout, by the rules' cells, and its score.
    best: Option<(Vec<u16>, i64)>,
    meter: &'m mut Meter<'a>,
}

impl Nrpa<'_, '_> {
    /// A search of `level` from the root with `policy`: its best line and score.
    fn level(&mut self, level: u32, policy: &[f32]) -> (i64, Vec<Pop>) {
        if level == 0 {
            return self.playout(policy);
        }
        let mut policy = policy.to_vec();
        let mut best = (i64::MIN, Vec::new());
        for _ in 0..ITERATIONS {
            let found = self.level(level - 1, &policy);
            if found.0 >= best.0 {
                best = found;
            }
            self.adapt(&mut policy, &best.1);
            if self.meter.exhausted() {
                break;
            }
        }
        best
    }

    /// The weight of `group` under `policy`, bias included, and its place in the policy.
    /// In `f64`: the weights of a line grow by about one an adaptation, and `f32`'s exponential
    /// overflows at 89.
    fn weigh(&self, policy: &[f32], group: &Group) -> (f64, usize) {
        let code = code_of(group);
        let mut bias = SIZE_BIAS * (f32::from(group.size) - 2.0).sqrt();
        if group.colour == self.tabu {
            bias += TABU_BIAS;
        }
        (f64::from(policy[code] + bias).exp(), code)
    }

    /// One playout from the root, drawing each pop by its weight.
    fn playout(&mut self, policy: &[f32]) -> (i64, Vec<Pop>) {
        let mut field = self.root.clone();
        let mut groups = std::mem::take(&mut self.groups);
        let mut line = Vec::with_capacity(64);
        let mut score = self.start_score;
        loop {
            field.groups(&mut self.marks, &mut groups);
            if groups.is_empty() {
                break;
            }
            self.weights.clear();
            let mut total = 0.0;
            for group in &groups {
                total += self.weigh(policy, group).0;
                self.weights.push(total);
            }
            let drawn = self.random.unit() * total;
            let chosen = self.weights.iter().position(|&w| w > drawn).unwrap_or(groups.len() - 1);
            let group = groups[chosen];
            score += self.scoring.points(field.pop(&mut self.marks, group.first));
            line.push(Pop { at: group.first, code: code_of(&group) });
        }
        self.groups = groups;
        let balls_left = field.counts().iter().sum();
        score += self.scoring.bonus(balls_left);
        self.meter.charge(line.len() as u64);
        self.offer(&line, score);
        (score, line)
    }

    /// Moves `policy` towards `line`, with the chances of the policy as it was before.
    fn adapt(&mut self, policy: &mut [f32], line: &[Pop]) {
        let mut changes = Vec::with_capacity(line.len() * 32);
        let mut field = self.root.clone();
        let mut groups = std::mem::take(&mut self.groups);
        for pop in line {
            field.groups(&mut self.marks, &mut groups);
            let weighed: Vec<(f64, usize)> = groups.iter().map(|g| self.weigh(policy, g)).collect();
            let total: f64 = weighed.iter().map(|w| w.0).sum();
            changes.push((pop.code, ALPHA));
            changes.extend(weighed.iter().map(|&(w, code)| (code, -ALPHA * (w / total) as f32)));
            field.pop(&mut self.marks, pop.at);
        }
        self.groups = groups;
        self.meter.charge(line.len() as u64);
        for (code, change) in changes {
            policy[code] += change;
        }
    }

    fn offer(&mut self, line: &[Pop], score: i64) {
        if self.best.as_ref().is_none_or(|(_, best)| score > *best) {
            // Each pop is named by its cell in the packed field as it stood then, which is the
            // cell at the same place in the rules' field at that step.
            let cells = line.iter().map(|pop| self.root.field_index(pop.at)).collect();
            self.best = Some((cells, score));
        }
    }

    /// The highest level of which one full run fits in twice what is left, given what the
    /// level-1 run begun at `started` (time, positions) cost.
    fn affordable_level(&self, started: (std::time::Instant, u64)) -> u32 {
        let room = self.meter.room_for(started);
        let mut level = 1;
        while level < MAX_LEVEL && (ITERATIONS as f64).powi(level as i32) <= 2.0 * room {
            level += 1;
        }
        level
    }
}

/// A pop's place in the policy: a hash of its colour, cell and size.
fn code_of(group: &Group) -> usize {
    let key = u64::from(group.first) << 24 | u64::from(group.colour) << 16 | u64::from(group.size);
    (mix(key) as usize) & (POLICY_SIZE - 1)
}

fn mix(mut x: u64) -> u64 {
    x = (x ^ x >> 30).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ x >> 27).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ x >> 31
}

fn fingerprint(cells: &[u8]) -> u64 {
    cells.iter().fold(0x9E37_79B9_7F4A_7C15, |h, &c| mix(h ^ u64::from(c)))
}

/// xorshift64: the draws of the playouts, seeded from the position so that a budget in
/// positions gives the same line every time.
struct Random(u64);

impl Random {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bubbles::dealer::Dealer;
    use crate::bubbles::field::Field;
    use crate::bubbles::solver::{solve, Budget};
    use crate::bubbles::{Move, Params, Scoring, Style};
    use crate::{Deal, Game, Status};
    use std::sync::atomic::AtomicBool;

    fn classic(field: Field) -> Bubbles {
        Bubbles::scored_from_field(Style::Standard, Scoring::Classic, field, Dealer::new(Deal::FIRST, 1))
    }

    /// Plays `moves` on `game` and returns the score and whether the game is over.
    fn replayed(mut game: Bubbles, moves: &[Move]) -> (i64, Status) {
        for mv in moves {
            game.apply(mv).unwrap();
        }
        (game.score, game.status())
    }

    #[test]
    fn it_finds_the_line_that_clears_the_field() {
        // The green pair first, for nothing; then the three reds meet and pop for 1 and the
        // 1000 of a cleared field. The bottom reds first would strand a red and two greens.
        let game = classic(Field::parse_sized(5, 5, &["R....", "G....", "G....", "RR..."]));
        let never = AtomicBool::new(false);
        let solution = solve(&game, Budget::nodes(20_000), &never);
        assert_eq!(solution.score, 1001);
        assert_eq!(replayed(game, &solution.moves), (1001, Status::Finished));
    }

    #[test]
    fn a_spent_budget_still_gives_a_finished_line() {
        let params = Params::sized(Style::Standard, 30, 20, 6, Scoring::Classic);
        let game = Bubbles::new(&params, 4).unwrap();
        let cancelled = AtomicBool::new(true);
        let solution = solve(&game, Budget::nodes(0), &cancelled);
        assert!(!solution.moves.is_empty());
        assert_eq!(replayed(game, &solution.moves), (solution.score, Status::Finished));
    }

    #[test]
    fn lines_replay_at_every_size() {
        let never = AtomicBool::new(false);
        for (width, height, colours) in [(5, 5, 2), (15, 10, 3), (15, 15, 5), (30, 20, 6)] {
            let params = Params::sized(Style::Standard, width, height, colours, Scoring::Classic);
            let game = Bubbles::new(&params, 11).unwrap();
            let solution = solve(&game, Budget::nodes(60_000), &never);
            assert_eq!(replayed(game, &solution.moves), (solution.score, Status::Finished), "{width}x{height}");
        }
    }

    #[test]
    fn a_field_that_is_not_settled_is_left_to_the_beam() {
        // A hand-made position: a ball over a hole. The search declines, the solver still answers.
        let game = classic(Field::parse_sized(5, 5, &["R....", ".....", "R....", "RG..."]));
        let never = AtomicBool::new(false);
        assert!(search(&game, &mut Meter::new(Budget::nodes(1_000), &never)).is_none());
    }
}
