//! The webview's own widgets in the player's language. WebKitGTK draws a date field (the
//! history's From and To) in the language of its web context, not the page's `lang`, so a Czech
//! page on an English system showed "12/05/2026". The context's language list follows the
//! player's choice from the start and at every change, with the tag the page formats its own
//! dates and numbers with ([`crate::prefs::i18n::format_locale`]).

use crate::prefs::i18n;
use tauri::{AppHandle, Manager, Runtime};

/// Gives the main webview's context `language`, the page's (one of ours).
pub fn apply<R: Runtime>(app: &AppHandle<R>, language: &str) {
    let tag = i18n::format_locale(language, i18n::system_time_locale().as_deref());
    let Some(window) = app.get_webview_window("main") else { return };
    let applied = window.with_webview(move |webview| {
        use webkit2gtk::{WebContextExt, WebViewExt};
        if let Some(context) = webview.inner().context() {
            context.set_preferred_languages(&[&tag]);
        }
    });
    if let Err(error) = applied {
        eprintln!("pastimes: could not give the webview its language: {error}");
    }
}
