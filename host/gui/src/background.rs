//! Work that must not freeze the window (solving, studies, a player's
//! thinking) runs on a thread of its own; the app polls for the answer
//! once a frame and never waits for it.

use egui::{Button, ProgressBar, Ui};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;

/// One piece of work running on its own thread.
pub struct Job<T> {
    receiver: Receiver<T>,
}

/// What polling a [`Job`] found.
#[derive(Debug, PartialEq)]
pub enum Poll<T> {
    Ready(T),
    Pending,
    /// The thread died without answering (it panicked).
    Lost,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on a new thread named `name`. A job that is dropped
    /// before it answers runs to its end unobserved: the solver cannot be
    /// interrupted, but its budget bounds it.
    pub fn spawn(name: &str, work: impl FnOnce() -> T + Send + 'static) -> Job<T> {
        let (sender, receiver) = mpsc::channel();
        let spawned = std::thread::Builder::new().name(name.to_string()).spawn(move || {
            // The receiver may be gone (a stale hint): nobody wants the answer.
            let _ = sender.send(work());
        });
        if let Err(error) = spawned {
            // No thread, no answer: the job reads as lost, and the caller says so.
            eprintln!("could not start a background thread for {name}: {error}");
        }
        Job { receiver }
    }

    /// The answer, if it has come.
    pub fn poll(&self) -> Poll<T> {
        match self.receiver.try_recv() {
            Ok(value) => Poll::Ready(value),
            Err(TryRecvError::Empty) => Poll::Pending,
            Err(TryRecvError::Disconnected) => Poll::Lost,
        }
    }
}

/// A [`Job`] made of many tasks (a study's deals, a measurement's games)
/// that counts the ones finished and stops when asked: what the app shows
/// as a progress bar with a Cancel button.
pub struct CountedJob<T> {
    what: String,
    done: Arc<AtomicU64>,
    total: u64,
    cancel: Arc<AtomicBool>,
    job: Job<anyhow::Result<T>>,
}

impl<T: Send + 'static> CountedJob<T> {
    /// Starts `work` on a thread of its own. It is handed what to call
    /// once per finished task (the progress callback a study or an
    /// exploration takes), and the flag that asks it to stop. `what` names
    /// the work in the error of a thread that died.
    pub fn spawn(
        what: &str,
        total: u64,
        work: impl FnOnce(&(dyn Fn() + Sync), &AtomicBool) -> anyhow::Result<T> + Send + 'static,
    ) -> CountedJob<T> {
        let done = Arc::new(AtomicU64::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (counter, stop) = (Arc::clone(&done), Arc::clone(&cancel));
        let job = Job::spawn(what, move || work(&|| _ = counter.fetch_add(1, Ordering::Relaxed), &stop));
        CountedJob { what: what.to_string(), done, total, cancel, job }
    }

    /// (finished, all) tasks. The work may count past its estimate; the
    /// bar never does.
    pub fn progress(&self) -> (u64, u64) {
        (self.done.load(Ordering::Relaxed).min(self.total), self.total)
    }

    /// Asks the work to stop; it returns an error once it has.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// What to tell the user of work that ended in `error`: how far it got
    /// if it was cancelled, or why it failed.
    pub fn ended_without_result(&self, error: &anyhow::Error) -> String {
        if self.is_cancelled() {
            let (done, total) = self.progress();
            format!("Cancelled after {done} of {total} deals; nothing was kept.")
        } else {
            format!("The {} failed: {error:#}", self.what)
        }
    }

    /// The work's result once it has come; `None` while it runs.
    pub fn poll(&self) -> Option<anyhow::Result<T>> {
        match self.job.poll() {
            Poll::Pending => None,
            Poll::Ready(result) => Some(result),
            Poll::Lost => Some(Err(anyhow::anyhow!("the {} thread died", self.what))),
        }
    }
}

/// Threads for work beside the window: every core but one, and at least one.
pub fn threads_beside_the_window() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.saturating_sub(1).max(1)
}

/// A counted job's bar (`120 / 400 deals`, `cancelling… 120 / 400`) and
/// its Cancel button. True when Cancel was clicked.
pub fn progress_ui<T: Send + 'static>(ui: &mut Ui, job: &CountedJob<T>) -> bool {
    let (done, total) = job.progress();
    let fraction = if total == 0 { 1.0 } else { done as f32 / total as f32 };
    let mut cancel = false;
    ui.horizontal(|ui| {
        let text = if job.is_cancelled() { format!("cancelling… {done} / {total}") } else { format!("{done} / {total} deals") };
        // Not animated: an animated bar repaints every frame on its own; the
        // app repaints a few times a second while the work runs anyway.
        ui.add(ProgressBar::new(fraction).text(text).desired_width(ui.available_width() - 90.0));
        cancel = ui.add_enabled(!job.is_cancelled(), Button::new("Cancel")).clicked();
    });
    cancel
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_answers_once_and_a_panicking_one_is_lost() {
        let job = Job::spawn("answer", || 42);
        let mut answer = Poll::Pending;
        // Bounded: the thread answers long before this many polls.
        for _ in 0..1_000 {
            answer = job.poll();
            if answer != Poll::Pending {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(answer, Poll::Ready(42));
        let lost: Job<u32> = Job::spawn("panics", || panic!("on purpose"));
        let mut seen = Poll::Pending;
        for _ in 0..1_000 {
            seen = lost.poll();
            if seen != Poll::Pending {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(seen, Poll::Lost);
    }

    /// Polls until the job answers (bounded: it answers long before).
    fn answer<T: Send + 'static>(job: &CountedJob<T>) -> anyhow::Result<T> {
        for _ in 0..1_000 {
            if let Some(result) = job.poll() {
                return result;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        panic!("the job never answered");
    }

    #[test]
    fn a_counted_job_reports_its_progress_stops_when_asked_and_names_a_lost_thread() {
        let counted = CountedJob::spawn("count", 3, |count_one, _| {
            (0..5).for_each(|_| count_one());
            Ok(7)
        });
        assert_eq!(answer(&counted).unwrap(), 7);
        assert_eq!(counted.progress(), (3, 3), "the bar stops at the estimate");

        let stoppable: CountedJob<()> = CountedJob::spawn("wait", 10, |count_one, stop| {
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            count_one();
            anyhow::bail!("stopped")
        });
        assert!(stoppable.poll().is_none() && !stoppable.is_cancelled());
        stoppable.cancel();
        assert!(stoppable.is_cancelled());
        let stopped = answer(&stoppable).unwrap_err();
        assert_eq!(stoppable.progress(), (1, 10));
        assert_eq!(stoppable.ended_without_result(&stopped), "Cancelled after 1 of 10 deals; nothing was kept.");

        let lost: CountedJob<()> = CountedJob::spawn("study", 1, |_, _| panic!("on purpose"));
        let died = answer(&lost).unwrap_err();
        assert_eq!(lost.ended_without_result(&died), "The study failed: the study thread died");
    }
}
