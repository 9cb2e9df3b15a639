//! What a window's game computes that a headless one has not: which nodes
//! show, the meshes' bounds and the camera's projection, so that the
//! pointer picks what a player's would.

use super::*;

/// Which nodes show (none of them or their ancestors hidden), as a window's
/// game computes it: the interface's picking picks only what shows.
pub(super) fn nodes_shown(
    mut nodes: Query<(Entity, &mut InheritedVisibility), With<Node>>,
    up: Query<(&Visibility, Option<&ChildOf>)>,
) {
    for (entity, mut inherited) in &mut nodes {
        let mut at = Some(entity);
        let mut shows = true;
        while let Some(e) = at {
            let Ok((visibility, parent)) = up.get(e) else {
                break;
            };
            shows &= *visibility != Visibility::Hidden;
            at = parent.map(ChildOf::parent);
        }
        let want = if shows {
            InheritedVisibility::VISIBLE
        } else {
            InheritedVisibility::HIDDEN
        };
        if *inherited != want {
            *inherited = want;
        }
    }
}

/// The bounds of the board's meshes, which the mesh picking reads (the
/// game's renderer works them out; a headless app has none).
pub(super) fn mesh_bounds(
    mut commands: Commands,
    meshes: Res<Assets<Mesh>>,
    new: Query<(Entity, &Mesh2d), Without<bevy::camera::primitives::Aabb>>,
) {
    use bevy::camera::primitives::MeshAabb;
    for (e, mesh) in &new {
        if let Some(aabb) = meshes.get(mesh).and_then(|m| m.compute_aabb()) {
            commands.entity(e).try_insert(aabb);
        }
    }
}

/// The camera's projection for its window, as Bevy's render camera system
/// would compute it (a headless game has none): the pointer's place on the
/// window maps to the world through it.
pub(super) fn camera_matrices(
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut cameras: Query<(&mut Camera, &mut Projection)>,
) {
    // The window's scale factor, as the render camera takes it (a big
    // window draws the game bigger by it).
    let scale = windows.single().map_or(1.0, |w| w.scale_factor());
    for (mut camera, mut projection) in &mut cameras {
        if let Some(info) = camera.computed.target_info.as_mut()
            && info.scale_factor != scale
        {
            info.scale_factor = scale;
        }
        let Some(size) = camera.logical_viewport_size() else {
            continue;
        };
        projection.update(size.x, size.y);
        camera.computed.clip_from_view = projection.get_clip_from_view();
    }
}
