//! The host side of TMA (feature `alloc`): port of `make_tma_copy` / `make_tma_atom` of
//! `cute/atom/copy_traits_sm90_tma.hpp` (`construct_tma_gbasis`, `fill_tma_gmem_shape_stride`,
//! `make_tma_copy_desc`) and `get_tma_swizzle_bits` of `copy_traits_sm90_tma_swizzle.hpp`, as
//! a pure computation: the parameters C++ CuTe passes to the driver's `cuTensorMapEncodeTiled`
//! ([`TmaEncodeParams`]) and the strides of the TMA coordinate tensor
//! ([`TmaCopyParams::tma_basis`]), computed from the global tensor's layout, the shared-memory
//! layout and the CTA tile. The driver call itself lives in the host crate (`cute_host::tma`),
//! so this runs and is tested on machines without a GPU.
//!
//! # Math (as C++)
//! 1. `inv = right_inverse(smem)`: shared index -> tile coordinate; composed with the CTA
//!    value map `cta_v_map = (t0,t1,..):(E<0>,E<1>,..)` and coalesced, it maps a shared index
//!    to a global mode (`sidx2gmode_full`, strides are scaled bases `s@j`).
//! 2. The TMA box is the leading run of modes whose strides are unit bases (`1@j`): a TMA box
//!    is contiguous in shared memory and one element apart along each global mode.
//! 3. Those modes' global strides, coalesced up to 256 elements a mode (`coalesce_256`), are
//!    the box's dimensions; global modes not touched by the box are appended with size 1, the
//!    trailing ones grouped so that the rank is at most 5.
//! 4. Each TMA mode's global extent and stride come from the global modes it covers (one mode:
//!    its shape and stride; several: the gcd recurrence of `fill_tma_gmem_shape_stride`),
//!    strides in bytes; the box of the last modes is divided by the multicast count.
//!
//! Only flat global tensors (each mode one integer) are supported; the TMA element type is the
//! tensor's element type (C++'s `TmaInternalType` defaulted).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use crate::dynamic::{right_inverse, Error, Int, IntTuple, Layout, Result, Swizzle};

const OP: &str = "make_tma_copy";

/// Which TMA instruction a copy is made for (C++'s `SM90_TMA_LOAD`,
/// `SM90_TMA_LOAD_MULTICAST`, `SM90_TMA_STORE` tag types).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TmaOp {
    /// `SM90_TMA_LOAD`: global to shared, one CTA.
    Load,
    /// `SM90_TMA_LOAD_MULTICAST`: global to shared of several CTAs of a cluster; each CTA
    /// loads a slice of the box (the box's outer modes divided by the multicast count).
    LoadMulticast,
    /// `SM90_TMA_STORE`: shared to global.
    Store,
}

/// `CUtensorMapDataType` (the driver's numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
#[allow(missing_docs)]
pub enum TmaDataType {
    Uint8 = 0,
    Uint16 = 1,
    Uint32 = 2,
    Int32 = 3,
    Uint64 = 4,
    Int64 = 5,
    Float16 = 6,
    Float32 = 7,
    Float64 = 8,
    Bfloat16 = 9,
    Float32Ftz = 10,
    Tfloat32 = 11,
    Tfloat32Ftz = 12,
}

impl TmaDataType {
    /// The element size in bits.
    pub fn bits(self) -> u64 {
        use TmaDataType::*;
        match self {
            Uint8 => 8,
            Uint16 | Float16 | Bfloat16 => 16,
            Uint32 | Int32 | Float32 | Float32Ftz | Tfloat32 | Tfloat32Ftz => 32,
            Uint64 | Int64 | Float64 => 64,
        }
    }
}

/// `CUtensorMapSwizzle` (the driver's numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum TmaSwizzle {
    /// `CU_TENSOR_MAP_SWIZZLE_NONE`.
    None = 0,
    /// `CU_TENSOR_MAP_SWIZZLE_32B`.
    B32 = 1,
    /// `CU_TENSOR_MAP_SWIZZLE_64B`.
    B64 = 2,
    /// `CU_TENSOR_MAP_SWIZZLE_128B`.
    B128 = 3,
}

/// `CU_TENSOR_MAP_INTERLEAVE_NONE`, what CuTe always passes.
pub const TMA_INTERLEAVE_NONE: u32 = 0;
/// `CU_TENSOR_MAP_L2_PROMOTION_L2_128B`, what CuTe always passes.
pub const TMA_L2_PROMOTION_128B: u32 = 2;
/// `CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE` (out-of-bounds elements read as zero), what CuTe passes.
pub const TMA_OOB_FILL_NONE: u32 = 0;

/// The arguments of `cuTensorMapEncodeTiled`, in its order. Arrays hold 5 entries; only the
/// first `rank` are passed (`global_strides`: the first `rank - 1`, in bytes: the innermost
/// stride is implicitly one element).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaEncodeParams {
    /// `tensorDataType`.
    pub data_type: TmaDataType,
    /// `tensorRank`.
    pub rank: u32,
    /// `globalAddress`.
    pub global_address: u64,
    /// `globalDim`.
    pub global_dim: [u64; 5],
    /// `globalStrides` (bytes).
    pub global_strides: [u64; 4],
    /// `boxDim`.
    pub box_dim: [u32; 5],
    /// `elementStrides`.
    pub element_strides: [u32; 5],
    /// `interleave` (`CUtensorMapInterleave`).
    pub interleave: u32,
    /// `swizzle`.
    pub swizzle: TmaSwizzle,
    /// `l2Promotion` (`CUtensorMapL2promotion`).
    pub l2_promotion: u32,
    /// `oobFill` (`CUtensorMapFloatOOBfill`).
    pub oob_fill: u32,
}

impl fmt::Display for TmaEncodeParams {
    /// The same lines `tests/cpp/tma.cpp` prints from its `cuTensorMapEncodeTiled`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.rank as usize;
        writeln!(f, "dtype {} rank {}", self.data_type as u32, self.rank)?;
        write!(f, "globalDim")?;
        for d in &self.global_dim[..r] {
            write!(f, " {d}")?;
        }
        write!(f, "\nglobalStrides")?;
        for d in &self.global_strides[..r.saturating_sub(1)] {
            write!(f, " {d}")?;
        }
        write!(f, "\nboxDim")?;
        for d in &self.box_dim[..r] {
            write!(f, " {d}")?;
        }
        write!(f, "\nelementStrides")?;
        for d in &self.element_strides[..r] {
            write!(f, " {d}")?;
        }
        writeln!(
            f,
            "\ninterleave {} swizzle {} l2promotion {} oobFill {}",
            self.interleave, self.swizzle as u32, self.l2_promotion, self.oob_fill
        )
    }
}

/// A scaled basis `scale@mode` (C++ `E<mode>{} * scale`); `scale == 0` is the zero stride.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScaledBasis {
    /// The mode `j` of `E<j>`.
    pub mode: usize,
    /// The scale.
    pub scale: i64,
    /// Whether the scale prints static (`_1@0`) or dynamic (`1@0`).
    pub is_static: bool,
}

impl fmt::Display for ScaledBasis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.scale == 0 {
            return f.write_str("_0");
        }
        let u = if self.is_static { "_" } else { "" };
        write!(f, "{u}{}@{}", self.scale, self.mode)
    }
}

/// What `make_tma_copy` computes on the host: the driver's arguments and the TMA coordinate
/// tensor's strides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaCopyParams {
    /// The arguments of `cuTensorMapEncodeTiled`.
    pub encode: TmaEncodeParams,
    /// `tma_gbasis` printed (TMA mode -> global modes), C++'s `AuxParams::TmaGmemBasis`.
    pub tma_gbasis: String,
    /// Per global mode, the TMA coordinate it moves: `get_tma_tensor(shape)` is
    /// `ArithTuple(_0,..) o shape:tma_basis` (C++'s `AuxParams::g_stride_`).
    pub tma_basis: Vec<ScaledBasis>,
    /// Elements one TMA instruction moves (`size(tma_gbasis)`, before multicast).
    pub elems_per_tma: u64,
}

impl TmaCopyParams {
    /// `print(tma.get_tma_tensor(shape))` of C++ for the global tensor's shape:
    /// `ArithTuple(_0,_0) o (4096,4096):(_1@0,_1@1)`.
    pub fn tma_tensor_string(&self, shape: &IntTuple) -> String {
        let n = self.tma_basis.len();
        let zeros: Vec<&str> = (0..self.encode.rank as usize).map(|_| "_0").collect();
        let strides: Vec<String> = self.tma_basis.iter().map(|b| b.to_string()).collect();
        let stride = if n == 1 {
            strides[0].clone()
        } else {
            format!("({})", strides.join(","))
        };
        format!("ArithTuple({}) o {}:{}", zeros.join(","), shape, stride)
    }
}

/// A shared-memory layout as `make_tma_copy` sees it: the swizzle portion (`None` for a plain
/// layout) and the non-swizzle layout, in elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaSmemLayout {
    /// `get_swizzle_portion(slayout)`.
    pub swizzle: Option<Swizzle>,
    /// `get_nonswizzle_portion(slayout)`.
    pub layout: Layout,
}

impl TmaSmemLayout {
    /// Reads a layout as CuTe prints it: `S:D`, or a composed layout `Sw<B,M,S> o X o S:D`
    /// (the middle offset, e.g. `_0` or `smem_ptr[16b](unset)`, is ignored: `make_tma_copy`
    /// reads only the swizzle and the layout). Typed layouts convert through their `Display`.
    ///
    /// # Example
    /// ```
    /// use cute_core::atom::copy_traits_sm90_tma::TmaSmemLayout;
    /// let s = TmaSmemLayout::parse("Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)").unwrap();
    /// assert_eq!(s.layout.to_string(), "(_64,_8):(_1,_64)");
    /// assert_eq!(s.swizzle.unwrap().bits(), 3);
    /// ```
    pub fn parse(text: &str) -> Result<TmaSmemLayout> {
        let parts: Vec<&str> = text.split(" o ").collect();
        let bad = || Error::new(OP, format!("cannot read the smem layout {text}"));
        match parts.as_slice() {
            [l] => Ok(TmaSmemLayout {
                swizzle: None,
                layout: l.parse()?,
            }),
            [sw, _, l] => {
                let inner = sw
                    .strip_prefix("Sw<")
                    .and_then(|s| s.strip_suffix('>'))
                    .ok_or_else(bad)?;
                let v: Vec<i64> = inner
                    .split(',')
                    .map(|x| x.trim().parse::<i64>())
                    .collect::<core::result::Result<_, _>>()
                    .map_err(|_| bad())?;
                if v.len() != 3 {
                    return Err(bad());
                }
                Ok(TmaSmemLayout {
                    swizzle: Some(Swizzle::new(v[0], v[1], v[2])?),
                    layout: l.parse()?,
                })
            }
            _ => Err(bad()),
        }
    }
}

/// One mode of a layout whose strides are scaled bases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct BMode {
    shape: i64,
    stride: ScaledBasis,
}

fn basis(mode: usize, scale: i64) -> ScaledBasis {
    ScaledBasis {
        mode,
        scale,
        is_static: true,
    }
}

/// `composition(lhs, s:d)` for a flat lhs with scaled-basis strides (CuTe's composition of a
/// flat layout with an integral rhs).
fn compose_flat(lhs: &[BMode], s: i64, d: i64) -> Result<Vec<BMode>> {
    let last = lhs.last().copied().unwrap_or(BMode {
        shape: 1,
        stride: basis(0, 0),
    });
    if d == 0 {
        return Ok(vec![BMode {
            shape: s,
            stride: basis(0, 0),
        }]);
    }
    let mut out = Vec::new();
    let (mut rest_shape, mut rest_stride) = (s, d);
    for m in &lhs[..lhs.len().saturating_sub(1)] {
        if m.shape % rest_stride != 0 && rest_stride % m.shape != 0 {
            return Err(Error::new(
                OP,
                format!(
                    "composition: the stride {rest_stride} does not divide the shape {}",
                    m.shape
                ),
            ));
        }
        let new_shape = (m.shape / rest_stride).max(1).min(rest_shape);
        if new_shape != 1 {
            out.push(BMode {
                shape: new_shape,
                stride: basis(m.stride.mode, m.stride.scale * rest_stride),
            });
        }
        if rest_shape % new_shape != 0 {
            return Err(Error::new(
                OP,
                format!("composition: the shape {new_shape} does not divide {rest_shape}"),
            ));
        }
        rest_shape /= new_shape;
        rest_stride = (rest_stride + m.shape - 1) / m.shape;
    }
    if rest_shape != 1 || out.is_empty() {
        out.push(BMode {
            shape: rest_shape,
            stride: basis(last.stride.mode, last.stride.scale * rest_stride),
        });
    }
    Ok(out)
}

/// `coalesce` of a flat scaled-basis layout: size-1 modes dropped, `s0:d0, s1:s0*d0` merged.
fn coalesce_basis(modes: &[BMode]) -> Vec<BMode> {
    let mut out: Vec<BMode> = Vec::new();
    for m in modes.iter().filter(|m| m.shape != 1) {
        if let Some(b) = out.last_mut() {
            let next = b.stride.scale * b.shape;
            if b.stride.scale != 0 && m.stride.mode == b.stride.mode && m.stride.scale == next {
                b.shape *= m.shape;
                continue;
            }
            if b.stride.scale == 0 && m.stride.scale == 0 {
                b.shape *= m.shape;
                continue;
            }
        }
        out.push(*m);
    }
    if out.is_empty() {
        out.push(BMode {
            shape: 1,
            stride: basis(0, 0),
        });
    }
    out
}

/// `coalesce_256`: merges `s0:d0, s1:s0*d0` only while the merged size is at most 256.
fn coalesce_256(modes: &[(i64, i64)]) -> Vec<(i64, i64)> {
    let mut out: Vec<(i64, i64)> = Vec::new();
    for &(s, d) in modes {
        if s == 1 {
            continue;
        }
        match out.last_mut() {
            Some(b) if b.0 * b.1 == d && s * b.0 <= 256 => b.0 *= s,
            _ => out.push((s, d)),
        }
    }
    if out.is_empty() {
        out.push((1, 0));
    }
    out
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn leaf_values(t: &IntTuple, what: &str) -> Result<Vec<Int>> {
    match t {
        IntTuple::Int { value, is_static } => Ok(vec![Int::new(*value, *is_static)]),
        IntTuple::Tuple(v) => v
            .iter()
            .map(|m| {
                m.as_int().ok_or_else(|| {
                    Error::new(
                        OP,
                        format!("the {what} {t} is not flat (each mode one integer)"),
                    )
                })
            })
            .collect(),
    }
}

/// `get_tma_swizzle_bits` / `get_tma_swizzle_base` and `to_CUtensorMapSwizzle`.
fn tma_swizzle(sw: Option<Swizzle>) -> Result<TmaSwizzle> {
    let Some(sw) = sw else {
        return Ok(TmaSwizzle::None);
    };
    let err = || {
        Error::new(
            OP,
            format!(
                "the swizzle Sw<{},{},{}> has no TMA swizzle mode (expected Sw<0..3,4,3>)",
                sw.bits(),
                sw.base(),
                sw.shift()
            ),
        )
    };
    if sw.base() != 4 || sw.shift() != 3 && sw.bits() != 0 {
        return Err(err());
    }
    Ok(match sw.bits() {
        0 => TmaSwizzle::None,
        1 => TmaSwizzle::B32,
        2 => TmaSwizzle::B64,
        3 => TmaSwizzle::B128,
        _ => return Err(err()),
    })
}

/// `make_tma_copy(op, gtensor, slayout, cta_tile, cluster_size)` on the host, the part before
/// the driver: the arguments C++ CuTe passes to `cuTensorMapEncodeTiled` and the TMA
/// coordinate strides.
///
/// `gmem_shape`/`gmem_stride`: the global tensor's layout in elements (flat, rank 1..5);
/// `address`: its first element's address (16-byte aligned); `smem`: the shared layout of one
/// CTA's tile (one stage); `cta_tile`: the tile's shape in the global modes (flat, the same
/// rank); `multicast`: the number of CTAs the box is split over (1 unless
/// [`TmaOp::LoadMulticast`]).
///
/// # Errors
/// Each C++ assertion as an error naming it, e.g. `make_tma_copy: the smem layout's
/// contiguous mode is not the gmem tensor's stride-1 mode (majorness of smem does not match
/// gmem)`.
///
/// # Example
/// ```
/// use cute_core::atom::copy_traits_sm90_tma::*;
/// let s = TmaSmemLayout::parse("Sw<3,4,3> o _0 o ((_64,_2),(_8,_8)):((_1,_512),(_64,_1024))").unwrap();
/// let p = make_tma_copy_params(TmaOp::Load, TmaDataType::Float16, 0x1000,
///     &"(4096,4096)".parse().unwrap(), &"(_1,4096)".parse().unwrap(), &s,
///     &"(_128,_64)".parse().unwrap(), 1).unwrap();
/// assert_eq!(p.encode.box_dim[..2], [64, 8]);
/// assert_eq!(p.encode.global_strides[0], 8192);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn make_tma_copy_params(
    op: TmaOp,
    data_type: TmaDataType,
    address: u64,
    gmem_shape: &IntTuple,
    gmem_stride: &IntTuple,
    smem: &TmaSmemLayout,
    cta_tile: &IntTuple,
    multicast: u32,
) -> Result<TmaCopyParams> {
    let gshape = leaf_values(gmem_shape, "gmem shape")?;
    let gstride = leaf_values(gmem_stride, "gmem stride")?;
    let tile = leaf_values(cta_tile, "CTA tile")?;
    let grank = gshape.len();
    if gstride.len() != grank || tile.len() != grank {
        return Err(Error::new(
            OP,
            format!("the gmem layout {gmem_shape}:{gmem_stride} and the CTA tile {cta_tile} have different ranks"),
        ));
    }
    if multicast == 0 || (op != TmaOp::LoadMulticast && multicast != 1) {
        return Err(Error::new(
            OP,
            format!(
                "a multicast count of {multicast} needs SM90_TMA_LOAD_MULTICAST (and at least 1)"
            ),
        ));
    }
    let smem_size = smem.layout.shape().product()?.value;
    let tile_size: i64 = tile.iter().map(|t| t.value).product();
    if smem_size != tile_size {
        return Err(Error::new(
            OP,
            format!(
                "the smem layout {} (size {smem_size}) and the CTA tile {cta_tile} (size {tile_size}) differ in size",
                smem.layout
            ),
        ));
    }
    // 1. smem idx -> gmem mode.
    let inv = right_inverse(&smem.layout)?;
    let cta_v_map: Vec<BMode> = tile
        .iter()
        .enumerate()
        .map(|(j, t)| BMode {
            shape: t.value,
            stride: basis(j, 1),
        })
        .collect();
    let mut composed = Vec::new();
    for (s, d) in inv.leaves() {
        composed.extend(compose_flat(&cta_v_map, s.value, d.value)?);
    }
    let full = coalesce_basis(&composed);
    // 2. The leading unit-basis modes.
    let smem_rank = full
        .iter()
        .position(|m| m.stride.scale != 1)
        .unwrap_or(full.len());
    if smem_rank == 0 {
        return Err(Error::new(
            OP,
            "could not find a common tile-gmem vectorization (does the tile select out major gmem modes?)",
        ));
    }
    let sidx2gmode = &full[..smem_rank];
    // 3. Box modes.
    let tile_gstride: Vec<(i64, i64)> = sidx2gmode
        .iter()
        .map(|m| (m.shape, gstride[m.stride.mode].value * m.stride.scale))
        .collect();
    let tma_gstride = coalesce_256(&tile_gstride);
    let mut tma_gbasis: Vec<Vec<BMode>> = Vec::new();
    let mut step = 1i64;
    for &(s, _) in &tma_gstride {
        tma_gbasis.push(compose_flat(sidx2gmode, s, step)?);
        step *= s;
    }
    for j in 0..grank {
        let unit_or_zero = (gshape[j].is_static && gshape[j].value == 1)
            || (gstride[j].is_static && gstride[j].value == 0);
        let found = tma_gbasis
            .iter()
            .flatten()
            .any(|m| m.stride.mode == j && m.stride.scale == 1);
        if !unit_or_zero && !found {
            tma_gbasis.push(vec![BMode {
                shape: 1,
                stride: basis(j, 1),
            }]);
        }
    }
    if tma_gbasis.len() > 5 {
        let tail: Vec<BMode> = tma_gbasis.drain(4..).flatten().collect();
        tma_gbasis.push(tail);
    }
    let tma_rank = tma_gbasis.len();
    // 4. Global extents and strides.
    let mut gdim = [1u64; 5];
    let mut gstr = [0u64; 5];
    for (i, modes) in tma_gbasis.iter().enumerate() {
        if modes.len() == 1 {
            let j = modes[0].stride.mode;
            gdim[i] = gshape[j].value as u64;
            gstr[i] = gstride[j].value as u64;
        } else {
            for m in modes {
                let j = m.stride.mode;
                let (shape_j, stride_j) = (gshape[j].value as u64, gstride[j].value as u64);
                let old = gstr[i];
                gstr[i] = gcd(gstr[i], stride_j);
                // Recurrence: g_shape = (s_i - 1) * (d_i / gcd_j d_j) + 1.
                gdim[i] = match (old.checked_div(gstr[i]), stride_j.checked_div(gstr[i])) {
                    (Some(o), Some(s)) => (gdim[i] - 1) * o + (shape_j - 1) * s + 1,
                    _ => shape_j,
                };
            }
        }
    }
    if address & 0xf != 0 {
        return Err(Error::new(
            OP,
            format!("the gmem address {address:#x} is not 16-byte aligned"),
        ));
    }
    if gstr[0] != 1 {
        return Err(Error::new(
            OP,
            format!(
                "the smem layout {}'s contiguous mode is not the gmem tensor {gmem_shape}:{gmem_stride}'s stride-1 mode (majorness of smem does not match gmem)",
                smem.layout
            ),
        ));
    }
    let bits = data_type.bits();
    for (i, d) in gdim.iter().enumerate() {
        if *d < 1 || *d > 1 << 32 {
            return Err(Error::new(
                OP,
                format!("the TMA global extent {d} of mode {i} is outside [1, 2^32]"),
            ));
        }
    }
    let mut global_strides = [0u64; 4];
    for i in 1..5 {
        let b = gstr[i] * bits / 8;
        if i < tma_rank && (b >= 1 << 40 || b % 16 != 0) {
            return Err(Error::new(
                OP,
                format!(
                    "the gmem stride of TMA mode {i} is {b} bytes, which is not a multiple of 16 below 2^40 (the gmem tensor {gmem_shape}:{gmem_stride} of {bits}-bit elements)"
                ),
            ));
        }
        global_strides[i - 1] = b;
    }
    // Box: the sizes of tma_gbasis's modes, the outer ones divided by the multicast count.
    let mut box_dim = [1u32; 5];
    for (i, modes) in tma_gbasis.iter().enumerate() {
        box_dim[i] = modes.iter().map(|m| m.shape).product::<i64>() as u32;
    }
    let elems_per_tma: u64 = box_dim.iter().map(|&b| b as u64).product();
    let mut mc = multicast;
    let mut i = tma_rank;
    while mc > 1 {
        if i == 0 {
            return Err(Error::new(
                OP,
                format!("the box cannot be split over {multicast} CTAs"),
            ));
        }
        i -= 1;
        if box_dim[i] % mc != 0 && mc % box_dim[i] != 0 {
            return Err(Error::new(
                OP,
                format!(
                    "the box extent {} and the multicast count {mc} do not divide each other",
                    box_dim[i]
                ),
            ));
        }
        let new_mc = mc.div_ceil(box_dim[i]);
        box_dim[i] = box_dim[i].div_ceil(mc);
        mc = new_mc;
    }
    for (i, b) in box_dim.iter().enumerate() {
        if *b < 1 || *b > 256 {
            return Err(Error::new(
                OP,
                format!("the TMA box extent {b} of mode {i} is outside [1, 256]"),
            ));
        }
    }
    let encode = TmaEncodeParams {
        data_type,
        rank: tma_rank as u32,
        global_address: address,
        global_dim: gdim,
        global_strides,
        box_dim,
        element_strides: [1; 5],
        interleave: TMA_INTERLEAVE_NONE,
        swizzle: tma_swizzle(smem.swizzle)?,
        l2_promotion: TMA_L2_PROMOTION_128B,
        oob_fill: TMA_OOB_FILL_NONE,
    };
    // The coordinate strides: gmem mode i moves TMA coordinate j.
    let tma_basis = (0..grank)
        .map(|i| {
            let unit_or_zero = (gshape[i].is_static && gshape[i].value == 1)
                || (gstride[i].is_static && gstride[i].value == 0);
            let j = tma_gbasis
                .iter()
                .position(|ms| ms.iter().any(|m| m.stride.mode == i && m.stride.scale == 1));
            match (unit_or_zero, j) {
                (true, _) | (_, None) => basis(0, 0),
                (false, Some(0)) => ScaledBasis {
                    mode: 0,
                    scale: gstride[i].value,
                    is_static: gstride[i].is_static,
                },
                (false, Some(j)) if tma_gbasis[j].len() == 1 => basis(j, 1),
                (false, Some(j)) => {
                    let bytes = gstr[j] * bits / 8;
                    let d = gstride[i].value as u64 * bits / bytes.max(16);
                    ScaledBasis {
                        mode: j,
                        scale: d.div_ceil(8) as i64,
                        is_static: false,
                    }
                }
            }
        })
        .collect();
    let tma_gbasis_string = print_gbasis(&tma_gbasis);
    let _ = op;
    Ok(TmaCopyParams {
        encode,
        tma_gbasis: tma_gbasis_string,
        tma_basis,
        elems_per_tma,
    })
}

fn print_gbasis(g: &[Vec<BMode>]) -> String {
    let mode = |ms: &Vec<BMode>, f: &dyn Fn(&BMode) -> String| {
        if ms.len() == 1 {
            f(&ms[0])
        } else {
            format!("({})", ms.iter().map(f).collect::<Vec<_>>().join(","))
        }
    };
    let shapes: Vec<String> = g
        .iter()
        .map(|ms| mode(ms, &|m| m.shape.to_string()))
        .collect();
    let strides: Vec<String> = g
        .iter()
        .map(|ms| mode(ms, &|m| m.stride.to_string()))
        .collect();
    if g.len() == 1 {
        format!("{}:{}", shapes[0], strides[0])
    } else {
        format!("({}):({})", shapes.join(","), strides.join(","))
    }
}
