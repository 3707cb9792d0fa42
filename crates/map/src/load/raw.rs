//! The map file as written: serde structs that keep every value's place (`toml::Spanned`), the
//! `extends` chain, and the merge of a child map into its base.
//!
//! Every source file of a map (the file itself and the maps it extends) is one [`Source`]; the
//! spans of a source's values are shifted by the source's `base`, so that one offset names a
//! file and a place in it ([`Sources::locate`]).

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use crate::{Diagnostic, MapError};

pub(crate) type S = Spanned<String>;

/// How many maps an `extends` chain may hold (a loop is reported, not followed).
const MAX_EXTENDS_DEPTH: usize = 16;

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawMap {
    pub name: Option<S>,
    #[serde(default)]
    pub extends: Option<S>,
    #[serde(default)]
    pub title: Option<S>,
    #[serde(default)]
    pub first_year: Option<Spanned<u16>>,
    #[serde(default)]
    pub first_season: Option<S>,
    #[serde(default)]
    pub victory_centres: Option<Spanned<u16>>,
    #[serde(default)]
    pub build: Option<S>,
    #[serde(default)]
    pub unit_conversion: Option<S>,
    #[serde(default)]
    pub centre_order: Option<Spanned<Vec<S>>>,
    #[serde(default)]
    pub calendar: Option<RawCalendar>,
    #[serde(default)]
    pub victory: Option<RawVictory>,
    #[serde(default, rename = "power")]
    pub powers: Vec<RawPower>,
    #[serde(default, rename = "province")]
    pub provinces: Vec<RawProvince>,
    #[serde(default, rename = "border")]
    pub borders: Vec<RawBorder>,
    #[serde(default, rename = "railroad")]
    pub railroads: Vec<RawRailroad>,
    #[serde(default, rename = "canal")]
    pub canals: Vec<RawCanal>,
    #[serde(default)]
    pub drawing: Option<RawDrawing>,
}

/// A list of numbers with its place (a point `[lon, lat]`, or `bounds`).
pub(crate) type Nums = Spanned<Vec<f64>>;
/// A list of points with its place (a polygon, or `seeds`).
pub(crate) type Points = Spanned<Vec<Vec<f64>>>;

#[derive(Debug, Deserialize, Clone, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawDrawing {
    #[serde(default)]
    pub projection: Option<S>,
    #[serde(default)]
    pub bounds: Option<Nums>,
    #[serde(default)]
    pub land: Option<Vec<RawLand>>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawLand {
    #[serde(default)]
    pub name: Option<S>,
    pub points: Points,
}

/// A province's or coast's `draw` table.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawDraw {
    #[serde(default)]
    pub at: Option<Nums>,
    #[serde(default)]
    pub label: Option<Nums>,
    #[serde(default)]
    pub seeds: Option<Points>,
    #[serde(default)]
    pub shape: Option<Points>,
}

#[derive(Debug, Deserialize, Clone, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCalendar {
    #[serde(default)]
    pub first_phase: Option<S>,
    #[serde(default)]
    pub adjustment_every: Option<Spanned<u16>>,
    #[serde(default)]
    pub year_step: Option<Spanned<u16>>,
    #[serde(default)]
    pub captures_when_adjusting: Option<bool>,
    #[serde(default, rename = "season")]
    pub seasons: Option<Vec<RawSeason>>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawSeason {
    pub name: S,
    #[serde(default)]
    pub aliases: Option<Vec<S>>,
    #[serde(default)]
    pub captures: Option<Spanned<bool>>,
    #[serde(default)]
    pub adjustment: Option<S>,
}

#[derive(Debug, Deserialize, Clone, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawVictory {
    #[serde(default)]
    pub centres: Option<Spanned<u16>>,
    #[serde(default)]
    pub more_than_any: Option<bool>,
    #[serde(default)]
    pub lead: Option<Spanned<u16>>,
    #[serde(default)]
    pub last_year: Option<Spanned<u16>>,
    #[serde(default)]
    pub at_last_year: Option<S>,
    #[serde(default)]
    pub lead_wins: Option<Spanned<u16>>,
    #[serde(default)]
    pub lead_shrinks_by: Option<Spanned<u16>>,
    #[serde(default)]
    pub control: Option<Vec<S>>,
    #[serde(default)]
    pub control_from: Option<Spanned<u16>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPower {
    pub name: S,
    #[serde(default)]
    pub adjective: Option<S>,
    #[serde(default)]
    pub abbreviation: Option<S>,
    #[serde(default)]
    pub units: Option<Vec<S>>,
    #[serde(default)]
    pub centres: Option<Vec<S>>,
    #[serde(default)]
    pub build_sites: Option<Vec<S>>,
    #[serde(default)]
    pub no_build: Option<Vec<S>>,
    #[serde(default)]
    pub neutral: Option<bool>,
    #[serde(default)]
    pub rebuild: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawProvince {
    pub name: S,
    #[serde(default)]
    pub full_name: Option<S>,
    #[serde(default)]
    pub aliases: Option<Vec<S>>,
    #[serde(default)]
    pub terrain: Option<S>,
    #[serde(default)]
    pub supply_centre: Option<bool>,
    #[serde(default)]
    pub home: Option<S>,
    #[serde(default)]
    pub country: Option<S>,
    #[serde(default)]
    pub army: Option<Vec<S>>,
    #[serde(default)]
    pub fleet: Option<Vec<S>>,
    #[serde(default, rename = "coast")]
    pub coasts: Option<Vec<RawCoast>>,
    #[serde(default)]
    pub convoyable: Option<bool>,
    #[serde(default)]
    pub closed: Option<Vec<S>>,
    #[serde(default)]
    pub not_centre_for: Option<Vec<S>>,
    #[serde(default)]
    pub dummy: Option<bool>,
    #[serde(default)]
    pub draw: Option<Spanned<RawDraw>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCoast {
    pub name: S,
    pub full_name: S,
    #[serde(default)]
    pub fleet: Vec<S>,
    #[serde(default)]
    pub draw: Option<Spanned<RawDraw>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawBorder {
    #[serde(default)]
    pub between: Option<Spanned<Vec<S>>>,
    #[serde(default)]
    pub from: Option<S>,
    #[serde(default)]
    pub to: Option<S>,
    #[serde(default)]
    pub difficult: bool,
    #[serde(default)]
    pub half_strength: Option<Spanned<bool>>,
    #[serde(default)]
    pub units: Option<Vec<S>>,
    #[serde(default)]
    pub closed: Vec<S>,
    #[serde(default)]
    pub one_way: bool,
    /// Where the table starts (set after parsing: the place of its first key).
    #[serde(skip)]
    pub at: Range<usize>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawRailroad {
    pub name: S,
    #[serde(default)]
    pub full_name: Option<S>,
    pub provinces: Vec<S>,
    #[serde(default)]
    pub powers: Vec<S>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCanal {
    pub province: S,
    pub seas: Vec<S>,
}

/// One file of a map: the map itself or a map it extends.
pub(crate) struct Source {
    pub file: String,
    pub text: String,
    /// Offset added to every span of this file's values.
    pub base: usize,
}

/// Every file of a map, in load order (the map first, then what it extends).
#[derive(Default)]
pub(crate) struct Sources {
    pub list: Vec<Source>,
}

impl Sources {
    /// A diagnostic at a shifted offset: the file it falls in and its line and column there.
    pub fn diagnostic(&self, offset: usize, message: impl Into<String>) -> Diagnostic {
        let src = self
            .list
            .iter()
            .rev()
            .find(|s| offset >= s.base)
            .unwrap_or(&self.list[0]);
        Diagnostic::at(&src.file, &src.text, offset - src.base, message)
    }

    fn add(&mut self, file: &str, text: &str) -> usize {
        let base = self.list.last().map_or(0, |s| s.base + s.text.len() + 1);
        self.list.push(Source {
            file: file.to_string(),
            text: text.to_string(),
            base,
        });
        base
    }
}

/// Finds the text of a map named by `extends`: an embedded map's name, or a path relative to
/// the extending file.
pub(crate) type Resolver<'a> = &'a dyn Fn(&str, &str) -> Result<(String, String), String>;

/// Reads `text` and every map it extends, merged into one raw map.
pub(crate) fn read(
    text: &str,
    file: &str,
    resolve: Resolver,
) -> Result<(RawMap, Sources), MapError> {
    let mut sources = Sources::default();
    let mut chain: Vec<RawMap> = Vec::new();
    let (mut text, mut file) = (text.to_string(), file.to_string());
    loop {
        let base = sources.add(&file, &text);
        let mut raw = parse(&text, &file)?;
        raw.shift(base);
        let Some(ext) = raw.extends.clone() else {
            chain.push(raw);
            break;
        };
        if chain.len() + 1 >= MAX_EXTENDS_DEPTH {
            return Err(one(
                &sources,
                &ext,
                "`extends` chain too long (a loop?)".into(),
            ));
        }
        match resolve(ext.get_ref(), &file) {
            Ok((f, _)) if sources.list.iter().any(|s| s.file == f) => {
                return Err(one(
                    &sources,
                    &ext,
                    format!("`extends` loop: `{f}` is already part of this map"),
                ));
            }
            Ok((f, t)) => {
                chain.push(raw);
                (file, text) = (f, t);
            }
            Err(why) => return Err(one(&sources, &ext, why)),
        }
    }
    let mut merged = chain.pop().expect("at least one map");
    while let Some(child) = chain.pop() {
        merged.merge(child);
    }
    Ok((merged, sources))
}

fn one(sources: &Sources, at: &S, message: String) -> MapError {
    MapError {
        diagnostics: vec![sources.diagnostic(at.span().start, message)],
    }
}

fn parse(text: &str, file: &str) -> Result<RawMap, MapError> {
    // The quick path reads every file it can; the toml crate reads the rest and words errors.
    let mut raw: RawMap = match super::fast_toml::from_str(text) {
        Some(raw) => raw,
        None => toml_path(text, file)?,
    };
    // Debug builds (the tests, the fuzz targets) check the quick path against the toml
    // crate on every file up to 1 MB: the same values in the same places.
    #[cfg(debug_assertions)]
    if text.len() <= 1 << 20 {
        let slow = toml_path(text, file).map(|slow| format!("{slow:?}"));
        debug_assert_eq!(Ok(format!("{raw:?}")), slow.map_err(|e| e.to_string()));
    }
    for b in &mut raw.borders {
        b.at = b
            .between
            .as_ref()
            .map(|s| s.span())
            .or_else(|| b.from.as_ref().map(|s| s.span()))
            .or_else(|| b.to.as_ref().map(|s| s.span()))
            .unwrap_or(0..0);
    }
    Ok(raw)
}

/// `text` read by the toml crate (whose messages the map's errors keep).
pub(crate) fn toml_path(text: &str, file: &str) -> Result<RawMap, MapError> {
    toml::from_str(text).map_err(|e| {
        let (offset, message) = crate::toml_error(&e, text);
        let mut d = Diagnostic::at(file, text, offset, message);
        if e.span().is_none() {
            d.line = 0;
            d.column = 0;
        }
        MapError {
            diagnostics: vec![d],
        }
    })
}

fn sh<T: Clone>(s: &mut Spanned<T>, by: usize) {
    let r = s.span();
    *s = Spanned::new(r.start + by..r.end + by, s.get_ref().clone());
}

fn sh_opt<T: Clone>(s: &mut Option<Spanned<T>>, by: usize) {
    if let Some(s) = s {
        sh(s, by);
    }
}

fn sh_draw(d: &mut Option<Spanned<RawDraw>>, by: usize) {
    let Some(d) = d else { return };
    let r = d.span();
    let mut v = d.get_ref().clone();
    for s in [&mut v.at, &mut v.label] {
        sh_opt(s, by);
    }
    for s in [&mut v.seeds, &mut v.shape] {
        sh_opt(s, by);
    }
    *d = Spanned::new(r.start + by..r.end + by, v);
}

fn sh_list(l: &mut [S], by: usize) {
    l.iter_mut().for_each(|s| sh(s, by));
}

fn sh_opt_list(l: &mut Option<Vec<S>>, by: usize) {
    if let Some(l) = l {
        sh_list(l, by);
    }
}

impl RawMap {
    /// Adds `by` to every span, so that offsets are unique across the map's files.
    fn shift(&mut self, by: usize) {
        if by == 0 {
            return;
        }
        sh_opt(&mut self.name, by);
        sh_opt(&mut self.extends, by);
        sh_opt(&mut self.title, by);
        sh_opt(&mut self.first_year, by);
        sh_opt(&mut self.first_season, by);
        sh_opt(&mut self.victory_centres, by);
        sh_opt(&mut self.build, by);
        sh_opt(&mut self.unit_conversion, by);
        if let Some(c) = &mut self.calendar {
            sh_opt(&mut c.first_phase, by);
            sh_opt(&mut c.adjustment_every, by);
            sh_opt(&mut c.year_step, by);
            for season in c.seasons.iter_mut().flatten() {
                sh(&mut season.name, by);
                sh_opt_list(&mut season.aliases, by);
                sh_opt(&mut season.captures, by);
                sh_opt(&mut season.adjustment, by);
            }
        }
        if let Some(v) = &mut self.victory {
            sh_opt(&mut v.centres, by);
            sh_opt(&mut v.lead, by);
            sh_opt(&mut v.last_year, by);
            sh_opt(&mut v.at_last_year, by);
            sh_opt(&mut v.lead_wins, by);
            sh_opt(&mut v.lead_shrinks_by, by);
            sh_opt_list(&mut v.control, by);
            sh_opt(&mut v.control_from, by);
        }
        for p in &mut self.powers {
            sh(&mut p.name, by);
            sh_opt(&mut p.adjective, by);
            sh_opt(&mut p.abbreviation, by);
            for l in [
                &mut p.units,
                &mut p.centres,
                &mut p.build_sites,
                &mut p.no_build,
            ] {
                sh_opt_list(l, by);
            }
        }
        for p in &mut self.provinces {
            sh(&mut p.name, by);
            for s in [
                &mut p.full_name,
                &mut p.terrain,
                &mut p.home,
                &mut p.country,
            ] {
                sh_opt(s, by);
            }
            for l in [
                &mut p.aliases,
                &mut p.army,
                &mut p.fleet,
                &mut p.closed,
                &mut p.not_centre_for,
            ] {
                sh_opt_list(l, by);
            }
            for c in p.coasts.iter_mut().flatten() {
                sh(&mut c.name, by);
                sh(&mut c.full_name, by);
                sh_list(&mut c.fleet, by);
                sh_draw(&mut c.draw, by);
            }
            sh_draw(&mut p.draw, by);
        }
        for b in &mut self.borders {
            if let Some(between) = &mut b.between {
                let mut v = between.get_ref().clone();
                sh_list(&mut v, by);
                let r = between.span();
                *between = Spanned::new(r.start + by..r.end + by, v);
            }
            sh_opt(&mut b.from, by);
            sh_opt(&mut b.to, by);
            sh_opt(&mut b.half_strength, by);
            sh_opt_list(&mut b.units, by);
            sh_list(&mut b.closed, by);
            b.at = b.at.start + by..b.at.end + by;
        }
        for r in &mut self.railroads {
            sh(&mut r.name, by);
            sh_opt(&mut r.full_name, by);
            sh_list(&mut r.provinces, by);
            sh_list(&mut r.powers, by);
        }
        for c in &mut self.canals {
            sh(&mut c.province, by);
            sh_list(&mut c.seas, by);
        }
        if let Some(d) = &mut self.drawing {
            sh_opt(&mut d.projection, by);
            sh_opt(&mut d.bounds, by);
            for l in d.land.iter_mut().flatten() {
                sh_opt(&mut l.name, by);
                sh(&mut l.points, by);
            }
        }
    }

    /// Applies a child map (one that `extends` this one) to this one.
    fn merge(&mut self, child: RawMap) {
        macro_rules! over {
            ($($f:ident),*) => { $( if child.$f.is_some() { self.$f = child.$f; } )* };
        }
        over!(
            name,
            title,
            first_year,
            first_season,
            victory_centres,
            build,
            unit_conversion,
            centre_order
        );
        if let Some(c) = child.calendar {
            let base = self.calendar.get_or_insert_with(RawCalendar::default);
            macro_rules! over_in {
                ($($f:ident),*) => { $( if c.$f.is_some() { base.$f = c.$f; } )* };
            }
            over_in!(
                first_phase,
                adjustment_every,
                year_step,
                captures_when_adjusting,
                seasons
            );
        }
        if let Some(v) = child.victory {
            let base = self.victory.get_or_insert_with(RawVictory::default);
            macro_rules! over_in {
                ($($f:ident),*) => { $( if v.$f.is_some() { base.$f = v.$f; } )* };
            }
            over_in!(
                centres,
                more_than_any,
                lead,
                last_year,
                at_last_year,
                lead_wins,
                lead_shrinks_by,
                control,
                control_from
            );
        }
        self.extends = child.extends;
        for p in child.powers {
            match self
                .powers
                .iter_mut()
                .find(|b| b.name.get_ref() == p.name.get_ref())
            {
                Some(b) => b.merge(p),
                None => self.powers.push(p),
            }
        }
        for p in child.provinces {
            let key = p.name.get_ref().to_lowercase();
            match self
                .provinces
                .iter_mut()
                .find(|b| b.name.get_ref().to_lowercase() == key)
            {
                Some(b) => b.merge(p),
                None => self.provinces.push(p),
            }
        }
        self.borders.extend(child.borders);
        self.railroads.extend(child.railroads);
        self.canals.extend(child.canals);
        if let Some(d) = child.drawing {
            let base = self.drawing.get_or_insert_with(RawDrawing::default);
            macro_rules! over_in {
                ($($f:ident),*) => { $( if d.$f.is_some() { base.$f = d.$f; } )* };
            }
            over_in!(projection, bounds, land);
        }
    }
}

impl RawPower {
    fn merge(&mut self, c: RawPower) {
        macro_rules! over {
            ($($f:ident),*) => { $( if c.$f.is_some() { self.$f = c.$f; } )* };
        }
        over!(
            adjective,
            abbreviation,
            units,
            centres,
            build_sites,
            no_build
        );
    }
}

impl RawProvince {
    fn merge(&mut self, c: RawProvince) {
        macro_rules! over {
            ($($f:ident),*) => { $( if c.$f.is_some() { self.$f = c.$f; } )* };
        }
        over!(
            full_name,
            aliases,
            terrain,
            supply_centre,
            home,
            country,
            army,
            fleet,
            coasts,
            convoyable,
            closed,
            not_centre_for,
            dummy,
            draw
        );
    }
}
