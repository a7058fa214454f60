//! Our board keeps every fact the rulebook gives about its map (ruling R-MAP).

use fief::map::{FiefKind, Map};

fn village(m: &Map, name: &str) -> u8 {
    m.villages
        .iter()
        .position(|v| v.name == name)
        .unwrap_or_else(|| panic!("no village named {name}")) as u8
}

#[test]
fn every_village_the_rulebook_names_exists() {
    let m = Map::builtin();
    for name in [
        "St Médard",
        "Sigy",
        "St Paul",
        "St Ciers d'Abzac",
        "Beaujeu",
        "Bourg",
        "Blaye",
        "Charolles",
        "L'Épervier",
        "Mazilles",
        "Tournus",
        "St Gérôme",
    ] {
        village(&m, name);
    }
    assert!((24..=30).contains(&m.villages.len()));
}

#[test]
fn eight_fiefs_of_every_size() {
    let m = Map::builtin();
    assert_eq!(m.fiefs.len(), 8);
    for kind in [FiefKind::Barony, FiefKind::County, FiefKind::Duchy] {
        assert!(m.fiefs.iter().any(|f| f.kind() == kind));
    }
    let prices: Vec<u32> = m.fiefs.iter().map(|f| f.title_price()).collect();
    assert!(prices.iter().all(|p| [4, 6, 8].contains(p)));
    // The Duchy of Bourg has 4 Villages, Bourg among them.
    let bourg = m.fiefs.iter().find(|f| f.name == "Duchy of Bourg").unwrap();
    assert_eq!(bourg.villages.len(), 4);
    assert!(bourg.villages.contains(&village(&m, "Bourg")));
    // A green County on the east side includes Tournus.
    let tournus = village(&m, "Tournus");
    let f = &m.fiefs[m.villages[tournus as usize].fief as usize];
    assert_eq!(f.kind(), FiefKind::County);
    let (r, g, b) = f.rgb();
    assert!(g > r && g > b, "the County of Tournus is green");
    let east = f
        .villages
        .iter()
        .all(|&v| m.villages[v as usize].x > m.width * 0.75);
    assert!(east, "the County of Tournus lies on the east side");
}

#[test]
fn five_bishoprics_with_their_principal_villages() {
    let m = Map::builtin();
    let principals: Vec<&str> = m
        .bishoprics
        .iter()
        .map(|b| m.village_name(b.principal))
        .collect();
    for name in ["Sigy", "Blaye", "Tournus", "St Gérôme", "Bourg"] {
        assert!(
            principals.contains(&name),
            "{name} is not a principal village"
        );
    }
    assert_eq!(
        m.bishoprics.iter().map(|b| b.number).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5]
    );
    // Bishopric 5 is exactly Sigy (principal), St Paul, St Ciers d'Abzac and Beaujeu.
    let b5 = &m.bishoprics[4];
    assert_eq!(m.village_name(b5.principal), "Sigy");
    let mut names: Vec<&str> = b5.villages.iter().map(|&v| m.village_name(v)).collect();
    names.sort();
    assert_eq!(
        names,
        vec!["Beaujeu", "Sigy", "St Ciers d'Abzac", "St Paul"]
    );
}

#[test]
fn fiefs_cross_bishopric_borders() {
    let m = Map::builtin();
    let crossing = m
        .fiefs
        .iter()
        .filter(|f| {
            let b0 = m.villages[f.villages[0] as usize].bishopric;
            f.villages
                .iter()
                .any(|&v| m.villages[v as usize].bishopric != b0)
        })
        .count();
    assert!(
        crossing >= 3,
        "only {crossing} fiefs cross a bishopric border"
    );
}

#[test]
fn the_roads_of_the_examples() {
    let m = Map::builtin();
    let (blaye, charolles, epervier) = (
        village(&m, "Blaye"),
        village(&m, "Charolles"),
        village(&m, "L'Épervier"),
    );
    assert!(m.adjacent(blaye, charolles));
    assert!(m.adjacent(charolles, epervier));
    // Blaye to L'Épervier takes 2 Moves by that route, not 1.
    assert!(!m.adjacent(blaye, epervier));
}
