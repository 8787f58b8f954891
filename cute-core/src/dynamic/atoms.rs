//! The project's MMA and copy atoms by their C++ names, as run-time layouts: the `cute` tool's
//! `make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, ...)`.
//!
//! Each entry prints the static traits (`atom::mma_traits_sm80`, `mma_traits_sm90_gmma`,
//! `copy_traits_sm75`, ...) and parses the text, so the registry and the typed atoms cannot
//! disagree. `UniversalFMA`, `UniversalCopy` and `cp.async` take any element type: their
//! layouts are the one-thread formula of `copy_traits.rs` / `mma_traits.rs` at the type's width.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{CopyAtom, Error, IntTuple, Layout, MmaAtom, Result};
use crate::atom::copy_traits::CopyTraits;
use crate::atom::mma_traits::MmaTraits;

/// `sizeof_bits` of a C++ element type name (`float`, `half_t`, `uint128_t`, ...).
///
/// # Example
/// ```
/// assert_eq!(cute_core::dynamic::atoms::sizeof_bits("cute::half_t"), Some(16));
/// assert_eq!(cute_core::dynamic::atoms::sizeof_bits("quux"), None);
/// ```
pub fn sizeof_bits(ty: &str) -> Option<i64> {
    Some(match last(ty) {
        "uint1_t" | "bool" => 1,
        "int8_t" | "uint8_t" | "char" | "float_e4m3_t" | "float_e5m2_t" => 8,
        "half_t" | "bfloat16_t" | "int16_t" | "uint16_t" | "half" | "__half" => 16,
        "float" | "tfloat32_t" | "int" | "int32_t" | "uint32_t" | "unsigned" => 32,
        "double" | "int64_t" | "uint64_t" => 64,
        "uint128_t" => 128,
        _ => return None,
    })
}

/// The last `::` segment of a qualified name (`cute::SM90::GMMA::Major::K` -> `K`).
fn last(name: &str) -> &str {
    name.rsplit("::").next().unwrap_or(name).trim()
}

fn parse(s: String) -> Layout {
    s.parse()
        .expect("a static layout prints as text the dynamic parser reads")
}

fn mma_from<Op: MmaTraits>(name: &str) -> MmaAtom {
    MmaAtom {
        name: name.into(),
        thr_id: parse(Op::ThrId::default().to_string()),
        shape_mnk: crate::util::print::display(&Op::ShapeMnk::default())
            .to_string()
            .parse::<IntTuple>()
            .expect("a static shape prints as text the dynamic parser reads"),
        layout_a_tv: parse(Op::ALayout::default().to_string()),
        layout_b_tv: parse(Op::BLayout::default().to_string()),
        layout_c_tv: parse(Op::CLayout::default().to_string()),
    }
}

macro_rules! by_name {
    ($name:expr, $f:ident, $($m:ident::$Op:ident),* $(,)?) => {
        match $name {
            $(stringify!($Op) => Some($f::<crate::arch::$m::$Op>(stringify!($Op))),)*
            _ => None,
        }
    };
}

/// The GMMA ops: one per `N` and types, SS and RS.
macro_rules! gmma_by_name {
    ($name:expr, $($Op:ident),* $(,)?) => {
        match $name {
            $(stringify!($Op) => Some(mma_from::<
                crate::arch::mma_sm90_gmma::$Op<
                    crate::arch::mma_sm90_gmma::GMMA::Major::K,
                    crate::arch::mma_sm90_gmma::GMMA::Major::K>>(stringify!($Op))),)*
            _ => None,
        }
    };
}

fn gmma(name: &str) -> Option<MmaAtom> {
    gmma_by_name!(
        name,
        SM90_64x8x16_F16F16F16_SS,
        SM90_64x16x16_F16F16F16_SS,
        SM90_64x32x16_F16F16F16_SS,
        SM90_64x64x16_F16F16F16_SS,
        SM90_64x96x16_F16F16F16_SS,
        SM90_64x128x16_F16F16F16_SS,
        SM90_64x192x16_F16F16F16_SS,
        SM90_64x256x16_F16F16F16_SS,
        SM90_64x8x16_F32F16F16_SS,
        SM90_64x16x16_F32F16F16_SS,
        SM90_64x32x16_F32F16F16_SS,
        SM90_64x64x16_F32F16F16_SS,
        SM90_64x96x16_F32F16F16_SS,
        SM90_64x128x16_F32F16F16_SS,
        SM90_64x192x16_F32F16F16_SS,
        SM90_64x256x16_F32F16F16_SS,
        SM90_64x8x16_F32F16F16_RS,
        SM90_64x16x16_F32F16F16_RS,
        SM90_64x32x16_F32F16F16_RS,
        SM90_64x64x16_F32F16F16_RS,
        SM90_64x96x16_F32F16F16_RS,
        SM90_64x128x16_F32F16F16_RS,
        SM90_64x192x16_F32F16F16_RS,
        SM90_64x256x16_F32F16F16_RS,
        SM90_64x8x16_F32BF16BF16_SS,
        SM90_64x16x16_F32BF16BF16_SS,
        SM90_64x32x16_F32BF16BF16_SS,
        SM90_64x64x16_F32BF16BF16_SS,
        SM90_64x96x16_F32BF16BF16_SS,
        SM90_64x128x16_F32BF16BF16_SS,
        SM90_64x192x16_F32BF16BF16_SS,
        SM90_64x256x16_F32BF16BF16_SS,
        SM90_64x8x16_F32BF16BF16_RS,
        SM90_64x16x16_F32BF16BF16_RS,
        SM90_64x32x16_F32BF16BF16_RS,
        SM90_64x64x16_F32BF16BF16_RS,
        SM90_64x96x16_F32BF16BF16_RS,
        SM90_64x128x16_F32BF16BF16_RS,
        SM90_64x192x16_F32BF16BF16_RS,
        SM90_64x256x16_F32BF16BF16_RS,
    )
}

/// The 8-bit GMMA ops (`_TN`: no majors), with the default scales.
macro_rules! gmma_tn_by_name {
    ($name:expr, $($Op:ident),* $(,)?) => {
        match $name {
            $(stringify!($Op) => Some(mma_from::<crate::arch::mma_sm90_gmma::$Op>(stringify!($Op))),)*
            _ => None,
        }
    };
}

fn gmma_tn(name: &str) -> Option<MmaAtom> {
    gmma_tn_by_name!(
        name,
        SM90_64x8x32_F16E4M3E4M3_SS_TN,
        SM90_64x8x32_F16E4M3E4M3_RS_TN,
        SM90_64x8x32_F32E4M3E4M3_SS_TN,
        SM90_64x8x32_F32E4M3E4M3_RS_TN,
        SM90_64x8x32_F16E4M3E5M2_SS_TN,
        SM90_64x8x32_F16E4M3E5M2_RS_TN,
        SM90_64x8x32_F32E4M3E5M2_SS_TN,
        SM90_64x8x32_F32E4M3E5M2_RS_TN,
        SM90_64x8x32_F16E5M2E4M3_SS_TN,
        SM90_64x8x32_F16E5M2E4M3_RS_TN,
        SM90_64x8x32_F32E5M2E4M3_SS_TN,
        SM90_64x8x32_F32E5M2E4M3_RS_TN,
        SM90_64x8x32_F16E5M2E5M2_SS_TN,
        SM90_64x8x32_F16E5M2E5M2_RS_TN,
        SM90_64x8x32_F32E5M2E5M2_SS_TN,
        SM90_64x8x32_F32E5M2E5M2_RS_TN,
        SM90_64x16x32_F16E4M3E4M3_SS_TN,
        SM90_64x16x32_F16E4M3E4M3_RS_TN,
        SM90_64x16x32_F32E4M3E4M3_SS_TN,
        SM90_64x16x32_F32E4M3E4M3_RS_TN,
        SM90_64x16x32_F16E4M3E5M2_SS_TN,
        SM90_64x16x32_F16E4M3E5M2_RS_TN,
        SM90_64x16x32_F32E4M3E5M2_SS_TN,
        SM90_64x16x32_F32E4M3E5M2_RS_TN,
        SM90_64x16x32_F16E5M2E4M3_SS_TN,
        SM90_64x16x32_F16E5M2E4M3_RS_TN,
        SM90_64x16x32_F32E5M2E4M3_SS_TN,
        SM90_64x16x32_F32E5M2E4M3_RS_TN,
        SM90_64x16x32_F16E5M2E5M2_SS_TN,
        SM90_64x16x32_F16E5M2E5M2_RS_TN,
        SM90_64x16x32_F32E5M2E5M2_SS_TN,
        SM90_64x16x32_F32E5M2E5M2_RS_TN,
        SM90_64x32x32_F16E4M3E4M3_SS_TN,
        SM90_64x32x32_F16E4M3E4M3_RS_TN,
        SM90_64x32x32_F32E4M3E4M3_SS_TN,
        SM90_64x32x32_F32E4M3E4M3_RS_TN,
        SM90_64x32x32_F16E4M3E5M2_SS_TN,
        SM90_64x32x32_F16E4M3E5M2_RS_TN,
        SM90_64x32x32_F32E4M3E5M2_SS_TN,
        SM90_64x32x32_F32E4M3E5M2_RS_TN,
        SM90_64x32x32_F16E5M2E4M3_SS_TN,
        SM90_64x32x32_F16E5M2E4M3_RS_TN,
        SM90_64x32x32_F32E5M2E4M3_SS_TN,
        SM90_64x32x32_F32E5M2E4M3_RS_TN,
        SM90_64x32x32_F16E5M2E5M2_SS_TN,
        SM90_64x32x32_F16E5M2E5M2_RS_TN,
        SM90_64x32x32_F32E5M2E5M2_SS_TN,
        SM90_64x32x32_F32E5M2E5M2_RS_TN,
        SM90_64x64x32_F16E4M3E4M3_SS_TN,
        SM90_64x64x32_F16E4M3E4M3_RS_TN,
        SM90_64x64x32_F32E4M3E4M3_SS_TN,
        SM90_64x64x32_F32E4M3E4M3_RS_TN,
        SM90_64x64x32_F16E4M3E5M2_SS_TN,
        SM90_64x64x32_F16E4M3E5M2_RS_TN,
        SM90_64x64x32_F32E4M3E5M2_SS_TN,
        SM90_64x64x32_F32E4M3E5M2_RS_TN,
        SM90_64x64x32_F16E5M2E4M3_SS_TN,
        SM90_64x64x32_F16E5M2E4M3_RS_TN,
        SM90_64x64x32_F32E5M2E4M3_SS_TN,
        SM90_64x64x32_F32E5M2E4M3_RS_TN,
        SM90_64x64x32_F16E5M2E5M2_SS_TN,
        SM90_64x64x32_F16E5M2E5M2_RS_TN,
        SM90_64x64x32_F32E5M2E5M2_SS_TN,
        SM90_64x64x32_F32E5M2E5M2_RS_TN,
        SM90_64x96x32_F16E4M3E4M3_SS_TN,
        SM90_64x96x32_F16E4M3E4M3_RS_TN,
        SM90_64x96x32_F32E4M3E4M3_SS_TN,
        SM90_64x96x32_F32E4M3E4M3_RS_TN,
        SM90_64x96x32_F16E4M3E5M2_SS_TN,
        SM90_64x96x32_F16E4M3E5M2_RS_TN,
        SM90_64x96x32_F32E4M3E5M2_SS_TN,
        SM90_64x96x32_F32E4M3E5M2_RS_TN,
        SM90_64x96x32_F16E5M2E4M3_SS_TN,
        SM90_64x96x32_F16E5M2E4M3_RS_TN,
        SM90_64x96x32_F32E5M2E4M3_SS_TN,
        SM90_64x96x32_F32E5M2E4M3_RS_TN,
        SM90_64x96x32_F16E5M2E5M2_SS_TN,
        SM90_64x96x32_F16E5M2E5M2_RS_TN,
        SM90_64x96x32_F32E5M2E5M2_SS_TN,
        SM90_64x96x32_F32E5M2E5M2_RS_TN,
        SM90_64x128x32_F16E4M3E4M3_SS_TN,
        SM90_64x128x32_F16E4M3E4M3_RS_TN,
        SM90_64x128x32_F32E4M3E4M3_SS_TN,
        SM90_64x128x32_F32E4M3E4M3_RS_TN,
        SM90_64x128x32_F16E4M3E5M2_SS_TN,
        SM90_64x128x32_F16E4M3E5M2_RS_TN,
        SM90_64x128x32_F32E4M3E5M2_SS_TN,
        SM90_64x128x32_F32E4M3E5M2_RS_TN,
        SM90_64x128x32_F16E5M2E4M3_SS_TN,
        SM90_64x128x32_F16E5M2E4M3_RS_TN,
        SM90_64x128x32_F32E5M2E4M3_SS_TN,
        SM90_64x128x32_F32E5M2E4M3_RS_TN,
        SM90_64x128x32_F16E5M2E5M2_SS_TN,
        SM90_64x128x32_F16E5M2E5M2_RS_TN,
        SM90_64x128x32_F32E5M2E5M2_SS_TN,
        SM90_64x128x32_F32E5M2E5M2_RS_TN,
        SM90_64x192x32_F16E4M3E4M3_SS_TN,
        SM90_64x192x32_F16E4M3E4M3_RS_TN,
        SM90_64x192x32_F32E4M3E4M3_SS_TN,
        SM90_64x192x32_F32E4M3E4M3_RS_TN,
        SM90_64x192x32_F16E4M3E5M2_SS_TN,
        SM90_64x192x32_F16E4M3E5M2_RS_TN,
        SM90_64x192x32_F32E4M3E5M2_SS_TN,
        SM90_64x192x32_F32E4M3E5M2_RS_TN,
        SM90_64x192x32_F16E5M2E4M3_SS_TN,
        SM90_64x192x32_F16E5M2E4M3_RS_TN,
        SM90_64x192x32_F32E5M2E4M3_SS_TN,
        SM90_64x192x32_F32E5M2E4M3_RS_TN,
        SM90_64x192x32_F16E5M2E5M2_SS_TN,
        SM90_64x192x32_F16E5M2E5M2_RS_TN,
        SM90_64x192x32_F32E5M2E5M2_SS_TN,
        SM90_64x192x32_F32E5M2E5M2_RS_TN,
        SM90_64x256x32_F16E4M3E4M3_SS_TN,
        SM90_64x256x32_F16E4M3E4M3_RS_TN,
        SM90_64x256x32_F32E4M3E4M3_SS_TN,
        SM90_64x256x32_F32E4M3E4M3_RS_TN,
        SM90_64x256x32_F16E4M3E5M2_SS_TN,
        SM90_64x256x32_F16E4M3E5M2_RS_TN,
        SM90_64x256x32_F32E4M3E5M2_SS_TN,
        SM90_64x256x32_F32E4M3E5M2_RS_TN,
        SM90_64x256x32_F16E5M2E4M3_SS_TN,
        SM90_64x256x32_F16E5M2E4M3_RS_TN,
        SM90_64x256x32_F32E5M2E4M3_SS_TN,
        SM90_64x256x32_F32E5M2E4M3_RS_TN,
        SM90_64x256x32_F16E5M2E5M2_SS_TN,
        SM90_64x256x32_F16E5M2E5M2_RS_TN,
        SM90_64x256x32_F32E5M2E5M2_SS_TN,
        SM90_64x256x32_F32E5M2E5M2_RS_TN,
    )
    .or_else(|| gmma_tn_ext(name))
}

#[cfg(feature = "sm90-extended-mma-shapes")]
fn gmma_tn_ext(name: &str) -> Option<MmaAtom> {
    gmma_tn_by_name!(
        name,
        SM90_64x24x32_F16E4M3E4M3_SS_TN,
        SM90_64x24x32_F16E4M3E4M3_RS_TN,
        SM90_64x24x32_F32E4M3E4M3_SS_TN,
        SM90_64x24x32_F32E4M3E4M3_RS_TN,
        SM90_64x24x32_F16E4M3E5M2_SS_TN,
        SM90_64x24x32_F16E4M3E5M2_RS_TN,
        SM90_64x24x32_F32E4M3E5M2_SS_TN,
        SM90_64x24x32_F32E4M3E5M2_RS_TN,
        SM90_64x24x32_F16E5M2E4M3_SS_TN,
        SM90_64x24x32_F16E5M2E4M3_RS_TN,
        SM90_64x24x32_F32E5M2E4M3_SS_TN,
        SM90_64x24x32_F32E5M2E4M3_RS_TN,
        SM90_64x24x32_F16E5M2E5M2_SS_TN,
        SM90_64x24x32_F16E5M2E5M2_RS_TN,
        SM90_64x24x32_F32E5M2E5M2_SS_TN,
        SM90_64x24x32_F32E5M2E5M2_RS_TN,
        SM90_64x40x32_F16E4M3E4M3_SS_TN,
        SM90_64x40x32_F16E4M3E4M3_RS_TN,
        SM90_64x40x32_F32E4M3E4M3_SS_TN,
        SM90_64x40x32_F32E4M3E4M3_RS_TN,
        SM90_64x40x32_F16E4M3E5M2_SS_TN,
        SM90_64x40x32_F16E4M3E5M2_RS_TN,
        SM90_64x40x32_F32E4M3E5M2_SS_TN,
        SM90_64x40x32_F32E4M3E5M2_RS_TN,
        SM90_64x40x32_F16E5M2E4M3_SS_TN,
        SM90_64x40x32_F16E5M2E4M3_RS_TN,
        SM90_64x40x32_F32E5M2E4M3_SS_TN,
        SM90_64x40x32_F32E5M2E4M3_RS_TN,
        SM90_64x40x32_F16E5M2E5M2_SS_TN,
        SM90_64x40x32_F16E5M2E5M2_RS_TN,
        SM90_64x40x32_F32E5M2E5M2_SS_TN,
        SM90_64x40x32_F32E5M2E5M2_RS_TN,
        SM90_64x48x32_F16E4M3E4M3_SS_TN,
        SM90_64x48x32_F16E4M3E4M3_RS_TN,
        SM90_64x48x32_F32E4M3E4M3_SS_TN,
        SM90_64x48x32_F32E4M3E4M3_RS_TN,
        SM90_64x48x32_F16E4M3E5M2_SS_TN,
        SM90_64x48x32_F16E4M3E5M2_RS_TN,
        SM90_64x48x32_F32E4M3E5M2_SS_TN,
        SM90_64x48x32_F32E4M3E5M2_RS_TN,
        SM90_64x48x32_F16E5M2E4M3_SS_TN,
        SM90_64x48x32_F16E5M2E4M3_RS_TN,
        SM90_64x48x32_F32E5M2E4M3_SS_TN,
        SM90_64x48x32_F32E5M2E4M3_RS_TN,
        SM90_64x48x32_F16E5M2E5M2_SS_TN,
        SM90_64x48x32_F16E5M2E5M2_RS_TN,
        SM90_64x48x32_F32E5M2E5M2_SS_TN,
        SM90_64x48x32_F32E5M2E5M2_RS_TN,
        SM90_64x56x32_F16E4M3E4M3_SS_TN,
        SM90_64x56x32_F16E4M3E4M3_RS_TN,
        SM90_64x56x32_F32E4M3E4M3_SS_TN,
        SM90_64x56x32_F32E4M3E4M3_RS_TN,
        SM90_64x56x32_F16E4M3E5M2_SS_TN,
        SM90_64x56x32_F16E4M3E5M2_RS_TN,
        SM90_64x56x32_F32E4M3E5M2_SS_TN,
        SM90_64x56x32_F32E4M3E5M2_RS_TN,
        SM90_64x56x32_F16E5M2E4M3_SS_TN,
        SM90_64x56x32_F16E5M2E4M3_RS_TN,
        SM90_64x56x32_F32E5M2E4M3_SS_TN,
        SM90_64x56x32_F32E5M2E4M3_RS_TN,
        SM90_64x56x32_F16E5M2E5M2_SS_TN,
        SM90_64x56x32_F16E5M2E5M2_RS_TN,
        SM90_64x56x32_F32E5M2E5M2_SS_TN,
        SM90_64x56x32_F32E5M2E5M2_RS_TN,
        SM90_64x72x32_F16E4M3E4M3_SS_TN,
        SM90_64x72x32_F16E4M3E4M3_RS_TN,
        SM90_64x72x32_F32E4M3E4M3_SS_TN,
        SM90_64x72x32_F32E4M3E4M3_RS_TN,
        SM90_64x72x32_F16E4M3E5M2_SS_TN,
        SM90_64x72x32_F16E4M3E5M2_RS_TN,
        SM90_64x72x32_F32E4M3E5M2_SS_TN,
        SM90_64x72x32_F32E4M3E5M2_RS_TN,
        SM90_64x72x32_F16E5M2E4M3_SS_TN,
        SM90_64x72x32_F16E5M2E4M3_RS_TN,
        SM90_64x72x32_F32E5M2E4M3_SS_TN,
        SM90_64x72x32_F32E5M2E4M3_RS_TN,
        SM90_64x72x32_F16E5M2E5M2_SS_TN,
        SM90_64x72x32_F16E5M2E5M2_RS_TN,
        SM90_64x72x32_F32E5M2E5M2_SS_TN,
        SM90_64x72x32_F32E5M2E5M2_RS_TN,
        SM90_64x80x32_F16E4M3E4M3_SS_TN,
        SM90_64x80x32_F16E4M3E4M3_RS_TN,
        SM90_64x80x32_F32E4M3E4M3_SS_TN,
        SM90_64x80x32_F32E4M3E4M3_RS_TN,
        SM90_64x80x32_F16E4M3E5M2_SS_TN,
        SM90_64x80x32_F16E4M3E5M2_RS_TN,
        SM90_64x80x32_F32E4M3E5M2_SS_TN,
        SM90_64x80x32_F32E4M3E5M2_RS_TN,
        SM90_64x80x32_F16E5M2E4M3_SS_TN,
        SM90_64x80x32_F16E5M2E4M3_RS_TN,
        SM90_64x80x32_F32E5M2E4M3_SS_TN,
        SM90_64x80x32_F32E5M2E4M3_RS_TN,
        SM90_64x80x32_F16E5M2E5M2_SS_TN,
        SM90_64x80x32_F16E5M2E5M2_RS_TN,
        SM90_64x80x32_F32E5M2E5M2_SS_TN,
        SM90_64x80x32_F32E5M2E5M2_RS_TN,
        SM90_64x88x32_F16E4M3E4M3_SS_TN,
        SM90_64x88x32_F16E4M3E4M3_RS_TN,
        SM90_64x88x32_F32E4M3E4M3_SS_TN,
        SM90_64x88x32_F32E4M3E4M3_RS_TN,
        SM90_64x88x32_F16E4M3E5M2_SS_TN,
        SM90_64x88x32_F16E4M3E5M2_RS_TN,
        SM90_64x88x32_F32E4M3E5M2_SS_TN,
        SM90_64x88x32_F32E4M3E5M2_RS_TN,
        SM90_64x88x32_F16E5M2E4M3_SS_TN,
        SM90_64x88x32_F16E5M2E4M3_RS_TN,
        SM90_64x88x32_F32E5M2E4M3_SS_TN,
        SM90_64x88x32_F32E5M2E4M3_RS_TN,
        SM90_64x88x32_F16E5M2E5M2_SS_TN,
        SM90_64x88x32_F16E5M2E5M2_RS_TN,
        SM90_64x88x32_F32E5M2E5M2_SS_TN,
        SM90_64x88x32_F32E5M2E5M2_RS_TN,
        SM90_64x104x32_F16E4M3E4M3_SS_TN,
        SM90_64x104x32_F16E4M3E4M3_RS_TN,
        SM90_64x104x32_F32E4M3E4M3_SS_TN,
        SM90_64x104x32_F32E4M3E4M3_RS_TN,
        SM90_64x104x32_F16E4M3E5M2_SS_TN,
        SM90_64x104x32_F16E4M3E5M2_RS_TN,
        SM90_64x104x32_F32E4M3E5M2_SS_TN,
        SM90_64x104x32_F32E4M3E5M2_RS_TN,
        SM90_64x104x32_F16E5M2E4M3_SS_TN,
        SM90_64x104x32_F16E5M2E4M3_RS_TN,
        SM90_64x104x32_F32E5M2E4M3_SS_TN,
        SM90_64x104x32_F32E5M2E4M3_RS_TN,
        SM90_64x104x32_F16E5M2E5M2_SS_TN,
        SM90_64x104x32_F16E5M2E5M2_RS_TN,
        SM90_64x104x32_F32E5M2E5M2_SS_TN,
        SM90_64x104x32_F32E5M2E5M2_RS_TN,
        SM90_64x112x32_F16E4M3E4M3_SS_TN,
        SM90_64x112x32_F16E4M3E4M3_RS_TN,
        SM90_64x112x32_F32E4M3E4M3_SS_TN,
        SM90_64x112x32_F32E4M3E4M3_RS_TN,
        SM90_64x112x32_F16E4M3E5M2_SS_TN,
        SM90_64x112x32_F16E4M3E5M2_RS_TN,
        SM90_64x112x32_F32E4M3E5M2_SS_TN,
        SM90_64x112x32_F32E4M3E5M2_RS_TN,
        SM90_64x112x32_F16E5M2E4M3_SS_TN,
        SM90_64x112x32_F16E5M2E4M3_RS_TN,
        SM90_64x112x32_F32E5M2E4M3_SS_TN,
        SM90_64x112x32_F32E5M2E4M3_RS_TN,
        SM90_64x112x32_F16E5M2E5M2_SS_TN,
        SM90_64x112x32_F16E5M2E5M2_RS_TN,
        SM90_64x112x32_F32E5M2E5M2_SS_TN,
        SM90_64x112x32_F32E5M2E5M2_RS_TN,
        SM90_64x120x32_F16E4M3E4M3_SS_TN,
        SM90_64x120x32_F16E4M3E4M3_RS_TN,
        SM90_64x120x32_F32E4M3E4M3_SS_TN,
        SM90_64x120x32_F32E4M3E4M3_RS_TN,
        SM90_64x120x32_F16E4M3E5M2_SS_TN,
        SM90_64x120x32_F16E4M3E5M2_RS_TN,
        SM90_64x120x32_F32E4M3E5M2_SS_TN,
        SM90_64x120x32_F32E4M3E5M2_RS_TN,
        SM90_64x120x32_F16E5M2E4M3_SS_TN,
        SM90_64x120x32_F16E5M2E4M3_RS_TN,
        SM90_64x120x32_F32E5M2E4M3_SS_TN,
        SM90_64x120x32_F32E5M2E4M3_RS_TN,
        SM90_64x120x32_F16E5M2E5M2_SS_TN,
        SM90_64x120x32_F16E5M2E5M2_RS_TN,
        SM90_64x120x32_F32E5M2E5M2_SS_TN,
        SM90_64x120x32_F32E5M2E5M2_RS_TN,
        SM90_64x136x32_F16E4M3E4M3_SS_TN,
        SM90_64x136x32_F16E4M3E4M3_RS_TN,
        SM90_64x136x32_F32E4M3E4M3_SS_TN,
        SM90_64x136x32_F32E4M3E4M3_RS_TN,
        SM90_64x136x32_F16E4M3E5M2_SS_TN,
        SM90_64x136x32_F16E4M3E5M2_RS_TN,
        SM90_64x136x32_F32E4M3E5M2_SS_TN,
        SM90_64x136x32_F32E4M3E5M2_RS_TN,
        SM90_64x136x32_F16E5M2E4M3_SS_TN,
        SM90_64x136x32_F16E5M2E4M3_RS_TN,
        SM90_64x136x32_F32E5M2E4M3_SS_TN,
        SM90_64x136x32_F32E5M2E4M3_RS_TN,
        SM90_64x136x32_F16E5M2E5M2_SS_TN,
        SM90_64x136x32_F16E5M2E5M2_RS_TN,
        SM90_64x136x32_F32E5M2E5M2_SS_TN,
        SM90_64x136x32_F32E5M2E5M2_RS_TN,
        SM90_64x144x32_F16E4M3E4M3_SS_TN,
        SM90_64x144x32_F16E4M3E4M3_RS_TN,
        SM90_64x144x32_F32E4M3E4M3_SS_TN,
        SM90_64x144x32_F32E4M3E4M3_RS_TN,
        SM90_64x144x32_F16E4M3E5M2_SS_TN,
        SM90_64x144x32_F16E4M3E5M2_RS_TN,
        SM90_64x144x32_F32E4M3E5M2_SS_TN,
        SM90_64x144x32_F32E4M3E5M2_RS_TN,
        SM90_64x144x32_F16E5M2E4M3_SS_TN,
        SM90_64x144x32_F16E5M2E4M3_RS_TN,
        SM90_64x144x32_F32E5M2E4M3_SS_TN,
        SM90_64x144x32_F32E5M2E4M3_RS_TN,
        SM90_64x144x32_F16E5M2E5M2_SS_TN,
        SM90_64x144x32_F16E5M2E5M2_RS_TN,
        SM90_64x144x32_F32E5M2E5M2_SS_TN,
        SM90_64x144x32_F32E5M2E5M2_RS_TN,
        SM90_64x152x32_F16E4M3E4M3_SS_TN,
        SM90_64x152x32_F16E4M3E4M3_RS_TN,
        SM90_64x152x32_F32E4M3E4M3_SS_TN,
        SM90_64x152x32_F32E4M3E4M3_RS_TN,
        SM90_64x152x32_F16E4M3E5M2_SS_TN,
        SM90_64x152x32_F16E4M3E5M2_RS_TN,
        SM90_64x152x32_F32E4M3E5M2_SS_TN,
        SM90_64x152x32_F32E4M3E5M2_RS_TN,
        SM90_64x152x32_F16E5M2E4M3_SS_TN,
        SM90_64x152x32_F16E5M2E4M3_RS_TN,
        SM90_64x152x32_F32E5M2E4M3_SS_TN,
        SM90_64x152x32_F32E5M2E4M3_RS_TN,
        SM90_64x152x32_F16E5M2E5M2_SS_TN,
        SM90_64x152x32_F16E5M2E5M2_RS_TN,
        SM90_64x152x32_F32E5M2E5M2_SS_TN,
        SM90_64x152x32_F32E5M2E5M2_RS_TN,
        SM90_64x160x32_F16E4M3E4M3_SS_TN,
        SM90_64x160x32_F16E4M3E4M3_RS_TN,
        SM90_64x160x32_F32E4M3E4M3_SS_TN,
        SM90_64x160x32_F32E4M3E4M3_RS_TN,
        SM90_64x160x32_F16E4M3E5M2_SS_TN,
        SM90_64x160x32_F16E4M3E5M2_RS_TN,
        SM90_64x160x32_F32E4M3E5M2_SS_TN,
        SM90_64x160x32_F32E4M3E5M2_RS_TN,
        SM90_64x160x32_F16E5M2E4M3_SS_TN,
        SM90_64x160x32_F16E5M2E4M3_RS_TN,
        SM90_64x160x32_F32E5M2E4M3_SS_TN,
        SM90_64x160x32_F32E5M2E4M3_RS_TN,
        SM90_64x160x32_F16E5M2E5M2_SS_TN,
        SM90_64x160x32_F16E5M2E5M2_RS_TN,
        SM90_64x160x32_F32E5M2E5M2_SS_TN,
        SM90_64x160x32_F32E5M2E5M2_RS_TN,
        SM90_64x168x32_F16E4M3E4M3_SS_TN,
        SM90_64x168x32_F16E4M3E4M3_RS_TN,
        SM90_64x168x32_F32E4M3E4M3_SS_TN,
        SM90_64x168x32_F32E4M3E4M3_RS_TN,
        SM90_64x168x32_F16E4M3E5M2_SS_TN,
        SM90_64x168x32_F16E4M3E5M2_RS_TN,
        SM90_64x168x32_F32E4M3E5M2_SS_TN,
        SM90_64x168x32_F32E4M3E5M2_RS_TN,
        SM90_64x168x32_F16E5M2E4M3_SS_TN,
        SM90_64x168x32_F16E5M2E4M3_RS_TN,
        SM90_64x168x32_F32E5M2E4M3_SS_TN,
        SM90_64x168x32_F32E5M2E4M3_RS_TN,
        SM90_64x168x32_F16E5M2E5M2_SS_TN,
        SM90_64x168x32_F16E5M2E5M2_RS_TN,
        SM90_64x168x32_F32E5M2E5M2_SS_TN,
        SM90_64x168x32_F32E5M2E5M2_RS_TN,
        SM90_64x176x32_F16E4M3E4M3_SS_TN,
        SM90_64x176x32_F16E4M3E4M3_RS_TN,
        SM90_64x176x32_F32E4M3E4M3_SS_TN,
        SM90_64x176x32_F32E4M3E4M3_RS_TN,
        SM90_64x176x32_F16E4M3E5M2_SS_TN,
        SM90_64x176x32_F16E4M3E5M2_RS_TN,
        SM90_64x176x32_F32E4M3E5M2_SS_TN,
        SM90_64x176x32_F32E4M3E5M2_RS_TN,
        SM90_64x176x32_F16E5M2E4M3_SS_TN,
        SM90_64x176x32_F16E5M2E4M3_RS_TN,
        SM90_64x176x32_F32E5M2E4M3_SS_TN,
        SM90_64x176x32_F32E5M2E4M3_RS_TN,
        SM90_64x176x32_F16E5M2E5M2_SS_TN,
        SM90_64x176x32_F16E5M2E5M2_RS_TN,
        SM90_64x176x32_F32E5M2E5M2_SS_TN,
        SM90_64x176x32_F32E5M2E5M2_RS_TN,
        SM90_64x184x32_F16E4M3E4M3_SS_TN,
        SM90_64x184x32_F16E4M3E4M3_RS_TN,
        SM90_64x184x32_F32E4M3E4M3_SS_TN,
        SM90_64x184x32_F32E4M3E4M3_RS_TN,
        SM90_64x184x32_F16E4M3E5M2_SS_TN,
        SM90_64x184x32_F16E4M3E5M2_RS_TN,
        SM90_64x184x32_F32E4M3E5M2_SS_TN,
        SM90_64x184x32_F32E4M3E5M2_RS_TN,
        SM90_64x184x32_F16E5M2E4M3_SS_TN,
        SM90_64x184x32_F16E5M2E4M3_RS_TN,
        SM90_64x184x32_F32E5M2E4M3_SS_TN,
        SM90_64x184x32_F32E5M2E4M3_RS_TN,
        SM90_64x184x32_F16E5M2E5M2_SS_TN,
        SM90_64x184x32_F16E5M2E5M2_RS_TN,
        SM90_64x184x32_F32E5M2E5M2_SS_TN,
        SM90_64x184x32_F32E5M2E5M2_RS_TN,
        SM90_64x200x32_F16E4M3E4M3_SS_TN,
        SM90_64x200x32_F16E4M3E4M3_RS_TN,
        SM90_64x200x32_F32E4M3E4M3_SS_TN,
        SM90_64x200x32_F32E4M3E4M3_RS_TN,
        SM90_64x200x32_F16E4M3E5M2_SS_TN,
        SM90_64x200x32_F16E4M3E5M2_RS_TN,
        SM90_64x200x32_F32E4M3E5M2_SS_TN,
        SM90_64x200x32_F32E4M3E5M2_RS_TN,
        SM90_64x200x32_F16E5M2E4M3_SS_TN,
        SM90_64x200x32_F16E5M2E4M3_RS_TN,
        SM90_64x200x32_F32E5M2E4M3_SS_TN,
        SM90_64x200x32_F32E5M2E4M3_RS_TN,
        SM90_64x200x32_F16E5M2E5M2_SS_TN,
        SM90_64x200x32_F16E5M2E5M2_RS_TN,
        SM90_64x200x32_F32E5M2E5M2_SS_TN,
        SM90_64x200x32_F32E5M2E5M2_RS_TN,
        SM90_64x208x32_F16E4M3E4M3_SS_TN,
        SM90_64x208x32_F16E4M3E4M3_RS_TN,
        SM90_64x208x32_F32E4M3E4M3_SS_TN,
        SM90_64x208x32_F32E4M3E4M3_RS_TN,
        SM90_64x208x32_F16E4M3E5M2_SS_TN,
        SM90_64x208x32_F16E4M3E5M2_RS_TN,
        SM90_64x208x32_F32E4M3E5M2_SS_TN,
        SM90_64x208x32_F32E4M3E5M2_RS_TN,
        SM90_64x208x32_F16E5M2E4M3_SS_TN,
        SM90_64x208x32_F16E5M2E4M3_RS_TN,
        SM90_64x208x32_F32E5M2E4M3_SS_TN,
        SM90_64x208x32_F32E5M2E4M3_RS_TN,
        SM90_64x208x32_F16E5M2E5M2_SS_TN,
        SM90_64x208x32_F16E5M2E5M2_RS_TN,
        SM90_64x208x32_F32E5M2E5M2_SS_TN,
        SM90_64x208x32_F32E5M2E5M2_RS_TN,
        SM90_64x216x32_F16E4M3E4M3_SS_TN,
        SM90_64x216x32_F16E4M3E4M3_RS_TN,
        SM90_64x216x32_F32E4M3E4M3_SS_TN,
        SM90_64x216x32_F32E4M3E4M3_RS_TN,
        SM90_64x216x32_F16E4M3E5M2_SS_TN,
        SM90_64x216x32_F16E4M3E5M2_RS_TN,
        SM90_64x216x32_F32E4M3E5M2_SS_TN,
        SM90_64x216x32_F32E4M3E5M2_RS_TN,
        SM90_64x216x32_F16E5M2E4M3_SS_TN,
        SM90_64x216x32_F16E5M2E4M3_RS_TN,
        SM90_64x216x32_F32E5M2E4M3_SS_TN,
        SM90_64x216x32_F32E5M2E4M3_RS_TN,
        SM90_64x216x32_F16E5M2E5M2_SS_TN,
        SM90_64x216x32_F16E5M2E5M2_RS_TN,
        SM90_64x216x32_F32E5M2E5M2_SS_TN,
        SM90_64x216x32_F32E5M2E5M2_RS_TN,
        SM90_64x224x32_F16E4M3E4M3_SS_TN,
        SM90_64x224x32_F16E4M3E4M3_RS_TN,
        SM90_64x224x32_F32E4M3E4M3_SS_TN,
        SM90_64x224x32_F32E4M3E4M3_RS_TN,
        SM90_64x224x32_F16E4M3E5M2_SS_TN,
        SM90_64x224x32_F16E4M3E5M2_RS_TN,
        SM90_64x224x32_F32E4M3E5M2_SS_TN,
        SM90_64x224x32_F32E4M3E5M2_RS_TN,
        SM90_64x224x32_F16E5M2E4M3_SS_TN,
        SM90_64x224x32_F16E5M2E4M3_RS_TN,
        SM90_64x224x32_F32E5M2E4M3_SS_TN,
        SM90_64x224x32_F32E5M2E4M3_RS_TN,
        SM90_64x224x32_F16E5M2E5M2_SS_TN,
        SM90_64x224x32_F16E5M2E5M2_RS_TN,
        SM90_64x224x32_F32E5M2E5M2_SS_TN,
        SM90_64x224x32_F32E5M2E5M2_RS_TN,
        SM90_64x232x32_F16E4M3E4M3_SS_TN,
        SM90_64x232x32_F16E4M3E4M3_RS_TN,
        SM90_64x232x32_F32E4M3E4M3_SS_TN,
        SM90_64x232x32_F32E4M3E4M3_RS_TN,
        SM90_64x232x32_F16E4M3E5M2_SS_TN,
        SM90_64x232x32_F16E4M3E5M2_RS_TN,
        SM90_64x232x32_F32E4M3E5M2_SS_TN,
        SM90_64x232x32_F32E4M3E5M2_RS_TN,
        SM90_64x232x32_F16E5M2E4M3_SS_TN,
        SM90_64x232x32_F16E5M2E4M3_RS_TN,
        SM90_64x232x32_F32E5M2E4M3_SS_TN,
        SM90_64x232x32_F32E5M2E4M3_RS_TN,
        SM90_64x232x32_F16E5M2E5M2_SS_TN,
        SM90_64x232x32_F16E5M2E5M2_RS_TN,
        SM90_64x232x32_F32E5M2E5M2_SS_TN,
        SM90_64x232x32_F32E5M2E5M2_RS_TN,
        SM90_64x240x32_F16E4M3E4M3_SS_TN,
        SM90_64x240x32_F16E4M3E4M3_RS_TN,
        SM90_64x240x32_F32E4M3E4M3_SS_TN,
        SM90_64x240x32_F32E4M3E4M3_RS_TN,
        SM90_64x240x32_F16E4M3E5M2_SS_TN,
        SM90_64x240x32_F16E4M3E5M2_RS_TN,
        SM90_64x240x32_F32E4M3E5M2_SS_TN,
        SM90_64x240x32_F32E4M3E5M2_RS_TN,
        SM90_64x240x32_F16E5M2E4M3_SS_TN,
        SM90_64x240x32_F16E5M2E4M3_RS_TN,
        SM90_64x240x32_F32E5M2E4M3_SS_TN,
        SM90_64x240x32_F32E5M2E4M3_RS_TN,
        SM90_64x240x32_F16E5M2E5M2_SS_TN,
        SM90_64x240x32_F16E5M2E5M2_RS_TN,
        SM90_64x240x32_F32E5M2E5M2_SS_TN,
        SM90_64x240x32_F32E5M2E5M2_RS_TN,
        SM90_64x248x32_F16E4M3E4M3_SS_TN,
        SM90_64x248x32_F16E4M3E4M3_RS_TN,
        SM90_64x248x32_F32E4M3E4M3_SS_TN,
        SM90_64x248x32_F32E4M3E4M3_RS_TN,
        SM90_64x248x32_F16E4M3E5M2_SS_TN,
        SM90_64x248x32_F16E4M3E5M2_RS_TN,
        SM90_64x248x32_F32E4M3E5M2_SS_TN,
        SM90_64x248x32_F32E4M3E5M2_RS_TN,
        SM90_64x248x32_F16E5M2E4M3_SS_TN,
        SM90_64x248x32_F16E5M2E4M3_RS_TN,
        SM90_64x248x32_F32E5M2E4M3_SS_TN,
        SM90_64x248x32_F32E5M2E4M3_RS_TN,
        SM90_64x248x32_F16E5M2E5M2_SS_TN,
        SM90_64x248x32_F16E5M2E5M2_RS_TN,
        SM90_64x248x32_F32E5M2E5M2_SS_TN,
        SM90_64x248x32_F32E5M2E5M2_RS_TN,
    )
}

#[cfg(not(feature = "sm90-extended-mma-shapes"))]
fn gmma_tn_ext(_name: &str) -> Option<MmaAtom> {
    None
}

/// The names `mma_atom` knows, for error messages.
pub const MMA_ATOM_NAMES: &str = "UniversalFMA<T>, SM80_16x8x{8,16}_{F16F16F16F16,F32F16F16F32,\
F32BF16BF16F32}_TN, SM80_16x8x{4,8}_F32TF32TF32F32_TN, SM80_8x8x4_F64F64F64F64_TN, \
SM80_16x8x32_S32S8S8S32_TN, SM90_64xNx16_{F16F16F16,F32F16F16,F32BF16BF16}_{SS,RS}<GMMA::Major::A,GMMA::Major::B> (N in 8,16,32,64,96,128,192,256), \
SM90_64xNx32_{F16,F32}{E4M3,E5M2}{E4M3,E5M2}_{SS,RS}_TN (N in 8,16,32,64,96,128,192,256; \
with feature sm90-extended-mma-shapes every multiple of 8 up to 256)";

/// The MMA atom C++ calls `op<targs...>` (`op` possibly namespace-qualified; `targs` as
/// written, e.g. `["GMMA::Major::K", "GMMA::Major::MN"]`).
///
/// # Errors
/// An unknown name, or template arguments the op does not take (`_RS` GMMA ops need A K-major,
/// as in C++; the 8-bit `_TN` GMMA ops take only scales): `Err` naming the op.
///
/// # Example
/// ```
/// use cute_core::dynamic::atoms::mma_atom;
/// let a = mma_atom("SM90_64x128x16_F32F16F16_SS", &["GMMA::Major::K".into(), "GMMA::Major::K".into()]).unwrap();
/// assert_eq!(a.layout_c_tv.to_string(), "((_4,_8,_4),(_2,_2,_16)):((_128,_1,_16),(_64,_8,_512))");
/// assert!(mma_atom("SM80_16x8x16_F32F16F16F32_NT", &[]).is_err());
/// let f8 = mma_atom("SM90_64x32x32_F32E4M3E5M2_RS_TN", &[]).unwrap();
/// assert_eq!(f8.layout_a_tv.to_string(), "((_4,_8,_4),(_4,_2,_2)):((_256,_1,_16),(_64,_8,_1024))");
/// assert!(mma_atom("SM90_64x64x32_F32E4M3E4M3_SS_TN", &["GMMA::Major::K".into()]).is_err());
/// ```
pub fn mma_atom(op: &str, targs: &[String]) -> Result<MmaAtom> {
    const OP: &str = "MMA_Atom";
    let name = last(op);
    if name == "UniversalFMA" {
        if targs.is_empty() || targs.len() > 4 {
            return Err(Error::new(OP, "UniversalFMA takes 1 to 4 value types"));
        }
        for t in targs {
            if sizeof_bits(t).is_none() {
                return Err(Error::new(OP, format!("unknown value type {t}")));
            }
        }
        let mut a = mma_from::<crate::arch::mma::UniversalFMA<f32>>("UniversalFMA");
        a.name = format!("UniversalFMA<{}>", targs.join(","));
        return Ok(a);
    }
    if let Some(a) = by_name!(
        name,
        mma_from,
        mma_sm80::SM80_16x8x8_F16F16F16F16_TN,
        mma_sm80::SM80_16x8x16_F16F16F16F16_TN,
        mma_sm80::SM80_16x8x8_F32F16F16F32_TN,
        mma_sm80::SM80_16x8x16_F32F16F16F32_TN,
        mma_sm80::SM80_16x8x8_F32BF16BF16F32_TN,
        mma_sm80::SM80_16x8x16_F32BF16BF16F32_TN,
        mma_sm80::SM80_16x8x4_F32TF32TF32F32_TN,
        mma_sm80::SM80_16x8x8_F32TF32TF32F32_TN,
        mma_sm80::SM80_8x8x4_F64F64F64F64_TN,
        mma_sm80::SM80_16x8x32_S32S8S8S32_TN,
    ) {
        if !targs.is_empty() {
            return Err(Error::new(
                OP,
                format!("{name} takes no template arguments"),
            ));
        }
        return Ok(a);
    }
    if let Some(mut a) = gmma(name) {
        let majors: Vec<&str> = targs.iter().map(|t| last(t)).collect();
        let ok_major = |t: &String| t.contains("Major") && matches!(last(t), "K" | "MN");
        let ok_scale = |t: &String| t.contains("ScaleIn") && matches!(last(t), "One" | "Neg");
        let well_formed = (2..=4).contains(&targs.len())
            && targs[..2].iter().all(ok_major)
            && targs[2..].iter().all(ok_scale);
        if !well_formed {
            return Err(Error::new(
                OP,
                format!("{name} takes <GMMA::Major::K|MN, GMMA::Major::K|MN[, GMMA::ScaleIn::One|Neg, ...]>"),
            ));
        }
        if name.ends_with("_RS") && majors[0] != "K" {
            return Err(Error::new(
                OP,
                format!("{name} reads A from registers, which must be GMMA::Major::K"),
            ));
        }
        a.name = format!("{name}<{}>", targs.join(","));
        return Ok(a);
    }
    if let Some(mut a) = gmma_tn(name) {
        let ok_scale = |t: &String| t.contains("ScaleIn") && matches!(last(t), "One" | "Neg");
        if targs.len() > 2 || !targs.iter().all(ok_scale) {
            return Err(Error::new(
                OP,
                format!("{name} takes [<GMMA::ScaleIn::One|Neg[, GMMA::ScaleIn::One|Neg]>] (A and B are K-major)"),
            ));
        }
        if !targs.is_empty() {
            a.name = format!("{name}<{}>", targs.join(","));
        }
        return Ok(a);
    }
    Err(Error::new(
        OP,
        format!("{op} is not an MMA atom of this project (known: {MMA_ATOM_NAMES})"),
    ))
}

fn copy_from<Op: CopyTraits>(name: &str) -> (String, Layout, Layout, Layout, Layout) {
    (
        name.into(),
        parse(Op::ThrId::default().to_string()),
        parse(Op::SrcLayout::default().to_string()),
        parse(Op::DstLayout::default().to_string()),
        parse(Op::RefLayout::default().to_string()),
    )
}

/// The names `copy_atom` knows, for error messages.
pub const COPY_ATOM_NAMES: &str = "UniversalCopy<T>, SM80_CP_ASYNC_CACHEALWAYS<T>, \
SM80_CP_ASYNC_CACHEGLOBAL<T> (and _ZFILL), SM75_U32x{1,2,4}_LDSM_N, SM75_U16x{2,4,8}_LDSM_T";

/// C++'s `Copy_Atom<op<targs...>, value_type>`.
///
/// # Errors
/// An unknown op or type, a `cp.async` of other than 4, 8 or 16 bytes (16 for CACHEGLOBAL), or
/// a value type the op cannot move (`Copy_Atom: ... is not valid for Src of 8-bit values`).
///
/// # Example
/// ```
/// use cute_core::dynamic::atoms::copy_atom;
/// let a = copy_atom("SM75_U32x4_LDSM_N", &[], "half_t").unwrap();
/// assert_eq!(a.val_layout_dst.to_string(), "(_32,(_2,_4)):(_2,(_1,_64))");
/// ```
pub fn copy_atom(op: &str, targs: &[String], value_type: &str) -> Result<CopyAtom> {
    const OP: &str = "Copy_Atom";
    let bits = sizeof_bits(value_type)
        .ok_or_else(|| Error::new(OP, format!("unknown value type {value_type}")))?;
    let name = last(op);
    let one_thread = |what: &str| -> Result<(String, Layout, Layout, Layout, Layout)> {
        let (s, rest) = match targs {
            [s] => (s, None),
            [s, d] => (s, Some(d)),
            _ => {
                return Err(Error::new(
                    OP,
                    format!("{what} takes a source type (and a destination type)"),
                ))
            }
        };
        let sb = sizeof_bits(s).ok_or_else(|| Error::new(OP, format!("unknown type {s}")))?;
        if let Some(d) = rest {
            if sizeof_bits(d) != Some(sb) {
                return Err(Error::new(
                    OP,
                    format!("{what}<{s},{d}>: the types differ in size"),
                ));
            }
        }
        let l: Layout = parse(format!("(_1,_{sb}):(_0,_1)"));
        Ok((
            format!("{what}<{}>", targs.join(",")),
            parse("_1:_0".into()),
            l.clone(),
            l.clone(),
            l,
        ))
    };
    let (n, thr, src, dst, rf) = match name {
        "UniversalCopy" => one_thread(name)?,
        "SM80_CP_ASYNC_CACHEALWAYS"
        | "SM80_CP_ASYNC_CACHEALWAYS_ZFILL"
        | "SM80_CP_ASYNC_CACHEGLOBAL"
        | "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL" => {
            let parts = one_thread(name)?;
            let b = targs.first().and_then(|t| sizeof_bits(t)).unwrap_or(0);
            let ok = if name.contains("GLOBAL") {
                b == 128
            } else {
                matches!(b, 32 | 64 | 128)
            };
            if !ok {
                return Err(Error::new(
                    OP,
                    format!(
                        "{name} moves 4, 8 or 16 bytes (CACHEGLOBAL: 16), not {} bits",
                        b
                    ),
                ));
            }
            parts
        }
        _ => {
            if !targs.is_empty() {
                return Err(Error::new(
                    OP,
                    format!("{name} takes no template arguments"),
                ));
            }
            by_name!(
                name,
                copy_from,
                copy_sm75::SM75_U32x1_LDSM_N,
                copy_sm75::SM75_U32x2_LDSM_N,
                copy_sm75::SM75_U32x4_LDSM_N,
                copy_sm75::SM75_U16x2_LDSM_T,
                copy_sm75::SM75_U16x4_LDSM_T,
                copy_sm75::SM75_U16x8_LDSM_T,
            )
            .ok_or_else(|| {
                Error::new(
                    OP,
                    format!("{op} is not a copy atom of this project (known: {COPY_ATOM_NAMES})"),
                )
            })?
        }
    };
    CopyAtom::new(&n, thr, &src, &dst, &rf, bits)
}
