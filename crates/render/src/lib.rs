//! Pictures of a Diplomacy position, and optionally its orders and their results, as SVG and
//! PNG: provinces (land and sea told apart), their names where nothing covers them, supply
//! centres in their owner's colour, units in their power's colour (fleets on their coast; a
//! power's tag on maps of many powers), dislodged units offset, order arrows with failed moves
//! and cut supports marked, retreat options, builds and removals, the map's special rules (ice,
//! impassable provinces, convoyable coasts, special crossings, railroads, canals), and a legend.
//!
//! The layout comes from the map's drawing data (`maps/FORMAT.md`, "Drawing"), on a larger
//! canvas for a crowded map, or, for a map without it, from a deterministic automatic layout of
//! its adjacency graph ([`with_automatic_drawing`] writes it into the map file). [`panels`]
//! puts one scene per ruleset in a grid zoomed to the orders. PNGs are rendered in Rust with
//! resvg; text uses DejaVu Sans, compiled in, so no system font is needed. [`covered_labels`]
//! lists every label of a picture that something covers (the label-overlap tests use it).

mod auto;
mod colours;
mod crossings;
mod draw_file;
mod features;
mod geom;
mod insets;
mod labels;
mod lands;
mod layout;
mod legend;
mod near;
mod orders;
mod orient;
mod overlaps;
mod panels;
mod png;
pub mod sample;
mod svg;
mod text;

use std::path::Path;

use diplo_engine::{
    Adjudication, AutomaticAction, OrderResult, Position, Resolution, Retreats, Tag,
};
use diplo_map::{Location, Map, PowerId};
use diplo_orders::Order;

pub use draw_file::with_automatic_drawing;
pub use overlaps::covered_labels;
pub use panels::{comparison, panels, zoomed, Adjudicated, MAX_WIDTH};
pub use png::{png, RenderError};

/// One order to draw, with its result when it was adjudicated.
#[derive(Clone, Debug)]
pub struct DrawnOrder {
    /// The power that gave it.
    pub power: PowerId,
    /// The order as written.
    pub order: Order,
    /// What happened to it (`None`: not adjudicated).
    pub resolution: Option<Resolution>,
    /// Whether its unit was dislodged or destroyed.
    pub tag: Option<Tag>,
    /// Drawn highlighted (a result that differs between rulesets).
    pub highlight: bool,
}

/// One thing the rules did to a unit without an order, to draw.
#[derive(Clone, Debug)]
pub struct DrawnAutomatic {
    /// What was done, to which unit, and why.
    pub action: AutomaticAction,
    /// Drawn highlighted (it differs between rulesets).
    pub highlight: bool,
}

/// What one picture shows.
#[derive(Clone, Debug)]
pub struct Scene<'a> {
    /// The map.
    pub map: &'a Map,
    /// The position (before the orders).
    pub position: &'a Position,
    /// The orders, with their results when adjudicated.
    pub orders: Vec<DrawnOrder>,
    /// Dislodged units and where they may retreat (shown in a retreat phase).
    pub retreats: Retreats,
    /// What the rules did to units without orders: civil-disorder removals and automatic
    /// disbands (a cross, as an ordered removal), a neutral power's rebuilds (as a build).
    pub automatic: Vec<DrawnAutomatic>,
    /// The ruleset's name, for the legend.
    pub ruleset: String,
    /// A heading for the legend (`DATC 6.F.19`), if any.
    pub title: Option<String>,
}

impl<'a> Scene<'a> {
    /// A position with no orders.
    pub fn new(map: &'a Map, position: &'a Position, ruleset: &str) -> Scene<'a> {
        Scene {
            map,
            position,
            orders: Vec::new(),
            retreats: Retreats::default(),
            automatic: Vec::new(),
            ruleset: ruleset.to_string(),
            title: None,
        }
    }

    /// Adds orders that were not adjudicated.
    pub fn with_orders(mut self, orders: &[(PowerId, Order)]) -> Self {
        self.orders
            .extend(orders.iter().map(|(power, order)| DrawnOrder {
                power: *power,
                order: order.clone(),
                resolution: None,
                tag: None,
                highlight: false,
            }));
        self
    }

    /// Adds adjudicated orders with their results: `orders` is the list that was adjudicated,
    /// `results` the adjudication's results (each names its order by index).
    pub fn with_results(mut self, orders: &[(PowerId, Order)], results: &[OrderResult]) -> Self {
        self.orders.extend(results.iter().map(|r| DrawnOrder {
            power: r.power,
            order: orders[r.index].1.clone(),
            resolution: Some(r.resolution),
            tag: r.tag,
            highlight: false,
        }));
        self
    }

    /// Adds what the rules did to units without orders (`Adjudication::automatic`).
    pub fn with_automatic(mut self, automatic: &[AutomaticAction]) -> Self {
        self.automatic
            .extend(automatic.iter().map(|a| DrawnAutomatic {
                action: a.clone(),
                highlight: false,
            }));
        self
    }

    /// Highlights what differs from the same situation under a base ruleset: each order whose
    /// result words differ from the base's (`results` are this scene's, in the order added;
    /// `base` the base's, by order index), and each unit the rules acted on here and not
    /// alike in the base (`base_automatic`).
    pub fn highlight_differences(
        &mut self,
        results: &[OrderResult],
        base: &[OrderResult],
        base_automatic: &[AutomaticAction],
    ) {
        let base_words: Vec<String> = base.iter().map(OrderResult::words).collect();
        for (o, r) in self.orders.iter_mut().zip(results) {
            o.highlight = base_words.get(r.index).is_some_and(|w| *w != r.words());
        }
        for a in &mut self.automatic {
            let same = |b: &AutomaticAction| b.unit == a.action.unit && b.kind == a.action.kind;
            a.highlight = !base_automatic.iter().any(same);
        }
    }

    /// Adds an adjudication: its orders' results ([`Scene::with_results`]) and what the rules
    /// did to units without orders ([`Scene::with_automatic`]).
    pub fn with_adjudication(self, orders: &[(PowerId, Order)], adj: &Adjudication) -> Self {
        self.with_results(orders, &adj.results)
            .with_automatic(&adj.automatic)
    }

    /// Adds the retreat options of dislodged units (a retreat phase's position).
    pub fn with_retreats(mut self, retreats: Retreats) -> Self {
        self.retreats = retreats;
        self
    }

    /// Sets the legend's heading.
    pub fn with_title(mut self, title: &str) -> Self {
        self.title = Some(title.to_string());
        self
    }
}

/// The scene as a standalone SVG document.
pub fn svg(scene: &Scene) -> String {
    let panel = svg::panel(scene, None);
    svg::document(panel.width, panel.height, 1.0, &panel.body)
}

/// Where a unit at `loc` is drawn in `map`'s pictures (pixels from the map area's top left): a
/// province's `at`, or its coast's anchor.
pub fn anchor(map: &Map, loc: Location) -> [f64; 2] {
    layout::Layout::new(map).anchor(loc)
}

/// The colour (`#rrggbb`) a power's units, centres and orders are drawn in.
pub fn power_colour(map: &Map, power: PowerId) -> &'static str {
    svg::colour(map, power)
}

/// The output format a file name asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `.svg`
    Svg,
    /// `.png`
    Png,
}

impl Format {
    /// The format of `path` from its extension (`.svg` or `.png`, any case).
    pub fn from_path(path: &Path) -> Result<Format, RenderError> {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            _ => Err(RenderError(format!(
                "{}: the picture's name must end in .svg or .png",
                path.display()
            ))),
        }
    }
}

/// Writes an SVG document to `path` as SVG or PNG, by the file's extension, atomically
/// (`diplo_map::atomic`): on any failure an existing picture is left as it was. A symbolic link
/// at `path` is refused, never written through.
pub fn write_file(path: &Path, svg: &str) -> Result<(), RenderError> {
    let bytes = match Format::from_path(path)? {
        Format::Svg => svg.as_bytes().to_vec(),
        Format::Png => png(svg)?,
    };
    diplo_map::atomic::write_output_atomically(path, &bytes)
        .map_err(|e| RenderError(format!("{}: {e}", path.display())))
}

/// The README's examples are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
