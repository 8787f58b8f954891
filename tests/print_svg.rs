//! Acceptance 1 of issue 13: `print_svg_mma` draws the same cells, labels and colours as C++
//! CuTe 4.2's `print_svg(TiledMMA)` (`tests/cpp/print_svg.cpp`; `print_svg.expected` is its
//! output). Each case gives the TiledMMA's TV layouts as C++ prints them (the static
//! TiledMMAs print the same strings: `mma_traits_sm80`'s `sm80_tiled_mmas_print_as_cute`);
//! our SVG from those layouts must equal C++'s line for line, the `<!-- -->` comments aside.

use cute_core::dynamic::Layout;
use cute_core::util::print_svg::print_svg_mma;

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
    let cases: Vec<&str> = EXPECTED.split("@@ ").skip(1).collect();
    assert_eq!(cases.len(), 4);
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
