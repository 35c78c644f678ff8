//! The documentation as a reader follows it: the README keeps the two commands a fresh
//! machine needs, and every relative link of the README and of docs/ names a file that
//! exists (the reference moved to docs/, so a renamed page must not leave a dead link).

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The targets of the markdown links `](target)` in `text`, without their `#anchor`,
/// leaving out web addresses.
fn relative_links(text: &str) -> Vec<String> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split_once(')'))
        .map(|(target, _)| target.split('#').next().unwrap_or("").to_string())
        .filter(|t| !t.is_empty() && !t.contains("://"))
        .collect()
}

#[test]
fn the_readme_keeps_the_two_commands_of_a_fresh_machine() {
    let readme = read(&root().join("README.md"));
    for line in [
        "cargo run --release     # the arcade",
        "cargo test              # the tests (no terminal or network needed)",
    ] {
        assert!(readme.lines().any(|l| l == line), "README lost {line:?}");
    }
}

#[test]
fn every_relative_link_of_the_docs_names_a_file() {
    let mut pages = vec![root().join("README.md"), root().join("ARCHITECTURE.md")];
    for entry in std::fs::read_dir(root().join("docs")).expect("docs/") {
        let path = entry.expect("docs/ entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    assert!(
        pages.len() >= 7,
        "README, ARCHITECTURE and the docs: {pages:?}"
    );
    let mut checked = 0;
    for page in &pages {
        let dir = page.parent().expect("a page's folder");
        for link in relative_links(&read(page)) {
            assert!(
                dir.join(&link).exists(),
                "{} links to {link}, which does not exist",
                page.display()
            );
            checked += 1;
        }
    }
    // The README links each page of docs/.
    let readme = read(&root().join("README.md"));
    for page in &pages[2..] {
        let name = page.file_name().and_then(|n| n.to_str()).expect("a name");
        assert!(
            readme.contains(&format!("](docs/{name})")),
            "README does not link docs/{name}"
        );
    }
    assert!(checked > 10, "only {checked} links found");
}
