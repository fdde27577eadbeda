//! Shared helpers for the cross-crate test suites in `tests/tests/`.

pub mod fairy_positions;
pub mod micro;
pub mod random;
pub mod reference;
pub mod support;
pub mod tanuki;
