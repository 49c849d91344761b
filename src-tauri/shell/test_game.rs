//! The page of Lights Out, the fourth game that exists only in test builds (feature
//! `test-game`; see `pastimes_games::lights`). Its page files and strings live in
//! `tests/lights/`, outside `ui/`, so the shipped page never holds them: a test build serves them
//! over the shipped assets, and its catalogues (`i18n/{lang}.json`) with the game's strings
//! merged in (as data: each catalogue is one JSON object). Nothing else is changed: the page
//! loads the game's descriptor and stylesheet by its id, as it loads a shipped game's
//! (`ui/js/games.js`), because the backend's registry names it.

use crate::prefs::i18n;
use std::borrow::Cow;
use tauri::utils::assets::{AssetKey, AssetsIter, CspHash};
use tauri::{Assets, Context, Runtime};

/// The game's own page files, by their path in the page.
const FILES: &[(&str, &[u8])] = &[
    ("/js/lights/index.js", include_bytes!("../../tests/lights/ui/js/lights/index.js")),
    ("/js/lights/screen.js", include_bytes!("../../tests/lights/ui/js/lights/screen.js")),
    ("/js/lights/board.js", include_bytes!("../../tests/lights/ui/js/lights/board.js")),
    ("/css/lights.css", include_bytes!("../../tests/lights/ui/css/lights.css")),
];

/// `context` with the test game's page laid over the shipped one.
pub fn with_test_game<R: Runtime>(mut context: Context<R>) -> Context<R> {
    let shipped = context.set_assets(Box::new(NoAssets));
    context.set_assets(Box::new(Overlay { shipped }));
    context
}

struct Overlay<R: Runtime> {
    shipped: Box<dyn Assets<R>>,
}

/// What a test build serves at `path` (`/i18n/en.json`) besides the shipped files: the test
/// game's own files, the catalogues with its strings; `None` where it serves the shipped file as
/// it is.
pub fn served(path: &str) -> Option<Cow<'static, [u8]>> {
    if let Some((_, bytes)) = FILES.iter().find(|(file, _)| *file == path) {
        return Some(Cow::Borrowed(bytes));
    }
    let lang = path.strip_prefix("/i18n/").and_then(|file| file.strip_suffix(".json"))?;
    i18n::catalogue_text(lang).map(|text| Cow::Owned(text.into_bytes()))
}

impl<R: Runtime> Assets<R> for Overlay<R> {
    fn get(&self, key: &AssetKey) -> Option<Cow<'_, [u8]>> {
        served(key.as_ref()).or_else(|| self.shipped.get(key))
    }

    fn iter(&self) -> Box<AssetsIter<'_>> {
        let own = FILES.iter().map(|(path, bytes)| (Cow::Borrowed(*path), Cow::Borrowed(*bytes)));
        Box::new(own.chain(self.shipped.iter()))
    }

    fn csp_hashes(&self, html_path: &AssetKey) -> Box<dyn Iterator<Item = CspHash<'_>> + '_> {
        self.shipped.csp_hashes(html_path)
    }
}

/// Holds the place of the shipped assets while they move into the overlay.
struct NoAssets;

impl<R: Runtime> Assets<R> for NoAssets {
    fn get(&self, _key: &AssetKey) -> Option<Cow<'_, [u8]>> {
        None
    }

    fn iter(&self) -> Box<AssetsIter<'_>> {
        Box::new(std::iter::empty())
    }

    fn csp_hashes(&self, _html_path: &AssetKey) -> Box<dyn Iterator<Item = CspHash<'_>> + '_> {
        Box::new(std::iter::empty())
    }
}
