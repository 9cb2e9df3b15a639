//! A solver on Bevy's async compute pool: it runs the core's solver and
//! streams its events through a bounded channel, so a search being watched
//! waits for the board instead of running ahead. Dropping the job cancels it.

use crate::rules::{Puzzle, PuzzleMove};
use crate::solve::{self, Budget, SolverEvent};
use bevy::tasks::{AsyncComputeTaskPool, Task, TaskPool};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};

/// Events a solver may run ahead of the board before it waits for it: a
/// frame's worth at "instant", where the board takes them all each frame.
const CHANNEL: usize = 4096;

/// A solver running on the async compute pool. Its events arrive through a
/// bounded channel, so a search being watched waits for the board instead of
/// running ahead. Dropping the job cancels the search.
pub struct SolverJob {
    // Behind a lock only so the job can live in a resource; one system reads it.
    events: Mutex<Receiver<SolverEvent<PuzzleMove>>>,
    cancel: Arc<AtomicBool>,
    running: Arc<AtomicBool>,
    _task: Task<()>,
}

impl SolverJob {
    pub fn start(puzzle: Puzzle, budget: Budget, trace: bool) -> SolverJob {
        SolverJob::start_as(puzzle, budget, trace, false)
    }

    /// A solver job, or with `plain` the plain search of the first programs.
    pub fn start_as(puzzle: Puzzle, budget: Budget, trace: bool, plain: bool) -> SolverJob {
        let (send, events) = sync_channel(CHANNEL);
        let cancel = Arc::new(AtomicBool::new(false));
        let running = Arc::new(AtomicBool::new(true));
        let budget = Budget {
            cancel: Some(cancel.clone()),
            ..budget
        };
        let (flag, stop) = (running.clone(), cancel.clone());
        let pool = AsyncComputeTaskPool::get_or_init(TaskPool::new);
        let task = pool.spawn(async move {
            let mut sink = |e: &SolverEvent<PuzzleMove>| {
                let sent = match e {
                    // Progress may be dropped when the board is behind.
                    SolverEvent::Progress { .. } => match send.try_send(e.clone()) {
                        Err(TrySendError::Disconnected(_)) => Err(()),
                        _ => Ok(()),
                    },
                    _ => send.send(e.clone()).map_err(|_| ()),
                };
                if sent.is_err() {
                    // Nobody watches any more: stop at the next check.
                    stop.store(true, Ordering::Relaxed);
                }
            };
            crate::game::memory::then_let_go(|| {
                if plain {
                    solve::plain::solve_plain(&puzzle, budget, Some(&mut sink), trace);
                } else {
                    solve::solve(&puzzle, budget, Some(&mut sink), trace);
                }
            });
            flag.store(false, Ordering::Release);
        });
        SolverJob {
            events: Mutex::new(events),
            cancel,
            running,
            _task: task,
        }
    }

    /// The next event, if one has arrived.
    pub fn next_event(&self) -> Option<SolverEvent<PuzzleMove>> {
        let events = self.events.lock().ok()?;
        events.try_recv().ok()
    }

    /// A flag that stays true while the solver runs.
    pub fn running(&self) -> Arc<AtomicBool> {
        self.running.clone()
    }
}

impl Drop for SolverJob {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
