//! A blank Tauri 2 window: the memory and start-up reference for Pastimes
//! (scripts/bench-install.sh). Its page makes one IPC call when it has loaded, which renames the
//! window, so the benchmark sees when a page of this webview can first talk to its backend.

#[tauri::command]
fn page_ready(window: tauri::WebviewWindow) -> Result<(), String> {
    window.set_title("BlankTauri ready").map_err(|error| error.to_string())
}

fn main() {
    tauri::Builder::default()
        .invoke_handler(tauri::generate_handler![page_ready])
        .run(tauri::generate_context!())
        .expect("the blank window runs");
}
