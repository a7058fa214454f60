//! An append-only list whose copies share what they have in common: the game's log and
//! history grow by thousands of entries over a long game, and the app and the bots copy the
//! game often. Entries are kept in full chunks behind `Arc`s (shared by every copy, never
//! changed again) and a short tail of the newest ones; a copy clones the chunks' pointers
//! and the tail only, so it costs a few microseconds whatever the length.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::sync::Arc;

/// Entries per shared chunk: a copy clones at most this many entries (the tail).
const CHUNK: usize = 32;

#[derive(Clone)]
pub struct Chain<T> {
    /// Full chunks of exactly `CHUNK` entries each.
    frozen: Vec<Arc<[T]>>,
    /// The newest entries, fewer than `CHUNK`.
    tail: Vec<T>,
}

impl<T> Default for Chain<T> {
    fn default() -> Self {
        Chain {
            frozen: Vec::new(),
            tail: Vec::new(),
        }
    }
}

impl<T> Chain<T> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.frozen.len() * CHUNK + self.tail.len()
    }

    pub fn is_empty(&self) -> bool {
        self.frozen.is_empty() && self.tail.is_empty()
    }

    pub fn push(&mut self, item: T) {
        self.tail.push(item);
        if self.tail.len() == CHUNK {
            let full = std::mem::replace(&mut self.tail, Vec::with_capacity(CHUNK));
            self.frozen.push(full.into());
        }
    }

    pub fn get(&self, i: usize) -> Option<&T> {
        let shared = self.frozen.len() * CHUNK;
        if i < shared {
            Some(&self.frozen[i / CHUNK][i % CHUNK])
        } else {
            self.tail.get(i - shared)
        }
    }

    pub fn last(&self) -> Option<&T> {
        match self.len() {
            0 => None,
            n => self.get(n - 1),
        }
    }

    pub fn clear(&mut self) {
        self.frozen.clear();
        self.tail.clear();
    }

    /// Every entry, oldest first.
    pub fn iter(&self) -> Iter<'_, T> {
        Iter {
            chain: self,
            front: 0,
            back: self.len(),
        }
    }

    /// The entries from index `from` on (none when `from` is past the end).
    pub fn since(&self, from: usize) -> Iter<'_, T> {
        let back = self.len();
        Iter {
            chain: self,
            front: from.min(back),
            back,
        }
    }
}

impl<T: Clone> Chain<T> {
    pub fn to_vec(&self) -> Vec<T> {
        self.iter().cloned().collect()
    }

    /// Takes the newest entry off (a shared chunk it ends is copied back into the tail).
    pub fn pop(&mut self) -> Option<T> {
        if self.tail.is_empty() {
            let last = self.frozen.pop()?;
            self.tail = last.to_vec();
        }
        self.tail.pop()
    }
}

impl<T> std::ops::Index<usize> for Chain<T> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        match self.get(i) {
            Some(item) => item,
            None => panic!("index {i} out of a chain of {}", self.len()),
        }
    }
}

impl<T> FromIterator<T> for Chain<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut chain = Chain::new();
        for item in items {
            chain.push(item);
        }
        chain
    }
}

impl<T> From<Vec<T>> for Chain<T> {
    fn from(items: Vec<T>) -> Self {
        items.into_iter().collect()
    }
}

impl<'a, T> IntoIterator for &'a Chain<T> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;
    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

impl<T: PartialEq> PartialEq for Chain<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<T: Eq> Eq for Chain<T> {}

impl<T: fmt::Debug> fmt::Debug for Chain<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Serialize> Serialize for Chain<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Chain<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<T>::deserialize(d).map(Chain::from)
    }
}

/// The entries of a chain in order, from either end.
pub struct Iter<'a, T> {
    chain: &'a Chain<T>,
    front: usize,
    back: usize,
}

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = &'a T;
    fn next(&mut self) -> Option<&'a T> {
        if self.front >= self.back {
            return None;
        }
        self.front += 1;
        self.chain.get(self.front - 1)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }
    fn nth(&mut self, n: usize) -> Option<&'a T> {
        self.front = self.front.saturating_add(n).min(self.back);
        self.next()
    }
}

impl<T> DoubleEndedIterator for Iter<'_, T> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.front >= self.back {
            return None;
        }
        self.back -= 1;
        self.chain.get(self.back)
    }
}

impl<T> ExactSizeIterator for Iter<'_, T> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_shares_its_past_and_grows_apart() {
        let mut a: Chain<u32> = (0..100).collect();
        assert_eq!(a.len(), 100);
        assert_eq!(a.frozen.len(), 100 / CHUNK);
        let b = a.clone();
        assert!(Arc::ptr_eq(&a.frozen[0], &b.frozen[0]), "chunks are shared");
        a.push(100);
        assert_eq!((a.len(), b.len()), (101, 100));
        assert_eq!(a.last(), Some(&100));
        assert_eq!(b.last(), Some(&99));
        assert_ne!(a, b);
        assert_eq!(a.iter().take(100).copied().collect::<Vec<_>>(), b.to_vec());
    }

    #[test]
    fn indexing_and_iterating_agree_at_every_length() {
        for n in [0usize, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 5] {
            let c: Chain<usize> = (0..n).collect();
            assert_eq!(c.len(), n);
            assert_eq!(
                c.iter().copied().collect::<Vec<_>>(),
                (0..n).collect::<Vec<_>>()
            );
            assert_eq!(
                c.iter().rev().copied().collect::<Vec<_>>(),
                (0..n).rev().collect::<Vec<_>>()
            );
            for i in 0..n {
                assert_eq!(c[i], i);
            }
            assert_eq!(c.get(n), None);
            assert_eq!(c.since(n / 2).len(), n - n / 2);
            assert_eq!(c.since(n + 7).count(), 0);
            assert_eq!(c.iter().rposition(|&x| x + 1 == n), n.checked_sub(1));
            assert_eq!(c.iter().nth(n / 2).copied(), (n / 2 < n).then_some(n / 2));
        }
    }

    #[test]
    fn it_is_written_and_read_as_a_plain_list() {
        let c: Chain<u8> = (0..70).collect();
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(
            json,
            serde_json::to_string(&(0..70).collect::<Vec<u8>>()).unwrap()
        );
        let back: Chain<u8> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, c);
    }
}
