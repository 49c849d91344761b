//! The main window: fitting it to what it shows, and remembering where the player put it, how
//! big, and whether maximised or full screen.

use crate::error::{AppError, AppResult};
use crate::shell::settle::settled;
use crate::state::AppState;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tauri::{
    AppHandle, Emitter, LogicalSize, Manager, PhysicalPosition, PhysicalSize, Runtime, WebviewWindow, WindowEvent,
};

/// The smallest and largest content size the page may ask for, in logical pixels.
const MIN_SIDE: f64 = 320.0;
const MAX_SIDE: f64 = 16_384.0;

/// Resizes the window so its content area is `width` x `height` logical pixels, kept on screen.
/// Returns whether the size changes (if not, no resize will come for the page to wait for).
pub fn fit<R: Runtime>(window: &WebviewWindow<R>, width: f64, height: f64) -> AppResult<bool> {
    if !(width.is_finite() && height.is_finite()) || width.max(height) > MAX_SIDE || width.min(height) <= 0.0 {
        return Err(AppError::bad_argument(format!("window size {width}x{height} is out of range")));
    }
    // A maximised or full-screen window keeps the size the player gave it; the board scales.
    if window.is_maximized().unwrap_or(false) || window.is_fullscreen().unwrap_or(false) {
        return Ok(false);
    }
    let (mut width, mut height) = (width.max(MIN_SIDE), height.max(MIN_SIDE));
    let monitor = window.current_monitor().ok().flatten();
    if let Some(monitor) = &monitor {
        let screen = monitor.size().to_logical::<f64>(monitor.scale_factor());
        // Leave room for panels and the title bar; the board scales down to fit the rest.
        width = width.min(screen.width * 0.95);
        height = height.min(screen.height * 0.9);
    }
    let wanted = LogicalSize::new(width.round(), height.round());
    let scale = window.scale_factor().unwrap_or(1.0);
    if let Ok(now) = window.inner_size() {
        let now = now.to_logical::<f64>(scale);
        if (now.width.round(), now.height.round()) == (wanted.width, wanted.height) {
            return Ok(false);
        }
    }
    window.set_size(wanted).map_err(|e| AppError::Window(e.to_string()))?;
    if let Some(monitor) = &monitor {
        keep_on_screen(window, monitor, wanted.to_physical(scale));
    }
    Ok(true)
}

/// A window grown past the screen's right or bottom edge (Expert after Beginner, a larger
/// zoom) moves back onto it, as far as it must and no further.
fn keep_on_screen<R: Runtime>(window: &WebviewWindow<R>, monitor: &tauri::Monitor, inner: PhysicalSize<u32>) {
    let Ok(at) = window.outer_position() else { return };
    let (origin, size) = (monitor.position(), monitor.size());
    // The frame around the content (title bar, menu bar) counts as the window's.
    let frame = match (window.outer_size(), window.inner_size()) {
        (Ok(outer), Ok(now)) => (outer.width.saturating_sub(now.width), outer.height.saturating_sub(now.height)),
        _ => (0, 0),
    };
    let right = i64::from(origin.x) + i64::from(size.width);
    let bottom = i64::from(origin.y) + i64::from(size.height);
    let x = i64::from(at.x).min(right - i64::from(inner.width + frame.0)).max(i64::from(origin.x));
    let y = i64::from(at.y).min(bottom - i64::from(inner.height + frame.1)).max(i64::from(origin.y));
    if (x, y) != (i64::from(at.x), i64::from(at.y)) {
        let _ = window.set_position(PhysicalPosition::new(x as i32, y as i32));
    }
}

/// Another launch on the same data folder asked for this window: unminimised, shown, focused.
pub fn bring_to_front<R: Runtime>(app: &AppHandle<R>) {
    let app = app.clone();
    let _ = app.clone().run_on_main_thread(move || {
        if let Some(window) = app.get_webview_window("main") {
            let _ = window.unminimize();
            let _ = window.show();
            let _ = window.set_focus();
        }
    });
}

/// Puts the window where the player last left it, if that is still on a screen, at the size it
/// had, and maximised or full screen again if it was.
pub fn restore_placement<R: Runtime>(window: &WebviewWindow<R>, state: &AppState) {
    let Some(placement) = state.window_placement() else { return };
    let number = |key: &str| placement.get(key).and_then(Value::as_i64);
    if let (Some(width), Some(height)) = (number("width"), number("height")) {
        if width > 0 && height > 0 {
            let _ = window.set_size(PhysicalSize::new(width as u32, height as u32));
        }
    }
    if let (Some(x), Some(y)) = (number("x"), number("y")) {
        let on_screen =
            window.available_monitors().unwrap_or_default().iter().any(|m| contains(m.position(), m.size(), x, y));
        if on_screen {
            let _ = window.set_position(PhysicalPosition::new(x as i32, y as i32));
        }
    }
    let flag = |key: &str| placement.get(key).and_then(Value::as_bool).unwrap_or(false);
    if flag(MAXIMIZED) {
        let _ = window.maximize();
    }
    if flag(FULLSCREEN) {
        let _ = window.set_fullscreen(true);
    }
}

fn contains(origin: &PhysicalPosition<i32>, size: &PhysicalSize<u32>, x: i64, y: i64) -> bool {
    let (left, top) = (i64::from(origin.x), i64::from(origin.y));
    (left..left + i64::from(size.width)).contains(&x) && (top..top + i64::from(size.height)).contains(&y)
}

/// How long the window must stay still before its placement is saved.
const SETTLE: Duration = Duration::from_millis(500);

/// Saves the window's placement once it stops moving or resizing, and when it closes; pauses
/// the running games when it is minimised (the clock must not run while the board cannot be seen).
pub fn watch<R: Runtime>(window: &WebviewWindow<R>) {
    let handle = window.clone();
    let state = Arc::clone(&window.state::<Arc<AppState>>());
    let writer = Arc::clone(&state);
    let saver = settled(SETTLE, move |placement: Value| save(&writer, placement));
    window.on_window_event(move |event| match event {
        WindowEvent::Moved(_) | WindowEvent::Resized(_) => {
            if handle.is_minimized().unwrap_or(false) {
                pause_running_games(&handle);
            }
            if let Some(placement) = placement(&handle, &state) {
                let _ = saver.send(placement);
            }
        }
        WindowEvent::CloseRequested { .. } => {
            if let Some(placement) = placement(&handle, &state) {
                save(&state, placement);
            }
        }
        _ => {}
    });
}

fn pause_running_games<R: Runtime>(window: &WebviewWindow<R>) {
    let state = window.state::<Arc<AppState>>();
    for snapshot in state.pause_running() {
        let _ = window.emit("snapshot", &snapshot);
    }
}

/// The keys of the stored placement that say the window was maximised or full screen.
const MAXIMIZED: &str = "maximized";
const FULLSCREEN: &str = "fullscreen";

/// Where the window is and how big, and whether maximised or full screen; nothing while it is
/// minimised (nothing to keep then).
fn placement<R: Runtime>(window: &WebviewWindow<R>, state: &AppState) -> Option<Value> {
    if window.is_minimized().unwrap_or(false) {
        return None;
    }
    let maximized = window.is_maximized().unwrap_or(false);
    let fullscreen = window.is_fullscreen().unwrap_or(false);
    let geometry = match (window.outer_position(), window.inner_size()) {
        (Ok(position), Ok(size)) => {
            Some(json!({"x": position.x, "y": position.y, "width": size.width, "height": size.height}))
        }
        _ => None,
    };
    let stored = if maximized || fullscreen { state.window_placement() } else { None };
    placement_of(geometry, maximized, fullscreen, stored)
}

/// The placement to store: a maximised or full-screen window keeps the size and place it had
/// before (stored earlier), which is where it goes back to when the player unmaximises it.
fn placement_of(geometry: Option<Value>, maximized: bool, fullscreen: bool, stored: Option<Value>) -> Option<Value> {
    let mut placement = if maximized || fullscreen { stored.unwrap_or_else(|| json!({})) } else { geometry? };
    placement[MAXIMIZED] = json!(maximized);
    placement[FULLSCREEN] = json!(fullscreen);
    Some(placement)
}

fn save(state: &AppState, placement: Value) {
    if state.window_placement().as_ref() != Some(&placement) {
        if let Err(error) = state.save_window_placement(placement) {
            eprintln!("pastimes: could not save the window placement: {error}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Config;

    fn at(x: i64, width: i64) -> Value {
        json!({"x": x, "y": 20, "width": width, "height": 500})
    }

    #[test]
    fn a_maximised_window_keeps_the_size_it_comes_back_to() {
        let normal = placement_of(Some(at(10, 700)), false, false, None).unwrap();
        assert_eq!(
            normal,
            json!({"x": 10, "y": 20, "width": 700, "height": 500, "maximized": false, "fullscreen": false})
        );
        // Maximised, its geometry is the screen's: the stored size stays, the flag is set.
        let maximized = placement_of(Some(at(0, 1600)), true, false, Some(normal.clone())).unwrap();
        assert_eq!(
            maximized,
            json!({"x": 10, "y": 20, "width": 700, "height": 500, "maximized": true, "fullscreen": false})
        );
        let fullscreen = placement_of(Some(at(0, 1600)), false, true, Some(maximized)).unwrap();
        assert_eq!(fullscreen["fullscreen"], json!(true));
        assert_eq!(fullscreen["maximized"], json!(false));
        assert_eq!(fullscreen["width"], json!(700));
        // Maximised at the very first start: only the flag to keep.
        assert_eq!(placement_of(None, true, false, None), Some(json!({"maximized": true, "fullscreen": false})));
        assert_eq!(placement_of(None, false, false, None), None);
    }

    /// The placement goes through the store as it is, and comes back when Pastimes starts again.
    #[test]
    fn the_maximised_placement_survives_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let config = || Config { data_dir: dir.path().to_path_buf(), fixed_seed: None };
        let normal = placement_of(Some(at(10, 700)), false, false, None).unwrap();
        let maximized = placement_of(None, true, false, Some(normal)).unwrap();
        let state = AppState::open(config());
        save(&state, maximized.clone());
        drop(state);
        assert_eq!(AppState::open(config()).window_placement(), Some(maximized));
    }
}
