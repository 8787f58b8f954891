//! `print_svg_mma` draws the same cells, labels and colours as C++ CuTe 4.2's
//! `print_svg(TiledMMA)` (`tests/cpp/print_svg.cpp`; `print_svg.expected` is its output). Each case gives the TiledMMA's TV layouts as C++ prints them (the static
//! TiledMMAs print the same strings: `mma_traits_sm80`'s `sm80_tiled_mmas_print_as_cute`);
//! our SVG from those layouts must equal C++'s line for line, the `<!-- -->` comments aside.
//! CuTe 4.2 has no `print_svg` for layouts and TV layouts; for those, our SVG must carry the
//! cells, labels and colours of C++'s `print_latex` / `print_latex_tv` (the "latex" cases).

use std::collections::BTreeMap;

use cute_core::dynamic::{Layout, Swizzle};
use cute_core::util::bank_report::make_layout_tv;
use cute_core::util::print_svg::{print_svg_layout, print_svg_mma, print_svg_tv};

const EXPECTED: &str = include_str!("cpp/print_svg.expected");

fn field<'a>(text: &'a str, key: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.strip_prefix(key))
        .unwrap_or_else(|| panic!("no line {key}"))
}

fn drawing(svg: &str) -> Vec<&str> {
    svg.lines().filter(|l| !l.starts_with("<!--")).collect()
}

#[test]
fn tiled_mma_svgs_equal_cute() {
    let cases: Vec<&str> = EXPECTED
        .split("@@ ")
        .skip(1)
        .filter(|c| !c.starts_with("latex "))
        .collect();
    assert_eq!(cases.len(), 5);
    for case in cases {
        let name = case.lines().next().unwrap();
        let tile: Vec<i64> = field(case, "TileShape: ")
            .trim_matches(|c| c == '(' || c == ')')
            .split(',')
            .map(|s| s.trim_start_matches('_').parse().unwrap())
            .collect();
        let tv = |key: &str| -> Layout { field(case, key).parse().unwrap() };
        let ours = print_svg_mma(
            &tv("LayoutC_TV: "),
            &tv("LayoutA_TV: "),
            &tv("LayoutB_TV: "),
            (tile[0], tile[1], tile[2]),
        )
        .unwrap();
        let cpp = &case[case.find("<!--").unwrap()..];
        let (ours, cpp) = (drawing(&ours), drawing(cpp));
        assert!(cpp.len() > 50, "{name}");
        assert_eq!(ours.len(), cpp.len(), "{name}: line count");
        for (i, (a, b)) in ours.iter().zip(&cpp).enumerate() {
            assert_eq!(a, b, "{name}: line {i}");
        }
    }
}

/// A picture as `(row, col) -> (fill, labels)`; row or column -1 holds the axis numbers.
type Cells = BTreeMap<(i64, i64), (String, Vec<String>)>;

/// The cells of one of our SVGs (20-unit cells, the grid's origin at (20, 20)).
fn svg_cells(svg: &str) -> Cells {
    let attr = |l: &str, k: &str| -> String {
        let from = l.find(&format!(" {k}=\"")).unwrap() + k.len() + 3;
        l[from..from + l[from..].find('"').unwrap()].to_string()
    };
    let num = |l: &str, k: &str| attr(l, k).parse::<i64>().unwrap();
    let mut cells = Cells::new();
    for l in svg.lines() {
        if l.starts_with("<rect") {
            let key = (num(l, "y") / 20 - 1, num(l, "x") / 20 - 1);
            let fill = attr(l, "fill")
                .trim_start_matches("rgb(")
                .trim_end_matches(')')
                .to_string();
            assert!(
                cells.insert(key, (fill, vec![])).is_none(),
                "two cells at {key:?}"
            );
        } else if l.starts_with("<text") {
            let key = (num(l, "y") / 20 - 1, num(l, "x") / 20 - 1);
            let text = l[l.find('>').unwrap() + 1..l.rfind("</text>").unwrap()].to_string();
            cells
                .entry(key)
                .or_insert_with(|| ("white".into(), vec![]))
                .1
                .push(text);
        }
    }
    cells
}

/// The cells of C++'s TikZ, colours translated to ours: `black!p` is grey
/// `round(255 (100 - p) / 100)`, `{rgb,255:red,R;green,G;blue,B}` is `R,G,B`.
fn tikz_cells(tex: &str) -> Cells {
    let mut cells = Cells::new();
    for l in tex.lines().filter(|l| l.starts_with("\\node")) {
        let fill = match l.strip_prefix("\\node[fill=") {
            Some(r) => {
                let f = &r[..r.find("] at").unwrap()];
                if let Some(p) = f.strip_prefix("black!") {
                    let g = (255.0 * (100.0 - p.parse::<f64>().unwrap()) / 100.0).round() as i64;
                    format!("{g},{g},{g}")
                } else {
                    f.trim_start_matches("{rgb,255:red,")
                        .trim_end_matches('}')
                        .replace(";green,", ",")
                        .replace(";blue,", ",")
                }
            }
            None => "white".into(),
        };
        let at = &l[l.find(" at (").unwrap() + 5..];
        let (m, rest) = at.split_once(',').unwrap();
        let (n, rest) = rest.split_once(')').unwrap();
        let body = &rest[rest.find('{').unwrap() + 1..rest.rfind('}').unwrap()];
        let labels: Vec<String> = if let Some(tv) = body.strip_prefix("\\shortstack{") {
            tv.trim_end_matches('}')
                .split(" \\\\ ")
                .map(|s| s.trim().to_string())
                .collect()
        } else {
            vec![body
                .trim_start_matches("\\Large{\\texttt{")
                .trim_end_matches("}}")
                .to_string()]
        };
        let key = (m.parse().unwrap(), n.parse().unwrap());
        assert!(
            cells.insert(key, (fill, labels)).is_none(),
            "two nodes at {key:?}"
        );
    }
    cells
}

#[test]
fn layout_and_tv_svgs_carry_print_latex_cells() {
    let latex: Vec<&str> = EXPECTED.split("@@ latex ").skip(1).collect();
    assert_eq!(latex.len(), 7);
    for case in latex {
        let name = case.lines().next().unwrap();
        let ours = if let Some(l) = field_opt(case, "% Layout: ") {
            // "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)" or a plain layout
            match l.split_once(" o _0 o ") {
                Some((sw, l)) => {
                    let sw: Swizzle = sw.parse().unwrap();
                    print_svg_layout(&l.parse().unwrap(), Some(&sw)).unwrap()
                }
                None => print_svg_layout(&l.parse().unwrap(), None).unwrap(),
            }
        } else {
            // the copies of tests/cpp/print_svg.cpp, through make_layout_tv (make_tiled_copy)
            let (thr, val) = match name {
                "copy_32x8_thr" => ("(32,8):(8,1)", "(1,1):(0,0)"),
                "copy_u128_32x8_1x4" => ("(32,8):(8,1)", "(1,4):(1,1)"),
                other => panic!("unknown case {other}"),
            };
            let (tv, mn) = make_layout_tv(&thr.parse().unwrap(), &val.parse().unwrap()).unwrap();
            let tile = field(case, "Tile: ").replace('_', "");
            assert_eq!(format!("({},{})", mn.0, mn.1), tile, "{name}: tile");
            print_svg_tv(&tv, mn).unwrap()
        };
        let (ours, cpp) = (svg_cells(&ours), tikz_cells(case));
        assert!(cpp.len() > 20, "{name}: {} cells", cpp.len());
        assert_eq!(ours.len(), cpp.len(), "{name}: cell count");
        for (k, v) in &cpp {
            assert_eq!(ours.get(k), Some(v), "{name}: cell {k:?}");
        }
    }
}

fn field_opt<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines().find_map(|l| l.strip_prefix(key))
}
