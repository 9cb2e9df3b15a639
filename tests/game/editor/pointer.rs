//! The pointer on the editor's board: the cell under it is ringed, one
//! ring at a time with the keyboard's; what a new level shows first; and
//! the "?" card over the editor.

use super::*;
use pond_puzzles::game::editor::HoverRing;

/// The hover ring's place on the board (window pixels), or None while it
/// is hidden (its own visibility: a headless game propagates none).
fn hover_ring(app: &mut App) -> Option<Vec2> {
    let world = app.world_mut();
    let mut rings = world.query_filtered::<(&GlobalTransform, &Visibility), With<HoverRing>>();
    let (at, seen) = rings
        .single(world)
        .map(|(at, seen)| (at.translation(), *seen != Visibility::Hidden))
        .expect("one hover ring");
    let mut cameras = world.query::<(&Camera, &GlobalTransform)>();
    let (camera, eye) = cameras.single(world).expect("one camera");
    seen.then(|| camera.world_to_viewport(eye, at).expect("in view"))
}

fn point(app: &mut App, at: Vec2) {
    let world = app.world_mut();
    let mut windows = world.query_filtered::<&mut Window, With<bevy::window::PrimaryWindow>>();
    windows
        .single_mut(world)
        .unwrap()
        .set_cursor_position(Some(at));
    app.update();
    app.update();
}

/// A cell under the pointer is ringed where it stands; the ring follows the
/// pointer, leaves with it for a panel, and gives way to the keyboard's
/// cell (Esc brings it back).
#[test]
fn the_cell_under_the_pointer_is_ringed() {
    let mut app = editing_in_window("flood.ron", 1, UVec2::new(1280, 720));
    for cell in [(2, 3), (0, 0)] {
        let at = on_window(&mut app, cell);
        point(&mut app, at);
        let ring = hover_ring(&mut app).expect("a ring under the pointer");
        assert!(
            ring.distance(at) < 2.0,
            "{cell:?}: ring at {ring}, cell at {at}"
        );
    }
    // Over the left panel: no cell, no ring.
    point(&mut app, Vec2::new(60.0, 360.0));
    assert_eq!(hover_ring(&mut app), None, "over a panel");
    let at = on_window(&mut app, (1, 1));
    point(&mut app, at);
    assert!(hover_ring(&mut app).is_some());
    press(&mut app, KeyCode::ArrowRight);
    app.update();
    assert!(editor(&app).cursor.is_some(), "the keyboard's cell");
    assert_eq!(hover_ring(&mut app), None, "one ring: the keyboard's");
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(editor(&app).cursor, None);
    assert!(hover_ring(&mut app).is_some(), "the pointer's ring again");
}

/// A new pond level (the red frog jumps the green one) can be won, and its
/// verdict counts its one position in the singular ("1 positions" was
/// seen).
#[test]
fn a_new_pond_level_can_be_won_and_its_count_reads_right() {
    let mut app = app_with(game::GameOptions {
        data_dir: Some(temp_data_dir()),
        pack: Some("hop.ron".into()),
        edit: true,
        ..Default::default()
    });
    until_screen(&mut app, Screen::Edit);
    let v = verdict(&mut app);
    assert!(matches!(v.answer, Answer::Won { .. }), "{:?}", v.answer);
    settle(&mut app);
    let words = texts(&mut app);
    let line = words
        .iter()
        .find(|t| t.starts_with("Decided in"))
        .expect("the verdict's time");
    assert_eq!(v.positions, 1, "{line}");
    // The positions the search looked at, said so ("Shortest: 1 move"
    // beside "1 position" read as a contradiction to a new player).
    assert!(line.ends_with(", looking at 1 position"), "{line}");
}

/// "?" (or F1, or the "?" button) shows what each part of the editor does
/// and its keys and where saves go, whole in a window of 800x600 (a new player pressed "?" in
/// the editor and nothing happened); Enter and Esc close it without
/// playing or leaving, and while it shows a press on the board draws
/// nothing.
#[test]
fn the_question_mark_shows_the_editors_card_and_closes_it() {
    let size = UVec2::new(800, 600);
    let mut app = editing_in_window("flood.ron", 1, size);
    let card = |app: &mut App| -> Option<Rect> {
        window::laid_out(app)
            .into_iter()
            .find(|n| n.name.as_deref() == Some("Editor help"))
            .map(|n| n.rect)
    };
    assert_eq!(card(&mut app), None);
    let on_edit = |app: &App| *app.world().resource::<State<Screen>>().get() == Screen::Edit;
    for (open, close) in [
        (KeyCode::Slash, KeyCode::Enter),
        (KeyCode::F1, KeyCode::Escape),
    ] {
        press(&mut app, open);
        settle(&mut app);
        assert!(card(&mut app).is_some(), "{open:?} opens the card");
        let nodes = window::laid_out(&mut app);
        let inside = Rect::from_corners(Vec2::ZERO, size.as_vec2());
        for words in [
            "The level editor",
            "Ctrl+Z undo",
            "Arrows and Enter draw",
            // Where the saves go, for a player who would open the file.
            "Your packs are the files in",
            "Got it (Enter)",
        ] {
            let n = nodes
                .iter()
                .find(|n| n.text.as_deref().is_some_and(|t| t.starts_with(words)))
                .unwrap_or_else(|| panic!("{words:?} on the card"));
            assert!(
                n.rect.intersect(inside) == n.rect,
                "{words:?} at {:?}, out of the window",
                n.rect
            );
        }
        press(&mut app, close);
        settle(&mut app);
        assert_eq!(card(&mut app), None, "{close:?} closes the card");
        assert!(on_edit(&app), "{close:?} only closed the card");
    }
    // Open, a press on the board paints nothing; the button closes it.
    act(&mut app, EditAction::Help);
    settle(&mut app);
    assert!(card(&mut app).is_some(), "the button opens the card");
    // A colour the cell has not: the same press paints once the card is
    // gone (so the first press was refused by the card, not for nothing).
    let before = editor(&app).draft;
    let Some(FloodDraft { width, cells, .. }) = before.part() else {
        panic!("a Flood level")
    };
    let other = usize::from(cells[*width as usize + 1] == 0);
    act(&mut app, EditAction::Pick(0, other));
    let at = on_window(&mut app, (1, 1));
    window::tap(&mut app, at);
    assert_eq!(editor(&app).draft, before, "nothing drawn under the card");
    act(&mut app, EditAction::Help);
    settle(&mut app);
    assert_eq!(card(&mut app), None);
    window::tap(&mut app, at);
    assert_ne!(editor(&app).draft, before, "drawn with the card gone");
}

/// A row of seven pads in the editor at 800x600 fills the room between the
/// panels: its pads at least 44 pixels apart (room at its ends for the
/// reeds and the word "Goal" made them 38), its reeds and stones shown
/// above and below it, none cut by the window or under a panel.
#[test]
fn a_swap_row_fills_the_editors_room_at_800x600() {
    let size = UVec2::new(800, 600);
    let mut app = editing_in_window("swap.ron", 5, size);
    let (first, second) = (on_window(&mut app, (0, 0)), on_window(&mut app, (0, 1)));
    let last = on_window(&mut app, (0, 6));
    let step = second.x - first.x;
    assert!(step >= 44.0, "pads {step} pixels apart");
    assert!(
        last.x < 590.0,
        "the last pad at {last}, under the right panel"
    );
    let faults = super::window::scenery_faults(&mut app, size.as_vec2());
    assert!(faults.is_empty(), "{faults:#?}");
    assert_eq!(
        super::window::scenery_shown(&mut app),
        3,
        "reeds and stones shown"
    );
}
