//! Tokens on a random acyclic digraph: every edge goes to a lower node, a move takes one
//! token along an edge, and a position with several tokens is the sum of one game per token.

/// Any lower node, as a span in [`random`].
pub const ANYWHERE: u64 = u64::MAX;

/// A digraph of `nodes` nodes drawn from `seed` (xorshift): node 0 has no edge, and every
/// other node up to `most_edges` edges, each to a lower node within a span of it, the span
/// drawn per node from `spans`, which are positive (a single span is taken without a draw).
pub fn random(seed: u64, nodes: u16, most_edges: u64, spans: &[u64]) -> Vec<Vec<u16>> {
    let mut state = seed | 1;
    let mut draw = move |below: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % below
    };
    (0..u64::from(nodes))
        .map(|node| {
            if node == 0 {
                return Vec::new();
            }
            let count = draw(most_edges + 1);
            let span = match spans {
                [span] => *span,
                _ => spans[draw(spans.len() as u64) as usize],
            };
            (0..count)
                .map(|_| (node - 1 - draw(span.min(node))) as u16)
                .collect()
        })
        .collect()
}

/// The value of each node, by the definition: the mex of the values its edges reach.
pub fn values(edges: &[Vec<u16>]) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(edges.len());
    for out in edges {
        let reached: Vec<u64> = out.iter().map(|&to| values[usize::from(to)]).collect();
        values.push((0..).find(|v| !reached.contains(v)).unwrap());
    }
    values
}

/// The positions one move from tokens `at`, each sorted.
pub fn moves(at: &[u16], edges: &[Vec<u16>]) -> Vec<Vec<u16>> {
    let mut next = Vec::new();
    for (k, &node) in at.iter().enumerate() {
        for &to in &edges[usize::from(node)] {
            let mut moved = at.to_vec();
            moved[k] = to;
            moved.sort_unstable();
            next.push(moved);
        }
    }
    next
}
