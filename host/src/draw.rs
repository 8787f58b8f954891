//! The picture of any value `cute eval` computes, as `cute svg EXPR` and the web page draw it:
//! a layout's grid (`print_svg_layout`), a TiledMMA's A, B and C panels (`print_svg_mma`, as
//! C++ `print_svg(TiledMMA)`), a TiledCopy's source and destination TV layouts over its tile
//! (`print_svg_copy`, the cells of C++ `print_latex(TiledCopy)`), an identity tensor or a thread's
//! partition of one (`print_svg_coords`: the coordinates it holds). No I/O, so the WebAssembly page
//! (`docs/web`) compiles this file unchanged.

use cute_core::dynamic::{IdentityTensor, IntTuple};
use cute_core::dynamic::{Layout, TiledCopy, TiledMma};
use cute_core::util::print_svg::{
    print_svg_coords, print_svg_copy, print_svg_layout, print_svg_mma,
};

use crate::eval::{eval_str, Value};

fn mma_svg(m: &TiledMma) -> Result<String, String> {
    let e = |e: cute_core::dynamic::Error| e.to_string();
    let t = |i| m.tile_size_mnk(i).map(|v| v.value).map_err(e);
    print_svg_mma(
        &m.get_layout_c_tv().map_err(e)?,
        &m.get_layout_a_tv().map_err(e)?,
        &m.get_layout_b_tv().map_err(e)?,
        (t(0)?, t(1)?, t(2)?),
    )
    .map_err(e)
}

fn copy_svg(c: &TiledCopy) -> Result<String, String> {
    let e = |e: cute_core::dynamic::Error| e.to_string();
    print_svg_copy(
        &c.get_layout_s_tv().map_err(e)?,
        &c.get_layout_d_tv().map_err(e)?,
        c.tile_mn().map_err(e)?,
    )
    .map_err(e)
}

/// A rank-2 identity tensor (a thread's partition of one): its coordinates, over the grid from
/// (0,0) to the largest coordinate.
fn coords_svg(t: &IdentityTensor) -> Result<String, String> {
    let e = |e: cute_core::dynamic::Error| e.to_string();
    if t.coord_rank() != 2 {
        return Err(format!("{t} cannot be drawn: its coordinates are not 2-D"));
    }
    let n = cute_core::dynamic::size(t.encoded_layout())
        .map_err(e)?
        .value;
    if n > cute_core::util::print_svg::MAX_SVG_CELLS {
        return Err(format!(
            "{t} has more than {} elements to draw",
            cute_core::util::print_svg::MAX_SVG_CELLS
        ));
    }
    let mut coords = Vec::new();
    for i in 0..n {
        let c = t.at(&IntTuple::int(i)).map_err(e)?;
        let v: Vec<i64> = c.leaves().iter().map(|x| x.value).collect();
        coords.push((v[0], v[1]));
    }
    let rows = coords.iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let cols = coords.iter().map(|c| c.1).max().unwrap_or(0) + 1;
    print_svg_coords(&coords, (rows, cols)).map_err(e)
}

/// The SVG of a value, or why it has none (one sentence).
pub fn svg_of_value(v: &Value) -> Result<String, String> {
    let e = |e: cute_core::dynamic::Error| e.to_string();
    match v {
        Value::Layout(l) => print_svg_layout(l, None).map_err(e),
        Value::Int(i) => print_svg_layout(&Layout::from_int(*i).map_err(e)?, None).map_err(e),
        Value::TiledMma(m) => mma_svg(m),
        Value::ThrMma(t) => mma_svg(&t.tiled),
        Value::MmaAtom(a) => {
            let m = cute_core::dynamic::make_tiled_mma(
                a,
                &"(_1,_1,_1):(_0,_0,_0)".parse().map_err(e)?,
                &[
                    cute_core::dynamic::Permutation::Underscore,
                    cute_core::dynamic::Permutation::Underscore,
                    cute_core::dynamic::Permutation::Underscore,
                ],
            )
            .map_err(e)?;
            mma_svg(&m)
        }
        Value::TiledCopy(c) => copy_svg(c),
        Value::ThrCopy(t) => copy_svg(&t.tiled),
        Value::Tensor(t) => coords_svg(t),
        other => Err(format!(
            "{} cannot be drawn: svg draws layouts, TiledMMAs, TiledCopys and identity tensors",
            match other {
                Value::CopyAtom(a) => format!("the copy atom {}", a.name),
                v => v.to_string(),
            }
        )),
    }
}

/// Evaluates `src` and draws it.
///
/// # Example
/// ```
/// let svg = cute_host::draw::svg_of("make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN)").unwrap();
/// assert_eq!(svg.matches("<rect").count(), 16 * 8 + 16 * 8 + 8 * 8);
/// assert!(cute_host::draw::svg_of("Sw<3,4,3>").unwrap_err().contains("cannot be drawn"));
/// ```
pub fn svg_of(src: &str) -> Result<String, String> {
    svg_of_value(&eval_str(src).map_err(|e| e.to_string())?)
}
