//! TiledMMA on run-time layouts: port of the layout logic of `cute/atom/mma_atom.hpp`
//! (`make_tiled_mma`, `thrfrg_A/B/C`, `get_layoutA/B/C_TV`, `get_slice`, `partition_A/B/C`).
//!
//! The typed [`crate::atom::mma_atom`] builds the same layouts as types for kernels; this
//! module builds them from an atom's layouts known at run time ([`MmaAtom`], usually from
//! [`super::atoms::mma_atom`]), so the `cute` tool can print and draw any TiledMMA. Each step
//! is C++'s, on the dynamic algebra: results print as C++ prints them.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use super::{
    complement, composition, cosize, logical_divide, make_layout, right_inverse, size,
    slice_and_offset, tiled_product, zipped_divide, Coord, Error, IdentityTensor, Int, IntTuple,
    Layout, Result, Tiler,
};

/// An MMA atom's layouts: C++'s `MMA_Atom<Op>` (`MMA_Traits<Op>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MmaAtom {
    /// The operation's name as written (`SM80_16x8x16_F32F16F16F32_TN`).
    pub name: String,
    /// `ThrID`: logical thread id -> thread index.
    pub thr_id: Layout,
    /// `Shape_MNK`.
    pub shape_mnk: IntTuple,
    /// `LayoutA_TV`: `(thread id, value id) ->` column-major `(m,k)` index.
    pub layout_a_tv: Layout,
    /// `LayoutB_TV`: `(thread id, value id) ->` column-major `(n,k)` index.
    pub layout_b_tv: Layout,
    /// `LayoutC_TV`: `(thread id, value id) ->` column-major `(m,n)` index.
    pub layout_c_tv: Layout,
}

impl MmaAtom {
    fn extent(&self, i: usize) -> Result<Int> {
        self.shape_mnk
            .get(i)
            .ok_or_else(|| {
                Error::new(
                    "MMA_Atom",
                    format!("Shape_MNK {} is not rank 3", self.shape_mnk),
                )
            })?
            .product()
    }
}

/// C++ `print(MMA_Atom)`, without the last newline.
impl fmt::Display for MmaAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "MMA_Atom")?;
        writeln!(f, "  ThrID:      {}", self.thr_id)?;
        writeln!(f, "  Shape_MNK:  {}", self.shape_mnk)?;
        writeln!(f, "  LayoutA_TV: {}", self.layout_a_tv)?;
        writeln!(f, "  LayoutB_TV: {}", self.layout_b_tv)?;
        write!(f, "  LayoutC_TV: {}", self.layout_c_tv)
    }
}

/// One element of a TiledMMA's `PermutationMNK`: `_` (none), an integer `n` (`n:_1`), or a
/// layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Permutation {
    /// `_`: the atom's extent times the threads along that mode.
    Underscore,
    /// `n`, standing for `n:_1`.
    Int(Int),
    /// A layout permuting the mode.
    Layout(Layout),
}

impl fmt::Display for Permutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Permutation::Underscore => f.write_str("_"),
            Permutation::Int(i) => write!(f, "{i}"),
            Permutation::Layout(l) => write!(f, "{l}"),
        }
    }
}

/// C++'s `TiledMMA<Atom, AtomLayoutMNK, PermutationMNK>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledMma {
    /// The atom.
    pub atom: MmaAtom,
    /// `ThrLayoutVMNK`: `tiled_product(ThrID, AtomLayoutMNK)`.
    pub thr_layout_vmnk: Layout,
    /// `PermutationMNK`.
    pub permutation: [Permutation; 3],
}

/// C++ `make_tiled_mma(atom, atom_layout_mnk, permutation_mnk)`.
///
/// # Preconditions
/// `atom_layout_mnk` has rank at most 3 and `permutation` at most 3 elements; as C++ does,
/// both are padded to 3 (with `_1:_0` modes and `_`). Else `Err` (`make_tiled_mma: TiledMMA
/// requires rank-3 AtomLayoutMNK, not ...`).
///
/// # Example
/// ```
/// use cute_core::dynamic::{atoms::mma_atom, make_tiled_mma, Permutation};
/// let atom = mma_atom("SM80_16x8x16_F32F16F16F32_TN", &[]).unwrap();
/// let p = [Permutation::Underscore, Permutation::Underscore, Permutation::Underscore];
/// let mma = make_tiled_mma(&atom, &"(_2,_2,_1):(_1,_2,_0)".parse().unwrap(), &p).unwrap();
/// assert_eq!(mma.thr_layout_vmnk.to_string(), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
/// assert_eq!(mma.get_layout_c_tv().unwrap().to_string(),
///            "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))");
/// ```
pub fn make_tiled_mma(
    atom: &MmaAtom,
    atom_layout_mnk: &Layout,
    permutation: &[Permutation],
) -> Result<TiledMma> {
    const OP: &str = "make_tiled_mma";
    // C++ pads both to rank 3: append<3>(thr_layout, Layout<_1,_0>{}), append<3>(perm, _).
    if atom_layout_mnk.rank() > 3 {
        return Err(Error::new(
            OP,
            format!("TiledMMA requires rank-3 AtomLayoutMNK, not {atom_layout_mnk}"),
        ));
    }
    let mut modes = atom_layout_mnk.modes();
    while modes.len() < 3 {
        modes.push(Layout::raw(
            IntTuple::from(Int::constant(1)),
            IntTuple::from(Int::constant(0)),
        ));
    }
    let atom_layout_mnk = &make_layout(&modes);
    if permutation.len() > 3 {
        return Err(Error::new(
            OP,
            format!(
                "TiledMMA requires rank-3 PermutationMNK, not {} elements",
                permutation.len()
            ),
        ));
    }
    let mut perm = permutation.to_vec();
    perm.resize(3, Permutation::Underscore);
    let permutation: [Permutation; 3] = [perm[0].clone(), perm[1].clone(), perm[2].clone()];
    for p in &permutation {
        let bad = match p {
            Permutation::Int(i) => i.value < 1,
            _ => false,
        };
        if bad {
            return Err(Error::new(
                OP,
                format!("the permutation {p} is not positive"),
            ));
        }
    }
    let thr_layout_vmnk = tiled_product(&atom.thr_id, atom_layout_mnk).map_err(|e| e.within(OP))?;
    let mma = TiledMma {
        atom: atom.clone(),
        thr_layout_vmnk,
        permutation,
    };
    for i in 0..3 {
        let t = mma.tile_size_mnk(i).map_err(|e| e.within(OP))?;
        let a = atom.extent(i)?;
        if t.value % a.value != 0 {
            return Err(Error::new(
                OP,
                format!("the tile size {t} of mode {i} is not a multiple of the atom's extent {a}"),
            ));
        }
    }
    Ok(mma)
}

/// C++'s `make_layout(n)` for an integer `n`: `n:_1` (the stride is always the static `_1`).
fn ones(n: Int) -> Layout {
    Layout::raw(IntTuple::from(n), IntTuple::from(Int::constant(1)))
}

fn size_of(l: &Layout, i: usize, op: &'static str) -> Result<Int> {
    let m = l
        .mode(i)
        .ok_or_else(|| Error::new(op, format!("{l} has no mode {i}")))?;
    size(&m)
}

fn mode(l: &Layout, i: usize, op: &'static str) -> Result<Layout> {
    l.mode(i)
        .ok_or_else(|| Error::new(op, format!("{l} has no mode {i}")))
}

impl TiledMma {
    /// C++ `permutation_mnk<I>()` as a layout: the permutation, or `(atom extent * threads
    /// along I):_1` for `_`.
    pub fn permutation_mnk(&self, i: usize) -> Result<Layout> {
        Ok(match &self.permutation[i] {
            Permutation::Underscore => {
                let a = self.atom.extent(i)?;
                let t = size_of(&self.thr_layout_vmnk, i + 1, "TiledMMA")?;
                ones(a.mul(t, "TiledMMA")?)
            }
            Permutation::Int(n) => ones(*n),
            Permutation::Layout(l) => l.clone(),
        })
    }

    /// C++ `tile_size_mnk<I>()`: `size(permutation_mnk<I>())`.
    pub fn tile_size_mnk(&self, i: usize) -> Result<Int> {
        size(&self.permutation_mnk(i)?)
    }

    /// C++ `size(tiled_mma)`: the number of threads.
    pub fn size(&self) -> Result<Int> {
        size(&self.thr_layout_vmnk)
    }

    /// `thrfrg_C` / `_A` / `_B`: tile `l`'s modes `(p, q)` (M,N / M,K / N,K) into
    /// `((ThrV,(ThrP,ThrQ)),(FrgV,(RestP,RestQ,...)))`.
    fn thrfrg(&self, l: &Layout, (p, q): (usize, usize), atom_tv: &Layout) -> Result<Layout> {
        const OP: &str = "thrfrg";
        if l.rank() < 2 {
            return Err(Error::new(OP, format!("{l} has rank below 2")));
        }
        let t_tile = Tiler::Tuple(vec![
            Tiler::Layout(self.permutation_mnk(p)?),
            Tiler::Layout(self.permutation_mnk(q)?),
        ]);
        let t_tensor = logical_divide(l, &t_tile)?; // (PermP,PermQ)
        let a_tile = Tiler::Tuple(vec![
            Tiler::Layout(ones(self.atom.extent(p)?)),
            Tiler::Layout(ones(self.atom.extent(q)?)),
        ]);
        let c_tensor = zipped_divide(&t_tensor, &a_tile)?; // ((AtomP,AtomQ),(RestP,RestQ))
        let tv = composition(&mode(&c_tensor, 0, OP)?, atom_tv)?; // (ThrV,FrgV)
        let thr_tile = Tiler::Tuple(vec![
            Tiler::Layout(ones(size_of(&self.thr_layout_vmnk, p + 1, OP)?)),
            Tiler::Layout(ones(size_of(&self.thr_layout_vmnk, q + 1, OP)?)),
        ]);
        // zipped_divide(tv_tensor, (_, thr_tile)): `_` splits (ThrV,FrgV) between the modes.
        let rest = zipped_divide(&mode(&c_tensor, 1, OP)?, &thr_tile)?;
        Ok(make_layout(&[
            make_layout(&[mode(&tv, 0, OP)?, mode(&rest, 0, OP)?]),
            make_layout(&[mode(&tv, 1, OP)?, mode(&rest, 1, OP)?]),
        ]))
    }

    /// C++ `thrfrg_C(layout)`: `(M,N,...) -> ((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN,...)))`.
    pub fn thrfrg_c(&self, l: &Layout) -> Result<Layout> {
        self.thrfrg(l, (0, 1), &self.atom.layout_c_tv)
            .map_err(|e| e.within("thrfrg_C"))
    }

    /// C++ `thrfrg_A(layout)`: `(M,K,...) -> ((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK,...)))`.
    pub fn thrfrg_a(&self, l: &Layout) -> Result<Layout> {
        self.thrfrg(l, (0, 2), &self.atom.layout_a_tv)
            .map_err(|e| e.within("thrfrg_A"))
    }

    /// C++ `thrfrg_B(layout)`: `(N,K,...) -> ((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK,...)))`.
    pub fn thrfrg_b(&self, l: &Layout) -> Result<Layout> {
        self.thrfrg(l, (1, 2), &self.atom.layout_b_tv)
            .map_err(|e| e.within("thrfrg_B"))
    }

    /// `thr_idx -> (ThrV,ThrM,ThrN,ThrK)`.
    fn thridx_2_thrid(&self) -> Result<Layout> {
        let v = &self.thr_layout_vmnk;
        let c = complement(v, &IntTuple::from(cosize(v)?))?;
        let inv = right_inverse(&make_layout(&[v.clone(), c]))?;
        let n = self.size()?;
        let head = Layout::raw(
            IntTuple::Tuple(vec![IntTuple::from(n), IntTuple::from(Int::constant(1))]),
            IntTuple::Tuple(vec![
                IntTuple::from(Int::constant(1)),
                IntTuple::from(Int::constant(0)),
            ]),
        );
        composition(&head, &inv)
    }

    /// `(m, n)` tile reference layout `make_layout(make_shape(tile_size<p>, tile_size<q>))`.
    fn reference(&self, p: usize, q: usize) -> Result<Layout> {
        Layout::compact(&IntTuple::Tuple(vec![
            IntTuple::from(self.tile_size_mnk(p)?),
            IntTuple::from(self.tile_size_mnk(q)?),
        ]))
    }

    /// C++ `get_layoutC_TV()`: `(thr_idx, val) ->` column-major `(m,n)` index of the tile.
    pub fn get_layout_c_tv(&self) -> Result<Layout> {
        (|| {
            let t = self.thrfrg_c(&self.reference(0, 1)?)?;
            let m0 = composition(&mode(&t, 0, "")?, &self.thridx_2_thrid()?)?;
            Ok(make_layout(&[m0, mode(&t, 1, "")?]))
        })()
        .map_err(|e: Error| e.within("get_layoutC_TV"))
    }

    /// `get_layoutA_TV` / `_B_TV`: mode 0 `(ThrV,(ThrP,ThrK))` widened to `(ThrV,(ThrM,ThrN,ThrK))`
    /// by `(ThrM,ThrN):stride` on ThrP, then indexed by thread.
    fn operand_tv(&self, t: Layout, stride: (i64, i64)) -> Result<Layout> {
        let m0 = mode(&t, 0, "")?;
        let (v, pk) = (mode(&m0, 0, "")?, mode(&m0, 1, "")?);
        let widen = Layout::raw(
            IntTuple::Tuple(vec![
                IntTuple::from(size_of(&self.thr_layout_vmnk, 1, "")?),
                IntTuple::from(size_of(&self.thr_layout_vmnk, 2, "")?),
            ]),
            IntTuple::Tuple(vec![
                IntTuple::from(Int::constant(stride.0)),
                IntTuple::from(Int::constant(stride.1)),
            ]),
        );
        let p = composition(&mode(&pk, 0, "")?, &widen)?;
        let m0 = make_layout(&[v, make_layout(&[p, mode(&pk, 1, "")?])]);
        let m0 = composition(&m0, &self.thridx_2_thrid()?)?;
        Ok(make_layout(&[m0, mode(&t, 1, "")?]))
    }

    /// C++ `get_layoutA_TV()`: `(thr_idx, val) ->` column-major `(m,k)` index of the tile.
    pub fn get_layout_a_tv(&self) -> Result<Layout> {
        (|| self.operand_tv(self.thrfrg_a(&self.reference(0, 2)?)?, (1, 0)))()
            .map_err(|e: Error| e.within("get_layoutA_TV"))
    }

    /// C++ `get_layoutB_TV()`: `(thr_idx, val) ->` column-major `(n,k)` index of the tile.
    pub fn get_layout_b_tv(&self) -> Result<Layout> {
        (|| self.operand_tv(self.thrfrg_b(&self.reference(1, 2)?)?, (0, 1)))()
            .map_err(|e: Error| e.within("get_layoutB_TV"))
    }

    /// C++ `get_slice(thr_idx)`: the thread's `(v,m,n,k)` coordinate in `ThrLayoutVMNK`
    /// (`get_flat_coord`).
    ///
    /// # Preconditions
    /// `0 <= thr_idx < size(tiled_mma)`, else `Err` (`get_slice: the thread index 256 is out
    /// of range for 128 threads`).
    pub fn get_slice(&self, thr_idx: Int) -> Result<ThrMma> {
        const OP: &str = "get_slice";
        let n = self.size()?;
        if thr_idx.value < 0 || thr_idx.value >= n.value {
            return Err(Error::new(
                OP,
                format!("the thread index {thr_idx} is out of range for {n} threads"),
            ));
        }
        let mut thr_vmnk = Vec::new();
        for m in self.thr_layout_vmnk.modes() {
            thr_vmnk.push(flat_coord(thr_idx, &m)?);
        }
        Ok(ThrMma {
            tiled: self.clone(),
            thr_idx,
            thr_vmnk,
        })
    }
}

/// C++ `idx2crd(idx, shape, stride)` of one mode, flattened to a column-major index in it
/// (`crd2crd(.., shape, _1)`): `(idx / d) % s` per leaf, `_0` for a size-1 leaf.
fn flat_coord(idx: Int, m: &Layout) -> Result<Int> {
    const OP: &str = "get_slice";
    let mut acc = Int::constant(0);
    let mut scale = Int::constant(1);
    for (s, d) in m.leaves() {
        if s.value == 1 {
            continue;
        }
        if d.value == 0 {
            return Err(Error::new(
                OP,
                format!("the thread layout {m} has a stride-0 mode of extent {s}"),
            ));
        }
        let (q, _) = idx.floor_div_rem(d, OP)?;
        let (_, r) = q.floor_div_rem(s, OP)?;
        acc = acc.add(r.mul(scale, OP)?, OP)?;
        scale = scale.mul(s, OP)?;
    }
    Ok(acc)
}

/// C++ `print(TiledMMA)`, without the last newline.
impl fmt::Display for TiledMma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "TiledMMA")?;
        writeln!(f, "  ThrLayoutVMNK:  {}", self.thr_layout_vmnk)?;
        let [a, b, c] = &self.permutation;
        writeln!(f, "  PermutationMNK: ({a},{b},{c})")?;
        write!(f, "{}", self.atom)
    }
}

/// C++'s `ThrMMA`: a TiledMMA seen by one thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrMma {
    /// The TiledMMA.
    pub tiled: TiledMma,
    /// The thread index.
    pub thr_idx: Int,
    /// `thr_vmnk_`: the thread's `(v,m,n,k)` coordinate.
    pub thr_vmnk: Vec<Int>,
}

/// What can be partitioned: a layout (C++'s tensor without its pointer) or an identity tensor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Partitionable {
    /// A layout (C++'s tensor without its pointer); its partition is a layout and the offset
    /// of its element 0 ([`Partitioned::Layout`]).
    Layout(Layout),
    /// An identity tensor.
    Identity(IdentityTensor),
}

/// The result of a partition: the thread's layout and the offset of its first element, or
/// the thread's identity tensor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Partitioned {
    /// A layout's partition: the sub-layout and the offset of its element 0.
    Layout(Layout, Int),
    /// An identity tensor's partition.
    Identity(IdentityTensor),
}

impl fmt::Display for Partitioned {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Partitioned::Layout(l, off) => write!(f, "({l},{off})"),
            Partitioned::Identity(t) => write!(f, "{t}"),
        }
    }
}

/// Slice `thr` (a thrfrg result) at `crd`, as the tensor `t` would be.
pub(crate) fn slice_partition(
    t: &Partitionable,
    thr: &Layout,
    crd: &Coord,
    op: &'static str,
) -> Result<Partitioned> {
    Ok(match t {
        Partitionable::Layout(_) => {
            let (l, off) = slice_and_offset(crd, thr).map_err(|e| e.within(op))?;
            Partitioned::Layout(l, off)
        }
        Partitionable::Identity(id) => {
            Partitioned::Identity(id.slice_layout(crd, thr).map_err(|e| e.within(op))?)
        }
    })
}

impl Partitionable {
    /// An error on [`Partitionable::layout`], showing the tensor rather than its encoding.
    pub(crate) fn explain(&self, e: Error) -> Error {
        match self {
            Partitionable::Layout(_) => e,
            Partitionable::Identity(t) => t.explain(e),
        }
    }

    /// The layout to partition (encoded strides for an identity tensor).
    pub(crate) fn layout(&self) -> &Layout {
        match self {
            Partitionable::Layout(l) => l,
            Partitionable::Identity(t) => t.encoded_layout(),
        }
    }
}

impl ThrMma {
    fn partition(
        &self,
        t: &Partitionable,
        thr: Layout,
        (p, q): (usize, usize),
        op: &'static str,
    ) -> Result<Partitioned> {
        // thr_tensor(thr_vpq, make_coord(_, repeat<rank<1,1>(thr_tensor)>(_)))
        let rest_rank = mode(&mode(&thr, 1, op)?, 1, op)?.rank();
        let v = &self.thr_vmnk;
        let crd = Coord::Tuple(vec![
            Coord::Tuple(vec![
                Coord::Int(v[0]),
                Coord::Tuple(vec![Coord::Int(v[p + 1]), Coord::Int(v[q + 1])]),
            ]),
            Coord::Tuple(vec![
                Coord::Underscore,
                Coord::Tuple(vec![Coord::Underscore; rest_rank]),
            ]),
        ]);
        slice_partition(t, &thr, &crd, op)
    }

    /// C++ `partition_C(tensor)`: this thread's `(FrgV, RestM, RestN, ...)` of an `(M,N,...)`
    /// tensor.
    ///
    /// # Example
    /// ```
    /// use cute_core::dynamic::{atoms::mma_atom, make_tiled_mma, IdentityTensor, Int, Partitionable, Permutation};
    /// let atom = mma_atom("SM80_16x8x16_F32F16F16F32_TN", &[]).unwrap();
    /// let p = [Permutation::Int(Int::constant(32)), Permutation::Int(Int::constant(32)),
    ///          Permutation::Int(Int::constant(16))];
    /// let mma = make_tiled_mma(&atom, &"(_2,_2,_1):(_1,_2,_0)".parse().unwrap(), &p).unwrap();
    /// let c = IdentityTensor::new(&"(_64,_64)".parse().unwrap()).unwrap();
    /// let part = mma.get_slice(Int::dynamic(3)).unwrap().partition_c(&Partitionable::Identity(c)).unwrap();
    /// assert_eq!(part.to_string(), "ArithTuple(0,6) o ((_2,_2),_2,_4):((_1@1,_8@0),_32@0,_16@1)");
    /// ```
    pub fn partition_c(&self, t: &Partitionable) -> Result<Partitioned> {
        let thr = self.tiled.thrfrg_c(t.layout()).map_err(|e| t.explain(e))?;
        self.partition(t, thr, (0, 1), "partition_C")
    }

    /// C++ `partition_A(tensor)`: this thread's `(FrgV, RestM, RestK, ...)` of `(M,K,...)`.
    pub fn partition_a(&self, t: &Partitionable) -> Result<Partitioned> {
        let thr = self.tiled.thrfrg_a(t.layout()).map_err(|e| t.explain(e))?;
        self.partition(t, thr, (0, 2), "partition_A")
    }

    /// C++ `partition_B(tensor)`: this thread's `(FrgV, RestN, RestK, ...)` of `(N,K,...)`.
    pub fn partition_b(&self, t: &Partitionable) -> Result<Partitioned> {
        let thr = self.tiled.thrfrg_b(t.layout()).map_err(|e| t.explain(e))?;
        self.partition(t, thr, (1, 2), "partition_B")
    }
}

/// C++ `print(ThrMMA)`, without the last newline.
impl fmt::Display for ThrMma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "ThrMMA")?;
        let c: Vec<String> = self.thr_vmnk.iter().map(|i| format!("{i}")).collect();
        writeln!(f, "  Thr VMNK: ({})", c.join(","))?;
        write!(f, "{}", self.tiled)
    }
}
