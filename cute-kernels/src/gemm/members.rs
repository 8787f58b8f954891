//! The members of the GEMM family, each declared once: its name, tile shape, schedule and
//! stages. `gemm_members!` makes of each declaration the host's table row ([`MEMBERS`]: the
//! name, the kernels' entry names, the shared memory, the tile) and, on the device, the kernel
//! entries: for each layout (`tn`, `nt`, `nn`, `tt`, as BLAS's transa/transb of the column-major
//! problem), input type (`bf16`, `f16`) and output type (the input's or `f32`) a
//! `#[no_mangle]` entry `gemm_sm90_<member>_<layout>_<in>_<out>` (a member is named by its
//! schedule and tile, `coop_128x256x64`) calling [`gemm_universal`](super::kernel) with the
//! configuration [`Sm90Gemm`] of the layout and input type and the epilogue of the output type.
//!
//! Why a macro: a kernel entry is a non-generic `extern "ptx-kernel"` function with its own
//! symbol name, one per instantiation; Rust has no other way to stamp out named, monomorphic
//! functions from a list. Everything the entries do is the generic kernel.
//!
//! The launch bounds (`.maxntid 384`, `.minnctapersm 1`: without a register cap at entry
//! `ptxas` ignores `setmaxnreg`) are written by each entry into its own PTX as a comment that
//! `host/build.rs` turns into the directives, so they too come from this one declaration.

use cute_core::arch::mma_sm90_gmma::GMMA::Major;
use cute_core::numeric::aliases::*;
use cute_core::numeric::numeric_types::{BFloat16, FloatE4M3};

use super::collective::epilogue::{tma_store, EpilogueElement, EpilogueSm90TmaWarpSpecialized};
use super::collective::mainloop::{
    MainloopSm90TmaGmmaWarpSpecialized, MainloopSm90TmaGmmaWarpSpecializedFp8,
};
use super::config::{Cooperative, KernelSchedule, Pingpong, Sm90Gemm, StaticTile};
use super::kernel::SharedStorage;

/// One member as the host sees it.
#[derive(Clone, Copy, Debug)]
pub struct Member {
    /// The member's name (`cute gemm --config NAME`).
    pub name: &'static str,
    /// The tile `(BLK_M, BLK_N, BLK_K)` of the kernel's D (rows, columns) and K.
    pub tile: (u32, u32, u32),
    /// CTAs per cluster along the kernel's M (1: no clusters); the grid is launched in
    /// clusters of `(cluster, 1, 1)`.
    pub cluster: u32,
    /// Pipeline stages.
    pub stages: u32,
    /// The schedule's name.
    pub schedule: &'static str,
    /// Dynamic shared memory of its kernels.
    pub smem_bytes: fn() -> u32,
    /// The TMA boxes `(MN, K)` its kernels issue (`GemmConfig::tma_box_a/b`): `[[A K-major,
    /// A MN-major], [B K-major, B MN-major]]`, the same for every 16-bit type.
    pub tma_boxes: fn() -> [[(u32, u32); 2]; 2],
    /// The swizzle of those boxes in bytes (`GemmConfig::SWIZZLE_A/B`, the atoms' swizzle: the
    /// tensor maps' swizzle mode), in the same order.
    pub tma_swizzles: [[u32; 2]; 2],
    /// Whether its epilogue stores through TMA (`CollectiveEpilogue::TMA_STORE`; else from
    /// registers): `[16-bit output, f32 output]`.
    pub tma_store: [bool; 2],
    /// Its mainloop promotes the 8-bit `wgmma`'s partial sums to `f32` registers every k-tile
    /// ([`MainloopSm90TmaGmmaWarpSpecializedFp8`](super::collective::mainloop)); false for the
    /// 16-bit members and the 8-bit fast-accumulation ones.
    pub promotion: bool,
    /// Entry names: a 16-bit member's indexed by [`entry_index`], an 8-bit member's in the
    /// order of [`TYPES_8BIT`].
    pub entries: &'static [&'static str],
    /// The entries with a fused epilogue (bias, built-in activation, aux output, scale:
    /// [`LinCombBiasEltAct`](super::collective::fusion::LinCombBiasEltAct)), layout `tn`, input
    /// and output of one type, in [`INPUTS`] order (none for the 8-bit members).
    pub fused: &'static [&'static str],
}

impl Member {
    /// The name of its kernel for `layout` (`tn`, ...), `input` and `output` types (`bf16`,
    /// `f16`, `e4m3`, `e5m2`, `f32`): `gemm_sm90_<member>_<layout>_<input>_<output>`, if it has
    /// that kernel.
    pub fn entry(&self, layout: &str, input: &str, output: &str) -> Option<&'static str> {
        let part = |rest: &'static str, p: &str| rest.strip_prefix('_')?.strip_prefix(p);
        self.entries.iter().copied().find(|e| {
            let rest = e
                .strip_prefix("gemm_sm90_")
                .and_then(|r| r.strip_prefix(self.name))
                .and_then(|r| part(r, layout))
                .and_then(|r| part(r, input))
                .and_then(|r| part(r, output));
            rest == Some("")
        })
    }
    /// The name of its fused kernel ([`Member::fused`]) for `input` (`bf16`, `f16`) in and out.
    pub fn fused_entry(&self, input: &str) -> Option<&'static str> {
        let i = INPUTS.iter().position(|&t| t == input)?;
        self.fused.get(i).copied()
    }
}

/// The layouts in the order of a member's entries.
pub const LAYOUTS: [&str; 4] = ["tn", "nt", "nn", "tt"];
/// The input types in that order.
pub const INPUTS: [&str; 2] = ["bf16", "f16"];

/// The index in a 16-bit member's [`Member::entries`] of the kernel for `layout` (index into
/// [`LAYOUTS`]), input (into [`INPUTS`]) and output (`false`: the input's type, `true`: `f32`).
pub const fn entry_index(layout: usize, input: usize, f32_out: bool) -> usize {
    4 * layout + 2 * input + f32_out as usize
}

/// The input and output types of an 8-bit member's entries, in their order (both operands of
/// one type; layout `tn` only, the one the 8-bit `wgmma` reads): e4m3 with every output, e5m2
/// (the gradients' type in FP8 training, usually beside e4m3) with bf16 only, each further
/// pair costing the device build five kernels.
pub const TYPES_8BIT: [(&str, &str); 4] = [
    ("e4m3", "bf16"),
    ("e4m3", "f16"),
    ("e4m3", "f32"),
    ("e5m2", "bf16"),
];

/// The shared memory of a member's kernels of input type `T` with output type `TD` (the same
/// for every layout, for both 16-bit input types, for both 8-bit ones, and for both mainloops:
/// the promoted one has the stages of the other).
fn smem_of<Tile, Cl, Sched: KernelSchedule, T, S, TD: EpilogueElement + Copy + 'static>() -> u32
where
    Sm90Gemm<Tile, Cl, Sched, T, Major::K, Major::K, S>: super::config::GemmConfig,
{
    type Cfg<Tile, Cl, Sched, T, S> = Sm90Gemm<Tile, Cl, Sched, T, Major::K, Major::K, S>;
    SharedStorage::<
        MainloopSm90TmaGmmaWarpSpecialized<Cfg<Tile, Cl, Sched, T, S>>,
        EpilogueSm90TmaWarpSpecialized<Cfg<Tile, Cl, Sched, T, S>, TD>,
    >::bytes()
}

/// CTAs per cluster of the bf16 K-major configuration of a member (the same for all).
const fn cluster_of<C: super::config::GemmConfig>() -> u32 {
    C::CLUSTER_M
}

/// The TMA boxes of a member's kernels: those of its bf16 configurations with both operands
/// K-major (`CK`) and both MN-major (`CM`).
fn tma_boxes_of<CK: super::config::GemmConfig, CM: super::config::GemmConfig>(
) -> [[(u32, u32); 2]; 2] {
    [
        [CK::tma_box_a(), CM::tma_box_a()],
        [CK::tma_box_b(), CM::tma_box_b()],
    ]
}

/// The swizzles of a member's TMA boxes, as [`tma_boxes_of`].
const fn tma_swizzles_of<CK: super::config::GemmConfig, CM: super::config::GemmConfig>(
) -> [[u32; 2]; 2] {
    [
        [CK::SWIZZLE_A, CM::SWIZZLE_A],
        [CK::SWIZZLE_B, CM::SWIZZLE_B],
    ]
}

/// Whether the epilogue of a member's kernels stores through TMA, for a 16-bit and an `f32`
/// output.
const fn tma_store_of<C: super::config::GemmConfig>() -> [bool; 2] {
    [tma_store::<BFloat16>(C::BLK_N), tma_store::<f32>(C::BLK_N)]
}

/// One row of a member table: `member_row!(name, Tile, Cluster, Schedule, Stages, T,
/// SecondMajor, Mainloop, entries)`, its values those of the configuration of input type `T`
/// with both operands K-major, and (the TMA boxes' second slot) both `SecondMajor`.
macro_rules! member_row {
    ($member:ident, $Tile:ty, $Cl:ty, $Sched:ident, $Stages:ident, $T:ty, $M2:ty, $Mainloop:ident, $entries:expr, $fused:expr) => {
        Member {
            name: stringify!($member),
            tile: <$Tile as StaticTile>::MNK,
            cluster: cluster_of::<Sm90Gemm<$Tile, $Cl, $Sched, $T, Major::K, Major::K, $Stages>>(),
            stages: super::config::static_u32(<$Stages as cute_core::numeric::integral_constant::Integral>::STATIC),
            schedule: <$Sched as KernelSchedule>::NAME,
            smem_bytes: smem_of::<$Tile, $Cl, $Sched, $T, $Stages, BFloat16>,
            tma_boxes: tma_boxes_of::<
                Sm90Gemm<$Tile, $Cl, $Sched, $T, Major::K, Major::K, $Stages>,
                Sm90Gemm<$Tile, $Cl, $Sched, $T, $M2, $M2, $Stages>,
            >,
            tma_swizzles: tma_swizzles_of::<
                Sm90Gemm<$Tile, $Cl, $Sched, $T, Major::K, Major::K, $Stages>,
                Sm90Gemm<$Tile, $Cl, $Sched, $T, $M2, $M2, $Stages>,
            >(),
            tma_store: tma_store_of::<Sm90Gemm<$Tile, $Cl, $Sched, $T, Major::K, Major::K, $Stages>>(),
            promotion: promotes::<$Mainloop<Sm90Gemm<$Tile, $Cl, $Sched, $T, Major::K, Major::K, $Stages>>>(),
            entries: &$entries,
            fused: &$fused,
        }
    };
}

/// Declares the members (see the module's documentation).
macro_rules! gemm_members {
    ($($(#[$doc:meta])* $member:ident = ($BM:ident, $BN:ident, $BK:ident), ($CM:ident, $CN:ident, $CK:ident), $Sched:ident, $Stages:ident;)*) => {
        /// Every member, in declaration order.
        pub const MEMBERS: &[Member] = &[$(member_row!(
            $member, ($BM, $BN, $BK), ($CM, $CN, $CK), $Sched, $Stages, BFloat16, Major::MN,
            MainloopSm90TmaGmmaWarpSpecialized, entry_names!($member), [
                concat!("gemm_sm90_", stringify!($member), "_tn_bf16_bf16_bias_act"),
                concat!("gemm_sm90_", stringify!($member), "_tn_f16_f16_bias_act"),
            ]
        )),*];
        /// Each member's shared memory with a 16-bit and an `f32` output (`Member::smem_bytes`
        /// is the first, for both).
        #[cfg(test)]
        const SMEM_BY_OUTPUT: &[(&str, fn() -> u32, fn() -> u32)] = &[$((
            stringify!($member),
            smem_of::<($BM, $BN, $BK), ($CM, $CN, $CK), $Sched, BFloat16, $Stages, BFloat16>,
            smem_of::<($BM, $BN, $BK), ($CM, $CN, $CK), $Sched, BFloat16, $Stages, f32>,
        )),*];
        $(member_configs!(($BM, $BN, $BK), ($CM, $CN, $CK), $Sched, $Stages);)*
        $(device_entries!($member, ($BM, $BN, $BK), ($CM, $CN, $CK), $Sched, $Stages);)*
    };
}

/// Declares the 8-bit members: as [`gemm_members!`], with each member's mainloop
/// (`MainloopSm90TmaGmmaWarpSpecialized`: fast accumulation, the `wgmma`'s own;
/// `MainloopSm90TmaGmmaWarpSpecializedFp8`: promotion), and entries for the `tn` layout only,
/// input and output types [`TYPES_8BIT`].
macro_rules! gemm_members_8bit {
    ($($(#[$doc:meta])* $member:ident = ($BM:ident, $BN:ident, $BK:ident), ($CM:ident, $CN:ident, $CK:ident), $Sched:ident, $Stages:ident, $Mainloop:ident;)*) => {
        // K-major only: the MN-major slots of the TMA boxes repeat the K-major ones (no
        // kernel reads them)
        /// Every 8-bit member, in declaration order.
        pub const MEMBERS_8BIT: &[Member] = &[$(member_row!(
            $member, ($BM, $BN, $BK), ($CM, $CN, $CK), $Sched, $Stages, FloatE4M3, Major::K,
            $Mainloop, entry_names_8bit!($member), []
        )),*];
        $(member_configs_8bit!(($BM, $BN, $BK), ($CM, $CN, $CK), $Sched, $Stages);)*
        $(device_entries_8bit!($member, ($BM, $BN, $BK), ($CM, $CN, $CK), $Sched, $Stages, $Mainloop);)*
    };
}

/// The configurations of an 8-bit member: both input types on the device; on the host the
/// e4m3 one, which the table reads (the e5m2 one has the same shared memory and boxes).
#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
macro_rules! member_configs_8bit {
    ($Tile:tt, $Cl:tt, $Sched:ident, $Stages:ident) => {
        crate::sm90_config!($Tile, $Cl, $Sched, FloatE4M3, Major::K, Major::K, $Stages);
        crate::sm90_config!($Tile, $Cl, $Sched, FloatE5M2, Major::K, Major::K, $Stages);
    };
}
/// See the device version.
#[cfg(not(all(target_arch = "nvptx64", feature = "sm90")))]
macro_rules! member_configs_8bit {
    ($Tile:tt, $Cl:tt, $Sched:ident, $Stages:ident) => {
        crate::sm90_config!($Tile, $Cl, $Sched, FloatE4M3, Major::K, Major::K, $Stages);
    };
}

/// Whether mainloop `ML` promotes (a member's [`Member::promotion`]).
const fn promotes<ML: PromotesPartialSums>() -> bool {
    ML::PROMOTES
}

/// Whether a mainloop adds the `wgmma`'s partial sums to `f32` registers itself (promotion).
trait PromotesPartialSums {
    const PROMOTES: bool;
}
impl<C: super::config::GemmConfig> PromotesPartialSums for MainloopSm90TmaGmmaWarpSpecialized<C> {
    const PROMOTES: bool = false;
}
impl<C: super::config::GemmConfig> PromotesPartialSums
    for MainloopSm90TmaGmmaWarpSpecializedFp8<C>
{
    const PROMOTES: bool = true;
}

/// The entry names of an 8-bit member, in [`TYPES_8BIT`] order.
macro_rules! entry_names_8bit {
    ($member:ident) => {
        [
            concat!("gemm_sm90_", stringify!($member), "_tn_e4m3_bf16"),
            concat!("gemm_sm90_", stringify!($member), "_tn_e4m3_f16"),
            concat!("gemm_sm90_", stringify!($member), "_tn_e4m3_f32"),
            concat!("gemm_sm90_", stringify!($member), "_tn_e5m2_bf16"),
        ]
    };
}

/// The configurations of one member: on the device every operand major pair and input type
/// (the entries of both output types share one, the output type being the epilogue's); on the
/// host only the bf16 ones with both operands K-major or both MN-major, which are what the host
/// reads (the shared memory, the same for every type and major) and what the CPU tests compare
/// with C++ (each impl costs the host build about a second of type checking).
#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
macro_rules! member_configs {
    ($Tile:tt, $Cl:tt, $Sched:ident, $Stages:ident) => {
        member_configs!(@majors $Tile, $Cl, $Sched, $Stages, K, K);
        member_configs!(@majors $Tile, $Cl, $Sched, $Stages, MN, MN);
        member_configs!(@majors $Tile, $Cl, $Sched, $Stages, K, MN);
        member_configs!(@majors $Tile, $Cl, $Sched, $Stages, MN, K);
    };
    (@majors $Tile:tt, $Cl:tt, $Sched:ident, $Stages:ident, $MA:ident, $MB:ident) => {
        crate::sm90_config!($Tile, $Cl, $Sched, BFloat16, Major::$MA, Major::$MB, $Stages);
        crate::sm90_config!($Tile, $Cl, $Sched, Half, Major::$MA, Major::$MB, $Stages);
    };
}
/// See the device version.
#[cfg(not(all(target_arch = "nvptx64", feature = "sm90")))]
macro_rules! member_configs {
    ($Tile:tt, $Cl:tt, $Sched:ident, $Stages:ident) => {
        crate::sm90_config!($Tile, $Cl, $Sched, BFloat16, Major::K, Major::K, $Stages);
        crate::sm90_config!($Tile, $Cl, $Sched, BFloat16, Major::MN, Major::MN, $Stages);
    };
}

/// The 16 entry names of a member, in [`entry_index`] order.
macro_rules! entry_names {
    ($member:ident) => {
        entry_names!(@ $member; tn nt nn tt)
    };
    (@ $member:ident; $($l:ident)*) => {
        [$(
            concat!("gemm_sm90_", stringify!($member), "_", stringify!($l), "_bf16_bf16"),
            concat!("gemm_sm90_", stringify!($member), "_", stringify!($l), "_bf16_f32"),
            concat!("gemm_sm90_", stringify!($member), "_", stringify!($l), "_f16_f16"),
            concat!("gemm_sm90_", stringify!($member), "_", stringify!($l), "_f16_f32"),
        )*]
    };
}

#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
mod device {
    use super::*;
    /// The entries of one member: every layout, input and output type.
    macro_rules! device_entries {
        ($member:ident, $Tile:tt, $Cl:tt, $Sched:ident, $Stages:ident) => {
            // the kernel's A is the problem's B and its B the problem's A (the host runs
            // C^T = B A^T): layout `xy` (A's major, B's major of the problem, T = k-major) is
            // kernel majors (B's, A's)
            device_entries!(@layout $member, $Tile, $Cl, $Sched, $Stages, tn, K, K);
            device_entries!(@layout $member, $Tile, $Cl, $Sched, $Stages, nt, MN, MN);
            device_entries!(@layout $member, $Tile, $Cl, $Sched, $Stages, nn, K, MN);
            device_entries!(@layout $member, $Tile, $Cl, $Sched, $Stages, tt, MN, K);
            pub mod ${concat($member, _tn_bias_act)} {
                use super::*;
                device_entries!(@fused $member, $Tile, $Cl, $Sched, $Stages, bf16, BFloat16, bias_act,
                    |act| LinCombBiasEltAct { act });
                device_entries!(@fused $member, $Tile, $Cl, $Sched, $Stages, f16, Half, bias_act,
                    |act| LinCombBiasEltAct { act });
            }
        };
        // Each layout's four entries in a module of their own: rustc splits a crate into
        // codegen units by module, and LLVM optimizes the units on as many threads as cargo
        // lends it; in one module the 112 entries (the kernel is inlined into each) were one
        // unit on one thread.
        (@layout $member:ident, $Tile:tt, $Cl:tt, $Sched:ident, $Stages:ident, $l:ident, $MA:ident, $MB:ident) => {
            pub mod ${concat($member, _, $l)} {
                use super::*;
                device_entries!(@one $member, $Tile, $Cl, $Sched, $Stages, MainloopSm90TmaGmmaWarpSpecialized, $l, $MA, $MB, bf16, BFloat16, bf16, BFloat16);
                device_entries!(@one $member, $Tile, $Cl, $Sched, $Stages, MainloopSm90TmaGmmaWarpSpecialized, $l, $MA, $MB, bf16, BFloat16, f32, f32);
                device_entries!(@one $member, $Tile, $Cl, $Sched, $Stages, MainloopSm90TmaGmmaWarpSpecialized, $l, $MA, $MB, f16, Half, f16, Half);
                device_entries!(@one $member, $Tile, $Cl, $Sched, $Stages, MainloopSm90TmaGmmaWarpSpecialized, $l, $MA, $MB, f16, Half, f32, f32);
            }
        };
        (@one $member:ident, $Tile:tt, $Cl:tt, $Sched:ident, $Stages:ident, $Mainloop:ident, $l:ident,
         $MA:ident, $MB:ident, $in:ident, $In:ty, $out:ident, $Out:ty) => {
            #[doc = concat!("Member `", stringify!($member), "`, layout ", stringify!($l), ", ",
                            stringify!($in), " in, ", stringify!($out), " out.")]
            ///
            /// # Safety
            /// As `gemm_universal`.
            #[no_mangle]
            #[allow(clippy::too_many_arguments)]
            pub unsafe extern "ptx-kernel" fn ${concat(gemm_sm90_, $member, _, $l, _, $in, _, $out)}(
                tma_a: *const TmaDescriptor,
                tma_b: *const TmaDescriptor,
                tma_d: *const TmaDescriptor,
                d: *mut $Out,
                m: u32,
                n: u32,
                k: u32,
                ldd: u32,
                alpha: f32,
                beta: f32,
                group: u32,
                splits: u32,
                ws: *mut f32,
            ) {
                type Cfg = Sm90Gemm<$Tile, $Cl, $Sched, $In, Major::$MA, Major::$MB, $Stages>;
                launch_bounds_marker();
                // SAFETY: the caller's contract.
                unsafe {
                    gemm_universal::<
                        $Mainloop<Cfg>,
                        EpilogueSm90TmaWarpSpecialized<Cfg, $Out>,
                        PersistentGrouped,
                    >(
                        tma_a,
                        tma_b,
                        tma_d,
                        EpilogueArguments::linear_combination(d, ldd, alpha, beta),
                        m,
                        n,
                        k,
                        group,
                        splits,
                        ws,
                    )
                }
            }
        };
        // The fused entry `gemm_sm90_<member>_tn_<t>_<t>_<suffix>`: layout `tn`, input and
        // output type `t`, the epilogue's fusion op `$fusion` (a closure of the entry's argument
        // `$act`, the built-in activation's number, giving the op), the fusion's arguments (the
        // bias, its axis, the aux output and its row stride, the scale) after the plain entries'.
        (@fused $member:ident, $Tile:tt, $Cl:tt, $Sched:ident, $Stages:ident, $t:ident, $T:ty,
         $suffix:ident, |$act:ident| $fusion:expr) => {
            #[doc = concat!("Member `", stringify!($member), "`, layout tn, ", stringify!($t),
                            " in and out, fusion `", stringify!($fusion), "`.")]
            ///
            /// # Safety
            /// As `gemm_universal`.
            #[no_mangle]
            #[allow(clippy::too_many_arguments)]
            pub unsafe extern "ptx-kernel" fn ${concat(gemm_sm90_, $member, _tn_, $t, _, $t, _, $suffix)}(
                tma_a: *const TmaDescriptor,
                tma_b: *const TmaDescriptor,
                tma_d: *const TmaDescriptor,
                d: *mut $T,
                m: u32,
                n: u32,
                k: u32,
                ldd: u32,
                alpha: f32,
                beta: f32,
                group: u32,
                splits: u32,
                ws: *mut f32,
                bias: *const $T,
                bias_axis: u32,
                $act: u32,
                aux: *mut $T,
                ldaux: u32,
                scale: f32,
            ) {
                type Cfg = Sm90Gemm<$Tile, $Cl, $Sched, $T, Major::K, Major::K, $Stages>;
                launch_bounds_marker();
                let epi = EpilogueArguments {
                    d,
                    ldd,
                    alpha,
                    beta,
                    fusion: $fusion,
                    fusion_args: FusionArgs { bias, bias_axis, aux, ldaux, scale },
                };
                // SAFETY: the caller's contract.
                unsafe {
                    gemm_fused::<MainloopSm90TmaGmmaWarpSpecialized<Cfg>, PersistentGrouped, _, _>(
                        tma_a, tma_b, tma_d, epi, m, n, k, group, splits, ws,
                    )
                }
            }
        };
    }
    pub(super) use device_entries;

    /// `gemm_universal` with the epilogue of fusion op `F`, inferred from `epi` (a closure's
    /// type cannot be written out).
    ///
    /// # Safety
    /// As `gemm_universal`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) unsafe fn gemm_fused<ML, TS, TD, F>(
        tma_a: *const TmaDescriptor,
        tma_b: *const TmaDescriptor,
        tma_d: *const TmaDescriptor,
        epi: EpilogueArguments<TD, F>,
        m: u32,
        n: u32,
        k: u32,
        group: u32,
        splits: u32,
        ws: *mut f32,
    ) where
        ML: super::super::collective::mainloop::CollectiveMainloop,
        TS: super::super::tile_scheduler::TileScheduler,
        TD: super::super::collective::epilogue::EpilogueElement + Copy + 'static,
        F: super::super::collective::fusion::FusionOp,
    {
        // SAFETY: the caller's contract.
        unsafe {
            gemm_universal::<ML, EpilogueSm90TmaWarpSpecialized<ML::Config, TD, F>, TS>(
                tma_a, tma_b, tma_d, epi, m, n, k, group, splits, ws,
            )
        }
    }

    /// The entries of one 8-bit member: layout `tn` (kernel majors K, K), the types of
    /// `TYPES_8BIT`, in one module (see `device_entries`), each as a 16-bit member's but with
    /// the member's mainloop.
    macro_rules! device_entries_8bit {
        ($member:ident, $Tile:tt, $Cl:tt, $Sched:ident, $Stages:ident, $Mainloop:ident) => {
            pub mod ${concat($member, _tn)} {
                use super::*;
                device_entries!(@one $member, $Tile, $Cl, $Sched, $Stages, $Mainloop, tn, K, K, e4m3, FloatE4M3, bf16, BFloat16);
                device_entries!(@one $member, $Tile, $Cl, $Sched, $Stages, $Mainloop, tn, K, K, e4m3, FloatE4M3, f16, Half);
                device_entries!(@one $member, $Tile, $Cl, $Sched, $Stages, $Mainloop, tn, K, K, e4m3, FloatE4M3, f32, f32);
                device_entries!(@one $member, $Tile, $Cl, $Sched, $Stages, $Mainloop, tn, K, K, e5m2, FloatE5M2, bf16, BFloat16);
            }
        };
    }
    pub(super) use device_entries_8bit;

    /// The comment `host/build.rs` turns into `.maxntid 384, 1, 1` and `.minnctapersm 1`.
    #[inline(always)]
    pub(super) fn launch_bounds_marker() {
        // SAFETY: a comment; no instruction.
        unsafe { core::arch::asm!("// cute:launch_bounds 384 1", options(nomem, nostack)) };
    }
}
#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
use {
    super::collective::epilogue::EpilogueArguments,
    super::collective::fusion::{FusionArgs, LinCombBiasEltAct},
    super::kernel::gemm_universal,
    super::tile_scheduler::PersistentGrouped,
    cute_core::arch::copy_sm90_tma::TmaDescriptor,
    cute_core::numeric::numeric_types::{FloatE5M2, Half},
    device::{device_entries, device_entries_8bit, gemm_fused, launch_bounds_marker},
};

/// No entries off the device.
#[cfg(not(all(target_arch = "nvptx64", feature = "sm90")))]
macro_rules! device_entries {
    ($($t:tt)*) => {};
}
/// No entries off the device.
#[cfg(not(all(target_arch = "nvptx64", feature = "sm90")))]
macro_rules! device_entries_8bit {
    ($($t:tt)*) => {};
}

gemm_members! {
    /// The flagship: 128x256x64 tiles, both consumer warpgroups on each (64 rows each).
    coop_128x256x64 = (_128, _256, _64), (_1, _1, _1), Cooperative, _4;
    /// 128x128x64 tiles, cooperative: twice the tiles of the flagship for mid-size problems.
    coop_128x128x64 = (_128, _128, _64), (_1, _1, _1), Cooperative, _6;
    /// 64x256x64 tiles, ping-pong: each consumer warpgroup its own tile.
    pingpong_64x256x64 = (_64, _256, _64), (_1, _1, _1), Pingpong, _4;
    /// The flagship's tile in clusters of two CTAs along M sharing B through TMA multicast
    /// (CUTLASS's 128x256x64 cooperative kernel with cluster 2x1).
    coop_128x256x64_2x1 = (_128, _256, _64), (_2, _1, _1), Cooperative, _4;
    /// 128x64x64 tiles, cooperative, 8 stages: for problems whose M (the kernel's N) is 64 or
    /// less, where a wider tile's `wgmma` would mostly multiply zeros.
    coop_128x64x64 = (_128, _64, _64), (_1, _1, _1), Cooperative, _8;
    /// 64x64x64 tiles, ping-pong, 8 stages: twice the tiles of `coop_128x64x64`, for problems
    /// with a narrow output whose 128-row tiles leave SMs idle.
    pingpong_64x64x64 = (_64, _64, _64), (_1, _1, _1), Pingpong, _8;
    /// 128x16x64 tiles, cooperative, 12 stages: for problems whose M (the kernel's N) is 16 or
    /// less, the `wgmma` 64x16x16 (a 16-column tile has no TMA-store box: its epilogue stores
    /// from registers, and no staging buffer takes shared memory from the stages).
    coop_128x16x64 = (_128, _16, _64), (_1, _1, _1), Cooperative, _12;
}

/// The entry of the example of a user-written epilogue (`docs/WRITING_KERNELS.md`): the
/// flagship's configuration, bf16 in and out, with CLIP's quick GELU `x sigmoid(1.702 x)` as a
/// closure ([`LinCombBiasEltActFn`](super::collective::fusion::LinCombBiasEltActFn)); its
/// arguments are a fused entry's (the activation's number unused).
pub const QUICK_GELU_ENTRY: &str = "gemm_sm90_coop_128x256x64_tn_bf16_bf16_quick_gelu";

#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
mod quick_gelu {
    use super::*;
    use crate::gemm::collective::fusion::{fast, LinCombBiasEltActFn};
    device_entries!(@fused coop_128x256x64, (_128, _256, _64), (_1, _1, _1), Cooperative, _4,
        bf16, BFloat16, quick_gelu,
        |_act| LinCombBiasEltActFn(|x: f32| x * fast::sigmoid(1.702 * x)));
}

gemm_members_8bit! {
    /// The flagship's tile for 8-bit inputs, 128 of K a k-tile (128 bytes, as the 16-bit
    /// flagship's 64), the `wgmma`'s own accumulation (CUTLASS's `FP8FastAccum` schedules).
    coop_128x256x128_fastacc = (_128, _256, _128), (_1, _1, _1), Cooperative, _4,
        MainloopSm90TmaGmmaWarpSpecialized;
    /// 128x128x128 tiles with promotion every k-tile: a warpgroup's 64x128 accumulators and
    /// their two sets of temporaries take 192 registers of the 232 a consumer has (a 256-wide
    /// tile would need 384).
    coop_128x128x128 = (_128, _128, _128), (_1, _1, _1), Cooperative, _6,
        MainloopSm90TmaGmmaWarpSpecializedFp8;
    /// 128x64x128 tiles, promoted, 8 stages: for problems whose M (the kernel's N) is 64 or
    /// less, as the 16-bit `coop_128x64x64`.
    coop_128x64x128 = (_128, _64, _128), (_1, _1, _1), Cooperative, _8,
        MainloopSm90TmaGmmaWarpSpecializedFp8;
    /// 128x16x128 tiles, promoted, 12 stages: for problems whose M is 16 or less (stores from
    /// registers, as the 16-bit `coop_128x16x64`).
    coop_128x16x128 = (_128, _16, _128), (_1, _1, _1), Cooperative, _12,
        MainloopSm90TmaGmmaWarpSpecializedFp8;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every member fits the 227 KiB of shared memory a block may have; the flagship's is its
    /// four 48 KiB stages, the barriers' 1 KiB, two 16 KiB staging buffers and 1 KiB of slack.
    #[test]
    fn members_fit_in_shared_memory() {
        for m in MEMBERS {
            assert!(
                (m.smem_bytes)() <= 232_448,
                "{}: {}",
                m.name,
                (m.smem_bytes)()
            );
        }
        assert_eq!(MEMBERS[0].name, "coop_128x256x64");
        assert_eq!(
            (MEMBERS[0].smem_bytes)(),
            4 * 48 * 1024 + 1024 + 2 * 16384 + 1024
        );
        assert_eq!(MEMBERS[0].tile, (128, 256, 64));
    }

    /// A member's kernels take the shared memory of its 16-bit output for every output: the
    /// `f32` epilogue's staging boxes are as large (64 rows of 128 bytes).
    #[test]
    fn shared_memory_is_the_same_for_every_output() {
        assert_eq!(SMEM_BY_OUTPUT.len(), MEMBERS.len());
        for ((name, bf16, f32), m) in SMEM_BY_OUTPUT.iter().zip(MEMBERS) {
            assert_eq!(*name, m.name);
            assert_eq!(bf16(), f32(), "{name}");
            assert_eq!(bf16(), (m.smem_bytes)(), "{name}");
        }
    }

    /// The entry names are distinct, in `entry_index` (`TYPES_8BIT`) order, and found by
    /// `Member::entry`; a member has no entry for another member's types or layouts.
    #[test]
    fn entry_names_follow_entry_index() {
        let m = &MEMBERS[2];
        assert_eq!(
            m.entries[entry_index(1, 1, true)],
            "gemm_sm90_pingpong_64x256x64_nt_f16_f32"
        );
        for m in MEMBERS {
            assert_eq!(m.entries.len(), 16);
            for (l, layout) in LAYOUTS.iter().enumerate() {
                for (i, input) in INPUTS.iter().enumerate() {
                    for (f32_out, out) in [(false, *input), (true, "f32")] {
                        let name = std::format!("gemm_sm90_{}_{layout}_{input}_{out}", m.name);
                        assert_eq!(m.entries[entry_index(l, i, f32_out)], name);
                        assert_eq!(m.entry(layout, input, out), Some(name.as_str()));
                    }
                }
            }
            assert_eq!(m.entry("tn", "e4m3", "bf16"), None);
            assert_eq!(m.entry("tn", "bf16", "f16"), None);
        }
        for m in MEMBERS_8BIT {
            assert_eq!(m.entries.len(), TYPES_8BIT.len());
            for (&(input, out), &entry) in TYPES_8BIT.iter().zip(m.entries) {
                let name = std::format!("gemm_sm90_{}_tn_{input}_{out}", m.name);
                assert_eq!(entry, name);
                assert_eq!(m.entry("tn", input, out), Some(name.as_str()));
                assert_eq!(m.entry("nt", input, out), None);
            }
            assert_eq!(m.entry("tn", "e5m2", "f32"), None);
        }
        let mut all: std::vec::Vec<&str> = MEMBERS
            .iter()
            .chain(MEMBERS_8BIT)
            .flat_map(|m| m.entries.iter().copied())
            .collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(
            all.len(),
            16 * MEMBERS.len() + TYPES_8BIT.len() * MEMBERS_8BIT.len()
        );
        for m in MEMBERS {
            for input in INPUTS {
                let name = std::format!("gemm_sm90_{}_tn_{input}_{input}_bias_act", m.name);
                assert_eq!(m.fused_entry(input), Some(name.as_str()));
            }
            assert_eq!(m.fused_entry("e4m3"), None);
        }
        assert!(MEMBERS_8BIT.iter().all(|m| m.fused.is_empty()));
    }

    /// The 8-bit members: k-tiles of 128 (128 bytes, as the 16-bit members' 64), the
    /// promoted one's and the fast ones' shared memory that of their stages, and one of each
    /// accumulation.
    #[test]
    fn eight_bit_members_have_128_byte_k_tiles() {
        for m in MEMBERS_8BIT {
            let (bm, bn, bk) = m.tile;
            assert_eq!(bk, 128, "{}", m.name);
            let stages = m.stages * (bm + bn) * bk;
            let smem = (m.smem_bytes)();
            assert!(smem >= stages && smem <= 232_448, "{}: {smem}", m.name);
        }
        assert!(MEMBERS_8BIT.iter().any(|m| m.promotion));
        assert!(MEMBERS_8BIT.iter().any(|m| !m.promotion));
        assert!(MEMBERS.iter().all(|m| !m.promotion));
    }
}
