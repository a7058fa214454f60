//! Phase 3: Income (3.0), collected by everyone at the same moment.

use super::cards::Card;
use super::events::Arg;
use super::state::*;
use crate::map::BishopricId;

/// What one player earns in one Income phase, by source.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IncomeSheet {
    pub villages: u32,
    pub mills: u32,
    pub tallage: u32,
    pub tithe: u32,
    pub queen: u32,
}

impl IncomeSheet {
    pub fn total(&self) -> u32 {
        self.villages + self.mills + self.tallage + self.tithe + self.queen
    }
}

impl Game {
    /// The Tithe that is paid in a Bishopric, if any (2.4.6): its own Bishop first, then the
    /// first Cardinal, then the Pope; a taxer who died or lost the title gets nothing (FAQ 3.0).
    fn tithe_collector(&self, b: BishopricId) -> Option<PlayerId> {
        let valid = |t: &&Tax| {
            t.target == TaxTarget::Tithe(b)
                && self.lord(t.lord).is_some_and(|l| l.owner == t.player)
                && match t.role {
                    TaxRole::Bishop => self.titles.bishop[b as usize] == Some(t.lord),
                    TaxRole::Cardinal => self.is_cardinal(t.lord),
                    TaxRole::Pope => self.titles.pope == Some(t.lord),
                    _ => false,
                }
        };
        // FAQ: a Bishop who is also Cardinal or Pope keeps his Bishop priority at home.
        let rank = |t: &Tax| {
            if self.titles.bishop[b as usize] == Some(t.lord) {
                0
            } else if t.role == TaxRole::Cardinal {
                1
            } else {
                2
            }
        };
        // The first placed wins among equals (the first Cardinal beats later ones).
        self.taxes
            .iter()
            .filter(valid)
            .min_by_key(|t| rank(t))
            .map(|t| t.player)
    }

    /// 3.0: every player's income this phase, without paying it.
    pub fn income(&self) -> Vec<IncomeSheet> {
        let mut sheets = vec![IncomeSheet::default(); self.players.len()];
        // Mill income per Bishopric goes to the Mills' controllers, or to the tithing player.
        let tithers: Vec<Option<PlayerId>> = (0..5).map(|b| self.tithe_collector(b)).collect();
        for (v, vs) in self.villages.iter().enumerate() {
            let Some(c) = vs.controller else { continue };
            // 6.4.1: a besieged Village and its Mills pay nothing.
            if vs.besieger.is_some() {
                continue;
            }
            sheets[c as usize].villages += 1;
            let b = self.map.villages[v].bishopric as usize;
            let bc = self.bishopric_cards[b];
            // 2.3.2: Famine, the Mills earn nothing; 2.4.7: each bonus kind applies once.
            let per_mill = if bc.famine {
                0
            } else {
                2 + bc.harvest as u32 + bc.good_weather as u32
            };
            let mills = per_mill * vs.mills as u32;
            match tithers[b] {
                Some(t) => sheets[t as usize].tithe += mills,
                None => sheets[c as usize].mills += mills,
            }
        }
        // 2.4.5: Tallage, +2 per Village of the Fief, besieged or not (ruling R-TALLAGE-BESIEGED).
        for t in &self.taxes {
            let TaxTarget::Tallage(f) = t.target else {
                continue;
            };
            // FAQ 3.0, ruling R-TAX-PAYEE: paid to whoever now holds the title.
            let payee = match t.role {
                TaxRole::FiefLord => self.title_holder_player(f),
                _ => self
                    .titles
                    .king
                    .or(if self.titles.regent {
                        self.titles.queen
                    } else {
                        None
                    })
                    .and_then(|l| self.lord(l))
                    .map(|l| l.owner),
            };
            if let Some(p) = payee {
                sheets[p as usize].tallage += 2 * self.map.fiefs[f as usize].villages.len() as u32;
            }
        }
        // 1.8.1: the Queen earns 2 Deniers.
        if let Some(q) = self.titles.queen.and_then(|q| self.lord(q)) {
            sheets[q.owner as usize].queen += 2;
        }
        sheets
    }

    /// 3.0: pay everyone, then return the Tax markers and clear the Fortune cards off the map.
    pub(crate) fn collect_income(&mut self) {
        let sheets = self.income();
        for (p, s) in sheets.iter().enumerate() {
            self.players[p].money = self.players[p].money.saturating_add(s.total());
            let mut parts: Vec<Arg> = vec![msg!("{n} from Villages", n = s.villages).into()];
            if s.mills > 0 {
                parts.push(msg!("{n} from Mills", n = s.mills).into());
            }
            if s.tallage > 0 {
                parts.push(msg!("{n} from Tallage", n = s.tallage).into());
            }
            if s.tithe > 0 {
                parts.push(msg!("{n} from Tithes", n = s.tithe).into());
            }
            if s.queen > 0 {
                parts.push(msg!("2 as Queen").into());
            }
            say!(
                self,
                "3.0",
                msgn!(
                    "{p} collects {n} Denier ({parts}).",
                    "{p} collects {n} Deniers ({parts}).",
                    s.total(),
                    p = self.pname(p as u8),
                    parts = Arg::List(parts)
                ),
            );
        }
        self.taxes.clear();
        for p in &mut self.players {
            p.tax_markers = 3;
        }
        for bc in &mut self.bishopric_cards {
            if bc.harvest {
                self.fortune_discard.push(Card::Harvest);
            }
            if bc.good_weather {
                self.fortune_discard.push(Card::GoodWeather);
            }
            bc.harvest = false;
            bc.good_weather = false;
        }
    }
}
