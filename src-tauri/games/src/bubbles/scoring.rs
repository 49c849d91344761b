//! The two scorings: the original's n(n-1), and the classic SameGame (n-2)² with a bonus for a
//! cleared field.

use serde::{Deserialize, Serialize};

/// How a pop of `n` balls scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scoring {
    /// The original's n(n-1): two triples make 12, one six makes 30. The default.
    #[default]
    Original,
    /// The SameGame scoring of most versions and of every published search: (n-2)², so a group of
    /// two scores nothing (and is still a legal pop), and clearing the whole field earns
    /// [`CLEARED_BONUS`].
    Classic,
}

/// What the classic scoring adds when a pop leaves no ball on the field.
pub const CLEARED_BONUS: i64 = 1000;

impl Scoring {
    pub const ALL: [Scoring; 2] = [Scoring::Original, Scoring::Classic];

    /// The stable name: the serialised value, and the category's suffix (`-classic`).
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Original => "original",
            Scoring::Classic => "classic",
        }
    }

    /// The points for popping `n` balls.
    pub fn points(self, n: u32) -> i64 {
        let n = i64::from(n);
        match self {
            Scoring::Original => n * (n - 1),
            Scoring::Classic => (n - 2) * (n - 2),
        }
    }

    /// What a pop that leaves `balls_left` balls on the field earns besides its points.
    pub fn bonus(self, balls_left: u32) -> i64 {
        match self {
            Scoring::Classic if balls_left == 0 => CLEARED_BONUS,
            _ => 0,
        }
    }

    pub fn is_default(&self) -> bool {
        *self == Scoring::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_original_rewards_big_groups() {
        let points = |n| Scoring::Original.points(n);
        assert_eq!(points(16), 240);
        assert_eq!(points(3) + points(3), 12);
        assert_eq!(points(6), 30);
        assert_eq!(points(2), 2);
        assert_eq!(Scoring::Original.bonus(0), 0);
    }

    #[test]
    fn the_classic_scores_a_pair_nothing_and_pays_for_a_cleared_field() {
        let points = |n| Scoring::Classic.points(n);
        assert_eq!(points(2), 0);
        assert_eq!(points(3), 1);
        assert_eq!(points(12), 100);
        assert_eq!(Scoring::Classic.bonus(0), 1000);
        assert_eq!(Scoring::Classic.bonus(1), 0);
    }

    #[test]
    fn names_match_serde() {
        for scoring in Scoring::ALL {
            assert_eq!(serde_json::to_string(&scoring).unwrap(), format!("\"{}\"", scoring.name()));
        }
    }
}
