//! The purchase panel's logic (4.1–4.4): a basket of purchases made on one panel and
//! confirmed once. The basket is tried on a copy of the game, action by action, so the
//! engine alone says what is affordable and allowed next (the 4.1 limit of new Troops per
//! Village, the money left, a Stronghold that opens a Village to new Troops); the panel
//! never counts a price or a limit of its own.

use fief::map::VillageId;
use fief::rules::{Action, Game, PlayerId, RuleError};

/// What can be bought at one Village, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Item {
    Maa,
    Knight,
    Mill,
    Stronghold,
}

impl Item {
    pub const ALL: [Item; 4] = [Item::Maa, Item::Knight, Item::Mill, Item::Stronghold];

    pub fn action(self, v: VillageId) -> Action {
        match self {
            Item::Maa => Action::BuyMaa(v),
            Item::Knight => Action::BuyKnight(v),
            Item::Mill => Action::BuyMill(v),
            Item::Stronghold => Action::BuyStronghold(v),
        }
    }

    pub fn of(a: &Action) -> Option<(Item, VillageId)> {
        Some(match a {
            Action::BuyMaa(v) => (Item::Maa, *v),
            Action::BuyKnight(v) => (Item::Knight, *v),
            Action::BuyMill(v) => (Item::Mill, *v),
            Action::BuyStronghold(v) => (Item::Stronghold, *v),
            _ => return None,
        })
    }
}

/// A purchase of the panel: Troops, a Mill or a Stronghold at a Village, a title.
pub fn is_purchase(a: &Action) -> bool {
    Item::of(a).is_some() || matches!(a, Action::BuyTitle { .. } | Action::BuyCardinal { .. })
}

/// How many of `item` at `v` the basket holds, and whether one more can be added (if not,
/// the engine's reason).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    pub item: Item,
    pub n: u8,
    pub more: bool,
    pub why_not: Option<String>,
}

/// One Village of the panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub village: VillageId,
    /// Only the items that are on offer here, or already in the basket.
    pub counts: Vec<Count>,
}

/// A title (or the Biretta) on offer: in the basket or not, and whether it can be added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Title {
    pub action: Action,
    pub chosen: bool,
    pub open: bool,
}

/// The panel as the basket leaves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Panel {
    pub rows: Vec<Row>,
    pub titles: Vec<Title>,
    /// Deniers before, and after the basket.
    pub before: u32,
    pub after: u32,
    /// The basket as the engine accepts it (a refused tail is dropped).
    pub basket: Vec<Action>,
    /// Why the tail was dropped, if it was.
    pub refused: Option<RuleError>,
}

/// Applies the basket to a copy of the game; stops at the first purchase the engine
/// refuses. Returns the copy, how many purchases it took, and the refusal. The copy stays at
/// the player's purchases even when the basket leaves nothing more to buy (`apply_held`), so
/// that what it refuses next is refused for its own reason, not because the turn moved on.
pub fn try_basket(g: &Game, p: PlayerId, basket: &[Action]) -> (Game, usize, Option<RuleError>) {
    let mut copy = g.clone();
    for (i, a) in basket.iter().enumerate() {
        if !is_purchase(a) {
            return (
                copy,
                i,
                Some(RuleError::new("4.0", "only purchases go in the basket")),
            );
        }
        if let Err(e) = copy.apply_held(p, a.clone()) {
            return (copy, i, Some(e));
        }
    }
    (copy, basket.len(), None)
}

fn deniers(g: &Game, p: PlayerId) -> u32 {
    g.players.get(p as usize).map_or(0, |x| x.money)
}

/// Whether `p` is at his purchases now: some purchase is legal, or "Done buying" is.
pub fn buying(legal: &[Action]) -> bool {
    legal
        .iter()
        .any(|a| is_purchase(a) || matches!(a, Action::EndPurchase))
}

/// The panel for `p`'s basket (the rows and titles of what is on offer now or after it).
pub fn panel(g: &Game, p: PlayerId, basket: &[Action]) -> Panel {
    let (after, taken, refused) = try_basket(g, p, basket);
    let basket = basket[..taken].to_vec();
    let now = g.legal_actions(p);
    let next = after.legal_actions(p);
    let mut villages: Vec<VillageId> = now
        .iter()
        .chain(&next)
        .chain(&basket)
        .filter_map(|a| Item::of(a).map(|(_, v)| v))
        .collect();
    villages.sort_unstable();
    villages.dedup();
    let rows = villages
        .into_iter()
        .map(|v| Row {
            village: v,
            counts: Item::ALL
                .into_iter()
                .map(|item| {
                    let a = item.action(v);
                    let more = next.contains(&a);
                    Count {
                        item,
                        n: basket.iter().filter(|b| **b == a).count() as u8,
                        more,
                        why_not: (!more)
                            .then(|| after.check(p, &a).err())
                            .flatten()
                            .map(|e| crate::ui::words::messages::rule_error(&e)),
                    }
                })
                .filter(|c| c.n > 0 || c.more || now.contains(&c.item.action(v)))
                .collect(),
        })
        .collect();
    let mut titles: Vec<Title> = Vec::new();
    for a in now.iter().chain(&next).chain(&basket) {
        if !matches!(a, Action::BuyTitle { .. } | Action::BuyCardinal { .. })
            || titles.iter().any(|t| t.action == *a)
        {
            continue;
        }
        titles.push(Title {
            action: a.clone(),
            chosen: basket.contains(a),
            open: next.contains(a),
        });
    }
    Panel {
        rows,
        titles,
        before: deniers(g, p),
        after: deniers(&after, p),
        basket,
        refused,
    }
}

/// The basket with one `a` more or one fewer, as asked: what the engine then refuses is
/// dropped by [`panel`], the one place the basket is tried.
pub fn edit(basket: &[Action], a: &Action, add: bool) -> Vec<Action> {
    let mut out = basket.to_vec();
    if add {
        out.push(a.clone());
    } else if let Some(i) = out.iter().rposition(|b| b == a) {
        out.remove(i);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use fief::rules::Options;

    /// A game played by its first legal actions until `p` is at his purchases with money.
    fn at_purchases() -> Option<(Game, PlayerId)> {
        for seed in 1..40 {
            let mut g = Game::new(Options {
                players: 4,
                seed,
                ..Options::default()
            })
            .unwrap();
            for _ in 0..3000 {
                let Some(p) = g.to_act() else { break };
                let legal = g.legal_actions(p);
                if buying(&legal)
                    && g.players[p as usize].money >= 8
                    && legal.iter().any(|a| matches!(a, Action::BuyMaa(_)))
                {
                    return Some((g, p));
                }
                // Skip purchases: the first action that is not one.
                let a = legal
                    .iter()
                    .find(|a| !is_purchase(a))
                    .unwrap_or(&legal[0])
                    .clone();
                g.apply(p, a).unwrap();
            }
        }
        None
    }

    #[test]
    fn the_basket_follows_the_engine_and_costs_what_it_says() {
        let (g, p) = at_purchases().expect("a purchase step with money");
        let empty = panel(&g, p, &[]);
        assert_eq!(empty.before, empty.after);
        let row = empty
            .rows
            .iter()
            .find(|r| r.counts.iter().any(|c| c.item == Item::Maa && c.more))
            .expect("a Village that takes Men-at-Arms");
        let maa = Action::BuyMaa(row.village);
        // Add Men-at-Arms until the engine says no: 4.1 allows at most 4 new Troops there.
        let mut basket = Vec::new();
        for _ in 0..10 {
            basket = panel(&g, p, &edit(&basket, &maa, true)).basket;
        }
        let n = basket.len();
        assert!((1..=4).contains(&n), "{n} Men-at-Arms");
        let pn = panel(&g, p, &basket);
        let c = pn.rows.iter().find(|r| r.village == row.village).unwrap();
        let count = c.counts.iter().find(|c| c.item == Item::Maa).unwrap();
        assert_eq!((count.n as usize, count.more), (n, false));
        // The price is the engine's: the same as applying them one by one.
        let mut real = g.clone();
        for a in &basket {
            real.apply(p, a.clone()).unwrap();
        }
        assert_eq!(pn.after, real.players[p as usize].money);
        assert!(pn.after < pn.before);
        // One fewer.
        let less = panel(&g, p, &edit(&basket, &maa, false)).basket;
        assert_eq!(less.len(), n - 1);
    }

    #[test]
    fn a_refused_purchase_and_what_follows_it_are_dropped() {
        let (g, p) = at_purchases().expect("a purchase step with money");
        let v = panel(&g, p, &[])
            .rows
            .iter()
            .find(|r| r.counts.iter().any(|c| c.item == Item::Maa && c.more))
            .unwrap()
            .village;
        let basket = vec![Action::BuyMaa(v), Action::EndPurchase, Action::BuyMaa(v)];
        let pn = panel(&g, p, &basket);
        assert_eq!(pn.basket, vec![Action::BuyMaa(v)]);
        assert!(pn.refused.is_some());
        // Out of money: 99 Knights cannot all be bought.
        let many = vec![Action::BuyKnight(v); 99];
        let pn = panel(&g, p, &many);
        assert!(pn.basket.len() < 99 && pn.refused.is_some());
    }

    /// A basket that spends the last Denier leaves the preview at the player's purchases
    /// (the engine would end a turn with nothing left to buy by itself): what can no longer
    /// be added says it costs too much, not that the decision is someone else's.
    #[test]
    fn spending_the_last_denier_refuses_the_rest_for_the_money() {
        let (mut g, p) = at_purchases().expect("a purchase step with money");
        let v = panel(&g, p, &[])
            .rows
            .iter()
            .find(|r| r.counts.iter().any(|c| c.item == Item::Maa && c.more))
            .unwrap()
            .village;
        let mut priced = g.clone();
        let before = priced.players[p as usize].money;
        priced.apply(p, Action::BuyMaa(v)).unwrap();
        g.players[p as usize].money = before - priced.players[p as usize].money;
        let pn = panel(&g, p, &[Action::BuyMaa(v)]);
        assert_eq!((pn.basket.len(), pn.after), (1, 0));
        let reasons: Vec<&String> = pn
            .rows
            .iter()
            .flat_map(|r| &r.counts)
            .filter_map(|c| c.why_not.as_ref())
            .collect();
        assert!(!reasons.is_empty());
        for r in reasons {
            assert!(!r.contains("decision"), "{r}");
            assert!(r.contains("Denier"), "{r}");
        }
    }
}
