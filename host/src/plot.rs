//! `cute bench --plot`: a chart of a benchmark's TFLOP/s, drawn as hand-written SVG from the raw
//! CSV that `cute bench --raw` writes (header [`crate::bench::CSV_HEADER`]), whether the CSV
//! comes from the run that just finished or from a committed file.
//!
//! The chart has one band per problem (element types, layout, M, N, K; in the CSV's order) and
//! in each band one horizontal bar per series: cuBLAS (the better of the `cublas` and
//! `cublaslt` rows of the problem), then each kernel of ours (`ours` rows, by kernel or member
//! name) and each C++ tutorial (`cpp` rows), in the order they first appear. A row without a
//! correct result (`checked` other than `ok`) is drawn as a red mark saying so instead of a
//! bar. The legend gives each series' geometric mean and worst of `of_best_cublas` when the CSV
//! has that column. Bars are horizontal so that long problem lists (the 60 problems of the
//! language-model suite) keep one readable label per line.

use std::fmt::Write as _;

/// One line of a raw benchmark CSV: what the chart reads of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    /// `ours`, `cpp`, `cublas` or `cublaslt`.
    pub implementation: String,
    /// The kernel's name (`hopper`, `coop_128x256x64`, `gemmex`, ...).
    pub kernel: String,
    /// The element types `in/acc/out`; empty in CSVs written before the column existed.
    pub types: String,
    /// `nt`, `tn`, `nn` or `tt`.
    pub layout: String,
    /// The problem's `(M, N, K)`.
    pub mnk: (usize, usize, usize),
    /// TFLOP/s at the median time (NaN where the implementation gave no result).
    pub tflops: f64,
    /// Whether the result was checked correct (`ok`; true when the CSV has no `checked`).
    pub ok: bool,
    /// TFLOP/s over the best cuBLAS entry of the same problem, where the CSV gives it.
    pub of_best_cublas: Option<f64>,
}

/// The columns a chart needs; `types`, `checked` and `of_best_cublas` are read when present.
pub const REQUIRED_COLUMNS: [&str; 7] = ["impl", "kernel", "layout", "M", "N", "K", "tflops"];

/// Parses a raw benchmark CSV (`name` is the file, for messages). The columns are found by the
/// header's names, so older CSVs without `types` or `of_best_cublas` are read too.
///
/// # Errors
/// One sentence naming `name`: a header without one of [`REQUIRED_COLUMNS`], a line with too
/// few fields or a field that is not a number, or no measurement lines at all.
pub fn parse_raw_csv(name: &str, text: &str) -> Result<Vec<Measurement>, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((_, header)) = lines.next() else {
        return Err(format!("{name} is empty: it has no CSV header"));
    };
    let header: Vec<&str> = header.split(',').map(str::trim).collect();
    let column = |c: &str| header.iter().position(|h| *h == c);
    let mut required = [0usize; REQUIRED_COLUMNS.len()];
    for (slot, c) in required.iter_mut().zip(REQUIRED_COLUMNS) {
        *slot = column(c).ok_or_else(|| {
            format!(
                "{name} is not a raw CSV of cute bench: its header has no '{c}' column (it needs {})",
                REQUIRED_COLUMNS.join(",")
            )
        })?;
    }
    let [implementation, kernel, layout, m, n, k, tflops] = required;
    let (types, checked, of_best) = (column("types"), column("checked"), column("of_best_cublas"));
    let mut rows = Vec::new();
    for (i, line) in lines {
        let f: Vec<&str> = line.split(',').map(str::trim).collect();
        if f.len() < header.len() {
            return Err(format!(
                "{name} line {}: {} fields where the header has {}",
                i + 1,
                f.len(),
                header.len()
            ));
        }
        let number = |c: usize| -> Result<f64, String> {
            f[c].parse::<f64>().map_err(|_| {
                format!(
                    "{name} line {}: '{}' in column {} is not a number",
                    i + 1,
                    f[c],
                    header[c]
                )
            })
        };
        let extent = |c: usize| -> Result<usize, String> {
            f[c].parse::<usize>()
                .ok()
                .filter(|&x| x > 0)
                .ok_or_else(|| {
                    format!(
                        "{name} line {}: '{}' in column {} is not a positive size",
                        i + 1,
                        f[c],
                        header[c]
                    )
                })
        };
        rows.push(Measurement {
            implementation: f[implementation].to_string(),
            kernel: f[kernel].to_string(),
            types: types.map_or(String::new(), |c| f[c].to_string()),
            layout: f[layout].to_string(),
            mnk: (extent(m)?, extent(n)?, extent(k)?),
            tflops: number(tflops)?,
            ok: checked.is_none_or(|c| f[c] == "ok" || f[c] == "reference"),
            of_best_cublas: of_best
                .and_then(|c| f[c].parse::<f64>().ok())
                .filter(|x| x.is_finite() && *x > 0.0),
        });
    }
    if rows.is_empty() {
        return Err(format!("{name} has a header but no measurements"));
    }
    Ok(rows)
}

/// Whether a row is cuBLAS's or cuBLASLt's.
fn is_cublas(r: &Measurement) -> bool {
    r.implementation == "cublas" || r.implementation == "cublaslt"
}

/// One drawn series: its legend name, colour and legend note.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The legend's name: `cuBLAS ...`, a kernel of ours, or `C++ <tutorial>`.
    pub name: String,
    /// The bars' fill, `#rrggbb`.
    pub colour: &'static str,
    /// The legend's note after the name (the ratio to cuBLAS), possibly empty.
    pub note: String,
}

/// What one series shows at one problem.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// No row of this series for this problem: an empty slot.
    Absent,
    /// A checked result's TFLOP/s.
    Tflops(f64),
    /// Rows without a correct result only.
    Failed,
}

/// The chart's data: the problems (bands), the series and a value per (problem, series).
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// The title, naming what was measured.
    pub title: String,
    /// One label per problem, e.g. `4096x4096x4096` (plus layout and types where they vary).
    pub labels: Vec<String>,
    /// The series, cuBLAS first.
    pub series: Vec<Series>,
    /// `values[problem][series]`.
    pub values: Vec<Vec<Value>>,
}

/// The bar colours: cuBLAS grey, then one per series of ours (a colour-blind-safe palette,
/// repeated past its end).
pub const CUBLAS_COLOUR: &str = "#8c8c8c";
/// The colours of our kernels' and the C++ tutorials' series, in order.
pub const SERIES_COLOURS: [&str; 8] = [
    "#1f6fb4", "#e8710a", "#2e9e44", "#c0392b", "#7b4fb0", "#8c564b", "#d15fb5", "#17a5b8",
];

/// Distinct values in first-appearance order.
fn distinct<'a>(it: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut v: Vec<&str> = Vec::new();
    for s in it {
        if !v.contains(&s) {
            v.push(s);
        }
    }
    v
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(v: &[&str]) -> String {
    match v {
        [] => String::new(),
        [a] => a.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Geometric mean and minimum of positive ratios.
pub fn geometric_mean_and_worst(ratios: &[f64]) -> Option<(f64, f64)> {
    if ratios.is_empty() {
        return None;
    }
    let log_mean = ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64;
    let worst = ratios.iter().copied().fold(f64::INFINITY, f64::min);
    Some((log_mean.exp(), worst))
}

/// Groups `rows` into the chart's problems and series (see the module docs).
pub fn chart(rows: &[Measurement]) -> Chart {
    type Problem<'a> = (&'a str, &'a str, (usize, usize, usize));
    let problems: Vec<Problem> = {
        let mut v: Vec<Problem> = Vec::new();
        for r in rows {
            let k = (r.types.as_str(), r.layout.as_str(), r.mnk);
            if !v.contains(&k) {
                v.push(k);
            }
        }
        v
    };
    let all_types = distinct(
        rows.iter()
            .map(|r| r.types.as_str())
            .filter(|t| !t.is_empty()),
    );
    let all_layouts = distinct(rows.iter().map(|r| r.layout.as_str()));
    let labels = problems
        .iter()
        .map(|&(types, layout, (m, n, k))| {
            let mut l = format!("{m}x{n}x{k}");
            if all_layouts.len() > 1 {
                l.push_str(&format!(" {layout}"));
            }
            if all_types.len() > 1 {
                l.push_str(&format!(" {types}"));
            }
            l
        })
        .collect();
    // series keys: (implementation class, kernel); cuBLAS is one series
    let cublas_kinds = distinct(
        rows.iter()
            .filter(|r| is_cublas(r))
            .map(|r| r.implementation.as_str()),
    );
    let mut keys: Vec<(bool, String, String)> = Vec::new(); // (is cuBLAS, implementation, kernel)
    if !cublas_kinds.is_empty() {
        keys.push((true, String::new(), String::new()));
    }
    for r in rows.iter().filter(|r| !is_cublas(r)) {
        let k = (false, r.implementation.clone(), r.kernel.clone());
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    let in_series = |key: &(bool, String, String), r: &Measurement| {
        if key.0 {
            is_cublas(r)
        } else {
            r.implementation == key.1 && r.kernel == key.2
        }
    };
    let values: Vec<Vec<Value>> = problems
        .iter()
        .map(|&(types, layout, mnk)| {
            keys.iter()
                .map(|key| {
                    let mine = rows.iter().filter(|r| {
                        r.types == types && r.layout == layout && r.mnk == mnk && in_series(key, r)
                    });
                    let mut value = Value::Absent;
                    for r in mine {
                        value = match (value, r.ok && r.tflops.is_finite()) {
                            (Value::Tflops(a), true) => Value::Tflops(a.max(r.tflops)),
                            (Value::Tflops(a), false) => Value::Tflops(a),
                            (_, true) => Value::Tflops(r.tflops),
                            (_, false) => Value::Failed,
                        };
                    }
                    value
                })
                .collect()
        })
        .collect();
    let has_ratio = rows.iter().any(|r| r.of_best_cublas.is_some());
    let mut colours = SERIES_COLOURS.iter().cycle();
    let series = keys
        .iter()
        .map(|key| {
            if key.0 {
                let name = match cublas_kinds[..] {
                    ["cublas"] => "cuBLAS",
                    ["cublaslt"] => "cuBLASLt",
                    _ => "cuBLAS, the better of cuBLAS and cuBLASLt per problem",
                };
                return Series {
                    name: name.to_string(),
                    colour: CUBLAS_COLOUR,
                    note: String::new(),
                };
            }
            let name = match key.1.as_str() {
                "ours" => key.2.clone(),
                "cpp" => format!("C++ {}", key.2),
                other => format!("{other} {}", key.2),
            };
            let ratios: Vec<f64> = rows
                .iter()
                .filter(|r| in_series(key, r))
                .filter_map(|r| r.of_best_cublas)
                .collect();
            let note = match geometric_mean_and_worst(&ratios) {
                Some((mean, worst)) if has_ratio => format!(
                    "{mean:.3}x the best cuBLAS (geometric mean over {} problems; worst {worst:.3}x)",
                    ratios.len()
                ),
                _ => String::new(),
            };
            Series {
                name,
                colour: colours.next().copied().unwrap_or(CUBLAS_COLOUR),
                note,
            }
        })
        .collect();
    let mut title = String::from("GEMM TFLOP/s per problem (M x N x K)");
    let layouts: Vec<String> = all_layouts.iter().map(|l| l.to_uppercase()).collect();
    let layouts: Vec<&str> = layouts.iter().map(String::as_str).collect();
    if !layouts.is_empty() {
        title.push_str(&format!(", {}", and_list(&layouts)));
    }
    if !all_types.is_empty() {
        title.push_str(&format!(", in/acc/out {}", and_list(&all_types)));
    }
    Chart {
        title,
        labels,
        series,
        values,
    }
}

/// The value axis: from 0 to `top` in ticks of `step`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    /// The axis's end, a multiple of `step` at or above the largest value.
    pub top: f64,
    /// The distance between gridlines: 1, 2 or 5 times a power of ten.
    pub step: f64,
}

/// The axis for values up to `max`: at most 8 ticks of 1, 2 or 5 times a power of ten, the
/// last at or above `max`. A `max` that is not positive (nothing measured) gives 0 to 1.
pub fn nice_scale(max: f64) -> Scale {
    if !(max.is_finite() && max > 0.0) {
        return Scale {
            top: 1.0,
            step: 0.2,
        };
    }
    let raw = max / 8.0;
    // a power of ten times an integer, divided rather than multiplied below 1 so that 0.1 * 7
    // comes out as 0.7
    let exponent = raw.log10().floor() as i32;
    let times_ten_power = |x: f64| {
        if exponent >= 0 {
            x * 10f64.powi(exponent)
        } else {
            x / 10f64.powi(-exponent)
        }
    };
    let factor = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .find(|&f| times_ten_power(f) >= raw)
        .unwrap_or(10.0);
    let step = times_ten_power(factor);
    let ticks = (max / step - 1e-9).ceil().max(1.0);
    Scale {
        top: times_ten_power(ticks * factor),
        step,
    }
}

/// `s` with `&`, `<`, `>` and `"` escaped for SVG text and attributes.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A tick's label: no trailing zeros (`0`, `100`, `0.2`).
fn tick_label(x: f64) -> String {
    let s = format!("{x:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Pixels per character of the problem labels (11 px monospace).
const LABEL_CHAR_PX: f64 = 6.7;

/// The chart as an SVG document; `subtitle` says where the numbers come from (the CSV file or
/// the device of the run). Each bar is a `<rect class="bar">` with a `<title>` tooltip; a
/// series' row without a correct result is a `<text class="failed">` in its slot.
pub fn svg(chart: &Chart, subtitle: &str) -> String {
    let n_series = chart.series.len().max(1);
    let n_problems = chart.labels.len();
    let bar_h = if n_problems * n_series > 40 {
        8.0
    } else {
        14.0
    };
    let gap = f64::max(6.0, bar_h / 2.0);
    let band_h = n_series as f64 * bar_h + gap;
    let longest = chart
        .labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0);
    let label_w = longest as f64 * LABEL_CHAR_PX + 12.0;
    let width = f64::max(960.0, label_w + 720.0).round();
    let x0 = (label_w + 16.0).round();
    let x1 = width - 56.0;
    let plot_w = x1 - x0;
    let legend_top = 72.0;
    let legend_h = 18.0 * chart.series.len() as f64;
    let plot_top = legend_top + legend_h + 28.0;
    let plot_bottom = plot_top + band_h * n_problems as f64;
    let height = plot_bottom + 48.0;
    let max = chart
        .values
        .iter()
        .flatten()
        .filter_map(|v| match v {
            Value::Tflops(t) => Some(*t),
            _ => None,
        })
        .fold(0.0, f64::max);
    let scale = nice_scale(max);
    let x_of = |v: f64| x0 + v / scale.top * plot_w;

    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, Arial, sans-serif\">"
    );
    let _ = writeln!(
        s,
        "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
    let _ = writeln!(
        s,
        "<text x=\"16\" y=\"28\" font-size=\"18\" font-weight=\"bold\">{}</text>",
        escape(&chart.title)
    );
    let _ = writeln!(
        s,
        "<text x=\"16\" y=\"50\" font-size=\"12\" fill=\"#555555\">{}</text>",
        escape(subtitle)
    );
    // legend: a swatch, the name, the note
    for (i, series) in chart.series.iter().enumerate() {
        let y = legend_top + 18.0 * i as f64;
        let _ = writeln!(
            s,
            "<rect class=\"swatch\" x=\"16\" y=\"{:.1}\" width=\"14\" height=\"12\" fill=\"{}\"/>",
            y - 10.0,
            series.colour
        );
        let note = if series.note.is_empty() {
            String::new()
        } else {
            format!(": {}", series.note)
        };
        let _ = writeln!(
            s,
            "<text x=\"38\" y=\"{y:.1}\" font-size=\"13\"><tspan font-weight=\"bold\">{}</tspan>{}</text>",
            escape(&series.name),
            escape(&note)
        );
    }
    // alternate bands shaded, so that a long list reads line by line
    for p in (1..n_problems).step_by(2) {
        let _ = writeln!(
            s,
            "<rect x=\"0\" y=\"{:.1}\" width=\"{width}\" height=\"{band_h:.1}\" fill=\"#f2f4f7\"/>",
            plot_top + band_h * p as f64
        );
    }
    // gridlines and tick labels, above and below the bands
    let ticks = (scale.top / scale.step).round() as usize;
    for t in 0..=ticks {
        let v = scale.step * t as f64;
        let x = x_of(v);
        let (stroke, w) = if t == 0 {
            ("#000000", 1.5)
        } else {
            ("#cccccc", 1.0)
        };
        let _ = writeln!(
            s,
            "<line x1=\"{x:.1}\" y1=\"{plot_top:.1}\" x2=\"{x:.1}\" y2=\"{plot_bottom:.1}\" stroke=\"{stroke}\" stroke-width=\"{w}\"/>"
        );
        for y in [plot_top - 8.0, plot_bottom + 16.0] {
            let _ = writeln!(
                s,
                "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#333333\">{}</text>",
                tick_label(v)
            );
        }
    }
    let _ = writeln!(
        s,
        "<line x1=\"{x0:.1}\" y1=\"{plot_bottom:.1}\" x2=\"{x1:.1}\" y2=\"{plot_bottom:.1}\" stroke=\"#000000\" stroke-width=\"1\"/>"
    );
    let _ = writeln!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\" text-anchor=\"middle\">TFLOP/s</text>",
        (x0 + x1) / 2.0,
        plot_bottom + 36.0
    );
    // the bands: a label, then one slot per series
    for (p, label) in chart.labels.iter().enumerate() {
        let top = plot_top + band_h * p as f64 + gap / 2.0;
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" font-family=\"DejaVu Sans Mono, monospace\" text-anchor=\"end\" dominant-baseline=\"central\">{}</text>",
            x0 - 8.0,
            top + n_series as f64 * bar_h / 2.0,
            escape(label)
        );
        for (i, series) in chart.series.iter().enumerate() {
            let y = top + bar_h * i as f64;
            let text_y = y + bar_h / 2.0;
            match chart.values[p][i] {
                Value::Absent => {}
                Value::Tflops(v) => {
                    let w = (x_of(v) - x0).max(0.5);
                    let _ = writeln!(
                        s,
                        "<rect class=\"bar\" x=\"{x0:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{bar_h:.1}\" fill=\"{}\"><title>{} at {}: {v:.1} TFLOP/s</title></rect>",
                        series.colour,
                        escape(&series.name),
                        escape(label)
                    );
                    let _ = writeln!(
                        s,
                        "<text x=\"{:.1}\" y=\"{text_y:.1}\" font-size=\"{}\" dominant-baseline=\"central\" fill=\"#333333\">{v:.1}</text>",
                        x0 + w + 3.0,
                        if bar_h < 10.0 { 8 } else { 10 }
                    );
                }
                Value::Failed => {
                    let _ = writeln!(
                        s,
                        "<text class=\"failed\" x=\"{:.1}\" y=\"{text_y:.1}\" font-size=\"{}\" dominant-baseline=\"central\" fill=\"#d00000\">{}: no correct result</text>",
                        x0 + 4.0,
                        if bar_h < 10.0 { 8 } else { 10 },
                        escape(&series.name)
                    );
                }
            }
        }
    }
    s.push_str("</svg>\n");
    s
}

/// Parses a raw benchmark CSV ([`parse_raw_csv`], `name` is the file for messages) and draws
/// its chart ([`svg`]) under `subtitle`.
///
/// # Errors
/// [`parse_raw_csv`]'s sentence.
pub fn plot_csv(name: &str, text: &str, subtitle: &str) -> Result<String, String> {
    let rows = parse_raw_csv(name, text)?;
    Ok(svg(&chart(&rows), subtitle))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "impl,kernel,types,layout,M,N,K,median_ms,tflops,max_err_ratio,\
                          checked,mem_roofline,of_best_cublas";

    fn csv(lines: &[&str]) -> String {
        let mut s = format!("{HEADER}\n");
        for l in lines {
            s.push_str(l);
            s.push('\n');
        }
        s
    }

    /// Two problems, cuBLAS and cuBLASLt, two kernels of ours; one row of ours failed.
    fn sample() -> String {
        csv(&[
            "cublas,gemmex,bf16/f32/bf16,tn,16,4096,4096,0.0171,31.339,1.342e-1,ok,0.660,",
            "cublaslt,matmul,bf16/f32/bf16,tn,16,4096,4096,0.0170,31.533,1.342e-1,ok,0.665,",
            "ours,hopper,bf16/f32/bf16,tn,16,4096,4096,0.0213,25.244,4.915e-1,ok,0.532,0.801",
            "ours,coop_128x64x64,bf16/f32/bf16,tn,16,4096,4096,0.0300,17.9,4.9e-1,ok,0.4,0.568",
            "cublas,gemmex,bf16/f32/bf16,tn,4096,4096,4096,0.19,723.5,1e-1,ok,,",
            "cublaslt,matmul,bf16/f32/bf16,tn,4096,4096,4096,0.19,730.0,1e-1,ok,,",
            "ours,hopper,bf16/f32/bf16,tn,4096,4096,4096,0.186,738.9,1e-1,ok,,1.012",
            "ours,coop_128x64x64,bf16/f32/bf16,tn,4096,4096,4096,NaN,NaN,NaN,fails: launch timed out,,",
        ])
    }

    #[test]
    fn parses_the_raw_csv_by_its_header() {
        let rows = parse_raw_csv("s.csv", &sample()).unwrap();
        assert_eq!(rows.len(), 8);
        assert_eq!(rows[2].kernel, "hopper");
        assert_eq!(rows[2].types, "bf16/f32/bf16");
        assert_eq!(rows[2].mnk, (16, 4096, 4096));
        assert_eq!(rows[2].tflops, 25.244);
        assert_eq!(rows[2].of_best_cublas, Some(0.801));
        assert_eq!(rows[0].of_best_cublas, None);
        assert!(rows[0].ok && !rows[7].ok && rows[7].tflops.is_nan());
        // an older CSV: no types, no of_best_cublas, columns in another order
        let old = "impl,kernel,layout,M,N,K,median_ms,tflops,max_rel_err,checked\n\
                   cublas,sgemm,nt,4096,4096,4096,2.6619,51.632,0.000e0,ok\n\
                   ours,sgemm_1,nt,4096,4096,4096,3.7542,36.609,3.409e-7,FAILED\n";
        let rows = parse_raw_csv("old.csv", old).unwrap();
        assert_eq!(rows[1].types, "");
        assert!(!rows[1].ok);
        assert_eq!(rows[1].tflops, 36.609);
    }

    #[test]
    fn bad_csvs_are_one_sentence() {
        let cases: [(&str, &str); 6] = [
            ("", "e.csv is empty: it has no CSV header"),
            (
                "impl,kernel,layout,M,N,K,median_ms\n",
                "e.csv is not a raw CSV of cute bench: its header has no 'tflops' column \
                 (it needs impl,kernel,layout,M,N,K,tflops)",
            ),
            (HEADER, "e.csv has a header but no measurements"),
            (
                &format!("{HEADER}\nours,hopper,bf16/f32/bf16,tn,16,4096\n"),
                "e.csv line 2: 6 fields where the header has 13",
            ),
            (
                &format!("{HEADER}\nours,hopper,b,tn,16,x,4096,0.1,2.0,0,ok,,\n"),
                "e.csv line 2: 'x' in column N is not a positive size",
            ),
            (
                &format!("{HEADER}\nours,hopper,b,tn,16,16,16,0.1,fast,0,ok,,\n"),
                "e.csv line 2: 'fast' in column tflops is not a number",
            ),
        ];
        for (text, why) in cases {
            assert_eq!(parse_raw_csv("e.csv", text), Err(why.to_string()));
            assert_eq!(plot_csv("e.csv", text, ""), Err(why.to_string()));
        }
    }

    #[test]
    fn groups_problems_and_series() {
        let c = chart(&parse_raw_csv("s.csv", &sample()).unwrap());
        assert_eq!(
            c.title,
            "GEMM TFLOP/s per problem (M x N x K), TN, in/acc/out bf16/f32/bf16"
        );
        assert_eq!(c.labels, ["16x4096x4096", "4096x4096x4096"]);
        let names: Vec<&str> = c.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "cuBLAS, the better of cuBLAS and cuBLASLt per problem",
                "hopper",
                "coop_128x64x64"
            ]
        );
        assert_eq!(
            c.values,
            [
                [
                    Value::Tflops(31.533),
                    Value::Tflops(25.244),
                    Value::Tflops(17.9)
                ],
                [Value::Tflops(730.0), Value::Tflops(738.9), Value::Failed],
            ]
        );
        // sqrt(0.801 * 1.012) = 0.900
        assert_eq!(
            c.series[1].note,
            "0.900x the best cuBLAS (geometric mean over 2 problems; worst 0.801x)"
        );
        assert_eq!(
            c.series[2].note,
            "0.568x the best cuBLAS (geometric mean over 1 problems; worst 0.568x)"
        );
        assert_eq!(c.series[0].note, "");
        assert_eq!(c.series[0].colour, CUBLAS_COLOUR);
        assert_eq!(c.series[1].colour, SERIES_COLOURS[0]);
    }

    #[test]
    fn labels_name_layout_and_types_where_they_vary() {
        let text = csv(&[
            "cublas,gemmex,f16/f32/f16,nt,64,64,64,0.01,1.0,0,ok,,",
            "cublas,gemmex,f16/f16/f16,tn,64,64,64,0.01,1.0,0,ok,,",
            "cpp,sgemm_1,f16/f16/f16,tn,64,64,64,0.01,0.5,0,ok,,0.5",
        ]);
        let c = chart(&parse_raw_csv("v.csv", &text).unwrap());
        assert_eq!(
            c.labels,
            ["64x64x64 nt f16/f32/f16", "64x64x64 tn f16/f16/f16"]
        );
        assert_eq!(
            c.title,
            "GEMM TFLOP/s per problem (M x N x K), NT and TN, in/acc/out f16/f32/f16 and f16/f16/f16"
        );
        assert_eq!(c.series[0].name, "cuBLAS");
        assert_eq!(c.series[1].name, "C++ sgemm_1");
        assert_eq!(c.values[0][1], Value::Absent);
    }

    #[test]
    fn scales_end_on_a_round_tick() {
        assert_eq!(
            nice_scale(738.9),
            Scale {
                top: 800.0,
                step: 100.0
            }
        );
        assert_eq!(
            nice_scale(43.864),
            Scale {
                top: 50.0,
                step: 10.0
            }
        );
        assert_eq!(
            nice_scale(10.0),
            Scale {
                top: 10.0,
                step: 2.0
            }
        );
        assert_eq!(
            nice_scale(0.7),
            Scale {
                top: 0.7,
                step: 0.1
            }
        );
        assert_eq!(
            nice_scale(0.75),
            Scale {
                top: 0.8,
                step: 0.1
            }
        );
        assert_eq!(
            nice_scale(0.0),
            Scale {
                top: 1.0,
                step: 0.2
            }
        );
        assert_eq!(
            nice_scale(f64::NAN),
            Scale {
                top: 1.0,
                step: 0.2
            }
        );
        for max in [1.0, 3.3, 57.0, 99.9, 1234.5, 1e-3] {
            let s = nice_scale(max);
            let ticks = s.top / s.step;
            assert!(s.top >= max && (1.0..=8.5).contains(&ticks), "{max}: {s:?}");
        }
        assert_eq!(tick_label(0.0), "0");
        assert_eq!(tick_label(100.0), "100");
        assert_eq!(tick_label(0.2), "0.2");
    }

    #[test]
    fn the_svg_has_a_bar_per_checked_row() {
        let text = sample();
        let svg = plot_csv("s.csv", &text, "from s.csv").unwrap();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""));
        assert!(svg.ends_with("</svg>\n"));
        // 7 checked rows, cuBLAS and cuBLASLt merged per problem: 7 - 2 bars, 1 failure
        assert_eq!(svg.matches("class=\"bar\"").count(), 5);
        assert_eq!(svg.matches("class=\"failed\"").count(), 1);
        assert_eq!(svg.matches("class=\"swatch\"").count(), 3);
        assert!(svg.contains(">coop_128x64x64: no correct result</text>"));
        assert!(svg.contains("<title>hopper at 4096x4096x4096: 738.9 TFLOP/s</title>"));
        assert!(svg.contains(">16x4096x4096</text>"));
        assert!(svg.contains(">from s.csv</text>"));
        assert!(svg.contains(">800</text>") && svg.contains(">TFLOP/s</text>"));
        assert!(svg.contains("<tspan font-weight=\"bold\">hopper</tspan>: 0.900x the best cuBLAS"));
        for colour in [CUBLAS_COLOUR, SERIES_COLOURS[0], SERIES_COLOURS[1]] {
            assert!(svg.contains(&format!("fill=\"{colour}\"")), "{colour}");
        }
        // the longest bar spans the plot: 738.9 of 800
        let max_w = svg
            .match_indices("class=\"bar\"")
            .map(|(i, _)| {
                let w = &svg[i..];
                let w = &w[w.find("width=\"").unwrap() + 7..];
                w[..w.find('"').unwrap()].parse::<f64>().unwrap()
            })
            .fold(0.0, f64::max);
        assert!(max_w > 600.0, "{max_w}");
    }

    #[test]
    fn text_is_escaped() {
        let text = csv(&["ours,a<b&c,f32/f32/f32,nt,8,8,8,0.01,1.0,0,ok,,"]);
        let svg = plot_csv("x.csv", &text, "\"quoted\"").unwrap();
        assert!(svg.contains("a&lt;b&amp;c"));
        assert!(svg.contains("&quot;quoted&quot;"));
        assert!(!svg.contains("a<b"));
    }

    #[test]
    fn thirty_shapes_keep_one_line_each() {
        let mut lines = Vec::new();
        for i in 1..=30 {
            lines.push(format!(
                "cublas,gemmex,bf16/f32/bf16,tn,{i},4096,4096,0.1,{i}.5,0,ok,,"
            ));
            lines.push(format!(
                "ours,hopper,bf16/f32/bf16,tn,{i},4096,4096,0.1,{i}.0,0,ok,,0.9"
            ));
        }
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        let svg = plot_csv("l.csv", &csv(&lines), "").unwrap();
        assert_eq!(svg.matches("class=\"bar\"").count(), 60);
        // labels 8 px bars apart at least: each band is 2 bars of 8 px and a 6 px gap
        let ys: Vec<f64> = (1..=30)
            .map(|i| {
                let at = svg.find(&format!(">{i}x4096x4096</text>")).unwrap();
                let tag = &svg[svg[..at].rfind("<text").unwrap()..at];
                let y = &tag[tag.find(" y=\"").unwrap() + 4..];
                y[..y.find('"').unwrap()].parse().unwrap()
            })
            .collect();
        assert!(ys.windows(2).all(|w| w[1] - w[0] == 22.0), "{ys:?}");
    }
}
