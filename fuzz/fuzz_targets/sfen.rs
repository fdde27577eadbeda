//! Fuzzes the SFEN and USI move readers: they must never panic, and whatever they accept
//! must survive a write → read round trip unchanged.

#![no_main]

use libfuzzer_sys::fuzz_target;
use yosei_io::{parse_sfen, parse_usi_move, write_sfen, write_usi_move};

fuzz_target!(|data: &[u8]| {
    // Lossy decoding keeps every input useful; invalid UTF-8 becomes U+FFFD, which the
    // readers must reject gracefully like any other stray character.
    let text = String::from_utf8_lossy(data);

    if let Ok(record) = parse_sfen(&text) {
        let written = write_sfen(&record.setup);
        match parse_sfen(&written) {
            Ok(again) => assert_eq!(again.setup, record.setup, "{written}"),
            Err(err) => panic!("written SFEN {written:?} does not read back: {err}"),
        }
        for &m in &record.moves {
            assert_eq!(parse_usi_move(&write_usi_move(m)), Ok(m));
        }
    }

    if let Ok(m) = parse_usi_move(&text) {
        assert_eq!(parse_usi_move(&write_usi_move(m)), Ok(m));
    }
});
