//! The comparison as a picture: the ratio in words, a bar for each search
//! on a scale of positions, and the race while a search is watched.

use super::*;

/// The comparison as a picture: the ratio of positions in big type, a bar
/// for each search as long as its positions (its share of the longer's
/// width), the figure at each bar's end, and a line of their answers.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    pub ratio: String,
    /// The plain search's figures and the solver's.
    pub values: [String; 2],
    /// The same, the positions alone (a narrow column's: no times).
    pub counts: [String; 2],
    /// Each bar's share of the track, 0 to 1.
    pub bars: [f32; 2],
    /// Where a bar still growing will end (its search's share once done),
    /// where that is known: the race's finish line.
    pub ends: [Option<f32>; 2],
    /// The marks under the bars, where the bars have figures.
    pub scale: Option<Scale>,
    pub answers: String,
    /// What the solver's ideas saved, a line each: "8,120 repeats and
    /// mirror images skipped" (the map's hover says more).
    pub saved: String,
}

/// The marks under the comparison's bars: on a straight scale one at each
/// `step` positions, a round figure (1, 2 or 5 times a power of ten), the
/// whole track `span` steps long (at most four); on a scale of powers of
/// ten (`log`), one at each power, the track `span` powers long.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale {
    pub step: u64,
    pub span: f32,
    pub log: bool,
}

/// From how many times the other's positions a chart's scale goes by
/// powers of ten: under a hundredth of the track, a search's bar was a
/// sliver of a pixel or two beside the other's (the English board's
/// solver, 8,992 positions against the plain search's 7.7 million), while
/// on a scale of powers of ten two searches a few times apart ("2.5 times
/// fewer" beside 380 and 150) looked nearly as long.
pub const LOG_FROM: u64 = 100;

impl Scale {
    /// The straight scale of a track `most` positions long.
    pub fn of(most: u64) -> Scale {
        let most = most.max(1);
        let step = (0..19)
            .flat_map(|p| [1, 2, 5].map(|m| m * 10u64.pow(p)))
            .find(|&step| most <= step * 4)
            .unwrap_or(u64::MAX / 4);
        Scale {
            step,
            span: (most as f64 / step as f64) as f32,
            log: false,
        }
    }

    /// The scale of two searches' positions: straight, or by powers of ten
    /// where one is `LOG_FROM` times the other or more.
    pub fn between(a: u64, b: u64) -> Scale {
        let (least, most) = (a.min(b).max(1), a.max(b).max(1));
        if most / least < LOG_FROM {
            return Scale::of(most);
        }
        Scale {
            step: 10,
            span: (most as f64).log10() as f32,
            log: true,
        }
    }

    /// A bar's share of the track for `n` positions, 0 to 1.
    pub fn share(&self, n: u64) -> f32 {
        let share = match self.log {
            true => (n.max(1) as f64).log10() / f64::from(self.span),
            false => n as f64 / (self.step as f64 * f64::from(self.span)),
        };
        share.clamp(0.0, 1.0) as f32
    }

    /// The positions the scale's mark `k` stands for (mark 0 at the
    /// track's start).
    pub fn mark(&self, k: u32) -> u64 {
        match self.log {
            true => 10u64.saturating_pow(k),
            false => u64::from(k).saturating_mul(self.step),
        }
    }
}

pub fn chart(c: Option<&Comparison>) -> Chart {
    let Some(c) = c else {
        return Chart {
            ratio: String::new(),
            values: ["-".into(), "-".into()],
            counts: ["-".into(), "-".into()],
            bars: [0.0, 0.0],
            ends: [None, None],
            scale: None,
            answers: String::new(),
            saved: String::new(),
        };
    };
    let [plain, ours] = c.figures();
    let value = |f: &Option<Figures>, words: fn(&Figures) -> String| match f {
        None => "searching...".to_string(),
        Some(f) => words(f),
    };
    // The larger search is the whole track, once both are in: one figure
    // alone filled its track, and its bar shrank when the other's came (a
    // new player read it as his search losing ground).
    let scale = match (&plain, &ours) {
        (Some(p), Some(o)) => Some(Scale::between(p.positions, o.positions)),
        _ => None,
    };
    let share = |f: &Option<Figures>| match (f, scale) {
        (Some(f), Some(scale)) => scale.share(f.positions),
        _ => 0.0,
    };
    // Whose positions were fewer, said: under the heading "Plain search"
    // the ratio alone read as the plain search's.
    let ratio = match (&plain, &ours) {
        (Some(p), Some(o)) => format!("Solver: {}", ratio_of(p, o)),
        _ => String::new(),
    };
    let answer = |f: &Option<Figures>| {
        f.as_ref()
            .map_or("searching".to_string(), |f| f.answer.clone())
    };
    // A plain win as short as the solver's proven shortest is one too
    // ("not proven shortest" beside the banner's "shortest 15" read as the
    // two disagreeing).
    let win = |f: &Option<Figures>| f.as_ref().and_then(|f| f.win);
    let plain_answer = match (win(&plain), win(&ours)) {
        (Some((n, false)), Some((m, true))) if n == m => {
            format!("{n} moves, the shortest (as the solver proved)")
        }
        _ => answer(&plain),
    };
    let answers = if plain.is_some() || ours.is_some() {
        format!("Plain: {plain_answer}. Solver: {}.", answer(&ours))
    } else {
        String::new()
    };
    Chart {
        ratio,
        values: [value(&plain, value_words), value(&ours, value_words)],
        counts: [value(&plain, count_words), value(&ours, count_words)],
        bars: [share(&plain), share(&ours)],
        ends: [None, None],
        scale,
        answers,
        // Whose ideas: under the plain search's map the line read as the
        // plain search's.
        saved: ours
            .as_ref()
            .map(|f| saved_words(&f.cuts))
            .filter(|w| !w.is_empty())
            .map(|w| format!("Solver: {w}"))
            .unwrap_or_default(),
    }
}

/// The race while a search is watched: its bar grows with the positions it
/// has reached so far ("52,114 so far") beside the other search's whole
/// figure, from the searches run unseen on the same position; the track is
/// as long as the longer of the two, so a bar's room left is its search's
/// left. Until both figures are in, the figures alone ("searching..." for
/// the other's), the bars empty: the band stood empty for the first
/// seconds of the English board's search, with nothing to say that a
/// comparison was on its way. No ratio, no answers: they wait for its end.
/// A search stopped short (`stopped`) keeps its race as it stood, said so
/// ("stopped at 15 of 26,730"), and never has a ratio.
pub fn live_chart(c: &Comparison, watched_plain: bool, so_far: u64, stopped: bool) -> Chart {
    let figures = c.figures();
    let (watched, other) = match watched_plain {
        true => (0, 1),
        false => (1, 0),
    };
    // Its whole count known (and the other's), the count says where the
    // white line stands ("34 of 4,210"): a new player saw the line and
    // nothing to name it.
    let count = match (&figures[watched], &figures[other]) {
        (Some(own), Some(_)) if own.whole => {
            format!("{} of {}", group(so_far), group(own.positions))
        }
        _ if stopped => group(so_far),
        _ => format!("{} so far", group(so_far)),
    };
    let count = match stopped {
        true => format!("stopped at {count}"),
        false => count,
    };
    let other_words = |words: fn(&Figures) -> String| {
        figures[other]
            .as_ref()
            .map_or("searching...".to_string(), words)
    };
    let mut values = [String::new(), String::new()];
    let mut counts = values.clone();
    values[watched] = count.clone();
    counts[watched] = count;
    values[other] = other_words(value_words);
    counts[other] = other_words(count_words);
    let mut chart = Chart {
        ratio: String::new(),
        values,
        counts,
        bars: [0.0; 2],
        ends: [None; 2],
        scale: None,
        answers: String::new(),
        saved: String::new(),
    };
    // Its own end known too (from its unseen run), the track is the finished
    // chart's and the bar cannot outgrow it: a plain search watched on Flood
    // before its unseen run was in filled its bar against the solver's 20
    // positions (and shrank once its end came).
    let (Some(theirs), Some(own)) = (&figures[other], &figures[watched]) else {
        return chart;
    };
    let scale = Scale::between(theirs.positions, own.positions);
    chart.bars[watched] = scale.share(so_far);
    chart.bars[other] = scale.share(theirs.positions);
    chart.ends[watched] = Some(scale.share(own.positions));
    chart.scale = Some(scale);
    chart
}

/// What each idea saved, a line each where it cut anything.
pub fn saved_words(cuts: &[u64; 2]) -> String {
    CutReason::ALL
        .iter()
        .filter(|why| cuts[why.index()] > 0)
        .map(|why| format!("{} {}", group(cuts[why.index()]), why.saved_words()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A search's figures at its bar's end: "7,667,771 in 4.0 s", or "over
/// 6,422,450 in 5.0 s" when its budget stopped it (the positions and the
/// time apart: "380 · 0.12 ms" read as one figure).
pub fn value_words(f: &Figures) -> String {
    format!("{} in {}", count_words(f), time(f.millis))
}

/// A search's positions alone: "7,667,771", or "over 6,422,450".
pub fn count_words(f: &Figures) -> String {
    let over = if f.whole { "" } else { "over " };
    format!("{over}{}", group(f.positions))
}

/// The ratio of the two searches in words; "at least" when the plain
/// search was stopped by its budget before ours was done.
pub fn ratio_of(plain: &Figures, ours: &Figures) -> String {
    let words = ratio_words(plain.positions, ours.positions);
    if !plain.whole && ours.whole && plain.positions > ours.positions {
        at_least(plain.positions, ours.positions).unwrap_or(words)
    } else {
        words
    }
}

/// "at least 259 times fewer positions" where the plain search's count is
/// a least: rounded down, never up (6,939,199 against 26,730 is 259.6, and
/// "at least 260" was more than the figures beside it said).
fn at_least(plain: u64, ours: u64) -> Option<String> {
    let r = plain as f64 / ours.max(1) as f64;
    let times = match r {
        r if r >= 2.0 => group(r.floor() as u64),
        r if r >= 1.1 => format!("{:.1}", (r * 10.0).floor() / 10.0),
        _ => return None,
    };
    Some(format!("at least {times} times fewer positions"))
}

/// The two counts of positions compared: "287 times fewer positions".
pub fn ratio_words(plain: u64, ours: u64) -> String {
    let (p, o) = (plain.max(1) as f64, ours.max(1) as f64);
    let r = p / o;
    // Within a tenth either way is about as many; under ten, to a tenth
    // ("1.9 times fewer": 70 against 37 is not "about as many"; "2.5 times
    // fewer" beside 380 and 150, which "3 times" overstated).
    let times = |r: f64| {
        if r >= 9.95 {
            group(r.round() as u64)
        } else {
            let tenths = format!("{r:.1}");
            tenths.strip_suffix(".0").unwrap_or(&tenths).to_string()
        }
    };
    if r >= 1.1 {
        format!("{} times fewer positions", times(r))
    } else if r > 1.0 / 1.1 {
        "about as many positions".to_string()
    } else {
        format!("{} times more positions", times(o / p))
    }
}

/// A time in milliseconds as the panels say it: "0.25 ms", "40 ms", "1.8 s".
pub fn time(millis: f64) -> String {
    if millis < 0.005 {
        // (What rounds to "0.00 ms".)
        "under 0.01 ms".into()
    } else if millis < 10.0 {
        format!("{millis:.2} ms")
    } else if millis < 1000.0 {
        format!("{millis:.0} ms")
    } else {
        format!("{:.1} s", millis / 1000.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bars_scale_steps_by_round_figures() {
        let of = |most| {
            let s = Scale::of(most);
            assert!(!s.log);
            (s.step, (s.span * 100.0).round() / 100.0)
        };
        assert_eq!(of(380), (100, 3.8));
        assert_eq!(of(400), (100, 4.0));
        assert_eq!(of(410), (200, 2.05));
        assert_eq!(of(9), (5, 1.8));
        assert_eq!(of(1), (1, 1.0));
        assert_eq!(of(0), (1, 1.0));
        assert_eq!(of(8_000_000), (2_000_000, 4.0));
    }

    #[test]
    fn the_ratio_is_said_in_words() {
        assert_eq!(ratio_words(287_000, 1000), "287 times fewer positions");
        assert_eq!(ratio_words(1000, 950), "about as many positions");
        assert_eq!(ratio_words(70, 37), "1.9 times fewer positions");
        assert_eq!(ratio_words(37, 70), "1.9 times more positions");
        assert_eq!(ratio_words(10, 40), "4 times more positions");
        assert_eq!(ratio_words(380, 150), "2.5 times fewer positions");
        assert_eq!(ratio_words(999, 100), "10 times fewer positions");
        assert_eq!(ratio_words(0, 0), "about as many positions");
        // A plain search stopped short: its ratio is a least, rounded down.
        let figures = |positions, whole| Figures {
            positions,
            dead_ends: 0,
            millis: 1.0,
            answer: String::new(),
            cuts: [0, 0],
            whole,
            win: None,
        };
        let said = |p, o| ratio_of(&figures(p, false), &figures(o, true));
        assert_eq!(
            said(6_939_199, 26_730),
            "at least 259 times fewer positions"
        );
        assert_eq!(said(199, 100), "at least 1.9 times fewer positions");
        assert_eq!(said(105, 100), "about as many positions");
    }

    #[test]
    fn far_apart_searches_are_drawn_by_powers_of_ten() {
        // 380 against 150: straight, each bar its share.
        let near = Scale::between(380, 150);
        assert!(!near.log);
        assert_eq!(near.share(380), 1.0);
        assert!((near.share(150) - 150.0 / 380.0).abs() < 1e-4);
        assert_eq!(near.mark(2), 200);
        // The English board: 8,992 against 7,667,771, by powers of ten.
        let far = Scale::between(7_667_771, 8_992);
        assert!(far.log);
        assert!((far.span - 6.885).abs() < 1e-3, "{}", far.span);
        assert_eq!(far.share(7_667_771), 1.0);
        let ours = far.share(8_992);
        assert!((0.5..0.6).contains(&ours), "{ours}");
        assert_eq!(
            (far.mark(0), far.mark(3), far.mark(6)),
            (1, 1_000, 1_000_000)
        );
        // One position, or none: the track's start.
        assert_eq!((far.share(1), far.share(0)), (0.0, 0.0));
        // A hundred times apart is the first to go by powers.
        assert!(!Scale::between(9_900, 100).log);
        assert!(Scale::between(10_000, 100).log);
    }

    /// A comparison whose searches have these figures (the plain search's,
    /// the solver's).
    fn comparison(figures: [Option<Figures>; 2]) -> Comparison {
        let pack = crate::levels::load(std::path::Path::new("pegs.ron")).expect("shipped");
        let pool = AsyncComputeTaskPool::get_or_init(TaskPool::new);
        Comparison {
            position: pack.levels[0].puzzle.clone(),
            results: Arc::new(Mutex::new(figures)),
            cancel: Arc::new(AtomicBool::new(false)),
            _task: pool.spawn(async {}),
        }
    }

    fn figures(positions: u64) -> Option<Figures> {
        Some(Figures {
            positions,
            dead_ends: 0,
            millis: 1.0,
            answer: "won".into(),
            cuts: [0, 0],
            whole: true,
            win: None,
        })
    }

    /// A plain win as long as the solver's proven shortest is said to be
    /// one (beside the banner's "shortest 15", "not proven shortest" read as
    /// a disagreement); a longer one is not.
    #[test]
    fn a_plain_win_as_short_as_the_proven_shortest_is_said_so() {
        let won = |moves, fewest, answer: &str| {
            Some(Figures {
                win: Some((moves, fewest)),
                answer: answer.into(),
                ..figures(10).expect("figures")
            })
        };
        let ours = won(15, true, "15 moves, the shortest");
        let said = chart(Some(&comparison([
            won(15, false, "15 moves, not proven shortest"),
            ours.clone(),
        ])));
        assert_eq!(
            said.answers,
            "Plain: 15 moves, the shortest (as the solver proved). Solver: 15 moves, the shortest."
        );
        let said = chart(Some(&comparison([
            won(17, false, "17 moves, not proven shortest"),
            ours,
        ])));
        assert!(
            said.answers
                .starts_with("Plain: 17 moves, not proven shortest.")
        );
    }

    /// One search's figure in, the other's on its way: the figures, no bars
    /// and no scale yet (the solver's bar filled its track, then shrank as
    /// the plain search's figure came and the scale went by powers of ten).
    #[test]
    fn the_bars_wait_for_both_figures() {
        let one = chart(Some(&comparison([None, figures(26_730)])));
        assert_eq!(one.bars, [0.0, 0.0]);
        assert_eq!(one.scale, None);
        assert_eq!(one.values[0], "searching...");
        assert!(one.values[1].starts_with("26,730 in"), "{:?}", one.values);
        let both = chart(Some(&comparison([figures(7_667_771), figures(26_730)])));
        assert!(both.scale.is_some_and(|s| s.log));
        assert_eq!(both.bars[0], 1.0);
        assert!((0.6..0.7).contains(&both.bars[1]), "{:?}", both.bars);
        // The race's band before the other's figure: the count so far and
        // "searching...", no bars.
        let race = live_chart(&comparison([None, figures(26_730)]), false, 12, false);
        assert_eq!(
            race.values,
            ["searching...".to_string(), "12 so far".into()]
        );
        assert_eq!((race.bars, race.scale), ([0.0, 0.0], None));
        assert_eq!(race.ends, [None, None]);
        // Both in: the count says where its white line stands.
        let both = comparison([figures(7_667_771), figures(26_730)]);
        let race = live_chart(&both, false, 12, false);
        assert_eq!(race.values[1], "12 of 26,730");
        assert_eq!(
            race.counts,
            ["7,667,771".to_string(), "12 of 26,730".into()]
        );
        assert!(race.ends[1].is_some_and(|end| end > race.bars[1]));
        // Stopped short: said so, in both the wide words and the narrow.
        let stopped = live_chart(&both, false, 12, true);
        assert_eq!(stopped.values[1], "stopped at 12 of 26,730");
        assert_eq!(stopped.counts[1], "stopped at 12 of 26,730");
        assert_eq!(stopped.ratio, "");
        let early = live_chart(&comparison([None, figures(26_730)]), false, 12, true);
        assert_eq!(early.values[1], "stopped at 12");
    }
}
