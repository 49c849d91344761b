//! The Minesweeper lab tools' own logic: `mines_autoplay`'s setups, seeds, quantiles and one
//! short game, `mines_generate`'s arguments and `mines_solve`'s verdicts.

use pastimes_games::minesweeper::FirstClick;
use pastimes_lab::mines_autoplay::{play, quantile, seeds, setup};
use pastimes_lab::mines_generate::{parse_args, Options};
use pastimes_lab::mines_solve::verdicts;
use std::time::Duration;

#[test]
fn autoplay_reads_seeds_and_setups() {
    assert_eq!(seeds("1..3"), Some(1..=3));
    assert_eq!(seeds("3..1"), None);
    assert!(setup("expert-classic").is_some() && setup("nope").is_none());
}

#[test]
fn autoplay_plays_a_beginner_board_to_its_end() {
    let mut times = Vec::new();
    let setup = setup("beginner").unwrap();
    let p = play(&setup, 7, &mut times);
    assert!(!times.is_empty());
    assert!(p.won || p.guesses > 0, "a board is only lost on a guess");
}

#[test]
fn autoplay_quantiles_by_nearest_rank() {
    let t: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
    assert_eq!(quantile(&t, 0.5), Duration::from_millis(50));
    assert_eq!(quantile(&t, 0.99), Duration::from_millis(99));
}

fn generate_options(line: &str) -> Result<Options, String> {
    parse_args(&line.split_whitespace().map(String::from).collect::<Vec<_>>())
}

#[test]
fn generate_has_defaults_and_every_option() {
    let o = generate_options("30 16 99").unwrap();
    assert_eq!((o.count, o.seed, o.first), (1, 1, (15, 8)));
    assert!(!o.params.is_no_guess());
    let o = generate_options("30 16 99 --no-guess --count 5 --seed 7 --first 0,3 --first-safe").unwrap();
    assert_eq!((o.count, o.seed, o.first), (5, 7, (0, 3)));
    assert!(o.params.is_no_guess());
    assert_eq!(o.params.first_click, FirstClick::Safe);
}

#[test]
fn generate_says_what_is_wrong_with_bad_arguments() {
    assert!(generate_options("30 16").unwrap_err().contains("expected W H N"));
    assert!(generate_options("30 16 x").unwrap_err().contains("not a number"));
    assert!(generate_options("30 16 99 --count").unwrap_err().contains("needs a value"));
    assert!(generate_options("30 16 99 --first 3").unwrap_err().contains("X,Y"));
    assert!(generate_options("30 16 99 --first 30,0").unwrap_err().contains("off the"));
    assert!(generate_options("30 16 99 --bogus").unwrap_err().contains("unknown option"));
    assert!(generate_options("8 16 10").unwrap_err().contains("width"));
}

#[test]
fn solve_gives_one_line_per_board() {
    let solvable = "board 3 1 1 0 0\n..*\n3bv 1 gen_us 0\n";
    let guess = "board 2 2 1 0 0\n..\n*.\n";
    assert_eq!(verdicts(&format!("{solvable}{guess}")).unwrap(), ["solvable yes", "solvable no"]);
    assert!(verdicts("board 2 2 1 0 0\n..\n").is_err());
}
