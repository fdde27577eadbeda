//! Fuzzes the KI2 reader (moves resolved against the legal moves): decoding and reading
//! must never panic, and whatever is read must survive a write → read round trip.

#![no_main]

use libfuzzer_sys::fuzz_target;
use yosei_io::encoding::decode_text;
use yosei_io::ki2::{read_ki2, write_ki2};

fuzz_target!(|data: &[u8]| {
    let text = match decode_text(data) {
        Ok(text) => text,
        Err(err) => {
            assert!(err.line >= 1, "{err}");
            String::from_utf8_lossy(data).into_owned()
        }
    };
    if let Ok(problem) = read_ki2(&text) {
        // Every move read was legal where it was played, so the problem can be written.
        let written = match write_ki2(&problem) {
            Ok(written) => written,
            Err(err) => panic!("a KI2 that was read cannot be written: {err}"),
        };
        match read_ki2(&written) {
            Ok(again) => assert_eq!(again, problem, "{written}"),
            Err(err) => panic!("written KI2 does not read back: {err}\n{written}"),
        }
    }
});
