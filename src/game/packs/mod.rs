//! The packs the game offers, loaded as Bevy assets through `PackLoader`: the
//! shipped ones (embedded in the binary, so the game runs from any directory),
//! a pack named on the command line, and `.ron` files dropped on the window.
//! In development builds a pack read from disk is reloaded when its file
//! changes. A broken pack is kept with its error, so the level select can show
//! it while the other packs stay playable.

use super::play::{PlayState, SayOnEnter};
use super::{GameOptions, Screen};
use crate::levels::{self, Pack, PackError, SHIPPED};
use bevy::asset::io::embedded::EmbeddedAssetRegistry;
use bevy::asset::io::{AssetSourceBuilder, AssetSourceId, Reader};
use bevy::asset::{AssetLoader, LoadContext, LoadState};
use bevy::prelude::*;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

mod entries;
mod reload;
pub use entries::*;

/// The asset source that reads any file on disk by its absolute path.
const DISK: &str = "disk";
/// Where the shipped packs live in the embedded asset source.
const EMBEDDED_DIR: &str = "pond_puzzles/levels";

/// A pack file as an asset: the pack, or what is wrong with it.
#[derive(Asset, TypePath, Debug)]
pub struct PackAsset {
    pub pack: Result<Pack, PackError>,
}

/// Reads `.ron` pack files; a pack with a mistake still loads, as its error.
#[derive(Default, TypePath)]
pub struct PackLoader;

impl AssetLoader for PackLoader {
    type Asset = PackAsset;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<PackAsset, std::io::Error> {
        let file = load_context.path().to_string();
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        // The core's decoding, as `pond check` reads a file.
        let pack = levels::decode(&file, bytes)
            .and_then(|text| levels::parse_pack_all(&file, &text).map_err(first_of));
        Ok(PackAsset { pack })
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// The first of a file's mistakes, saying how many more it holds.
fn first_of(all: Vec<PackError>) -> PackError {
    let more = all.len().saturating_sub(1);
    let mut first = all.into_iter().next().unwrap_or_else(|| PackError {
        file: String::new(),
        line: 0,
        col: 0,
        message: "the pack could not be read".into(),
    });
    if more > 0 {
        first.message.push_str(&format!(
            " (and {}: `pond check` lists every one)",
            levels::count_of(more, "more mistake", "more mistakes")
        ));
    }
    first
}

pub struct PackEntry {
    /// The name the player knows the pack by.
    pub file: String,
    pub pack: Result<Pack, PackError>,
    handle: Option<Handle<PackAsset>>,
    /// The file on disk, for reloading when it changes.
    disk: Option<(PathBuf, Option<SystemTime>)>,
    pub origin: Origin,
}

/// Where a pack of the list came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A pack the game ships.
    Shipped,
    /// A pack of the player's own, in the data directory's `packs/` folder
    /// (where the level editor saves; it saves a level copied from it back
    /// in its place).
    Own,
    /// A pack file named on the command line, elsewhere on disk.
    Opened,
    /// A level played by its code (typed, pasted, random or the day's): a
    /// pack of one.
    Code,
    /// The level played from the editor: a pack of one.
    Editor,
}

impl PackEntry {
    /// A level played by its code or from the editor: a pack of one that
    /// the title and the statistics do not list.
    pub fn is_code(&self) -> bool {
        matches!(self.origin, Origin::Code | Origin::Editor)
    }

    /// Whether this is a pack of the player's own.
    pub fn own_file(&self) -> bool {
        self.origin == Origin::Own
    }

    /// The pack's file on disk, if it was read from one.
    pub fn disk_path(&self) -> Option<PathBuf> {
        self.disk.as_ref().map(|(p, _)| p.clone())
    }
}

#[derive(Resource, Default)]
pub struct Packs(pub Vec<PackEntry>);

impl Packs {
    /// The packs the title lists, each with its place in the list: every
    /// one but the level played by its code.
    pub fn listed(&self) -> impl Iterator<Item = (usize, &PackEntry)> {
        self.0.iter().enumerate().filter(|(_, e)| !e.is_code())
    }

    /// Whether the level being played (`current`) was opened from the level
    /// editor: its way on (Esc, N, L, the win's) is back there.
    pub fn from_editor(&self, current: &Current) -> bool {
        self.0
            .get(current.pack)
            .is_some_and(|e| e.origin == Origin::Editor)
    }
}

/// The pack and level the player has chosen.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct Current {
    pub pack: usize,
    pub level: usize,
}

/// A pack being loaded: where it goes in the list, and whether to open it.
struct Pending {
    order: usize,
    file: String,
    handle: Handle<PackAsset>,
    disk: Option<PathBuf>,
    open: bool,
    origin: Origin,
}

/// The file name of the level played from the editor: a pack of one that
/// the title does not list.
pub const EDITED: &str = "(the level editor)";

/// Packs still loading.
#[derive(Resource, Default)]
pub struct PendingPacks(Vec<Pending>);

impl PendingPacks {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Makes the "disk" asset source, which reads files by absolute path (packs
/// named on the command line or dropped on the window). Call before the asset
/// plugin is added.
pub fn register_disk_source(app: &mut App) {
    app.register_asset_source(
        AssetSourceId::from(DISK),
        AssetSourceBuilder::new(bevy::asset::io::AssetSource::get_default_reader(
            "/".to_string(),
        )),
    );
}

pub(super) fn plugin(app: &mut App) {
    if let Some(registry) = app.world().get_resource::<EmbeddedAssetRegistry>() {
        for (name, text) in SHIPPED {
            let path = Path::new(EMBEDDED_DIR).join(name);
            registry.insert_asset(PathBuf::from(name), &path, text.as_bytes());
        }
    }
    app.init_asset::<PackAsset>()
        .register_asset_loader(PackLoader)
        // The window reports drops; without one (headless) nothing comes.
        .add_message::<bevy::window::FileDragAndDrop>()
        .init_resource::<Current>()
        .init_resource::<Packs>()
        .init_resource::<PendingPacks>()
        .add_systems(Startup, load_packs.after(super::options::DataOpened))
        .add_systems(
            Update,
            (
                receive_packs,
                dropped_files,
                reload::hot_reload,
                reload::reloaded,
            )
                .chain(),
        );
}

/// Where to load `path` from: the disk when it exists there, the shipped
/// pack of that name otherwise.
fn asset_path(server: &AssetServer, path: &Path) -> Option<(String, Option<PathBuf>)> {
    let has_disk = server.get_source(AssetSourceId::from(DISK)).is_ok();
    if has_disk
        && path.is_file()
        && let Ok(full) = path.canonicalize()
    {
        let inside = full.to_string_lossy().trim_start_matches('/').to_string();
        return Some((format!("{DISK}://{inside}"), Some(full)));
    }
    let (name, _) = levels::shipped_named(path)?;
    Some((format!("embedded://{EMBEDDED_DIR}/{name}"), None))
}

/// The shipped pack `name` as the game loads it: in development builds from
/// the project's `levels/` folder, so edits there show at once.
fn shipped_path(server: &AssetServer, name: &str) -> (String, Option<PathBuf>) {
    if cfg!(debug_assertions) {
        let dev = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("levels")
            .join(name);
        if let Some(found) = asset_path(server, &dev)
            && found.1.is_some()
        {
            return found;
        }
    }
    (format!("embedded://{EMBEDDED_DIR}/{name}"), None)
}

/// The shipped pack that the file at `path` is a copy of (the same file
/// name, the same text), if any: named on the command line, it opens as
/// that pack, whose progress and place it shares, and is not listed twice.
pub fn shipped_twin(path: &Path) -> Option<&'static str> {
    let name = path.file_name()?.to_str()?;
    let (shipped, text) = SHIPPED.iter().find(|(n, _)| *n == name)?;
    // Only a plain file of the very length is read (never a pipe, which
    // would wait, nor a huge file).
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() != text.len() as u64 {
        return None;
    }
    let on_disk = std::fs::read_to_string(path).ok()?;
    (on_disk == *text).then_some(*shipped)
}

fn load_packs(
    server: Res<AssetServer>,
    data: Option<Res<super::options::DataDir>>,
    options: Option<Res<GameOptions>>,
    mut packs: ResMut<Packs>,
    mut pending: ResMut<PendingPacks>,
) {
    // The shipped packs, then the command line's pack (or level code): the
    // screens sort the list so once every pack has loaded.
    let dir = data.and_then(|d| d.0.clone());
    let own = own_packs(dir.as_deref());
    let same = |a: &Path, b: &Path| {
        a.canonicalize()
            .ok()
            .is_some_and(|a| b.canonicalize().ok() == Some(a))
    };
    let named = options
        .as_ref()
        .and_then(|o| o.pack.as_ref())
        .filter(|path| shipped_twin(path).is_none());
    if let Some(path) = named {
        // A pack of the player's named on the command line is that pack
        // (the editor saves back into it), listed once.
        let origin = match own.iter().any(|o| same(o, path)) {
            true => Origin::Own,
            false => Origin::Opened,
        };
        start_loading(
            &server,
            path,
            (SHIPPED.len(), false, origin),
            &mut packs,
            &mut pending,
        );
    }
    // The player's own packs, every time the game starts.
    for (i, path) in own.iter().enumerate() {
        if named.is_some_and(|n| same(n, path)) {
            continue;
        }
        let order = SHIPPED.len() + 1 + i;
        start_loading(
            &server,
            path,
            (order, false, Origin::Own),
            &mut packs,
            &mut pending,
        );
    }
    // A shipped level's code opens in its own pack; any other is a pack of one.
    if let Some((code, level)) = options.as_ref().and_then(|o| o.code.clone())
        && !matches!(
            levels::code::LevelCode::parse(&code),
            Ok(levels::code::LevelCode::Shipped { .. })
        )
    {
        add_code_level(&mut packs, SHIPPED.len(), &code, level);
    }
    for (i, (name, _)) in SHIPPED.iter().enumerate() {
        let (at, disk) = shipped_path(&server, name);
        pending.0.push(Pending {
            order: i,
            file: name.to_string(),
            handle: server.load(at),
            disk,
            open: false,
            origin: Origin::Shipped,
        });
    }
}

/// Starts loading the pack at `path`; a path that cannot be read becomes an
/// entry with the error at once.
fn start_loading(
    server: &AssetServer,
    path: &Path,
    (order, open, origin): (usize, bool, Origin),
    packs: &mut Packs,
    pending: &mut PendingPacks,
) {
    let file = path.display().to_string();
    match asset_path(server, path) {
        Some((at, disk)) => pending.0.push(Pending {
            order,
            file,
            handle: server.load(at),
            disk,
            open,
            origin,
        }),
        None => {
            add_entry(
                packs,
                order,
                PackEntry {
                    file,
                    // Says why: missing, unreadable, too big.
                    pack: levels::load(path),
                    handle: None,
                    disk: None,
                    origin,
                },
            );
        }
    }
}

/// Puts an entry in the list by its order (a pack of the same file is replaced).
fn add_entry(packs: &mut Packs, order: usize, entry: PackEntry) -> usize {
    if let Some(i) = packs.0.iter().position(|e| e.file == entry.file) {
        packs.0[i] = entry;
        return i;
    }
    let at = order.min(packs.0.len());
    packs.0.insert(at, entry);
    at
}

fn receive_packs(
    server: Res<AssetServer>,
    mut assets: ResMut<Assets<PackAsset>>,
    mut packs: ResMut<Packs>,
    mut pending: ResMut<PendingPacks>,
    mut current: ResMut<Current>,
    mut next: ResMut<NextState<Screen>>,
) {
    let mut still = Vec::new();
    for p in std::mem::take(&mut pending.0) {
        let pack = match server.load_state(&p.handle) {
            LoadState::Loaded => match assets.get_mut(&p.handle) {
                Some(asset) => named(asset.pack.clone(), &p.file),
                None => {
                    still.push(p);
                    continue;
                }
            },
            LoadState::Failed(e) => Err(unreadable(&p.file, p.disk.as_deref(), &e.to_string())),
            _ => {
                still.push(p);
                continue;
            }
        };
        let modified = p.disk.as_ref().and_then(|d| modified(d));
        let at = add_entry(
            &mut packs,
            p.order,
            PackEntry {
                file: p.file,
                pack,
                handle: Some(p.handle),
                disk: p.disk.map(|d| (d, modified)),
                origin: p.origin,
            },
        );
        if p.open {
            current.pack = at;
            next.set(Screen::Levels);
        }
    }
    pending.0 = still;
}

/// Why a pack could not be loaded: for a file on disk, in the words
/// `pond check` uses (the asset server's own say only "I/O error").
fn unreadable(file: &str, disk: Option<&Path>, server_says: &str) -> PackError {
    match disk.and_then(|path| levels::load_file(path).err()) {
        Some(mut e) => {
            e.file = file.to_string();
            e
        }
        None => PackError {
            file: file.to_string(),
            line: 0,
            col: 0,
            message: format!("cannot read the file: {server_says}"),
        },
    }
}

/// Errors name the file as the player knows it.
fn named(pack: Result<Pack, PackError>, file: &str) -> Result<Pack, PackError> {
    pack.map_err(|mut e| {
        e.file = file.to_string();
        e
    })
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// A `.ron` file dropped on the window opens as a pack.
fn dropped_files(
    mut drops: MessageReader<bevy::window::FileDragAndDrop>,
    server: Res<AssetServer>,
    mut packs: ResMut<Packs>,
    mut pending: ResMut<PendingPacks>,
) {
    for drop in drops.read() {
        if let bevy::window::FileDragAndDrop::DroppedFile { path_buf, .. } = drop {
            let order = packs.0.len();
            start_loading(
                &server,
                path_buf,
                (order, true, Origin::Opened),
                &mut packs,
                &mut pending,
            );
        }
    }
}
