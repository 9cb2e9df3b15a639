use super::*;

/// The binomial coefficient `n` choose `k`, zero when `k` is out of range.
fn choose(n: i64, k: i64) -> u64 {
    if k < 0 || k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1u64, |c, i| c * (n - i) as u64 / (i + 1) as u64)
}

/// `n` positions on the cross, from a xorshift generator seeded `x`.
fn random_positions(mut x: u64, n: usize) -> impl Iterator<Item = u64> {
    (0..n).map(move |_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x & HOLES
    })
}

/// Every position of `pegs` pegs on the board, ascending.
fn every_position(pegs: u32) -> Vec<u64> {
    let squares: Vec<u32> = (0..64).filter(|&s| HOLES >> s & 1 == 1).collect();
    let mut out = Vec::new();
    let mut pick = |set: u64| {
        if set.count_ones() == pegs {
            out.push(
                squares
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| set >> i & 1 == 1)
                    .map(|(_, &s)| 1u64 << s)
                    .sum(),
            );
        }
    };
    // Few or many pegs: walk the subsets of the 33 squares with that
    // many (or that many holes).
    fn subsets(n: u32, k: u32, from: u32, set: u64, f: &mut impl FnMut(u64)) {
        if k == 0 {
            f(set);
            return;
        }
        for i in from..n {
            subsets(n, k - 1, i + 1, set | 1 << i, f);
        }
    }
    if pegs <= 16 {
        subsets(33, pegs, 0, 0, &mut pick);
    } else {
        subsets(33, 33 - pegs, 0, 0, &mut |holes| {
            pick(((1u64 << 33) - 1) ^ holes)
        });
    }
    out.sort_unstable();
    out
}

#[test]
fn numbers_are_dense_and_turn_back_into_their_positions() {
    let mut ranks = Ranks::new();
    for pegs in [0, 1, 2, 3, 4, 29, 30, 31, 32, 33] {
        let size = ranks.level(pegs);
        let mut numbered: Vec<(u64, u64)> = every_position(pegs)
            .into_iter()
            .filter(|&x| class(x) == winning_class())
            .map(|x| (ranks.rank(x), x))
            .collect();
        assert_eq!(numbered.len() as u64, size);
        numbered.sort_unstable();
        // Every number from 0 to size - 1, once each.
        assert!(
            numbered
                .iter()
                .enumerate()
                .all(|(i, &(n, _))| n == i as u64)
        );
        let mut block = Block::new(&ranks);
        for &(n, x) in &numbered {
            assert_eq!(block.position(n), x);
        }
    }
    // Random positions of the middle levels: numbers in range, and the
    // cursor finds them again in ascending order.
    for pegs in [10, 16, 20] {
        let size = ranks.level(pegs);
        // About a sixteenth of all positions of as many pegs.
        let all = choose(33, pegs as i64);
        assert!(size > all / 17 && size < all / 15, "{size} of {all}");
        let mut numbered: Vec<(u64, u64)> = random_positions(pegs as u64 + 5, 400_000)
            .filter(|&x| x.count_ones() == pegs && class(x) == winning_class())
            .map(|x| (ranks.rank(x), x))
            .collect();
        assert!(numbered.len() > 100);
        numbered.sort_unstable();
        numbered.dedup();
        let mut block = Block::new(&ranks);
        for &(n, x) in &numbered {
            assert!(n < size);
            assert_eq!(block.position(n), x);
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[test]
fn parts_by_pext_are_the_parts() {
    if !std::arch::is_x86_feature_detected!("bmi2") {
        return;
    }
    for x in random_positions(5, 20_000).chain([0, HOLES, CENTRE]) {
        // SAFETY: this CPU has BMI2 (checked above).
        assert_eq!(unsafe { parts_bmi2(x) }, parts(x));
        // SAFETY: as above.
        assert_eq!(unsafe { from_holes_bmi2(holes(x)) }, x);
        assert_eq!(from_holes(holes(x)), x);
    }
}

#[cfg(target_arch = "x86_64")]
#[test]
fn extreme_images_by_avx_are_the_extreme_images() {
    if !std::arch::is_x86_feature_detected!("avx2") {
        return;
    }
    let jumps = jump_images();
    for x in random_positions(21, 5_000).chain([0, HOLES, CENTRE]) {
        let img = images(x);
        for m in jumps.iter().chain([&[0; 8], &images(HOLES)]) {
            for least in [true, false] {
                // SAFETY: this CPU has AVX2 (checked above).
                let avx = unsafe { extreme_image_avx(&img, m, least) };
                assert_eq!(avx, extreme_image(&img, m, least));
            }
        }
    }
}

#[test]
fn shares_cover_the_runs_in_order() {
    let items: Vec<u32> = (0..100).collect();
    for cuts in [
        vec![0, 100],
        vec![0, 0, 37, 37, 90, 100],
        vec![0, 1, 2, 3, 100],
    ] {
        let runs: Vec<&[u32]> = cuts.windows(2).map(|w| &items[w[0]..w[1]]).collect();
        for n in 1..=7 {
            let shares = share(&runs, n);
            assert_eq!(shares.len(), n);
            let sizes: Vec<usize> = shares
                .iter()
                .map(|s| s.iter().map(|r| r.len()).sum())
                .collect();
            assert!(
                sizes.iter().all(|&k| k <= 100usize.div_ceil(n)),
                "{sizes:?}"
            );
            let flat: Vec<u32> = shares.into_iter().flatten().flatten().copied().collect();
            assert_eq!(flat, items);
        }
    }
    assert!(share::<u32>(&[], 2).iter().all(Vec::is_empty));
}

#[test]
fn jumps_and_symmetries_keep_the_winning_class() {
    // The full board is of class 0, so a complement keeps the class.
    assert_eq!(class(HOLES), 0);
    assert_eq!(class(HOLES ^ CENTRE), winning_class());
    let mut of_every_class = [0; 16];
    for x in random_positions(9, 5_000) {
        of_every_class[class(x)] += 1;
        moves(x, true, |y| assert_eq!(class(y), class(x)));
        moves(x, false, |y| assert_eq!(class(y), class(x)));
        assert_eq!(class(HOLES ^ x), class(x));
        if class(x) == winning_class() {
            assert!(images(x).iter().all(|&y| class(y) == winning_class()));
        }
    }
    assert!(of_every_class.iter().all(|&n| n > 100));
}

#[test]
fn bit_sets_give_each_number_once_in_order() {
    let mut ranks = Ranks::new();
    let size = ranks.level(16);
    let mut sets = [Bits::new(size), Bits::new(size)];
    let mut positions: Vec<u64> = random_positions(3, 400_000)
        .filter(|&x| x.count_ones() == 16 && class(x) == winning_class())
        .collect();
    assert!(positions.len() > 1_000);
    // Each twice, by two threads' sets.
    for (n, &x) in positions.iter().enumerate() {
        sets[n % 2].set(ranks.rank(x));
        sets[(n + 1) % 2].set(ranks.rank(x));
    }
    positions.sort_unstable_by_key(|&x| ranks.rank(x));
    positions.dedup();
    // Looked up, each from the run of the thread that holds it.
    let found = on_runs(&mut sets, size, 3, |bits| {
        let first = bits[0].first;
        let end = first + bits[0].words.len() as u64 * 64;
        positions
            .iter()
            .map(|&x| ranks.rank(x))
            .filter(|n| (first..end).contains(n))
            .all(|n| any_set(bits, n))
    });
    assert_eq!(found, [true; 3]);
    // Read back in order, each once, in three runs.
    let runs = on_runs(&mut sets, size, 3, |bits| {
        let mut block = Block::new(&ranks);
        let mut out = Vec::new();
        drain(bits, |i| out.push(block.position(i)));
        out
    });
    assert_eq!(runs.concat(), positions);
    assert!(sets.iter().all(|s| s.words.iter().all(|&w| w == 0)));
}

#[test]
fn pagodas_never_gain_weight_by_a_jump() {
    let p = Pagodas::new();
    let weight = |x: u64| -> u64 {
        (0..7)
            .map(|r| p.rows[r][(x >> (8 * r) & 0xFF) as usize])
            .sum()
    };
    // Per lane, with weights raised by 2 a peg: a jump loses a peg, so
    // it must lose at least 2 in every lane.
    for x in random_positions(11, 2_000) {
        moves(x, true, |y| {
            for j in 0..PAGODAS.len() {
                let lane = |w: u64| w >> (16 * j) & 0xFFFF;
                assert!(lane(weight(y)) + 2 <= lane(weight(x)), "{x:#x} to {y:#x}");
            }
        });
    }
    assert!(p.may_win(CENTRE, 1));
    for x in random_positions(11, 20_000) {
        for pegs in [1, x.count_ones()] {
            assert_eq!(p.may_win_holes(holes(x), pegs), p.may_win(x, pegs));
        }
    }
    assert!(p.may_win(HOLES & !CENTRE, 32));
    // A lone peg in a corner of the cross never reaches the centre.
    assert!(!p.may_win(1 << 2, 1));
}

/// Measured by the earlier solver, which went forward from the start
/// and back from the won position separately, with sorted arrays.
#[test]
fn census_counts_every_winnable_position_reached() {
    let c = census(1);
    assert_eq!(census(2), c);
    // Runs of numbers and shares of sources that do not divide evenly.
    assert_eq!(census(3), c);
    // The build for any CPU, whichever this one runs.
    assert_eq!(census_portable(2, false, None).0, c);
    assert_eq!(c.winnable, 1_679_072);
    let above = [
        230_230, 204_992, 162_319, 112_788, 68_326, 35_749, 16_020, 6_174, 2_089, 635, 164, 38, 8,
        2, 1, 1,
    ];
    assert_eq!(c.by_pegs[17..33], above);
    assert_eq!(c.by_pegs[33], 0);
    for k in 1..=16 {
        assert_eq!(c.by_pegs[k], c.by_pegs[33 - k]);
    }
    assert_eq!(c.by_pegs[1], 1);
}

#[test]
fn symmetries_keep_the_board_and_undo_themselves() {
    for f in [flip_rows, flip_columns, transpose] {
        assert_eq!(f(HOLES), HOLES);
        assert_eq!(f(CENTRE), CENTRE);
        for p in random_positions(0x1234_5678_9ABC_DEF1, 200) {
            assert_eq!(f(f(p)), p);
            assert_eq!(f(p) & !HOLES, 0);
            assert_eq!(f(p).count_ones(), p.count_ones());
            assert_eq!(canonical(p), canonical(f(p)));
        }
    }
    // A corner hole of the cross: row 0, column 2 maps to row 6 (rows
    // flipped), column 4 (columns flipped), row 2 column 0 (transposed).
    let a = 1u64 << 2;
    assert_eq!(flip_rows(a), 1 << (8 * 6 + 2));
    assert_eq!(flip_columns(a), 1 << 4);
    assert_eq!(transpose(a), 1 << (8 * 2));
    // By their holes, from the tables, the same images.
    let table = HoleImages::new();
    for p in random_positions(17, 2_000).chain([0, HOLES, CENTRE]) {
        assert_eq!(images_of_holes(table.table(), holes(p)), images(p));
    }
}

#[test]
fn moves_back_undo_moves_forward() {
    for p in random_positions(7, 300) {
        let mut after = Vec::new();
        moves(p, true, |q| after.push(q));
        for q in after {
            let mut before = Vec::new();
            moves(q, false, |r| before.push(r));
            assert!(before.contains(&p));
            for r in before {
                let mut back = Vec::new();
                moves(r, true, |s| back.push(s));
                assert!(back.contains(&q));
            }
        }
    }
}

#[test]
fn jumps_agree_with_the_rules() {
    use crate::rules::Rules;
    use crate::rules::hop::Hop;
    // The rules' board numbers its holes in reading order: map them.
    let h = Hop::english_central();
    let bit = |pad: u8| {
        let p = &h.board.pads[pad as usize];
        1u64 << (8 * p.0 as u32 + p.1 as u32)
    };
    let to_word = |set: u64| {
        (0..33u8)
            .filter(|&i| set >> i & 1 == 1)
            .map(bit)
            .sum::<u64>()
    };
    let mut pos = h.clone();
    let mut x = 99u64;
    for _ in 0..31 {
        let mut ours = Vec::new();
        moves(to_word(pos.green), true, |p| ours.push(p));
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut theirs: Vec<u64> = moves
            .iter()
            .map(|&m| {
                let mut q = pos.clone();
                q.apply(m).unwrap();
                to_word(q.green)
            })
            .collect();
        ours.sort_unstable();
        theirs.sort_unstable();
        assert_eq!(ours, theirs);
        if theirs.is_empty() {
            break;
        }
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        pos.apply(moves[(x >> 33) as usize % moves.len()]).unwrap();
    }
}
