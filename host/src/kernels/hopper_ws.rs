//! Registry entries of the Hopper GEMM family (`cute-kernels/src/gemm`): `hopper` (the
//! flagship member) and one entry per member under the member's name, each launched through
//! [`crate::hopper::Plan`].

use std::cell::RefCell;

use crate::epilogue::Epilogue;
use crate::error::Error;
use crate::gemm::{
    Dtype, GemmLaunch, GemmLayout, GemmProblem, GemmTypes, Indexing, KernelEntry, Operand,
    OperandMut,
};
use crate::gpu::Gpu;
use crate::hopper::{FusedArgs, InType, Member, OutType, Plan, MEMBERS, MEMBERS_8BIT};

/// The warp-specialized persistent Hopper GEMM: TMA producer warpgroup, two wgmma consumer
/// warpgroups, 128x256x64 tiles in 4 stages, TMA-store epilogue. All four layouts with every
/// pair of 16-bit types, any M and N, K a multiple of 8 (TMA's 16-byte row strides; an m-major
/// A or n-major B whose M or N is not a multiple of 8 is read from a padded copy, see
/// [`crate::hopper::Plan`]); 8-bit inputs in TN with K a multiple of 16, by the 8-bit members.
pub const HOPPER: KernelEntry = KernelEntry {
    name: "hopper",
    about: "warp-specialized persistent Hopper GEMM family, the member and split of K for the problem from the measured table (host/heuristic/hopper.csv) or the rules (the narrowest cooperative tile for M: coop_128x16x64, coop_128x64x64, coop_128x128x64, coop_128x256x64; split-K where the tiles leave SMs idle); --explain says which; e4m3/e5m2 in TN by a promoted 8-bit member picked by M as for 16 bits: coop_128x16x128, coop_128x64x128, coop_128x128x128 (sm_90a)",
    types: &[
        GemmTypes::BF16_F32_BF16,
        GemmTypes::F16_F32_F16,
        GemmTypes::BF16_F32_F32,
        GemmTypes::F16_F32_F32,
        GemmTypes::E4M3_F32_BF16,
        GemmTypes::E4M3_F32_F16,
        GemmTypes::E4M3_F32_F32,
        GemmTypes::E5M2_F32_BF16,
    ],
    preconditions: Some(eight_bit_preconditions),
    launch: launch_default,
    ..member_entry::<0>()
};

/// The 8-bit inputs' conditions: layout TN (the 8-bit `wgmma` reads K-major operands only) and
/// K a multiple of 16 (TMA's 16-byte rows).
fn eight_bit_preconditions(p: &GemmProblem) -> Result<(), Error> {
    if !p.types.input.is_8bit() {
        return Ok(());
    }
    if p.layout != GemmLayout::Tn {
        return Err(Error::Shape {
            op: "hopper",
            expected: "layout TN for 8-bit inputs (the 8-bit wgmma reads K-major A and B only)"
                .into(),
            got: format!("{}", p.layout),
        });
    }
    if p.shape.k % 16 != 0 {
        return Err(Error::Shape {
            op: "hopper",
            expected: "K a multiple of 16 for 8-bit inputs (TMA: rows of 16 bytes)".into(),
            got: format!("(M,N,K) = {}", p.shape),
        });
    }
    Ok(())
}

/// The entry of member `I` of [`MEMBERS`], named as the member.
const fn member_entry<const I: usize>() -> KernelEntry {
    KernelEntry {
        name: MEMBERS[I].name,
        about:
            "a member of the Hopper GEMM family (`cute gemm --list`: its tile, schedule, stages)",
        launch: launch_member::<I>,
        ..FAMILY
    }
}

/// The entry of 8-bit member `I` of [`MEMBERS_8BIT`], named as the member.
const fn member_entry_8bit<const I: usize>() -> KernelEntry {
    KernelEntry {
        name: MEMBERS_8BIT[I].name,
        about: "an 8-bit member of the Hopper GEMM family, e4m3 (bf16, f16 or f32 out) or e5m2 (bf16 out) in TN (`cute gemm --list`)",
        launch: launch_member_8bit::<I>,
        ..FAMILY_8BIT
    }
}

/// Every member's entry, the 16-bit members' then the 8-bit ones'. A new member in
/// `cute-kernels/src/gemm/members.rs` needs its line here (the assertions below say so).
pub const MEMBER_ENTRIES: [KernelEntry; 11] = [
    member_entry::<0>(),
    member_entry::<1>(),
    member_entry::<2>(),
    member_entry::<3>(),
    member_entry::<4>(),
    member_entry::<5>(),
    member_entry::<6>(),
    member_entry_8bit::<0>(),
    member_entry_8bit::<1>(),
    member_entry_8bit::<2>(),
    member_entry_8bit::<3>(),
];
const _: () = assert!(
    MEMBER_ENTRIES.len() == MEMBERS.len() + MEMBERS_8BIT.len(),
    "hopper_ws: every member of cute_kernels::gemm::members::MEMBERS and MEMBERS_8BIT needs an entry"
);

/// What every 8-bit member supports: TN, K a multiple of 16.
const FAMILY_8BIT: KernelEntry = KernelEntry {
    name: "",
    about: "",
    types: &[
        GemmTypes::E4M3_F32_BF16,
        GemmTypes::E4M3_F32_F16,
        GemmTypes::E4M3_F32_F32,
        GemmTypes::E5M2_F32_BF16,
    ],
    layouts: &[GemmLayout::Tn],
    shape_multiple: (1, 1, 16),
    fusion: false,
    ..FAMILY
};

/// What every member supports.
const FAMILY: KernelEntry = KernelEntry {
    name: "",
    about: "",
    types: &[
        GemmTypes::BF16_F32_BF16,
        GemmTypes::F16_F32_F16,
        GemmTypes::BF16_F32_F32,
        GemmTypes::F16_F32_F32,
    ],
    layouts: &[
        GemmLayout::Tn,
        GemmLayout::Nt,
        GemmLayout::Nn,
        GemmLayout::Tt,
    ],
    // any M and N (unaligned m/n-major operands go through a padded copy); K-rows of 16 bytes
    contiguous_multiple: 1,
    shape_multiple: (1, 1, 8),
    // tensor maps (64-bit strides) and 64-bit offsets: any matrix that fits in memory
    indexing: Indexing::I64,
    preconditions: None,
    // bias, activation, aux output and scale in TN with one 16-bit type in and out
    fusion: true,
    launch: launch_member::<0>,
};

/// The key of a cached [`Plan`]: its operands' addresses, shape, types, member and split of
/// K ([`crate::hopper::with_splits`]; `None`: the member's default).
type PlanKey = (
    u64,
    u64,
    usize,
    usize,
    usize,
    Dtype,
    Dtype,
    GemmLayout,
    &'static str,
    Option<u32>,
);

/// How many plans of one problem [`PLANS`] keeps: the copies of A and B the benchmark rotates
/// through ([`crate::bench::MAX_COPIES`]) for each of up to 8 members or splits it times in
/// turn.
const PLAN_CACHE: usize = 128;
const _: () = assert!(PLAN_CACHE >= 8 * crate::bench::MAX_COPIES);

thread_local! {
    /// The plans of the last problem (shape, types, layout), one per address of A and B,
    /// member and split, the oldest dropped past [`PLAN_CACHE`]: a plan's tensor maps stay
    /// valid while A and B stay where they are, so a benchmark's repeated launches, rotating
    /// through copies of A and B and through members, skip encoding them and looking up the
    /// kernel. Another problem drops them all.
    static PLANS: RefCell<Vec<(PlanKey, Plan)>> = const { RefCell::new(Vec::new()) };
}

/// Launches the member [`crate::hopper::default_member`] picks for the problem on this GPU
/// (for 8-bit inputs, [`crate::hopper::default_member_8bit`]).
fn launch_default(gpu: &Gpu, l: GemmLaunch<'_>) -> Result<(), Error> {
    let member = if l.problem.types.input.is_8bit() {
        crate::hopper::default_member_8bit(l.problem.shape)
    } else {
        crate::hopper::default_member(l.problem.shape, gpu.sm_count()?)
    };
    launch(gpu, member, l)
}

/// Launches member `I`.
fn launch_member<const I: usize>(gpu: &Gpu, l: GemmLaunch<'_>) -> Result<(), Error> {
    launch(gpu, &MEMBERS[I], l)
}

/// Launches 8-bit member `I`.
fn launch_member_8bit<const I: usize>(gpu: &Gpu, l: GemmLaunch<'_>) -> Result<(), Error> {
    launch(gpu, &MEMBERS_8BIT[I], l)
}

/// A and B of a launch: 16-bit or 8-bit buffers.
enum Inputs<'a> {
    Bits16(
        &'a cudarc::driver::CudaSlice<u16>,
        &'a cudarc::driver::CudaSlice<u16>,
    ),
    Bits8(
        &'a cudarc::driver::CudaSlice<u8>,
        &'a cudarc::driver::CudaSlice<u8>,
    ),
}

fn launch(gpu: &Gpu, member: &'static Member, mut l: GemmLaunch<'_>) -> Result<(), Error> {
    const OP: &str = "hopper";
    let p = l.problem;
    let input = match p.types.input {
        Dtype::F16 => InType::F16,
        Dtype::Bf16 => InType::Bf16,
        Dtype::E4m3 => InType::E4m3,
        Dtype::E5m2 => InType::E5m2,
        Dtype::F32 => {
            return Err(Error::Shape {
                op: OP,
                expected: "half_t, bfloat16_t, float_e4m3_t or float_e5m2_t inputs".into(),
                got: "float".into(),
            })
        }
    };
    let output = match (p.types.output, input.bytes()) {
        (Dtype::F32, _) => OutType::F32,
        (_, 2) => OutType::Same,
        (Dtype::F16, _) => OutType::F16,
        _ => OutType::Bf16,
    };
    // the 8-bit operands' per-tensor scales go into alpha (1 for the others)
    let scale = l.a.scale() * l.b.scale();
    let inputs = match (l.a, l.b) {
        (Operand::E4m3(a, _), Operand::E4m3(b, _)) | (Operand::E5m2(a, _), Operand::E5m2(b, _)) => {
            Inputs::Bits8(a, b)
        }
        _ => {
            let (a, b) = l.ab_bits16(OP)?;
            Inputs::Bits16(a, b)
        }
    };
    let key: PlanKey = {
        let st = gpu.stream();
        let (pa, pb) = (l.a.device_ptr(st).0, l.b.device_ptr(st).0);
        (
            pa,
            pb,
            p.shape.m,
            p.shape.n,
            p.shape.k,
            p.types.input,
            p.types.output,
            p.layout,
            member.name,
            crate::hopper::split_override(),
        )
    };
    PLANS.with(|cell| {
        let mut cache = cell.borrow_mut();
        let i = match cache.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                // the problem: the key without the two addresses
                let problem = |k: &PlanKey| (k.2, k.3, k.4, k.5, k.6, k.7);
                if cache
                    .first()
                    .is_some_and(|(k, _)| problem(k) != problem(&key))
                {
                    cache.clear();
                }
                if cache.len() >= PLAN_CACHE {
                    cache.remove(0);
                }
                let mut plan = match inputs {
                    Inputs::Bits16(a, b) => {
                        Plan::new(gpu, member, p.layout, input, output, p.shape, a, b)?
                    }
                    Inputs::Bits8(a, b) => {
                        Plan::new(gpu, member, p.layout, input, output, p.shape, a, b)?
                    }
                };
                if let Some(s) = key.9 {
                    plan.set_splits(gpu, s)?;
                }
                cache.push((key, plan));
                cache.len() - 1
            }
        };
        let plan = &mut cache[i].1;
        let (alpha, beta) = (p.alpha * scale, p.beta);
        let fused = match &mut l.epilogue {
            Some(e) => {
                plan.enable_fusion(gpu, p.layout)?;
                Some(fused_args(gpu, e)?)
            }
            None => None,
        };
        match (&mut l.c, fused) {
            (OperandMut::F32(c), None) => plan.launch(gpu, alpha, beta, c),
            (OperandMut::F16(c) | OperandMut::Bf16(c), None) => plan.launch(gpu, alpha, beta, c),
            (OperandMut::F16(c) | OperandMut::Bf16(c), Some(f)) => {
                plan.launch_fused(gpu, alpha, beta, c, f)
            }
            (OperandMut::F32(c), Some(f)) => plan.launch_fused(gpu, alpha, beta, c, f),
            (OperandMut::E4m3(..) | OperandMut::E5m2(..), _) => Err(Error::Shape {
                op: OP,
                expected: "C of bf16, f16 or f32".into(),
                got: "an 8-bit C".into(),
            }),
        }
    })
}

/// The kernel's arguments of a checked epilogue ([`crate::gemm::gemm_fused`]: its buffers
/// are those its op names, of C's type and length).
fn fused_args(gpu: &Gpu, e: &mut Epilogue<'_>) -> Result<FusedArgs, Error> {
    let st = gpu.stream();
    let bias = e.bias.as_ref().map_or(0, |b| b.device_ptr(st).0);
    let aux = e.aux.as_mut().map_or(0, |a| a.device_ptr_mut(st).0);
    Ok(FusedArgs {
        bias,
        bias_axis: e.op.bias.map_or(0, |a| a.kernel_axis()),
        act: e.op.act as u32,
        aux,
        scale: e.op.scale,
    })
}
