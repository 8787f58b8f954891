//! TiledCopy on run-time layouts: port of the layout logic of `cute/atom/copy_atom.hpp`
//! (`Copy_Atom`'s value layouts, `make_tiled_copy`, `tidfrg_S/D`, `get_layoutS/D_TV`,
//! `get_slice`, `partition_S/D`), for the `cute` tool; the typed [`crate::atom::copy_atom`]
//! is what kernels use.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use super::mma_atom::{slice_partition, Partitionable, Partitioned};
use super::{
    coalesce_profile, composition, make_layout, raked_product, right_inverse, size, slice, upcast,
    zipped_divide, Coord, Error, Int, IntTuple, Layout, Result, TiledMma, Tiler,
};

/// A copy atom: C++'s `Copy_Atom<Op, ValType>`, its bit layouts recast to `ValType`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyAtom {
    /// The operation's name as written (`SM75_U32x4_LDSM_N`).
    pub name: String,
    /// `ThrID`.
    pub thr_id: Layout,
    /// `ValLayoutSrc`: `(thread, value) ->` source value.
    pub val_layout_src: Layout,
    /// `ValLayoutDst`.
    pub val_layout_dst: Layout,
    /// `ValLayoutRef`.
    pub val_layout_ref: Layout,
    /// `sizeof_bits<ValType>`.
    pub value_bits: i64,
}

impl CopyAtom {
    /// `Copy_Atom<Op, T>` from `Copy_Traits<Op>`'s bit layouts: each is
    /// `recast_layout<uint1_t, T>` (`upcast<sizeof_bits<T>>`) of the traits' layout.
    ///
    /// # Preconditions
    /// `value_bits >= 1` divides the layouts' strides, and each value layout has
    /// `size(ThrID)` threads (C++'s "CopyOperation is not valid for Src of ValType"), else
    /// `Err`.
    ///
    /// # Example
    /// ```
    /// use cute_core::dynamic::CopyAtom;
    /// let b = "(_1,_128):(_0,_1)".parse().unwrap();
    /// let a = CopyAtom::new("UniversalCopy<uint128_t>", "_1:_0".parse().unwrap(), &b, &b, &b, 32).unwrap();
    /// assert_eq!(a.val_layout_src.to_string(), "(_1,_4):(_0,_1)");
    /// ```
    pub fn new(
        name: &str,
        thr_id: Layout,
        bit_src: &Layout,
        bit_dst: &Layout,
        bit_ref: &Layout,
        value_bits: i64,
    ) -> Result<CopyAtom> {
        const OP: &str = "Copy_Atom";
        if value_bits < 1 {
            return Err(Error::new(OP, format!("a value of {value_bits} bits")));
        }
        let recast = |l: &Layout, what: &str| -> Result<Layout> {
            let v = upcast(l, value_bits).map_err(|e| e.within(OP))?;
            let t = size(&thr_id)?;
            let n = size(&v.mode(0).unwrap_or_else(|| v.clone()))?;
            if v.rank() != 2 || n.value != t.value {
                return Err(Error::new(
                    OP,
                    format!("{name} is not valid for {what} of {value_bits}-bit values ({v})"),
                ));
            }
            Ok(v)
        };
        Ok(CopyAtom {
            name: name.into(),
            val_layout_src: recast(bit_src, "Src")?,
            val_layout_dst: recast(bit_dst, "Dst")?,
            val_layout_ref: recast(bit_ref, "Ref")?,
            thr_id,
            value_bits,
        })
    }

    fn num(&self, i: usize) -> Result<Int> {
        size(&self.val_layout_ref.mode(i).expect("rank 2"))
    }
}

/// C++ `print(Copy_Atom)`, without the last newline.
impl fmt::Display for CopyAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Copy_Atom")?;
        writeln!(f, "  ThrID:        {}", self.thr_id)?;
        writeln!(f, "  ValLayoutSrc: {}", self.val_layout_src)?;
        writeln!(f, "  ValLayoutDst: {}", self.val_layout_dst)?;
        writeln!(f, "  ValLayoutRef: {}", self.val_layout_ref)?;
        write!(f, "  ValueType:    {}b", self.value_bits)
    }
}

/// C++'s `TiledCopy<Atom, LayoutCopy_TV, ShapeTiler_MN>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledCopy {
    /// The atom.
    pub atom: CopyAtom,
    /// `TiledLayout_TV`: `(thread, value) ->` column-major index of the tile.
    pub layout_tv: Layout,
    /// `Tiler_MN`: the tile's shape.
    pub tiler_mn: IntTuple,
}

/// C++ `make_tiled_copy(atom, thr_layout, val_layout)`: `(m,n) -> thr` and `(m,n) -> val`
/// raked together; `TiledLayout_TV = right_inverse(raked_product(thr, val))` with shape
/// `(size(thr), size(val))`, `Tiler_MN = product_each(shape(raked_product(thr, val)))`.
///
/// # Preconditions
/// The threads and values are multiples of the atom's (C++'s "TiledCopy uses too few thrs /
/// vals for selected CopyAtom"), and the products exist; else `Err`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{atoms::copy_atom, make_tiled_copy};
/// let atom = copy_atom("UniversalCopy", &["uint128_t".into()], "float").unwrap();
/// let c = make_tiled_copy(&atom, &"(_32,_8):(_8,_1)".parse().unwrap(), &"(_1,_4):(_0,_1)".parse().unwrap()).unwrap();
/// assert_eq!(c.layout_tv.to_string(), "((_8,_32),_4):((_128,_1),_32)");
/// assert_eq!(c.tiler_mn.to_string(), "(_32,_32)");
/// ```
pub fn make_tiled_copy(atom: &CopyAtom, thr: &Layout, val: &Layout) -> Result<TiledCopy> {
    const OP: &str = "make_tiled_copy";
    let mn = raked_product(thr, val).map_err(|e| e.within(OP))?;
    let shape = IntTuple::Tuple(vec![IntTuple::from(size(thr)?), IntTuple::from(size(val)?)]);
    let inv = right_inverse(&mn).map_err(|e| e.within(OP))?;
    let layout_tv = composition(&inv, &Layout::compact(&shape)?).map_err(|e| e.within(OP))?;
    let tiler_mn = IntTuple::Tuple(
        mn.modes()
            .iter()
            .map(|m| size(m).map(IntTuple::from))
            .collect::<Result<Vec<_>>>()?,
    );
    let c = TiledCopy {
        atom: atom.clone(),
        layout_tv,
        tiler_mn,
    };
    c.check_atom(OP)?;
    Ok(c)
}

/// C++ `make_tiled_copy_A(atom, mma)` (`which` 0), `_B` (1), `_C` (2): the TiledCopy whose
/// TV layout is the TiledMMA's A, B or C layout over its `(M,K)`, `(N,K)` or `(M,N)` tile.
///
/// # Example
/// ```
/// use cute_core::dynamic::{atoms::{copy_atom, mma_atom}, make_tiled_copy_mma, make_tiled_mma, Permutation};
/// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F16F16F16F16_TN", &[]).unwrap(),
///     &"(_2,_2,_1):(_1,_2,_0)".parse().unwrap(), &[Permutation::Underscore, Permutation::Underscore, Permutation::Underscore]).unwrap();
/// let c = make_tiled_copy_mma(&copy_atom("SM75_U32x4_LDSM_N", &[], "half_t").unwrap(), &mma, 0).unwrap();
/// assert_eq!(c.tiler_mn.to_string(), "(_32,_16)");
/// ```
pub fn make_tiled_copy_mma(atom: &CopyAtom, mma: &TiledMma, which: usize) -> Result<TiledCopy> {
    let (tv, (p, q)) = match which {
        0 => (mma.get_layout_a_tv()?, (0, 2)),
        1 => (mma.get_layout_b_tv()?, (1, 2)),
        _ => (mma.get_layout_c_tv()?, (0, 1)),
    };
    let tiler_mn = IntTuple::Tuple(vec![
        IntTuple::from(mma.tile_size_mnk(p)?),
        IntTuple::from(mma.tile_size_mnk(q)?),
    ]);
    let c = TiledCopy {
        atom: atom.clone(),
        layout_tv: tv,
        tiler_mn,
    };
    c.check_atom(
        [
            "make_tiled_copy_A",
            "make_tiled_copy_B",
            "make_tiled_copy_C",
        ][which.min(2)],
    )?;
    Ok(c)
}

fn mode(l: &Layout, i: usize) -> Result<Layout> {
    l.mode(i)
        .ok_or_else(|| Error::new("TiledCopy", format!("{l} has no mode {i}")))
}

impl TiledCopy {
    /// C++'s static asserts: the TV layout's threads and values are multiples of the atom's.
    fn check_atom(&self, op: &'static str) -> Result<()> {
        let tt = size(&mode(&self.layout_tv, 0)?)?;
        let tv = size(&mode(&self.layout_tv, 1)?)?;
        let (at, av) = (self.atom.num(0)?, self.atom.num(1)?);
        if tt.value % at.value != 0 {
            return Err(Error::new(
                op,
                format!("TiledCopy uses too few thrs ({tt}) for selected CopyAtom ({at})"),
            ));
        }
        if tv.value % av.value != 0 {
            return Err(Error::new(
                op,
                format!("TiledCopy uses too few vals ({tv}) for selected CopyAtom ({av})"),
            ));
        }
        Ok(())
    }

    /// C++ `size(tiled_copy)`: the number of threads.
    pub fn size(&self) -> Result<Int> {
        size(&mode(&self.layout_tv, 0)?)
    }

    fn tiler(&self) -> Result<Tiler> {
        Ok(Tiler::Tuple(
            self.tiler_mn
                .modes()
                .into_iter()
                .map(|m| Layout::compact(&m).map(Tiler::Layout))
                .collect::<Result<Vec<_>>>()?,
        ))
    }

    /// `right_inverse(AtomLayoutRef).compose(AtomLayoutSrc or Dst)`.
    fn ref2trg(&self, trg: &Layout) -> Result<Layout> {
        composition(&right_inverse(&self.atom.val_layout_ref)?, trg)
    }

    /// C++ `tile2thrfrg(tensor, ref2trg)`: `((TileM,TileN),(RestM,RestN,...))` to
    /// `(Thr,(FrgV,FrgX),(RestM,RestN,...))`.
    fn tile2thrfrg(&self, tensor: &Layout, ref2trg: &Layout) -> Result<Layout> {
        let atom_tile = Tiler::Tuple(vec![
            Tiler::Layout(Layout::compact(&IntTuple::from(self.atom.num(0)?))?),
            Tiler::Layout(Layout::compact(&IntTuple::from(self.atom.num(1)?))?),
        ]);
        // ((atom_tid,atom_val),(rest_tid,rest_val)) -> (m,n)
        let atom_tv = zipped_divide(&self.layout_tv, &atom_tile)?;
        let trg = composition(&mode(&atom_tv, 0)?, ref2trg)?;
        let rest = mode(&atom_tv, 1)?;
        // zip: ((trg_tid,rest_tid),(trg_val,rest_val))
        let zipped = make_layout(&[
            make_layout(&[mode(&trg, 0)?, mode(&rest, 0)?]),
            make_layout(&[mode(&trg, 1)?, mode(&rest, 1)?]),
        ]);
        let profile = IntTuple::Tuple(vec![
            IntTuple::from(Int::constant(1)),
            IntTuple::Tuple(vec![
                IntTuple::from(Int::constant(1)),
                IntTuple::from(Int::constant(1)),
            ]),
        ]);
        let thrval2mn = coalesce_profile(&zipped, &profile)?;
        let mut modes = vec![composition(&mode(tensor, 0)?, &thrval2mn)?];
        modes.extend(tensor.modes().into_iter().skip(1));
        let tv_tensor = make_layout(&modes);
        // tv_tensor(make_coord(_,_), _)
        let mut crd = vec![Coord::Tuple(vec![Coord::Underscore, Coord::Underscore])];
        crd.extend((1..tv_tensor.rank()).map(|_| Coord::Underscore));
        slice(&Coord::Tuple(crd), &tv_tensor)
    }

    fn tidfrg(&self, l: &Layout, trg: &Layout, op: &'static str) -> Result<Layout> {
        (|| {
            let r = self.tiler_mn.rank();
            if l.rank() < r {
                return Err(Error::new(
                    op,
                    format!("the rank of {l} is below the tiler {}'s", self.tiler_mn),
                ));
            }
            self.tile2thrfrg(&zipped_divide(l, &self.tiler()?)?, &self.ref2trg(trg)?)
        })()
        .map_err(|e: Error| e.within(op))
    }

    /// C++ `tidfrg_S(layout)`: `(M,N,...) -> (Thr,(FrgV,FrgX),(RestM,RestN,...))`.
    pub fn tidfrg_s(&self, l: &Layout) -> Result<Layout> {
        self.tidfrg(l, &self.atom.val_layout_src, "tidfrg_S")
    }

    /// C++ `tidfrg_D(layout)`.
    pub fn tidfrg_d(&self, l: &Layout) -> Result<Layout> {
        self.tidfrg(l, &self.atom.val_layout_dst, "tidfrg_D")
    }

    fn layout_tv_of(&self, trg: &Layout, op: &'static str) -> Result<Layout> {
        (|| {
            let shape = IntTuple::Tuple(vec![
                self.tiler_mn.clone(),
                IntTuple::from(Int::constant(1)),
            ]);
            let t = self.tile2thrfrg(&Layout::compact(&shape)?, &self.ref2trg(trg)?)?;
            let crd = Coord::Tuple(vec![
                Coord::Underscore,
                Coord::Underscore,
                Coord::Int(Int::constant(0)),
            ]);
            slice(&crd, &t)
        })()
        .map_err(|e: Error| e.within(op))
    }

    /// C++ `get_layoutS_TV()`: `(thr_idx, val_idx) ->` column-major index of the tile.
    pub fn get_layout_s_tv(&self) -> Result<Layout> {
        self.layout_tv_of(&self.atom.val_layout_src, "get_layoutS_TV")
    }

    /// C++ `get_layoutD_TV()`.
    pub fn get_layout_d_tv(&self) -> Result<Layout> {
        self.layout_tv_of(&self.atom.val_layout_dst, "get_layoutD_TV")
    }

    /// The tile's `(M, N)` (a rank-2 `Tiler_MN`'s sizes), for pictures.
    pub fn tile_mn(&self) -> Result<(i64, i64)> {
        match &self.tiler_mn.modes()[..] {
            [m, n] => Ok((m.product()?.value, n.product()?.value)),
            _ => Err(Error::new(
                "TiledCopy",
                format!("the tiler {} is not rank 2", self.tiler_mn),
            )),
        }
    }

    /// C++ `get_slice(thr_idx)`.
    ///
    /// # Preconditions
    /// `0 <= thr_idx < size(tiled_copy)`, else `Err`.
    pub fn get_slice(&self, thr_idx: Int) -> Result<ThrCopy> {
        let n = self.size()?;
        if thr_idx.value < 0 || thr_idx.value >= n.value {
            return Err(Error::new(
                "get_slice",
                format!("the thread index {thr_idx} is out of range for {n} threads"),
            ));
        }
        Ok(ThrCopy {
            tiled: self.clone(),
            thr_idx,
        })
    }
}

/// C++ `print(TiledCopy)`, without the last newline.
impl fmt::Display for TiledCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "TiledCopy")?;
        writeln!(f, "  Tiler_MN:       {}", self.tiler_mn)?;
        writeln!(f, "  TiledLayout_TV: {}", self.layout_tv)?;
        write!(f, "{}", self.atom)
    }
}

/// C++'s `ThrCopy`: a TiledCopy seen by one thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrCopy {
    /// The TiledCopy.
    pub tiled: TiledCopy,
    /// The thread index.
    pub thr_idx: Int,
}

impl ThrCopy {
    fn partition(&self, t: &Partitionable, thr: Layout, op: &'static str) -> Result<Partitioned> {
        // thr_tensor(thr_idx_, _, repeat<rank_v<Tensor>>(_))
        let r = t.layout().rank();
        let crd = Coord::Tuple(vec![
            Coord::Int(self.thr_idx),
            Coord::Underscore,
            Coord::Tuple(vec![Coord::Underscore; r]),
        ]);
        slice_partition(t, &thr, &crd, op)
    }

    /// C++ `partition_S(tensor)`: this thread's `(CPY_V, CPY_M, CPY_N, ...)` of the source.
    ///
    /// # Example
    /// ```
    /// use cute_core::dynamic::{atoms::copy_atom, make_tiled_copy, IdentityTensor, Int, Partitionable};
    /// let atom = copy_atom("UniversalCopy", &["uint128_t".into()], "float").unwrap();
    /// let c = make_tiled_copy(&atom, &"(_32,_8):(_8,_1)".parse().unwrap(), &"(_1,_4):(_0,_1)".parse().unwrap()).unwrap();
    /// let t = IdentityTensor::new(&"(_128,_32)".parse().unwrap()).unwrap();
    /// let p = c.get_slice(Int::dynamic(5)).unwrap().partition_s(&Partitionable::Identity(t)).unwrap();
    /// assert_eq!(p.to_string(), "ArithTuple(0,20) o ((_4,_1),_4,_1):((_1@1,_0),_32@0,_0)");
    /// ```
    pub fn partition_s(&self, t: &Partitionable) -> Result<Partitioned> {
        let thr = self.tiled.tidfrg_s(t.layout()).map_err(|e| t.explain(e))?;
        self.partition(t, thr, "partition_S")
    }

    /// C++ `partition_D(tensor)`.
    pub fn partition_d(&self, t: &Partitionable) -> Result<Partitioned> {
        let thr = self.tiled.tidfrg_d(t.layout()).map_err(|e| t.explain(e))?;
        self.partition(t, thr, "partition_D")
    }
}

/// C++ `print(ThrCopy)`, without the last newline.
impl fmt::Display for ThrCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "ThrCopy")?;
        writeln!(f, "  ThrIdx: {}", self.thr_idx)?;
        write!(f, "{}", self.tiled)
    }
}
