//! Every game Pastimes offers, in the order the home screen lists them. Adding a game is one
//! line here (and its module); everything else learns about it from its [`crate::GameInfo`].

use crate::GameKind;

pub(crate) const GAMES: &[GameKind] = &[crate::minesweeper::KIND, crate::bubbles::KIND, crate::gomoku::KIND];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_every_default_and_listed_category_is_valid() {
        let mut ids: Vec<_> = GAMES.iter().map(|kind| kind.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), GAMES.len());
        for kind in GAMES {
            let info = kind.info();
            let game = (info.new_game)(&info.default_params(), 7).expect("the default parameters start a game");
            assert_eq!(game.kind(), *kind);
            assert!(info.is_category(&game.category()), "{}", game.category());
            for category in (info.categories.listed)() {
                assert!(info.is_category(&category), "{category}");
            }
            assert!(!info.is_category(""));
        }
    }
}
