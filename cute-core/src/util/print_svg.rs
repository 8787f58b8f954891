//! SVG pictures of layouts and MMA partitions: port of `cute/util/print_svg.hpp`.
//!
//! [`print_svg_mma`] writes the picture C++ CuTe 4.2's `print_svg(TiledMMA)` writes, element for
//! element (the `<rect>` and `<text>` lines are byte-identical; only the leading `<!-- -->`
//! comments differ, since C++ prints its identity tensors there). [`print_svg_layout`] draws a
//! layout's `print_layout` grid with the cell colours and labels of C++ `print_latex(layout)`
//! (`TSVGColor_BWx8` of the offset): CuTe 4.2 has no `print_svg` for plain layouts, so that
//! picture has no C++ reference to match.
//!
//! Both work on the dynamic engine's [`Layout`] so the `cute` CLI, tests and kernels' authors
//! draw any layout without instantiating its static type (a static layout prints, and parses,
//! as the same text).

use std::collections::HashSet;
use std::fmt::Write;
use std::format;
use std::string::String;

use crate::dynamic::{size, Error, Int, Layout, Result, Swizzle};

/// C++'s `SVGColor_TV`: the fill of thread `tid`'s cells.
pub fn svg_color_tv(tid: i64) -> &'static str {
    const MAP: [&str; 8] = [
        "175,175,255",
        "175,255,175",
        "255,255,175",
        "255,175,175",
        "210,210,255",
        "210,255,210",
        "255,255,210",
        "255,210,210",
    ];
    MAP[tid.rem_euclid(8) as usize]
}

/// C++ `print_latex(layout)`'s `TikzColor_BWx8` of offset `idx` as SVG: TikZ `black!p` (the
/// map `00,40,20,60,10,50,30,70` by `idx % 8`) is grey `255 (100 - p) / 100`, rounded.
pub fn svg_color_bw8(idx: i64) -> &'static str {
    const MAP: [&str; 8] = [
        "255,255,255",
        "153,153,153",
        "204,204,204",
        "102,102,102",
        "230,230,230",
        "128,128,128",
        "179,179,179",
        "77,77,77",
    ];
    MAP[idx.rem_euclid(8) as usize]
}

/// The TikZ colour C++ `print_latex` writes for offset `idx` (`TikzColor_BWx8`), the name
/// [`svg_color_bw8`] translates.
pub fn tikz_color_bw8(idx: i64) -> &'static str {
    const MAP: [&str; 8] = [
        "black!00", "black!40", "black!20", "black!60", "black!10", "black!50", "black!30",
        "black!70",
    ];
    MAP[idx.rem_euclid(8) as usize]
}

/// The most cells one picture draws (per panel).
pub const MAX_SVG_CELLS: i64 = 1 << 16;

/// The most `(thread, value)` pairs of one TV layout a picture reads: more than its cells where
/// threads share cells, as a warpgroup's GMMA A and B layouts do (128 threads, stride 0).
pub const MAX_TV_PAIRS: i64 = 1 << 24;

const CELL: i64 = 20;

/// `(size<0>, size<1>)` of a rank-2 layout.
fn tv_sizes(op: &'static str, what: &str, l: &Layout) -> Result<(i64, i64)> {
    if l.rank() != 2 {
        return Err(Error::new(
            op,
            format!("{what} {l} has rank {}, not 2", l.rank()),
        ));
    }
    let t = size(&l.mode(0).expect("rank 2"))
        .map_err(|e| e.within(op))?
        .value;
    let v = size(&l.mode(1).expect("rank 2"))
        .map_err(|e| e.within(op))?
        .value;
    if t.checked_mul(v).is_none_or(|n| n > MAX_TV_PAIRS) {
        return Err(Error::new(
            op,
            format!("{what} {l} has more than {MAX_TV_PAIRS} (thread, value) pairs"),
        ));
    }
    Ok((t, v))
}

/// One panel: every `(tid, vid)` of the TV layout `tv` (values are column-major indices into a
/// `rows x cols` tile), first owner of a cell wins, as C++'s `filled` tensor decides.
fn panel(
    out: &mut String,
    op: &'static str,
    what: &str,
    tv: &Layout,
    (rows, cols): (i64, i64),
    place: impl Fn(i64, i64) -> (i64, i64),
    close: &str,
) -> Result<()> {
    if rows.checked_mul(cols).is_none_or(|n| n > MAX_SVG_CELLS) {
        return Err(Error::new(
            op,
            format!("the {rows}x{cols} tile of {what} has more than {MAX_SVG_CELLS} cells"),
        ));
    }
    let (nt, nv) = tv_sizes(op, what, tv)?;
    let mut filled = HashSet::new();
    for tid in 0..nt {
        for vid in 0..nv {
            let idx = tv.eval(tid + nt * vid).map_err(|e| e.within(op))?;
            if idx < 0 || idx >= rows * cols {
                return Err(Error::new(
                    op,
                    format!(
                        "{what} {tv} maps ({tid},{vid}) to {idx}, outside the {rows}x{cols} tile"
                    ),
                ));
            }
            let (r, c) = (idx % rows, idx / rows);
            if filled.insert((r, c)) {
                let (x, y) = place(r, c);
                let _ = writeln!(
                    out,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"rgb({})\" stroke=\"black\"{close}>",
                    svg_color_tv(tid)
                );
                let _ = writeln!(out, "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"8\">T{tid}</text>", x + CELL / 2, y + CELL / 4);
                let _ = writeln!(out, "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"8\">V{vid}</text>", x + CELL / 2, y + 3 * CELL / 4);
            }
        }
    }
    Ok(())
}

fn label(out: &mut String, x: i64, y: i64, n: i64) {
    let _ = writeln!(out, "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"12\">{n}</text>", x + CELL / 2, y + CELL / 2);
}

/// C++ `print_svg(TiledMMA)` (`detail::print_svg_mma`): the C panel `(m,n)` at the bottom
/// right, A `(m,k)` at its left, B `(n,k)` above it, each cell labelled `T<thread>` /
/// `V<value>` and filled with [`svg_color_tv`] of its thread. `c_tv`, `a_tv`, `b_tv` are the
/// TiledMMA's `get_layoutC_TV()`, `get_layoutA_TV()`, `get_layoutB_TV()`: `(thread, value) ->`
/// column-major index into the `(M,N)`, `(M,K)`, `(N,K)` tile; `mnk` is `tile_size_mnk`.
///
/// # Errors
/// A layout of rank other than 2, an index outside its tile, a tile of more than
/// [`MAX_SVG_CELLS`] cells or a TV layout of more than [`MAX_TV_PAIRS`] pairs: `Err` naming
/// the layout.
///
/// # Example
/// ```
/// use cute_core::dynamic::Layout;
/// use cute_core::util::print_svg::print_svg_mma;
/// // UniversalFMA on a (2,1,1) thread layout: C_TV = A_TV = (2,1):(1,0), B_TV = (2,1):(0,0).
/// let c: Layout = "((_2,_1),_1):((_1,_0),_0)".parse().unwrap();
/// let b: Layout = "((_2,_1),_1):((_0,_0),_0)".parse().unwrap();
/// let svg = print_svg_mma(&c, &c, &b, (2, 1, 1)).unwrap();
/// assert!(svg.contains(">T1</text>"));
/// assert_eq!(svg.matches("<rect").count(), 2 + 2 + 1);
/// ```
pub fn print_svg_mma(
    c_tv: &Layout,
    a_tv: &Layout,
    b_tv: &Layout,
    mnk: (i64, i64, i64),
) -> Result<String> {
    const OP: &str = "print_svg";
    let (m, n, k) = mnk;
    let mut out = String::new();
    let _ = writeln!(out, "<!--  Tile: ({m},{n},{k})  -->");
    let _ = writeln!(out, "<!--     A: {a_tv}  -->");
    let _ = writeln!(out, "<!--     B: {b_tv}  -->");
    let _ = writeln!(out, "<!--     C: {c_tv}  -->");
    let _ = writeln!(
        out,
        "<svg width=\"100%\" height=\"100%\" viewBox=\"0 0 {} {}\" preserveAspectRatio=\"xMidYMid meet\" xmlns=\"http://www.w3.org/2000/svg\">",
        (k + n + 2) * CELL,
        (k + m + 2) * CELL
    );
    panel(
        &mut out,
        OP,
        "LayoutC_TV",
        c_tv,
        (m, n),
        |r, c| ((c + k + 2) * CELL, (r + k + 2) * CELL),
        "/",
    )?;
    panel(
        &mut out,
        OP,
        "LayoutA_TV",
        a_tv,
        (m, k),
        |r, c| ((c + 1) * CELL, (r + k + 2) * CELL),
        " /",
    )?;
    for r in 0..m {
        label(&mut out, 0, (r + k + 2) * CELL, r);
    }
    for c in 0..k {
        label(&mut out, (c + 1) * CELL, (k + 1) * CELL, c);
    }
    panel(
        &mut out,
        OP,
        "LayoutB_TV",
        b_tv,
        (n, k),
        |r, c| ((r + k + 2) * CELL, (c + 1) * CELL),
        " /",
    )?;
    for r in 0..n {
        label(&mut out, (r + k + 2) * CELL, 0, r);
    }
    for c in 0..k {
        label(&mut out, (k + 1) * CELL, (c + 1) * CELL, c);
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// A rank-1 or rank-2 layout as an SVG grid: cell `(m,n)` holds `layout(m,n)` (then
/// `swizzle` of it: C++'s `Sw<B,M,S> o layout`), filled with [`svg_color_bw8`] of that offset:
/// the cells, labels and colours of C++ `print_latex(layout)`, with row and column numbers
/// around it, in [`print_svg_mma`]'s geometry (20-unit cells).
///
/// # Errors
/// Rank above 2 or more than [`MAX_SVG_CELLS`] cells: `Err` naming the layout.
///
/// # Example
/// ```
/// use cute_core::util::print_svg::print_svg_layout;
/// let svg = print_svg_layout(&"(2,3):(3,1)".parse().unwrap(), None).unwrap();
/// assert_eq!(svg.matches("<rect").count(), 6);
/// assert!(svg.contains("fill=\"rgb(128,128,128)\"")); // offset 5: print_latex's black!50
/// ```
pub fn print_svg_layout(layout: &Layout, swizzle: Option<&Swizzle>) -> Result<String> {
    grid(layout, swizzle, |idx| {
        (svg_color_bw8(idx), format!("{idx}"))
    })
}

/// The shared-memory bank of every element of a rank-1 or rank-2 smem layout (then `swizzle`)
/// of `elem_bytes`-byte elements: cell `(m,n)` is labelled `B<bank>` (`bank = offset *
/// elem_bytes / 4 % 32`, 32 banks of 4 bytes) and filled with [`svg_color_tv`] of the bank, in
/// [`print_svg_layout`]'s geometry. What `cute banks` counts, drawn.
///
/// # Errors
/// As [`print_svg_layout`]; `elem_bytes` of 0: `Err`.
///
/// # Example
/// ```
/// use cute_core::util::print_svg::print_svg_banks;
/// // a column of the unpadded (128,8):(1,128) f32 tile: every k in bank 0 at row 0
/// let svg = print_svg_banks(&"(2,8):(1,128)".parse().unwrap(), None, 4).unwrap();
/// assert_eq!(svg.matches(">B0</text>").count(), 8);
/// ```
pub fn print_svg_banks(
    layout: &Layout,
    swizzle: Option<&Swizzle>,
    elem_bytes: i64,
) -> Result<String> {
    if elem_bytes <= 0 {
        return Err(Error::new("print_svg", "an element has no bytes"));
    }
    grid(layout, swizzle, |idx| {
        let bank = (idx * elem_bytes).div_euclid(4).rem_euclid(32);
        (svg_color_tv(bank), format!("B{bank}"))
    })
}

/// A layout's grid, each cell's fill and label from its (swizzled) offset.
fn grid(
    layout: &Layout,
    swizzle: Option<&Swizzle>,
    cell: impl Fn(i64) -> (&'static str, String),
) -> Result<String> {
    const OP: &str = "print_svg";
    let (rows, cols) = match layout.rank() {
        1 => (size(layout).map_err(|e| e.within(OP))?.value, 1),
        2 => (
            size(&layout.mode(0).expect("rank 2"))
                .map_err(|e| e.within(OP))?
                .value,
            size(&layout.mode(1).expect("rank 2"))
                .map_err(|e| e.within(OP))?
                .value,
        ),
        r => return Err(Error::new(OP, format!("{layout} has rank {r}, not 1 or 2"))),
    };
    if rows.checked_mul(cols).is_none_or(|n| n > MAX_SVG_CELLS) {
        return Err(Error::new(
            OP,
            format!("{layout} has {rows}x{cols} cells, more than {MAX_SVG_CELLS}"),
        ));
    }
    let mut out = String::new();
    match swizzle {
        Some(sw) => writeln!(out, "<!--  Layout: {sw} o {layout}  -->"),
        None => writeln!(out, "<!--  Layout: {layout}  -->"),
    }
    .expect("a String takes any text");
    let _ = writeln!(
        out,
        "<svg width=\"100%\" height=\"100%\" viewBox=\"0 0 {} {}\" preserveAspectRatio=\"xMidYMid meet\" xmlns=\"http://www.w3.org/2000/svg\">",
        (cols + 1) * CELL,
        (rows + 1) * CELL
    );
    for m in 0..rows {
        for n in 0..cols {
            let idx = layout.eval(m + rows * n).map_err(|e| e.within(OP))?;
            let idx = swizzle.map_or(idx, |s| s.apply(Int::new(idx, false)).value);
            let (x, y) = ((n + 1) * CELL, (m + 1) * CELL);
            let (fill, text) = cell(idx);
            let _ = writeln!(
                out,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"rgb({fill})\" stroke=\"black\"/>",
            );
            let _ = writeln!(out, "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"8\">{text}</text>", x + CELL / 2, y + CELL / 2);
        }
    }
    for m in 0..rows {
        label(&mut out, 0, (m + 1) * CELL, m);
    }
    for n in 0..cols {
        label(&mut out, (n + 1) * CELL, 0, n);
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// C++ `print_latex_tv(layout_tv, tile_mn)` as SVG: each cell of the `(M,N)` tile that the TV
/// layout reaches, labelled `T<thread>` / `V<value>` and filled with [`svg_color_tv`] of its
/// first thread (C++'s `filled` order), row and column numbers around it. `tv` maps
/// `(thread, value)` to a column-major index of the tile (what `make_tiled_copy`'s
/// `get_layoutS_TV()` and a TiledMMA's `get_layoutC_TV()` are).
///
/// # Errors
/// Rank of `tv` other than 2, an index outside the tile, or too many cells: `Err`.
///
/// # Example
/// ```
/// use cute_core::util::print_svg::print_svg_tv;
/// let svg = print_svg_tv(&"(2,2):(1,2)".parse().unwrap(), (2, 2)).unwrap();
/// assert!(svg.contains(">T1</text>") && svg.contains(">V1</text>"));
/// ```
pub fn print_svg_tv(tv: &Layout, (m, n): (i64, i64)) -> Result<String> {
    const OP: &str = "print_svg";
    let mut out = String::new();
    let _ = writeln!(out, "<!--  Layout TV: {tv}  Tile: ({m},{n})  -->");
    let _ = writeln!(
        out,
        "<svg width=\"100%\" height=\"100%\" viewBox=\"0 0 {} {}\" preserveAspectRatio=\"xMidYMid meet\" xmlns=\"http://www.w3.org/2000/svg\">",
        (n + 1) * CELL,
        (m + 1) * CELL
    );
    panel(
        &mut out,
        OP,
        "Layout TV",
        tv,
        (m, n),
        |r, c| ((c + 1) * CELL, (r + 1) * CELL),
        "/",
    )?;
    for r in 0..m {
        label(&mut out, 0, (r + 1) * CELL, r);
    }
    for c in 0..n {
        label(&mut out, (c + 1) * CELL, 0, c);
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// The elements of a thread's partition of a rank-2 identity tensor: the `(rows, cols)` grid
/// of coordinates, each coordinate the partition holds filled with [`svg_color_tv`] of thread
/// 0 and labelled `V<i>` with its index `i` in the partition (the first index if several
/// hold it), the others left white; row and column numbers around it, in [`print_svg_tv`]'s
/// geometry. `coords[i]` is the partition's element `i` (what `partition_C(make_identity_tensor
/// (shape))` holds). C++ has no such picture; it is `print_svg_tv`'s cells for one thread.
///
/// # Errors
/// A coordinate outside the grid, or too many cells: `Err`.
///
/// # Example
/// ```
/// use cute_core::util::print_svg::print_svg_coords;
/// let svg = print_svg_coords(&[(0, 1), (1, 1)], (2, 2)).unwrap();
/// assert_eq!(svg.matches("<rect").count(), 4);
/// assert!(svg.contains(">V1</text>"));
/// ```
pub fn print_svg_coords(coords: &[(i64, i64)], (rows, cols): (i64, i64)) -> Result<String> {
    const OP: &str = "print_svg";
    if rows
        .checked_mul(cols)
        .is_none_or(|n| !(1..=MAX_SVG_CELLS).contains(&n))
    {
        return Err(Error::new(
            OP,
            format!("a {rows}x{cols} grid is empty or has more than {MAX_SVG_CELLS} cells"),
        ));
    }
    let mut first = std::collections::HashMap::new();
    for (i, &(m, n)) in coords.iter().enumerate() {
        if !(0..rows).contains(&m) || !(0..cols).contains(&n) {
            return Err(Error::new(
                OP,
                format!("the coordinate ({m},{n}) is outside the {rows}x{cols} grid"),
            ));
        }
        first.entry((m, n)).or_insert(i);
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<!--  Partition: {} elements  Tile: ({rows},{cols})  -->",
        coords.len()
    );
    let _ = writeln!(
        out,
        "<svg width=\"100%\" height=\"100%\" viewBox=\"0 0 {} {}\" preserveAspectRatio=\"xMidYMid meet\" xmlns=\"http://www.w3.org/2000/svg\">",
        (cols + 1) * CELL,
        (rows + 1) * CELL
    );
    for m in 0..rows {
        for n in 0..cols {
            let (x, y) = ((n + 1) * CELL, (m + 1) * CELL);
            match first.get(&(m, n)) {
                Some(i) => {
                    let _ = writeln!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"rgb({})\" stroke=\"black\"/>", svg_color_tv(0));
                    let _ = writeln!(out, "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"8\">V{i}</text>", x + CELL / 2, y + CELL / 2);
                }
                None => {
                    let _ = writeln!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"rgb(255,255,255)\" stroke=\"rgb(192,192,192)\"/>");
                }
            }
        }
    }
    for m in 0..rows {
        label(&mut out, 0, (m + 1) * CELL, m);
    }
    for n in 0..cols {
        label(&mut out, (n + 1) * CELL, 0, n);
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// C++ `print_latex(TiledCopy)` (`detail::print_latex_copy`) as SVG: the source TV layout's
/// cells over the `(M,N)` tile at the left, the destination's `N+3` columns to the right, each
/// cell `T<thread>` / `V<value>` filled with [`svg_color_tv`] of its first thread; row numbers
/// left of the source and right of the destination, column numbers above both. `s_tv`, `d_tv`
/// are `get_layoutS_TV()`, `get_layoutD_TV()` (column-major indices into the tile).
///
/// # Errors
/// As [`print_svg_tv`].
///
/// # Example
/// ```
/// use cute_core::util::print_svg::print_svg_copy;
/// let tv = "(2,2):(1,2)".parse().unwrap();
/// let svg = print_svg_copy(&tv, &tv, (2, 2)).unwrap();
/// assert_eq!(svg.matches("<rect").count(), 8);
/// ```
pub fn print_svg_copy(s_tv: &Layout, d_tv: &Layout, (m, n): (i64, i64)) -> Result<String> {
    const OP: &str = "print_svg";
    let mut out = String::new();
    let _ = writeln!(out, "<!--  Layout S TV: {s_tv}  -->");
    let _ = writeln!(out, "<!--  Layout D TV: {d_tv}  -->");
    let _ = writeln!(
        out,
        "<svg width=\"100%\" height=\"100%\" viewBox=\"0 0 {} {}\" preserveAspectRatio=\"xMidYMid meet\" xmlns=\"http://www.w3.org/2000/svg\">",
        (2 * n + 5) * CELL,
        (m + 1) * CELL
    );
    panel(
        &mut out,
        OP,
        "Layout S TV",
        s_tv,
        (m, n),
        |r, c| ((c + 1) * CELL, (r + 1) * CELL),
        "/",
    )?;
    for r in 0..m {
        label(&mut out, 0, (r + 1) * CELL, r);
    }
    for c in 0..n {
        label(&mut out, (c + 1) * CELL, 0, c);
    }
    panel(
        &mut out,
        OP,
        "Layout D TV",
        d_tv,
        (m, n),
        |r, c| ((c + n + 4) * CELL, (r + 1) * CELL),
        "/",
    )?;
    for r in 0..m {
        label(&mut out, (2 * n + 4) * CELL, (r + 1) * CELL, r);
    }
    for c in 0..n {
        label(&mut out, (c + n + 4) * CELL, 0, c);
    }
    out.push_str("</svg>\n");
    Ok(out)
}
