//! Fuzzes the reader of fm's one-line form: it must never panic, whatever it accepts
//! must survive a write → read round trip unchanged, and `read_fm` must agree with
//! `read_fm_lines` on a single problem.

#![no_main]

use libfuzzer_sys::fuzz_target;
use yosei_io::fm::{read_fm, read_fm_lines, write_fm};

fuzz_target!(|data: &[u8]| {
    // Lossy decoding keeps every input useful; invalid UTF-8 becomes U+FFFD, which the
    // reader must reject gracefully like any other stray character.
    let text = String::from_utf8_lossy(data);
    if let Ok(problems) = read_fm_lines(&text) {
        for problem in &problems {
            let written = write_fm(problem);
            match read_fm(&written) {
                Ok(again) => assert_eq!(&again, problem, "{written}"),
                Err(err) => panic!("written fm line {written:?} does not read back: {err}"),
            }
        }
        if let [single] = problems.as_slice() {
            assert_eq!(read_fm(&text).as_ref(), Ok(single));
        }
    }
});
