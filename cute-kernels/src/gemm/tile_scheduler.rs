//! Tile schedulers: which output tiles a CTA computes, in which order (the role of CUTLASS's
//! `PersistentTileSchedulerSm90`). The kernel asks [`TileScheduler::initial`] for its first
//! work tile and [`TileScheduler::next`] for each following one; the producer and the
//! consumers walk the same sequence.
//!
//! Split-K (CUTLASS's `splits` of the stream-K scheduler in its data-parallel-with-splits mode):
//! each output tile of the last, partial wave is `splits` units of work, unit `s` the `s`-th of
//! `splits` nearly equal ranges of the k-tiles; the kernel adds the units' partial sums in a
//! fixed order ([`split_k`](super::split_k)). The tiles of the whole waves before it are not
//! split (CUTLASS's stream-K hybrid of data-parallel tiles and split ones): with 192 tiles on
//! 132 CTAs and 2 splits, 132 whole tiles, then 60 tiles in 120 half-tile units, one and a
//! half tile-times in all instead of two.

/// One unit of work: the output tile `(m, n)` (in tiles), the range of its k-tiles, and its
/// index in the scheduler's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkTile {
    /// Tile row (along the kernel's M).
    pub m: u32,
    /// Tile column.
    pub n: u32,
    /// Index in the order.
    pub index: u32,
    /// Which split of the tile's K this unit is (0 without split-K).
    pub split: u32,
    /// The units the tile's K is split into (1: the whole tile).
    pub splits: u32,
    /// The first k-tile.
    pub k_begin: u32,
    /// How many k-tiles (at least 1).
    pub k_tiles: u32,
}

/// A tile scheduler.
pub trait TileScheduler: Copy {
    /// The scheduler of a grid over `tiles_m x tiles_n` output tiles; `group` is the kernel's
    /// tuning argument (see the implementation).
    fn new(tiles_m: u32, tiles_n: u32, group: u32) -> Self;
    /// The same scheduler over `k_tiles` k-tiles per output tile for a grid of `ctas`, each
    /// tile of the last partial wave split into `splits` units (clamped to `1..=k_tiles`).
    fn with_splits(self, k_tiles: u32, splits: u32, ctas: u32) -> Self;
    /// CTA `cta` of `ctas`: its first work tile, if any.
    fn initial(&self, cta: u32, ctas: u32) -> Option<WorkTile>;
    /// The work tile after `w` for a CTA of a grid of `ctas`, if any.
    fn next(&self, w: WorkTile, ctas: u32) -> Option<WorkTile>;
    /// How many tiles there are.
    fn tiles(&self) -> u32;
    /// Units per split tile (split-K; 1 without), as clamped by [`TileScheduler::with_splits`].
    fn splits(&self) -> u32;
}

/// A persistent grid (about one CTA per SM) walking the tiles in a grouped order: tiles are
/// numbered so that `group` consecutive tile rows are finished column by column before the
/// next group starts, so the CTAs running at one time share few A and B panels, which stay in
/// L2. CTA `i` takes tiles `i, i + ctas, i + 2 ctas, ...`. The last group may be shorter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PersistentGrouped {
    /// Tiles along the rows of the output (the kernel's M).
    pub tiles_m: u32,
    /// Tiles along the columns.
    pub tiles_n: u32,
    /// Tile rows per group (at least 1).
    pub group: u32,
    /// k-tiles per output tile.
    pub k_tiles: u32,
    /// Units per split tile (split-K; 1 without).
    pub splits: u32,
    /// The tiles before the split ones, each one unit (the whole waves: all the tiles less
    /// their count modulo the grid's CTAs).
    pub whole: u32,
}

impl PersistentGrouped {
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
    /// Units of work: the whole tiles, then the split tiles times their splits.
    #[inline(always)]
    pub fn units(&self) -> u32 {
        self.whole + (self.tiles() - self.whole) * self.splits
    }
    /// The k-tiles `(first, count)` of split `s`: `k_tiles` in `splits` ranges whose lengths
    /// differ by at most one, the longer ones first.
    #[inline(always)]
    pub fn k_range(&self, s: u32) -> (u32, u32) {
        let (base, rem) = (self.k_tiles / self.splits, self.k_tiles % self.splits);
        let first = s * base + if s < rem { s } else { rem };
        (first, base + (s < rem) as u32)
    }
    /// Unit `u`: tile `u` while `u < whole`; then, of the split tiles `whole..tiles`, tile
    /// `whole + v % rest` of split `v / rest` (`v = u - whole`, `rest` split tiles), so that
    /// the CTAs running together work on one split of neighbouring tiles, in the grouped order.
    #[inline(always)]
    fn work(&self, u: u32) -> Option<WorkTile> {
        (u < self.units()).then(|| {
            let (t, split, splits) = if u < self.whole {
                (u, 0, 1)
            } else {
                let (v, rest) = (u - self.whole, self.tiles() - self.whole);
                (self.whole + v % rest, v / rest, self.splits)
            };
            let (m, n) = self.tile(t);
            let (k_begin, k_tiles) = if splits == 1 {
                (0, self.k_tiles)
            } else {
                self.k_range(split)
            };
            WorkTile {
                m,
                n,
                index: u,
                split,
                splits,
                k_begin,
                k_tiles,
            }
        })
    }
}

impl TileScheduler for PersistentGrouped {
    /// `group` tile rows per group, clamped to `1..=tiles_m`.
    #[inline(always)]
    fn new(tiles_m: u32, tiles_n: u32, group: u32) -> Self {
        let group = group.clamp(1, tiles_m.max(1));
        PersistentGrouped {
            tiles_m,
            tiles_n,
            group,
            k_tiles: 0,
            splits: 1,
            whole: tiles_m * tiles_n,
        }
    }
    #[inline(always)]
    fn with_splits(self, k_tiles: u32, splits: u32, ctas: u32) -> Self {
        let splits = splits.clamp(1, k_tiles.max(1));
        let tiles = self.tiles();
        let whole = if splits == 1 {
            tiles
        } else {
            tiles - tiles % ctas.max(1)
        };
        PersistentGrouped {
            k_tiles,
            splits,
            whole,
            ..self
        }
    }
    #[inline(always)]
    fn initial(&self, cta: u32, _ctas: u32) -> Option<WorkTile> {
        self.work(cta)
    }
    #[inline(always)]
    fn next(&self, w: WorkTile, ctas: u32) -> Option<WorkTile> {
        self.work(w.index + ctas)
    }
    #[inline(always)]
    fn tiles(&self) -> u32 {
        self.tiles_m * self.tiles_n
    }
    #[inline(always)]
    fn splits(&self) -> u32 {
        self.splits
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec;
    use std::vec::Vec;

    #[test]
    fn every_tile_once_in_grouped_order() {
        for (tm, tn, g) in [
            (64u32, 32u32, 8u32),
            (8, 4, 8),
            (17, 17, 16),
            (1, 1, 8),
            (40, 2, 3),
        ] {
            let s = PersistentGrouped::new(tm, tn, g);
            let mut hit = vec![0u8; s.tiles() as usize];
            for t in 0..s.tiles() {
                let (i, j) = s.tile(t);
                assert!(i < tm && j < tn, "{t} -> ({i},{j})");
                hit[(i * tn + j) as usize] += 1;
            }
            assert!(hit.iter().all(|&h| h == 1), "{tm}x{tn} group {g}");
        }
    }

    #[test]
    fn order_walks_a_group_column_by_column() {
        // 5 tile rows, 3 tile columns, groups of 2 rows: rows {0,1}, {2,3}, then {4} alone.
        let s = PersistentGrouped::new(5, 3, 2);
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
    fn ctas_partition_the_tiles() {
        let s = PersistentGrouped::new(9, 7, 4);
        let ctas = 5;
        let mut seen = vec![0u8; s.tiles() as usize];
        for cta in 0..ctas {
            let mut w = s.initial(cta, ctas);
            while let Some(t) = w {
                assert_eq!((t.m, t.n), s.tile(t.index));
                seen[t.index as usize] += 1;
                w = s.next(t, ctas);
            }
        }
        assert!(seen.iter().all(|&h| h == 1));
        assert_eq!(PersistentGrouped::new(2, 2, 8).initial(4, 132), None);
    }

    /// With split-K every (tile, k-tile) pair is in exactly one unit, each unit's range is
    /// non-empty, and the CTAs together take every unit once.
    #[test]
    fn splits_partition_every_tiles_k() {
        for (tm, tn, k_tiles, splits, ctas) in [
            (3u32, 2u32, 10u32, 4u32, 5u32),
            (1, 1, 7, 7, 132),
            (2, 3, 3, 8, 4),
            (4, 1, 64, 1, 3),
            (1, 32, 224, 4, 132),
            // two whole waves of 132, then 24 tiles in 3 units each
            (12, 24, 64, 3, 132),
            (12, 16, 64, 2, 132),
        ] {
            let s = PersistentGrouped::new(tm, tn, 8).with_splits(k_tiles, splits, ctas);
            assert_eq!(s.splits, splits.min(k_tiles));
            let tiles = tm * tn;
            let whole = if s.splits == 1 {
                tiles
            } else {
                tiles - tiles % ctas
            };
            assert_eq!(s.units(), whole + (tiles - whole) * s.splits);
            let mut hit = vec![0u8; (tm * tn * k_tiles) as usize];
            for cta in 0..ctas {
                let mut w = s.initial(cta, ctas);
                while let Some(t) = w {
                    assert!(t.k_tiles >= 1 && t.split < t.splits, "{t:?}");
                    // the whole waves first, one unit a tile; then the split tiles
                    let whole_tile = t.index < whole;
                    assert_eq!(t.splits, if whole_tile { 1 } else { s.splits }, "{t:?}");
                    for k in t.k_begin..t.k_begin + t.k_tiles {
                        hit[((t.m * tn + t.n) * k_tiles + k) as usize] += 1;
                    }
                    w = s.next(t, ctas);
                }
            }
            assert!(
                hit.iter().all(|&h| h == 1),
                "{tm}x{tn}, {k_tiles} k-tiles in {splits}"
            );
        }
        let s = PersistentGrouped::new(1, 1, 1).with_splits(10, 4, 132);
        let ranges: Vec<(u32, u32)> = (0..4).map(|i| s.k_range(i)).collect();
        assert_eq!(ranges, [(0, 3), (3, 3), (6, 2), (8, 2)]);
    }
}
