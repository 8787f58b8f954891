//! Every public name a kernel or a test needs: `use cute_core::prelude::*;`.

pub use crate::algorithm::axpby::axpby;
pub use crate::algorithm::clear::clear;
pub use crate::algorithm::copy::{copy, copy_if, copy_if_with, copy_with, Predicate};
pub use crate::algorithm::fill::fill;
pub use crate::algorithm::gemm::{gemm, gemm_with};
pub use crate::atom::copy_atom::{
    make_tiled_copy, CopyAtom, HasCopyAtom, ThrCopy, TiledCopy, TiledCopyTv,
};
pub use crate::atom::mma_atom::{
    make_mma_atom, make_tiled_mma, make_tiled_mma_unpermuted, GetLayoutTv, HasMmaAtom, MmaAtom,
    ThrMma, TiledMma, TiledMmaLayouts,
};
pub use crate::container::tuple::{get, Get};
pub use crate::int_tuple::{
    abs, ceil_div, elem_scale, flatten, flatten_to_tuple, gcd, inner_product, max, min,
    prefix_product, prefix_product_init, product_each, round_up, shape_div, shape_min, sum,
    CeilDiv, CeilDivOf, ElemScale, ElemScaleOf, Flatten, FlattenOf, FlattenToTuple,
    FlattenToTupleOf, InnerProduct, InnerProductOf, PrefixProduct, PrefixProductOf, ProductEach,
    ProductEachOf, RoundUp, RoundUpOf, ShapeDiv, ShapeDivOf, ShapeMin, ShapeMinOf, TupleAbs,
    TupleAbsOf, TupleGcd, TupleGcdOf, TupleMax, TupleMaxOf, TupleMin, TupleMinOf, TupleSum,
    TupleSumOf,
};
pub use crate::int_tuple::{
    compatible, congruent, evenly_divides, product_like, unflatten, weakly_compatible,
    weakly_congruent, Compatible, Congruent, EvenlyDivides, IsCompatible, IsCongruent,
    IsEvenlyDivided, IsWeaklyCompatible, IsWeaklyCongruent, ProductLike, ProductLikeOf, Truth,
    Unflatten, UnflattenOf, WeaklyCompatible, WeaklyCongruent,
};
pub use crate::int_tuple::{crd2idx, product, Crd2Arith, Crd2Idx, IntLeaf, IntTuple};
pub use crate::layout::coalesce::{
    coalesce, coalesce_profile, filter, filter_profile, filter_zeros, Coalesce, CoalesceOf, Filter,
    FilterOf, FilterZerosLayout, FilterZerosOf,
};
pub use crate::layout::complement::{
    complement, complement_cosize, try_complement, Complement, ComplementCosize,
    ComplementCosizeOf, ComplementOf,
};
pub use crate::layout::composition::{composition, try_composition, Composition, CompositionOf};
pub use crate::layout::divide::{
    flat_divide, logical_divide, tiled_divide, zipped_divide, FlatDivideOf, LogicalDivideOf,
    TiledDivideOf, ZippedDivideOf,
};
pub use crate::layout::inverse::{
    left_inverse, nullspace, right_inverse, LeftInverse, LeftInverseOf, Nullspace, NullspaceOf,
    RightInverse, RightInverseOf,
};
pub use crate::layout::product::{
    blocked_product, flat_product, logical_product, raked_product, tile_to_shape,
    tile_to_shape_ordered, tiled_product, zipped_product, BlockedProduct, BlockedProductOf,
    FlatProductOf, LogicalProductOf, ModeOrder, RakedProductOf, TileToShape, TileToShapeOf,
    TiledProductOf, ZippedProductOf,
};
pub use crate::layout::recast::{
    downcast, max_common_layout, max_common_vector, upcast, Downcast, MaxCommonLayout,
    MaxCommonVector, Upcast,
};
pub use crate::layout::slice::{domain_offset, slice_and_offset, SliceOf};
pub use crate::layout::{
    append, append_to_rank, cosize, depth, flatten_layout, group, layout, make_identity_layout,
    make_layout, make_layout_from, make_ordered_layout, prepend, prepend_to_rank, rank, select,
    shape, size, stride, take, try_make_layout, Layout, LayoutLeft, LayoutMode, LayoutRight,
    MakeLayoutFrom, MakeLayoutFromOf, MapModes, MapModesOf, Mode, ModeOf, Shaped, StrideFor,
    ZipModes, ZipModesOf,
};
pub use crate::layout_composed::{make_composed_layout, ComposedLayout};
pub use crate::numeric::aliases::*;
pub use crate::numeric::arithmetic_tuple::{
    as_arithmetic_tuple, make_arithmetic_tuple, make_basis_like, make_inttuple_iter, scaled_basis,
    ArithAdd, ArithMul, ArithValue, ArithmeticTuple, ArithmeticTupleIterator, MakeBasisLike,
    ScaledBasis, E,
};
pub use crate::numeric::integral_constant::{Int, Integral, C};
pub use crate::pointer::{
    make_gmem_ptr, make_gmem_ptr_readonly, make_rmem_ptr, make_smem_ptr, GmemPtr, GmemReadOnlyPtr,
    RmemPtr, SmemPtr,
};
pub use crate::pointer_swizzle::{make_swizzle_tensor, make_tensor_swizzled, SwizzlePtr};
pub use crate::stride::{
    compact_col_major, compact_col_major_from, compact_major, compact_order, compact_row_major,
    compact_row_major_from, idx2crd, idx2crd_strided, CompactColMajorOf, CompactMajor,
    CompactMajorOf, CompactOrder, CompactOrderOf, CompactRowMajorOf, GenColMajor, GenRowMajor,
    Idx2Crd, Idx2CrdOf, Idx2CrdStrided, Idx2CrdStridedOf,
};
pub use crate::swizzle::{Swizzle, SwizzleApply};
pub use crate::swizzle_layout::{
    composition_swizzle, make_swizzle_layout, SwizzleComposition, SwizzlePortion,
};
pub use crate::tensor::partition::{
    inner_partition, local_partition, local_partition_projected, local_tile, local_tile_projected,
    outer_partition, tv_partition,
};
pub use crate::tensor::{
    make_coord_tensor, make_identity_tensor, make_rmem_tensor, make_rmem_tensor_from_shape,
    make_tensor, make_tensor_from_ref, make_tensor_from_shape, make_tensor_from_slice, ArrayEngine,
    Engine, EngineMut, MutEngine, RefEngine, RmemTensor, Tensor, ViewEngine, ViewLike,
};
pub use crate::tensor::{
    make_fragment_like, make_fragment_like_as, make_fragment_like_layout, make_layout_like,
    make_tensor_like, make_tensor_like_as, MakeFragmentLike, MakeLayoutLike, RecastIter,
    RecastLayout,
};
pub use crate::tensor_ssa::{
    full, full_like, load, store, BroadcastOf, BroadcastShape, BroadcastTo, FloorDiv, ReduceOf,
    ReduceProfile, Reducible, ReductionOp, SsaAbs, SsaElement, SsaFloat, SsaShape, SsaSlice,
    TensorLoadStore, TensorSsa, ZipShapeOf, ZipWith,
};
pub use crate::underscore::{dice, slice, Diceable, Sliceable, Underscore, X};
pub use crate::util::print::{display, CutePrint};
pub use crate::util::print_layout::print_layout;
pub use crate::util::print_tensor::print_tensor;
