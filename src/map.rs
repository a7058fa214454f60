//! Our board (ruling R-MAP): loading and validating `data/map.json`.
//!
//! The rulebook gives only fragments of the map; the rest is our own drawing (ruling R-MAP).
//! The loader checks the structure every board must have (8 Fiefs of 2–4 Villages, 5 Bishoprics
//! numbered 1–5 with a principal Village each, roads between known Villages, a connected and
//! planar road network) and names the bad village, road or region when something is wrong.

use serde::Deserialize;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

pub type VillageId = u8;
pub type FiefId = u8;
/// Index 0..5 of a Bishopric; its printed number is `index + 1`.
pub type BishopricId = u8;

/// The map file shipped with the game, embedded so the binaries work from anywhere.
pub const BUILTIN_MAP_JSON: &str = include_str!("../data/map.json");

pub const FIEF_COUNT: usize = 8;
pub const BISHOPRIC_COUNT: usize = 5;
pub const MAX_VILLAGES: usize = 64;

#[derive(Debug, Clone, PartialEq)]
pub struct MapError(pub String);

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "map error: {}", self.0)
    }
}
impl std::error::Error for MapError {}

/// Size of a Fief (1.2, 4.3): the title's name and price follow from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FiefKind {
    Barony,
    County,
    Duchy,
}

#[derive(Debug, Clone)]
pub struct Village {
    pub key: String,
    pub name: String,
    pub x: f64,
    pub y: f64,
    pub fief: FiefId,
    pub bishopric: BishopricId,
    pub neighbours: Vec<VillageId>,
}

#[derive(Debug, Clone)]
pub struct Fief {
    pub key: String,
    pub name: String,
    /// `#rrggbb`
    pub colour: String,
    pub villages: Vec<VillageId>,
}

impl Fief {
    pub fn kind(&self) -> FiefKind {
        match self.villages.len() {
            2 => FiefKind::Barony,
            3 => FiefKind::County,
            _ => FiefKind::Duchy,
        }
    }
    /// 4.3: the title costs 2 Deniers per Village of the Fief.
    pub fn title_price(&self) -> u32 {
        2 * self.villages.len() as u32
    }
    pub fn rgb(&self) -> (f64, f64, f64) {
        parse_colour(&self.colour).unwrap_or((0.8, 0.8, 0.8))
    }
}

#[derive(Debug, Clone)]
pub struct Bishopric {
    pub number: u8,
    pub name: String,
    pub principal: VillageId,
    pub mitre: (f64, f64),
    pub villages: Vec<VillageId>,
}

/// A Voronoi-style cell around a Village, used to paint Fief backgrounds and Bishopric borders.
/// `edge_neighbour[i]` is the Village on the other side of the edge from `polygon[i]` to
/// `polygon[i + 1]`, or `None` on the edge of the board.
#[derive(Debug, Clone)]
pub struct Cell {
    pub polygon: Vec<(f64, f64)>,
    pub edge_neighbour: Vec<Option<VillageId>>,
}

#[derive(Debug, Clone)]
pub struct Map {
    pub name: String,
    pub width: f64,
    pub height: f64,
    pub boundary: Vec<(f64, f64)>,
    pub villages: Vec<Village>,
    pub fiefs: Vec<Fief>,
    pub bishoprics: Vec<Bishopric>,
    pub roads: Vec<(VillageId, VillageId)>,
    pub cells: Vec<Cell>,
    adjacency: Vec<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    format: u32,
    name: String,
    width: f64,
    height: f64,
    boundary: Vec<[f64; 2]>,
    villages: Vec<RawVillage>,
    fiefs: Vec<RawFief>,
    bishoprics: Vec<RawBishopric>,
    roads: Vec<[String; 2]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVillage {
    id: String,
    name: String,
    x: f64,
    y: f64,
    fief: String,
    bishopric: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFief {
    id: String,
    name: String,
    colour: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBishopric {
    number: u8,
    name: String,
    principal: String,
    mitre: [f64; 2],
}

fn parse_colour(s: &str) -> Option<(f64, f64, f64)> {
    let h = s.strip_prefix('#')?;
    if h.len() != 6 || !h.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let c = |i: usize| {
        u8::from_str_radix(&h[i..i + 2], 16)
            .ok()
            .map(|v| v as f64 / 255.0)
    };
    Some((c(0)?, c(2)?, c(4)?))
}

fn err<T>(msg: impl Into<String>) -> Result<T, MapError> {
    Err(MapError(msg.into()))
}

impl Map {
    /// The board shipped with the game, parsed and validated once.
    pub fn builtin() -> Arc<Map> {
        static MAP: OnceLock<Arc<Map>> = OnceLock::new();
        MAP.get_or_init(|| {
            Arc::new(Map::from_json(BUILTIN_MAP_JSON).expect("the shipped data/map.json is valid"))
        })
        .clone()
    }

    /// A short fingerprint of what the rules see of the board (Villages, Fiefs, Bishoprics and
    /// roads, not the drawing), so that a saved game is only ever loaded onto its own map.
    pub fn fingerprint(&self) -> String {
        // FNV-1a, 64 bits: stable across builds and platforms, unlike std's hasher.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for b in bytes.iter().chain(std::iter::once(&0xff)) {
                h ^= *b as u64;
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        };
        for v in &self.villages {
            eat(v.key.as_bytes());
            eat(&[v.fief, v.bishopric]);
        }
        for f in &self.fiefs {
            eat(f.key.as_bytes());
        }
        for b in &self.bishoprics {
            eat(&[b.number, b.principal]);
        }
        for (a, b) in &self.roads {
            eat(&[*a, *b]);
        }
        format!("{h:016x}")
    }

    pub fn load(path: &std::path::Path) -> Result<Map, MapError> {
        let cannot =
            |e: &dyn std::fmt::Display| MapError(format!("cannot read {}: {e}", path.display()));
        let bytes = crate::files::read_limited(path, 4 << 20).map_err(|e| cannot(&e))?;
        let text = String::from_utf8(bytes).map_err(|e| cannot(&e))?;
        Map::from_json(&text)
    }

    pub fn from_json(text: &str) -> Result<Map, MapError> {
        let raw: RawMap = serde_json::from_str(text)
            .map_err(|e| MapError(format!("not a valid map file: {e}")))?;
        if raw.format != 1 {
            return err(format!("unsupported map format {}", raw.format));
        }
        if !(raw.width > 0.0 && raw.height > 0.0) {
            return err("the board must have a positive width and height");
        }
        if raw.boundary.len() < 3 {
            return err("the board boundary needs at least 3 corners");
        }
        if raw.villages.len() > MAX_VILLAGES {
            return err(format!(
                "too many villages ({}, at most {MAX_VILLAGES})",
                raw.villages.len()
            ));
        }
        // Fiefs.
        let mut fief_index = HashMap::new();
        for (i, f) in raw.fiefs.iter().enumerate() {
            if f.name.trim().is_empty() {
                return err(format!("fief '{}' has no name", f.id));
            }
            if parse_colour(&f.colour).is_none() {
                return err(format!(
                    "fief '{}' has a bad colour '{}' (want #rrggbb)",
                    f.id, f.colour
                ));
            }
            if fief_index.insert(f.id.clone(), i as FiefId).is_some() {
                return err(format!("fief '{}' is defined twice", f.id));
            }
        }
        if raw.fiefs.len() != FIEF_COUNT {
            return err(format!(
                "the board needs exactly {FIEF_COUNT} fiefs, found {}",
                raw.fiefs.len()
            ));
        }
        // Villages.
        let mut village_index = HashMap::new();
        let mut villages = Vec::new();
        for (i, v) in raw.villages.iter().enumerate() {
            if v.name.trim().is_empty() {
                return err(format!("village '{}' has no name", v.id));
            }
            if village_index.insert(v.id.clone(), i as VillageId).is_some() {
                return err(format!("village '{}' is defined twice", v.id));
            }
            let Some(&fief) = fief_index.get(&v.fief) else {
                return err(format!(
                    "village '{}' names an unknown fief '{}'",
                    v.id, v.fief
                ));
            };
            if !(1..=BISHOPRIC_COUNT as u8).contains(&v.bishopric) {
                return err(format!(
                    "village '{}' names bishopric {}, which is not 1 to {BISHOPRIC_COUNT}",
                    v.id, v.bishopric
                ));
            }
            if !(0.0..=raw.width).contains(&v.x) || !(0.0..=raw.height).contains(&v.y) {
                return err(format!("village '{}' lies outside the board", v.id));
            }
            villages.push(Village {
                key: v.id.clone(),
                name: v.name.clone(),
                x: v.x,
                y: v.y,
                fief,
                bishopric: v.bishopric - 1,
                neighbours: Vec::new(),
            });
        }
        for (a, va) in villages.iter().enumerate() {
            for vb in villages.iter().skip(a + 1) {
                if (va.x - vb.x).abs() < 1e-6 && (va.y - vb.y).abs() < 1e-6 {
                    return err(format!(
                        "villages '{}' and '{}' stand on the same spot",
                        va.key, vb.key
                    ));
                }
            }
        }
        let mut fiefs: Vec<Fief> = raw
            .fiefs
            .iter()
            .map(|f| Fief {
                key: f.id.clone(),
                name: f.name.clone(),
                colour: f.colour.clone(),
                villages: vec![],
            })
            .collect();
        for (i, v) in villages.iter().enumerate() {
            fiefs[v.fief as usize].villages.push(i as VillageId);
        }
        for f in &fiefs {
            if !(2..=4).contains(&f.villages.len()) {
                return err(format!(
                    "fief '{}' has {} villages; a fief has 2 to 4 (1.2)",
                    f.key,
                    f.villages.len()
                ));
            }
        }
        for (kind, n) in [("Barony", 2), ("County", 3), ("Duchy", 4)] {
            if !fiefs.iter().any(|f| f.villages.len() == n) {
                return err(format!("the board needs at least one {kind} ({n} villages), as the title prices 4/6/8 imply"));
            }
        }
        // Bishoprics.
        let mut bishoprics: Vec<Option<Bishopric>> = vec![None; BISHOPRIC_COUNT];
        for b in &raw.bishoprics {
            if !(1..=BISHOPRIC_COUNT as u8).contains(&b.number) {
                return err(format!(
                    "bishopric number {} is not 1 to {BISHOPRIC_COUNT}",
                    b.number
                ));
            }
            let slot = &mut bishoprics[b.number as usize - 1];
            if slot.is_some() {
                return err(format!("bishopric {} is defined twice", b.number));
            }
            let Some(&principal) = village_index.get(&b.principal) else {
                return err(format!(
                    "bishopric {} names an unknown principal village '{}'",
                    b.number, b.principal
                ));
            };
            if villages[principal as usize].bishopric != b.number - 1 {
                return err(format!(
                    "bishopric {}: its principal village '{}' lies in another bishopric",
                    b.number, b.principal
                ));
            }
            *slot = Some(Bishopric {
                number: b.number,
                name: b.name.clone(),
                principal,
                mitre: (b.mitre[0], b.mitre[1]),
                villages: villages
                    .iter()
                    .enumerate()
                    .filter(|(_, v)| v.bishopric == b.number - 1)
                    .map(|(i, _)| i as VillageId)
                    .collect(),
            });
        }
        let mut bs = Vec::new();
        for (i, b) in bishoprics.into_iter().enumerate() {
            match b {
                Some(b) => bs.push(b),
                None => return err(format!("bishopric {} is missing", i + 1)),
            }
        }
        // Roads.
        let mut roads = Vec::new();
        let mut adjacency = vec![0u64; villages.len()];
        for [a, b] in &raw.roads {
            let (Some(&ia), Some(&ib)) = (village_index.get(a), village_index.get(b)) else {
                let bad = if village_index.contains_key(a) { b } else { a };
                return err(format!("road {a}–{b} names an unknown village '{bad}'"));
            };
            if ia == ib {
                return err(format!("road {a}–{b} joins a village to itself"));
            }
            if adjacency[ia as usize] & (1 << ib) != 0 {
                return err(format!("road {a}–{b} is listed twice"));
            }
            adjacency[ia as usize] |= 1 << ib;
            adjacency[ib as usize] |= 1 << ia;
            roads.push((ia, ib));
        }
        for (i, v) in villages.iter_mut().enumerate() {
            v.neighbours = (0..adjacency.len() as u8)
                .filter(|&j| adjacency[i] & (1 << j) != 0)
                .collect();
            if v.neighbours.is_empty() {
                return err(format!("village '{}' has no road", v.key));
            }
        }
        // Connected network.
        let mut seen = 1u64;
        let mut stack = vec![0usize];
        while let Some(i) = stack.pop() {
            let new = adjacency[i] & !seen;
            seen |= new;
            for j in 0..villages.len() {
                if new & (1 << j) != 0 {
                    stack.push(j);
                }
            }
        }
        if let Some(v) = villages
            .iter()
            .enumerate()
            .find(|(i, _)| seen & (1 << i) == 0)
        {
            return err(format!(
                "village '{}' cannot be reached by road from '{}'",
                v.1.key, villages[0].key
            ));
        }
        // Planar when drawn: no two roads cross.
        for (i, &(a, b)) in roads.iter().enumerate() {
            for &(c, d) in roads.iter().skip(i + 1) {
                if a == c || a == d || b == c || b == d {
                    continue;
                }
                let p = |v: VillageId| (villages[v as usize].x, villages[v as usize].y);
                if segments_cross(p(a), p(b), p(c), p(d)) {
                    let k = |v: VillageId| villages[v as usize].key.as_str();
                    return err(format!(
                        "road {}–{} crosses road {}–{}",
                        k(a),
                        k(b),
                        k(c),
                        k(d)
                    ));
                }
            }
        }
        let boundary: Vec<(f64, f64)> = raw.boundary.iter().map(|p| (p[0], p[1])).collect();
        let cells = voronoi_cells(&villages, &boundary);
        // Regions must be contiguous so that they can be painted as areas.
        let cell_adjacent = |a: usize, b: usize| cells[a].edge_neighbour.contains(&Some(b as u8));
        for f in &fiefs {
            if !connected(&f.villages, cell_adjacent) {
                return err(format!("fief '{}' is not one connected area", f.key));
            }
        }
        for b in &bs {
            if !connected(&b.villages, cell_adjacent) {
                return err(format!("bishopric {} is not one connected area", b.number));
            }
        }
        Ok(Map {
            name: raw.name,
            width: raw.width,
            height: raw.height,
            boundary,
            villages,
            fiefs,
            bishoprics: bs,
            roads,
            cells,
            adjacency,
        })
    }

    /// Whether a road joins `a` and `b` (false when either is not on the board).
    pub fn adjacent(&self, a: VillageId, b: VillageId) -> bool {
        let bit = 1u64.checked_shl(b as u32).unwrap_or(0);
        self.adjacency
            .get(a as usize)
            .is_some_and(|&m| m & bit != 0 && (b as usize) < self.villages.len())
    }

    /// Finds a village by its key or its printed name, ignoring case, accents, spaces and
    /// punctuation (`st_medard`, `St Médard`, `StMedard`).
    pub fn find_village(&self, s: &str) -> Option<VillageId> {
        let want = fold_name(s);
        self.villages
            .iter()
            .position(|v| fold_name(&v.key) == want || fold_name(&v.name) == want)
            .map(|i| i as VillageId)
    }

    /// Finds a fief by its key or its printed name, matched as `find_village` does.
    pub fn find_fief(&self, s: &str) -> Option<FiefId> {
        let want = fold_name(s);
        self.fiefs
            .iter()
            .position(|f| fold_name(&f.key) == want || fold_name(&f.name) == want)
            .map(|i| i as FiefId)
    }

    /// The printed name of Village `v`, or `village#N` for an id that is not on the board
    /// (names go into messages, which must never panic on a bad id from a file).
    pub fn village_name(&self, v: VillageId) -> &str {
        match self.villages.get(v as usize) {
            Some(x) => &x.name,
            None => unknown_village(v),
        }
    }

    /// Whether `v` is the principal Village of its Bishopric (false when not on the board).
    pub fn is_principal(&self, v: VillageId) -> bool {
        self.villages
            .get(v as usize)
            .and_then(|x| self.bishoprics.get(x.bishopric as usize))
            .is_some_and(|b| b.principal == v)
    }
}

/// `village#N`, the name of an id that is not on the board (one per possible id, made once).
fn unknown_village(v: VillageId) -> &'static str {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    &NAMES.get_or_init(|| {
        (0..=VillageId::MAX)
            .map(|i| format!("village#{i}"))
            .collect()
    })[v as usize]
}

/// Folds a name for loose matching: lower case, common French accents removed, spaces,
/// hyphens, apostrophes and underscores dropped.
pub fn fold_name(s: &str) -> String {
    s.trim()
        .chars()
        .map(|c| match c {
            'à' | 'â' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' | 'É' => 'e',
            'î' | 'ï' => 'i',
            'ô' | 'ö' => 'o',
            'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            c => c.to_ascii_lowercase(),
        })
        .filter(|c| !c.is_whitespace() && *c != '-' && *c != '\'' && *c != '_')
        .collect()
}

fn connected(ids: &[VillageId], adjacent: impl Fn(usize, usize) -> bool) -> bool {
    if ids.is_empty() {
        return true;
    }
    let mut seen = vec![ids[0]];
    let mut stack = vec![ids[0]];
    while let Some(a) = stack.pop() {
        for &b in ids {
            if !seen.contains(&b) && adjacent(a as usize, b as usize) {
                seen.push(b);
                stack.push(b);
            }
        }
    }
    seen.len() == ids.len()
}

fn orient(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> f64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// True when the open segments ab and cd cross (touching at an end point does not count).
fn segments_cross(a: (f64, f64), b: (f64, f64), c: (f64, f64), d: (f64, f64)) -> bool {
    let (o1, o2) = (orient(a, b, c), orient(a, b, d));
    let (o3, o4) = (orient(c, d, a), orient(c, d, b));
    o1 * o2 < 0.0 && o3 * o4 < 0.0
}

/// The cell of each Village: the part of the board closer to it than to any other Village.
/// Computed by clipping the board outline with one half-plane per other Village, keeping
/// track of which neighbour each edge faces.
fn voronoi_cells(villages: &[Village], boundary: &[(f64, f64)]) -> Vec<Cell> {
    villages
        .iter()
        .enumerate()
        .map(|(i, vi)| {
            let mut poly: Vec<(f64, f64)> = boundary.to_vec();
            let mut tags: Vec<Option<VillageId>> = vec![None; poly.len()];
            for (j, vj) in villages.iter().enumerate() {
                if i == j {
                    continue;
                }
                let (dx, dy) = (vj.x - vi.x, vj.y - vi.y);
                let (mx, my) = ((vi.x + vj.x) / 2.0, (vi.y + vj.y) / 2.0);
                let side = |p: (f64, f64)| (p.0 - mx) * dx + (p.1 - my) * dy;
                let mut out_p = Vec::with_capacity(poly.len() + 1);
                let mut out_t = Vec::with_capacity(poly.len() + 1);
                for k in 0..poly.len() {
                    let p = poly[k];
                    let q = poly[(k + 1) % poly.len()];
                    let (sp, sq) = (side(p), side(q));
                    let cut = || {
                        let t = sp / (sp - sq);
                        (p.0 + t * (q.0 - p.0), p.1 + t * (q.1 - p.1))
                    };
                    match (sp <= 0.0, sq <= 0.0) {
                        (true, true) => {
                            out_p.push(p);
                            out_t.push(tags[k]);
                        }
                        (true, false) => {
                            out_p.push(p);
                            out_t.push(tags[k]);
                            out_p.push(cut());
                            out_t.push(Some(j as VillageId));
                        }
                        (false, true) => {
                            out_p.push(cut());
                            out_t.push(tags[k]);
                        }
                        (false, false) => {}
                    }
                }
                poly = out_p;
                tags = out_t;
            }
            // Drop degenerate zero-length edges.
            let mut polygon = Vec::new();
            let mut edge_neighbour = Vec::new();
            for k in 0..poly.len() {
                let q = poly[(k + 1) % poly.len()];
                if (poly[k].0 - q.0).hypot(poly[k].1 - q.1) > 1e-9 {
                    polygon.push(poly[k]);
                    edge_neighbour.push(tags[k]);
                }
            }
            Cell {
                polygon,
                edge_neighbour,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn broken(f: impl Fn(&mut serde_json::Value)) -> String {
        let mut v: serde_json::Value = serde_json::from_str(BUILTIN_MAP_JSON).unwrap();
        f(&mut v);
        Map::from_json(&v.to_string()).unwrap_err().0
    }

    #[test]
    fn builtin_map_loads() {
        let m = Map::builtin();
        assert_eq!(m.fiefs.len(), 8);
        assert_eq!(m.bishoprics.len(), 5);
        assert!((24..=30).contains(&m.villages.len()));
    }

    #[test]
    fn broken_files_name_the_culprit() {
        assert!(broken(|v| v["roads"][0][1] = "nowhere".into()).contains("'nowhere'"));
        assert!(broken(|v| v["villages"][3]["fief"] = "atlantis".into()).contains("atlantis"));
        assert!(broken(|v| v["villages"][2]["bishopric"] = 9.into()).contains("village 'st_paul'"));
        assert!(
            broken(|v| v["bishoprics"][4]["principal"] = "blaye".into()).contains("bishopric 5")
        );
        assert!(broken(|v| {
            let roads = v["roads"].as_array_mut().unwrap();
            roads.push(serde_json::json!(["montrevel", "beaujeu"]));
            roads.push(serde_json::json!(["sigy", "mazilles"]));
        })
        .contains("crosses"));
        assert!(broken(|v| {
            let r = v["roads"][0].clone();
            v["roads"].as_array_mut().unwrap().push(r);
        })
        .contains("listed twice"));
        assert!(broken(|v| v["fiefs"][0]["colour"] = "purple".into()).contains("fief 'bourg'"));
        assert!(Map::from_json("{ not json")
            .unwrap_err()
            .0
            .contains("not a valid map file"));
    }

    #[test]
    fn cells_cover_the_board() {
        let m = Map::builtin();
        let area = |p: &Vec<(f64, f64)>| {
            let mut a = 0.0;
            for k in 0..p.len() {
                let (x1, y1) = p[k];
                let (x2, y2) = p[(k + 1) % p.len()];
                a += x1 * y2 - x2 * y1;
            }
            (a / 2.0).abs()
        };
        let total: f64 = m.cells.iter().map(|c| area(&c.polygon)).sum();
        assert!(
            (total - m.width * m.height).abs() < 1.0,
            "cells cover {total}"
        );
    }
}
