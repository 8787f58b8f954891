//! TMA stores of SM90: port of `SM90_TMA_STORE_{2,3,4,5}D`, `tma_store_arrive` and `tma_store_wait<N>`
//! of `cute/arch/copy_sm90_tma.hpp` (kept apart from the loads in
//! [`copy_sm90_tma`](super::copy_sm90_tma) only to keep that module the loads').
//!
//! A TMA store copies a box from shared memory into a global tensor described by a tensor map
//! (clipping what lies outside the tensor). It is asynchronous: `tma_store_arrive` closes a
//! bulk group, and `tma_store_wait::<N>` waits until at most `N` groups are still *reading*
//! shared memory, after which the buffer may be overwritten. Shared memory written by ordinary
//! stores needs `fence.proxy.async.shared::cta` in each writing thread, then a barrier, before
//! the store is issued.

use super::copy_sm90_tma::TmaDescriptor;

macro_rules! tma_store {
    ($(#[$doc:meta])* $Name:ident, $d:literal, $($c:ident),+) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        #[allow(non_camel_case_types)]
        pub struct $Name;
        impl $Name {
            /// The PTX instruction.
            pub const INSTRUCTION: &'static str =
                concat!("cp.async.bulk.tensor.", $d, ".global.shared::cta.bulk_group");
            /// `copy(desc, smem, coords...)`: stores the box at shared address `smem` to the
            /// tensor's box at the coordinates.
            ///
            /// # Safety
            /// `desc` is a valid tensor map; `smem` a shared-window address of a box-sized
            /// buffer, aligned as the map's swizzle requires, written (and fenced) before.
            #[inline(always)]
            pub unsafe fn copy(desc: *const TmaDescriptor, smem: u32, $($c: i32),+) {
                #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
                // SAFETY: the caller's contract.
                unsafe {
                    core::arch::asm!(
                        concat!("cp.async.bulk.tensor.", $d, ".global.shared::cta.bulk_group",
                                " [{d}, {{", tma_store!(@crds $($c),+), "}}], [{s}];"),
                        d = in(reg64) desc as u64, s = in(reg32) smem, $($c = in(reg32) $c,)+
                        options(nostack)
                    )
                };
                #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
                {
                    let _ = (desc, smem, $($c),+);
                    panic!(concat!("`cp.async.bulk.tensor.", $d,
                        ".global.shared::cta.bulk_group` needs nvptx64 with target feature sm_90a"))
                }
            }
        }
    };
    (@crds $c0:ident $(, $c:ident)*) => {
        concat!("{", stringify!($c0), "}" $(, ", {", stringify!($c), "}")*)
    };
}

tma_store!(
    /// `SM90_TMA_STORE_2D`: stores a 2-D box (`crd0` the innermost coordinate).
    SM90_TMA_STORE_2D, "2d", crd0, crd1
);
tma_store!(
    /// `SM90_TMA_STORE_3D`: stores a 3-D box.
    SM90_TMA_STORE_3D, "3d", crd0, crd1, crd2
);
tma_store!(
    /// `SM90_TMA_STORE_4D`: stores a 4-D box.
    SM90_TMA_STORE_4D, "4d", crd0, crd1, crd2, crd3
);
tma_store!(
    /// `SM90_TMA_STORE_5D`: stores a 5-D box.
    SM90_TMA_STORE_5D, "5d", crd0, crd1, crd2, crd3, crd4
);

/// `tma_store_arrive()`: `cp.async.bulk.commit_group`, closing the bulk group of the TMA
/// stores issued since the last one.
#[inline(always)]
pub fn tma_store_arrive() {
    #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
    // SAFETY: no operands.
    unsafe {
        core::arch::asm!("cp.async.bulk.commit_group;", options(nostack))
    };
    #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
    panic!("`cp.async.bulk.commit_group` needs nvptx64 with target feature sm_90a")
}

/// `tma_store_wait<N>()`: `cp.async.bulk.wait_group.read N`, waiting until at most `N` bulk
/// groups still read their shared memory.
///
/// # Preconditions
/// `0 <= N <= 7`, else the build fails with `tma_store_wait: N must be in 0..=7`.
#[inline(always)]
pub fn tma_store_wait<const N: i32>() {
    const { assert!(0 <= N && N <= 7, "tma_store_wait: N must be in 0..=7") };
    #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
    // SAFETY: no memory operands; orders this thread after the groups' reads.
    unsafe {
        core::arch::asm!("cp.async.bulk.wait_group.read {n};", n = const N, options(nostack))
    };
    #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
    panic!("`cp.async.bulk.wait_group.read` needs nvptx64 with target feature sm_90a")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(
        expected = "`cp.async.bulk.tensor.4d.global.shared::cta.bulk_group` needs nvptx64 with target feature sm_90a"
    )]
    fn host_tma_store_names_the_instruction() {
        // SAFETY: panics before touching anything.
        unsafe { SM90_TMA_STORE_4D::copy(core::ptr::null(), 0, 0, 0, 0, 0) };
    }
}
