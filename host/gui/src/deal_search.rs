//! "Winnable deals only": the next deal number the solver proves winnable,
//! searched on a background thread so the window never waits; the game on
//! the table stays playable until the deal is found.

use crate::background::{Job, Poll};
use patience_compare::winnable::{self, Found};
use patience_runtime::{LoadedPlugin, RuleSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

#[derive(Default)]
pub struct DealSearch {
    pub running: Option<Searching>,
}

/// A search on its way, and what it is for.
pub struct Searching {
    pub rule_set: RuleSet,
    /// The menu choice the game will count as.
    pub key: Option<String>,
    pub from: u64,
    /// The deal being solved now.
    current: Arc<AtomicU64>,
    cancel: Arc<AtomicBool>,
    job: Job<anyhow::Result<Found>>,
}

/// How a search ended.
#[derive(Debug)]
pub enum SearchEnd {
    Found { rule_set: RuleSet, key: Option<String>, number: u64 },
    /// Nothing to deal, and why.
    Said(String),
}

impl DealSearch {
    /// Looks for a winnable deal of `rule_set` from deal `from` on.
    pub fn start(&mut self, plugin: Arc<LoadedPlugin>, rule_set: RuleSet, key: Option<String>, from: u64) {
        self.cancel();
        let current = Arc::new(AtomicU64::new(from));
        let cancel = Arc::new(AtomicBool::new(false));
        let (now, stop, options) = (Arc::clone(&current), Arc::clone(&cancel), rule_set.options.clone());
        let job = Job::spawn("winnable deal", move || {
            winnable::next_winnable(&plugin, &options, from, winnable::MAX_TRIES, &stop, &|deal| now.store(deal, Ordering::Relaxed))
        });
        self.running = Some(Searching { rule_set, key, from, current, cancel, job });
    }

    /// Stops looking (the thread stops before its next deal).
    pub fn cancel(&mut self) {
        if let Some(running) = self.running.take() {
            running.cancel.store(true, Ordering::Relaxed);
        }
    }

    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// `Looking for a winnable deal: solving deal 1234 (5 tried so far)…`
    pub fn describe(&self) -> Option<String> {
        let running = self.running.as_ref()?;
        let deal = running.current.load(Ordering::Relaxed);
        let tried = deal.saturating_sub(running.from);
        Some(format!("Looking for a winnable deal of {}: solving deal {deal} ({tried} tried so far)…", running.rule_set.name))
    }

    /// How the search ended, once it has.
    pub fn poll(&mut self) -> Option<SearchEnd> {
        let running = self.running.as_ref()?;
        let result = match running.job.poll() {
            Poll::Pending => return None,
            Poll::Ready(result) => result,
            Poll::Lost => Err(anyhow::anyhow!("the search's thread died")),
        };
        let running = self.running.take().expect("checked above");
        Some(match result {
            Ok(Found::Deal { number, .. }) => SearchEnd::Found { rule_set: running.rule_set, key: running.key, number },
            Ok(Found::Nothing { tried }) => SearchEnd::Said(format!(
                "None of {tried} deals from {} on is proven winnable under {}: turn off “Winnable deals only” to play it.",
                running.from, running.rule_set.name
            )),
            Ok(Found::Cancelled) => SearchEnd::Said("The search for a winnable deal was cancelled.".to_string()),
            Err(error) => SearchEnd::Said(format!("The search for a winnable deal failed: {error:#}")),
        })
    }
}
