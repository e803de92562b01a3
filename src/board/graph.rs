//! Small graphs as adjacency bitmasks.

use super::bitboard::MAX_CELLS;
use crate::Error;

/// An undirected simple graph on vertices `0..n` for n ≤ 64, each vertex's neighbours a bitmask.
///
/// Sets of vertices are words too (bit v for vertex v), so games on graphs keep a position
/// as one word: the vertices still in play.
///
/// ```
/// use sprague::board::Graph;
///
/// // A path 0 - 1 - 2 and an edge 3 - 4.
/// let graph = Graph::from_edges(5, &[(0, 1), (1, 2), (3, 4)])?;
/// assert_eq!(graph.neighbours(1), 0b101);
/// let components: Vec<u64> = graph.components(graph.vertices()).collect();
/// assert_eq!(components, [0b00111, 0b11000]);
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Graph {
    adjacency: Vec<u64>,
}

impl Graph {
    /// The graph on `vertices` vertices with the given edges (loops ignored, repeated edges
    /// counted once).
    ///
    /// # Errors
    ///
    /// [`Error::OutOfRange`] for more than 64 vertices, [`Error::InvalidRules`] for an edge to
    /// a vertex that is not in the graph.
    ///
    /// # Complexity
    ///
    /// O(vertices + edges).
    ///
    /// ```
    /// use sprague::board::Graph;
    /// // A triangle: the loop on 0 is ignored and the edge 1 - 0 is the edge 0 - 1 again.
    /// let triangle = Graph::from_edges(3, &[(0, 1), (1, 2), (2, 0), (0, 0), (1, 0)])?;
    /// assert_eq!(triangle.neighbours(0), 0b110);
    /// assert_eq!(triangle.neighbours(2), 0b011);
    /// assert!(Graph::from_edges(65, &[]).is_err());
    /// assert!(Graph::from_edges(2, &[(0, 2)]).is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn from_edges(vertices: usize, edges: &[(usize, usize)]) -> Result<Graph, Error> {
        if vertices > MAX_CELLS as usize {
            return Err(Error::out_of_range(
                "vertex count",
                vertices as u128,
                MAX_CELLS,
            ));
        }
        let mut adjacency = vec![0u64; vertices];
        for &(a, b) in edges {
            if a >= vertices || b >= vertices {
                return Err(Error::InvalidRules {
                    reason: format!(
                        "edge ({a}, {b}) names a vertex outside the graph of {vertices} vertices 0..{vertices}"
                    ),
                });
            }
            if a != b {
                adjacency[a] |= 1 << b;
                adjacency[b] |= 1 << a;
            }
        }
        Ok(Graph { adjacency })
    }

    /// The number of vertices.
    ///
    /// ```
    /// use sprague::board::Graph;
    /// let graph = Graph::from_edges(3, &[(0, 1)])?;
    /// assert_eq!(graph.len(), 3);
    /// assert!(!graph.is_empty());
    /// assert!(Graph::from_edges(0, &[])?.is_empty());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.adjacency.len()
    }

    /// Whether the graph has no vertex: see [`Graph::len`].
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.adjacency.is_empty()
    }

    /// Every vertex, as a set.
    ///
    /// ```
    /// use sprague::board::Graph;
    /// assert_eq!(Graph::from_edges(3, &[])?.vertices(), 0b111);
    /// assert_eq!(Graph::from_edges(64, &[])?.vertices(), u64::MAX);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn vertices(&self) -> u64 {
        super::low_bits(self.len() as u32)
    }

    /// The neighbours of vertex `v` (empty for a vertex not in the graph). O(1).
    ///
    /// ```
    /// use sprague::board::Graph;
    /// // A star: 0 joined to 1, 2 and 3.
    /// let star = Graph::from_edges(4, &[(0, 1), (0, 2), (0, 3)])?;
    /// assert_eq!(star.neighbours(0), 0b1110);
    /// assert_eq!(star.neighbours(3), 0b0001);
    /// assert_eq!(star.neighbours(9), 0);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn neighbours(&self, v: usize) -> u64 {
        self.adjacency.get(v).copied().unwrap_or(0)
    }

    /// The vertices of `within` joined to a vertex of `seed` by a path inside `within`.
    ///
    /// O(size of the component) word operations: each vertex reached is expanded once.
    ///
    /// ```
    /// use sprague::board::Graph;
    /// let cycle = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 3), (3, 0)])?;
    /// assert_eq!(cycle.component_of(0b1, 0b1011), 0b1011);
    /// assert_eq!(cycle.component_of(0b1, 0b0101), 0b0001);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn component_of(&self, seed: u64, within: u64) -> u64 {
        let mut reached = seed & within;
        let mut frontier = reached;
        while frontier != 0 {
            let v = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = self.adjacency[v] & within & !reached;
            reached |= new;
            frontier |= new;
        }
        reached
    }

    /// The connected components of the subgraph induced by `within`, lowest vertex first.
    ///
    /// O(vertices of `within`) word operations in all.
    ///
    /// ```
    /// use sprague::board::Graph;
    /// let path = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 3)])?;
    /// // Without vertex 1 the path falls apart into {0} and {2, 3}.
    /// let parts: Vec<u64> = path.components(0b1101).collect();
    /// assert_eq!(parts, [0b0001, 0b1100]);
    /// // Bits past the last vertex are not vertices.
    /// assert_eq!(path.components(u64::MAX).collect::<Vec<_>>(), [0b1111]);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn components(&self, within: u64) -> impl Iterator<Item = u64> + '_ {
        let mut rest = within & self.vertices();
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let component = self.component_of(rest & rest.wrapping_neg(), rest);
            rest ^= component;
            Some(component)
        })
    }
}
