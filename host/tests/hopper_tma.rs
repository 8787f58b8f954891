//! The Hopper GEMM family's tensor maps come from `make_tma_copy` of CuTe layouts
//! (`host/src/hopper.rs`; the computation is checked against C++ CuTe in `tests/tma_params.rs`
//! and `tests/gemm_members.rs`). Here, on the CPU: the fields it gives are those the kernel's
//! TMA loads and stores assume (the box each `SM90_TMA_LOAD_2D`, `SM90_TMA_LOAD_MULTICAST_2D`
//! and `SM90_TMA_STORE_2D` of `cute-kernels/src/gemm` moves, coordinates in the order the
//! kernel passes them), which are the fields of the hand-written
//! `cuTensorMapEncodeTiled` call the flagship had before, except the L2 promotion: CuTe's
//! 128 bytes instead of the 256 the flagship had (no difference measured:
//! `benches/results/2026-11-25-h100-flagship-unaligned`).

use cute_core::atom::copy_traits_sm90_tma::{
    TmaDataType, TmaSwizzle, TMA_INTERLEAVE_NONE, TMA_L2_PROMOTION_128B, TMA_OOB_FILL_NONE,
};
use cute_host::hopper::{
    operand_tma_params, output_tma_params, padded_ld, InType, OutType, MEMBERS, MEMBERS_8BIT,
};

const ADDR: u64 = 0x7f00_0000_0000;

/// `(dtype, dims, strides in bytes, box)` of a rank-2 map, the fields the old encoding set, its
/// swizzle 128 bytes.
fn fields(
    p: &cute_core::atom::copy_traits_sm90_tma::TmaCopyParams,
) -> (u32, [u64; 2], u64, [u32; 2]) {
    fields_swizzled(p, TmaSwizzle::B128)
}

/// [`fields`] of a map swizzled `swizzle`.
fn fields_swizzled(
    p: &cute_core::atom::copy_traits_sm90_tma::TmaCopyParams,
    swizzle: TmaSwizzle,
) -> (u32, [u64; 2], u64, [u32; 2]) {
    let e = &p.encode;
    assert_eq!(e.swizzle, swizzle);
    assert_eq!(e.rank, 2);
    assert_eq!(e.global_address, ADDR);
    assert_eq!(e.element_strides[..2], [1, 1]);
    assert_eq!(e.interleave, TMA_INTERLEAVE_NONE);
    assert_eq!(e.oob_fill, TMA_OOB_FILL_NONE, "out of bounds reads as zero");
    assert_eq!(e.l2_promotion, TMA_L2_PROMOTION_128B, "CuTe's L2 promotion");
    (
        e.data_type as u32,
        [e.global_dim[0], e.global_dim[1]],
        e.global_strides[0],
        [e.box_dim[0], e.box_dim[1]],
    )
}

/// (mode, scale) of each global mode's TMA coordinate.
fn basis(p: &cute_core::atom::copy_traits_sm90_tma::TmaCopyParams) -> Vec<(usize, i64)> {
    p.tma_basis.iter().map(|b| (b.mode, b.scale)).collect()
}

#[test]
fn k_major_operands_are_one_box_of_64_k_by_the_tile_rows() {
    // B of TN at 4097x2049x1032 (the kernel's X, 128-row tiles) and A (its Y, 256-row tiles)
    for (input, dt, rows, tile) in [
        (InType::Bf16, TmaDataType::Bfloat16, 2049, 128),
        (InType::F16, TmaDataType::Float16, 4097, 256),
    ] {
        let p = operand_tma_params(
            input,
            ADDR,
            (rows, 1032, 1032),
            true,
            (tile, 1),
            ((tile, 64), 128),
        )
        .unwrap();
        println!("k-major {rows}x1032 tile {tile}:\n{}", p.encode);
        // K innermost: dims (K, rows), rows 1032 * 2 bytes apart, box 64 K x tile rows
        assert_eq!(
            fields(&p),
            (dt as u32, [1032, rows as u64], 2064, [64, tile])
        );
        // the kernel's load passes (k0, r0): the tensor's row mode is TMA coordinate 1
        assert_eq!(basis(&p), [(1, 1), (0, 1)]);
    }
}

#[test]
fn mn_major_operands_are_boxes_of_64_by_64() {
    let p = operand_tma_params(
        InType::Bf16,
        ADDR,
        (4096, 1032, 4096),
        false,
        (256, 1),
        ((64, 64), 128),
    )
    .unwrap();
    println!("m-major 4096x1032:\n{}", p.encode);
    assert_eq!(
        fields(&p),
        (TmaDataType::Bfloat16 as u32, [4096, 1032], 8192, [64, 64])
    );
    // the kernel's load passes (r0 + 64 i, k0)
    assert_eq!(basis(&p), [(0, 1), (1, 1)]);
}

/// The 16-row member's MN-major B (the problem's A of `nt`/`nn`) is one column of the 32-byte
/// MN atom (16 elements) by 64 of K, swizzled 32 bytes; its K-major B is 16 rows by 64 of K,
/// swizzled 128 bytes; each the box and swizzle its kernels issue.
#[test]
fn narrow_operands_take_the_atom_their_width_allows() {
    let member = MEMBERS
        .iter()
        .find(|m| m.tile.1 == 16)
        .expect("a member 16 wide");
    let [_, boxes_y] = (member.tma_boxes)();
    assert_eq!(boxes_y, [(16, 64), (16, 64)], "{}", member.name);
    assert_eq!(member.tma_swizzles[1], [128, 32], "{}", member.name);
    let p = operand_tma_params(
        InType::Bf16,
        ADDR,
        (16, 4096, 16),
        false,
        (16, 1),
        (boxes_y[1], member.tma_swizzles[1][1]),
    )
    .unwrap();
    assert_eq!(
        fields_swizzled(&p, TmaSwizzle::B32),
        (TmaDataType::Bfloat16 as u32, [16, 4096], 32, [16, 64])
    );
    let p = operand_tma_params(
        InType::Bf16,
        ADDR,
        (16, 4096, 4096),
        true,
        (16, 1),
        (boxes_y[0], member.tma_swizzles[1][0]),
    )
    .unwrap();
    assert_eq!(
        fields(&p),
        (TmaDataType::Bfloat16 as u32, [4096, 16], 8192, [64, 16])
    );
    // the 128-byte swizzle cannot be the 16-element box's: an error, not a wrong map
    let e = operand_tma_params(
        InType::Bf16,
        ADDR,
        (16, 4096, 16),
        false,
        (16, 1),
        (boxes_y[1], 128),
    )
    .unwrap_err();
    assert!(e.to_string().contains("box"), "{e}");
}

/// In a cluster of two CTAs along M, each loads half of the shared operand's tile and
/// multicasts it: `make_tma_copy(SM90_TMA_LOAD_MULTICAST, .., 2)` halves the box along its
/// slowest mode (rows K-major, K m/n-major), the boxes the member's kernels issue.
#[test]
fn multicast_operands_are_split_between_the_cluster() {
    let member = MEMBERS
        .iter()
        .find(|m| m.cluster == 2)
        .expect("a member with clusters of 2");
    let [_, boxes_y] = (member.tma_boxes)();
    assert_eq!(boxes_y, [(128, 64), (64, 32)], "{}", member.name);
    let tile = (member.tile.1, member.cluster);
    let p = operand_tma_params(
        InType::Bf16,
        ADDR,
        (4096, 1032, 1032),
        true,
        tile,
        (boxes_y[0], member.tma_swizzles[1][0]),
    )
    .unwrap();
    assert_eq!(
        fields(&p),
        (TmaDataType::Bfloat16 as u32, [1032, 4096], 2064, [64, 128])
    );
    let p = operand_tma_params(
        InType::Bf16,
        ADDR,
        (4096, 1032, 4096),
        false,
        tile,
        (boxes_y[1], member.tma_swizzles[1][1]),
    )
    .unwrap();
    assert_eq!(
        fields(&p),
        (TmaDataType::Bfloat16 as u32, [4096, 1032], 8192, [64, 32])
    );
    // a box the kernel does not issue is an error, not a wrong map
    let e = operand_tma_params(
        InType::Bf16,
        ADDR,
        (4096, 1032, 1032),
        true,
        tile,
        ((256, 64), 128),
    )
    .unwrap_err();
    assert!(e.to_string().contains("box"), "{e}");
}

#[test]
fn unaligned_mn_major_operands_map_their_padded_copy() {
    // M = 4097: the rows of an m-major A are 8194 bytes apart, which TMA cannot address
    let e = operand_tma_params(
        InType::F16,
        ADDR,
        (4097, 1032, 4097),
        false,
        (256, 1),
        ((64, 64), 128),
    )
    .unwrap_err();
    println!("{e}");
    assert!(e.to_string().contains("make_tma_copy"), "{e}");
    // the padded copy: leading dimension 4104, extent still 4097 (the rest reads as zero)
    assert_eq!(padded_ld(4097), 4104);
    assert_eq!(padded_ld(4096), 4096);
    let p = operand_tma_params(
        InType::F16,
        ADDR,
        (4097, 1032, 4104),
        false,
        (256, 1),
        ((64, 64), 128),
    )
    .unwrap();
    assert_eq!(
        fields(&p),
        (TmaDataType::Float16 as u32, [4097, 1032], 8208, [64, 64])
    );
}

#[test]
fn output_maps_store_boxes_of_64_rows_by_128_bytes() {
    // D = C^T: N rows of M contiguous elements
    let p = output_tma_params(InType::Bf16, OutType::Same, ADDR, (2048, 4096, 4096)).unwrap();
    println!("bf16 D 2048x4096:\n{}", p.encode);
    assert_eq!(
        fields(&p),
        (TmaDataType::Bfloat16 as u32, [4096, 2048], 8192, [64, 64])
    );
    // the kernel's store passes (c, row0)
    assert_eq!(basis(&p), [(1, 1), (0, 1)]);
    let p = output_tma_params(InType::F16, OutType::F32, ADDR, (2049, 1000, 1000)).unwrap();
    assert_eq!(
        fields(&p),
        (TmaDataType::Float32 as u32, [1000, 2049], 4000, [32, 64])
    );
}

/// The 8-bit members' operands: K-major boxes of 128 bytes of K (128 elements) by the tile's
/// rows, bytes (`UINT8`) swizzled 128 bytes, K contiguous; an MN-major 8-bit operand is an
/// error (the 8-bit `wgmma` reads K-major operands only); their 16-bit outputs' maps are the
/// 16-bit members' (64 rows of 64 elements).
#[test]
fn eight_bit_operands_are_k_major_boxes_of_128_bytes() {
    for member in MEMBERS_8BIT {
        let [boxes_x, boxes_y] = (member.tma_boxes)();
        let (bm, bn, bk) = member.tile;
        assert_eq!(bk, 128, "{}", member.name);
        // a cluster's CTAs each load their share of B's rows (multicast)
        let share = bn / member.cluster;
        assert_eq!(
            (boxes_x[0], boxes_y[0]),
            ((bm, 128), (share, 128)),
            "{}",
            member.name
        );
        assert_eq!(
            member.tma_swizzles,
            [[128, 128], [128, 128]],
            "{}",
            member.name
        );
        for input in [InType::E4m3, InType::E5m2] {
            let p = operand_tma_params(
                input,
                ADDR,
                (4096, 4128, 4128),
                true,
                (bn, member.cluster),
                (boxes_y[0], 128),
            )
            .unwrap();
            assert_eq!(
                fields(&p),
                (TmaDataType::Uint8 as u32, [4128, 4096], 4128, [128, share])
            );
            let e = operand_tma_params(
                input,
                ADDR,
                (4096, 4128, 4096),
                false,
                (bn, member.cluster),
                (boxes_y[0], 128),
            )
            .unwrap_err();
            assert!(e.to_string().contains("K-major"), "{e}");
        }
        let p = output_tma_params(InType::E4m3, OutType::Bf16, ADDR, (1000, 4096, 4096)).unwrap();
        assert_eq!(
            fields(&p),
            (TmaDataType::Bfloat16 as u32, [4096, 1000], 8192, [64, 64])
        );
    }
}
