//! A button's tip: once the pointer rests on a button of the solver's
//! panel or the search's column, a line says what it does, inside the
//! window and clear of the button, and goes when the pointer leaves.

use super::window::{laid_app, laid_out};
use super::*;
use pond_puzzles::game::panels::{SolverPanelOpen, TreeViewOpen};
use pond_puzzles::game::theme::tip::{Tip, TipBox, TipWait};

/// Each tip of the play screen with both panels open, hovered in turn: its
/// box shows its words within the window, beside its button, not over it;
/// with the pointer gone, the box goes.
#[test]
fn every_tip_shows_inside_the_window_and_goes() {
    for size in [UVec2::new(1280, 720), UVec2::new(800, 600)] {
        let mut app = laid_app(size);
        app.insert_resource(TipWait(0.0));
        start_level(&mut app, "pegs.ron", 2);
        app.world_mut().resource_mut::<SolverPanelOpen>().0 = true;
        app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
        settle(&mut app);
        each_tip_inside(&mut app, size);
        // The English board's search watched and paused, both searches'
        // runs unseen in: the map's bar and switch and the comparison's
        // bars with theirs (six lines ran off the window's foot under the
        // plain search's bar).
        start_level(&mut app, "pegs.ron", 7);
        app.insert_resource(Speed::Times(4.0));
        app.world_mut()
            .write_message(AutoplayCommand::Start(Watch::Search));
        for _ in 0..60 {
            app.update();
        }
        app.world_mut().resource_mut::<Autoplay>().paused = true;
        both_searches_in(&mut app);
        let bar = app
            .world_mut()
            .query::<(Entity, &Tip)>()
            .iter(app.world())
            .find(|(_, t)| t.0.starts_with("The plain search:"))
            .map(|(e, _)| e);
        let nodes = laid_out(&mut app);
        // (At 800x600 the Done bar stands in their room while a search runs.)
        assert!(
            size.y < 720 || bar.is_some_and(|b| nodes.iter().any(|n| n.entity == b)),
            "{size}: the plain search's bar is not shown"
        );
        each_tip_inside(&mut app, size);
    }
}

/// Each tip shown, hovered in turn, is inside the window, beside its
/// button and not over it, says its words, and goes with the pointer.
fn each_tip_inside(app: &mut App, size: UVec2) {
    let tips: Vec<(Entity, Tip)> = app
        .world_mut()
        .query::<(Entity, &Tip)>()
        .iter(app.world())
        .map(|(e, t)| (e, *t))
        .collect();
    // The panel's nine, the maps' two, the column's four and the
    // timeline's five.
    assert!(tips.len() >= 18, "{size}: {} tips", tips.len());
    let window = Rect::new(0.0, 0.0, size.x as f32, size.y as f32);
    for (button, tip) in tips {
        let nodes = laid_out(app);
        // Hidden buttons ("Play from here" until the board is the
        // search's) have no tip to show.
        let Some(at) = nodes.iter().find(|n| n.entity == button).map(|n| n.rect) else {
            continue;
        };
        point(app, Some(at.center()));
        let nodes = laid_out(app);
        let boxes: Vec<Entity> = app
            .world_mut()
            .query_filtered::<Entity, With<TipBox>>()
            .iter(app.world())
            .collect();
        assert_eq!(boxes.len(), 1, "{size}: {:?}", tip.0);
        let shown = nodes
            .iter()
            .find(|n| n.entity == boxes[0])
            .expect("the tip is laid out")
            .rect;
        assert!(
            shown.min.x >= -1.0
                && shown.min.y >= -1.0
                && shown.max.x <= window.max.x + 1.0
                && shown.max.y <= window.max.y + 1.0,
            "{size}: {:?} at {shown:?}",
            tip.0
        );
        assert!(
            shown.intersect(at).is_empty(),
            "{size}: {:?} at {shown:?} covers its button at {at:?}",
            tip.0
        );
        // A solver button's tip stands beside the panel, over none of
        // its buttons or lines.
        let panel = nodes
            .iter()
            .find(|n| n.name.as_deref() == Some("Solver panel"))
            .map(|n| n.rect)
            .expect("the solver panel");
        if panel.contains(at.center()) {
            assert!(
                shown.intersect(panel).is_empty(),
                "{size}: {:?} at {shown:?} covers the panel at {panel:?}",
                tip.0
            );
        }
        let words: Vec<String> = nodes
            .iter()
            .filter(|n| n.parent == Some(boxes[0]))
            .filter_map(|n| n.text.clone())
            .collect();
        assert_eq!(words, [tip.0.to_string()], "{size}");
        point(app, None);
        let left = app
            .world_mut()
            .query_filtered::<Entity, With<TipBox>>()
            .iter(app.world())
            .count();
        assert_eq!(left, 0, "{size}: {:?} stayed", tip.0);
    }
}

/// The pointer at `at` on the window (None: off it), for two frames.
fn point(app: &mut App, at: Option<Vec2>) {
    let world = app.world_mut();
    let mut windows = world.query_filtered::<&mut Window, With<bevy::window::PrimaryWindow>>();
    windows
        .single_mut(world)
        .expect("a window")
        .set_cursor_position(at);
    app.update();
    app.update();
}

/// The pointer resting less than a moment shows no tip.
#[test]
fn a_passing_pointer_shows_no_tip() {
    let mut app = laid_app(UVec2::new(1280, 720));
    app.insert_resource(TipWait(60.0));
    start_level(&mut app, "pegs.ron", 2);
    app.world_mut().resource_mut::<SolverPanelOpen>().0 = true;
    settle(&mut app);
    let (button, _) = app
        .world_mut()
        .query::<(Entity, &Tip)>()
        .iter(app.world())
        .next()
        .map(|(e, t)| (e, *t))
        .expect("a tip");
    let nodes = laid_out(&mut app);
    let at = nodes
        .iter()
        .find(|n| n.entity == button)
        .expect("laid out")
        .rect;
    point(&mut app, Some(at.center()));
    let boxes = app
        .world_mut()
        .query_filtered::<Entity, With<TipBox>>()
        .iter(app.world())
        .count();
    assert_eq!(boxes, 0);
    // With "still water" no frame comes unasked: a pointer at rest asks
    // for frames until its tip is due, and none once it has gone.
    let asking = |app: &mut App| {
        for _ in 0..10 {
            app.update();
        }
        app.world()
            .get_resource::<Messages<bevy::window::RequestRedraw>>()
            .is_some_and(|m| !m.is_empty())
    };
    assert!(asking(&mut app), "a resting pointer asks for no frame");
    point(&mut app, None);
    assert!(
        !asking(&mut app),
        "frames asked for with nothing to wait for"
    );
}

/// A button whose words change says what its new words do: Watch, once it
/// says Again, starts the search over; Pause, once it says Resume, plays on.
#[test]
fn a_tip_follows_its_buttons_words() {
    use pond_puzzles::game::solver::{AutoplayCommand, Watch};
    let mut app = laid_app(UVec2::new(1280, 720));
    app.insert_resource(Speed::Times(1.0));
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut().resource_mut::<SolverPanelOpen>().0 = true;
    settle(&mut app);
    let tip = |app: &mut App, of: AutoplayCommand| {
        app.world_mut()
            .query::<(&AutoplayCommand, &Tip)>()
            .iter(app.world())
            .find(|(c, _)| **c == of)
            .map(|(_, t)| t.0)
            .expect("a tip")
    };
    let watch = AutoplayCommand::Start(Watch::Search);
    // Greyed, Pause says why.
    let pause = tip(&mut app, AutoplayCommand::Pause);
    assert!(pause.contains("Nothing to steer yet"), "{pause}");
    let before = tip(&mut app, watch);
    assert!(before.contains("search at work"), "{before}");
    app.world_mut().write_message(watch);
    settle(&mut app);
    assert!(
        texts(&mut app).iter().any(|t| t == "Again"),
        "{:?}",
        texts(&mut app)
    );
    assert_eq!(tip(&mut app, watch), "Starts it over from where it began");
    app.world_mut().write_message(AutoplayCommand::Pause);
    settle(&mut app);
    assert!(
        texts(&mut app).iter().any(|t| t == "Resume"),
        "{:?}",
        texts(&mut app)
    );
    assert!(tip(&mut app, AutoplayCommand::Pause).contains("on from this pause"));
    // The panel's line says it is paused, not only the button.
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.starts_with("Solver's search: paused")),
        "{:?}",
        texts(&mut app)
    );
    // A map's button once its map is open says it closes it.
    let all = |app: &mut App| {
        app.world_mut()
            .query::<&Tip>()
            .iter(app.world())
            .map(|t| t.0)
            .collect::<Vec<_>>()
    };
    assert!(!all(&mut app).contains(&"Closes the search map"));
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    assert!(all(&mut app).contains(&"Closes the search map"));
}

/// A tip shown whose words change under the pointer shows the new words:
/// the Search map button's, once G opens the map.
#[test]
fn a_shown_tip_follows_its_words() {
    let mut app = laid_app(UVec2::new(1280, 720));
    app.insert_resource(TipWait(0.0));
    start_level(&mut app, "pegs.ron", 2);
    app.world_mut().resource_mut::<SolverPanelOpen>().0 = true;
    settle(&mut app);
    let button = app
        .world_mut()
        .query::<(Entity, &Tip)>()
        .iter(app.world())
        .find(|(_, t)| t.0.starts_with("Opens the picture"))
        .map(|(e, _)| e)
        .expect("the Search map button");
    let at = laid_out(&mut app)
        .into_iter()
        .find(|n| n.entity == button)
        .expect("laid out")
        .rect;
    let shown = |app: &mut App| {
        let boxes: Vec<Entity> = app
            .world_mut()
            .query_filtered::<Entity, With<TipBox>>()
            .iter(app.world())
            .collect();
        laid_out(app)
            .into_iter()
            .filter(|n| boxes.iter().any(|b| n.parent == Some(*b)))
            .filter_map(|n| n.text)
            .collect::<Vec<_>>()
    };
    point(&mut app, Some(at.center()));
    assert_eq!(
        shown(&mut app),
        ["Opens the picture of the solver's search beside the board"]
    );
    press(&mut app, KeyCode::KeyG);
    settle(&mut app);
    // The pointer rests where it was.
    point(&mut app, Some(at.center()));
    assert_eq!(shown(&mut app), ["Closes the search map"]);
}

/// A key pressed under a shown tip puts it away while the pointer rests
/// (the column's "?" tip stayed over "Hide" while the player stopped the
/// search with X); resting on another button shows that one's.
#[test]
fn a_key_puts_a_tip_away_until_the_pointer_moves_on() {
    let mut app = laid_app(UVec2::new(1280, 720));
    app.insert_resource(TipWait(0.0));
    start_level(&mut app, "pegs.ron", 2);
    app.world_mut().resource_mut::<SolverPanelOpen>().0 = true;
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    let buttons: Vec<(Entity, Tip)> = app
        .world_mut()
        .query::<(Entity, &Tip)>()
        .iter(app.world())
        .map(|(e, t)| (e, *t))
        .collect();
    let nodes = laid_out(&mut app);
    let mut at = buttons
        .iter()
        .filter_map(|(e, _)| nodes.iter().find(|n| n.entity == *e).map(|n| n.rect))
        .filter(|r| r.width() > 0.0);
    let (first, second) = (at.next().expect("a button"), at.next().expect("two"));
    let boxes = |app: &mut App| {
        app.world_mut()
            .query_filtered::<Entity, With<TipBox>>()
            .iter(app.world())
            .count()
    };
    point(&mut app, Some(first.center()));
    assert_eq!(boxes(&mut app), 1, "no tip to put away");
    press(&mut app, KeyCode::KeyX);
    point(&mut app, Some(first.center()));
    settle(&mut app);
    assert_eq!(boxes(&mut app), 0, "the tip stayed after a key");
    point(&mut app, Some(second.center()));
    assert_eq!(boxes(&mut app), 1, "the next button's tip");
}
