//! Phase 1, "Hear Ye, Hear Ye": marriages (1.1) and the Bishop, Pope and King elections
//! (1.3–1.8).

use super::cards::{lord_name, lord_sex, LordId, Sex};
use super::events::{n_, term, Arg};
use super::state::memory::{Count, ElectionResult};
use super::state::phase::{Pending, Phase};
use super::state::*;
use super::{refuse, refuse_with, Action, RuleError};
use crate::map::BISHOPRIC_COUNT;
use smallvec::SmallVec;

/// The most marriage proposals a bot makes in a round (see `Game::bot_actions`).
pub const BOT_PROPOSALS_A_ROUND: usize = 3;

impl Game {
    /// 1.1, 8.0: every proposal of the Marriage phase, with no dowry, or 1 to 3 Deniers the
    /// proposer has (11.3: any sum under Open Diplomacy). Only pairs of an unmarried man and an
    /// unmarried Lady are listed (`check_marriage` says the rest).
    pub(crate) fn marriage_candidates(&self, p: PlayerId, for_bots: bool, out: &mut Vec<Action>) {
        let dowries = 0..=self.most_listed(self.players[p as usize].money, for_bots);
        // Ruling R-BOT-MANNERS (not a rule): at most a few proposals a round, and none to a
        // family already asked this round (it said no, or it asked and was refused).
        let asked = self.families_asked_in_marriage(p);
        if for_bots && asked.len() >= BOT_PROPOSALS_A_ROUND {
            out.push(Action::EndMarriages);
            return;
        }
        // 1.1: one marriage a player at a time; no church title on the groom; 9.1: d'ARC
        // never marries (`check_marriage`'s conditions, asked here so as not to list pairs
        // it refuses).
        let married: SmallVec<[bool; MAX_PLAYERS]> =
            (0..self.n()).map(|q| self.is_married_player(q)).collect();
        let free = |q: PlayerId| married.get(q as usize) == Some(&false);
        for a in &self.lords {
            if a.spouse.is_some()
                || lord_sex(a.id) != Sex::Male
                || !free(a.owner)
                || self.is_church(a.id)
            {
                continue;
            }
            for b in &self.lords {
                let other = if a.owner == p { b.owner } else { a.owner };
                if for_bots && asked.contains(&other) {
                    continue;
                }
                if a.owner != b.owner
                    && (a.owner == p || b.owner == p)
                    && b.spouse.is_none()
                    && lord_sex(b.id) == Sex::Female
                    && free(b.owner)
                    && self.titles.darc != Some(b.id)
                {
                    out.extend(dowries.clone().map(|dowry| Action::ProposeMarriage {
                        groom: a.id,
                        bride: b.id,
                        dowry,
                    }));
                }
            }
        }
        out.push(Action::EndMarriages);
    }

    /// 1.1: a proposal, answered by the other family (`exec_marriage_answer`).
    pub(crate) fn exec_proposal(&mut self, p: PlayerId, groom: LordId, bride: LordId, dowry: u8) {
        self.memory.proposals.push((groom, bride));
        say!(
            self,
            "1.1",
            if dowry == 0 {
                msg!(
                    "{p} proposes a marriage between {groom} and {bride}.",
                    p = self.pname(p),
                    groom = lord_name(groom),
                    bride = lord_name(bride)
                )
            } else {
                msgn!(
                    "{p} proposes a marriage between {groom} and {bride}, with a dowry of {n} Denier.",
                    "{p} proposes a marriage between {groom} and {bride}, with a dowry of {n} Deniers.",
                    dowry,
                    p = self.pname(p),
                    groom = lord_name(groom),
                    bride = lord_name(bride)
                )
            },
        );
        self.pending.push(Pending::MarriageAnswer {
            proposer: p,
            groom,
            bride,
            dowry,
        });
    }

    /// 1.1: the player has no more proposals to make this round.
    pub(crate) fn exec_end_marriages(&mut self) {
        if let Phase::Marriage { idx } = &mut self.phase {
            *idx += 1;
        }
    }

    // ----- 1.1 Marriage -----

    pub(crate) fn answerer_of_marriage(
        &self,
        proposer: PlayerId,
        groom: LordId,
        bride: LordId,
    ) -> PlayerId {
        let g = self.lord(groom).map(|l| l.owner).unwrap_or(proposer);
        let b = self.lord(bride).map(|l| l.owner).unwrap_or(proposer);
        if g == proposer {
            b
        } else {
            g
        }
    }

    /// The families with whom `p` exchanged a marriage proposal this round (1.1), one entry
    /// a proposal (all refused but perhaps the last: a player once married proposes no more).
    pub fn families_asked_in_marriage(&self, p: PlayerId) -> Vec<PlayerId> {
        self.memory
            .proposals
            .iter()
            .filter_map(|&(groom, bride)| {
                let (g, b) = (self.lord(groom)?.owner, self.lord(bride)?.owner);
                match (g == p, b == p) {
                    (true, false) => Some(b),
                    (false, true) => Some(g),
                    _ => None,
                }
            })
            .collect()
    }

    pub(crate) fn check_marriage(
        &self,
        p: PlayerId,
        groom: LordId,
        bride: LordId,
        dowry: u8,
    ) -> Result<(), RuleError> {
        let (Some(g), Some(b)) = (self.lord(groom), self.lord(bride)) else {
            return refuse("1.1", "both Lords must be in play");
        };
        if g.owner != p && b.owner != p {
            return refuse("1.1", "one of the two must be your own Lord");
        }
        if g.owner == b.owner {
            return refuse("1.1", "a marriage joins Lords of two different players");
        }
        if lord_sex(groom) != Sex::Male || lord_sex(bride) != Sex::Female {
            return refuse("1.1", "a marriage joins a male Lord and a Lady");
        }
        if g.spouse.is_some() || b.spouse.is_some() {
            return refuse("1.1", "both must be unmarried");
        }
        if self.is_church(groom) {
            return refuse_with("1.1", || {
                msg!(
                    "{lord} holds a church title and may not marry",
                    lord = lord_name(groom)
                )
            });
        }
        if self.titles.darc == Some(bride) {
            return refuse_with("9.1", || {
                msg!("{lord} d'ARC may never marry", lord = lord_name(bride))
            });
        }
        if self.is_married_player(g.owner) || self.is_married_player(b.owner) {
            return refuse("1.1", "a player may have only one marriage at a time");
        }
        if self.memory.proposals.contains(&(groom, bride)) {
            return refuse("1.1", "this proposal was already made this round");
        }
        if dowry > 0 {
            // 1.1, 8.0: money in a marriage deal is taken with a Diplomacy marker, at most 3
            // (11.3: under Open Diplomacy, any sum).
            if self.over_cap(dowry) {
                return refuse("8.0", "a dowry is at most 3 Deniers");
            }
            if self.players[p as usize].money < dowry as u32 {
                return refuse("8.0", "you do not have the Deniers of that dowry");
            }
            let other = if g.owner == p { b.owner } else { g.owner };
            if !self.options.open_diplomacy && self.players[other as usize].diplomacy == 0 {
                return refuse_with("8.0", || {
                    msg!(
                        "{p} has no Diplomacy marker left to take a dowry",
                        p = self.pname(other)
                    )
                });
            }
        }
        Ok(())
    }

    /// 1.1: the answer to a marriage proposal: the dowry is paid and the Lords marry, or the
    /// refusal is told.
    pub(crate) fn exec_marriage_answer(
        &mut self,
        p: PlayerId,
        (proposer, groom, bride, dowry): (PlayerId, LordId, LordId, u8),
        yes: bool,
    ) {
        if yes {
            self.pay_dowry(proposer, p, dowry);
            self.marry(groom, bride);
        } else {
            say!(
                self,
                "1.1",
                msg!(
                    "{p} refuses the marriage of {groom} and {bride}.",
                    p = self.pname(p),
                    groom = lord_name(groom),
                    bride = lord_name(bride)
                ),
            );
        }
    }

    /// 1.1, 8.0: the dowry of an accepted proposal, taken with a Diplomacy marker (none under
    /// Open Diplomacy, 11.3) if the proposer can still pay it and the taker still has one.
    fn pay_dowry(&mut self, from: PlayerId, to: PlayerId, dowry: u8) {
        if dowry == 0 {
            return;
        }
        if !self.take_with_marker(from, to, dowry) {
            say!(self, "8.0", msg!("The dowry can no longer be paid."));
            return;
        }
        say!(
            self,
            "8.0",
            msgn!(
                "{p} takes a dowry of {n} Denier from {from}.",
                "{p} takes a dowry of {n} Deniers from {from}.",
                dowry,
                p = self.pname(to),
                from = self.pname(from)
            ),
        );
    }

    /// 1.1: the two players swap Marriage markers; with 4+ players they are now allies.
    pub(crate) fn marry(&mut self, groom: LordId, bride: LordId) {
        if let Some(g) = self.lord_mut(groom) {
            g.spouse = Some(bride);
        }
        if let Some(b) = self.lord_mut(bride) {
            b.spouse = Some(groom);
        }
        let (gp, bp) = (
            self.lord(groom).map(|l| l.owner).unwrap_or(0),
            self.lord(bride).map(|l| l.owner).unwrap_or(0),
        );
        say!(
            self,
            "1.1",
            if self.n() >= 4 {
                msg!(
                    "{groom} marries {bride}. {a} and {b} are now allies.",
                    groom = lord_name(groom),
                    bride = lord_name(bride),
                    a = self.pname(gp),
                    b = self.pname(bp)
                )
            } else {
                msg!(
                    "{groom} marries {bride}. With 3 players a marriage makes no alliance.",
                    groom = lord_name(groom),
                    bride = lord_name(bride)
                )
            },
        );
        // 1.8.1: the King's wife becomes Queen at once.
        if self.titles.king == Some(groom) {
            self.titles.queen = Some(bride);
            self.titles.regent = false;
            say!(
                self,
                "1.8.1",
                msg!("{lord} is Queen.", lord = lord_name(bride))
            );
        }
    }

    // ----- 1.3 Elections -----

    pub(crate) fn start_elections(&mut self) {
        self.phase = Phase::Elections { election: None };
        self.open_next_election(None);
    }

    fn election_order(&self) -> Vec<ElectionKind> {
        let mut v: Vec<ElectionKind> = (0..BISHOPRIC_COUNT as u8)
            .map(ElectionKind::Bishop)
            .collect();
        v.push(ElectionKind::Pope);
        v.push(ElectionKind::King);
        v
    }

    /// Whether an election of this kind takes place now (its trigger, before nominations).
    pub fn election_triggered(&self, kind: ElectionKind) -> bool {
        match kind {
            // 1.4: every Village of the Bishopric controlled by players, and no Bishop.
            ElectionKind::Bishop(b) => {
                self.titles.bishop[b as usize].is_none()
                    && self.map.bishoprics[b as usize]
                        .villages
                        .iter()
                        .all(|&v| self.villages[v as usize].controller.is_some())
            }
            // 1.7: no Pope and at least 2 uncaptured Cardinals.
            ElectionKind::Pope => {
                self.titles.pope.is_none()
                    && self
                        .titles
                        .cardinals
                        .iter()
                        .filter(|c| {
                            self.lord(c.0)
                                .is_some_and(|l| l.captor.is_none() && !l.excommunicated)
                        })
                        .count()
                        >= 2
            }
            // 1.8: the King title is available (no King, or a Regency).
            ElectionKind::King => self.titles.king.is_none(),
        }
    }

    /// 1.3, 1.4, 1.7, 1.8: may this Lord stand in this election?
    pub fn eligible(&self, kind: ElectionKind, l: LordId) -> Result<(), RuleError> {
        let Some(lord) = self.lord(l) else {
            return refuse("1.3", "that Lord is not in play");
        };
        if lord.captor.is_some() {
            return refuse_with("6.2.3", || {
                msg!("{lord} is a Captive and cannot stand", lord = lord_name(l))
            });
        }
        if lord.excommunicated {
            return refuse_with("1.7", || {
                msg!(
                    "{lord} is excommunicated and cannot stand",
                    lord = lord_name(l)
                )
            });
        }
        match kind {
            ElectionKind::Bishop(_) => {
                if lord_sex(l) != Sex::Male || lord.spouse.is_some() {
                    return refuse("1.4", "a Bishop must be an unmarried male Lord");
                }
                if self.is_bishop(l) {
                    return refuse_with("1.4", || {
                        msg!("{lord} is already a Bishop", lord = lord_name(l))
                    });
                }
                if self.titles.king == Some(l) {
                    return refuse("1.4", "the King cannot be a Bishop");
                }
            }
            ElectionKind::Pope => {
                if !self.is_bishop(l) && !self.is_cardinal(l) {
                    return refuse("1.7", "only Bishops and Cardinals may stand for Pope");
                }
            }
            ElectionKind::King => {
                if lord_sex(l) != Sex::Male {
                    return refuse("1.8", "the King must be a male Lord");
                }
                if self.fief_titles_of(l).is_empty() && self.titles.crown_prince != Some(l) {
                    return refuse_with("1.8", || {
                        msg!("{lord} holds no title", lord = lord_name(l))
                    });
                }
                if self.is_church(l) {
                    return refuse("1.8", "a Lord with a church title cannot be King");
                }
            }
        }
        Ok(())
    }

    /// 1.4, 1.7, 1.8 (rulings R-NEW-CARDINAL-VOTES, R-POPE-VOTERS): the votes `p` casts in this election.
    pub fn vote_weight(&self, kind: ElectionKind, p: PlayerId) -> u32 {
        let voters = self
            .family(p)
            .filter(|l| l.captor.is_none() && !l.excommunicated);
        match kind {
            ElectionKind::Bishop(b) => {
                let bish = &self.map.bishoprics[b as usize];
                let mut w = 0;
                for &v in &bish.villages {
                    if self.villages[v as usize].controller == Some(p) {
                        w += if v == bish.principal { 2 } else { 1 };
                    }
                }
                for l in voters {
                    // A Lord counts only for his highest title (1.4).
                    if self.titles.pope == Some(l.id) || self.is_cardinal(l.id) {
                        w += 3;
                    } else if let Some(i) = self.titles.bishop.iter().position(|x| *x == Some(l.id))
                    {
                        // Only Bishops in play since the start of this round.
                        if self.titles.bishop_round[i] < self.round {
                            w += 2;
                        }
                    }
                }
                w
            }
            ElectionKind::Pope => voters.filter(|l| self.is_cardinal(l.id)).count() as u32,
            ElectionKind::King => voters.filter(|l| self.is_titled(l.id)).count() as u32,
        }
    }

    fn open_next_election(&mut self, after: Option<ElectionKind>) {
        let order = self.election_order();
        let start = after
            .and_then(|a| order.iter().position(|k| *k == a))
            .map(|i| i + 1)
            .unwrap_or(0);
        for &kind in &order[start..] {
            // An election with nobody eligible to stand is not announced (only whether one
            // is counts: the refusals are not put into words).
            let anyone = {
                let _terse = super::Terse::new();
                self.lords.iter().any(|l| self.eligible(kind, l.id).is_ok())
            };
            if self.election_triggered(kind) && anyone {
                self.phase = Phase::Elections {
                    election: Some(Election {
                        kind,
                        candidates: vec![],
                        ballots: vec![],
                        voting: false,
                        idx: 0,
                    }),
                };
                say!(
                    self,
                    self.section_of(kind),
                    msg!("Election: {office}.", office = self.election_arg(kind)),
                );
                return;
            }
        }
        self.phase = Phase::Draw {
            idx: 0,
            fortune: 0,
            lord: 0,
            drawing: false,
        };
        say!(self, "2.0", msg!("Phase 2: discard, draw and play cards."));
    }

    fn section_of(&self, kind: ElectionKind) -> &'static str {
        match kind {
            ElectionKind::Bishop(_) => "1.4",
            ElectionKind::Pope => "1.7",
            ElectionKind::King => "1.8",
        }
    }

    /// The office at stake, as a message argument (the window renders it in its own words).
    pub fn election_arg(&self, kind: ElectionKind) -> Arg {
        match kind {
            ElectionKind::Bishop(b) => {
                let bi = &self.map.bishoprics[b as usize];
                msg!(
                    "Bishop of {v} (Bishopric {n})",
                    v = self.vname(bi.principal),
                    n = bi.number
                )
                .into()
            }
            ElectionKind::Pope => term("Pope"),
            ElectionKind::King => term("King"),
        }
    }

    /// The office at stake in English (`election_arg` in words).
    pub fn election_name(&self, kind: ElectionKind) -> String {
        self.election_arg(kind).render(&super::events::English)
    }

    /// Skips players who have nothing to do in the election; resolves it when all have acted.
    pub(crate) fn advance_elections(&mut self) -> bool {
        let Phase::Elections { election } = &self.phase else {
            return false;
        };
        let Some(e) = election.clone() else {
            return false;
        };
        if e.idx < self.n() {
            let p = self.in_turn(e.idx);
            let has_choice = if e.voting {
                self.vote_weight(e.kind, p) > 0
            } else {
                let _terse = super::Terse::new();
                self.family(p).any(|l| {
                    self.eligible(e.kind, l.id).is_ok() && !e.candidates.iter().any(|c| c.1 == l.id)
                })
            };
            if has_choice {
                return false;
            }
            if let Phase::Elections { election: Some(e) } = &mut self.phase {
                e.idx += 1;
            }
            return true;
        }
        if !e.voting {
            if e.candidates.is_empty() {
                say!(
                    self,
                    self.section_of(e.kind),
                    msg!(
                        "No candidate stands for {office}.",
                        office = self.election_arg(e.kind)
                    ),
                );
                self.open_next_election(Some(e.kind));
            } else if let Phase::Elections { election: Some(e) } = &mut self.phase {
                e.voting = true;
                e.idx = 0;
            }
            return true;
        }
        self.resolve_election(&e);
        self.open_next_election(Some(e.kind));
        true
    }

    /// 1.4, 1.7, 1.8: a Lord of the family, or no candidate.
    pub(crate) fn nominate_candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
        out.extend(self.family(p).map(|l| Action::Nominate(l.id)));
        out.push(Action::NoCandidate);
    }

    /// Every ballot: a vote for a candidate or for nobody, with a decoy of either kind.
    pub(crate) fn vote_candidates(&self, out: &mut Vec<Action>) {
        if let Phase::Elections { election: Some(e) } = &self.phase {
            let mut opts: Vec<Option<LordId>> = vec![None];
            opts.extend(e.candidates.iter().map(|c| Some(c.1)));
            for f in &opts {
                for d in &opts {
                    out.push(Action::Vote {
                        for_lord: *f,
                        decoy: *d,
                    });
                }
            }
        }
    }

    pub(crate) fn check_nomination(
        &self,
        p: PlayerId,
        kind: ElectionKind,
        l: LordId,
    ) -> Result<(), RuleError> {
        if self.lord(l).map(|x| x.owner) != Some(p) {
            return refuse("1.3", "you may nominate only one of your own Lords");
        }
        self.eligible(kind, l)
    }

    pub(crate) fn check_vote(
        &self,
        for_lord: Option<LordId>,
        decoy: Option<LordId>,
    ) -> Result<(), RuleError> {
        let Phase::Elections { election: Some(e) } = &self.phase else {
            return refuse("1.3", "no vote now");
        };
        for l in [for_lord, decoy].into_iter().flatten() {
            if !e.candidates.iter().any(|c| c.1 == l) {
                return refuse_with("1.3", || {
                    msg!("{lord} is not a candidate", lord = lord_name(l))
                });
            }
        }
        Ok(())
    }

    pub(crate) fn exec_election(&mut self, p: PlayerId, a: Action) {
        let name = self.pname(p);
        let Phase::Elections { election: Some(e) } = &mut self.phase else {
            return;
        };
        let kind = e.kind;
        let text = match a {
            Action::Nominate(l) => {
                e.candidates.push((p, l));
                msg!("{p} nominates {lord}.", p = name, lord = lord_name(l))
            }
            Action::NoCandidate => msg!("{p} names no candidate.", p = name),
            Action::Vote { for_lord, decoy } => {
                e.ballots.push(Ballot {
                    player: p,
                    for_lord,
                    decoy,
                });
                msg!("{p} places vote markers face down.", p = name)
            }
            _ => return,
        };
        e.idx += 1;
        let sec = self.section_of(kind);
        say!(self, sec, text);
    }

    /// 1.3 step 3 and 1.4.1, 1.7.1, 1.8: count FOR votes only and apply the winning rule.
    pub fn count_votes(&self, e: &Election) -> Count {
        let weight = |p: PlayerId| self.vote_weight(e.kind, p);
        let mut totals: Vec<(LordId, u32)> = e.candidates.iter().map(|c| (c.1, 0)).collect();
        let mut cast = 0;
        for b in &e.ballots {
            if let Some(f) = b.for_lord {
                let w = weight(b.player);
                cast += w;
                if let Some(t) = totals.iter_mut().find(|t| t.0 == f) {
                    t.1 += w;
                }
            }
        }
        let best = totals.iter().map(|t| t.1).max().unwrap_or(0);
        let leaders: Vec<LordId> = totals.iter().filter(|t| t.1 == best).map(|t| t.0).collect();
        let (winner, why) = match e.kind {
            ElectionKind::Bishop(_) => {
                if best == 0 {
                    (None, msg!("no FOR votes were cast (1.4.1)"))
                } else if leaders.len() > 1 {
                    (
                        None,
                        msg!("a tie at {best} votes elects nobody (1.4.1)", best = best),
                    )
                } else {
                    (
                        Some(leaders[0]),
                        msg!("a simple majority of {best} votes (1.4.1)", best = best),
                    )
                }
            }
            ElectionKind::Pope => {
                // ruling R-POPE-MAJORITY: more than half of the FOR votes placed.
                if best > 0 && leaders.len() == 1 && 2 * best > cast {
                    (
                        Some(leaders[0]),
                        msg!(
                            "an absolute majority: {best} of {cast} votes (1.7.1)",
                            best = best,
                            cast = cast
                        ),
                    )
                } else {
                    (
                        None,
                        msg!(
                            "nobody has more than half of the {cast} votes cast (1.7.1)",
                            cast = cast
                        ),
                    )
                }
            }
            ElectionKind::King => {
                if best < 3 {
                    (
                        None,
                        msg!("nobody reaches 3 votes (best {best}) (1.8)", best = best),
                    )
                } else if leaders.len() > 1 {
                    (
                        None,
                        msg!("a tie at {best} votes elects nobody (1.8)", best = best),
                    )
                } else {
                    let w = leaders[0];
                    // (iii) his FOR votes include 2 Bishops, 1 Cardinal or the Pope
                    // (any Lord with a Bishop's Staff counts as a Bishop, ruling R-KING-SUPPORT).
                    let backers: Vec<LordId> = e
                        .ballots
                        .iter()
                        .filter(|b| b.for_lord == Some(w))
                        .flat_map(|b| {
                            self.family(b.player)
                                .filter(|l| {
                                    l.captor.is_none() && !l.excommunicated && self.is_titled(l.id)
                                })
                                .map(|l| l.id)
                                .collect::<Vec<_>>()
                        })
                        .collect();
                    let bishops = backers.iter().filter(|&&l| self.is_bishop(l)).count();
                    let cardinal = backers.iter().any(|&l| self.is_cardinal(l));
                    let pope = backers.iter().any(|&l| self.titles.pope == Some(l));
                    if bishops >= 2 || cardinal || pope {
                        let support = if pope {
                            n_("the Pope")
                        } else if cardinal {
                            n_("a Cardinal")
                        } else {
                            n_("two Bishops")
                        };
                        (
                            Some(w),
                            msg!(
                                "{best} votes, a simple majority, with the support of {who} (1.8)",
                                best = best,
                                who = term(support)
                            ),
                        )
                    } else {
                        (
                            None,
                            msg!("his votes include neither 2 Bishops, nor a Cardinal, nor the Pope (1.8)"),
                        )
                    }
                }
            }
        };
        Count {
            totals,
            winner,
            reason: why.english(),
            why,
        }
    }

    fn resolve_election(&mut self, e: &Election) {
        let sec = self.section_of(e.kind);
        if !self.quiet {
            self.last_election = Some(Box::new(ElectionResult {
                round: self.round,
                name: self.election_name(e.kind),
                section: sec.to_string(),
                weights: e
                    .ballots
                    .iter()
                    .map(|b| self.vote_weight(e.kind, b.player))
                    .collect(),
                election: e.clone(),
                count: self.count_votes(e),
            }));
        }
        let reveal: Vec<Arg> = e
            .ballots
            .iter()
            .map(|b| {
                let f: Arg = match b.for_lord {
                    Some(l) => lord_name(l).into(),
                    None => msg!("nobody").into(),
                };
                let w = self.vote_weight(e.kind, b.player);
                match b.decoy {
                    Some(d) => msgn!(
                        "{p} ({n} vote) FOR {f}, decoy on {d}",
                        "{p} ({n} votes) FOR {f}, decoy on {d}",
                        w,
                        p = self.pname(b.player),
                        f = f,
                        d = lord_name(d)
                    ),
                    None => msgn!(
                        "{p} ({n} vote) FOR {f}",
                        "{p} ({n} votes) FOR {f}",
                        w,
                        p = self.pname(b.player),
                        f = f
                    ),
                }
                .into()
            })
            .collect();
        say!(
            self,
            sec,
            if reveal.is_empty() {
                msg!("Votes revealed: none.")
            } else {
                msg!("Votes revealed: {list}.", list = Arg::Seq(reveal))
            },
        );
        let count = self.count_votes(e);
        let Some(w) = count.winner else {
            say!(
                self,
                sec,
                msg!(
                    "{office}: nobody is elected: {why}.",
                    office = self.election_arg(e.kind),
                    why = count.why.clone()
                ),
            );
            return;
        };
        say!(
            self,
            sec,
            msg!(
                "{lord} is elected {office}: {why}.",
                lord = lord_name(w),
                office = self.election_arg(e.kind),
                why = count.why.clone()
            ),
        );
        match e.kind {
            ElectionKind::Bishop(b) => {
                self.titles.bishop[b as usize] = Some(w);
                self.titles.bishop_round[b as usize] = self.round;
                if self.titles.crown_prince == Some(w) {
                    self.titles.crown_prince = None;
                    say!(
                        self,
                        "1.8.2",
                        msg!(
                            "{lord} loses the Crown Prince status on becoming a Bishop.",
                            lord = lord_name(w)
                        ),
                    );
                }
            }
            ElectionKind::Pope => self.titles.pope = Some(w),
            ElectionKind::King => {
                if self.titles.regent {
                    // 1.8.1: the Regency ends with the election of a new King.
                    if let Some(q) = self.titles.queen {
                        say!(
                            self,
                            "1.8.1",
                            msg!("{lord} is no longer Queen Regent.", lord = lord_name(q)),
                        );
                    }
                    self.titles.queen = None;
                    self.titles.regent = false;
                }
                self.titles.king = Some(w);
                if let Some(wife) = self.lord(w).and_then(|l| l.spouse) {
                    self.titles.queen = Some(wife);
                    say!(
                        self,
                        "1.8.1",
                        msg!("{lord} is Queen.", lord = lord_name(wife))
                    );
                }
            }
        }
    }
}
