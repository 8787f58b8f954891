//! The `cute` command-line tool; see `cute help` and [`cute_host::cli`].

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let code = cute_host::cli::run(&args, &mut stdin.lock(), &mut out, &mut stderr.lock());
    drop(out);
    std::process::exit(code);
}
