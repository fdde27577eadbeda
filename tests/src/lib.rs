//! Shared helpers for the cross-crate test suites live in `tests/`.
