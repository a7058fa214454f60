//! Tables heard on the local network (mDNS), tried inside a network namespace this test makes
//! for itself: `unshare -n`, a veth pair and a default route of its own, so that no multicast
//! leaves it. The host announces its open table; a listener hears it with its host's name and
//! open seats, and the invitation made from what it heard leads to the table.

mod common;
use common::{rt, Scratch};
use fief::bots::Level;
use fief::net::client::Client;
use fief::net::host::{Host, HostConfig, TableSpec};
use fief::net::lan;
use fief::net::link;
use fief::net::protocol::ClientMsg;
use fief::net::table::SeatPlan;
use fief::net::transport::Reach;
use fief::rules::Options;
use std::time::{Duration, Instant};

#[test]
fn a_host_on_the_local_network_is_heard_and_joined() {
    if common::in_own_network("a_host_on_the_local_network_is_heard_and_joined") {
        inside();
    }
}

fn inside() {
    let dir = Scratch::new("lan", "inside");
    let rt = rt();
    let host = rt
        .block_on(Host::start(HostConfig::new(&dir.0, Reach::Direct)))
        .unwrap();
    let spec = TableSpec {
        options: Options {
            players: 3,
            seed: 3,
            ..Options::default()
        },
        seats: vec![SeatPlan::Open, SeatPlan::Open, SeatPlan::Bot(Level::Easy)],
        bot_after: None,
        stand_in: Level::Easy,
    };
    let id = rt.block_on(host.new_table(spec)).unwrap();
    // Anne sits at seat 0: the table has one open seat left, and is hers to name.
    let ticket = host.ticket(&id);
    let mut anne = rt.block_on(async {
        let (mut c, _) = Client::connect(&ticket, Reach::Direct).await.unwrap();
        c.send(&ClientMsg::Take {
            seat: 0,
            name: "Anne".into(),
        })
        .await
        .unwrap();
        c
    });
    let end = Instant::now() + Duration::from_secs(30);
    let heard = loop {
        let tables = lan::browse(Reach::Direct, Duration::from_secs(3)).unwrap();
        if let Some(t) = tables
            .into_iter()
            .find(|t| t.open.table == id && t.open.free == 1)
        {
            break t;
        }
        assert!(Instant::now() < end, "the table was not heard in 30 s");
    };
    assert_eq!(heard.open.host, "Anne");
    assert_eq!(heard.open.seats, 3);
    // The invitation made from what was heard leads to the table.
    let info = link::peek(&heard.ticket, Reach::Direct).unwrap();
    assert_eq!(info.id, id);
    assert_eq!(info.seats[0].name.as_deref(), Some("Anne"));
    // Once every seat is taken the table is no longer announced.
    rt.block_on(async {
        let _ = anne.recv().await;
        host.start_now(&id, Level::Easy).await.unwrap();
    });
    let end = Instant::now() + Duration::from_secs(30);
    loop {
        let tables = lan::browse(Reach::Direct, Duration::from_secs(3)).unwrap();
        if !tables.iter().any(|t| t.open.table == id) {
            break;
        }
        assert!(Instant::now() < end, "a started table is still announced");
    }
    rt.block_on(host.close());
}
