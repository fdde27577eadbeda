//! The tests' PRNG: yosei-core's SplitMix64.

pub use yosei_core::random::SplitMix64 as Rng;
