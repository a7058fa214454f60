//! Decisions the session takes for a human because his preferences ask for it (see
//! docs/app.md, "Routine steps" and "Battles"): steps with nothing worth doing ended,
//! reaction windows passed when a later decision of his offers the same cards, his battles
//! rolled to their end, his casualties taken as the engine proposes. Each rule decides
//! nothing the rules would not let him decide himself, and each stops where a player would
//! want to decide: the odds against him, a Lord of his side at stake, a card only a window
//! can play.

use super::standing::idle_step_end;
use super::{fight_stop, worth_asking, FightStop, Session, Standing};
use crate::rules::{Action, Casualty, PassageUse, PlayerId, PromptKind};

impl Session {
    /// What the preferences decide for `p` (a human) among his `legal` actions now, if
    /// anything.
    pub(super) fn decided_for(&mut self, p: PlayerId, legal: &[Action]) -> Option<Action> {
        if self.settings.skip_idle {
            if let Some(a) = idle_step_end(&self.game, p, legal) {
                return Some(a);
            }
            if let Some(a) = self.window_passed(p, legal) {
                return Some(a);
            }
        }
        if self.settings.roll_for_me {
            if let Some(a) = self.roll_for(p, legal) {
                return Some(a);
            }
        }
        if self.settings.losses_for_me {
            return self.losses_for(p, legal);
        }
        None
    }

    /// A reaction window is passed for him unless it offers a play no later decision of his
    /// gives before its moment (ruling R-WINDOW-ONLY): his cards stay in his hand and are
    /// offered beside his next decision (R-WINDOWS).
    fn window_passed(&self, p: PlayerId, legal: &[Action]) -> Option<Action> {
        let window = self
            .game
            .prompt()
            .is_some_and(|pr| matches!(pr.kind, PromptKind::Window { .. }));
        (window && legal.contains(&Action::Pass) && self.game.window_only_plays(p).is_empty())
            .then_some(Action::Pass)
    }

    /// His side's roll, made for him: the session gives him a "fight to the end" of its own
    /// ([`Standing::FightOn`], whose stops hold: a Lord exposed, the odds turning, no dice)
    /// unless, before it, his side is likelier to lose than to win by 5 points or more
    /// (`ODDS_MARGIN`), the other side's roll kills every Troop of his side with a Lord of
    /// his there at least one time in four (`LORD_RISK`), or his side has no dice
    /// ([`worth_asking`] of [`fight_stop`] against certain victory). His own attack's first roll is made
    /// whatever its odds (he saw them when he declared it), unless his side has no dice. A
    /// battle in which he withdrew the order (Escape) is his to roll, and so is each roll
    /// before which he could play a card for the battle (an Ambush, a Secret Passage).
    fn roll_for(&mut self, p: PlayerId, legal: &[Action]) -> Option<Action> {
        if !legal.contains(&Action::Fight) || battle_card(legal) {
            return None;
        }
        let b = self.game.battle.as_ref()?;
        let (round, village) = (self.game.round, b.village);
        if self.own_rolls == Some((p, round, village)) {
            return None;
        }
        let declared = b.rolls == 0 && b.roles[0] == p;
        let stop = fight_stop(&self.game, p, 1.0).filter(|why| worth_asking(&self.game, p, why));
        if let Some(why) = stop {
            if !declared || why == FightStop::NoDice {
                self.left_to_him(p, why);
                return None;
            }
        }
        self.stand(p, Standing::FightOn { round, village });
        if let Some(o) = self.standing.last_mut() {
            o.by_session = true;
        }
        self.standing_order(p, legal, false)
    }

    /// Tells (once a decision) why a roll is left to him.
    fn left_to_him(&mut self, p: PlayerId, why: FightStop) {
        let now = self.game.history.len();
        if self.roll_left_at != Some(now) {
            self.roll_left_at = Some(now);
            self.fight_stopped = Some((p, why));
        }
    }

    /// His casualties, as the engine proposes them (6.2.2, ruling R-LOSSES): one at a time,
    /// the first of the proposal he may take now. A Lord in the proposal (his own or a
    /// partner's) leaves the whole choice to him.
    fn losses_for(&self, p: PlayerId, legal: &[Action]) -> Option<Action> {
        let choice = self.game.loss_choice(p)?;
        let lord = choice
            .proposed
            .iter()
            .any(|(c, n)| *n > 0 && matches!(c, Casualty::Lord(_)));
        if lord {
            return None;
        }
        choice
            .proposed
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(c, _)| Action::Casualty(*c))
            .find(|a| legal.contains(a))
    }
}

/// Whether `legal` offers a card for the battle under way (Ambush, 10.5; Secret Passage,
/// 10.2.2): his to play or keep before each roll, the window before it passed for him.
pub(super) fn battle_card(legal: &[Action]) -> bool {
    legal.iter().any(|a| {
        matches!(
            a,
            Action::PlayAmbush(_) | Action::SecretPassage(PassageUse::Battle)
        )
    })
}
