//! Helpers shared by the integration tests (each test file that needs them says `mod common;`).

use std::path::PathBuf;

/// A scratch directory of its own (named by the test file's `prefix` and a `tag`), removed
/// at the end.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(prefix: &str, tag: &str) -> Scratch {
        let p = std::env::temp_dir().join(format!("fief-{prefix}-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        Scratch(p)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A runtime for the network tests: two worker threads, timers and I/O.
#[allow(dead_code)]
pub fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// The variable that tells a test it runs inside the network namespace `in_own_network` made.
const INSIDE: &str = "FIEF_NETNS_INSIDE";

/// For a test that sends multicast (mDNS): true when it runs inside a network namespace of
/// its own and should do its work; otherwise runs test `name` of this binary again inside a
/// new one (`unshare -n`: loopback, a veth pair, a default route of its own, `FIEF_NET=direct`),
/// checks that it passed there, and returns false. No multicast leaves the namespace. A machine
/// that cannot make one (no `unshare`, no right to) tries nothing and says so.
#[allow(dead_code)]
pub fn in_own_network(name: &str) -> bool {
    use std::process::Command;
    if std::env::var_os(INSIDE).is_some() {
        return true;
    }
    // The probe makes what the test needs: a namespace, and a veth pair in it.
    let probe = Command::new("unshare")
        .args([
            "-n", "ip", "link", "add", "fief0", "type", "veth", "peer", "name", "fief1",
        ])
        .output();
    if !matches!(&probe, Ok(o) if o.status.success()) {
        eprintln!("skipped: this machine cannot make a network namespace ({probe:?})");
        return false;
    }
    let script = "ip link set lo up \
        && ip link add fief0 type veth peer name fief1 \
        && ip addr add 10.77.0.1/24 dev fief0 && ip addr add 10.77.0.2/24 dev fief1 \
        && ip link set fief0 up && ip link set fief1 up \
        && ip route add default dev fief0 \
        && exec \"$0\" --exact \"$1\" --nocapture --test-threads=1";
    let out = Command::new("unshare")
        .args(["-n", "sh", "-c", script])
        .arg(std::env::current_exe().unwrap())
        .arg(name)
        .env(INSIDE, "1")
        .env("FIEF_NET", "direct")
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "inside the network namespace:\n{text}"
    );
    assert!(text.contains("1 passed"), "{text}");
    false
}
