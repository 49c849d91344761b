//! The page of Lights Out, the fourth game that exists only in test builds (feature
//! `test-game`; see `pastimes_games::lights`). Its page files and strings live in
//! `tests/lights/`, outside `ui/`, so the shipped page never holds them: a test build serves them
//! over the shipped assets, its catalogues (`i18n/{lang}.json`) with the game's strings in, and
//! the page's registry (`js/games.js`) with the game's one line in.

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

/// The page's registry (`ui/js/games.js`) with the test game's line: its descriptor imported and
/// listed last. `None` if the registry no longer has the shape this expects (a test says so).
pub fn with_registry_line(games_js: &str) -> Option<String> {
    const LIST: &str = "export const descriptors = { ";
    let (before, after) = games_js.split_once(LIST)?;
    let (listed, rest) = after.split_once(" };")?;
    let import = "import * as lights from './lights/index.js';\n";
    Some(format!("{before}{import}{LIST}{listed}, lights }};{rest}"))
}

struct Overlay<R: Runtime> {
    shipped: Box<dyn Assets<R>>,
}

/// What a test build serves at `path` (`/js/games.js`) in place of the shipped file (`shipped`,
/// if there is one): the test game's own files, the registry with its line, the catalogues with
/// its strings; `None` where it serves the shipped file as it is.
pub fn served(path: &str, shipped: Option<&[u8]>) -> Option<Cow<'static, [u8]>> {
    if let Some((_, bytes)) = FILES.iter().find(|(file, _)| *file == path) {
        return Some(Cow::Borrowed(bytes));
    }
    if path == "/js/games.js" {
        let registry = with_registry_line(std::str::from_utf8(shipped?).ok()?)?;
        return Some(Cow::Owned(registry.into_bytes()));
    }
    let lang = path.strip_prefix("/i18n/").and_then(|file| file.strip_suffix(".json"))?;
    i18n::catalogue_text(lang).map(|text| Cow::Owned(text.into_bytes()))
}

impl<R: Runtime> Assets<R> for Overlay<R> {
    fn get(&self, key: &AssetKey) -> Option<Cow<'_, [u8]>> {
        let shipped = self.shipped.get(key);
        match served(key.as_ref(), shipped.as_deref()) {
            Some(bytes) => Some(bytes),
            None => shipped,
        }
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_registry_gets_the_test_games_line() {
        let shipped = include_str!("../../ui/js/games.js");
        let served = super::with_registry_line(shipped).expect("the registry has the shape the overlay patches");
        assert!(served.contains("import * as lights from './lights/index.js';\nexport const descriptors = {"));
        assert!(served.contains(", lights };"), "{served}");
        assert_eq!(served.len(), shipped.len() + "import * as lights from './lights/index.js';\n, lights".len());
    }
}
