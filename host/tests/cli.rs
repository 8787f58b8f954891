//! The `cute` binary: every oracle vector through `cute eval -`, the worked examples of the
//! CuTe documentation, and `cute layout` against C++ CuTe's `print_layout`.

mod common;

use std::path::Path;
use std::time::Duration;

use common::{cute, eval};
use cute_tests::{
    compare, load_vectors, run_check_py, to_expression, write_answers, PUBLIC_VECTORS,
};

#[test]
fn oracle_through_cute_eval() {
    let vectors = load_vectors().expect("oracle vectors");
    assert_eq!(vectors.len(), PUBLIC_VECTORS);
    let input: String = vectors.iter().map(|v| to_expression(v) + "\n").collect();
    let run = cute(&["eval", "-"], &input, Duration::from_secs(300));
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), vectors.len(), "one output line per expression");
    let mut failures = Vec::new();
    for (i, (v, got)) in vectors.iter().zip(&lines).enumerate() {
        if let Err(why) = compare(v, got) {
            failures.push(format!("line {i}: {} => {got}: {why}", to_expression(v)));
        }
    }
    let answers: Vec<Option<String>> = lines.iter().map(|l| Some(l.to_string())).collect();
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("oracle_cli_answers.jsonl");
    write_answers(&path, &answers).expect("write answers");
    let shown: Vec<&String> = failures.iter().take(40).collect();
    assert!(
        failures.is_empty(),
        "{} vectors failed:\n{shown:#?}",
        failures.len()
    );
    assert_eq!(run.code, Some(0), "no line failed, so the exit status is 0");

    let (passed, failed, out) = run_check_py(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (passed, failed),
        (PUBLIC_VECTORS, 0),
        "check.py disagrees:\n{out}"
    );
}

/// `L(i)` for `i` in `0..n`, evaluated by `cute eval`.
fn values(layout: &str, n: usize) -> Vec<i64> {
    let exprs: Vec<String> = (0..n).map(|i| format!("{layout}({i})")).collect();
    let refs: Vec<&str> = exprs.iter().map(String::as_str).collect();
    let run = eval(&refs);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    run.stdout
        .lines()
        .map(|l| l.parse().expect("an integer"))
        .collect()
}

fn one(expr: &str) -> String {
    let run = eval(&[expr]);
    run.stdout.trim_end().to_string()
}

#[test]
fn worked_examples() {
    assert_eq!(values("(2,4):(2,2)", 8), [0, 2, 2, 4, 4, 6, 6, 8]);
    assert_eq!(one("coalesce((2,1):(3,1))"), "2:3");
    assert_eq!(one("complement((2,4):(1,2),16)"), "2:8");
    assert_eq!(values("(2,4,2):(1,2,8)", 16), (0..16).collect::<Vec<i64>>());
    let mut want: Vec<i64> = (0..8).map(|i| 2 * i).collect();
    want.extend((0..8).map(|i| 2 * i + 1));
    want.extend((0..8).map(|i| 16 + 2 * i));
    want.extend((0..8).map(|i| 17 + 2 * i));
    assert_eq!(
        values("make_layout((2,4):(2,4), complement((2,4):(2,4),32))", 32),
        want
    );
    assert_eq!(values("(2,2):(3,1)", 4), [0, 3, 1, 4]);
    assert_eq!(values("(2,2):(1,3)", 4), [0, 1, 3, 4]);
}

#[test]
fn design_examples() {
    assert_eq!(one("composition((4,8):(1,4), (2,4):(1,2))"), "(2,4):(1,2)");
    assert_eq!(one("complement((2,4):(1,2), 16)"), "2:8");
    assert_eq!(one("slice((1,_), (4,8):(8,1))"), "(8):(1)");
    assert_eq!(one("((2,2,2):(4,2,1))(5)"), "5");
    assert_eq!(one("Sw<3,4,3>(200)"), "216");
    assert_eq!(one("coalesce((_2,_1):(_3,_1))"), "_2:_3");
}

#[test]
fn errors_and_exit_status() {
    let run = eval(&["size(4:1)", "shape_div(3,2)", "(2,4):(2,2)(8)"]);
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stdout,
        "4\nerror: shape_div: 3 and 2 do not divide one another\n\
         error: layout: the index 8 is out of range for (2,4):(2,2) of size 8\n"
    );
    let run = cute(&["eval", "-"], "1\n(\n2", Duration::from_secs(60));
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stdout.lines().count(), 3);
    let run = cute(&["eval"], "", Duration::from_secs(60));
    assert_eq!(run.code, Some(2));
    assert!(run.stdout.is_empty() && run.stderr.contains("usage: cute"));
    let run = cute(&["frobnicate"], "", Duration::from_secs(60));
    assert_eq!(run.code, Some(2));
}

/// 8-bit inputs on the command line, without a GPU: `--explain` names the 8-bit member, and a
/// layout the 8-bit `wgmma` cannot read is refused in one sentence (exit status 1) before any
/// GPU work.
#[test]
fn gemm_with_8bit_inputs_explains_and_refuses() {
    let t = Duration::from_secs(60);
    let gemm = |args: &[&str]| {
        let mut all = vec!["gemm", "--kernel", "hopper"];
        all.extend_from_slice(args);
        cute(&all, "", t)
    };
    let run = gemm(&["--dtype", "e4m3", "--explain", "128", "4096", "4096"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.contains("8-bit inputs") && run.stdout.contains("coop_128x64x128"),
        "{}",
        run.stdout
    );
    let run = gemm(&["--dtype", "e5m2", "--layout", "nt", "64", "64", "64"]);
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    assert!(
        run.stderr.contains("layout TN for 8-bit inputs"),
        "{}",
        run.stderr
    );
    let run = gemm(&[
        "--dtype", "e4m3", "--out", "f16", "--layout", "tn", "64", "64", "24",
    ]);
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    assert!(run.stderr.contains("K a multiple of 16"), "{}", run.stderr);
}

/// The 8-bit float GMMA atoms through `cute eval`: every case of `data/tiled_fp8.expected`
/// (`cpp/tiled_fp8.cpp`) prints what C++ CuTe prints, and C++'s template arguments are checked.
#[test]
fn fp8_gmma_atoms_print_as_cute() {
    let text = include_str!("data/tiled_fp8.expected");
    let mut n = 0;
    for case in text.split("@@ ").skip(1) {
        let (expr, want) = case.split_once('\n').expect("a case has a line");
        let run = eval(&[expr]);
        assert_eq!(run.code, Some(0), "{expr}: {}", run.stdout);
        assert_eq!(run.stdout.trim_end(), want.trim_end(), "{expr}");
        n += 1;
    }
    assert_eq!(n, 9);
    let run = eval(&[
        "SM90_64x64x32_F32E4M3E4M3_SS_TN<GMMA::Major::K,GMMA::Major::K>",
        "SM90_64x64x32_F32E4M3E4M3_SS_TN<GMMA::ScaleIn::One,GMMA::ScaleIn::Neg,GMMA::ScaleIn::One>",
        "SM90_64x64x32_F32E4M3E4M3_TN",
    ]);
    assert_eq!(run.code, Some(1));
    let lines: Vec<&str> = run.stdout.lines().collect();
    let takes = "takes [<GMMA::ScaleIn::One|Neg[, GMMA::ScaleIn::One|Neg]>] (A and B are K-major)";
    assert_eq!(
        lines[0],
        format!("error: MMA_Atom: SM90_64x64x32_F32E4M3E4M3_SS_TN {takes}")
    );
    assert_eq!(
        lines[1],
        format!("error: MMA_Atom: SM90_64x64x32_F32E4M3E4M3_SS_TN {takes}")
    );
    assert!(
        lines[2].starts_with(
            "error: MMA_Atom: SM90_64x64x32_F32E4M3E4M3_TN is not an MMA atom of this project"
        ),
        "{}",
        lines[2]
    );
}

/// The cases of `data/print_layout.expected`: (expression, C++'s text).
fn cpp_cases() -> Vec<(String, String)> {
    let text = include_str!("data/print_layout.expected");
    let mut cases: Vec<(String, String)> = Vec::new();
    for line in text.split_inclusive('\n') {
        if let Some(expr) = line.strip_prefix("@@ ") {
            cases.push((expr.trim_end().to_string(), String::new()));
        } else if let Some(last) = cases.last_mut() {
            last.1.push_str(line);
        }
    }
    cases
}

/// Cases whose layout has rank 1 (see `data/print_layout.cpp`).
const RANK1: &[&str] = &["8:2", "(_3):(_5)"];

#[test]
fn cute_layout_matches_cpp_print_layout() {
    let cases = cpp_cases();
    assert!(cases.len() >= 10);
    for (expr, want) in cases {
        let run = cute(&["layout", &expr], "", Duration::from_secs(60));
        assert_eq!(run.code, Some(0), "cute layout {expr}: {}", run.stdout);
        let (got_head, got_body) = run.stdout.split_once('\n').expect("a header line");
        let (want_head, want_body) = want.split_once('\n').expect("a header line");
        assert_eq!(got_body, want_body, "cute layout {expr}");
        if RANK1.contains(&expr.as_str()) {
            // C++ needs rank 2: its rank-1 cases print make_layout(L, _1:_0), while
            // `cute layout` heads the same grid with L itself.
            assert_eq!(got_head, expr, "cute layout {expr}");
            assert!(want_head.ends_with(",_0)"), "{want_head}");
        } else {
            assert_eq!(got_head, want_head, "cute layout {expr}");
        }
    }
}

#[test]
fn cute_layout_refuses_what_it_cannot_draw() {
    let run = cute(&["layout", "(2,2,2):(1,2,4)"], "", Duration::from_secs(60));
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stdout,
        "error: print_layout: (2,2,2):(1,2,4) has rank 3, not 1 or 2\n"
    );
    let run = cute(&["layout", "4"], "", Duration::from_secs(60));
    assert_eq!(run.code, Some(1));
}

#[test]
fn demo_runs() {
    let run = cute(&["demo"], "", Duration::from_secs(60));
    assert_eq!(run.code, Some(0));
    assert!(run.stdout.contains("=>  2:8"));
}

/// `cute banks` on sgemm_2 TN's shared memory (`cute-kernels/src/tutorial/sgemm_2.rs`): the
/// padded `(128,8):(1,132)` tile takes the transposing stores of both TN copies and the permuted
/// MMA's 128-bit reads without conflicts; the unpadded `(128,8):(1,128)` does not. Hand
/// counts: the one-float copy (threads `(32,8):(8,1)`) has each warp store 4 rows x 8 k; with
/// stride 128 the 8 k of a row share a bank: 8 wavefronts per access, 7 extra, x 32 accesses
/// = 224. The 128-bit copy (threads `(128,2):(2,1)`, 4 k each, stored one float at a time):
/// 16 rows x 2 k per access, 2 per bank: 32 extra. With stride 132 bank = m + 4k: distinct.
#[test]
fn banks_sgemm_2_tn() {
    let total = |args: &[&str]| -> String {
        let run = cute(args, "", Duration::from_secs(30));
        assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
        run.stdout.lines().last().unwrap().to_string()
    };
    let scalar = ["--thr", "(32,8):(8,1)"];
    let vector = ["--thr", "(128,2):(2,1)", "--val", "(1,4):(1,1)"];
    let reads = [
        "--tv",
        "((16,16),((4,2),8)):((4,0),((1,64),128))",
        "--tile",
        "128,8",
        "--vec",
        "4",
    ];
    let banks = |smem: &str, rest: &[&str]| total(&[&["banks", smem][..], rest].concat());
    let padded = "(128,8):(1,132)";
    let unpadded = "(128,8):(1,128)";
    assert_eq!(
        banks(padded, &scalar),
        "total: 32 accesses, 32 wavefronts, ideal 32, conflicts 0"
    );
    assert_eq!(
        banks(padded, &vector),
        "total: 32 accesses, 32 wavefronts, ideal 32, conflicts 0"
    );
    assert_eq!(
        banks(padded, &reads),
        "total: 128 accesses, 512 wavefronts, ideal 512, conflicts 0"
    );
    assert_eq!(
        banks(unpadded, &scalar),
        "total: 32 accesses, 256 wavefronts, ideal 32, conflicts 224"
    );
    assert_eq!(
        banks(unpadded, &vector),
        "total: 32 accesses, 64 wavefronts, ideal 32, conflicts 32"
    );
    // a swizzle repairs the unpadded store: Sw<3,2,5> xors k (offset bits 7-9) into bits 2-4, the bank's high bits
    assert_eq!(
        banks(
            unpadded,
            &[&scalar[..], &["--swizzle", "Sw<3,2,5>"]].concat()
        ),
        "total: 32 accesses, 32 wavefronts, ideal 32, conflicts 0"
    );
}

/// `cute banks --tv` of a TiledCopy written as in C++ counts what `--thr` counts for the same
/// thread and value layouts: sgemm_2 TN's stores into the padded and the unpadded tile.
#[test]
fn banks_of_a_tiled_copy() {
    for (smem, total) in [
        (
            "(128,8):(1,132)",
            "total: 32 accesses, 32 wavefronts, ideal 32, conflicts 0",
        ),
        (
            "(128,8):(1,128)",
            "total: 32 accesses, 256 wavefronts, ideal 32, conflicts 224",
        ),
    ] {
        let run = cute(
            &[
                "banks",
                smem,
                "--tv",
                "make_tiled_copy(Copy_Atom<UniversalCopy<float>, float>, (32,8):(8,1))",
            ],
            "",
            Duration::from_secs(30),
        );
        assert_eq!(run.code, Some(0), "{}", run.stdout);
        assert_eq!(run.stdout.lines().last(), Some(total), "{smem}");
    }
}

/// `cute svg`: a layout's grid (cells, offsets, print_latex's greys) to stdout and to `-o`.
#[test]
fn svg_of_a_layout() {
    let run = cute(&["svg", "(2,4):(4,1)"], "", Duration::from_secs(30));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let rects: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("<rect"))
        .collect();
    assert_eq!(rects.len(), 8);
    // cell (1,3) holds offset 7: x = (3+1)*20, y = (1+1)*20, print_latex's black!70
    assert!(run.stdout.contains(
        "<rect x=\"80\" y=\"40\" width=\"20\" height=\"20\" fill=\"rgb(77,77,77)\" stroke=\"black\"/>\n<text x=\"90\" y=\"50\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"8\">7</text>"
    ), "{}", run.stdout);
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("svg_of_a_layout.svg");
    let run = cute(
        &["svg", "(2,4):(4,1)", "-o", path.to_str().unwrap()],
        "",
        Duration::from_secs(30),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let file = std::fs::read_to_string(&path).unwrap();
    assert_eq!(file.lines().filter(|l| l.starts_with("<rect")).count(), 8);
    assert!(file.ends_with("</svg>\n"));

    // the banks of sgemm_2 TN's first 4 rows: unpadded, row 0's 8 k all in bank 0; padded
    // by 4 words per k, the 32 elements in 32 banks (what `cute banks` counts for one warp)
    let banks = |smem: &str| {
        let run = cute(&["svg", smem, "--banks", "4"], "", Duration::from_secs(30));
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let mut b: Vec<String> = run
            .stdout
            .lines()
            .filter_map(|l| {
                l.strip_suffix("</text>")?
                    .rsplit_once(">B")
                    .map(|(_, b)| b.to_string())
            })
            .collect();
        let zeros = b.iter().filter(|x| *x == "0").count();
        b.sort();
        b.dedup();
        (zeros, b.len())
    };
    assert_eq!(banks("(4,8):(1,128)"), (8, 4));
    assert_eq!(banks("(4,8):(1,132)"), (1, 32));
}

/// A warpgroup's GMMA has 128 threads on every A and B cell: the picture holds the tiles' cells
/// (64x64 of C, 64x16 of A and of B), not the 131072 (thread, value) pairs of A's TV layout.
#[test]
fn svg_of_a_gmma_counts_cells_not_pairs() {
    let run = cute(
        &[
            "svg",
            "make_tiled_mma(SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>)",
        ],
        "",
        Duration::from_secs(60),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout.matches("<rect").count(), 64 * 64 + 2 * 64 * 16);
}

/// `cute svg` of a TiledMMA written as in C++ draws exactly C++ CuTe 4.2's
/// `print_svg(TiledMMA)` (`tests/cpp/print_svg.cpp`): every `<svg>`, `<rect>` and `<text>`
/// line equal; and a TiledCopy draws the cells of C++ `print_latex(TiledCopy)`.
#[test]
fn svg_of_tiled_mma_is_cpp_print_svg() {
    let expected = include_str!("../../tests/cpp/print_svg.expected");
    for (name, expr) in [
        (
            "sm80_16x8x16_f16_atom",
            "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{})",
        ),
        (
            "sm80_16x8x16_f16_221_tile_32x32x16",
            "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), (32,32,16))",
        ),
        (
            "sm80_16x8x8_f16_atom",
            "MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>",
        ),
        (
            "universal_fma_4x4x1",
            "make_tiled_mma(UniversalFMA<float>{}, (4,4,1))",
        ),
        (
            "sm90_64x8x16_f16_ss",
            "make_tiled_mma(SM90_64x8x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>)",
        ),
    ] {
        let case = &expected[expected.find(&format!("@@ {name}\n")).unwrap()..];
        let want: Vec<&str> = case
            .lines()
            .skip_while(|l| !l.starts_with("<svg"))
            .take_while(|l| *l != "</svg>")
            .collect();
        let run = cute(&["svg", expr], "", Duration::from_secs(30));
        assert_eq!(run.code, Some(0), "{expr}: {}", run.stderr);
        let got: Vec<&str> = run
            .stdout
            .lines()
            .skip_while(|l| !l.starts_with("<svg"))
            .take_while(|l| *l != "</svg>")
            .collect();
        assert!(want.len() > 40, "{name}");
        assert_eq!(got, want, "{expr}");
    }
    // TiledCopys: the cells of C++ print_latex(TiledCopy), source and destination panels
    // (tests/cpp/tiled_copy_latex.cpp): every TikZ node `\node[fill={rgb,255:red,R;green,G;
    // blue,B}] at (m,n) {\shortstack{T<t> \\ V<v>}};` is our cell at x = (n+1)*20,
    // y = (m+1)*20 with fill rgb(R,G,B) and labels T<t>, V<v>, and we draw no other cell.
    let latex = include_str!("data/tiled_copy_latex.expected");
    let mut cases = 0;
    for case in latex.split("@@ ").skip(1) {
        let (expr, body) = case.split_once('\n').unwrap();
        let mut want = std::collections::BTreeSet::new();
        for l in body.lines().filter(|l| l.starts_with("\\node[fill=")) {
            let num = |k: &str| -> i64 {
                let i = l.find(k).unwrap() + k.len();
                l[i..]
                    .split(|c: char| !c.is_ascii_digit())
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap()
            };
            let at = &l[l.find(" at (").unwrap() + 5..];
            let (m, rest) = at.split_once(',').unwrap();
            let n = rest.split_once(')').unwrap().0;
            let (m, n): (i64, i64) = (m.parse().unwrap(), n.parse().unwrap());
            let fill = format!("rgb({},{},{})", num("red,"), num("green,"), num("blue,"));
            let t = num("{T");
            let v = num("\\\\ V");
            want.insert(((n + 1) * 20, (m + 1) * 20, fill, t, v));
        }
        let run = cute(&["svg", expr], "", Duration::from_secs(30));
        assert_eq!(run.code, Some(0), "{expr}: {}", run.stdout);
        let lines: Vec<&str> = run.stdout.lines().collect();
        let mut got = std::collections::BTreeSet::new();
        for (i, l) in lines.iter().enumerate() {
            let Some(r) = l.strip_prefix("<rect x=\"") else {
                continue;
            };
            let attr = |k: &str| {
                r.split(k)
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap()
                    .to_string()
            };
            let x: i64 = r.split('"').next().unwrap().parse().unwrap();
            let y: i64 = attr("y=\"").parse().unwrap();
            let text = |j: usize| {
                lines[j]
                    .split('>')
                    .nth(1)
                    .unwrap()
                    .split('<')
                    .next()
                    .unwrap()
            };
            let t: i64 = text(i + 1)[1..].parse().unwrap();
            let v: i64 = text(i + 2)[1..].parse().unwrap();
            got.insert((x, y, attr("fill=\""), t, v));
        }
        assert!(want.len() >= 1024, "{expr}: {} nodes", want.len());
        assert_eq!(got, want, "{expr}");
        cases += 1;
    }
    assert_eq!(cases, 2);
}

/// `cute svg` of a thread's partition of an identity tensor marks the coordinates it holds:
/// thread 3's `partition_C` of the SM80 (2,2,1) TiledMMA, `ArithTuple(0,6) o
/// ((_2,_2),_2,_4):((_1@1,_8@0),_32@0,_16@1)` (C++), holds (0,6), (0,7), (8,6), ... as V0, V1,
/// V2, ...: 32 cells over the 41x56 grid up to its last coordinate (40,55).
#[test]
fn svg_of_a_partition() {
    let run = cute(
        &["svg", "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), (32,32,16)).get_slice(3).partition_C(make_identity_tensor((_64,_64)))"],
        "",
        Duration::from_secs(30),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert_eq!(run.stdout.matches("<rect").count(), 41 * 56);
    assert_eq!(run.stdout.matches("fill=\"rgb(175,175,255)\"").count(), 32);
    // V2 at (8,6): x = (6+1)*20, y = (8+1)*20
    assert!(run.stdout.contains("<rect x=\"140\" y=\"180\" width=\"20\" height=\"20\" fill=\"rgb(175,175,255)\" stroke=\"black\"/>\n<text x=\"150\" y=\"190\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"8\">V2</text>"));
    assert!(run.stdout.contains(">V31</text>"));
}

/// The Chromium binary and python3, or `None` after printing why the test skips.
fn find_chromium() -> Option<String> {
    let chromium = std::env::var("CUTE_CHROMIUM").unwrap_or_else(|_| "chromium".into());
    if chromium == "none" {
        println!("skipped: CUTE_CHROMIUM=none");
        return None;
    }
    let works = |cmd: &str, arg: &str| {
        std::process::Command::new(cmd)
            .arg(arg)
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !works(&chromium, "--version") || !works("python3", "--version") {
        println!("skipped: no runnable '{chromium}' (Debian package chromium) or python3");
        return None;
    }
    Some(chromium)
}

/// Where the screenshot tests write their pictures: `CUTE_SCREENSHOT_DIR`, else the test
/// target's temporary directory.
fn screenshot_dir() -> std::path::PathBuf {
    std::env::var("CUTE_SCREENSHOT_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| Path::new(env!("CARGO_TARGET_TMPDIR")).to_path_buf())
}

/// Headless Chromium's flags for the screenshot tests.
const HEADLESS: [&str; 4] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--hide-scrollbars",
];

/// Headless Chromium's screenshot of `url` in a `w` x `h` window into `png` (any earlier one
/// removed first), asserting that it was written (`what` names the picture in the failure).
fn screenshot(chromium: &str, url: &str, png: &Path, (w, h): (usize, usize), what: &str) {
    let _ = std::fs::remove_file(png);
    let shot = std::process::Command::new(chromium)
        .args(HEADLESS)
        .arg(format!("--window-size={w},{h}"))
        .arg(format!("--screenshot={}", png.display()))
        .arg(url)
        .output()
        .unwrap();
    assert!(
        png.exists(),
        "{what}: no screenshot: {}",
        String::from_utf8_lossy(&shot.stderr)
    );
}

/// Size, non-white pixels and colours of a PNG (`data/png_stats.py`), then the number of
/// pixels of each of `colours` (`#rrggbb`).
fn png_stats(png: &Path, colours: &[&str]) -> Vec<usize> {
    let stats = std::process::Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/png_stats.py"
        ))
        .arg(png)
        .args(colours)
        .output()
        .unwrap();
    let stats = String::from_utf8(stats.stdout).unwrap();
    let v: Vec<usize> = stats
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    assert_eq!(v.len(), 4 + colours.len(), "{}: {stats}", png.display());
    v
}

/// The interactive page (`docs/web`, built by `docs/web/build.sh`) in headless Chromium from
/// file://: the expression in the URL's fragment is evaluated by the WebAssembly module at
/// load; the DOM must hold the TiledMMA's print and its 2048 cells (32x32 C + 32x16 A + 32x16
/// B), and the screenshot be the window's size and not blank (`CUTE_SCREENSHOT_DIR` keeps it:
/// docs/img/web_page.png). Skips, saying why, without
/// Chromium or without the built page (`CUTE_REQUIRE_WEB=1`, set by `.ci/run`, fails then).
#[test]
fn screenshots_in_chromium_web_page() {
    let Some(chromium) = find_chromium() else {
        return;
    };
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/web/index.html");
    let wasm = page.with_file_name("cute_wasm.js");
    if !wasm.exists() {
        assert!(
            std::env::var("CUTE_REQUIRE_WEB").is_err(),
            "CUTE_REQUIRE_WEB is set and docs/web/cute_wasm.js is missing"
        );
        println!("skipped page: docs/web/cute_wasm.js is not built (docs/web/build.sh)");
        return;
    }
    let page = page.canonicalize().unwrap();
    let url = format!(
        "file://{}#make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,%20(2,2,1),%20(32,32,16))",
        page.display()
    );
    let dom = std::process::Command::new(&chromium)
        .args(HEADLESS)
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert!(
        dom.contains("<title>cute: ok</title>"),
        "{}",
        &dom[..dom.len().min(2000)]
    );
    assert!(
        dom.contains("PermutationMNK: (_32,_32,_16)"),
        "the TiledMMA's print"
    );
    assert_eq!(dom.matches("<rect").count(), 2048, "the TiledMMA's cells");
    let dir = screenshot_dir();
    let png = dir.join("web_page.png");
    let px = 900;
    screenshot(&chromium, &url, &png, (px, px), "web_page");
    let v = png_stats(&png, &[]);
    assert_eq!((v[0], v[1]), (px, px), "screenshot size");
    assert!(v[2] > px * px / 10, "mostly blank: {v:?}");
    assert!(v[3] >= 8, "too few colours: {v:?}");
    println!(
        "page: {px}x{px}, {} non-white pixels, {} colours, 2048 cells",
        v[2], v[3]
    );
}

/// The pictures in a real browser: headless Chromium (Debian's `chromium`; `CUTE_CHROMIUM`
/// names another binary, `none` skips) renders `cute svg` of a layout and of the SM80
/// 16x8x16 TiledMMA with atom layout (2,2,1) and tile (32,32,16) (TV layouts as C++ prints
/// them, `tests/cpp/print_svg.expected`); each screenshot must have the window's size, many
/// non-white pixels and the cells' colours (`data/png_stats.py` decodes it). Without Chromium
/// or python3 it prints why and passes. `CUTE_SCREENSHOT_DIR` keeps the PNGs (docs/img/).
#[test]
fn screenshots_in_chromium() {
    let Some(chromium) = find_chromium() else {
        return;
    };
    let dir = screenshot_dir();
    let expected = include_str!("../../tests/cpp/print_svg.expected");
    let case = &expected[expected
        .find("@@ sm80_16x8x16_f16_221_tile_32x32x16")
        .unwrap()..];
    let field = |k: &str| {
        case.lines()
            .find_map(|l| l.strip_prefix(k))
            .unwrap()
            .to_string()
    };
    let (c, a, b) = (
        field("LayoutC_TV: "),
        field("LayoutA_TV: "),
        field("LayoutB_TV: "),
    );
    let cases: [(&str, Vec<&str>, u32, usize); 3] = [
        ("layout_8x8", vec!["(8,8):(8,1)"], 400, 8),
        (
            "sm80_16x8x16_221_mma",
            vec!["make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), (32,32,16))"],
            800,
            8,
        ),
        // the same picture from the TV layouts as C++ prints them
        (
            "sm80_16x8x16_221_mma_tv",
            vec!["--mma", &c, &a, &b, "32,32,16"],
            800,
            8,
        ),
    ];
    for (name, args, px, min_colours) in cases {
        let svg = dir.join(format!("{name}.svg"));
        let png = dir.join(format!("{name}.png"));
        let mut argv = vec!["svg"];
        argv.extend(&args);
        argv.extend(["-o", svg.to_str().unwrap()]);
        let run = cute(&argv, "", Duration::from_secs(30));
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let url = format!("file://{}", svg.display());
        screenshot(&chromium, &url, &png, (px as usize, px as usize), name);
        let v = png_stats(&png, &[]);
        let stats = format!("{v:?}");
        assert_eq!(
            (v[0], v[1]),
            (px as usize, px as usize),
            "{name}: screenshot size"
        );
        assert!(
            v[2] > (px * px / 10) as usize,
            "{name}: mostly blank: {stats}"
        );
        assert!(v[3] >= min_colours, "{name}: too few colours: {stats}");
        println!(
            "{name}: {px}x{px}, {} non-white pixels, {} colours",
            v[2], v[3]
        );
    }
}

/// A committed raw CSV of `cute bench --raw`, relative to the repository.
fn results_csv(path: &str) -> String {
    format!("{}/../benches/results/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// `cute bench --plot FILE --from RAW.csv` draws a committed CSV without a GPU: a bar per
/// checked row of ours, one per problem for the better of cuBLAS and cuBLASLt, a label per
/// problem (90: three output types of the 30 language-model shapes), the legend's geometric
/// mean; bad input is one line on standard error and status 1.
#[test]
fn bench_plot_of_a_committed_csv() {
    let csv = results_csv("2026-11-28-h100-small-m-members-and-llm-f16/llm_f16_tn.csv");
    let svg = Path::new(env!("CARGO_TARGET_TMPDIR")).join("llm_f16_tn.svg");
    let _ = std::fs::remove_file(&svg);
    let svg_arg = svg.to_str().unwrap();
    let run = cute(
        &["bench", "--plot", svg_arg, "--from", &csv],
        "",
        Duration::from_secs(30),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, format!("wrote {svg_arg}\n"));
    let text = std::fs::read_to_string(&svg).unwrap();
    let rows =
        cute_host::plot::parse_raw_csv("llm_f16_tn.csv", &std::fs::read_to_string(&csv).unwrap())
            .unwrap();
    let ours = rows
        .iter()
        .filter(|r| r.implementation == "ours" && r.ok)
        .count();
    assert_eq!(ours, 60);
    assert_eq!(text.matches("class=\"bar\"").count(), ours + 90);
    assert!(text.contains(
        ">GEMM TFLOP/s per problem (M x N x K), TN, in/acc/out f16/f16/f16, f16/f32/f16 and f16/f32/f32</text>"
    ));
    assert!(text.contains(
        ">from 2026-11-28-h100-small-m-members-and-llm-f16/llm_f16_tn.csv (cute bench --raw)</text>"
    ));
    assert!(text.contains(">16x6144x4096 f16/f32/f16</text>"));
    assert!(text.contains(">16384x6144x4096 f16/f16/f16</text>"));
    assert!(text.contains("<tspan font-weight=\"bold\">hopper</tspan>: 0."));
    assert!(text.contains("x the best cuBLAS (geometric mean over 60 problems; worst 0."));

    let empty = Path::new(env!("CARGO_TARGET_TMPDIR")).join("header_only.csv");
    std::fs::write(&empty, format!("{}\n", cute_host::bench::CSV_HEADER)).unwrap();
    let smi = results_csv("2026-11-25-h100-sm80-perf/run1-smi.csv");
    let empty = empty.to_str().unwrap();
    for (from, why) in [
        (
            "/nonexistent/raw.csv",
            "cannot read /nonexistent/raw.csv: No such file or directory (os error 2)".to_string(),
        ),
        (
            smi.as_str(),
            format!(
                "{smi} is not a raw CSV of cute bench: its header has no 'impl' column (it needs \
                 impl,kernel,layout,M,N,K,tflops)"
            ),
        ),
        (empty, format!("{empty} has a header but no measurements")),
    ] {
        let run = cute(
            &["bench", "--plot", svg_arg, "--from", from],
            "",
            Duration::from_secs(30),
        );
        assert_eq!(run.code, Some(1), "{from}: {}", run.stderr);
        assert_eq!(run.stderr, format!("cute bench: {why}\n"));
        assert_eq!(run.stdout, "");
    }
    let run = cute(&["bench", "--from", &csv], "", Duration::from_secs(30));
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run
        .stderr
        .starts_with("cute: bench: --from RAW.csv needs --plot FILE.svg, the chart to draw\n"));
}

/// The chart of the Hopper GEMM over the 30 language-model shapes (bf16 TN, two output types,
/// 60 problems) in headless Chromium: the screenshot at the SVG's size must be mostly drawn and
/// hold the cuBLAS grey and the first kernel's colour over many pixels. `CUTE_SCREENSHOT_DIR`
/// keeps the SVG and PNG (docs/img/llm_bf16_tn_h100.svg and .png).
#[test]
fn screenshots_in_chromium_bench_plot() {
    let Some(chromium) = find_chromium() else {
        return;
    };
    let dir = screenshot_dir();
    let svg = dir.join("llm_bf16_tn_h100.svg");
    let png = dir.join("llm_bf16_tn_h100.png");
    let csv = results_csv("2026-11-28-h100-llm-shapes-measured-table/llm_bf16_tn.csv");
    let run = cute(
        &["bench", "--plot", svg.to_str().unwrap(), "--from", &csv],
        "",
        Duration::from_secs(30),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let text = std::fs::read_to_string(&svg).unwrap();
    let attribute = |name: &str| -> usize {
        let at = text.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        text[at..at + text[at..].find('"').unwrap()]
            .parse()
            .unwrap()
    };
    let (w, h) = (attribute("width"), attribute("height"));
    assert_eq!(
        text.matches("class=\"bar\"").count(),
        120,
        "60 problems, 2 series"
    );
    let url = format!("file://{}", svg.display());
    screenshot(&chromium, &url, &png, (w, h), "llm_bf16_tn_h100");
    let (grey, ours) = (
        cute_host::plot::CUBLAS_COLOUR,
        cute_host::plot::SERIES_COLOURS[0],
    );
    let v = png_stats(&png, &[grey, ours]);
    let stats = format!("{v:?}");
    assert_eq!((v[0], v[1]), (w, h), "screenshot size: {stats}");
    assert!(v[2] > w * h / 10, "mostly blank: {stats}");
    assert!(v[3] >= 8, "too few colours: {stats}");
    // bars 8 px high, 60 of each series, most of them far longer than 50 px
    assert!(v[4] > 60 * 8 * 50, "too few cuBLAS pixels: {stats}");
    assert!(v[5] > 60 * 8 * 50, "too few pixels of ours: {stats}");
    println!(
        "llm_bf16_tn_h100: {w}x{h}, {} non-white pixels, {} colours, {} cuBLAS and {} hopper pixels",
        v[2], v[3], v[4], v[5]
    );
}
