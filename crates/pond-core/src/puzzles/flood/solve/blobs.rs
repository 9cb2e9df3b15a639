//! The board as a graph of blobs: maximal one-colour groups of orthogonally
//! joined cells, numbered in the order a walk from the flooded corner meets
//! them, with how many colours a set of colours holds.

use crate::rules::flood::{Flood, MAX_COLOURS};

/// The board's blobs: maximal one-colour groups of orthogonally joined cells.
#[derive(Debug, Clone)]
pub struct Blobs {
    pub colour: Vec<u8>,
    pub size: Vec<u32>,
    pub neighbours: Vec<Vec<u32>>,
    pub colours: u8,
}

impl Blobs {
    pub fn of(f: &Flood) -> Blobs {
        let (w, h) = (f.width as usize, f.height as usize);
        let n = w * h;
        let mut label = vec![u32::MAX; n];
        let mut colour = Vec::new();
        let mut size = Vec::new();
        let mut stack = Vec::new();
        for start in 0..n {
            if label[start] != u32::MAX {
                continue;
            }
            let id = colour.len() as u32;
            let c = f.cells[start];
            colour.push(c);
            size.push(0);
            label[start] = id;
            stack.push(start);
            while let Some(i) = stack.pop() {
                size[id as usize] += 1;
                let (x, y) = (i % w, i / w);
                for (ok, j) in [
                    (x > 0, i.wrapping_sub(1)),
                    (x + 1 < w, i + 1),
                    (y > 0, i.wrapping_sub(w)),
                    (y + 1 < h, i + w),
                ] {
                    if ok && label[j] == u32::MAX && f.cells[j] == c {
                        label[j] = id;
                        stack.push(j);
                    }
                }
            }
        }
        let mut neighbours = vec![Vec::new(); colour.len()];
        for i in 0..n {
            let (x, y) = (i % w, i / w);
            for (ok, j) in [(x + 1 < w, i + 1), (y + 1 < h, i + w)] {
                if ok && label[i] != label[j] {
                    neighbours[label[i] as usize].push(label[j]);
                    neighbours[label[j] as usize].push(label[i]);
                }
            }
        }
        for list in &mut neighbours {
            list.sort_unstable();
            list.dedup();
        }
        Blobs {
            colour,
            size,
            neighbours,
            colours: f.colours,
        }
    }

    pub fn len(&self) -> usize {
        self.colour.len()
    }

    /// The same blobs numbered in the order a breadth-first walk from blob
    /// 0 (the flooded corner) meets them: the region and the layers around
    /// it then fill runs of neighbouring bits, so a set of them spans few
    /// words.
    pub(crate) fn in_walk_order(&self) -> Blobs {
        let n = self.len();
        let mut order = Vec::with_capacity(n);
        let mut new_id = vec![u32::MAX; n];
        if n > 0 {
            order.push(0);
            new_id[0] = 0;
        }
        let mut head = 0;
        while head < order.len() {
            let b = order[head];
            head += 1;
            for &m in &self.neighbours[b] {
                if new_id[m as usize] == u32::MAX {
                    new_id[m as usize] = order.len() as u32;
                    order.push(m as usize);
                }
            }
        }
        // A board's blobs are all joined; any the walk missed keep their
        // place after the others.
        for (b, id) in new_id.iter_mut().enumerate() {
            if *id == u32::MAX {
                *id = order.len() as u32;
                order.push(b);
            }
        }
        Blobs {
            colour: order.iter().map(|&b| self.colour[b]).collect(),
            size: order.iter().map(|&b| self.size[b]).collect(),
            neighbours: order
                .iter()
                .map(|&b| {
                    let mut list: Vec<u32> = self.neighbours[b]
                        .iter()
                        .map(|&m| new_id[m as usize])
                        .collect();
                    list.sort_unstable();
                    list
                })
                .collect(),
            colours: self.colours,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.colour.is_empty()
    }
}

/// How many colours a set of colours (as bits) holds: a table, as the
/// build targets processors without a population count instruction.
pub(crate) fn colour_count(colours: u32) -> u8 {
    const COUNTS: [u8; 1 << MAX_COLOURS] = {
        let mut t = [0u8; 1 << MAX_COLOURS];
        let mut i = 1;
        while i < t.len() {
            t[i] = t[i >> 1] + (i & 1) as u8;
            i += 1;
        }
        t
    };
    COUNTS[colours as usize & ((1 << MAX_COLOURS) - 1)]
}
