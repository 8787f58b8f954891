//! On a Hopper GPU: every member of the GEMM family (`--kernel hopper` and each member's own
//! entry) through the registry, every layout and
//! every element-type pair it has (bf16/f16 in, f32 accumulate, the input's type or f32 out),
//! against the float64 reference on fresh random inputs (C poisoned first), every element
//! within `cute_host::gemm::error_bound`. The shapes take each path of the host and the kernel:
//! smaller than a tile (boxes larger than the tensor), M and N not multiples of 8 (an m-major A
//! or n-major B read from its padded copy; C stored directly, pairs split where M is odd),
//! tile-exact, aligned, and beta != 0 (C read). Elsewhere it prints why it skips.
//! (`cargo run --release -p cute-host --example hopper -- check M N K ...` is the same check for
//! large shapes, the reference computed once for every layout and output type.)

mod common;

use common::gpu::{check_case, fresh_rng, gpu_or_skip, integer_inputs, try_case};
use cute_host::gemm::{GemmLayout, GemmTypes, Kernel};
use cute_host::hopper::MEMBERS;

const LAYOUTS: [GemmLayout; 4] = [
    GemmLayout::Tn,
    GemmLayout::Nt,
    GemmLayout::Nn,
    GemmLayout::Tt,
];

const TYPES: [GemmTypes; 4] = [
    GemmTypes::BF16_F32_BF16,
    GemmTypes::F16_F32_F16,
    GemmTypes::BF16_F32_F32,
    GemmTypes::F16_F32_F32,
];

/// `(M, N, K)` and beta.
const SHAPES: [((usize, usize, usize), f32); 8] = [
    // under one tile, odd M and N: every operand of NT/NN/TT padded, every store scalar
    ((1, 1, 8), 0.0),
    ((7, 9, 16), 0.0),
    // M, N = 4 mod 8: padded operands, C pairs aligned but no TMA store for 16-bit C
    ((204, 300, 72), 0.0),
    // odd M and N over several tiles, K not a multiple of 64
    ((1001, 999, 136), 0.0),
    // tile-exact for the flagship (one 128x256x64 tile of the kernel's D = C^T: N = 128, M =
    // 256), two tiles of the others
    ((256, 128, 64), 0.0),
    // aligned: the fast path (no pad, TMA stores)
    ((1000, 1000, 1000), 0.0),
    // C read
    ((300, 200, 136), -0.5),
    ((257, 129, 64), -0.5),
];

/// The flagship's first kernel: present wherever the family was built.
fn flagship_kernel() -> &'static str {
    MEMBERS[0].entries[0]
}

#[test]
fn every_member_matches_the_f64_reference() {
    let Some(gpu) = gpu_or_skip(Some(flagship_kernel())) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    for member in MEMBERS {
        let kernel = Kernel::by_name(member.name).expect("registered");
        for layout in LAYOUTS {
            for types in TYPES {
                assert!(
                    kernel.supports(types, layout),
                    "{types} {layout} registered"
                );
                for (mnk, beta) in SHAPES {
                    check_case(&gpu, &mut rng, kernel, types, layout, mnk, 1.25, beta);
                }
            }
        }
    }
}

/// The shapes of the family's acceptance: M in {1, 127, 1000}, N in {8, 777, 4104}, K in {8,
/// 520, 4104}, beta 0 and -0.5, every member, each layout with one pair of types: TN bf16 in
/// and out, NT f16 in and f32 out, NN f16 in and out, TT bf16 in and f32 out (every layout
/// and pair runs over [`SHAPES`] above). One test per layout, so that test threads share them.
fn every_member_at_ragged_shapes(layout: GemmLayout, types: GemmTypes) {
    let Some(gpu) = gpu_or_skip(Some(flagship_kernel())) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    for member in MEMBERS {
        let kernel = Kernel::by_name(member.name).expect("registered");
        for m in [1, 127, 1000] {
            for n in [8, 777, 4104] {
                for k in [8, 520, 4104] {
                    for beta in [0.0, -0.5] {
                        check_case(&gpu, &mut rng, kernel, types, layout, (m, n, k), 0.75, beta);
                    }
                }
            }
        }
    }
}

#[test]
fn every_member_at_ragged_shapes_tn() {
    every_member_at_ragged_shapes(GemmLayout::Tn, GemmTypes::BF16_F32_BF16);
}

#[test]
fn every_member_at_ragged_shapes_nt() {
    every_member_at_ragged_shapes(GemmLayout::Nt, GemmTypes::F16_F32_F32);
}

#[test]
fn every_member_at_ragged_shapes_nn() {
    every_member_at_ragged_shapes(GemmLayout::Nn, GemmTypes::F16_F32_F16);
}

#[test]
fn every_member_at_ragged_shapes_tt() {
    every_member_at_ragged_shapes(GemmLayout::Tt, GemmTypes::BF16_F32_F32);
}

/// K not a multiple of 8 (TMA's 16-byte strides) is refused before the GPU is touched, in
/// CuTe's words, in every layout.
#[test]
fn hopper_refuses_k_not_a_multiple_of_8() {
    let Some(gpu) = gpu_or_skip(Some(flagship_kernel())) else {
        return;
    };
    let kernel = Kernel::by_name("hopper").expect("registered");
    let mut rng = fresh_rng(&gpu);
    for layout in LAYOUTS {
        let e = try_case(
            &gpu,
            &mut rng,
            kernel,
            GemmTypes::BF16_F32_BF16,
            layout,
            (64, 64, 12),
            1.0,
            0.0,
        )
        .expect_err("K = 12 must be refused");
        println!("{layout}: {e}");
        assert!(e.to_string().contains("K a multiple of 8"), "{e}");
    }
}

/// Integer inputs whose every partial sum and result is exact (`common::gpu::integer_inputs`):
/// the result must equal the float64 reference at every element, so a dropped or repeated
/// k-block, a wrong alpha or beta, or a misplaced element fails at any K (a rounding bound would
/// let a small error through).
#[test]
fn every_member_is_exact_on_integers() {
    use cute_host::gemm::{run_gemm, CheckScope, GemmShape};
    let Some(gpu) = gpu_or_skip(Some(flagship_kernel())) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    for member in MEMBERS {
        let kernel = Kernel::by_name(member.name).expect("registered");
        for layout in LAYOUTS {
            for types in TYPES {
                for (m, n, k, beta) in [
                    (1000usize, 777usize, 4104usize, 0.0f32),
                    (127, 4104, 520, -0.5),
                    (256, 264, 8, 0.0),
                ] {
                    let shape = GemmShape { m, n, k };
                    let inp = integer_inputs(&mut rng, types, layout, (m, n, k), beta);
                    let r = run_gemm(&gpu, kernel, &inp, Some(CheckScope::All), 0)
                        .unwrap_or_else(|e| panic!("{kernel} {types} {layout} {shape}: {e}"))
                        .check
                        .expect("checked");
                    assert_eq!(r.checked, m * n);
                    assert!(
                        r.max_rel_err == 0.0,
                        "{kernel} {types} {layout} {shape} beta {beta}: not exact, element {} \
                         off by {:.3e} of its scale",
                        r.worst,
                        r.max_rel_err
                    );
                }
                println!("{kernel} {types} {layout}: exact");
            }
        }
    }
}

/// Runs `kernel` on `inp` twice with the split of K `splits` (`None`: the heuristic's), each
/// time on a fresh upload of C (poisoned where beta is 0), checks the first result against the
/// float64 reference at every element and that the second is bitwise the same (the split-K
/// reduction adds its slices in a fixed order); returns the check's report. `what` names the
/// case in failures.
fn checked_twice(
    gpu: &cute_host::gpu::Gpu,
    kernel: Kernel,
    inp: &cute_host::gemm::GemmInputs,
    splits: Option<u32>,
    what: &str,
) -> cute_host::gemm::CheckReport {
    use cute_host::gemm::{check_with, gemm, CheckScope, DeviceMatrix};
    let stream = gpu.stream();
    let types = inp.types;
    let p = inp.problem();
    let a = DeviceMatrix::upload(stream, types.input, &inp.a).unwrap();
    let b = DeviceMatrix::upload(stream, types.input, &inp.b).unwrap();
    let mut runs = Vec::new();
    for _ in 0..2 {
        let mut c = DeviceMatrix::upload(stream, types.output, &inp.c).unwrap();
        cute_host::hopper::with_splits(splits, || {
            gemm(gpu, kernel, &p, a.operand(), b.operand(), c.operand_mut())
        })
        .unwrap_or_else(|e| panic!("{what}: {e}"));
        runs.push(c.download(stream).unwrap());
    }
    let r = check_with(Some(gpu), inp, &runs[0], CheckScope::All)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(r.checked, inp.shape.m * inp.shape.n, "{what}");
    let same = runs[0]
        .iter()
        .zip(&runs[1])
        .all(|(x, y)| x.to_bits() == y.to_bits());
    assert!(same, "{what}: not deterministic");
    r
}

/// Split-K and stream-K (`cute_host::hopper::with_splits`; the heuristic splits problems whose
/// tiles leave SMs idle): every member at small-M shapes split 2, 5 and 16 ways, and
/// unsplittable (K = 8, one k-tile), and each shape in stream-K ranges, every element against
/// the float64 reference with C poisoned, beta 0 and non-zero; and each result bitwise
/// identical when run again (the reduction adds the slices in a fixed order).
#[test]
fn split_k_matches_the_f64_reference_and_is_deterministic() {
    use cute_host::gemm::{GemmInputs, GemmShape};
    use cute_host::heuristic::splits_name;
    use cute_host::hopper::STREAM_K;
    let Some(gpu) = gpu_or_skip(Some(flagship_kernel())) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    for member in MEMBERS {
        let kernel = Kernel::by_name(member.name).expect("registered");
        for (layout, types) in [
            (GemmLayout::Tn, GemmTypes::BF16_F32_BF16),
            (GemmLayout::Nt, GemmTypes::F16_F32_F32),
        ] {
            let mut i = 0;
            for m in [1usize, 16, 100] {
                for n in [8usize, 4104] {
                    for k in [8usize, 4104, 28680] {
                        let shape = GemmShape { m, n, k };
                        let beta = if i % 2 == 0 { 0.0 } else { -0.5 };
                        i += 1;
                        // K = 8 is one k-tile: the split is clamped to 1
                        let split = if k > 8 { [2, 5, 16][i % 3] } else { 1 };
                        let inp =
                            GemmInputs::random_typed(&mut rng, types, shape, layout, 1.25, beta);
                        for splits in [split, STREAM_K] {
                            let what = format!("{kernel} {types} {layout} {shape} beta {beta}");
                            let r = checked_twice(&gpu, kernel, &inp, Some(splits), &what);
                            println!(
                                "{what}, {} splits: ok, {:.3} of the bound, deterministic",
                                splits_name(splits),
                                r.max_bound_ratio
                            );
                        }
                    }
                }
            }
        }
    }
}

/// Split-K of the last wave only: at shapes whose tiles make whole waves and a partial one on
/// 132 SMs, the tiles of the whole waves run unsplit and those of the last wave split
/// (`hopper::SplitChoice`), or shared out in stream-K ranges; every element against the float64 reference with C poisoned, beta
/// 0 and non-zero, and bitwise identical when run again, for every member. Which shapes split
/// is known without a GPU: that every member has one is checked first, so that a change of
/// the split rule that leaves a member without such a shape fails everywhere, CI included.
#[test]
fn split_k_of_the_last_wave_matches_the_f64_reference() {
    use cute_host::gemm::{GemmInputs, GemmShape};
    use cute_host::hopper::{SplitChoice, STREAM_K};
    // (520, 8200, 1032): the flagship's 132 whole tiles, then 63 in 2 splits. (300, 8200,
    // 4104): 270 FLOPs a byte, above the ridge under which a memory-bound problem's last wave
    // is not split, with 325 tiles of the 128x64 member. (320, 8512, 4104): 665 tiles of 64x64,
    // five whole waves and 5 tiles.
    let shapes = [
        (520usize, 8200usize, 1032usize),
        (700, 4104, 1032),
        (300, 8200, 1032),
        (300, 8200, 4104),
        (320, 8512, 4104),
    ];
    let plans: Vec<_> = MEMBERS
        .iter()
        .map(|member| {
            let split: Vec<_> = shapes
                .iter()
                .map(|&(m, n, k)| GemmShape { m, n, k })
                .map(|shape| (shape, SplitChoice::new(member, shape, 132)))
                .filter(|(_, c)| c.waves > 0 && c.splits > 1)
                .collect();
            assert!(
                !split.is_empty(),
                "{}: no shape splits its last wave",
                member.name
            );
            (member, split)
        })
        .collect();
    let Some(gpu) = gpu_or_skip(Some(flagship_kernel())) else {
        return;
    };
    if gpu.sm_count().unwrap() != 132 {
        println!("skipped: the shapes are chosen for 132 SMs");
        return;
    }
    let mut rng = fresh_rng(&gpu);
    let types = GemmTypes::BF16_F32_BF16;
    let layout = GemmLayout::Tn;
    for (member, split) in plans {
        let kernel = Kernel::by_name(member.name).expect("registered");
        for (shape, c) in split {
            for (beta, splits) in [(0.0, None), (-0.5, None), (-0.5, Some(STREAM_K))] {
                let inp = GemmInputs::random_typed(&mut rng, types, shape, layout, 1.25, beta);
                let what = format!("{kernel} {shape} beta {beta}");
                let r = checked_twice(&gpu, kernel, &inp, splits, &what);
                println!(
                    "{what}: {} whole waves, {} tiles in {}: ok, {:.3} of the bound, \
                     deterministic",
                    c.waves,
                    c.rest,
                    match splits {
                        Some(_) => "stream-K ranges".to_string(),
                        None => format!("{} splits", c.splits),
                    },
                    r.max_bound_ratio
                );
            }
        }
    }
}

/// Two GEMMs back to back, the second reading the first's D as its A: launched with
/// programmatic dependent launch, the second's CTAs start while the first still runs (its 32
/// tiles leave 100 of the 132 SMs free), and must touch no global memory before the first has
/// finished. Both outputs are poisoned (NaN) right before the two launches; the first is
/// checked against the float64 reference and the second against the float64 product of the
/// first's result with its B, every element. (Each plan is launched once before, so that
/// neither writes its C's tensor map, which synchronizes the stream, between the two.)
#[test]
fn back_to_back_gemms_wait_for_the_one_before() {
    use cute_host::gemm::{
        check_with, CheckScope, DeviceMatrix, Dtype, GemmInputs, GemmShape, Operand, OperandMut,
    };
    use cute_host::hopper::{InType, OutType, Plan};
    use GemmLayout::{Nn, Tn};
    let Some(gpu) = gpu_or_skip(Some(flagship_kernel())) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    let stream = gpu.stream();
    let types = GemmTypes::BF16_F32_BF16;
    let member = &MEMBERS[0];
    // the first: long (K = 16384) and 32 tiles of the flagship
    let s1 = GemmShape {
        m: 2048,
        n: 512,
        k: 16384,
    };
    let first = GemmInputs::random_typed(&mut rng, types, s1, Tn, 1.0, 0.0);
    // the second: A is the first's D (M x N1, m-major: layout N), B k-major (layout N)
    let s2 = GemmShape {
        m: s1.m,
        n: 256,
        k: s1.n,
    };
    let b2 = GemmInputs::random_typed(&mut rng, types, s2, Nn, 1.0, 0.0).b;
    // the plans take the bf16 bits of A and B, and launch into C's, as slices
    fn bits(m: &DeviceMatrix) -> &cudarc::driver::CudaSlice<u16> {
        match m.operand() {
            Operand::Bf16(s) => s,
            _ => unreachable!("bf16 matrices"),
        }
    }
    let upload = |v: &[f32]| DeviceMatrix::upload(stream, Dtype::Bf16, v).unwrap();
    let (a1, b1, b2_dev) = (upload(&first.a), upload(&first.b), upload(&b2));
    let mut d1 = DeviceMatrix::nan(stream, Dtype::Bf16, s1.m * s1.n).unwrap();
    let mut d2 = DeviceMatrix::nan(stream, Dtype::Bf16, s2.m * s2.n).unwrap();
    let bf16 = (InType::Bf16, OutType::Same);
    let plan1 = Plan::new(&gpu, member, Tn, bf16.0, bf16.1, s1, bits(&a1), bits(&b1)).unwrap();
    let plan2 = Plan::new(
        &gpu,
        member,
        Nn,
        bf16.0,
        bf16.1,
        s2,
        bits(&d1),
        bits(&b2_dev),
    )
    .unwrap();
    let launch = |plan: &Plan, d: &mut DeviceMatrix| match d.operand_mut() {
        OperandMut::Bf16(c) => plan.launch(&gpu, 1.0, 0.0, c).unwrap(),
        _ => unreachable!("bf16 matrices"),
    };
    launch(&plan1, &mut d1);
    launch(&plan2, &mut d2);
    stream.synchronize().unwrap();
    // poisoned again, in place; then the two launches with nothing between them
    d1.fill_nan(stream).unwrap();
    d2.fill_nan(stream).unwrap();
    launch(&plan1, &mut d1);
    launch(&plan2, &mut d2);
    let (v1, v2) = (d1.download(stream).unwrap(), d2.download(stream).unwrap());
    let r1 = check_with(Some(&gpu), &first, &v1, CheckScope::All).unwrap();
    assert_eq!(r1.checked, s1.m * s1.n);
    let second = GemmInputs {
        shape: s2,
        layout: Nn,
        types,
        a: v1,
        b: b2,
        c: vec![f32::NAN; s2.m * s2.n],
        alpha: 1.0,
        beta: 0.0,
    };
    let r2 = check_with(Some(&gpu), &second, &v2, CheckScope::All).unwrap();
    assert_eq!(r2.checked, s2.m * s2.n);
    println!(
        "{s1} then {s2} reading its D, back to back: ok, {:.3} and {:.3} of the bound",
        r1.max_bound_ratio, r2.max_bound_ratio
    );
}
