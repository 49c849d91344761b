//! A blank Tauri 2 window: the memory reference for Pastimes (scripts/bench-install.sh).
fn main() {
    tauri::Builder::default().run(tauri::generate_context!()).expect("the blank window runs");
}
