//! The integration tests: black-box tests that drive the built binary
//! through pipes as a referee would, and property tests of the library's
//! public interface. Each file of `tests/` is a module here, so the suite
//! builds as one test binary (run one file's tests with
//! `cargo test --release --test integration FILE::`).

mod common;

mod analyze;
mod analyze_game;
mod arbiter;
mod bench;
mod book;
mod colors12_cli;
mod colors12_course;
mod colors12_reference;
mod colors16_cli;
mod colors16_examples;
mod colors16_reference;
mod conformance;
mod datagen_cli;
mod docs;
mod eval;
mod hostile_files;
mod layers;
mod match_mock;
mod match_selfplay;
mod ogn;
mod openings_file;
mod oware_properties;
mod perft;
mod play_pipe;
mod protocol;
mod protocol_fuzz;
mod protocol_latency;
mod referee_overhead;
mod search;
mod search_colors;
mod search_selfplay;
mod tables_cli;
mod transparent_cli;
mod transparent_examples;
mod transparent_reference;
mod tune_cli;
mod two_plies;
mod web_api;
mod web_browser;
mod web_static;

/// Every `.rs` file of `tests/` is declared above: a file left out would
/// compile nowhere and its tests would silently never run.
#[test]
fn every_test_file_is_a_module() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let root = std::fs::read_to_string(dir.join("main.rs")).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if path.extension().is_some_and(|e| e == "rs") && stem != "main" {
            assert!(
                root.contains(&format!("\nmod {stem};\n")),
                "tests/{stem}.rs is not a module of tests/main.rs"
            );
        }
    }
}
