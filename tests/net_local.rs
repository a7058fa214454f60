//! The network layer in the local mode: a host and a client meet over loopback, and nothing
//! they do sends a packet or opens a connection to any other address (checked with strace
//! on a run of the meeting in a process of its own).

mod common;
use fief::net::protocol::{
    build, read_frame, write_frame, ClientMsg, HostMsg, TableInfo, ALPN, MAX_CLIENT_FRAME,
    MAX_HOST_FRAME, PROTOCOL,
};
use fief::net::transport::{bind, Reach};
use iroh::TransportAddr;
use std::process::Command;

/// A host and a client in the local mode greet each other in frames; the host's address
/// names loopback only.
#[test]
fn a_local_host_and_client_greet_each_other_over_loopback() {
    let rt = common::rt();
    rt.block_on(async {
        let host = bind(Reach::Local, None, vec![ALPN.to_vec()], 0)
            .await
            .unwrap();
        let addr = host.addr();
        assert!(!addr.addrs.is_empty());
        for a in &addr.addrs {
            match a {
                TransportAddr::Ip(ip) => assert!(ip.ip().is_loopback(), "{ip}"),
                other => panic!("a local host offers {other:?}"),
            }
        }
        let server = tokio::spawn(async move {
            let conn = host.accept().await.unwrap().await.unwrap();
            let (mut send, mut recv) = conn.accept_bi().await.unwrap();
            let hello: ClientMsg = read_frame(&mut recv, MAX_CLIENT_FRAME).await.unwrap();
            let ClientMsg::Hello { table, .. } = hello else {
                panic!("{hello:?}")
            };
            let welcome = HostMsg::Welcome {
                protocol: PROTOCOL,
                build: build(),
                table: TableInfo {
                    id: table,
                    started: false,
                    seats: vec![],
                    commitment: None,
                    server: false,
                },
                changes: false,
            };
            write_frame(&mut send, &welcome, MAX_HOST_FRAME)
                .await
                .unwrap();
            send.finish().unwrap();
            conn.closed().await;
            host.close().await;
        });
        let client = bind(Reach::Local, None, vec![], 0).await.unwrap();
        let conn = client.connect(addr, ALPN).await.unwrap();
        let (mut send, mut recv) = conn.open_bi().await.unwrap();
        let hello = ClientMsg::Hello {
            protocol: PROTOCOL,
            build: build(),
            table: "t1".into(),
        };
        write_frame(&mut send, &hello, MAX_CLIENT_FRAME)
            .await
            .unwrap();
        let welcome: HostMsg = read_frame(&mut recv, MAX_HOST_FRAME).await.unwrap();
        assert!(
            matches!(&welcome, HostMsg::Welcome { table, .. } if table.id == "t1"),
            "{welcome:?}"
        );
        conn.close(0u32.into(), b"bye");
        server.await.unwrap();
        client.close().await;
    });
}

/// The addresses a line of strace output sends to or connects to, as written by strace
/// (`sin_addr=inet_addr("127.0.0.1")`, `inet_pton(AF_INET6, "::1", ...)`).
fn inet_addresses(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (start, end) in [("inet_addr(\"", "\""), ("inet_pton(AF_INET6, \"", "\"")] {
        let mut rest = line;
        while let Some(i) = rest.find(start) {
            rest = &rest[i + start.len()..];
            if let Some(j) = rest.find(end) {
                out.push(rest[..j].to_string());
                rest = &rest[j..];
            }
        }
    }
    out
}

fn is_local(a: &str) -> bool {
    a == "127.0.0.1" || a == "::1" || a == "0.0.0.0" || a == "::"
}

/// What strace saw the process do that could reach beyond this computer, checked: every
/// datagram sent with an address goes to loopback; no stream (TCP) connects elsewhere; a
/// datagram socket connected elsewhere (the routing-table lookup that finds the default
/// interface: `connect` on UDP sends nothing) never sends a byte before it is closed.
/// Returns how many Internet addresses were seen, or what broke the rule.
fn check_strace_log(text: &str) -> Result<usize, String> {
    use std::collections::{HashMap, HashSet};
    let mut pending: HashMap<&str, String> = HashMap::new();
    let mut stream: HashSet<String> = HashSet::new();
    let mut lookups: HashSet<String> = HashSet::new();
    let mut seen = 0;
    for raw in text.lines() {
        let Some((tid, rest)) = raw.split_once(' ') else {
            continue;
        };
        let line = if let Some(start) = rest.strip_suffix(" <unfinished ...>") {
            pending.insert(tid, start.to_string());
            continue;
        } else if rest.starts_with("<... ") {
            let after = rest.split_once("resumed>").map_or("", |x| x.1);
            pending.remove(tid).unwrap_or_default() + after
        } else {
            rest.to_string()
        };
        let Some((call, args)) = line.split_once('(') else {
            continue;
        };
        let fd = args
            .split([',', ')'])
            .next()
            .unwrap_or("")
            .trim()
            .to_string();
        let result = line.rsplit_once("= ").map_or("", |x| x.1).trim();
        let addrs = inet_addresses(&line);
        seen += addrs.len();
        match call {
            "socket" => {
                if line.contains("SOCK_STREAM") {
                    stream.insert(result.to_string());
                } else {
                    stream.remove(result);
                }
            }
            "close" => {
                stream.remove(&fd);
                lookups.remove(&fd);
            }
            "connect" => {
                if let Some(a) = addrs.iter().find(|a| !is_local(a)) {
                    if stream.contains(&fd) {
                        return Err(format!("a stream connected to {a}: {line}"));
                    }
                    lookups.insert(fd);
                } else {
                    lookups.remove(&fd);
                }
            }
            "sendto" | "sendmsg" | "sendmmsg" | "write" | "writev" | "send" => {
                if let Some(a) = addrs.iter().find(|a| !is_local(a)) {
                    return Err(format!("sent to {a}: {line}"));
                }
                if addrs.is_empty() && lookups.contains(&fd) {
                    return Err(format!(
                        "sent on a socket connected beyond loopback: {line}"
                    ));
                }
            }
            _ => {}
        }
    }
    Ok(seen)
}

/// The meeting above, run again in a process of its own under strace: nothing it does sends
/// a byte to, or opens a connection with, any address but 127.0.0.1 and ::1 (no relay, no
/// address lookup, no router probe, no multicast).
#[test]
fn the_local_mode_sends_nothing_beyond_this_computer() {
    if Command::new("strace").arg("-V").output().is_err() {
        panic!("strace is needed for this test (tools/setup.sh installs it)");
    }
    // A machine that forbids tracing (ptrace) cannot run this check at all: say so loudly.
    let can = Command::new("strace")
        .args(["-qq", "-o", "/dev/null", "true"])
        .status();
    if !can.is_ok_and(|s| s.success()) {
        eprintln!("NOT CHECKED: strace cannot trace a process on this machine (ptrace refused)");
        return;
    }
    let log = std::env::temp_dir().join(format!("fief-net-strace-{}.log", std::process::id()));
    let me = std::env::current_exe().unwrap();
    let st = Command::new("strace")
        .args(["-f", "-qq", "-e"])
        .arg("trace=socket,close,connect,sendto,sendmsg,sendmmsg,write,writev,send")
        .arg("-o")
        .arg(&log)
        .arg(&me)
        .args([
            "--exact",
            "a_local_host_and_client_greet_each_other_over_loopback",
            "--test-threads=1",
        ])
        .env_remove("FIEF_NET")
        .output()
        .unwrap();
    assert!(
        st.status.success(),
        "{}",
        String::from_utf8_lossy(&st.stdout)
    );
    let text = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    match check_strace_log(&text) {
        // The meeting itself went over loopback, so strace saw it: the check looked at
        // something.
        Ok(seen) => assert!(seen > 0, "strace saw no Internet address at all:\n{text}"),
        Err(e) => panic!("the local mode reached beyond this computer: {e}"),
    }
}

#[test]
fn the_strace_check_catches_what_leaves_and_lets_a_route_lookup_be() {
    let ok = r#"1 socket(AF_INET, SOCK_DGRAM|SOCK_CLOEXEC, IPPROTO_IP) = 8
1 connect(8, {sa_family=AF_INET, sin_port=htons(1), sin_addr=inet_addr("10.254.254.254")}, 16) = 0
1 close(8) = 0
2 sendmsg(9, {msg_name={sa_family=AF_INET, sin_port=htons(4433), sin_addr=inet_addr("127.0.0.1")}, msg_namelen=16}, 0) = 40
1 write(8, "x", 1) = 1"#;
    assert_eq!(check_strace_log(ok), Ok(2));
    let sent = r#"1 sendto(7, "ping", 4, 0, {sa_family=AF_INET, sin_port=htons(3478), sin_addr=inet_addr("203.0.113.9")}, 16) = 4"#;
    assert!(check_strace_log(sent).unwrap_err().contains("203.0.113.9"));
    let via_lookup = r#"1 socket(AF_INET, SOCK_DGRAM, IPPROTO_UDP <unfinished ...>
1 <... socket resumed>) = 8
1 connect(8, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("192.0.2.1")}, 16) = 0
1 write(8, "query", 5) = 5"#;
    assert!(check_strace_log(via_lookup).is_err());
    let tcp = r#"1 socket(AF_INET6, SOCK_STREAM|SOCK_CLOEXEC, IPPROTO_TCP) = 5
1 connect(5, {sa_family=AF_INET6, sin6_port=htons(443), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "2001:db8::1", &sin6_addr), sin6_scope_id=0}, 28) = -1 EINPROGRESS"#;
    assert!(check_strace_log(tcp).unwrap_err().contains("2001:db8::1"));
}

#[test]
fn inet_addresses_are_read_from_strace_lines() {
    let l = r#"1234 sendmsg(12, {msg_name={sa_family=AF_INET, sin_port=htons(4433), sin_addr=inet_addr("127.0.0.1")}, msg_namelen=16}, 0) = 40"#;
    assert_eq!(inet_addresses(l), vec!["127.0.0.1"]);
    let l = r#"1 connect(3, {sa_family=AF_INET6, sin6_port=htons(53), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "2001:db8::1", &sin6_addr), sin6_scope_id=0}, 28) = 0"#;
    assert_eq!(inet_addresses(l), vec!["2001:db8::1"]);
}

/// The UDP sockets this process has open (by the inodes of its file descriptors), each as
/// its local and remote address, read from /proc/self/net/udp and udp6.
fn own_udp_sockets() -> Vec<(std::net::SocketAddr, std::net::SocketAddr)> {
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
    let mut inodes = std::collections::HashSet::new();
    for fd in std::fs::read_dir("/proc/self/fd").unwrap().flatten() {
        if let Ok(link) = std::fs::read_link(fd.path()) {
            let l = link.to_string_lossy().to_string();
            if let Some(n) = l.strip_prefix("socket:[").and_then(|x| x.strip_suffix(']')) {
                inodes.insert(n.to_string());
            }
        }
    }
    // The kernel writes each address as the words of its bytes in this machine's order.
    let ip = |hex: &str| -> IpAddr {
        let bytes: Vec<u8> = (0..hex.len() / 8)
            .flat_map(|i| {
                u32::from_str_radix(&hex[i * 8..i * 8 + 8], 16)
                    .unwrap()
                    .to_ne_bytes()
            })
            .collect();
        match bytes.len() {
            4 => IpAddr::V4(Ipv4Addr::from(<[u8; 4]>::try_from(bytes).unwrap())),
            _ => IpAddr::V6(Ipv6Addr::from(<[u8; 16]>::try_from(bytes).unwrap())),
        }
    };
    let addr = |field: &str| -> SocketAddr {
        let (h, p) = field.split_once(':').unwrap();
        SocketAddr::new(ip(h), u16::from_str_radix(p, 16).unwrap())
    };
    let mut out = Vec::new();
    for file in ["/proc/self/net/udp", "/proc/self/net/udp6"] {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        for line in text.lines().skip(1) {
            let f: Vec<&str> = line.split_whitespace().collect();
            if f.len() > 9 && inodes.contains(f[9]) {
                out.push((addr(f[1]), addr(f[2])));
            }
        }
    }
    out
}

/// A host in the local mode listens on 127.0.0.1 and ::1 only: every UDP socket the process
/// opened is bound to one of them (none on 0.0.0.0 or ::, which would answer from every
/// address of the machine). A socket connected elsewhere is the network monitor's route
/// lookup, which sends nothing (see the strace test above) and listens to nobody.
#[test]
fn a_local_host_binds_loopback_only() {
    use fief::net::host::{Host, HostConfig};
    let scratch = common::Scratch::new("net-local", "sockets");
    let dir = scratch.0.clone();
    let rt = common::rt();
    rt.block_on(async {
        let host = Host::start(HostConfig::new(&dir, Reach::Local))
            .await
            .unwrap();
        let sockets = own_udp_sockets();
        assert!(
            sockets.iter().any(|(l, _)| l.ip().is_loopback()),
            "no loopback socket found: {sockets:?}"
        );
        for (local, remote) in &sockets {
            if !remote.ip().is_unspecified() {
                continue;
            }
            let ip = local.ip();
            assert!(
                ip == std::net::Ipv4Addr::LOCALHOST || ip == std::net::Ipv6Addr::LOCALHOST,
                "a socket bound to {local}: {sockets:?}"
            );
        }
        host.close().await;
    });
}
