//! The verdict and its tuning: the verdict agrees with the solver on
//! shipped levels, counts the English board's ways and grades it, loses a
//! Flood level under its optimum, finds a board turned or mirrored in its
//! pack, and harder and easier move a level one grade.

use super::edit::{Draft, SwapDraft};
use super::verdict::{self, Answer, judge, same_as};
use super::{SHIPPED, parse_pack};
use crate::rules::Puzzle;
use crate::rules::escape::Animal;
use crate::rules::swap::Cell;
use crate::solve::{self, Budget};
use std::time::Duration;

fn shipped() -> Vec<super::Pack> {
    SHIPPED
        .iter()
        .map(|(f, t)| parse_pack(f, t).expect("shipped packs load"))
        .collect()
}

#[test]
fn the_verdict_agrees_with_the_solver_on_shipped_levels() {
    let packs = shipped();
    for (pack, levels) in packs.iter().zip([[0, 5], [0, 20], [0, 7], [0, 9], [0, 30]]) {
        for i in levels {
            let level = &pack.levels[i];
            let v = judge(&level.puzzle, Budget::time(Duration::from_secs(20)));
            let report = solve::solve(&level.puzzle, Budget::unlimited(), None, false);
            let Answer::Won { moves, proven } = &v.answer else {
                panic!("{}: {:?}", level.name, v.answer)
            };
            assert!(*proven);
            assert_eq!(moves.len(), report.outcome.moves().unwrap().len());
            let mut played = level.puzzle.clone();
            for &mv in moves {
                played.apply(mv).expect("the verdict's line is legal");
            }
            assert!(played.is_won(), "the verdict's line wins");
            // Every shipped level is itself, up to symmetry.
            assert_eq!(same_as(pack, &level.puzzle), Some(i), "{}", level.name);
            // Graded, and in the words of its own pack: as it is graded
            // there, where the pack was cut by the measure (Hop, Escape).
            assert!(v.grade.is_some(), "{}", level.name);
            let (words, pack_name, _) = v.pack_grade.clone().expect("the pack's grade");
            assert_eq!(pack_name, pack.name);
            if matches!(
                pack.name.as_str(),
                "Hop: the lily pond" | "Escape: out of the prison"
            ) {
                assert_eq!(Some(&words), level.grade.as_ref(), "{}", level.name);
            }
        }
    }
}

/// A full peg board: its ways counted until they pass the cap, its grade
/// from random games, said so; the pegs pack grades it as its hardest.
#[test]
fn the_english_board_has_its_ways_and_grade_beyond_twenty_frogs() {
    let packs = shipped();
    let english = packs[2]
        .levels
        .iter()
        .find(|l| l.name == "English")
        .expect("the English board");
    let v = judge(&english.puzzle, Budget::time(Duration::from_secs(20)));
    assert_eq!(v.ways, Some((verdict::WAYS_CAP, true)));
    assert_eq!(v.grade.as_deref(), Some("fiendish"));
    let words = v.words();
    assert!(
        words.contains(&"over 1,000,000,000 ways to win".to_string()),
        "{words:?}"
    );
    assert!(
        words
            .iter()
            .any(|w| w.starts_with("Grade from 50,000 random games")),
        "{words:?}"
    );
    let (grade, ..) = v.pack_grade.clone().expect("the pack's grade");
    assert_eq!(grade, "expert");
    // One scale in the words: the pack's, as its level select shows it.
    assert_eq!(
        words.iter().filter(|w| w.starts_with("Grade: ")).count(),
        1,
        "{words:?}"
    );
    assert!(
        words.iter().any(|w| w.starts_with("Grade: expert, like level ")
            && w.ends_with("of Peg solitaire")),
        "{words:?}"
    );
    assert!(!words.iter().any(|w| w.contains("would say")), "{words:?}");
    assert_eq!(
        [0, 7, 999, 1000, 65536, 1_000_000].map(verdict::grouped),
        ["0", "7", "999", "1,000", "65,536", "1,000,000"]
    );
}

#[test]
fn flood_under_its_optimum_is_lost_and_each_grade_has_its_limit() {
    let packs = shipped();
    let Puzzle::Flood(mut f) = packs[3].levels[0].puzzle.clone() else {
        panic!()
    };
    f.limit = None;
    let v = judge(&Puzzle::Flood(f.clone()), Budget::unlimited());
    let best = v.solution().unwrap().len() as u32;
    assert_eq!(
        v.limits,
        Some([best + 4, best + 3, best + 2, best + 1, best])
    );
    assert_eq!(v.grade, None, "no limit, no grade");
    f.limit = Some(best - 1);
    let v = judge(&Puzzle::Flood(f.clone()), Budget::unlimited());
    assert_eq!(
        v.answer,
        Answer::Lost {
            shortest: Some(best as usize)
        }
    );
    f.limit = Some(best + 1);
    let v = judge(&Puzzle::Flood(f), Budget::unlimited());
    assert_eq!(v.grade.as_deref(), Some("hard"));
}

#[test]
fn the_same_board_turned_or_mirrored_is_found_in_the_pack() {
    let packs = shipped();
    // Swap read from its other end.
    let Puzzle::Swap(mut s) = packs[0].levels[3].puzzle.clone() else {
        panic!()
    };
    let turn = |cells: &[Cell]| -> Vec<Cell> {
        cells
            .iter()
            .rev()
            .map(|c| match c {
                Cell::L => Cell::R,
                Cell::R => Cell::L,
                Cell::Empty => Cell::Empty,
            })
            .collect()
    };
    s.cells = turn(&s.cells);
    s.goal = turn(&s.goal);
    assert_eq!(same_as(&packs[0], &Puzzle::Swap(s)), Some(3));
    // Flood transposed.
    let Puzzle::Flood(f) = packs[3].levels[2].puzzle.clone() else {
        panic!()
    };
    let (w, h) = (f.width as usize, f.height as usize);
    let mut t = f.clone();
    (t.width, t.height) = (f.height, f.width);
    t.cells = (0..w * h).map(|i| f.cells[(i % h) * w + i / h]).collect();
    assert_eq!(same_as(&packs[3], &Puzzle::Flood(t)), Some(2));
    // Escape's rows in another order; and a changed animal is new.
    let Puzzle::Escape(mut e) = packs[4].levels[4].puzzle.clone() else {
        panic!()
    };
    let cols = e.cols as usize;
    let last = e.animals.len() - cols;
    let first: Vec<Animal> = e.animals[..cols].to_vec();
    let end: Vec<Animal> = e.animals[last..].to_vec();
    e.animals[..cols].copy_from_slice(&end);
    e.animals[last..].copy_from_slice(&first);
    assert_eq!(same_as(&packs[4], &Puzzle::Escape(e.clone())), Some(4));
    e.animals[0].colour = (e.animals[0].colour + 1) % 4;
    e.animals[0].kind = 11;
    assert_eq!(same_as(&packs[4], &Puzzle::Escape(e)), None);
}

#[test]
fn harder_and_easier_move_one_grade_with_few_changes() {
    use super::tune::{grade_index, propose};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let cancel = Arc::new(AtomicBool::new(false));
    let packs = shipped();
    for (pack, level) in [(1, 0), (1, 25), (3, 3), (4, 3), (4, 60), (0, 4)] {
        let l = &packs[pack].levels[level];
        let d = Draft::of_level(l);
        let now = judge(&l.puzzle, Budget::unlimited());
        let g = grade_index(&now).expect("a graded level");
        for harder in [true, false] {
            let want = if harder {
                g.checked_add(1).filter(|&x| x < 5)
            } else {
                g.checked_sub(1)
            };
            let got = propose(&d, harder, &cancel);
            match (got, want) {
                (Ok(p), Some(w)) => {
                    assert_eq!(grade_index(&p.verdict), Some(w), "{}", l.name);
                    // The proposal's verdict is the board's own.
                    let again = judge(&p.draft.check().unwrap().puzzle, Budget::unlimited());
                    assert_eq!(again.grade, p.verdict.grade);
                    assert!(p.changed.len() <= 4, "{}: {:?}", l.name, p.changed);
                    assert!(matches!(p.verdict.answer, Answer::Won { .. }));
                    // A row grown or cut is told as a frog or pad, not cells.
                    let words = p.change_words(&d);
                    if let (Some(SwapDraft { cells: new, .. }), Some(SwapDraft { cells: old, .. })) =
                        (p.draft.part(), d.part())
                        && new.len() != old.len()
                    {
                        assert!(
                            words.ends_with(" added") || words.ends_with(" taken away"),
                            "{}: {words}",
                            l.name
                        );
                    } else if p.changed.is_empty() {
                        // The limit alone: told with its two values.
                        assert!(
                            words.starts_with("the move limit from "),
                            "{}: {words}",
                            l.name
                        );
                    } else {
                        assert!(words.contains("changed"), "{}: {words}", l.name);
                    }
                }
                (Err(why), None) => assert!(why.contains("already"), "{why}"),
                // Not every board has a neighbour in the next grade.
                (Err(why), Some(_)) => assert!(why.contains("no "), "{}: {why}", l.name),
                (Ok(p), None) => panic!("{}: a grade past the last: {:?}", l.name, p.verdict.grade),
            }
        }
    }
}

#[test]
fn a_level_that_cannot_be_won_says_why() {
    // The English board's central game asked to end one pad off the
    // centre: the parity test rules it out before any search.
    let mut h = crate::rules::hop::Hop::english_central();
    h.finish = h.board.pad_at(3, 4);
    let v = judge(&Puzzle::Hop(h), Budget::unlimited());
    assert_eq!(v.answer, Answer::Lost { shortest: None });
    let words = v.words();
    assert_eq!(words[0], "Cannot be won (proven)");
    assert!(words[1].starts_with("Why: a parity test"), "{words:?}");
    // A Swap row whose L frog would have to go left: frogs only go the
    // way they face.
    let swap = crate::rules::swap::Swap {
        cells: vec![Cell::Empty, Cell::L, Cell::R],
        goal: vec![Cell::L, Cell::R, Cell::Empty],
        jump_own: false,
    };
    let v = judge(&Puzzle::Swap(swap.clone()), Budget::unlimited());
    assert_eq!(v.answer, Answer::Lost { shortest: None });
    let why = &v.words()[1];
    assert!(
        why.starts_with("Why: an L frog only ever moves right"),
        "{why}"
    );
    // The same where a frog may jump its own kind: no such rule, the lines
    // of moves are played out and counted.
    let own = crate::rules::swap::Swap {
        jump_own: true,
        ..swap.clone()
    };
    let v = judge(&Puzzle::Swap(own), Budget::unlimited());
    assert_eq!(v.answer, Answer::Lost { shortest: None });
    let why = &v.words()[1];
    assert!(why.starts_with("Why: every line of moves"), "{why}");
    assert!(v.positions > 0, "{v:?}");
    assert!(why.contains(&format!("({} position", v.positions)), "{why}");
    // No frog can move at all.
    let stuck = crate::rules::swap::Swap {
        cells: vec![Cell::R, Cell::Empty, Cell::L],
        ..swap
    };
    let v = judge(&Puzzle::Swap(stuck), Budget::unlimited());
    assert_eq!(v.answer, Answer::Lost { shortest: None });
    assert_eq!(v.words()[1], "Why: no move can be made from the start.");
    // A level that can be won says nothing of the kind.
    let won = judge(&shipped()[0].levels[0].puzzle, Budget::unlimited());
    assert!(won.words().iter().all(|w| !w.starts_with("Why")));
}
