//! The order in which the CTAs of the two Hopper tutorial ports take their tiles: groups of
//! `2^shift` tile rows, finished column by column (`grouped_grid_tile` in
//! `cute-kernels/src/tutorial/tile_order.rs`), on the grid
//! `(2^shift * tiles_n, ceil(tiles_m / 2^shift))`. The tutorials take a whole tile column of C
//! at a time, which is one group as tall as the matrix.
//!
//! Why: with 128x128 tiles and two CTAs per SM, 264 CTAs run at once on an H100. In the
//! tutorial's order at 8192^3 they read all 64 row panels of A (128 MB, more than the 50 MB L2)
//! and the CTAs that share an A panel start up to a wave apart, so its k-slices are often gone
//! from L2 when the next one wants them. In groups of `g` rows, the `g` CTAs sharing a B panel
//! start together and only `g` A panels (`2g` MB) have to outlive a wave. Measured in
//! `benches/results/2026-11-27-h100-tile-order`, ours / tutorial, TN and NT. `wgmma_tma_sm90`
//! (medians of 8 rounds in one process): at 8192^3 0.91 and 1.10 in the tutorial's order, 1.06
//! and 1.16 in groups of 8, 1.10 and 1.18 in groups of 4; at 4096^3 1.04-1.08 in every order.
//! `wgmma_sm90` (two interleaved runs of 50 launches): at 8192^3 0.97-1.00 in the tutorial's
//! order, 1.02-1.03 in groups of 8; at 4096^3 its tutorial order beats groups of 8 (1.05
//! against 1.02-1.03). So each kernel has its own default.

use crate::error::Error;

/// The fewest rows per group: a cluster of 2 along M (`wgmma_tma_sm90`).
const MIN_ROWS: u32 = 2;
/// The largest grid dimension y the driver takes.
const MAX_GRID_Y: u32 = 65535;

/// `log2` of the tile rows per group for `tiles_m` tile rows: `default_rows` (a power of two
/// from 2), no more than the matrix needs. `CUTE_TILE_GROUP` overrides it, to measure: a power
/// of two from 2, or `tutorial` for one group as tall as the matrix (the tutorial's order).
/// `op` names the kernel in errors.
pub fn group_shift(op: &'static str, tiles_m: u32, default_rows: u32) -> Result<u32, Error> {
    let var = std::env::var("CUTE_TILE_GROUP").ok();
    shift_for(op, tiles_m, default_rows, var.as_deref())
}

/// [`group_shift`] with the variable's value given.
fn shift_for(
    op: &'static str,
    tiles_m: u32,
    default_rows: u32,
    var: Option<&str>,
) -> Result<u32, Error> {
    let fit = tiles_m.max(MIN_ROWS).next_power_of_two().trailing_zeros();
    let rows = match var {
        None => return Ok(default_rows.max(MIN_ROWS).trailing_zeros().min(fit)),
        Some("tutorial") => return Ok(fit),
        Some(v) => v
            .parse::<u32>()
            .ok()
            .filter(|r| r.is_power_of_two() && *r >= MIN_ROWS),
    };
    rows.map(|r| r.trailing_zeros())
        .ok_or_else(|| Error::Shape {
            op,
            expected: "CUTE_TILE_GROUP a power of two from 2 (tile rows per group) or `tutorial`"
                .into(),
            got: format!("{:?}", var.unwrap_or_default()),
        })
}

/// The launch for `tiles_m x tiles_n` tiles of `blk_m` rows in groups of at least `2^shift`
/// rows: `(shift, grid x, grid y)` with the grid `(2^shift * tiles_n, ceil(tiles_m / 2^shift))`.
/// The shift grows past the one asked for when y would pass the driver's 65,535 (more than
/// 65,535 groups: M above 32 Mi rows in groups of 4). An error names a grid the driver would
/// refuse (x past `i32::MAX`), or one whose padding rows would start past `i32::MAX` (the
/// kernels compute a tile's first row as an `i32`).
pub fn grid(
    op: &'static str,
    tiles_m: u32,
    tiles_n: u32,
    shift: u32,
    blk_m: u32,
) -> Result<(u32, u32, u32), Error> {
    let mut shift = shift;
    while tiles_m.div_ceil(1 << shift) > MAX_GRID_Y {
        shift += 1;
    }
    let x = (tiles_n as u64) << shift;
    let y = tiles_m.div_ceil(1 << shift);
    let rows = ((y as u64) << shift) * blk_m as u64;
    if x > i32::MAX as u64 || rows > 1 << 31 {
        return Err(Error::Shape {
            op,
            expected: format!(
                "a grid of at most {} CTAs along x whose tile rows start below 2^31",
                i32::MAX
            ),
            got: format!(
                "({x},{y}) for {tiles_m}x{tiles_n} tiles of {blk_m} rows in groups of {}",
                1u64 << shift
            ),
        });
    }
    Ok((shift, x as u32, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_rows_unless_told() {
        // 64 tile rows (8192): the default, 64 in the tutorial's order, 16 when asked.
        assert_eq!(shift_for("k", 64, 8, None).unwrap(), 3);
        assert_eq!(shift_for("k", 64, 4, None).unwrap(), 2);
        assert_eq!(shift_for("k", 64, 8, Some("tutorial")).unwrap(), 6);
        assert_eq!(shift_for("k", 64, 8, Some("16")).unwrap(), 4);
        // Never taller than the matrix needs, never shorter than a cluster.
        assert_eq!(shift_for("k", 3, 8, None).unwrap(), 2);
        assert_eq!(shift_for("k", 1, 8, None).unwrap(), 1);
        assert_eq!(shift_for("k", 9, 8, Some("tutorial")).unwrap(), 4);
        for bad in ["1", "12", "0", "x", ""] {
            let e = shift_for("k", 64, 8, Some(bad)).unwrap_err().to_string();
            assert!(
                e.starts_with("k: expected CUTE_TILE_GROUP a power of two from 2"),
                "{e}"
            );
            assert!(e.ends_with(&format!("got {bad:?}")), "{e}");
        }
    }

    #[test]
    fn grid_is_groups_by_columns() {
        assert_eq!(grid("k", 64, 64, 3, 128).unwrap(), (3, 512, 8));
        assert_eq!(grid("k", 64, 64, 6, 128).unwrap(), (6, 4096, 1));
        assert_eq!(grid("k", 9, 5, 3, 128).unwrap(), (3, 40, 2));
        // 2^24 tile rows (M up to 2^31 - 1) asked in groups of 8 get groups of 512: 2^15
        // groups (2^16 would pass the driver's 65,535).
        assert_eq!(grid("k", 1 << 24, 1, 3, 128).unwrap(), (9, 512, 1 << 15));
        let e = grid("k", 1 << 20, 1 << 20, 12, 128)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("a grid of at most 2147483647 CTAs along x"),
            "{e}"
        );
        let e = grid("k", (1 << 24) - 1, 1, 4, 129).unwrap_err().to_string();
        assert!(e.contains("tile rows start below 2^31"), "{e}");
    }
}
