//! The multistage producer/consumer pipeline of the warp-specialized GEMM: port of the parts
//! of `cutlass/pipeline/sm90_pipeline.hpp` it uses (`PipelineState`, `PipelineTmaAsync`).
//!
//! `STAGES` shared-memory buffers, each with two `mbarrier`s: `full[s]` (the producer arrives
//! once with the expected TMA byte count; the copy engine completes it) and `empty[s]` (every
//! consumer warp arrives once it no longer reads the buffer). Both sides walk the stages in
//! the same order with a [`PipelineState`]: the stage index, and the parity of the barrier
//! phase to wait for, which flips each time the index wraps.
//!
//! The stage count is a static integer type (`_4`), as C++'s `Stages` template argument, so
//! that a configuration names it once and the index arithmetic folds.
//!
//! The producer starts with the inverted phase ([`PipelineState::producer_start`]): a fresh
//! barrier is in phase 0, and waiting for parity 1 (the phase "before" it) returns at once, so
//! the first `STAGES` buffers count as empty without anyone arriving.

use core::marker::PhantomData;

use cute_core::numeric::integral_constant::Integral;

use super::config::static_u32;

/// `PipelineState<Stages>`: where one side of the pipeline is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PipelineState<S> {
    /// The stage, `0..STAGES`.
    pub index: u32,
    /// The parity of the phase to wait for on this stage's barrier.
    pub phase: u32,
    /// How many stages this side has passed (not needed by the kernel; tests read it).
    pub count: u32,
    stages: PhantomData<S>,
}

impl<S: Integral> PipelineState<S> {
    /// The number of stages.
    pub const STAGES: u32 = static_u32(S::STATIC);
    /// The consumer's start: stage 0, waiting for phase 0 to complete.
    #[inline(always)]
    pub const fn consumer_start() -> Self {
        PipelineState {
            index: 0,
            phase: 0,
            count: 0,
            stages: PhantomData,
        }
    }
    /// `make_producer_start_state()`: stage 0 with the inverted phase, so the first pass over
    /// the (initially empty) buffers does not block.
    #[inline(always)]
    pub const fn producer_start() -> Self {
        PipelineState {
            index: 0,
            phase: 1,
            count: 0,
            stages: PhantomData,
        }
    }
    /// `++state`: the next stage; the phase flips when the index wraps to 0.
    #[inline(always)]
    pub fn advance(&mut self) {
        self.index += 1;
        self.count += 1;
        if self.index == Self::STAGES {
            self.index = 0;
            self.phase ^= 1;
        }
    }
    /// `state.advance(n)`: `n` steps at once (stage `(index + n) % STAGES`, the phase flipped
    /// once per wrap).
    #[inline(always)]
    pub fn advance_by(&mut self, n: u32) {
        let idx = self.index + n;
        self.phase ^= (idx / Self::STAGES) & 1;
        self.index = idx % Self::STAGES;
        self.count += n;
    }
}

/// The barriers of a `PipelineTmaAsync`: `full` and `empty` arrays of `S` mbarriers at
/// shared-window addresses `full + 8*s`, `empty + 8*s`.
///
/// In a cluster whose CTAs multicast into each other's stages, a stage of one CTA is written
/// by every producer of the cluster, so a consumer releases it in every CTA (`cluster` of
/// them, ranks `0..cluster`), and each `empty` barrier counts the consumers of all of them.
#[derive(Clone, Copy, Debug)]
pub struct PipelineTmaAsync<S> {
    /// Address of `full[0]`.
    pub full: u32,
    /// Address of `empty[0]`.
    pub empty: u32,
    /// CTAs that write into each other's stages (1: none but this one).
    pub cluster: u32,
    /// The stage count.
    pub stages: PhantomData<S>,
}

#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
mod device {
    use super::*;
    use cute_core::arch::cluster_sm90::{ClusterBarrier, ClusterTransactionBarrier};

    impl<S: Integral> PipelineTmaAsync<S> {
        /// Initializes every barrier (one thread): `full` expects one arrival (the producer's,
        /// with the byte count), `empty` one per consumer warp.
        #[inline(always)]
        pub fn init(&self, consumer_arrivals: u32) {
            for s in 0..PipelineState::<S>::STAGES {
                ClusterTransactionBarrier::init(self.full + 8 * s, 1);
                ClusterBarrier::init(self.empty + 8 * s, consumer_arrivals);
            }
        }
        /// `producer_acquire`: waits until stage `st.index` is empty, then arrives on its
        /// `full` barrier announcing `bytes` (one thread).
        #[inline(always)]
        pub fn producer_acquire(&self, st: PipelineState<S>, bytes: u32) {
            ClusterBarrier::wait_spin(self.empty + 8 * st.index, st.phase);
            ClusterTransactionBarrier::arrive_and_expect_tx(self.full + 8 * st.index, bytes);
        }
        /// The `full` barrier of stage `st.index`, for the TMA copies to complete on.
        #[inline(always)]
        pub fn producer_barrier(&self, st: PipelineState<S>) -> u32 {
            self.full + 8 * st.index
        }
        /// `consumer_wait`: waits until the copies into stage `st.index` have landed.
        #[inline(always)]
        pub fn consumer_wait(&self, st: PipelineState<S>) {
            ClusterBarrier::wait_spin(self.full + 8 * st.index, st.phase);
        }
        /// `consumer_release`: this warp no longer reads stage `st.index` (one lane per warp).
        #[inline(always)]
        pub fn consumer_release(&self, st: PipelineState<S>) {
            if self.cluster == 1 {
                ClusterBarrier::arrive(self.empty + 8 * st.index);
            } else {
                for cta in 0..self.cluster {
                    ClusterBarrier::arrive_cluster(self.empty + 8 * st.index, cta, 1);
                }
            }
        }
        /// `producer_tail`: waits until the stages filled last, from `st` on, are released (one
        /// thread, after its last `producer_acquire`): then no consumer of the cluster reads
        /// this CTA's stages or arrives on its barriers any more, and the CTA may exit
        /// (CUTLASS's `producer_tail`).
        #[inline(always)]
        pub fn producer_tail(&self, mut st: PipelineState<S>) {
            for _ in 0..PipelineState::<S>::STAGES {
                ClusterBarrier::wait_spin(self.empty + 8 * st.index, st.phase);
                st.advance();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    /// Simulates the barrier protocol: a phase-parity barrier per stage, the producer filling
    /// and the consumer draining in the order their states give. A producer may only fill a
    /// buffer the consumer has released, and the consumer sees every fill exactly once, in
    /// order.
    #[test]
    fn producer_and_consumer_agree_on_stage_and_phase() {
        type S = cute_core::numeric::aliases::_4;
        const N: u32 = 4;
        // completed phases of each barrier (the parity of the current phase is completed % 2)
        let mut full_done = [0u32; N as usize];
        let mut empty_done = [0u32; N as usize];
        // `try_wait.parity(p)` succeeds when the phase with parity p has completed, i.e. the
        // current (incomplete) phase has parity !p.
        let ready = |done: u32, parity: u32| done % 2 != parity;
        let mut p = PipelineState::<S>::producer_start();
        let mut c = PipelineState::<S>::consumer_start();
        let mut filled: Vec<u32> = Vec::new();
        let mut seen: Vec<u32> = Vec::new();
        let total = 23u32;
        let mut buf = [u32::MAX; N as usize];
        // the producer runs ahead as far as it may, then the consumer takes one, repeatedly
        while seen.len() < total as usize {
            while (filled.len() as u32) < total && ready(empty_done[p.index as usize], p.phase) {
                // a buffer still unread by the consumer must never be overwritten
                assert_eq!(buf[p.index as usize], u32::MAX, "overwrote a full buffer");
                buf[p.index as usize] = filled.len() as u32;
                filled.push(p.index);
                full_done[p.index as usize] += 1;
                p.advance();
                // with nothing released yet the producer stops after N fills
                assert!(p.count - seen.len() as u32 <= N);
            }
            assert!(
                ready(full_done[c.index as usize], c.phase),
                "consumer would hang"
            );
            seen.push(buf[c.index as usize]);
            buf[c.index as usize] = u32::MAX;
            empty_done[c.index as usize] += 1;
            c.advance();
        }
        assert_eq!(seen, (0..total).collect::<Vec<_>>());
        assert_eq!(p.count, total);
        assert_eq!(
            filled.iter().take(6).copied().collect::<Vec<_>>(),
            [0, 1, 2, 3, 0, 1]
        );
    }

    #[test]
    fn advance_wraps_and_flips_the_phase() {
        let mut s = PipelineState::<cute_core::numeric::aliases::_3>::consumer_start();
        let mut got = Vec::new();
        for _ in 0..7 {
            got.push((s.index, s.phase));
            s.advance();
        }
        assert_eq!(
            got,
            [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 0)]
        );
        for n in [0u32, 1, 2, 3, 5, 7, 12, 13] {
            let mut a = PipelineState::<cute_core::numeric::aliases::_3>::producer_start();
            let mut b = a;
            a.advance_by(n);
            for _ in 0..n {
                b.advance();
            }
            assert_eq!(a, b, "advance_by({n})");
        }
    }
}
