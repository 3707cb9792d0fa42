//! Shared helpers for the workspace-level integration tests.

pub mod oracle;
pub mod robust;
pub mod scripted;
