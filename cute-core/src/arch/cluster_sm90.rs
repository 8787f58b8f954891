//! Thread-block clusters and shared-memory barriers of SM90: port of
//! `cute/arch/cluster_sm90.hpp` (cluster ids, `cluster_arrive`/`wait`/`sync`, `elect_one_sync`)
//! and of the barrier types the Hopper tutorials use, which C++ keeps in
//! `cutlass/arch/barrier.h` (`ClusterBarrier`, `ClusterTransactionBarrier`,
//! `fence_barrier_init`, `fence_view_async_shared`).
//!
//! Every function emits one short PTX sequence on `nvptx64` with target feature `sm_90a`
//! (clusters and `mbarrier.try_wait`/`expect_tx` need sm_90); elsewhere it panics naming the
//! instruction. Barrier addresses are 32-bit shared-window addresses
//! ([`cast_smem_ptr_to_uint`](super::smem::cast_smem_ptr_to_uint)).

#[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
use core::arch::asm;

/// The host's answer to a device-only instruction.
#[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
macro_rules! host_panic {
    ($ins:literal) => {
        panic!(concat!(
            "`",
            $ins,
            "` needs nvptx64 with target feature sm_90a"
        ))
    };
}

/// A PTX statement `$ins` with no outputs; `$what` names it in the host's panic.
macro_rules! device_stmt {
    ($what:literal; $ins:literal $(, $name:ident = $kind:ident($cls:ident) $val:expr)* ) => {{
        #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
        // SAFETY: a synchronization or fence instruction on operands the caller provides;
        // the caller upholds its PTX contract (all threads of the named scope take part).
        unsafe {
            asm!($ins $(, $name = $kind($cls) $val)*, options(nostack))
        };
        #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
        {
            $(let _ = $val;)*
            host_panic!($what)
        }
    }};
}

/// Reads three special registers `$x`, `$y`, `$z` (`mov.u32`).
macro_rules! sreg3 {
    ($x:literal, $y:literal, $z:literal) => {{
        #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
        {
            let (x, y, z): (u32, u32, u32);
            // SAFETY: reads special registers; no memory access.
            unsafe {
                asm!(concat!("mov.u32 {x}, ", $x, ";"), concat!("mov.u32 {y}, ", $y, ";"),
                     concat!("mov.u32 {z}, ", $z, ";"),
                     x = out(reg32) x, y = out(reg32) y, z = out(reg32) z,
                     options(pure, nomem, nostack))
            };
            (x, y, z)
        }
        #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
        host_panic!($x)
    }};
}

/// `cluster_arrive_relaxed()`: `barrier.cluster.arrive.relaxed.aligned`.
#[inline(always)]
pub fn cluster_arrive_relaxed() {
    device_stmt!("barrier.cluster.arrive.relaxed.aligned"; "barrier.cluster.arrive.relaxed.aligned;")
}
/// `cluster_arrive()`: `barrier.cluster.arrive.aligned` (release semantics).
#[inline(always)]
pub fn cluster_arrive() {
    device_stmt!("barrier.cluster.arrive.aligned"; "barrier.cluster.arrive.aligned;")
}
/// `cluster_wait()`: `barrier.cluster.wait.aligned` (acquire semantics).
#[inline(always)]
pub fn cluster_wait() {
    device_stmt!("barrier.cluster.wait.aligned"; "barrier.cluster.wait.aligned;")
}
/// `cluster_sync()`: `cluster_arrive()` then `cluster_wait()`, a barrier over every thread of
/// the cluster.
#[inline(always)]
pub fn cluster_sync() {
    cluster_arrive();
    cluster_wait();
}

/// `cluster_sync()` with the barriers' unaligned forms (`barrier.cluster.arrive;
/// barrier.cluster.wait;`), for a barrier right after code that one thread ran alone (e.g.
/// mbarrier initialization): LLVM may duplicate the join block's `cluster_sync()` into both
/// branches (tail duplication; Rust's `asm!` is not `convergent`), and the `.aligned` forms then
/// run from different instructions within one warp, which the PTX ISA leaves undefined (seen:
/// the tutorial's TN GEMM hung on the H100). The unaligned forms are valid under divergence.
#[inline(always)]
pub fn cluster_sync_unaligned() {
    device_stmt!("barrier.cluster.arrive"; "barrier.cluster.arrive;\n\tbarrier.cluster.wait;")
}

/// `cluster_grid_dims()`: the grid's extent in clusters (`%nclusterid`).
#[inline(always)]
pub fn cluster_grid_dims() -> (u32, u32, u32) {
    sreg3!("%nclusterid.x", "%nclusterid.y", "%nclusterid.z")
}
/// `cluster_id_in_grid()`: this cluster's index in the grid (`%clusterid`).
#[inline(always)]
pub fn cluster_id_in_grid() -> (u32, u32, u32) {
    sreg3!("%clusterid.x", "%clusterid.y", "%clusterid.z")
}
/// `block_id_in_cluster()`: this block's index in its cluster (`%cluster_ctaid`).
#[inline(always)]
pub fn block_id_in_cluster() -> (u32, u32, u32) {
    sreg3!("%cluster_ctaid.x", "%cluster_ctaid.y", "%cluster_ctaid.z")
}
/// `cluster_shape()`: the cluster's extent in blocks (`%cluster_nctaid`).
#[inline(always)]
pub fn cluster_shape() -> (u32, u32, u32) {
    sreg3!(
        "%cluster_nctaid.x",
        "%cluster_nctaid.y",
        "%cluster_nctaid.z"
    )
}
/// `block_rank_in_cluster()`: this block's linear rank in its cluster (`%cluster_ctarank`).
#[inline(always)]
pub fn block_rank_in_cluster() -> u32 {
    #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
    {
        let r: u32;
        // SAFETY: reads a special register.
        unsafe {
            asm!("mov.u32 {r}, %cluster_ctarank;", r = out(reg32) r, options(pure, nomem, nostack))
        };
        r
    }
    #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
    host_panic!("%cluster_ctarank")
}

/// `set_block_rank(smem_addr, rank)`: `mapa.shared::cluster`, the address of the same shared
/// variable in block `rank` of the cluster.
#[inline(always)]
pub fn set_block_rank(smem_addr: u32, rank: u32) -> u32 {
    #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
    {
        let r: u32;
        // SAFETY: address arithmetic; no memory access.
        unsafe {
            asm!("mapa.shared::cluster.u32 {r}, {a}, {k};", r = out(reg32) r,
                 a = in(reg32) smem_addr, k = in(reg32) rank, options(pure, nomem, nostack))
        };
        r
    }
    #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
    {
        let _ = (smem_addr, rank);
        host_panic!("mapa.shared::cluster.u32")
    }
}

/// `elect_one_sync()`: true in exactly one active lane of the warp (`elect.sync`).
#[inline(always)]
pub fn elect_one_sync() -> bool {
    #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
    {
        let pred: u32;
        // SAFETY: warp-synchronous, registers only.
        unsafe {
            asm!("{{", ".reg .b32 rx;", ".reg .pred px;", "elect.sync rx|px, 0xffffffff;",
                 "selp.u32 {p}, 1, 0, px;", "}}", p = out(reg32) pred, options(nostack))
        };
        pred != 0
    }
    #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
    host_panic!("elect.sync")
}

/// `fence_barrier_init()`: `fence.mbarrier_init.release.cluster`, making barrier
/// initializations visible to the cluster (before `cluster_arrive`).
#[inline(always)]
pub fn fence_barrier_init() {
    device_stmt!("fence.mbarrier_init.release.cluster"; "fence.mbarrier_init.release.cluster;")
}

/// `fence_view_async_shared()`: `fence.proxy.async.shared::cta`, ordering this thread's
/// ordinary shared-memory writes before later reads by the async proxy (TMA, GMMA).
#[inline(always)]
pub fn fence_view_async_shared() {
    device_stmt!("fence.proxy.async.shared::cta"; "fence.proxy.async.shared::cta;")
}

/// `fence.proxy.async` (all state spaces).
#[inline(always)]
pub fn fence_proxy_async() {
    device_stmt!("fence.proxy.async"; "fence.proxy.async;")
}

/// The suspend-time hint, in nanoseconds, that CUTLASS's `ClusterBarrier::wait` passes to
/// `mbarrier.try_wait` ("arbitrarily large timer value after which try-wait expires and
/// re-tries"): the waiting thread may sleep up to this long before the loop tries again.
pub const WAIT_SUSPEND_TIME_HINT: u32 = 0x989680;

/// `ClusterBarrier`: an `mbarrier` object (8 bytes of shared memory), driven by thread arrivals.
/// The methods take the barrier's shared-window address.
#[derive(Clone, Copy, Default, Debug)]
#[repr(C, align(8))]
pub struct ClusterBarrier(pub u64);

impl ClusterBarrier {
    /// `init(smem_addr, arrive_count)`: `mbarrier.init.shared::cta.b64`.
    #[inline(always)]
    pub fn init(smem_addr: u32, arrive_count: u32) {
        device_stmt!("mbarrier.init.shared::cta.b64"; "mbarrier.init.shared::cta.b64 [{a}], {n};",
                     a = in(reg32) smem_addr, n = in(reg32) arrive_count)
    }
    /// `test_wait(smem_addr, phase)` without blocking: whether the phase of parity `phase` has
    /// completed (`mbarrier.try_wait.parity`, which may wait a bounded time).
    #[inline(always)]
    pub fn try_wait(smem_addr: u32, phase: u32) -> bool {
        #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
        {
            let done: u32;
            // SAFETY: reads the barrier at the caller's shared address.
            unsafe {
                asm!("{{", ".reg .pred p;",
                     "mbarrier.try_wait.parity.shared::cta.b64 p, [{a}], {ph};",
                     "selp.u32 {d}, 1, 0, p;", "}}",
                     a = in(reg32) smem_addr, ph = in(reg32) phase, d = out(reg32) done,
                     options(nostack))
            };
            done != 0
        }
        #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
        {
            let _ = (smem_addr, phase);
            host_panic!("mbarrier.try_wait.parity.shared::cta.b64")
        }
    }
    /// `wait(smem_addr, phase)`: C++'s `ClusterBarrier::wait`, one `asm` block that loops on
    /// `mbarrier.try_wait.parity` until the phase of parity `phase` completes, branching on the
    /// instruction's predicate (ptxas sees CUTLASS's wait loop, not a value tested in Rust),
    /// with CUTLASS's suspend-time hint of `0x989680` ns ([`WAIT_SUSPEND_TIME_HINT`]).
    ///
    /// With the hint ptxas emits C++'s loop (`TRYWAIT`, then `NANOSLEEP.SYNCS` and a
    /// `PHASECHK` while the phase is pending); without it, `TRYWAIT` and a branch back. Both
    /// suspend the warp in `TRYWAIT`, and the `wgmma_tma_sm90` port timed the same either way
    /// at 8192^3 (`benches/results/2026-11-27-h100-tutorial-ports-8192`).
    // PTX scopes labels to the enclosing `{ }` block, so every inlined copy of this block has
    // its own `LAB_WAIT`/`DONE` (the lint guards against assemblers without such scopes).
    #[allow(named_asm_labels)]
    #[inline(always)]
    pub fn wait(smem_addr: u32, phase: u32) {
        #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
        // SAFETY: reads the barrier at the caller's shared address.
        unsafe {
            asm!("{{", ".reg .pred P1;", "LAB_WAIT:",
                 "mbarrier.try_wait.parity.shared::cta.b64 P1, [{a}], {ph}, {ticks};",
                 "@P1 bra DONE;", "bra LAB_WAIT;", "DONE:", "}}",
                 a = in(reg32) smem_addr, ph = in(reg32) phase,
                 ticks = in(reg32) WAIT_SUSPEND_TIME_HINT, options(nostack))
        };
        #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
        {
            let _ = (smem_addr, phase);
            host_panic!("mbarrier.try_wait.parity.shared::cta.b64")
        }
    }
    /// `wait_spin(smem_addr, phase)`: [`wait`](Self::wait) as a Rust loop on
    /// [`try_wait`](Self::try_wait), without the suspend-time hint. The flagship's pipeline
    /// uses it: with the `asm` loop, LLVM duplicated the flagship's k-tile body; with the
    /// hint, the flagship's 8192^3 TN timings moved within their noise
    /// (bf16 -5%, f16 +5%, three rounds each, `benches/results/2026-11-27-h100-tutorial-ports-8192`),
    /// so it keeps the form it was tuned with.
    #[inline(always)]
    pub fn wait_spin(smem_addr: u32, phase: u32) {
        while !Self::try_wait(smem_addr, phase) {}
    }
    /// `arrive(smem_addr)`: `mbarrier.arrive.shared::cta.b64` (the state is discarded).
    #[inline(always)]
    pub fn arrive(smem_addr: u32) {
        device_stmt!("mbarrier.arrive.shared::cta.b64"; "mbarrier.arrive.shared::cta.b64 _, [{a}];", a = in(reg32) smem_addr)
    }
    /// `arrive(smem_addr, cta_id, pred)`: arrives on the barrier of block `cta_id` of the
    /// cluster (`mapa` + `mbarrier.arrive.shared::cluster`) if `pred != 0`.
    #[inline(always)]
    pub fn arrive_cluster(smem_addr: u32, cta_id: u32, pred: u32) {
        device_stmt!("mbarrier.arrive.shared::cluster.b64"; "{{\n.reg .pred p;\n.reg .b32 remAddr32;\nsetp.eq.u32 p, {pr}, 1;\n\
                      @p mapa.shared::cluster.u32 remAddr32, {a}, {c};\n\
                      @p mbarrier.arrive.shared::cluster.b64 _, [remAddr32];\n}}",
                     a = in(reg32) smem_addr, c = in(reg32) cta_id, pr = in(reg32) pred)
    }
    /// `invalidate(smem_addr)`: `mbarrier.inval.shared::cta.b64`.
    #[inline(always)]
    pub fn invalidate(smem_addr: u32) {
        device_stmt!("mbarrier.inval.shared::cta.b64"; "mbarrier.inval.shared::cta.b64 [{a}];", a = in(reg32) smem_addr)
    }
}

/// `ClusterTransactionBarrier`: a [`ClusterBarrier`] that also counts bytes (TMA loads complete
/// on it with `complete_tx::bytes`).
#[derive(Clone, Copy, Default, Debug)]
#[repr(C, align(8))]
pub struct ClusterTransactionBarrier(pub u64);

impl ClusterTransactionBarrier {
    /// `arrive_and_expect_tx(smem_addr, bytes)`: `mbarrier.arrive.expect_tx.shared::cta.b64`,
    /// one arrival that also raises the expected byte count by `bytes`.
    #[inline(always)]
    pub fn arrive_and_expect_tx(smem_addr: u32, bytes: u32) {
        device_stmt!("mbarrier.arrive.expect_tx.shared::cta.b64"; "mbarrier.arrive.expect_tx.shared::cta.b64 _, [{a}], {b};",
                     a = in(reg32) smem_addr, b = in(reg32) bytes)
    }
    /// `expect_transaction(smem_addr, bytes)`: `mbarrier.expect_tx.relaxed.cta.shared::cta.b64`,
    /// raising the expected byte count without arriving.
    #[inline(always)]
    pub fn expect_transaction(smem_addr: u32, bytes: u32) {
        device_stmt!("mbarrier.expect_tx.relaxed.cta.shared::cta.b64"; "mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [{a}], {b};",
                     a = in(reg32) smem_addr, b = in(reg32) bytes)
    }
    /// `init`, as [`ClusterBarrier::init`].
    #[inline(always)]
    pub fn init(smem_addr: u32, arrive_count: u32) {
        ClusterBarrier::init(smem_addr, arrive_count)
    }
    /// `wait`, as [`ClusterBarrier::wait`].
    #[inline(always)]
    pub fn wait(smem_addr: u32, phase: u32) {
        ClusterBarrier::wait(smem_addr, phase)
    }
    /// `arrive`, as [`ClusterBarrier::arrive`].
    #[inline(always)]
    pub fn arrive(smem_addr: u32) {
        ClusterBarrier::arrive(smem_addr)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(
        expected = "`mbarrier.arrive.expect_tx.shared::cta.b64` needs nvptx64 with target feature sm_90a"
    )]
    fn host_expect_tx_names_the_instruction() {
        ClusterTransactionBarrier::arrive_and_expect_tx(0, 128);
    }

    #[test]
    #[should_panic(expected = "`%cluster_ctaid.x` needs nvptx64 with target feature sm_90a")]
    fn host_cluster_ids_name_the_register() {
        let _ = block_id_in_cluster();
    }

    #[test]
    fn barriers_are_8_bytes() {
        assert_eq!(core::mem::size_of::<ClusterBarrier>(), 8);
        assert_eq!(core::mem::align_of::<ClusterTransactionBarrier>(), 8);
    }
}
