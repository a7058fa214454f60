//! Compiles the translations (po/LINGUAS, po/*.po) into .mo files beside the build, so that
//! `cargo run` and the tests find them; `make install` installs its own copies under PREFIX.
//! Without msgfmt (GNU gettext) the app is built untranslated, with a warning.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=po");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("locale");
    println!("cargo:rustc-env=FIEF_BUILD_LOCALEDIR={}", out.display());
    let linguas = std::fs::read_to_string("po/LINGUAS").unwrap_or_default();
    for lang in linguas
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
    {
        let dir = out.join(lang).join("LC_MESSAGES");
        if let Err(e) = std::fs::create_dir_all(&dir) {
            println!("cargo:warning=cannot create {}: {e}", dir.display());
            continue;
        }
        let status = Command::new("msgfmt")
            .arg("--check")
            .arg("-o")
            .arg(dir.join("fief.mo"))
            .arg(format!("po/{lang}.po"))
            .status();
        match status {
            Ok(s) if s.success() => {}
            Ok(s) => panic!("msgfmt failed on po/{lang}.po ({s})"),
            Err(e) => {
                println!(
                    "cargo:warning=msgfmt not found ({e}): the app is built without translations"
                );
                return;
            }
        }
    }
}
