//! The translation catalogues, shared with the page: one JSON file per language in `ui/i18n/`,
//! compiled in here for the native menu. The page loads the same files.
//!
//! The language is the player's choice (setting `language`), or else the system's: the first
//! of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set (and, unless that is `C`, the GNU
//! `LANGUAGE` list before it), mapped to one of ours (`de*` → de, `cs*` → cs, `zh*` → zh,
//! anything else → en). The page is told the result (`app_info`) and does not guess.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The languages Pastimes speaks, English first (the reference catalogue).
pub const LANGUAGES: [&str; 4] = ["en", "de", "cs", "zh"];

const SOURCES: [(&str, &str); 4] = [
    ("en", include_str!("../../ui/i18n/en.json")),
    ("de", include_str!("../../ui/i18n/de.json")),
    ("cs", include_str!("../../ui/i18n/cs.json")),
    ("zh", include_str!("../../ui/i18n/zh.json")),
];

/// The strings of the test game, Lights Out, which only a test build has (its page files and
/// strings live in `tests/lights/`): added to each catalogue.
#[cfg(feature = "test-game")]
const TEST_GAME_SOURCES: [(&str, &str); 4] = [
    ("en", include_str!("../../tests/lights/i18n/en.json")),
    ("de", include_str!("../../tests/lights/i18n/de.json")),
    ("cs", include_str!("../../tests/lights/i18n/cs.json")),
    ("zh", include_str!("../../tests/lights/i18n/zh.json")),
];

type Catalogue = HashMap<String, String>;

/// A catalogue's JSON text; a broken one is a build mistake the tests catch, and the app then
/// falls back to English or the key.
fn parsed(lang: &str, source: &str) -> Catalogue {
    serde_json::from_str(source).unwrap_or_else(|error| {
        eprintln!("pastimes: the {lang} catalogue is not valid: {error}");
        Catalogue::new()
    })
}

fn catalogues() -> &'static HashMap<&'static str, Catalogue> {
    static CATALOGUES: OnceLock<HashMap<&'static str, Catalogue>> = OnceLock::new();
    CATALOGUES.get_or_init(|| {
        #[allow(unused_mut)]
        let mut all: HashMap<&'static str, Catalogue> =
            SOURCES.iter().map(|(lang, source)| (*lang, parsed(lang, source))).collect();
        #[cfg(feature = "test-game")]
        for (lang, source) in TEST_GAME_SOURCES {
            all.entry(lang).or_default().extend(parsed(lang, source));
        }
        all
    })
}

/// The catalogue of `lang` as the page loads it (`i18n/{lang}.json`), with the test game's
/// strings in: only a test build serves it so, over the shipped file.
#[cfg(feature = "test-game")]
pub fn catalogue_text(lang: &str) -> Option<String> {
    serde_json::to_string(catalogues().get(lang)?).ok()
}

/// The text of `key` in `lang`, else in English, else the key itself.
pub fn t(lang: &str, key: &str) -> String {
    let all = catalogues();
    all.get(lang)
        .and_then(|c| c.get(key))
        .or_else(|| all.get("en").and_then(|c| c.get(key)))
        .cloned()
        .unwrap_or_else(|| key.to_string())
}

/// One of ours for a locale name such as `de_DE.UTF-8`, `cs`, `zh_CN` or `C`; `None` if we do
/// not speak it.
fn language_of_locale(locale: &str) -> Option<&'static str> {
    let lower = locale.trim().to_ascii_lowercase();
    let code = lower.split(['_', '.', '@', '-']).next().unwrap_or("");
    LANGUAGES.iter().copied().find(|lang| *lang == code)
}

/// The system's language from the locale variables (given, so tests need not touch the process
/// environment): `language` is `LANGUAGE`, then `LC_ALL`, `LC_MESSAGES` and `LANG`.
pub fn system_language_from(
    language: Option<&str>,
    lc_all: Option<&str>,
    lc_messages: Option<&str>,
    lang: Option<&str>,
) -> &'static str {
    fn set(value: Option<&str>) -> Option<&str> {
        value.map(str::trim).filter(|v| !v.is_empty())
    }
    let locale = set(lc_all).or(set(lc_messages)).or(set(lang));
    let Some(locale) = locale else { return "en" };
    if matches!(locale, "C" | "POSIX") || locale.starts_with("C.") {
        return "en";
    }
    // GNU gettext's priority list, as GNOME and KDE set it (`de_AT:de:en`).
    if let Some(list) = set(language) {
        if let Some(found) = list.split(':').find_map(language_of_locale) {
            return found;
        }
    }
    language_of_locale(locale).unwrap_or("en")
}

/// The system's language, from this process's environment.
pub fn system_language() -> &'static str {
    let var = |name: &str| std::env::var(name).ok();
    system_language_from(
        var("LANGUAGE").as_deref(),
        var("LC_ALL").as_deref(),
        var("LC_MESSAGES").as_deref(),
        var("LANG").as_deref(),
    )
}

/// The language to speak: the player's `choice` if it is one of ours, else the system's.
pub fn resolve(choice: Option<&str>) -> &'static str {
    match choice.and_then(|c| LANGUAGES.iter().copied().find(|lang| *lang == c)) {
        Some(lang) => lang,
        None => system_language(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use std::path::{Path, PathBuf};

    /// Keys built at run time from a prefix and a value (`t(\`ms.level.${level}\`)`). A key
    /// under one of these counts as used when every word after the prefix appears in the code.
    const DYNAMIC_PREFIXES: &[&str] = &[
        "error.",          // error.<code>, code from error.rs
        "help.",           // help.<topic> and help.<topic>.title
        "ms.level.",       // ms.level.<level>
        "bb.style.",       // bb.style.<style>.hint
        "bb.colour.",      // bb.colour.<colour>
        "gm.point.",       // gm.point.<colour>
        "gm.colour.",      // gm.colour.<colour>
        "gm.colourName.",  // gm.colourName.<colour>
        "gm.defaultName.", // gm.defaultName.<colour>
        "gm.level.",       // gm.level.<opponent>
        "gm.rule.",        // gm.rule.<rule> and its .hint
        "gm.opponent.",    // gm.opponent.<opponent>
        "gm.name.",        // gm.name.<problem>
        "gm.new.colour.",  // gm.new.colour.<colour>
        "game.",           // game.<id> and game.<id>.blurb
        "language.",       // language.<code>
        "menu.theme.",     // menu.theme.<theme>
        "count.",          // count.<noun>.<plural form>
        "chart.label.",    // chart.label.<measure>
        "chart.legend.",   // chart.legend.<measure>
        "hall.tab.",       // hall.tab.<tab>
        "hall.",           // hall.<measure>, the column of a game's results
        "history.",        // history.<column>
        "result.",         // result.<result>
        "stats.",          // stats.<statistic>
    ];

    fn catalogue(lang: &str) -> Catalogue {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("ui/i18n/{lang}.json"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    fn placeholders(text: &str) -> BTreeSet<String> {
        let mut found = BTreeSet::new();
        let mut rest = text;
        while let Some(start) = rest.find('{') {
            let Some(len) = rest[start..].find('}') else { break };
            found.insert(rest[start + 1..start + len].to_string());
            rest = &rest[start + len..];
        }
        found
    }

    /// A plural form English has no key for (`count.games.few` in Czech): `count.<noun>.<form>`
    /// with a CLDR form, allowed when English has the noun's `other`.
    fn extra_plural_form(key: &str, english: &Catalogue) -> bool {
        let Some((noun, form)) = key.rsplit_once('.') else { return false };
        key.starts_with("count.")
            && ["zero", "two", "few", "many"].contains(&form)
            && english.contains_key(&format!("{noun}.other"))
    }

    #[test]
    fn every_language_has_exactly_the_english_keys_and_placeholders() {
        let english = catalogue("en");
        for lang in &LANGUAGES[1..] {
            let other = catalogue(lang);
            let missing: Vec<_> = english.keys().filter(|k| !other.contains_key(*k)).collect();
            let extra: Vec<_> =
                other.keys().filter(|k| !english.contains_key(*k) && !extra_plural_form(k, &english)).collect();
            assert!(missing.is_empty(), "{lang}.json lacks {missing:?}");
            assert!(extra.is_empty(), "{lang}.json has keys English does not: {extra:?}");
            for (key, text) in &other {
                assert!(!text.trim().is_empty(), "{lang}.json {key} is empty");
                // A translation may leave out a value it cannot put naturally (an English word
                // such as "undo" in error.nothing_to_do), never use one English does not give.
                let given = english.get(key).map(|e| placeholders(e)).unwrap_or_else(|| {
                    let noun = key.rsplit_once('.').map_or("", |(noun, _)| noun);
                    placeholders(&english[&format!("{noun}.other")])
                });
                let unknown: Vec<_> = placeholders(text).difference(&given).cloned().collect();
                assert!(unknown.is_empty(), "{lang}.json {key} uses {unknown:?}, which English does not give");
            }
        }
    }

    #[test]
    fn the_compiled_catalogues_parse_and_translate() {
        for lang in LANGUAGES {
            // Czech has more plural forms than English (see `extra_plural_form`).
            assert!(catalogues()[lang].len() >= catalogue("en").len(), "{lang}");
        }
        assert_eq!(t("de", "menu.game"), "Spiel");
        assert_eq!(t("xx", "menu.game"), "Game");
        assert_eq!(t("en", "no.such.key"), "no.such.key");
    }

    fn sources(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if path.is_dir() {
                if name != "i18n" && name != "target" && name != "gen" {
                    sources(&path, out);
                }
            } else if name.ends_with(".js") || name.ends_with(".rs") || name.ends_with(".html") {
                out.push((path.clone(), std::fs::read_to_string(&path).unwrap_or_default()));
            }
        }
    }

    #[test]
    fn every_english_key_is_used_somewhere() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        sources(&root.join("ui"), &mut files);
        sources(&root.join("src-tauri"), &mut files);
        // This file names the keys it checks: it does not count as a use.
        files.retain(|(path, _)| !path.ends_with("src-tauri/prefs/i18n.rs"));
        let code: String = files.into_iter().map(|(_, text)| text).collect::<Vec<_>>().join("\n");
        let mut unused = Vec::new();
        for key in catalogue("en").keys() {
            let literal = [format!("'{key}'"), format!("\"{key}\""), format!("`{key}`")];
            if literal.iter().any(|quoted| code.contains(quoted.as_str())) {
                continue;
            }
            // A key built at run time: its prefix is used in a template (`ms.level.${level}` in
            // JavaScript, `format!("menu.theme.{theme}")` in Rust) and its words appear in the code.
            let dynamic = DYNAMIC_PREFIXES.iter().filter(|prefix| key.starts_with(**prefix)).any(|prefix| {
                let built = code.contains(&format!("{prefix}${{")) || code.contains(&format!("\"{prefix}{{"));
                built && key[prefix.len()..].split(['.', '-']).all(|word| code.contains(word))
            });
            // A category's name: `{label_prefix}.{category}` of a game's table (catalogue.js).
            let category = pastimes_games::GameKind::all().any(|kind| {
                let info = kind.info();
                key.strip_prefix(info.categories.label_prefix)
                    .and_then(|rest| rest.strip_prefix('.'))
                    .is_some_and(|category| info.is_category(category))
            });
            // A screen's shared control: `${game.prefix}.undo` in the controller, for a game
            // module that says `prefix: 'bb'`.
            let shared_control = key.split_once('.').is_some_and(|(prefix, rest)| {
                code.contains(&format!("${{game.prefix}}.{rest}`")) && code.contains(&format!("prefix: '{prefix}'"))
            });
            if !dynamic && !category && !shared_control {
                unused.push(key.clone());
            }
        }
        unused.sort();
        assert!(unused.is_empty(), "keys in en.json that no code uses: {unused:?}");
    }

    #[test]
    fn every_error_code_has_a_message() {
        let english = catalogue("en");
        let source = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src-tauri/error.rs")).unwrap();
        // The codes are the string literals after `=>` in `AppError::code`.
        let body = source.split("pub fn code(&self)").nth(1).unwrap().split("pub fn params").next().unwrap();
        let codes: Vec<&str> = body.split("=> \"").skip(1).map(|rest| rest.split('"').next().unwrap()).collect();
        assert!(codes.len() > 10, "{codes:?}");
        for code in codes {
            assert!(english.contains_key(&format!("error.{code}")), "no message for the error code {code}");
        }
    }

    #[test]
    fn the_system_locale_picks_each_language() {
        let pick = |lc_all, lc_messages, lang| system_language_from(None, lc_all, lc_messages, lang);
        assert_eq!(pick(None, None, Some("en_GB.UTF-8")), "en");
        assert_eq!(pick(None, None, Some("de_DE.UTF-8")), "de");
        assert_eq!(pick(None, None, Some("de_AT")), "de");
        assert_eq!(pick(None, None, Some("cs_CZ.UTF-8")), "cs");
        assert_eq!(pick(None, None, Some("zh_CN.UTF-8")), "zh");
        assert_eq!(pick(None, None, Some("zh_TW.UTF-8")), "zh");
        // LC_ALL wins over LC_MESSAGES, which wins over LANG.
        assert_eq!(pick(Some("cs_CZ.UTF-8"), Some("de_DE.UTF-8"), Some("en_US.UTF-8")), "cs");
        assert_eq!(pick(None, Some("zh_CN.UTF-8"), Some("de_DE.UTF-8")), "zh");
        assert_eq!(pick(Some(""), Some("de_DE.UTF-8"), Some("en_US.UTF-8")), "de");
        // Languages we do not speak, C and nothing at all: English.
        assert_eq!(pick(None, None, Some("fr_FR.UTF-8")), "en");
        assert_eq!(pick(None, None, Some("C.UTF-8")), "en");
        assert_eq!(pick(Some("POSIX"), None, Some("de_DE.UTF-8")), "en");
        assert_eq!(pick(None, None, None), "en");
        // GNU LANGUAGE lists go first, unless the locale is C.
        assert_eq!(system_language_from(Some("fr:cs:en"), None, None, Some("fr_FR.UTF-8")), "cs");
        assert_eq!(system_language_from(Some("de"), None, None, Some("C")), "en");
        assert_eq!(system_language_from(Some("fr"), None, None, Some("zh_CN.UTF-8")), "zh");
    }

    #[test]
    fn a_choice_wins_over_the_system() {
        assert_eq!(resolve(Some("cs")), "cs");
        assert_eq!(resolve(Some("zh")), "zh");
        assert_eq!(resolve(Some("system")), system_language());
        assert_eq!(resolve(Some("klingon")), system_language());
        assert_eq!(resolve(None), system_language());
    }
}
