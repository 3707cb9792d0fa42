//! Shared helpers for the workspace-level integration tests.

pub mod robust;
