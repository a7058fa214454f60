//! The dispatchers: every legal action of a decision, its check and its effect, each routed
//! by an exhaustive match to the rule's own file (the marriage's in elections.rs, a ransom's in
//! captives.rs, the answers to questions in questions.rs...). Adding a kind of decision or of
//! action makes the compiler name every place here that must route it.

use super::actions::{Action, LordList, MoveHow, PassageUse};
use super::movement::MoveParts;
use super::prompt::{is_any_time_action, Prompt, PromptKind};
use super::state::phase::{Pending, Phase};
use super::state::*;
use super::{refuse, refuse_with, RuleError, Terse};
use crate::map::{FiefId, VillageId};

impl Game {
    /// Every legal action of `player` now (empty when it is not his decision).
    pub fn legal_actions(&self, player: PlayerId) -> Vec<Action> {
        self.enumerate(player, false)
    }

    /// The legal actions a bot weighs: the same as `legal_actions`, except that a Move takes
    /// none, one, about half, all but one or all of the army's MaA and Knights rather than
    /// every count in between (a Lord with 13 MaA and 8 Knights would otherwise have hundreds of Moves per
    /// road), and that a bot makes at most [`BOT_PROPOSALS_A_ROUND`] marriage proposals a round,
    /// none to a family it already exchanged one with this round. Every action listed is
    /// legal.
    pub fn bot_actions(&self, player: PlayerId) -> Vec<Action> {
        self.enumerate(player, true)
    }

    fn enumerate(&self, player: PlayerId, for_bots: bool) -> Vec<Action> {
        let Some(prompt) = self.prompt() else {
            return Vec::new();
        };
        if prompt.player != player {
            return Vec::new();
        }
        let _terse = Terse::new();
        let mut out = self.candidate_actions(&prompt, for_bots);
        let mut checks = Checks::new(self, player, &prompt);
        out.retain(|a| checks.legal(a));
        out
    }

    /// The legal actions found the plain way, every candidate checked whole as `check`
    /// judges an action sent in: what `legal_actions` (with `for_bots`, `bot_actions`) must
    /// list, and what the fuzz compares it with at every step.
    #[doc(hidden)]
    pub fn legal_by_whole_checks(&self, player: PlayerId, for_bots: bool) -> Vec<Action> {
        let Some(prompt) = self.prompt().filter(|pr| pr.player == player) else {
            return Vec::new();
        };
        let _terse = Terse::new();
        let mut out = self.candidate_actions(&prompt, for_bots);
        out.retain(|a| self.check_prompted(player, a, &prompt).is_ok());
        out
    }

    /// Every Fief title `player` could buy or grant now, found without the candidates' short
    /// cut (a title listed only where one family controls the whole Fief, 4.3): every Fief,
    /// Lord and Village of the Fief, bought, granted free and granted for a Denier, each
    /// checked whole. The fuzz checks that `legal_actions` lists every one of them.
    #[doc(hidden)]
    pub fn title_actions_by_whole_checks(&self, player: PlayerId) -> Vec<Action> {
        let Some(prompt) = self
            .prompt()
            .filter(|pr| pr.player == player && pr.kind == PromptKind::Purchase)
        else {
            return Vec::new();
        };
        let _terse = Terse::new();
        let mut out = Vec::new();
        for (f, fief) in self.map.fiefs.iter().enumerate() {
            let f = f as FiefId;
            for &city in &fief.villages {
                for l in &self.lords {
                    out.push(Action::BuyTitle {
                        fief: f,
                        lord: l.id,
                        city,
                    });
                    for price in [0, 1] {
                        out.push(Action::GrantTitle {
                            fief: f,
                            lord: l.id,
                            city,
                            price,
                            village: None,
                        });
                    }
                }
            }
        }
        out.retain(|a| self.check_prompted(player, a, &prompt).is_ok());
        out
    }

    /// Whether "any time" actions may be taken at this decision: in the turns and reaction
    /// windows, and in the Discard step (FAQ Phase 2: an Opportunity card may be played
    /// instead of being discarded) but never once the Draw itself has begun (2.0).
    pub fn any_time_open(&self, prompt: &Prompt) -> bool {
        prompt.kind.allows_any_time()
            || (matches!(prompt.kind, PromptKind::DiscardDraw)
                && matches!(self.phase, Phase::Draw { drawing: false, .. }))
    }

    /// A superset of the legal actions for a prompt; `check` filters it.
    fn candidate_actions(&self, prompt: &Prompt, for_bots: bool) -> Vec<Action> {
        let mut out = self.phase_candidates(prompt, for_bots);
        if self.any_time_open(prompt) {
            self.any_time_candidates(prompt.player, for_bots, &mut out);
        }
        out
    }

    /// Whether `phase_candidates` lists fewer candidates with `for_bots` (the bots' shorter
    /// lists) for this kind of decision: only these kinds read `for_bots`; for every other kind
    /// both lists are the same.
    pub(crate) fn bots_list_fewer(kind: &PromptKind) -> bool {
        matches!(
            kind,
            PromptKind::Marriage
                | PromptKind::Movement
                | PromptKind::Battles
                | PromptKind::BattleSide { .. }
                | PromptKind::BattleChoice { .. }
                | PromptKind::Purchase
        )
    }

    /// The candidates for the decision itself, without the "any time" actions.
    pub(crate) fn phase_candidates(&self, prompt: &Prompt, for_bots: bool) -> Vec<Action> {
        let p = prompt.player;
        let nv = self.map.villages.len() as u8;
        let mut out = Vec::with_capacity(64);
        match &prompt.kind {
            PromptKind::StartVillage => out.extend((0..nv).map(Action::ChooseStart)),
            PromptKind::Marriage => self.marriage_candidates(p, for_bots, &mut out),
            // The yes-or-no questions (the same list as `is_question`'s).
            PromptKind::MarriageAnswer { .. }
            | PromptKind::RansomAnswer { .. }
            | PromptKind::GrantAnswer { .. }
            | PromptKind::CardinalConsent { .. }
            | PromptKind::PlacementLeave { .. }
            | PromptKind::Permission { .. }
            | PromptKind::Annulment { .. }
            | PromptKind::Deal { .. }
            | PromptKind::Truce { .. }
            | PromptKind::RelicPermission { .. }
            | PromptKind::RelicOffer { .. }
            | PromptKind::Teeth { .. }
            | PromptKind::AmbushGoOn => out.extend([Action::Accept, Action::Refuse]),
            PromptKind::RelicUse { .. } => self.relic_use_candidates(&mut out),
            PromptKind::Movement => self.movement_candidates(p, for_bots, &mut out),
            PromptKind::Battles => self.battles_candidates(p, for_bots, &mut out),
            PromptKind::Pillage => self.pillage_candidates(p, &mut out),
            PromptKind::Window { .. } => out.push(Action::Pass),
            PromptKind::BattleSide { .. } | PromptKind::BattleChoice { .. } => {
                self.battle_candidates(p, for_bots, &mut out)
            }
            PromptKind::Losses { .. } => self.casualty_candidates(&mut out),
            PromptKind::Targeted { .. } => {
                out.extend([Action::SecretPassage(PassageUse::Cancel), Action::Pass])
            }
            PromptKind::UprisingJoin { .. } | PromptKind::UprisingStop { .. } => {
                self.uprising_candidates(&mut out)
            }
            PromptKind::Nominate(_) => self.nominate_candidates(p, &mut out),
            PromptKind::Vote(_) => self.vote_candidates(&mut out),
            PromptKind::DiscardDraw => self.discard_draw_candidates(p, &mut out),
            PromptKind::PlagueLosses { losses, .. } => {
                out.extend((0..=*losses).map(|k| Action::PlagueLoss { knights: k }))
            }
            PromptKind::ChooseHeir { .. } => {
                out.extend(self.family(p).map(|l| Action::ChooseHeir(l.id)))
            }
            PromptKind::PlaceLord { lord } => out.extend(
                self.placement_villages_for(p, Some(*lord))
                    .into_iter()
                    .map(Action::PlaceLord),
            ),
            PromptKind::PlayCards => self.play_card_candidates(p, &mut out),
            PromptKind::RansomOffer { price, .. } => {
                self.ransom_offer_candidates(p, *price, &mut out)
            }
            PromptKind::Purchase => self.purchase_candidates(p, for_bots, &mut out),
        }
        out
    }

    /// Checks that `player` may take `action` now; the error names the rule that forbids it.
    pub fn check(&self, player: PlayerId, action: &Action) -> Result<(), RuleError> {
        // Ids first, as written: no rule below reads a Village, Lord, player, card, Fief or
        // Bishopric that does not exist (actions come from files and command lines too).
        action.ids_in_range(self)?;
        // The same action written another way (its Lords, Captives or cards in another
        // order) is judged, and played, as `legal_actions` lists it.
        if self.is_normalised(action) {
            self.check_normalised(player, action)
        } else {
            self.check_normalised(player, &self.normalised(action))
        }
    }

    /// `check` of an action whose ids are in range and that is in its listed form
    /// (`is_normalised`), as every candidate `enumerate` builds is.
    fn check_normalised(&self, player: PlayerId, action: &Action) -> Result<(), RuleError> {
        if self.is_over() {
            return refuse("7.0", "the game is over");
        }
        let Some(prompt) = self.prompt() else {
            return refuse("", "nothing to decide now");
        };
        self.check_prompted(player, action, &prompt)
    }

    /// `check_normalised` with the decision awaited now (`prompt`) already known: the
    /// enumeration of legal actions asks it once for all its candidates.
    pub(crate) fn check_prompted(
        &self,
        player: PlayerId,
        action: &Action,
        prompt: &Prompt,
    ) -> Result<(), RuleError> {
        if player as usize >= self.players.len() {
            return refuse_with("", || msg!("there is no player {p}", p = player));
        }
        if prompt.player != player {
            return refuse_with(prompt.section, || {
                msg!(
                    "it is {who}'s decision now, not {p}'s",
                    who = self.pname(prompt.player),
                    p = self.pname(player)
                )
            });
        }
        let wrong = || {
            refuse_with(prompt.section, || {
                msg!(
                    "{what} does not answer the question asked now",
                    what = action.what()
                )
            })
        };
        if is_any_time_action(action) {
            return if self.any_time_open(prompt) {
                self.check_any_time(player, action)
            } else {
                refuse_with(prompt.section, || {
                    msg!("answer the question asked first; \"any time\" actions come in your turns and reaction windows")
                })
            };
        }
        match (&prompt.kind, action) {
            (PromptKind::StartVillage, Action::ChooseStart(v)) => self.check_start(*v),
            (PromptKind::Movement, Action::Move(o)) => self.check_move(player, o),
            (PromptKind::Movement, Action::EndMovement) => self.check_end_movement(),
            (PromptKind::Battles, a) => self.check_battles_turn(player, a),
            (PromptKind::Pillage, a) => self.check_pillage(player, a),
            (PromptKind::Window { .. }, Action::Pass) => Ok(()),
            (PromptKind::BattleSide { .. } | PromptKind::BattleChoice { .. }, a) => {
                self.check_battle_action(player, a)
            }
            (PromptKind::Losses { .. }, a @ Action::Casualty(_)) => self.check_casualty(a),
            (PromptKind::Targeted { .. }, Action::Pass) => Ok(()),
            (PromptKind::Targeted { .. }, Action::SecretPassage(PassageUse::Cancel)) => {
                self.check_passage_cancel(player)
            }
            (PromptKind::UprisingJoin { .. } | PromptKind::UprisingStop { .. }, a) => {
                self.check_uprising_action(player, a)
            }
            (
                PromptKind::Marriage,
                Action::ProposeMarriage {
                    groom,
                    bride,
                    dowry,
                },
            ) => self.check_marriage(player, *groom, *bride, *dowry),
            (PromptKind::Marriage, Action::EndMarriages) => Ok(()),
            (k, Action::Accept | Action::Refuse) if k.is_question() => self.check_answer(action),
            (PromptKind::RelicUse { .. }, Action::RelicRoll { relic, bishopric }) => {
                self.check_relic_roll(*relic, *bishopric)
            }
            (PromptKind::RelicUse { .. }, Action::Pass) => Ok(()),
            (PromptKind::Nominate(k), Action::Nominate(l)) => self.check_nomination(player, *k, *l),
            (PromptKind::Nominate(_), Action::NoCandidate) => Ok(()),
            (PromptKind::Vote(_), Action::Vote { for_lord, decoy }) => {
                self.check_vote(*for_lord, *decoy)
            }
            (
                PromptKind::DiscardDraw,
                a @ (Action::Discard(_) | Action::DrawFortune | Action::DrawLord | Action::EndDraw),
            ) => self.check_draw(player, a),
            (PromptKind::PlagueLosses { village, losses }, Action::PlagueLoss { knights }) => {
                self.check_plague_loss(player, *village, *losses, *knights)
            }
            (PromptKind::ChooseHeir { fief }, Action::ChooseHeir(l)) => {
                self.check_heir(player, *fief, *l)
            }
            (PromptKind::PlaceLord { lord }, Action::PlaceLord(v)) => {
                self.check_place_lord(player, *lord, *v)
            }
            (
                PromptKind::PlayCards,
                a @ (Action::PlayLord { .. }
                | Action::PlayHarvest(_)
                | Action::PlayGoodWeather(_)
                | Action::PlayTallage { .. }
                | Action::PlayTithe { .. }
                | Action::EndPlayCards),
            ) => self.check_play(player, a),
            (
                PromptKind::RansomOffer { price, .. },
                a @ (Action::OfferRansom { .. } | Action::NoRansom),
            ) => self.check_ransom_offer(player, *price, a),
            (PromptKind::Purchase, a) => self.check_purchase(player, a),
            _ => wrong(),
        }
    }

    /// Applies `action` by `player`: refused with a reason (state untouched) when illegal;
    /// otherwise returns where in the log the entries it produced lie (`log.since(start)`),
    /// including those of any automatic steps that followed.
    pub fn apply(
        &mut self,
        player: PlayerId,
        action: Action,
    ) -> Result<std::ops::Range<usize>, RuleError> {
        let start = self.log.len();
        self.apply_held(player, action)?;
        self.advance();
        Ok(start..self.log.len())
    }

    /// `apply`, telling apart the entries the decision wrote itself from those of the
    /// automatic steps that followed it: `(own, all)` (a decision that only ends a step may
    /// write nothing of its own). A host tells a player back at his table what a bot decided
    /// for him by its own entries.
    pub fn apply_own(
        &mut self,
        player: PlayerId,
        action: Action,
    ) -> Result<(std::ops::Range<usize>, std::ops::Range<usize>), RuleError> {
        let start = self.log.len();
        self.apply_held(player, action)?;
        let own = start..self.log.len();
        self.advance();
        Ok((own, start..self.log.len()))
    }

    /// Applies `action` like `apply`, but leaves the automatic steps that would follow it for
    /// later (`advance`: a turn with nothing left to decide ends by itself, bots' passes...):
    /// a preview of several decisions in a row (the purchase basket) stays at the decision
    /// and can say why the next one is refused, rather than find the turn over.
    pub fn apply_held(&mut self, player: PlayerId, action: Action) -> Result<(), RuleError> {
        action.ids_in_range(self)?;
        let action = if self.is_normalised(&action) {
            action
        } else {
            self.normalised(&action)
        };
        self.check_normalised(player, &action)?;
        if !self.quiet {
            self.history.push((player, action.clone()));
        }
        self.exec(player, action);
        Ok(())
    }

    /// `apply` of an action taken from this very position's `legal_actions` or `bot_actions`
    /// (a bot's lookahead plays each of its candidates on a copy): not checked again.
    pub(crate) fn apply_listed(&mut self, player: PlayerId, action: Action) {
        debug_assert!(
            self.check(player, &action).is_ok() && self.is_normalised(&action),
            "apply_listed of an action not listed"
        );
        if !self.quiet {
            self.history.push((player, action.clone()));
        }
        self.exec(player, action);
        self.advance();
    }

    fn exec(&mut self, p: PlayerId, action: Action) {
        if is_any_time_action(&action) {
            self.exec_any_time(p, action);
            return;
        }
        let top = self.pending.last().cloned();
        match (&top, &action) {
            // Every yes-or-no question is answered in one place.
            (Some(_), Action::Accept | Action::Refuse) => {
                return self.exec_answer(p, action == Action::Accept)
            }
            (Some(Pending::RelicUse { .. }), Action::RelicRoll { relic, bishopric }) => {
                return self.exec_relic_roll(*relic, *bishopric)
            }
            (Some(Pending::RelicUse { .. }), Action::Pass) => return self.exec_relic_pass(),
            (Some(Pending::Window { .. }), Action::Pass) => return self.exec_window_pass(),
            (Some(Pending::Targeted { .. }), Action::Pass) => return self.resolve_targeted(false),
            (Some(Pending::Targeted { .. }), Action::SecretPassage(PassageUse::Cancel)) => {
                return self.resolve_targeted(true)
            }
            (Some(Pending::Uprising { .. }), _) => return self.exec_uprising_action(p, action),
            (Some(Pending::Battle), _) => return self.exec_battle_action(p, action),
            (Some(Pending::Losses { .. }), Action::Casualty(c)) => return self.exec_casualty(*c),
            _ => {}
        }
        match action {
            Action::Move(o) => self.exec_move(p, o),
            Action::EndMovement => self.exec_end_movement(p),
            Action::DeclareBattle { .. } | Action::DeclareSiege(_) | Action::EndBattles => {
                self.exec_battles_turn(p, action)
            }
            Action::Pillage(_) | Action::EndPillage => self.exec_pillage(p, action),
            Action::ChooseStart(v) => self.exec_start(p, v),
            Action::ProposeMarriage {
                groom,
                bride,
                dowry,
            } => self.exec_proposal(p, groom, bride, dowry),
            Action::EndMarriages => self.exec_end_marriages(),
            Action::Accept | Action::Refuse => self.exec_answer(p, action == Action::Accept),
            Action::Nominate(_) | Action::NoCandidate | Action::Vote { .. } => {
                self.exec_election(p, action)
            }
            Action::Discard(_) | Action::DrawFortune | Action::DrawLord | Action::EndDraw => {
                self.exec_draw(p, action)
            }
            Action::PlagueLoss { knights } => self.exec_plague_loss(knights),
            Action::ChooseHeir(l) => self.exec_heir(l),
            Action::PlaceLord(v) => self.exec_place_lord(v),
            Action::PlayLord { .. }
            | Action::PlayHarvest(_)
            | Action::PlayGoodWeather(_)
            | Action::PlayTallage { .. }
            | Action::PlayTithe { .. }
            | Action::EndPlayCards => self.exec_play(p, action),
            Action::OfferRansom { amount } => self.exec_ransom_offer(amount),
            Action::NoRansom => self.exec_no_ransom(),
            Action::EndPurchase
            | Action::BuyMaa(_)
            | Action::BuyKnight(_)
            | Action::BuyMill(_)
            | Action::BuyStronghold(_)
            | Action::BuyTitle { .. }
            | Action::GrantTitle { .. }
            | Action::PassTitle { .. }
            | Action::BuyCardinal { .. } => self.exec_purchase(p, action),
            // Carried out above: the "any time" actions, and the answers within a battle, an
            // Uprising, a reaction window or a relic's use.
            Action::PlayCardinal { .. }
            | Action::PlayDarc { .. }
            | Action::JoinSide(..)
            | Action::Fight
            | Action::EndBattle
            | Action::Surrender
            | Action::ProposeTruce
            | Action::BuyTruce(_)
            | Action::Casualty(..)
            | Action::EndSiege(..)
            | Action::TakeRelic { .. }
            | Action::OfferRelic { .. }
            | Action::RelicRoll { .. }
            | Action::Pass
            | Action::PlayUprising { .. }
            | Action::JoinUprising
            | Action::TryStop { .. }
            | Action::SecretPassage(..)
            | Action::PlayAssassination { .. }
            | Action::PlayJustice(..)
            | Action::PlayAmbush(..)
            | Action::Excommunicate(..)
            | Action::LiftExcommunication(..)
            | Action::RequestAnnulment(..)
            | Action::OfferDeniers { .. }
            | Action::OfferCard { .. }
            | Action::AskDeniers { .. }
            | Action::HandControl { .. } => {}
        }
    }
}

/// Checks candidates of one decision one after another, as `enumerate` and the automatic
/// steps' "is there another choice" do. A Move's route (its Lords, road and way) is checked
/// once for all the loads listed with it one after another (`movement_candidates` lists every
/// count of Troops and Captives of one route together); each load is then checked alone.
/// The two halves together judge exactly as the whole check does (the fuzz compares them at
/// every step, `Game::legal_by_whole_checks`).
///
/// A load needs no check of its own unless a passage was refused this phase: the candidates
/// are built within it (`movement_candidates` counts Troops up to `troops_for_army` and takes
/// the player's own Captives in the Village; `likely_moves` carries neither, a Cavalcade only
/// Knights). After a refusal (5.0) a load also depends on the Troops the army brought, and
/// each is checked.
pub(crate) struct Checks<'a> {
    game: &'a Game,
    player: PlayerId,
    prompt: &'a Prompt,
    route: Option<(LordList, VillageId, MoveHow, bool)>,
    loads_checked: bool,
}

impl<'a> Checks<'a> {
    pub(crate) fn new(game: &'a Game, player: PlayerId, prompt: &'a Prompt) -> Checks<'a> {
        Checks {
            game,
            player,
            prompt,
            route: None,
            loads_checked: !game.moves.refused.is_empty(),
        }
    }

    /// Whether the candidate `a` (in its listed form) is legal now.
    pub(crate) fn legal(&mut self, a: &Action) -> bool {
        let (g, player) = (self.game, self.player);
        debug_assert!(g.is_normalised(a), "a candidate not in its listed form");
        match a {
            Action::Move(o) if matches!(self.prompt.kind, PromptKind::Movement) => {
                let ok = match &self.route {
                    Some((lords, to, how, ok))
                        if *to == o.to && *how == o.how && *lords == o.lords =>
                    {
                        *ok
                    }
                    _ => {
                        let ok = g.check_move_parts(player, o, MoveParts::Route).is_ok();
                        self.route = Some((LordList::from_slice(&o.lords), o.to, o.how, ok));
                        ok
                    }
                };
                if !self.loads_checked {
                    debug_assert!(
                        !ok || g.check_move_parts(player, o, MoveParts::Loads).is_ok(),
                        "a load built outside its army: {o:?}"
                    );
                    return ok;
                }
                ok && g.check_move_parts(player, o, MoveParts::Loads).is_ok()
            }
            _ => g.check_prompted(player, a, self.prompt).is_ok(),
        }
    }
}
