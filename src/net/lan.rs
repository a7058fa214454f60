//! Tables on the local network: a host that other computers can reach (not in the local mode)
//! announces its tables that still have open seats over multicast DNS (iroh's mDNS address
//! lookup, service `fief`), and the join dialog lists what it hears. Nothing is sent in the
//! local mode: no multicast leaves a test or a trial (they run local, or inside a network
//! namespace of their own).
//!
//! A host's announcement is its endpoint's addresses and a short text (at most 245 bytes):
//! `fief1`, then for each table `;id,free,seats,host`, the host's name cleaned of the
//! separators. What is heard is read as hostile: anything out of shape is left out.

use super::ticket::Ticket;
use super::transport::{bind, Reach};
use iroh::Endpoint;
use iroh_mdns_address_lookup::{DiscoveryEvent, MdnsAddressLookup};
use std::collections::BTreeMap;
use std::time::Duration;

/// The mDNS service name of Fief hosts.
pub const SERVICE: &str = "fief";

/// The start of an announcement (its layout's version).
const LAYOUT: &str = "fief1";

/// The longest announcement iroh carries.
const MAX_ADVERT: usize = 245;

/// A table with open seats, as announced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Open {
    pub table: String,
    /// Open seats.
    pub free: u8,
    pub seats: u8,
    /// The name of the player who hosts it (may be empty).
    pub host: String,
}

/// A table heard on the local network, with the invitation that leads to it.
#[derive(Debug, Clone)]
pub struct LanTable {
    pub ticket: Ticket,
    pub open: Open,
}

/// The text announcing `open` (as many tables as fit).
pub fn advert(open: &[Open]) -> String {
    let mut s = LAYOUT.to_string();
    for o in open {
        let host: String = super::protocol::clean_text(&o.host, 40)
            .chars()
            .filter(|c| *c != ';' && *c != ',')
            .collect();
        let table: String = o
            .table
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .take(16)
            .collect();
        let part = format!(";{table},{},{},{host}", o.free, o.seats);
        if s.len() + part.len() > MAX_ADVERT {
            break;
        }
        s += &part;
    }
    s
}

/// The tables of an announcement (none if it is not one of ours).
pub fn parse(text: &str) -> Vec<Open> {
    let mut parts = text.split(';');
    if parts.next() != Some(LAYOUT) {
        return Vec::new();
    }
    parts
        .filter_map(|p| {
            let mut f = p.splitn(4, ',');
            let table = f.next()?.to_string();
            let free = f.next()?.parse().ok()?;
            let seats: u8 = f.next()?.parse().ok()?;
            let host = super::protocol::clean_text(f.next()?, 40);
            let sound = !table.is_empty()
                && table.len() <= 16
                && table.chars().all(|c| c.is_ascii_alphanumeric())
                && (3..=6).contains(&seats)
                && free <= seats;
            sound.then_some(Open {
                table,
                free,
                seats,
                host,
            })
        })
        .take(16)
        .collect()
}

/// Whether `reach` (after `FIEF_NET`) announces and listens on the local network.
pub fn announces(reach: Reach) -> bool {
    Reach::from_env(reach) != Reach::Local
}

/// Starts announcing a host's endpoint on the local network (nothing in the local mode).
pub fn announce(endpoint: &Endpoint, reach: Reach) -> Result<(), String> {
    if !announces(reach) {
        return Ok(());
    }
    let mdns = MdnsAddressLookup::builder()
        .service_name(SERVICE)
        .build(endpoint.id())
        .map_err(|e| format!("cannot announce the host on the local network: {e}"))?;
    endpoint
        .address_lookup()
        .map_err(|e| format!("cannot announce the host on the local network: {e}"))?
        .add(mdns);
    set_open(endpoint, &[]);
    Ok(())
}

/// What the host announces from now on: its tables with open seats.
pub fn set_open(endpoint: &Endpoint, open: &[Open]) {
    endpoint.set_user_data_for_address_lookup(advert(open).parse().ok());
}

/// Listens on the local network for `wait` and returns the tables heard, each host's once
/// (nothing in the local mode). Blocks: a worker thread's.
pub fn browse(reach: Reach, wait: Duration) -> Result<Vec<LanTable>, String> {
    if !announces(reach) {
        return Ok(Vec::new());
    }
    let rt = super::transport::thread_runtime()?;
    rt.block_on(async {
        // An endpoint of its own gives the listener an identity; it announces nothing.
        let endpoint = bind(reach, None, vec![], 0).await?;
        let mdns = MdnsAddressLookup::builder()
            .service_name(SERVICE)
            .advertise(false)
            .build(endpoint.id())
            .map_err(|e| format!("cannot listen on the local network: {e}"))?;
        let mut events = mdns.subscribe().await;
        let mut heard: BTreeMap<String, LanTable> = BTreeMap::new();
        let _ = tokio::time::timeout(wait, async {
            use n0_future::StreamExt;
            while let Some(ev) = events.next().await {
                let DiscoveryEvent::Discovered { endpoint_info, .. } = ev else {
                    continue;
                };
                let Some(data) = endpoint_info.data.user_data().map(|u| u.to_string()) else {
                    continue;
                };
                let addr = endpoint_info.into_endpoint_addr();
                for open in parse(&data) {
                    let key = format!("{}/{}", addr.id, open.table);
                    let ticket = Ticket::new(addr.clone(), open.table.clone());
                    heard.insert(key, LanTable { ticket, open });
                }
            }
        })
        .await;
        drop(mdns);
        endpoint.close().await;
        Ok(heard.into_values().collect())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(table: &str, host: &str) -> Open {
        Open {
            table: table.into(),
            free: 1,
            seats: 4,
            host: host.into(),
        }
    }

    #[test]
    fn an_announcement_reads_back_and_a_hostile_one_gives_nothing_wrong() {
        let a = vec![open("t1", "Anne"), open("t22", "Bert, the; Bold")];
        let text = advert(&a);
        assert!(text.len() <= MAX_ADVERT);
        let back = parse(&text);
        assert_eq!(back[0], a[0]);
        assert_eq!(back[1].host, "Bert the Bold");
        // Too many tables: as many as fit.
        let many: Vec<Open> = (0..40).map(|i| open(&format!("t{i}"), "Someone")).collect();
        let text = advert(&many);
        assert!(text.len() <= MAX_ADVERT);
        assert!(!parse(&text).is_empty());
        for bad in [
            "",
            "fief2;t1,1,4,A",
            "fief1;t1,9,4,A",
            "fief1;t1,1,40,A",
            "fief1;../x,1,4,A",
            "fief1;t1,x,4,A",
            "fief1;t1,1",
            "nonsense",
        ] {
            assert!(parse(bad).is_empty(), "{bad}");
        }
        assert_eq!(parse("fief1;t1,1,4,\u{202e}A\u{7}")[0].host, "A");
    }
}
