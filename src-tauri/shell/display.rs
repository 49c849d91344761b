//! The display the window opens on: a launch without one says so in one line and exits with
//! status 1, where GTK would panic with a backtrace ("Failed to initialize gtk backend!").

use std::ffi::OsString;

/// Whether the environment names a display at all (checked before anything else is done).
pub fn named() -> Result<(), String> {
    missing(std::env::var_os("DISPLAY"), std::env::var_os("WAYLAND_DISPLAY")).map_or(Ok(()), Err)
}

/// What is wrong when neither variable names a display (an empty one names none).
fn missing(x11: Option<OsString>, wayland: Option<OsString>) -> Option<String> {
    let set = |value: &Option<OsString>| value.as_ref().is_some_and(|v| !v.is_empty());
    (!set(&x11) && !set(&wayland)).then(|| {
        "no display found: neither DISPLAY nor WAYLAND_DISPLAY is set; start Pastimes from a desktop \
         session, or set DISPLAY (for example by running it under xvfb-run)"
            .to_string()
    })
}

/// Opens the display with GTK, as the window will (Tauri's own start then finds GTK ready).
pub fn open() -> Result<(), String> {
    gtk::init().map_err(|_| {
        let shown = |name: &str| match std::env::var(name) {
            Ok(value) if !value.is_empty() => format!("{name}={value}"),
            _ => format!("{name} unset"),
        };
        format!(
            "cannot open the display ({}, {}): is that desktop session or X server running?",
            shown("WAYLAND_DISPLAY"),
            shown("DISPLAY")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn either_variable_names_a_display() {
        let some = |value: &str| Some(OsString::from(value));
        assert_eq!(missing(some(":0"), None), None);
        assert_eq!(missing(None, some("wayland-0")), None);
        assert_eq!(missing(some(":0"), some("wayland-0")), None);
        for (x11, wayland) in [(None, None), (some(""), None), (some(""), some(""))] {
            let message = missing(x11, wayland).expect("no display");
            assert!(message.contains("DISPLAY") && message.contains("WAYLAND_DISPLAY") && !message.contains('\n'));
        }
    }
}
