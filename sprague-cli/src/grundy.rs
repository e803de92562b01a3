//! `sprague grundy`: the sequence of Grundy's game, or of a game whose breaks leave unequal
//! heaps.

use std::io::Write;
use std::time::Instant;

use clap::Args;
use sprague::games::GrundysGame;

use super::progress::watched;
use super::sequence::GameInfo;
use super::{Failure, SequenceOptions, heaps_up_to, report, too_large};

#[derive(Args)]
#[command(after_help = "\
A code is written as in Czajka's tables: an octal code with a u after every digit that allows
a break, which must then leave two unequal heaps; 4u (the default) is Grundy's game. No
periodicity theorem covers such games, so the values of every heap up to --max are computed.

On a terminal, a long computation shows a progress bar on standard error.")]
pub struct GrundyArgs {
    /// The game's code: 4u (Grundy's game), 0.4u, 0.16u
    #[arg(default_value = "4u")]
    code: String,
    #[command(flatten)]
    options: SequenceOptions,
}

/// `sprague grundy [CODE]`: the sequence of Grundy's game or its kin.
pub fn grundy(args: &GrundyArgs, out: &mut impl Write) -> Result<(), Failure> {
    let game: GrundysGame = args.code.parse()?;
    let len = heaps_up_to(args.options.max)?;
    let start = Instant::now();
    let seq = watched(&game.to_string(), len, |p| {
        game.sequence_with_progress(len, p)
    })
    .map_err(|e| too_large(e, args.options.max))?;
    let elapsed = start.elapsed();
    let grundys = game == GrundysGame::new();
    let mut rules = Vec::new();
    if grundys {
        rules.push("split a heap into two heaps of different sizes".to_string());
    } else {
        rules.push(format!("the octal game {}, where", game.code()));
        rules.push("a heap broken in two must leave two heaps of different sizes".to_string());
    }
    let info = GameInfo {
        kind: "grundy",
        spec: game.to_string(),
        name: grundys.then_some("Grundy's game"),
        rules,
        no_period: Some(
            "no periodicity theorem covers breaks into unequal heaps (Grundy's game is believed, not known, to be periodic)",
        ),
    };
    report(&args.options, &info, &seq, elapsed, out)
}
