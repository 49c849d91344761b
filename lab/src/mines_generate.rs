//! `mines_generate`'s arguments: the boards to lay out and the first click.

use pastimes_games::minesweeper::{FirstClick, Params};

/// What boards to print: their parameters, how many, the seed of the first and the first click.
#[derive(Debug, PartialEq)]
pub struct Options {
    pub params: Params,
    pub count: u64,
    pub seed: u64,
    pub first: (usize, usize),
}

/// The options of `mines_generate`'s arguments (its `main`'s, without the program's name), or
/// what is wrong with them.
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut numbers = Vec::new();
    let (mut no_guess, mut first_safe, mut count, mut seed, mut first) = (false, false, 1, 1, None);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--no-guess" => no_guess = true,
            "--first-safe" => first_safe = true,
            "--count" => count = number(value("--count")?, "--count")?,
            "--seed" => seed = number(value("--seed")?, "--seed")?,
            "--first" => first = Some(point(value("--first")?)?),
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            size => numbers.push(number::<i64>(size, "W, H and N")?),
        }
    }
    let [width, height, mines] = numbers[..] else {
        return Err(format!("expected W H N, got {} numbers", numbers.len()));
    };
    let rule = if first_safe { FirstClick::Safe } else { FirstClick::OpensArea };
    let params = Params::custom(width, height, mines).with_first_click(rule).with_no_guess(no_guess);
    params.board().map_err(|e| e.to_string())?;
    let first = first.unwrap_or((width as usize / 2, height as usize / 2));
    if first.0 >= width as usize || first.1 >= height as usize {
        return Err(format!("--first {},{} is off the {width}x{height} board", first.0, first.1));
    }
    Ok(Options { params, count, seed, first })
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{what}: {text:?} is not a number"))
}

fn point(text: &str) -> Result<(usize, usize), String> {
    let (x, y) = text.split_once(',').ok_or(format!("--first takes X,Y, not {text:?}"))?;
    Ok((number(x, "--first X")?, number(y, "--first Y")?))
}
