//! `fief`: the GTK4 / libadwaita desktop app.
//!
//! Run without arguments it opens a fresh game and the new-game dialog. For screenshots and
//! bug reports it also takes `--seed N`, `--seats human,normal,...` (3 to 6 of human, easy,
//! normal, hard), `--pace instant|fast|normal|slow` and `--until vote|purchase|battle|movement|end`,
//! which plays every seat with the Normal bot until the first human is asked to vote, is in a
//! battle, is to move (from round 2), or the game is over, then opens the window there.

mod ui;

/// A faster allocator than the system's: the engine and the bots allocate small lists
/// constantly.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use fief::bots::{new_bot, Budget, Level};
use fief::rules::{Game, OptionalRule, Options, PromptKind, RuleSet};
use fief::session::{Played, Seat, Session};
use relm4::RelmApp;
use std::ffi::OsString;
use std::io::Write;
use ui::app::init::AppInit;
use ui::app::prefs::Pace;

pub const APP_ID: &str = "io.github.fief1429.Fief";
/// The gettext domain of the app's messages.
pub const DOMAIN: &str = "fief";

/// Where the translations are: `$FIEF_LOCALEDIR`, else `share/locale` beside an installed
/// binary (`PREFIX/bin/fief` → `PREFIX/share/locale`), else the ones compiled with the build.
fn locale_dir() -> std::path::PathBuf {
    if let Some(d) = std::env::var_os("FIEF_LOCALEDIR") {
        return d.into();
    }
    let installed = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.join("share").join("locale")));
    if let Some(dir) = installed {
        let has_ours = std::fs::read_dir(&dir).is_ok_and(|langs| {
            langs
                .flatten()
                .any(|l| l.path().join("LC_MESSAGES").join("fief.mo").exists())
        });
        if has_ours {
            return dir;
        }
    }
    env!("FIEF_BUILD_LOCALEDIR").into()
}

/// The language the environment asks for (`LC_ALL`, else `LC_MESSAGES`, else `LANG`), as
/// gettext names it in `LANGUAGE` ("fr_FR.UTF-8" → "fr_FR"); none for C and POSIX.
fn asked_language(var: impl Fn(&str) -> Option<String>) -> Option<String> {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(&var)
        .find(|v| !v.is_empty())?;
    let lang = locale.split(['.', '@']).next().unwrap_or_default();
    (!lang.is_empty() && lang != "C" && lang != "POSIX").then(|| lang.to_string())
}

fn init_gettext() {
    use gettextrs::{
        bind_textdomain_codeset, bindtextdomain, setlocale, textdomain, LocaleCategory,
    };
    let set = setlocale(LocaleCategory::LcAll, "");
    // gettext ignores LANGUAGE in the C locale, which is what a machine gives whose locale
    // for the language asked was never generated (LANG=fr_FR.UTF-8 with only C.UTF-8
    // installed), or no LANG at all: the app would stay English without a word. C.UTF-8
    // (always there) lets LANGUAGE choose the catalog; one is derived from LANG when
    // LANGUAGE is not set.
    // SAFETY: a query (NULL) of the locale just set, copied at once; no thread runs yet.
    let messages = unsafe {
        let l = libc::setlocale(libc::LC_MESSAGES, std::ptr::null());
        if l.is_null() {
            String::new()
        } else {
            std::ffi::CStr::from_ptr(l).to_string_lossy().into_owned()
        }
    };
    if set.is_none() || messages == "C" || messages == "POSIX" {
        let var = |k: &str| std::env::var(k).ok();
        if var("LANGUAGE").is_none_or(|l| l.is_empty()) {
            if let Some(lang) = asked_language(var) {
                // Before any thread starts: nothing else reads the environment yet.
                std::env::set_var("LANGUAGE", lang);
            }
        }
        setlocale(LocaleCategory::LcAll, "C.UTF-8");
    }
    // GTK must not set the locale again (it would undo the fallback).
    relm4::gtk::disable_setlocale();
    // Without translations the app runs in English: these only fail on memory exhaustion.
    let _ = bindtextdomain(DOMAIN, locale_dir());
    let _ = bind_textdomain_codeset(DOMAIN, "UTF-8");
    let _ = textdomain(DOMAIN);
}

/// What GDK_DEBUG becomes for a start asked to draw with cairo (`GSK_RENDERER=cairo`):
/// nothing in the app draws with GL, yet GDK's X11 backend loads the GL driver as the display
/// opens, to choose its windows' visual (Mesa's software driver under a virtual display:
/// about 58 MB and a sixth of the time to the first window). `gl-disable` leaves it unloaded.
/// A GDK_DEBUG already set is the user's and is left alone; so is every other renderer.
fn gdk_debug_for(var: impl Fn(&str) -> Option<String>) -> Option<&'static str> {
    let cairo = var("GSK_RENDERER").is_some_and(|r| r.trim().eq_ignore_ascii_case("cairo"));
    (cairo && var("GDK_DEBUG").is_none_or(|d| d.is_empty())).then_some("gl-disable")
}

fn usage() -> String {
    [
        ui::tr("Usage: fief [OPTION]..."),
        ui::tr("Plays Fief: France 1429, against bots or with friends at one screen."),
        String::new(),
        ui::tr("  --seed N             deal the game from seed N"),
        ui::tr("  --seats LIST         3 to 6 seats, each human, easy, normal or hard"),
        ui::tr("  --pace PACE          bot pace: instant, fast, normal or slow"),
        ui::tr("  --until MOMENT       let Normal bots play every seat until the first human votes, buys, fights, moves, or the game ends (vote, purchase, battle, movement, end)"),
        ui::trf(
            "  --rules LIST         optional rules: {rules}",
            &[("rules", &OptionalRule::keys())],
        ),
        ui::trf(
            "  --lesson N           start lesson N of Learn to Play (1 to {n}, or its name: {names})",
            &[
                ("n", &fief::lessons::LESSONS.len().to_string()),
                ("names", &lesson_names()),
            ],
        ),
        ui::tr("  --help               show this help"),
        ui::tr("  --version            show the version"),
    ]
    .join("\n")
}

/// The start options (`fief --help`). Parsed by clap; the help text is the translated
/// `usage()`, so clap's own help and version flags are replaced by ours.
#[derive(clap::Parser)]
#[command(name = "fief", disable_help_flag = true, disable_version_flag = true)]
struct StartOptions {
    #[arg(long)]
    seed: Option<u64>,
    #[arg(long, value_delimiter = ',')]
    seats: Option<Vec<Seat>>,
    #[arg(long, value_enum, ignore_case = true)]
    pace: Option<PaceArg>,
    #[arg(long, value_enum, ignore_case = true)]
    until: Option<Moment>,
    #[arg(long, value_parser = rule_list)]
    rules: Option<RuleSet>,
    #[arg(long)]
    lesson: Option<String>,
    #[arg(long, short)]
    help: bool,
    #[arg(long)]
    version: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum PaceArg {
    Instant,
    Fast,
    Normal,
    Slow,
}

/// The lessons' names, commas between them (`fief --help`).
fn lesson_names() -> String {
    fief::lessons::LESSONS
        .iter()
        .map(|l| l.id)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `--lesson`: a lesson by its number (from 1) or its name; its place in the book.
fn lesson_arg(s: &str) -> Result<usize, String> {
    let lessons = &fief::lessons::LESSONS;
    let by_number = s
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=lessons.len()).contains(n))
        .map(|n| n - 1);
    by_number
        .or_else(|| {
            lessons
                .iter()
                .position(|l| l.id.eq_ignore_ascii_case(s.trim()))
        })
        .ok_or_else(|| {
            ui::trf(
                "no lesson '{lesson}': give 1 to {n} or one of {names}",
                &[
                    ("lesson", &fief::files::printable(s)),
                    ("n", &lessons.len().to_string()),
                    ("names", &lesson_names()),
                ],
            )
        })
}

/// `--until`: the moment the scripted start stops at.
#[derive(Clone, Copy, PartialEq, clap::ValueEnum)]
enum Moment {
    Vote,
    Purchase,
    Battle,
    Movement,
    End,
}

/// `--rules`: optional rules by their words (`OptionalRule::key`), commas between them.
fn rule_list(words: &str) -> Result<RuleSet, String> {
    OptionalRule::parse_list(words)
}

/// What the command line asks for: a window, or only a printed text.
enum Start {
    Window(Box<AppInit>),
    Print(String),
}

/// What is wrong with a command line, in the user's language: clap's error kind and context
/// (the option, the value, the values it would take) put into our own translated sentences;
/// an error we do not know is given as clap words it.
fn clap_error(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let get = |k: ContextKind| match e.get(k) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(v)) => v.join(", "),
        Some(other) => other.to_string(),
        None => String::new(),
    };
    // The option without clap's placeholder ("--seats <SEATS>" → "--seats").
    let arg = get(ContextKind::InvalidArg);
    let arg = arg.split(' ').next().unwrap_or_default().to_string();
    let value = get(ContextKind::InvalidValue);
    match e.kind() {
        ErrorKind::UnknownArgument => ui::trf("unknown option “{arg}”", &[("arg", &arg)]),
        ErrorKind::InvalidValue if value.is_empty() => {
            ui::trf("{arg} needs a value", &[("arg", &arg)])
        }
        ErrorKind::InvalidValue => ui::trf(
            "“{value}” is not a value of {arg} (it takes: {values})",
            &[
                ("value", &value),
                ("arg", &arg),
                ("values", &get(ContextKind::ValidValue)),
            ],
        ),
        ErrorKind::ValueValidation => ui::trf(
            "“{value}” is not a value of {arg}",
            &[("value", &value), ("arg", &arg)],
        ),
        ErrorKind::ArgumentConflict | ErrorKind::TooManyValues => {
            ui::trf("{arg} is given more than once", &[("arg", &arg)])
        }
        ErrorKind::InvalidUtf8 => ui::tr("an argument is not valid text (UTF-8)"),
        _ => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or_default();
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    }
}

/// What the command line `args` asks of a window that would otherwise start as `init` (the
/// preferences' seats and an idle board that offers the last game).
fn parse_args(args: &[OsString], mut init: AppInit) -> Result<Start, String> {
    use clap::Parser;
    let argv = std::iter::once(OsString::from("fief")).chain(args.iter().cloned());
    let o = StartOptions::try_parse_from(argv).map_err(|e| clap_error(&e))?;
    if o.help {
        return Ok(Start::Print(usage()));
    }
    if o.version {
        return Ok(Start::Print(format!("fief {}", env!("CARGO_PKG_VERSION"))));
    }
    let seats_given = o.seats.is_some();
    if let Some(seats) = o.seats {
        if !(3..=6).contains(&seats.len()) {
            return Err(ui::trf(
                "--seats names {n} seats; a game has 3 to 6",
                &[("n", &seats.len().to_string())],
            ));
        }
        init.seats = seats;
    }
    if let Some(p) = o.pace {
        init.prefs.pace = match p {
            PaceArg::Instant => Pace::Instant,
            PaceArg::Fast => Pace::Fast,
            PaceArg::Normal => Pace::Normal,
            PaceArg::Slow => Pace::Slow,
        };
    }
    let rules = o.rules;
    // Only a command line that asks for a game of its own is a scripted start: a plain launch
    // offers the last game, whatever the seats the preferences remember.
    if o.seed.is_some() || o.until.is_some() || rules.is_some() || seats_given {
        let mut options = Options {
            players: init.seats.len() as u8,
            seed: o.seed.unwrap_or(init.game.options.seed),
            round_cap: (o.until == Some(Moment::End)).then_some(30),
            ..Options::default()
        };
        if let Some(r) = rules {
            r.apply(&mut options);
        }
        init.game = Game::new(options).map_err(|e| ui::words::messages::rule_error(&e))?;
        init.ask_new_game = false;
    }
    if let Some(u) = o.until {
        advance(&mut init, u)?;
    }
    if let Some(l) = o.lesson {
        // The lesson replaces the launch's offer of the last game.
        init.lesson = Some(lesson_arg(&l)?);
        init.ask_new_game = false;
    }
    if !args.is_empty() {
        // A scripted session (screenshots, bug reports) leaves the preferences as they were.
        init.prefs_path = None;
    }
    Ok(Start::Window(Box::new(init)))
}

/// Plays every seat with the Normal bot until the first human reaches the named moment,
/// through a session of bots that is never autosaved.
fn advance(init: &mut AppInit, until: Moment) -> Result<(), String> {
    let human = init
        .seats
        .iter()
        .position(|s| *s == Seat::Human)
        .unwrap_or(0) as u8;
    let moment = |g: &Game| match g.prompt() {
        None => until == Moment::End,
        Some(pr) => {
            pr.player == human
                && match until {
                    Moment::Vote => matches!(pr.kind, PromptKind::Vote(_)),
                    Moment::Battle => {
                        g.battle.is_some() && matches!(pr.kind, PromptKind::BattleChoice { .. })
                    }
                    Moment::Purchase => g.round >= 2 && pr.kind == PromptKind::Purchase,
                    Moment::Movement => g.round >= 2 && pr.kind == PromptKind::Movement,
                    Moment::End => false,
                }
        }
    };
    let g = init.game.clone();
    let bots = (0..g.n())
        .map(|p| {
            new_bot(
                Level::Normal,
                g.options.seed + p as u64,
                Budget::Iterations(1),
            )
        })
        .collect();
    let mut session = Session::bots_only(g, bots)?;
    let played = session.play(200_000, moment).map_err(|e| e.to_string())?;
    init.game = session.game().clone();
    match played {
        Played::Stopped => Ok(()),
        Played::Over if until == Moment::End => Ok(()),
        _ => {
            use clap::ValueEnum;
            let name = until
                .to_possible_value()
                .map(|v| v.get_name().to_string())
                .unwrap_or_default();
            Err(ui::trf(
                "this game never reached “{moment}”",
                &[("moment", &name)],
            ))
        }
    }
}

fn main() {
    // The board is validated before any window opens: a broken map file is a clear error.
    if let Err(e) = fief::Map::from_json(fief::map::BUILTIN_MAP_JSON) {
        let _ = writeln!(std::io::stderr(), "fief: {e}");
        std::process::exit(1);
    }
    if let Some(debug) = gdk_debug_for(|k| std::env::var(k).ok()) {
        // Before any thread starts and before GTK reads it.
        std::env::set_var("GDK_DEBUG", debug);
    }
    init_gettext();
    // Arguments need not be valid text: such an argument is refused like any wrong one.
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let init = match parse_args(&args, AppInit::default_game()) {
        Ok(Start::Window(i)) => *i,
        Ok(Start::Print(text)) => {
            // Help or version that cannot be written (a full disk, a closed pipe) is a
            // failure, said on standard error when it can be.
            let mut out = std::io::stdout().lock();
            if let Err(e) = writeln!(out, "{text}").and_then(|()| out.flush()) {
                // A closed pipe quietly (its reader stopped reading); a full disk in words.
                if e.kind() != std::io::ErrorKind::BrokenPipe {
                    let _ = writeln!(std::io::stderr(), "fief: {e}");
                }
                std::process::exit(1);
            }
            return;
        }
        Err(e) => {
            let _ = writeln!(
                std::io::stderr(),
                "fief: {e}\n\n{}\n\n{}",
                usage(),
                ui::tr("Try 'fief --help' for more information.")
            );
            std::process::exit(2);
        }
    };
    // Without a display GTK cannot start: say so rather than panic.
    if let Err(e) = relm4::gtk::init() {
        let _ = writeln!(std::io::stderr(), "fief: no window can be opened here ({e}); is a display available (DISPLAY or WAYLAND_DISPLAY)?");
        std::process::exit(1);
    }
    let app = RelmApp::new(APP_ID).with_args(Vec::new());
    app.run::<ui::app::App>(init);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(args: &[&str]) -> String {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        match parse_args(&args, plain()) {
            Err(e) => e,
            Ok(_) => panic!("{args:?} was taken"),
        }
    }

    /// `--lesson` by number or by name starts that lesson instead of offering the last game.
    #[test]
    fn a_lesson_is_started_by_its_number_or_its_name() {
        for (arg, want) in [("3", 2), ("move", 2), ("WIN", 0), ("10", 9)] {
            let args = [OsString::from("--lesson"), OsString::from(arg)];
            match parse_args(&args, plain()) {
                Ok(Start::Window(init)) => {
                    assert_eq!(init.lesson, Some(want), "{arg}");
                    assert!(!init.ask_new_game && init.prefs_path.is_none());
                }
                _ => panic!("--lesson {arg} was refused"),
            }
        }
        assert!(error(&["--lesson", "0"]).starts_with("no lesson '0'"));
    }

    /// An environment of these variables only.
    fn env(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |k: &str| {
            pairs
                .iter()
                .find(|(name, _)| *name == k)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn gl_is_left_unloaded_only_when_cairo_draws_and_gdk_debug_is_not_set() {
        assert_eq!(
            gdk_debug_for(env(&[("GSK_RENDERER", "cairo")])),
            Some("gl-disable")
        );
        assert_eq!(
            gdk_debug_for(env(&[("GSK_RENDERER", "Cairo"), ("GDK_DEBUG", "")])),
            Some("gl-disable")
        );
        // The user's own GDK_DEBUG, another renderer, or none asked: nothing is set.
        assert_eq!(
            gdk_debug_for(env(&[("GSK_RENDERER", "cairo"), ("GDK_DEBUG", "events")])),
            None
        );
        assert_eq!(gdk_debug_for(env(&[("GSK_RENDERER", "gl")])), None);
        assert_eq!(gdk_debug_for(env(&[])), None);
    }

    #[test]
    fn the_language_asked_is_read_from_the_locale_variables() {
        assert_eq!(
            asked_language(env(&[("LANG", "fr_FR.UTF-8")])).as_deref(),
            Some("fr_FR")
        );
        assert_eq!(
            asked_language(env(&[("LANG", "fr_FR.UTF-8"), ("LC_ALL", "de_DE@euro")])).as_deref(),
            Some("de_DE")
        );
        assert_eq!(
            asked_language(env(&[("LC_ALL", ""), ("LANG", "de")])).as_deref(),
            Some("de")
        );
        assert_eq!(asked_language(env(&[("LANG", "C.UTF-8")])), None);
        assert_eq!(asked_language(env(&[("LANG", "POSIX")])), None);
        assert_eq!(asked_language(env(&[])), None);
    }

    /// A plain launch with the default preferences, kept nowhere.
    fn plain() -> AppInit {
        AppInit::launch(ui::app::prefs::Prefs::default(), None, Vec::new(), None)
    }

    /// Each wrong command line is named in our own words (translated), never clap's.
    #[test]
    fn command_line_errors_are_our_own_sentences() {
        assert_eq!(error(&["--bogus"]), "unknown option “--bogus”");
        let e = error(&["--pace", "slowly"]);
        assert!(e.starts_with("“slowly” is not a value of --pace"), "{e}");
        assert!(e.contains("instant"), "{e}");
        assert_eq!(error(&["--seed", "x"]), "“x” is not a value of --seed");
        assert_eq!(error(&["--seed"]), "--seed needs a value");
        assert_eq!(
            error(&["--seats", "human,easy"]),
            "--seats names 2 seats; a game has 3 to 6"
        );
        assert_eq!(
            error(&["--lesson", "11"]),
            "no lesson '11': give 1 to 10 or one of win, troops, move, battle, siege, title, marriage, election, cards, game"
        );
        let e = error(&["--until", "never"]);
        assert!(e.contains("never") && e.contains("--until"), "{e}");
    }
}
