//! Every game Pastimes offers, in the order the home screen lists them. Adding a game is one
//! line here (and its module); everything else learns about it from its [`crate::GameInfo`].

use crate::GameKind;

pub(crate) const GAMES: &[GameKind] = &[
    crate::minesweeper::KIND,
    crate::bubbles::KIND,
    crate::gomoku::KIND,
    #[cfg(feature = "test-game")]
    crate::lights::KIND,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The one test that names the games: the order of the home screen (and the test game last,
    /// in test builds). Every other test takes the games from the registry.
    #[test]
    fn the_registry_lists_the_games_in_the_home_screens_order() {
        let ids: Vec<_> = GAMES.iter().map(|kind| kind.as_str()).collect();
        let mut expected = vec!["minesweeper", "bubbles", "gomoku"];
        if cfg!(feature = "test-game") {
            expected.push("lights");
        }
        assert_eq!(ids, expected);
    }

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

    /// Each choice of the Game menu starts a game the menu then shows as that choice (one that
    /// asks for more first is the page's to complete).
    #[test]
    fn each_choice_starts_a_game_of_that_choice() {
        for kind in GAMES {
            let info = kind.info();
            let Some(choices) = info.choices else { continue };
            assert!(!choices.items.is_empty(), "{kind:?}");
            assert!(choices.of(&info.default_params()).is_some(), "{kind:?}: the first game is one of its choices");
            for choice in choices.items.iter().filter(|choice| !choice.asks) {
                let mut params = info.default_params();
                params[choices.key] = choice.id.into();
                let game = info.start_game(&params, 7).expect("a choice starts a game");
                assert_eq!(choices.of(&game.params()), Some(choice.id), "{kind:?}");
            }
        }
    }

    fn with_deal(params: serde_json::Value, deal: u32) -> serde_json::Value {
        let mut params = params;
        params[crate::deal::KEY] = deal.into();
        params
    }

    fn deal_of(game: &dyn crate::AnyGame) -> u64 {
        game.params().get(crate::deal::KEY).map_or(1, |deal| deal.as_u64().expect("a number"))
    }

    #[test]
    fn a_new_game_gets_the_newest_deal_and_a_stored_one_keeps_its_own() {
        for kind in GAMES {
            let info = kind.info();
            let newest = info.newest_deal.0;
            // Whatever the page names, a new game is dealt by the newest dealer.
            for asked in [0, 1, newest + 1] {
                let started = info.start_game(&with_deal(info.default_params(), asked), 7).expect("a new game");
                assert_eq!(deal_of(started.as_ref()), u64::from(newest), "{kind:?}");
            }
            // Stored params without a version are version 1, and keep it.
            let stored = (info.new_game)(&info.default_params(), 7).unwrap();
            assert_eq!(deal_of(stored.as_ref()), 1, "{kind:?}");
            assert_eq!(stored.params().get(crate::deal::KEY), None, "version 1 keeps the old shape");
            // A version from a later Pastimes is refused by name.
            for unknown in [0, newest + 1] {
                let error = (info.new_game)(&with_deal(info.default_params(), unknown), 7).err();
                assert!(matches!(error, Some(crate::RuleError::OutOfRange { what: "deal", .. })), "{kind:?}");
            }
        }
    }
}
