//! The editor's side panels: on the left the puzzle, the palette, the
//! board's dimensions and its options; on the right the verdict, what the
//! loader cannot accept, "Harder" and "Easier", and the buttons (Show me,
//! Play it, Save, Undo, Redo, Back).

use super::{EditAction, EditVerdict, Editor, Tuning};
use crate::game::packs::Packs;
use crate::game::theme::widget::WheelScroll;
use crate::game::theme::{self, text, widget};
use crate::levels::verdict::LIMIT_GRADES;
use bevy::input_focus::tab_navigation::TabGroup;
use bevy::prelude::*;

/// A side panel: the right one or the left. Each is a group of Bevy's tab
/// order, the left's first.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Side {
    pub right: bool,
}

impl Side {
    fn tabs(right: bool) -> (Self, TabGroup) {
        (Self { right }, TabGroup::new(i32::from(right)))
    }
}

/// The room of the line that says which pack Save writes into: two lines
/// of its 14-pixel words.
const SAVES_INTO_HEIGHT: f32 = 36.0;

/// A window lower than this closes up the left panel's lines.
const SHORT_WINDOW: f32 = 700.0;

fn panel_node(left: bool, m: [f32; 4]) -> Node {
    let (l, r) = if left {
        (px(10), Val::Auto)
    } else {
        (Val::Auto, px(10))
    };
    Node {
        position_type: PositionType::Absolute,
        left: l,
        right: r,
        top: px(10),
        bottom: px(10),
        width: px(if left { m[0] - 20.0 } else { m[1] - 20.0 }),
        flex_direction: FlexDirection::Column,
        row_gap: px(6),
        padding: UiRect::all(px(12)),
        // The left panel scrolls whole; the right one scrolls its upper
        // part, its buttons kept in sight.
        overflow: if left {
            Overflow::scroll_y()
        } else {
            Overflow::clip()
        },
        border_radius: theme::PANEL_RADIUS,
        ..default()
    }
}

/// A scroll bar in a panel's right margin for its part `target` that
/// scrolls, beside it: shown only while that part's content is taller than
/// it (a new player at 800x600 did not see that the verdict scrolled).
fn margin_bar(target: Entity) -> impl Bundle {
    crate::game::theme::scroll_bar::bar(
        target,
        Node {
            position_type: PositionType::Absolute,
            right: px(-11),
            top: px(0),
            bottom: px(0),
            ..default()
        },
    )
}

fn small_button(action: EditAction, label: &str, on: bool) -> impl Bundle {
    let colours = if on {
        widget::ButtonColours::of(theme::BUTTON_HOVER.lighter(0.1))
    } else {
        widget::ButtonColours::default()
    };
    let node = Node {
        padding: UiRect::axes(px(8), px(4)),
        justify_content: JustifyContent::Center,
        border: UiRect::all(px(if on { 2.0 } else { 0.0 })),
        border_radius: BorderRadius::all(px(8)),
        ..default()
    };
    (
        widget::coloured_button(action, colours, node, text(label, 15.0, theme::TEXT)),
        // Chosen: a white border; the keyboard's focus is the menus'
        // yellow outline (one look for the focus everywhere).
        BorderColor::all(theme::TEXT),
    )
}

/// The gap between a palette row's swatches and buttons.
const PALETTE_GAP: f32 = 5.0;

/// A row of `n` colour swatches in a panel `inner` pixels wide: their size
/// and how many go on a line. They keep to one line while a swatch can be
/// 24 pixels or more; past that the lines share them evenly (five
/// swatches came out as four and one alone at 800x600).
fn swatch_lines(n: usize, inner: f32) -> (f32, usize) {
    let fit = |size: f32| (((inner + PALETTE_GAP) / (size + PALETTE_GAP)).floor() as usize).max(1);
    if n <= fit(30.0) {
        return (30.0, n.max(1));
    }
    if n <= fit(24.0) {
        let size = ((inner - PALETTE_GAP * (n - 1) as f32) / n as f32).floor();
        return (size.min(30.0), n);
    }
    let lines = n.div_ceil(fit(30.0));
    (30.0, n.div_ceil(lines))
}

fn swatch(action: EditAction, colour: Color, label: &str, on: bool, size: f32) -> impl Bundle {
    let node = Node {
        width: px(size),
        height: px(size),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        border: UiRect::all(px(if on { 3.0 } else { 1.0 })),
        border_radius: BorderRadius::all(px(6)),
        ..default()
    };
    (
        widget::coloured_button(
            action,
            widget::ButtonColours::of(colour),
            node,
            text(label, 13.0, theme::ink_on(colour)),
        ),
        // Chosen: the white rim of every choice made (a dark one on a light
        // swatch was lost on the dark panel).
        BorderColor::all(if on {
            theme::TEXT
        } else {
            Color::srgba(0.0, 0.0, 0.0, 0.4)
        }),
    )
}

fn row() -> Node {
    Node {
        flex_wrap: FlexWrap::Wrap,
        column_gap: px(PALETTE_GAP),
        row_gap: px(PALETTE_GAP),
        align_items: AlignItems::Center,
        ..default()
    }
}

fn title(words: &str) -> impl Bundle {
    text(words, 16.0, theme::TEXT_DIM)
}

pub(super) fn left_panel(
    ui: &mut ChildSpawnerCommands,
    editor: &Editor,
    palette: &[Color; 10],
    colour_blind: bool,
    m: [f32; 4],
    height: f32,
) {
    let draft = &editor.draft;
    let drawn = draft.drawn();
    let pegs = draft.is_pegs();
    let mut node = panel_node(true, m);
    // In a short window its lines close up, so that the last of them
    // (Escape's Shuffle at 800x600) is in sight without a scroll.
    if height < SHORT_WINDOW {
        node.row_gap = px(2);
    }
    let mut panel = ui.spawn((node, theme::panel(), WheelScroll, Side::tabs(false)));
    let id = panel.id();
    panel.with_children(|p| {
        p.spawn(Node {
            justify_content: JustifyContent::SpaceBetween,
            align_items: AlignItems::Center,
            column_gap: px(6),
            ..default()
        })
        .with_children(|r| {
            // (On one line beside the "?" in the narrowest panel.)
            r.spawn((
                text("Level editor", 20.0, theme::TEXT),
                TextLayout::no_wrap(),
            ));
            // What each part does and the keys: the "?" card. The keyboard
            // has ? and F1 for it; Tab passes it by (it starts at the
            // puzzles).
            r.spawn((
                small_button(EditAction::Help, " ? ", false),
                Name::new("Editor help button"),
                bevy::input_focus::tab_navigation::TabIndex(-1),
            ));
        });
        p.spawn(title("New level of"));
        p.spawn(row()).with_children(|r| {
            for (label, kind, is_pegs) in crate::levels::edit::new_levels() {
                let on = drawn.kind() == kind && pegs == is_pegs;
                r.spawn(small_button(EditAction::New(kind, is_pegs), label, on));
            }
        });
        for (i, pr) in draft.palette().iter().enumerate() {
            p.spawn(title(pr.title));
            let picked = editor
                .picks
                .get(i)
                .copied()
                .unwrap_or(0)
                .min(pr.choices.len() - 1);
            // The panel's width inside its padding.
            let inner = m[0] - 20.0 - 24.0;
            let (size, per_line) = swatch_lines(pr.choices.len(), inner);
            let mut line = row();
            if pr.choices.iter().any(|c| c.colour.is_some()) {
                line.max_width = px(per_line as f32 * (size + PALETTE_GAP));
            }
            p.spawn(line).with_children(|r| {
                for (j, ch) in pr.choices.iter().enumerate() {
                    let action = EditAction::Pick(i, j);
                    match ch.colour {
                        Some(c) => {
                            let colour = palette[c as usize % palette.len()];
                            // A colour's name does not fit its swatch;
                            // colour-blind mode gives it its number, as
                            // on the animals (from 1).
                            let label = if pr.title == "Colour" && ch.label.len() > 2 {
                                if colour_blind {
                                    format!("{}", c + 1)
                                } else {
                                    String::new()
                                }
                            } else {
                                ch.label.clone()
                            };
                            r.spawn(swatch(action, colour, &label, j == picked, size));
                        }
                        None => {
                            r.spawn(small_button(action, &ch.label, j == picked));
                        }
                    }
                }
            });
        }
        let dims = draft.dimensions();
        if !dims.is_empty() {
            p.spawn(title("Board"));
        }
        for (i, (name, value)) in dims.into_iter().enumerate() {
            p.spawn(row()).with_children(|r| {
                r.spawn(small_button(EditAction::Step(i, -1), "-", false));
                r.spawn(small_button(EditAction::Step(i, 1), "+", false));
                let shown = if name == "move limit" && value == 0 {
                    "none".to_string()
                } else {
                    value.to_string()
                };
                // "limit", under "Board" beside the width and the colours:
                // "move limit: 11" took a line of its own below its - and +
                // in a narrow window.
                let name = if name == "move limit" { "limit" } else { name };
                r.spawn(text(format!("{name}: {shown}"), 16.0, theme::TEXT));
            });
        }
        let settings = draft.settings();
        if !settings.is_empty() {
            p.spawn(title("Options"));
        }
        p.spawn(row()).with_children(|r| {
            for (label, on, s) in settings {
                r.spawn(small_button(
                    EditAction::Setting(s),
                    &label,
                    on == Some(true),
                ));
            }
        });
    });
    // The panel scrolls whole: its bar stands in its right margin, beside
    // it (not in it, where it would scroll away with what it shows).
    ui.spawn(crate::game::theme::scroll_bar::bar(
        id,
        Node {
            position_type: PositionType::Absolute,
            left: px(m[0] - 22.0),
            top: px(22),
            bottom: px(22),
            ..default()
        },
    ));
}

pub(super) fn right_panel(
    ui: &mut ChildSpawnerCommands,
    editor: &Editor,
    verdict: &EditVerdict,
    tuning: &Tuning,
    packs: &Packs,
    into: &str,
    m: [f32; 4],
) {
    ui.spawn((panel_node(false, m), theme::panel(), Side::tabs(true)))
        .with_children(|panel| {
            // What the solvers say scrolls (the wheel over it), a bar in
            // the panel's margin showing that it does; the buttons under
            // it stay in the window.
            let mut frame = panel.spawn(Node {
                flex_direction: FlexDirection::Column,
                flex_grow: 1.0,
                flex_shrink: 1.0,
                min_height: px(0),
                ..default()
            });
            frame.with_children(|frame| {
                let mut upper = frame.spawn((
                    Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: px(6),
                        flex_grow: 1.0,
                        flex_shrink: 1.0,
                        min_height: px(0),
                        overflow: Overflow::scroll_y(),
                        ..default()
                    },
                    WheelScroll,
                ));
                // A proposal, at the end of the verdict, is scrolled into
                // sight (in a narrow window it came below the fold).
                if tuning.proposal().is_some() {
                    upper.insert(ShowEnd);
                }
                upper.with_children(|p| {
                    p.spawn(text("Verdict", 22.0, theme::TEXT));
                    if let Some(m) = &verdict.mistake {
                        p.spawn(text("Not a level yet:", 17.0, theme::WARN));
                        p.spawn(text(m.message.clone(), 16.0, theme::WARN));
                    } else if let Some(v) = &verdict.shown {
                        let colour = match v.answer {
                            crate::levels::verdict::Answer::Won { .. } => theme::WIN,
                            crate::levels::verdict::Answer::Lost { .. } => theme::WARN,
                            crate::levels::verdict::Answer::Undecided { .. } => theme::TEXT,
                        };
                        // Flood's limits are the buttons below.
                        let words = v.words().into_iter().filter(|l| !l.starts_with("Limits"));
                        for (i, line) in words.enumerate() {
                            let c = if i == 0 { colour } else { theme::TEXT };
                            p.spawn(text(line, if i == 0 { 19.0 } else { 16.0 }, c));
                        }
                        let time =
                            crate::game::solver::compare::time(v.elapsed.as_secs_f64() * 1000.0);
                        p.spawn(text(
                            if v.positions > 0 {
                                format!(
                                    "Decided in {time}, looking at {} position{}",
                                    crate::levels::verdict::grouped(v.positions),
                                    if v.positions == 1 { "" } else { "s" }
                                )
                            } else {
                                format!("Decided in {time}")
                            },
                            14.0,
                            theme::TEXT_DIM,
                        ));
                        if let Some(limits) = v.limits {
                            p.spawn(title("Set the limit by grade"));
                            p.spawn(row()).with_children(|r| {
                                let now = editor.draft.dimensions().get(3).map(|d| d.1);
                                for (g, (name, n)) in LIMIT_GRADES.iter().zip(limits).enumerate() {
                                    r.spawn(small_button(
                                        EditAction::Limit(g),
                                        &format!("{name} {n}"),
                                        now == Some(n),
                                    ));
                                }
                            });
                        }
                    } else {
                        p.spawn(text("Thinking...", 18.0, theme::TEXT_DIM));
                    }
                    if let Some((pack, n)) = verdict.same
                        && let Some(Ok(pk)) = packs.0.get(pack).map(|e| &e.pack)
                    {
                        p.spawn(text(
                            format!(
                                "This board is level {} of \"{}\"",
                                n + 1,
                                theme::short(&pk.name, 30)
                            ),
                            15.0,
                            // (Not a warning: the warning's colour is for
                            // what stops or loses something.)
                            theme::TEXT_DIM,
                        ));
                    }
                    tune_lines(p, verdict, tuning, &editor.draft);
                    for w in editor.draft.warnings() {
                        p.spawn(text(format!("Note: {w}"), 15.0, theme::WARN));
                    }
                });
                let upper = upper.id();
                frame.spawn(margin_bar(upper));
            });
            // A proposal's choice, always in sight (in a narrow window the
            // proposal's words scrolled its buttons out of it).
            if tuning.proposal().is_some() {
                panel.spawn(row()).with_children(|r| {
                    r.spawn(small_button(EditAction::TakeProposal, "Take it", false));
                    r.spawn(small_button(EditAction::DropProposal, "Keep mine", false));
                });
            }
            // What the last button said, always in sight above them.
            if let Some((words, warn)) = &editor.notice {
                panel.spawn(text(
                    words.clone(),
                    15.0,
                    if *warn { theme::WARN } else { theme::WIN },
                ));
            }
            let (undo, redo) = editor.history();
            let level = verdict.mistake.is_none();
            // The pack "Save" writes into; the button offers the next.
            // Its words keep two lines' room and the button its own line,
            // so that the button stays put as the pack or its count changes
            // (it moved as its words took one line, then two).
            if level {
                panel
                    .spawn(Node {
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::FlexStart,
                        row_gap: px(4),
                        ..default()
                    })
                    .with_children(|r| {
                        r.spawn((
                            text(
                                format!("Saves into {}", theme::short(into, 44)),
                                14.0,
                                theme::TEXT_DIM,
                            ),
                            Node {
                                height: px(SAVES_INTO_HEIGHT),
                                overflow: Overflow::clip(),
                                ..default()
                            },
                        ));
                        r.spawn(small_button(EditAction::SaveInto, "Another pack", false));
                    });
            }
            // Every button always in its place, greyed while it has
            // nothing to do: a click never lands on a button that moved.
            let solved = verdict
                .shown
                .as_ref()
                .is_some_and(|v| v.solution().is_some());
            // A board proposed waits for Take it or Keep mine: what acts on
            // the level waits with it (Play it played the board under the
            // one shown, a new player found).
            let ready = level && tuning.proposal().is_none();
            panel.spawn(row()).with_children(|r| {
                for (action, label, on) in [
                    (EditAction::ShowMe, "Show me", ready && solved),
                    (EditAction::Play, "Play it", ready),
                    (EditAction::Save, "Save", ready),
                    (EditAction::CopyCode, "Copy code", ready),
                    (EditAction::Undo, "Undo", undo),
                    (EditAction::Redo, "Redo", redo),
                    (EditAction::Back, "Back", true),
                ] {
                    let mut button = r.spawn(small_button(action, label, false));
                    if !on {
                        button.insert(widget::greyed());
                    }
                }
            });
        });
}

/// The lines of "Harder" and "Easier": the buttons, the search under way,
/// or the proposal with its verdict and the choice.
fn tune_lines(
    p: &mut ChildSpawnerCommands,
    verdict: &EditVerdict,
    tuning: &Tuning,
    draft: &crate::levels::edit::Draft,
) {
    let (article, way) = if tuning.harder {
        ("A", "harder")
    } else {
        ("An", "easier")
    };
    match &tuning.found {
        Some(Ok(found)) => {
            let what = found.change_words(draft);
            p.spawn(text(
                format!("{article} {way} board: {what}"),
                17.0,
                theme::HIGHLIGHT,
            ));
            for line in found.verdict.words().into_iter().skip(1) {
                if !line.starts_with("Limits") {
                    p.spawn(text(line, 15.0, theme::TEXT));
                }
            }
            // (Its buttons stand under the part that scrolls, in sight.)
        }
        Some(Err(why)) => {
            p.spawn(text(format!("No {way} board: {why}"), 15.0, theme::WARN));
        }
        None if tuning.looking() => {
            p.spawn(text(
                format!("Looking for a {way} board..."),
                15.0,
                theme::TEXT_DIM,
            ));
        }
        None => {}
    }
    let graded = verdict.shown.as_ref().is_some_and(|v| v.grade.is_some());
    if graded && tuning.proposal().is_none() && !tuning.looking() {
        p.spawn(row()).with_children(|r| {
            r.spawn(small_button(
                EditAction::Tune(true),
                "Make it harder",
                false,
            ));
            r.spawn(small_button(EditAction::Tune(false), "Easier", false));
        });
    }
}

/// A part that scrolls, to be shown at its end once it is laid out.
#[derive(Component)]
pub(super) struct ShowEnd;

/// Scrolls each `ShowEnd` part to its end, once, when it has its size.
pub(super) fn show_ends(
    mut commands: Commands,
    mut parts: Query<(Entity, &mut ScrollPosition, &ComputedNode), With<ShowEnd>>,
) {
    for (part, mut at, node) in &mut parts {
        if node.size().y <= 0.0 {
            continue;
        }
        let most = crate::game::theme::widget::scroll_most(node);
        if at.0.y != most {
            at.0.y = most;
        }
        commands.entity(part).remove::<ShowEnd>();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Swatches keep to one line while they can be 24 pixels, and share
    /// their lines evenly past that: never one alone under a full line.
    #[test]
    fn swatches_share_their_lines_evenly() {
        // The 800x600 window's panel, about 156 pixels inside.
        assert_eq!(swatch_lines(4, 156.0), (30.0, 4));
        let (size, per_line) = swatch_lines(5, 156.0);
        assert_eq!(per_line, 5);
        assert!((24.0..30.0).contains(&size), "{size}");
        assert!(5.0 * size + 4.0 * PALETTE_GAP <= 156.0);
        for n in 1..=12 {
            let (size, per_line) = swatch_lines(n, 156.0);
            assert!(per_line as f32 * size + (per_line - 1) as f32 * PALETTE_GAP <= 156.0);
            let last = n - (n.div_ceil(per_line) - 1) * per_line;
            assert!(
                n <= per_line || last * 2 >= per_line,
                "{n}: {per_line} a line"
            );
        }
    }
}
