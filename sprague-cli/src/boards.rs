//! `sprague cram BOARD` and `sprague chomp R C`: games on boards, their values and winning
//! moves as moves on the board.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;
use sprague::games::{Chomp, Cram};
use sprague::{Outcome, Solver};

use super::{Failure, SHOWN, field, outcome_in_words};

#[derive(Args)]
#[command(after_help = "\
Players take turns placing a domino on two empty cells side by side; whoever cannot place one
loses. BOARD is a size, 5x6, or a board as text: rows split by '|', '.' an empty cell, '#' a
filled one (\"..#|...|...\"), of at most 64 cells. Moves are written (row,col)-(row,col),
counted from 0 at the top left.")]
pub struct CramArgs {
    /// The board: a size such as 5x6, or rows of '.' and '#' split by '|'
    board: String,
    /// Print a JSON document instead: board, value, outcome, winning moves
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
#[command(after_help = "\
A move eats a square of the bar with every square below and to the right of it; the top left
square is poisoned and never eaten, so whoever faces it alone loses. Squares are written
(row,col), counted from 0 at the top left. At most 15 rows or 15 columns, 255 the other way.")]
pub struct ChompArgs {
    /// The number of rows
    rows: u32,
    /// The number of columns
    cols: u32,
    /// Print a JSON document instead: size, value, outcome, winning moves
    #[arg(long)]
    json: bool,
}

/// The facts printed by both commands.
#[derive(Serialize)]
struct Report {
    game: &'static str,
    board: String,
    value: u64,
    outcome: String,
    winning_moves: Vec<String>,
}

impl Report {
    fn print(&self, out: &mut impl Write, json: bool, what: &str) -> io::Result<()> {
        if json {
            serde_json::to_writer(&mut *out, self).map_err(io::Error::from)?;
            return writeln!(out);
        }
        field(out, "board", &self.board)?;
        field(out, "value", self.value)?;
        let outcome = Outcome::from(sprague::Nimber::new(self.value));
        field(out, "outcome", outcome_in_words(outcome))?;
        for m in self.winning_moves.iter().take(SHOWN) {
            field(out, what, m)?;
        }
        if self.winning_moves.len() > SHOWN {
            field(
                out,
                what,
                format!("… ({} in all)", self.winning_moves.len()),
            )?;
        }
        Ok(())
    }
}

/// A board given as `RxC` or as text.
fn cram_board(text: &str) -> Result<Cram, Failure> {
    let size = text
        .split_once(['x', 'X'])
        .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
    Ok(match size {
        Some((rows, cols)) => Cram::new(rows, cols)?,
        None => text.parse()?,
    })
}

/// `sprague cram BOARD`.
pub fn cram(args: &CramArgs, out: &mut impl Write) -> Result<(), Failure> {
    let position = cram_board(&args.board)?;
    let mut solver = Solver::new();
    let value = solver.grundy(&position)?.value();
    let wins = position.winning_moves(&mut solver)?;
    let report = Report {
        game: "cram",
        board: position.to_string(),
        value,
        outcome: Outcome::from(sprague::Nimber::new(value)).to_string(),
        winning_moves: wins.iter().map(ToString::to_string).collect(),
    };
    Ok(report.print(out, args.json, "winning move")?)
}

/// `sprague chomp R C`.
pub fn chomp(args: &ChompArgs, out: &mut impl Write) -> Result<(), Failure> {
    let position = Chomp::new(args.rows, args.cols)?;
    let mut solver = Solver::new();
    let value = solver.grundy(&position)?.value();
    let wins = position.winning_moves(&mut solver)?;
    let report = Report {
        game: "chomp",
        board: format!("{} x {}", args.rows, args.cols),
        value,
        outcome: Outcome::from(sprague::Nimber::new(value)).to_string(),
        winning_moves: wins.iter().map(|(r, c)| format!("({r},{c})")).collect(),
    };
    Ok(report.print(out, args.json, "winning bite")?)
}
