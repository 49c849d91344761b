//! Writes the newest of a burst of values once the burst is over: a window dragged across the
//! screen sends hundreds of Moved events, and its placement is worth saving once, where it stops.

use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::time::Duration;

/// Starts a thread that hands `write` the last value sent, once none came for `quiet`, and the
/// last one pending when every sender is gone.
pub fn settled<T: Send + 'static>(quiet: Duration, mut write: impl FnMut(T) + Send + 'static) -> Sender<T> {
    let (sender, receiver) = channel::<T>();
    std::thread::spawn(move || {
        let mut pending: Option<T> = None;
        loop {
            let next = match pending {
                // Nothing to write: sleep until something comes.
                None => receiver.recv().map_err(|_| RecvTimeoutError::Disconnected),
                Some(_) => receiver.recv_timeout(quiet),
            };
            match next {
                Ok(value) => pending = Some(value),
                Err(quiet_or_gone) => {
                    if let Some(value) = pending.take() {
                        write(value);
                    }
                    if quiet_or_gone == RecvTimeoutError::Disconnected {
                        return;
                    }
                }
            }
        }
    });
    sender
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    #[test]
    fn a_burst_is_written_once_with_its_last_value() {
        let (written, seen) = channel();
        // A long quiet time: the values are written only because the senders go away.
        let sender = settled(Duration::from_secs(3600), move |value: u32| written.send(value).unwrap());
        for value in 1..=50 {
            sender.send(value).unwrap();
        }
        drop(sender);
        assert_eq!(seen.recv().unwrap(), 50);
        assert!(seen.recv().is_err(), "nothing else was written");
    }

    #[test]
    fn a_quiet_burst_is_written_without_waiting_for_the_end() {
        let (written, seen) = channel();
        let sender = settled(Duration::ZERO, move |value: u32| written.send(value).unwrap());
        sender.send(7).unwrap();
        assert_eq!(seen.recv().unwrap(), 7, "written once quiet, while the sender lives");
        drop(sender);
    }
}
