//! The tests of `cute_core::atom::mma_atom`: their own binary, not cute-core unit tests, so that they
//! compile in parallel with the rest (docs/ARCHITECTURE.md, "Build time").

// Spelled-out static layout types are what these tests check, as in cute-core itself.
#![allow(clippy::type_complexity)]

use cute_core::arch::mma::UniversalFMA;
use cute_core::arch::mma_sm80::{SM80_16x8x16_F32F16F16F32_TN, SM80_16x8x8_F32F16F16F32_TN};
use cute_core::layout::make_layout;
use cute_core::layout::{Layout, LayoutLeft};
use cute_core::numeric::aliases::{_0, _1};
use cute_core::prelude::*;
use cute_core::tensor::make_rmem_tensor;
use cute_core::tensor::partition::local_tile;
use cute_core::tensor::{make_tensor_from_ref, make_tensor_from_slice};
use cute_core::util::print::display;
use std::string::ToString;

// Expected strings: tests/cpp/atoms.cpp, the three MMA_Atom cases.
#[test]
fn atoms_print_as_cute() {
    assert_eq!(
        MmaAtom::new(UniversalFMA::<f32, f32, f32, f32>::default()).to_string(),
        "MMA_Atom\n  ThrID:      _1:_0\n  Shape_MNK:  (_1,_1,_1)\n  \
         LayoutA_TV: (_1,_1):(_0,_0)\n  LayoutB_TV: (_1,_1):(_0,_0)\n  \
         LayoutC_TV: (_1,_1):(_0,_0)\n"
    );
    assert_eq!(
        MmaAtom::new(SM80_16x8x16_F32F16F16F32_TN).to_string(),
        "MMA_Atom\n  ThrID:      _32:_1\n  Shape_MNK:  (_16,_8,_16)\n  \
         LayoutA_TV: ((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))\n  \
         LayoutB_TV: ((_4,_8),(_2,_2)):((_16,_1),(_8,_64))\n  \
         LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))\n"
    );
    assert_eq!(
        MmaAtom::new(SM80_16x8x8_F32F16F16F32_TN).to_string(),
        "MMA_Atom\n  ThrID:      _32:_1\n  Shape_MNK:  (_16,_8,_8)\n  \
         LayoutA_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))\n  \
         LayoutB_TV: ((_4,_8),_2):((_16,_1),_8)\n  \
         LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))\n"
    );
}

#[test]
fn universal_fma_atom_accumulates() {
    let atom = make_mma_atom(UniversalFMA::<f64>::default());
    let mut a = make_rmem_tensor::<f64, _, _>(make_layout(_1, _0));
    let mut b = make_rmem_tensor::<f64, _, _>(make_layout(_1, _0));
    let mut c = make_rmem_tensor::<f64, _, _>(make_layout(_1, _0));
    a.set(0, 1.5);
    b.set(0, 4.0);
    c.set(0, 0.5);
    atom.call_acc(&a, &b, &mut c);
    atom.call_acc(&a, &b, &mut c);
    assert_eq!(c.get(0), 12.5);
}

#[test]
#[should_panic(expected = "mma.sync.aligned.m16n8k8")]
fn sm80_atom_packs_halves_into_registers_then_calls_the_instruction() {
    use cute_core::numeric::numeric_types::Half;
    let atom = MmaAtom::new(SM80_16x8x8_F32F16F16F32_TN);
    // 4 halves of A (2 registers), 2 of B (1 register), 4 floats of C and D.
    let a = make_rmem_tensor::<Half, _, _>(make_layout((_2, _2), (_1, _2)));
    let b = make_rmem_tensor::<Half, _, _>(make_layout(_2, _1));
    let mut c = make_rmem_tensor::<f32, _, _>(make_layout((_2, _2), (_1, _2)));
    atom.call_acc(&a, &b, &mut c);
}

// Expected strings: C++ CuTe 4.2 through cute-cpp (make_tiled_mma, get_layoutA/B/C_TV,
// tile_shape, size).
#[test]
fn tiled_mma_tv_layouts_print_as_cute() {
    let fma = make_tiled_mma(
        UniversalFMA::<f32, f32, f32, f32>::default(),
        make_layout((_16, _16, _1), LayoutLeft),
        (),
    );
    assert_eq!(
        fma.get_thr_layout_vmnk().to_string(),
        "(_1,_16,_16,_1):(_0,_1,_16,_0)"
    );
    assert_eq!(
        fma.get_layout_a_tv().to_string(),
        "((_16,_16),(_1,(_1,_1))):((_1,_0),(_0,(_0,_0)))"
    );
    assert_eq!(
        fma.get_layout_b_tv().to_string(),
        "((_16,_16),(_1,(_1,_1))):((_0,_1),(_0,(_0,_0)))"
    );
    assert_eq!(
        fma.get_layout_c_tv().to_string(),
        "(_256,(_1,(_1,_1))):(_1,(_0,(_0,_0)))"
    );
    assert_eq!(display(&fma.tile_shape()).to_string(), "(_16,_16,_1)");
    let _: _256 = fma.size();

    let sm80 = make_tiled_mma(
        SM80_16x8x16_F32F16F16F32_TN,
        make_layout((_2, _2, _1), LayoutLeft),
        (_32, _32, _16),
    );
    assert_eq!(
        sm80.get_thr_layout_vmnk().to_string(),
        "(_32,_2,_2,_1):(_1,_32,_64,_0)"
    );
    assert_eq!(
        sm80.get_layout_a_tv().to_string(),
        "((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))"
    );
    assert_eq!(
        sm80.get_layout_b_tv().to_string(),
        "((_4,_8,_2,_2),((_2,_2),(_2,_1))):((_64,_1,_0,_8),((_32,_256),(_16,_0)))"
    );
    assert_eq!(
        sm80.get_layout_c_tv().to_string(),
        "((_4,_8,_2,_2),((_2,_2),(_1,_2))):((_64,_1,_16,_256),((_32,_8),(_0,_512)))"
    );
    assert_eq!(display(&sm80.tile_shape()).to_string(), "(_32,_32,_16)");
    let _: _128 = sm80.size();
    assert_eq!(core::mem::size_of_val(&sm80), 0);
    assert_eq!(core::mem::size_of_val(&sm80.get_layout_c_tv()), 0);
}

// Expected strings: C++ CuTe 4.2 through cute-cpp.
#[test]
fn more_tiled_mma_tv_layouts_print_as_cute() {
    let m = make_tiled_mma(
        SM80_16x8x8_F32F16F16F32_TN,
        make_layout((_2, _2, _1), LayoutLeft),
        (),
    );
    assert_eq!(
        m.get_layout_a_tv().to_string(),
        "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8),(_0,_0)))"
    );
    assert_eq!(
        m.get_layout_b_tv().to_string(),
        "((_4,_8,_2,_2),(_2,(_1,_1))):((_32,_1,_0,_8),(_16,(_0,_0)))"
    );
    assert_eq!(
        m.get_layout_c_tv().to_string(),
        "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))"
    );
    assert_eq!(display(&m.tile_shape()).to_string(), "(_32,_16,_8)");
    let m = make_tiled_mma_unpermuted(
        SM80_16x8x16_F32F16F16F32_TN,
        make_layout((_2, _2, _1), LayoutLeft),
    );
    assert_eq!(
        m.get_layout_b_tv().to_string(),
        "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_32,_1,_0,_8),((_16,_128),(_0,_0)))"
    );
    assert_eq!(display(&m.tile_shape()).to_string(), "(_32,_16,_16)");
    // a layout permutation and atoms over K
    let m = make_tiled_mma(
        SM80_16x8x8_F32F16F16F32_TN,
        make_layout((_2, _1, _2), (_1, _0, _2)),
        (make_layout((_4, _8), (_8, _1)), _16, _16),
    );
    assert_eq!(
        m.get_thr_layout_vmnk().to_string(),
        "(_32,_2,_1,_2):(_1,_32,_0,_64)"
    );
    assert_eq!(
        m.get_layout_a_tv().to_string(),
        "((_4,_4,_2,_2,_2),((_2,_2),(_1,_1))):((_64,_8,_1,_4,_256),((_32,_2),(_0,_0)))"
    );
    assert_eq!(
        m.get_layout_b_tv().to_string(),
        "((_4,_8,_2,_2),(_2,(_2,_1))):((_32,_1,_0,_128),(_16,(_8,_0)))"
    );
    assert_eq!(
        m.get_layout_c_tv().to_string(),
        "((_4,_4,_2,_2,_2),((_2,_2),(_1,_2))):((_64,_8,_1,_4,_0),((_32,_2),(_0,_256)))"
    );
}

/// A worked example through the tiled MMA: thread 1 of the SM80 16x8x16 MMA with
/// atoms (2,2,1) and tile (32,32,16), block (1,1) of a 512x512 column-major 16-bit matrix
/// tiled 128x128. Expected values: C++ CuTe 4.2 (cute-cpp).
#[test]
fn sm80_partition_c_of_a_block() {
    let mma = make_tiled_mma(
        SM80_16x8x16_F32F16F16F32_TN,
        make_layout((_2, _2, _1), LayoutLeft),
        (_32, _32, _16),
    );
    let x: std::vec::Vec<u16> = (0..512 * 512).map(|i| i as u16).collect();
    let d = make_tensor_from_ref(&x, make_layout((_512, _512), (_1, _512)));
    let blk = local_tile(d, (_128, _128), (1i32, 1i32));
    let part = mma.get_slice(1i32).partition_c(blk);
    let _: Layout<((_2, _2), _4, _8), ((_512, _8), _32, _8192)> = part.layout();
    assert_eq!(
        (part.data() as usize - blk.data() as usize) / 2,
        1024,
        "starts 1024 elements past the block"
    );
    // thread 1 starts at (128,130) (C++: `ArithTuple(128,130)`); value ((i,j),m,n) is at
    // row 128 + 8j + 32m, column 130 + i + 16n: ((1,1),2,3) is (200,179)
    let at = |row: usize, col: usize| ((row + 512 * col) % 65536) as u16;
    assert_eq!(part.get(((1i32, 1i32), 2i32, 3i32)), at(200, 179));
    for i in 0..2 {
        for j in 0..2 {
            for m in 0..4 {
                for n in 0..8 {
                    let (row, col) = (128 + 8 * j + 32 * m, 130 + i + 16 * n);
                    assert_eq!(
                        part.get(((i as i32, j as i32), m as i32, n as i32)),
                        at(row, col)
                    );
                }
            }
        }
    }
}

// Expected strings: C++ CuTe 4.2 (cute-cpp): A and B fragments follow the partition's
// stride order (make_fragment_like), C's is compact column-major.
#[test]
fn fragments_of_k_major_partitions_match_cute() {
    let mma = make_tiled_mma(
        UniversalFMA::<f32, f32, f32, f32>::default(),
        make_layout((_16, _16, _1), LayoutLeft),
        (),
    );
    let s = std::vec![0f32; 128 * 128];
    let sa = make_tensor_from_ref(&s, make_layout((_128, _8), cute_core::layout::LayoutRight));
    let c = make_tensor_from_ref(
        &s,
        make_layout((_128, _128), cute_core::layout::LayoutRight),
    );
    let thr = mma.get_slice(1i32);
    assert_eq!(
        thr.partition_a(sa).layout().to_string(),
        "(_1,_8,_8):(_0,_128,_1)"
    );
    assert_eq!(
        thr.partition_fragment_a(sa).layout().to_string(),
        "(_1,_8,_8):(_0,_8,_1)"
    );
    assert_eq!(
        thr.partition_fragment_b(sa).layout().to_string(),
        "(_1,_8,_8):(_0,_8,_1)"
    );
    assert_eq!(
        thr.partition_c(c).layout().to_string(),
        "(_1,_8,_8):(_0,_2048,_16)"
    );
    assert_eq!(
        thr.partition_fragment_c(c).layout().to_string(),
        "(_1,_8,_8):(_0,_1,_8)"
    );
}

// Expected strings: C++ CuTe 4.2 (cute-cpp), the permuted MMA our sgemm_2 uses
// (`Tile<P,P,_1>` with `P = (16,4,2):(4,1,64)`): each thread's 8 rows are two runs of 4.
#[test]
fn permuted_fma_mma_partitions_match_cute() {
    let perm = make_layout((_16, _4, _2), (_4, _1, _64));
    let mma = make_tiled_mma(
        UniversalFMA::<f32, f32, f32, f32>::default(),
        make_layout((_16, _16, _1), LayoutLeft),
        (perm, perm, _1),
    );
    assert_eq!(
        mma.get_layout_a_tv().to_string(),
        "((_16,_16),(_1,((_4,_2),_1))):((_4,_0),(_0,((_1,_64),_0)))"
    );
    assert_eq!(
        mma.get_layout_c_tv().to_string(),
        "((_16,_16),(_1,((_4,_2),(_4,_2)))):((_4,_512),(_0,((_1,_64),(_128,_8192))))"
    );
    let s = std::vec![0f32; 2048];
    let g = std::vec![0f32; 128 * 128];
    let sa = make_tensor_from_ref(&s, make_layout((_128, _8), (_1, _132)));
    let gc = make_tensor_from_ref(&g, make_layout((_128, _128), (_1, 128i32)));
    for (t, off_a, off_c) in [
        (0i32, 0usize, 0usize),
        (1, 4, 4),
        (37, 20, 1044),
        (255, 60, 7740),
    ] {
        let thr = mma.get_slice(t);
        let tcsa = thr.partition_a(sa);
        assert_eq!(
            tcsa.layout().to_string(),
            "(_1,(_4,_2),_8):(_0,(_1,_64),_132)"
        );
        assert_eq!((tcsa.data() as usize - s.as_ptr() as usize) / 4, off_a);
        let tcgc = thr.partition_c(gc);
        assert_eq!(
            tcgc.layout().to_string(),
            "(_1,(_4,_2),(_4,_2)):(_0,(_1,_64),(128,8192))"
        );
        assert_eq!((tcgc.data() as usize - g.as_ptr() as usize) / 4, off_c);
    }
}

// Expected strings: C++ CuTe 4.2 (cute-cpp), sgemm_2's MMA (16x16x1 UniversalFMA) on its
// shared-memory tiles, threads 0, 1, 37 and 255.
#[test]
fn sgemm_2_mma_partitions_match_cute() {
    let mma = make_tiled_mma(
        UniversalFMA::<f32, f32, f32, f32>::default(),
        make_layout((_16, _16, _1), LayoutLeft),
        (),
    );
    let s = std::vec![0f32; 128 * 9];
    let c = std::vec![0f32; 512 * 512];
    // NT: sA = (128,8) m-major; TN: (128,8):(1,129)
    let sa_nt = make_tensor_from_ref(&s, make_layout((_128, _8), LayoutLeft));
    let sa_tn = make_tensor_from_ref(&s, make_layout((_128, _8), (_1, _129)));
    let mc = make_tensor_from_ref(&c, make_layout((512i32, 512i32), (_1, 512i32)));
    let gc = local_tile(mc, (_128, _128), (1i32, 2i32));
    for (t, off_a, off_c) in [
        (0i32, 0usize, 0usize),
        (1, 1, 1),
        (37, 5, 1029),
        (255, 15, 7695),
    ] {
        let thr = mma.get_slice(t);
        let tcsa = thr.partition_a(sa_nt);
        assert_eq!(tcsa.layout().to_string(), "(_1,_8,_8):(_0,_16,_128)");
        assert_eq!((tcsa.data() as usize - s.as_ptr() as usize) / 4, off_a);
        assert_eq!(
            thr.partition_b(sa_nt).layout().to_string(),
            "(_1,_8,_8):(_0,_16,_128)"
        );
        let tcsa = thr.partition_a(sa_tn);
        assert_eq!(tcsa.layout().to_string(), "(_1,_8,_8):(_0,_16,_129)");
        assert_eq!(
            thr.partition_b(sa_tn).layout().to_string(),
            "(_1,_8,_8):(_0,_16,_129)"
        );
        let tcgc = thr.partition_c(gc);
        assert_eq!(tcgc.layout().to_string(), "(_1,_8,_8):(_0,_16,8192)");
        assert_eq!((tcgc.data() as usize - gc.data() as usize) / 4, off_c);
        let frag = thr.make_fragment_c(&tcgc);
        assert_eq!(frag.layout().to_string(), "(_1,_8,_8):(_0,_1,_8)");
        assert_eq!(
            thr.make_fragment_a(&tcsa).layout().to_string(),
            "(_1,_8,_8):(_0,_1,_8)"
        );
        assert_eq!(
            thr.partition_fragment_a(sa_nt).layout().to_string(),
            "(_1,_8,_8):(_0,_1,_8)"
        );
    }
    assert_eq!(core::mem::size_of_val(&mma), 0);
    // a thread's slice holds its dynamic coordinates only (m and n: V and K are static 0)
    assert_eq!(core::mem::size_of_val(&mma.get_slice(3i32)), 8);
}

/// `gemm(mma, A, B, C)` over sgemm_2's partitions equals the product computed directly.
#[test]
fn gemm_with_tiled_mma_computes_the_product() {
    let mma = make_tiled_mma(
        UniversalFMA::<f32, f32, f32, f32>::default(),
        make_layout((_16, _16, _1), LayoutLeft),
        (),
    );
    let a: std::vec::Vec<f32> = (0..128 * 8).map(|i| ((i * 7) % 13) as f32 - 6.0).collect();
    let b: std::vec::Vec<f32> = (0..128 * 8).map(|i| ((i * 5) % 11) as f32 - 5.0).collect();
    let sa = make_tensor_from_ref(&a, make_layout((_128, _8), LayoutLeft));
    let sb = make_tensor_from_ref(&b, make_layout((_128, _8), LayoutLeft));
    let mut c = std::vec![0f32; 128 * 128];
    for t in [0i32, 17, 255] {
        let gc = make_tensor_from_slice(&mut c, make_layout((_128, _128), LayoutLeft));
        let thr = mma.get_slice(t);
        let tcsa = thr.partition_a(sa);
        let tcsb = thr.partition_b(sb);
        let tcgc = thr.partition_c(gc);
        let mut acc = thr.make_fragment_c(&tcgc);
        cute_core::algorithm::clear::clear(&mut acc);
        cute_core::algorithm::gemm::gemm_with(&mma, &tcsa, &tcsb, &mut acc);
        for m in 0..8 {
            for n in 0..8 {
                let (row, col) = (t % 16 + 16 * m, t / 16 + 16 * n);
                let want: f32 = (0..8)
                    .map(|k| a[(row + 128 * k) as usize] * b[(col + 128 * k) as usize])
                    .sum();
                assert_eq!(acc.get((0, m, n)), want);
            }
        }
    }
}

/// The coordinates of the same example through the tiled MMA: the identity tensor of a 512x512
/// problem, block (1,1) of 128x128, thread 1. Expected values: C++ CuTe 4.2 (cute-cpp).
#[test]
fn sm80_partition_c_of_an_identity_tensor() {
    let mma = make_tiled_mma(
        SM80_16x8x16_F32F16F16F32_TN,
        make_layout((_2, _2, _1), LayoutLeft),
        (_32, _32, _16),
    );
    let id = cute_core::tensor::make_identity_tensor((512i32, 512i32));
    let blk = local_tile(id, (_128, _128), (1i32, 1i32));
    assert_eq!(
        blk.to_string(),
        "ArithTuple(128,128) o (_128,_128):(_1@0,_1@1)"
    );
    let part = mma.get_slice(1i32).partition_c(blk);
    assert_eq!(
        part.to_string(),
        "ArithTuple(128,130) o ((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)"
    );
    assert_eq!(
        part.get(((1i32, 1i32), 2i32, 3i32)).to_string(),
        "(200,179)"
    );
    for i in 0..2i32 {
        for j in 0..2i32 {
            for m in 0..4i32 {
                for n in 0..8i32 {
                    let want = std::format!("({},{})", 128 + 8 * j + 32 * m, 130 + i + 16 * n);
                    assert_eq!(part.get(((i, j), m, n)).to_string(), want);
                }
            }
        }
    }
    assert_eq!(
        mma.to_string(),
        "TiledMMA\n  ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)\n  \
         PermutationMNK: (_32,_32,_16)\nMMA_Atom\n  ThrID:      _32:_1\n  \
         Shape_MNK:  (_16,_8,_16)\n  \
         LayoutA_TV: ((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))\n  \
         LayoutB_TV: ((_4,_8),(_2,_2)):((_16,_1),(_8,_64))\n  \
         LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))\n"
    );
    let fma = make_tiled_mma(
        UniversalFMA::<f32, f32, f32, f32>::default(),
        make_layout((_16, _16, _1), LayoutLeft),
        (),
    );
    assert!(fma.to_string().starts_with(
        "TiledMMA\n  ThrLayoutVMNK:  (_1,_16,_16,_1):(_0,_1,_16,_0)\n  PermutationMNK: (_,_,_)\n"
    ));
}
