//! The worked examples of the Tensor issue (CuTe's tensor and partitioning guides), with the
//! printed forms and values that C++ CuTe 4.2 gives (`shared/tools/cute-cpp`).
//!
//! The TensorSSA examples are in `cute-core/src/tensor_ssa.rs` (`cargo test -p cute-core --lib
//! tensor_ssa::`); slicing, partitioning and TV-layout examples also have unit tests beside their
//! code. This file gathers the worked examples in one place, and holds the predication example,
//! which needs the layout algebra on scaled-basis strides.
//!
//! Note on compile time: the result of a slice or a `local_tile` is a projection type
//! (`<L as SliceLayout<Crd>>::Output`); calling more algebra on it without naming its layout
//! type can make rustc take minutes. The tests name the type of such intermediate tensors.
#![allow(clippy::type_complexity)]

use cute_core::prelude::*;

/// Byte distance between two pointers.
fn bytes<T>(a: *const T, b: *const T) -> isize {
    b as isize - a as isize
}

// Tensor over (2,2):(2,1) f32, and over (2,2,2):(4,2,1).
#[test]
fn slicing_advances_the_pointer_by_bytes() {
    let mut x = [0f32, 1., 2., 3., 4., 5., 6., 7.];
    let p = x.as_mut_ptr();
    // SAFETY: both layouts reach offsets 0..=7 of x.
    let t = unsafe { make_tensor(p, make_layout((2, 2), (2, 1))) };
    assert_eq!(t.iter_at((1, 1)), p.wrapping_add(3));
    assert_eq!(t.get((1, 1)), 3.0);
    let s = t.slice((X, 1));
    assert_eq!(
        s.to_string(),
        format!("ptr[32b]({:p}) o (2):(2)", p.wrapping_add(1))
    );
    assert_eq!(bytes(p, s.data()), 4);
    let t3 = unsafe { make_tensor(p, make_layout((2, 2, 2), (4, 2, 1))) };
    let s = t3.slice((1, X, X));
    assert_eq!(s.layout().to_string(), "(2,2):(2,1)");
    assert_eq!(bytes(p, s.data()), 16);
    let s = t3.slice((0, X, 1));
    assert_eq!(s.layout().to_string(), "(2):(2)");
    assert_eq!(bytes(p, s.data()), 4);
    // tagged pointers print their memory space
    let g = unsafe { make_tensor(make_gmem_ptr(p), make_layout((_4, _2), (_1, _4))) };
    assert_eq!(
        g.to_string(),
        format!("gmem_ptr[32b]({p:p}) o (_4,_2):(_1,_4)")
    );
    let s = unsafe { make_tensor(make_smem_ptr(p), make_layout((_4, _8), (_1, _4))) };
    assert_eq!(
        s.to_string(),
        format!("smem_ptr[32b]({p:p}) o (_4,_8):(_1,_4)")
    );
}

// A with layout ((_3,2),(2,_5,_2)):((4,1),(_2,13,100)).
#[test]
fn nested_slices() {
    let y: Vec<f32> = (0..1024).map(|i| i as f32).collect();
    let a = make_tensor_from_ref(
        &y,
        make_layout(((_3, 2), (2, _5, _2)), ((4, 1), (_2, 13, 100))),
    );
    let p = a.data();
    let cases: [(String, *const f32, &str, isize); 5] = [
        {
            let s = a.slice((2, X));
            (
                s.layout().to_string(),
                s.data(),
                "((2,_5,_2)):((_2,13,100))",
                8,
            )
        },
        {
            let s = a.slice((X, 5));
            (s.layout().to_string(), s.data(), "((_3,2)):((4,1))", 28)
        },
        {
            let s = a.slice(((X, X), 5));
            (s.layout().to_string(), s.data(), "(_3,2):(4,1)", 28)
        },
        {
            let s = a.slice(((X, 1), (0, X, 1)));
            (s.layout().to_string(), s.data(), "(_3,_5):(4,13)", 101)
        },
        {
            let s = a.slice(((2, X), (X, 3, X)));
            (s.layout().to_string(), s.data(), "(2,2,_2):(1,_2,100)", 47)
        },
    ];
    for (layout, data, want, offset) in cases {
        assert_eq!(layout, want);
        assert_eq!(bytes(p, data), 4 * offset, "{want}");
    }
    // every element of A((2,_),(_,3,_)) is A at the completed coordinate
    let s = a.slice(((2, X), (X, 3, X)));
    for i in 0..2 {
        for j in 0..2 {
            for k in 0..2 {
                assert_eq!(s.get((i, j, k)), a.get(((2, i), (j, 3, k))));
            }
        }
    }
}

// zipped_divide of an (8,24) tensor by (_4,_8); inner and outer partitions.
#[test]
fn zipped_divide_inner_and_outer_partitions() {
    let x: Vec<i32> = (0..192).collect();
    let t = make_tensor_from_ref(&x, make_layout((8, 24), LayoutLeft));
    let z = t.zipped_divide((_4, _8));
    assert_eq!(display(&z.shape()).to_string(), "((_4,_8),(2,3))");
    assert_eq!(z.layout().to_string(), "((_4,_8),(2,3)):((_1,8),(_4,64))");
    for bm in 0..2 {
        for bn in 0..3 {
            // the block's tile: z((_,_),(bm,bn))
            let tile = inner_partition(t, (_4, _8), (bm, bn));
            assert_eq!(tile.layout().to_string(), "(_4,_8):(_1,8)");
            for i in 0..4 {
                for j in 0..8 {
                    assert_eq!(tile.get((i, j)), t.get((4 * bm + i, 8 * bn + j)));
                }
            }
        }
    }
    for i in 0..4 {
        for j in 0..8 {
            // thread (i,j)'s elements across the blocks: z((i,j),(_,_))
            let part = outer_partition(t, (_4, _8), (i, j));
            assert_eq!(part.layout().to_string(), "(2,3):(_4,64)");
            for bm in 0..2 {
                for bn in 0..3 {
                    assert_eq!(part.get((bm, bn)), t.get((4 * bm + i, 8 * bn + j)));
                }
            }
        }
    }
}

// The TV layout ((_2,_4),(_2,_2)):((_8,_1),(_4,_16)) over a 4x8 row-major tensor: the 4
// elements of each of the 8 threads (C++: composition(tensor, tv)(thr, _)).
#[test]
fn tv_layout_gives_each_thread_its_elements() {
    let y: Vec<i32> = (0..32).collect();
    let r = make_tensor_from_ref(&y, make_layout((_4, _8), LayoutRight));
    let tv = make_layout(((_2, _4), (_2, _2)), ((_8, _1), (_4, _16)));
    let c = r.composition(tv);
    assert_eq!(
        c.layout().to_string(),
        "((_2,_4),(_2,_2)):((_2,_8),(_1,_4))"
    );
    let want = [
        [0, 1, 4, 5],
        [2, 3, 6, 7],
        [8, 9, 12, 13],
        [10, 11, 14, 15],
        [16, 17, 20, 21],
        [18, 19, 22, 23],
        [24, 25, 28, 29],
        [26, 27, 30, 31],
    ];
    for (thr, w) in want.iter().enumerate() {
        let v = tv_partition(r, tv, thr as i32);
        assert_eq!(v.layout().to_string(), "((_2,_2)):((_1,_4))");
        let got: Vec<i32> = (0..4).map(|i| v.get(i)).collect();
        assert_eq!(got, w);
    }
}

/// C++'s `TiledMMA::thrfrg_C` for the SM80 16x8x16 atom (C TV layout
/// `((_4,_8),(_2,_2)):((_32,_1),(_16,_8))`), atom layout `(2,2,1)`, tile `(32,32,16)`, over a
/// 128x128 tile, then sliced for thread `thr` (`partition_C`): `((ThrV,(ThrM,ThrN)),
/// (FrgV,(RestM,RestN)))` at `(thr_v,(thr_m,thr_n))`, giving `(FrgV,RestM,RestN)`.
macro_rules! partition_c {
    ($tile:expr, $thr:expr) => {{
        let thr: i32 = $thr;
        // the thread's coordinate in the (32,2,2,1) thread layout (column-major)
        let (v, m, n) = (thr % 32, (thr / 32) % 2, thr / 64);
        $tile
            // the tile permutation (32,32)
            .logical_divide((_32, _32))
            // the atom's 16x8
            .zipped_divide((make_layout(_16, _1), make_layout(_8, _1)))
            // the atom's (thr, val) -> (m, n) in the 16x8
            .composition((make_layout(((_4, _8), (_2, _2)), ((_32, _1), (_16, _8))), X))
            // the atom layout's 2x2 threads
            .zipped_divide((X, (make_layout(_2, _1), make_layout(_2, _1))))
            .into_slice(((v, (m, n)), (X, (X, X))))
    }};
}

// Coordinates for predication: the identity tensor of a 512x512 problem, tiled 128x128 at
// block (1,1), C-partitioned for thread 1; and the data tensor partitioned the same way.
#[test]
fn predication_coordinates_through_the_c_tv_layout() {
    let id = make_identity_tensor((512, 512));
    let cta = local_tile(id, (_128, _128), (1, 1));
    assert_eq!(
        cta.to_string(),
        "ArithTuple(128,128) o (_128,_128):(_1@0,_1@1)"
    );
    // (the tile's layout named: see the note at the top of this file)
    let cta: Tensor<_, Layout<(_128, _128), (E<_0>, E<_1>)>> = cta;
    let tc = partition_c!(cta, 1);
    assert_eq!(
        tc.to_string(),
        "ArithTuple(128,130) o ((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)"
    );
    let c: ArithmeticTuple<(i32, i32)> = tc.get(((1, 1), 2, 3));
    assert_eq!(c.to_string(), "(200,179)");
    // C++: the first and last coordinates of threads 0, 37, 74, 111
    for (thr, first, last) in [
        (0, "(128,128)", "(232,241)"),
        (37, "(145,130)", "(249,243)"),
        (74, "(130,140)", "(234,253)"),
        (111, "(147,142)", "(251,255)"),
    ] {
        let tc = partition_c!(cta, thr);
        let a: ArithmeticTuple<(i32, i32)> = tc.get(0);
        let b: ArithmeticTuple<(i32, i32)> = tc.get(127);
        assert_eq!((a.to_string(), b.to_string()), (first.into(), last.into()));
    }
    // The data: a 16-bit (512,512):(1,512) buffer, the same partition.
    let buf = vec![0u16; 512 * 512];
    let g = make_tensor_from_ref(&buf, make_layout((_512, _512), (_1, _512)));
    let gt: Tensor<_, Layout<(_128, _128), (_1, _512)>> = local_tile(g, (_128, _128), (1, 1));
    let gc = partition_c!(gt, 1);
    let _: &Layout<((_2, _2), _4, _8), ((_512, _8), _32, _8192)> = &gc.layout();
    assert_eq!(
        gc.layout().to_string(),
        "((_2,_2),_4,_8):((_512,_8),_32,_8192)"
    );
    assert_eq!(bytes(gt.data(), gc.data()), 2 * 1024);
    // element by element: the data tensor's element at c is the buffer at the coordinate
    // tensor's (m, n) at c
    let mut vals = vec![0u16; 512 * 512];
    for (i, v) in vals.iter_mut().enumerate() {
        *v = (i % 65521) as u16;
    }
    let g = make_tensor_from_ref(&vals, make_layout((_512, _512), (_1, _512)));
    let gt: Tensor<_, Layout<(_128, _128), (_1, _512)>> = local_tile(g, (_128, _128), (1, 1));
    for thr in [0, 1, 37, 127] {
        let gc = partition_c!(gt, thr);
        let tc = partition_c!(cta, thr);
        for i in 0..128 {
            let ArithmeticTuple((m, n)): ArithmeticTuple<(i32, i32)> = tc.get(i);
            assert_eq!(
                gc.get(i),
                vals[(m + 512 * n) as usize],
                "thread {thr}, value {i}"
            );
        }
    }
}

// Dynamic misuse panics with a message naming the shapes.
#[test]
#[should_panic(
    expected = "make_tensor: the layout (4,8):(1,4) does not fit in a slice of 31 elements"
)]
fn a_layout_larger_than_its_slice_panics_naming_it() {
    let x = [0f32; 31];
    let _ = make_tensor_from_ref(&x, make_layout((4, 8), (1, 4)));
}

#[test]
#[should_panic(expected = "copy: the tensors of shapes (4,8) and (4,7) have different sizes")]
fn copy_between_different_sizes_panics_naming_the_shapes() {
    let x = [0f32; 32];
    let mut y = [0f32; 28];
    let src = make_tensor_from_ref(&x, make_layout((4, 8), LayoutLeft));
    let mut dst = make_tensor_from_slice(&mut y, make_layout((4, 7), LayoutLeft));
    copy(&src, &mut dst);
}
