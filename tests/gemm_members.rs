//! The GEMM family's members (`cute_kernels::gemm::members`) against C++ CUTLASS's sm90
//! warp-specialized mainloop for the same tile, stages and majors (`tests/cpp/gemm_members.cpp`,
//! its output `gemm_members.expected`): per operand (A: `(BLK_M, BLK_K)`, B: `(BLK_N, BLK_K)`)
//! and major (K, MN), bf16,
//! - the stages, `GemmConfig::SmemLayoutA/B`, printed;
//! - `GmmaStages::desc`: the GMMA descriptor of the block one `wgmma` reads at stage 0's origin,
//!   the shared memory starting at 0x400; `GmmaStages::offset` of k-block 1 of stage 1, and that
//!   descriptor advanced by it in 16-byte units, against the descriptor CUTLASS's
//!   `make_fragment_A/B` holds for that block;
//! - the `cuTensorMapEncodeTiled` arguments of `make_tma_copy` from a global tensor and stage 0
//!   of the stages (C++'s `SmemLayoutA{}(_,_,Int<0>{})`), and `GemmConfig::tma_box_a/b` against
//!   the box C++ encodes.
//!
//! Each case prints both sides; the test fails listing every line that differs.

use cute_core::arch::mma_sm90_gmma::GMMA::Major;
use cute_core::atom::copy_traits_sm90_tma::{
    make_tma_copy_params, TmaDataType, TmaOp, TmaSmemLayout,
};
use cute_core::dynamic::Layout;
use cute_core::layout::slice::slice_and_offset;
use cute_core::layout_composed::make_composed_layout;
use cute_core::numeric::aliases::{_0, _1, _12, _128, _16, _2, _256, _4, _6, _64, _8};
use cute_core::numeric::arithmetic_tuple::ArithAdd;
use cute_core::numeric::numeric_types::BFloat16;
use cute_core::underscore::X;
use cute_kernels::gemm::config::{Cooperative, GemmConfig, GmmaStages, Pingpong, Sm90Gemm};
use cute_kernels::gemm::members::{Member, MEMBERS};

const EXPECTED: &str = include_str!("cpp/gemm_members.expected");

/// The shared-memory address of the stages in the descriptors (1 KiB aligned).
const START: u32 = 0x400;
/// The global tensors' rows (A, B) and K: `(rows, K)`, K-major `(K,_1)` or MN-major `(_1,rows)`.
const ROWS_A: u32 = 2048;
const ROWS_B: u32 = 1536;
const K: u32 = 1024;

/// The members this file checks, one test each (below).
const CHECKED: [&str; 7] = [
    "coop_128x256x64",
    "coop_128x128x64",
    "pingpong_64x256x64",
    "coop_128x256x64_2x1",
    "coop_128x64x64",
    "pingpong_64x64x64",
    "coop_128x16x64",
];

/// The lines of case `name` (after `@@ name`, up to the next case), without the host's
/// `cast_smem_ptr_to_uint` ERROR lines.
fn case(name: &str) -> Vec<&'static str> {
    let head = format!("@@ {name}\n");
    let start = EXPECTED
        .find(&head)
        .unwrap_or_else(|| panic!("no case {name} in tests/cpp/gemm_members.expected"))
        + head.len();
    let rest = &EXPECTED[start..];
    let end = rest.find("@@ ").unwrap_or(rest.len());
    rest[..end]
        .lines()
        .filter(|l| !l.starts_with("ERROR"))
        .collect()
}

/// What one operand's configuration types give, read off them by [`operand!`].
struct Operand {
    /// The stages, printed.
    stages: String,
    /// Stage 0 of the stages (`stages(_,_,_0)`), printed.
    stage0: String,
    /// `GmmaStages::desc(START)`.
    desc: u64,
    /// `GmmaStages::offset(0, 16, 1)`: k-block 1 of stage 1.
    offset_k1_s1: u32,
    /// `GemmConfig::tma_box_a/b`: (MN, K) elements.
    tma_box: (u32, u32),
    /// `GemmConfig::SWIZZLE_A/B`: the atom's swizzle in bytes.
    swizzle: u32,
    /// `(BLK_MN, BLK_K)`: the operand's tile.
    tile: (u32, u32),
    /// CTAs loading the tile together, multicasting it (B: `CLUSTER_M`; A: 1).
    multicast: u32,
}

/// The [`Operand`] of `$Cfg`'s `$Layout` (`SmemLayoutA`/`B`), read through the `GmmaStages`
/// trait the mainloop reads it through (`$Block`, `$Major`: the config's block and major).
macro_rules! operand {
    ($Cfg:ty, $Layout:ident, $Block:ty, $Major:ident, $tma_box:ident, $sw:ident, $mn:expr, $mc:expr) => {{
        type L = <$Cfg as GemmConfig>::$Layout;
        type Block = $Block;
        type M = <$Cfg as GemmConfig>::$Major;
        let stages = L::default();
        let (stage, offset) = slice_and_offset((X, X, _0), stages.layout_b());
        let stage0 =
            make_composed_layout(stages.layout_a(), stages.offset().arith_add(offset), stage);
        Operand {
            stages: stages.to_string(),
            stage0: stage0.to_string(),
            desc: <L as GmmaStages<Block, M>>::desc(START),
            offset_k1_s1: <L as GmmaStages<Block, M>>::offset(0i32, 16i32, 1i32),
            tma_box: <$Cfg as GemmConfig>::$tma_box(),
            swizzle: <$Cfg as GemmConfig>::$sw,
            tile: ($mn, <$Cfg as GemmConfig>::BLK_K),
            multicast: $mc,
        }
    }};
}

/// `GMMA::DescriptorIterator`'s `desc + offset`: the offset (16-byte units) added to the low
/// 32 bits, where the start address is.
fn advance(desc: u64, offset: u32) -> u64 {
    (desc & !0xffff_ffff) | u64::from((desc as u32).wrapping_add(offset))
}

/// The lines `gemm_members.cpp` prints for this operand.
fn lines(member: &Member, rows: u32, k_major: bool, o: &Operand) -> Vec<String> {
    let (bm, bn, bk) = member.tile;
    let mut out = vec![
        format!("tile ({bm},{bn},{bk}) stages {}", member.stages),
        format!("stages {}", o.stages),
        format!("swizzle {}", o.swizzle),
        format!("desc {:#018x}", o.desc),
        format!("offset_k1_s1 {}", o.offset_k1_s1),
    ];
    // bf16: 2 bytes an element, the descriptor's addresses in 16-byte units
    let bytes = o.offset_k1_s1 * core::mem::size_of::<BFloat16>() as u32;
    out.push(format!("desc_k1_s1 {:#018x}", advance(o.desc, bytes / 16)));
    let gmem: Layout = if k_major {
        format!("({rows},{K}):({K},_1)")
    } else {
        format!("({rows},{K}):(_1,{rows})")
    }
    .parse()
    .unwrap();
    out.push(format!("gmem {gmem}"));
    out.push(format!("smem {}", o.stage0));
    let smem = TmaSmemLayout::parse(&o.stage0).unwrap();
    let tile = format!("(_{},_{})", o.tile.0, o.tile.1).parse().unwrap();
    let op = if o.multicast > 1 {
        TmaOp::LoadMulticast
    } else {
        TmaOp::Load
    };
    let p = make_tma_copy_params(
        op,
        TmaDataType::Bfloat16,
        0x7f00_0000_0000,
        gmem.shape(),
        gmem.stride(),
        &smem,
        &tile,
        o.multicast,
    )
    .unwrap_or_else(|e| panic!("{}: {e}", member.name));
    out.extend(p.encode.to_string().lines().map(str::to_owned));
    out.push(format!("elems_per_tma {}", p.elems_per_tma));
    out.push(format!("tma_tensor {}", p.tma_tensor_string(gmem.shape())));
    out.push(format!("box {} {}", o.tma_box.0, o.tma_box.1));
    out
}

/// Compares the four cases of member `name` (A and B, K- and MN-major) with C++'s, printing
/// both sides; panics listing every differing line.
/// `tile_stages` is the configuration types' `((BLK_M, BLK_N, BLK_K), STAGES, CLUSTER_M)`,
/// which must be the member's.
fn check(
    name: &str,
    tile_stages: ((u32, u32, u32), u32, u32),
    [a_k, a_mn, b_k, b_mn]: [Operand; 4],
) {
    let member = MEMBERS
        .iter()
        .find(|m| m.name == name)
        .unwrap_or_else(|| panic!("no member {name} in MEMBERS"));
    assert_eq!(
        tile_stages,
        (member.tile, member.stages, member.cluster),
        "{name}: the test's types are not the member's"
    );
    let mut diffs = Vec::new();
    for (operand, rows, k_major, o) in [
        ("A", ROWS_A, true, &a_k),
        ("A", ROWS_A, false, &a_mn),
        ("B", ROWS_B, true, &b_k),
        ("B", ROWS_B, false, &b_mn),
    ] {
        let head = format!("{name} {operand} {}", if k_major { "K" } else { "MN" });
        let theirs = case(&head);
        let ours = lines(member, rows, k_major, o);
        println!(
            "@@ {head}\n-- C++:\n{}\n-- ours:\n{}",
            theirs.join("\n"),
            ours.join("\n")
        );
        for i in 0..theirs.len().max(ours.len()) {
            let (t, r) = (theirs.get(i).copied(), ours.get(i).map(String::as_str));
            if t != r {
                diffs.push(format!(
                    "{head}, line {}:\n  C++:  {}\n  ours: {}",
                    i + 1,
                    t.unwrap_or("(none)"),
                    r.unwrap_or("(none)")
                ));
            }
        }
    }
    assert!(
        diffs.is_empty(),
        "{name}: differs from C++:\n{}",
        diffs.join("\n")
    );
}

/// One test per member: `$name = ($BM, $BN, $BK), $Cluster, $Sched, $Stages`, as in
/// `members.rs`.
macro_rules! member {
    ($name:ident = ($BM:ty, $BN:ty, $BK:ty), $Cl:ty, $Sched:ty, $Stages:ty) => {
        #[test]
        fn $name() {
            type CfgK =
                Sm90Gemm<($BM, $BN, $BK), $Cl, $Sched, BFloat16, Major::K, Major::K, $Stages>;
            type CfgMn =
                Sm90Gemm<($BM, $BN, $BK), $Cl, $Sched, BFloat16, Major::MN, Major::MN, $Stages>;
            let m = <CfgK as GemmConfig>::BLK_M;
            let n = <CfgK as GemmConfig>::BLK_N;
            let k = <CfgK as GemmConfig>::BLK_K;
            let stages = <CfgK as GemmConfig>::STAGES;
            let cluster = <CfgK as GemmConfig>::CLUSTER_M;
            check(
                stringify!($name),
                ((m, n, k), stages, cluster),
                [
                    operand!(
                        CfgK,
                        SmemLayoutA,
                        (_64, _16),
                        MajorA,
                        tma_box_a,
                        SWIZZLE_A,
                        m,
                        1
                    ),
                    operand!(
                        CfgMn,
                        SmemLayoutA,
                        (_64, _16),
                        MajorA,
                        tma_box_a,
                        SWIZZLE_A,
                        m,
                        1
                    ),
                    operand!(
                        CfgK,
                        SmemLayoutB,
                        ($BN, _16),
                        MajorB,
                        tma_box_b,
                        SWIZZLE_B,
                        n,
                        cluster
                    ),
                    operand!(
                        CfgMn,
                        SmemLayoutB,
                        ($BN, _16),
                        MajorB,
                        tma_box_b,
                        SWIZZLE_B,
                        n,
                        cluster
                    ),
                ],
            );
            // the shares of B's tile the cluster's CTAs load cover it once
            for (cfg_share, k_major) in [
                (<CfgK as GemmConfig>::share_b as fn(u32) -> _, true),
                (<CfgMn as GemmConfig>::share_b as fn(u32) -> _, false),
            ] {
                check_shares(stringify!($name), (n, k), cluster, k_major, cfg_share);
            }
        }
    };
}

member!(
    coop_128x256x64 = (_128, _256, _64),
    (_1, _1, _1),
    Cooperative,
    _4
);
member!(
    coop_128x128x64 = (_128, _128, _64),
    (_1, _1, _1),
    Cooperative,
    _6
);
member!(
    pingpong_64x256x64 = (_64, _256, _64),
    (_1, _1, _1),
    Pingpong,
    _4
);
member!(
    coop_128x256x64_2x1 = (_128, _256, _64),
    (_2, _1, _1),
    Cooperative,
    _4
);
member!(
    coop_128x64x64 = (_128, _64, _64),
    (_1, _1, _1),
    Cooperative,
    _8
);
member!(
    pingpong_64x64x64 = (_64, _64, _64),
    (_1, _1, _1),
    Pingpong,
    _8
);
member!(
    coop_128x16x64 = (_128, _16, _64),
    (_1, _1, _1),
    Cooperative,
    _12
);

/// A CTA's share of a tile: `((first row, rows), (first k, ks))`.
type Share = ((u32, u32), (u32, u32));

/// The shares of B's `(BLK_N, BLK_K)` tile that the `cluster` CTAs load (`GemmConfig::share_b`
/// of each rank) are disjoint, cover the tile, and are split along the box's slowest mode as
/// C++'s multicast `make_tma_copy` splits its box (rows for K-major B, k for MN-major B).
fn check_shares(
    name: &str,
    (n, k): (u32, u32),
    cluster: u32,
    k_major: bool,
    share: fn(u32) -> Share,
) {
    let mut covered = vec![0u32; (n * k) as usize];
    for rank in 0..cluster {
        let ((r0, rows), (k0, ks)) = share(rank);
        if k_major {
            assert_eq!((k0, ks, rows), (0, k, n / cluster), "{name} rank {rank}");
        } else {
            assert_eq!((r0, rows, ks), (0, n, k / cluster), "{name} rank {rank}");
        }
        for r in r0..r0 + rows {
            for kk in k0..k0 + ks {
                covered[(r * k + kk) as usize] += 1;
            }
        }
    }
    assert!(
        covered.iter().all(|&c| c == 1),
        "{name}: shares overlap or miss"
    );
}

/// Every member is checked, and the expected file has its cases with its tile and stages.
#[test]
fn every_member_is_checked() {
    let names: Vec<&str> = MEMBERS.iter().map(|m| m.name).collect();
    assert_eq!(
        names, CHECKED,
        "MEMBERS changed: add or remove its test here"
    );
    for m in MEMBERS {
        let (bm, bn, bk) = m.tile;
        for head in ["A K", "A MN", "B K", "B MN"] {
            assert_eq!(
                case(&format!("{} {head}", m.name))[0],
                format!("tile ({bm},{bn},{bk}) stages {}", m.stages),
                "{}: tests/cpp/gemm_members.cpp has another tile or stage count",
                m.name
            );
        }
    }
    let cases = EXPECTED.lines().filter(|l| l.starts_with("@@ ")).count();
    assert_eq!(
        cases,
        4 * MEMBERS.len(),
        "cases for members that do not exist"
    );
}

/// The 8-bit operand (`e4m3`, K-major, the only major the 8-bit `wgmma` reads) of a
/// configuration, against C++ CuTe (`tests/cpp/fp8_stages.cpp`, its output
/// `fp8_stages.expected`): the stages `ss_smem_selector`'s atom makes of a 128x128 tile and 4
/// stages, the descriptor of the `(_64,_32)` block one `wgmma` reads (K of 32 for 8-bit
/// inputs), the offset of k-block 1 of stage 1, and the `Shape_MNK` of the op
/// `ss_op_selector` picks. (No FP8 kernel is built yet: these are the layouts its mainloop
/// would read.)
#[test]
fn e4m3_k_major_stages_match_cpp() {
    use cute_core::arch::mma_sm90::SsOpOf;
    use cute_core::atom::mma_traits::MmaTraits;
    use cute_core::numeric::aliases::_32;
    use cute_core::numeric::numeric_types::FloatE4M3;
    use cute_core::util::print::display;
    use cute_kernels::gemm::config::{stages, StagesOf};
    type L = StagesOf<FloatE4M3, Major::K, _128, _128, _4>;
    type Op = SsOpOf<FloatE4M3, f32, _128, Major::K, Major::K>;
    let ours = [
        format!("stages {}", stages::<FloatE4M3, Major::K, _128, _128, _4>()),
        format!(
            "desc {:#018x}",
            <L as GmmaStages<(_64, _32), Major::K>>::desc(START)
        ),
        format!(
            "offset_k1_s1 {}",
            <L as GmmaStages<(_64, _32), Major::K>>::offset(0i32, 32i32, 1i32)
        ),
        format!(
            "op_shape_mnk {}",
            display(&<Op as MmaTraits>::ShapeMnk::default())
        ),
    ];
    let theirs: Vec<&str> = include_str!("cpp/fp8_stages.expected")
        .lines()
        .filter(|l| !l.starts_with("ERROR"))
        .collect();
    println!(
        "-- C++:\n{}\n-- ours:\n{}",
        theirs.join("\n"),
        ours.join("\n")
    );
    assert_eq!(ours.to_vec(), theirs);
}
