use fief::bots::*;
use fief::rules::*;
fn main() {
    let seed: u64 = std::env::args().nth(1).unwrap().parse().unwrap();
    let cfg = arena::ArenaConfig { players: 4, levels: std::env::args().nth(3).unwrap().split(",").map(|x| x.parse().unwrap()).collect(), games: 1, seed, round_cap: 30, hard_budget: Budget::Iterations(10), jobs: 1 };
    let (s, seats) = arena::seating(&cfg, std::env::args().nth(2).unwrap().parse().unwrap());
    let mut g = Game::new(Options { players: 4, seed: s, round_cap: Some(30), ..Options::default() }).unwrap();
    let mut bots: Vec<_> = seats.iter().enumerate().map(|(i, &l)| new_bot(l, s.wrapping_mul(1000).wrapping_add(i as u64), cfg.hard_budget)).collect();
    let mut n = 0;
    let mut round = 0;
    while let Some(p) = g.to_act() {
        let a = bot_move(&mut g, p, bots[p as usize].as_mut()).unwrap();
        n += 1;
        if std::env::var("TRACE").is_ok() { println!("  {} {}", p, a.notation(&g)); }
        if g.round != round {
            round = g.round;
            let st: Vec<String> = (0..4).map(|p| { let s = g.standing(p); let pl = &g.players[p as usize];
                let troops: u32 = g.villages.iter().map(|v| v.troops[p as usize].sp()).sum();
                let forts = g.villages.iter().filter(|v| v.controller == Some(p) && v.fort != Fort::None).count();
                let mills: u32 = g.villages.iter().filter(|v| v.controller == Some(p)).map(|v| v.mills as u32).sum();
                format!("P{p}: vp{} v{} m{} f{} $${} sp{} lords{} ally{:?}", s.vp, s.villages, mills, forts, pl.money, troops, g.family(p).count(), g.ally(p)) }).collect();
            println!("R{round}: {}", st.join(" | "));
        }
        if n > 199960 { println!("{} {:?} {}", p, g.prompt().map(|x| x.kind), a.notation(&g)); }
        if n > 200000 { println!("LOOP"); break; }
    }
    println!("{} actions, round {}, {:?}", n, g.round, g.outcome);
}
