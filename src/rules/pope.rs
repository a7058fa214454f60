//! 1.7 The Pope's powers: who holds them, annulments (digest §12.2 item 11).

use super::cards::{lord_name, LordId};
use super::state::*;

impl Game {
    pub fn pope_player(&self) -> Option<PlayerId> {
        self.titles.pope.and_then(|l| self.lord(l)).map(|l| l.owner)
    }

    /// 1.7: the marriage ends, and so does the alliance; a royal marriage costs the Queen her
    /// title (digest §12.2 item 11).
    pub(crate) fn annul(&mut self, l: LordId) {
        let Some(s) = self.lord(l).and_then(|x| x.spouse) else {
            return;
        };
        for x in [l, s] {
            if let Some(y) = self.lord_mut(x) {
                y.spouse = None;
            }
        }
        say!(
            self,
            "1.7",
            msg!(
                "The Pope annuls the marriage of {a} and {b}.",
                a = lord_name(l),
                b = lord_name(s)
            ),
        );
        if let Some(q) = self.titles.queen {
            if q == l || q == s {
                self.titles.queen = None;
                self.titles.regent = false;
                say!(
                    self,
                    "1.8.1",
                    msg!("{lord} is no longer Queen.", lord = lord_name(q)),
                );
            }
        }
    }

    pub(crate) fn exec_annulment_answer(&mut self, yes: bool) {
        if let Some(Pending::Annulment { lord, .. }) = self.pending.pop() {
            if yes {
                self.annul(lord);
            } else {
                say!(self, "1.7", msg!("The Pope refuses the annulment."));
            }
        }
    }
}
