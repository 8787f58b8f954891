//! The persistent tile scheduler: port of the idea of CUTLASS's
//! `PersistentTileSchedulerSm90` (a grid of about one CTA per SM; each CTA walks the output
//! tiles `blockIdx.x, blockIdx.x + gridDim.x, ...`) with a grouped (swizzled) order.
//!
//! Tiles are numbered so that `GROUP` consecutive tile rows are finished column by column
//! before the next group starts: the CTAs running at one time then share few A and B panels,
//! which stay in L2. The last group may be shorter; ragged last tiles are the epilogue's
//! business (predicated stores) and TMA's (zero fill).

/// The output-tile grid of one GEMM and the walk over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileScheduler {
    /// Tiles along the rows of the output (the GMMA's M mode).
    pub tiles_m: u32,
    /// Tiles along the columns (the GMMA's N mode).
    pub tiles_n: u32,
    /// Tile rows per group (at least 1).
    pub group: u32,
}

impl TileScheduler {
    /// The scheduler for an `m x n` output in `blk_m x blk_n` tiles, `group` tile rows per
    /// group (clamped to `1..=tiles_m`).
    #[inline(always)]
    pub fn new(m: u32, n: u32, blk_m: u32, blk_n: u32, group: u32) -> Self {
        let tiles_m = m.div_ceil(blk_m);
        let tiles_n = n.div_ceil(blk_n);
        let group = if group == 0 {
            1
        } else if group > tiles_m {
            tiles_m.max(1)
        } else {
            group
        };
        TileScheduler {
            tiles_m,
            tiles_n,
            group,
        }
    }
    /// How many tiles there are.
    #[inline(always)]
    pub fn tiles(&self) -> u32 {
        self.tiles_m * self.tiles_n
    }
    /// Tile `t`'s coordinates `(tile_m, tile_n)` in the grouped order.
    #[inline(always)]
    pub fn tile(&self, t: u32) -> (u32, u32) {
        let per_group = self.group * self.tiles_n;
        let g = t / per_group;
        let first_m = g * self.group;
        let rows = if self.tiles_m - first_m < self.group {
            self.tiles_m - first_m
        } else {
            self.group
        };
        let local = t - g * per_group;
        (first_m + local % rows, local / rows)
    }
}

/// The same grouped order for a non-persistent grid (one CTA per tile, as the tutorials
/// launch), with groups of `2^shift` tile rows so that the mapping is shifts and masks, no
/// division. The grid is `(2^shift * tiles_n, ceil(tiles_m / 2^shift))` ([`grouped_grid`]);
/// the hardware starts CTAs in `blockIdx.x`-fastest order, so CTA `(bx, by)` takes tile row
/// `by * 2^shift + bx mod 2^shift` and tile column `bx / 2^shift`: a group's rows are finished
/// column by column, as [`TileScheduler::tile`] walks them. Rows of the last group past the
/// matrix are the caller's to skip. With `shift >= 1`, CTAs `2j` and `2j + 1` (a cluster of
/// 2 along x) hold rows `2i` and `2i + 1` of one column: the tutorial's clusters along M.
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

    #[test]
    fn every_tile_once_in_grouped_order() {
        for (m, n, bm, bn, g) in [
            (8192u32, 8192u32, 128u32, 256u32, 8u32),
            (1000, 1000, 128, 256, 8),
            (2049, 4097, 128, 256, 16),
            (100, 100, 128, 256, 8),
            (5000, 300, 128, 256, 3),
        ] {
            let s = TileScheduler::new(m, n, bm, bn, g);
            assert_eq!(s.tiles_m, m.div_ceil(bm));
            assert_eq!(s.tiles_n, n.div_ceil(bn));
            let mut hit = vec![0u8; s.tiles() as usize];
            for t in 0..s.tiles() {
                let (i, j) = s.tile(t);
                assert!(i < s.tiles_m && j < s.tiles_n, "{t} -> ({i},{j})");
                hit[(i * s.tiles_n + j) as usize] += 1;
            }
            assert!(hit.iter().all(|&h| h == 1), "({m},{n}) group {g}");
        }
    }

    #[test]
    fn order_walks_a_group_column_by_column() {
        // 5 tile rows, 3 tile columns, groups of 2 rows: rows {0,1}, {2,3}, then {4} alone.
        let s = TileScheduler::new(5 * 128, 3 * 256, 128, 256, 2);
        let order: Vec<(u32, u32)> = (0..s.tiles()).map(|t| s.tile(t)).collect();
        assert_eq!(
            order,
            [
                (0, 0),
                (1, 0),
                (0, 1),
                (1, 1),
                (0, 2),
                (1, 2),
                (2, 0),
                (3, 0),
                (2, 1),
                (3, 1),
                (2, 2),
                (3, 2),
                (4, 0),
                (4, 1),
                (4, 2),
            ]
        );
    }

    #[test]
    fn grouped_grid_starts_tiles_in_the_schedulers_order() {
        // Launch order is blockIdx.x fastest; every tile once, padding rows only in the last
        // group, clusters of 2 along x on adjacent rows of one column, and (when the group
        // divides the rows) the order of TileScheduler with the same group.
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
                let s = TileScheduler::new(tiles_m * 128, tiles_n * 128, 128, 128, 1 << shift);
                let want: Vec<(u32, u32)> = (0..s.tiles()).map(|t| s.tile(t)).collect();
                assert_eq!(order, want);
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
