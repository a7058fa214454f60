//! Phase 6: Battles (6.0–6.3), Sieges (6.4) and Pillage (6.5); also the battles of
//! Cavalcades (5.2) and the casualties of Uprisings (10.1).

use super::actions::Action;
use super::cards::{lord_name, lord_sex, LordId, Sex};
use super::diplomacy::Unpayable;
use super::relics::Relic;
use super::state::battle::{Battle, BattleStep};
use super::state::phase::{Pending, Phase, WindowAt};
use super::state::*;
use super::{refuse, refuse_with, RuleError};
use crate::map::VillageId;

/// 6.2: Battle Dice by Strength Points (ruling R-DICE-TABLE: 1–6 → 1, 7–12 → 2, 13+ → 3; 0 → 0).
pub fn dice_for_sp(sp: u32) -> u32 {
    match sp {
        0 => 0,
        1..=6 => 1,
        7..=12 => 2,
        _ => 3,
    }
}

/// 6.2.2, ruling R-LOSSES: the largest hit cost (MaA 1, Knight 3) not above `hits`
/// that `maa` and `knights` can make up.
pub fn best_loss(maa: u32, knights: u32, hits: u32) -> u32 {
    (0..=knights.min(hits / 3))
        .map(|k| 3 * k + maa.min(hits - 3 * k))
        .max()
        .unwrap_or(0)
}

/// Whether exactly `cost` hits can be taken from `maa` MaA and `knights` Knights.
pub(super) fn feasible(cost: u32, maa: u32, knights: u32) -> bool {
    (0..=knights.min(cost / 3)).any(|k| cost - 3 * k <= maa)
}

impl Game {
    // ----- 6.0 declaring -----

    pub(crate) fn start_battles_phase(&mut self) {
        self.phase = Phase::Battles {
            idx: 0,
            fought: vec![],
            sieged: false,
        };
    }

    pub(crate) fn battles_candidates(&self, p: PlayerId, for_bots: bool, out: &mut Vec<Action>) {
        for v in 0..self.map.villages.len() as VillageId {
            let vs = &self.villages[v as usize];
            if vs.troops[p as usize].count() == 0 {
                continue;
            }
            // 6.0: against another player with Troops here, led by a free Lord of his
            // (`check_battles_turn` says the rest).
            if self.free_lords_at(p, v).next().is_some() {
                for q in (0..self.n()).filter(|&q| q != p && vs.troops[q as usize].count() > 0) {
                    out.push(Action::DeclareBattle {
                        village: v,
                        against: q,
                    });
                }
            }
            // 6.4: a siege only of a fortification another player holds (`check_siege` says
            // the rest).
            let fortified = vs.fort != Fort::None && vs.controller.is_some_and(|c| c != p);
            // Ruling R-BOT-MANNERS (not a rule: 6.4.1 lets a siege be laid again at once): a
            // bot does not lay again a siege it lifted this round, so that it never lays
            // and lifts one for ever.
            if fortified
                && !(for_bots
                    && vs.engines[p as usize] == 0
                    && vs.engine_round[p as usize] == self.round)
            {
                out.push(Action::DeclareSiege(v));
            }
        }
        out.push(Action::EndBattles);
    }

    pub(crate) fn check_battles_turn(&self, p: PlayerId, a: &Action) -> Result<(), RuleError> {
        let Phase::Battles { fought, sieged, .. } = &self.phase else {
            return refuse("6.0", "not the Battles phase");
        };
        match *a {
            Action::EndBattles => Ok(()),
            Action::DeclareBattle { village, against } => {
                let vs = &self.villages[village as usize];
                if *sieged {
                    return refuse("6.4", "sieges are declared after your battles");
                }
                if fought.contains(&village) {
                    return refuse("6.0", "you have already fought in that Village this turn");
                }
                if against == p || against >= self.n() {
                    return refuse("6.0", "choose another player to attack");
                }
                if vs.troops[p as usize].count() == 0 || vs.troops[against as usize].count() == 0 {
                    return refuse(
                        "6.0",
                        "a battle needs your Troops and the other player's Troops in the Village",
                    );
                }
                if self.free_lords_at(p, village).next().is_none() {
                    return refuse("6.0", "Troops without a Lord cannot start a battle");
                }
                if self.bishopric_cards[self.bishopric_of(village) as usize].heavy_rain {
                    return refuse("2.3.1", "Heavy Rain: no battles in that Bishopric");
                }
                Ok(())
            }
            Action::DeclareSiege(v) => self.check_siege(p, v),
            _ => refuse("6.0", "not a Battles-phase action"),
        }
    }

    pub(crate) fn exec_battles_turn(&mut self, p: PlayerId, a: Action) {
        match a {
            Action::EndBattles => self.exec_end_battles(p),
            Action::DeclareBattle { village, against } => {
                if let Phase::Battles { fought, .. } = &mut self.phase {
                    fought.push(village);
                }
                self.start_battle(village, p, vec![against], None);
            }
            Action::DeclareSiege(v) => self.exec_siege(p, v),
            _ => {}
        }
    }

    /// 6.4: carrying on a siege after one's battles turns the engine to its 2-dice side.
    pub(crate) fn exec_end_battles(&mut self, p: PlayerId) {
        for v in 0..self.villages.len() {
            let vs = &mut self.villages[v];
            if vs.engines[p as usize] == 1 && vs.engine_round[p as usize] < self.round {
                vs.engines[p as usize] = 2;
                let text = msg!(
                    "{p} carries on the siege of {v}: the Siege Engine turns to its 2-dice side.",
                    p = self.pname(p),
                    v = self.vname(v as VillageId)
                );
                say!(self, "6.4", text);
            }
        }
        if let Phase::Battles {
            idx,
            fought,
            sieged,
        } = &mut self.phase
        {
            *idx += 1;
            fought.clear();
            *sieged = false;
        }
    }

    /// Starts a battle in `v`: `attacker` against `defenders` (a Cavalcade when `cavalcade`).
    pub(crate) fn start_battle(
        &mut self,
        v: VillageId,
        attacker: PlayerId,
        defenders: Vec<PlayerId>,
        cavalcade: Option<(Vec<LordId>, Option<MoveOrder>)>,
    ) {
        say!(
            self,
            "6.0",
            msg!(
                "{p} attacks {them} in {v}.",
                p = self.pname(attacker),
                them = self.pnames(defenders.iter().copied()),
                v = self.vname(v)
            ),
        );
        let (cav, onward) = match cavalcade {
            Some((l, o)) => (Some(l), o),
            None => (None, None),
        };
        let is_cav = cav.is_some();
        let mut b = Battle {
            village: v,
            roles: [attacker, defenders[0]],
            sides: [vec![attacker], defenders],
            rolls: 0,
            rolls_without_losses: 0,
            passage: false,
            cavalcade: cav,
            onward,
            step: BattleStep::Window,
            hits: [0, 0],
            truce_asked: [false; 2],
            truce_price: [0; 2],
            before: 0,
            controller_before: self.villages[v as usize].controller,
            faces: Default::default(),
        };
        self.battle = Some(b.clone());
        if !is_cav && !self.side_choosers().is_empty() {
            b.step = BattleStep::Sides { idx: 0 };
            self.battle = Some(b);
        }
        self.pending.push(Pending::Battle);
    }

    /// The players who may choose or change sides: everyone with Troops in the Village but
    /// the two who started the battle (6.0: coalitions, betrayal).
    pub fn side_choosers(&self) -> Vec<PlayerId> {
        let Some(b) = &self.battle else {
            return vec![];
        };
        (0..self.n())
            .map(|i| self.in_turn(i))
            .filter(|&q| {
                !b.roles.contains(&q)
                    && self.villages[b.village as usize].troops[q as usize].count() > 0
            })
            .collect()
    }

    /// 6.2: a player's Strength Points in the Village.
    pub fn player_sp(&self, q: PlayerId, v: VillageId) -> u32 {
        let troops = self.villages[v as usize].troops[q as usize].sp();
        let lords: u32 = self
            .lords
            .iter()
            .filter(|l| l.owner == q && l.village == v && l.captor.is_none())
            .map(|l| self.lord_sp(l.id))
            .sum();
        troops + lords
    }

    /// 6.2, 9.1: what a free Lord adds to his side's SP: a male Lord 1; a Lady 1 if titled
    /// or d'ARC, else 0.
    pub fn lord_sp(&self, l: LordId) -> u32 {
        let female = lord_sex(l) == Sex::Female;
        u32::from(!female || self.is_titled(l) || self.titles.darc == Some(l))
    }

    pub fn side_sp(&self, s: usize) -> u32 {
        let Some(b) = &self.battle else { return 0 };
        b.sides[s]
            .iter()
            .map(|&q| self.player_sp(q, b.village))
            .sum()
    }

    /// The side member with the most SP leads it: he decides and picks casualties (6.0).
    pub fn side_leader(&self, s: usize) -> Option<PlayerId> {
        let b = self.battle.as_ref()?;
        let mut best: Option<(u32, PlayerId)> = None;
        let order = std::iter::once(b.roles[s])
            .chain(b.sides[s].iter().copied().filter(|&q| q != b.roles[s]));
        for q in order {
            if !b.sides[s].contains(&q) {
                continue;
            }
            let sp = self.player_sp(q, b.village);
            if best.is_none_or(|(x, _)| sp > x) {
                best = Some((sp, q));
            }
        }
        best.map(|x| x.1)
    }

    fn side_troops(&self, s: usize) -> (u32, u32) {
        let Some(b) = &self.battle else { return (0, 0) };
        b.sides[s].iter().fold((0, 0), |acc, &q| {
            let t = self.villages[b.village as usize].troops[q as usize];
            (acc.0 + t.maa as u32, acc.1 + t.knights as u32)
        })
    }

    fn side_lords(&self, s: usize) -> Vec<LordId> {
        let Some(b) = &self.battle else { return vec![] };
        self.lords
            .iter()
            .filter(|l| {
                l.village == b.village && l.captor.is_none() && b.sides[s].contains(&l.owner)
            })
            .map(|l| l.id)
            .collect()
    }

    fn side_units(&self, s: usize) -> u32 {
        let (m, k) = self.side_troops(s);
        m + k + self.side_lords(s).len() as u32
    }

    /// 6.2.1, ruling R-FORT-PENALTY: the defending side holds the fortified Village (controls it, units inside).
    pub fn fortress_penalty(&self) -> u32 {
        let Some(b) = &self.battle else { return 0 };
        let vs = &self.villages[b.village as usize];
        let holds = vs
            .controller
            .is_some_and(|c| b.sides[1].contains(&c) && self.has_units(c, b.village));
        if !holds {
            return 0;
        }
        match vs.fort {
            Fort::None => 0,
            Fort::Stronghold => 1,
            Fort::City => 2,
        }
    }

    /// The Battle Dice each side rolls now (6.2, 6.2.1, 9.1).
    pub fn battle_dice(&self) -> [u32; 2] {
        let Some(b) = &self.battle else { return [0, 0] };
        let mut d = [0, 0];
        for (s, ds) in d.iter_mut().enumerate() {
            let sp = self.side_sp(s);
            *ds = dice_for_sp(sp);
            if *ds > 0
                && self
                    .titles
                    .darc
                    .is_some_and(|x| self.side_lords(s).contains(&x))
            {
                *ds += 1;
            }
        }
        let mut pen = self.fortress_penalty();
        if b.passage {
            pen = 0;
        }
        let engines: u32 = b.sides[0]
            .iter()
            .map(|&q| self.villages[b.village as usize].engines[q as usize] as u32)
            .sum();
        pen = pen.saturating_sub(engines.min(2));
        d[0] = d[0].saturating_sub(pen);
        d
    }

    /// The most hits each side's next roll can inflict: the die's highest face on every die
    /// (6.2.2), with the Cavalcade defenders' +1 a die (5.2) and the Holy Spear's +1
    /// (11.1.1).
    pub fn battle_max_hits(&self) -> [u32; 2] {
        let Some(b) = &self.battle else { return [0, 0] };
        let dice = self.battle_dice();
        let top = self.options.battle_die.iter().copied().max().unwrap_or(3) as u32;
        let mut hits = dice.map(|d| d * top);
        if b.cavalcade.is_some() {
            hits[1] += dice[1];
        }
        if self.options.relics && dice[0] > 0 && self.relic_on_side(Relic::Spear, 0) {
            hits[0] += 1;
        }
        hits
    }

    /// The hits that kill every Troop of side `s` (6.2.2: a Man-at-Arms takes 1, a Knight
    /// 3); the hits beyond them fall on its Lords, and Lords left alone are captured.
    pub fn side_troop_hits(&self, s: usize) -> u32 {
        let (m, k) = self.side_troops(s);
        m + 3 * k
    }

    // ----- the battle's decisions -----

    pub(crate) fn battle_prompt(&self) -> Option<(PlayerId, super::PromptKind)> {
        use super::PromptKind;
        let b = self.battle.as_ref()?;
        match b.step {
            BattleStep::Sides { idx } => {
                let q = *self.side_choosers().get(idx as usize)?;
                Some((q, PromptKind::BattleSide { village: b.village }))
            }
            BattleStep::Attacker => Some((
                self.side_leader(0)?,
                PromptKind::BattleChoice {
                    village: b.village,
                    side: 0,
                },
            )),
            BattleStep::Defender => Some((
                self.side_leader(1)?,
                PromptKind::BattleChoice {
                    village: b.village,
                    side: 1,
                },
            )),
            _ => None,
        }
    }

    pub(crate) fn battle_candidates(&self, p: PlayerId, for_bots: bool, out: &mut Vec<Action>) {
        let Some(b) = &self.battle else { return };
        match b.step {
            BattleStep::Sides { .. } => {
                out.extend([Action::JoinSide(Some(0)), Action::JoinSide(Some(1))]);
                out.push(Action::JoinSide(None));
            }
            _ => {
                out.extend([
                    Action::Fight,
                    Action::EndBattle,
                    Action::Surrender,
                    Action::ProposeTruce,
                ]);
                // 6.3, 8.0: a truce for a price the side's leader can pay each player of
                // the other side (`check_truce_price` says the rest).
                let side = usize::from(b.step != BattleStep::Attacker);
                let others = b.sides[1 - side].len().max(1) as u32;
                let most = self.most_listed(self.players[p as usize].money / others, for_bots);
                out.extend((1..=most).map(Action::BuyTruce));
            }
        }
    }

    /// 6.3, 8.0: whether the leader of `side` can offer each player of the other side a
    /// truce's `price`: 1 to 3 Deniers, Deniers enough for all, and a Diplomacy marker to
    /// take them with (under Open Diplomacy, 11.3, no marker and any price).
    fn check_truce_price(&self, p: PlayerId, side: usize, price: u8) -> Result<(), RuleError> {
        let Some(b) = &self.battle else {
            return refuse("6.0", "no battle is being fought");
        };
        if price == 0 {
            return refuse("6.3", "a truce bought has a price of at least 1 Denier");
        }
        if self.over_cap(price) {
            return refuse("8.0", "the price of a truce is 1 to 3 Deniers");
        }
        match self.unpayable(p, &b.sides[1 - side], price) {
            Some(Unpayable::NoMarker(q)) => refuse_with("8.0", || {
                msg!(
                    "{p} has no Diplomacy marker left to take the price of a truce",
                    p = self.pname(q)
                )
            }),
            Some(Unpayable::Short(due)) => refuse_with("8.0", || {
                msgn!(
                    "the price comes to {n} Denier and you have less",
                    "the price comes to {n} Deniers and you have less",
                    due
                )
            }),
            None => Ok(()),
        }
    }

    pub(crate) fn check_battle_action(&self, p: PlayerId, a: &Action) -> Result<(), RuleError> {
        let Some(b) = &self.battle else {
            return refuse("6.0", "no battle is being fought");
        };
        let side = match b.step {
            BattleStep::Attacker => 0,
            BattleStep::Defender => 1,
            _ => {
                return match a {
                    Action::JoinSide(Some(0) | Some(1) | None) => Ok(()),
                    _ => refuse("6.0", "choose a side or stay out"),
                };
            }
        };
        match a {
            Action::Fight => Ok(()),
            Action::EndBattle => {
                if side != 0 || self.fortress_penalty() == 0 || b.cavalcade.is_some() {
                    refuse(
                        "6.3",
                        "only the attacker of a Stronghold or Fortified City may stop on his own",
                    )
                } else if b.rolls == 0 {
                    refuse("6.3", "the attacker may stop after a roll")
                } else {
                    Ok(())
                }
            }
            Action::Surrender => {
                let (m0, k0) = self.side_troops(0);
                let (m1, k1) = self.side_troops(1);
                if b.rolls == 0 || m0 + k0 == 0 || m1 + k1 == 0 {
                    refuse(
                        "6.3",
                        "a side may surrender after a roll in which both sides still have Troops",
                    )
                } else {
                    Ok(())
                }
            }
            Action::ProposeTruce | Action::BuyTruce(_) => {
                // 6.3, 8.0: one proposal a roll, then only for a higher price (as a toll).
                let price = a.truce_price().unwrap_or(0);
                let asked = b.truce_price[side];
                if b.truce_asked[side] && price <= asked {
                    if asked >= 3 {
                        refuse(
                            "6.3",
                            "your side has already asked for a truce before this roll",
                        )
                    } else if asked == 0 {
                        refuse(
                            "6.3",
                            "your side has already asked for a truce before this roll: offer Deniers for one, or roll",
                        )
                    } else {
                        refuse_with("6.3", || {
                            msgn!(
                                "your side has already asked for a truce before this roll: offer more than {n} Denier, or roll",
                                "your side has already asked for a truce before this roll: offer more than {n} Deniers, or roll",
                                asked
                            )
                        })
                    }
                } else if let Action::BuyTruce(n) = a {
                    self.check_truce_price(p, side, *n)
                } else {
                    Ok(())
                }
            }
            _ => refuse("6.1", "fight on, surrender, stop or ask for a truce"),
        }
    }

    pub(crate) fn exec_battle_action(&mut self, p: PlayerId, a: Action) {
        let Some(mut b) = self.battle.clone() else {
            return;
        };
        match a {
            Action::JoinSide(side) => {
                b.sides[0].retain(|&q| q != p);
                b.sides[1].retain(|&q| q != p);
                let text = match side {
                    Some(s) => {
                        b.sides[s as usize].push(p);
                        if s == 0 {
                            msg!("{p} fights on the attacking side.", p = self.pname(p))
                        } else {
                            msg!("{p} fights on the defending side.", p = self.pname(p))
                        }
                    }
                    None => msg!("{p} stays out of the battle.", p = self.pname(p)),
                };
                if let BattleStep::Sides { idx } = &mut b.step {
                    *idx += 1;
                }
                self.battle = Some(b);
                say!(self, "6.0", text);
            }
            Action::Fight => {
                b.step = if b.step == BattleStep::Attacker {
                    BattleStep::Defender
                } else {
                    BattleStep::Roll
                };
                self.battle = Some(b);
            }
            Action::EndBattle => {
                say!(
                    self,
                    "6.3",
                    msg!(
                        "{p} breaks off the attack on the fortification.",
                        p = self.pname(p)
                    ),
                );
                self.end_battle(None);
            }
            Action::Surrender => {
                let s = if b.step == BattleStep::Attacker { 0 } else { 1 };
                self.surrender(s);
            }
            Action::ProposeTruce | Action::BuyTruce(_) => {
                let price = a.truce_price().unwrap_or(0);
                let s = if b.step == BattleStep::Attacker { 0 } else { 1 };
                b.truce_asked[s] = true;
                b.truce_price[s] = price;
                let mut askees: Vec<PlayerId> = b.sides[0]
                    .iter()
                    .chain(b.sides[1].iter())
                    .copied()
                    .filter(|&q| q != p)
                    .collect();
                askees.reverse();
                let others = &b.sides[1 - s];
                let text = if price == 0 {
                    msg!("{p} proposes a truce.", p = self.pname(p))
                } else if others.len() == 1 {
                    msgn!(
                        "{p} proposes a truce, offering {them} {n} Denier.",
                        "{p} proposes a truce, offering {them} {n} Deniers.",
                        price,
                        p = self.pname(p),
                        them = self.pnames(others.iter().copied())
                    )
                } else {
                    msgn!(
                        "{p} proposes a truce, offering {them} {n} Denier each.",
                        "{p} proposes a truce, offering {them} {n} Deniers each.",
                        price,
                        p = self.pname(p),
                        them = self.pnames(others.iter().copied())
                    )
                };
                self.battle = Some(b);
                say!(self, "6.3", text);
                self.pending.push(Pending::Truce {
                    proposer: p,
                    askees,
                    price,
                });
            }
            _ => {}
        }
    }

    pub(crate) fn exec_truce_answer(&mut self, yes: bool) {
        let Some(Pending::Truce {
            proposer,
            mut askees,
            price,
        }) = self.pending.pop()
        else {
            return;
        };
        let who = askees.pop().unwrap_or(proposer);
        if !yes {
            say!(
                self,
                "6.3",
                msg!("{p} refuses the truce.", p = self.pname(who))
            );
            return;
        }
        say!(
            self,
            "6.3",
            msg!("{p} accepts the truce.", p = self.pname(who))
        );
        if !askees.is_empty() {
            self.pending.push(Pending::Truce {
                proposer,
                askees,
                price,
            });
            return;
        }
        if price > 0 && !self.pay_truce(proposer, price) {
            say!(
                self,
                "8.0",
                msg!("The price of the truce can no longer be paid: the battle goes on."),
            );
            return;
        }
        say!(
            self,
            "6.3",
            msg!("Truce: everyone stays in the Village and control does not change."),
        );
        self.end_battle(None);
    }

    /// 6.3, 8.0: `proposer` pays each player of the other side the truce's `price`, each
    /// taking it with a Diplomacy marker; nothing is paid unless all of it can be (the
    /// situation may have changed since the offer).
    fn pay_truce(&mut self, proposer: PlayerId, price: u8) -> bool {
        let Some(b) = &self.battle else { return false };
        let Some(side) = b.side_of(proposer) else {
            return false;
        };
        let others = b.sides[1 - side].clone();
        if self.check_truce_price(proposer, side, price).is_err() {
            return false;
        }
        for q in others {
            self.take_with_marker(proposer, q, price);
            say!(
                self,
                "8.0",
                msgn!(
                    "{p} takes {n} Denier from {from} for the truce.",
                    "{p} takes {n} Deniers from {from} for the truce.",
                    price,
                    p = self.pname(q),
                    from = self.pname(proposer)
                ),
            );
        }
        true
    }

    /// 6.3: the side's Troops are disbanded and its Lords captured.
    fn surrender(&mut self, s: usize) {
        let Some(b) = self.battle.clone() else { return };
        let v = b.village;
        let captor = self.side_leader(1 - s);
        for &q in &b.sides[s] {
            let t = std::mem::take(&mut self.villages[v as usize].troops[q as usize]);
            self.players[q as usize].stock_maa += t.maa;
            self.players[q as usize].stock_knights += t.knights;
        }
        say!(
            self,
            "6.3",
            msgn!(
                "{them} surrenders: the side's Troops are disbanded and its Lords captured.",
                "{them} surrender: their Troops are disbanded and their Lords captured.",
                b.sides[s].len(),
                them = self.pnames(b.sides[s].iter().copied())
            ),
        );
        if let Some(c) = captor {
            for l in self.side_lords(s) {
                self.capture(l, c);
            }
        }
        self.end_battle(Some(1 - s));
    }

    pub(crate) fn capture(&mut self, l: LordId, captor: PlayerId) {
        let Some(x) = self.lord_mut(l) else { return };
        x.captor = Some(captor);
        let v = x.village;
        say!(
            self,
            "6.2.3",
            msg!(
                "{lord} is captured by {p}.",
                lord = lord_name(l),
                p = self.pname(captor)
            ),
        );
        self.refresh_village(v);
    }

    /// The automatic steps of a battle: windows, rolls, and the checks after losses.
    pub(crate) fn advance_battle(&mut self) -> bool {
        let Some(mut b) = self.battle.clone() else {
            self.pending.pop();
            return true;
        };
        // A side with nobody left in it ends the battle.
        if b.sides[0].is_empty() || b.sides[1].is_empty() {
            self.end_battle(None);
            return true;
        }
        match b.step {
            BattleStep::Sides { idx } => {
                if idx as usize >= self.side_choosers().len() {
                    b.step = BattleStep::Window;
                    self.battle = Some(b);
                    return true;
                }
                false
            }
            BattleStep::Window => {
                b.step = BattleStep::Attacker;
                self.battle = Some(b);
                self.pending.push(Pending::Window {
                    at: WindowAt::BattleRoll(self.battle.as_ref().map_or(0, |b| b.village)),
                    idx: 0,
                });
                true
            }
            BattleStep::Attacker | BattleStep::Defender => {
                // A side without Troops has nothing to fight with: only Lords are left.
                let (m0, k0) = self.side_troops(0);
                let (m1, k1) = self.side_troops(1);
                if m0 + k0 == 0 || m1 + k1 == 0 {
                    self.after_roll();
                    return true;
                }
                false
            }
            BattleStep::Roll => {
                self.battle_roll();
                true
            }
            BattleStep::After => {
                self.after_roll();
                true
            }
        }
    }

    /// 6.2: both sides roll; losses are taken at the same time (6.2.2).
    fn battle_roll(&mut self) {
        let Some(mut b) = self.battle.clone() else {
            return;
        };
        let dice = self.battle_dice();
        let mut hits = [0u32; 2];
        for s in 0..2 {
            let mut faces = Vec::new();
            for _ in 0..dice[s] {
                let f = self.options.battle_die[(self.rng.d6() - 1) as usize] as u32;
                faces.push(f);
                hits[s] += f;
            }
            if !self.quiet {
                b.faces[s] = faces.iter().map(|&f| f as u8).collect();
            }
            // 5.2: the defender of a Cavalcade adds +1 hit per die rolled.
            if s == 1 && b.cavalcade.is_some() {
                hits[s] += dice[s];
            }
            // 11.1.1 (optional): the Holy Grail with the defenders takes a hit off each
            // attacking die; the Holy Spear with the attackers adds a hit when they roll.
            if s == 0 && self.options.relics {
                if self.relic_on_side(Relic::Grail, 1) {
                    hits[0] = faces.iter().map(|f| f.saturating_sub(1)).sum();
                    say!(
                        self,
                        "11.1.1",
                        msg!("The Holy Grail takes a hit off each attacking die.")
                    );
                }
                if dice[0] > 0 && self.relic_on_side(Relic::Spear, 0) {
                    hits[0] += 1;
                    say!(
                        self,
                        "11.1.1",
                        msg!("The Holy Spear adds a hit to the attackers' roll.")
                    );
                }
            }
            say!(
                self,
                "6.2",
                msgn!(
                    "{who} rolls {dice} ({faces}): {hits}.",
                    "{who} roll {dice} ({faces}): {hits}.",
                    b.sides[s].len(),
                    who = self.pnames(b.sides[s].iter().copied()),
                    dice = msgn!("{n} die", "{n} dice", dice[s]),
                    faces = faces
                        .iter()
                        .map(|f| f.to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                    hits = msgn!("{n} hit", "{n} hits", hits[s])
                )
            );
        }
        b.hits = hits;
        b.before = self.side_units(0) + self.side_units(1);
        b.step = BattleStep::After;
        let v = b.village;
        self.battle = Some(b.clone());
        // Each side picks its own casualties from the hits it received: the side asked first
        // is pushed last.
        for s in [1usize, 0] {
            let h = hits[1 - s];
            let (m, k) = self.side_troops(s);
            let cost = best_loss(m, k, h);
            let lords = if cost == m + 3 * k {
                (h - cost).min(self.side_lords(s).len() as u32) as u8
            } else {
                0
            };
            if cost > 0 || lords > 0 {
                if let Some(chooser) = self.side_leader(s) {
                    self.pending.push(Pending::Losses {
                        chooser,
                        village: v,
                        players: b.sides[s].clone(),
                        cost,
                        lords,
                    });
                }
            }
        }
    }

    /// After a roll's losses: captures, then the end conditions of 6.1/6.3.
    fn after_roll(&mut self) {
        let Some(mut b) = self.battle.clone() else {
            return;
        };
        let rolled = b.step == BattleStep::After;
        let (m0, k0) = self.side_troops(0);
        let (m1, k1) = self.side_troops(1);
        let troops = [m0 + k0, m1 + k1];
        // 6.2.2: Lords left without Troops are captured, unless both sides lost every Troop
        // (ruling R-BOTH-WIPED).
        for s in 0..2 {
            if troops[s] == 0 && troops[1 - s] > 0 {
                if let Some(c) = self.side_leader(1 - s) {
                    for l in self.side_lords(s) {
                        self.capture(l, c);
                    }
                }
            }
        }
        if rolled {
            b.rolls += 1;
            let now = self.side_units(0) + self.side_units(1);
            if now == b.before {
                b.rolls_without_losses += 1;
            } else {
                b.rolls_without_losses = 0;
            }
        }
        b.truce_asked = [false; 2];
        b.truce_price = [0; 2];
        self.battle = Some(b.clone());
        let units = [self.side_units(0), self.side_units(1)];
        if units[0] == 0 || units[1] == 0 {
            let winner = if units[0] > 0 {
                Some(0)
            } else if units[1] > 0 {
                Some(1)
            } else {
                None
            };
            self.end_battle(winner);
        } else if troops[0] == 0 || troops[1] == 0 {
            say!(self, "6.3", msg!("Only Lords are left: the battle ends."));
            self.end_battle(None);
        } else if b.rolls_without_losses >= 3 {
            say!(
                self,
                "6.1",
                msg!("Three rolls without losses: the battle ends.")
            );
            self.end_battle(None);
        } else {
            b.step = if self.side_choosers().is_empty() {
                BattleStep::Window
            } else {
                BattleStep::Sides { idx: 0 }
            };
            self.battle = Some(b);
        }
    }

    /// The battle is over; `winner` is the side left alone in the Village, if any (6.3).
    fn end_battle(&mut self, winner: Option<usize>) {
        let Some(b) = self.battle.take() else { return };
        if let Some(i) = self.pending.iter().rposition(|p| *p == Pending::Battle) {
            // The battle's own questions end with it; what the battle caused does not: a
            // Fief Title to hand on (a Count captured or killed, a Fortified City taken, 4.3)
            // or a freed Lord to place (6.2.3) is still to be settled.
            let after: Vec<Pending> = self.pending.drain(i..).collect();
            self.pending.extend(
                after.into_iter().filter(|p| {
                    matches!(p, Pending::ChooseHeir { .. } | Pending::PlaceLord { .. })
                }),
            );
        }
        let v = b.village;
        if let Some(w) = winner {
            let c = b.controller_before;
            let keep = c.is_some_and(|c| b.sides[w].contains(&c) && self.has_units(c, v));
            if !keep {
                self.battle = Some(b.clone());
                let new = self.side_leader(w).filter(|&q| self.has_units(q, v));
                self.battle = None;
                if let Some(q) = new {
                    self.villages[v as usize].entry[q as usize] = None;
                    say!(
                        self,
                        "6.3",
                        msg!(
                            "{p} takes control of {v}.",
                            p = self.pname(q),
                            v = self.vname(v)
                        ),
                    );
                    self.set_controller(v, Some(q));
                }
            } else if let Some(c) = c.filter(|&c| self.has_units(c, v)) {
                self.set_controller(v, Some(c));
            }
        }
        // 6.3: both armies wiped out: a governed Fief's Titled Lord, or nobody.
        self.refresh_village(v);
        self.check_lone_lords(v);
        if let Some(lords) = b.cavalcade {
            let won = b.sides[1]
                .iter()
                .all(|&q| self.villages[v as usize].troops[q as usize].count() == 0);
            self.cavalcade_over(b.roles[0], v, lords, b.onward, won);
        }
    }
}
