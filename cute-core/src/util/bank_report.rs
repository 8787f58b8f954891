//! The bank-conflict report of `cute banks`: [`smem_wavefronts`] for every warp-wide access of
//! a thread-value partition of a shared-memory tile, from the layouts alone.

use std::format;
use std::vec::Vec;

use crate::dynamic::{
    composition, raked_product, right_inverse, size, Error, Layout, Result, Swizzle,
};
use crate::util::bank_conflicts::{smem_wavefronts, Wavefronts};

/// One warp-wide access: warp `warp`'s lanes each moving value group `step` of the partition
/// in tile `(rep_m, rep_n)` of the shared-memory tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BankAccess {
    /// The warp (threads `32 warp .. 32 warp + 31`).
    pub warp: i64,
    /// The access: value group within a tile, then tile repetitions (m fastest).
    pub step: i64,
    /// Its wavefronts.
    pub wavefronts: Wavefronts,
}

/// Every access of a partition and their sums.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankReport {
    /// Each warp-wide access, warp-major.
    pub accesses: Vec<BankAccess>,
    /// Sum of the accesses' wavefronts.
    pub wavefronts: u32,
    /// Sum of their conflict-free wavefronts.
    pub ideal: u32,
}

impl BankReport {
    /// Extra wavefronts caused by conflicts.
    pub fn conflicts(&self) -> u32 {
        self.wavefronts - self.ideal
    }
}

/// CuTe's `make_layout_tv(thr, val)` (what `make_tiled_copy(atom, thr, val)` builds): the TV
/// layout `(thread, value) -> ` column-major index into the tile, and the tile's `(M, N)`.
pub fn make_layout_tv(thr: &Layout, val: &Layout) -> Result<(Layout, (i64, i64))> {
    const OP: &str = "make_layout_tv";
    let mn = raked_product(thr, val).map_err(|e| e.within(OP))?;
    if mn.rank() != 2 {
        return Err(Error::new(
            OP,
            format!("raked_product({thr}, {val}) = {mn} is not rank 2"),
        ));
    }
    let m = size(&mn.mode(0).expect("rank 2"))
        .map_err(|e| e.within(OP))?
        .value;
    let n = size(&mn.mode(1).expect("rank 2"))
        .map_err(|e| e.within(OP))?
        .value;
    let nt = size(thr).map_err(|e| e.within(OP))?;
    let nv = size(val).map_err(|e| e.within(OP))?;
    let inv = right_inverse(&mn).map_err(|e| e.within(OP))?;
    let shape = Layout::compact(&crate::dynamic::IntTuple::from(Vec::from([
        nt.into(),
        nv.into(),
    ])))
    .map_err(|e| e.within(OP))?;
    let tv = composition(&inv, &shape).map_err(|e| e.within(OP))?;
    Ok((tv, (m, n)))
}

/// The report for the rank-2 shared-memory layout `smem` (offsets in elements of
/// `elem_bytes` bytes, then `swizzle` applied to them when given) accessed through the TV
/// layout `tv` (`(thread, value) ->` column-major index into a `tile` of the smem layout's
/// domain), `vec` consecutive values per lane per access, the tile repeated over the smem
/// layout (m fastest). Each warp-wide access goes through [`smem_wavefronts`].
///
/// # Errors
/// Rank of `smem` or `tv` other than 2, a tile not dividing the smem shape, a value count not
/// a multiple of `vec`, an access not 1..16 bytes, or a lane's `vec` values not contiguous in
/// shared memory: `Err` naming it.
///
/// # Example
/// ```
/// use cute_core::util::bank_report::smem_bank_report;
/// // 32 threads each storing a column of an (32,8) tile kept as (32,8):(1,32): thread t
/// // writes (t, v), so each access is 32 consecutive floats
/// let tv = "(32,8):(1,32)".parse().unwrap();
/// let r = smem_bank_report(&"(32,8):(1,32)".parse().unwrap(), None, &tv, (32, 8), 4, 1).unwrap();
/// assert_eq!((r.accesses.len(), r.wavefronts, r.conflicts()), (8, 8, 0));
/// ```
pub fn smem_bank_report(
    smem: &Layout,
    swizzle: Option<&Swizzle>,
    tv: &Layout,
    tile: (i64, i64),
    elem_bytes: usize,
    vec: usize,
) -> Result<BankReport> {
    const OP: &str = "banks";
    if smem.rank() != 2 || tv.rank() != 2 {
        return Err(Error::new(
            OP,
            format!("the smem layout {smem} and the TV layout {tv} must both be rank 2"),
        ));
    }
    let sm = size(&smem.mode(0).expect("rank 2"))
        .map_err(|e| e.within(OP))?
        .value;
    let sn = size(&smem.mode(1).expect("rank 2"))
        .map_err(|e| e.within(OP))?
        .value;
    let (tm, tn) = tile;
    if tm <= 0 || tn <= 0 || sm % tm != 0 || sn % tn != 0 {
        return Err(Error::new(
            OP,
            format!("the tile ({tm},{tn}) does not divide the smem shape ({sm},{sn})"),
        ));
    }
    let nt = size(&tv.mode(0).expect("rank 2"))
        .map_err(|e| e.within(OP))?
        .value;
    let nv = size(&tv.mode(1).expect("rank 2"))
        .map_err(|e| e.within(OP))?
        .value;
    if vec == 0 || nv % vec as i64 != 0 {
        return Err(Error::new(
            OP,
            format!("{tv} has {nv} values per thread, not a multiple of {vec}"),
        ));
    }
    if !matches!(elem_bytes * vec, 1 | 2 | 4 | 8 | 16) {
        return Err(Error::new(
            OP,
            format!("an access of {vec} x {elem_bytes} bytes is not 1, 2, 4, 8 or 16 bytes"),
        ));
    }
    if sm * sn / (tm * tn) * nt * nv > 1 << 22 {
        return Err(Error::new(OP, "more than 4M thread-value accesses"));
    }
    let offset = |t: i64, v: i64, rep: i64| -> Result<i64> {
        let idx = tv.eval(t + nt * v).map_err(|e| e.within(OP))?;
        if !(0..tm * tn).contains(&idx) {
            return Err(Error::new(
                OP,
                format!("{tv} maps ({t},{v}) to {idx}, outside the ({tm},{tn}) tile"),
            ));
        }
        let (m, n) = (
            idx % tm + (rep % (sm / tm)) * tm,
            idx / tm + (rep / (sm / tm)) * tn,
        );
        let o = smem.eval(m + sm * n).map_err(|e| e.within(OP))?;
        Ok(match swizzle {
            Some(s) => s.apply(crate::dynamic::Int::new(o, false)).value,
            None => o,
        })
    };
    let reps = sm / tm * (sn / tn);
    let groups = nv / vec as i64;
    let mut accesses = Vec::new();
    let (mut wavefronts, mut ideal) = (0, 0);
    for warp in 0..(nt + 31) / 32 {
        for rep in 0..reps {
            for g in 0..groups {
                let mut lanes = [None::<i64>; 32];
                for (l, slot) in lanes.iter_mut().enumerate() {
                    let t = warp * 32 + l as i64;
                    if t >= nt {
                        continue;
                    }
                    let first = offset(t, g * vec as i64, rep)?;
                    for j in 1..vec as i64 {
                        if offset(t, g * vec as i64 + j, rep)? != first + j {
                            return Err(Error::new(OP, format!("thread {t}'s values {}..{} are not contiguous in shared memory", g * vec as i64, (g + 1) * vec as i64)));
                        }
                    }
                    *slot = Some(first);
                }
                let w = smem_wavefronts(elem_bytes, vec, |l| lanes[l]);
                wavefronts += w.wavefronts;
                ideal += w.ideal;
                accesses.push(BankAccess {
                    warp,
                    step: rep * groups + g,
                    wavefronts: w,
                });
            }
        }
    }
    Ok(BankReport {
        accesses,
        wavefronts,
        ideal,
    })
}
