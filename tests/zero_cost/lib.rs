//! Static layouts evaluated at run-time indices, compiled to assembly by `tests/zero_cost.rs`
//! (`cargo rustc --release --lib -- --emit asm` in this directory), which checks
//! that no `zc_static_*` function divides: the shapes are types, so the divisions and
//! remainders of `crd2idx` are by constants, which LLVM turns into shifts and multiplications.
//! `zc_dynamic_control` divides by a run-time extent and must show a `div`, proving that the
//! check sees divisions where there are some.
//!
//! A crate of its own (its own workspace, depending on `cute-core` only), so that the release
//! build it needs is small.
#![no_std]

use cute_core::prelude::*;

/// `((_4,_2),(_8,_2)):((_2,_64),(_8,_1))` at a 1-D index: powers of two, nested modes.
#[no_mangle]
#[inline(never)]
pub fn zc_static_nested(i: i32) -> i32 {
    make_layout(((_4, _2), (_8, _2)), ((_2, _64), (_8, _1))).call(i)
}

/// `(_3,_5):(_5,_1)` at a 1-D index: a shape that is not a power of two.
#[no_mangle]
#[inline(never)]
pub fn zc_static_3x5(i: i32) -> i32 {
    make_layout((_3, _5), (_5, _1)).call(i)
}

/// `((_3,_7),_5):((_35,_1),_7)` at a 64-bit 1-D index.
#[no_mangle]
#[inline(never)]
pub fn zc_static_odd_i64(i: i64) -> i64 {
    make_layout(((_3, _7), _5), ((_35, _1), _7)).call(i)
}

/// `(_3,(_6,_5)):(_1,(_3,_18))` at a 2-D coordinate whose second mode is an integer.
#[no_mangle]
#[inline(never)]
pub fn zc_static_2d(m: i32, n: i32) -> i32 {
    make_layout((_3, (_6, _5)), (_1, (_3, _18))).call((m, n))
}

/// `composition((_4,_3):(_3,_1), (_6,_2):(_2,_1))` at a 1-D index: the composed layout is
/// computed by the type checker (`((_2,_3),_2):((_6,_1),_3)`, CUTLASS's composition test),
/// then evaluated.
#[no_mangle]
#[inline(never)]
pub fn zc_static_composition(i: i32) -> i32 {
    let a = make_layout((_4, _3), (_3, _1));
    let b = make_layout((_6, _2), (_2, _1));
    composition(a, b).call(i)
}

/// `logical_divide((_128,_4,_3):(_1,_512,_0), _32:_2)` at a 1-D index: a divide result from
/// CUTLASS's logical_divide test, computed by the type checker, then evaluated.
#[no_mangle]
#[inline(never)]
pub fn zc_static_divide(i: i32) -> i32 {
    let a = make_layout((_128, _4, _3), (_1, _512, _0));
    logical_divide(a, make_layout(_32, _2)).call(i)
}

/// `(n,_4):(_4,_1)` with a run-time `n`: the remainder by `n` needs a division.
#[no_mangle]
#[inline(never)]
pub fn zc_dynamic_control(i: i32, n: i32) -> i32 {
    make_layout((n, _4), (_4, _1)).call(i)
}
