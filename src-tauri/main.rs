// No console window on Windows release builds; on Linux this is a no-op.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    pastimes_lib::run();
}
