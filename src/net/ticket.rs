//! Invitations: one line of text a player pastes to join a table. It holds the host's key
//! and the addresses it was reachable at (direct ones, and a relay's when the host allows
//! relays), and the table's id. Written as `fief` followed by lowercase base32 of the
//! postcard encoding of [`Ticket`]; a text that is not one is refused in words.

use data_encoding::BASE32_NOPAD;
use iroh::EndpointAddr;
use serde::{Deserialize, Serialize};

/// The prefix of every invitation.
pub const PREFIX: &str = "fief";

/// The longest invitation read, in characters (a hostile paste is refused before decoding).
pub const MAX_TICKET_CHARS: usize = 4096;

/// The version of the invitation's layout.
const LAYOUT: u8 = 1;

/// Where a table is: the host's address and the table's id there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ticket {
    layout: u8,
    pub host: EndpointAddr,
    pub table: String,
}

impl Ticket {
    pub fn new(host: EndpointAddr, table: impl Into<String>) -> Ticket {
        Ticket {
            layout: LAYOUT,
            host,
            table: table.into(),
        }
    }

    /// The invitation as text.
    pub fn encode(&self) -> String {
        encode(PREFIX, self)
    }

    /// Reads an invitation (spaces, line breaks and hyphens a paste or a line break on screen
    /// may add are ignored: none is part of one).
    pub fn decode(text: &str) -> Result<Ticket, String> {
        if text.chars().count() <= MAX_TICKET_CHARS && compact(text).starts_with(SERVER_PREFIX) {
            return Err("this is a server's invitation to make tables, not an invitation to a table: use it in New Game".into());
        }
        let t: Ticket = decode(text, PREFIX, ("an invitation", "this invitation"))?;
        if t.layout != LAYOUT {
            return Err(format!(
                "this invitation was made by another version of the game (layout {})",
                t.layout
            ));
        }
        if t.table.is_empty() || t.table.chars().count() > 64 {
            return Err("this invitation names no table".into());
        }
        Ok(t)
    }
}

/// The prefix of a server's invitation to make tables. It is not an invitation to a table:
/// `Ticket::decode` refuses it, and says so.
pub const SERVER_PREFIX: &str = "fiefserver";

/// A server's invitation to make tables on it: its address, and the key it asks of whoever
/// makes one (`ClientMsg::Create`). Its owner hands it to the players he lets make tables
/// there; a new key (`fief-server --new-invitation`) turns the old invitations away.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerTicket {
    layout: u8,
    pub host: EndpointAddr,
    pub key: String,
}

impl ServerTicket {
    pub fn new(host: EndpointAddr, key: impl Into<String>) -> ServerTicket {
        ServerTicket {
            layout: LAYOUT,
            host,
            key: key.into(),
        }
    }

    /// The invitation as text: `fiefserver` then lowercase base32.
    pub fn encode(&self) -> String {
        encode(SERVER_PREFIX, self)
    }

    /// Reads a server's invitation (spaces, line breaks and hyphens ignored).
    pub fn decode(text: &str) -> Result<ServerTicket, String> {
        // The whole line the server printed (`server fiefserver…`) reads as well.
        let text = text.trim_start();
        let text = text.strip_prefix("server").unwrap_or(text);
        let t: ServerTicket = decode(
            text,
            SERVER_PREFIX,
            ("a server's invitation", "this server's invitation"),
        )?;
        if t.layout != LAYOUT {
            return Err(format!(
                "this server's invitation was made by another version of the game (layout {})",
                t.layout
            ));
        }
        if t.key.is_empty() || t.key.len() > 128 {
            return Err("this server's invitation holds no key".into());
        }
        Ok(t)
    }
}

/// `t` as text: `prefix` then lowercase base32 of its postcard encoding.
fn encode<T: Serialize>(prefix: &str, t: &T) -> String {
    let bytes = postcard::to_stdvec(t).unwrap_or_default();
    format!(
        "{prefix}{}",
        BASE32_NOPAD.encode(&bytes).to_ascii_lowercase()
    )
}

/// Reads what `encode` wrote with `prefix` (`what` names it in the errors), from a hostile
/// paste: too long, without its prefix, or damaged, it is refused in words.
fn decode<T: serde::de::DeserializeOwned>(
    text: &str,
    prefix: &str,
    (a, this): (&str, &str),
) -> Result<T, String> {
    if text.chars().count() > MAX_TICKET_CHARS {
        return Err(format!("this is far too long to be {a}"));
    }
    let compact = compact(text);
    let Some(body) = compact.strip_prefix(prefix) else {
        return Err(format!("{a} begins with \"{prefix}\"; this text does not"));
    };
    let bytes = BASE32_NOPAD
        .decode(body.to_ascii_uppercase().as_bytes())
        .map_err(|_| format!("{this} is damaged (a letter is wrong or missing)"))?;
    postcard::from_bytes(&bytes).map_err(|_| format!("{this} is damaged (it does not read as one)"))
}

/// A pasted text without the spaces, line breaks and hyphens a paste may add.
fn compact(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use iroh::{SecretKey, TransportAddr};

    fn ticket() -> Ticket {
        let key = SecretKey::from_bytes(&[7u8; 32]);
        let addr = EndpointAddr::from_parts(
            key.public(),
            [TransportAddr::Ip("127.0.0.1:4433".parse().unwrap())],
        );
        Ticket::new(addr, "t-42")
    }

    #[test]
    fn an_invitation_reads_back_as_written_even_when_pasted_with_breaks() {
        let t = ticket();
        let text = t.encode();
        assert!(text.starts_with("fief"), "{text}");
        assert!(text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()));
        assert_eq!(Ticket::decode(&text).unwrap(), t);
        let pasted = format!("  {}\n{} ", &text[..20], &text[20..]);
        assert_eq!(Ticket::decode(&pasted).unwrap(), t);
        // Copied from a screen that broke it across lines with a hyphen.
        let hyphened = format!("{}-\n{}", &text[..30], &text[30..]);
        assert_eq!(Ticket::decode(&hyphened).unwrap(), t);
    }

    #[test]
    fn a_mistyped_invitation_is_refused_in_words() {
        let text = ticket().encode();
        let cases = [
            String::new(),
            "hello".to_string(),
            text.replacen("fief", "fif", 1),
            text[..text.len() / 2].to_string(),
            format!("{text}1"),
            text.replace(&text[10..11], "!"),
            "fief".to_string() + &"a".repeat(MAX_TICKET_CHARS),
        ];
        for c in cases {
            let e = Ticket::decode(&c).unwrap_err();
            assert!(!e.is_empty(), "{c}");
        }
    }

    #[test]
    fn a_server_invitation_reads_back_and_is_not_taken_for_a_table() {
        let t = ticket();
        let s = ServerTicket::new(t.host.clone(), "00ff".repeat(8));
        let text = s.encode();
        assert!(text.starts_with("fiefserver"), "{text}");
        assert_eq!(ServerTicket::decode(&format!(" {text}\n")).unwrap(), s);
        // The whole line the server prints reads too.
        assert_eq!(ServerTicket::decode(&format!("server {text}")).unwrap(), s);
        let e = Ticket::decode(&text).unwrap_err();
        assert!(e.contains("New Game"), "{e}");
        assert!(ServerTicket::decode(&t.encode()).is_err());
        assert!(ServerTicket::decode(&text[..text.len() - 3]).is_err());
    }
}
