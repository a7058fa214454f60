//! A host run inside a program that is not async (the app): its own small runtime, and
//! blocking calls that each take a moment at most. The host keeps its tables in its folder,
//! so a host started again there brings them back, with the same invitations.

use super::host::{Host, HostConfig, TableSpec};
use super::ticket::Ticket;
use super::transport::Reach;
use crate::bots::{Budget, Level};
use std::path::Path;
use std::time::Duration;

/// A running host with its runtime; dropping it stops the host.
pub struct Hosting {
    rt: tokio::runtime::Runtime,
    host: Option<Host>,
}

impl Hosting {
    /// Starts a host keeping its tables in `data`, reaching as far as `reach`.
    pub fn start(data: &Path, reach: Reach, hard_budget: Budget) -> Result<Hosting, String> {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("fief-host")
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the network: {e}"))?;
        let mut cfg = HostConfig::new(data, reach);
        cfg.hard_budget = hard_budget;
        let host = rt.block_on(Host::start(cfg))?;
        Ok(Hosting {
            rt,
            host: Some(host),
        })
    }

    fn host(&self) -> Result<&Host, String> {
        self.host
            .as_ref()
            .ok_or_else(|| "the host has stopped".to_string())
    }

    /// Sets a new table; returns its id.
    pub fn new_table(&self, spec: TableSpec) -> Result<String, String> {
        self.rt.block_on(self.host()?.new_table(spec))
    }

    /// The invitation to `table`.
    pub fn ticket(&self, table: &str) -> Result<Ticket, String> {
        Ok(self.host()?.ticket(table))
    }

    /// Whether the host keeps `table`.
    pub fn has(&self, table: &str) -> bool {
        self.host()
            .is_ok_and(|h| h.tables().iter().any(|t| t == table))
    }

    /// Starts `table`'s game now, a bot of `level` in each seat nobody took.
    pub fn start_now(&self, table: &str, level: Level) -> Result<(), String> {
        self.rt.block_on(self.host()?.start_now(table, level))
    }

    /// Closes `table` for good.
    pub fn close_table(&self, table: &str) -> Result<(), String> {
        self.rt.block_on(self.host()?.close_table(table))
    }
}

impl Drop for Hosting {
    fn drop(&mut self) {
        if let Some(host) = self.host.take() {
            // The players are told at once rather than when their connections time out.
            let _ = self.rt.block_on(async {
                tokio::time::timeout(Duration::from_secs(2), host.close()).await
            });
        }
    }
}
