//! The stable notation of actions: `notation` writes one, `parse` reads one (refused with
//! a reason, never a panic: command lines and files are hostile).

use super::action_ids::find_player;
use super::actions::*;
use super::cards::{fold, Card, LordId};
use super::state::{Game, MoveHow, MoveOrder, PlayerId};
use crate::map::{BishopricId, FiefId, VillageId};

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
        let pk = |p: PlayerId| {
            if p < g.n() {
                fold(&g.options.player_name(p))
            } else {
                format!("player#{p}")
            }
        };
        match self {
            Action::ChooseStart(x) => format!("start {}", v(x)),
            Action::ProposeMarriage {
                groom,
                bride,
                dowry,
            } => {
                let mut s = format!("propose {} {}", lord_key(*groom), lord_key(*bride));
                if *dowry > 0 {
                    s += &format!(" dowry={dowry}");
                }
                s
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
            Action::PlayHarvest(b) => format!("harvest {}", *b as u16 + 1),
            Action::PlayGoodWeather(b) => format!("good-weather {}", *b as u16 + 1),
            Action::PlayTallage { lord, fief } => {
                format!("tallage {} {}", lord_key(*lord), f(fief))
            }
            Action::PlayTithe { lord, bishopric } => format!(
                "tithe {} {}",
                lord_key(*lord),
                bishopric
                    .map(|b| (b as u16 + 1).to_string())
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
            Action::Move(m) => {
                let mut s = format!("move {} {}", lords_key(&m.lords), v(&m.to));
                if m.maa > 0 {
                    s += &format!(" maa={}", m.maa);
                }
                if m.knights > 0 {
                    s += &format!(" knights={}", m.knights);
                }
                if !m.captives.is_empty() {
                    s += &format!(" captives={}", lords_key(&m.captives));
                }
                match m.how {
                    MoveHow::Normal => {}
                    MoveHow::Passage => s += " passage",
                    MoveHow::Cavalcade => s += " cavalcade",
                    MoveHow::Toll(n) => s += &format!(" toll={n}"),
                }
                s
            }
            Action::EndMovement => "end-move".into(),
            Action::DeclareBattle { village, against } => {
                format!("battle {} {}", v(village), pk(*against))
            }
            Action::JoinSide(side) => match side {
                Some(0) => "side attack".into(),
                Some(1) => "side defend".into(),
                Some(s) => format!("side #{s}"),
                None => "side out".into(),
            },
            Action::Fight => "fight".into(),
            Action::EndBattle => "end-battle".into(),
            Action::Surrender => "surrender".into(),
            Action::ProposeTruce => "truce".into(),
            Action::BuyTruce(n) => format!("truce price={n}"),
            Action::Casualty(c) => match c {
                Casualty::Maa(p) => format!("lose maa {}", pk(*p)),
                Casualty::Knight(p) => format!("lose knight {}", pk(*p)),
                Casualty::Lord(l) => format!("lose lord {}", lord_key(*l)),
            },
            Action::DeclareSiege(x) => format!("siege {}", v(x)),
            Action::EndSiege(x) => format!("end-siege {}", v(x)),
            Action::EndBattles => "end-battles".into(),
            Action::Pillage(x) => format!("pillage {}", v(x)),
            Action::TakeRelic { lord, relic } => {
                format!("take-relic {} {}", lord_key(*lord), relic.key())
            }
            Action::OfferRelic { relic, to, lord } => {
                format!("give-relic {} {} {}", relic.key(), pk(*to), lord_key(*lord))
            }
            Action::RelicRoll { relic, bishopric } => {
                format!("relic-roll {} {}", relic.key(), *bishopric as u16 + 1)
            }
            Action::EndPillage => "end-pillage".into(),
            Action::Pass => "pass".into(),
            Action::PlayUprising { village, first } => match first {
                Some(p) => format!("uprising {} first={}", v(village), pk(*p)),
                None => format!("uprising {}", v(village)),
            },
            Action::JoinUprising => "join-uprising".into(),
            Action::TryStop { pay } => {
                format!("stop-uprising {}", if *pay { "pay" } else { "free" })
            }
            Action::SecretPassage(u) => match u {
                PassageUse::Battle => "passage battle".into(),
                PassageUse::Uprising => "passage uprising".into(),
                PassageUse::Cancel => "passage cancel".into(),
                PassageUse::Escape(ls) => format!("passage escape {}", lords_key(ls)),
            },
            Action::PlayAssassination { target, sponsor } => format!(
                "assassinate {} sponsor={}",
                lord_key(*target),
                lord_key(*sponsor)
            ),
            Action::PlayJustice(l) => format!("justice {}", lord_key(*l)),
            Action::PlayAmbush(l) => format!("ambush {}", lord_key(*l)),
            Action::Excommunicate(l) => format!("excommunicate {}", lord_key(*l)),
            Action::LiftExcommunication(l) => format!("lift {}", lord_key(*l)),
            Action::RequestAnnulment(l) => format!("annul {}", lord_key(*l)),
            Action::OfferDeniers { to, amount } => format!("give-deniers {} {amount}", pk(*to)),
            Action::OfferCard { to, cards } => format!(
                "give-card {} {}",
                pk(*to),
                cards.iter().map(|c| c.key()).collect::<Vec<_>>().join("+")
            ),
            Action::AskDeniers { from, amount } => format!("ask-deniers {} {amount}", pk(*from)),
            Action::HandControl { village, to } => {
                format!("hand-control {} {}", v(village), pk(*to))
            }
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
        let relic = |i: usize| -> Result<super::relics::Relic, String> {
            let a = arg(i)?;
            super::relics::Relic::parse(a).ok_or_else(|| format!("no relic called '{a}'"))
        };
        let player = |i: usize| -> Result<PlayerId, String> {
            let a = arg(i)?;
            find_player(g, a).ok_or_else(|| format!("no player called '{a}'"))
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
                dowry: match kv("dowry") {
                    None => 0,
                    Some(n) => n.parse().map_err(|_| format!("bad number '{n}'"))?,
                },
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
            "move" => {
                let flag = |f: &str| args.contains(&f);
                let lords = arg(0)?
                    .split('+')
                    .map(|n| {
                        super::cards::find_lord(n).ok_or_else(|| format!("no Lord called '{n}'"))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let captives = match kv("captives") {
                    None => Vec::new(),
                    Some(c) => c
                        .split('+')
                        .map(|n| {
                            super::cards::find_lord(n)
                                .ok_or_else(|| format!("no Lord called '{n}'"))
                        })
                        .collect::<Result<Vec<_>, _>>()?,
                };
                let num = |k: &str| -> Result<u8, String> {
                    kv(k)
                        .map(|n| n.parse().map_err(|_| format!("bad number '{n}'")))
                        .transpose()
                        .map(|x| x.unwrap_or(0))
                };
                Action::Move(MoveOrder {
                    lords: LordList::from_vec(lords),
                    to: village(1)?,
                    maa: num("maa")?,
                    knights: num("knights")?,
                    captives: LordList::from_vec(captives),
                    how: if flag("passage") {
                        MoveHow::Passage
                    } else if flag("cavalcade") {
                        MoveHow::Cavalcade
                    } else if num("toll")? > 0 {
                        MoveHow::Toll(num("toll")?)
                    } else {
                        MoveHow::Normal
                    },
                })
            }
            "end-move" => Action::EndMovement,
            "battle" => Action::DeclareBattle {
                village: village(0)?,
                against: player(1)?,
            },
            "side" => Action::JoinSide(match arg(0)? {
                "attack" => Some(0),
                "defend" => Some(1),
                "out" => None,
                o => return Err(format!("'{o}' is not attack, defend or out")),
            }),
            "fight" => Action::Fight,
            "end-battle" => Action::EndBattle,
            "surrender" => Action::Surrender,
            "truce" => match kv("price") {
                Some(n) => Action::BuyTruce(n.parse().map_err(|_| format!("bad price '{n}'"))?),
                None => Action::ProposeTruce,
            },
            "lose" => Action::Casualty(match arg(0)? {
                "maa" => Casualty::Maa(player(1)?),
                "knight" => Casualty::Knight(player(1)?),
                "lord" => Casualty::Lord(lord(1)?),
                o => return Err(format!("'{o}' is not maa, knight or lord")),
            }),
            "siege" => Action::DeclareSiege(village(0)?),
            "end-siege" => Action::EndSiege(village(0)?),
            "end-battles" => Action::EndBattles,
            "pillage" => Action::Pillage(village(0)?),
            "take-relic" => Action::TakeRelic {
                lord: lord(0)?,
                relic: relic(1)?,
            },
            "give-relic" => Action::OfferRelic {
                relic: relic(0)?,
                to: player(1)?,
                lord: lord(2)?,
            },
            "relic-roll" => Action::RelicRoll {
                relic: relic(0)?,
                bishopric: bishopric(1)?,
            },
            "end-pillage" => Action::EndPillage,
            "pass" => Action::Pass,
            "uprising" => Action::PlayUprising {
                village: village(0)?,
                first: kv("first")
                    .map(|n| find_player(g, n).ok_or_else(|| format!("no player called '{n}'")))
                    .transpose()?,
            },
            "join-uprising" => Action::JoinUprising,
            "stop-uprising" => Action::TryStop {
                pay: arg(0)? == "pay",
            },
            "passage" => Action::SecretPassage(match arg(0)? {
                "battle" => PassageUse::Battle,
                "uprising" => PassageUse::Uprising,
                "cancel" => PassageUse::Cancel,
                "escape" => PassageUse::Escape(
                    arg(1)?
                        .split('+')
                        .map(|n| {
                            super::cards::find_lord(n)
                                .ok_or_else(|| format!("no Lord called '{n}'"))
                        })
                        .collect::<Result<Vec<_>, _>>()?,
                ),
                o => return Err(format!("'{o}' is not battle, uprising, cancel or escape")),
            }),
            "assassinate" => Action::PlayAssassination {
                target: lord(0)?,
                sponsor: opt_lord("sponsor")?.ok_or("assassinate needs sponsor=LORD")?,
            },
            "justice" => Action::PlayJustice(lord(0)?),
            "ambush" => Action::PlayAmbush(lord(0)?),
            "excommunicate" => Action::Excommunicate(lord(0)?),
            "lift" => Action::LiftExcommunication(lord(0)?),
            "annul" => Action::RequestAnnulment(lord(0)?),
            "give-deniers" => Action::OfferDeniers {
                to: player(0)?,
                amount: arg(1)?.parse().map_err(|_| "bad amount".to_string())?,
            },
            "give-card" => Action::OfferCard {
                to: player(0)?,
                cards: arg(1)?
                    .split('+')
                    .map(|c| Card::parse(c).ok_or_else(|| format!("no card called '{c}'")))
                    .collect::<Result<_, _>>()?,
            },
            "ask-deniers" => Action::AskDeniers {
                from: player(0)?,
                amount: arg(1)?.parse().map_err(|_| "bad amount".to_string())?,
            },
            "hand-control" => Action::HandControl {
                village: village(0)?,
                to: player(1)?,
            },
            other => return Err(format!("unknown action '{other}'")),
        })
    }
}
