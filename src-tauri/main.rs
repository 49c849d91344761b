// No console window on Windows release builds; on Linux this is a no-op.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    // The release build reads a file whose parser may panic in a child process of itself, so a
    // panic ends that process only (records/guarded_read.rs).
    let mut args = std::env::args().skip(1);
    if args.next().as_deref() == Some(pastimes_lib::records::guarded_read::CHILD_ARG) {
        std::process::exit(pastimes_lib::records::guarded_read::child_main(args));
    }
    pastimes_lib::run();
}
