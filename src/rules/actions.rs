//! Every choice a player can make, with a stable text notation used by scenario files,
//! the command line and replays.

use super::cards::{fold, lord_name, Card, LordId};
use super::state::Game;
use crate::map::{BishopricId, FiefId, VillageId};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// §4 step 10.
    ChooseStart(VillageId),
    /// 1.1.
    ProposeMarriage {
        groom: LordId,
        bride: LordId,
    },
    EndMarriages,
    /// Yes to the question asked (a marriage, a lower ransom, the King's price, a Cardinal).
    Accept,
    /// No to the question asked.
    Refuse,
    /// 1.3 step 1.
    Nominate(LordId),
    NoCandidate,
    /// 1.3 step 2: FOR and DECOY markers, face down.
    Vote {
        for_lord: Option<LordId>,
        decoy: Option<LordId>,
    },
    /// 2.1.
    Discard(Card),
    DrawFortune,
    DrawLord,
    EndDraw,
    /// 2.3.3: how many of the Plague's losses are Knights (the rest are MaA).
    PlagueLoss {
        knights: u8,
    },
    /// 4.3.1: the Lord who takes a Fief Title.
    ChooseHeir(LordId),
    /// 2.4.1: where a freed Lord is placed.
    PlaceLord(VillageId),
    /// 2.4.1, 1.8.2.
    PlayLord {
        lord: LordId,
        village: VillageId,
        crown_prince: bool,
    },
    /// 9.2.
    PlayCardinal {
        lord: LordId,
    },
    /// 9.1.
    PlayDarc {
        lady: LordId,
    },
    /// 2.4.2.
    PlayHarvest(BishopricId),
    /// 2.4.3.
    PlayGoodWeather(BishopricId),
    /// 2.4.5.
    PlayTallage {
        lord: LordId,
        fief: FiefId,
    },
    /// 2.4.6: `None` is the Pope's Tithe on every governed Bishopric.
    PlayTithe {
        lord: LordId,
        bishopric: Option<BishopricId>,
    },
    EndPlayCards,
    /// 6.2.4: the owner's offer; the full price is paid at once.
    OfferRansom {
        amount: u32,
    },
    /// 6.2.4: only when the full price cannot be paid.
    NoRansom,
    /// 4.1.
    BuyMaa(VillageId),
    BuyKnight(VillageId),
    /// 4.2.
    BuyMill(VillageId),
    BuyStronghold(VillageId),
    /// 4.3: buy the title for one of one's Lords, turning `city` into the Fortified City.
    BuyTitle {
        fief: FiefId,
        lord: LordId,
        city: VillageId,
    },
    /// 4.3, 1.8: the King's (or Queen Regent's) free title, with an optional price (FAQ, T44).
    GrantTitle {
        fief: FiefId,
        lord: LordId,
        city: VillageId,
        price: u32,
        village: Option<VillageId>,
    },
    /// 4.3: hand a Fief Title to another Lord of the family.
    PassTitle {
        fief: FiefId,
        to: LordId,
    },
    /// 4.4.
    BuyCardinal {
        lord: LordId,
    },
    EndPurchase,
}

fn lord_key(l: LordId) -> String {
    fold(lord_name(l))
}

impl Action {
    /// The stable notation, e.g. `buy-maa st_medard` or `vote for=francois decoy=-`.
    pub fn notation(&self, g: &Game) -> String {
        let v = |v: &VillageId| {
            g.map
                .villages
                .get(*v as usize)
                .map(|x| x.key.clone())
                .unwrap_or_else(|| format!("village#{v}"))
        };
        let f = |f: &FiefId| {
            g.map
                .fiefs
                .get(*f as usize)
                .map(|x| x.key.clone())
                .unwrap_or_else(|| format!("fief#{f}"))
        };
        let opt = |o: &Option<LordId>| o.map(lord_key).unwrap_or_else(|| "-".into());
        match self {
            Action::ChooseStart(x) => format!("start {}", v(x)),
            Action::ProposeMarriage { groom, bride } => {
                format!("propose {} {}", lord_key(*groom), lord_key(*bride))
            }
            Action::EndMarriages => "end-marriages".into(),
            Action::Accept => "accept".into(),
            Action::Refuse => "refuse".into(),
            Action::Nominate(l) => format!("nominate {}", lord_key(*l)),
            Action::NoCandidate => "no-candidate".into(),
            Action::Vote { for_lord, decoy } => {
                format!("vote for={} decoy={}", opt(for_lord), opt(decoy))
            }
            Action::Discard(c) => format!("discard {}", c.key()),
            Action::DrawFortune => "draw-fortune".into(),
            Action::DrawLord => "draw-lord".into(),
            Action::EndDraw => "end-draw".into(),
            Action::PlagueLoss { knights } => format!("plague-loss knights={knights}"),
            Action::ChooseHeir(l) => format!("heir {}", lord_key(*l)),
            Action::PlaceLord(x) => format!("place {}", v(x)),
            Action::PlayLord {
                lord,
                village,
                crown_prince,
            } => format!(
                "play-lord {} {}{}",
                lord_key(*lord),
                v(village),
                if *crown_prince { " crown-prince" } else { "" }
            ),
            Action::PlayCardinal { lord } => format!("play-cardinal {}", lord_key(*lord)),
            Action::PlayDarc { lady } => format!("play-darc {}", lord_key(*lady)),
            Action::PlayHarvest(b) => format!("harvest {}", b + 1),
            Action::PlayGoodWeather(b) => format!("good-weather {}", b + 1),
            Action::PlayTallage { lord, fief } => {
                format!("tallage {} {}", lord_key(*lord), f(fief))
            }
            Action::PlayTithe { lord, bishopric } => format!(
                "tithe {} {}",
                lord_key(*lord),
                bishopric
                    .map(|b| (b + 1).to_string())
                    .unwrap_or_else(|| "all".into())
            ),
            Action::EndPlayCards => "end-play".into(),
            Action::OfferRansom { amount } => format!("ransom {amount}"),
            Action::NoRansom => "no-ransom".into(),
            Action::BuyMaa(x) => format!("buy-maa {}", v(x)),
            Action::BuyKnight(x) => format!("buy-knight {}", v(x)),
            Action::BuyMill(x) => format!("buy-mill {}", v(x)),
            Action::BuyStronghold(x) => format!("buy-stronghold {}", v(x)),
            Action::BuyTitle { fief, lord, city } => {
                format!("buy-title {} {} {}", f(fief), lord_key(*lord), v(city))
            }
            Action::GrantTitle {
                fief,
                lord,
                city,
                price,
                village,
            } => {
                let mut s = format!("grant {} {} {}", f(fief), lord_key(*lord), v(city));
                if *price > 0 {
                    s += &format!(" price={price}");
                }
                if let Some(x) = village {
                    s += &format!(" village={}", v(x));
                }
                s
            }
            Action::PassTitle { fief, to } => format!("pass-title {} {}", f(fief), lord_key(*to)),
            Action::BuyCardinal { lord } => format!("buy-cardinal {}", lord_key(*lord)),
            Action::EndPurchase => "end-purchase".into(),
        }
    }

    /// Parses the notation. Names may be keys or printed names without spaces
    /// (`st_medard`, `StMédard`); Bishoprics are numbers 1–5.
    pub fn parse(s: &str, g: &Game) -> Result<Action, String> {
        let mut words = s.split_whitespace();
        let verb = words.next().ok_or("empty action")?;
        let args: Vec<&str> = words.collect();
        let arg = |i: usize| {
            args.get(i)
                .copied()
                .ok_or_else(|| format!("'{verb}' needs more words"))
        };
        let find_village = |a: &str| {
            g.map
                .find_village(a)
                .ok_or_else(|| format!("no village called '{a}'"))
        };
        let village = |i: usize| -> Result<VillageId, String> { find_village(arg(i)?) };
        let lord = |i: usize| -> Result<LordId, String> {
            let a = arg(i)?;
            super::cards::find_lord(a).ok_or_else(|| format!("no Lord called '{a}'"))
        };
        let fief = |i: usize| -> Result<FiefId, String> {
            let a = arg(i)?;
            g.map
                .find_fief(a)
                .ok_or_else(|| format!("no fief called '{a}'"))
        };
        let bishopric = |i: usize| -> Result<BishopricId, String> {
            let a = arg(i)?;
            match a.parse::<u8>() {
                Ok(n) if (1..=5).contains(&n) => Ok(n - 1),
                _ => Err(format!("'{a}' is not a Bishopric number 1 to 5")),
            }
        };
        let kv = |key: &str| {
            args.iter()
                .find_map(|a| a.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
        };
        let opt_lord = |key: &str| -> Result<Option<LordId>, String> {
            match kv(key) {
                None | Some("-") | Some("none") => Ok(None),
                Some(n) => super::cards::find_lord(n)
                    .map(Some)
                    .ok_or_else(|| format!("no Lord called '{n}'")),
            }
        };
        Ok(match verb {
            "start" => Action::ChooseStart(village(0)?),
            "propose" => Action::ProposeMarriage {
                groom: lord(0)?,
                bride: lord(1)?,
            },
            "end-marriages" => Action::EndMarriages,
            "accept" => Action::Accept,
            "refuse" => Action::Refuse,
            "nominate" => Action::Nominate(lord(0)?),
            "no-candidate" => Action::NoCandidate,
            "vote" => Action::Vote {
                for_lord: opt_lord("for")?,
                decoy: opt_lord("decoy")?,
            },
            "discard" => Action::Discard(
                Card::parse(arg(0)?).ok_or_else(|| format!("no card called '{}'", args[0]))?,
            ),
            "draw-fortune" => Action::DrawFortune,
            "draw-lord" => Action::DrawLord,
            "end-draw" => Action::EndDraw,
            "plague-loss" => Action::PlagueLoss {
                knights: kv("knights")
                    .and_then(|n| n.parse().ok())
                    .ok_or("plague-loss needs knights=N")?,
            },
            "heir" => Action::ChooseHeir(lord(0)?),
            "place" => Action::PlaceLord(village(0)?),
            "play-lord" => Action::PlayLord {
                lord: lord(0)?,
                village: village(1)?,
                crown_prince: args.get(2) == Some(&"crown-prince"),
            },
            "play-cardinal" => Action::PlayCardinal { lord: lord(0)? },
            "play-darc" => Action::PlayDarc { lady: lord(0)? },
            "harvest" => Action::PlayHarvest(bishopric(0)?),
            "good-weather" => Action::PlayGoodWeather(bishopric(0)?),
            "tallage" => Action::PlayTallage {
                lord: lord(0)?,
                fief: fief(1)?,
            },
            "tithe" => Action::PlayTithe {
                lord: lord(0)?,
                bishopric: if arg(1)? == "all" {
                    None
                } else {
                    Some(bishopric(1)?)
                },
            },
            "end-play" => Action::EndPlayCards,
            "ransom" => Action::OfferRansom {
                amount: arg(0)?
                    .parse()
                    .map_err(|_| format!("'{}' is not an amount", args[0]))?,
            },
            "no-ransom" => Action::NoRansom,
            "buy-maa" => Action::BuyMaa(village(0)?),
            "buy-knight" => Action::BuyKnight(village(0)?),
            "buy-mill" => Action::BuyMill(village(0)?),
            "buy-stronghold" => Action::BuyStronghold(village(0)?),
            "buy-title" => Action::BuyTitle {
                fief: fief(0)?,
                lord: lord(1)?,
                city: village(2)?,
            },
            "grant" => Action::GrantTitle {
                fief: fief(0)?,
                lord: lord(1)?,
                city: village(2)?,
                price: kv("price")
                    .map(|p| p.parse().map_err(|_| format!("bad price '{p}'")))
                    .transpose()?
                    .unwrap_or(0),
                village: kv("village").map(find_village).transpose()?,
            },
            "pass-title" => Action::PassTitle {
                fief: fief(0)?,
                to: lord(1)?,
            },
            "buy-cardinal" => Action::BuyCardinal { lord: lord(0)? },
            "end-purchase" => Action::EndPurchase,
            other => return Err(format!("unknown action '{other}'")),
        })
    }
}
