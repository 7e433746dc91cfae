//! What the shells on a desktop share besides the core: the save file and
//! where a seed comes from. The terminal game is the binary `amulets-tui`;
//! the SDL shell (`amulets`) uses this library for the same saves.

pub mod saves;
pub mod seed;
