//! Fuzzes the KIF reader: decoding and reading must never panic, and whatever is read
//! must survive a write → read round trip unchanged.

#![no_main]

use libfuzzer_sys::fuzz_target;
use yosei_io::encoding::decode_text;
use yosei_io::kif::{read_kif, write_kif};

fuzz_target!(|data: &[u8]| {
    // The bytes as a file (UTF-8 or Shift_JIS); when they are neither, lossy UTF-8 still
    // exercises the reader with whatever text they hold.
    let text = match decode_text(data) {
        Ok(text) => text,
        Err(err) => {
            assert!(err.line >= 1, "{err}");
            String::from_utf8_lossy(data).into_owned()
        }
    };
    if let Ok(problem) = read_kif(&text) {
        let written = write_kif(&problem);
        match read_kif(&written) {
            Ok(again) => assert_eq!(again, problem, "{written}"),
            Err(err) => panic!("written KIF does not read back: {err}\n{written}"),
        }
    }
});
