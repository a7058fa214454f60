//! States sent as changes (docs/network.md, "Changes"). A host that has sent a seat its view
//! of the game sends the next one as the edits that turn the first into the second, with a
//! digest of the whole; the client applies them to the view it holds and checks the digest,
//! and asks for the whole view again (`resync`) when it has none or the two disagree.
//!
//! The edits are RFC 6902 JSON Patch, limited to `add`, `remove` and `replace`: a `copy` or
//! `move` could make a view double in size with every edit, so a client refuses them.

use super::protocol::{HostMsg, SeatNo};
use json_patch::{Patch, PatchOperation};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The SHA-256, in lowercase hex, of `view` written as canonical JSON: compact (no space
/// outside strings), object members in the byte order of their keys, strings with only `"`,
/// `\` and control characters escaped, integers in decimal. That is how serde_json writes a
/// `Value`, so the host and this client hash the same bytes.
pub fn digest(view: &Value) -> String {
    // Writing a `Value` into memory cannot fail.
    let text = serde_json::to_vec(view).unwrap_or_default();
    data_encoding::HEXLOWER.encode(&Sha256::digest(&text))
}

/// The edits that turn `old` into `new` (an element of an array is compared with the one at
/// its index; what is past the shorter end is added or removed). Written for views, whose
/// objects almost always have the same keys from one state to the next: those are walked side
/// by side, with no lookup, and a path is built only for an edit made.
pub fn edits(old: &Value, new: &Value) -> Patch {
    let mut out = Vec::new();
    walk(old, new, &mut Vec::new(), &mut out);
    Patch(out)
}

/// The edits that turn `old` into `new`, both found at `at` in the views, added to `out`.
pub(super) fn edits_under<'a>(
    old: &'a Value,
    new: &'a Value,
    at: &[Step<'a>],
    out: &mut Vec<PatchOperation>,
) {
    walk(old, new, &mut at.to_vec(), out);
}

/// A step of a path into a view.
#[derive(Clone, Copy)]
pub(super) enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

pub(super) fn pointer(path: &[Step]) -> json_patch::jsonptr::PointerBuf {
    json_patch::jsonptr::PointerBuf::from_tokens(path.iter().map(|s| match *s {
        Step::Key(k) => json_patch::jsonptr::Token::new(k),
        Step::Index(i) => json_patch::jsonptr::Token::from(i),
    }))
}

fn walk<'a>(
    old: &'a Value,
    new: &'a Value,
    path: &mut Vec<Step<'a>>,
    out: &mut Vec<PatchOperation>,
) {
    use json_patch::{AddOperation, RemoveOperation, ReplaceOperation};
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            let same_keys = a.len() == b.len() && a.keys().zip(b.keys()).all(|(x, y)| x == y);
            if same_keys {
                for ((k, x), y) in a.iter().zip(b.values()) {
                    path.push(Step::Key(k));
                    walk(x, y, path, out);
                    path.pop();
                }
                return;
            }
            for (k, y) in b {
                path.push(Step::Key(k));
                match a.get(k) {
                    Some(x) => walk(x, y, path, out),
                    None => out.push(PatchOperation::Add(AddOperation {
                        path: pointer(path),
                        value: y.clone(),
                    })),
                }
                path.pop();
            }
            for k in a.keys().filter(|k| !b.contains_key(*k)) {
                path.push(Step::Key(k));
                out.push(PatchOperation::Remove(RemoveOperation {
                    path: pointer(path),
                }));
                path.pop();
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                path.push(Step::Index(i));
                walk(x, y, path, out);
                path.pop();
            }
            // Past the shorter end: the new elements added in order, or the old ones removed
            // from the last.
            for (i, y) in b.iter().enumerate().skip(a.len()) {
                path.push(Step::Index(i));
                out.push(PatchOperation::Add(AddOperation {
                    path: pointer(path),
                    value: y.clone(),
                }));
                path.pop();
            }
            for i in (b.len()..a.len()).rev() {
                path.push(Step::Index(i));
                out.push(PatchOperation::Remove(RemoveOperation {
                    path: pointer(path),
                }));
                path.pop();
            }
        }
        _ if old == new => {}
        _ => out.push(PatchOperation::Replace(ReplaceOperation {
            path: pointer(path),
            value: new.clone(),
        })),
    }
}

/// `state` (a seat's `state` frame, its game aside) as the `change` of `edits` that takes
/// the seat to the view of digest `digest`.
/// `before`: the counts of cards and the clocks last sent (left out of the change when the
/// same).
pub fn change(
    state: &HostMsg,
    edits: &Patch,
    digest: &str,
    before: &(Vec<[u8; 2]>, Vec<u64>),
) -> HostMsg {
    match state.clone() {
        HostMsg::State {
            seat: Some(seat),
            at,
            legal,
            log_from,
            log,
            hands,
            clocks,
            stood_in,
            reveal,
            ..
        } => HostMsg::Change {
            seat,
            at,
            edits: edits.clone(),
            digest: digest.to_string(),
            legal,
            log_from,
            log,
            hands: (hands != before.0).then_some(hands),
            clocks: (clocks != before.1).then_some(clocks),
            stood_in,
            reveal,
        },
        other => other,
    }
}

/// The view a client holds of its seat: the last `state` it was sent, with every `change`
/// since applied; and the last count of cards in each hand and the last clocks.
#[derive(Debug, Clone, Default)]
pub struct Held(Option<Value>, Vec<[u8; 2]>, Vec<u64>);

impl Held {
    /// A whole view came (`state`).
    pub fn whole(&mut self, view: &Value) {
        self.0 = Some(view.clone());
    }

    /// Forgets the view (the seat is left, or the connection ends).
    pub fn clear(&mut self) {
        self.0 = None;
    }

    /// The hands' counts sent with a state or a change (`None`: unchanged).
    fn hands(&mut self, hands: Option<Vec<[u8; 2]>>) -> Vec<[u8; 2]> {
        if let Some(h) = hands {
            self.1 = h;
        }
        self.1.clone()
    }

    /// The clocks sent with a state or a change (`None`: unchanged).
    fn clocks(&mut self, clocks: Option<Vec<u64>>) -> Vec<u64> {
        if let Some(c) = clocks {
            self.2 = c;
        }
        self.2.clone()
    }

    pub fn get(&self) -> Option<&Value> {
        self.0.as_ref()
    }

    /// Applies a `change` and checks its digest; returns the view after it. On an error the
    /// view held is dropped (the client asks for the whole one again) and the reason given.
    pub fn apply(&mut self, edits: &Patch, digest: &str) -> Result<&Value, String> {
        let outcome = self.try_apply(edits, digest);
        if outcome.is_err() {
            self.0 = None;
        }
        outcome?;
        self.0
            .as_ref()
            .ok_or_else(|| "no view of the game is held".to_string())
    }

    fn try_apply(&mut self, edits: &Patch, want: &str) -> Result<(), String> {
        let Some(view) = self.0.as_mut() else {
            return Err("a change came with no view of the game to apply it to".into());
        };
        for op in &edits.0 {
            let other = match op {
                PatchOperation::Add(_) | PatchOperation::Remove(_) | PatchOperation::Replace(_) => {
                    continue
                }
                PatchOperation::Copy(_) => "copy",
                PatchOperation::Move(_) => "move",
                PatchOperation::Test(_) => "test",
            };
            return Err(format!(
                "a change holds an edit that is not add, remove or replace: {other}"
            ));
        }
        json_patch::patch_unsafe(view, &edits.0)
            .map_err(|e| format!("a change does not fit the view held: {e}"))?;
        let got = digest(view);
        if got != want {
            return Err(format!(
                "the view after a change does not match the host's (digest {got}, not {want})"
            ));
        }
        Ok(())
    }
}

/// A frame from the host as a whole `state` for `seat`: a `state` becomes the view held, a
/// `change` is applied to it. Frames for other seats and of other kinds pass unchanged. An
/// error: the change did not fit (the caller sends `resync`).
pub fn as_state(held: &mut Held, seat: SeatNo, msg: HostMsg) -> Result<HostMsg, String> {
    match msg {
        HostMsg::State {
            seat: Some(s),
            ref game,
            ref hands,
            ref clocks,
            ..
        } if s == seat => {
            held.whole(game);
            held.hands(Some(hands.clone()));
            held.clocks(Some(clocks.clone()));
            Ok(msg)
        }
        HostMsg::Change {
            seat: s,
            at,
            edits,
            digest,
            legal,
            log_from,
            log,
            hands,
            clocks,
            stood_in,
            reveal,
        } if s == seat => Ok(HostMsg::State {
            seat: Some(s),
            at,
            game: held.apply(&edits, &digest)?.clone(),
            legal,
            log_from,
            log,
            hands: held.hands(hands),
            clocks: held.clocks(clocks),
            stood_in,
            reveal,
        }),
        other => Ok(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_digest_is_of_the_canonical_json() {
        // Members in key order, nothing between tokens.
        let v = json!({"b": [1, 2], "a": "é\"x"});
        let text = r#"{"a":"é\"x","b":[1,2]}"#;
        assert_eq!(v.to_string(), text);
        assert_eq!(
            digest(&v),
            data_encoding::HEXLOWER.encode(&Sha256::digest(text.as_bytes()))
        );
    }

    #[test]
    fn a_change_applied_gives_the_new_view_and_a_wrong_one_asks_for_the_whole() {
        let old = json!({"round": 1, "villages": [{"owner": 0}, {"owner": null}], "gone": true});
        let new = json!({"round": 2, "villages": [{"owner": 0}, {"owner": 3}, {"owner": 1}]});
        let e = edits(&old, &new);
        let mut held = Held::default();
        // Nothing held yet.
        assert!(held.apply(&e, &digest(&new)).is_err());
        held.whole(&old);
        assert_eq!(held.apply(&e, &digest(&new)).unwrap(), &new);
        // Applied twice, the edits no longer fit, or the digest does not come out: the view
        // is dropped.
        let again = held.apply(&e, &digest(&new));
        assert!(again.is_err());
        assert!(held.get().is_none());
        held.whole(&old);
        let err = held.apply(&e, &digest(&old)).unwrap_err();
        assert!(err.contains("does not match"), "{err}");
        assert!(held.get().is_none());
    }

    #[test]
    fn the_edits_between_two_views_of_a_game_turn_one_into_the_other() {
        use crate::rules::{Game, Options};
        let mut g = Game::new(Options {
            players: 4,
            seed: 11,
            ..Options::default()
        })
        .unwrap();
        let mut rng = crate::rules::rng::Rng::new(5);
        let mut before: Vec<Value> = (0..4)
            .map(|p| serde_json::to_value(g.redacted(Some(p))).unwrap())
            .collect();
        let mut edited = 0;
        while !g.is_over() && g.history.len() < 1500 {
            let p = g.to_act().unwrap();
            let legal = g.legal_actions(p);
            let a = legal[rng.below(legal.len() as u32) as usize].clone();
            g.apply(p, a).unwrap();
            for (seat, old) in before.iter_mut().enumerate() {
                let new = serde_json::to_value(g.redacted(Some(seat as u8))).unwrap();
                let e = edits(old, &new);
                edited += e.0.len();
                let mut held = Held::default();
                held.whole(old);
                assert_eq!(held.apply(&e, &digest(&new)).unwrap(), &new);
                *old = new;
            }
        }
        assert!(edited > 1000, "{edited}");
        // Keys that come and go, arrays that grow and shrink, a whole value replaced.
        let old = json!({"a": [1, 2, 3], "b": {"x": 1}, "c": "s", "k/~": 1});
        let new = json!({"a": [1], "b": {"y": [4, 5]}, "c": {"t": 1}, "k/~": 2});
        let mut held = Held::default();
        held.whole(&old);
        assert_eq!(held.apply(&edits(&old, &new), &digest(&new)).unwrap(), &new);
        held.whole(&new);
        assert_eq!(held.apply(&edits(&new, &old), &digest(&old)).unwrap(), &old);
    }

    #[test]
    fn copy_and_move_are_refused() {
        let mut held = Held::default();
        let v = json!({"a": [1, 2, 3]});
        for op in ["copy", "move"] {
            held.whole(&v);
            let p: Patch =
                serde_json::from_value(json!([{"op": op, "from": "/a", "path": "/b"}])).unwrap();
            let err = held.apply(&p, &digest(&v)).unwrap_err();
            assert!(err.contains("not add, remove or replace"), "{err}");
        }
    }
}
