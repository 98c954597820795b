//! What the editor remembers between runs in eframe's own storage (the `persistence`
//! feature: a file eframe keeps in the user's data folder, never one of ours): the tool with
//! its height and brush, the last folder of the file dialogs, the right side's panel and the
//! Library tab's folder.
//! eframe itself remembers the window's size and place and egui the side panels' widths.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::tools::{Tool, Tools};

/// The remembered preferences; a field missing from an older storage takes its default.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// The editing tool by name (`paint`, `raise`, `lower`, `fill`, `move`, `erase`, `select`,
    /// `pick`): the modes and a piece to place are not kept.
    pub tool: Option<String>,
    /// The chosen height.
    pub height: Option<u8>,
    /// The brush size (1–3).
    pub brush: Option<u8>,
    /// The folder of the last file picked in a dialog.
    pub last_folder: Option<PathBuf>,
    /// The right side's panel shown ([`super::panels::SidePanel::id`]).
    pub panel: Option<String>,
    /// What panels keep, by their id ([`super::panels::SidePanel::kept`]): the Library tab's
    /// folder.
    pub panels: std::collections::BTreeMap<String, String>,
}

/// The tools kept by name.
const TOOLS: [(Tool, &str); 8] = [
    (Tool::Paint, "paint"),
    (Tool::Raise, "raise"),
    (Tool::Lower, "lower"),
    (Tool::Fill, "fill"),
    (Tool::Move, "move"),
    (Tool::Erase, "erase"),
    (Tool::Select, "select"),
    (Tool::Pick, "pick"),
];

/// The name `tool` is kept under, when it is kept.
#[must_use]
pub fn tool_name(tool: Tool) -> Option<&'static str> {
    TOOLS.iter().find(|(t, _)| *t == tool).map(|(_, n)| *n)
}

/// The tools `prefs` give, on top of `tools`.
#[must_use]
pub fn tools_from(prefs: &Prefs, mut tools: Tools) -> Tools {
    if let Some(t) = prefs
        .tool
        .as_deref()
        .and_then(|n| TOOLS.iter().find(|(_, name)| *name == n))
    {
        tools.tool = t.0;
    }
    if let Some(h) = prefs.height {
        tools.height = h.min(super::terrain::MAX_HEIGHT);
    }
    if let Some(b) = prefs.brush {
        tools.size = b.clamp(1, super::terrain::MAX_BRUSH);
    }
    tools
}
