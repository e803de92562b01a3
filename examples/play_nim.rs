//! Plays whole games of Nim against a random opponent, normal and misère, and checks that the
//! strategy never loses a game it starts from a winning position.
//!
//! Under normal play the move comes from [`strategy::winning_move`] on the heap values (a heap
//! of n is worth `*n`); under misère play from [`Nim::misere_winning_moves`] (Bouton's rule).
//! From a losing position the strategy takes one stone from the largest heap and waits for a
//! mistake. The opponent takes a random number of stones from a random heap. Positions come
//! from a small local pseudo-random generator with a fixed seed, so every run is the same.
//!
//! ```text
//! $ cargo run --release --example play_nim
//! normal play, from [11, 6, 2, 0, 7] (N):
//!   strategy takes 8 from heap 1 -> [3, 6, 2, 0, 7]
//!   opponent takes 1 from heap 3 -> [3, 6, 1, 0, 7]
//!   strategy takes 3 from heap 1 -> [0, 6, 1, 0, 7]
//!   ...
//! normal play: won 191 of 191 games started from N-positions, 9 of 9 from P-positions
//! ...
//! ```

use sprague::games::Nim;
use sprague::{Nimber, Outcome, strategy};

/// xorshift64*: enough to vary the games, with no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Play {
    Normal,
    Misere,
}

fn strategy_move(heaps: &[u64], play: Play) -> Vec<u64> {
    let winning = match play {
        Play::Normal => {
            let values: Vec<Nimber> = heaps.iter().map(|&h| Nimber::new(h)).collect();
            strategy::winning_move(&values).map(|(i, to)| {
                let mut next = heaps.to_vec();
                next[i] = to.value();
                next
            })
        }
        Play::Misere => Nim::new(heaps)
            .misere_winning_moves()
            .first()
            .map(|nim| nim.heaps().to_vec()),
    };
    winning.unwrap_or_else(|| {
        let mut next = heaps.to_vec();
        let largest = (0..next.len()).max_by_key(|&i| next[i]).expect("a heap");
        next[largest] -= 1;
        next
    })
}

fn random_move(heaps: &[u64], rng: &mut Rng) -> Vec<u64> {
    let nonempty: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
    let i = nonempty[rng.below(nonempty.len() as u64) as usize];
    let mut next = heaps.to_vec();
    next[i] -= 1 + rng.below(heaps[i]);
    next
}

/// Plays one game, the strategy moving first; returns whether the strategy won.
fn play_game(start: &[u64], play: Play, rng: &mut Rng, transcript: bool) -> bool {
    let mut heaps = start.to_vec();
    let mut strategy_to_move = true;
    loop {
        if heaps.iter().all(|&h| h == 0) {
            // The player to move cannot: a loss in normal play, a win in misère play.
            return strategy_to_move == (play == Play::Misere);
        }
        let next = if strategy_to_move {
            strategy_move(&heaps, play)
        } else {
            random_move(&heaps, rng)
        };
        if transcript {
            let i = (0..heaps.len())
                .find(|&i| heaps[i] != next[i])
                .expect("a move");
            let who = if strategy_to_move {
                "strategy"
            } else {
                "opponent"
            };
            let taken = heaps[i] - next[i];
            println!("  {who} takes {taken} from heap {} -> {next:?}", i + 1);
        }
        heaps = next;
        strategy_to_move = !strategy_to_move;
    }
}

fn main() {
    let mut rng = Rng(0x5eed_1234_abcd_0042);
    for (play, name) in [(Play::Normal, "normal"), (Play::Misere, "misère")] {
        let (mut n_games, mut n_won, mut p_games, mut p_won) = (0, 0, 0, 0);
        for game in 0..200 {
            let start: Vec<u64> = (0..2 + rng.below(4)).map(|_| rng.below(13)).collect();
            let nim = Nim::new(start.clone());
            let outcome = match play {
                Play::Normal => Outcome::from(nim.grundy()),
                Play::Misere => nim.misere_outcome(),
            };
            if game == 0 {
                println!("{name} play, from {start:?} ({outcome}):");
            }
            let won = play_game(&start, play, &mut rng, game == 0);
            if outcome == Outcome::N {
                assert!(won, "{name} play: lost from the N-position {start:?}");
                n_games += 1;
                n_won += usize::from(won);
            } else {
                p_games += 1;
                p_won += usize::from(won);
            }
        }
        println!(
            "{name} play: won {n_won} of {n_games} games started from N-positions, \
             {p_won} of {p_games} from P-positions\n"
        );
    }
}
