//! The look-ahead's estimate against a walk of the board: exact for two
//! moves, never low for three.

use super::*;

/// The region after a line of moves from `a`'s (as a flag a blob), and
/// the blobs the line took.
fn take_line(a: &Ahead<'_>, line: &[u8]) -> (Vec<bool>, Vec<usize>) {
    let n = a.blobs.len();
    let mut region = a.inside.clone();
    let mut taken = Vec::new();
    for &c in line {
        let grab: Vec<usize> = (0..n)
            .filter(|&b| {
                !region[b]
                    && a.blobs.colour[b] == c
                    && a.blobs.neighbours[b].iter().any(|&m| region[m as usize])
            })
            .collect();
        for &b in &grab {
            region[b] = true;
        }
        taken.extend(grab);
    }
    (region, taken)
}

/// The farthest distance from `region` and how many blobs are that far,
/// by a plain walk.
fn farthest_by_walk(blobs: &Blobs, region: &[bool]) -> (u32, u32) {
    let n = blobs.len();
    let mut distance = vec![u32::MAX; n];
    let mut queue: std::collections::VecDeque<usize> = (0..n).filter(|&b| region[b]).collect();
    for &b in &queue {
        distance[b] = 0;
    }
    while let Some(b) = queue.pop_front() {
        for &m in &blobs.neighbours[b] {
            if distance[m as usize] == u32::MAX {
                distance[m as usize] = distance[b] + 1;
                queue.push_back(m as usize);
            }
        }
    }
    let far = distance.iter().copied().max().unwrap_or(0);
    (far, distance.iter().filter(|&&d| d == far).count() as u32)
}

#[test]
fn the_estimate_is_exact_for_two_moves_and_never_low_for_three() {
    // The estimate follows gains along shortest paths and paths one step
    // longer: every gain of a blob at distance 1 or 2, so for lines of
    // two moves it must be the walk's answer; on three it may only miss
    // gains, never invent them.
    let mut x = 31u64;
    let (mut lines, mut exact3) = (0, 0);
    for i in 0..24u16 {
        let (w, h, k) = (10 + i % 9, 9 + i % 7, 3 + (i % 4) as u8);
        let cells = (0..w as usize * h as usize)
            .map(|_| (crate::solve::swap::splitmix(&mut x) % k as u64) as u8)
            .collect();
        let f = Flood::new(w, h, k, cells, None);
        let blobs = Blobs::of(&f);
        let mut a = Ahead::new(&blobs);
        for _ in 0..i % 4 {
            if let Some(&b) = a.frontier.first() {
                a.play(blobs.colour[b as usize]);
            }
        }
        if a.done() {
            continue;
        }
        a.prepare();
        for code in 0..(k as usize).pow(3) {
            let line = [
                code % k as usize,
                code / k as usize % k as usize,
                code / (k as usize).pow(2),
            ];
            for len in [2, 3] {
                let line: Vec<u8> = line[..len].iter().map(|&c| c as u8).collect();
                let (region, taken) = take_line(&a, &line);
                if region.iter().all(|&r| r) {
                    continue;
                }
                let mut unions = vec![0u64; 4 * a.words];
                for &b in &taken {
                    a.add_gains(b, &mut unions);
                }
                let estimate = a.estimate(&unions);
                let walk = farthest_by_walk(&blobs, &region);
                if len == 2 {
                    assert_eq!(estimate, walk, "board {i}, line {line:?}");
                    lines += 1;
                } else {
                    assert!(estimate >= walk, "board {i}, line {line:?}");
                    exact3 += usize::from(estimate == walk);
                }
            }
        }
    }
    assert!(lines > 500 && exact3 > 500, "{lines} {exact3}");
}
