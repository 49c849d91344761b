//! One Pastimes per database: a second launch on the same data folder brings the running window
//! to the front and exits with status 0, so two windows never overwrite each other's saved
//! games. Pastimes started on another folder (tests, a second profile) runs beside it.
//!
//! The first instance binds a Unix socket in Linux's abstract namespace, named after the user
//! and the data folder. Binding is atomic and the kernel frees the name when the process ends,
//! however it ends (a crash or `kill -9` leaves nothing stale behind), so the name is the lock.
//! A second instance finds the name taken, says "show" to it and exits. This replaces
//! tauri-plugin-single-instance, whose D-Bus connection cost start-up time and whose zbus stack
//! was a fifth of the binary.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::linux::net::SocketAddrExt;
use std::os::unix::fs::MetadataExt;
use std::os::unix::net::{SocketAddr, UnixListener, UnixStream};
use std::path::Path;
use std::time::Duration;

/// The app's identifier, as in tauri.conf.json.
const IDENTIFIER: &str = "org.pastimes.Pastimes";

/// What a second instance sends.
const SHOW: &str = "show";

/// Whether this process is the data folder's Pastimes.
pub enum Claim {
    /// The first: the listener hears later launches (see [`serve`]).
    First(UnixListener),
    /// Another Pastimes runs on this folder and has been told to show itself.
    Second,
}

/// Claims the data folder for this process, or hands over to the one that holds it.
pub fn claim(data_dir: &Path) -> io::Result<Claim> {
    let name = socket_name(data_dir, user_id());
    let address = SocketAddr::from_abstract_name(name.as_bytes())?;
    match UnixListener::bind_addr(&address) {
        Ok(listener) => Ok(Claim::First(listener)),
        Err(error) if error.kind() == io::ErrorKind::AddrInUse => {
            let mut first = UnixStream::connect_addr(&address)?;
            first.set_write_timeout(Some(Duration::from_secs(2)))?;
            writeln!(first, "{SHOW}")?;
            Ok(Claim::Second)
        }
        Err(error) => Err(error),
    }
}

/// Hears later launches on its own thread and calls `show` for each.
pub fn serve(listener: UnixListener, show: impl Fn() + Send + 'static) {
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            if asks_to_show(stream) {
                show();
            }
        }
    });
}

/// Whether a connection said "show" (anything else, or nothing within a second, is ignored).
fn asks_to_show(stream: UnixStream) -> bool {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(1)));
    let mut line = String::new();
    BufReader::new(stream.take(64)).read_line(&mut line).is_ok() && line.trim_end() == SHOW
}

/// The name for a user and a data folder: the identifier, the user and a hash of the folder's
/// absolute path (a path may be longer than a socket name allows).
fn socket_name(data_dir: &Path, uid: u32) -> String {
    let absolute = std::fs::canonicalize(data_dir)
        .or_else(|_| std::path::absolute(data_dir))
        .unwrap_or_else(|_| data_dir.to_path_buf());
    format!("{IDENTIFIER}.{uid}.{:016x}", fnv1a(absolute.as_os_str().as_encoded_bytes()))
}

/// This process's user: abstract names are shared by every user of the machine.
fn user_id() -> u32 {
    std::fs::metadata("/proc/self").map(|meta| meta.uid()).unwrap_or(0)
}

/// FNV-1a, 64 bits: stable across Rust versions (unlike `DefaultHasher`), so two builds agree.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn one_folder_and_user_one_name() {
        let a = socket_name(Path::new("/home/ada/.local/share/org.pastimes.Pastimes"), 1000);
        assert_eq!(a, socket_name(Path::new("/home/ada/.local/share/org.pastimes.Pastimes"), 1000));
        assert_ne!(a, socket_name(Path::new("/tmp/other"), 1000));
        assert_ne!(a, socket_name(Path::new("/home/ada/.local/share/org.pastimes.Pastimes"), 1001));
        assert!(a.len() < 100, "fits a socket name whatever the path: {a}");
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c, "FNV-1a's published value");
    }

    #[test]
    fn the_second_claim_tells_the_first() {
        let folder = tempfile::tempdir().unwrap();
        let Claim::First(listener) = claim(folder.path()).unwrap() else { panic!("the first claim") };
        let (shown, heard) = mpsc::channel();
        serve(listener, move || shown.send(()).unwrap());
        assert!(matches!(claim(folder.path()).unwrap(), Claim::Second));
        heard.recv_timeout(Duration::from_secs(10)).expect("the first instance is told to show itself");
        let other = tempfile::tempdir().unwrap();
        assert!(matches!(claim(other.path()).unwrap(), Claim::First(_)), "another folder runs beside it");
    }

    #[test]
    fn the_name_is_freed_with_the_first() {
        let folder = tempfile::tempdir().unwrap();
        let first = claim(folder.path()).unwrap();
        assert!(matches!(first, Claim::First(_)));
        drop(first);
        assert!(matches!(claim(folder.path()).unwrap(), Claim::First(_)), "nothing stale is left");
    }

    #[test]
    fn anything_but_show_is_ignored() {
        let (mut ours, theirs) = UnixStream::pair().unwrap();
        writeln!(ours, "{}", "x".repeat(10_000)).unwrap();
        assert!(!asks_to_show(theirs));
        let (mut ours, theirs) = UnixStream::pair().unwrap();
        writeln!(ours, "{SHOW}").unwrap();
        assert!(asks_to_show(theirs));
    }
}
