//! The editor's document model, without the GUI (it compiles in the headless build, so the
//! fuzz targets and the tests drive it without eframe): [`doc`] holds the challenge and its
//! undo history, [`edit`] the edits as values and [`spec_edit`] their effect on the file's
//! position, [`spec_view`] the board view of the file's position as written. The editor (`crate::editor`, behind the `editor` feature) re-exports the three
//! under its own path.

pub mod clip;
pub mod doc;
pub mod edit;
pub mod spec_edit;
pub mod spec_view;
pub mod transform;
