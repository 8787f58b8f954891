//! The tile order of the Hopper tutorial ports (`wgmma_sm90`, `wgmma_tma_sm90`): one CTA per
//! tile, started in groups of tile rows finished column by column, so that the CTAs running
//! at one time share few A and B panels, which stay in L2 (why: `host/src/kernels/
//! tile_order.rs`).

/// The same grouped order for a non-persistent grid (one CTA per tile, as the tutorials
/// launch), with groups of `2^shift` tile rows so that the mapping is shifts and masks, no
/// division. The grid is `(2^shift * tiles_n, ceil(tiles_m / 2^shift))` ([`grouped_grid`]);
/// the hardware starts CTAs in `blockIdx.x`-fastest order, so CTA `(bx, by)` takes tile row
/// `by * 2^shift + bx mod 2^shift` and tile column `bx / 2^shift`: a group's rows are finished
/// column by column (the order a persistent grouped scheduler walks, here with one CTA per
/// tile). Rows of the last group past the matrix are the caller's to skip. With `shift >= 1`,
/// CTAs `2j` and `2j + 1` (a cluster of 2 along x) hold rows `2i` and `2i + 1` of one column:
/// the tutorial's clusters along M.
#[inline(always)]
pub fn grouped_grid_tile(bx: u32, by: u32, shift: u32) -> (u32, u32) {
    let rows = 1u32 << shift;
    ((by << shift) | (bx & (rows - 1)), bx >> shift)
}

/// The grid of [`grouped_grid_tile`] for `tiles_m x tiles_n` tiles: `(x, y)`.
pub fn grouped_grid(tiles_m: u32, tiles_n: u32, shift: u32) -> (u32, u32) {
    (tiles_n << shift, tiles_m.div_ceil(1 << shift))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec;
    use std::vec::Vec;

    /// The grouped order itself: groups of `rows` tile rows, each finished column by column
    /// (row fastest), the last group cut at `tiles_m`.
    fn grouped_order(tiles_m: u32, tiles_n: u32, rows: u32) -> Vec<(u32, u32)> {
        let mut order = Vec::new();
        for first in (0..tiles_m).step_by(rows as usize) {
            for j in 0..tiles_n {
                for i in first..(first + rows).min(tiles_m) {
                    order.push((i, j));
                }
            }
        }
        order
    }

    #[test]
    fn grouped_grid_starts_tiles_in_the_grouped_order() {
        // Launch order is blockIdx.x fastest; every tile once, padding rows only in the last
        // group, clusters of 2 along x on adjacent rows of one column, and (when the group
        // divides the rows) the grouped order.
        for (tiles_m, tiles_n, shift) in [
            (64u32, 64u32, 4u32),
            (9, 5, 3),
            (8, 3, 1),
            (3, 7, 2),
            (64, 64, 6),
        ] {
            let (gx, gy) = grouped_grid(tiles_m, tiles_n, shift);
            let mut hit = vec![0u8; (tiles_m * tiles_n) as usize];
            let mut order = Vec::new();
            for by in 0..gy {
                for bx in 0..gx {
                    let (i, j) = grouped_grid_tile(bx, by, shift);
                    assert!(j < tiles_n, "({bx},{by}) -> column {j}");
                    if bx % 2 == 1 {
                        assert_eq!((i, j), {
                            let (pi, pj) = grouped_grid_tile(bx - 1, by, shift);
                            (pi + 1, pj)
                        });
                    }
                    if i < tiles_m {
                        hit[(i * tiles_n + j) as usize] += 1;
                        order.push((i, j));
                    } else {
                        assert_eq!(by, gy - 1, "padding rows only in the last group");
                    }
                }
            }
            assert!(
                hit.iter().all(|&h| h == 1),
                "{tiles_m}x{tiles_n} shift {shift}"
            );
            if tiles_m % (1 << shift) == 0 {
                assert_eq!(order, grouped_order(tiles_m, tiles_n, 1 << shift));
            }
        }
        // A group as tall as the matrix is the tutorial's order (m fastest, then n).
        let order: Vec<(u32, u32)> = (0..8).map(|bx| grouped_grid_tile(bx, 0, 2)).collect();
        assert_eq!(
            order,
            [
                (0, 0),
                (1, 0),
                (2, 0),
                (3, 0),
                (0, 1),
                (1, 1),
                (2, 1),
                (3, 1)
            ]
        );
    }
}
