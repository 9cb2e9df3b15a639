//! The look shared by every screen: colours, text, the art of the boards
//! (`art`) and the one button widget (`widget`).

pub mod art;
pub mod drawing;
pub mod scroll_bar;
pub mod tip;
pub mod water;
pub mod widget;

pub use art::Art;

use bevy::prelude::*;

pub const WATER: Color = Color::srgb(0.12, 0.32, 0.42);
pub const LILY: Color = Color::srgb(0.30, 0.62, 0.30);
/// The finish pad's tint over the lily pad's drawing.
pub const LILY_DARK: Color = Color::srgb(0.78, 0.86, 0.72);
/// The finish pad's rim: the gold of the red frog's crown.
pub const FINISH: Color = Color::srgb(0.98, 0.78, 0.20);
pub const FROG_GREEN: Color = Color::srgb(0.55, 0.85, 0.25);
pub const FROG_RED: Color = Color::srgb(0.90, 0.25, 0.20);
pub const FROG_L: Color = Color::srgb(0.95, 0.75, 0.20);
pub const FROG_R: Color = Color::srgb(0.45, 0.80, 0.95);
pub const EYE: Color = Color::srgb(0.98, 0.98, 0.95);
pub const PUPIL: Color = Color::srgb(0.05, 0.05, 0.08);
pub const HIGHLIGHT: Color = Color::srgb(1.0, 0.95, 0.55);
/// The rings of a hint: told apart from the yellow of a picked frog.
pub const HINT: Color = Color::srgb(0.45, 0.95, 1.0);
pub const PANEL: Color = Color::srgba(0.05, 0.12, 0.16, 0.85);
pub const BUTTON: Color = Color::srgb(0.18, 0.42, 0.36);
pub const BUTTON_HOVER: Color = Color::srgb(0.24, 0.53, 0.44);
pub const TEXT: Color = Color::srgb(0.95, 0.97, 0.92);
pub const TEXT_DIM: Color = Color::srgb(0.70, 0.80, 0.78);
pub const WARN: Color = Color::srgb(1.0, 0.70, 0.45);
pub const WIN: Color = Color::srgb(0.75, 1.0, 0.55);

/// A text field's caret and selection in the game's colours: light on the
/// dark field (Bevy's own caret is a dark slate, unseen on our panels).
pub fn caret() -> bevy::text::TextCursorStyle {
    bevy::text::TextCursorStyle {
        color: TEXT,
        selection_color: BUTTON_HOVER,
        unfocused_selection_color: Color::NONE,
        selected_text_color: None,
    }
}

/// A field that takes the keys: its caret thin and steady. The game draws
/// a frame only when something changes, so a blinking caret would stop
/// lit or dark by chance.
pub fn field(most: usize) -> bevy::text::EditableText {
    bevy::text::EditableText {
        max_characters: Some(most),
        cursor_width: 0.1,
        cursor_blink_period: std::time::Duration::from_secs(1 << 30),
        ..default()
    }
}

/// Flood tiles and Escape animals: ten colours told apart by hue and lightness.
pub const PALETTE: [Color; 10] = [
    Color::srgb(0.89, 0.26, 0.24),
    Color::srgb(0.22, 0.47, 0.86),
    Color::srgb(0.30, 0.73, 0.33),
    Color::srgb(0.98, 0.84, 0.22),
    Color::srgb(0.60, 0.36, 0.78),
    Color::srgb(0.97, 0.55, 0.16),
    Color::srgb(0.95, 0.55, 0.75),
    Color::srgb(0.55, 0.37, 0.22),
    Color::srgb(0.60, 0.62, 0.64),
    Color::srgb(0.25, 0.80, 0.80),
];

/// The palette's colours in words, as they look (the first six as the
/// rules name them).
pub const NAMES: [&str; 10] = [
    "red", "blue", "green", "yellow", "purple", "orange", "pink", "brown", "grey", "teal",
];

/// The palette of colour-blind mode: the Okabe-Ito colours (told apart under
/// the common colour-vision deficiencies) and three more of distinct
/// lightness; every colour also carries its number in this mode. The first
/// six stand where the names the words use would have them (the rules'
/// `COLOUR_NAMES`: red, blue, green, yellow, purple, orange): vermillion,
/// sky blue, bluish green, yellow, reddish purple, orange.
pub const PALETTE_CVD: [Color; 10] = [
    Color::srgb(0.84, 0.37, 0.00),
    Color::srgb(0.34, 0.71, 0.91),
    Color::srgb(0.00, 0.62, 0.45),
    Color::srgb(0.94, 0.89, 0.26),
    Color::srgb(0.80, 0.47, 0.65),
    Color::srgb(0.90, 0.62, 0.00),
    Color::srgb(0.00, 0.45, 0.70),
    Color::srgb(0.95, 0.95, 0.95),
    Color::srgb(0.45, 0.45, 0.45),
    Color::srgb(0.15, 0.15, 0.15),
];

/// The colours of colour-blind mode in words, as they show: the first six
/// as the rules name them but the fifth, whose reddish purple looks pink,
/// and the rest as they look.
pub const NAMES_CVD: [&str; 10] = [
    "red",
    "blue",
    "green",
    "yellow",
    "pink",
    "orange",
    "dark blue",
    "white",
    "grey",
    "black",
];

pub fn palette(colour_blind: bool) -> &'static [Color; 10] {
    if colour_blind { &PALETTE_CVD } else { &PALETTE }
}

/// `name` cut to at most `max` characters, "..." marking the cut.
pub fn short(name: &str, max: usize) -> String {
    if name.chars().count() <= max {
        name.to_string()
    } else {
        name.chars()
            .take(max.saturating_sub(3))
            .chain("...".chars())
            .collect()
    }
}

/// The typeface of every text: Noto Sans in place of Bevy's monospace
/// default, and its bold for titles and buttons.
#[derive(Resource, Clone)]
pub struct Fonts {
    pub bold: Handle<Font>,
}

/// Puts Noto Sans where every text without a font of its own looks (the
/// default font's handle), before the first frame lays any text out.
fn load_fonts(mut commands: Commands, fonts: Option<ResMut<Assets<Font>>>) {
    let Some(mut fonts) = fonts else {
        commands.insert_resource(Fonts {
            bold: Handle::default(),
        });
        return;
    };
    // The default font's id is always free to take; a failure here would
    // only leave Bevy's own font in place.
    let _ = fonts.insert(
        AssetId::default(),
        Font::from_bytes(notosans::REGULAR_TTF.to_vec()),
    );
    let bold = fonts.add(Font::from_bytes(notosans::BOLD_TTF.to_vec()));
    commands.insert_resource(Fonts { bold });
}

/// A line of text in the bold face, for titles.
pub fn heading(fonts: &Fonts, value: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (
        Text::new(value),
        TextFont {
            font: fonts.bold.clone().into(),
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(color),
    )
}

/// The look of a panel: the dark glass behind text, with a soft shadow
/// beneath it. Its node gets `PANEL_RADIUS` corners.
pub fn panel() -> impl Bundle {
    panel_in(PANEL)
}

/// A panel over other panels (the menu over the win's banner): nothing
/// under it shows through.
pub fn solid_panel() -> impl Bundle {
    panel_in(PANEL.with_alpha(1.0))
}

fn panel_in(colour: Color) -> impl Bundle {
    (
        BackgroundColor(colour),
        BoxShadow::new(
            Color::srgba(0.0, 0.02, 0.04, 0.45),
            px(0),
            px(4),
            px(0),
            px(12),
        ),
    )
}

/// The corners of panels.
pub const PANEL_RADIUS: BorderRadius = BorderRadius::all(Val::Px(14.0));

/// A line of UI text. Backquotes, which the core's messages use around
/// names, become plain quotes (`plain`): the typeface draws them as accents.
pub fn text(value: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (
        Text::new(plain(&value.into())),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(color),
    )
}

/// Words for the screen: the core's backquotes around names become plain
/// quotes, which the typeface draws as quotes (a backquote it draws as an
/// accent on the next letter).
pub fn plain(words: &str) -> String {
    words.replace('`', "'")
}

/// A card over a cover (the how-to card, the editor's "?"): a column
/// `width` pixels wide at most, its words centred.
pub fn card_node(width: f32) -> Node {
    Node {
        width: px(width),
        max_width: percent(94),
        max_height: percent(96),
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        row_gap: px(10),
        padding: UiRect::all(px(22)),
        border_radius: PANEL_RADIUS,
        ..default()
    }
}

/// A card's colour and its shadow on the cover: solid, so that nothing
/// under it (a win's banner) shows through its words.
pub fn card_look() -> (BackgroundColor, BoxShadow) {
    (
        BackgroundColor(Color::srgb(0.05, 0.13, 0.17)),
        BoxShadow::new(
            Color::srgba(0.0, 0.0, 0.0, 0.5),
            px(0),
            px(6),
            px(0),
            px(18),
        ),
    )
}

/// A layer over the whole window that dims what is under it and centres
/// what it holds (the menu, the how-to card, the code box); it takes the
/// clicks meant for what it covers. Dimmed deep: in a small window a card
/// covers most of the bars, and their words that peek out around it read
/// as clutter, cut off mid-word.
pub fn cover() -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(Color::srgba(0.0, 0.04, 0.06, 0.82)),
        // Buttons under it take no press and light under no pointer.
        bevy::ui::FocusPolicy::Block,
    )
}

/// A line of text that stays one line: it never wraps, and its font
/// shrinks (down to `min` pixels) when the line is wider than its parent's
/// room, and grows back (up to `max`) when the room comes back.
#[derive(Component, Debug, Clone, Copy)]
pub struct FitLine {
    pub max: f32,
    pub min: f32,
}

/// Near-black: numbers on light colours, and the discs under white ones.
pub const INK: Color = Color::srgb(0.06, 0.08, 0.11);

/// The colour to write on `colour` (a tile's number): dark on a light
/// colour, white on a dark one.
pub fn ink_on(colour: Color) -> Color {
    if colour.luminance() > 0.3 {
        INK
    } else {
        Color::WHITE
    }
}

/// What makes a text node a `FitLine` of at most `max` pixels.
pub fn fit_line(max: f32, min: f32) -> impl Bundle {
    (FitLine { max, min }, TextLayout::no_wrap())
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, load_fonts)
        .add_systems(Update, fit_lines)
        .add_plugins((art::plugin, widget::plugin, scroll_bar::plugin, tip::plugin));
}

/// Sizes each `FitLine`'s font to its parent's room, from the width the
/// line was laid out at (the width follows the font's size).
fn fit_lines(
    mut lines: Query<(
        &FitLine,
        &mut TextFont,
        &bevy::text::TextLayoutInfo,
        &ChildOf,
    )>,
    parents: Query<&ComputedNode>,
) {
    for (fit, mut font, info, parent) in &mut lines {
        let FontSize::Px(now) = font.font_size else {
            continue;
        };
        let Ok(room) = parents
            .get(parent.parent())
            .map(|p| p.content_box().width())
        else {
            continue;
        };
        let width = info.size.x;
        if width <= 0.0 || room <= 0.0 {
            continue;
        }
        // A little short of the room, so the line never touches its edge;
        // on a ladder of sizes, so it settles and the font's sizes are few.
        let want = on_ladder(now * room * 0.98 / width).clamp(fit.min, fit.max);
        if want < now || want >= now + 1.0 {
            font.font_size = FontSize::Px(want);
        }
    }
}

/// The largest size of the ladder at most `px`: whole pixels up to 16,
/// even ones above. Each size a text is drawn at keeps glyph pictures of
/// its own for the rest of the run (a megabyte or more, in memory and on
/// the renderer): lines fitted in half pixels from 10 to 40 made up to 61
/// of them, and a long session's memory grew with each new one.
fn on_ladder(px: f32) -> f32 {
    if px <= 16.0 {
        px.floor()
    } else {
        (px / 2.0).floor() * 2.0
    }
}

/// The sounds the game makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A frog steps or jumps (Swap, Hop).
    Hop,
    /// A jumped frog falls into the water (Hop).
    Splash,
    /// The flooded region takes a colour.
    Flood,
    /// An animal walks out of the prison (or back).
    Walk,
    /// The rules refused a move.
    Illegal,
    /// The level is won.
    Win,
}

#[cfg(test)]
mod tests {
    use super::on_ladder;

    #[test]
    fn fitted_lines_take_few_sizes() {
        let mut sizes: Vec<f32> = (20..=80).map(|half| on_ladder(half as f32 / 2.0)).collect();
        sizes.dedup();
        assert_eq!(
            sizes,
            [
                10., 11., 12., 13., 14., 15., 16., 18., 20., 22., 24., 26., 28., 30., 32., 34.,
                36., 38., 40.
            ]
        );
        // Never larger than asked.
        assert!((0..400).all(|k| on_ladder(k as f32 / 10.0) <= k as f32 / 10.0));
    }
}
