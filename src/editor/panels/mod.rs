//! The right side of the editor: a fixed header (Verify, the verdict and the search's
//! progress, always the same three rows), a row of tabs in fixed slots (one per panel), and the
//! chosen panel below it in its own scroll area. Nothing here moves when a verdict goes stale,
//! a problem appears or a field is typed in: each panel has its own place and its own scroll
//! position, which only the user changes.
//!
//! # Adding a panel
//! A panel is one file:
//! 1. Write `src/editor/panels/NAME.rs` with a struct holding the panel's own state (or none)
//!    and `impl SidePanel for It`: [`SidePanel::id`] (a stable key), [`SidePanel::title`] (the
//!    tab's words, also its accessibility label) and [`SidePanel::ui`] (draw it). What several
//!    panels share (the document, the verification, the play modes) comes in the
//!    [`PanelCx`]; the panel never changes it itself, it pushes a
//!    [`Command`] to `cx.out` (an edit, open a file, adopt a new
//!    challenge, switch the mode, a status message). Long work runs on
//!    [`super::worker::Worker`], taken in [`SidePanel::poll`] (called every frame, shown or
//!    not), with a progress line and Cancel.
//! 2. Add `mod NAME;` below and one line in [`builtin`], where its tab goes.
//!
//! The tab, its slot, its scroll area and the remembered scroll position come from [`Host`].
//! Tests find the tab by its title and the panel's widgets by their labels
//! (`tests/editor_support`'s `tab`).

mod export;
mod generate;
mod header;
mod library;
mod line;
mod problems;
mod proof;
mod repairs;
mod report;
mod test;
mod texts;

use eframe::egui;

use super::command::Command;
use super::doc::Document;
use super::export::ExportPanel;
use super::play::PlayState;
use super::playtest::PlayTest;
use super::problems::Problems;
use super::suggest::SuggestPanel;
use super::tools::Tools;
use super::verify::VerifyPanel;

/// What the panels share, lent to the panel drawn this frame.
pub struct PanelCx<'a> {
    /// The document (changed only through `out`).
    pub doc: &'a Document,
    /// The tool and mode (changed through [`Command::Tool`]).
    pub tools: &'a Tools,
    /// Play / record: the intended line's positions and the move being entered.
    pub play: &'a mut PlayState,
    /// The play-test game.
    pub playtest: &'a mut PlayTest,
    /// The verification: the last report, its findings and the proof browser.
    pub verify: &'a mut VerifyPanel,
    /// Suggest's repairs.
    pub suggest: &'a mut SuggestPanel,
    /// The validation problems of the document.
    pub problems: &'a Problems,
    /// The export path and the last export.
    pub export: &'a mut ExportPanel,
    /// What the panel asks of the editor, applied after the frame.
    pub out: &'a mut Vec<Command>,
}

/// One panel of the right side (see the module's "Adding a panel").
pub trait SidePanel {
    /// A stable key: the tab remembered between runs, [`Host::show`].
    fn id(&self) -> &'static str;
    /// The tab's words (its accessibility label too); may carry a count.
    fn title(&self, cx: &PanelCx<'_>) -> String;
    /// Called every frame, shown or not, to take a worker's answer.
    fn poll(&mut self, _ctx: &egui::Context) {}
    /// Draws the panel inside its scroll area.
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelCx<'_>);
    /// What the panel keeps between runs (the Library tab's folder), if anything.
    fn kept(&self) -> Option<String> {
        None
    }
    /// Takes back what [`SidePanel::kept`] gave in an earlier run.
    fn restore(&mut self, _kept: &str) {}
}

/// The editor's panels, in tab order.
#[must_use]
pub fn builtin() -> Vec<Box<dyn SidePanel>> {
    vec![
        Box::new(line::LinePanel),
        Box::new(report::ReportPanel),
        Box::new(proof::ProofPanel),
        Box::new(repairs::RepairsPanel),
        Box::new(test::TestPanel),
        Box::new(problems::ProblemsPanel),
        Box::new(texts::TextsPanel),
        Box::new(export::ExportTab::default()),
        Box::new(library::LibraryPanel::default()),
        Box::new(generate::GenerateTab::default()),
    ]
}

/// Tabs per row of the tab grid.
const TABS_PER_ROW: usize = 4;

/// The right side: its panels and the one shown.
pub struct Host {
    panels: Vec<Box<dyn SidePanel>>,
    selected: usize,
}

impl Default for Host {
    fn default() -> Self {
        Host {
            panels: builtin(),
            selected: 0,
        }
    }
}

impl Host {
    /// Adds a panel after the built-in ones.
    pub fn add(&mut self, panel: Box<dyn SidePanel>) {
        self.panels.push(panel);
    }

    /// Shows the panel with key `id` (the user opened it: a mode button, a shortcut).
    pub fn show(&mut self, id: &str) {
        if let Some(i) = self.panels.iter().position(|p| p.id() == id) {
            self.selected = i;
        }
    }

    /// The key of the panel shown.
    #[must_use]
    pub fn shown(&self) -> &'static str {
        self.panels.get(self.selected).map_or("", |p| p.id())
    }

    /// What each panel keeps between runs, by its id.
    #[must_use]
    pub fn kept(&self) -> std::collections::BTreeMap<String, String> {
        self.panels
            .iter()
            .filter_map(|p| Some((p.id().to_string(), p.kept()?)))
            .collect()
    }

    /// Gives each panel back what it kept in an earlier run.
    pub fn restore(&mut self, kept: &std::collections::BTreeMap<String, String>) {
        for p in &mut self.panels {
            if let Some(k) = kept.get(p.id()) {
                p.restore(k);
            }
        }
    }

    /// Lets every panel take its worker's answer.
    pub fn poll(&mut self, ctx: &egui::Context) {
        for p in &mut self.panels {
            p.poll(ctx);
        }
    }

    /// Draws the header, the tabs and the panel shown.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelCx<'_>) {
        header::ui(ui, cx);
        ui.separator();
        self.tabs(ui, cx);
        ui.separator();
        let Some(panel) = self.panels.get_mut(self.selected) else {
            return;
        };
        egui::ScrollArea::vertical()
            .id_salt(("panel", panel.id()))
            .auto_shrink([false, false])
            .show(ui, |ui| panel.ui(ui, cx));
    }

    /// The tab grid: each tab in a slot of the same width, whatever its title says.
    fn tabs(&mut self, ui: &mut egui::Ui, cx: &PanelCx<'_>) {
        let gap = ui.spacing().item_spacing.x;
        #[expect(clippy::cast_precision_loss, reason = "a handful of tabs")]
        let per_row = TABS_PER_ROW as f32;
        let slot = ((ui.available_width() - gap * (per_row - 1.0)) / per_row).max(40.0);
        let height = ui.spacing().interact_size.y;
        for row in 0..self.panels.len().div_ceil(TABS_PER_ROW) {
            ui.horizontal(|ui| {
                let first = row * TABS_PER_ROW;
                let last = (first + TABS_PER_ROW).min(self.panels.len());
                for i in first..last {
                    let title = self.panels[i].title(cx);
                    let tab =
                        egui::Button::selectable(i == self.selected, title.clone()).truncate();
                    let r = ui
                        .add_sized([slot, height], tab)
                        .on_hover_text(title.clone());
                    if r.clicked() {
                        self.selected = i;
                    }
                }
            });
        }
    }
}
