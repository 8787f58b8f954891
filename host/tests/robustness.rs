//! Property test: malformed and inadmissible expressions through `cute eval -` in one
//! process. No panic, termination, one well-formed output line per input line, and exit
//! status 1 exactly when some line failed.

mod common;

use std::time::Duration;

use common::cute;
use cute_tests::{load_vectors, to_expression};

/// xorshift64*: small, deterministic, good enough to pick mutations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
}

const ALPHABET: &[char] = &[
    '(', ')', ',', ':', '_', '-', '<', '>', '0', '1', '2', '3', '7', '9', ' ', 'S', 'w', 'x', '\t',
    'é',
];

const HUGE: &[&str] = &[
    "99999999999999999999999",
    "9223372036854775807",
    "-9223372036854775808",
    "4611686018427387904",
    "4294967296",
    "_9223372036854775807",
    "3037000500",
];

const FUNCTIONS: &[&str] = &[
    "size",
    "cosize",
    "rank",
    "depth",
    "shape",
    "stride",
    "coalesce",
    "filter",
    "composition",
    "complement",
    "right_inverse",
    "left_inverse",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "slice",
    "slice_and_offset",
    "crd2idx",
    "idx2crd",
    "shape_div",
    "ceil_div",
    "prefix_product",
    "inner_product",
    "make_layout",
    "upcast",
    "downcast",
    "get<1>",
    "layout<0>",
    "product",
    "flatten",
    "nosuch",
];

/// Byte ranges of the integers (with an optional leading '-') in `s`.
fn numbers(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = if i > 0 && b[i - 1] == b'-' { i - 1 } else { i };
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push((start, i));
        } else {
            i += 1;
        }
    }
    out
}

fn small_layout(r: &mut Rng) -> String {
    let rank = 1 + r.below(3);
    let dims: Vec<(i64, i64)> = (0..rank)
        .map(|_| (r.below(7) as i64 - 1, r.below(13) as i64 - 2))
        .collect();
    let shape: Vec<String> = dims.iter().map(|d| d.0.to_string()).collect();
    let stride: Vec<String> = dims.iter().map(|d| d.1.to_string()).collect();
    format!("({}):({})", shape.join(","), stride.join(","))
}

fn mutate(r: &mut Rng, base: &str, bases: &[String]) -> String {
    let chars: Vec<char> = base.chars().collect();
    let n = chars.len();
    match r.below(12) {
        0 => {
            // Delete a character.
            let k = r.below(n);
            chars
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != k)
                .map(|(_, c)| *c)
                .collect()
        }
        1 => {
            // Insert a character.
            let k = r.below(n + 1);
            let mut v = chars.clone();
            v.insert(k, *r.pick(ALPHABET));
            v.into_iter().collect()
        }
        2 => {
            // Swap two characters.
            let mut v = chars.clone();
            if n > 1 {
                let (a, b) = (r.below(n), r.below(n));
                v.swap(a, b);
            }
            v.into_iter().collect()
        }
        3 | 4 => {
            // A huge number in place of one integer.
            let nums = numbers(base);
            if nums.is_empty() {
                return base.to_string() + *r.pick(HUGE);
            }
            let (a, b) = *r.pick(&nums);
            format!("{}{}{}", &base[..a], r.pick(HUGE), &base[b..])
        }
        5 => {
            // Zero or negative in place of one integer.
            let nums = numbers(base);
            let repl = *r.pick(&["0", "-1", "-7", "_0", "_-2"]);
            match nums.get(r.below(nums.len().max(1))) {
                Some(&(a, b)) => format!("{}{}{}", &base[..a], repl, &base[b..]),
                None => base.to_string(),
            }
        }
        6 => {
            // Deep nesting of tuples.
            let k = 30 + r.below(300);
            format!("{}{}{}", "(".repeat(k), base, ")".repeat(k))
        }
        7 => {
            // Deep nesting of calls.
            let k = 30 + r.below(120);
            let f = *r.pick(&[
                "coalesce(",
                "size(",
                "left_inverse(",
                "filter(",
                "make_layout(",
            ]);
            format!("{}{}{}", f.repeat(k), base, ")".repeat(k))
        }
        8 => {
            // Wrong arity: an extra argument, or one dropped.
            if r.below(2) == 0 {
                match base.rfind(')') {
                    Some(k) => format!("{},1:1{}", &base[..k], &base[k..]),
                    None => format!("{base},1"),
                }
            } else {
                match base.rfind(',') {
                    Some(k) => format!("{})", &base[..k]),
                    None => format!("{base})"),
                }
            }
        }
        9 => {
            // A random call on small, often inadmissible, layouts.
            let f = *r.pick(FUNCTIONS);
            let args: Vec<String> = (0..r.below(4))
                .map(|_| match r.below(4) {
                    0 => r.below(9).to_string(),
                    1 => format!("({},{})", r.below(9), r.below(9)),
                    2 => "_".to_string(),
                    _ => small_layout(r),
                })
                .collect();
            format!("{f}({})", args.join(","))
        }
        10 => {
            // Two expressions glued together.
            let other = r.pick(bases);
            let glue = *r.pick(&["", ",", ":", "(", ")", " "]);
            format!("{base}{glue}{other}")
        }
        _ => {
            // Tokens at random.
            let len = r.below(40);
            (0..len).map(|_| *r.pick(ALPHABET)).collect()
        }
    }
}

/// A result line is CuTe notation: digits, '-', '_', parentheses, ',', ':' and swizzles.
fn well_formed_result(line: &str) -> bool {
    !line.is_empty()
        && line
            .chars()
            .all(|c| c.is_ascii_digit() || "-_(),:<>Sw".contains(c))
}

#[test]
fn malformed_expressions_never_break_cute_eval() {
    const CASES: usize = 12_000;
    let vectors = load_vectors().expect("oracle vectors");
    let mut bases: Vec<String> = vectors.iter().map(to_expression).collect();
    bases.extend(
        [
            "upcast<2>((_4,_8):(_1,_4))",
            "get<1>(slice_and_offset((1,_),(4,8):(8,1)))",
            "Sw<3,4,3>(200)",
            "(4,8):(8,1)(_,2)",
            "make_layout((2,4),(4,1))",
            "logical_divide((6,4):(1,6),(4,3))",
            "composition((4,3):(1,5),6:1)",
            "complement((2,2):(1,1),8)",
        ]
        .map(String::from),
    );
    let mut rng = Rng(0x5EED_CAFE_F00D_1234);
    let mut lines: Vec<String> = Vec::with_capacity(CASES + 4);
    for _ in 0..CASES {
        let base = rng.pick(&bases).clone();
        let mut e = mutate(&mut rng, &base, &bases);
        if rng.below(4) == 0 {
            e = mutate(&mut rng, &e, &bases);
        }
        lines.push(e.replace(['\n', '\r'], " "));
    }
    // A few known-good lines, so the run has results as well as errors.
    lines.extend(["size(4:1)", "coalesce((2,1):(3,1))"].map(String::from));
    let input = lines.join("\n") + "\n";

    let run = cute(&["eval", "-"], &input, Duration::from_secs(300));
    assert!(
        !run.stderr.contains("panicked"),
        "cute panicked:\n{}",
        run.stderr
    );
    let out: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(out.len(), lines.len(), "one output line per input line");
    let mut errors = 0;
    for (input, output) in lines.iter().zip(&out) {
        if let Some(reason) = output.strip_prefix("error: ") {
            errors += 1;
            assert!(
                !reason.is_empty() && !reason.contains('\n'),
                "{input:?} -> {output:?}"
            );
        } else {
            assert!(well_formed_result(output), "{input:?} -> {output:?}");
        }
    }
    eprintln!("{errors} of {} lines failed", lines.len());
    assert!(
        errors > CASES / 2,
        "most mutated lines should fail ({errors} did)"
    );
    assert_eq!(
        run.code,
        Some(if errors > 0 { 1 } else { 0 }),
        "exit status 1 iff some line failed"
    );

    // And a run where nothing fails exits 0.
    let run = cute(
        &["eval", "-"],
        "size(4:1)\ncoalesce((2,1):(3,1))\n",
        Duration::from_secs(60),
    );
    assert_eq!(run.code, Some(0));
}

#[test]
fn pathological_single_lines() {
    let deep_tuple = "(".repeat(100_000) + &")".repeat(100_000);
    let deep_call = "size(".repeat(50_000) + "4:1" + &")".repeat(50_000);
    let chain = "4:1".to_string() + &"(0)".repeat(50_000);
    let wide = format!("({})", vec!["1"; 200_000].join(","));
    let wide_layout = format!(
        "coalesce(({}):({}))",
        vec!["1"; 50_000].join(","),
        vec!["0"; 50_000].join(",")
    );
    let huge = "9".repeat(100_000);
    let input = [deep_tuple, deep_call, chain, wide, wide_layout, huge].join("\n");
    let run = cute(&["eval", "-"], &input, Duration::from_secs(120));
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    let out: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(out.len(), 6);
    assert!(out[0].starts_with("error: syntax: nesting deeper than"));
    assert!(out[1].starts_with("error: syntax: nesting deeper than"));
    assert!(out[2].starts_with("error: syntax: nesting deeper than"));
    assert!(out[3].starts_with("(1,1,"));
    assert_eq!(out[4], "1:0");
    assert_eq!(
        out[5],
        "error: syntax: integer does not fit in 64 bits at column 0"
    );
    assert_eq!(run.code, Some(1));
}

/// Mutated TiledMMA / TiledCopy expressions (the character, number, nesting and arity
/// mutations of `malformed_expressions_never_break_cute_eval`, on C++-spelled atoms and
/// member calls), each run on its own because a TiledMMA prints on several lines: `cute eval`
/// never panics, exits 0 with some output or 1 with exactly one `error: ` line.
#[test]
fn malformed_tiled_expressions_never_break_cute_eval() {
    const CASES: usize = 400;
    let bases: Vec<String> = [
        "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), (32,32,16)).get_layoutA_TV()",
        "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), (32,32,16)).get_slice(3).partition_C(make_identity_tensor((64,64)))",
        "make_tiled_mma(SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>{}).get_layoutC_TV()",
        "make_tiled_mma(UniversalFMA<float>, (16,16,1), ((16,4,2):(4,1,64),_,1)).get_slice(17).partition_A(make_identity_tensor((128,8)))",
        "make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>, (32,8):(8,1), (1,4)).get_slice(5).partition_S(make_identity_tensor((128,32)))",
        "make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (2,2), (32,32,16))).get_layoutD_TV()",
        "make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, (16,8):(8,1), (1,8)).get_layoutS_TV()",
        "tile_size<1>(make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN, (1,2,1)))",
        "make_identity_tensor((10,7))((_,3))",
    ]
    .map(String::from)
    .to_vec();
    let mut rng = Rng(0x7115_D00D_0000_0013);
    let t = Duration::from_secs(30);
    let (mut ok, mut failed) = (0, 0);
    for _ in 0..CASES {
        let base = rng.pick(&bases).clone();
        let e = mutate(&mut rng, &base, &bases).replace(['\n', '\r'], " ");
        let run = cute(&["eval", &e], "", t);
        assert!(!run.stderr.contains("panicked"), "{e:?}: {}", run.stderr);
        match run.code {
            Some(0) => {
                assert!(!run.stdout.trim().is_empty(), "{e:?}");
                ok += 1;
            }
            Some(1) => {
                assert_eq!(run.stdout.lines().count(), 1, "{e:?}: {}", run.stdout);
                assert!(run.stdout.starts_with("error: "), "{e:?}: {}", run.stdout);
                failed += 1;
            }
            c => panic!("{e:?}: exit status {c:?}: {}", run.stderr),
        }
    }
    eprintln!("{failed} of {CASES} mutated lines failed, {ok} evaluated");
    assert!(
        failed > CASES / 2 && ok > 0,
        "{failed} failed, {ok} evaluated"
    );
}

/// Bad TiledMMA / TiledCopy expressions: one `error: <op>: ...` line each, in CuTe's words,
/// and status 1 from `cute eval` and `cute svg` alike; nothing panics.
#[test]
fn tiled_bad_input() {
    let t = Duration::from_secs(30);
    let cases = [
        ("make_tiled_mma(SM80_16x8x16_F32F16F16F32_NT)", "error: MMA_Atom: SM80_16x8x16_F32F16F16F32_NT is not an MMA atom of this project"),
        ("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1,2))", "error: make_tiled_mma: TiledMMA requires rank-3 AtomLayoutMNK, not (_2,_2,_1,_2):(_1,_2,_0,_4)"),
        ("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), (8,32,16))", "error: make_tiled_mma: the tile size _8 of mode 0 is not a multiple of the atom's extent _16"),
        ("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (0,2,1))", "error: make_layout: the shape (0,2,1) has the extent 0, which is not positive"),
        ("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN<float>)", "error: MMA_Atom: SM80_16x8x16_F32F16F16F32_TN takes no template arguments"),
        ("make_tiled_mma(SM90_64x24x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>)", "error: MMA_Atom: SM90_64x24x16_F16F16F16_SS is not an MMA atom"),
        ("make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K>)", "error: MMA_Atom: SM90_64x64x16_F16F16F16_SS takes <GMMA::Major::K|MN"),
        ("make_tiled_mma((2,2,1))", "error: make_tiled_mma: expected an MMA atom, not (2,2,1)"),
        ("make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N, double>, (32,1))", "error: Copy_Atom: SM75_U32x4_LDSM_N is not valid for Dst of 64-bit values ((_16,(_1,_4)):(_1,(_1,_16)))"),
        ("make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<float>, float>, (32,1))", "error: Copy_Atom: SM80_CP_ASYNC_CACHEGLOBAL moves 4, 8 or 16 bytes (CACHEGLOBAL: 16), not 32 bits"),
        ("make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>, (32,8):(8,1), (1,3))", "error: make_tiled_copy: TiledCopy uses too few vals (_3) for selected CopyAtom (_4)"),
        ("make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>, (32,8):(1,1))", "error: make_tiled_copy: "),
        ("make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>>, (32,8))", "error: Copy_Atom: Copy_Atom<UniversalCopy<uint128_t>> takes a copy operation and a value type"),
        ("make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN).get_slice(-1)", "error: get_slice: the thread index -1 is out of range for _32 threads"),
        ("make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN).get_slice(0).partition_C(make_identity_tensor((16)))", "error: thrfrg_C: ArithTuple(_0) o (16):(_1@0) has rank below 2"),
        ("make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN).get_slice(0).partition_C(4)", "error: partition_C: expected a tensor (make_identity_tensor(shape)) or a layout, not 4"),
        ("make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN).get_slice(0).partition_S(make_identity_tensor((16,8)))", "error: partition_S: expected a ThrCopy (copy.get_slice(thr_idx)), not a ThrMMA"),
        ("make_identity_tensor((4,2000000))", "error: make_identity_tensor: the extent 2000000 of (4,2000000) is not an integer in 1..2^20"),
        ("make_identity_tensor((4,8))(4,0)", "error: layout: "),
        ("tile_size<3>(make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN))", "error: tile_size: is written tile_size<I>(mma), I in 0..2"),
        ("make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN).frob()", "error: frob: unknown function"),
        ("make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN).", "error: syntax: "),
        ("Copy_Atom<UniversalCopy<uint128_t>, float", "error: syntax: "),
        ("GMMA::Major::", "error: syntax: "),
    ];
    for (expr, line) in cases {
        for args in [&["eval", expr][..], &["svg", expr][..]] {
            let run = cute(args, "", t);
            assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.stderr);
            assert_eq!(run.stdout.lines().count(), 1, "{args:?}: {}", run.stdout);
            assert!(run.stdout.starts_with(line), "{args:?}: {}", run.stdout);
            assert_eq!(run.code, Some(1), "{args:?}");
        }
    }
    let run = cute(&["svg", "make_identity_tensor((4,8,2))"], "", t);
    assert_eq!(
        run.stdout,
        "error: ArithTuple(_0,_0,_0) o (4,8,2):(_1@0,_1@1,_1@2) cannot be drawn: its coordinates are not 2-D\n"
    );
    assert_eq!(run.code, Some(1));
}

/// Bad input to `cute svg` and `cute banks`: a one-line `error: ...` and status 1 for an
/// input that does not evaluate or draw, the usage text and status 2 for wrong arguments.
#[test]
fn svg_and_banks_bad_input() {
    let t = Duration::from_secs(30);
    for (args, line) in [
        (
            &["svg", "(2,3,2):(1,2,6)"][..],
            "error: print_svg: (2,3,2):(1,2,6) has rank 3, not 1 or 2",
        ),
        (
            &["svg", "(1024,1024):(1,1024)"][..],
            "error: print_svg: (1024,1024):(1,1024) has 1024x1024 cells, more than 65536",
        ),
        (
            &["svg", "Sw<3,3,3>"][..],
            "error: Sw<3,3,3> cannot be drawn: svg draws layouts, TiledMMAs, TiledCopys and identity tensors",
        ),
        (&["svg", "(2,3"][..], "error: syntax"),
        (
            &[
                "svg",
                "--mma",
                "(4,1):(1,0)",
                "(4,1):(1,0)",
                "(4,1):(0,0)",
                "2,2,1",
            ][..],
            "error: print_svg: LayoutA_TV (4,1):(1,0) maps (2,0) to 2, outside the 2x1 tile",
        ),
        (
            &[
                "banks",
                "(128,8):(1,132)",
                "--thr",
                "(128,2):(2,1)",
                "--val",
                "(1,4):(1,1)",
                "--bytes",
                "8",
                "--vec",
                "4",
            ][..],
            "error: banks: an access of 4 x 8 bytes is not 1, 2, 4, 8 or 16 bytes",
        ),
        (
            &[
                "banks",
                "(128,8):(1,132)",
                "--thr",
                "(128,2):(2,1)",
                "--val",
                "(1,4):(1,1)",
                "--vec",
                "4",
            ][..],
            "error: banks: thread 0's values 0..4 are not contiguous in shared memory",
        ),
        (
            &["banks", "(100,8):(1,132)", "--thr", "(32,8):(8,1)"][..],
            "error: banks: the tile (32,8) does not divide the smem shape (100,8)",
        ),
        (
            &["banks", "(128,8):(1,132)", "--tv", "(32,8):(1,32)"][..],
            "error: --tv (32,8):(1,32) without --tile must be a TiledCopy",
        ),
        (
            &[
                "banks",
                "(128,8):(1,132)",
                "--tv",
                "make_tiled_copy(Copy_Atom<UniversalCopy<float>, float>, (32,9))",
            ][..],
            "error: banks: the tile (32,9) does not divide the smem shape (128,8)",
        ),
        (
            &[
                "banks",
                "(128,8):(1,132)",
                "--thr",
                "(32,8):(8,1)",
                "--swizzle",
                "Sw<3,3",
            ][..],
            "error: ",
        ),
    ] {
        let run = cute(args, "", t);
        assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout.lines().count(), 1, "{args:?}: {}", run.stdout);
        assert!(run.stdout.starts_with(line), "{args:?}: {}", run.stdout);
        assert_eq!(run.code, Some(1), "{args:?}");
    }
    for args in [
        &["svg"][..],
        &["svg", "a", "b"][..],
        &["svg", "--tv", "(2,2):(1,2)"][..],
        &["svg", "--copy", "(32,8):(8,1)"][..],
        &["svg", "4:1", "-o"][..],
        &["banks", "(128,8):(1,132)"][..],
        &[
            "banks",
            "(128,8):(1,132)",
            "--thr",
            "(32,8):(8,1)",
            "--vec",
            "x",
        ][..],
        &[
            "banks",
            "(128,8):(1,132)",
            "--thr",
            "(32,8):(8,1)",
            "--frob",
            "1",
        ][..],
        &[
            "banks",
            "(128,8):(1,132)",
            "--tv",
            "(32,8):(1,32)",
            "--thr",
            "(32,8)",
        ][..],
    ] {
        let run = cute(args, "", t);
        assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("cute: "), "{args:?}: {}", run.stderr);
        assert_eq!(run.code, Some(2), "{args:?}");
    }
}
