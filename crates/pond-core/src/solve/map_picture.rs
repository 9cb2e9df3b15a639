//! The map drawn: painted into pixels (the game's texture) and written as
//! an SVG picture (`pond solve --map`).

use super::{KEY, LINE_FILL, MapCell, MapMark, SearchMap, WASH, key_word};
use std::fmt::Write;

/// A map painted into RGBA pixels, `width` by `height`, row by row from
/// the top: the background clear, each cell in its mark's colour, the part
/// below a closed cell in a dim wash of it.
pub fn paint(map: &SearchMap, width: usize, height: usize) -> Vec<u8> {
    let mut px = vec![0u8; width * height * 4];
    paint_into(map, width, height, &mut px);
    px
}

/// `paint` into pixels already there (cleared first), `width` by `height`.
///
/// The cells of one band never overlap, so each pixel of a band takes the
/// sum of its cells' covers: a run of cells thinner than a pixel paints it
/// solid, in their mean colour (laid one over another, each would have let
/// the others show through, and a band of thin "lost" slices looked as
/// faint as "not tried"). The wash below a closed branch lies under the
/// bands' cells.
pub fn paint_into(map: &SearchMap, width: usize, height: usize, px: &mut [u8]) {
    px.fill(0);
    if width == 0 || height == 0 || px.len() < width * height * 4 {
        return;
    }
    let band = height as f64 / map.bands.max(1) as f64;
    // A gap between bands, where there is room for one.
    let gap = if band >= 5.0 { 1.0 } else { 0.0 };
    let rows = |depth: u32, to_bottom: bool| {
        let top = ((depth as f64 * band).round() as usize).min(height);
        let bottom = if to_bottom {
            height
        } else {
            (((depth + 1) as f64 * band) - gap)
                .round()
                .max(top as f64 + 1.0) as usize
        };
        top..bottom.min(height)
    };
    // Each pixel column's cover of a span x0..x1 (shares of the width).
    let covers = move |x0: f64, x1: f64| {
        let (a, b) = (x0 * width as f64, x1 * width as f64);
        let first = a.floor().max(0.0) as usize;
        let last = (b.ceil().max(0.0) as usize).min(width);
        (first..last).map(move |x| (x, (b.min(x as f64 + 1.0) - a.max(x as f64)).clamp(0.0, 1.0)))
    };
    let mut blend = |rows: std::ops::Range<usize>, x: usize, rgb: [f64; 3], cover: f64| {
        if cover <= 0.0 {
            return;
        }
        let cover = cover.min(1.0);
        for y in rows {
            let i = (y * width + x) * 4;
            let keep = 1.0 - cover;
            for k in 0..3 {
                px[i + k] = (px[i + k] as f64 * keep + rgb[k] * cover).round() as u8;
            }
            px[i + 3] = (px[i + 3] as f64 * keep + 255.0 * cover).round() as u8;
        }
    };
    // The washes first: the part below a branch given up is closed too.
    let mut closed_above: Vec<(f64, f64)> = Vec::new();
    for c in &map.cells {
        if c.mark.closed() && !closed_above.iter().any(|&(a, b)| a <= c.x0 && c.x1 <= b) {
            let rgb = c.mark.colour().map(f64::from);
            for (x, cover) in covers(c.x0, c.x1) {
                blend(rows(c.depth + 1, true), x, rgb, cover * WASH);
            }
            closed_above.push((c.x0, c.x1));
        }
    }
    // Then each band's cells, summed a pixel column at a time: the cover
    // and the colour times the cover.
    let mut by_depth: Vec<Vec<&MapCell>> = vec![Vec::new(); map.bands as usize];
    for c in &map.cells {
        if let Some(cells) = by_depth.get_mut(c.depth as usize) {
            cells.push(c);
        }
    }
    // Per pixel column: the colour times the cover, the opacity, the cover.
    let mut sums = vec![[0.0f64; 5]; width];
    let hollow =
        |c: &MapCell| c.mark == MapMark::Line && (c.x1 - c.x0) * width as f64 >= HOLLOW_FROM;
    for (depth, cells) in by_depth.iter().enumerate() {
        if cells.is_empty() {
            continue;
        }
        sums.fill([0.0; 5]);
        for c in cells {
            let rgb = c.mark.colour();
            let opacity = if hollow(c) { LINE_FILL } else { 1.0 };
            for (x, cover) in covers(c.x0, c.x1) {
                let s = &mut sums[x];
                for k in 0..3 {
                    s[k] += rgb[k] as f64 * cover;
                }
                s[3] += cover * opacity;
                s[4] += cover;
            }
        }
        let band_rows = rows(depth as u32, false);
        for (x, s) in sums.iter().enumerate() {
            if s[4] > 0.0 {
                let rgb = [s[0] / s[4], s[1] / s[4], s[2] / s[4]];
                blend(band_rows.clone(), x, rgb, s[3]);
            }
        }
        // The line tried now, where it is wide: its edges in its colour
        // around its dim fill, so that the work under way does not read
        // as work done (the solid colours).
        for c in cells.iter().filter(|c| hollow(c)) {
            let rgb = c.mark.colour().map(f64::from);
            let (top, bottom) = (band_rows.start, band_rows.end);
            // (In a band of a few rows, its top edge only: both read as
            // a solid line.)
            let low = match bottom - top >= 5 {
                true => bottom.saturating_sub(1).max(top)..bottom,
                false => top..top,
            };
            let edges = [top..(top + 1).min(bottom), low];
            let spans: Vec<(usize, f64)> = covers(c.x0, c.x1).collect();
            for (x, cover) in &spans {
                for rows in &edges {
                    blend(rows.clone(), *x, rgb, *cover);
                }
            }
            for side in [spans.first(), spans.last()].into_iter().flatten() {
                blend(band_rows.clone(), side.0, rgb, 1.0);
            }
        }
    }
}

/// The line tried now is drawn hollow where it is at least this many
/// pixels wide (thinner, it is a solid stroke), its inside `LINE_FILL`
/// opaque.
const HOLLOW_FROM: f64 = 6.0;

/// The map as an SVG picture: the bands, the cells (those at least a tenth
/// of a pixel wide, each with its reason as a tip), the share done and the
/// key.
pub fn svg(map: &SearchMap, title: &str) -> String {
    const W: f64 = 960.0;
    let band = (560.0 / map.bands.max(1) as f64).clamp(6.0, 40.0);
    let top = 56.0;
    let h = top + band * map.bands as f64 + 64.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{h:.0}\" \
         viewBox=\"0 0 {} {h:.0}\" font-family=\"sans-serif\">",
        W + 40.0,
        W + 40.0
    );
    let _ = writeln!(
        out,
        "<rect width=\"100%\" height=\"100%\" fill=\"#1d2a30\"/>\n\
         <text x=\"20\" y=\"26\" font-size=\"18\" fill=\"#eef2f0\">{}</text>",
        escape(title)
    );
    let figure = map
        .done_words()
        .unwrap_or_else(|| "best-first: each colour a round of its bound".into());
    let _ = writeln!(
        out,
        "<text x=\"20\" y=\"46\" font-size=\"14\" fill=\"#b8c4c8\">{}</text>",
        escape(&figure)
    );
    let hex = |[r, g, b]: [u8; 3]| format!("#{r:02x}{g:02x}{b:02x}");
    let mut closed_above: Vec<(f64, f64)> = Vec::new();
    for c in &map.cells {
        let wide = (c.x1 - c.x0) * W;
        if wide < 0.1 {
            continue;
        }
        let x = 20.0 + c.x0 * W;
        let y = top + c.depth as f64 * band;
        let colour = hex(c.mark.colour());
        if c.mark.closed() && !closed_above.iter().any(|&(a, b)| a <= c.x0 && c.x1 <= b) {
            let below = band * (map.bands - c.depth - 1) as f64;
            if below > 0.0 {
                let _ = writeln!(
                    out,
                    "<rect x=\"{x:.2}\" y=\"{:.2}\" width=\"{wide:.2}\" height=\"{below:.2}\" \
                     fill=\"{colour}\" fill-opacity=\"{WASH}\"/>",
                    y + band
                );
            }
            closed_above.push((c.x0, c.x1));
        }
        let _ = writeln!(
            out,
            "<rect x=\"{x:.2}\" y=\"{y:.2}\" width=\"{wide:.2}\" height=\"{:.2}\" \
             fill=\"{colour}\"><title>{}</title></rect>",
            (band - 1.0).max(1.0),
            c.mark.words()
        );
    }
    // The key.
    let y = top + band * map.bands as f64 + 24.0;
    let mut x = 20.0;
    for mark in KEY {
        let _ = writeln!(
            out,
            "<rect x=\"{x}\" y=\"{:.0}\" width=\"14\" height=\"14\" fill=\"{}\"/>\
             <text x=\"{}\" y=\"{y:.0}\" font-size=\"13\" fill=\"#eef2f0\">{}</text>",
            y - 12.0,
            hex(mark.colour()),
            x + 20.0,
            key_word(mark)
        );
        x += 160.0;
    }
    out.push_str("</svg>\n");
    out
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line tried now is drawn hollow where it is wide: its edges in its
    /// colour, its inside dim (solid, the work under way read as work done
    /// beside "Done 0.2%"); a thin one is a solid stroke.
    #[test]
    fn the_line_tried_now_is_hollow_where_it_is_wide() {
        let cell = |x0: f64, x1: f64, mark| MapCell {
            depth: 0,
            x0,
            x1,
            mark,
            node: None,
        };
        let map = SearchMap {
            cells: vec![
                cell(0.0, 0.5, MapMark::Line),
                cell(0.5, 0.51, MapMark::Line),
            ],
            bands: 1,
            done: Some(0.0),
            done_by_depth: vec![0.0],
        };
        let px = paint(&map, 100, 20);
        let alpha = |x: usize, y: usize| px[(y * 100 + x) * 4 + 3];
        // Inside the wide cell, dim; its edges, and the thin cell, solid.
        assert!(
            (60..100).contains(&alpha(25, 9)),
            "inside: {}",
            alpha(25, 9)
        );
        for (x, y) in [(25, 0), (0, 9), (49, 9), (50, 9)] {
            assert_eq!(alpha(x, y), 255, "at {x},{y}");
        }
        assert_eq!(alpha(80, 9), 0, "nothing past the cells");
    }
}
