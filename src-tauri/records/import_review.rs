//! The review of the game imported last (id 0, never stored): worked out on the worker the first
//! time it is asked for, as a finished game's review is after it ends, and kept until the next
//! import, which stops the work on the last one.

use crate::error::AppResult;
use crate::records::replay;
use crate::records::review::{self, Review};
use crate::store::FullRecord;
use serde_json::Value;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// Runs a slow job away from the caller (the state's worker).
pub type Run<'a> = &'a dyn Fn(Box<dyn FnOnce() + Send>);

#[derive(Default)]
pub struct ImportReview(Arc<Mutex<Found>>);

#[derive(Default)]
struct Found {
    /// Counts the imports, so that the answer for an older one is dropped.
    import: u64,
    analysis: Option<Value>,
    /// Set while the engine works; setting the flag stops it.
    running: Option<Arc<AtomicBool>>,
}

impl ImportReview {
    /// A new import: the last one's review is dropped and the work on it stopped.
    pub fn forget(&self) {
        let mut found = self.lock();
        found.import += 1;
        found.analysis = None;
        if let Some(cancel) = found.running.take() {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    /// The review of the import `full`, the engine's analysis once done; the first question
    /// starts it on `run`. A game without a review screen is refused (`not_offered`).
    pub fn review(&self, full: &FullRecord, run: Run) -> AppResult<Review> {
        let mut found = self.lock();
        let shown = review::review(full.stored.clone(), found.analysis.clone(), true)?;
        if shown.analysis.is_none() && found.running.is_none() {
            self.start(&mut found, full, run);
        }
        Ok(Review { analysing: found.running.is_some() && shown.analysis.is_none(), ..shown })
    }

    fn start(&self, found: &mut Found, full: &FullRecord, run: Run) {
        let Ok(dealt) = replay::deal(&full.stored) else { return };
        let cancel = Arc::new(AtomicBool::new(false));
        found.running = Some(Arc::clone(&cancel));
        let (import, shared) = (found.import, Arc::clone(&self.0));
        run(Box::new(move || {
            let analysis = dealt.game.analyse(dealt.seed, &dealt.record.moves, &cancel);
            let mut found = shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if found.import == import && !cancel.load(Ordering::Relaxed) {
                found.running = None;
                found.analysis = analysis;
            }
        }));
    }

    fn lock(&self) -> MutexGuard<'_, Found> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
