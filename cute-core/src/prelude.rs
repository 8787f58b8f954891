//! Every public name a kernel or a test needs: `use cute_core::prelude::*;`.

pub use crate::container::tuple::{get, Get};
pub use crate::int_tuple::{crd2idx, depth, product, rank, size, Crd2Idx, IntLeaf, IntTuple};
pub use crate::layout::{make_layout, Layout};
pub use crate::numeric::aliases::*;
pub use crate::numeric::integral_constant::{Int, Integral, C};
pub use crate::util::print::{display, CutePrint};
