//! Replays the fuzz seed corpus (fuzz/seeds/*) through every reader and the format
//! detection: no panic on any of them, and every error names a line.

use std::path::Path;
use yosei_io::{csa, detect, encoding, fm, ki2, kif, native, sfen};

#[test]
fn fuzz_seeds_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds");
    let mut files = 0;
    for dir in std::fs::read_dir(&root).expect("fuzz/seeds exists") {
        let dir = dir.unwrap().path();
        for file in std::fs::read_dir(&dir).unwrap() {
            let bytes = std::fs::read(file.unwrap().path()).unwrap();
            let text = match encoding::decode_text(&bytes) {
                Ok(text) => text,
                Err(e) => {
                    assert!(e.line >= 1);
                    String::from_utf8_lossy(&bytes).into_owned()
                }
            };
            let _ = sfen::parse_sfen(&text);
            let _ = sfen::parse_usi_move(&text);
            let _ = kif::read_kif(&text);
            let _ = ki2::read_ki2(&text);
            let _ = csa::read_csa(&text);
            let _ = fm::read_fm_lines(&text);
            let _ = native::read_native(&text);
            if let Err(e) = detect::read_problems(&text) {
                assert!(e.line >= 1, "{e}");
            }
            files += 1;
        }
    }
    assert!(files >= 20, "{files}");
}
