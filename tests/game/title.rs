//! The title's ways to the settings and the level editor: each a button
//! and a key (S, E), as a player finds them before playing.

use super::*;

#[test]
fn the_title_opens_the_settings_and_the_editor() {
    let mut app = app();
    until_screen(&mut app, Screen::Title);
    settle(&mut app);
    let shown = texts(&mut app);
    for label in ["Settings (S)", "Make a level (E)"] {
        assert!(shown.iter().any(|t| t == label), "{label}: {shown:?}");
    }
    // S: the settings, each saying how it is now; its key changes it there.
    press(&mut app, KeyCode::KeyS);
    until_screen(&mut app, Screen::Settings);
    settle(&mut app);
    assert!(texts(&mut app).iter().any(|t| t == "Colour-blind: off (C)"));
    press(&mut app, KeyCode::KeyC);
    settle(&mut app);
    let settings = *app.world().resource::<game::settings::Settings>();
    assert!(settings.colour_blind);
    let shown = texts(&mut app);
    assert!(
        shown.iter().any(|t| t == "Colour-blind: on (C)"),
        "{shown:?}"
    );
    // Its button too: the move map on.
    tap_button(&mut app, "Move map: off (M)");
    settle(&mut app);
    assert!(app.world().resource::<game::settings::Settings>().move_map);
    press(&mut app, KeyCode::Escape);
    until_screen(&mut app, Screen::Title);
    // E: the editor, on a new level.
    press(&mut app, KeyCode::KeyE);
    until_screen(&mut app, Screen::Edit);
    settle(&mut app);
    let shown = texts(&mut app);
    assert!(shown.iter().any(|t| t == "Level editor"), "{shown:?}");
    press(&mut app, KeyCode::Escape);
    until_screen(&mut app, Screen::Title);
}

/// The title's line names the number keys there are packs for: five
/// shipped packs, "keys 1 to 5" (it said "1 to 9").
#[test]
fn the_title_names_the_keys_of_its_packs() {
    let mut app = app();
    until_screen(&mut app, Screen::Title);
    settle(&mut app);
    let packs = app
        .world()
        .resource::<pond_puzzles::game::packs::Packs>()
        .listed()
        .count();
    assert_eq!(packs, pond_puzzles::levels::SHIPPED.len());
    let line = format!("Pick a pack: click, keys 1 to {packs}, or arrows and Enter.");
    let shown = texts(&mut app);
    assert!(shown.contains(&line), "{shown:?}");
}

/// A pack row under the pointer grows a touch, never to the window's edges:
/// at 800x600 a row is nearly the window's width, and the 3% every button
/// grows took it to the edges (a new player saw it).
#[test]
fn a_hovered_pack_row_keeps_clear_of_the_windows_edges() {
    let size = UVec2::new(800, 600);
    let mut app = app_in_window(
        game::GameOptions {
            data_dir: Some(temp_data_dir()),
            ..Default::default()
        },
        Some(size),
    );
    until_screen(&mut app, Screen::Title);
    settle(&mut app);
    let nodes = window::laid_out(&mut app);
    let name = pond_puzzles::levels::parse_pack(SHIPPED[0].0, SHIPPED[0].1)
        .expect("a shipped pack")
        .name;
    let label = nodes
        .iter()
        .find(|n| n.text.as_deref() == Some(name.as_str()))
        .expect("the first pack's name");
    // The row: the widest button holding its name.
    let row = nodes
        .iter()
        .filter(|n| n.button && n.rect.contains(label.rect.center()))
        .max_by(|a, b| a.rect.width().total_cmp(&b.rect.width()))
        .expect("the pack's row");
    assert!(row.rect.width() > 700.0, "{:?}", row.rect);
    let (entity, rect) = (row.entity, row.rect);
    let at_rest = least_contrast(&mut app, entity);
    window::point_at(&mut app, rect.center());
    settle(&mut app);
    assert_eq!(
        app.world().get::<Interaction>(entity),
        Some(&Interaction::Hovered),
        "the row is under the pointer"
    );
    // Its dim lines light with it (the blurb on the lighter colour was hard
    // to read): no line is harder to read than at rest.
    let hovered = least_contrast(&mut app, entity);
    assert!(
        hovered >= at_rest - 0.05,
        "the least contrast of the row's words: {at_rest:.2} at rest, {hovered:.2} hovered"
    );
    let scale = app
        .world()
        .get::<UiTransform>(entity)
        .expect("a button's transform")
        .scale
        .x;
    let grown = rect.width() * scale;
    assert!(
        scale > 1.0 && grown - rect.width() <= 10.5,
        "grown from {} to {grown}",
        rect.width()
    );
    let margin = (size.x as f32 - grown) / 2.0;
    assert!(margin >= 10.0, "{margin} px from each edge");
}

/// The least contrast (WCAG's ratio) of a button's words against its colour.
fn least_contrast(app: &mut App, button: Entity) -> f32 {
    fn luminance(c: Color) -> f32 {
        let c = c.to_linear();
        0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
    }
    let world = app.world_mut();
    let back = world
        .get::<BackgroundColor>(button)
        .expect("a button's colour")
        .0;
    let mut parts = Vec::new();
    let mut open = vec![button];
    while let Some(e) = open.pop() {
        if let Some(children) = world.get::<Children>(e) {
            open.extend(children.iter());
        }
        parts.push(e);
    }
    let least = parts
        .iter()
        .filter_map(|&p| world.get::<TextColor>(p))
        .map(|t| {
            let (a, b) = (luminance(t.0), luminance(back));
            (a.max(b) + 0.05) / (a.min(b) + 0.05)
        })
        .fold(f32::INFINITY, f32::min);
    assert!(least.is_finite(), "the button has words");
    least
}

/// A pack of the player's own (the editor's "My levels") says so under its
/// name, with the puzzles it holds: with one Flood level it read as the
/// shipped Flood pack ("Flood the grid to one colour from the corner").
#[test]
fn a_pack_of_the_players_own_says_so_on_the_title() {
    let dir = temp_data_dir();
    std::fs::create_dir_all(dir.join("packs")).unwrap();
    std::fs::write(
        dir.join("packs/my-levels.ron"),
        r#"Pack(name: "My levels", levels: [
            Flood(name: "Mine", cells: ["01", "10"]),
            Swap(name: "Row", row: "L_R"),
            Flood(name: "Mine too", cells: ["00", "10"]),
        ])"#,
    )
    .unwrap();
    let mut app = app_with(game::GameOptions {
        data_dir: Some(dir),
        ..Default::default()
    });
    until_screen(&mut app, Screen::Title);
    settle(&mut app);
    let shown = texts(&mut app);
    assert!(shown.iter().any(|t| t == "My levels"), "{shown:?}");
    assert!(
        shown.iter().any(|t| t == "Levels of your own: Flood, Swap"),
        "{shown:?}"
    );
}
