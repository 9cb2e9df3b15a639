//! Everything the game knows about one puzzle lives in that puzzle's folder
//! here (`swap`, `hop`, `flood`, `escape`): its board and its animations,
//! where a click lands, its hint marks, its board's extent, its controls and
//! its moves in the player's words, its sounds, its win celebration, its
//! how-to card and example board, its title picture and its random levels.
//! Each folder implements [`GamePuzzle`] once, for the puzzle's rules state;
//! the functions below are the one dispatch from the game's `Puzzle` to the
//! puzzle's own code. Every `match` on a puzzle in the game is in this file
//! and names each puzzle, so a fifth puzzle is a compile error here until it
//! is added, and nowhere else (`docs/ADDING-A-PUZZLE.md`).

mod arc;
mod card;
pub use arc::MarkArc;
pub use card::LessonPop;
/// A picture centred on a point of its parent (the position's picture
/// draws Escape's animals with it).
pub(crate) use card::image;
mod celebrate;
mod escape;
mod flood;
mod hop;
mod idle;
mod pieces;
mod swap;

pub use card::{Card, TITLE_H, TITLE_W};
pub use celebrate::Pieces;
pub use escape::{QUEUE_LAST, escape_pos, queue_pos};
pub use flood::{Flooded, TilePicture, TilesMaterial, flood_pos};
pub use hop::hop_pos;
pub use pieces::{
    Animal, Clickable, FreedomQueue, Frog, HOVER_GROWTH, HOVER_LIFT, Hover, Lily, Picked, Place,
    Spawned, Tile,
};
pub use swap::swap_pos;

use crate::game::Screen;
use crate::game::play::{Change, Request};
use crate::game::theme::{Art, Sound, art::Pictures};
use crate::levels::code::LevelCode;
use crate::rules::{Puzzle, PuzzleMove, Rules};
use bevy::prelude::*;

/// What each puzzle's board needs of the renderer (only a windowed game
/// has one).
pub fn drawing(app: &mut App) {
    flood::drawing(app);
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Picked>()
        .add_systems(OnEnter(Screen::Play), |mut pick: ResMut<Picked>| {
            pick.0 = None
        })
        .add_plugins((idle::plugin, celebrate::plugin, flood::plugin));
}

/// What a click on a piece does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clicked {
    /// Asks for a move (or an undo).
    Ask(Request),
    /// Picks a piece up, waiting for a second click (`None`: puts it down).
    Pick(Option<u32>),
}

/// One dimension of a puzzle's random levels (a size, a number of colours),
/// set on the level select with - and +.
#[derive(Debug, Clone, Copy)]
pub struct Dimension {
    pub default: u16,
    pub lo: u16,
    pub hi: u16,
    /// Its words on the level select, for a value.
    pub words: fn(u16) -> String,
}

/// A puzzle as the game shows and plays it. Implemented once per puzzle, for
/// its rules state, in the puzzle's own folder. What every puzzle has (its
/// board, clicks, words, sounds, card) has no default; what only some have
/// (move buttons, digit keys, a piece picked then placed, words for the goal
/// or under the card's example) is none unless the puzzle says otherwise.
pub trait GamePuzzle: Rules + Sized {
    // The board.

    /// Spawns the pieces under `board`'s root. `numbered`: colour-blind
    /// mode's numbers on coloured pieces.
    fn spawn(&self, commands: &mut Commands, art: &Art, board: &mut Spawned, numbered: bool);
    /// Brings the board, spawned for `before`, in place for `self` instead
    /// of spawning it anew, where the puzzle does (Flood: a grid of up to
    /// 10,000 tiles, most of them unchanged by a move); false when it does
    /// not, and the board is respawned.
    fn refresh(
        &self,
        _before: &Self,
        _commands: &mut Commands,
        _art: &Art,
        _board: &mut Spawned,
        _numbered: bool,
        _pieces: &mut Refresh,
    ) -> bool {
        false
    }
    /// Animates `change`, from `before` to `self`, on the board just spawned
    /// (or refreshed).
    fn animate(
        &self,
        before: &Self,
        commands: &mut Commands,
        art: &Art,
        board: &Spawned,
        change: Change,
    );
    /// The board's width and height in world units.
    fn extent(&self) -> Vec2;
    /// The part of the board (centred as the whole) that stays in view
    /// above a won level's banner: by default all of it.
    fn won_extent(&self) -> Vec2 {
        self.extent()
    }
    /// The rings of a hint's move: where, and how large.
    fn hint_rings(&self, mv: Self::Move) -> Vec<(Vec2, f32)>;
    /// Where the move map's mark of a move stands: by default on the first
    /// of its hint's rings (the piece that moves), one place per legal move.
    fn mark_spot(&self, mv: Self::Move) -> Option<Vec2> {
        self.hint_rings(mv).first().map(|&(at, _)| at)
    }
    /// Where the move map's mark stands when the move is drawn without an
    /// arc: by default the search's spot, `mark_spot`. A puzzle whose
    /// marks would hide the piece they stand on puts them beside it (the
    /// watched search's marks stay on the piece, where the move is tried).
    fn map_spot(&self, mv: Self::Move) -> Option<Vec2> {
        self.mark_spot(mv)
    }
    /// Where the move map draws a move as an arc instead (from the piece
    /// to where it lands), with its mark on it.
    fn mark_arc(&self, _mv: Self::Move) -> Option<MarkArc> {
        None
    }
    /// Where the move takes the last pieces of their kind off the board (a
    /// Flood colour whose every tile it floods), what the move map's key
    /// says of its "all": such a move never makes a line longer.
    fn takes_the_last(&self, _mv: Self::Move) -> Option<&'static str> {
        None
    }
    /// The size of the move map's marks, in the board's units (1: the
    /// colour-blind badge's).
    fn mark_size(&self) -> f32 {
        1.5 * self.cursor_ring().max(0.6)
    }
    /// The rings of a picked piece and the places it can go: where, and how
    /// large (none for a puzzle that moves a piece in one click).
    fn pick_rings(&self, _picked: u32) -> Vec<(Vec2, f32)> {
        Vec::new()
    }
    /// What a click (or Enter on the keyboard cursor) on `piece` asks for:
    /// a request, a piece picked or put down, or why the click can do
    /// nothing, in the player's words. `picked` is the piece a first click
    /// picked, if any; `hinted` the move of the hint shown, if any. A
    /// request or a refusal puts the picked piece down.
    fn click(
        &self,
        piece: Clickable,
        picked: Option<u32>,
        hinted: Option<Self::Move>,
    ) -> Result<Clicked, String>;
    /// How near a tap must land to a piece's centre to touch it, in world
    /// units.
    fn tap_reach(&self) -> f32;
    /// Every cell the level editor can put something on: its row and column
    /// as the level's text counts them, and its place on the board (a cell
    /// with no pad too, where the board may have one).
    fn edit_spots(&self) -> Vec<((usize, usize), Vec2)>;
    /// How big the editor's cell `cell` is beside a piece's reach: the
    /// rings on it are drawn that much smaller (Swap's goal under its row).
    fn edit_spot_scale(&self, _cell: (usize, usize)) -> f32 {
        1.0
    }
    /// The places of the editor's cells that show no piece (a Square
    /// board's missing pads), to mark faintly.
    fn bare_spots(&self) -> Vec<Vec2> {
        Vec::new()
    }
    /// Whether a piece is carried by a drag and dropped on its target.
    fn dragged(&self) -> bool {
        false
    }
    /// The piece that a refused move asked to move, and whether it is a frog
    /// (a Hop pad holds a lily and a frog).
    fn mover(&self, mv: Self::Move) -> Option<(Clickable, bool)>;
    /// The size of the keyboard cursor's ring.
    fn cursor_ring(&self) -> f32;
    /// The win's celebration, on the board's pieces.
    fn celebrate(&self, commands: &mut Commands, pieces: &Pieces);
    /// The sounds of a change.
    fn sounds(&self, change: Change) -> &'static [Sound];

    // Words.

    /// How to play, on the bottom line.
    fn controls(&self) -> &'static str;
    /// What to do next while a piece is picked (a puzzle that moves a piece
    /// in two clicks).
    fn picked_words(&self) -> &'static str {
        ""
    }
    /// The goal where the player looks, after the move count: a limit, the
    /// rule for the next move (empty if none); `numbered`: colour-blind
    /// mode, where a colour is said with its number too.
    fn goal_words(&self, _numbered: bool) -> String {
        String::new()
    }
    /// A refusal of the rules in the player's words.
    fn refusal(&self, _mv: Self::Move, why: &str) -> String {
        why.to_string()
    }
    /// A move in a few characters, for the search path.
    fn short(mv: Self::Move) -> String;
    /// A step of the search's line in a few of the player's words.
    fn step_words(&self, mv: Self::Move) -> String;
    /// A hinted move in the player's words; `numbered`: colour-blind mode,
    /// where colours are named as its palette shows them, with their numbers.
    fn describe(&self, mv: Self::Move, numbered: bool) -> String;
    /// The buttons under the board that play a move (Flood's colours), with
    /// the colour each shows and the number written on it.
    fn buttons(&self) -> Vec<(u8, u8, Self::Move)> {
        Vec::new()
    }
    /// The move a digit key plays, if any: `index` 0 to 8 for the keys 1 to
    /// 9, 9 for the key 0.
    fn digit(&self, _index: u8) -> Option<Self::Move> {
        None
    }

    // The how-to card and the title.

    /// The card that teaches this puzzle (peg solitaire apart from the pond).
    fn card(&self) -> &'static Card;
    /// The example board's height on the card, in pixels.
    fn stage_height(&self) -> f32;
    /// Draws the example's state on the card; what changed since `before`
    /// pops in.
    fn draw_example(
        &self,
        stage: &mut ChildSpawnerCommands,
        art: &Art,
        before: Option<&Self>,
        colour_blind: bool,
    );
    /// Words under the example after a move (other than its count).
    fn caption(&self) -> Option<String> {
        None
    }
    /// The little picture of a pack of this puzzle on the title.
    fn title_picture(&self, ui: &mut ChildSpawnerCommands, pics: &Pictures);
    /// The position as a sketch of coloured dots, for a picture a few
    /// dozen pixels wide (the search tree's rows show one).
    fn sketch(&self) -> Vec<Dot>;

    // Random levels.

    /// The dimensions of this puzzle's random levels (none: it has none).
    fn dimensions(&self) -> &'static [Dimension];
    /// The code of the random level of difficulty `d` (1-5) with these
    /// dimensions that `seed` gives.
    fn random_code(&self, dims: &[u16], d: u8, seed: u64) -> Option<LevelCode>;
}

/// Runs `$body` with `$p` bound to the puzzle's own state, whatever it is
/// (the core's list of the puzzles).
macro_rules! each {
    ($value:expr, $p:ident => $body:expr) => {
        pond_core::each_puzzle!($value, $p => $body)
    };
}

/// `p` as the puzzle `_like` is, if it is.
fn same<'a, T: GamePuzzle>(_like: &T, p: &'a Puzzle) -> Option<&'a T> {
    T::of(p)
}

/// `mv` as a move of the puzzle `_like` is, if it is one.
fn own<T: GamePuzzle>(_like: &T, mv: PuzzleMove) -> Option<T::Move> {
    T::own(mv)
}

/// Spawns the board of `p` under `board`'s root.
pub fn spawn(p: &Puzzle, commands: &mut Commands, art: &Art, board: &mut Spawned, numbered: bool) {
    each!(p, s => s.spawn(commands, art, board, numbered))
}

/// The pieces a puzzle brings in place after a change
/// (`GamePuzzle::refresh`).
#[derive(bevy::ecs::system::SystemParam)]
pub struct Refresh<'w, 's> {
    flood: flood::Tiles<'w, 's>,
    escape: escape::Animals<'w, 's>,
}

/// Brings the board spawned for `before` in place for `after`, if the
/// puzzle does and it is the same board; false: it is to be respawned.
pub fn refresh(
    before: &Puzzle,
    after: &Puzzle,
    commands: &mut Commands,
    art: &Art,
    board: &mut Spawned,
    numbered: bool,
    pieces: &mut Refresh,
) -> bool {
    each!(after, a => same(a, before)
        .is_some_and(|b| a.refresh(b, commands, art, board, numbered, pieces)))
}

/// Animates a change from `before` to `after` on the board just spawned.
pub fn animate(
    before: &Puzzle,
    after: &Puzzle,
    commands: &mut Commands,
    art: &Art,
    board: &Spawned,
    change: Change,
) {
    each!(after, a => if let Some(b) = same(a, before) {
        a.animate(b, commands, art, board, change)
    })
}

/// A dot of a position's sketch: its centre and its width as fractions of
/// the picture's side, its colour, whether it is round, and the kind of
/// animal it is (Escape's): a picture big enough draws that animal, in
/// the dot's colour, so that a crab and a dog of one colour differ.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dot {
    pub at: Vec2,
    pub size: f32,
    pub colour: Color,
    pub round: bool,
    pub kind: Option<u8>,
}

/// The most dots a sketch has: a big board is sampled.
pub const SKETCH_DOTS: usize = 1100;

pub fn sketch(p: &Puzzle) -> Vec<Dot> {
    let mut dots = each!(p, s => s.sketch());
    dots.truncate(SKETCH_DOTS);
    dots
}

pub fn extent(p: &Puzzle) -> Vec2 {
    each!(p, s => s.extent())
}

pub fn won_extent(p: &Puzzle) -> Vec2 {
    each!(p, s => s.won_extent())
}

pub fn hint_rings(p: &Puzzle, mv: PuzzleMove) -> Vec<(Vec2, f32)> {
    each!(p, s => own(s, mv).map(|m| s.hint_rings(m)).unwrap_or_default())
}

pub fn mark_spot(p: &Puzzle, mv: PuzzleMove) -> Option<Vec2> {
    each!(p, s => own(s, mv).and_then(|m| s.mark_spot(m)))
}

pub fn map_spot(p: &Puzzle, mv: PuzzleMove) -> Option<Vec2> {
    each!(p, s => own(s, mv).and_then(|m| s.map_spot(m)))
}

pub fn mark_size(p: &Puzzle) -> f32 {
    each!(p, s => s.mark_size())
}

pub fn takes_the_last(p: &Puzzle, mv: PuzzleMove) -> Option<&'static str> {
    each!(p, s => own(s, mv).and_then(|m| s.takes_the_last(m)))
}

pub fn mark_arc(p: &Puzzle, mv: PuzzleMove) -> Option<MarkArc> {
    each!(p, s => own(s, mv).and_then(|m| s.mark_arc(m)))
}

pub fn pick_rings(p: &Puzzle, picked: u32) -> Vec<(Vec2, f32)> {
    each!(p, s => s.pick_rings(picked))
}

pub fn click(
    p: &Puzzle,
    piece: Clickable,
    picked: Option<u32>,
    hinted: Option<PuzzleMove>,
) -> Result<Clicked, String> {
    each!(p, s => s.click(piece, picked, hinted.and_then(|m| own(s, m))))
}

pub fn picked_words(p: &Puzzle) -> &'static str {
    each!(p, s => s.picked_words())
}

pub fn tap_reach(p: &Puzzle) -> f32 {
    each!(p, s => s.tap_reach())
}

pub fn edit_spots(p: &Puzzle) -> Vec<((usize, usize), Vec2)> {
    each!(p, s => s.edit_spots())
}

pub fn edit_spot_scale(p: &Puzzle, cell: (usize, usize)) -> f32 {
    each!(p, s => s.edit_spot_scale(cell))
}

pub fn bare_spots(p: &Puzzle) -> Vec<Vec2> {
    each!(p, s => s.bare_spots())
}

pub fn dragged(p: &Puzzle) -> bool {
    each!(p, s => s.dragged())
}

/// The piece a refused move asked to move, on the board of `p`.
pub fn mover(p: &Puzzle, mv: PuzzleMove) -> Option<(Clickable, bool)> {
    each!(p, s => own(s, mv).and_then(|m| s.mover(m)))
}

pub fn cursor_ring(p: &Puzzle) -> f32 {
    each!(p, s => s.cursor_ring())
}

pub fn celebrate(p: &Puzzle, commands: &mut Commands, pieces: &Pieces) {
    each!(p, s => s.celebrate(commands, pieces))
}

pub fn sounds(p: &Puzzle, change: Change) -> &'static [Sound] {
    each!(p, s => s.sounds(change))
}

pub fn controls(p: &Puzzle) -> &'static str {
    each!(p, s => s.controls())
}

pub fn goal_words(p: &Puzzle, numbered: bool) -> String {
    each!(p, s => s.goal_words(numbered))
}

/// A refusal of the rules in the player's words (the rules' own if the move
/// is not this puzzle's).
pub fn refusal(p: &Puzzle, mv: Option<PuzzleMove>, why: &str) -> String {
    each!(p, s => match mv.and_then(|m| own(s, m)) {
        Some(m) => s.refusal(m, why),
        None => why.to_string(),
    })
}

/// A move in a few characters, for the search path.
pub fn short(mv: PuzzleMove) -> String {
    match mv {
        PuzzleMove::Swap(m) => <crate::rules::swap::Swap as GamePuzzle>::short(m),
        PuzzleMove::Hop(m) => <crate::rules::hop::Hop as GamePuzzle>::short(m),
        PuzzleMove::Flood(m) => <crate::rules::flood::Flood as GamePuzzle>::short(m),
        PuzzleMove::Escape(m) => <crate::rules::escape::Escape as GamePuzzle>::short(m),
    }
}

/// A step of the search's line in the player's words, from the position
/// before it.
pub fn step_words(before: &Puzzle, mv: PuzzleMove) -> String {
    each!(before, s => own(s, mv).map_or_else(|| short(mv), |m| s.step_words(m)))
}

/// A hinted move in the player's words (`numbered`: colour-blind mode).
pub fn describe(p: &Puzzle, mv: PuzzleMove, numbered: bool) -> String {
    each!(p, s => own(s, mv).map_or_else(|| "no move".to_string(), |m| s.describe(m, numbered)))
}

/// The move buttons under the board: each one's colour, and its move.
pub fn buttons(p: &Puzzle) -> Vec<(u8, u8, PuzzleMove)> {
    each!(p, s => s.buttons().into_iter().map(|(c, n, m)| (c, n, wrap(s, m))).collect())
}

fn wrap<T: GamePuzzle>(_like: &T, mv: T::Move) -> PuzzleMove {
    T::wrap(mv)
}

/// The move the digit key `index` (0 for the key 1) plays, if any.
pub fn digit(p: &Puzzle, index: u8) -> Option<PuzzleMove> {
    each!(p, s => s.digit(index).map(|m| wrap(s, m)))
}

pub fn card(p: &Puzzle) -> &'static Card {
    each!(p, s => s.card())
}

/// Every card, in the order of their bits in the settings.
pub fn cards() -> &'static [&'static Card] {
    static CARDS: &[&Card] = &[
        &swap::CARD,
        &hop::POND_CARD,
        &hop::PEGS_CARD,
        &flood::CARD,
        &escape::CARD,
    ];
    CARDS
}

pub fn stage_height(p: &Puzzle) -> f32 {
    each!(p, s => s.stage_height())
}

pub fn draw_example(
    now: &Puzzle,
    stage: &mut ChildSpawnerCommands,
    art: &Art,
    before: Option<&Puzzle>,
    colour_blind: bool,
) {
    each!(now, s => s.draw_example(stage, art, before.and_then(|b| same(s, b)), colour_blind))
}

pub fn caption(p: &Puzzle) -> Option<String> {
    each!(p, s => s.caption())
}

pub fn title_picture(p: &Puzzle, ui: &mut ChildSpawnerCommands, pics: &Pictures) {
    each!(p, s => s.title_picture(ui, pics))
}

pub fn dimensions(p: &Puzzle) -> &'static [Dimension] {
    each!(p, s => s.dimensions())
}

pub fn random_code(p: &Puzzle, dims: &[u16], d: u8, seed: u64) -> Option<LevelCode> {
    each!(p, s => s.random_code(dims, d, seed))
}
