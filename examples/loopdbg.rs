use fief::bots::*;
use fief::rules::*;
fn main() {
    let seed: u64 = std::env::args().nth(1).unwrap().parse().unwrap();
    let cfg = arena::ArenaConfig { players: 4, levels: vec![Level::Normal, Level::Easy, Level::Easy, Level::Easy], games: 1, seed, round_cap: 30, hard_budget: Budget::Iterations(10), jobs: 1 };
    let (s, seats) = arena::seating(&cfg, std::env::args().nth(2).unwrap().parse().unwrap());
    let mut g = Game::new(Options { players: 4, seed: s, round_cap: Some(30), ..Options::default() }).unwrap();
    let mut bots: Vec<_> = seats.iter().enumerate().map(|(i, &l)| new_bot(l, s.wrapping_mul(1000).wrapping_add(i as u64), cfg.hard_budget)).collect();
    let mut n = 0;
    while let Some(p) = g.to_act() {
        let a = bot_move(&mut g, p, bots[p as usize].as_mut()).unwrap();
        n += 1;
        let _ = a;
        if n > 200000 { println!("LOOP"); break; }
    }
    println!("{} actions, round {}, {:?}", n, g.round, g.outcome);
}
