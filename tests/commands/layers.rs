//! `.ci/layers`, the import rule of ARCHITECTURE.md, catches a forbidden import and
//! passes a tree that keeps the rule (run on small made-up trees, then on ours).

use std::path::Path;
use std::process::Command;

/// Runs a copy of `.ci/layers` in a tree whose `src/` holds `files`.
fn layers_on(files: &[(&str, &str)]) -> std::process::Output {
    let tree = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(tree.path().join(".ci")).expect(".ci");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/layers");
    std::fs::copy(&script, tree.path().join(".ci/layers")).expect("copy the script");
    for (path, text) in files {
        let path = tree.path().join("src").join(path);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
        std::fs::write(path, text).expect("write");
    }
    Command::new("bash")
        .arg(tree.path().join(".ci/layers"))
        .output()
        .expect("bash runs")
}

#[test]
fn the_layer_check_refuses_a_game_imported_by_the_shell() {
    let out = layers_on(&[
        ("lib.rs", "pub mod games;\npub mod tui;\n"),
        ("games/mod.rs", "pub struct Nim;\n"),
        ("tui/mod.rs", "use crate::games::Nim;\n"),
    ]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("src/tui/mod.rs imports crate::games, which src/tui may not"),
        "{said}"
    );
}

#[test]
fn the_layer_check_lets_unit_tests_and_comments_through() {
    let out = layers_on(&[
        ("lib.rs", "pub mod games;\npub mod tui;\n"),
        ("games/mod.rs", "pub struct Nim;\n"),
        (
            "tui/mod.rs",
            "// crate::games is named in a comment\n#[cfg(test)]\nmod tests {\n    use crate::games::Nim;\n}\n",
        ),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_layer_check_wants_every_module_placed() {
    let out = layers_on(&[("lib.rs", "pub mod extra;\n"), ("extra.rs", "\n")]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("src/extra is not in .ci/layers"));
}

#[test]
fn this_tree_keeps_the_layer_rule() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/layers");
    let out = Command::new("bash")
        .arg(script)
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
