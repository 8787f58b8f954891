//! The picture of any value `cute eval` computes, as `cute svg EXPR` and the web page draw it:
//! a layout's grid (`print_svg_layout`), a TiledMMA's A, B and C panels (`print_svg_mma`, as
//! C++ `print_svg(TiledMMA)`), a TiledCopy's source TV layout over its tile (`print_svg_tv`,
//! the cells of C++ `print_latex(TiledCopy)`'s source panel). No I/O, so the WebAssembly page
//! (`docs/web`) compiles this file unchanged.

use cute_core::dynamic::{Layout, TiledCopy, TiledMma};
use cute_core::util::print_svg::{print_svg_layout, print_svg_mma, print_svg_tv};

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
    print_svg_tv(&c.get_layout_s_tv().map_err(e)?, c.tile_mn().map_err(e)?).map_err(e)
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
        other => Err(format!(
            "{} cannot be drawn: svg draws layouts, TiledMMAs and TiledCopys",
            match other {
                Value::CopyAtom(a) => format!("the copy atom {}", a.name),
                Value::Tensor(_) => "a tensor".to_string(),
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
