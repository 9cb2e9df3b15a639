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
