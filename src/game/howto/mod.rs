//! The how-to card: the rule of the puzzle in a few lines, a tiny board
//! that plays its solver's answer over and over, and the controls. It opens
//! by itself the first time a player opens a puzzle, and again with `?`
//! (or F1, or the `?` button); Esc, Enter, Space or "Got it" close it.

use super::play::{Menu, PlayAction, PlayState};
use super::settings::{ChangeSetting, Settings};
use super::theme::{self, Art, Fonts, text, widget};
use super::{GameOptions, Screen};
use crate::levels::parse_pack;
use crate::rules::hop::Shape;
use crate::rules::{Puzzle, PuzzleMove};
use crate::solve::{Budget, Outcome, solve};
use bevy::prelude::*;
use stage::{draw, stage_height};

mod stage;

/// The puzzles as the card teaches them (peg solitaire apart from the pond).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Teach {
    Swap,
    Hop,
    Pegs,
    Flood,
    Escape,
}

impl Teach {
    pub fn of(p: &Puzzle) -> Teach {
        match p {
            Puzzle::Swap(_) => Teach::Swap,
            Puzzle::Hop(h) if h.board.shape == Shape::Pond => Teach::Hop,
            Puzzle::Hop(_) => Teach::Pegs,
            Puzzle::Flood(_) => Teach::Flood,
            Puzzle::Escape(_) => Teach::Escape,
        }
    }

    /// Its bit in `Settings::taught`.
    pub fn bit(self) -> u8 {
        1 << self as u8
    }

    fn title(self) -> &'static str {
        match self {
            Teach::Swap => "Swap: the frogs change sides",
            Teach::Hop => "Hop: only the red frog stays",
            Teach::Pegs => "Peg solitaire, with frogs",
            Teach::Flood => "Flood: one colour",
            Teach::Escape => "Escape: out of the prison",
        }
    }

    fn rule(self) -> &'static [&'static str] {
        match self {
            Teach::Swap => &[
                "Yellow frogs only move right, blue frogs only left.",
                "A frog steps onto the empty pad beside it, or jumps over one frog of the other colour onto the empty pad beyond.",
                "You win when all the yellow frogs sit on the right and all the blue ones on the left.",
            ],
            Teach::Hop => &[
                "A frog jumps over a neighbouring frog, along a line, onto the empty pad beyond: the frog jumped over leaves the pond.",
                "You win when only the crowned red frog is left (on the pad with the flower, when there is one).",
            ],
            Teach::Pegs => &[
                "A frog jumps over a neighbouring frog, along a row or a column, onto the empty pad beyond: the frog jumped over leaves.",
                "You win when one frog is left (on the pad with the flower, when there is one).",
            ],
            Teach::Flood => &[
                "The outlined region in the top-left corner takes the colour you pick, and with it every touching tile of that colour.",
                "You win when the whole board is one colour, within the moves the level allows.",
            ],
            Teach::Escape => &[
                "Only the animal at the east end of a row can leave, through its gate, to the meadow.",
                "Each animal that leaves must share its colour or its kind with the one that left just before it.",
                "You win when every animal is out.",
            ],
        }
    }

    fn controls(self) -> &'static str {
        match self {
            Teach::Swap => "Click a frog to move it.",
            Teach::Hop | Teach::Pegs => {
                "Click a frog, then the ringed pad it should jump to (or drag it)."
            }
            Teach::Flood => "Click a tile or a colour button, or press its number.",
            Teach::Escape => "Click the animal at the east end of a row.",
        }
    }

    /// A tiny level whose solution the card plays.
    fn example(self) -> &'static str {
        match self {
            Teach::Swap => r#"Pack(name: "", levels: [Swap(name: "", row: "LL_R")])"#,
            Teach::Hop => {
                r#"Pack(name: "", levels: [Hop(name: "", board: Square, layout: ["r g o g o"])])"#
            }
            Teach::Pegs => {
                r#"Pack(name: "", levels: [Hop(name: "", board: Square, layout: ["g g o g"])])"#
            }
            Teach::Flood => {
                r#"Pack(name: "", levels: [Flood(name: "", cells: ["011", "021", "221"])])"#
            }
            Teach::Escape => {
                r#"Pack(name: "", levels: [Escape(name: "", rows: ["a2 c2", "c1 a1"])])"#
            }
        }
    }

    /// The example's start and the moves that win it (none if either is
    /// missing, which the tests rule out).
    pub fn lesson(self) -> Option<(Puzzle, Vec<PuzzleMove>)> {
        let pack = parse_pack("how-to", self.example()).ok()?;
        let start = pack.levels.into_iter().next()?.puzzle;
        match solve(&start, Budget::unlimited(), None, false).outcome {
            Outcome::Solved { moves, .. } => Some((start, moves)),
            _ => None,
        }
    }
}

/// The card's root.
#[derive(Component)]
struct Card;

/// The example board: where it has got to in its lesson.
#[derive(Component)]
struct Stage {
    start: Puzzle,
    moves: Vec<PuzzleMove>,
    /// Moves played so far, and seconds since the last.
    step: usize,
    clock: f32,
}

/// The line under the example.
#[derive(Component)]
struct Caption;

/// A piece of the example that just changed: it grows into place.
#[derive(Component)]
struct Pop(f32);

/// Seconds between the example's moves, and at its end before it starts again.
const BEAT: f32 = 1.3;
const REST: f32 = 2.6;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Play), open_the_first_time)
        .add_systems(OnEnter(Menu::HowTo), spawn_card)
        .add_systems(
            Update,
            (play_lesson, pop, close_keys).run_if(in_state(Menu::HowTo)),
        );
}

/// The first level of a puzzle the player has never seen opens its card
/// (not while auto-play or a screenshot was asked for on the command line).
fn open_the_first_time(
    options: Res<GameOptions>,
    settings: Res<Settings>,
    state: Option<Res<PlayState>>,
    mut menu: ResMut<NextState<Menu>>,
    mut change: MessageWriter<ChangeSetting>,
) {
    let Some(state) = state else { return };
    let teach = Teach::of(&state.puzzle);
    if options.how_to || (options.teach && settings.taught & teach.bit() == 0) {
        menu.set(Menu::HowTo);
        change.write(ChangeSetting::Taught(teach.bit()));
    }
}

fn close_keys(keys: Res<ButtonInput<KeyCode>>, mut actions: MessageWriter<PlayAction>) {
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        actions.write(PlayAction::HowTo);
    }
}

fn spawn_card(
    mut commands: Commands,
    state: Option<Res<PlayState>>,
    fonts: Res<Fonts>,
    art: Res<Art>,
    settings: Res<Settings>,
) {
    let Some(state) = state else { return };
    let teach = Teach::of(&state.puzzle);
    let lesson = teach.lesson();
    commands
        .spawn((
            Card,
            Name::new("How-to card"),
            DespawnOnExit(Menu::HowTo),
            theme::cover(),
            GlobalZIndex(20),
        ))
        .with_children(|cover| {
            cover
                .spawn((
                    Node {
                        width: px(600),
                        max_width: percent(94),
                        max_height: percent(96),
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Center,
                        row_gap: px(10),
                        padding: UiRect::all(px(22)),
                        border_radius: theme::PANEL_RADIUS,
                        ..default()
                    },
                    BackgroundColor(Color::srgba(0.05, 0.13, 0.17, 0.97)),
                    BoxShadow::new(
                        Color::srgba(0.0, 0.0, 0.0, 0.5),
                        px(0),
                        px(6),
                        px(0),
                        px(18),
                    ),
                ))
                .with_children(|card| {
                    card.spawn(theme::heading(&fonts, teach.title(), 28.0, theme::TEXT));
                    for line in teach.rule() {
                        card.spawn((
                            text(*line, 18.0, theme::TEXT),
                            TextLayout::justify(Justify::Center),
                        ));
                    }
                    if let Some((start, moves)) = lesson {
                        card.spawn((
                            Stage {
                                start: start.clone(),
                                moves,
                                step: 0,
                                clock: 0.0,
                            },
                            Node {
                                width: px(360),
                                height: px(stage_height(&start)),
                                margin: UiRect::vertical(px(6)),
                                border_radius: BorderRadius::all(px(12)),
                                ..default()
                            },
                            BackgroundColor(Color::srgba(0.10, 0.30, 0.38, 0.9)),
                        ))
                        .with_children(|stage| {
                            draw(stage, &art, &start, None, settings.colour_blind)
                        });
                        card.spawn((Caption, text("", 16.0, theme::HIGHLIGHT)));
                    }
                    for line in [teach.controls(), "U undo   H hint   ? this card"] {
                        card.spawn((
                            text(line, 15.0, theme::TEXT_DIM),
                            TextLayout::justify(Justify::Center),
                        ));
                    }
                    card.spawn(widget::text_button(
                        PlayAction::HowTo,
                        "Got it (Enter)",
                        20.0,
                    ));
                });
        });
}

/// Plays the lesson a move per beat, and from the start again after a rest.
fn play_lesson(
    mut commands: Commands,
    time: Res<Time>,
    art: Res<Art>,
    settings: Res<Settings>,
    mut stages: Query<(Entity, &mut Stage)>,
    mut captions: Query<&mut Text, With<Caption>>,
) {
    for (entity, mut stage) in &mut stages {
        stage.clock += time.delta_secs();
        let done = stage.step >= stage.moves.len();
        let wait = if done { REST } else { BEAT };
        if stage.clock < wait {
            continue;
        }
        stage.clock = 0.0;
        let mut before = stage.start.clone();
        let played = if done { 0 } else { stage.step + 1 };
        for &m in &stage.moves[..played.saturating_sub(1)] {
            let _ = before.apply(m);
        }
        let mut now = before.clone();
        if played > 0 {
            let _ = now.apply(stage.moves[played - 1]);
        }
        stage.step = played;
        commands.entity(entity).despawn_children();
        let previous = (played > 0).then_some(&before);
        commands
            .entity(entity)
            .with_children(|s| draw(s, &art, &now, previous, settings.colour_blind));
        if let Ok(mut caption) = captions.single_mut() {
            caption.0 = caption_for(&now, played, stage.moves.len());
        }
    }
}

fn caption_for(now: &Puzzle, played: usize, total: usize) -> String {
    if played == 0 {
        return String::new();
    }
    let count = format!("Move {played} of {total}");
    match now {
        _ if played == total => format!("{count}: won!"),
        Puzzle::Escape(e) => match e.last_out() {
            Some(a) => {
                let (colour, kind) = a.describe_parts();
                format!("{count}: the {colour} {kind} is out; next, a {colour} animal or a {kind}")
            }
            None => count,
        },
        _ => count,
    }
}

/// Pieces grow into place over a quarter of a second.
fn pop(time: Res<Time>, mut pieces: Query<(&mut Pop, &mut UiTransform)>) {
    for (mut p, mut t) in &mut pieces {
        p.0 = (p.0 + time.delta_secs() * 4.0).min(1.0);
        let s = 0.6 + 0.4 * p.0 + 0.15 * (p.0 * std::f32::consts::PI).sin();
        t.scale = Vec2::splat(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every card's example is a real level that its solver wins, in a few
    /// moves, each replayed through the rules.
    #[test]
    fn every_example_is_won_by_its_moves() {
        for teach in [
            Teach::Swap,
            Teach::Hop,
            Teach::Pegs,
            Teach::Flood,
            Teach::Escape,
        ] {
            let (mut p, moves) = teach.lesson().unwrap_or_else(|| panic!("{teach:?}"));
            assert!(
                (1..=5).contains(&moves.len()),
                "{teach:?}: {} moves",
                moves.len()
            );
            // The pond's lesson is played on a row of pads, like the pegs'.
            let kind = |t: Teach| if t == Teach::Hop { Teach::Pegs } else { t };
            assert_eq!(kind(Teach::of(&p)), kind(teach));
            for m in moves {
                p.apply(m).unwrap();
            }
            assert!(p.is_won(), "{teach:?}");
        }
    }

    #[test]
    fn each_puzzle_has_its_own_bit() {
        let all = [
            Teach::Swap,
            Teach::Hop,
            Teach::Pegs,
            Teach::Flood,
            Teach::Escape,
        ];
        let bits = all.iter().fold(0u8, |acc, t| {
            assert_eq!(acc & t.bit(), 0);
            acc | t.bit()
        });
        assert_eq!(bits.count_ones(), 5);
    }
}
