//! The board toolkit (components, symmetries, canonical forms and the way back) by proptest,
//! and Cram, Chomp and Node Kayles against published values and brute force.

use std::collections::HashMap;

use proptest::prelude::*;
use sprague::board::{Board, Graph, Symmetry};
use sprague::games::{Chomp, Cram, NodeKayles, Octal};
use sprague::{Game, Nimber, Solver, grundy};

/// A random board of up to 64 cells with a random set.
fn board() -> impl Strategy<Value = Board> {
    (1u32..=8, 1u32..=8, any::<u64>()).prop_map(|(rows, cols, bits)| {
        let board = Board::empty(rows, cols).unwrap();
        board.with_cells(bits)
    })
}

/// The cells of `board`'s set, as (row, column).
fn cells(board: Board) -> Vec<(u32, u32)> {
    (0..board.rows())
        .flat_map(|r| (0..board.cols()).map(move |c| (r, c)))
        .filter(|&(r, c)| board.contains(r, c))
        .collect()
}

/// Connected components by a plain search over cells.
fn components_by_search(board: Board) -> Vec<u64> {
    let mut seen = 0u64;
    let mut out = Vec::new();
    for (r, c) in cells(board) {
        let bit = board.bit(r, c).unwrap();
        if seen & bit != 0 {
            continue;
        }
        let mut component = 0;
        let mut stack = vec![(r, c)];
        while let Some((r, c)) = stack.pop() {
            let bit = board.bit(r, c).unwrap();
            if component & bit != 0 || !board.contains(r, c) {
                continue;
            }
            component |= bit;
            stack.extend([(r + 1, c), (r, c + 1)]);
            if r > 0 {
                stack.push((r - 1, c));
            }
            if c > 0 {
                stack.push((r, c - 1));
            }
            stack.retain(|&(r, c)| r < board.rows() && c < board.cols());
        }
        seen |= component;
        out.push(component);
    }
    out
}

/// The components of Cram on `board` add up to the board's value, and the solver finds it:
/// both against the brute force.
fn split_keeps_the_value(board: Board) -> Result<(), TestCaseError> {
    let cram = Cram::from_board(board);
    let parts: Nimber = cram.split().into_iter().map(|p| grundy(&p).unwrap()).sum();
    prop_assert_eq!(parts, Nimber::new(cram_brute(board)));
    prop_assert_eq!(grundy(&cram).unwrap(), Nimber::new(cram_brute(board)));
    Ok(())
}

proptest! {
    #[test]
    fn components_partition_the_cells(board in board()) {
        let components: Vec<u64> = board.components().collect();
        prop_assert_eq!(components.iter().fold(0, |a, c| a | c), board.cells());
        prop_assert_eq!(components.iter().map(|c| c.count_ones()).sum::<u32>(), board.len());
        prop_assert_eq!(components, components_by_search(board));
    }

    #[test]
    fn symmetries_move_cells_as_map_cell_says(board in board(), s in 0usize..8) {
        let s = Symmetry::ALL[s];
        let image = board.transform(s);
        prop_assert_eq!(image.len(), board.len());
        for (r, c) in cells(board) {
            let (r2, c2) = s.map_cell(board.rows(), board.cols(), r, c);
            prop_assert!(image.contains(r2, c2));
        }
        prop_assert_eq!(image.transform(s.inverse()), board);
    }

    #[test]
    fn canonical_form_is_the_same_for_all_eight_images(board in board()) {
        let (canonical, _) = board.canonical();
        for s in Symmetry::ALL {
            prop_assert_eq!(board.transform(s).canonical().0, canonical);
            prop_assert!(canonical <= board.crop().0.transform(s));
        }
    }

    #[test]
    fn placement_maps_back_and_in(board in board()) {
        let (canonical, placement) = board.canonical();
        prop_assert_eq!(placement.cells_to_board(canonical.cells()), board.cells());
        for (r, c) in cells(canonical) {
            let (br, bc) = placement.to_board(r, c);
            prop_assert!(board.contains(br, bc));
            prop_assert_eq!(placement.from_board(br, bc), Some((r, c)));
        }
    }

    #[test]
    fn composition_of_symmetries(board in board(), a in 0usize..8, b in 0usize..8) {
        let (a, b) = (Symmetry::ALL[a], Symmetry::ALL[b]);
        prop_assert_eq!(board.transform(a).transform(b), board.transform(a.then(b)));
    }

    #[test]
    fn cram_split_keeps_the_value(board in (1u32..=5, 1u32..=5, any::<u64>())
        .prop_map(|(r, c, bits)| Board::empty(r, c).unwrap().with_cells(bits)))
    {
        split_keeps_the_value(board)?;
    }

    #[test]
    fn cram_split_of_wide_boards_keeps_the_value(board in (1u32..=3, 9u32..=16, any::<u64>())
        .prop_filter("at most 36 cells", |&(r, c, _)| r * c <= 36)
        .prop_map(|(r, c, bits)| Board::empty(r, c).unwrap().with_cells(bits)))
    {
        // Components wider than 8 are cropped; narrower ones go to the 8-wide frame. At most
        // 36 cells: the brute force of a 3 x 16 board took minutes for a rare case.
        split_keeps_the_value(board)?;
    }

    #[test]
    fn cram_move_count_is_the_number_of_successors(board in board()) {
        // The board itself, and its components, which list one move per class of moves
        // their symmetries make equivalent.
        let cram = Cram::from_board(board);
        for position in std::iter::once(cram).chain(cram.split()) {
            let listed = position.successors().into_iter().count();
            prop_assert!(position.move_count().is_none_or(|count| count == listed));
        }
        prop_assert_eq!(cram.move_count(), Some(cram.moves().count()));
    }

    #[test]
    fn cram_on_dense_boards_is_brute_force(board in (2u32..=5, 2u32..=5, any::<u64>(), any::<u64>())
        .prop_map(|(r, c, a, b)| Board::empty(r, c).unwrap().with_cells(a | b)))
    {
        prop_assert_eq!(grundy(&Cram::from_board(board)).unwrap(), Nimber::new(cram_brute(board)));
    }

    /// Boards the half turn maps to themselves, where Cram answers some positions by symmetry
    /// alone: its value must still be the brute force's, the centre empty or not, on boards
    /// up to 8 wide and wider ones (which Cram crops differently).
    #[test]
    fn cram_on_symmetric_boards_is_brute_force(board in (1u32..=5, 2u32..=12, any::<u64>())
        .prop_filter("at most 36 cells", |&(r, c, _)| r * c <= 36)
        .prop_map(|(r, c, bits)| {
            // Cell i and cell n - 1 - i are images under the half turn: half of the cells at
            // random, their images, and the centre cell of an odd board at random.
            let n = r * c;
            let half = bits & ((1 << (n / 2)) - 1);
            let centre = if n % 2 == 1 { bits >> 63 << (n / 2) } else { 0 };
            let cells = half | half.reverse_bits() >> (64 - n) | centre;
            Board::empty(r, c).unwrap().with_cells(cells)
        }))
    {
        prop_assert_eq!(board.half_turn(), board);
        prop_assert_eq!(grundy(&Cram::from_board(board)).unwrap(), Nimber::new(cram_brute(board)));
    }

    #[test]
    fn node_kayles_on_boards_is_brute_force(board in (1u32..=4, 1u32..=5, any::<u64>())
        .prop_map(|(r, c, bits)| Board::empty(r, c).unwrap().with_cells(bits)))
    {
        let value = grundy(&NodeKayles::on_board(board)).unwrap();
        prop_assert_eq!(value, Nimber::new(node_kayles_brute(board)));
    }
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: Vec<u64> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap()
}

/// Cram by its definition: every domino on the raw board, no splitting, no symmetry.
fn cram_brute(board: Board) -> u64 {
    fn go(board: Board, memo: &mut HashMap<u64, u64>) -> u64 {
        if let Some(&v) = memo.get(&board.cells()) {
            return v;
        }
        let mut options = Vec::new();
        for (r, c) in cells(board) {
            for (r2, c2) in [(r + 1, c), (r, c + 1)] {
                if board.contains(r2, c2) {
                    let taken = board.bit(r, c).unwrap() | board.bit(r2, c2).unwrap();
                    options.push(go(board.with_cells(board.cells() & !taken), memo));
                }
            }
        }
        let v = mex(options);
        memo.insert(board.cells(), v);
        v
    }
    go(board, &mut HashMap::new())
}

/// Node Kayles by its definition on the grid graph of a board.
fn node_kayles_brute(board: Board) -> u64 {
    fn go(board: Board, memo: &mut HashMap<u64, u64>) -> u64 {
        if let Some(&v) = memo.get(&board.cells()) {
            return v;
        }
        let mut options = Vec::new();
        for (r, c) in cells(board) {
            let mut taken = board.bit(r, c).unwrap();
            for (r2, c2) in [
                (r + 1, c),
                (r, c + 1),
                (r.wrapping_sub(1), c),
                (r, c.wrapping_sub(1)),
            ] {
                taken |= board.bit(r2, c2).unwrap_or(0);
            }
            options.push(go(board.with_cells(board.cells() & !taken), memo));
        }
        let v = mex(options);
        memo.insert(board.cells(), v);
        v
    }
    go(board, &mut HashMap::new())
}

/// Chomp by its definition on row lengths, the poisoned square never eaten.
fn chomp_brute(rows: Vec<u32>, memo: &mut HashMap<Vec<u32>, u64>) -> u64 {
    if let Some(&v) = memo.get(&rows) {
        return v;
    }
    let mut options = Vec::new();
    for (i, &len) in rows.iter().enumerate() {
        for j in 0..len {
            if (i, j) == (0, 0) {
                continue;
            }
            let next: Vec<u32> = rows
                .iter()
                .enumerate()
                .map(|(k, &l)| if k >= i { l.min(j) } else { l })
                .filter(|&l| l > 0)
                .collect();
            options.push(chomp_brute(next, memo));
        }
    }
    let v = mex(options);
    memo.insert(rows, v);
    v
}

// ---------------------------------------------------------------------------------------------
// Cram

#[test]
fn cram_against_belings_table() {
    // Beling's igs (github.com/beling/impartial-games): rows 4..=7, columns from the row on.
    let table: [(u32, &[u64]); 3] = [(4, &[0, 2, 0, 3, 0, 1, 0]), (5, &[0, 2]), (6, &[0])];
    let mut solver = Solver::new();
    for (rows, values) in table {
        for (k, &value) in values.iter().enumerate() {
            let cols = rows + k as u32;
            if rows * cols > 32 && (rows % 2 == 1 || cols % 2 == 1) {
                continue;
            }
            let cram = Cram::new(rows, cols).unwrap();
            assert_eq!(
                solver.grundy(&cram).unwrap(),
                Nimber::new(value),
                "{rows} x {cols}"
            );
        }
    }
}

#[test]
fn cram_values_do_not_depend_on_the_number_of_threads() {
    // Beling's table again; these searches are long enough for the other threads to join.
    for (rows, cols, value) in [(4, 7, 3), (5, 5, 0), (5, 6, 2), (4, 5, 2)] {
        let cram = Cram::new(rows, cols).unwrap();
        for threads in [1, 2, 3] {
            let got = Solver::new().with_threads(threads).grundy(&cram).unwrap();
            assert_eq!(
                got,
                Nimber::new(value),
                "{rows} x {cols}, {threads} threads"
            );
        }
    }
}

#[test]
fn cram_strips_are_dawsons_kayles() {
    // Dawson's Kayles 0.07 on a heap of n is Dawson's chess (OEIS A002187) on n - 1.
    let a002187 = [
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2,
    ];
    let kayles = Octal::dawsons_kayles();
    let mut solver = Solver::new();
    for n in 1..=40u32 {
        let value = solver.grundy(&Cram::new(1, n).unwrap()).unwrap();
        assert_eq!(value, kayles.grundy(u64::from(n)).unwrap(), "1 x {n}");
        assert_eq!(solver.grundy(&Cram::new(n, 1).unwrap()).unwrap(), value);
        if let Some(&v) = a002187.get(n as usize - 1) {
            assert_eq!(value, Nimber::new(v), "1 x {n}");
        }
    }
}

#[test]
fn cram_small_boards_are_brute_force() {
    let mut solver = Solver::new();
    for rows in 1..=4 {
        for cols in 1..=5 {
            let board = Board::new(rows, cols).unwrap();
            let value = solver.grundy(&Cram::from_board(board)).unwrap();
            assert_eq!(value, Nimber::new(cram_brute(board)), "{rows} x {cols}");
        }
    }
}

#[test]
fn cram_three_by_n_is_brute_force() {
    let mut solver = Solver::new();
    for cols in 6..=8 {
        let board = Board::new(3, cols).unwrap();
        let value = solver.grundy(&Cram::from_board(board)).unwrap();
        assert_eq!(value, Nimber::new(cram_brute(board)), "3 x {cols}");
    }
}

#[test]
fn cram_text_boards_and_errors() {
    let ring: Cram = "...|.#.|...".parse().unwrap();
    assert_eq!(grundy(&ring).unwrap(), Nimber::new(0));
    assert_eq!(ring.to_string(), "...|.#.|...");
    assert!("..|.".parse::<Cram>().is_err());
    assert!("..|.x".parse::<Cram>().is_err());
    assert!(
        ".........|.........|.........|.........|.........|.........|.........|........."
            .parse::<Cram>()
            .is_err()
    );
    assert!(Cram::new(u32::MAX, u32::MAX).is_err());
    assert!(Cram::new(65, 1).is_err());
    assert_eq!(grundy(&Cram::new(0, 7).unwrap()).unwrap(), Nimber::new(0));
}

#[test]
fn cram_winning_moves_are_moves_on_the_board() {
    let mut solver = Solver::new();
    let cram: Cram = ".....|.....|#....".parse().unwrap();
    let wins = cram.winning_moves(&mut solver).unwrap();
    assert_eq!(
        solver.grundy(&cram).unwrap(),
        Nimber::new(cram_brute(cram.board()))
    );
    assert!(!solver.grundy(&cram).unwrap().is_zero());
    assert!(!wins.is_empty());
    for &domino in &wins {
        let after = cram.play(domino).unwrap();
        assert!(solver.grundy(&after).unwrap().is_zero());
    }
    // Every move not listed loses.
    for domino in cram.moves() {
        let after = cram.play(domino).unwrap();
        assert_eq!(
            solver.grundy(&after).unwrap().is_zero(),
            wins.contains(&domino)
        );
    }
    assert!(
        cram.play(sprague::games::Domino {
            row: 2,
            col: 0,
            vertical: false
        })
        .is_err()
    );
}

// ---------------------------------------------------------------------------------------------
// Node Kayles

#[test]
fn node_kayles_on_three_by_n_is_a316632() {
    let a316632 = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];
    let mut solver = Solver::new();
    for (n, &value) in (1..).zip(&a316632) {
        if n > 12 {
            break;
        }
        let grid = NodeKayles::grid(3, n).unwrap();
        assert_eq!(solver.grundy(&grid).unwrap(), Nimber::new(value), "3 x {n}");
    }
}

#[test]
fn node_kayles_on_ladders_and_four_by_n() {
    // OEIS A316632's comments: 2 x n alternates 1, 0; 4 x n is always 0.
    for n in 1..=16 {
        assert_eq!(
            grundy(&NodeKayles::grid(2, n).unwrap()).unwrap(),
            Nimber::new(u64::from(n % 2))
        );
    }
    for n in 1..=9 {
        assert_eq!(
            grundy(&NodeKayles::grid(4, n).unwrap()).unwrap(),
            Nimber::new(0)
        );
    }
}

#[test]
fn node_kayles_on_a_path_is_dawsons_chess() {
    let chess = Octal::dawsons_chess();
    for n in 1..=40usize {
        let edges: Vec<(usize, usize)> = (1..n).map(|v| (v - 1, v)).collect();
        let path = NodeKayles::from_edges(n, &edges).unwrap();
        assert_eq!(
            grundy(&path).unwrap(),
            chess.grundy(n as u64).unwrap(),
            "path of {n}"
        );
        assert_eq!(
            grundy(&NodeKayles::grid(1, n as u32).unwrap()).unwrap(),
            chess.grundy(n as u64).unwrap()
        );
    }
}

#[test]
fn node_kayles_on_graphs_and_errors() {
    // A cycle of n: the first move leaves a path of n - 3.
    let chess = Octal::dawsons_chess();
    for n in 4..=20usize {
        let edges: Vec<(usize, usize)> = (0..n).map(|v| (v, (v + 1) % n)).collect();
        let cycle = NodeKayles::from_edges(n, &edges).unwrap();
        let after = chess.grundy(n as u64 - 3).unwrap();
        assert_eq!(
            grundy(&cycle).unwrap(),
            Nimber::new(u64::from(after.is_zero())),
            "cycle of {n}"
        );
    }
    assert!(NodeKayles::from_edges(2, &[(0, 5)]).is_err());
    assert!(NodeKayles::from_edges(65, &[]).is_err());
    let graph = Graph::from_edges(3, &[(0, 1), (1, 1)]).unwrap();
    assert_eq!(graph.neighbours(1), 0b001);
}

// ---------------------------------------------------------------------------------------------
// Chomp

#[test]
fn chomp_against_brute_force() {
    let mut memo = HashMap::new();
    let mut solver = Solver::new();
    for rows in 1..=5u32 {
        for cols in 1..=6u32 {
            let expected = chomp_brute(vec![cols; rows as usize], &mut memo);
            let chomp = Chomp::new(rows, cols).unwrap();
            assert_eq!(
                solver.grundy(&chomp).unwrap(),
                Nimber::new(expected),
                "{rows} x {cols}"
            );
        }
    }
    for staircase in [
        vec![5, 3, 3, 1],
        vec![4, 4, 2, 2, 1],
        vec![6, 1, 1],
        vec![3, 2, 1],
    ] {
        let expected = chomp_brute(staircase.clone(), &mut memo);
        let chomp = Chomp::staircase(&staircase).unwrap();
        assert_eq!(
            solver.grundy(&chomp).unwrap(),
            Nimber::new(expected),
            "{staircase:?}"
        );
        assert_eq!(chomp.rows(), staircase);
    }
}

/// Every staircase of at most `rows` rows of at most `cols` squares, the empty one excepted.
fn staircases(rows: u32, cols: u32) -> Vec<Vec<u32>> {
    fn extend(prefix: &mut Vec<u32>, rows: u32, longest: u32, out: &mut Vec<Vec<u32>>) {
        if !prefix.is_empty() {
            out.push(prefix.clone());
        }
        if prefix.len() as u32 == rows {
            return;
        }
        for len in 1..=longest {
            prefix.push(len);
            extend(prefix, rows, len, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    extend(&mut Vec::new(), rows, cols, &mut out);
    out
}

#[test]
fn chomp_indices_number_the_staircases_of_a_square_densely() {
    // The staircases in m x m, up to transposition, under the sum over k <= m of
    // C(2k - 1, k - 1): (C(2m, m) - 1 + self-transposed ones) / 2 of them.
    for (m, below) in [(1, 1), (4, 1 + 3 + 10 + 35), (10, 125_476)] {
        let mut seen = HashMap::new();
        for rows in staircases(m, m) {
            let chomp = Chomp::staircase(&rows).unwrap();
            let index = chomp.index().unwrap();
            assert!(index < below, "{rows:?}: {index}");
            let mut class = [rows.clone(), transposed(&rows)];
            class.sort();
            // One index per staircase and its transpose, and the same one for both.
            assert_eq!(
                *seen.entry(index).or_insert(class.clone()),
                class,
                "{index}"
            );
            assert_eq!(Chomp::staircase(&transposed(&rows)).unwrap(), chomp);
        }
        assert!(seen.len() * 10 >= below * 7, "{} of {below}", seen.len());
    }
}

#[test]
fn chomp_successors_are_stored_as_if_given() {
    // Every successor, within 8 x 8 and across the widths where the transpose no longer
    // fits, against the same staircase given anew (its orientation, its index).
    let wide = [
        vec![16, 3, 1],
        vec![17, 17, 2],
        vec![15, 15, 14, 1],
        vec![14, 2, 2],
    ];
    for rows in staircases(8, 8).into_iter().chain(wide) {
        let chomp = Chomp::staircase(&rows).unwrap();
        for next in chomp.successors() {
            let given = Chomp::staircase(&next.rows()).unwrap();
            assert_eq!(given, next, "{rows:?}");
            assert_eq!(given.index(), next.index(), "{rows:?} -> {:?}", next.rows());
        }
    }
}

/// A random staircase of up to 15 rows of up to 20 squares.
fn staircase() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(1u32..=20, 1..=15).prop_map(|mut rows| {
        rows.sort_unstable_by(|a, b| b.cmp(a));
        rows
    })
}

proptest! {
    #[test]
    fn chomp_indices_are_one_to_one(a in staircase(), b in staircase()) {
        let (p, q) = (Chomp::staircase(&a).unwrap(), Chomp::staircase(&b).unwrap());
        for (rows, chomp) in [(&a, p), (&b, q)] {
            let side = (rows.len() as u32).max(rows[0]);
            prop_assert_eq!(chomp.index().is_some(), side <= 13);
            prop_assert!(chomp.index().is_none_or(|i| i < 7_030_570));
            prop_assert_eq!(&chomp.rows(), rows);
        }
        let same = a == b || transposed(&a) == b;
        prop_assert_eq!(p == q, same);
        if let (Some(i), Some(j)) = (p.index(), q.index()) {
            prop_assert_eq!(i == j, same);
        }
    }

    #[test]
    fn chomp_successors_are_the_bites(rows in staircase()) {
        let chomp = Chomp::staircase(&rows).unwrap();
        // The bites, as given; each stored as if it were given.
        let successors: Vec<Chomp> = chomp.successors().into_iter().collect();
        let bites: Vec<Vec<u32>> = chomp.moves().map(|m| chomp.play(m).unwrap().rows()).collect();
        let mut listed: Vec<Vec<u32>> = successors.iter().map(Chomp::rows).collect();
        listed.sort();
        let mut sorted = bites.clone();
        sorted.sort();
        prop_assert_eq!(listed, sorted);
        for next in successors {
            let given = Chomp::staircase(&next.rows()).unwrap();
            prop_assert_eq!(given, next);
            prop_assert_eq!(given.index(), next.index());
        }
    }
}

/// The column heights of a staircase.
fn transposed(rows: &[u32]) -> Vec<u32> {
    (0..rows[0])
        .map(|j| rows.iter().filter(|&&r| r > j).count() as u32)
        .collect()
}

#[test]
fn chomp_bars_and_ls_and_winning_moves() {
    for n in 1..=40 {
        assert_eq!(
            grundy(&Chomp::new(1, n).unwrap()).unwrap(),
            Nimber::new(u64::from(n) - 1)
        );
        assert_eq!(
            grundy(&Chomp::new(n, 1).unwrap()).unwrap(),
            Nimber::new(u64::from(n) - 1)
        );
    }
    let mut solver = Solver::new();
    let tall = Chomp::new(20, 3).unwrap();
    assert_eq!(tall.rows(), vec![3; 20]);
    let wins = tall.winning_moves(&mut solver).unwrap();
    assert!(!wins.is_empty());
    for square in wins {
        assert!(
            solver
                .grundy(&tall.play(square).unwrap())
                .unwrap()
                .is_zero()
        );
    }
    // Rectangles are won by the first player.
    for n in 2..=7 {
        assert!(
            !solver
                .grundy(&Chomp::new(n, n + 1).unwrap())
                .unwrap()
                .is_zero()
        );
    }
    // Fifteen rows fill the packing; sixteen are stored as columns.
    assert_eq!(Chomp::new(15, 200).unwrap().rows(), vec![200; 15]);
    let sixteen = Chomp::new(16, 2).unwrap();
    assert_eq!(sixteen.rows(), vec![2; 16]);
    assert_eq!(sixteen.play((15, 1)).unwrap().rows().len(), 16);
    assert_eq!(
        grundy(&Chomp::staircase(&[2, 2, 1]).unwrap()).unwrap(),
        grundy(&Chomp::staircase(&[3, 2]).unwrap()).unwrap()
    );
    assert!(Chomp::new(0, 3).is_err());
    assert!(Chomp::new(17, 17).is_err());
    assert!(Chomp::new(u32::MAX, 2).is_err());
    assert!(Chomp::new(2, 256).is_err());
    assert!(Chomp::new(1, 1).unwrap().play((0, 0)).is_err());
}

#[test]
fn cells_far_off_the_board_are_refused_not_panics() {
    use sprague::games::Domino;
    let cram = Cram::new(3, 3).unwrap();
    let far = Domino {
        row: u32::MAX,
        col: u32::MAX,
        vertical: true,
    };
    assert!(cram.play(far).is_err());
    let (_, placement) = Board::new(2, 3).unwrap().canonical();
    let _ = placement.to_board(u32::MAX, u32::MAX);
    assert_eq!(placement.from_board(u32::MAX, 0), None);
    let _ = Symmetry::HALF_TURN.map_cell(2, 2, 7, 9);
    assert!(Chomp::new(3, 3).unwrap().play((u32::MAX, 0)).is_err());
}
