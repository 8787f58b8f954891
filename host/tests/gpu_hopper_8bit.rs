//! On a Hopper GPU: the 8-bit members of the GEMM family (`cute_kernels::gemm::members::
//! MEMBERS_8BIT`: e4m3/e5m2 in, TN, per-tensor scales folded into alpha, bf16/f16/f32 out) and
//! `--kernel hopper` with 8-bit inputs, through the registry, against the float64 reference on
//! fresh random inputs (rounded to the type at their per-tensor scale; C poisoned first), every
//! element within `cute_host::gemm::error_bound`; exact on integers; the promoted member's error
//! beside the fast-accumulation one's at K = 16384. Elsewhere it prints why it skips.

mod common;

use common::gpu::{check_case, fresh_rng, gpu_or_skip, integer_inputs, try_case};
use cute_host::gemm::{
    run_gemm, CheckReport, CheckScope, GemmInputs, GemmLayout, GemmShape, GemmTypes, Kernel,
};
use cute_host::hopper::MEMBERS_8BIT;

/// The types each member runs at every ragged shape: e4m3 with every output, e5m2 with bf16.
const TYPES: [GemmTypes; 4] = [
    GemmTypes::E4M3_F32_BF16,
    GemmTypes::E4M3_F32_F16,
    GemmTypes::E4M3_F32_F32,
    GemmTypes::E5M2_F32_BF16,
];

/// The first 8-bit kernel: present wherever the family was built.
fn kernel_8bit() -> &'static str {
    MEMBERS_8BIT[0].entries[0]
}

/// Every 8-bit member and `hopper`: M in {1, 16, 1000}, N in {8, 777}, K in {32, 544, 4128},
/// beta 0 and -0.5, each of [`TYPES`], and 4096^3.
#[test]
fn every_8bit_member_matches_the_f64_reference() {
    let Some(gpu) = gpu_or_skip(Some(kernel_8bit())) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    let kernels = MEMBERS_8BIT.iter().map(|m| m.name).chain(["hopper"]);
    for name in kernels {
        let kernel = Kernel::by_name(name).expect("registered");
        for types in TYPES {
            assert!(kernel.supports(types, GemmLayout::Tn), "{name} {types}");
            for m in [1, 16, 1000] {
                for n in [8, 777] {
                    for k in [32, 544, 4128] {
                        for beta in [0.0, -0.5] {
                            let mnk = (m, n, k);
                            check_case(
                                &gpu,
                                &mut rng,
                                kernel,
                                types,
                                GemmLayout::Tn,
                                mnk,
                                0.75,
                                beta,
                            );
                        }
                    }
                }
            }
        }
        let types = GemmTypes::E4M3_F32_BF16;
        let big = (4096, 4096, 4096);
        check_case(&gpu, &mut rng, kernel, types, GemmLayout::Tn, big, 1.0, 0.0);
    }
}

/// Per-tensor scales other than the default: A's values times 32 and B's times 1/8 (still on
/// their grids) give scales `2^-3` and `2^-11`, which the kernel takes in alpha.
#[test]
fn per_tensor_scales_reach_the_result() {
    let Some(gpu) = gpu_or_skip(Some(kernel_8bit())) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    for member in MEMBERS_8BIT {
        let kernel = Kernel::by_name(member.name).expect("registered");
        for types in [GemmTypes::E4M3_F32_F32, GemmTypes::E5M2_F32_BF16] {
            let shape = GemmShape {
                m: 300,
                n: 520,
                k: 1040,
            };
            let mut inp =
                GemmInputs::random_typed(&mut rng, types, shape, GemmLayout::Tn, 1.5, 0.0);
            inp.a.iter_mut().for_each(|x| *x *= 32.0);
            inp.b.iter_mut().for_each(|x| *x *= 0.125);
            let r = checked(&gpu, kernel, &inp);
            println!(
                "{kernel} {types} {shape} scaled: max error {:.2e} of sum|ab|, {:.3} of the bound",
                r.max_rel_err, r.max_bound_ratio
            );
        }
    }
}

/// Layouts other than TN and K not a multiple of 16 are refused in CuTe's words, before the
/// GPU is touched.
#[test]
fn eight_bit_inputs_need_tn_and_k_a_multiple_of_16() {
    let Some(gpu) = gpu_or_skip(Some(kernel_8bit())) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    let hopper = Kernel::by_name("hopper").expect("registered");
    let types = GemmTypes::E4M3_F32_BF16;
    for layout in [GemmLayout::Nt, GemmLayout::Nn, GemmLayout::Tt] {
        let e = try_case(
            &gpu,
            &mut rng,
            hopper,
            types,
            layout,
            (64, 64, 64),
            1.0,
            0.0,
        )
        .expect_err("8-bit inputs outside TN must be refused");
        assert!(e.to_string().contains("TN"), "{layout}: {e}");
    }
    for kernel in [
        hopper,
        Kernel::by_name(MEMBERS_8BIT[0].name).expect("registered"),
    ] {
        let e = try_case(
            &gpu,
            &mut rng,
            kernel,
            types,
            GemmLayout::Tn,
            (64, 64, 24),
            1.0,
            0.0,
        )
        .expect_err("K = 24 must be refused");
        assert!(e.to_string().contains("multiple of 16"), "{kernel}: {e}");
    }
}

/// Integer inputs whose every partial sum and result is exact, also in the `wgmma`'s 14-bit
/// accumulation (`common::gpu::integer_inputs`): each member's result equals the float64
/// reference at every element, so a dropped or repeated k-block, a wrong scale or a misplaced
/// element fails at any K.
#[test]
fn every_8bit_member_is_exact_on_integers() {
    let Some(gpu) = gpu_or_skip(Some(kernel_8bit())) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    for member in MEMBERS_8BIT {
        let kernel = Kernel::by_name(member.name).expect("registered");
        for types in [
            GemmTypes::E4M3_F32_BF16,
            GemmTypes::E4M3_F32_F32,
            GemmTypes::E5M2_F32_BF16,
        ] {
            for (m, n, k, beta) in [
                (1000usize, 777usize, 4128usize, 0.0f32),
                (16, 4104, 544, -0.5),
            ] {
                let shape = GemmShape { m, n, k };
                let inp = integer_inputs(&mut rng, types, GemmLayout::Tn, (m, n, k), beta);
                let r = checked(&gpu, kernel, &inp);
                assert!(
                    r.max_rel_err == 0.0,
                    "{kernel} {types} {shape} beta {beta}: not exact, element {} off by {:.3e} \
                     of its scale",
                    r.worst,
                    r.max_rel_err
                );
            }
            println!("{kernel} {types}: exact");
        }
    }
}

/// The promoted member against the fast-accumulation one on the same inputs at K = 16384
/// (e4m3 in, f32 out): both within the bound, and the promoted one's largest error relative to
/// `sum|ab|` several times smaller (printed: the figure the docs report).
#[test]
fn promotion_is_more_accurate_than_fast_accumulation() {
    let Some(gpu) = gpu_or_skip(Some(kernel_8bit())) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    let shape = GemmShape {
        m: 512,
        n: 512,
        k: 16384,
    };
    let types = GemmTypes::E4M3_F32_F32;
    let inp = GemmInputs::random_typed(&mut rng, types, shape, GemmLayout::Tn, 1.0, 0.0);
    let mut errs = Vec::new();
    for member in MEMBERS_8BIT {
        let kernel = Kernel::by_name(member.name).expect("registered");
        let r = checked(&gpu, kernel, &inp);
        println!(
            "{kernel} {types} {shape} (promotion: {}): max error {:.3e} of sum|ab|, {:.3} of the \
             fast-accumulation bound",
            member.promotion, r.max_rel_err, r.max_bound_ratio
        );
        errs.push((member.promotion, r.max_rel_err));
    }
    let worst = |p: bool| {
        errs.iter()
            .filter(|e| e.0 == p)
            .map(|e| e.1)
            .fold(0.0, f64::max)
    };
    let (promoted, fast) = (worst(true), worst(false));
    assert!(
        promoted * 4.0 < fast,
        "promoted {promoted:.3e} is not well below fast accumulation's {fast:.3e}"
    );
}

/// `run_gemm` with every element checked, panicking with the case on failure.
fn checked(gpu: &cute_host::gpu::Gpu, kernel: Kernel, inp: &GemmInputs) -> CheckReport {
    let r = run_gemm(gpu, kernel, inp, Some(CheckScope::All), 0)
        .unwrap_or_else(|e| panic!("{kernel} {} {}: {e}", inp.types, inp.shape))
        .check
        .expect("checked");
    assert_eq!(r.checked, inp.shape.m * inp.shape.n);
    r
}
