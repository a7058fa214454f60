//! `fief`: the GTK4 / libadwaita desktop app.
//!
//! Run without arguments it opens a fresh game and the new-game dialog. For screenshots and
//! bug reports it also takes `--seed N`, `--seats human,normal,...` (3 to 6 of human, easy,
//! normal, hard), `--pace instant|fast|normal|slow` and `--until vote|battle|movement|end`,
//! which plays every seat with the Normal bot until the first human is asked to vote, is in a
//! battle, is to move (from round 2), or the game is over, then opens the window there.

mod ui;

use fief::bots::{new_bot, Budget, Level};
use fief::rules::{Game, Options, PromptKind};
use fief::session::{Played, Seat, Session};
use relm4::RelmApp;
use ui::app::AppInit;
use ui::preferences::Pace;

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

fn init_gettext() {
    use gettextrs::{
        bind_textdomain_codeset, bindtextdomain, setlocale, textdomain, LocaleCategory,
    };
    setlocale(LocaleCategory::LcAll, "");
    // Without translations the app runs in English: these only fail on memory exhaustion.
    let _ = bindtextdomain(DOMAIN, locale_dir());
    let _ = bind_textdomain_codeset(DOMAIN, "UTF-8");
    let _ = textdomain(DOMAIN);
}

fn usage() -> String {
    [
        ui::tr("Usage: fief [OPTION]..."),
        ui::tr("Plays Fief: France 1429, against bots or with friends at one screen."),
        String::new(),
        ui::tr("  --seed N             deal the game from seed N"),
        ui::tr("  --seats LIST         3 to 6 seats, each human, easy, normal or hard"),
        ui::tr("  --pace PACE          bot pace: instant, fast, normal or slow"),
        ui::tr("  --until MOMENT       let Normal bots play every seat until the first human votes, fights, moves, or the game ends (vote, battle, movement, end)"),
        ui::tr("  --rules LIST         optional rules: relics, fog, open-diplomacy, hidden-money, gentle-start"),
        ui::tr("  --help               show this help"),
        ui::tr("  --version            show the version"),
    ]
    .join("\n")
}

fn parse_args(args: &[String]) -> Result<AppInit, String> {
    let mut init = AppInit::default_game();
    let mut seed = None;
    let mut until = None;
    let mut rules = None;
    let mut i = 0;
    let value = |i: usize| {
        args.get(i + 1)
            .cloned()
            .ok_or_else(|| format!("{} needs a value", args[i]))
    };
    while i < args.len() {
        match args[i].as_str() {
            "--seed" => {
                seed = Some(
                    value(i)?
                        .parse::<u64>()
                        .map_err(|_| "--seed needs a whole number".to_string())?,
                )
            }
            "--seats" => {
                init.seats = value(i)?
                    .split(',')
                    .map(str::parse::<Seat>)
                    .collect::<Result<_, _>>()?
            }
            "--pace" => {
                init.prefs.pace = match value(i)?.as_str() {
                    "instant" => Pace::Instant,
                    "fast" => Pace::Fast,
                    "normal" => Pace::Normal,
                    "slow" => Pace::Slow,
                    other => return Err(format!("unknown pace '{other}'")),
                }
            }
            "--until" => until = Some(value(i)?),
            "--rules" => {
                let mut r = ui::preferences::OptionalRules::default();
                for name in value(i)?
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                {
                    match name {
                        "relics" => r.relics = true,
                        "fog" => r.fog_of_war = true,
                        "open-diplomacy" => r.open_diplomacy = true,
                        "hidden-money" => r.hidden_money = true,
                        "gentle-start" => r.gentle_start = true,
                        other => return Err(format!("unknown rule '{other}'")),
                    }
                }
                rules = Some(r);
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
        i += 2;
    }
    if seed.is_some() || until.is_some() || rules.is_some() || init.seats.len() != 4 {
        let mut options = Options {
            players: init.seats.len() as u8,
            seed: seed.unwrap_or(init.game.options.seed),
            round_cap: until.as_ref().filter(|u| *u == "end").map(|_| 30),
            ..Options::default()
        };
        if let Some(r) = rules {
            r.apply(&mut options);
        }
        init.game = Game::new(options).map_err(|e| e.to_string())?;
        init.ask_new_game = false;
    }
    if let Some(u) = until {
        advance(&mut init, &u)?;
    }
    if !args.is_empty() {
        // A scripted session (screenshots, bug reports) leaves the preferences as they were.
        init.prefs_path = None;
    }
    Ok(init)
}

/// Plays every seat with the Normal bot until the first human reaches the named moment,
/// through a session of bots that is never autosaved.
fn advance(init: &mut AppInit, until: &str) -> Result<(), String> {
    let human = init
        .seats
        .iter()
        .position(|s| *s == Seat::Human)
        .unwrap_or(0) as u8;
    let moment = |g: &Game| match g.prompt() {
        None => until == "end",
        Some(pr) => {
            pr.player == human
                && match until {
                    "vote" => matches!(pr.kind, PromptKind::Vote(_)),
                    "battle" => {
                        g.battle.is_some() && matches!(pr.kind, PromptKind::BattleChoice { .. })
                    }
                    "movement" => g.round >= 2 && pr.kind == PromptKind::Movement,
                    _ => false,
                }
        }
    };
    if !["vote", "battle", "movement", "end"].contains(&until) {
        return Err(format!("unknown moment '{until}'"));
    }
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
        Played::Over if until == "end" => Ok(()),
        _ => Err(format!("this game never reached '{until}'")),
    }
}

fn main() {
    // The board is validated before any window opens: a broken map file is a clear error.
    if let Err(e) = fief::Map::from_json(fief::map::BUILTIN_MAP_JSON) {
        eprintln!("fief: {e}");
        std::process::exit(1);
    }
    init_gettext();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{}", usage());
        return;
    }
    if args.iter().any(|a| a == "--version") {
        println!("fief {}", env!("CARGO_PKG_VERSION"));
        return;
    }
    let init = match parse_args(&args) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("fief: {e}");
            eprintln!("{}", ui::tr("Try 'fief --help' for more information."));
            std::process::exit(2);
        }
    };
    let app = RelmApp::new(APP_ID).with_args(Vec::new());
    app.run::<ui::app::App>(init);
}
