//! The memory every search the game runs at once shares (a solve, the
//! "still winnable" check, a hint, the stars' shortest solution, the
//! comparison under the search tree, the editor's verdict): their tables
//! together stay under one budget, so the game's peak is that budget plus
//! its own.

use crate::solve::SharedMemory;
use bevy::prelude::*;
use std::sync::Arc;

/// The memory the game's searches may hold together.
pub const SEARCH_MEMORY: usize = 1 << 30;

#[derive(Resource, Debug, Clone)]
pub struct SearchMemory(pub Arc<SharedMemory>);

impl Default for SearchMemory {
    fn default() -> Self {
        SearchMemory(SharedMemory::new(SEARCH_MEMORY))
    }
}

/// Runs a search (or anything that searches) on a task thread, then lets go
/// of what the solvers keep on that thread for the next search (up to tens
/// of MB a thread for Flood's big boards): the game searches now and then,
/// and its memory at rest is what it holds, not what its biggest search
/// once took.
pub fn then_let_go<T>(search: impl FnOnce() -> T) -> T {
    let out = search();
    crate::solve::let_go_thread_buffers();
    out
}
