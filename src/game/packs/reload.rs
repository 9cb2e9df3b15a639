//! Packs read again when their files change: a level designer sees an edit
//! at once, and the level being played starts again as the file says now
//! (or says what became of it).

use super::*;

/// A pack read from disk whose file changed is reloaded (a level designer
/// sees an edit at once); in development builds the shipped packs are read
/// from `levels/`, so theirs too.
pub(super) fn hot_reload(
    time: Res<Time<Real>>,
    mut since: Local<f32>,
    server: Res<AssetServer>,
    mut packs: ResMut<Packs>,
) {
    *since += time.delta_secs();
    if *since < 1.0 {
        return;
    }
    *since = 0.0;
    for entry in &mut packs.0 {
        let (Some(handle), Some((path, seen))) = (&entry.handle, &mut entry.disk) else {
            continue;
        };
        let now = modified(path);
        if now != *seen {
            *seen = now;
            if let Some(at) = handle.path() {
                server.reload(at.clone());
            }
        }
    }
}

/// A reloaded pack replaces the old one; its level select is shown again,
/// and a level of it being played is reloaded too: kept where the player is
/// when it did not change, started again when it did, and said either way.
#[allow(clippy::too_many_arguments)]
pub(super) fn reloaded(
    mut commands: Commands,
    mut events: MessageReader<AssetEvent<PackAsset>>,
    assets: Res<Assets<PackAsset>>,
    mut packs: ResMut<Packs>,
    current: Res<Current>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    playing: Option<Res<PlayState>>,
) {
    for event in events.read() {
        let AssetEvent::Modified { id } = event else {
            continue;
        };
        let Some(asset) = assets.get(*id) else {
            continue;
        };
        for (i, entry) in packs.0.iter_mut().enumerate() {
            if entry.handle.as_ref().is_some_and(|h| h.id() == *id) {
                entry.pack = named(asset.pack.clone(), &entry.file);
                info!("reloaded {}", entry.file);
                if i != current.pack {
                    continue;
                }
                match screen.get() {
                    Screen::Levels => next.set(Screen::Levels),
                    Screen::Play => {
                        let Some(state) = playing.as_deref() else {
                            continue;
                        };
                        let (words, fresh) = replay(&entry.file, &entry.pack, current.level, state);
                        if let Some(level) = fresh {
                            commands.insert_resource(PlayState::new(level));
                            next.set(Screen::Play);
                        }
                        commands.insert_resource(SayOnEnter(words));
                    }
                    _ => {}
                }
            }
        }
    }
}

/// What a reload means for the level being played: the words to say, and
/// the level to start again if it changed.
fn replay(
    file: &str,
    pack: &Result<Pack, PackError>,
    index: usize,
    state: &PlayState,
) -> (String, Option<levels::Level>) {
    let name = Path::new(file)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| file.to_string());
    match pack {
        Err(e) => (
            format!(
                "{name} changed and has a mistake now, so this level plays on as it was: {}",
                mistake(e)
            ),
            None,
        ),
        Ok(pack) => match pack.levels.get(index) {
            None => (
                format!(
                    "{name} changed and has no level {} now: this one plays on as it was.",
                    index + 1
                ),
                None,
            ),
            Some(level) if *level == state.level => (
                format!("{name} reloaded: this level did not change, so your moves stand."),
                None,
            ),
            Some(level) => (
                format!("{name} reloaded: this level changed, so it starts again."),
                Some(level.clone()),
            ),
        },
    }
}

/// A mistake where it is and what it is, without the file's name (the
/// words around it name the file).
fn mistake(e: &PackError) -> String {
    if e.line == 0 {
        e.message.clone()
    } else {
        format!("line {}, column {}: {}", e.line, e.col, e.message)
    }
}
