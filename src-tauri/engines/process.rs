//! A brain's process: started in its own folder with nothing but its three pipes, its output
//! read on a thread of its own in bounded lines, killed (with anything it started) when its
//! handle is dropped, and on Linux killed by the kernel if Pastimes dies first.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::time::Instant;

/// The longest line a brain may write: a `MESSAGE` with a long principal variation fits many
/// times over; 10 MB without a line end never does.
pub const MAX_LINE: usize = 64 * 1024;
/// Lines the reader keeps ahead of the host; a brain that writes more waits on its pipe.
const QUEUE: usize = 256;

/// What the reader thread hands over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    /// One line, without its line end (invalid UTF-8 replaced).
    Line(String),
    /// A line longer than [`MAX_LINE`]: the reader stopped reading.
    TooLong,
    /// The brain closed its output (it exited, or is about to).
    Closed,
}

/// What waiting for a line gave instead of one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Silence {
    /// The deadline passed.
    Deadline,
    /// The reader is gone (after [`Output::Closed`] or [`Output::TooLong`]).
    Gone,
}

/// A running brain. Dropping it kills the brain's process group and reaps the process.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Output>,
}

impl Process {
    /// Starts `program` with its folder as the working directory (as Piskvork runs brains: a
    /// brain finds its own files there), its environment as Pastimes' own and no arguments.
    pub fn start(program: &Path) -> std::io::Result<Process> {
        let mut command = Command::new(program);
        if let Some(folder) = program.parent().filter(|folder| !folder.as_os_str().is_empty()) {
            command.current_dir(folder);
        }
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        dies_with_us(&mut command);
        let mut child = command.spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().ok_or_else(|| std::io::Error::other("no standard output"))?;
        let stderr = child.stderr.take().ok_or_else(|| std::io::Error::other("no standard error"))?;
        let (send, lines) = sync_channel(QUEUE);
        std::thread::Builder::new().name("brain-out".into()).spawn(move || read_lines(stdout, &send))?;
        std::thread::Builder::new().name("brain-err".into()).spawn(move || drain(stderr))?;
        Ok(Process { child, stdin, lines })
    }

    /// The process id (for tests that check nothing is left behind).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Sends one line; `false` when the brain no longer reads (it has gone).
    pub fn send(&mut self, line: &str) -> bool {
        let Some(stdin) = self.stdin.as_mut() else { return false };
        writeln!(stdin, "{line}").and_then(|()| stdin.flush()).is_ok()
    }

    /// The next line, waiting until `deadline` at most.
    pub fn line(&self, deadline: Instant) -> Result<Output, Silence> {
        let wait = deadline.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(wait).map_err(|error| match error {
            RecvTimeoutError::Timeout => Silence::Deadline,
            RecvTimeoutError::Disconnected => Silence::Gone,
        })
    }

    /// Whether the process has exited.
    pub fn exited(&mut self) -> bool {
        !matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        // Closing its input asks a well-behaved brain to end; the kill makes sure.
        self.stdin = None;
        kill_group(&mut self.child);
        let _ = self.child.wait();
    }
}

/// Reads lines of at most [`MAX_LINE`] bytes and hands them over until the output closes or a
/// line is too long.
fn read_lines(stdout: impl Read, send: &std::sync::mpsc::SyncSender<Output>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut line = Vec::new();
        // One byte past the limit tells a line of exactly MAX_LINE from a longer one.
        let read = (&mut reader).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut line);
        let output = match read {
            Ok(0) | Err(_) => Output::Closed,
            Ok(_) if line.last() != Some(&b'\n') && line.len() > MAX_LINE => Output::TooLong,
            Ok(_) => {
                while matches!(line.last(), Some(b'\n' | b'\r')) {
                    line.pop();
                }
                Output::Line(String::from_utf8_lossy(&line).into_owned())
            }
        };
        let last = !matches!(output, Output::Line(_));
        if send.send(output).is_err() || last {
            return;
        }
    }
}

/// Reads and forgets the brain's standard error: nothing of it is kept, so nothing of it can
/// grow, and a brain that writes there never blocks on a full pipe.
fn drain(mut stderr: impl Read) {
    let mut buffer = [0_u8; 8192];
    while matches!(stderr.read(&mut buffer), Ok(n) if n > 0) {}
}

/// The brain gets a process group of its own (so that whatever it starts is killed with it)
/// and, on Linux, the parent-death signal: if Pastimes dies, even by SIGKILL, the kernel
/// kills the brain. The signal follows the thread that started the brain, so the host keeps
/// that thread alive as long as the brain ([`super::brain`]).
#[cfg(unix)]
fn dies_with_us(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    let parent = std::process::id();
    // SAFETY: between fork and exec only async-signal-safe calls are made (setpgid, prctl,
    // getppid, _exit), and nothing is allocated.
    unsafe {
        command.pre_exec(move || {
            libc::setpgid(0, 0);
            #[cfg(target_os = "linux")]
            {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
                // Pastimes died before the signal was armed: go at once.
                if libc::getppid() as u32 != parent {
                    libc::_exit(1);
                }
            }
            let _ = parent;
            Ok(())
        });
    }
}

#[cfg(not(unix))]
fn dies_with_us(_command: &mut Command) {}

#[cfg(unix)]
fn kill_group(child: &mut Child) {
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: a plain system call on the brain's own process group.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
    let _ = child.kill();
}

#[cfg(not(unix))]
fn kill_group(child: &mut Child) {
    let _ = child.kill();
}
