//! Device side of the TMA loads of SM90: port of `SM90_TMA_LOAD_{2,3,4,5}D`,
//! `SM90_TMA_LOAD_MULTICAST_{2,3,4,5}D` and `prefetch_tma_descriptor` of
//! `cute/arch/copy_sm90_tma.hpp` (and the descriptor type of
//! `cute/arch/copy_sm90_desc.hpp`).
//!
//! A TMA load copies a box of a global tensor, described by a 128-byte tensor map
//! ([`TmaDescriptor`], CUDA's `CUtensorMap`, built on the host by `cuTensorMapEncodeTiled`),
//! at integer coordinates into shared memory, and completes on an `mbarrier` by adding the
//! bytes it wrote (see
//! [`ClusterTransactionBarrier`](super::cluster_sm90::ClusterTransactionBarrier)). Shared
//! addresses are 32-bit shared-window addresses; the descriptor is passed by its generic
//! address (a kernel parameter, or global/constant memory). Emitted for `nvptx64` with
//! `sm_90a`; elsewhere the calls panic naming the instruction.
//!
//! The host side (`make_tma_copy`: the tensor map's parameters from the layouts) is
//! [`crate::atom::copy_traits_sm90_tma`] and `cute_host::tma` (the driver call). Not here: im2col.
//!
//! # Passing the tensor map to a kernel
//! C++ passes it by value as a `__grid_constant__` kernel parameter, so the TMA reads it from
//! parameter space. Rust has neither `__grid_constant__` nor parameters aligned beyond 16 bytes
//! on nvptx (rustc's kernel ABI rejects `align(64)` by-value arguments), and taking the address
//! of a by-value parameter makes LLVM copy it to local memory, where the TMA cannot read it. So
//! a kernel declares the parameter as a [`TmaDescriptorParam`] (128 bytes, 16-aligned; the host
//! build rewrites every 128-byte parameter's `.align 16` to `.align 64` in the PTX, as nvcc
//! declares a `CUtensorMap`), never reads it as a value, and gets its parameter-space address
//! with [`tma_descriptor_param!`](crate::tma_descriptor_param) (`mov` of the parameter's symbol,
//! `cvta.param`: what nvcc emits for a `__grid_constant__` parameter).
#![allow(non_camel_case_types)]

/// The L2 cache policies a TMA load carries (`.L2::cache_hint`): C++'s `TMA::CacheHintSm90`,
/// the 64-bit encodings `createpolicy` makes. A load should pass one of these: the operand is
/// an opaque policy word, and `0` is not "no hint" (PTX leaves other values' meaning open).
#[allow(non_snake_case)]
pub mod CacheHintSm90 {
    /// `EVICT_NORMAL`, what C++'s `SM90_TMA_LOAD` uses unless told otherwise.
    pub const EVICT_NORMAL: u64 = 0x1000_0000_0000_0000;
    /// `EVICT_FIRST`.
    pub const EVICT_FIRST: u64 = 0x12F0_0000_0000_0000;
    /// `EVICT_LAST`.
    pub const EVICT_LAST: u64 = 0x14F0_0000_0000_0000;
}

/// `TmaDescriptor` (CUDA's `CUtensorMap`): 128 opaque bytes, 64-byte aligned.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct TmaDescriptor(pub [u64; 16]);

/// A [`TmaDescriptor`] as a kernel parameter: the same 128 bytes, declared 16-byte aligned
/// (the most rustc's nvptx kernel ABI allows; the PTX is patched to 64, see the module docs).
/// Read it only through [`tma_descriptor_param!`](crate::tma_descriptor_param).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct TmaDescriptorParam(pub [u64; 16]);

impl From<TmaDescriptor> for TmaDescriptorParam {
    fn from(d: TmaDescriptor) -> Self {
        TmaDescriptorParam(d.0)
    }
}

/// `tma_descriptor_param!(kernel, i)`: the generic address of kernel `kernel`'s parameter `i`
/// (a [`TmaDescriptorParam`]) in parameter space, as a `*const TmaDescriptor` for the TMA
/// instructions: `mov.b64` of the parameter's symbol `kernel_param_i`, then `cvta.param.u64`.
/// Use it in the kernel's own body (the symbol is the kernel's). On the host: a null pointer.
///
/// # Example
/// ```
/// use cute_core::arch::copy_sm90_tma::{TmaDescriptor, TmaDescriptorParam};
/// #[allow(unused)]
/// unsafe extern "C" fn my_kernel(tma_a: TmaDescriptorParam) {
///     let desc: *const TmaDescriptor = cute_core::tma_descriptor_param!(my_kernel, 0);
///     # let _ = desc;
/// }
/// ```
#[macro_export]
macro_rules! tma_descriptor_param {
    ($kernel:ident, $index:literal) => {{
        #[cfg(target_arch = "nvptx64")]
        let p: *const $crate::arch::copy_sm90_tma::TmaDescriptor = {
            let p: u64;
            // SAFETY: reads the address of a kernel parameter; no memory is touched.
            unsafe {
                core::arch::asm!(
                    concat!("mov.b64 {p}, ", stringify!($kernel), "_param_", stringify!($index),
                            ";\ncvta.param.u64 {p}, {p};"),
                    p = out(reg64) p,
                    options(pure, nomem, nostack)
                )
            };
            p as *const $crate::arch::copy_sm90_tma::TmaDescriptor
        };
        #[cfg(not(target_arch = "nvptx64"))]
        let p: *const $crate::arch::copy_sm90_tma::TmaDescriptor = core::ptr::null();
        p
    }};
}

/// `prefetch_tma_descriptor(desc)`: `prefetch.tensormap`, bringing the descriptor into the
/// cache ahead of its first use.
#[inline(always)]
pub fn prefetch_tma_descriptor(desc: *const TmaDescriptor) {
    #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
    // SAFETY: a prefetch: no architectural effect on memory.
    unsafe {
        core::arch::asm!("prefetch.tensormap [{d}];", d = in(reg64) desc as u64,
                         options(nostack, readonly))
    };
    #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
    {
        let _ = desc;
        panic!("`prefetch.tensormap` needs nvptx64 with target feature sm_90a")
    }
}

macro_rules! tma_load {
    ($(#[$doc:meta])* $Name:ident, $d:literal, $($c:ident),+) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct $Name;
        impl $Name {
            /// The PTX instruction.
            pub const INSTRUCTION: &'static str = concat!(
                "cp.async.bulk.tensor.", $d,
                ".shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint");
            /// `copy(desc, mbar, cache_hint, smem, coords...)`: loads the box at the
            /// coordinates into shared memory at `smem`, completing `mbar`'s transaction.
            ///
            /// # Safety
            /// `desc` is a valid tensor map, `smem` and `mbar` shared-window addresses of a
            /// box-sized buffer (aligned as the map requires) and of an initialized barrier
            /// expecting the bytes.
            #[inline(always)]
            #[allow(clippy::too_many_arguments)] // C++'s signature: one argument per coordinate
            pub unsafe fn copy(desc: *const TmaDescriptor, mbar: u32, cache_hint: u64,
                               smem: u32, $($c: i32),+) {
                #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
                // SAFETY: the caller's contract above.
                unsafe {
                    core::arch::asm!(
                        concat!("cp.async.bulk.tensor.", $d,
                                ".shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint",
                                " [{smem}], [{desc}, {{", tma_load!(@crds $($c),+), "}}], [{mbar}], {hint};"),
                        smem = in(reg32) smem, desc = in(reg64) desc as u64, mbar = in(reg32) mbar,
                        hint = in(reg64) cache_hint, $($c = in(reg32) $c,)+
                        options(nostack)
                    )
                };
                #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
                {
                    let _ = (desc, mbar, cache_hint, smem, $($c),+);
                    panic!(concat!("`cp.async.bulk.tensor.", $d,
                        ".shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint` needs nvptx64 with target feature sm_90a"))
                }
            }
        }
    };
    (@crds $c0:ident $(, $c:ident)*) => {
        concat!("{", stringify!($c0), "}" $(, ", {", stringify!($c), "}")*)
    };
}

tma_load!(
    /// `SM90_TMA_LOAD_2D`: a 2-D box (`crd0` the innermost coordinate).
    SM90_TMA_LOAD_2D, "2d", crd0, crd1
);
tma_load!(
    /// `SM90_TMA_LOAD_3D`: a 3-D box.
    SM90_TMA_LOAD_3D, "3d", crd0, crd1, crd2
);
tma_load!(
    /// `SM90_TMA_LOAD_4D`: a 4-D box.
    SM90_TMA_LOAD_4D, "4d", crd0, crd1, crd2, crd3
);
tma_load!(
    /// `SM90_TMA_LOAD_5D`: a 5-D box.
    SM90_TMA_LOAD_5D, "5d", crd0, crd1, crd2, crd3, crd4
);

macro_rules! tma_load_multicast {
    ($(#[$doc:meta])* $Name:ident, $d:literal, $($c:ident),+) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct $Name;
        impl $Name {
            /// The PTX instruction.
            pub const INSTRUCTION: &'static str = concat!(
                "cp.async.bulk.tensor.", $d,
                ".shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint");
            /// `copy(desc, mbar, multicast_mask, cache_hint, smem, coords...)`: loads the box
            /// at the coordinates into shared memory at `smem` of every CTA of the cluster
            /// whose rank's bit is set in `multicast_mask`, completing each one's barrier at
            /// `mbar` (the same shared offsets in every destination CTA).
            ///
            /// # Safety
            /// As the non-multicast load, in every CTA the mask names: `smem` and `mbar` are
            /// valid there (a box-sized buffer, an initialized barrier expecting the bytes).
            #[inline(always)]
            #[allow(clippy::too_many_arguments)] // C++'s signature: one argument per coordinate
            pub unsafe fn copy(desc: *const TmaDescriptor, mbar: u32, multicast_mask: u16,
                               cache_hint: u64, smem: u32, $($c: i32),+) {
                #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
                // SAFETY: the caller's contract above.
                unsafe {
                    core::arch::asm!(
                        concat!("cp.async.bulk.tensor.", $d,
                                ".shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint",
                                " [{smem}], [{desc}, {{", tma_load!(@crds $($c),+),
                                "}}], [{mbar}], {mask}, {hint};"),
                        smem = in(reg32) smem, desc = in(reg64) desc as u64, mbar = in(reg32) mbar,
                        mask = in(reg16) multicast_mask, hint = in(reg64) cache_hint,
                        $($c = in(reg32) $c,)+
                        options(nostack)
                    )
                };
                #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
                {
                    let _ = (desc, mbar, multicast_mask, cache_hint, smem, $($c),+);
                    panic!(concat!("`cp.async.bulk.tensor.", $d,
                        ".shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint` needs nvptx64 with target feature sm_90a"))
                }
            }
        }
    };
}

tma_load_multicast!(
    /// `SM90_TMA_LOAD_MULTICAST_2D`: a 2-D box to several CTAs of the cluster.
    SM90_TMA_LOAD_MULTICAST_2D, "2d", crd0, crd1
);
tma_load_multicast!(
    /// `SM90_TMA_LOAD_MULTICAST_3D`: a 3-D box to several CTAs of the cluster.
    SM90_TMA_LOAD_MULTICAST_3D, "3d", crd0, crd1, crd2
);
tma_load_multicast!(
    /// `SM90_TMA_LOAD_MULTICAST_4D`: a 4-D box to several CTAs of the cluster.
    SM90_TMA_LOAD_MULTICAST_4D, "4d", crd0, crd1, crd2, crd3
);
tma_load_multicast!(
    /// `SM90_TMA_LOAD_MULTICAST_5D`: a 5-D box to several CTAs of the cluster.
    SM90_TMA_LOAD_MULTICAST_5D, "5d", crd0, crd1, crd2, crd3, crd4
);

/// `SM90_TMA_LOAD`: the TMA load of any rank, C++'s dispatching struct: `copy(desc, mbar,
/// cache_hint, smem, crds)` issues `SM90_TMA_LOAD_{2..5}D` by the number of coordinates.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct SM90_TMA_LOAD;

impl SM90_TMA_LOAD {
    /// `copy(desc, mbar, cache_hint, smem, crd0, ..)`, the coordinates as a tuple.
    ///
    /// # Safety
    /// As [`SM90_TMA_LOAD_2D::copy`].
    #[inline(always)]
    pub unsafe fn copy<Crd: TmaCoords>(
        desc: *const TmaDescriptor,
        mbar: u32,
        cache_hint: u64,
        smem: u32,
        crd: Crd,
    ) {
        // SAFETY: the caller's contract.
        unsafe { crd.tma_load(desc, mbar, 0, cache_hint, smem, false) }
    }
}

/// `SM90_TMA_LOAD_MULTICAST`: the multicast TMA load of any rank, C++'s dispatching struct.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct SM90_TMA_LOAD_MULTICAST;

impl SM90_TMA_LOAD_MULTICAST {
    /// `copy(desc, mbar, multicast_mask, cache_hint, smem, crd0, ..)`, the coordinates as a
    /// tuple.
    ///
    /// # Safety
    /// As [`SM90_TMA_LOAD_MULTICAST_2D::copy`].
    #[inline(always)]
    pub unsafe fn copy<Crd: TmaCoords>(
        desc: *const TmaDescriptor,
        mbar: u32,
        multicast_mask: u16,
        cache_hint: u64,
        smem: u32,
        crd: Crd,
    ) {
        // SAFETY: the caller's contract.
        unsafe { crd.tma_load(desc, mbar, multicast_mask, cache_hint, smem, true) }
    }
}

/// The coordinates of a TMA box, innermost first, as a tuple of 2 to 5 `i32`s: picks the
/// instruction of that rank.
pub trait TmaCoords: Copy {
    /// Issues the load of this rank (`multicast`: the `.multicast::cluster` form with `mask`).
    ///
    /// # Safety
    /// As the instruction's `copy`.
    unsafe fn tma_load(
        self,
        desc: *const TmaDescriptor,
        mbar: u32,
        mask: u16,
        cache_hint: u64,
        smem: u32,
        multicast: bool,
    );
}

macro_rules! tma_coords {
    ($Load:ident, $Multicast:ident, $($c:ident: $t:ident),+) => {
        impl TmaCoords for ($($t,)+) {
            #[inline(always)]
            unsafe fn tma_load(self, desc: *const TmaDescriptor, mbar: u32, mask: u16,
                               cache_hint: u64, smem: u32, multicast: bool) {
                let ($($c,)+) = self;
                // SAFETY: the caller's contract.
                unsafe {
                    if multicast {
                        $Multicast::copy(desc, mbar, mask, cache_hint, smem, $($c),+)
                    } else {
                        $Load::copy(desc, mbar, cache_hint, smem, $($c),+)
                    }
                }
            }
        }
    };
}
tma_coords!(SM90_TMA_LOAD_2D, SM90_TMA_LOAD_MULTICAST_2D, c0: i32, c1: i32);
tma_coords!(SM90_TMA_LOAD_3D, SM90_TMA_LOAD_MULTICAST_3D, c0: i32, c1: i32, c2: i32);
tma_coords!(SM90_TMA_LOAD_4D, SM90_TMA_LOAD_MULTICAST_4D, c0: i32, c1: i32, c2: i32, c3: i32);
tma_coords!(
    SM90_TMA_LOAD_5D,
    SM90_TMA_LOAD_MULTICAST_5D,
    c0: i32,
    c1: i32,
    c2: i32,
    c3: i32,
    c4: i32
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(
        expected = "`cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint` needs nvptx64 with target feature sm_90a"
    )]
    fn host_tma_load_names_the_instruction() {
        // SAFETY: panics before touching anything.
        unsafe { SM90_TMA_LOAD_3D::copy(core::ptr::null(), 0, 0, 0, 0, 0, 0) };
    }

    #[test]
    #[should_panic(
        expected = "`cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint` needs nvptx64 with target feature sm_90a"
    )]
    fn host_tma_load_multicast_names_the_instruction() {
        // SAFETY: panics before touching anything.
        unsafe { SM90_TMA_LOAD_MULTICAST_2D::copy(core::ptr::null(), 0, 0b11, 0, 0, 0, 0) };
    }

    #[test]
    fn tma_descriptor_is_a_cu_tensor_map() {
        assert_eq!(core::mem::size_of::<TmaDescriptor>(), 128);
        assert_eq!(core::mem::align_of::<TmaDescriptor>(), 64);
    }
}
