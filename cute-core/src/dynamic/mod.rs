//! Run-time-structured layout algebra (pycute's model): shapes, strides and coordinates
//! whose tree structure is only known at run time, as the `cute` tool reads them.
//!
//! The semantics are those of C++ CuTe 4.2 with every integer static: every decision
//! (merging modes in `coalesce`, dropping size-1 modes, divisibility) is made on values.
//! Each integer also remembers whether it prints as a static (`_4`) or a dynamic (`4`)
//! integer; see [`Int`].
//!
//! A broken precondition (not divisible, incongruent, not injective, out of range,
//! `i64` overflow, ...) is an `Err(`[`Error`]`)` whose `Display` is one sentence naming the
//! operation; nothing in this module panics on any input, and nothing enumerates more than
//! [`MAX_PRINT_CELLS`] points.
//!
//! # Names
//! Free functions carry CuTe's names and argument order. Where C++ overloads one name the
//! Rust name says which form:
//!
//! | C++ CuTe | here |
//! |---|---|
//! | `make_layout(shape, stride)` | [`Layout::new`] |
//! | `make_layout(shape)` | [`Layout::compact`] |
//! | `make_layout(l0, l1, ...)` | [`make_layout`] |
//! | `coalesce(layout, profile)` | [`coalesce_profile`] |
//! | `filter(layout, profile)` | [`filter_profile`] |
//! | `size(shape)` | [`product`] |
//! | `layout(i)`, `layout(crd)` | [`Layout::eval`], [`Layout::eval_coord`] |
//! | `layout<i>(l)` | [`Layout::mode`] |
//! | `upcast<N>(l)`, `downcast<N>(l)` | [`upcast`]`(l, N)`, [`downcast`]`(l, N)` |
//! | `Swizzle<B,M,S>{}(x)` | [`Swizzle::apply`] |
//!
//! `composition`, the divides and the products take a [`Layout`] or a [`Tiler`] as their
//! second argument (anything [`AsTiler`]).
//!
//! # Example
//! ```
//! use cute_core::dynamic::{composition, Layout};
//! let a: Layout = "(4,8):(1,4)".parse()?;
//! let b: Layout = "(2,4):(1,2)".parse()?;
//! assert_eq!(composition(&a, &b)?.to_string(), "(2,4):(1,2)");
//! # Ok::<(), cute_core::dynamic::Error>(())
//! ```

mod arithmetic_tuple;
pub mod atoms;
mod copy_atom;
mod error;
mod int_tuple;
mod layout;
mod mma_atom;
mod parse;
mod print;
mod stride;
mod swizzle;
mod underscore;

/// The deepest nesting of parentheses the parsers accept.
pub const MAX_DEPTH: usize = 64;

pub use arithmetic_tuple::{IdentityTensor, BASIS_RADIX, MAX_IDENTITY_RANK};
pub use copy_atom::{make_tiled_copy, make_tiled_copy_mma, CopyAtom, ThrCopy, TiledCopy};
pub use error::{Error, Result};
pub use int_tuple::{
    ceil_div, congruent, flatten, inner_product, prefix_product, product, shape_div, Int, IntTuple,
};
pub use layout::{
    blocked_product, coalesce, coalesce_profile, complement, composition, cosize, depth, downcast,
    filter, filter_profile, flat_divide, flat_product, left_inverse, logical_divide,
    logical_product, make_layout, raked_product, rank, right_inverse, shape, size, slice,
    slice_and_offset, stride, tile_to_shape, tiled_divide, tiled_product, upcast, zipped_divide,
    zipped_product, AsTiler, Layout, Tiler, TilerRef,
};
pub use mma_atom::{
    make_tiled_mma, MmaAtom, Partitionable, Partitioned, Permutation, ThrMma, TiledMma,
};
pub use print::{print_layout, MAX_PRINT_CELLS};
pub use stride::{crd2idx, idx2crd};
pub use swizzle::Swizzle;
pub use underscore::Coord;
