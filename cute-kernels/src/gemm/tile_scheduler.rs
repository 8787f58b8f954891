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
//!
//! Stream-K (CUTLASS's stream-K mode of the same scheduler, `splits` = [`STREAM_K`]): the
//! k-tiles of all the tiles of the last, partial wave, one after another (tile by tile), are
//! shared out in nearly equal ranges, one per CTA (at most; each range at least
//! [`MIN_STREAM_K_TILES`] k-tiles), crossing tile boundaries: a CTA's range is one or more
//! pieces, each the part of one tile's k-tiles that falls in it. A tile covered by several
//! ranges is summed as a split one: its pieces are its splits, in order. So every CTA does the
//! same work to within a k-tile, whatever the tile count.

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
    /// The tile's index in the scheduler's order.
    pub tile: u32,
    /// Slots per tile in the split-K workspace (at least `splits`): the most splits any tile
    /// of the scheduler has.
    pub stride: u32,
}

/// `splits` that asks [`TileScheduler::with_splits`] for stream-K (see the module docs).
pub const STREAM_K: u32 = 0;
/// The fewest k-tiles of a stream-K range: fewer CTAs take the last wave's k-tiles when an
/// equal share would be shorter (each range's partial sums cost a trip through the workspace).
pub const MIN_STREAM_K_TILES: u32 = 4;

/// A tile scheduler.
pub trait TileScheduler: Copy {
    /// The scheduler of a grid over `tiles_m x tiles_n` output tiles; `group` is the kernel's
    /// tuning argument (see the implementation).
    fn new(tiles_m: u32, tiles_n: u32, group: u32) -> Self;
    /// The same scheduler over `k_tiles` k-tiles per output tile for a grid of `ctas`, each
    /// tile of the last partial wave split into `splits` units (clamped to `1..=k_tiles`), or
    /// the last wave in stream-K ranges (`splits` = [`STREAM_K`]).
    fn with_splits(self, k_tiles: u32, splits: u32, ctas: u32) -> Self;
    /// CTA `cta` of `ctas`: its first work tile, if any.
    fn initial(&self, cta: u32, ctas: u32) -> Option<WorkTile>;
    /// The work tile after `w` for a CTA of a grid of `ctas`, if any.
    fn next(&self, w: WorkTile, ctas: u32) -> Option<WorkTile>;
    /// How many tiles there are.
    fn tiles(&self) -> u32;
    /// Slots per tile in the split-K workspace: the most units any tile is split into (split-K:
    /// the splits, as clamped by [`TileScheduler::with_splits`]; 1 without).
    fn stride(&self) -> u32;
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
    /// Units per split tile (split-K; 1 without); stream-K: the most ranges a tile meets.
    pub splits: u32,
    /// The tiles before the split ones, each one unit (the whole waves: all the tiles less
    /// their count modulo the grid's CTAs).
    pub whole: u32,
    /// Stream-K: the ranges the last wave's k-tiles are shared out in (0: split-K).
    pub stream_k: u32,
}

impl PersistentGrouped {
    /// Tile `t`'s coordinates `(tile_m, tile_n)` in the grouped order.
    #[inline(always)]
    pub fn tile(&self, t: u32) -> (u32, u32) {
        // every divisor in this file is positive (a group of at least one row, tiles and
        // splits at least one); `max(1)` says so to the compiler, and the kernels have no
        // division-by-zero panics
        let per_group = (self.group * self.tiles_n).max(1);
        let g = t / per_group;
        let first_m = g * self.group;
        let rows = if self.tiles_m - first_m < self.group {
            self.tiles_m - first_m
        } else {
            self.group
        }
        .max(1);
        let local = t - g * per_group;
        (first_m + local % rows, local / rows)
    }
    /// Units of work: the whole tiles, then the split tiles times their splits (stream-K: the
    /// ranges).
    #[inline(always)]
    pub fn units(&self) -> u32 {
        if self.stream_k > 0 {
            self.whole + self.stream_k
        } else {
            self.whole + (self.tiles() - self.whole) * self.splits
        }
    }
    /// Stream-K: the shortest range's length and how many ranges are one k-tile longer (the
    /// first ones): the last wave's k-tiles (fewer than 2^32, [`TileScheduler::with_splits`])
    /// in `stream_k` ranges.
    #[inline(always)]
    fn range_lengths(&self) -> (u32, u32) {
        let total = (self.tiles() - self.whole) * self.k_tiles;
        let base = total / self.stream_k.max(1);
        (base, total - base * self.stream_k)
    }
    /// Stream-K: the first of the last wave's k-tiles (numbered tile after tile) in range `j`;
    /// range `j` is `range_begin(j)..range_begin(j + 1)`.
    #[inline(always)]
    pub fn range_begin(&self, j: u32) -> u32 {
        let (base, rem) = self.range_lengths();
        j * base + j.min(rem)
    }
    /// Stream-K: the range holding k-tile `i` of the last wave.
    #[inline(always)]
    fn range_of(&self, i: u32) -> u32 {
        let (base, rem) = self.range_lengths();
        let long = rem * (base + 1);
        // the divisors are positive (ranges of at least one k-tile, fewer than 2^32 k-tiles)
        if i < long {
            i / (base + 1).max(1)
        } else {
            rem + (i - long) / base.max(1)
        }
    }
    /// Stream-K: the piece of range `j` that starts at the last wave's k-tile `i` (in the range).
    /// 32-bit arithmetic, two divisions: the kernel's scheduler code stays short (calls out of
    /// line would put the work tile on a stack).
    #[inline(always)]
    fn piece(&self, j: u32, i: u32) -> WorkTile {
        let r = i / self.k_tiles.max(1);
        let k_begin = i - r * self.k_tiles;
        let tile_end = (r + 1) * self.k_tiles;
        let end = self.range_begin(j + 1).min(tile_end);
        let first = self.range_of(r * self.k_tiles);
        let last = self.range_of(tile_end - 1);
        let t = self.whole + r;
        let (m, n) = self.tile(t);
        WorkTile {
            m,
            n,
            index: self.whole + j,
            split: j - first,
            splits: last - first + 1,
            k_begin,
            k_tiles: end - i,
            tile: t,
            stride: self.splits,
        }
    }
    /// [`TileScheduler::with_splits`] for stream-K.
    #[inline(always)]
    fn with_stream_k(self, k_tiles: u32, ctas: u32) -> Self {
        let tiles = self.tiles();
        let whole = tiles - tiles % ctas.max(1);
        let rest = tiles - whole;
        let total = rest as u64 * k_tiles as u64;
        if total == 0 || total > u32::MAX as u64 {
            // no last wave (or one of 2^32 k-tiles and more, which memory cannot hold): every
            // tile whole
            return PersistentGrouped { k_tiles, ..self };
        }
        let total = total as u32;
        // as many ranges as CTAs, each at least MIN_STREAM_K_TILES long, but never fewer than
        // the last wave's tiles (`rest < ctas`)
        let ranges = ctas.min((total / MIN_STREAM_K_TILES).max(rest));
        // a tile meets at most ceil((k_tiles - 1) / shortest) + 1 ranges
        let shortest = total / ranges.max(1);
        let stride = (k_tiles - 1).div_ceil(shortest.max(1)) + 1;
        PersistentGrouped {
            k_tiles,
            splits: stride.min(ranges),
            whole,
            stream_k: ranges,
            ..self
        }
    }
    /// The k-tiles `(first, count)` of split `s`: `k_tiles` in `splits` ranges whose lengths
    /// differ by at most one, the longer ones first.
    #[inline(always)]
    pub fn k_range(&self, s: u32) -> (u32, u32) {
        let splits = self.splits.max(1);
        let (base, rem) = (self.k_tiles / splits, self.k_tiles % splits);
        let first = s * base + if s < rem { s } else { rem };
        (first, base + (s < rem) as u32)
    }
    /// Unit `u`: tile `u` while `u < whole`; then, of the split tiles `whole..tiles`, tile
    /// `whole + v % rest` of split `v / rest` (`v = u - whole`, `rest` split tiles), so that
    /// the CTAs running together work on one split of neighbouring tiles, in the grouped order.
    #[inline(always)]
    fn work(&self, u: u32) -> Option<WorkTile> {
        if self.stream_k > 0 && u >= self.whole {
            let j = u - self.whole;
            return (j < self.stream_k).then(|| self.piece(j, self.range_begin(j)));
        }
        (u < self.units()).then(|| {
            let (t, split, splits) = if u < self.whole {
                (u, 0, 1)
            } else {
                let (v, rest) = (u - self.whole, (self.tiles() - self.whole).max(1));
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
                tile: t,
                stride: self.splits,
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
            stream_k: 0,
        }
    }
    #[inline(always)]
    fn with_splits(self, k_tiles: u32, splits: u32, ctas: u32) -> Self {
        if splits == STREAM_K {
            return self.with_stream_k(k_tiles, ctas);
        }
        let tiles = self.tiles();
        let splits = splits.clamp(1, k_tiles.max(1));
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
        if self.stream_k > 0 && w.index >= self.whole {
            // the range's next piece, in the next tile, if the range goes on
            let j = w.index - self.whole;
            let i = (w.tile - self.whole) * self.k_tiles + w.k_begin + w.k_tiles;
            if i < self.range_begin(j + 1) {
                return Some(self.piece(j, i));
            }
        }
        self.work(w.index + ctas)
    }
    #[inline(always)]
    fn tiles(&self) -> u32 {
        self.tiles_m * self.tiles_n
    }
    #[inline(always)]
    fn stride(&self) -> u32 {
        self.splits
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;
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

    /// Stream-K: every (tile, k-tile) pair is in exactly one piece; the pieces of a tile agree
    /// on its split count, are its splits `0..splits` in k order, and fit the stride; the
    /// last wave's ranges differ in length by at most one k-tile, each at least
    /// `MIN_STREAM_K_TILES` long unless there are only as many ranges as tiles; the whole waves
    /// come first, one unit a tile.
    #[test]
    fn stream_k_ranges_partition_the_last_wave() {
        for (tm, tn, k_tiles, ctas) in [
            (3u32, 2u32, 10u32, 4u32),
            (1, 1, 7, 132),
            (1, 1, 448, 132),
            (2, 3, 3, 4),
            (1, 32, 64, 132),
            (12, 24, 64, 132),
            (12, 16, 64, 132),
            (48, 4, 64, 132),
            (5, 7, 1, 3),
            (4, 33, 1, 132),
        ] {
            let s = PersistentGrouped::new(tm, tn, 8).with_splits(k_tiles, STREAM_K, ctas);
            let tiles = tm * tn;
            let whole = tiles - tiles % ctas;
            let name = format!("{tm}x{tn}, {k_tiles} k-tiles, {ctas} CTAs");
            assert_eq!(s.whole, whole, "{name}");
            let mut hit = vec![0u8; (tiles * k_tiles) as usize];
            // per tile: (splits, the splits seen in k order)
            let mut seen: Vec<Vec<(u32, u32, u32)>> = vec![Vec::new(); tiles as usize];
            let mut range_len = Vec::new();
            for cta in 0..ctas {
                let mut w = s.initial(cta, ctas);
                let mut mine = 0;
                while let Some(t) = w {
                    assert!(t.k_tiles >= 1 && t.split < t.splits, "{name}: {t:?}");
                    assert!(t.splits <= t.stride, "{name}: {t:?}");
                    assert_eq!((t.m, t.n), s.tile(t.tile), "{name}: {t:?}");
                    if t.tile < whole {
                        assert_eq!((t.splits, t.k_begin, t.k_tiles), (1, 0, k_tiles));
                    } else {
                        mine += t.k_tiles;
                    }
                    seen[t.tile as usize].push((t.k_begin, t.split, t.splits));
                    for k in t.k_begin..t.k_begin + t.k_tiles {
                        hit[(t.tile * k_tiles + k) as usize] += 1;
                    }
                    w = s.next(t, ctas);
                }
                if mine > 0 {
                    range_len.push(mine);
                }
            }
            assert!(hit.iter().all(|&h| h == 1), "{name}");
            for (t, pieces) in seen.iter_mut().enumerate() {
                pieces.sort_unstable();
                for (i, &(_, split, splits)) in pieces.iter().enumerate() {
                    assert_eq!(
                        (split, splits),
                        (i as u32, pieces.len() as u32),
                        "{name}: tile {t}: {pieces:?}"
                    );
                }
            }
            if tiles > whole {
                let (lo, hi) = (
                    *range_len.iter().min().unwrap(),
                    *range_len.iter().max().unwrap(),
                );
                assert!(hi - lo <= 1, "{name}: ranges {lo}..{hi}");
                assert!(
                    lo >= MIN_STREAM_K_TILES || range_len.len() as u32 == tiles - whole,
                    "{name}: ranges of {lo}"
                );
                assert_eq!(range_len.len() as u32 + whole, s.units(), "{name}");
            }
        }
        // one tile of 448 k-tiles on 132 CTAs: 112 ranges of 4, 112 splits
        let s = PersistentGrouped::new(1, 1, 1).with_splits(448, STREAM_K, 132);
        assert_eq!((s.stream_k, s.stride()), (112, 112));
        // 192 tiles on 132 CTAs: 132 whole, then 60 tiles of 64 k-tiles in 132 ranges of 29
        // or 30 k-tiles; a tile meets at most 4 of them
        let s = PersistentGrouped::new(48, 4, 8).with_splits(64, STREAM_K, 132);
        assert_eq!((s.whole, s.stream_k, s.stride()), (132, 132, 4));
    }
}
