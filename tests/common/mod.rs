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
