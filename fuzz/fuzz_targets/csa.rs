//! Fuzzes the CSA reader: it must never panic, and whatever it accepts must survive a
//! write → read round trip unchanged.

#![no_main]

use libfuzzer_sys::fuzz_target;
use yosei_io::csa::{read_csa, write_csa};

fuzz_target!(|data: &[u8]| {
    // Lossy decoding keeps every input useful; invalid UTF-8 becomes U+FFFD, which the
    // reader must reject gracefully like any other stray character.
    let text = String::from_utf8_lossy(data);
    if let Ok(problem) = read_csa(&text) {
        let written = write_csa(&problem);
        match read_csa(&written) {
            Ok(again) => assert_eq!(again, problem, "{written}"),
            Err(err) => panic!("written CSA {written:?} does not read back: {err}"),
        }
    }
});
