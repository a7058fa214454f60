//! Play across computers, without GTK: the protocol a host and its clients speak
//! (`protocol`, described for strangers in docs/network.md) and the invitations that lead
//! to a table (`ticket`). The host is the only authority: a client sends actions in the
//! notation, the engine checks them, and each client receives only what its player may see.
//!
//! Connections are QUIC over iroh (dialled by the host's key). Every test, benchmark and
//! trial runs in the local mode: no relay, no address lookup, no port mapping, loopback only.

pub mod bench;
pub mod change;
pub mod client;
pub mod clocks;
pub mod fair;
pub mod host;
pub mod hosting;
pub mod joined;
pub mod lan;
pub mod link;
pub mod peek;
pub mod protocol;
pub mod seat_view;
pub mod serve;
pub mod store;
pub mod table;
pub mod ticket;
pub mod transport;
pub mod watch;
