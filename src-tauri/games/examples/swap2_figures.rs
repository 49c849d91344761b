//! How the computer plays the Swap2 opening, printed: for a few seeds and each level, the
//! three stones it places as the first player, its choice as the second player on them (with
//! the engine's score for white, who moves next), and the time each decision took.
//!
//! ```sh
//! cargo run --release -p pastimes-games --example swap2_figures
//! ```

use pastimes_games::gomoku::{
    computer_action, search_level, Action, Colour, Gomoku, Level, Opening, Opponent, Params, Phase, SearchLimits,
};
use pastimes_games::Game;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn main() {
    let cancel = AtomicBool::new(false);
    for (level, opponent) in
        [(Level::Easy, Opponent::Easy), (Level::Medium, Opponent::Medium), (Level::Hard, Opponent::Hard)]
    {
        for seed in 0..4 {
            // The human is the second player: the computer opens.
            let params = Params { opening: Opening::Swap2, opponent, human_colour: Colour::White, ..Params::default() };
            let mut game = Gomoku::new(&params, seed).unwrap();
            let limits = SearchLimits::for_level(level);
            let started = Instant::now();
            let mut slowest = 0;
            while game.phase() == Phase::PlaceThree {
                let one = Instant::now();
                let action = computer_action(&game, level, &limits, &cancel).unwrap();
                slowest = slowest.max(one.elapsed().as_millis());
                game.apply(&action).unwrap();
            }
            let placed = started.elapsed().as_millis();
            let stones: Vec<String> = game.moves().iter().map(|p| p.notation()).collect();
            let white = search_level(&game, Level::Hard, &limits, 1, &cancel).score;
            // The same stones with the computer as the second player: what would it choose?
            let second = Params { human_colour: Colour::Black, ..params.clone() };
            let mut choosing = Gomoku::new(&second, seed).unwrap();
            for &p in game.moves() {
                choosing.apply(&p.into()).unwrap();
            }
            let one = Instant::now();
            let choice = match computer_action(&choosing, level, &limits, &cancel) {
                Some(Action::Choose { choose }) => format!("{choose:?}"),
                other => format!("{other:?}"),
            };
            println!(
                "{level:?} seed {seed}: placed {} in {placed} ms (slowest stone {slowest} ms); white's score {white}; \
                 as second it chooses {choice} in {} ms",
                stones.join(" "),
                one.elapsed().as_millis()
            );
        }
    }
}
