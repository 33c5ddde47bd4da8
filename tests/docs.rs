//! The documents point at what exists: every relative link of the Markdown
//! files resolves to a file of the repository (the README once linked a
//! `RULES.md` that was never written), and the licence file matches the
//! licence `Cargo.toml` declares.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Markdown files of the repository's top level and of `docs/`.
fn documents() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in [root(), root().join("docs")] {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files
}

/// The targets of the `[text](target)` links of `text`.
fn link_targets(text: &str) -> Vec<&str> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .collect()
}

#[test]
fn relative_links_lead_to_files_of_the_repository() {
    let docs = documents();
    assert!(docs.iter().any(|d| d.ends_with("README.md")), "{docs:?}");
    assert!(
        docs.iter().any(|d| d.ends_with("docs/rules.md")),
        "{docs:?}"
    );
    for doc in &docs {
        let text = fs::read_to_string(doc).unwrap();
        let dir = doc.parent().unwrap();
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with('#') {
                continue;
            }
            let file = target.split('#').next().unwrap();
            assert!(
                Path::new(dir).join(file).exists(),
                "{}: the link to {target} leads nowhere",
                doc.display()
            );
        }
        assert!(
            !text.contains("RULES.md"),
            "{}: names RULES.md, which docs/rules.md replaces",
            doc.display()
        );
    }
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    assert!(
        readme.contains("](docs/rules.md)"),
        "the README links the rules"
    );
}

#[test]
fn the_licence_file_is_the_one_cargo_toml_declares() {
    let manifest = fs::read_to_string(root().join("Cargo.toml")).unwrap();
    assert!(manifest.contains("license = \"MIT\""), "{manifest}");
    let licence = fs::read_to_string(root().join("LICENSE")).unwrap();
    assert!(licence.starts_with("MIT License"), "{licence}");
}

/// `scripts/sprt.sh --help` exits 0 and names every environment variable
/// the script reads (`${NAME:-...}` or `${NAME:+...}`), so the help is the
/// whole of its settings.
#[test]
fn sprt_help_names_every_variable_it_reads() {
    let script = root().join("scripts/sprt.sh");
    let out = std::process::Command::new("bash")
        .arg(&script)
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let help = String::from_utf8_lossy(&out.stdout);
    let text = fs::read_to_string(&script).unwrap();
    let mut names = Vec::new();
    for piece in text.split("${").skip(1) {
        let name: String = piece
            .chars()
            .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
            .collect();
        if !name.is_empty()
            && (piece[name.len()..].starts_with(":-") || piece[name.len()..].starts_with(":+"))
        {
            names.push(name);
        }
    }
    assert!(names.len() >= 10, "{names:?}");
    for name in &names {
        assert!(
            help.contains(name.as_str()),
            "--help does not name {name}: {help}"
        );
    }
}
