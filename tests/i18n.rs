//! The app speaks the reader's language: run with LANGUAGE=fr (or de), the real binary finds
//! the translations built with it and prints French (or German). Needs no display.
#![cfg(feature = "gui")]

use std::process::Command;

fn help(language: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_fief"))
        .arg("--help")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8")
        .env("LANGUAGE", language)
        .output()
        .expect("the app runs");
    assert!(out.status.success());
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn with_language_fr_the_app_speaks_french() {
    let fr = help("fr");
    assert!(fr.contains("Utilisation : fief"), "{fr}");
    assert!(fr.contains("afficher cette aide"), "{fr}");
}

#[test]
fn with_language_de_the_app_speaks_german() {
    let de = help("de");
    assert!(de.contains("Aufruf: fief"), "{de}");
}

#[test]
fn without_a_translation_the_app_speaks_english() {
    let en = help("en");
    assert!(en.starts_with("Usage: fief"), "{en}");
    // A language without a catalogue falls back to English too.
    assert!(help("xx").starts_with("Usage: fief"));
}

/// The language is honoured however it is asked, even where no locale of it was generated
/// (a machine with only C.UTF-8): LANGUAGE alone, LANG alone, LC_ALL alone.
#[test]
fn the_language_is_honoured_without_its_locale() {
    let run = |vars: &[(&str, &str)]| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_fief"));
        c.arg("--help").env_clear();
        for (k, v) in vars {
            c.env(k, v);
        }
        let out = c.output().expect("the app runs");
        assert!(out.status.success());
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    assert!(run(&[("LANGUAGE", "fr")]).contains("Utilisation : fief"));
    assert!(run(&[("LANG", "fr_FR.UTF-8")]).contains("Utilisation : fief"));
    assert!(run(&[("LC_ALL", "de_DE.UTF-8")]).contains("Aufruf: fief"));
    assert!(run(&[("LANG", "de_DE.UTF-8"), ("LANGUAGE", "fr")]).contains("Utilisation : fief"));
    assert!(run(&[]).starts_with("Usage: fief"));
}
