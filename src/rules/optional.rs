//! The optional rules a game may be played with (11.1 Holy Relics, 11.2 Fog of War, 11.3 Open
//! Diplomacy, the FAQ's hidden money, the 2.3 note's gentle start): one list, [`OptionalRule`],
//! that every place naming them reads: the game's `Options`, the window's preferences and
//! New Game dialog, scenario files, `fief --rules` and `fief-server --rules`. A set of them,
//! [`RuleSet`], is written as the object `{"relics": true, …}` with the names of `Options`.

use super::events::Msg;
use super::state::Options;
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The optional rules' words on a command line, in the order of `OptionalRule`.
const KEYS: [&str; 5] = [
    "relics",
    "fog",
    "open-diplomacy",
    "hidden-money",
    "gentle-start",
];

/// Their names in `Options`, saves, scenario files and the preferences, in the same order.
pub const FIELDS: [&str; 5] = [
    "relics",
    "fog_of_war",
    "open_diplomacy",
    "hidden_money",
    "gentle_start",
];

/// One optional rule (its value is its place in `ALL`, `KEYS` and `FIELDS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OptionalRule {
    Relics = 0,
    FogOfWar,
    OpenDiplomacy,
    HiddenMoney,
    GentleStart,
}

impl OptionalRule {
    /// Every optional rule, in the order they are offered.
    pub const ALL: [OptionalRule; 5] = [
        OptionalRule::Relics,
        OptionalRule::FogOfWar,
        OptionalRule::OpenDiplomacy,
        OptionalRule::HiddenMoney,
        OptionalRule::GentleStart,
    ];

    /// Its word on a command line (`--rules relics,fog`).
    pub fn key(self) -> &'static str {
        KEYS[self as usize]
    }

    /// Its name in `Options`, saves, scenario files and the preferences.
    pub fn field(self) -> &'static str {
        FIELDS[self as usize]
    }

    /// The rule a command line's word names (its key, its field name, or "gentle", the word
    /// `fief-server` took for the gentle start before).
    pub fn parse(word: &str) -> Option<OptionalRule> {
        let w = word.trim().to_ascii_lowercase();
        if w == "gentle" {
            return Some(OptionalRule::GentleStart);
        }
        Self::ALL
            .into_iter()
            .find(|r| r.key() == w || r.field() == w)
    }

    /// The words of a command line, in order: the rules, or the first word that names none.
    pub fn parse_list(words: &str) -> Result<RuleSet, String> {
        let mut set = RuleSet::default();
        for w in words.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            let r = Self::parse(w).ok_or_else(|| w.to_string())?;
            set = set.with(r, true);
        }
        Ok(set)
    }

    /// The words `parse` takes, for a usage line ("relics, fog, …").
    pub fn keys() -> String {
        Self::ALL.map(OptionalRule::key).join(", ")
    }

    /// Its rulebook section (the FAQ's hidden money has none).
    pub fn section(self) -> &'static str {
        match self {
            OptionalRule::Relics => "11.1",
            OptionalRule::FogOfWar => "11.2",
            OptionalRule::OpenDiplomacy => "11.3",
            OptionalRule::HiddenMoney => "",
            OptionalRule::GentleStart => "2.3",
        }
    }

    /// Its name, to be translated.
    pub fn name(self) -> Msg {
        match self {
            OptionalRule::Relics => msg!("Holy Relics"),
            OptionalRule::FogOfWar => msg!("Fog of War"),
            OptionalRule::OpenDiplomacy => msg!("Open Diplomacy"),
            OptionalRule::HiddenMoney => msg!("Hidden money"),
            OptionalRule::GentleStart => msg!("Gentle start"),
        }
    }

    /// What it changes, in a line, to be translated.
    pub fn summary(self) -> Msg {
        match self {
            OptionalRule::Relics => {
                msg!("Five relics with powers in battle and against Disasters (11.1).")
            }
            OptionalRule::FogOfWar => {
                msg!("Other players' Troops are seen only as stack sizes until a battle (11.2).")
            }
            OptionalRule::OpenDiplomacy => {
                msg!("No Diplomacy markers: money and cards change hands freely (11.3).")
            }
            OptionalRule::HiddenMoney => msg!("Each player's Deniers are hidden from the others."),
            OptionalRule::GentleStart => {
                msg!("The Disasters of the first round are discarded unresolved.")
            }
        }
    }

    /// Its switch in a game's options.
    pub fn switch(self, o: &mut Options) -> &mut bool {
        match self {
            OptionalRule::Relics => &mut o.relics,
            OptionalRule::FogOfWar => &mut o.fog_of_war,
            OptionalRule::OpenDiplomacy => &mut o.open_diplomacy,
            OptionalRule::HiddenMoney => &mut o.hidden_money,
            OptionalRule::GentleStart => &mut o.gentle_start,
        }
    }

    /// Whether a game with options `o` is played with it.
    pub fn is_on(self, o: &Options) -> bool {
        match self {
            OptionalRule::Relics => o.relics,
            OptionalRule::FogOfWar => o.fog_of_war,
            OptionalRule::OpenDiplomacy => o.open_diplomacy,
            OptionalRule::HiddenMoney => o.hidden_money,
            OptionalRule::GentleStart => o.gentle_start,
        }
    }
}

/// A set of optional rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuleSet(u8);

impl RuleSet {
    /// Whether it holds `r`.
    pub fn has(self, r: OptionalRule) -> bool {
        self.0 & Self::bit(r) != 0
    }

    /// The set with `r` in it (`on`) or not.
    pub fn with(self, r: OptionalRule, on: bool) -> RuleSet {
        if on {
            RuleSet(self.0 | Self::bit(r))
        } else {
            RuleSet(self.0 & !Self::bit(r))
        }
    }

    /// The rules a game with options `o` is played with.
    pub fn of(o: &Options) -> RuleSet {
        OptionalRule::ALL
            .into_iter()
            .fold(RuleSet::default(), |s, r| s.with(r, r.is_on(o)))
    }

    /// Sets every optional rule of `o` to this set's.
    pub fn apply(self, o: &mut Options) {
        for r in OptionalRule::ALL {
            *r.switch(o) = self.has(r);
        }
    }

    /// The rules it holds, in order.
    pub fn rules(self) -> impl Iterator<Item = OptionalRule> {
        OptionalRule::ALL.into_iter().filter(move |r| self.has(*r))
    }

    fn bit(r: OptionalRule) -> u8 {
        1 << (r as u8)
    }
}

impl Serialize for RuleSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(OptionalRule::ALL.len()))?;
        for r in OptionalRule::ALL {
            m.serialize_entry(r.field(), &self.has(r))?;
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for RuleSet {
    /// The object of `Serialize`; a rule it leaves out is off, and a name it does not know
    /// is refused.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RuleSet, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = RuleSet;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                write!(f, "an object of optional rules ({})", OptionalRule::keys())
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RuleSet, A::Error> {
                let mut set = RuleSet::default();
                while let Some(name) = map.next_key::<String>()? {
                    let r = OptionalRule::ALL
                        .into_iter()
                        .find(|r| r.field() == name)
                        .ok_or_else(|| serde::de::Error::unknown_field(&name, &FIELDS))?;
                    set = set.with(r, map.next_value::<bool>()?);
                }
                Ok(set)
            }
        }
        d.deserialize_map(Fields)
    }
}
