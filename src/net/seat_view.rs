//! A seat's view of the game as the host keeps it between two states (docs/network.md,
//! "Changes"): the redacted game it was made from, and the JSON of each of its members (of
//! each element, for the lists of Players, Villages and Lords) with the canonical bytes of
//! each. The next view is made from the last one member by member: a member equal in the
//! engine's own terms to the one before keeps its JSON, untouched; only a member that changed
//! is written again and compared (`change::edits` on it alone). The digest of the whole is
//! taken over the bytes held, with nothing written twice.
//!
//! The edits and the digest are the very ones `change::edits` and `change::digest` give on
//! the two whole views (tested below at every step of random games), so a client sees
//! nothing of this.

use super::change::{edits_under, pointer, Step};
use crate::rules::Game;
use json_patch::{AddOperation, Patch, PatchOperation, RemoveOperation};
use serde::Serialize;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::Arc;

/// A member of a view (or an element of a list member): its JSON and its canonical bytes.
#[derive(Debug)]
struct Leaf {
    value: Value,
    bytes: Vec<u8>,
}

impl Leaf {
    fn of<T: Serialize>(t: &T) -> Arc<Leaf> {
        // Writing the engine's own types into memory cannot fail (no map has a key that is
        // not a string).
        let value = serde_json::to_value(t).unwrap_or_default();
        let bytes = serde_json::to_vec(&value).unwrap_or_default();
        Arc::new(Leaf { value, bytes })
    }
}

/// A member of a view: one value, or a list whose elements are held one by one.
#[derive(Debug, Clone)]
enum Part {
    One(Arc<Leaf>),
    Many(Vec<Arc<Leaf>>),
}

/// A seat's view: the redacted game, its members in the byte order of their keys (the order
/// of canonical JSON), and the digest of the whole.
#[derive(Debug)]
pub struct SeatView {
    game: Game,
    parts: Vec<(&'static str, Part)>,
    digest: String,
}

impl SeatView {
    /// The view of `game` (already redacted for its seat) made from `before` (`None`: from
    /// nothing), and the edits that turn `before` into it (none without `before`).
    pub fn next(before: Option<&SeatView>, game: Game) -> (SeatView, Patch) {
        let mut all = SeatView::next_all(vec![(before, game)]);
        // One in, one out.
        all.pop().unwrap_or_else(|| unreachable!())
    }

    /// `next` for the seats of one state at once: a member that changed is written once
    /// for all the seats that see it alike, and the edits from one member to another are
    /// made once.
    pub fn next_all(seats: Vec<(Option<&SeatView>, Game)>) -> Vec<(SeatView, Patch)> {
        let (befores, games): (Vec<Option<&SeatView>>, Vec<Game>) = seats.into_iter().unzip();
        let mut shared = Shared {
            games: &games,
            made: HashMap::new(),
            edits: HashMap::new(),
        };
        let mut built = Vec::with_capacity(games.len());
        for (seat, before) in befores.iter().enumerate() {
            let mut b = Builder {
                before: *before,
                seat,
                shared: &mut shared,
                parts: Vec::with_capacity(PARTS),
                edits: Vec::new(),
            };
            b.all();
            built.push((b.parts, b.edits));
        }
        drop(shared);
        games
            .into_iter()
            .zip(built)
            .map(|(game, (parts, edits))| {
                let digest = digest_of(&parts);
                (
                    SeatView {
                        game,
                        parts,
                        digest,
                    },
                    Patch(edits),
                )
            })
            .collect()
    }

    /// The digest of the whole view (`change::digest`).
    pub fn digest(&self) -> &str {
        &self.digest
    }

    /// The whole view as JSON (what a `state` frame carries).
    pub fn whole(&self) -> Value {
        let mut map = Map::new();
        for (k, p) in &self.parts {
            let v = match p {
                Part::One(l) => l.value.clone(),
                Part::Many(ls) => Value::Array(ls.iter().map(|l| l.value.clone()).collect()),
            };
            map.insert((*k).to_string(), v);
        }
        Value::Object(map)
    }
}

/// The members of a view.
const PARTS: usize = 28;

/// `change::digest` of the view made of `parts`: its canonical JSON is the members' bytes
/// under their keys, in order, with the punctuation between them (the keys are plain words,
/// with nothing to escape).
fn digest_of(parts: &[(&'static str, Part)]) -> String {
    let mut h = Sha256::new();
    h.update(b"{");
    for (i, (k, p)) in parts.iter().enumerate() {
        if i > 0 {
            h.update(b",");
        }
        h.update(b"\"");
        h.update(k.as_bytes());
        h.update(b"\":");
        match p {
            Part::One(l) => h.update(&l.bytes),
            Part::Many(ls) => {
                h.update(b"[");
                for (j, l) in ls.iter().enumerate() {
                    if j > 0 {
                        h.update(b",");
                    }
                    h.update(&l.bytes);
                }
                h.update(b"]");
            }
        }
    }
    h.update(b"}");
    data_encoding::HEXLOWER.encode(&h.finalize())
}

/// What the views of one state made so far share: the members made anew (with the seat
/// whose game each was made from), and the edits made from one member to another (by the two
/// members held).
struct Shared<'g> {
    games: &'g [Game],
    made: HashMap<At, Vec<(usize, Arc<Leaf>)>>,
    edits: HashMap<(usize, usize), Vec<PatchOperation>>,
}

/// Where a member is: its place among the members, and its index in a list (`ONE`: not a
/// list).
type At = (usize, usize);
const ONE: usize = usize::MAX;

struct Builder<'a, 'g> {
    before: Option<&'a SeatView>,
    seat: usize,
    shared: &'a mut Shared<'g>,
    parts: Vec<(&'static str, Part)>,
    edits: Vec<PatchOperation>,
}

impl<'a, 'g> Builder<'a, 'g> {
    fn all(&mut self) {
        // Every member of the game is named here, so a member added to `Game` cannot be
        // left out of the views (this does not compile until it is placed below). The
        // members serde skips are skipped here too.
        let Game {
            map: _,
            options: _,
            rng: _,
            round: _,
            first: _,
            phase: _,
            pending: _,
            players: _,
            villages: _,
            lords: _,
            titles: _,
            lords_deck: _,
            lords_discard: _,
            fortune_deck: _,
            fortune_discard: _,
            track: _,
            bishopric_cards: _,
            taxes: _,
            ransomed: _,
            battle: _,
            moves: _,
            memory: _,
            outcome: _,
            starting_lords: _,
            last_election: _,
            relics: _,
            relic_round: _,
            history: _,
            log: _,
            quiet: _,
            remarks: _,
        } = &self.shared.games[self.seat];
        // In the byte order of the keys.
        self.one("battle", |g| &g.battle);
        self.one("bishopric_cards", |g| &g.bishopric_cards);
        self.one("first", |g| &g.first);
        self.one("fortune_deck", |g| &g.fortune_deck);
        self.one("fortune_discard", |g| &g.fortune_discard);
        self.one("history", |g| &g.history);
        self.one("last_election", |g| &g.last_election);
        self.one("log", |g| &g.log);
        self.many("lords", |g| &g.lords);
        self.one("lords_deck", |g| &g.lords_deck);
        self.one("lords_discard", |g| &g.lords_discard);
        self.one("memory", |g| &g.memory);
        self.one("moves", |g| &g.moves);
        self.one("options", |g| &g.options);
        self.one("outcome", |g| &g.outcome);
        self.one("pending", |g| &g.pending);
        self.one("phase", |g| &g.phase);
        self.many("players", |g| &g.players);
        self.one("ransomed", |g| &g.ransomed);
        self.one("relic_round", |g| &g.relic_round);
        self.one("relics", |g| &g.relics);
        self.one("rng", |g| &g.rng);
        self.one("round", |g| &g.round);
        self.one("starting_lords", |g| &g.starting_lords);
        self.one("taxes", |g| &g.taxes);
        self.one("titles", |g| &g.titles);
        self.one("track", |g| &g.track);
        self.many("villages", |g| &g.villages);
    }

    /// The member of the view before at the place this one takes.
    fn old_part(&self, key: &str) -> Option<&'a Part> {
        let (k, p) = self.before?.parts.get(self.parts.len())?;
        (*k == key).then_some(p)
    }

    /// The member at `at` made anew: the one made for another seat if its value is the
    /// same (`get` finds it in a game).
    fn leaf<T: Serialize + PartialEq>(
        &mut self,
        at: At,
        new: &T,
        get: impl Fn(&Game) -> Option<&T>,
    ) -> Arc<Leaf> {
        let games = self.shared.games;
        if let Some(made) = self.shared.made.get(&at) {
            if let Some((_, l)) = made.iter().find(|(j, _)| get(&games[*j]) == Some(new)) {
                return l.clone();
            }
        }
        let l = Leaf::of(new);
        self.shared
            .made
            .entry(at)
            .or_default()
            .push((self.seat, l.clone()));
        l
    }

    /// The edits from `old` to `new` at `path`, made once for all the seats.
    fn edits(&mut self, path: &[Step<'static>], old: &Arc<Leaf>, new: &Arc<Leaf>) {
        let key = (Arc::as_ptr(old) as usize, Arc::as_ptr(new) as usize);
        if let Some(e) = self.shared.edits.get(&key) {
            self.edits.extend(e.iter().cloned());
            return;
        }
        let mut e = Vec::new();
        edits_under(&old.value, &new.value, path, &mut e);
        self.edits.extend(e.iter().cloned());
        self.shared.edits.insert(key, e);
    }

    fn one<T: Serialize + PartialEq>(&mut self, key: &'static str, get: fn(&Game) -> &T) {
        debug_assert!(self.parts.last().is_none_or(|(k, _)| *k < key));
        let games = self.shared.games;
        let new = get(&games[self.seat]);
        let at = (self.parts.len(), ONE);
        let leaf = match (self.before, self.old_part(key)) {
            (Some(b), Some(Part::One(l))) if get(&b.game) == new => l.clone(),
            (_, Some(Part::One(l))) => {
                let leaf = self.leaf(at, new, |g| Some(get(g)));
                self.edits(&[Step::Key(key)], l, &leaf);
                leaf
            }
            _ => self.leaf(at, new, |g| Some(get(g))),
        };
        self.parts.push((key, Part::One(leaf)));
    }

    fn many<T: Serialize + PartialEq>(&mut self, key: &'static str, get: fn(&Game) -> &[T]) {
        debug_assert!(self.parts.last().is_none_or(|(k, _)| *k < key));
        let games = self.shared.games;
        let new = get(&games[self.seat]);
        let pi = self.parts.len();
        let (Some(before), Some(Part::Many(leaves))) = (self.before, self.old_part(key)) else {
            let out = (0..new.len())
                .map(|i| self.leaf((pi, i), &new[i], |g| get(g).get(i)))
                .collect();
            self.parts.push((key, Part::Many(out)));
            return;
        };
        let old = get(&before.game);
        let mut out = Vec::with_capacity(new.len());
        // As `change::edits` walks two lists: element by element, then what is past the
        // shorter end added in order, or removed from the last.
        for (i, (n, (o, l))) in new.iter().zip(old.iter().zip(leaves)).enumerate() {
            if n == o {
                out.push(l.clone());
            } else {
                let leaf = self.leaf((pi, i), n, |g| get(g).get(i));
                self.edits(&[Step::Key(key), Step::Index(i)], l, &leaf);
                out.push(leaf);
            }
        }
        for (i, n) in new.iter().enumerate().skip(old.len()) {
            let leaf = self.leaf((pi, i), n, |g| get(g).get(i));
            self.edits.push(PatchOperation::Add(AddOperation {
                path: pointer(&[Step::Key(key), Step::Index(i)]),
                value: leaf.value.clone(),
            }));
            out.push(leaf);
        }
        for i in (new.len()..old.len()).rev() {
            self.edits.push(PatchOperation::Remove(RemoveOperation {
                path: pointer(&[Step::Key(key), Step::Index(i)]),
            }));
        }
        self.parts.push((key, Part::Many(out)));
    }
}

#[cfg(test)]
mod tests {
    use super::super::change::{digest, edits, Held};
    use super::*;
    use crate::rules::Game;

    /// At every step of random games (every optional rule on in one), for every seat: the
    /// view made member by member (the seats' views made together, sharing what they can,
    /// or one alone) is the whole redacted game's JSON, its digest is that JSON's, and its
    /// edits are exactly those of the two whole views compared.
    #[test]
    fn a_view_made_member_by_member_is_the_whole_one_with_the_same_edits() {
        for (seed, all) in [(3u64, false), (21, true)] {
            let mut g = Game::new(crate::fuzz::fuzz_options(seed, 12, all)).unwrap();
            let mut rng = crate::rules::rng::Rng::new(seed);
            let mut held: Vec<(SeatView, Value)> = (0..g.n())
                .map(|p| {
                    let r = g.redacted(Some(p));
                    let whole = serde_json::to_value(&r).unwrap();
                    (SeatView::next(None, r).0, whole)
                })
                .collect();
            let mut changed = 0;
            while !g.is_over() && g.history.len() < 700 {
                let p = g.to_act().unwrap();
                let legal = g.legal_actions(p);
                let a = legal[rng.below(legal.len() as u32) as usize].clone();
                g.apply(p, a).unwrap();
                // Every seat's view at once (members shared between them), and one seat's
                // alone in turn.
                let alone = (g.history.len() % g.n() as usize) as u8;
                let next = SeatView::next_all(
                    held.iter()
                        .enumerate()
                        .map(|(seat, (v, _))| (Some(v), g.redacted(Some(seat as u8))))
                        .collect(),
                );
                for (seat, ((view, whole), (next, e))) in held.iter_mut().zip(next).enumerate() {
                    let new_whole = serde_json::to_value(g.redacted(Some(seat as u8))).unwrap();
                    if seat as u8 == alone {
                        let (single, e1) = SeatView::next(Some(view), g.redacted(Some(alone)));
                        assert_eq!(e1, e);
                        assert_eq!(single.digest(), next.digest());
                    }
                    assert_eq!(next.whole(), new_whole);
                    assert_eq!(next.digest(), digest(&new_whole));
                    assert_eq!(e, edits(whole, &new_whole));
                    let mut client = Held::default();
                    client.whole(whole);
                    assert_eq!(client.apply(&e, next.digest()).unwrap(), &new_whole);
                    changed += e.0.len();
                    *view = next;
                    *whole = new_whole;
                }
            }
            assert!(changed > 1000, "{changed}");
        }
    }
}
