//! The Esc menu by keyboard and pointer: one focus, outlined.

use super::*;

/// The Esc menu's buttons, each with its place from the top.
fn menu_rows(app: &mut App) -> Vec<(Entity, usize)> {
    app.world_mut()
        .query::<(Entity, &game::menus::MenuRow)>()
        .iter(app.world())
        .map(|(e, r)| (e, r.0))
        .collect()
}

/// The pointer resting on one of the Esc menu's buttons while Tab rings
/// another: only the ringed one looks chosen (the button under the resting
/// pointer looks as the others), until the pointer moves again.
#[test]
fn a_resting_pointer_and_the_keyboards_ring_never_light_two_buttons() {
    use game::theme::widget::ButtonColours;
    let mut app = app();
    start_level(&mut app, "swap.ron", 1);
    press(&mut app, KeyCode::Escape);
    settle(&mut app);
    let rows = menu_rows(&mut app);
    let row = |n: usize| rows.iter().find(|r| r.1 == n).expect("a row").0;
    let looks_hovered = |app: &App, e: Entity| {
        let colours = app.world().get::<ButtonColours>(e).expect("colours");
        let now = app.world().get::<BackgroundColor>(e).expect("a fill").0;
        now == colours.hover
    };
    app.world_mut()
        .entity_mut(row(2))
        .insert(Interaction::Hovered);
    settle(&mut app);
    assert!(looks_hovered(&app, row(2)), "the pointer's button lights");
    press(&mut app, KeyCode::Tab);
    settle(&mut app);
    let ringed: Vec<Entity> = app
        .world_mut()
        .query_filtered::<Entity, (With<Outline>, With<game::play::PlayAction>)>()
        .iter(app.world())
        .collect();
    assert_eq!(ringed, [row(0)]);
    assert!(
        !looks_hovered(&app, row(2)),
        "two buttons look chosen: the pointer's and the ringed one"
    );
    // The pointer moves: its button lights again.
    app.world_mut().write_message(CursorMoved {
        window: Entity::PLACEHOLDER,
        position: Vec2::new(5.0, 5.0),
        delta: None,
    });
    settle(&mut app);
    assert!(looks_hovered(&app, row(2)));
}

/// The Esc menu has a keyboard focus: Down (or Tab) from none takes the
/// first button, Up the last; Enter presses the one focused, outlined alone.
#[test]
fn the_esc_menu_is_played_by_keyboard() {
    use game::play::Menu;
    let mut app = app();
    start_level(&mut app, "swap.ron", 1);
    let menu = |app: &App| *app.world().resource::<State<Menu>>().get();
    let outlined = |app: &mut App| {
        app.world_mut()
            .query_filtered::<(), (With<Outline>, With<game::play::PlayAction>)>()
            .iter(app.world())
            .count()
    };
    press(&mut app, KeyCode::Escape);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::Open);
    assert_eq!(outlined(&mut app), 0, "a focus before any key");
    press(&mut app, KeyCode::ArrowDown);
    settle(&mut app);
    assert_eq!(outlined(&mut app), 1);
    // The pointer over the second button takes the outline; back over the
    // first, it comes back.
    let rows = menu_rows(&mut app);
    let row = |n: usize| rows.iter().find(|r| r.1 == n).expect("a row").0;
    for n in [1, 0] {
        app.world_mut()
            .entity_mut(row(n))
            .insert(Interaction::Hovered);
        settle(&mut app);
        app.world_mut().entity_mut(row(n)).insert(Interaction::None);
        let lit: Vec<Entity> = app
            .world_mut()
            .query_filtered::<Entity, (With<Outline>, With<game::play::PlayAction>)>()
            .iter(app.world())
            .collect();
        assert_eq!(lit, [row(n)], "row {n} under the pointer");
    }
    // The first: Resume.
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::Closed);
    // Opened again, Up takes the last: the title.
    press(&mut app, KeyCode::Escape);
    settle(&mut app);
    press(&mut app, KeyCode::ArrowUp);
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::ArrowUp);
    settle(&mut app);
    assert_eq!(outlined(&mut app), 1);
    press(&mut app, KeyCode::Space);
    until_screen(&mut app, Screen::Title);
    // On the title, Tab takes the first button, and the next.
    settle(&mut app);
    let ringed = |app: &mut App| {
        app.world_mut()
            .query_filtered::<Entity, (With<Outline>, With<Button>)>()
            .iter(app.world())
            .collect::<Vec<_>>()
    };
    assert!(ringed(&mut app).is_empty());
    press(&mut app, KeyCode::Tab);
    settle(&mut app);
    let first = ringed(&mut app);
    assert_eq!(first.len(), 1);
    press(&mut app, KeyCode::Tab);
    settle(&mut app);
    let second = ringed(&mut app);
    assert_eq!(second.len(), 1);
    assert_ne!(first, second);
    // The pointer coming over another button takes the outline with it: one
    // focus, never two buttons lit.
    let other = app
        .world_mut()
        .query_filtered::<Entity, (With<Button>, With<bevy::ui_widgets::Button>)>()
        .iter(app.world())
        .find(|e| *e != second[0] && *e != first[0])
        .expect("a third button on the title");
    app.world_mut()
        .entity_mut(other)
        .insert(Interaction::Hovered);
    settle(&mut app);
    assert_eq!(
        ringed(&mut app),
        [other],
        "the outline stayed off the pointer"
    );
}

/// The Esc menu's arrows: Up and Down go round the left column (the game,
/// then the ways out), Right goes across to the settings' button in the
/// same place and Left back.
#[test]
fn the_esc_menus_arrows_go_round_a_column_and_across() {
    use game::menus::{MenuColumn, MenuFocus};
    let mut app = app();
    start_level(&mut app, "swap.ron", 1);
    press(&mut app, KeyCode::Escape);
    settle(&mut app);
    let focus = |app: &App| app.world().resource::<MenuFocus>().0;
    let column_of = |app: &mut App, row: usize| {
        let world = app.world_mut();
        let mut q = world.query::<(&game::menus::MenuRow, &MenuColumn)>();
        q.iter(world).find(|(r, _)| r.0 == row).map(|(_, c)| c.0)
    };
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(focus(&app), Some(0), "Down from none: Resume");
    press(&mut app, KeyCode::ArrowRight);
    let across = focus(&app).expect("a focus");
    assert_eq!(column_of(&mut app, across), Some(1), "Right: a setting");
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(focus(&app), Some(0), "Left: back to Resume");
    // Up from the top of the left column is its bottom: the title.
    press(&mut app, KeyCode::ArrowUp);
    let last = menu_rows(&mut app).iter().map(|r| r.1).max();
    assert_eq!(focus(&app), last);
    assert_eq!(column_of(&mut app, last.unwrap()), Some(0));
    // Down from the left column's last game button skips the settings.
    press(&mut app, KeyCode::ArrowDown);
    for _ in 0..3 {
        press(&mut app, KeyCode::ArrowDown);
    }
    press(&mut app, KeyCode::ArrowDown);
    let below = focus(&app).expect("a focus");
    assert_eq!(
        column_of(&mut app, below),
        Some(0),
        "Down stays in the column"
    );
}
