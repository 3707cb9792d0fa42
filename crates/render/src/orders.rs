//! The orders layer: arrows for moves, retreats, supports and convoys, rings for holds, marks
//! for failed moves, cut supports, builds and removals, and retreat options.

use std::fmt::Write;

use diplo_engine::{AutomaticKind, PhaseKind, Resolution, Unit};
use diplo_map::{Location, UnitKind};
use diplo_orders::{Order, Place, UnitRef, WrittenCoast};

use crate::geom::Pt;
use crate::labels::Blocker;
use crate::layout::Layout;
use crate::svg::{colour, dislodged_at, esc, n, pt, unit_symbol};
use crate::{DrawnOrder, Scene};

const FAIL: &str = "#d11f1f";
const GREY: &str = "#8c8c8c";
const HOLD: &str = "#111";

/// Draws every order of the scene (one `<g class="order">` each) and the retreat options.
pub(crate) fn orders(b: &mut String, scene: &Scene, l: &Layout) {
    b.push_str("<g class=\"orders\">\n");
    for (i, o) in scene.orders.iter().enumerate() {
        order(b, scene, l, i, o);
    }
    b.push_str("</g>\n");
    automatic(b, scene, l);
    retreat_options(b, scene, l);
}

/// What the rules did without orders, one `<g class="automatic">` each with the reason as its
/// title: a removal or disband is crossed as an ordered removal is, a rebuild drawn as a build.
fn automatic(b: &mut String, scene: &Scene, l: &Layout) {
    b.push_str("<g class=\"automatic-actions\">\n");
    for drawn in &scene.automatic {
        let a = &drawn.action;
        let retreating = scene.position.phase.kind == PhaseKind::Retreat;
        let at = if retreating {
            dislodged_at(l, &a.unit)
        } else {
            l.anchor(a.unit.location)
        };
        let _ = write!(
            b,
            "<g class=\"automatic\" data-kind=\"{}\" data-unit=\"{}\"><title>{}</title>",
            a.kind.word(),
            esc(&a.unit.short(scene.map)),
            esc(&a.reason_text(scene.map))
        );
        if drawn.highlight {
            outline(b, at, at, l.unit * 2.1);
        }
        match a.kind {
            AutomaticKind::Built => {
                unit_symbol(b, scene.map, &a.unit, at, l.unit, "built", "");
                let c = colour(scene.map, a.unit.power);
                ring(b, at, l.unit * 1.7, c, " stroke-dasharray=\"4,3\"");
            }
            AutomaticKind::Removed | AutomaticKind::Disbanded => cross(b, at, l.unit * 1.3, FAIL),
        }
        b.push_str("</g>\n");
    }
    b.push_str("</g>\n");
}

/// The ordered unit and where it is drawn.
fn unit_at(scene: &Scene, l: &Layout, u: &UnitRef) -> (Option<Unit>, Pt) {
    let p = u.place.province;
    if scene.position.phase.kind == PhaseKind::Retreat {
        if let Some(d) = scene
            .position
            .dislodged
            .iter()
            .find(|d| d.unit.location.province == p)
        {
            return (Some(d.unit), dislodged_at(l, &d.unit));
        }
    }
    match scene
        .position
        .units
        .iter()
        .find(|x| x.location.province == p)
    {
        Some(x) => (Some(*x), l.anchor(x.location)),
        None => (None, place_at(l, &u.place)),
    }
}

/// Where a written place is drawn: its coast's anchor when a known coast is written.
fn place_at(l: &Layout, p: &Place) -> Pt {
    match p.coast {
        Some(WrittenCoast::Known(c)) => l.anchor(Location::coast(p.province, c)),
        _ => l.at(p.province),
    }
}

/// Where the unit at a place stands (its coast), else the place.
fn other_at(scene: &Scene, l: &Layout, p: &Place) -> Pt {
    match scene
        .position
        .units
        .iter()
        .find(|x| x.location.province == p.province)
    {
        Some(x) => l.anchor(x.location),
        None => place_at(l, p),
    }
}

fn mid(a: Pt, b: Pt) -> Pt {
    [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0]
}

/// The colour and dash of an order's lines from its result.
fn style(scene: &Scene, o: &DrawnOrder) -> (&'static str, &'static str) {
    match o.resolution {
        Some(Resolution::Illegal | Resolution::Invalid) => (GREY, " stroke-dasharray=\"3,3\""),
        _ => (colour(scene.map, o.power), ""),
    }
}

fn order(b: &mut String, scene: &Scene, l: &Layout, i: usize, o: &DrawnOrder) {
    let (c, dash) = style(scene, o);
    let word = o.resolution.map_or("", |r| r.word());
    let text = esc(&o.order.display(scene.map).to_string());
    let power = esc(scene
        .map
        .powers()
        .get(o.power.index())
        .map_or("", |p| p.name.as_str()));
    let (kind, from, to, body) = geometry(scene, l, o, c, dash);
    let _ = write!(b, "<g class=\"order\" data-index=\"{i}\" data-power=\"{power}\" data-kind=\"{kind}\" data-order=\"{text}\" data-result=\"{word}\" data-from=\"{}\" data-to=\"{}\">", pt(from), pt(to));
    if o.highlight {
        outline(b, from, to, l.unit * 2.1);
    }
    b.push_str(&body);
    marks(b, l, o, from, to);
    b.push_str("</g>\n");
}

/// An order's drawing: its kind, the two anchors it joins and its shapes.
type Drawn = (&'static str, Pt, Pt, String);

/// What every order's shapes share: the scene, its layout, and the order's colour and dash.
struct Pen<'a> {
    scene: &'a Scene<'a>,
    l: &'a Layout,
    c: &'a str,
    dash: &'a str,
}

/// What an order draws: its kind, the two anchors it joins and its shapes.
fn geometry(scene: &Scene, l: &Layout, o: &DrawnOrder, c: &str, dash: &str) -> Drawn {
    let pen = Pen { scene, l, c, dash };
    match &o.order {
        Order::Hold { unit } => pen.hold(unit),
        Order::Convert { unit } => pen.convert(unit),
        Order::Move { unit, to, .. } | Order::RailMove { unit, to, .. } => {
            let retreat = scene.position.phase.kind == PhaseKind::Retreat;
            pen.movement(if retreat { "retreat" } else { "move" }, unit, to)
        }
        Order::Retreat { unit, to } => pen.movement("retreat", unit, to),
        Order::SupportHold { unit, supported } => pen.support_hold(unit, &supported.place),
        Order::SupportMove {
            unit,
            supported,
            to,
        } => pen.support_move(unit, &supported.place, to),
        Order::Convoy { unit, army, to } => pen.convoy(unit, &army.place, to),
        Order::Permit { fleet, to } => pen.permit(&fleet.place, to),
        Order::Disband { unit } => {
            let mut s = String::new();
            let (_, a) = unit_at(scene, l, unit);
            cross(&mut s, a, l.unit * 1.3, FAIL);
            ("disband", a, a, s)
        }
        Order::Build { unit } => build(scene, l, o, unit),
        Order::Decline => ("waive", [0.0, 0.0], [0.0, 0.0], String::new()),
    }
}

impl Pen<'_> {
    /// A hold: a black hexagon around the unit (grey and dashed when illegal), so that it reads
    /// apart from the red ring of a dislodged unit whatever the power's colour.
    fn hold(&self, unit: &UnitRef) -> Drawn {
        let mut s = String::new();
        let (_, a) = unit_at(self.scene, self.l, unit);
        let c = if self.dash.is_empty() { HOLD } else { self.c };
        hexagon(&mut s, a, self.l.unit * 1.7, c, self.dash);
        ("hold", a, a, s)
    }

    /// A conversion: a ring around the unit.
    fn convert(&self, unit: &UnitRef) -> Drawn {
        let mut s = String::new();
        let (_, a) = unit_at(self.scene, self.l, unit);
        ring(&mut s, a, self.l.unit * 1.55, self.c, self.dash);
        ("convert", a, a, s)
    }

    /// A move or retreat (`kind`): an arrow from the unit to where it goes.
    fn movement(&self, kind: &'static str, unit: &UnitRef, to: &Place) -> Drawn {
        let (l, c, dash) = (self.l, self.c, self.dash);
        let mut s = String::new();
        let (_, a) = unit_at(self.scene, l, unit);
        let t = place_at(l, to);
        arrow(&mut s, a, t, l.unit, l.unit, c, dash, 2.6);
        (kind, a, t, s)
    }

    /// A support to hold: a dashed line to the supported unit, ringed.
    fn support_hold(&self, unit: &UnitRef, supported: &Place) -> Drawn {
        let (l, c) = (self.l, self.c);
        let mut s = String::new();
        let (_, a) = unit_at(self.scene, l, unit);
        let t = other_at(self.scene, l, supported);
        line(
            &mut s,
            a,
            t,
            l.unit,
            l.unit * 1.5,
            c,
            " stroke-dasharray=\"7,4\"",
            2.0,
        );
        ring(&mut s, t, l.unit * 1.5, c, " stroke-dasharray=\"7,4\"");
        ("support", a, t, s)
    }

    /// A support to move: a dashed arrow to the middle of the supported move.
    fn support_move(&self, unit: &UnitRef, supported: &Place, to: &Place) -> Drawn {
        let (l, c, dash) = (self.l, self.c, self.dash);
        let mut s = String::new();
        let (_, a) = unit_at(self.scene, l, unit);
        let t = mid(other_at(self.scene, l, supported), place_at(l, to));
        arrow(
            &mut s,
            a,
            t,
            l.unit,
            0.0,
            c,
            if dash.is_empty() {
                " stroke-dasharray=\"7,4\""
            } else {
                dash
            },
            2.0,
        );
        ("support", a, t, s)
    }

    /// A convoy: a dotted line to the middle of the convoyed move, with a small ring.
    fn convoy(&self, unit: &UnitRef, army: &Place, to: &Place) -> Drawn {
        let (l, c) = (self.l, self.c);
        let mut s = String::new();
        let (_, a) = unit_at(self.scene, l, unit);
        let t = mid(other_at(self.scene, l, army), place_at(l, to));
        line(
            &mut s,
            a,
            t,
            l.unit,
            0.0,
            c,
            " stroke-dasharray=\"2,4\" stroke-linecap=\"round\"",
            2.6,
        );
        ring(&mut s, t, l.unit * 0.5, c, "");
        ("convoy", a, t, s)
    }

    /// A permit: a sparse dotted line from the permitted fleet to where it moves.
    fn permit(&self, fleet: &Place, to: &Place) -> Drawn {
        let (l, c) = (self.l, self.c);
        let mut s = String::new();
        let a = other_at(self.scene, l, fleet);
        let t = place_at(l, to);
        line(
            &mut s,
            a,
            t,
            l.unit,
            l.unit,
            c,
            " stroke-dasharray=\"1,5\"",
            1.5,
        );
        ("permit", a, t, s)
    }
}

/// A build: the new unit, dashed ring around it.
fn build(
    scene: &Scene,
    l: &Layout,
    o: &DrawnOrder,
    unit: &UnitRef,
) -> (&'static str, Pt, Pt, String) {
    let mut s = String::new();
    let a = place_at(l, &unit.place);
    let loc = Location {
        province: unit.place.province,
        coast: match unit.place.coast {
            Some(WrittenCoast::Known(c)) => Some(c),
            _ => None,
        },
    };
    let u = Unit {
        power: o.power,
        kind: unit.kind.unwrap_or(UnitKind::Army),
        location: loc,
    };
    if o.resolution.is_none_or(|r| r == Resolution::Succeeds) {
        unit_symbol(&mut s, scene.map, &u, a, l.unit, "built", "");
    }
    ring(
        &mut s,
        a,
        l.unit * 1.7,
        colour(scene.map, o.power),
        " stroke-dasharray=\"4,3\"",
    );
    ("build", a, a, s)
}

/// The outline of a result that differs from the base ruleset's: a capsule of radius `r`
/// round the line from `a` to `e` (a circle when they meet), in amber on a dark edge, not
/// filled, so that the units and colours inside stay as they are.
fn outline(b: &mut String, a: Pt, e: Pt, r: f64) {
    let (dx, dy) = (e[0] - a[0], e[1] - a[1]);
    let len = dx.hypot(dy);
    let d = if len < 1e-6 {
        format!(
            "M{},{}a{r},{r} 0 1,0 {},0a{r},{r} 0 1,0 {},0Z",
            n(a[0] - r),
            n(a[1]),
            n(2.0 * r),
            n(-2.0 * r),
            r = n(r)
        )
    } else {
        let (ux, uy) = (-dy / len * r, dx / len * r);
        format!(
            "M{},{}L{},{}A{r},{r} 0 0,0 {},{}L{},{}A{r},{r} 0 0,0 {},{}Z",
            n(a[0] + ux),
            n(a[1] + uy),
            n(e[0] + ux),
            n(e[1] + uy),
            n(e[0] - ux),
            n(e[1] - uy),
            n(a[0] - ux),
            n(a[1] - uy),
            n(a[0] + ux),
            n(a[1] + uy),
            r = n(r)
        )
    };
    let _ = write!(b, "<path class=\"highlight\" d=\"{d}\" fill=\"none\" stroke=\"#5a4500\" stroke-width=\"5.5\" stroke-linejoin=\"round\"/><path class=\"highlight\" d=\"{d}\" fill=\"none\" stroke=\"#ffc400\" stroke-width=\"3.5\" stroke-linejoin=\"round\"/>");
}

/// Failure marks: a failed move or retreat gets a cross near its head, a cut support or a
/// disrupted convoy one on its line, an unresolved order a question mark.
fn marks(b: &mut String, l: &Layout, o: &DrawnOrder, from: Pt, to: Pt) {
    let at = |t: f64| {
        [
            from[0] + (to[0] - from[0]) * t,
            from[1] + (to[1] - from[1]) * t,
        ]
    };
    match o.resolution {
        Some(Resolution::Fails) if !matches!(o.order, Order::Build { .. }) => {
            cross(b, at(0.75), l.unit * 0.8, FAIL)
        }
        Some(Resolution::Fails) => cross(b, from, l.unit * 1.2, FAIL),
        Some(Resolution::Cut | Resolution::Disrupted) => cross(b, at(0.55), l.unit * 0.8, FAIL),
        Some(Resolution::Unresolved) => {
            let p = at(0.5);
            let _ = write!(b, "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#f39c12\"/><text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"black\">?</text>", n(p[0]), n(p[1]), n(l.unit * 0.8), n(p[0]), n(p[1] + l.unit * 0.4), n(l.unit * 1.2));
        }
        _ => {}
    }
    if o.tag.is_some() {
        let _ = write!(b, "<circle class=\"dislodged-mark\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{FAIL}\" stroke-width=\"2.5\"/>", n(from[0]), n(from[1]), n(l.unit * 1.35));
    }
}

fn shorten(a: Pt, b: Pt, s0: f64, s1: f64) -> Option<(Pt, Pt, Pt)> {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len = (dx * dx + dy * dy).sqrt();
    if len <= s0 + s1 + 1.0 {
        return None;
    }
    let u = [dx / len, dy / len];
    Some((
        [a[0] + u[0] * s0, a[1] + u[1] * s0],
        [b[0] - u[0] * s1, b[1] - u[1] * s1],
        u,
    ))
}

#[allow(clippy::too_many_arguments)]
fn line(b: &mut String, a: Pt, t: Pt, s0: f64, s1: f64, c: &str, dash: &str, w: f64) {
    if let Some((p, q, _)) = shorten(a, t, s0, s1) {
        let _ = write!(b, "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{c}\" stroke-width=\"{}\"{dash}/>", n(p[0]), n(p[1]), n(q[0]), n(q[1]), n(w));
    }
}

/// A line with a head at `t`, outlined in black so that it reads on any colour.
#[allow(clippy::too_many_arguments)]
fn arrow(b: &mut String, a: Pt, t: Pt, s0: f64, s1: f64, c: &str, dash: &str, w: f64) {
    let Some((p, q, u)) = shorten(a, t, s0, s1) else {
        return;
    };
    let h = 4.0 * w + 3.0;
    let base = [q[0] - u[0] * h, q[1] - u[1] * h];
    let _ = write!(
        b,
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#111\" stroke-width=\"{}\"{dash}/>",
        n(p[0]),
        n(p[1]),
        n(base[0]),
        n(base[1]),
        n(w + 1.6)
    );
    let _ = write!(
        b,
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{c}\" stroke-width=\"{}\"{dash}/>",
        n(p[0]),
        n(p[1]),
        n(base[0]),
        n(base[1]),
        n(w)
    );
    let (l1, l2) = (
        [base[0] - u[1] * h * 0.5, base[1] + u[0] * h * 0.5],
        [base[0] + u[1] * h * 0.5, base[1] - u[0] * h * 0.5],
    );
    let _ = write!(
        b,
        "<path d=\"M{}L{}L{}Z\" fill=\"{c}\" stroke=\"#111\" stroke-width=\"0.8\"/>",
        pt(q),
        pt(l1),
        pt(l2)
    );
}

fn ring(b: &mut String, at: Pt, r: f64, c: &str, dash: &str) {
    let _ = write!(b, "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{c}\" stroke-width=\"2.2\"{dash}/>", n(at[0]), n(at[1]), n(r));
}

/// A hexagon of radius `r` round `at`, pointed at the top: a line of colour `c` on a white
/// halo, so that it reads on land, sea and a power's tint.
fn hexagon(b: &mut String, at: Pt, r: f64, c: &str, dash: &str) {
    let mut d = String::new();
    for k in 0..6 {
        let angle = std::f64::consts::FRAC_PI_3 * k as f64 - std::f64::consts::FRAC_PI_2;
        let p = [at[0] + r * angle.cos(), at[1] + r * angle.sin()];
        let _ = write!(d, "{}{}", if k == 0 { "M" } else { "L" }, pt(p));
    }
    d.push('Z');
    let _ = write!(b, "<path class=\"hold-mark\" d=\"{d}\" fill=\"none\" stroke=\"white\" stroke-width=\"4.6\"{dash}/><path class=\"hold-mark\" d=\"{d}\" fill=\"none\" stroke=\"{c}\" stroke-width=\"2.4\"{dash}/>");
}

fn cross(b: &mut String, at: Pt, r: f64, c: &str) {
    let d = format!(
        "M{},{}L{},{}M{},{}L{},{}",
        n(at[0] - r),
        n(at[1] - r),
        n(at[0] + r),
        n(at[1] + r),
        n(at[0] - r),
        n(at[1] + r),
        n(at[0] + r),
        n(at[1] - r)
    );
    let _ = write!(b, "<path class=\"fail\" d=\"{d}\" stroke=\"white\" stroke-width=\"5\"/><path class=\"fail\" d=\"{d}\" stroke=\"{c}\" stroke-width=\"3\"/>");
}

/// In a retreat phase: a thin dashed line from each dislodged unit to each place it may retreat
/// to, or a cross when it has none.
fn retreat_options(b: &mut String, scene: &Scene, l: &Layout) {
    b.push_str("<g class=\"retreat-options\">\n");
    for r in &scene.retreats {
        let from = dislodged_at(l, &r.dislodged.unit);
        let unit = esc(&r.dislodged.unit.short(scene.map));
        if r.options.is_empty() {
            let _ = write!(
                b,
                "<g class=\"retreat-option\" data-unit=\"{unit}\" data-to=\"\">"
            );
            cross(b, from, l.unit * 1.2, FAIL);
            b.push_str("</g>\n");
        }
        for o in r.options {
            let to = l.anchor(*o);
            let _ = write!(
                b,
                "<g class=\"retreat-option\" data-unit=\"{unit}\" data-to=\"{}\">",
                esc(&scene.map.location_name(*o))
            );
            line(
                b,
                from,
                to,
                l.unit,
                l.unit * 0.6,
                FAIL,
                " stroke-dasharray=\"3,3\"",
                1.4,
            );
            let _ = write!(b, "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{FAIL}\" stroke-width=\"1.4\"/></g>", n(to[0]), n(to[1]), n(l.unit * 0.6));
            b.push('\n');
        }
    }
    b.push_str("</g>\n");
}

/// What the orders layer covers, for placing labels: each order's line (with its head) or the
/// ring round its unit, its marks, what the rules did without orders, and the retreat options.
pub(crate) fn blockers(scene: &Scene, l: &Layout) -> Vec<Blocker> {
    let u = l.unit;
    let mut out = Vec::new();
    for o in &scene.orders {
        let (c, dash) = style(scene, o);
        let (kind, from, to, _) = geometry(scene, l, o, c, dash);
        if kind == "waive" {
            continue;
        }
        out.push(Blocker::Disc(from, u * 2.0 + 1.5));
        if o.highlight {
            out.push(Blocker::Line(from, to, u * 2.1 + 3.0));
        }
        if from != to {
            out.push(Blocker::Line(from, to, u * 0.9 + 7.0));
            out.push(Blocker::Disc(to, u * 1.5 + 1.5));
            let at = |t: f64| {
                [
                    from[0] + (to[0] - from[0]) * t,
                    from[1] + (to[1] - from[1]) * t,
                ]
            };
            out.push(Blocker::Disc(at(0.75), u * 1.2 + 2.5));
            out.push(Blocker::Disc(at(0.55), u * 1.2 + 2.5));
        }
    }
    let retreating = scene.position.phase.kind == PhaseKind::Retreat;
    for a in &scene.automatic {
        let unit = &a.action.unit;
        let at = if retreating {
            dislodged_at(l, unit)
        } else {
            l.anchor(unit.location)
        };
        out.push(Blocker::Disc(at, u * 2.1 + 3.0));
    }
    for r in &scene.retreats {
        let from = dislodged_at(l, &r.dislodged.unit);
        out.push(Blocker::Disc(from, u * 1.8 + 2.5));
        for o in r.options {
            let to = l.anchor(*o);
            out.push(Blocker::Line(from, to, 1.5));
            out.push(Blocker::Disc(to, u * 0.6 + 1.0));
        }
    }
    out
}

/// The points an order layer involves: each order's two anchors (a support's and a convoy's
/// both ends), each unit the rules acted on, each dislodged unit and its retreat options.
pub(crate) fn involved(scene: &Scene, l: &Layout) -> Vec<Pt> {
    let mut out = Vec::new();
    for o in &scene.orders {
        let (c, dash) = style(scene, o);
        let (kind, from, to, _) = geometry(scene, l, o, c, dash);
        if kind != "waive" {
            out.extend([from, to]);
        }
        let other = match &o.order {
            Order::SupportMove { supported, to, .. } => Some((&supported.place, to)),
            Order::Convoy { army, to, .. } => Some((&army.place, to)),
            _ => None,
        };
        if let Some((a, t)) = other {
            out.extend([other_at(scene, l, a), place_at(l, t)]);
        }
    }
    out.extend(
        scene
            .automatic
            .iter()
            .map(|a| l.anchor(a.action.unit.location)),
    );
    for r in &scene.retreats {
        out.push(dislodged_at(l, &r.dislodged.unit));
        out.extend(r.options.iter().map(|o| l.anchor(*o)));
    }
    out
}
