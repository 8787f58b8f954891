//! A pipeline check of the SM80 atoms' instructions: one kernel that runs every raw
//! `mma.sync`, `ldmatrix` and `cp.async` op once, so that the PTX of each `asm!` string reaches
//! `ptxas` (host/tests/ptx.rs). It computes nothing useful.

use cute_core::arch::copy::CopyOperation;
use cute_core::arch::copy_sm75::{
    SM75_U16x2_LDSM_T, SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T, SM75_U32x1_LDSM_N, SM75_U32x2_LDSM_N,
    SM75_U32x4_LDSM_N,
};
use cute_core::arch::copy_sm80::{
    cp_async_fence, cp_async_wait, SM80_CP_ASYNC_CACHEALWAYS, SM80_CP_ASYNC_CACHEALWAYS_ZFILL,
    SM80_CP_ASYNC_CACHEGLOBAL, SM80_CP_ASYNC_CACHEGLOBAL_ZFILL,
};
use cute_core::arch::mma::MmaOperation;
use cute_core::arch::mma_sm80::{
    SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x16_F32BF16BF16F32_TN, SM80_16x8x16_F32F16F16F32_TN,
    SM80_16x8x32_S32S8S8S32_TN, SM80_16x8x4_F32TF32TF32F32_TN, SM80_16x8x8_F16F16F16F16_TN,
    SM80_16x8x8_F32BF16BF16F32_TN, SM80_16x8x8_F32F16F16F32_TN, SM80_16x8x8_F32TF32TF32F32_TN,
    SM80_8x8x4_F64F64F64F64_TN,
};
use cute_core::arch::thread::{dynamic_smem_base, sync_threads, thread_idx_x};
use cute_core::numeric::numeric_types::Uint128;

/// Runs each op on data from `g` (32-bit words, 16 per thread) and `dg` (doubles) and writes
/// the results back. Launch with one warp and 2 KiB of dynamic shared memory.
///
/// # Safety
/// `g` holds `16 * 32` words, `dg` `4 * 32` doubles, 16-byte aligned.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn sm80_atom_ops(g: *mut u32, dg: *mut f64) {
    let t = thread_idx_x() as usize;
    let w = |i: usize| unsafe { *g.add(16 * t + i) };
    let (a4, b2) = ([w(0), w(1), w(2), w(3)], [w(4), w(5)]);
    let (a2, b1) = ([w(0), w(1)], [w(4)]);
    let cf = [
        f32::from_bits(w(6)),
        f32::from_bits(w(7)),
        f32::from_bits(w(8)),
        1.0,
    ];
    let mut acc = [0u32; 8];
    let mut d2 = [0u32; 2];
    SM80_16x8x8_F16F16F16F16_TN::fma(&mut d2, &a2, &b1, &[w(9), w(10)]);
    acc[0] ^= d2[0] ^ d2[1];
    SM80_16x8x16_F16F16F16F16_TN::fma(&mut d2, &a4, &b2, &[w(9), w(10)]);
    acc[1] ^= d2[0] ^ d2[1];
    let mut df = [0f32; 4];
    SM80_16x8x8_F32F16F16F32_TN::fma(&mut df, &a2, &b1, &cf);
    let c = df;
    SM80_16x8x16_F32F16F16F32_TN::fma(&mut df, &a4, &b2, &c);
    let c = df;
    SM80_16x8x8_F32BF16BF16F32_TN::fma(&mut df, &a2, &b1, &c);
    let c = df;
    SM80_16x8x16_F32BF16BF16F32_TN::fma(&mut df, &a4, &b2, &c);
    let c = df;
    SM80_16x8x4_F32TF32TF32F32_TN::fma(&mut df, &a2, &b1, &c);
    let c = df;
    SM80_16x8x8_F32TF32TF32F32_TN::fma(&mut df, &a4, &b2, &c);
    acc[2] = df[0].to_bits() ^ df[1].to_bits() ^ df[2].to_bits() ^ df[3].to_bits();
    let mut dd = [0f64; 2];
    SM80_8x8x4_F64F64F64F64_TN::fma(
        &mut dd,
        &[*dg.add(4 * t)],
        &[*dg.add(4 * t + 1)],
        &[0.5, 2.0],
    );
    *dg.add(4 * t + 2) = dd[0];
    *dg.add(4 * t + 3) = dd[1];
    let mut di = [0u32; 4];
    SM80_16x8x32_S32S8S8S32_TN::fma(&mut di, &a4, &b2, &[w(11), w(12), w(13), w(14)]);
    acc[3] = di[0] ^ di[1] ^ di[2] ^ di[3];

    // cp.async: this thread's 16 bytes of `g` to shared memory, in every form
    let smem = dynamic_smem_base() as *mut Uint128;
    let src = &*(g.add(16 * t) as *const Uint128);
    SM80_CP_ASYNC_CACHEALWAYS::<Uint128>::copy(src, &mut *smem.add(t));
    SM80_CP_ASYNC_CACHEGLOBAL::<Uint128>::copy(src, &mut *smem.add(32 + t));
    SM80_CP_ASYNC_CACHEALWAYS_ZFILL::<Uint128>::copy_zfill(src, &mut *smem.add(64 + t), t < 16);
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL::<Uint128>::copy_zfill(src, &mut *smem.add(96 + t), t < 8);
    SM80_CP_ASYNC_CACHEALWAYS::<u32>::copy(
        &*g.add(16 * t),
        &mut *(smem.add(64) as *mut u32).add(t),
    );
    SM80_CP_ASYNC_CACHEALWAYS::<u64>::copy(
        &*(g.add(16 * t) as *const u64),
        &mut *(smem.add(96) as *mut u64).add(t),
    );
    cp_async_fence();
    cp_async_wait::<1>();
    cp_async_wait::<0>();
    sync_threads();

    // ldmatrix: each thread's row is its own 16 bytes of shared memory
    let row = &*smem.add(t);
    let mut r1 = 0u32;
    let mut r2 = [0u32; 2];
    let mut r4 = [0u32; 4];
    SM75_U32x1_LDSM_N::copy(row, &mut r1);
    acc[4] = r1;
    SM75_U32x2_LDSM_N::copy(row, &mut r2);
    acc[5] = r2[0] ^ r2[1];
    SM75_U32x4_LDSM_N::copy(row, &mut r4);
    acc[6] = r4[0] ^ r4[1] ^ r4[2] ^ r4[3];
    SM75_U16x2_LDSM_T::copy(row, &mut r1);
    SM75_U16x4_LDSM_T::copy(row, &mut r2);
    SM75_U16x8_LDSM_T::copy(row, &mut r4);
    acc[7] = r1 ^ r2[0] ^ r2[1] ^ r4[0] ^ r4[1] ^ r4[2] ^ r4[3];
    for (i, a) in acc.iter().enumerate() {
        *g.add(16 * t + 8 + i) = *a;
    }
}
