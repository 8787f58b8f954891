//! The warp-specialized persistent Hopper GEMM family (`cute-kernels/src/gemm`): its host side.
//! Each member ([`cute_kernels::gemm::members::MEMBERS`]) is one tile shape, schedule and
//! stage count; its row of that table names its kernels and their shared memory.
//!
//! `C = alpha * A * B^T + beta * C` in the layouts of [`crate::gemm`] (TN: A `M x K` and B `N x K`
//! both k-major; NT, NN, TT: m/n-major operands; C m-major; tight leading dimensions), 16-bit
//! inputs (`f16`/`bf16` bits in `u16`), `f32` accumulation, output of the input's type or `f32`;
//! and, by the 8-bit members ([`MEMBERS_8BIT`]), 8-bit inputs (`e4m3`/`e5m2` bits in `u8`, TN
//! only, their per-tensor scales in alpha) with bf16, f16 or f32 out.
//!
//! The kernel computes `D(r, c) = sum_k X(r, k) Y(c, k)` with `D(r, c) = d[r * ldd + c]`
//! (columns contiguous). For C m-major it is run transposed: `X = B`, `Y = A`, `D = C^T`,
//! `ldd = M`: a thread's accumulator pairs are then consecutive in M, one 4-byte store.
//!
//! Tensor maps: `make_tma_copy`'s parameters of the tensors' CuTe layouts (A, B: `(rows,K)`
//! with strides `(ld,_1)` or `(_1,ld)`; the smem boxes `tile_to_shape` of the 128-byte-swizzle
//! GMMA atoms), checked to give the boxes the kernel issues, encoded by the driver and copied
//! to device memory, the kernel taking their addresses.
//!
//! TMA needs every row's byte stride to be a multiple of 16: K must be a multiple of 8. An
//! m-major A (n-major B) with M (N) not a multiple of 8 is copied by a small kernel to a
//! scratch buffer whose leading dimension is rounded up to 8, before each launch, and read from
//! there; aligned operands are read in place (the fast path has no copy). Likewise a C whose M
//! is not a multiple of 8 (4 for `f32`): with beta 0 the kernel's TMA stores write a padded
//! buffer, copied to C after the GEMM; with beta != 0 the epilogue reads and writes C directly
//! (predicated stores from registers).

use std::ffi::c_void;

use cudarc::driver::sys;
use cudarc::driver::{
    CudaFunction, CudaSlice, DevicePtr, DevicePtrMut, DeviceRepr, LaunchConfig, PushKernelArg,
};

use cute_core::arch::copy_sm90_tma::TmaDescriptor;
use cute_core::atom::copy_traits_sm90_tma::{
    make_tma_copy_params, TmaCopyParams, TmaDataType, TmaOp, TmaSmemLayout, TmaSwizzle,
};
use cute_core::atom::mma_traits_sm90_gmma::{
    Layout_K_SW128_Atom, Layout_MN_SW128_Atom, Layout_MN_SW32_Atom, Layout_MN_SW64_Atom,
};
use cute_core::dynamic::IntTuple;
use cute_core::layout::product::tile_to_shape;
use cute_core::numeric::numeric_types::{FloatE4M3, Half};
use cute_core::prelude::{_128, _16, _192, _256, _32, _64};

use crate::error::Error;
use crate::gemm::{kernel_function, GemmLayout, GemmShape};
use crate::gpu::Gpu;
use crate::tma::encode_tiled;

pub use cute_kernels::gemm::kernel::THREADS;
pub use cute_kernels::gemm::members::{Member, MEMBERS, MEMBERS_8BIT};
use cute_kernels::gemm::split_k;
pub use cute_kernels::gemm::tile_scheduler::STREAM_K;
use cute_kernels::gemm::tile_scheduler::{PersistentGrouped, TileScheduler};

/// The flagship member, the default.
pub fn flagship() -> &'static Member {
    &MEMBERS[0]
}

/// An input element type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InType {
    /// IEEE half.
    F16,
    /// bfloat16.
    Bf16,
    /// `float_e4m3_t` (the 8-bit members, TN only).
    E4m3,
    /// `float_e5m2_t` (the 8-bit members, TN only).
    E5m2,
}

impl InType {
    /// The name in kernel names: `f16`, `bf16`, `e4m3`, `e5m2`.
    pub fn name(self) -> &'static str {
        match self {
            InType::F16 => "f16",
            InType::Bf16 => "bf16",
            InType::E4m3 => "e4m3",
            InType::E5m2 => "e5m2",
        }
    }
    /// Bytes of an element.
    pub fn bytes(self) -> usize {
        match self {
            InType::F16 | InType::Bf16 => 2,
            InType::E4m3 | InType::E5m2 => 1,
        }
    }
}

/// An output element type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutType {
    /// The input's type (16-bit inputs).
    Same,
    /// `f32`.
    F32,
    /// bfloat16 (with 8-bit inputs).
    Bf16,
    /// IEEE half (with 8-bit inputs).
    F16,
}

impl OutType {
    /// The name in kernel names for inputs of `input`.
    pub fn name(self, input: InType) -> &'static str {
        match self {
            OutType::Same => input.name(),
            OutType::F32 => "f32",
            OutType::Bf16 => "bf16",
            OutType::F16 => "f16",
        }
    }
}

/// Ablation switches read once per plan, to measure what each part of the design is worth
/// (`benches/results/2026-11-24-h100-flagship`): `CUTE_HOPPER_GRID=tiles` launches one CTA per
/// tile instead of one per SM (not persistent), `CUTE_HOPPER_EPILOGUE=direct` stores from
/// registers to global memory instead of through shared memory and TMA, `CUTE_HOPPER_PDL=off`
/// launches without programmatic dependent launch.
fn ablation(var: &str, value: &str) -> bool {
    std::env::var(var).is_ok_and(|v| v == value)
}

/// Tile rows per group of the scheduler's order (`CUTE_HOPPER_GROUP` overrides it, to tune).
fn group() -> u32 {
    std::env::var("CUTE_HOPPER_GROUP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(16)
}

/// The kernel of `member` for a layout and types, if it has one: a 16-bit member has every
/// layout, both 16-bit inputs and both outputs (`Same`, `F32`); an 8-bit member the `tn`
/// layout, both 8-bit inputs and the outputs `Bf16`, `F16`, `F32`.
pub fn kernel_name(
    member: &Member,
    layout: GemmLayout,
    input: InType,
    output: OutType,
) -> Option<&'static str> {
    member.entry(&layout.to_string(), input.name(), output.name(input))
}

/// The copy of an operand to a padded leading dimension (`cute-kernels/src/hopper/pad.rs`).
pub const PAD_KERNEL: &str = "hopper_pad_rows_b16";

/// The copy of a padded C to C, for 16-bit and 32-bit outputs.
pub const UNPAD_KERNELS: [&str; 2] = ["hopper_unpad_rows_b16", "hopper_unpad_rows_b32"];

/// `ld` rounded up to a multiple of 8 elements: the leading dimension of a 16-bit matrix whose
/// rows TMA can address (16-byte strides).
pub const fn padded_ld(ld: usize) -> usize {
    ld.div_ceil(8) * 8
}

/// Bytes of an output element.
const fn out_bytes(o: OutType) -> usize {
    match o {
        OutType::Same | OutType::Bf16 | OutType::F16 => 2,
        OutType::F32 => 4,
    }
}

/// The 128-byte-swizzled shared-memory layout of one TMA box of `rows` rows of 128 bytes of
/// `bytes`-byte elements, the row contiguous (`tile_to_shape(GMMA::Layout_K_SW128_Atom<T>,
/// (rows, 128 / bytes))`, as CuTe prints it), for the boxes the kernel issues; another box is an
/// error.
fn smem_k_sw128(bytes: usize, rows: u32) -> Result<String, Error> {
    let atom16 = || Layout_K_SW128_Atom::<Half>::default();
    let atom8 = || Layout_K_SW128_Atom::<FloatE4M3>::default();
    Ok(match (bytes, rows) {
        (2, 16) => tile_to_shape(atom16(), (_16, _64)).to_string(),
        (2, 32) => tile_to_shape(atom16(), (_32, _64)).to_string(),
        (2, 64) => tile_to_shape(atom16(), (_64, _64)).to_string(),
        (2, 128) => tile_to_shape(atom16(), (_128, _64)).to_string(),
        (2, 192) => tile_to_shape(atom16(), (_192, _64)).to_string(),
        (2, 256) => tile_to_shape(atom16(), (_256, _64)).to_string(),
        (4, 64) => tile_to_shape(Layout_K_SW128_Atom::<f32>::default(), (_64, _32)).to_string(),
        (1, 16) => tile_to_shape(atom8(), (_16, _128)).to_string(),
        (1, 32) => tile_to_shape(atom8(), (_32, _128)).to_string(),
        (1, 64) => tile_to_shape(atom8(), (_64, _128)).to_string(),
        (1, 128) => tile_to_shape(atom8(), (_128, _128)).to_string(),
        (1, 192) => tile_to_shape(atom8(), (_192, _128)).to_string(),
        (1, 256) => tile_to_shape(atom8(), (_256, _128)).to_string(),
        _ => {
            return Err(Error::Shape {
                op: "hopper_gemm",
                expected: "a TMA box of 16, 32, 64, 128, 192 or 256 rows of 128 bytes".into(),
                got: format!("{rows} rows of {bytes}-byte elements"),
            })
        }
    })
}

/// The shared-memory layout of one MN-major TMA box of 16-bit elements, one column of the
/// `swizzle`-byte MN atom by 64 of K (`tile_to_shape(GMMA::Layout_MN_SW{32,64,128}_Atom<T>,
/// (atom's MN, _64))`), and the box's MN extent.
fn smem_mn(swizzle: u32) -> Option<(String, u32)> {
    let s = match swizzle {
        32 => tile_to_shape(Layout_MN_SW32_Atom::<Half>::default(), (_16, _64)).to_string(),
        64 => tile_to_shape(Layout_MN_SW64_Atom::<Half>::default(), (_32, _64)).to_string(),
        128 => tile_to_shape(Layout_MN_SW128_Atom::<Half>::default(), (_64, _64)).to_string(),
        _ => return None,
    };
    Some((s, swizzle / 2))
}

/// The TMA swizzle mode of `bytes` bytes.
fn tma_swizzle(bytes: u32) -> Option<TmaSwizzle> {
    match bytes {
        32 => Some(TmaSwizzle::B32),
        64 => Some(TmaSwizzle::B64),
        128 => Some(TmaSwizzle::B128),
        _ => None,
    }
}

/// The input type's TMA element type (the 8-bit floats are copied as bytes).
fn tma_type(input: InType) -> TmaDataType {
    match input {
        InType::F16 => TmaDataType::Float16,
        InType::Bf16 => TmaDataType::Bfloat16,
        InType::E4m3 | InType::E5m2 => TmaDataType::Uint8,
    }
}

/// `make_tma_copy`'s parameters (before the driver encodes them) of a tensor the kernel reads or
/// writes, checked to give the box the kernel issues (`want_box`, TMA order: contiguous extent
/// first).
#[allow(clippy::too_many_arguments)]
fn tma_params(
    (op, multicast): (TmaOp, u32),
    dtype: TmaDataType,
    address: u64,
    shape: &str,
    stride: &str,
    smem: &str,
    tile: &str,
    want_box: [u32; 2],
    want_swizzle: u32,
) -> Result<TmaCopyParams, Error> {
    let shape_err = |e: cute_core::dynamic::Error| Error::Shape {
        op: "hopper_gemm",
        expected: "a tensor the flagship's TMA boxes can copy".into(),
        got: e.to_string(),
    };
    let shape: IntTuple = shape.parse().map_err(shape_err)?;
    let stride: IntTuple = stride.parse().map_err(shape_err)?;
    let tile: IntTuple = tile.parse().map_err(shape_err)?;
    let smem = TmaSmemLayout::parse(smem).map_err(shape_err)?;
    let p = make_tma_copy_params(op, dtype, address, &shape, &stride, &smem, &tile, multicast)
        .map_err(shape_err)?;
    let e = &p.encode;
    if e.rank != 2 || e.box_dim[..2] != want_box || Some(e.swizzle) != tma_swizzle(want_swizzle) {
        return Err(Error::Shape {
            op: "hopper_gemm",
            expected: format!("one {want_swizzle}-byte-swizzled TMA box {want_box:?}"),
            got: format!(
                "make_tma_copy gave rank {} box {:?} swizzle {:?}",
                e.rank,
                &e.box_dim[..e.rank as usize],
                e.swizzle
            ),
        });
    }
    Ok(p)
}

/// The tensor map parameters of an operand of `rows x k` elements of `input` at `address`,
/// `ld` elements between consecutive rows (`kmajor`) or K-columns (m/n-major), for the kernel's
/// tiles of `tile_rows` rows loaded by `multicast` CTAs of a cluster together: k-major,
/// `make_tma_copy` of `Layout_K_SW128_Atom` tiled to `(tile_rows, 128 bytes of K)` (64 16-bit
/// or 128 8-bit elements); m/n-major (16-bit only: an 8-bit one is an error), of the
/// `swizzle`-byte MN atom (`Layout_MN_SW{32,64,128}_Atom`) tiled to `(atom's MN, 64)` (one
/// column of atoms; the kernel issues `tile_rows` over the atom's MN of them per tile). The box
/// it gives must be `want_box` (`(MN, K)`, the member's `tma_boxes`: the box the kernel issues)
/// with the member's swizzle (`tma_swizzles`). Pure (no driver): `tests/hopper_tma.rs` checks
/// the fields.
pub fn operand_tma_params(
    input: InType,
    address: u64,
    (rows, k, ld): (usize, usize, usize),
    kmajor: bool,
    (tile_rows, multicast): (u32, u32),
    (want_box, swizzle): ((u32, u32), u32),
) -> Result<TmaCopyParams, Error> {
    if input.bytes() == 1 && !kmajor {
        return Err(Error::Shape {
            op: "hopper_gemm",
            expected: "8-bit operands K-major (layout TN): the 8-bit wgmma reads no other".into(),
            got: "an m/n-major 8-bit operand".into(),
        });
    }
    let shape = format!("({rows},{k})");
    let op = if multicast > 1 {
        TmaOp::LoadMulticast
    } else {
        TmaOp::Load
    };
    if kmajor {
        // the k-tile: 128 bytes of K (the K atom's width)
        let k_tile = 128 / input.bytes();
        tma_params(
            (op, multicast),
            tma_type(input),
            address,
            &shape,
            &format!("({ld},_1)"),
            &smem_k_sw128(input.bytes(), tile_rows)?,
            &format!("(_{tile_rows},_{k_tile})"),
            [want_box.1, want_box.0],
            swizzle,
        )
    } else {
        let (smem, mn) = smem_mn(swizzle).ok_or_else(|| Error::Shape {
            op: "hopper_gemm",
            expected: "an MN-major operand swizzled by 32, 64 or 128 bytes".into(),
            got: format!("{swizzle} bytes"),
        })?;
        tma_params(
            (op, multicast),
            tma_type(input),
            address,
            &shape,
            &format!("(_1,{ld})"),
            &smem,
            &format!("(_{mn},_64)"),
            [want_box.0, want_box.1],
            swizzle,
        )
    }
}

/// The tensor map parameters of the kernel's output D (`rows x cols`, `cols` contiguous, `ld`
/// between rows; D = C^T, so rows are N and columns M) for TMA stores of boxes of 64 rows by
/// 128 bytes (`Layout_K_SW128_Atom` of the output type tiled to `(64, 128 bytes)`). Pure, as
/// [`operand_tma_params`].
pub fn output_tma_params(
    input: InType,
    output: OutType,
    address: u64,
    (rows, cols, ld): (usize, usize, usize),
) -> Result<TmaCopyParams, Error> {
    let (dtype, bytes) = match output {
        OutType::Same => (tma_type(input), 2),
        OutType::F32 => (TmaDataType::Float32, 4),
        OutType::Bf16 => (TmaDataType::Bfloat16, 2),
        OutType::F16 => (TmaDataType::Float16, 2),
    };
    let box_cols = (128 / bytes) as u32;
    tma_params(
        (TmaOp::Store, 1),
        dtype,
        address,
        &format!("({rows},{cols})"),
        &format!("({ld},_1)"),
        &smem_k_sw128(bytes, 64)?,
        &format!("(_64,_{box_cols})"),
        [box_cols, 64],
        128,
    )
}

/// The 128 bytes of an encoded map, as the kernel reads them from device memory.
fn map_bytes(d: &TmaDescriptor) -> Vec<u8> {
    d.0.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// C written through a padded buffer: `N` rows of `M` elements, `ld` apart in `buf`.
#[derive(Debug)]
struct CPad {
    buf: CudaSlice<u8>,
    ld: u32,
    func: CudaFunction,
}

/// An operand the kernel reads through a padded copy: its rows (`rows x cols`, leading
/// dimension `cols`, not a multiple of 8) copied to `dst` (leading dimension `ld`) by
/// [`PAD_KERNEL`] before each launch.
#[derive(Debug)]
struct Pad {
    src: u64,
    dst: CudaSlice<u16>,
    rows: u32,
    cols: u32,
    ld: u32,
}

/// Device-side state of one problem: its tensor maps (in device memory), the padded copies of
/// operands TMA cannot address directly, and the kernel. Valid while A and B stay where they
/// were when it was made (the maps and the pads hold their addresses).
#[derive(Debug)]
pub struct Plan {
    maps: CudaSlice<u8>,
    /// Operands copied to a padded leading dimension before each launch.
    pads: Vec<Pad>,
    /// The pad kernel, when `pads` is not empty.
    pad_func: Option<CudaFunction>,
    /// Whether C itself gets a TMA-store map (in the third slot of `maps`, encoded for the C of
    /// a launch): its rows 16-byte aligned, M a multiple of 8 for 16-bit C, 4 for f32.
    store_map: bool,
    /// Otherwise (unless the direct epilogue is asked for): the padded C the kernel's TMA stores
    /// write when beta is 0 (its map in the third slot), copied to C by the unpad kernel.
    c_pad: Option<CPad>,
    input: InType,
    output: OutType,
    /// The C buffer whose map is in `maps` (re-encoded when another is passed).
    mapped_c: std::cell::Cell<u64>,
    func: CudaFunction,
    sms: u32,
    group: u32,
    /// Programmatic dependent launch (`CUTE_HOPPER_PDL=off`: without).
    pdl: bool,
    shape: GemmShape,
    member: &'static Member,
    /// Split-K, when the plan uses it.
    split: Option<SplitK>,
    /// CTAs to launch: the units of the kernel's scheduler (cluster tiles, those of the last
    /// partial wave split), one cluster of CTAs per unit at most, as many clusters as fit the
    /// SMs; set with the split ([`Plan::set_splits`]).
    grid: u32,
    /// The member's kernel with the fused epilogue, once [`Plan::enable_fusion`] found it.
    fused: Option<CudaFunction>,
}

/// The arguments of a fused epilogue's launch ([`Plan::launch_fused`]), as the kernel takes
/// them (`cute-kernels/src/gemm/collective/fusion.rs`): device addresses and numbers. The
/// kernel computes `C^T`, so the problem's rows are its columns.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FusedArgs {
    /// The bias vector (0: none), elements of the output type.
    pub bias: u64,
    /// `fusion::bias_axis` of the kernel's D: `COLUMNS` for a bias per row of C (M values),
    /// `ROWS` for one per column (N values).
    pub bias_axis: u32,
    /// `fusion::ActivationKind` as its number.
    pub act: u32,
    /// The aux output (0: none), M x N m-major elements of the output type.
    pub aux: u64,
    /// The scale of D.
    pub scale: f32,
}

/// A plan's split-K: `splits` units per output tile (or [`STREAM_K`]), whose partial sums the
/// kernel adds up in `workspace` (`cute-kernels/src/gemm/split_k.rs`: counters, then the
/// partial sums).
#[derive(Debug)]
struct SplitK {
    splits: u32,
    workspace: CudaSlice<f32>,
}

/// The member `--kernel hopper` runs for a problem (`C = A B^T`, M x N x K) that no row of the
/// measured table covers ([`choose`]): the cooperative member without clusters whose tile's N
/// (the kernel computes `C^T`, so the problem's M lies along it) is the smallest that covers
/// M, the flagship when none does (M above 256). A
/// wider tile would spend its `wgmma`s on rows of zeros; a narrower one would load the
/// problem's B more often.
///
/// One exception, measured (`benches/results/2026-11-27-h200-llm-shapes-member-by-m`): for M
/// up to twice the N of a tile at most 64 wide, when B (`N x K`, 16-bit) fits in 64 MiB, the
/// narrowest such member in two tile columns beats the one-column member (1.15-1.17x at
/// 128x4096x4096 and 128x6144x4096 for the 64-wide tile): twice the tiles, and the second read
/// of B comes from the L2. With a larger B (128x8192x28672: 0.78x) the second read goes to
/// memory.
pub fn rule_member(shape: GemmShape) -> &'static Member {
    let cooperative = MEMBERS
        .iter()
        .filter(|m| m.schedule == "cooperative" && m.cluster == 1);
    narrowest_covering(cooperative, shape, 2).unwrap_or(flagship())
}

/// The rule of [`rule_member`] among `members` for inputs of `bytes` bytes: the narrowest
/// member at most 64 wide in two tile columns where B fits in 64 MiB, else the narrowest whose
/// tile covers M; `None` when none does.
fn narrowest_covering<'a>(
    members: impl Iterator<Item = &'a Member> + Clone,
    shape: GemmShape,
    bytes: usize,
) -> Option<&'a Member> {
    let b_bytes = shape.n * shape.k * bytes;
    let two_columns = members
        .clone()
        .filter(|m| m.tile.1 <= 64 && shape.m <= 2 * m.tile.1 as usize)
        .min_by_key(|m| m.tile.1);
    if let Some(m) = two_columns.filter(|_| b_bytes <= 64 << 20) {
        return Some(m);
    }
    members
        .filter(|m| m.tile.1 as usize >= shape.m)
        .min_by_key(|m| m.tile.1)
}

thread_local! {
    /// The split of K of this thread's launches inside [`with_splits`].
    static SPLITS: std::cell::Cell<Option<u32>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with every launch of the family on this thread splitting K `splits` ways (clamped
/// to the problem's k-tiles; `None`: the heuristic's split, [`choose`]). `cute bench --splits`
/// times each split of a member this way.
pub fn with_splits<R>(splits: Option<u32>, f: impl FnOnce() -> R) -> R {
    let outer = SPLITS.replace(splits);
    let r = f();
    SPLITS.set(outer);
    r
}

/// The split [`with_splits`] sets for this thread's launches, if any.
pub fn split_override() -> Option<u32> {
    SPLITS.get()
}

/// Whether `name` is a registered kernel of the family: `hopper` or a member.
pub fn is_family(name: &str) -> bool {
    name == "hopper" || MEMBERS.iter().chain(MEMBERS_8BIT).any(|m| m.name == name)
}

/// The 8-bit member `--kernel hopper` runs: a promoted member (accumulation as accurate as
/// `f32`'s, as cuBLASLt's default; the fast-accumulation member is chosen by name), picked by
/// [`rule_member`]'s rule among them (their widest when none covers M), with
/// [`default_splits`]'s split of K. Measured (`benches/results/2026-11-28-h200-fp8-member-sweep`):
/// at M = 128 the 64-wide member in two tile columns beats the 128-wide one where B (1-byte
/// elements) fits in 64 MiB (0.68-0.77 of cuBLASLt against 0.51-0.67), as in 16 bits; the 8-bit
/// family has no measured table of its own yet.
pub fn default_member_8bit(shape: GemmShape) -> &'static Member {
    let promoted = || {
        MEMBERS_8BIT
            .iter()
            .filter(|m| m.promotion && m.cluster == 1)
    };
    narrowest_covering(promoted(), shape, 1)
        .or_else(|| promoted().max_by_key(|m| m.tile.1))
        .unwrap_or(&MEMBERS_8BIT[0])
}

/// `cute gemm --kernel hopper --dtype e4m3|e5m2 --explain M N K`: the 8-bit member and split
/// of K `--kernel hopper` runs for the problem on a GPU of `sms` SMs (the H100's and H200's 132
/// without one), and why ([`default_member_8bit`], [`default_splits`]).
pub fn explain_8bit(shape: GemmShape, sms: Option<u32>) -> String {
    let (sms, sms_known) = match sms {
        Some(s) => (s, ""),
        None => (132, " (no GPU here: the H100's and H200's count)"),
    };
    let member = default_member_8bit(shape);
    let (bm, bn, bk) = member.tile;
    let why = if shape.m > 2 * bn as usize || (bn > 64 && shape.m > bn as usize) {
        format!(
            "M = {} is wider than every promoted tile: the widest (a 256-wide promoted tile \
             would need more registers than a consumer warpgroup has)",
            shape.m
        )
    } else if shape.m > bn as usize {
        format!(
            "M = {} in two tile columns of the narrowest promoted tile that takes it so ({bn}): B \
             ({} MiB of 8-bit elements) fits in 64 MiB, so its second read comes from the L2",
            shape.m,
            (shape.n * shape.k) >> 20
        )
    } else {
        format!(
            "the narrowest promoted tile whose N ({bn}, along C's M: the kernel computes C^T) \
             covers M = {}",
            shape.m
        )
    };
    let splits = member_splits(member, shape, sms);
    format!(
        "{shape}, 8-bit inputs, on {sms} SMs{sms_known}: {} (tile {bm}x{bn}x{bk} of C^T, partial \
         sums promoted to f32 every k-tile), {splits} split(s) of K. Member: {why}. Split: the \
         rule for the idle SMs of its tiles (the 8-bit family has no measured table).",
        member.name
    )
}

/// What `--kernel hopper` runs for a problem on a GPU of `sms` SMs: a member and its split of K,
/// and the table's row they come from.
#[derive(Clone, Copy, Debug)]
pub struct Choice {
    /// The member.
    pub member: &'static Member,
    /// Its split of K (1: none).
    pub splits: u32,
    /// The row of the measured table ([`crate::heuristic`]) that gave them; `None`: the rules
    /// ([`rule_member`], [`default_splits`]).
    pub row: Option<crate::heuristic::Row>,
}

/// The member and split `--kernel hopper` runs: the measured table's row for the problem on a
/// GPU of `sms` SMs ([`crate::heuristic::lookup`]), else the rules. `CUTE_HOPPER_SPLITS`
/// overrides the split either way.
pub fn choose(shape: GemmShape, sms: u32) -> Choice {
    let row = table_row(shape, sms);
    let member = row.map_or_else(|| rule_member(shape), |r| r.member);
    Choice {
        member,
        splits: splits_of(row, member, shape, sms),
        row,
    }
}

/// The member [`choose`] picks, without its split (what a launch of `--kernel hopper` needs).
pub fn default_member(shape: GemmShape, sms: u32) -> &'static Member {
    table_row(shape, sms).map_or_else(|| rule_member(shape), |r| r.member)
}

/// The split of K of `member` for `shape` on `sms` SMs: the table's when its row for the problem
/// names this member, else [`default_splits`]; `CUTE_HOPPER_SPLITS` where set.
pub fn member_splits(member: &Member, shape: GemmShape, sms: u32) -> u32 {
    splits_of(table_row(shape, sms), member, shape, sms)
}

/// The measured table's row for `shape` on `sms` SMs ([`crate::heuristic::lookup`]).
fn table_row(shape: GemmShape, sms: u32) -> Option<crate::heuristic::Row> {
    crate::heuristic::lookup(crate::heuristic::rows(), shape, sms)
}

/// [`member_splits`] with the problem's table row already looked up.
fn splits_of(
    row: Option<crate::heuristic::Row>,
    member: &Member,
    shape: GemmShape,
    sms: u32,
) -> u32 {
    match row {
        Some(r) if std::ptr::eq(r.member, member) && env_splits().is_none() => r.splits,
        _ => default_splits(member, shape, sms),
    }
}

/// `CUTE_HOPPER_SPLITS`, when set to a split ([`crate::heuristic::parse_splits`]).
fn env_splits() -> Option<u32> {
    std::env::var("CUTE_HOPPER_SPLITS")
        .ok()
        .and_then(|v| crate::heuristic::parse_splits(&v))
}

/// What `--kernel hopper` does with a problem, in words (`cute gemm --explain`): the member
/// [`choose`] picks and why (the table's row, or the rule), its tiles on the GPU's `sms` SMs
/// (132, the H100's and the H200's, when not given), and the split of K and why.
pub fn explain(shape: GemmShape, sms: Option<u32>) -> String {
    let (sms, sms_known) = match sms {
        Some(s) => (s, ""),
        None => (132, " (no GPU here: the H100's and H200's count)"),
    };
    let choice = choose(shape, sms);
    let member = choice.member;
    let (bm, bn, bk) = member.tile;
    let why_member = if let Some(r) = choice.row {
        format!(
            "{} row {},{},{} for {} SMs: the fastest member and split measured there, {:.2}x the \
             best of cuBLAS and cuBLASLt",
            crate::heuristic::TABLE_PATH,
            r.shape.m,
            r.shape.n,
            r.shape.k,
            r.sms,
            r.ratio
        )
    } else if (member.tile.1 as usize) < shape.m && !std::ptr::eq(member, flagship()) {
        format!(
            "M = {} in two tile columns of the narrowest tile that takes it so ({bn}): B ({} MiB) \
             fits in 64 MiB, so its second read comes from the L2",
            shape.m,
            (shape.n * shape.k * 2) >> 20
        )
    } else if !std::ptr::eq(member, flagship()) {
        format!(
            "the narrowest cooperative tile whose N ({bn}, along C's M: the kernel computes C^T) \
             covers M = {}",
            shape.m
        )
    } else if shape.m > bn as usize {
        format!(
            "M = {} is wider than every narrow tile: the flagship",
            shape.m
        )
    } else {
        format!(
            "the flagship's N ({bn}) is the narrowest that covers M = {}",
            shape.m
        )
    };
    let c = SplitChoice::new(member, shape, sms);
    let (tiles, k_tiles) = (c.tiles, c.k_tiles);
    let splits = choice.splits;
    let why_splits = if env_splits().is_some() {
        "CUTE_HOPPER_SPLITS sets it".to_string()
    } else if choice.row.is_some() {
        "the table's".to_string()
    } else if c.memory_bound {
        if splits > 1 {
            format!(
                "memory-bound (fewer than {RIDGE} FLOPs a byte) and the tiles leave {} of the \
                 SMs idle: {splits} splits of about {} k-tiles give {} units",
                if 8 * tiles <= c.ctas {
                    "more than 7/8".to_string()
                } else {
                    format!("more than half (and K >= {LONG_K})")
                },
                k_tiles.div_ceil(splits as u64),
                tiles * splits as u64
            )
        } else if 2 * tiles <= c.ctas && k_tiles >= 8 {
            format!(
                "memory-bound (fewer than {RIDGE} FLOPs a byte), K under {LONG_K}, and the tiles \
                 keep at least 1/8 of the SMs busy: a split's trip through the workspace costs \
                 more than the idle SMs bring"
            )
        } else if 2 * tiles > c.ctas {
            format!(
                "memory-bound (fewer than {RIDGE} FLOPs a byte) and the tiles keep at least half \
                 of the SMs busy"
            )
        } else {
            format!("{k_tiles} k-tiles are too few to split (at least 4 a split)")
        }
    } else if splits > 1 {
        format!(
            "{} whole waves of {} tiles and {} tiles in the last: {splits} splits of about {} \
             k-tiles cut the last wave to {} units, {:.2} tile-times in all instead of {:.2} \
             (the workspace's trips counted)",
            c.waves,
            c.ctas,
            c.rest,
            k_tiles.div_ceil(splits as u64),
            c.rest * splits as u64,
            c.time(splits),
            c.time(1)
        )
    } else if c.rest == 0 {
        format!("{} whole waves of {} tiles", c.waves, c.ctas)
    } else if k_tiles < 8 {
        format!("{k_tiles} k-tiles are too few to split (at least 4 a split)")
    } else {
        format!(
            "splitting the last wave's {} tiles would save less than 5% of {:.2} tile-times",
            c.rest,
            c.time(1)
        )
    };
    format!(
        "{shape}: member {} ({why_member}); {tiles} tiles of {bm}x{bn} (of C^T) for {sms} SMs{sms_known}; \
         K in {k_tiles} k-tiles of {bk}; {} ({why_splits})",
        member.name,
        if splits == STREAM_K {
            "stream-K: the last wave's k-tiles in one range a CTA".to_string()
        } else {
            format!("split-K {splits}")
        }
    )
}

/// The cost of one tile's slice of partial sums in the split-K workspace, in tile-times times
/// K: a tile's `2 BM BN K` FLOPs at an SM's rate (about 5.3 TFLOP/s on an H100 or H200)
/// against its slice's `4 BM BN` bytes written or read at about 100 GB/s (the SM's share of
/// the L2's bandwidth) is about `100 / K` ([`SplitChoice::time`]).
pub const SLICE_COST_K: f64 = 100.0;

/// The K from which a memory-bound problem whose tiles leave half of the SMs idle is split in
/// two ([`SplitChoice::new`]).
pub const LONG_K: u64 = 8192;

/// FLOPs per byte of memory traffic at which a 16-bit GEMM turns from memory-bound to bound
/// by the tensor cores, rounded: about 300 on an H100 (990 TFLOP/s over 3.35 TB/s), 206 on an
/// H200 (4.8 TB/s).
pub const RIDGE: f64 = 256.0;

/// How a problem's tiles meet the GPU's CTAs, and the split of K [`default_splits`] picks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SplitChoice {
    /// The scheduler's tiles (cluster tiles of `C^T`).
    pub tiles: u64,
    /// Clusters of CTAs at once (the SMs over the cluster size).
    pub ctas: u64,
    /// Whole waves of tiles, and the tiles of the last, partial one.
    pub waves: u64,
    /// The tiles of the last, partial wave (`tiles % ctas`).
    pub rest: u64,
    /// k-tiles per tile.
    pub k_tiles: u64,
    /// K.
    pub k: u64,
    /// Whether the problem is bound by memory rather than by the tensor cores: fewer FLOPs per
    /// byte of A, B and C (16-bit) than [`RIDGE`]. Its tiles' time is their bytes, and the
    /// wave model of [`SplitChoice::time`] does not hold.
    pub memory_bound: bool,
    /// The split picked (1: none).
    pub splits: u32,
}

impl SplitChoice {
    /// The tiles of `member` for `shape` on `sms` SMs, and the split: for a memory-bound
    /// problem ([`SplitChoice::memory_bound`]) as many splits as fill the SMs when the tiles
    /// leave more than 7/8 of them idle, 2 when they leave half of them idle and K is at least
    /// [`LONG_K`], none otherwise (measured on an H100,
    /// `benches/results/2026-11-28-h100-heuristic-sweep`; splitting 96 tiles of 128x6144x4096
    /// four ways took it from 0.91x to 0.63x cuBLAS); else
    /// the fewest splits within 2% of the fewest tile-times ([`SplitChoice::time`]), kept only
    /// if they save at least 5% of the unsplit time. `s` splits range over 1 to 16, at least 4
    /// k-tiles a split.
    pub fn new(member: &Member, shape: GemmShape, sms: u32) -> SplitChoice {
        let (bm, bn, bk) = member.tile;
        let cluster = member.cluster as u64;
        let ctas = (sms as u64 / cluster).max(1);
        let tiles =
            (shape.n as u64).div_ceil(bm as u64 * cluster) * (shape.m as u64).div_ceil(bn as u64);
        let k_tiles = (shape.k as u64).div_ceil(bk as u64);
        let mut c = SplitChoice {
            tiles,
            ctas,
            waves: tiles / ctas,
            rest: tiles % ctas,
            k_tiles,
            k: shape.k as u64,
            memory_bound: {
                let (m, n, k) = (shape.m as f64, shape.n as f64, shape.k as f64);
                2.0 * m * n * k / (2.0 * (m * k + n * k + m * n)) < RIDGE
            },
            splits: 1,
        };
        let most = (k_tiles / 4).clamp(1, 16) as u32;
        if tiles == 0 {
            return c;
        }
        if c.memory_bound {
            // the tiles stream their operands from memory: SMs left idle add bandwidth, but a
            // split's trip through the workspace costs more than it brings unless the tiles
            // leave most SMs idle, or K is long enough to pay for it (measured, H100: 32
            // tiles of 16x4096x4096 at 0.876x cuBLAS unsplit, 0.848x in 2, 0.798x in 4; 32
            // tiles of 16x4096x14336 at 0.903x unsplit, 0.942x in 2)
            if 8 * tiles <= ctas {
                c.splits = ((ctas / tiles) as u32).min(most).max(1);
            } else if 2 * tiles <= ctas && c.k >= LONG_K {
                c.splits = 2.min(most);
            }
            return c;
        }
        let fastest = (1..=most).map(|s| c.time(s)).fold(f64::INFINITY, f64::min);
        // the fewest splits within 2% of the fastest: fewer trips through the workspace than
        // the model counts, for a time the model cannot tell apart
        let best = (1..=most)
            .find(|&s| c.time(s) <= 1.02 * fastest)
            .unwrap_or(1);
        if c.rest > 0 && c.time(best) <= 0.95 * c.time(1) {
            c.splits = best;
        }
        c
    }

    /// The time of the whole problem in tile-times with `s` splits: the whole waves, then the
    /// last wave's `rest * s` units of `1 / s` tile-time on `ctas` CTAs, plus, when split, the
    /// last unit's trip through the workspace (its slice written, then `s` slices read: `(s +
    /// 1) SLICE_COST_K / K`, [`SLICE_COST_K`]).
    pub fn time(&self, s: u32) -> f64 {
        let s64 = s as u64;
        let cost = if s > 1 {
            (s64 + 1) as f64 * SLICE_COST_K / self.k as f64
        } else {
            0.0
        };
        self.waves as f64 + (self.rest * s64).div_ceil(self.ctas) as f64 / s as f64 + cost
    }
}

/// How many splits of K a problem gets on a GPU of `sms` SMs: [`SplitChoice::new`]'s, or
/// `CUTE_HOPPER_SPLITS` where set. The kernel splits only the tiles of the last, partial wave
/// (`tiles % ctas` of them, all of them when there are fewer tiles than CTAs): `s` splits make
/// that wave `ceil(rest s / ctas) / s` tile-times long instead of one.
pub fn default_splits(member: &Member, shape: GemmShape, sms: u32) -> u32 {
    if let Some(s) = env_splits() {
        return s.max(1);
    }
    SplitChoice::new(member, shape, sms).splits
}

/// The output tiles `member`'s kernel numbers for `shape` (`split_k::output_tiles` of the
/// kernel's `N x M` output, its last cluster's rows included), in 64 bits.
///
/// # Example
/// ```
/// use cute_host::gemm::GemmShape;
/// use cute_host::hopper::{flagship, output_tiles};
/// // 128256 / 128 = 1002 tile rows of C^T, 16384 / 256 = 64 tile columns
/// let s = GemmShape { m: 16384, n: 128256, k: 4096 };
/// assert_eq!(output_tiles(flagship(), s), 1002 * 64);
/// ```
pub fn output_tiles(member: &Member, shape: GemmShape) -> u64 {
    let (bm, bn, _) = member.tile;
    let cluster = member.cluster as u64;
    (shape.n as u64).div_ceil(bm as u64 * cluster) * cluster * (shape.m as u64).div_ceil(bn as u64)
}

impl Plan {
    /// Builds the tensor maps of A and B for `shape` and picks the kernel. An m-major A (n-major
    /// B) whose M (N) is not a multiple of 8 gets a padded copy (see [`PAD_KERNEL`]), refreshed
    /// by every [`Plan::launch`].
    #[allow(clippy::too_many_arguments)]
    pub fn new<T: DeviceRepr>(
        gpu: &Gpu,
        member: &'static Member,
        layout: GemmLayout,
        input: InType,
        output: OutType,
        shape: GemmShape,
        a: &CudaSlice<T>,
        b: &CudaSlice<T>,
    ) -> Result<Plan, Error> {
        const OP: &str = "hopper_gemm";
        if std::mem::size_of::<T>() != input.bytes() {
            return Err(Error::Shape {
                op: OP,
                expected: format!(
                    "A and B of {}-byte elements ({})",
                    input.bytes(),
                    input.name()
                ),
                got: format!("{}-byte elements", std::mem::size_of::<T>()),
            });
        }
        let k_multiple = 16 / input.bytes();
        if shape.k == 0 || shape.k % k_multiple != 0 {
            return Err(Error::Shape {
                op: OP,
                expected: format!(
                    "K a positive multiple of {k_multiple} (TMA: each row of A and B a multiple of 16 bytes)"
                ),
                got: format!("(M,N,K) = {shape}"),
            });
        }
        let Some(name) = kernel_name(member, layout, input, output) else {
            return Err(Error::Shape {
                op: OP,
                expected: format!(
                    "a kernel of member {} for layout {layout}, {} in and {} out",
                    member.name,
                    input.name(),
                    output.name(input)
                ),
                got: "none: the 16-bit members take f16/bf16 in any layout, the 8-bit ones e4m3/e5m2 in TN".into(),
            });
        };
        if shape.m == 0 || shape.n == 0 {
            return Err(Error::Shape {
                op: OP,
                expected: "M and N positive".into(),
                got: format!("(M,N,K) = {shape}"),
            });
        }
        let (la, lb, _) = shape.lens();
        if a.len() < la || b.len() < lb {
            return Err(Error::Shape {
                op: OP,
                expected: format!("A of {la} and B of {lb} elements for (M,N,K) = {shape}"),
                got: format!("{} and {}", a.len(), b.len()),
            });
        }
        // The kernel's arguments M, N, K are 32-bit, its tensor maps' coordinates signed 32-bit
        // (tile origins under 2^31 for extents under 2^31), its offsets into D and the
        // workspace 64-bit; it numbers the output tiles, and split-K's counters (two a tile),
        // in 32 bits.
        if shape.m.max(shape.n).max(shape.k) > i32::MAX as usize {
            return Err(Error::Shape {
                op: OP,
                expected: "M, N and K of at most 2^31-1 each".into(),
                got: format!("(M,N,K) = {shape}"),
            });
        }
        let tiles = output_tiles(member, shape);
        if tiles.saturating_mul(split_k::SLOTS as u64) > u32::MAX as u64 {
            return Err(Error::Shape {
                op: OP,
                expected: format!(
                    "at most 2^31-1 output tiles of {}x{} (of C^T)",
                    member.tile.0, member.tile.1
                ),
                got: format!("{tiles} for (M,N,K) = {shape}"),
            });
        }
        let stream = gpu.stream();
        let (pa, _ra) = a.device_ptr(stream);
        let (pb, _rb) = b.device_ptr(stream);
        // k-major: A is (M,K):(K,_1); m-major: (M,K):(_1,M), likewise B with N
        let (a_kmajor, b_kmajor) = (!layout.a_m_major(), !layout.b_n_major());
        let mut pads = Vec::new();
        // an m/n-major operand whose leading dimension is not a multiple of 8: a padded copy
        let mut operand = |ptr: u64, rows: usize, kmajor: bool| -> Result<(u64, usize), Error> {
            if kmajor || rows % 8 == 0 {
                return Ok((ptr, if kmajor { shape.k } else { rows }));
            }
            let ld = padded_ld(rows);
            let dst = stream.alloc_zeros::<u16>(ld * shape.k)?;
            let pd = {
                let (pd, _rd) = dst.device_ptr(stream);
                pd
            };
            pads.push(Pad {
                src: ptr,
                dst,
                rows: shape.k as u32,
                cols: rows as u32,
                ld: ld as u32,
            });
            Ok((pd, ld))
        };
        let (pa, lda) = operand(pa, shape.m, a_kmajor)?;
        let (pb, ldb) = operand(pb, shape.n, b_kmajor)?;
        // the kernel's X operand (128-row tiles) is B, its Y operand (256-row tiles) is A
        // the kernel's A (X) is the problem's B and its B (Y) the problem's A; Y is multicast
        // over the member's cluster
        let [boxes_x, boxes_y] = (member.tma_boxes)();
        let [sw_x, sw_y] = member.tma_swizzles;
        let (bx, by) = (usize::from(!b_kmajor), usize::from(!a_kmajor));
        let mx = operand_tma_params(
            input,
            pb,
            (shape.n, shape.k, ldb),
            b_kmajor,
            (member.tile.0, 1),
            (boxes_x[bx], sw_x[bx]),
        )?;
        let my = operand_tma_params(
            input,
            pa,
            (shape.m, shape.k, lda),
            a_kmajor,
            (member.tile.1, member.cluster),
            (boxes_y[by], sw_y[by]),
        )?;
        // C: TMA stores into C itself when its rows are 16-byte aligned, else into a padded C;
        // register stores into C where the member's tile is narrower than a TMA-store box
        let direct = ablation("CUTE_HOPPER_EPILOGUE", "direct")
            || !member.tma_store[usize::from(output == OutType::F32)];
        let eb = out_bytes(output);
        let store_map = (shape.m * eb) % 16 == 0 && !direct;
        let unpad = UNPAD_KERNELS[eb / 4];
        let want_pad = !store_map && !direct;
        for name in std::iter::once(name)
            .chain((!pads.is_empty()).then_some(PAD_KERNEL))
            .chain(want_pad.then_some(unpad))
        {
            if !gpu.has_kernel(name) {
                return Err(Error::Shape {
                    op: OP,
                    expected: "a kernel of this build".into(),
                    got: format!("{name}, not in the PTX loaded for {}", gpu.arch()),
                });
            }
        }
        let mut md = [0u8; 128].to_vec();
        let c_pad = if want_pad {
            let ld = shape.m.div_ceil(16 / eb) * (16 / eb);
            let buf = stream.alloc_zeros::<u8>(shape.n * ld * eb)?;
            let pc = {
                let (pc, _rc) = buf.device_ptr(stream);
                pc
            };
            // D = C^T: N rows of M elements, ld apart
            md = map_bytes(&encode_tiled(&output_tma_params(
                input,
                output,
                pc,
                (shape.n, shape.m, ld),
            )?)?);
            Some(CPad {
                buf,
                ld: ld as u32,
                func: gpu.function(unpad)?,
            })
        } else {
            None
        };
        let mut bytes = map_bytes(&encode_tiled(&mx)?);
        bytes.extend_from_slice(&map_bytes(&encode_tiled(&my)?));
        bytes.extend_from_slice(&md);
        let maps = stream.clone_htod(&bytes)?;
        let pad_func = if pads.is_empty() {
            None
        } else {
            Some(gpu.function(PAD_KERNEL)?)
        };
        // looked up once: `Gpu::function` searches the PTX text, tens of microseconds, which
        // showed as a 2x slower f16 kernel at 2048^3 when done per launch
        let func = gpu.function(name)?;
        func.set_attribute(
            sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            (member.smem_bytes)() as i32,
        )?;
        let device_sms = gpu.sm_count()?;
        // the grid's CTA limit: one per SM (persistent), or one per tile for the ablation
        let sms = if ablation("CUTE_HOPPER_GRID", "tiles") {
            u32::MAX
        } else {
            device_sms
        };
        let mut plan = Plan {
            maps,
            pads,
            pad_func,
            store_map,
            c_pad,
            input,
            output,
            mapped_c: std::cell::Cell::new(0),
            func,
            sms,
            group: group(),
            pdl: !ablation("CUTE_HOPPER_PDL", "off"),
            shape,
            member,
            split: None,
            grid: 0,
            fused: None,
        };
        let splits = member_splits(member, shape, device_sms);
        plan.set_splits(gpu, splits)?;
        Ok(plan)
    }

    /// Splits K `splits` ways (1: no split-K), allocating the workspace in which the kernel
    /// adds the splits' partial sums (zeroed: its counters start at zero, and each launch
    /// leaves them so); the splits are clamped to the problem's k-tiles.
    pub fn set_splits(&mut self, gpu: &Gpu, splits: u32) -> Result<(), Error> {
        let k_tiles = self.shape.k.div_ceil(self.member.tile.2 as usize) as u32;
        // the kernel computes C^T: N x M
        let (bm, bn, _) = self.member.tile;
        let cluster = self.member.cluster;
        let (rows, cols) = (self.shape.n as u32, self.shape.m as u32);
        let ctas = (self.sms / cluster).max(1);
        let sched = PersistentGrouped::new(rows.div_ceil(bm * cluster), cols.div_ceil(bn), 1)
            .with_splits(k_tiles, splits, ctas);
        self.grid = sched.units().min(ctas) * cluster;
        if sched.stream_k == 0 && sched.splits == 1 {
            self.split = None;
            return Ok(());
        }
        let tiles = split_k::output_tiles(rows, cols, (bm, bn), cluster);
        let words = split_k::workspace_words(tiles, sched.stride(), bn);
        self.split = Some(SplitK {
            splits: if sched.stream_k > 0 {
                STREAM_K
            } else {
                sched.splits
            },
            workspace: gpu.stream().alloc_zeros::<f32>(words)?,
        });
        Ok(())
    }

    /// Looks up the member's kernel with the fused epilogue (for [`Plan::launch_fused`]): layout
    /// TN, a 16-bit input and the same output type; an error naming what is missing otherwise.
    pub fn enable_fusion(&mut self, gpu: &Gpu, layout: GemmLayout) -> Result<(), Error> {
        if self.fused.is_some() {
            return Ok(());
        }
        let name = match (layout, self.input, self.output) {
            (GemmLayout::Tn, InType::Bf16 | InType::F16, OutType::Same) => {
                self.member.fused_entry(self.input.name())
            }
            _ => None,
        };
        let Some(name) = name else {
            return Err(Error::Shape {
                op: "hopper_gemm",
                expected: "layout TN with bf16 or f16 in and out for a fused epilogue".into(),
                got: format!(
                    "layout {layout}, {} in, {} out, member {}",
                    self.input.name(),
                    self.output.name(self.input),
                    self.member.name
                ),
            });
        };
        self.use_fused_kernel(gpu, name)
    }

    /// Makes `name`, a kernel with a fused epilogue's arguments (`device_entries!(@fused ..)`
    /// of this plan's member, layout and types, e.g. a user-written epilogue's), the one
    /// [`Plan::launch_fused`] launches.
    pub fn use_fused_kernel(&mut self, gpu: &Gpu, name: &str) -> Result<(), Error> {
        let f = kernel_function(gpu, "hopper_gemm", name)?;
        f.set_attribute(
            sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            (self.member.smem_bytes)() as i32,
        )?;
        self.fused = Some(f);
        Ok(())
    }

    /// The plan's splits of K (1: none; [`STREAM_K`]: stream-K).
    pub fn splits(&self) -> u32 {
        self.split.as_ref().map_or(1, |s| s.splits)
    }

    /// Whether this plan copies an operand to a padded leading dimension before each launch.
    pub fn pads(&self) -> bool {
        !self.pads.is_empty()
    }

    /// Launches [`PAD_KERNEL`] for each padded operand (asynchronous): part of
    /// [`Plan::launch`], public to time it alone.
    pub fn launch_pads(&self, gpu: &Gpu) -> Result<(), Error> {
        let stream = gpu.stream();
        for p in &self.pads {
            let f = self.pad_func.as_ref().expect("looked up with the pads");
            let chunks = p.ld / 8;
            let cfg = LaunchConfig {
                grid_dim: (chunks.div_ceil(128), p.rows.min(65535), 1),
                block_dim: (128, 1, 1),
                shared_mem_bytes: 0,
            };
            let (pd, _rd) = p.dst.device_ptr(stream);
            let mut l = stream.launch_builder(f);
            l.arg(&p.src).arg(&pd).arg(&p.rows).arg(&p.cols).arg(&p.ld);
            // SAFETY: the kernel's signature is (src: *const u16, dst: *mut u16, rows, cols,
            // ld: u32); `src` is the caller's operand of rows * cols elements (checked in
            // `new`, alive while the plan is used), `dst` this plan's buffer of rows * ld
            // elements (256-byte aligned), ld a multiple of 8 >= cols; the grid covers ld / 8
            // chunks per row and walks the rows in steps of gridDim.y.
            unsafe { l.launch(cfg) }?;
        }
        Ok(())
    }

    /// Launches `C = alpha * A * B^T + beta * C` (asynchronous), `c` of `M*N` elements of the
    /// output type (`u16` bits or `f32`).
    pub fn launch<T: DeviceRepr>(
        &self,
        gpu: &Gpu,
        alpha: f32,
        beta: f32,
        c: &mut CudaSlice<T>,
    ) -> Result<(), Error> {
        self.launch_with(gpu, alpha, beta, c, None)
    }

    /// [`Plan::launch`] with the fused epilogue `D = act(alpha A B^T + beta C + bias) * scale`
    /// (and the aux output) of `args`; [`Plan::enable_fusion`] first. The bias holds M (a
    /// value per row of C) or N values and the aux output M x N, of the output type.
    pub fn launch_fused<T: DeviceRepr>(
        &self,
        gpu: &Gpu,
        alpha: f32,
        beta: f32,
        c: &mut CudaSlice<T>,
        args: FusedArgs,
    ) -> Result<(), Error> {
        self.launch_with(gpu, alpha, beta, c, Some(args))
    }

    fn launch_with<T: DeviceRepr>(
        &self,
        gpu: &Gpu,
        alpha: f32,
        beta: f32,
        c: &mut CudaSlice<T>,
        fused: Option<FusedArgs>,
    ) -> Result<(), Error> {
        let (_, _, lc) = self.shape.lens();
        let elem = out_bytes(self.output);
        if std::mem::size_of::<T>() != elem {
            return Err(Error::Shape {
                op: "hopper_gemm",
                expected: format!("C of {elem}-byte elements (the plan's output type)"),
                got: format!("{}-byte elements", std::mem::size_of::<T>()),
            });
        }
        if c.len() < lc {
            return Err(Error::Shape {
                op: "hopper_gemm",
                expected: format!("C of {lc} elements"),
                got: c.len().to_string(),
            });
        }
        self.launch_pads(gpu)?;
        let stream = gpu.stream();
        let (pm, _rm) = self.maps.device_ptr(stream);
        let (mx, my) = (pm, pm + 128);
        // C's map depends on the buffer: encoded per launch (D = C^T: M contiguous, N rows)
        let md = if self.store_map {
            let (pc, _rc) = c.device_ptr(stream);
            if self.mapped_c.get() != pc {
                let (rows, cols) = (self.shape.n, self.shape.m);
                let p = output_tma_params(self.input, self.output, pc, (rows, cols, cols))?;
                let map = map_bytes(&encode_tiled(&p)?);
                stream.synchronize()?;
                // SAFETY: 128 bytes into the third slot of `maps`, synchronously, while no
                // kernel of this stream runs.
                unsafe {
                    sys::cuMemcpyHtoD_v2(pm + 256, map.as_ptr() as *const c_void, 128).result()?;
                }
                self.mapped_c.set(pc);
            }
            pm + 256
        } else if self.c_pad.is_some() && beta == 0.0 {
            // the padded C's map, encoded in `new`; copied to C below
            pm + 256
        } else {
            0
        };
        // one stream: its order alone orders these launches and later uses of C
        let pc = {
            let (pc, _rc) = c.device_ptr_mut(stream);
            pc
        };
        self.launch_gemm(gpu, [mx, my, md], pc, (alpha, beta), fused)?;
        if md != 0 && !self.store_map {
            self.launch_unpad(gpu, c)?;
        }
        Ok(())
    }

    /// Launches the plan's GEMM kernel with tensor maps `[x, y, d]` (`d` 0: none), D at `pd`,
    /// and the plan's split-K (its splits and workspace; 1 and null without): one CTA per SM
    /// at most, a whole number of clusters. With `fused`, its fused kernel and arguments.
    fn launch_gemm(
        &self,
        gpu: &Gpu,
        [mx, my, md]: [u64; 3],
        pd: u64,
        (alpha, beta): (f32, f32),
        fused: Option<FusedArgs>,
    ) -> Result<(), Error> {
        let func = match fused {
            None => &self.func,
            Some(_) => self.fused.as_ref().ok_or_else(|| Error::Shape {
                op: "hopper_gemm",
                expected: "a plan whose fused kernel was looked up (Plan::enable_fusion)".into(),
                got: "a plan without it".into(),
            })?,
        };
        let stream = gpu.stream();
        let smem = (self.member.smem_bytes)();
        let (rows, cols) = (self.shape.n as u32, self.shape.m as u32);
        let (splits, ws) = match &self.split {
            Some(s) => (s.splits, s.workspace.device_ptr(stream).0),
            None => (1, 0),
        };
        let (cluster, grid) = (self.member.cluster, self.grid);
        let (k, ldd, group) = (self.shape.k as u32, self.shape.m as u32, self.group);
        let (mut mx, mut my, mut md, mut pd, mut ws) = (mx, my, md, pd, ws);
        let (mut rows, mut cols, mut k, mut ldd) = (rows, cols, k, ldd);
        let (mut alpha, mut beta, mut group, mut splits) = (alpha, beta, group, splits);
        // the kernel's parameters, in order: (tma_a, tma_b, tma_d: *const CUtensorMap, d: *mut
        // Out, m, n, k, ldd: u32, alpha, beta: f32, group, splits: u32, ws: *mut f32)
        let FusedArgs {
            bias: mut fb,
            bias_axis: mut faxis,
            act: mut fact,
            aux: mut faux,
            scale: mut fscale,
        } = fused.unwrap_or(FusedArgs {
            bias: 0,
            bias_axis: 0,
            act: 0,
            aux: 0,
            scale: 1.0,
        });
        // the aux output is C's shape: rows of the kernel's D (columns of C) M apart
        let mut ldaux = self.shape.m as u32;
        // a fused kernel's parameters follow: (bias: *const Out, bias_axis, act: u32, aux: *mut
        // Out, ldaux: u32, scale: f32)
        let mut args: [*mut c_void; 19] = [
            &mut mx as *mut u64 as *mut c_void,
            &mut my as *mut u64 as *mut c_void,
            &mut md as *mut u64 as *mut c_void,
            &mut pd as *mut u64 as *mut c_void,
            &mut rows as *mut u32 as *mut c_void,
            &mut cols as *mut u32 as *mut c_void,
            &mut k as *mut u32 as *mut c_void,
            &mut ldd as *mut u32 as *mut c_void,
            &mut alpha as *mut f32 as *mut c_void,
            &mut beta as *mut f32 as *mut c_void,
            &mut group as *mut u32 as *mut c_void,
            &mut splits as *mut u32 as *mut c_void,
            &mut ws as *mut u64 as *mut c_void,
            &mut fb as *mut u64 as *mut c_void,
            &mut faxis as *mut u32 as *mut c_void,
            &mut fact as *mut u32 as *mut c_void,
            &mut faux as *mut u64 as *mut c_void,
            &mut ldaux as *mut u32 as *mut c_void,
            &mut fscale as *mut f32 as *mut c_void,
        ];
        // cuLaunchKernelEx with the clusters (when the member has them) and programmatic
        // dependent launch: the kernel lets the next one start and waits for the one before
        // (`gemm::kernel`), so back-to-back GEMMs overlap one's launch and prologue with the
        // tail of the other. `CUTE_HOPPER_PDL=off` launches without it (an ablation).
        // SAFETY: all-zero attribute values are valid (unions of plain integers).
        let mut attrs: [sys::CUlaunchAttribute; 2] = unsafe { std::mem::zeroed() };
        let mut n_attrs = 0;
        if self.pdl {
            attrs[n_attrs].id =
                sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
            attrs[n_attrs].value.programmaticStreamSerializationAllowed = 1;
            n_attrs += 1;
        }
        if cluster > 1 {
            attrs[n_attrs].id = sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
            attrs[n_attrs].value.clusterDim.x = cluster;
            attrs[n_attrs].value.clusterDim.y = 1;
            attrs[n_attrs].value.clusterDim.z = 1;
            n_attrs += 1;
        }
        let config = sys::CUlaunchConfig {
            gridDimX: grid,
            gridDimY: 1,
            gridDimZ: 1,
            blockDimX: THREADS,
            blockDimY: 1,
            blockDimZ: 1,
            sharedMemBytes: smem,
            hStream: stream.cu_stream(),
            attrs: attrs.as_mut_ptr(),
            numAttrs: n_attrs as u32,
        };
        // SAFETY: `args` points to one value of each parameter's type, in order (the first 13
        // for a plain kernel, which takes no more); the maps
        // cover A and B (checked in `new`), tma_d is null or maps this C or the padded C (N x M
        // of ld >= M, allocated in `new`); the kernel touches D(r, c) for r < N, c < M only, at
        // d[r*M + c] (C: M*N <= c.len() elements of the output type, checked by `launch`); with
        // splits != 1, ws is the workspace `set_splits` allocated for these splits and tiles;
        // 384 threads and `smem` bytes as the kernel needs (its limit raised in `new`, and
        // non-portable cluster sizes are not used: at most 2); `config` and `attrs` outlive
        // the call. A fused kernel's bias and aux are the caller's (`launch_fused`: M or N and
        // M x N elements of the output type).
        unsafe {
            sys::cuLaunchKernelEx(
                &config,
                func.cu_function(),
                args.as_mut_ptr(),
                std::ptr::null_mut(),
            )
            .result()?;
        }
        Ok(())
    }

    /// Whether a launch with beta 0 writes C through a padded buffer and copies it out.
    pub fn pads_c(&self) -> bool {
        self.c_pad.is_some()
    }

    /// Copies the padded C to `c` (asynchronous; nothing without a padded C): part of
    /// [`Plan::launch`] with beta 0, public to time it alone.
    pub fn launch_unpad<T: DeviceRepr>(
        &self,
        gpu: &Gpu,
        c: &mut CudaSlice<T>,
    ) -> Result<(), Error> {
        let Some(cp) = &self.c_pad else {
            return Ok(());
        };
        let eb = out_bytes(self.output);
        let (_, _, lc) = self.shape.lens();
        if std::mem::size_of::<T>() != eb || c.len() < lc {
            return Err(Error::Shape {
                op: "hopper_gemm",
                expected: format!("C of {lc} elements of {eb} bytes"),
                got: format!("{} of {}", c.len(), std::mem::size_of::<T>()),
            });
        }
        let stream = gpu.stream();
        let (rows, cols, ld) = (self.shape.n as u32, self.shape.m as u32, cp.ld);
        // 128 threads of 8 columns each per block (`unpad_rows`)
        let cfg = LaunchConfig {
            grid_dim: (cols.div_ceil(128 * 8), rows.min(65535), 1),
            block_dim: (128, 1, 1),
            shared_mem_bytes: 0,
        };
        let (ps, _rs) = cp.buf.device_ptr(stream);
        let mut l = stream.launch_builder(&cp.func);
        l.arg(&ps).arg(c).arg(&rows).arg(&cols).arg(&ld);
        // SAFETY: the kernel's signature is (src: *const T, dst: *mut T, rows, cols, ld: u32)
        // with T of `eb` bytes (the kernel picked by the output type in `new`); `src` is the
        // padded C of rows * ld elements (256-byte aligned, ld a multiple of 16 / eb, >= cols),
        // `dst` is C of rows * cols = M * N <= c.len() elements of that size (checked above);
        // the grid covers the columns (8 per thread) and walks the rows in steps of gridDim.y.
        unsafe { l.launch(cfg) }?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(m: usize, n: usize, k: usize) -> GemmShape {
        GemmShape { m, n, k }
    }

    /// The 8-bit explanation names the member and why.
    #[test]
    fn eight_bit_explain_names_the_member() {
        let e = explain_8bit(shape(128, 4096, 4096), Some(132));
        assert!(
            e.contains("coop_128x64x128") && e.contains("two tile columns"),
            "{e}"
        );
        let e = explain_8bit(shape(4096, 4096, 4096), None);
        assert!(
            e.contains("coop_128x128x128") && e.contains("wider than"),
            "{e}"
        );
        assert!(e.contains("no GPU here"), "{e}");
    }

    /// The 8-bit default: the narrowest promoted tile that covers M (64 wide in two columns
    /// where B fits in 64 MiB), the widest past 128.
    #[test]
    fn eight_bit_member_follows_m() {
        for (m, n, k, want) in [
            (1, 4096, 4096, "coop_128x16x128"),
            (16, 8192, 28672, "coop_128x16x128"),
            (32, 4096, 4096, "coop_128x16x128"),
            (33, 4096, 4096, "coop_128x64x128"),
            // two tile columns of 64 where B fits in 64 MiB
            (128, 4096, 14336, "coop_128x64x128"),
            (128, 10240, 8192, "coop_128x128x128"),
            (65, 28672, 4096, "coop_128x128x128"),
            (16384, 4096, 4096, "coop_128x128x128"),
        ] {
            let got = default_member_8bit(shape(m, n, k));
            assert_eq!(got.name, want, "M = {m}, N = {n}, K = {k}");
            assert!(got.promotion);
        }
    }

    /// The narrowest cooperative tile that covers M; the flagship past 256 and at 129..256.
    #[test]
    fn rule_member_follows_m() {
        for (m, want) in [
            (1, "coop_128x16x64"),
            (32, "coop_128x16x64"),
            (33, "coop_128x64x64"),
            (64, "coop_128x64x64"),
            (65, "coop_128x64x64"),
            (128, "coop_128x64x64"),
            (129, "coop_128x256x64"),
            (16384, "coop_128x256x64"),
        ] {
            assert_eq!(rule_member(shape(m, 4096, 4096)).name, want, "M = {m}");
        }
        // B of 470 MB: the one-column member
        assert_eq!(rule_member(shape(128, 8192, 28672)).name, "coop_128x128x64");
    }

    /// Split-K where the last wave of tiles leaves SMs idle, at least 4 k-tiles a split, at
    /// most 16 splits; never for one k-tile, nor where whole waves fill the SMs.
    #[test]
    fn default_splits_fill_idle_sms() {
        let flagship = flagship();
        // 4096 / 128 = 32 tile rows of C^T, one column: 32 tiles, memory-bound, K short: none
        assert_eq!(default_splits(flagship, shape(16, 4096, 4096), 132), 1);
        // the same with K = 14336: 2 splits
        assert_eq!(default_splits(flagship, shape(16, 4096, 14336), 132), 2);
        // 8 tiles: as many splits as fill the SMs (16, at least 4 k-tiles each)
        assert_eq!(default_splits(flagship, shape(16, 1024, 4096), 132), 16);
        // one tile, 448 k-tiles, memory-bound: 16 splits
        assert_eq!(default_splits(flagship, shape(16, 8, 28672), 132), 16);
        // 512 tiles: no split
        assert_eq!(default_splits(flagship, shape(4096, 4096, 4096), 132), 1);
        // one k-tile: nothing to split
        assert_eq!(default_splits(flagship, shape(16, 8, 8), 132), 1);
        // 48 x 4 = 192 tiles: 132, then 60 in 120 half-tile units (1.6 tile-times, not 2)
        assert_eq!(default_splits(flagship, shape(1024, 6144, 4096), 132), 2);
        let c = SplitChoice::new(flagship, shape(1024, 6144, 4096), 132);
        assert_eq!((c.tiles, c.waves, c.rest), (192, 1, 60));
        assert!((c.time(2) - (1.5 + 3.0 * SLICE_COST_K / 4096.0)).abs() < 1e-9);
        // 64 x 32 = 2048 tiles, 68 in the last wave: a split saves under 5%
        assert_eq!(default_splits(flagship, shape(8192, 8192, 8192), 132), 1);
        // memory-bound: 96 tiles keep more than half of 132 SMs busy, no split
        let narrow = MEMBERS.iter().find(|m| m.tile.1 == 64).unwrap();
        assert!(SplitChoice::new(narrow, shape(128, 6144, 4096), 132).memory_bound);
        assert_eq!(default_splits(narrow, shape(128, 6144, 4096), 132), 1);
        // memory-bound, 48 tiles, K short: none
        assert_eq!(default_splits(narrow, shape(16, 6144, 4096), 132), 1);
    }
}
