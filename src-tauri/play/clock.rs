//! The game clock: the backend's, never the page's. It reads a [`Time`] source, the system's
//! monotonic clock in the app and a hand-moved one in tests, so no test needs to sleep.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A monotonic time source: how long since it began.
pub trait TimeSource: Send + Sync {
    fn now(&self) -> Duration;
}

/// A shared time source.
pub type Time = Arc<dyn TimeSource>;

/// The system's monotonic clock.
pub struct SystemTime(Instant);

impl TimeSource for SystemTime {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

pub fn system_time() -> Time {
    Arc::new(SystemTime(Instant::now()))
}

/// A clock that moves only when told to: for tests.
#[derive(Default)]
pub struct ManualTime(AtomicU64);

impl ManualTime {
    pub fn advance(&self, by: Duration) {
        self.0.fetch_add(u64::try_from(by.as_millis()).unwrap_or(u64::MAX), Ordering::Relaxed);
    }
}

impl TimeSource for ManualTime {
    fn now(&self) -> Duration {
        Duration::from_millis(self.0.load(Ordering::Relaxed))
    }
}

/// Time played, counted while running.
#[derive(Clone)]
pub struct Clock {
    time: Time,
    banked: Duration,
    running_since: Option<Duration>,
}

impl Clock {
    pub fn new(time: Time) -> Clock {
        Clock { time, banked: Duration::ZERO, running_since: None }
    }

    /// A stopped clock showing `elapsed` (a resumed game).
    pub fn stopped_at(time: Time, elapsed: Duration) -> Clock {
        Clock { banked: elapsed, ..Clock::new(time) }
    }

    /// The time source this clock reads.
    pub fn time(&self) -> Time {
        Arc::clone(&self.time)
    }

    pub fn start(&mut self) {
        if self.running_since.is_none() {
            self.running_since = Some(self.time.now());
        }
    }

    pub fn stop(&mut self) {
        if let Some(since) = self.running_since.take() {
            self.banked += self.time.now().saturating_sub(since);
        }
    }

    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    pub fn elapsed(&self) -> Duration {
        self.banked + self.running_since.map_or(Duration::ZERO, |since| self.time.now().saturating_sub(since))
    }

    pub fn elapsed_ms(&self) -> u64 {
        u64::try_from(self.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manual() -> (Arc<ManualTime>, Time) {
        let time = Arc::new(ManualTime::default());
        (Arc::clone(&time), time)
    }

    #[test]
    fn counts_only_while_running() {
        let (hand, time) = manual();
        let mut clock = Clock::stopped_at(time, Duration::from_millis(1500));
        assert_eq!(clock.elapsed_ms(), 1500);
        assert!(!clock.is_running());
        clock.start();
        hand.advance(Duration::from_millis(20));
        assert_eq!(clock.elapsed_ms(), 1520);
        clock.stop();
        hand.advance(Duration::from_millis(20));
        assert_eq!(clock.elapsed_ms(), 1520, "a stopped clock does not move");
    }

    #[test]
    fn starting_twice_keeps_the_first_start() {
        let (hand, time) = manual();
        let mut clock = Clock::new(time);
        clock.start();
        hand.advance(Duration::from_millis(15));
        clock.start();
        hand.advance(Duration::from_millis(5));
        assert_eq!(clock.elapsed_ms(), 20);
    }

    #[test]
    fn the_system_clock_moves_forward() {
        let time = system_time();
        let first = time.now();
        assert!(time.now() >= first);
    }
}
