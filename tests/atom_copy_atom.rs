//! The tests of `cute_core::atom::copy_atom`: their own binary, not cute-core unit tests, so that they
//! compile in parallel with the rest (docs/ARCHITECTURE.md, "Build time").

// Spelled-out static layout types are what these tests check, as in cute-core itself.
#![allow(clippy::type_complexity)]

use cute_core::arch::copy::UniversalCopy;
use cute_core::atom::copy_atom::*;
use cute_core::layout::make_layout;
use cute_core::layout::Layout;
use cute_core::numeric::aliases::_0;
use cute_core::numeric::aliases::_1;
use cute_core::numeric::numeric_types::{Half, Uint128};
use cute_core::prelude::*;
use cute_core::tensor::{
    make_rmem_tensor, make_tensor, make_tensor_from_ref, make_tensor_from_slice,
};
use std::string::ToString;

// Expected strings: tests/cpp/atoms.cpp, the Copy_Atom cases.
#[test]
fn copy_atoms_print_as_cute() {
    let a = CopyAtom::<UniversalCopy<Uint128>, f32>::new();
    let l: Layout<(_1, _4), (_0, _1)> = a.val_layout_src();
    assert_eq!(l.to_string(), "(_1,_4):(_0,_1)");
    assert_eq!(
        a.to_string(),
        "Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_4):(_0,_1)\n  \
         ValLayoutDst: (_1,_4):(_0,_1)\n  ValLayoutRef: (_1,_4):(_0,_1)\n  \
         ValueType:    32b\n"
    );
    assert_eq!(
        CopyAtom::<UniversalCopy<f32>, f32>::new().to_string(),
        "Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_1):(_0,_1)\n  \
         ValLayoutDst: (_1,_1):(_0,_1)\n  ValLayoutRef: (_1,_1):(_0,_1)\n  \
         ValueType:    32b\n"
    );
    assert_eq!(
        CopyAtom::<UniversalCopy<u64>, Half>::new().to_string(),
        "Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_4):(_0,_1)\n  \
         ValLayoutDst: (_1,_4):(_0,_1)\n  ValLayoutRef: (_1,_4):(_0,_1)\n  \
         ValueType:    16b\n"
    );
    assert_eq!(CopyAtom::<UniversalCopy<Uint128>, f32>::NUM_VAL_SRC, 4);
    assert_eq!(CopyAtom::<UniversalCopy<u64>, Half>::NUM_VAL_DST, 4);
}

#[repr(C, align(16))]
struct Aligned([f32; 8]);

#[test]
fn vector_copy_moves_four_values() {
    let atom = CopyAtom::<UniversalCopy<Uint128>, f32>::new();
    let mut g = Aligned([1., 2., 3., 4., 5., 6., 7., 8.]);
    // SAFETY: offsets 4..8 of an 8-element array.
    let src = unsafe { make_tensor(g.0.as_mut_ptr().add(4), make_layout(_4, _1)) };
    let mut dst = make_rmem_tensor::<f32, _, _>(make_layout((_4, _1), (_1, _0)));
    atom.call(&src, &mut dst);
    assert_eq!(
        [dst.get(0), dst.get(1), dst.get(2), dst.get(3)],
        [5., 6., 7., 8.]
    );
    // A strided destination is scattered value by value.
    let mut strided = make_rmem_tensor::<f32, _, _>(make_layout(_4, _2));
    atom.call(&src, &mut strided);
    assert_eq!(
        [
            strided.get(0),
            strided.get(1),
            strided.get(2),
            strided.get(3)
        ],
        [5., 6., 7., 8.]
    );
}

// Expected strings: C++ CuTe 4.2 (cute-cpp): sgemm_2's tiled copies of A, NT and TN, on
// a block (1,2) of a 512x64 gmem matrix and its shared-memory tile; threads 0, 1, 37, 255.
#[test]
fn sgemm_2_tiled_copies_match_cute() {
    use cute_core::tensor::partition::local_tile_projected;
    use cute_core::underscore::X;
    let a = std::vec![0f32; 512 * 64];
    let s = std::vec![0f32; 128 * 9];
    let byte_off = |p: usize, q: usize| (p - q) / 4;

    let nt = make_tiled_copy(
        CopyAtom::<UniversalCopy<Uint128>, f32>::new(),
        make_layout((_32, _8), cute_core::layout::LayoutLeft),
        make_layout((_4, _1), cute_core::layout::LayoutLeft),
    );
    assert_eq!(
        nt.get_layout_s_tv().to_string(),
        "(_256,(_4,_1)):(_4,(_1,_0))"
    );
    assert_eq!(
        nt.get_layout_d_tv().to_string(),
        "(_256,(_4,_1)):(_4,(_1,_0))"
    );
    assert_eq!(
        nt.to_string(),
        "TiledCopy\n  Tiler_MN:       (_128,_8)\n  TiledLayout_TV: (_256,_4):(_4,_1)\n\
         Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_4):(_0,_1)\n  \
         ValLayoutDst: (_1,_4):(_0,_1)\n  ValLayoutRef: (_1,_4):(_0,_1)\n  \
         ValueType:    32b\n"
    );
    let ma = make_tensor_from_ref(&a, make_layout((512i32, 64i32), (_1, 512i32)));
    let ga = local_tile_projected(ma, (_128, _128, _8), (1i32, 2i32, X), (_1, X, _1));
    assert_eq!(ga.layout().to_string(), "(_128,_8,8):(_1,512,4096)");
    let sa = make_tensor_from_ref(&s, make_layout((_128, _8), cute_core::layout::LayoutLeft));
    for (t, off_g, off_s) in [(0i32, 0, 0), (1, 4, 4), (37, 532, 148), (255, 3708, 1020)] {
        let thr = nt.get_slice(t);
        let tags = thr.partition_s(ga);
        assert_eq!(
            tags.layout().to_string(),
            "((_4,_1),_1,_1,8):((_1,_0),_0,_0,4096)"
        );
        assert_eq!(byte_off(tags.data() as usize, ga.data() as usize), off_g);
        let tasa = thr.partition_d(sa);
        assert_eq!(tasa.layout().to_string(), "((_4,_1),_1,_1):((_1,_0),_0,_0)");
        assert_eq!(byte_off(tasa.data() as usize, sa.data() as usize), off_s);
    }

    let tn = make_tiled_copy(
        CopyAtom::<UniversalCopy<f32>, f32>::new(),
        make_layout((_32, _8), (_8, _1)),
        make_layout((_1, _1), cute_core::layout::LayoutLeft),
    );
    assert_eq!(
        tn.get_layout_s_tv().to_string(),
        "((_8,_32),(_1,_1)):((_32,_1),(_0,_0))"
    );
    assert_eq!(
        tn.get_layout_d_tv().to_string(),
        "((_8,_32),(_1,_1)):((_32,_1),(_0,_0))"
    );
    assert_eq!(tn.layout_tv().to_string(), "((_8,_32),_1):((_32,_1),_0)");
    let ma = make_tensor_from_ref(&a, make_layout((512i32, 64i32), (64i32, _1)));
    let ga = local_tile_projected(ma, (_128, _128, _8), (1i32, 2i32, X), (_1, X, _1));
    assert_eq!(ga.layout().to_string(), "(_128,_8,8):(64,_1,_8)");
    let sa = make_tensor_from_ref(&s, make_layout((_128, _8), (_1, _129)));
    for (t, off_g, off_s) in [(0i32, 0, 0), (1, 1, 129), (37, 261, 649)] {
        let thr = tn.get_slice(t);
        let tags = thr.partition_s(ga);
        assert_eq!(
            tags.layout().to_string(),
            "((_1,_1),_4,_1,8):((_0,_0),2048,_0,_8)"
        );
        assert_eq!(byte_off(tags.data() as usize, ga.data() as usize), off_g);
        let tasa = thr.partition_d(sa);
        assert_eq!(
            tasa.layout().to_string(),
            "((_1,_1),_4,_1):((_0,_0),_32,_0)"
        );
        assert_eq!(byte_off(tasa.data() as usize, sa.data() as usize), off_s);
    }
    assert_eq!(core::mem::size_of_val(&tn), 0);
    assert_eq!(core::mem::size_of_val(&nt), 0);
}

/// `copy(tiled_copy, S, D)` over the partitions of every thread moves the whole tile.
#[test]
fn tiled_copy_moves_the_tile() {
    let nt = make_tiled_copy(
        CopyAtom::<UniversalCopy<Uint128>, f32>::new(),
        make_layout((_32, _8), cute_core::layout::LayoutLeft),
        make_layout((_4, _1), cute_core::layout::LayoutLeft),
    );
    let a: std::vec::Vec<f32> = (0..128 * 8).map(|i| (i * 3 % 1000) as f32).collect();
    let mut s = std::vec![0f32; 128 * 8];
    let ga = make_tensor_from_ref(&a, make_layout((_128, _8), cute_core::layout::LayoutLeft));
    for t in 0..256i32 {
        let thr = nt.get_slice(t);
        let src = thr.partition_s(ga);
        let mut frag =
            make_rmem_tensor::<f32, _, _>(make_layout(((_4, _1), _1, _1), ((_1, _0), _0, _0)));
        cute_core::algorithm::copy::copy_with(&nt, &src, &mut frag);
        let sa = make_tensor_from_slice(
            &mut s,
            make_layout((_128, _8), cute_core::layout::LayoutLeft),
        );
        let mut dst = thr.partition_d(sa);
        cute_core::algorithm::copy::copy_with(&nt, &frag, &mut dst);
    }
    assert_eq!(a, s);
}

/// `(i * a + b) % m` for `i < n`, random-looking non-zero test data.
fn data(n: usize, a: usize, b: usize, m: usize) -> std::vec::Vec<usize> {
    (0..n).map(|i| (i * a + b) % m).collect()
}

// Expected strings and values: C++ CuTe 4.2 (cute-cpp): the SM80 16x8x16 TiledMMA
// (2x2x1 atoms, Tile<_32,_32,_16>), make_tiled_copy_A with a 32-bit UniversalCopy of
// half_t, over a (128,32) row-major smem tile with smem[i] = (7i + 3) % 4096; threads 1
// and 37's fragments after `copy(cp, thr_cp.partition_S(sA), thr_cp.retile_D(frag))`.
#[test]
fn sm80_retile_d_of_an_mma_fragment_matches_cute() {
    use cute_core::arch::mma_sm80::SM80_16x8x16_F32F16F16F32_TN;
    use cute_core::atom::mma_atom::make_tiled_mma;
    let mma = make_tiled_mma(
        SM80_16x8x16_F32F16F16F32_TN,
        make_layout((_2, _2, _1), cute_core::layout::LayoutLeft),
        (_32, _32, _16),
    );
    let cp = make_tiled_copy_a(CopyAtom::<UniversalCopy<u32>, Half>::new(), &mma);
    assert_eq!(
        cp.to_string(),
        "TiledCopy\n  Tiler_MN:       (_32,_16)\n  TiledLayout_TV: \
         ((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))\n\
         Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_2):(_0,_1)\n  \
         ValLayoutDst: (_1,_2):(_0,_1)\n  ValLayoutRef: (_1,_2):(_0,_1)\n  \
         ValueType:    16b\n"
    );
    let s: std::vec::Vec<Half> = data(128 * 32, 7, 3, 4096)
        .into_iter()
        .map(|x| Half::from_bits(x as u16))
        .collect();
    let sa = make_tensor_from_ref(&s, make_layout((_128, _32), cute_core::layout::LayoutRight));
    let expect_1: [u16; 64] = [
        17, 24, 1809, 1816, 73, 80, 1865, 1872, 3089, 3096, 785, 792, 3145, 3152, 841, 848, 2065,
        2072, 3857, 3864, 2121, 2128, 3913, 3920, 1041, 1048, 2833, 2840, 1097, 1104, 2889, 2896,
        129, 136, 1921, 1928, 185, 192, 1977, 1984, 3201, 3208, 897, 904, 3257, 3264, 953, 960,
        2177, 2184, 3969, 3976, 2233, 2240, 4025, 4032, 1153, 1160, 2945, 2952, 1209, 1216, 3001,
        3008,
    ];
    let expect_37: [u16; 64] = [
        3825, 3832, 1521, 1528, 3881, 3888, 1577, 1584, 2801, 2808, 497, 504, 2857, 2864, 553, 560,
        1777, 1784, 3569, 3576, 1833, 1840, 3625, 3632, 753, 760, 2545, 2552, 809, 816, 2601, 2608,
        3937, 3944, 1633, 1640, 3993, 4000, 1689, 1696, 2913, 2920, 609, 616, 2969, 2976, 665, 672,
        1889, 1896, 3681, 3688, 1945, 1952, 3737, 3744, 865, 872, 2657, 2664, 921, 928, 2713, 2720,
    ];
    for t in 0..128i32 {
        let thr_mma = mma.get_slice(t);
        let mut frag = thr_mma.partition_fragment_a(sa);
        assert_eq!(
            frag.layout().to_string(),
            "((_2,_2,_2),_4,_2):((_1,_2,_4),_16,_8)"
        );
        let thr_cp = cp.get_slice(t);
        let src = thr_cp.partition_s(sa);
        assert_eq!(
            src.layout().to_string(),
            "((_2,(_2,_2)),_4,_2):((_1,(_256,_8)),_1024,_16)"
        );
        {
            let mut rd = thr_cp.retile_d(frag.view_mut());
            let _: Layout<((_2, _4), _4, _2), ((_1, _2), _16, _8)> = rd.layout();
            assert_eq!(rd.layout().to_string(), "((_2,_4),_4,_2):((_1,_2),_16,_8)");
            // What the copy moves: source value i to retiled value i (`copy_with` takes
            // one atom per column of mode 0; these columns hold several atoms).
            for i in 0..64i32 {
                rd.set(i, src.get(i));
            }
        }
        let rs = thr_cp.retile_s(frag.view());
        assert_eq!(rs.layout().to_string(), "((_2,_4),_4,_2):((_1,_2),_16,_8)");
        // Every register holds what the MMA's own partition of A says it holds.
        let part = thr_mma.partition_a(sa);
        for i in 0..64i32 {
            assert_eq!(
                frag.get(i).to_bits(),
                part.get(i).to_bits(),
                "thread {t} value {i}"
            );
        }
        let got: std::vec::Vec<u16> = (0..64i32).map(|i| frag.get(i).to_bits()).collect();
        match t {
            1 => assert_eq!(got, expect_1),
            37 => assert_eq!(got, expect_37),
            _ => {}
        }
    }
    // The layout form, TiledCopy::retile(layout).
    let l = cp.retile(make_layout(((_2, _2, _2), _4, _2), ((_1, _2, _4), _16, _8)));
    assert_eq!(l.to_string(), "((_2,_4),_4,_2):((_1,_2),_16,_8)");
}

// Expected strings and values: C++ CuTe 4.2 (cute-cpp): sgemm_2's permuted UniversalFMA
// TiledMMA (16x16x1 threads, Tile<P,P,_1>, P = (16,4,2):(4,1,64)), make_tiled_copy_A with
// a 128-bit UniversalCopy of float, over a (128,8) column-major smem tile with
// smem[i] = (13i + 5) % 1000; threads 1 and 37's fragments after the copy.
#[test]
fn fma_retile_d_by_a_128_bit_copy_matches_cute() {
    use cute_core::arch::mma::UniversalFMA;
    use cute_core::atom::mma_atom::make_tiled_mma;
    let p = make_layout((_16, _4, _2), (_4, _1, _64));
    let mma = make_tiled_mma(
        UniversalFMA::<f32, f32, f32, f32>::default(),
        make_layout((_16, _16, _1), cute_core::layout::LayoutLeft),
        (p, p, _1),
    );
    let cp = make_tiled_copy_a(CopyAtom::<UniversalCopy<Uint128>, f32>::new(), &mma);
    assert_eq!(
        cp.to_string(),
        "TiledCopy\n  Tiler_MN:       (_128,_1)\n  TiledLayout_TV: \
         ((_16,_16),(_1,((_4,_2),_1))):((_4,_0),(_0,((_1,_64),_0)))\n\
         Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_4):(_0,_1)\n  \
         ValLayoutDst: (_1,_4):(_0,_1)\n  ValLayoutRef: (_1,_4):(_0,_1)\n  \
         ValueType:    32b\n"
    );
    let s: std::vec::Vec<f32> = data(128 * 8, 13, 5, 1000)
        .into_iter()
        .map(|x| x as f32)
        .collect();
    let sa = make_tensor_from_ref(&s, make_layout((_128, _8), cute_core::layout::LayoutLeft));
    let expect_1: [f32; 64] = [
        57., 70., 83., 96., 889., 902., 915., 928., 721., 734., 747., 760., 553., 566., 579., 592.,
        385., 398., 411., 424., 217., 230., 243., 256., 49., 62., 75., 88., 881., 894., 907., 920.,
        713., 726., 739., 752., 545., 558., 571., 584., 377., 390., 403., 416., 209., 222., 235.,
        248., 41., 54., 67., 80., 873., 886., 899., 912., 705., 718., 731., 744., 537., 550., 563.,
        576.,
    ];
    let expect_37: [f32; 64] = [
        265., 278., 291., 304., 97., 110., 123., 136., 929., 942., 955., 968., 761., 774., 787.,
        800., 593., 606., 619., 632., 425., 438., 451., 464., 257., 270., 283., 296., 89., 102.,
        115., 128., 921., 934., 947., 960., 753., 766., 779., 792., 585., 598., 611., 624., 417.,
        430., 443., 456., 249., 262., 275., 288., 81., 94., 107., 120., 913., 926., 939., 952.,
        745., 758., 771., 784.,
    ];
    let offs = [(0i32, 0usize), (1, 4), (37, 20), (255, 60)];
    for t in 0..256i32 {
        let thr_mma = mma.get_slice(t);
        let mut frag = thr_mma.partition_fragment_a(sa);
        assert_eq!(frag.layout().to_string(), "(_1,(_4,_2),_8):(_0,(_1,_4),_8)");
        let thr_cp = cp.get_slice(t);
        let src = thr_cp.partition_s(sa);
        assert_eq!(
            src.layout().to_string(),
            "((_4,_2),_1,_8):((_1,_64),_0,_128)"
        );
        if let Some(&(_, off)) = offs.iter().find(|o| o.0 == t) {
            assert_eq!((src.data() as usize - sa.data() as usize) / 4, off);
        }
        {
            let mut rd = thr_cp.retile_d(frag.view_mut());
            let _: Layout<((_4, _2), _1, _8), ((_1, _4), _0, _8)> = rd.layout();
            assert_eq!(rd.layout().to_string(), "((_4,_2),_1,_8):((_1,_4),_0,_8)");
            // What the copy moves: source value i to retiled value i (`copy_with` takes
            // one atom per column of mode 0; these columns hold several atoms).
            for i in 0..64i32 {
                rd.set(i, src.get(i));
            }
        }
        let part = thr_mma.partition_a(sa);
        for i in 0..64i32 {
            assert_eq!(frag.get(i), part.get(i), "thread {t} value {i}");
        }
        let got: std::vec::Vec<f32> = (0..64i32).map(|i| frag.get(i)).collect();
        match t {
            1 => assert_eq!(got, expect_1),
            37 => assert_eq!(got, expect_37),
            _ => {}
        }
    }
}
