//! Shared by the tutorial examples: the report each prints, and its check against what C++
//! CuTe 4.2 prints for the same objects (`cpp/tutorials.cpp`, output in
//! `cpp/tutorials.expected`, one `@@ <example>` section each).
#![allow(dead_code)]

use std::fmt::Display;

/// The lines an example prints: `# ` comments (the explanation), then `label: value` lines
/// that C++ prints identically.
#[derive(Default)]
pub struct Report {
    out: String,
}

impl Report {
    /// An explanation line (not compared).
    pub fn say(&mut self, s: &str) {
        for l in s.lines() {
            self.out.push_str("# ");
            self.out.push_str(l);
            self.out.push('\n');
        }
    }

    /// `label: value`.
    pub fn line(&mut self, label: &str, v: impl Display) {
        self.out.push_str(&format!("{label}: {v}\n"));
    }

    /// `label:` then a multi-line print (TiledMMA, TiledCopy), as C++ `print` ends it.
    pub fn block(&mut self, label: &str, v: impl Display) {
        self.out.push_str(&format!("{label}:\n{v}\n"));
    }

    /// A raw line (compared).
    pub fn raw(&mut self, s: &str) {
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.out
    }
}

/// C++'s lines for `example`.
pub fn cpp_section(example: &str) -> Vec<&'static str> {
    let all = include_str!("../cpp/tutorials.expected");
    let start = all
        .find(&format!("@@ {example}\n"))
        .unwrap_or_else(|| panic!("no section {example}"));
    all[start..]
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("@@ "))
        .collect()
}

/// Asserts that the report's non-comment lines are C++'s, line for line.
pub fn assert_matches_cpp(example: &str, report: &Report) {
    let ours: Vec<&str> = report
        .text()
        .lines()
        .filter(|l| !l.starts_with("# ") && *l != "#")
        .collect();
    let cpp = cpp_section(example);
    assert!(!cpp.is_empty());
    for (i, (a, b)) in ours.iter().zip(&cpp).enumerate() {
        assert_eq!(a, b, "{example}: line {i} differs from C++");
    }
    assert_eq!(ours.len(), cpp.len(), "{example}: line count");
}

/// `Sw<..> o ptr o L` with `L` replaced by `tile_to_shape(L, shape)`: C++'s `tile_to_shape`
/// of a composed layout tiles its layout and keeps the swizzle and pointer.
pub fn tile_composed(composed: &str, shape: &str) -> String {
    let (prefix, inner) = composed.rsplit_once(" o ").expect("a composed layout");
    let inner: cute_core::dynamic::Layout = inner.parse().expect("a layout");
    let t = cute_core::dynamic::tile_to_shape(&inner, &shape.parse().expect("a shape"))
        .expect("tile_to_shape");
    format!("{prefix} o {t}")
}

/// C++ `local_partition(tensor, tile, index[, proj])` of an identity tensor: the elements of
/// `tensor` that thread `index` of the thread layout `tile` owns, tile by tile
/// (`outer_partition` by `product_each(shape(tile))` at `tile.get_flat_coord(index)`); `proj`
/// keeps the tile's modes marked true (C++'s `Step<_1,X>`).
pub fn local_partition(
    t: &cute_core::dynamic::IdentityTensor,
    tile: &cute_core::dynamic::Layout,
    index: i64,
    proj: &[bool],
) -> cute_core::dynamic::Result<cute_core::dynamic::IdentityTensor> {
    use cute_core::dynamic::{size, zipped_divide, Coord, Int, Layout, Tiler};
    let modes: Vec<Layout> = tile
        .modes()
        .into_iter()
        .zip(proj)
        .filter(|(_, p)| **p)
        .map(|(m, _)| m)
        .collect();
    let tiler = Tiler::Tuple(
        modes
            .iter()
            .map(|m| {
                size(m)
                    .and_then(|s| Layout::compact(&s.into()))
                    .map(Tiler::Layout)
            })
            .collect::<cute_core::dynamic::Result<_>>()?,
    );
    // get_flat_coord: (index / stride) % shape per mode (single-leaf modes here)
    let crd: Vec<Coord> = modes
        .iter()
        .map(|m| {
            let (s, d) = m.leaves()[0];
            Coord::Int(Int::dynamic(if d.value == 0 {
                0
            } else {
                (index / d.value) % s.value
            }))
        })
        .collect();
    let tiled = zipped_divide(t.encoded_layout(), &tiler)?;
    let rest = tiled.mode(1).expect("rank 2").rank();
    t.slice_layout(
        &Coord::Tuple(vec![
            Coord::Tuple(crd),
            Coord::Tuple(vec![Coord::Underscore; rest]),
        ]),
        &tiled,
    )
}

/// C++ `local_tile(tensor, tiler, coord)`: tile `coord` of `tensor` cut by `tiler`
/// (`inner_partition`).
pub fn local_tile(
    t: &cute_core::dynamic::IdentityTensor,
    tiler: &str,
    coord: &[i64],
) -> cute_core::dynamic::Result<cute_core::dynamic::IdentityTensor> {
    use cute_core::dynamic::{zipped_divide, Coord, Int, Tiler};
    let tiler: Tiler = tiler.parse()?;
    let tiled = zipped_divide(t.encoded_layout(), &tiler)?;
    let r0 = tiled.mode(0).expect("rank 2").rank();
    let crd = coord.iter().map(|&c| Coord::Int(Int::dynamic(c))).collect();
    t.slice_layout(
        &Coord::Tuple(vec![
            Coord::Tuple(vec![Coord::Underscore; r0]),
            Coord::Tuple(crd),
        ]),
        &tiled,
    )
}
