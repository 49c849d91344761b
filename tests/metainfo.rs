//! The AppStream metainfo (`packaging/org.pastimes.Pastimes.metainfo.xml`) agrees with the rest
//! of the project: the desktop entry it launches, this release and its changelog, screenshots
//! that are files of the repository, the app's own accent colours; and `appstreamcli` finds no
//! error or warning in it.

use std::path::Path;
use std::process::Command;

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn metainfo() -> String {
    read("packaging/org.pastimes.Pastimes.metainfo.xml")
}

/// The text of every `<tag ...>text</tag>` whose opening tag starts with `open` (`<image`).
fn elements<'a>(xml: &'a str, open: &str, tag: &str) -> Vec<&'a str> {
    xml.split(open)
        .skip(1)
        .filter_map(|rest| Some(rest.split_once('>')?.1.split_once(&format!("</{tag}>"))?.0))
        .collect()
}

#[test]
fn it_launches_the_app_ids_desktop_entry_and_shows_its_icon() {
    let xml = metainfo();
    assert_eq!(elements(&xml, "<id", "id"), ["org.pastimes.Pastimes"]);
    assert_eq!(elements(&xml, "<launchable type=\"desktop-id\"", "launchable"), ["org.pastimes.Pastimes.desktop"]);
    assert_eq!(elements(&xml, "<icon type=\"stock\"", "icon"), ["org.pastimes.Pastimes"]);
    assert_eq!(elements(&xml, "<binary", "binary"), ["pastimes", "pbrain-pastimes"], "the commands it provides");
    assert!(xml.contains("<developer id=\"org.pastimes\">"), "a developer with an id");
    for url in ["homepage", "bugtracker", "help", "translate", "vcs-browser"] {
        let found = elements(&xml, &format!("<url type=\"{url}\""), "url");
        assert!(found.len() == 1 && found[0].starts_with("https://pastimes.org/"), "{url}: {found:?}");
    }
}

#[test]
fn its_release_is_this_version_with_the_changelogs_date() {
    let xml = metainfo();
    let release = format!("<release version=\"{}\" date=\"", env!("CARGO_PKG_VERSION"));
    let date = xml.split(&release).nth(1).expect("a release of this version").split('"').next().unwrap();
    let changelog = read("packaging/changelog");
    let first = changelog.lines().next().unwrap();
    assert!(first.starts_with(&format!("pastimes ({})", env!("CARGO_PKG_VERSION"))), "{first}");
    // The changelog's trailer: " -- Name <mail>  Sun, 29 Nov 2026 12:00:00 +0000".
    let trailer = changelog.lines().find(|line| line.starts_with(" -- ")).unwrap();
    let when = trailer.rsplit("  ").next().unwrap();
    let parsed = chrono::DateTime::parse_from_rfc2822(when).unwrap_or_else(|e| panic!("{when}: {e}"));
    assert_eq!(date, parsed.format("%Y-%m-%d").to_string(), "the metainfo's release date is the changelog's");
}

#[test]
fn every_screenshot_is_a_file_of_the_repository_published_under_this_version() {
    let xml = metainfo();
    let images = elements(&xml, "<image", "image");
    assert!(!images.is_empty());
    let base = format!("https://pastimes.org/screenshots/{}/", env!("CARGO_PKG_VERSION"));
    for image in images {
        let file = image.strip_prefix(&base).unwrap_or_else(|| panic!("{image} is not under {base}"));
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/screenshots").join(file);
        assert!(path.is_file(), "{image}: no {}", path.display());
    }
}

#[test]
fn its_branding_is_the_apps_accent_colours() {
    let xml = metainfo();
    let css = read("ui/css/app.css");
    // The light theme's accent is the first one declared; the dark theme's follows it.
    let accents: Vec<&str> =
        css.split("--accent: ").skip(1).map(|rest| rest.split(';').next().unwrap().trim()).collect();
    let light = elements(&xml, "<color type=\"primary\" scheme_preference=\"light\"", "color");
    let dark = elements(&xml, "<color type=\"primary\" scheme_preference=\"dark\"", "color");
    assert_eq!((light, dark), (vec![accents[0]], vec![accents[1]]));
}

#[test]
fn appstreamcli_finds_no_error_or_warning() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/org.pastimes.Pastimes.metainfo.xml");
    let output = match Command::new("appstreamcli").args(["validate", "--no-net", "--pedantic"]).arg(&path).output() {
        Ok(output) => output,
        Err(error) => panic!("appstreamcli cannot run ({error}): scripts/install-deps.sh --test installs it"),
    };
    let said = String::from_utf8_lossy(&output.stdout).to_string() + &String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{said}");
    let serious: Vec<&str> = said.lines().filter(|line| line.starts_with("E:") || line.starts_with("W:")).collect();
    assert!(serious.is_empty(), "{said}");
}

/// Its summary, each paragraph and item of its description and each screenshot's caption come in
/// every language of the app (named as AppStream names them: `zh_CN`, `zh_TW` for the two
/// Chinese scripts).
#[test]
fn its_texts_are_in_every_language_of_the_app() {
    // Its comments show how a translation is written: they are not one.
    let xml: String = metainfo()
        .split("<!--")
        .enumerate()
        .map(|(at, part)| if at == 0 { part } else { part.split_once("-->").map_or("", |(_, after)| after) })
        .collect();
    let description = &xml[xml.find("<description>").unwrap()..xml.find("</description>").unwrap()];
    let english = |tag: &str, within: &str| within.matches(&format!("<{tag}>")).count();
    for lang in pastimes_lib::prefs::i18n::LANGUAGES.iter().filter(|lang| **lang != "en") {
        let locale = match *lang {
            "zh" => "zh_CN",
            "zh-Hant" => "zh_TW",
            other => other,
        };
        let translated = |tag: &str, within: &str| within.matches(&format!("<{tag} xml:lang=\"{locale}\">")).count();
        assert_eq!(translated("summary", &xml), 1, "the summary in {locale}");
        for tag in ["p", "li"] {
            assert_eq!(
                translated(tag, description),
                english(tag, description),
                "the description's <{tag}> in {locale}"
            );
        }
        assert_eq!(translated("caption", &xml), english("caption", &xml), "the captions in {locale}");
    }
}
