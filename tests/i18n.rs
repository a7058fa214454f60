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
