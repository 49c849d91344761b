// No console window on Windows release builds; on Linux this is a no-op.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    // The release build reads a Minesweeper video in a child process of itself, so a panic in
    // the parser ends that process only (records/video.rs).
    let mut args = std::env::args().skip(1);
    if args.next().as_deref() == Some(pastimes_lib::records::video::CHILD_ARG) {
        std::process::exit(pastimes_lib::records::video::child_main(&args.next().unwrap_or_default()));
    }
    pastimes_lib::run();
}
