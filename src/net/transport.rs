//! The endpoint a host or a client speaks through, and how far it reaches.
//!
//! - [`Reach::Local`]: this computer only (loopback). No relay, no address lookup, no port
//!   mapping, no probe of any outside server: what every test, benchmark and trial here uses.
//! - [`Reach::Direct`]: the local network and direct addresses (a LAN party, or a host whose
//!   port the players can reach). Still no relay, lookup or port mapping.
//! - [`Reach::Internet`]: through iroh's relays when a direct path cannot be found, with the
//!   host's addresses published so that an invitation stays valid as they change, and port
//!   mapping on the home router. The players' choice, off until they turn it on.
//!
//! `FIEF_NET=local` (or `direct`, `internet`) in the environment overrides what a program
//! asks for, so that a whole test run stays local whatever it starts.

use iroh::endpoint::{presets, BindOpts, Builder, PortmapperConfig};
use iroh::{Endpoint, NetReportConfig, SecretKey};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// How far an endpoint reaches (see the module's documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    Local,
    Direct,
    Internet,
}

/// The environment variable that sets the reach of every endpoint a program makes.
pub const REACH_VAR: &str = "FIEF_NET";

impl std::str::FromStr for Reach {
    type Err = String;
    fn from_str(s: &str) -> Result<Reach, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "local" => Ok(Reach::Local),
            "direct" => Ok(Reach::Direct),
            "internet" => Ok(Reach::Internet),
            other => Err(format!(
                "unknown network reach '{other}' (use local, direct or internet)"
            )),
        }
    }
}

impl Reach {
    /// `wanted`, unless `FIEF_NET` names another reach. An unreadable `FIEF_NET` keeps the
    /// program local: it never widens what was asked for.
    pub fn from_env(wanted: Reach) -> Reach {
        match std::env::var(REACH_VAR) {
            Ok(v) => v.parse().unwrap_or(Reach::Local),
            Err(_) => wanted,
        }
    }

    /// The builder of an endpoint of this reach on UDP `port` (0: any free one).
    fn builder(self, port: u16) -> Result<Builder, String> {
        let bad = |e: iroh::endpoint::InvalidSocketAddr| format!("cannot bind: {e}");
        Ok(match self {
            // iroh's builder comes with sockets on 0.0.0.0 and [::] (every address of the
            // machine): they are taken out, and only 127.0.0.1 and ::1 are bound. The IPv6 one
            // may fail (IPv6 turned off): the endpoint then speaks IPv4 only.
            Reach::Local => {
                // Both sockets on one port, so that a host that keeps its port (and the
                // invitation that names both addresses) finds the same two again.
                let port = match port {
                    0 => std::net::UdpSocket::bind((Ipv4Addr::LOCALHOST, 0))
                        .and_then(|s| s.local_addr())
                        .map(|a| a.port())
                        .map_err(|e| format!("cannot bind: {e}"))?,
                    p => p,
                };
                local_builder()
                    .bind_addr((Ipv4Addr::LOCALHOST, port))
                    .map_err(bad)?
                    .bind_addr_with_opts(
                        (Ipv6Addr::LOCALHOST, port),
                        BindOpts::default().set_is_required(false),
                    )
                    .map_err(bad)?
            }
            Reach::Direct => {
                let b = Builder::new(presets::Minimal)
                    .portmapper_config(PortmapperConfig::Disabled)
                    .net_report_config(NetReportConfig::minimal());
                if port == 0 {
                    b
                } else {
                    b.bind_addr((Ipv4Addr::UNSPECIFIED, port)).map_err(bad)?
                }
            }
            Reach::Internet => {
                let b = Builder::new(presets::N0);
                if port == 0 {
                    b
                } else {
                    b.bind_addr((Ipv4Addr::UNSPECIFIED, port)).map_err(bad)?
                }
            }
        })
    }
}

/// A builder with no socket yet, no relay, no port mapping and no probe of outside servers.
fn local_builder() -> Builder {
    Builder::new(presets::Minimal)
        .clear_ip_transports()
        .portmapper_config(PortmapperConfig::Disabled)
        .net_report_config(NetReportConfig::minimal())
}

/// A runtime on the calling thread, for the network work of a program that is not async
/// (the app's line to a table, a look at a table, listening on the local network).
pub fn thread_runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the network: {e}"))
}

/// How long a connection may hear nothing from its peer before it counts as lost.
pub const IDLE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Binds an endpoint that reaches as far as `reach` (after `FIEF_NET`), with `key` as its
/// identity (a host keeps its key so that its invitations outlive a restart), accepting
/// connections for `alpns` (none for a client), on UDP `port` (0: any free one; a host
/// keeps its port for the same reason as its key).
pub async fn bind(
    reach: Reach,
    key: Option<SecretKey>,
    alpns: Vec<Vec<u8>>,
    port: u16,
) -> Result<Endpoint, String> {
    let b = Reach::from_env(reach).builder(port)?;
    finish(b, key, alpns).await
}

/// A client endpoint in the local mode on one loopback address only (`127.0.0.2`, `::1`...),
/// on any free port: what a test or a benchmark uses to play clients from several addresses
/// of one machine (Linux answers every address of 127.0.0.0/8). Any other address is refused.
pub async fn bind_on(ip: IpAddr) -> Result<Endpoint, String> {
    if !ip.is_loopback() {
        return Err(format!("{ip} is not a loopback address"));
    }
    let b = local_builder()
        .bind_addr((ip, 0))
        .map_err(|e| format!("cannot bind: {e}"))?;
    finish(b, None, vec![]).await
}

/// Binds `b` with the transport settings every endpoint shares.
async fn finish(
    b: Builder,
    key: Option<SecretKey>,
    alpns: Vec<Vec<u8>>,
) -> Result<Endpoint, String> {
    // A peer that has gone silent (its program killed, its network lost) is given up after
    // 10 seconds rather than QUIC's 30: the table tells the others sooner, and a client
    // starts coming back sooner. iroh keeps a live connection busy with heartbeats.
    let idle = iroh::endpoint::IdleTimeout::try_from(IDLE_TIMEOUT)
        .map_err(|e| format!("cannot set the idle timeout: {e}"))?;
    let transport = iroh::endpoint::QuicTransportConfig::builder()
        .max_idle_timeout(Some(idle))
        .build();
    let mut b = b.alpns(alpns).transport_config(transport);
    if let Some(k) = key {
        b = b.secret_key(k);
    }
    b.bind()
        .await
        .map_err(|e| format!("cannot open a network endpoint: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reach_is_read_in_words_and_never_widened_by_a_typo() {
        assert_eq!("Local".parse::<Reach>(), Ok(Reach::Local));
        assert_eq!(" internet ".parse::<Reach>(), Ok(Reach::Internet));
        assert!("everywhere"
            .parse::<Reach>()
            .unwrap_err()
            .contains("local, direct"));
    }
}
