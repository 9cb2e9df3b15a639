//! The view's keys, wheel and clicks: moving through the rows, going to a
//! row's position, and the timeline.

use super::*;

/// The column's "Plain" (P): the plain search starts where the search
/// shown began, its picture in the place of that one's (W shows ours
/// again). It once asked first, on its button, and took a second press: two
/// new players read the question as a press that did nothing.
pub(super) fn ask_plain(
    mut asks: MessageReader<AskPlain>,
    mut start: MessageWriter<AutoplayCommand>,
) {
    if asks.read().count() > 0 {
        start.write(AutoplayCommand::Start(Watch::Plain));
    }
}

/// Whether the arrows alone move the timeline (`ArrowsOnTimeline`): a new
/// player, the board won by a search, pressed Left and Right and saw a
/// ring go over the pads while the timeline stayed put.
pub(super) fn arrows_on_timeline(
    view: Option<Res<TreeViewState>>,
    autoplay: Option<Res<Autoplay>>,
    state: Res<PlayState>,
    mut arrows: ResMut<ArrowsOnTimeline>,
) {
    let searched = autoplay.as_deref().is_some_and(|a| !a.log.is_empty());
    let searchs_board = autoplay.as_deref().is_some_and(Autoplay::is_active)
        || state.puzzle.is_won()
        || crate::game::solver::board_is_the_searchs(
            view.as_deref(),
            autoplay.as_deref(),
            state.moves(),
        );
    let want = view.is_some() && searched && searchs_board;
    if arrows.0 != want {
        arrows.0 = want;
    }
}

/// The keys, as pressed and as typed, and the menu's state (the how-to
/// card takes the arrows).
type KeysAndCard<'w, 's> = (
    Res<'w, ButtonInput<KeyCode>>,
    MessageReader<'w, 's, bevy::input::keyboard::KeyboardInput>,
    Option<Res<'w, State<crate::game::play::Menu>>>,
);

pub(super) fn tree_keys(
    (keys, mut typed, menu): KeysAndCard,
    mut toggles: MessageWriter<ToggleTree>,
    mut plain: MessageWriter<AskPlain>,
    mut scrubs: MessageWriter<Scrub>,
    autoplay: Option<Res<Autoplay>>,
    view: Option<ResMut<TreeViewState>>,
    arrows: Res<ArrowsOnTimeline>,
) {
    // Each press counts, quick ones between two frames and a held key's
    // repeats too (read each frame, so that none waits for the next).
    let [left, right, down, up] = crate::game::keys::presses(
        &mut typed,
        [
            KeyCode::ArrowLeft,
            KeyCode::ArrowRight,
            KeyCode::ArrowDown,
            KeyCode::ArrowUp,
        ],
    );
    // Under the how-to card the arrows scroll the card, not the timeline
    // (a Down meant for the card took the board a step back behind it).
    let card = menu.is_some_and(|m| *m.get() == crate::game::play::Menu::HowTo);
    let [left, right, down, up] = if card {
        [0; 4]
    } else {
        [left, right, down, up]
    };
    // (Down now or let go this frame: a quick chord in a slow frame.)
    if crate::game::keys::ctrl(&keys) {
        return;
    }
    let shift = crate::game::navigate::shift(&keys);
    if shift || arrows.0 {
        // The timeline: a move, or a fortieth of the search.
        let long = autoplay.map_or(1, |a| (a.log.len() as i64 / 40).max(1));
        let by = right as i64 - left as i64 + (up as i64 - down as i64) * long;
        if by != 0 {
            scrubs.write(Scrub::By(by));
        }
    }
    // With Shift, Home and End: its ends (alone, Home follows the search).
    if shift {
        for (key, scrub) in [(KeyCode::Home, Scrub::Start), (KeyCode::End, Scrub::End)] {
            if keys.just_pressed(key) {
                scrubs.write(scrub);
            }
        }
        return;
    }
    if keys.just_pressed(KeyCode::KeyG) {
        toggles.write(ToggleTree);
    }
    if keys.just_pressed(KeyCode::KeyP) {
        plain.write(AskPlain);
    }
    let Some(mut view) = view else { return };
    let page = view.slots.len().max(1);
    if keys.just_pressed(KeyCode::PageDown) {
        view.follow = false;
        view.first += page / 2;
    }
    if keys.just_pressed(KeyCode::PageUp) {
        view.follow = false;
        view.first = view.first.saturating_sub(page / 2);
    }
    if keys.just_pressed(KeyCode::Home) {
        view.follow = true;
    }
    // The rows' size (the map takes these keys to zoom).
    if view.words && keys.just_pressed(KeyCode::BracketRight) {
        view.zoom = (view.zoom + 1).min(SIZES.len() - 1);
    }
    if view.words && keys.just_pressed(KeyCode::BracketLeft) {
        view.zoom = view.zoom.saturating_sub(1);
    }
}

/// A drag with the mouse over the view moves its rows: up and down a row
/// at a time, sideways a depth at a time.
pub(super) fn drag(
    buttons: Res<ButtonInput<MouseButton>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    view: Option<ResMut<TreeViewState>>,
    open: Res<TreeViewOpen>,
    mut from: Local<Option<Vec2>>,
) {
    let (Some(mut view), Ok(window)) = (view, windows.single()) else {
        *from = None;
        return;
    };
    let Some(cursor) = window.cursor_position() else {
        *from = None;
        return;
    };
    if !open.0 || !buttons.pressed(MouseButton::Left) {
        *from = None;
        return;
    }
    let Some(start) = *from else {
        let over = cursor.x < panels::tree_width(window.width()) + 14.0;
        if buttons.just_pressed(MouseButton::Left) && over {
            *from = Some(cursor);
        }
        return;
    };
    let row = super::view::row_height(SIZES[view.zoom.min(SIZES.len() - 1)]);
    let moved = cursor - start;
    let rows = (moved.y / row).trunc();
    let depths = (moved.x / INDENT_PX).trunc();
    if rows != 0.0 {
        view.follow = false;
        view.first = (view.first as i64 - rows as i64).max(0) as usize;
    }
    if depths != 0.0 {
        view.follow = false;
        view.shift = (view.shift as i64 - depths as i64).max(0) as u32;
    }
    *from = Some(start + Vec2::new(depths * INDENT_PX, rows * row));
}

/// A press on the timeline's bar, held and dragged, moves the timeline to
/// the point under the pointer.
pub(super) fn slide_timeline(
    change: On<bevy::ui_widgets::ValueChange<f32>>,
    bars: Query<(), With<TimelineBar>>,
    mut scrubs: MessageWriter<Scrub>,
) {
    if bars.contains(change.source) {
        let part = (change.value.clamp(0.0, 1.0) * 10_000.0).round() as u16;
        scrubs.write(Scrub::At(part));
    }
}

/// The wheel's turn this frame, in lines (pixels of a touchpad counted
/// twenty to a line).
pub(super) fn wheel_steps(wheel: &mut MessageReader<MouseWheel>) -> f32 {
    wheel
        .read()
        .map(|w| match w.unit {
            MouseScrollUnit::Line => w.y,
            MouseScrollUnit::Pixel => w.y / 20.0,
        })
        .sum()
}

/// The wheel over the view scrolls it (with Shift, shifts it sideways; with
/// Ctrl, sizes it).
pub(super) fn wheel(
    mut wheel: MessageReader<MouseWheel>,
    keys: Res<ButtonInput<KeyCode>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    view: Option<ResMut<TreeViewState>>,
    open: Res<TreeViewOpen>,
) {
    let steps = wheel_steps(&mut wheel);
    let Some(mut view) = view else { return };
    if steps == 0.0 || !open.0 {
        return;
    }
    // Only over the view's column.
    let over = windows.single().ok().and_then(|w| {
        w.cursor_position()
            .map(|c| c.x < panels::tree_width(w.width()) + 14.0)
    });
    if over != Some(true) {
        return;
    }
    let n = steps.round() as i64;
    if keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        view.zoom = (view.zoom as i64 + n.signum()).clamp(0, SIZES.len() as i64 - 1) as usize;
    } else if keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]) {
        view.follow = false;
        view.shift = (view.shift as i64 - n).max(0) as u32;
    } else {
        view.follow = false;
        view.first = (view.first as i64 - 3 * n).max(0) as usize;
    }
}

/// A click on a row goes to the position of the node it shows.
pub(super) fn click_rows(
    mut rows: MessageReader<TreeRow>,
    view: Option<ResMut<TreeViewState>>,
    mut go: MessageWriter<GoToNode>,
) {
    let Some(mut view) = view else { return };
    for row in rows.read() {
        if let Some(id) = view.slots.get(row.0).copied().flatten() {
            go.write(GoToNode(id));
            view.pinned = Some((id, row.0));
        }
    }
}

/// Going to a node of the tree shown (a row or a cell of the map clicked),
/// once the search is paused or over: the timeline moves to the first
/// moment the search stood there, so the board, the highlight and the
/// timeline agree. A node the timeline does not reach (past the moves
/// kept) is gone to by its moves alone.
pub(super) fn go_to(
    mut asked: MessageReader<GoToNode>,
    view: Option<ResMut<TreeViewState>>,
    autoplay: Option<ResMut<Autoplay>>,
    state: Res<PlayState>,
    mut jump: ResMut<TreeJump>,
    mut say: MessageWriter<Say>,
) {
    let Some(&GoToNode(id)) = asked.read().last() else {
        return;
    };
    let (Some(mut view), Some(mut a)) = (view, autoplay) else {
        return;
    };
    // A search still running pauses there first (it only said to pause).
    if a.is_active() && !a.paused {
        a.paused = true;
    }
    let Some(path) = super::map::shown_tree(&view, Some(&a))
        .filter(|t| t.holds(id))
        .map(|t| t.path(id))
    else {
        return;
    };
    let done = match first_reach(&a, &path) {
        Some(at) => scrub_to(&mut view, &a, &state, at),
        // A place past the timeline kept: the board goes there and the
        // search, with no moment to come back from, ends.
        None => requests_to(&a, &state, &path).inspect(|_| {
            view.scrubbed = None;
            if a.is_active() {
                a.stop();
            }
        }),
    };
    match done {
        Ok(requests) => {
            jump.0 = requests;
            view.follow = true;
        }
        Err(why) => {
            say.write(Say(why));
        }
    }
}

/// The first moment of the search's timeline (events played) at which its
/// line ended at `path`, if the events kept reach it.
fn first_reach(a: &Autoplay, path: &[PuzzleMove]) -> Option<usize> {
    let whole = a.tree.as_ref()?;
    if path.is_empty() {
        return Some(0);
    }
    let mut t = whole.restarted();
    for (i, e) in a.log.iter().enumerate() {
        for event in e.events(t.round()) {
            t.feed(&event).ok()?;
        }
        let line = t.line();
        if line.len() == path.len() + 1 && line.last().is_some_and(|&n| t.path(n) == path) {
            return Some(i + 1);
        }
    }
    None
}

/// The requests that bring the board to the search's start and then along
/// `path` (undo to the line they share, then play on).
pub(super) fn requests_to(
    a: &Autoplay,
    state: &PlayState,
    path: &[PuzzleMove],
) -> Result<VecDeque<Request>, String> {
    let Some(tree) = a.tree.as_ref() else {
        return Err("There is no search tree to go to.".into());
    };
    let base = a.base().min(state.done.len());
    let here: Vec<PuzzleMove> = state.done[base..].iter().map(|(mv, _)| *mv).collect();
    // The board must still stand on the search's start.
    let mut start = state.puzzle.clone();
    for (_, undo) in state.done[base..].iter().rev() {
        start.undo(undo);
    }
    if &start != tree.start() {
        return Err("The board has left the position the search started from.".into());
    }
    let common = here.iter().zip(path).take_while(|(a, b)| a == b).count();
    let mut requests: VecDeque<Request> =
        std::iter::repeat_n(Request::Undo, here.len() - common).collect();
    requests.extend(path[common..].iter().map(|&mv| Request::Play(mv)));
    Ok(requests)
}

/// Moves the timeline: the tree as it was after that many of the search's
/// events, and the board at the end of its line then. A paused search
/// waits: when it goes on (Space, or a step), the board goes back to where
/// it stands and it carries on from there. A search gone, or a new one,
/// leaves the timeline at its end; so does a move of the player's (the
/// board is the player's game again, played on from there, and the search
/// is put away).
#[allow(clippy::too_many_arguments)]
pub(super) fn scrub(
    mut commands: Commands,
    mut scrubs: MessageReader<Scrub>,
    mut moves: MessageReader<MoveRequested>,
    view: Option<ResMut<TreeViewState>>,
    autoplay: Option<ResMut<Autoplay>>,
    state: Res<PlayState>,
    mut jump: ResMut<TreeJump>,
    mut say: MessageWriter<Say>,
    mut play: ResMut<TimelinePlay>,
) {
    let asked: Vec<Scrub> = scrubs.read().copied().collect();
    // The player's own move of the timeline stops it playing.
    if !asked.is_empty() {
        play.0 = None;
    }
    let players = moves.read().any(|m| m.by() != Mover::Solver);
    let Some(mut view) = view else {
        // Without the column there is no timeline, but Shift+Home still
        // takes a stopped search's moves back (the stop's words offer it;
        // with the map closed it did nothing).
        if asked.contains(&Scrub::Start)
            && let Some(a) = autoplay.filter(|a| a.watch.searches() && !a.is_active())
        {
            let back = state.done.len().saturating_sub(a.base());
            jump.0.extend(std::iter::repeat_n(Request::Undo, back));
        }
        return;
    };
    let away = view.scrubbed.is_some();
    if away && (players || autoplay.as_ref().is_none_or(|a| a.is_added())) {
        view.scrubbed = None;
        jump.0.clear();
        // Played on from a moment of the search: the search is put away
        // (its map and timeline no longer stand for the board).
        if players {
            commands.remove_resource::<Autoplay>();
        }
    }
    let Some(mut a) = autoplay else { return };
    // A paused search going on again from a moment of its timeline: the
    // board goes back to where the search stands first.
    if view.scrubbed.is_some() && a.going_on() {
        let end = a.log.len();
        match scrub_to(&mut view, &a, &state, end) {
            Ok(requests) => jump.0 = requests,
            Err(why) => {
                a.stop();
                say.write(Say(why));
            }
        }
        view.follow = true;
        return;
    }
    for s in asked {
        if a.tree.is_none() {
            return;
        }
        // "Play from here": the board is the player's game, and the search
        // is put away.
        if s == Scrub::Here {
            if view.scrubbed.take().is_some() {
                commands.remove_resource::<Autoplay>();
            }
            return;
        }
        // A drag on a running search's timeline pauses it there (it only
        // said to pause).
        if a.is_active() && !a.paused {
            a.paused = true;
        }
        let len = a.log.len();
        let now = view.scrubbed.as_ref().map_or(len, |(at, _)| *at);
        let to = match s {
            Scrub::By(n) => (now as i64 + n).clamp(0, len as i64) as usize,
            Scrub::Start => 0,
            Scrub::End | Scrub::Here => len,
            // To the nearest step: a drag to the bar's end is its end.
            Scrub::At(part) => ((len as u64 * part.min(10_000) as u64 + 5_000) / 10_000) as usize,
        };
        match scrub_to(&mut view, &a, &state, to) {
            Ok(requests) => jump.0 = requests,
            Err(why) => {
                say.write(Say(why));
                return;
            }
        }
        view.follow = true;
    }
}

/// The timeline moved to `to` of the search's events: the tree as it was
/// then kept in the view, and the requests that take the board to the end
/// of its line then.
pub(super) fn scrub_to(
    view: &mut TreeViewState,
    a: &Autoplay,
    state: &PlayState,
    to: usize,
) -> Result<VecDeque<Request>, String> {
    let Some(whole) = a.tree.as_ref() else {
        return Err("There is no search tree to go to.".into());
    };
    let len = a.log.len();
    let (line, scrubbed) = if to >= len {
        (whole.path(*whole.line().last().unwrap_or(&ROOT)), None)
    } else {
        // On from the tree shown when going forward, from the start when
        // going back.
        let mut tree = match view.scrubbed.take() {
            Some((at, t)) if at <= to => (at, t),
            _ => (0, whole.restarted()),
        };
        for e in &a.log[tree.0..to] {
            let events = e.events(tree.1.round());
            if events.iter().any(|e| tree.1.feed(e).is_err()) {
                return Err("The search's timeline lost its place.".into());
            }
        }
        let t = tree.1;
        (t.path(*t.line().last().unwrap_or(&ROOT)), Some((to, t)))
    };
    let requests = requests_to(a, state, &line)?;
    view.scrubbed = scrubbed;
    Ok(requests)
}

/// Plays the moves of a jump, one as soon as the board is still; a longer
/// jump (the timeline dragged, a far row clicked) lands at once, its last
/// move animated, so the board is where the timeline says without a wait.
pub(super) fn jump_step(
    mut jump: ResMut<TreeJump>,
    anims: BoardAnims,
    mut at_once: ResMut<AtOnce>,
    mut moves: MessageWriter<MoveRequested>,
) {
    if jump.0.is_empty() || !anims.is_empty() {
        return;
    }
    if jump.0.len() > AT_ONCE_PAST {
        at_once.0 = true;
        moves.write_batch(
            jump.0
                .drain(..)
                .map(|request| MoveRequested::new(request, Mover::Solver)),
        );
    } else if let Some(request) = jump.0.pop_front() {
        moves.write(MoveRequested::new(request, Mover::Solver));
    }
}

/// A jump of more moves than this lands at once; shorter ones are played.
const AT_ONCE_PAST: usize = 2;
