//! Work that must not freeze the window (solving, studies, a player's
//! thinking) runs on a thread of its own; the app polls for the answer
//! once a frame and never waits for it.

use std::sync::mpsc::{self, Receiver, TryRecvError};

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
}
