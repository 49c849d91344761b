//! The game clock: the backend's, never the page's.

use std::time::{Duration, Instant};

/// Time played, counted with a monotonic clock while running.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    banked: Duration,
    running_since: Option<Instant>,
}

impl Clock {
    /// A stopped clock showing `elapsed` (a resumed game).
    pub fn stopped_at(elapsed: Duration) -> Clock {
        Clock { banked: elapsed, running_since: None }
    }

    pub fn start(&mut self) {
        if self.running_since.is_none() {
            self.running_since = Some(Instant::now());
        }
    }

    pub fn stop(&mut self) {
        if let Some(since) = self.running_since.take() {
            self.banked += since.elapsed();
        }
    }

    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    pub fn elapsed(&self) -> Duration {
        self.banked + self.running_since.map_or(Duration::ZERO, |since| since.elapsed())
    }

    pub fn elapsed_ms(&self) -> u64 {
        u64::try_from(self.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_only_while_running() {
        let mut clock = Clock::stopped_at(Duration::from_millis(1500));
        assert_eq!(clock.elapsed_ms(), 1500);
        assert!(!clock.is_running());
        clock.start();
        std::thread::sleep(Duration::from_millis(20));
        clock.stop();
        let stopped = clock.elapsed();
        assert!(stopped >= Duration::from_millis(1520));
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(clock.elapsed(), stopped, "a stopped clock does not move");
    }

    #[test]
    fn starting_twice_keeps_the_first_start() {
        let mut clock = Clock::default();
        clock.start();
        std::thread::sleep(Duration::from_millis(15));
        clock.start();
        assert!(clock.elapsed() >= Duration::from_millis(15));
    }
}
