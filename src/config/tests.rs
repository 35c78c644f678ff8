use super::limits::mem_total_mib;
use super::*;

fn parse(text: &str) -> Result<Config, ConfigError> {
    // The games' own sections and keys are checked by the registry's rules, at the
    // composition root.
    Config::parse_checked(text, Path::new("/tmp/c.toml"), &|c| {
        crate::arcade::registry().check_config(c)
    })
}

#[test]
fn built_in_file_matches_the_defaults_in_code() {
    let mut parsed = parse(DEFAULT_CONFIG).unwrap();
    // The games' own keys are written in the file for the reader; in code each game
    // declares its defaults (`GameKind::keys`): they must agree.
    let games = crate::arcade::registry();
    for (name, value) in std::mem::take(&mut parsed.keys.games) {
        let declared = games
            .own_keys()
            .iter()
            .flat_map(|(_, keys)| keys.iter())
            .find(|k| k.name == name)
            .map(|k| k.default.to_string());
        assert_eq!(value.as_str().map(str::to_string), declared, "keys.{name}");
    }
    // Each game's section is written in the file for the reader; in code each game's
    // type has its defaults: they must agree.
    for game in games.all() {
        let Some(section) = game.kind().config_section() else {
            continue;
        };
        assert!(
            section.is_written(&parsed),
            "[{}] is documented",
            section.name()
        );
        assert!(section.is_default(&parsed), "[{}]", section.name());
    }
    parsed.games = GameSections::default();
    assert_eq!(parsed, Config::default());
}

/// A game's section as a test reads it (the config knows no game's type).
#[derive(Debug, Default, PartialEq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
struct Piles {
    piles: Vec<u8>,
    misere: bool,
}

const PILES: Section<Piles> = Section::new("nim");

#[test]
fn user_values_override_and_the_rest_keep_defaults() {
    let c = parse("[nim]\npiles = [1, 2]\n[ui]\nai_delay_ms = 0\n").unwrap();
    assert_eq!(
        PILES.read(&c),
        Piles {
            piles: vec![1, 2],
            misere: false
        }
    );
    assert_eq!(PILES.try_read(&c), Ok(PILES.read(&c)));
    assert_eq!(c.ui.ai_delay_ms, 0);
    assert_eq!(c.keys, KeyConfig::default());
}

#[test]
fn unknown_key_names_line_and_key() {
    let e = parse("[ui]\nmouse = true\nspeed = 3\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 3"), "{e}");
    assert!(e.contains("speed"), "{e}");
    assert!(e.contains("/tmp/c.toml"), "{e}");
}

#[test]
fn wrong_type_names_line_and_key() {
    let e = parse("[ui]\n\nai_delay_ms = \"slow\"\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 3"), "{e}");
    assert!(e.contains("ui.ai_delay_ms"), "{e}");
}

#[test]
fn broken_toml_names_the_line() {
    let e = parse("[ui\nmouse = true\n").unwrap_err().to_string();
    assert!(e.contains("line 1"), "{e}");
}

#[test]
fn invalid_values_name_line_and_key() {
    let e = parse("[nim]\nmisere = true\npiles = [0, 3]\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 3") && e.contains("nim.piles"), "{e}");
    let e = parse("[colors]\naccent = \"sparkly\"\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 2") && e.contains("colors.accent"), "{e}");
    let e = parse("[keys]\nquit = \"h\"\n").unwrap_err().to_string();
    assert!(e.contains("already bound"), "{e}");
    assert!(e.contains("line 2") && e.contains("keys.quit"), "{e}");
    let e = parse("[wl]\nmin_len = 0\n").unwrap_err().to_string();
    assert!(e.contains("line 2") && e.contains("wl.min_len"), "{e}");
    let e = parse("[wl]\nmin_len = 60\n").unwrap_err().to_string();
    assert!(e.contains("line 2") && e.contains("wl.min_len"), "{e}");
    let e = parse("[ai]\ndifficulty = \"godlike\"\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 2") && e.contains("ai.difficulty"), "{e}");
}

#[test]
fn an_unknown_theme_names_the_themes_there_are() {
    let e = parse("[colors]\ntheme = \"neon\"\n")
        .expect_err("not a theme")
        .to_string();
    assert!(e.contains("colors.theme") && e.contains("line 2"), "{e}");
    for name in ["dark", "light", "okabe-ito", "mono"] {
        assert!(e.contains(name), "{e}");
    }
}

#[test]
fn total_memory_is_read_from_meminfo() {
    let meminfo = "MemTotal:       16318412 kB\nMemFree:         1000 kB\n";
    assert_eq!(mem_total_mib(meminfo), Some(15935));
    assert_eq!(mem_total_mib("MemFree: 1 kB\n"), None);
    assert_eq!(mem_total_mib("MemTotal: lots\n"), None);
}

#[test]
fn the_table_limit_is_a_quarter_of_memory_within_fixed_bounds() {
    assert_eq!(table_mib_limit(Some(16_384)), 4096);
    assert_eq!(table_mib_limit(Some(1_000_000)), MAX_TABLE_MIB);
    // Never below the default, so the defaults are valid everywhere.
    assert_eq!(table_mib_limit(Some(100)), 64);
    assert_eq!(table_mib_limit(None), FALLBACK_MAX_TABLE_MIB);
    let max = max_table_mib();
    assert!((64..=MAX_TABLE_MIB).contains(&max), "{max}");
}

#[test]
fn table_mib_is_bounded_by_the_machine() {
    let max = max_table_mib();
    let ok = parse(&format!("[solver]\ntable_mib = {max}\n")).unwrap();
    assert_eq!(ok.solver.table_mib, max);
    for bad in [0, u64::from(max) + 1, 16_385, 4_294_967_295] {
        let e = parse(&format!(
            "[ui]\nmouse = true\n[solver]\n\ntable_mib = {bad}\n"
        ))
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("line 5") && e.contains("solver.table_mib"),
            "{e}"
        );
        assert!(e.contains(&bad.to_string()), "{e}");
        assert!(e.contains(&format!("1-{max} MiB")), "{e}");
        assert!(!e.contains("max_millis"), "{e}");
    }
}

#[test]
fn max_millis_is_bounded_like_max_seconds() {
    let ok = parse("[solver]\nmax_millis = 86400000\n").unwrap();
    assert_eq!(ok.solver.max_millis, MAX_MILLIS);
    for bad in [0, MAX_MILLIS + 1, u64::MAX] {
        let e = parse(&format!("[solver]\ntable_mib = 8\nmax_millis = {bad}\n"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("line 3") && e.contains("solver.max_millis"),
            "{e}"
        );
        assert!(
            e.contains(&bad.to_string()) && e.contains("1-86400000"),
            "{e}"
        );
        assert!(!e.contains("table_mib"), "{e}");
    }
}

#[test]
fn clip_message_cuts_quoted_parts_and_the_whole() {
    let m = clip_message(&format!(
        "invalid type: string \"{}\", expected u64",
        "x\\\"".repeat(50_000)
    ));
    assert!(m.ends_with(" characters)\", expected u64"), "{m}");
    assert!(m.len() < 200, "{m}");
    assert!(clip_message(&"y".repeat(100_000)).chars().count() <= 401);
}

/// Every message about a 100,000-character value quotes only a short part of it.
#[test]
fn huge_bad_values_make_short_messages() {
    let huge = "z".repeat(100_000);
    let piles = vec!["0"; 50_000].join(", ");
    for (text, key) in [
        (format!("[keys]\nquit = \"{huge}\"\n"), "keys.quit"),
        (format!("[keys]\nright = [\"{huge}\"]\n"), "keys.right"),
        (format!("[colors]\naccent = \"{huge}\"\n"), "colors.accent"),
        (
            format!("[ui]\nai_delay_ms = \"{huge}\"\n"),
            "ui.ai_delay_ms",
        ),
        (format!("[ai]\ndifficulty = \"{huge}\"\n"), "ai.difficulty"),
        (format!("[ui]\n{huge} = 1\n"), "zzzz"),
        (format!("[keys]\n{huge} = \"x\"\n"), "keys.zzzz"),
        (format!("[nim]\npiles = [{piles}]\n"), "nim.piles"),
        (format!("[pnut]\nsymbols = \"{huge}\"\n"), "pnut.symbols"),
    ] {
        let e = parse(&text).unwrap_err().to_string();
        assert!(e.len() < 700, "{} bytes: {}", e.len(), clip(&e));
        assert!(e.contains(key), "{e}");
        // An unknown name in [keys] is found after parsing: blamed on the table.
        let line = if key == "keys.zzzz" {
            "line 1"
        } else {
            "line 2"
        };
        assert!(e.contains(line), "{e}");
    }
}

#[test]
fn a_duplicate_key_names_the_key_and_both_lines() {
    let e = parse("[ui]\nai_delay_ms = 1\n\nai_delay_ms = 2\n")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("line 4") && e.contains("key `ui.ai_delay_ms`"),
        "{e}"
    );
    assert!(e.contains("duplicate") && e.contains("line 2"), "{e}");
    let e = parse("ui.mouse = true\n[ui] # again\nmouse = false\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 2") && e.contains("`ui`"), "{e}");
    let e = parse("[nim] # the piles\npiles = [1]\n[ui]\nmouse = true\n[nim]\nmisere = true\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 5") && e.contains("nim"), "{e}");
}

#[test]
fn errors_in_dotted_keys_and_inline_tables_name_the_key_and_its_line() {
    let e = parse("# mine\nui.mouse = true\nui.ai_delay_ms = \"x\"\n")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("line 3") && e.contains("key `ui.ai_delay_ms`"),
        "{e}"
    );
    let e = parse("ui = { mouse = true,\n  ai_delay_ms = \"x\" }\n")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("line 2") && e.contains("key `ui.ai_delay_ms`"),
        "{e}"
    );
    let e = parse("[ui] # comment\n\nai_delay_ms = \"x\"\n")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("line 3") && e.contains("key `ui.ai_delay_ms`"),
        "{e}"
    );
    // Invalid values (checked after parsing) too.
    let e = parse("# mine\n\nui.ai_delay_ms = 20000\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 3") && e.contains("ui.ai_delay_ms"), "{e}");
    let e = parse("[solver] # limits\nexact_empties = 3\nsolver.max_millis = 1\n");
    assert!(e.is_err(), "solver.solver is not a key");
    let e = parse("solver = { exact_empties = 3,\n max_millis = 0 }\n")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("line 2") && e.contains("solver.max_millis"),
        "{e}"
    );
    let e = parse("[nim]\npiles = [\n  1,\n  0,\n]\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 2") && e.contains("nim.piles"), "{e}");
}

fn load(path: &Path) -> String {
    Config::load(Some(path), &|_| Ok(()))
        .unwrap_err()
        .to_string()
}

#[test]
fn load_refuses_directories_and_devices() {
    let dir = tempfile::tempdir().unwrap();
    let e = load(dir.path());
    assert!(
        e.contains("a directory") && e.contains("not a regular file"),
        "{e}"
    );
    assert!(e.contains(&dir.path().display().to_string()), "{e}");
    let zero = Path::new("/dev/zero");
    if zero.exists() {
        let e = load(zero);
        assert!(e.contains("/dev/zero") && e.contains("a device"), "{e}");
    }
}

#[test]
fn the_null_device_is_an_empty_config() {
    let null = Path::new("/dev/null");
    if null.exists() {
        assert!(is_null_device(null));
        assert_eq!(
            Config::load(Some(null), &|_| Ok(())).unwrap(),
            Config::default()
        );
    }
    // Other devices and regular files are not it.
    assert!(!is_null_device(Path::new("/dev/zero")));
    assert!(!is_null_device(Path::new("config.toml")));
}

#[test]
fn load_refuses_a_fifo_without_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("config.toml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: no mkfifo");
        return;
    }
    let e = load(&fifo);
    assert!(
        e.contains("FIFO") && e.contains("not a regular file"),
        "{e}"
    );
}

#[test]
fn load_refuses_a_file_over_the_size_limit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.toml");
    let fits = format!("{}\n", "#".repeat(MAX_CONFIG_BYTES as usize - 1));
    std::fs::write(&path, &fits).unwrap();
    assert_eq!(
        Config::load(Some(&path), &|_| Ok(())).unwrap(),
        Config::default()
    );
    std::fs::write(&path, format!("{fits}#")).unwrap();
    let e = load(&path);
    assert!(
        e.contains("big.toml") && e.contains("larger than 1024 KiB"),
        "{e}"
    );
    std::fs::write(&path, b"[ui]\nmouse = \xff\n").unwrap();
    let e = load(&path);
    assert!(e.contains("big.toml") && e.contains("not UTF-8"), "{e}");
}

#[test]
fn threads_are_bounded_with_a_clear_message() {
    assert_eq!(parse("[solver]\n").unwrap().solver.threads, 0);
    let ok = parse("[solver]\nthreads = 2\n").unwrap();
    assert_eq!(ok.solver.threads, 2);
    for bad in [MAX_THREADS + 1, 1000] {
        let e = parse(&format!("[solver]\nthreads = {bad}\n"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("solver.threads"), "{e}");
        assert!(e.contains("expected 1-64 threads, or 0"), "{e}");
    }
    assert!(parse("[solver]\nthreads = -1\n").is_err());
}

#[test]
fn an_unknown_section_is_refused_at_its_line_naming_the_sections_there_are() {
    let e = parse("[ui]\nmouse = true\n\n[chess]\nclock = 5\n")
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "config file /tmp/c.toml, line 4, column 2, key `chess`: unknown field `chess`, \
         expected one of `ui`, `ai`, `keys`, `colors`, `nim`, `sugar_packets`, `chopsticks`, \
         `othello`, `pnut`, `wl`, `solver`"
    );
    // Written as a key, it is found the same way.
    let e = parse("# mine\nchess = 3\n").unwrap_err().to_string();
    assert!(e.contains("line 2, column 1, key `chess`"), "{e}");
    // With no check, the config keeps it unread.
    let unchecked = Config::parse_checked("[chess]\n", Path::new("/tmp/c.toml"), &|_| Ok(()));
    assert!(unchecked.is_ok());
}

#[test]
fn a_game_section_that_does_not_read_is_reported_where_it_is_written() {
    let e = parse("\n[nim]\npiles = \"x\"\n").unwrap_err().to_string();
    assert_eq!(
        e,
        "config file /tmp/c.toml, line 3, column 9, key `nim.piles`: invalid type: string \"x\", expected a sequence"
    );
    let e = parse("[nim]\nmisere = true\nspeed = 3\n")
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "config file /tmp/c.toml, line 3, column 1, key `nim.speed`: unknown field `speed`, expected one of `piles`, `misere`, `first`"
    );
    let e = parse("nim = { piles = [1, \"a\"] }\n")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("line 1, column 21, key `nim.piles`: invalid type: string \"a\", expected u8"),
        "{e}"
    );
    let e = parse("[sugar_packets]\nfirst = \"nobody\"\n")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("line 2, column 9, key `sugar_packets.first`: unknown variant `nobody`"),
        "{e}"
    );
}

#[test]
fn a_section_reads_as_its_type_or_says_where_not() {
    let c = Config::parse("[nim]\n\nmisere = 3\n", Path::new("x.toml")).unwrap();
    // Unchecked, a read gives the defaults; the checked read says why.
    assert_eq!(PILES.read(&c), Piles::default());
    match PILES.try_read(&c) {
        Err(Problem::Unreadable {
            message,
            span: Some(span),
        }) => {
            assert!(message.contains("invalid type: integer `3`"), "{message}");
            assert_eq!(&"[nim]\n\nmisere = 3\n"[span], "3");
        }
        other => panic!("{other:?}"),
    }
    // No section: the defaults; a section set in code reads too.
    let mut c = Config::default();
    assert_eq!(PILES.try_read(&c), Ok(Piles::default()));
    c.set_section_key("nim", "misere", true);
    assert!(PILES.read(&c).misere);
    assert_ne!(c, Config::default());
}
