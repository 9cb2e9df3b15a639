//! The one button of the game: `button(label, action)` spawns it (Bevy's
//! headless `Button` widget, which fires `Activate` when a click is
//! released on it), `hover` colours every button as the pointer passes and
//! presses, and `activate::<A>` sends a button's action as a message.

use super::{BUTTON, BUTTON_HOVER, text};
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;

/// A button's colours at rest and under the pointer (pressed is darker).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct ButtonColours {
    pub rest: Color,
    pub hover: Color,
}

impl Default for ButtonColours {
    fn default() -> Self {
        ButtonColours {
            rest: BUTTON,
            hover: BUTTON_HOVER,
        }
    }
}

impl ButtonColours {
    /// A button painted in `colour`, lighter under the pointer.
    pub fn of(colour: Color) -> ButtonColours {
        ButtonColours {
            rest: colour,
            hover: colour.lighter(0.12),
        }
    }

    /// A button of a colour that means something (Flood's colours): a
    /// touch darker under the pointer, never paler (the move map's key
    /// says "pale" of the numbers it ranks, and a new player read a paler
    /// colour under the pointer as one of them).
    pub fn of_meaning(colour: Color) -> ButtonColours {
        ButtonColours {
            rest: colour,
            hover: colour.darker(0.08),
        }
    }

    fn at(&self, interaction: Interaction) -> Color {
        match interaction {
            Interaction::None => self.rest,
            Interaction::Hovered => self.hover,
            Interaction::Pressed => self.hover.darker(0.12),
        }
    }
}

/// A button that sends `action` when pressed; `label` is its content (a text,
/// or a column of texts), `node` its size and padding.
pub fn button<A: Component>(action: A, node: Node, label: impl Bundle) -> impl Bundle {
    coloured_button(action, ButtonColours::default(), node, label)
}

/// A button in colours of its own (a palette colour, say).
pub fn coloured_button<A: Component>(
    action: A,
    colours: ButtonColours,
    node: Node,
    label: impl Bundle,
) -> impl Bundle {
    (raised(action, colours, node), children![label])
}

/// A button without its content, for one that spawns its children itself:
/// rounded, raised on a shadow, coloured by `hover`.
pub fn raised<A: Component>(action: A, colours: ButtonColours, node: Node) -> impl Bundle {
    let mut node = node;
    if node.border_radius == BorderRadius::DEFAULT {
        node.border_radius = BorderRadius::all(px(10));
    }
    (
        Button,
        bevy::ui_widgets::Button,
        action,
        node,
        BackgroundColor(colours.rest),
        colours,
        BoxShadow::new(RAISED_SHADOW, px(0), px(3), px(0), px(4)),
    )
}

/// A choice's button says whether it is the one made: a white rim (the
/// maps' buttons, the widths' switch), none otherwise. Set only where it
/// changes.
pub fn set_rim(rim: &mut BorderColor, on: bool) {
    let want = BorderColor::all(if on { super::TEXT } else { Color::NONE });
    if *rim != want {
        *rim = want;
    }
}

/// A button greyed because it would change nothing (a number at its end):
/// it takes no click and does not light under the pointer. Spawned with
/// the button, or set on it later with `set_greyed`.
pub fn greyed() -> impl Bundle {
    (
        bevy::ui::InteractionDisabled,
        ButtonColours {
            rest: GREYED,
            hover: GREYED,
        },
    )
}

/// Greys a button (`greyed`) or brings it back to life.
pub fn set_greyed(button: &mut EntityWorldMut, on: bool) {
    if on {
        button.insert(greyed());
    } else {
        button.remove::<bevy::ui::InteractionDisabled>();
        button.insert(ButtonColours::default());
    }
}

/// A greyed button's words and icons fade with it, however deep in its
/// content; they come back with it.
fn grey_labels(
    buttons: Query<(Entity, Has<bevy::ui::InteractionDisabled>), Changed<ButtonColours>>,
    content: Query<&Children>,
    mut labels: Query<&mut TextColor>,
    mut icons: Query<&mut ImageNode>,
) {
    for (button, greyed) in &buttons {
        let alpha = if greyed { 0.4 } else { 1.0 };
        for part in content.iter_descendants(button) {
            if let Ok(mut colour) = labels.get_mut(part)
                && colour.0.alpha() != alpha
            {
                colour.0.set_alpha(alpha);
            }
            if let Ok(mut icon) = icons.get_mut(part)
                && icon.color.alpha() != alpha
            {
                icon.color.set_alpha(alpha);
            }
        }
    }
}

/// A greyed button's colour: the button's, faded into the panel.
const GREYED: Color = Color::srgba(0.18, 0.42, 0.36, 0.3);

/// The shadow under a button at rest: it sits a little above the panel.
const RAISED_SHADOW: Color = Color::srgba(0.0, 0.03, 0.05, 0.5);

/// A button with one line of text.
pub fn text_button<A: Component>(action: A, label: &str, size: f32) -> impl Bundle {
    padded_button(action, label, size, UiRect::axes(px(18), px(10)))
}

/// A text button with less room around its label, for a row in a small
/// window.
pub fn small_text_button<A: Component>(action: A, label: &str, size: f32) -> impl Bundle {
    padded_button(action, label, size, UiRect::axes(px(10), px(7)))
}

fn padded_button<A: Component>(action: A, label: &str, size: f32, padding: UiRect) -> impl Bundle {
    button(
        action,
        Node {
            padding,
            justify_content: JustifyContent::Center,
            ..default()
        },
        text(label, size, super::TEXT),
    )
}

/// Three stars in a row, `earned` of them filled, each `size` pixels.
pub fn stars(pictures: &super::art::Pictures, earned: u8, size: f32) -> impl Bundle {
    let star = |i: u8| {
        (
            ImageNode::new(if i < earned {
                pictures.star.clone()
            } else {
                pictures.star_empty.clone()
            }),
            Node {
                width: px(size),
                height: px(size),
                ..default()
            },
        )
    };
    (
        Node {
            column_gap: px(size * 0.1),
            align_items: AlignItems::Center,
            ..default()
        },
        children![star(0), star(1), star(2)],
    )
}

pub(super) fn plugin(app: &mut App) {
    // (The window's plugin adds the pointer's moves; a headless app has none.)
    app.init_resource::<KeysLead>()
        .add_message::<CursorMoved>()
        .add_systems(
            Update,
            ((keys_lead, hover).chain(), grey_labels, scroll_parts, arm),
        );
}

/// A button that takes no press for a moment after it appears: one that
/// comes under the pointer (a win's banner where a colour button stood)
/// is not pressed by a quick second click meant for what stood there (a
/// player's double click restarted a level just won).
#[derive(Component, Debug, Clone)]
pub struct Arming(pub Timer);

/// How long a button that appears under the pointer waits before it takes
/// a press.
pub const ARMING_SECONDS: f32 = 0.5;

impl Default for Arming {
    fn default() -> Self {
        Arming(Timer::from_seconds(ARMING_SECONDS, TimerMode::Once))
    }
}

/// The arming buttons' moment passes.
fn arm(mut commands: Commands, time: Res<Time>, mut arming: Query<(Entity, &mut Arming)>) {
    for (button, mut wait) in &mut arming {
        if wait.0.tick(time.delta()).is_finished() {
            commands.entity(button).remove::<Arming>();
        }
    }
}

/// Whether the keyboard leads: a key that moves a focus (Tab, an arrow) was
/// pressed since the pointer last moved. A button under a resting pointer
/// then looks as any other, and the keyboard's ring is the one mark of
/// where the player is (never two buttons lit at once).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct KeysLead(pub bool);

fn keys_lead(
    keys: Res<ButtonInput<KeyCode>>,
    mut moved: MessageReader<CursorMoved>,
    mut lead: ResMut<KeysLead>,
) {
    const MOVES_FOCUS: [KeyCode; 5] = [
        KeyCode::Tab,
        KeyCode::ArrowUp,
        KeyCode::ArrowDown,
        KeyCode::ArrowLeft,
        KeyCode::ArrowRight,
    ];
    let want = if moved.read().count() > 0 {
        false
    } else {
        lead.0 || keys.any_just_pressed(MOVES_FOCUS)
    };
    if lead.0 != want {
        lead.0 = want;
    }
}

/// A part of a screen (a panel's column) whose content scrolls by the wheel
/// while the pointer is over it, when it is taller than its room.
#[derive(Component)]
pub struct WheelScroll;

/// Pixels a wheel's line scrolls a `WheelScroll` part.
const WHEEL_LINE: f32 = 40.0;

/// What `hover` changes of a button.
type ButtonLook = (
    &'static Interaction,
    &'static ButtonColours,
    &'static mut BackgroundColor,
    Option<&'static mut BoxShadow>,
    Option<&'static mut UiTransform>,
    Option<&'static ComputedNode>,
);

/// The most a button grows under the pointer: 3%, and at most this many
/// pixels across (a row as wide as a narrow window grew to its edges).
const HOVER_GROWTH: f32 = 0.03;
const HOVER_GROWTH_MOST: f32 = 10.0;

/// A button whose pointer state or colours changed this frame.
type Touched = Or<(Changed<Interaction>, Changed<ButtonColours>)>;

/// Every button's colour follows the pointer: lighter and a touch bigger
/// under it, and pressed down onto its shadow when clicked; while the
/// keyboard leads, a button under the resting pointer looks at rest.
fn hover(
    mut buttons: Query<(Entity, ButtonLook)>,
    touched: Query<(), Touched>,
    lead: Res<KeysLead>,
    content: Query<&Children>,
    mut labels: Query<&mut TextColor>,
) {
    let all = lead.is_changed();
    for (e, (interaction, colours, mut background, shadow, transform, node)) in &mut buttons {
        if !all && !touched.contains(e) {
            continue;
        }
        let interaction = match interaction {
            Interaction::Hovered if lead.0 => &Interaction::None,
            other => other,
        };
        background.0 = colours.at(*interaction);
        light_dim_labels(e, *interaction != Interaction::None, &content, &mut labels);
        let width = node.map_or(0.0, |n| n.size().x * n.inverse_scale_factor());
        let grow = if width > 0.0 {
            HOVER_GROWTH.min(HOVER_GROWTH_MOST / width)
        } else {
            HOVER_GROWTH
        };
        let (lift, scale) = match interaction {
            Interaction::None => (3.0, 1.0),
            Interaction::Hovered => (4.0, 1.0 + grow),
            Interaction::Pressed => (0.0, 1.0 - grow),
        };
        if let Some(mut shadow) = shadow
            && let Some(style) = shadow.0.first_mut()
        {
            style.y_offset = px(lift);
        }
        if let Some(mut transform) = transform {
            transform.scale = Vec2::splat(scale);
            transform.translation = Val2::px(0.0, 3.0 - lift);
        }
    }
}

/// A dim line of a button's (a pack's blurb, "solved") under the pointer:
/// lit enough to read on the button's lighter colour (the dim line on it
/// was hard to read, a new player found).
const TEXT_DIM_LIT: Color = Color::srgb(0.93, 0.97, 0.95);

/// A button's dim lines lit (`lit`) or dim again, their fade kept.
fn light_dim_labels(
    button: Entity,
    lit: bool,
    content: &Query<&Children>,
    labels: &mut Query<&mut TextColor>,
) {
    let (from, to) = if lit {
        (super::TEXT_DIM, TEXT_DIM_LIT)
    } else {
        (TEXT_DIM_LIT, super::TEXT_DIM)
    };
    let from = from.to_srgba();
    for part in content.iter_descendants(button) {
        if let Ok(mut colour) = labels.get_mut(part) {
            let now = colour.0.to_srgba();
            let same = [
                (now.red, from.red),
                (now.green, from.green),
                (now.blue, from.blue),
            ]
            .iter()
            .all(|(a, b)| (a - b).abs() < 0.002);
            if same {
                colour.0 = to.with_alpha(now.alpha);
            }
        }
    }
}

/// Sends the action of a button the player activates (a click released on
/// it, or Enter on it while it has the input focus), unless it is still
/// `Arming`. Each part that has
/// buttons observes its own action type: `add_observer(activate::<A>)`.
pub fn activate<A: Component + Message + Clone>(
    event: On<bevy::ui_widgets::Activate>,
    buttons: Query<&A, Without<Arming>>,
    mut actions: MessageWriter<A>,
    redraw: Option<ResMut<Messages<bevy::window::RequestRedraw>>>,
) {
    if let Ok(action) = buttons.get(event.entity) {
        actions.write(action.clone());
        // A resting window draws on events only, and the click's release
        // was the last: the frames that carry the action out are asked for.
        if let Some(mut redraw) = redraw {
            redraw.write(bevy::window::RequestRedraw);
        }
    }
}

/// How far a part that scrolls goes down, in logical pixels: its content's
/// height past its own (none when it all shows).
pub fn scroll_most(node: &ComputedNode) -> f32 {
    ((node.content_size().y - node.size().y) * node.inverse_scale_factor()).max(0.0)
}

/// The wheel scrolls the `WheelScroll` part under the pointer.
fn scroll_parts(
    mut wheel: MessageReader<MouseWheel>,
    window: Option<Single<&Window, With<bevy::window::PrimaryWindow>>>,
    mut parts: Query<(&mut ScrollPosition, &ComputedNode, &UiGlobalTransform), With<WheelScroll>>,
) {
    let mut lines = 0.0;
    for w in wheel.read() {
        lines -= match w.unit {
            MouseScrollUnit::Line => w.y * WHEEL_LINE,
            MouseScrollUnit::Pixel => w.y,
        };
    }
    let Some(pointer) = window.as_ref().and_then(|w| w.physical_cursor_position()) else {
        return;
    };
    if lines == 0.0 {
        return;
    }
    for (mut at, node, place) in &mut parts {
        let half = node.size() / 2.0;
        let d = pointer - place.translation;
        if d.x.abs() > half.x || d.y.abs() > half.y {
            continue;
        }
        let y = (at.0.y + lines).clamp(0.0, scroll_most(node));
        if y != at.0.y {
            at.0.y = y;
        }
    }
}
