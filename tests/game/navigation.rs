//! The menus' keyboard focus, moved by Bevy's tab order and directional
//! navigation, on the laid-out screens a player sees.

use super::window::{laid_app, middle_of, point_at};
use super::*;
use bevy::ui::{ComputedNode, UiGlobalTransform};

/// The menu buttons shown, each with its rectangle on the window.
fn shown_buttons(app: &mut App) -> Vec<(Entity, Rect)> {
    let world = app.world_mut();
    let mut q = world.query_filtered::<(
        Entity,
        &ComputedNode,
        &UiGlobalTransform,
        &InheritedVisibility,
    ), (
        With<Button>,
        With<bevy::input_focus::tab_navigation::TabIndex>,
    )>();
    q.iter(world)
        .filter(|(_, n, _, v)| v.get() && n.size().x > 0.0)
        .map(|(e, n, at, _)| (e, Rect::from_center_size(at.translation, n.size())))
        .collect()
}

/// The one outlined button (the keyboard's focus), if any.
fn outlined(app: &mut App) -> Option<Entity> {
    let world = app.world_mut();
    let mut q = world.query_filtered::<Entity, (With<Outline>, With<Button>)>();
    let lit: Vec<Entity> = q.iter(world).collect();
    assert!(lit.len() <= 1, "two buttons outlined: {lit:?}");
    lit.first().copied()
}

fn tap(app: &mut App, key: KeyCode) -> Option<Entity> {
    press(app, key);
    app.update();
    app.update();
    outlined(app)
}

/// On the title, a pack's level select, the statistics and the settings:
/// Tab goes once round every shown button in reading order (each the next
/// in its row or in a row below, until it comes back to the first), and
/// the arrows reach every button from the first.
#[test]
fn tab_and_the_arrows_reach_every_menu_button_in_reading_order() {
    for size in [UVec2::new(1280, 720), UVec2::new(800, 600)] {
        reach_every_menu_button(size);
    }
}

fn reach_every_menu_button(size: UVec2) {
    let mut app = laid_app(size);
    let screens = [
        (Screen::Title, None),
        (Screen::Levels, Some(0)),
        (Screen::Levels, Some(2)),
        (Screen::Stats, None),
        (Screen::Settings, None),
    ];
    for (to, pack) in screens {
        if let Some(p) = pack {
            app.world_mut().resource_mut::<Current>().pack = p;
        }
        app.world_mut().resource_mut::<NextState<Screen>>().set(to);
        settle(&mut app);
        let at = format!("{size} {to:?} {pack:?}");
        let buttons = shown_buttons(&mut app);
        assert!(!buttons.is_empty(), "{at}: no buttons");
        let rect = |e: Entity| buttons.iter().find(|b| b.0 == e).map(|b| b.1);
        assert_eq!(outlined(&mut app), None, "{at}: a focus before any key");
        // Tab, once round.
        let first = tap(&mut app, KeyCode::Tab).expect("Tab outlined a button");
        let mut seen = vec![first];
        loop {
            let prev = rect(*seen.last().unwrap()).expect("a shown button");
            let next = tap(&mut app, KeyCode::Tab).expect("Tab keeps a focus");
            if next == first {
                break;
            }
            let r = rect(next).unwrap_or_else(|| panic!("{at}: Tab to a button not shown"));
            assert!(!seen.contains(&next), "{at}: Tab came back early");
            // The next in its row (to the right) or in a row below.
            let same_row = r.min.y < prev.max.y && r.max.y > prev.min.y;
            assert!(
                (same_row && r.min.x >= prev.max.x - 1.0) || r.min.y >= prev.center().y,
                "{at}: Tab went from {prev:?} back to {r:?}"
            );
            seen.push(next);
            assert!(seen.len() <= buttons.len(), "{at}: Tab never came round");
        }
        assert_eq!(seen.len(), buttons.len(), "{at}: Tab passed buttons by");
        // Shift+Tab goes back to the last.
        key_state(&mut app, KeyCode::ShiftLeft, ButtonState::Pressed);
        let back = tap(&mut app, KeyCode::Tab);
        key_state(&mut app, KeyCode::ShiftLeft, ButtonState::Released);
        assert_eq!(back, seen.last().copied(), "{at}: Shift+Tab");
        // The arrows: from each button reached, each arrow; every button
        // is reached (the focus is brought to a button by the pointer,
        // which it follows once shown).
        let mut reached = vec![first];
        let mut i = 0;
        while i < reached.len() {
            for key in [
                KeyCode::ArrowRight,
                KeyCode::ArrowDown,
                KeyCode::ArrowLeft,
                KeyCode::ArrowUp,
            ] {
                // (A button scrolled out of the window is not pointed at.)
                let middle = middle_of(&mut app, reached[i]);
                if middle.y > size.y as f32 - 5.0 || middle.y < 5.0 {
                    break;
                }
                point_at(&mut app, Vec2::new(1.0, 1.0));
                point_at(&mut app, middle);
                app.update();
                assert_eq!(outlined(&mut app), Some(reached[i]), "{at}: the pointer");
                let to = tap(&mut app, key);
                // Left and Right keep to the row (at its end, the focus
                // stays where it is).
                if matches!(key, KeyCode::ArrowLeft | KeyCode::ArrowRight)
                    && let (Some(from), Some(r)) = (rect(reached[i]), to.and_then(rect))
                {
                    assert!(
                        r.min.y < from.max.y && r.max.y > from.min.y,
                        "{at}: {key:?} from {from:?} to another row, {r:?}"
                    );
                }
                if let Some(to) = to
                    && !reached.contains(&to)
                {
                    reached.push(to);
                }
            }
            i += 1;
        }
        let missed: Vec<Rect> = buttons
            .iter()
            .filter(|b| !reached.contains(&b.0))
            .map(|b| b.1)
            .collect();
        assert!(missed.is_empty(), "{at}: no arrow reaches {missed:?}");
    }
}

/// In a window too short for the Escape pack's seventy levels, the level
/// select scrolls to keep the button the arrows reach in sight; on the
/// settings, a setting pressed by the keyboard keeps the focus on it when
/// the screen is built again.
#[test]
fn the_keyboards_button_stays_in_sight_and_focused() {
    let mut app = laid_app(UVec2::new(800, 600));
    let escape = SHIPPED
        .iter()
        .position(|(file, _)| *file == "escape.ron")
        .expect("the Escape pack");
    app.world_mut().resource_mut::<Current>().pack = escape;
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Levels);
    settle(&mut app);
    let mut moved_down = 0.0;
    for n in 0..14 {
        let e = tap(&mut app, KeyCode::ArrowDown).expect("an outlined button");
        settle(&mut app);
        let r = Rect::from_center_size(middle_of(&mut app, e), Vec2::ONE);
        assert!(
            r.min.y >= 0.0 && r.max.y <= 600.0,
            "Down {n}: the focused button at {r:?}, out of the window"
        );
        moved_down = r.center().y.max(moved_down);
    }
    assert!(moved_down > 300.0, "the focus never went down the page");
    // The settings: Enter on the first setting changes it, and the focus
    // stays on that button, built again.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Settings);
    settle(&mut app);
    let first = tap(&mut app, KeyCode::ArrowDown).expect("a setting outlined");
    let words = |app: &mut App, e: Entity| {
        let world = app.world_mut();
        let mut q = world.query::<(&Text, &ChildOf)>();
        let w: Vec<String> = (q.iter(world))
            .filter(|(_, c)| c.parent() == e)
            .map(|(t, _)| t.0.clone())
            .collect();
        w.join(" ")
    };
    let before = words(&mut app, first);
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    let after = outlined(&mut app).expect("the focus kept after the change");
    assert_ne!(words(&mut app, after), before, "the setting did not change");
}

/// With no outline yet, the keys start from the button under the pointer:
/// Down from a hovered level is the one below it, not the page's first.
#[test]
fn the_first_key_starts_from_the_button_under_the_pointer() {
    let mut app = first_packs_levels();
    let buttons = shown_buttons(&mut app);
    // A button with another straight below it, past the page's first row.
    let top = buttons
        .iter()
        .map(|b| b.1.center().y)
        .fold(f32::MAX, f32::min);
    let (hovered, rect) = buttons
        .iter()
        .filter(|(_, r)| r.center().y > top + 1.0)
        .find(|(_, r)| {
            buttons.iter().any(|(_, o)| {
                o.center().y > r.max.y && (o.center().x - r.center().x).abs() < r.width() / 2.0
            })
        })
        .copied()
        .expect("a button with one below it");
    point_at(&mut app, rect.center());
    settle(&mut app);
    assert_eq!(outlined(&mut app), None, "no outline before a key");
    let down = tap(&mut app, KeyCode::ArrowDown).expect("Down outlined a button");
    let below = buttons
        .iter()
        .find(|b| b.0 == down)
        .map(|b| b.1)
        .expect("a shown button");
    assert_ne!(down, hovered);
    assert!(
        below.center().y > rect.max.y,
        "Down from the hovered button at {rect:?} went to {below:?}"
    );
}

/// The line under the level grid names the level the keyboard is on, even
/// with the pointer resting on another card.
#[test]
fn the_level_line_follows_the_keyboard() {
    let mut app = first_packs_levels();
    // The line: "3. Its name (grade)".
    let line = |app: &mut App| {
        texts(app).into_iter().find(|t| {
            let digits = t.chars().take_while(char::is_ascii_digit).count();
            digits > 0 && t[digits..].starts_with(". ")
        })
    };
    let buttons = shown_buttons(&mut app);
    let (_, first) = *buttons
        .iter()
        .min_by(|a, b| {
            (a.1.center().y, a.1.center().x)
                .partial_cmp(&(b.1.center().y, b.1.center().x))
                .unwrap()
        })
        .expect("a level card");
    point_at(&mut app, first.center());
    settle(&mut app);
    let pointed = line(&mut app).expect("the pointed level named");
    assert!(pointed.starts_with("1. "), "{pointed}");
    tap(&mut app, KeyCode::ArrowRight).expect("Right outlined a card");
    settle(&mut app);
    let keyed = line(&mut app).expect("a level named");
    assert!(keyed.starts_with("2. "), "after Right: {keyed}");
}

/// The first pack's level select at 1280x720.
fn first_packs_levels() -> App {
    let mut app = laid_app(UVec2::new(1280, 720));
    app.world_mut().resource_mut::<Current>().pack = 0;
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Levels);
    settle(&mut app);
    app
}
