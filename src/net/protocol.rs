//! The messages between a host and its clients, and how they travel (docs/network.md is the
//! description a stranger writes a client from).
//!
//! Each message is one JSON object, sent as a frame: its length in bytes as a 4-byte
//! big-endian number, then the object. A frame from a client is at most [`MAX_CLIENT_FRAME`]
//! bytes, one from the host at most [`MAX_HOST_FRAME`]; a longer length is refused before a
//! byte of the body is read, so an endless or oversized message costs the reader nothing.

use serde::{Deserialize, Serialize};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};

/// The protocol's version: a host and a client speak only the same one. Version 2: each
/// `stood_in` range names its seat.
pub const PROTOCOL: u32 = 2;

/// The QUIC application protocol name a host accepts.
pub const ALPN: &[u8] = b"fief/1";

/// The longest frame a client may send (an action, a chat line, a greeting).
pub const MAX_CLIENT_FRAME: usize = 64 * 1024;

/// The longest frame a host sends (a whole view of the game with its log).
pub const MAX_HOST_FRAME: usize = 8 * 1024 * 1024;

/// The longest chat message, in characters.
pub const MAX_CHAT_CHARS: usize = 500;

/// The build of this program, sent in the greeting (shown to the other side when the
/// protocols differ).
pub fn build() -> String {
    format!("fief {}", env!("CARGO_PKG_VERSION"))
}

/// A seat's number at the table (0 to 5, in seat order).
pub type SeatNo = u8;

/// What a client sends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first message of every connection.
    Hello {
        protocol: u32,
        build: String,
        /// The table asked for (from the invitation).
        table: String,
    },
    /// Takes a free seat (or one reserved for this name) and plays it from now on.
    Take { seat: SeatNo, name: String },
    /// Takes back a seat this player held, with the secret the host gave him for it.
    /// `log_from`: the number of log entries the client already has (the host sends the
    /// rest); absent or 0 for the whole log.
    Return {
        seat: SeatNo,
        secret: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        log_from: Option<u64>,
    },
    /// A decision for a seat this connection holds, in the action notation. `at` is the
    /// number of actions of the game this client has seen: an action sent for an older state
    /// (a replay, or one overtaken by another player's) is refused.
    Act {
        seat: SeatNo,
        at: u64,
        action: String,
    },
    /// Table talk from a seat this connection holds: to everyone, or to one seat only.
    Say {
        seat: SeatNo,
        to: Option<SeatNo>,
        text: String,
    },
    /// Asks nothing; the host answers `Pong` (a liveness check).
    Ping,
    /// From now on, send this connection `change` frames in place of whole `state` ones
    /// (after a `welcome` that offers them). The next state of each seat still comes whole.
    Changes,
    /// The view held for `seat` does not match the host's (a `change` whose digest did not
    /// come out, or one with no view to apply it to): send it whole again.
    /// `log_from`: the number of log entries the client holds (the log of the change it
    /// could not use is sent again).
    Resync { seat: SeatNo, log_from: u64 },
    /// The first message of a connection that opens a table on a server instead of greeting
    /// one: `key` is the server's invitation to make tables (`ticket::ServerTicket`), which
    /// its owner hands out. The host answers `created` (or `refused`) and closes.
    Create {
        protocol: u32,
        build: String,
        key: String,
        table: NewTable,
    },
    /// Follows a seat without sitting in it (the player's list of tables, and the app told
    /// when it is his turn): with the seat's secret, the host sends `status` now and each
    /// time it changes. The seat's player is not counted as there.
    Watch { seat: SeatNo, secret: String },
    /// The table's creator (with the secret `created` gave him) begins the game now, with a
    /// bot of the host in every open seat.
    StartNow { owner: String },
    /// The table's creator closes it for good: everyone is told, and nothing of it is kept.
    CloseTable { owner: String },
}

/// A table as its creator asks for it (`create`). The server draws the seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTable {
    /// The seats, in order: `open`, `for:NAME` (kept for that player), or `easy`, `normal`,
    /// `hard` (a bot of the server). 3 to 6.
    pub seats: Vec<String>,
    /// Each seat's name in the game (empty: its colour's).
    #[serde(default)]
    pub names: Vec<String>,
    /// Each seat's colour, 0 to 5, all different (empty: seat order).
    #[serde(default)]
    pub colours: Vec<u8>,
    /// The optional rules, by their keys (`relics`, `fog`, `open-diplomacy`, `hidden-money`,
    /// `gentle-start`).
    #[serde(default)]
    pub rules: Vec<String>,
    /// Ends the game after this many rounds.
    #[serde(default)]
    pub round_cap: Option<u16>,
    /// After how many seconds a bot plays for a dropped player (`None`: never; the table
    /// waits for him).
    #[serde(default)]
    pub bot_after: Option<u64>,
    /// The level of that bot (`normal` when absent).
    #[serde(default)]
    pub stand_in: Option<String>,
}

/// Where a table stands, for a seat that follows it (`watch`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatStatus {
    /// The game's actions so far.
    pub at: u64,
    /// The round being played (0 before the game begins).
    pub round: u16,
    pub started: bool,
    pub over: bool,
    /// Whose decision the game waits for.
    pub turn: Option<SeatNo>,
    /// The last line of talk this seat may read that another seat said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<ChatLine>,
}

/// Why the host refused something, as a kind a program can act on (the words are in the
/// message beside it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// The other side speaks another version of the protocol.
    Version,
    /// There is no such table on this host.
    NoTable,
    /// A table cannot be made here: the key is not this server's, or it makes no tables
    /// for others.
    NotAllowed,
    /// The seat is taken, reserved for another name, or does not exist.
    SeatTaken,
    /// The secret does not match the seat's.
    WrongSecret,
    /// The table is full, or its game has started and the seat is not reserved.
    Full,
    /// The seat named is not one this connection holds.
    NotYourSeat,
    /// The action came for a state that is no longer the game's.
    Stale,
    /// The rules refuse the action (the reason names the rule).
    Illegal,
    /// The message could not be read, or is too long.
    Malformed,
    /// Too many messages in too short a time.
    TooFast,
    /// A message that is not allowed now (before `Hello`, a second `Hello`...).
    OutOfTurn,
}

/// What the host sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum HostMsg {
    /// The answer to `Hello`: the table and its seats.
    Welcome {
        protocol: u32,
        build: String,
        table: TableInfo,
        /// Whether this host sends `change` frames to a client that asks (`changes`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        changes: bool,
    },
    /// Something refused, in words. `fatal`: the host closes the connection after it.
    Refused {
        why: Refusal,
        reason: String,
        fatal: bool,
    },
    /// The seat is this connection's; keep the secret to take it back from anywhere.
    Seated { seat: SeatNo, secret: String },
    /// Who sits where now, and who is there.
    Table { table: TableInfo },
    /// The game as `seat` may see it (or as a spectator, for `None`), after `at` actions;
    /// `log` holds the entries from number `log_from` on, as this seat may read them.
    State {
        seat: Option<SeatNo>,
        at: u64,
        /// The game with everything this seat may not see taken out (`Game::redacted`),
        /// in the save format's `game` shape.
        game: serde_json::Value,
        /// This seat's legal actions now, in the action notation (empty if it is not his
        /// decision).
        legal: Vec<String>,
        log_from: u64,
        log: Vec<serde_json::Value>,
        /// How many cards each seat holds, in seat order: `[from the Lords deck, from the
        /// Fortune deck]` (the counts are open information; the cards are not).
        #[serde(default)]
        hands: Vec<[u8; 2]>,
        /// The time each seat has taken over its decisions, in seconds, in seat order (the
        /// decision awaited counted up to this frame).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        clocks: Vec<u64>,
        /// The log entries among those sent that a bot of the host wrote as its decisions
        /// while it played for a dropped player: `[from, to, seat]`, entries `from..to` by
        /// their numbers, one range a decision (what followed from it is left out).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        stood_in: Vec<[u64; 3]>,
        /// Once the game is over: the seed and salt the table promised, and every action in
        /// order, so that the deal can be checked (`fair::verify`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reveal: Option<super::fair::Reveal>,
    },
    /// `state` as a change: `edits` (RFC 6902 JSON Patch: `add`, `remove` and `replace` only)
    /// turn the view this connection was last sent for `seat` into the one after `at`
    /// actions, whose `digest` is the SHA-256, in hex, of its canonical JSON
    /// (`change::digest`). The other fields are `state`'s, except that an empty `legal` or
    /// `log` is left out, and `hands` is sent only when it differs from the last sent.
    Change {
        seat: SeatNo,
        at: u64,
        edits: json_patch::Patch,
        digest: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        legal: Vec<String>,
        log_from: u64,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        log: Vec<serde_json::Value>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hands: Option<Vec<[u8; 2]>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<Vec<u64>>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        stood_in: Vec<[u64; 3]>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reveal: Option<super::fair::Reveal>,
    },
    /// A line of table talk (again after a reconnect: every line this seat may read).
    Chat { line: ChatLine },
    /// The answer to `create`: the new table's id, the invitation to it, and the secret that
    /// lets its creator start the game with bots in the open seats or close the table
    /// (`start_now`, `close_table`).
    Created {
        table: String,
        invitation: String,
        #[serde(default)]
        owner: String,
    },
    /// The answer to `watch`, and again each time the seat's status changes.
    Status { seat: SeatNo, status: SeatStatus },
    /// The answer to `Ping`.
    Pong,
}

/// A table as its players see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableInfo {
    pub id: String,
    /// Whether the game has begun (seats can then only be taken back, or taken if reserved).
    pub started: bool,
    pub seats: Vec<SeatInfo>,
    /// The host's promise of its seed: the SHA-256 of `fief-deal:1:SEED:SALT` in hex, opened
    /// in the `state` sent once the game is over (`fair`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
    /// The table is kept on a server (`fief-server`), not in a player's app.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub server: bool,
}

/// One seat: who plays it and whether he is there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub seat: SeatNo,
    /// The player's name, once the seat is taken or reserved.
    pub name: Option<String>,
    pub kind: SeatKind,
    pub presence: Presence,
    /// The seat's colour, as an index into the game's colours (Green, Blue, Magenta,
    /// White, Yellow, Red).
    #[serde(default)]
    pub colour: u8,
    /// The level of the bot that plays the seat (`easy`, `normal`, `hard`), for a bot's seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// Open to whoever takes it.
    Open,
    /// Kept for a named player.
    Reserved,
    /// Played by a human at another computer.
    Human,
    /// Played by a bot of the host.
    Bot,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Presence {
    /// Nobody has sat there yet (or a bot plays it).
    Empty,
    Here,
    /// The player's connection dropped this many seconds ago; after `bot_in` more seconds a
    /// bot plays for him (`None`: the table waits for him).
    Dropped {
        secs: u64,
        bot_in: Option<u64>,
    },
    /// A bot plays for a player who dropped, until he returns.
    BotStandsIn {
        secs: u64,
    },
}

/// A line of table talk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// Its number at the table, from 0.
    pub id: u64,
    pub from: SeatNo,
    /// `None`: to the whole table.
    pub to: Option<SeatNo>,
    pub text: String,
    /// When it was said, in milliseconds since the Unix epoch.
    pub at_ms: u64,
}

/// Why a frame could not be read.
#[derive(Debug)]
pub enum FrameError {
    /// The connection ended (cleanly, between frames).
    Closed,
    /// The announced length is above the limit: nothing of the body was read.
    TooLong(usize),
    /// The connection ended inside a frame, or failed.
    Io(std::io::Error),
    /// The body is not a message of the protocol.
    Malformed(String),
}

impl std::fmt::Display for FrameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FrameError::Closed => write!(f, "the connection was closed"),
            FrameError::TooLong(n) => write!(f, "a message of {n} bytes is over the limit"),
            FrameError::Io(e) => write!(f, "the connection failed: {e}"),
            FrameError::Malformed(e) => write!(f, "a message that is not of the protocol: {e}"),
        }
    }
}

impl std::error::Error for FrameError {}

/// Reads one frame of at most `max` bytes and decodes it.
pub async fn read_frame<T, R>(r: &mut R, max: usize) -> Result<T, FrameError>
where
    T: for<'de> Deserialize<'de>,
    R: AsyncRead + Unpin,
{
    Ok(read_frame_sized(r, max).await?.0)
}

/// `read_frame`, saying also how many bytes the frame took (its length included).
pub async fn read_frame_sized<T, R>(r: &mut R, max: usize) -> Result<(T, usize), FrameError>
where
    T: for<'de> Deserialize<'de>,
    R: AsyncRead + Unpin,
{
    let mut len = [0u8; 4];
    match r.read_exact(&mut len).await {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Err(FrameError::Closed),
        Err(e) => return Err(FrameError::Io(e)),
    }
    let n = u32::from_be_bytes(len) as usize;
    if n > max {
        return Err(FrameError::TooLong(n));
    }
    let mut body = vec![0u8; n];
    r.read_exact(&mut body).await.map_err(FrameError::Io)?;
    let msg = serde_json::from_slice(&body).map_err(|e| FrameError::Malformed(e.to_string()))?;
    Ok((msg, n + 4))
}

/// Encodes one message as a frame (length and body), refusing one over `max` bytes.
pub fn encode_frame<T: Serialize>(msg: &T, max: usize) -> Result<Vec<u8>, FrameError> {
    let body = serde_json::to_vec(msg).map_err(|e| FrameError::Malformed(e.to_string()))?;
    if body.len() > max {
        return Err(FrameError::TooLong(body.len()));
    }
    let mut out = Vec::with_capacity(body.len() + 4);
    out.extend_from_slice(&(body.len() as u32).to_be_bytes());
    out.extend_from_slice(&body);
    Ok(out)
}

/// Writes one message as a frame of at most `max` bytes.
pub async fn write_frame<T, W>(w: &mut W, msg: &T, max: usize) -> Result<(), FrameError>
where
    T: Serialize,
    W: AsyncWrite + Unpin,
{
    let frame = encode_frame(msg, max)?;
    w.write_all(&frame).await.map_err(FrameError::Io)?;
    w.flush().await.map_err(FrameError::Io)
}

/// The words for a greeting from another version of the protocol (`None`: the same one).
pub fn version_mismatch(theirs: u32, their_build: &str) -> Option<String> {
    (theirs != PROTOCOL).then(|| {
        format!(
            "this host speaks version {PROTOCOL} of the Fief network protocol ({}); yours speaks version {theirs} ({}). Both players need the same version of the game",
            build(),
            clean_text(their_build, 80)
        )
    })
}

/// Text from the other side made fit to show (`rules::readable`): every character that hides
/// or reorders text dropped, trimmed, at most `max` characters; empty when nothing visible is
/// left.
pub fn clean_text(s: &str, max: usize) -> String {
    crate::rules::readable::clean_readable(s, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rt() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
    }

    #[test]
    fn a_message_goes_through_a_frame_unchanged() {
        let msg = ClientMsg::Act {
            seat: 2,
            at: 17,
            action: "buy-maa sigy".into(),
        };
        let frame = encode_frame(&msg, MAX_CLIENT_FRAME).unwrap();
        assert_eq!(
            u32::from_be_bytes(frame[..4].try_into().unwrap()) as usize,
            frame.len() - 4
        );
        let back: ClientMsg = rt()
            .block_on(read_frame(&mut &frame[..], MAX_CLIENT_FRAME))
            .unwrap();
        assert_eq!(back, msg);
    }

    #[test]
    fn an_oversized_length_is_refused_before_the_body_is_read() {
        // 10 MB announced, 4 bytes of body present: refused on the length alone.
        let mut frame = (10_000_000u32).to_be_bytes().to_vec();
        frame.extend_from_slice(b"{}{}");
        let r: Result<ClientMsg, _> = rt().block_on(read_frame(&mut &frame[..], MAX_CLIENT_FRAME));
        assert!(matches!(r, Err(FrameError::TooLong(10_000_000))), "{r:?}");
    }

    #[test]
    fn truncated_and_malformed_frames_are_errors_not_panics() {
        let good = encode_frame(&ClientMsg::Ping, MAX_CLIENT_FRAME).unwrap();
        for cut in 1..good.len() {
            let r: Result<ClientMsg, _> =
                rt().block_on(read_frame(&mut &good[..cut], MAX_CLIENT_FRAME));
            assert!(
                matches!(r, Err(FrameError::Closed | FrameError::Io(_))),
                "{cut}: {r:?}"
            );
        }
        for body in [
            &b"not json"[..],
            b"{\"type\":\"fly\"}",
            b"{\"type\":\"act\"}",
            b"[1,2]",
        ] {
            let mut frame = (body.len() as u32).to_be_bytes().to_vec();
            frame.extend_from_slice(body);
            let r: Result<ClientMsg, _> =
                rt().block_on(read_frame(&mut &frame[..], MAX_CLIENT_FRAME));
            assert!(matches!(r, Err(FrameError::Malformed(_))), "{r:?}");
        }
        // A seat number out of a byte's range is not a message either.
        let body = br#"{"type":"take","seat":300,"name":"x"}"#;
        let mut frame = (body.len() as u32).to_be_bytes().to_vec();
        frame.extend_from_slice(body);
        let r: Result<ClientMsg, _> = rt().block_on(read_frame(&mut &frame[..], MAX_CLIENT_FRAME));
        assert!(matches!(r, Err(FrameError::Malformed(_))), "{r:?}");
    }

    #[test]
    fn a_message_over_the_limit_is_not_sent() {
        let msg = ClientMsg::Say {
            seat: 0,
            to: None,
            text: "x".repeat(MAX_CLIENT_FRAME),
        };
        assert!(matches!(
            encode_frame(&msg, MAX_CLIENT_FRAME),
            Err(FrameError::TooLong(_))
        ));
    }

    #[test]
    fn another_version_is_refused_in_words() {
        assert_eq!(version_mismatch(PROTOCOL, "fief 0.1.0"), None);
        let words = version_mismatch(PROTOCOL + 1, "fief 9.9\u{202e}evil").unwrap();
        assert!(
            words.contains(&format!("version {}", PROTOCOL + 1)),
            "{words}"
        );
        assert!(words.contains("same version"), "{words}");
        assert!(!words.contains('\u{202e}'), "{words}");
    }

    #[test]
    fn the_messages_are_written_as_the_document_says() {
        let j = serde_json::to_string(&ClientMsg::Hello {
            protocol: 2,
            build: "fief 0.1.0".into(),
            table: "t1".into(),
        })
        .unwrap();
        assert_eq!(
            j,
            r#"{"type":"hello","protocol":2,"build":"fief 0.1.0","table":"t1"}"#
        );
        let j = serde_json::to_string(&HostMsg::Refused {
            why: Refusal::WrongSecret,
            reason: "no".into(),
            fatal: false,
        })
        .unwrap();
        assert_eq!(
            j,
            r#"{"type":"refused","why":"wrong_secret","reason":"no","fatal":false}"#
        );
        let j = serde_json::to_string(&Presence::Dropped {
            secs: 80,
            bot_in: Some(100),
        })
        .unwrap();
        assert_eq!(j, r#"{"state":"dropped","secs":80,"bot_in":100}"#);
    }
}
