//! What the player chooses before a game: the level (or a custom size), how the first click is
//! protected, whether right clicks cycle through question marks, and, for a replay, the first click
//! of the game being replayed.

use super::board::Board;
use crate::{Deal, RuleError};
use serde::{Deserialize, Serialize};

/// The smallest custom side: the originals' 9x9 minimum field.
pub const MIN_SIDE: i64 = 9;
/// The largest custom side. The classic games stop at 30x24, the most their windows could
/// show; Pastimes scrolls and zooms, so it does not.
pub const MAX_SIDE: i64 = 100;
/// The fewest mines of a custom game, as in the classic Windows game: 10.
pub const MIN_MINES: i64 = 10;

/// A game's size. Serialised with the tag `level`, so it flattens into [`Params`] as
/// `{"level":"expert"}` or `{"level":"custom","width":20,"height":12,"mines":40}`.
///
/// Custom sizes are `i64` so that any integer the UI sends is refused by our own rules with a
/// [`RuleError::OutOfRange`] instead of failing to deserialise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "level", rename_all = "lowercase")]
pub enum Level {
    /// 9x9, 10 mines.
    Beginner,
    /// 16x16, 40 mines.
    Intermediate,
    /// 30x16, 99 mines.
    Expert,
    /// Width and height 9..=100, mines 10..=(width-1)*(height-1) (the most the classic games
    /// allow, `docs/ORIGINS.md`).
    Custom { width: i64, height: i64, mines: i64 },
}

impl Level {
    /// The stable name shown in the view: `"beginner"`, `"intermediate"`, `"expert"`, `"custom"`.
    pub fn name(&self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Intermediate => "intermediate",
            Level::Expert => "expert",
            Level::Custom { .. } => "custom",
        }
    }

    /// The checked size. Width is checked before height because the mine limit needs both.
    pub fn board(&self) -> Result<Board, RuleError> {
        match *self {
            Level::Beginner => Ok(Board::new(9, 9, 10)),
            Level::Intermediate => Ok(Board::new(16, 16, 40)),
            Level::Expert => Ok(Board::new(30, 16, 99)),
            Level::Custom { width, height, mines } => {
                let width = in_range("width", width, MIN_SIDE, MAX_SIDE)?;
                let height = in_range("height", height, MIN_SIDE, MAX_SIDE)?;
                let most = (width - 1) * (height - 1);
                let mines = in_range("mines", mines, MIN_MINES, most)?;
                // The casts are lossless: every value was just bounded by 100*100.
                Ok(Board::new(width as usize, height as usize, mines as usize))
            }
        }
    }
}

fn in_range(what: &'static str, value: i64, min: i64, max: i64) -> Result<i64, RuleError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(RuleError::OutOfRange { what, min, max, value })
    }
}

/// How the first click is protected. Mines are laid only once it is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FirstClick {
    /// The clicked cell is never a mine (the originals' rule; it may still show a number).
    Safe,
    /// The clicked cell and its 8 neighbours are mine-free, so the first click always opens an
    /// area. If a board were too dense for that, generation falls back to [`FirstClick::Safe`]; with
    /// today's limits ((w-1)*(h-1) <= w*h-9 whenever w+h >= 10) that never happens.
    #[default]
    OpensArea,
}

/// A cell, `x` = column, `y` = row. Used for the first click of a replayed game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Point {
    pub x: usize,
    pub y: usize,
}

/// The mines of a board given cell by cell (a video imported from another Minesweeper, whose
/// board was not dealt by Pastimes). JSON: one string, the rows from the top joined by `/`,
/// `*` a mine and `.` a safe cell: `"..*./.*.."`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MineMap {
    width: usize,
    mine: Vec<bool>,
}

impl MineMap {
    /// The layout of `width` x `height` cells, row by row; `None` unless `mine` has exactly that
    /// many cells, the sides are within 1..=[`MAX_SIDE`] and at least one cell is safe.
    pub fn new(width: usize, height: usize, mine: Vec<bool>) -> Option<MineMap> {
        let sides = (1..=MAX_SIDE as usize).contains(&width) && (1..=MAX_SIDE as usize).contains(&height);
        let fits = sides && mine.len() == width * height && mine.iter().any(|m| !m);
        fits.then_some(MineMap { width, mine })
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.mine.len() / self.width
    }

    pub fn mines(&self) -> usize {
        self.mine.iter().filter(|&&m| m).count()
    }

    /// The mines' cell indices (row-major), in order.
    pub fn mine_cells(&self) -> Vec<usize> {
        (0..self.mine.len()).filter(|&c| self.mine[c]).collect()
    }

    /// The level that names this size: a preset when it is one, else custom.
    pub fn level(&self) -> Level {
        let (width, height, mines) = (self.width(), self.height(), self.mines());
        [Level::Beginner, Level::Intermediate, Level::Expert]
            .into_iter()
            .find(|level| level.board().is_ok_and(|b| (b.width(), b.height(), b.mines()) == (width, height, mines)))
            .unwrap_or(Level::Custom { width: width as i64, height: height as i64, mines: mines as i64 })
    }
}

impl Serialize for MineMap {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let rows: Vec<String> =
            self.mine.chunks(self.width).map(|row| row.iter().map(|&m| if m { '*' } else { '.' }).collect()).collect();
        serializer.serialize_str(&rows.join("/"))
    }
}

impl<'de> Deserialize<'de> for MineMap {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<MineMap, D::Error> {
        let text = String::deserialize(deserializer)?;
        let rows: Vec<&str> = text.split('/').collect();
        let width = rows[0].len();
        let mut mine = Vec::with_capacity(width * rows.len());
        for row in &rows {
            if row.len() != width {
                return Err(serde::de::Error::custom("the layout's rows differ in length"));
            }
            for c in row.chars() {
                mine.push(match c {
                    '*' => true,
                    '.' => false,
                    _ => return Err(serde::de::Error::custom("a layout cell is `*` or `.`")),
                });
            }
        }
        MineMap::new(width, rows.len(), mine).ok_or_else(|| serde::de::Error::custom("not a layout within the limits"))
    }
}

/// Everything that determines a Minesweeper game, together with the seed.
///
/// JSON: `{"level":"beginner"}` (defaults fill the rest), or in full
/// `{"level":"custom","width":20,"height":12,"mines":40,"firstClick":"safe","questionMarks":false,
/// "replayOf":{"x":3,"y":4},"noGuess":true}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Params {
    #[serde(flatten)]
    pub level: Level,
    #[serde(default)]
    pub first_click: FirstClick,
    /// Whether marking cycles none -> flag -> question -> none (true) or none -> flag -> none.
    #[serde(default = "default_question_marks")]
    pub question_marks: bool,
    /// Set for a replay ("try again"): the first click of the original game. With the original
    /// seed it fixes the mine layout, so the mines are laid when the game is created. Get it from
    /// [`crate::Game::replay_params`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay_of: Option<Point>,
    /// Deal a board that logic alone clears from the first click ([`super::no_guess`]). Absent
    /// (false) in params saved before it existed, and left out of the JSON when false so those
    /// params keep their exact shape.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_guess: bool,
    /// The dealer version that lays the mines ([`crate::deal`], [`super::generate::NEWEST_DEAL`]).
    /// Absent (version 1) in params stored before versions, and left out of the JSON for
    /// version 1, so those params keep their exact shape.
    #[serde(default = "Deal::first", skip_serializing_if = "Deal::is_first")]
    pub deal: Deal,
    /// The mines given cell by cell, not dealt: a video imported from another Minesweeper
    /// ([`MineMap`]). The mines are laid when the game is created, so the first click is not
    /// protected. Its size is the level's (a custom one may then be smaller than
    /// [`MIN_SIDE`], as the classic 8x8 Beginner). Absent from every other game's params, and
    /// left out of the JSON when absent, so they keep their exact shape.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<MineMap>,
}

fn default_question_marks() -> bool {
    true
}

impl Params {
    /// A level with the default options (first click opens an area, question marks on).
    pub fn new(level: Level) -> Params {
        Params {
            level,
            first_click: FirstClick::default(),
            question_marks: true,
            replay_of: None,
            no_guess: false,
            deal: super::generate::NEWEST_DEAL,
            layout: None,
        }
    }

    /// A game on exactly these mines, flags only (no question marks), as the competitive
    /// Minesweepers play.
    pub fn of_layout(layout: MineMap) -> Params {
        Params { question_marks: false, layout: Some(layout.clone()), ..Params::new(layout.level()) }
    }

    pub fn beginner() -> Params {
        Params::new(Level::Beginner)
    }

    pub fn intermediate() -> Params {
        Params::new(Level::Intermediate)
    }

    pub fn expert() -> Params {
        Params::new(Level::Expert)
    }

    /// A custom size; checked only when a game is created.
    pub fn custom(width: i64, height: i64, mines: i64) -> Params {
        Params::new(Level::Custom { width, height, mines })
    }

    /// The same parameters with another first-click rule.
    pub fn with_first_click(self, first_click: FirstClick) -> Params {
        Params { first_click, ..self }
    }

    /// The same parameters with or without no-guess boards.
    pub fn with_no_guess(self, no_guess: bool) -> Params {
        Params { no_guess, ..self }
    }

    /// Whether the board is dealt without guessing: for the app's categories and history
    /// (no-guess games rank apart from plain ones).
    pub fn is_no_guess(&self) -> bool {
        self.no_guess
    }

    /// The checked size, the replay's first click checked against it, and a dealer version
    /// this Pastimes has.
    pub fn board(&self) -> Result<Board, RuleError> {
        if let Some(layout) = &self.layout {
            return self.layout_board(layout);
        }
        let board = self.level.board()?;
        self.deal.checked(super::generate::NEWEST_DEAL)?;
        if let Some(p) = self.replay_of {
            board.checked_index(p.x as i64, p.y as i64)?;
        }
        Ok(board)
    }
}

impl Params {
    /// The size of a game on a given layout: the layout's own, which the level must name; no
    /// replay or no-guess dealing goes with it.
    fn layout_board(&self, layout: &MineMap) -> Result<Board, RuleError> {
        self.deal.checked(super::generate::NEWEST_DEAL)?;
        if self.level != layout.level() {
            return Err(RuleError::Illegal("the level is not the layout's size"));
        }
        if self.no_guess || self.replay_of.is_some() {
            return Err(RuleError::Illegal("a given layout is neither dealt without guessing nor replayed"));
        }
        Ok(Board::new(layout.width(), layout.height(), layout.mines()))
    }
}

impl Default for Params {
    fn default() -> Params {
        Params::beginner()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn out_of_range(what: &'static str, min: i64, max: i64, value: i64) -> Result<Board, RuleError> {
        Err(RuleError::OutOfRange { what, min, max, value })
    }

    #[test]
    fn presets_have_the_classic_sizes() {
        let size = |p: Params| p.board().map(|b| (b.width(), b.height(), b.mines()));
        assert_eq!(size(Params::beginner()), Ok((9, 9, 10)));
        assert_eq!(size(Params::intermediate()), Ok((16, 16, 40)));
        assert_eq!(size(Params::expert()), Ok((30, 16, 99)));
    }

    #[test]
    fn custom_limits_are_inclusive() {
        assert!(Params::custom(9, 9, 10).board().is_ok());
        assert!(Params::custom(9, 9, 64).board().is_ok(), "the most mines: (9-1)*(9-1)");
        assert!(Params::custom(100, 100, 99 * 99).board().is_ok());
        assert!(
            Params::custom(10, 10, 14).board().is_ok(),
            "10x10 with 14 mines, a small web game's field (docs/ORIGINS.md)"
        );
    }

    #[test]
    fn custom_values_out_of_range_are_refused() {
        assert_eq!(Params::custom(8, 9, 10).board(), out_of_range("width", 9, 100, 8));
        assert_eq!(Params::custom(101, 9, 10).board(), out_of_range("width", 9, 100, 101));
        assert_eq!(Params::custom(-3, 9, 10).board(), out_of_range("width", 9, 100, -3));
        assert_eq!(Params::custom(9, 8, 10).board(), out_of_range("height", 9, 100, 8));
        assert_eq!(Params::custom(9, 9, 9).board(), out_of_range("mines", 10, 64, 9));
        assert_eq!(Params::custom(9, 9, 65).board(), out_of_range("mines", 10, 64, 65));
        assert_eq!(Params::custom(30, 16, 436).board(), out_of_range("mines", 10, 435, 436));
    }

    #[test]
    fn replay_of_must_be_on_the_board() {
        let p = Params { replay_of: Some(Point { x: 9, y: 0 }), ..Params::beginner() };
        let err = RuleError::OutOfBoard { x: 9, y: 0, width: 9, height: 9 };
        assert_eq!(p.board(), Err(err));
    }

    #[test]
    fn json_reads_naturally_with_defaults() {
        let p: Params = serde_json::from_value(json!({"level": "expert"})).unwrap();
        assert_eq!(p, Params::expert());
        assert_eq!(p.first_click, FirstClick::OpensArea);
        assert!(p.question_marks);
        assert_eq!(
            serde_json::to_value(p).unwrap(),
            json!({"level": "expert", "firstClick": "opensArea", "questionMarks": true})
        );
    }

    #[test]
    fn no_guess_defaults_to_off_and_round_trips() {
        let old: Params = serde_json::from_value(json!({"level": "expert", "firstClick": "safe"})).unwrap();
        assert!(!old.is_no_guess());
        let p = Params::expert().with_no_guess(true);
        let text = serde_json::to_value(&p).unwrap();
        assert_eq!(text, json!({"level": "expert", "firstClick": "opensArea", "questionMarks": true, "noGuess": true}));
        assert_eq!(serde_json::from_value::<Params>(text).unwrap(), p);
    }

    #[test]
    fn the_deal_version_is_one_when_absent_and_named_when_newer() {
        let old: Params = serde_json::from_value(json!({"level": "expert"})).unwrap();
        assert_eq!(old.deal, Deal::FIRST);
        assert_eq!(serde_json::to_value(&old).unwrap().get("deal"), None, "version 1 keeps the old shape");
        let later = Params { deal: Deal(2), ..old.clone() };
        assert_eq!(serde_json::to_value(later).unwrap()["deal"], 2);
        let unknown = Params { deal: Deal(super::super::generate::NEWEST_DEAL.0 + 1), ..old };
        assert!(matches!(unknown.board(), Err(RuleError::OutOfRange { what: "deal", .. })));
    }

    #[test]
    fn custom_json_round_trips() {
        let text = json!({"level": "custom", "width": 20, "height": 12, "mines": 40,
            "firstClick": "safe", "questionMarks": false, "replayOf": {"x": 3, "y": 4}});
        let p: Params = serde_json::from_value(text.clone()).unwrap();
        assert_eq!(p.level, Level::Custom { width: 20, height: 12, mines: 40 });
        assert_eq!(p.first_click, FirstClick::Safe);
        assert!(!p.question_marks);
        assert_eq!(p.replay_of, Some(Point { x: 3, y: 4 }));
        assert_eq!(serde_json::to_value(p).unwrap(), text);
    }

    #[test]
    fn negative_custom_values_deserialise_and_are_refused_by_the_rules() {
        let p: Params =
            serde_json::from_value(json!({"level": "custom", "width": -1, "height": 9, "mines": 10})).unwrap();
        assert_eq!(p.board(), out_of_range("width", 9, 100, -1));
    }

    #[test]
    fn a_layout_round_trips_and_names_its_size() {
        let mut mine = vec![false; 64];
        mine[3] = true;
        mine[63] = true;
        let p = Params::of_layout(MineMap::new(8, 8, mine).unwrap());
        let text = serde_json::to_value(&p).unwrap();
        assert_eq!(text["layout"], "...*..../......../......../......../......../......../......../.......*");
        assert_eq!(text["level"], "custom");
        assert_eq!(serde_json::from_value::<Params>(text).unwrap(), p);
        let b = p.board().unwrap();
        assert_eq!((b.width(), b.height(), b.mines()), (8, 8, 2), "smaller than a custom level may be");
        let expert = MineMap::new(30, 16, (0..480).map(|c| c % 5 == 0 && c < 495).collect()).unwrap();
        assert_eq!(expert.level(), Level::Custom { width: 30, height: 16, mines: 96 });
        let expert = MineMap::new(30, 16, (0..480).map(|c| c < 99).collect()).unwrap();
        assert_eq!(Params::of_layout(expert).level, Level::Expert);
        let wrong = Params { level: Level::Beginner, ..p.clone() };
        assert!(wrong.board().is_err());
        assert!(serde_json::from_value::<Params>(json!({"level": "custom", "width": 2, "height": 1,
            "mines": 1, "layout": "*./."}))
        .is_err());
        assert!(MineMap::new(2, 1, vec![true, true]).is_none(), "one cell at least is safe");
        assert!(MineMap::new(101, 1, vec![false; 101]).is_none());
    }

    #[test]
    fn unknown_levels_do_not_deserialise() {
        assert!(serde_json::from_value::<Params>(json!({"level": "insane"})).is_err());
        assert!(serde_json::from_value::<Params>(json!({"level": "custom", "width": 9})).is_err());
    }
}
