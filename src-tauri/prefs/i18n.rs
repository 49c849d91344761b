//! The translation catalogues, shared with the page: one JSON file per language in `ui/i18n/`,
//! compiled in here for the native menu. The page loads the same files.
//!
//! The language is the player's choice (setting `language`), or else the system's: the first
//! of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set (and, unless that is `C`, the GNU
//! `LANGUAGE` list before it), mapped to one of ours by its language code (`de*` → de, `ru*` →
//! ru...; Chinese by its script: `zh_TW`, `zh_HK`, `zh_MO` and `zh*Hant*` → zh-Hant, any other
//! `zh*` → zh; anything we do not speak → en). The page is told the result (`app_info`) and does
//! not guess.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

/// Declares [`LANGUAGES`] and the catalogue files compiled in for each, from one list, so that
/// a language cannot be spoken without its catalogue nor compiled in without being spoken.
macro_rules! languages {
    ($($lang:literal),+) => {
        /// The languages Pastimes speaks, English first (the reference catalogue), the others in
        /// the order of their own names (Latin script, Cyrillic, then Japanese, Korean, Chinese),
        /// as the Language menu and the Preferences list them.
        pub const LANGUAGES: [&str; [$($lang),+].len()] = [$($lang),+];

        const SOURCES: [(&str, &str); LANGUAGES.len()] =
            [$(($lang, include_str!(concat!("../../ui/i18n/", $lang, ".json")))),+];

        /// The strings of the test game, Lights Out, which only a test build has (its page files
        /// and strings live in `tests/lights/`): added to each catalogue.
        #[cfg(feature = "test-game")]
        const TEST_GAME_SOURCES: [(&str, &str); LANGUAGES.len()] =
            [$(($lang, include_str!(concat!("../../tests/lights/i18n/", $lang, ".json")))),+];
    };
}

languages!("en", "cs", "de", "es", "fr", "pl", "vi", "ru", "ja", "ko", "zh", "zh-Hant");

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

/// One of ours for a locale name such as `de_DE.UTF-8`, `cs`, `zh_CN`, `zh_TW`, `zh-Hant` or
/// `C`; `None` if we do not speak it.
fn language_of_locale(locale: &str) -> Option<&'static str> {
    let lower = locale.trim().to_ascii_lowercase();
    let mut parts = lower.split(['.', '@']).next().unwrap_or("").split(['_', '-']);
    let code = parts.next().unwrap_or("");
    if code == "zh" {
        return Some(chinese_script(&parts.collect::<Vec<_>>()));
    }
    LANGUAGES.iter().copied().find(|lang| *lang == code)
}

/// Which of our two Chinese catalogues a Chinese locale's script and region subtags (lower
/// case, `["hant", "tw"]`) ask for: the script where named, else Traditional for Taiwan, Hong
/// Kong and Macau, Simplified for the rest.
fn chinese_script(subtags: &[&str]) -> &'static str {
    let traditional = if subtags.contains(&"hant") {
        true
    } else if subtags.contains(&"hans") {
        false
    } else {
        subtags.iter().any(|tag| matches!(*tag, "tw" | "hk" | "mo"))
    };
    if traditional {
        "zh-Hant"
    } else {
        "zh"
    }
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

/// The BCP 47 tag, such as `en-GB`, that dates and numbers follow when the page speaks
/// `language`, on the page (`Intl`) and in the webview's own widgets (its date fields): the
/// system's format locale (`time_locale`, from `LC_ALL`, `LC_TIME` or `LANG`) where its language
/// is the same, so an English page on a British system puts the day before the month; else the
/// language alone, whose usual region ICU supplies. Each Chinese catalogue keeps to the regions
/// of its script: Simplified is `zh-CN`, or `zh-SG` on such a system; Traditional is `zh-TW`, or
/// `zh-HK` and `zh-MO` on such a system.
pub fn format_locale(language: &str, time_locale: Option<&str>) -> String {
    let system = time_locale.map(str::trim).filter(|l| !l.is_empty() && !matches!(*l, "C" | "POSIX"));
    let mut parts = system.unwrap_or("").split(['.', '@']).next().unwrap_or("").split(['_', '-']);
    let code = parts.next().unwrap_or("").to_ascii_lowercase();
    // The region is the last two-letter subtag (`zh_Hant_HK`, `de_AT`).
    let region = parts.rfind(|p| p.len() == 2 && p.chars().all(|c| c.is_ascii_alphabetic()));
    let base = language.split('-').next().unwrap_or(language);
    let region = region.map(str::to_ascii_uppercase).filter(|_| code == base);
    match (language, region.as_deref()) {
        ("zh", Some("SG")) => "zh-SG".to_owned(),
        ("zh", _) => "zh-CN".to_owned(),
        ("zh-Hant", Some(region @ ("HK" | "MO"))) => format!("zh-{region}"),
        ("zh-Hant", _) => "zh-TW".to_owned(),
        (_, Some(region)) => format!("{language}-{region}"),
        (_, None) => language.to_owned(),
    }
}

/// [`format_locale`] of each of our languages on this system, for the page.
pub fn format_locales() -> BTreeMap<&'static str, String> {
    let time_locale = system_time_locale();
    LANGUAGES.iter().map(|lang| (*lang, format_locale(lang, time_locale.as_deref()))).collect()
}

/// The system's format locale for dates, from this process's environment.
pub fn system_time_locale() -> Option<String> {
    ["LC_ALL", "LC_TIME", "LANG"].iter().find_map(|name| std::env::var(name).ok().filter(|v| !v.trim().is_empty()))
}

/// The language these settings speak: their `language` resolved.
pub fn language_of(settings: &serde_json::Map<String, serde_json::Value>) -> &'static str {
    resolve(settings.get("language").and_then(serde_json::Value::as_str))
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

    #[test]
    fn dates_and_numbers_take_the_systems_region_only_for_its_own_language() {
        assert_eq!(format_locale("en", Some("en_GB.UTF-8")), "en-GB");
        assert_eq!(format_locale("cs", Some("en_GB.UTF-8")), "cs");
        assert_eq!(format_locale("de", Some("de_AT.UTF-8@euro")), "de-AT");
        assert_eq!(format_locale("de", Some("de_ch")), "de-CH");
        assert_eq!(format_locale("en", Some("C.UTF-8")), "en");
        assert_eq!(format_locale("en", Some("C")), "en");
        assert_eq!(format_locale("de", None), "de");
        assert_eq!(format_locale("de", Some("de")), "de");
        assert_eq!(format_locale("en", Some("en_<b>.UTF-8")), "en");
        // The catalogue's Chinese is Simplified: never a Traditional region.
        assert_eq!(format_locale("zh", Some("zh_TW.UTF-8")), "zh-CN");
        assert_eq!(format_locale("zh", Some("zh_SG.UTF-8")), "zh-SG");
        assert_eq!(format_locale("zh", Some("en_US.UTF-8")), "zh-CN");
        assert_eq!(format_locale("zh", None), "zh-CN");
        // Traditional Chinese: Taiwan's unless the system says Hong Kong or Macau.
        assert_eq!(format_locale("zh-Hant", None), "zh-TW");
        assert_eq!(format_locale("zh-Hant", Some("zh_HK.UTF-8")), "zh-HK");
        assert_eq!(format_locale("zh-Hant", Some("zh_Hant_MO")), "zh-MO");
        assert_eq!(format_locale("zh-Hant", Some("zh_CN.UTF-8")), "zh-TW");
        assert_eq!(format_locale("zh-Hant", Some("en_HK.UTF-8")), "zh-TW");
        assert_eq!(format_locale("zh", Some("zh_HK.UTF-8")), "zh-CN");
        // The new languages take the system's region as the others do.
        assert_eq!(format_locale("fr", Some("fr_CA.UTF-8")), "fr-CA");
        assert_eq!(format_locale("es", Some("es_MX.UTF-8")), "es-MX");
        assert_eq!(format_locale("ru", Some("uk_UA.UTF-8")), "ru");
        assert_eq!(format_locale("ja", Some("ja_JP.UTF-8")), "ja-JP");
        assert_eq!(format_locale("ko", None), "ko");
    }

    /// The catalogue file of `lang`, and in a test build the test game's strings with it.
    fn catalogue(lang: &str) -> Catalogue {
        let read = |path: PathBuf| -> Catalogue {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        };
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        #[allow(unused_mut)]
        let mut catalogue = read(root.join(format!("ui/i18n/{lang}.json")));
        #[cfg(feature = "test-game")]
        catalogue.extend(read(root.join(format!("tests/lights/i18n/{lang}.json"))));
        catalogue
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

    /// The CLDR plural categories each language's whole numbers fall into ("1 игра", "2 игры",
    /// "5 игр"): those `count()` on the page picks from (`Intl.PluralRules`). Czech, Polish and
    /// Russian also have a category for fractions only (Czech `many`, the others' `other`), and
    /// French and Spanish use `many` for whole millions ("1 000 000 de parties").
    const INTEGER_PLURALS: [(&str, &[&str]); 12] = [
        ("en", &["one", "other"]),
        ("cs", &["one", "few", "other"]),
        ("de", &["one", "other"]),
        ("es", &["one", "many", "other"]),
        ("fr", &["one", "many", "other"]),
        ("pl", &["one", "few", "many"]),
        ("vi", &["other"]),
        ("ru", &["one", "few", "many"]),
        ("ja", &["other"]),
        ("ko", &["other"]),
        ("zh", &["other"]),
        ("zh-Hant", &["other"]),
    ];

    /// The table above is what the page's `Intl.PluralRules` says (node's ICU, asked for every
    /// number to 1,100 and for a million, in the tag the page formats with).
    #[test]
    fn the_plural_table_is_cldrs() {
        let languages: Vec<&str> = INTEGER_PLURALS.iter().map(|(lang, _)| *lang).collect();
        assert_eq!(languages, LANGUAGES, "one row per language, in their order");
        let script = "const out = {};
            for (const [lang, tag] of JSON.parse(process.argv[1])) {
              const rules = new Intl.PluralRules(tag), seen = new Set();
              for (let n = 0; n <= 1100; n++) seen.add(rules.select(n));
              seen.add(rules.select(1e6));
              out[lang] = [...seen].sort();
            }
            console.log(JSON.stringify(out));";
        let tags: Vec<(&str, String)> = LANGUAGES.iter().map(|lang| (*lang, format_locale(lang, None))).collect();
        let output = std::process::Command::new("node")
            .args(["-e", script, &serde_json::to_string(&tags).unwrap()])
            .output()
            .unwrap_or_else(|e| panic!("node, which scripts/install-deps.sh --test installs: {e}"));
        assert!(output.status.success(), "node: {}", String::from_utf8_lossy(&output.stderr));
        let cldr: BTreeMap<String, Vec<String>> = serde_json::from_slice(&output.stdout).unwrap();
        for (lang, forms) in INTEGER_PLURALS {
            let mut forms: Vec<&str> = forms.to_vec();
            forms.sort();
            assert_eq!(cldr[lang], forms, "{lang}");
        }
    }

    /// Every counted noun ("count.games") has a text for each plural category the language's
    /// whole numbers take: Polish and Russian have three, Japanese one.
    #[test]
    fn every_language_has_each_plural_form_its_numbers_take() {
        let english = catalogue("en");
        let nouns: BTreeSet<&str> =
            english.keys().filter_map(|key| key.strip_prefix("count.")?.strip_suffix(".other")).collect();
        assert!(nouns.len() >= 5, "{nouns:?}");
        for (lang, forms) in INTEGER_PLURALS {
            let catalogue = catalogue(lang);
            for noun in &nouns {
                for form in forms {
                    let key = format!("count.{noun}.{form}");
                    assert!(catalogue.contains_key(&key), "{lang}.json lacks {key}");
                    assert!(catalogue[&key].contains("{n}"), "{lang}.json {key} does not show the number");
                }
            }
        }
    }

    /// The translators' check (`scripts/i18n-check`, docs/TRANSLATING.md) passes on the
    /// catalogues, and on a catalogue with a key missing, one unknown and a plural form missing,
    /// names each and fails.
    #[test]
    fn the_translators_check_finds_what_a_catalogue_lacks() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let check = |args: &[&str]| {
            let output = std::process::Command::new("python3")
                .arg(root.join("scripts/i18n-check"))
                .args(args)
                .output()
                .unwrap_or_else(|e| panic!("python3: {e}"));
            (output.status.code(), String::from_utf8_lossy(&output.stdout).into_owned())
        };
        let (status, report) = check(&[]);
        assert_eq!(status, Some(0), "{report}");
        let copy = tempfile::tempdir().unwrap();
        for folder in ["ui/i18n", "tests/lights/i18n"] {
            std::fs::create_dir_all(copy.path().join(folder)).unwrap();
            for file in ["en.json", "ru.json"] {
                std::fs::copy(root.join(folder).join(file), copy.path().join(folder).join(file)).unwrap();
            }
        }
        let ru = copy.path().join("ui/i18n/ru.json");
        let mut broken: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(&std::fs::read_to_string(&ru).unwrap()).unwrap();
        broken.remove("menu.game");
        broken.remove("count.games.few");
        broken.insert("menu.gmae".into(), "Игра".into());
        std::fs::write(&ru, serde_json::to_string(&broken).unwrap()).unwrap();
        let (status, report) = check(&["--root", copy.path().to_str().unwrap(), "ru"]);
        assert_eq!(status, Some(1), "{report}");
        for line in ["missing      menu.game", "unused       menu.gmae", "plural       count.games.few"] {
            assert!(report.contains(line), "{line:?} not in {report}");
        }
    }

    /// "2,4 s" and "236 Punkte" never break over two lines: a time or a score is joined to
    /// its unit by a no-break space, in every language (the Czech record dialog once ended a
    /// line with "2,4" and began the next with "s."). Window titles do not wrap and keep the
    /// original's own words. And a line that wraps never begins with a separator's dot: the dot
    /// keeps to the part before it ("3BV 13 ·", as the page's own `SEPARATOR` does).
    #[test]
    fn a_number_stays_with_its_unit_and_a_dot_with_the_part_before_it() {
        for lang in LANGUAGES {
            for (key, text) in catalogue(lang) {
                for placeholder in ["{seconds} ", "{score} "] {
                    assert!(
                        key.ends_with(".title") || !text.contains(placeholder),
                        "{lang}.json {key}: {placeholder:?} takes a no-break space: {text}"
                    );
                }
                assert!(!text.contains(" ·"), "{lang}.json {key}: a no-break space before the dot: {text}");
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
        // The original Czech Bubble Breaker's window title, word for word.
        assert_eq!(t("cs", "bb.title"), "{score} bodů - Bubble Breaker");
        assert_eq!(t("xx", "menu.game"), "Game");
        assert_eq!(t("en", "no.such.key"), "no.such.key");
    }

    /// The page's keys, as the page's own check tells them (`tests/page/keys.mjs`, run with node:
    /// the page is read in its own language, never here). See that script for each field.
    #[derive(serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct PageKeys {
        literal: BTreeSet<String>,
        built: Vec<(String, Vec<String>)>,
        absent: Vec<String>,
        prefixes: Vec<String>,
        controls: Vec<String>,
        counted_params: Vec<(String, String)>,
        opponents: Vec<String>,
        languages: Vec<String>,
    }

    /// The page's keys, asked once; the templates of [`backend_keys`] the page fills are asked
    /// about.
    fn page() -> &'static PageKeys {
        static PAGE: std::sync::OnceLock<PageKeys> = std::sync::OnceLock::new();
        PAGE.get_or_init(|| {
            let root = Path::new(env!("CARGO_MANIFEST_DIR"));
            let mut node = std::process::Command::new("node");
            node.current_dir(root).args(["tests/page/keys.mjs", "ui"]);
            #[cfg(feature = "test-game")]
            node.arg("tests/lights/ui");
            node.args(backend_keys().into_iter().map(|(template, _)| template).filter(|t| t.starts_with('`')));
            let output =
                node.output().unwrap_or_else(|e| panic!("node, which scripts/install-deps.sh --test installs: {e}"));
            assert!(output.status.success(), "tests/page/keys.mjs: {}", String::from_utf8_lossy(&output.stderr));
            serde_json::from_slice(&output.stdout).expect("the page's keys as JSON")
        })
    }

    fn rust_sources(dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if path.is_dir() && name != "target" {
                rust_sources(&path, out);
            } else if name.ends_with(".rs") && !path.ends_with(file!()) {
                out.push(std::fs::read_to_string(&path).unwrap_or_default());
            }
        }
    }

    /// The backend's code (`src-tauri/`, the games crate with it), with its comment lines left out
    /// (a key named in a comment is not used), and without this file, which names the keys it
    /// checks.
    fn backend_code() -> String {
        let mut files = Vec::new();
        rust_sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src-tauri"), &mut files);
        let lines =
            files.iter().flat_map(|text| text.lines()).filter(|line| !line.trim_start().starts_with(['/', '*']));
        lines.collect::<Vec<_>>().join("\n")
    }

    /// `text` from `start` to the first `end` after it.
    fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
        let from = &text[text.find(start).unwrap_or_else(|| panic!("no {start:?} in the code any more"))..];
        &from[..from.find(end).unwrap()]
    }

    /// Every key made at run time from what only the backend knows (its lists, the registry, the
    /// error codes): the template as the backend's code (`format!`) or the page's (in backquotes)
    /// writes it, and each key it can make. A template the code no longer holds, or a key it makes
    /// that English lacks, fails the test below; the keys made count as used.
    fn backend_keys() -> Vec<(&'static str, Vec<String>)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let file = |path: &str| std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
        let fill = |template: &str, values: &[String]| -> Vec<String> {
            values.iter().map(|value| template.replace('*', value)).collect()
        };
        let strings = |values: &[&str]| values.iter().map(|v| v.to_string()).collect::<Vec<_>>();
        let kinds = || pastimes_games::GameKind::all();
        let games: Vec<String> = kinds().map(|kind| kind.as_str().to_string()).collect();
        // The codes `AppError::code` and `ImportError::code` send (the string after each `=> "`),
        // those of the texts Minesweeper's analysis board refuses (a study board's `Format`
        // errors), and those each game's file formats declare (a position file's among them).
        let mut codes: Vec<String> = [
            ("src-tauri/error.rs", "pub fn code(&self)", "pub fn params", "=> \""),
            ("src-tauri/records/record_text.rs", "pub fn code(&self)", "pub fn params", "=> \""),
            ("src-tauri/games/src/minesweeper/analysis_board/text.rs", "pub fn code(&self)", "pub fn params", "=> \""),
        ]
        .iter()
        .flat_map(|(path, start, end, arrow)| {
            let text = file(path);
            let body = between(&text, start, end);
            body.split(arrow).skip(1).map(|rest| rest.split('"').next().unwrap().to_string()).collect::<Vec<_>>()
        })
        .collect();
        codes.extend(
            kinds()
                .flat_map(|kind| kind.info().file_formats.iter().flat_map(|format| format.error_codes.iter()))
                .map(|code| code.to_string()),
        );
        let measures: Vec<String> = kinds()
            .map(|kind| serde_json::to_value(kind.info().ranking.measure).unwrap().as_str().unwrap().to_string())
            .collect();
        let bubbles = pastimes_games::bubbles::KIND.info();
        let name_keys: Vec<String> = kinds().map(|kind| kind.info().name_key.to_string()).collect();
        let chart_kinds: Vec<String> = ["time", "score", "moves"]
            .iter()
            .flat_map(|measure| [measure.to_string(), format!("{measure}Each")])
            .collect();
        let themes = strings(&crate::prefs::settings::THEMES);
        // Its pattern's key, if it has numbers in it; else `{label_prefix}.{category}`.
        let listed_categories: Vec<String> = kinds()
            .flat_map(|kind| {
                (kind.info().categories.listed)().into_iter().map(move |c| kind.info().category_label(&c).0)
            })
            .collect();
        vec![
            ("format!(\"language.{code}\")", fill("language.*", &strings(&LANGUAGES))),
            ("`menu.theme.${theme}`", fill("menu.theme.*", &themes)),
            ("format!(\"menu.theme.{theme}\")", fill("menu.theme.*", &themes)),
            // Each game's screen's help is its id.
            ("`help.${topic}`", fill("help.*", &games)),
            ("`help.${topic}.title`", fill("help.*.title", &games)),
            ("`game.${id}`", fill("game.*", &games)),
            ("`${game.nameKey}.blurb`", fill("*.blurb", &name_keys)),
            // A category's name (catalogue.js): each listed one must have its name.
            ("`${game.labelPrefix}.${category}`", listed_categories),
            ("`bb.style.${style}.hint`", fill("bb.style.*.hint", &(bubbles.categories.listed)())),
            ("`hall.${measureOf(game)}`", fill("hall.*", &measures)),
            // `CategoryChart::measure`, and `Each` where the category never ranks.
            ("`chart.label.${kind}`", fill("chart.label.*", &chart_kinds)),
            ("`chart.legend.${kind}`", fill("chart.legend.*", &chart_kinds)),
            ("`error.${error.code}`", fill("error.*", &codes)),
            // The quantities a player types in, as `RuleError::OutOfRange` names them: the custom
            // Minesweeper field, Bubble Breaker's field, the fourth game's side.
            ("`error.what.${params.what}`", fill("error.what.*", &strings(&QUANTITIES))),
        ]
    }

    /// What a player's number may be out of range of, each with its name in every language.
    const QUANTITIES: [&str; 5] = ["width", "height", "mines", "colours", "side"];

    /// Each of [`QUANTITIES`] is still a word the games name a range error by.
    #[test]
    fn the_named_quantities_are_the_games_own() {
        let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("src-tauri/games/src");
        let sources: String = ["minesweeper/params.rs", "bubbles/mod.rs", "lights/mod.rs"]
            .iter()
            .map(|file| std::fs::read_to_string(games.join(file)).unwrap())
            .collect();
        for quantity in QUANTITIES {
            let named =
                [format!("in_range(\"{quantity}\""), format!("(\"{quantity}\", "), format!("what: \"{quantity}\"")];
            assert!(named.iter().any(|n| sources.contains(n.as_str())), "no range error names {quantity}");
        }
    }

    #[test]
    fn every_english_key_is_used_somewhere() {
        let backend = backend_code();
        let page = page();
        assert!(page.absent.is_empty(), "the page no longer builds keys as {:?}", page.absent);
        let english = catalogue("en");
        let mut used = BTreeSet::new();
        let made = backend_keys().into_iter().map(|(template, keys)| (template.to_string(), keys));
        for (template, keys) in made.chain(page.built.iter().cloned()) {
            let held = template.starts_with('`') || backend.contains(&template);
            assert!(held, "the code no longer builds keys as {template}");
            let missing: Vec<_> = keys.iter().filter(|key| !english.contains_key(*key)).collect();
            assert!(missing.is_empty(), "{template} makes keys en.json lacks: {missing:?}");
            used.extend(keys);
        }
        let mut unused = Vec::new();
        for key in english.keys() {
            let literal = [format!("'{key}'"), format!("\"{key}\""), format!("`{key}`")];
            if used.contains(key)
                || page.literal.contains(key)
                || literal.iter().any(|quoted| backend.contains(quoted.as_str()))
            {
                continue;
            }
            let category = pastimes_games::GameKind::all().any(|kind| {
                let info = kind.info();
                key.strip_prefix(info.categories.label_prefix)
                    .and_then(|rest| rest.strip_prefix('.'))
                    .is_some_and(|category| info.is_category(category))
            });
            // A screen's shared control: `${game.prefix}.toolbar` in the controller, for a game
            // module that says `prefix: 'bb'`.
            let shared_control = key.split_once('.').is_some_and(|(prefix, rest)| {
                page.prefixes.iter().any(|p| p == prefix) && page.controls.iter().any(|c| c == rest)
            });
            if !category && !shared_control {
                unused.push(key.clone());
            }
        }
        unused.sort();
        assert!(unused.is_empty(), "keys in en.json that no code uses: {unused:?}");
    }

    /// Keys whose parameter the page fills with a counted phrase (`count('games', n)`: "5
    /// finished games"), and the noun counted: a translation must not name the noun again
    /// around it ("5 beendete Spiele beendete Spiele").
    const COUNTED: [(&str, &str, &str); 9] = [
        ("history.total", "total", "games"),
        ("reset.lineRecords", "records", "records"),
        ("reset.lineRecords", "categories", "categories"),
        ("reset.lineGamesDeleted", "games", "games"),
        ("reset.lineGamesKept", "games", "games"),
        ("reset.done", "records", "records"),
        ("reset.done", "games", "games"),
        ("gmr.summary", "mistakes", "mistakes"),
        ("gmr.summary", "blunders", "blunders"),
    ];

    /// What names a counted noun: the start of its last word ("spiel" of "beendete Spiele"), or
    /// in Chinese, which has no spaces, its last two characters ("游戏").
    fn noun_stem(phrase: &str) -> String {
        let word: Vec<char> = phrase.split_whitespace().last().unwrap_or_default().to_lowercase().chars().collect();
        if word.iter().any(|&c| u32::from(c) >= 0x2E80) {
            word[word.len().saturating_sub(2)..].iter().collect()
        } else {
            word[..word.len().min(5)].iter().collect()
        }
    }

    #[test]
    fn a_counted_phrase_is_not_followed_by_its_noun_again() {
        for (key, param, noun) in COUNTED {
            let counted = page().counted_params.iter().any(|(p, n)| p == param && n == noun);
            assert!(counted, "{key}: {{{param}}} is no longer counted");
        }
        for lang in LANGUAGES {
            let catalogue = catalogue(lang);
            for (key, param, noun) in COUNTED {
                let template = &catalogue[key];
                let around: String = template
                    .split('{')
                    .map(|part| part.split_once('}').map_or(part, |(_, rest)| rest))
                    .collect::<String>()
                    .to_lowercase();
                for form in ["one", "few", "many", "other"] {
                    let Some(phrase) = catalogue.get(&format!("count.{noun}.{form}")) else { continue };
                    let stem = noun_stem(phrase);
                    assert!(
                        !around.contains(&stem),
                        "{lang}.json {key} names \"{stem}\" beside {{{param}}}: {template}"
                    );
                }
            }
        }
    }

    /// The New game dialog offers every opponent the backend knows, in its order, so that every
    /// level has its name and description in the catalogues.
    #[test]
    fn the_page_offers_the_backends_opponents() {
        let backend: Vec<String> =
            pastimes_games::gomoku::Opponent::ALL.iter().map(|o| o.as_str().to_string()).collect();
        assert_eq!(page().opponents, backend);
    }

    /// The page offers the languages the backend speaks, in its order (Preferences' list, the
    /// catalogues it loads).
    #[test]
    fn the_page_speaks_the_backends_languages() {
        assert_eq!(page().languages, LANGUAGES);
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
        assert_eq!(pick(None, None, Some("zh_SG.UTF-8")), "zh");
        assert_eq!(pick(None, None, Some("zh")), "zh");
        // Chinese by its script: Taiwan, Hong Kong and Macau write Traditional, as does any
        // locale that names the script.
        assert_eq!(pick(None, None, Some("zh_TW.UTF-8")), "zh-Hant");
        assert_eq!(pick(None, None, Some("zh_HK.UTF-8")), "zh-Hant");
        assert_eq!(pick(None, None, Some("zh_MO")), "zh-Hant");
        assert_eq!(pick(None, None, Some("zh_Hant_SG.UTF-8")), "zh-Hant");
        assert_eq!(pick(None, None, Some("zh-Hant")), "zh-Hant");
        assert_eq!(pick(None, None, Some("zh_Hans_HK")), "zh");
        for (locale, lang) in [
            ("ru_RU.UTF-8", "ru"),
            ("ru_UA", "ru"),
            ("ja_JP.UTF-8", "ja"),
            ("ko_KR.UTF-8", "ko"),
            ("vi_VN", "vi"),
            ("pl_PL.UTF-8", "pl"),
            ("fr_FR.UTF-8", "fr"),
            ("fr_CA.UTF-8", "fr"),
            ("es_ES.UTF-8", "es"),
            ("es_MX.UTF-8@euro", "es"),
        ] {
            assert_eq!(pick(None, None, Some(locale)), lang, "{locale}");
        }
        // LC_ALL wins over LC_MESSAGES, which wins over LANG.
        assert_eq!(pick(Some("cs_CZ.UTF-8"), Some("de_DE.UTF-8"), Some("en_US.UTF-8")), "cs");
        assert_eq!(pick(None, Some("zh_CN.UTF-8"), Some("de_DE.UTF-8")), "zh");
        assert_eq!(pick(Some(""), Some("de_DE.UTF-8"), Some("en_US.UTF-8")), "de");
        // Languages we do not speak, C and nothing at all: English.
        assert_eq!(pick(None, None, Some("it_IT.UTF-8")), "en");
        assert_eq!(pick(None, None, Some("C.UTF-8")), "en");
        assert_eq!(pick(Some("POSIX"), None, Some("de_DE.UTF-8")), "en");
        assert_eq!(pick(None, None, None), "en");
        // GNU LANGUAGE lists go first, unless the locale is C.
        assert_eq!(system_language_from(Some("it:cs:en"), None, None, Some("it_IT.UTF-8")), "cs");
        assert_eq!(system_language_from(Some("de"), None, None, Some("C")), "en");
        assert_eq!(system_language_from(Some("it"), None, None, Some("zh_CN.UTF-8")), "zh");
        assert_eq!(system_language_from(Some("zh_TW:zh_CN"), None, None, Some("en_US.UTF-8")), "zh-Hant");
    }

    #[test]
    fn a_choice_wins_over_the_system() {
        assert_eq!(resolve(Some("cs")), "cs");
        assert_eq!(resolve(Some("zh")), "zh");
        assert_eq!(resolve(Some("zh-Hant")), "zh-Hant");
        assert_eq!(resolve(Some("zh-hant")), system_language());
        assert_eq!(resolve(Some("system")), system_language());
        assert_eq!(resolve(Some("klingon")), system_language());
        assert_eq!(resolve(None), system_language());
    }
}
