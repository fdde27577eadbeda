//! Shared helpers for the cross-crate test suites in `tests/tests/`.

pub mod random;
pub mod reference;
