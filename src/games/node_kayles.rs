//! Node Kayles: take a vertex of a graph and its neighbours.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use smallvec::SmallVec;

use crate::board::{self, Board, Graph};
use crate::{Error, Game};

/// Node Kayles: a move takes a vertex of a graph together with all its neighbours; the player
/// who cannot move (no vertex left) loses.
///
/// # Rules and theory
///
/// Equivalently, the players build an independent set one vertex at a time, each vertex away
/// from all those chosen before. Deciding who wins Node Kayles on a general graph is
/// PSPACE-complete (Schaefer, 1978), so values are searched; what helps is that the vertices
/// left split into components that play independently, and [`split`](Game::split) returns them.
///
/// - On a path of n vertices it is Dawson's chess, octal 0.137; on a cycle, a move leaves a
///   path of n − 3.
/// - On a grid ([`NodeKayles::grid`]) positions are boards ([`Board`]), and components are
///   brought to canonical form under the eight symmetries of the square, so equal shapes are
///   valued once; two equal components cancel. On a board with an even number of rows and of
///   columns, the half turn sends no cell next to its image, so the second player copies every
///   move: such boards, and components that are even by even and symmetric under the half
///   turn, are worth 0 (a component from `split` also lists only one move of each class of
///   moves its symmetries make equivalent). OEIS A316632 lists the 3 × n grid's values.
/// - On any other graph ([`NodeKayles::from_edges`], up to 64 vertices) a position is the
///   graph and the set of vertices left.
///
/// # Examples
///
/// ```
/// use sprague::{games::NodeKayles, grundy, Nimber};
///
/// // A star: taking the centre takes everything.
/// let star = NodeKayles::from_edges(4, &[(0, 1), (0, 2), (0, 3)])?;
/// assert_eq!(grundy(&star)?, Nimber::new(1));
/// assert_eq!(grundy(&NodeKayles::grid(2, 2)?)?, Nimber::new(0));
/// assert!(NodeKayles::from_edges(2, &[(0, 2)]).is_err());
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone)]
pub struct NodeKayles(Inner);

#[derive(Clone)]
enum Inner {
    /// The cells left of a grid; `symmetries` as in [`board::canonical_parts`], just the
    /// identity outside `split`'s parts.
    Grid { board: Board, symmetries: u8 },
    /// The vertices left of a graph.
    Graph { graph: Arc<Graph>, left: u64 },
}

impl NodeKayles {
    /// The `rows` × `cols` grid graph: cells, joined when they share a side.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfRange`] for more than 64 cells.
    ///
    /// ```
    /// use sprague::{games::{NodeKayles, Octal}, grundy};
    /// // A row of n cells is Dawson's chess, 0.137, on a heap of n.
    /// for n in 0..12 {
    ///     assert_eq!(grundy(&NodeKayles::grid(1, n)?)?, Octal::dawsons_chess().grundy(n.into())?);
    /// }
    /// // On a 2 x 2 square every move leaves one cell: worth 0.
    /// assert!(grundy(&NodeKayles::grid(2, 2)?)?.is_zero());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn grid(rows: u32, cols: u32) -> Result<NodeKayles, Error> {
        Ok(NodeKayles::on_board(Board::new(rows, cols)?))
    }

    /// The grid graph on the cells of `board`.
    ///
    /// ```
    /// use sprague::{board::Board, games::NodeKayles, grundy, Nimber};
    /// // The cells of an L, given as bits: a path of three cells, worth *2 (a move in the
    /// // middle leaves nothing, one at an end leaves one cell).
    /// let board = Board::from_cells(2, 2, 0b1011)?;
    /// assert_eq!(grundy(&NodeKayles::on_board(board))?, Nimber::new(2));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn on_board(board: Board) -> NodeKayles {
        NodeKayles(Inner::Grid {
            board,
            symmetries: 1,
        })
    }

    /// The graph on `vertices` vertices (`0..vertices`) with these edges.
    ///
    /// # Errors
    ///
    /// As [`Graph::from_edges`]: an edge to a missing vertex, or more than 64 vertices.
    ///
    /// ```
    /// use sprague::{games::NodeKayles, grundy, Nimber};
    /// // A triangle: any vertex takes the other two with it.
    /// let triangle = NodeKayles::from_edges(3, &[(0, 1), (1, 2), (0, 2)])?;
    /// assert_eq!(grundy(&triangle)?, Nimber::STAR);
    /// assert!(NodeKayles::from_edges(2, &[(0, 2)]).is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn from_edges(vertices: usize, edges: &[(usize, usize)]) -> Result<NodeKayles, Error> {
        Ok(NodeKayles::on_graph(Graph::from_edges(vertices, edges)?))
    }

    /// The whole of `graph`.
    ///
    /// ```
    /// use sprague::{board::Graph, games::NodeKayles, grundy, Nimber};
    /// // Two separate edges: each is worth *, so the pair is 0.
    /// let graph = Graph::from_edges(4, &[(0, 1), (2, 3)])?;
    /// assert_eq!(grundy(&NodeKayles::on_graph(graph))?, Nimber::ZERO);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn on_graph(graph: Graph) -> NodeKayles {
        let left = graph.vertices();
        NodeKayles(Inner::Graph {
            graph: Arc::new(graph),
            left,
        })
    }
}

/// Whether a cropped grid component can matter to a sum: not even by even and symmetric under
/// the half turn (worth 0).
fn may_matter(cropped: Board) -> bool {
    !((cropped.rows() | cropped.cols()) & 1 == 0 && cropped.half_turn() == cropped)
}

impl PartialEq for NodeKayles {
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (Inner::Grid { board: a, .. }, Inner::Grid { board: b, .. }) => a == b,
            (Inner::Graph { graph: g, left: a }, Inner::Graph { graph: h, left: b }) => {
                a == b && (Arc::ptr_eq(g, h) || g == h)
            }
            _ => false,
        }
    }
}

impl Eq for NodeKayles {}

impl Hash for NodeKayles {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match &self.0 {
            Inner::Grid { board, .. } => {
                state.write_u64(board.cells() ^ u64::from(board.cols()).rotate_right(8));
                state.write_u8(board.rows() as u8);
            }
            Inner::Graph { graph, left } => {
                state.write_u64(*left);
                state.write_usize(graph.len());
            }
        }
    }
}

impl fmt::Debug for NodeKayles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Inner::Grid { board, .. } => write!(f, "NodeKayles({:?})", board.to_string()),
            Inner::Graph { graph, left } => f
                .debug_struct("NodeKayles")
                .field("vertices", &graph.len())
                .field("left", &format_args!("{left:#x}"))
                .finish(),
        }
    }
}

impl Game for NodeKayles {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let mut out: SmallVec<[NodeKayles; 16]> = SmallVec::new();
        match &self.0 {
            &Inner::Grid { board, symmetries } => {
                let cells = board.cells();
                let mut rest = cells;
                while rest != 0 {
                    let cell = rest & rest.wrapping_neg();
                    rest ^= cell;
                    if symmetries == 1 || board::least_in_orbit(board, symmetries, cell) {
                        let taken = cell | board.neighbours(cell);
                        out.push(NodeKayles::on_board(board.with_cells(cells & !taken)));
                    }
                }
            }
            Inner::Graph { graph, left } => {
                let mut rest = *left;
                while rest != 0 {
                    let v = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    out.push(NodeKayles(Inner::Graph {
                        graph: Arc::clone(graph),
                        left: left & !(1 << v | graph.neighbours(v)),
                    }));
                }
            }
        }
        out
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        let mut parts: SmallVec<[NodeKayles; 8]> = SmallVec::new();
        match &self.0 {
            &Inner::Grid { board, .. } => {
                parts.extend(
                    board::canonical_parts(board, &|b| (b, 0), &may_matter)
                        .into_iter()
                        .map(|(board, symmetries)| NodeKayles(Inner::Grid { board, symmetries })),
                );
            }
            Inner::Graph { graph, left } => {
                parts.extend(graph.components(*left).map(|component| {
                    NodeKayles(Inner::Graph {
                        graph: Arc::clone(graph),
                        left: component,
                    })
                }));
            }
        }
        parts
    }
}
