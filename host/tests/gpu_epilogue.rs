//! On a Hopper GPU: the fused epilogues of the 16-bit members (`D = act(alpha A B^T + beta C +
//! bias) * scale` and the aux output, `cute_host::epilogue`), through the registry, against the
//! float64 reference with the same ops on fresh random inputs (D and the aux output poisoned
//! first), every element within the bounds `cute_host::epilogue` states; exact on integers;
//! bad epilogues refused. Elsewhere it prints why it skips.

mod common;

use common::gpu::{fresh_rng, gpu_or_skip, integer_inputs};
use cute_host::epilogue::{random_bias, run_fused, ActivationKind, BiasAxis, EpilogueOp, FusedRun};
use cute_host::gemm::{GemmInputs, GemmLayout, GemmShape, GemmTypes, Kernel, Rng};
use cute_host::hopper::MEMBERS;
use cute_host::Gpu;

/// The flagship's fused kernel: present wherever the family was built.
fn fused_kernel() -> &'static str {
    MEMBERS[0].fused[0]
}

/// One checked case; prints a line, panics with the case on failure.
#[allow(clippy::too_many_arguments)]
fn case(
    gpu: &Gpu,
    rng: &mut Rng,
    kernel: Kernel,
    types: GemmTypes,
    (m, n, k): (usize, usize, usize),
    beta: f32,
    op: &EpilogueOp,
) -> FusedRun {
    let shape = GemmShape { m, n, k };
    let inp = GemmInputs::random_typed(rng, types, shape, GemmLayout::Tn, 0.75, beta);
    let bias = random_bias(rng, op, &inp);
    let run = run_fused(gpu, kernel, &inp, op, &bias, true, 0)
        .unwrap_or_else(|e| panic!("{kernel} {types} {shape} beta {beta} epilogue {op}: {e}"));
    let d = run.run.check.expect("checked");
    assert_eq!(d.checked, m * n);
    assert_eq!(run.aux_check.map(|r| r.checked), op.aux.then_some(m * n));
    println!(
        "{kernel} {types} {shape} beta {beta} epilogue {op}: ok, {:.3} of the bound{}",
        d.max_bound_ratio,
        run.aux_check
            .map_or(String::new(), |r| format!(", aux {:.3}", r.max_bound_ratio))
    );
    run
}

/// Every built-in activation with each bias axis and the aux output, on `hopper` and every
/// 16-bit member, at ragged shapes (M in {1, 16, 100, 333}, N in {8, 4104}, K in {8, 4104}),
/// beta 0 and -0.5, bf16 and f16, and one case of 4096 x 4096 x 4096.
#[test]
fn every_fused_epilogue_matches_the_f64_reference() {
    let Some(gpu) = gpu_or_skip(Some(fused_kernel())) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    let ops: Vec<EpilogueOp> = ActivationKind::ALL
        .into_iter()
        .zip([
            Some(BiasAxis::Rows),
            Some(BiasAxis::Columns),
            Some(BiasAxis::Rows),
            None,
            Some(BiasAxis::Columns),
        ])
        .enumerate()
        .map(|(i, (act, bias))| EpilogueOp {
            bias,
            act,
            aux: i % 2 == 0,
            scale: if i == 3 { -0.5 } else { 1.0 },
        })
        .collect();
    let kernels = ["hopper"].into_iter().chain(MEMBERS.iter().map(|m| m.name));
    for name in kernels {
        let kernel = Kernel::by_name(name).expect("registered");
        for types in [GemmTypes::BF16_F32_BF16, GemmTypes::F16_F32_F16] {
            for (i, op) in ops.iter().enumerate() {
                for m in [1, 16, 100, 333] {
                    for n in [8, 4104] {
                        // K alternates with the case so that every op meets both
                        let k = [8, 4104][(i + m + n) % 2];
                        for beta in [0.0, -0.5] {
                            case(&gpu, &mut rng, kernel, types, (m, n, k), beta, op);
                        }
                    }
                }
            }
        }
    }
    let op: EpilogueOp = "bias,gelu,aux".parse().expect("an epilogue");
    let big = (4096, 4096, 4096);
    let hopper = Kernel::by_name("hopper").expect("registered");
    case(
        &gpu,
        &mut rng,
        hopper,
        GemmTypes::BF16_F32_BF16,
        big,
        0.0,
        &op,
    );
}

/// Exact results on integers: the integer inputs of the other GEMM tests (every sum exact,
/// results even integers under 512), a bias of small integers and ReLU, which is exact; D is
/// then `relu(x + bias)` exactly, at both bias axes and both beta.
#[test]
fn fused_relu_is_exact_on_integers() {
    let Some(gpu) = gpu_or_skip(Some(fused_kernel())) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    for name in [
        "hopper",
        "coop_128x128x64",
        "coop_128x16x64",
        "pingpong_64x64x64",
    ] {
        let kernel = Kernel::by_name(name).expect("registered");
        for (axis, beta) in [(BiasAxis::Rows, 0.0), (BiasAxis::Columns, -0.5)] {
            let op = EpilogueOp {
                bias: Some(axis),
                act: ActivationKind::Relu,
                aux: true,
                scale: 1.0,
            };
            let types = GemmTypes::BF16_F32_BF16;
            let inp = integer_inputs(&mut rng, types, GemmLayout::Tn, (200, 136, 1000), beta);
            let bias: Vec<f32> = (0..axis.len(inp.shape))
                .map(|i| (i % 7) as f32 * 2.0 - 6.0)
                .collect();
            let run = run_fused(&gpu, kernel, &inp, &op, &bias, true, 0)
                .unwrap_or_else(|e| panic!("{name} {axis:?}: {e}"));
            let d = run.run.check.expect("checked");
            assert_eq!(d.max_bound_ratio, 0.0, "{name} {axis:?}: not exact");
            assert_eq!(run.aux_check.expect("aux").max_bound_ratio, 0.0);
            println!("{name} relu {axis:?} beta {beta}: exact");
        }
    }
}

/// What the fused kernels cannot do is a one-sentence error: another layout, an `f32` output,
/// 8-bit inputs, a kernel without fusion, a bias or aux output of the wrong length or type.
#[test]
fn fused_epilogues_refuse_what_they_cannot_do() {
    let Some(gpu) = gpu_or_skip(Some(fused_kernel())) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    let hopper = Kernel::by_name("hopper").expect("registered");
    let op: EpilogueOp = "bias,relu".parse().expect("an epilogue");
    let shape = GemmShape {
        m: 64,
        n: 64,
        k: 64,
    };
    let refuse = |kernel: Kernel, types: GemmTypes, layout: GemmLayout, says: &str| {
        let mut rng = Rng::new(1);
        let inp = GemmInputs::random_typed(&mut rng, types, shape, layout, 1.0, 0.0);
        let bias = random_bias(&mut rng, &op, &inp);
        let e = run_fused(&gpu, kernel, &inp, &op, &bias, true, 0)
            .expect_err("refused")
            .to_string();
        assert!(e.contains(says), "{kernel} {types} {layout}: {e}");
        assert!(!e.contains('\n'), "one line: {e}");
    };
    refuse(
        hopper,
        GemmTypes::BF16_F32_BF16,
        GemmLayout::Nt,
        "layout TN",
    );
    refuse(hopper, GemmTypes::BF16_F32_F32, GemmLayout::Tn, "layout TN");
    refuse(
        hopper,
        GemmTypes::E4M3_F32_BF16,
        GemmLayout::Tn,
        "layout TN",
    );
    let sgemm = Kernel::by_name("sgemm_1").expect("registered");
    refuse(sgemm, GemmTypes::F32, GemmLayout::Nt, "fuses epilogues");
    // a bias too short for its axis
    let inp = GemmInputs::random_typed(
        &mut rng,
        GemmTypes::BF16_F32_BF16,
        GemmShape {
            m: 64,
            n: 96,
            k: 64,
        },
        GemmLayout::Tn,
        1.0,
        0.0,
    );
    let col: EpilogueOp = "colbias".parse().expect("an epilogue");
    let short = vec![0.5f32; 64];
    let e = run_fused(&gpu, hopper, &inp, &col, &short, true, 0)
        .expect_err("refused")
        .to_string();
    assert!(e.contains("a bias of 96 elements"), "{e}");
}

/// The closure example (`cute_kernels::gemm::members::QUICK_GELU_ENTRY`: the flagship with
/// CLIP's quick GELU `x sigmoid(1.702 x)` written as a closure) launched through a plan, with
/// a bias and the aux output, against the float64 reference of the same function.
#[test]
fn the_closure_example_matches_its_f64_reference() {
    use cute_host::epilogue::{check_fused_with, Activation};
    use cute_host::gemm::{DeviceMatrix, Dtype, ReferenceSums};
    use cute_host::hopper::{FusedArgs, InType, OutType, Plan};
    use cute_kernels::gemm::members::QUICK_GELU_ENTRY;
    let Some(gpu) = gpu_or_skip(Some(QUICK_GELU_ENTRY)) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    let st = gpu.stream();
    for (m, n, k, beta) in [
        (333, 4104, 520, 0.0),
        (100, 256, 4104, -0.5),
        (16, 8, 8, 0.0),
    ] {
        let shape = GemmShape { m, n, k };
        let types = GemmTypes::BF16_F32_BF16;
        let inp = GemmInputs::random_typed(&mut rng, types, shape, GemmLayout::Tn, 0.75, beta);
        let op: EpilogueOp = "bias,aux,scale=2".parse().expect("an epilogue");
        let bias = random_bias(&mut rng, &op, &inp);
        let up = |v: &[f32]| DeviceMatrix::upload(st, Dtype::Bf16, v).expect("uploaded");
        let (a, b, bias_d) = (up(&inp.a), up(&inp.b), up(&bias));
        let mut c = if beta == 0.0 {
            DeviceMatrix::nan(st, Dtype::Bf16, m * n).expect("allocated")
        } else {
            up(&inp.c)
        };
        let aux = DeviceMatrix::nan(st, Dtype::Bf16, m * n).expect("allocated");
        let (DeviceMatrix::Bf16(a), DeviceMatrix::Bf16(b)) = (&a, &b) else {
            unreachable!("bf16 uploads")
        };
        let member = &MEMBERS[0];
        let mut plan = Plan::new(
            &gpu,
            member,
            GemmLayout::Tn,
            InType::Bf16,
            OutType::Same,
            shape,
            a,
            b,
        )
        .expect("a plan");
        plan.use_fused_kernel(&gpu, QUICK_GELU_ENTRY)
            .expect("the example's kernel");
        let ptr = |d: &DeviceMatrix| match d {
            DeviceMatrix::Bf16(s) => {
                use cudarc::driver::DevicePtr;
                s.device_ptr(st).0
            }
            _ => unreachable!("bf16"),
        };
        let args = FusedArgs {
            bias: ptr(&bias_d),
            bias_axis: op.bias.expect("a bias").kernel_axis(),
            act: 0,
            aux: ptr(&aux),
            scale: op.scale,
        };
        let DeviceMatrix::Bf16(cs) = &mut c else {
            unreachable!("bf16")
        };
        plan.launch_fused(&gpu, inp.alpha, inp.beta, cs, args)
            .expect("launched");
        let got = c.download(st).expect("downloaded");
        let got_aux = aux.download(st).expect("downloaded");
        let sums = ReferenceSums::gpu(&gpu, &inp)
            .expect("the reference")
            .unwrap_or_else(|| ReferenceSums::cpu(&inp).expect("the reference"));
        let quick_gelu = |x: f64| x / (1.0 + (-1.702 * x).exp());
        let act = Activation {
            reference: &quick_gelu,
            // sigmoid through tanh.approx: x/2 times its error
            approx_error: (-10f64).exp2(),
        };
        let (d, x) = check_fused_with(&inp, &op, act, &bias, &sums, &got, Some(&got_aux))
            .unwrap_or_else(|e| panic!("quick GELU {shape} beta {beta}: {e}"));
        assert_eq!((d.checked, x.map(|r| r.checked)), (m * n, Some(m * n)));
        println!(
            "quick GELU {shape} beta {beta}: ok, {:.3} of the bound",
            d.max_bound_ratio
        );
    }
}
