//! The modules are layered: each uses only the modules below it, so the
//! rules never name the search, the search never names a variant, and no
//! two modules import each other. The check reads the sources of the
//! core, the board crate and the binary crate: a `crate::NAME` path outside test code (a `tests.rs` or
//! `testing.rs` file, or what follows a file's `#[cfg(test)] mod`) must name
//! the module itself or one of a lower layer than its own.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The core's modules, bottom first; modules of one layer may not use each
/// other.
const CORE: &[&[&str]] = &[
    &[
        "rng", "sync", "prefetch", "checksum", "files", "parallel", "scratch",
    ],
    &["game"],
    &["variants"],
    &["perft", "search"],
    &["tables"],
    &["registry"],
    &["book"],
];

/// The binary crate's library modules above the core's (which it
/// re-exports under their names), bottom first.
const BINARY: &[&[&str]] = &[
    &["bench", "think", "referee", "datagen"],
    // The board crate's, re-exported: below what uses it.
    &["ogn"],
    &["tune", "protocol"],
    &["play", "web"],
];

/// The board crate's modules (crates/awale-board, above the core, below
/// the binary and the WebAssembly engine), bottom first.
const BOARD: &[&[&str]] = &[
    &["errors", "notation", "result", "think"],
    &["records", "mind"],
    &["saved"],
    &["ogn"],
    &["state"],
    &["games"],
    &["calls"],
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file below `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// `text` without its test code and comments.
fn production_code(text: &str) -> String {
    let end = text
        .find("#[cfg(test)]\nmod ")
        .or_else(|| text.find("#[cfg(test)]\npub(crate) mod "))
        .unwrap_or(text.len());
    text[..end]
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first segments of the `crate::` paths of `code`, those of a
/// `use crate::{a, b::c}` group included.
fn used_modules(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        let before_ok = !rest[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$');
        rest = &rest[i + "crate::".len()..];
        if !before_ok {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let close = group.find('}').unwrap_or(group.len());
            let mut depth = 0usize;
            let mut item = String::new();
            let mut items = Vec::new();
            for c in group[..close].chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth = depth.saturating_sub(1),
                    ',' if depth == 0 => items.push(std::mem::take(&mut item)),
                    c => item.push(c),
                }
            }
            items.push(item);
            for item in items {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    names.insert(name);
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            names.insert(name);
        }
    }
    names
}

/// The layer of `module` in `layers`.
fn layer_of(layers: &[&[&str]], module: &str) -> Option<usize> {
    layers.iter().position(|l| l.contains(&module))
}

/// The imports of the crate in `src` that break `layers`: `file: module ->
/// used`. Modules under `below` (the core, for the binary crate) may be
/// used by every module of `layers`.
fn breaches(src: &Path, layers: &[&[&str]], below: &[&[&str]]) -> Vec<String> {
    let mut found = Vec::new();
    for file in sources(src) {
        let rel = file.strip_prefix(src).unwrap();
        let name = rel.file_name().unwrap().to_str().unwrap();
        let top = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_str()
            .unwrap();
        let module = top.trim_end_matches(".rs");
        let Some(own) = layer_of(layers, module) else {
            continue;
        };
        if name == "tests.rs" || name == "testing.rs" {
            continue;
        }
        let code = production_code(&fs::read_to_string(&file).unwrap());
        for used in used_modules(&code) {
            if used == module || layer_of(below, &used).is_some() {
                continue;
            }
            match layer_of(layers, &used) {
                Some(l) if l < own => {}
                _ => found.push(format!("{}: {module} -> {used}", rel.display())),
            }
        }
    }
    found
}

/// Fails with the list of [`breaches`] of the crate in `src`, if any.
fn assert_layered(src: &str, layers: &[&[&str]], below: &[&[&str]]) {
    let found = breaches(&root().join(src), layers, below);
    assert!(
        found.is_empty(),
        "imports up or across:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_core_uses_only_lower_layers() {
    assert_layered("crates/awale-core/src", CORE, &[]);
}

#[test]
fn the_binary_crate_uses_only_lower_layers() {
    assert_layered("src", BINARY, CORE);
}

#[test]
fn the_board_crate_uses_only_lower_layers() {
    assert_layered("crates/awale-board/src", BOARD, &[]);
}

#[test]
fn every_module_has_a_layer() {
    for (src, layers) in [
        (root().join("crates/awale-core/src"), CORE),
        (root().join("crates/awale-board/src"), BOARD),
        (root().join("src"), BINARY),
    ] {
        let lib = fs::read_to_string(src.join("lib.rs")).unwrap();
        for line in lib.lines() {
            let Some(rest) = line.trim().strip_prefix("pub mod ") else {
                continue;
            };
            let module = rest.trim_end_matches(';');
            assert!(
                layer_of(layers, module).is_some(),
                "{module} of {} has no layer in tests/layers.rs",
                src.display()
            );
        }
    }
}

#[test]
fn an_upward_import_in_a_crate_is_a_breach() {
    let src = crate::common::scratch::dir("layers");
    fs::create_dir_all(src.join("search")).unwrap();
    fs::write(src.join("game.rs"), "use crate::rng::Rng;\n").unwrap();
    let upward = "use crate::{game::Game, tables::Probe};\n#[cfg(test)]\nmod tests {\n    use crate::book;\n}\n";
    fs::write(src.join("search/mod.rs"), upward).unwrap();
    fs::write(src.join("search/tests.rs"), "use crate::book::Book;\n").unwrap();
    assert_eq!(
        breaches(&src, CORE, &[]),
        ["search/mod.rs: search -> tables"]
    );
}

#[test]
fn an_upward_import_is_found() {
    let code = "use crate::{game::Line, search::Searcher};\nfn f() { crate::tables::probe(); }";
    let used = used_modules(code);
    assert_eq!(
        used.into_iter().collect::<Vec<_>>(),
        ["game", "search", "tables"]
    );
    assert!(used_modules("use awale_core::game;").is_empty());
    let test_only = "use crate::game;\n#[cfg(test)]\nmod tests {\n use crate::book;\n}";
    assert_eq!(used_modules(&production_code(test_only)).len(), 1);
}
