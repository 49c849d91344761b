//! Nested rollout policy adaptation (NRPA, Rosin 2011), the search behind the best published
//! SameGame lines, for Standard fields in the classic scoring.
//!
//! # What it searches
//!
//! A *playout* plays a position to its end, each pop drawn at random with a weight `exp(policy
//! of the pop + bias)`. A search of level 0 is the better of [`STABLE_PLAYOUTS`] playouts under
//! one policy (below, "How big a search"). A search of level `L` runs
//! [`ITERATIONS`] searches of level `L - 1`, each with the policy as it stands, keeps the best
//! line any of them found, and after each one *adapts* the policy towards that best line: at
//! every position along it, the pop the line took gains [`ALPHA`] and every legal pop loses `ALPHA`
//! times the chance the policy gave it. Each level starts from a copy of its caller's policy, so
//! what one branch learns does not spoil another. The levels make it a search: a level-2 run tries
//! 100 policies, each shaped by 100 steps of two playouts.
//!
//! A pop is known to the policy by its colour, the cell it is named by and its size (hashed into
//! [`POLICY_SIZE`] weights): the same move of different lines. The bias is the Monte-Carlo
//! SameGame searches' domain knowledge, as in Cazenave's generalised NRPA: the colour with the
//! most balls at the start is *tabu* (its groups weigh `exp(TABU_BIAS)` less, so playouts keep it
//! for a big last pop), and a bigger group weighs more (`SIZE_BIAS · √(n-2)`).
//!
//! # How big a search
//!
//! A full level-`L` run costs `100^L` steps of level 1, each of [`STABLE_PLAYOUTS`] playouts; cut
//! short, its last policies are never tried. So the search first runs one level-1 search to price
//! a step, then picks the highest level of which one full run fits in twice what is left, and
//! restarts it until the budget is spent. On 15x15 five-colour deals, at about 33,000 playouts a
//! second here, that is level 2 at 1 s and at 10 s and one level-3 run at 60 s (two with one
//! playout a step).
//!
//! A step plays two playouts and keeps the better (stabilised NRPA): paired against one
//! playout a step, with budgets in positions (`bubbles_solve --budget-positions`), +98 ± 46 a deal
//! at 1 s (deals 0-99), +84 ± 28 at 10 s (deals 0-47) and +59 ± 40 at 60 s (deals 0-39). Four
//! playouts a step, with the old tabu bias, had lost at 1 s and 60 s, where they changed the level.
//!
//! What chose the level rule, on few deals and noisy ones (the same 8 deals at 10 s gave 3099 a
//! deal, and 2771 with a build running beside it), at a third of today's speed and with one
//! playout a step: at 10 s, level-2 restarts 3099 a deal, a level-3 run cut at a tenth 2820, a
//! level-3 run of 48 searches a level (which fits whole) 2947; at 60 s, two thirds of a level-3
//! run 3406 and level-2 restarts 3183 (4 deals). At today's speed, over deals 0-15 with the
//! positions of 60 s, neither one level-3 run that goes on past its 100 searches for the whole
//! budget (-5 ± 42 a deal against two runs) nor a restart after 20 searches of the top level
//! without a better line (+8 ± 36) did better.
//!
//! # Why it is fast
//!
//! The first version played about 10,500 playouts a second on those deals; three changes doubled
//! it, two more took off another 40 % of a playout's time. A pop changes the groups of its own
//! columns and of the one on each side, and of the columns after only when one of its own
//! emptied and they closed up (columns are counted from the side the field closes towards): a
//! playout keeps the other groups, and their weights, and finds only these again
//! ([`super::compact::Changed`]). A playout records the pops open at each step, so adapting the
//! policy to a line needs no replay of it. The exponential is a short series ([`exp`]), not
//! libm's exact one, and the policy keeps each weight's exponential beside it ([`Policy`]): a
//! pop's weight is a product, and an adaptation takes the exponential of each place it changed
//! once, not of every pop open at every step of the line. What is left is mostly the flood fill
//! and the draws.
//!
//! Against the beam search over playouts that the classic scoring had before ([`super::solver`]),
//! on the same 100 deals (seeds 1,000,000..) at the same budgets: 2414 a deal against 2270 at 1 s,
//! 2959 against 2633 at 10 s, 3549 against 2897 at 60 s (the first version, at half the speed:
//! 2287, 2853 and 3417); with today's speed and tabu bias, 2816, 3320 and 3684, and with two
//! playouts a step 3726 at 60 s. See docs/lab-notes/bubbles.md, "The classic scoring on the
//! literature's field".
//!
//! # Limits
//!
//! Only settled Standard fields ([`Compact`]): no new columns come in, the balls only fall and
//! the columns only close up. Every other style, and hand-made positions that are not settled,
//! keep the beam search. So does the hint: its 5,000 positions a move buy about 90 playouts, not
//! even one level-1 run (see [`super::solver`]'s `plan`).

use super::compact::{Cell, Compact, Group, Marks};
use super::field::{MAX_HEIGHT, MAX_WIDTH};
use super::solver::{Line, Meter};
use super::Bubbles;

/// Searches a level runs, each followed by an adaptation: the literature's 100.
const ITERATIONS: usize = 100;
/// How far one adaptation moves the policy: the literature's 1 (0.5 and 0.7 did +33 ± 30 and
/// +38 ± 39 a deal at 10 s over 96 and 64 deals, within the noise; at 60 s, 110 M positions,
/// -91 ± 55 and -30 ± 38 over 16 deals; 1.5 there, -34 ± 39).
const ALPHA: f32 = 1.0;
/// The weights of the policy, indexed by a hash of the pop.
const POLICY_SIZE: usize = 1 << 17;
/// The tabu colour's bias: nearly a ban, which the policy can still learn past for a pop a line
/// needs. Paired against -2 at 10 s (18 M positions), deals 0-47: -1.5 -69 ± 38, -3 +102 ± 38,
/// -4 +237 ± 47, -6 +291 ± 41, -10 +302 ± 55 (-10 against -6: +11 ± 38). An earlier test on 8
/// deals at a third of today's speed had put -2 ahead of -3. At 60 s (110 M positions, deals
/// 0-15), against -6: -4 -145 ± 66, -10 -107 ± 53.
const TABU_BIAS: f32 = -6.0;
/// The bias per √(n-2) of a group of n (0.3: 3099 a deal against 2990 with none, 8 deals at 10 s;
/// 0.6 and -0.3 did worse). With the tabu bias at -6, 0.15 and 0.5 did -11 ± 48 and +0 ± 52
/// (10 s, deals 0-23); at 60 s (110 M positions, deals 0-15), none against 0.3: +4 ± 41.
const SIZE_BIAS: f32 = 0.3;
/// Playouts a step of level 1 plays before an adaptation, keeping the best (see
/// [`Nrpa::stable_playout`]).
const STABLE_PLAYOUTS: usize = 2;
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
        size_factors: (0..=MAX_WIDTH * MAX_HEIGHT).map(size_factor).collect(),
        tabu_factor: f64::from(TABU_BIAS).exp(),
        start_score: game.score,
        scoring: game.scoring,
        marks: Marks::new(),
        fresh: Vec::new(),
        open: Vec::new(),
        weights: Vec::new(),
        changes: Vec::new(),
        touched: vec![0; POLICY_SIZE / 64],
        spare_policies: Vec::new(),
        spare_playout: Playout::default(),
        random: Random(fingerprint(game.field.cells()) | 1),
        best: None,
        meter,
    };
    let mut policy = Policy::new();
    nrpa.playout(&policy, &mut Playout::default());
    let started = (std::time::Instant::now(), nrpa.meter.used());
    nrpa.level(1, &policy);
    let level = nrpa.affordable_level(started);
    // Restarts until the budget is spent; a budget without limits gets one run of the top level.
    while !nrpa.meter.exhausted() {
        policy.reset();
        nrpa.level(level, &policy);
        if !nrpa.meter.is_limited() {
            break;
        }
    }
    nrpa.best.map(|(cells, score)| Line { cells, score })
}

/// The factor `exp(bias)` that a group of `size` gets for its size.
fn size_factor(size: usize) -> f64 {
    f64::from(SIZE_BIAS * (size.max(2) as f32 - 2.0).sqrt()).exp()
}

/// The policy: a value for each place, and its exponential beside it, so that weighing a pop is
/// a product and an adaptation takes the exponential only of the places it changed, once each.
struct Policy {
    values: Vec<f32>,
    /// `exp` of each value, in `f64`: the values of a line grow by about one an adaptation, and
    /// `f32`'s exponential overflows at 89.
    weights: Vec<f64>,
}

impl Policy {
    fn new() -> Policy {
        Policy { values: vec![0.0; POLICY_SIZE], weights: vec![1.0; POLICY_SIZE] }
    }

    fn reset(&mut self) {
        self.values.fill(0.0);
        self.weights.fill(1.0);
    }

    /// Copies `other` into the space this one has: a level copies its caller's policy at every
    /// call, a level-1 one about every hundred playouts.
    fn copy_from(&mut self, other: &Policy) {
        self.values.copy_from_slice(&other.values);
        self.weights.copy_from_slice(&other.weights);
    }

    /// Adds each change to its place, then takes the exponential of each place changed. A line's
    /// places come back at step after step (a group no pop touched is open again), so `touched`,
    /// a bit a place, all clear and left so, keeps it to once a place.
    fn change(&mut self, changes: &[(u32, f32)], touched: &mut [u64]) {
        for &(code, change) in changes {
            self.values[code as usize] += change;
            touched[code as usize / 64] |= 1 << (code % 64);
        }
        for &(code, _) in changes {
            let (word, bit) = (code as usize / 64, 1 << (code % 64));
            if touched[word] & bit != 0 {
                touched[word] &= !bit;
                self.weights[code as usize] = exp(f64::from(self.values[code as usize]));
            }
        }
    }
}

/// A pop of a line: its cell, and its place in the policy.
#[derive(Clone, Copy)]
struct Pop {
    at: Cell,
    code: u32,
}

/// A pop open to a playout: its group, its place in the policy, its bias (as the factor
/// `exp(bias)`) and its weight under the playout's policy (which does not change during a
/// playout, so a group the last pop left alone keeps its weight).
#[derive(Clone, Copy)]
struct Candidate {
    group: Group,
    code: u32,
    factor: f32,
    weight: f64,
}

/// A finished playout: its score, its pops, and at each pop the place in the policy and the bias
/// factor of every pop open then, so the policy can be adapted towards it without playing it again.
#[derive(Clone, Default)]
struct Playout {
    score: i64,
    pops: Vec<Pop>,
    /// The open pops of every step, one step after another.
    open: Vec<(u32, f32)>,
    /// Where each step's open pops end in `open`.
    ends: Vec<u32>,
}

impl Playout {
    fn clear(&mut self) {
        self.pops.clear();
        self.open.clear();
        self.ends.clear();
    }
}

struct Nrpa<'m, 'a> {
    root: Compact,
    tabu: u8,
    /// The bias factor of a group by its size, and of the tabu colour.
    size_factors: Vec<f64>,
    tabu_factor: f64,
    start_score: i64,
    scoring: super::Scoring,
    marks: Marks,
    /// Work space: the groups a pop made, the pops open in a playout, and an adaptation's weights
    /// and changes.
    fresh: Vec<Group>,
    open: Vec<Candidate>,
    weights: Vec<f64>,
    changes: Vec<(u32, f32)>,
    touched: Vec<u64>,
    /// Policies a level had and gave back, so that the next one needs no new memory.
    spare_policies: Vec<Policy>,
    /// The other playout of a stabilised step ([`Nrpa::stable_playout`]).
    spare_playout: Playout,
    random: Random,
    /// The best line met in any playout, by the rules' cells, and its score.
    best: Option<(Vec<u16>, i64)>,
    meter: &'m mut Meter<'a>,
}

impl Nrpa<'_, '_> {
    /// A search of `level` (1 or more) from the root with `policy`: its best playout.
    fn level(&mut self, level: u32, start: &Policy) -> Playout {
        let mut policy = self.spare_policies.pop().unwrap_or_else(Policy::new);
        policy.copy_from(start);
        let mut best = Playout { score: i64::MIN, ..Playout::default() };
        let mut found = Playout::default();
        for _ in 0..ITERATIONS {
            if level == 1 {
                self.stable_playout(&policy, &mut found);
            } else {
                found = self.level(level - 1, &policy);
            }
            if found.score >= best.score {
                std::mem::swap(&mut best, &mut found);
            }
            self.adapt(&mut policy, &best);
            if self.meter.exhausted() {
                break;
            }
        }
        self.spare_policies.push(policy);
        best
    }

    /// A step of level 1: the best of [`STABLE_PLAYOUTS`] playouts under one policy (stabilised
    /// NRPA, Cazenave, Sevestre and Toulemont 2021). Each policy is tried more than once before
    /// the level adapts it, so the level's best line, which the adaptations follow, rests less
    /// on one lucky or unlucky draw.
    fn stable_playout(&mut self, policy: &Policy, out: &mut Playout) {
        self.playout(policy, out);
        for _ in 1..STABLE_PLAYOUTS {
            let mut other = std::mem::take(&mut self.spare_playout);
            self.playout(policy, &mut other);
            if other.score > out.score {
                std::mem::swap(out, &mut other);
            }
            self.spare_playout = other;
        }
    }

    /// The bias factor of `group`.
    fn factor(&self, group: &Group) -> f64 {
        let factor = self.size_factors[usize::from(group.size)];
        if group.colour == self.tabu {
            factor * self.tabu_factor
        } else {
            factor
        }
    }

    /// Opens the groups in `fresh` to the playout, weighed under `policy`.
    fn open_fresh(&mut self, policy: &Policy) {
        for group in &self.fresh {
            let (factor, code) = (self.factor(group), code_of(group));
            let weight = policy.weights[code as usize] * factor;
            self.open.push(Candidate { group: *group, code, factor: factor as f32, weight });
        }
    }

    /// One playout from the root into `out`, drawing each pop by its weight. After a pop, only the
    /// groups of the columns it changed are found again: the others are as they were.
    fn playout(&mut self, policy: &Policy, out: &mut Playout) {
        out.clear();
        let mut field = self.root.clone();
        self.open.clear();
        field.groups(&mut self.marks, &mut self.fresh);
        self.open_fresh(policy);
        let mut score = self.start_score;
        while !self.open.is_empty() {
            let chosen = self.draw();
            out.open.extend(self.open.iter().map(|c| (c.code, c.factor)));
            out.ends.push(out.open.len() as u32);
            out.pops.push(Pop { at: chosen.group.first, code: chosen.code });
            let popped = field.pop(&mut self.marks, chosen.group.first);
            score += self.scoring.points(popped.balls);
            self.open.retain(|c| popped.changed.keeps(&c.group));
            self.fresh.clear();
            field.groups_in(&mut self.marks, &mut self.fresh, popped.changed);
            self.open_fresh(policy);
        }
        let balls_left = field.counts().iter().sum();
        out.score = score + self.scoring.bonus(balls_left);
        self.meter.charge(out.pops.len() as u64);
        self.offer(&out.pops, out.score);
    }

    /// An open pop drawn at random by weight.
    fn draw(&mut self) -> Candidate {
        let total: f64 = self.open.iter().map(|c| c.weight).sum();
        let mut drawn = self.random.unit() * total;
        for candidate in &self.open {
            drawn -= candidate.weight;
            if drawn < 0.0 {
                return *candidate;
            }
        }
        self.open[self.open.len() - 1]
    }

    /// Moves `policy` towards `line`, with the chances of the policy as it was before.
    fn adapt(&mut self, policy: &mut Policy, line: &Playout) {
        self.changes.clear();
        let mut start = 0;
        for (pop, &end) in line.pops.iter().zip(&line.ends) {
            let open = &line.open[start..end as usize];
            start = end as usize;
            self.weights.clear();
            self.weights.extend(open.iter().map(|&(code, factor)| policy.weights[code as usize] * f64::from(factor)));
            let total: f64 = self.weights.iter().sum();
            self.changes.push((pop.code, ALPHA));
            let chances = open.iter().zip(&self.weights);
            self.changes.extend(chances.map(|(&(code, _), &w)| (code, -ALPHA * (w / total) as f32)));
        }
        policy.change(&self.changes, &mut self.touched);
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

/// `e^x` to about seven digits, several times faster than the exact one: the weights only draw
/// pops and adapt the policy, and the exponential was a fifth of the search's time. `x` is split
/// into `n ln 2 + y` with `|y| ≤ ln 2 / 2`; `e^y` is its Taylor series to the sixth power (error
/// below 2e-7 of the value) and `2^n` goes straight into the exponent bits.
fn exp(x: f64) -> f64 {
    let x = x.clamp(-700.0, 700.0);
    // Rounds to the nearest integer by adding and taking away 1.5 * 2^52, where an f64 has no
    // fraction bits left: `round` is a call into libm on the baseline x86-64.
    const ROUNDER: f64 = 6_755_399_441_055_744.0;
    let n = (x * std::f64::consts::LOG2_E + ROUNDER) - ROUNDER;
    let y = x - n * std::f64::consts::LN_2;
    let series = 1.0 + y * (1.0 + y * (0.5 + y * (1.0 / 6.0 + y * (1.0 / 24.0 + y * (1.0 / 120.0 + y / 720.0)))));
    series * f64::from_bits(((n as i64 + 1023) as u64) << 52)
}

/// A pop's place in the policy: a hash of its colour, cell and size.
fn code_of(group: &Group) -> u32 {
    let key = u64::from(group.first) << 24 | u64::from(group.colour) << 16 | u64::from(group.size);
    (mix(key) & (POLICY_SIZE as u64 - 1)) as u32
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
    fn the_fast_exponential_is_close_to_the_exact_one() {
        for step in -20_000..=20_000 {
            let x = f64::from(step) * 0.0347;
            let (fast, exact) = (exp(x), x.exp());
            assert!(((fast - exact) / exact).abs() < 3e-7, "e^{x}: {fast} against {exact}");
        }
        assert!(exp(1e9).is_finite() && exp(-1e9) > 0.0);
    }

    #[test]
    fn a_policy_keeps_each_weight_the_exponential_of_its_value() {
        let mut policy = Policy::new();
        let mut touched = vec![0; POLICY_SIZE / 64];
        // A place changed again and again, as a group open for many steps is.
        let changes = [(7, 1.0), (7, -0.25), (64, 0.5), (7, 2.0), (POLICY_SIZE as u32 - 1, -3.0)];
        policy.change(&changes, &mut touched);
        for (code, value) in [(7, 2.75), (64, 0.5), (POLICY_SIZE - 1, -3.0), (8, 0.0)] {
            assert_eq!(policy.values[code], value);
            assert!((policy.weights[code] - f64::from(value).exp()).abs() < 1e-6 * policy.weights[code]);
        }
        assert!(touched.iter().all(|&word| word == 0), "the marks are left clear");
        let mut copy = Policy::new();
        copy.copy_from(&policy);
        assert_eq!((copy.values, copy.weights), (policy.values.clone(), policy.weights.clone()));
        policy.reset();
        assert_eq!((policy.values[7], policy.weights[7]), (0.0, 1.0));
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
