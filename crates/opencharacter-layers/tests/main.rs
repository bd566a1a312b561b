//! The crate's integration tests, as one test binary (one link instead of one per file).

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

mod common;

mod games;
mod properties;
mod seed;
mod spanish;
