//! One Pastimes per database: a second launch on the same data folder hands its request (show
//! the window, open a game) to the running Pastimes and exits with status 0, so two windows never
//! overwrite each other's saved games. Pastimes started on another folder (tests, a second
//! profile) runs beside it.
//!
//! Two guards, so that it holds in any sandbox:
//! - **The data folder's lock** decides: an exclusive `flock` on `pastimes.lock` in the data
//!   folder, taken before the store is opened and held for the life of the process (the kernel
//!   lets it go however the process ends, a crash or `kill -9` included). A lock is on the file
//!   itself, so two processes in different network or mount namespaces (two Flatpak sandboxes)
//!   that share the data folder still see each other's.
//! - **A Unix socket** carries a later launch's request to the holder of the lock. It lives in
//!   the user's runtime directory, in the app's own folder: `$XDG_RUNTIME_DIR/org.pastimes.Pastimes/`,
//!   or inside Flatpak (`FLATPAK_ID` set) the app's directory `$XDG_RUNTIME_DIR/app/$FLATPAK_ID/`,
//!   which every instance of the app sees. Without `XDG_RUNTIME_DIR` it lives in the data folder
//!   itself (private to the user, and shared exactly by the processes that share the store). A
//!   path socket, unlike the abstract one used before, is reached from another network namespace.
//!
//! A launch that finds the lock taken but no one answering on the socket (another runtime
//! directory, a socket path too long to bind) does not open the store: it says so and exits.

use pastimes_games::GameKind;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::fs::DirBuilderExt;
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The app's identifier, as in tauri.conf.json.
const IDENTIFIER: &str = "org.pastimes.Pastimes";

/// The lock file in the data folder.
pub const LOCK_FILE: &str = "pastimes.lock";

/// How long a later launch waits for the holder of the lock to listen (it may be starting).
const PATIENCE: Duration = Duration::from_secs(3);

/// What a later launch asks of the running Pastimes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// Come to the front.
    Show,
    /// Come to the front and open this game.
    Open(GameKind),
}

impl Ask {
    /// The one line sent: `show` or `open <game id>`.
    fn line(self) -> String {
        match self {
            Ask::Show => "show".to_string(),
            Ask::Open(kind) => format!("open {}", kind.as_str()),
        }
    }

    /// A line heard, if it is one (an unknown game still asks to show: a newer Pastimes's).
    fn parse(line: &str) -> Option<Ask> {
        match line.split_once(' ') {
            None if line == "show" => Some(Ask::Show),
            Some(("open", id)) => Some(GameKind::parse(id).map_or(Ask::Show, Ask::Open)),
            _ => None,
        }
    }
}

/// Whether this process is the data folder's Pastimes.
pub enum Claim {
    /// The first: it holds the lock, and (if the socket could be bound) hears later launches.
    First(Instance),
    /// Another Pastimes runs on this folder and has been given the request.
    Second,
    /// Another process holds the folder's lock but cannot be reached: why, in one line.
    Refused(String),
}

/// The data folder's Pastimes: its lock and its listener.
pub struct Instance {
    pub lock: DataLock,
    /// The listener, or why the socket could not be bound (later launches are then refused).
    pub listener: Result<UnixListener, String>,
}

/// The data folder's lock, held while this value lives (keep it for the life of the process).
pub struct DataLock(#[allow(dead_code)] File);

/// Where the socket lives, from the environment (see the module's comment).
pub fn socket_path(runtime_dir: Option<&Path>, flatpak_id: Option<&str>, data_dir: &Path) -> PathBuf {
    let dir = match (runtime_dir, flatpak_id) {
        (Some(runtime), Some(app)) if !app.is_empty() => runtime.join("app").join(app),
        (Some(runtime), _) => runtime.join(IDENTIFIER),
        (None, _) => data_dir.to_path_buf(),
    };
    dir.join(format!("instance-{:016x}.socket", fnv1a(absolute(data_dir).as_os_str().as_encoded_bytes())))
}

/// [`socket_path`] from this process's environment (an empty variable counts as unset).
pub fn socket_path_here(data_dir: &Path) -> PathBuf {
    let runtime = std::env::var_os("XDG_RUNTIME_DIR").filter(|dir| !dir.is_empty()).map(PathBuf::from);
    let flatpak = std::env::var("FLATPAK_ID").ok();
    socket_path(runtime.as_deref(), flatpak.as_deref(), data_dir)
}

/// Claims the data folder for this process, or hands `ask` to the process that holds it.
pub fn claim(data_dir: &Path, socket: &Path, ask: Ask) -> io::Result<Claim> {
    fs::create_dir_all(data_dir)?;
    let lock_path = data_dir.join(LOCK_FILE);
    let lock = OpenOptions::new().read(true).write(true).create(true).truncate(false).open(&lock_path)?;
    match lock.try_lock() {
        Ok(()) => {
            Ok(Claim::First(Instance { lock: DataLock(lock), listener: listen(socket).map_err(|e| e.to_string()) }))
        }
        Err(TryLockError::WouldBlock) => Ok(match tell(socket, ask) {
            Ok(()) => Claim::Second,
            Err(error) => Claim::Refused(format!(
                "another Pastimes is using {} (it holds {}) but cannot be reached at {} ({error}): \
                 close it first, or give this one another --data-dir",
                data_dir.display(),
                lock_path.display(),
                socket.display()
            )),
        }),
        Err(TryLockError::Error(error)) => Err(error),
    }
}

/// Binds the socket, replacing one a crashed holder of the lock left behind.
fn listen(socket: &Path) -> io::Result<UnixListener> {
    if let Some(dir) = socket.parent() {
        fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
    }
    match fs::remove_file(socket) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => return Err(error),
        _ => {}
    }
    UnixListener::bind(socket)
}

/// Sends `ask` to the holder of the lock, waiting a little for it to listen.
fn tell(socket: &Path, ask: Ask) -> io::Result<()> {
    let deadline = Instant::now() + PATIENCE;
    let mut first = loop {
        match UnixStream::connect(socket) {
            Ok(stream) => break stream,
            Err(error) if Instant::now() >= deadline => return Err(error),
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    };
    first.set_write_timeout(Some(Duration::from_secs(2)))?;
    writeln!(first, "{}", ask.line())
}

/// Hears later launches on its own thread and calls `heard` with each request.
pub fn serve(listener: UnixListener, heard: impl Fn(Ask) + Send + 'static) {
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            if let Some(ask) = read_ask(stream) {
                heard(ask);
            }
        }
    });
}

/// What a connection asked (anything else, or nothing within a second, is ignored).
fn read_ask(stream: UnixStream) -> Option<Ask> {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(1)));
    let mut line = String::new();
    BufReader::new(stream.take(64)).read_line(&mut line).ok()?;
    Ask::parse(line.trim_end())
}

/// The folder as one name, whatever way it was written.
fn absolute(dir: &Path) -> PathBuf {
    fs::canonicalize(dir).or_else(|_| std::path::absolute(dir)).unwrap_or_else(|_| dir.to_path_buf())
}

/// FNV-1a, 64 bits: stable across Rust versions (unlike `DefaultHasher`), so two builds agree.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    fn gomoku() -> GameKind {
        GameKind::all().find(|kind| kind.as_str() == "gomoku").unwrap()
    }

    #[test]
    fn the_socket_lives_in_the_runtime_directory_the_flatpak_one_or_the_data_folder() {
        let data = Path::new("/home/ada/.local/share/org.pastimes.Pastimes");
        let runtime = Path::new("/run/user/1000");
        let plain = socket_path(Some(runtime), None, data);
        assert_eq!(plain.parent(), Some(Path::new("/run/user/1000/org.pastimes.Pastimes")));
        let sandboxed = socket_path(Some(runtime), Some("org.pastimes.Pastimes"), data);
        assert_eq!(sandboxed.parent(), Some(Path::new("/run/user/1000/app/org.pastimes.Pastimes")));
        assert_eq!(socket_path(Some(runtime), Some(""), data), plain, "an empty FLATPAK_ID is none");
        assert_eq!(socket_path(None, None, data).parent(), Some(data));
        assert_eq!(plain.file_name(), sandboxed.file_name(), "one name per data folder");
        assert_ne!(plain, socket_path(Some(runtime), None, Path::new("/tmp/other")));
        assert!(plain.as_os_str().len() < 108, "fits a socket address: {plain:?}");
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c, "FNV-1a's published value");
    }

    #[test]
    fn the_second_claim_hands_its_request_to_the_first() {
        let (folder, runtime) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let socket = socket_path(Some(runtime.path()), None, folder.path());
        let Claim::First(first) = claim(folder.path(), &socket, Ask::Show).unwrap() else { panic!("the first claim") };
        let (asked, heard) = mpsc::channel();
        serve(first.listener.unwrap(), move |ask| asked.send(ask).unwrap());
        assert!(matches!(claim(folder.path(), &socket, Ask::Open(gomoku())).unwrap(), Claim::Second));
        assert_eq!(heard.recv_timeout(Duration::from_secs(10)), Ok(Ask::Open(gomoku())));
        assert!(matches!(claim(folder.path(), &socket, Ask::Show).unwrap(), Claim::Second));
        assert_eq!(heard.recv_timeout(Duration::from_secs(10)), Ok(Ask::Show));
        let other = tempfile::tempdir().unwrap();
        let beside = socket_path(Some(runtime.path()), None, other.path());
        assert!(matches!(claim(other.path(), &beside, Ask::Show).unwrap(), Claim::First(_)), "another folder");
    }

    /// Another runtime directory (another sandbox, a session with another XDG_RUNTIME_DIR) does
    /// not reach the first's socket: the data folder's lock still refuses a second writer.
    #[test]
    fn the_data_lock_refuses_a_second_writer_it_cannot_reach() {
        let folder = tempfile::tempdir().unwrap();
        let (one, two) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let first = claim(folder.path(), &socket_path(Some(one.path()), None, folder.path()), Ask::Show).unwrap();
        assert!(matches!(first, Claim::First(_)));
        let second = claim(folder.path(), &socket_path(Some(two.path()), None, folder.path()), Ask::Show).unwrap();
        let Claim::Refused(why) = second else { panic!("the second writer is refused") };
        assert!(why.starts_with("another Pastimes is using ") && why.contains(LOCK_FILE), "{why}");
        assert!(!why.contains('\n'), "one line: {why}");
        let entries: Vec<_> = fs::read_dir(folder.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(entries, [LOCK_FILE], "nothing but the lock in the data folder");
    }

    #[test]
    fn the_lock_and_the_socket_are_freed_with_the_first() {
        let (folder, runtime) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let socket = socket_path(Some(runtime.path()), None, folder.path());
        let first = claim(folder.path(), &socket, Ask::Show).unwrap();
        assert!(matches!(first, Claim::First(_)));
        drop(first);
        assert!(socket.exists(), "a socket file left behind, as by a crash");
        let again = claim(folder.path(), &socket, Ask::Show).unwrap();
        let Claim::First(again) = again else { panic!("nothing stale stops the next one") };
        assert!(again.listener.is_ok(), "the stale socket is replaced");
    }

    #[test]
    fn only_a_known_request_is_heard() {
        let heard = |text: &str| {
            let (mut ours, theirs) = UnixStream::pair().unwrap();
            writeln!(ours, "{text}").unwrap();
            read_ask(theirs)
        };
        assert_eq!(heard(&"x".repeat(10_000)), None);
        assert_eq!(heard("show"), Some(Ask::Show));
        assert_eq!(heard("open gomoku"), Some(Ask::Open(gomoku())));
        assert_eq!(heard("open chess"), Some(Ask::Show), "a game this build does not know still shows");
        assert_eq!(heard("hello"), None);
        for kind in GameKind::all() {
            assert_eq!(Ask::parse(&Ask::Open(kind).line()), Some(Ask::Open(kind)));
        }
    }
}
