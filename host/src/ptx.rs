//! The PTX of `cute-kernels`, built by `build.rs` and embedded in the binary.
//!
//! One module per architecture family: `sm_80` holds the kernels that run on Ampere and
//! later (the driver compiles that PTX for Hopper too), `sm_90a` the kernels that need Hopper.

/// One embedded PTX module.
#[derive(Debug, Clone, Copy)]
pub struct Ptx {
    /// The architecture it was built for, as `nvcc -arch` spells it: `sm_80`, `sm_90a`.
    pub arch: &'static str,
    /// The PTX text; empty when the host was built without PTX (see [`MISSING`]).
    pub text: &'static str,
}

impl Ptx {
    /// Whether this module has the kernel `name`.
    pub fn has_kernel(&self, name: &str) -> bool {
        self.text.contains(&format!(".entry {name}("))
    }
}

/// Every embedded module, oldest architecture first.
pub const ALL: [Ptx; 2] = [
    Ptx {
        arch: "sm_80",
        text: include_str!(concat!(env!("OUT_DIR"), "/sm_80.ptx")),
    },
    Ptx {
        arch: "sm_90a",
        text: include_str!(concat!(env!("OUT_DIR"), "/sm_90a.ptx")),
    },
];

/// Why this binary has no PTX, in one sentence (e.g. the toolchain lacks `rust-src` and rustup
/// could not add it); `None` when the PTX was built.
pub const MISSING: Option<&str> = match env!("CUTE_PTX_MISSING").as_bytes() {
    [] => None,
    _ => Some(env!("CUTE_PTX_MISSING")),
};

/// The PTX built for `arch`, if the build embedded it.
pub fn for_arch(arch: &str) -> Option<&'static str> {
    ALL.iter()
        .find(|p| p.arch == arch && !p.text.is_empty())
        .map(|p| p.text)
}

/// The architectures whose modules a device of compute capability `major.minor` loads, newest
/// first: Hopper (9.0) runs `sm_90a` and `sm_80` PTX, any other 8.x or later device `sm_80`.
pub fn archs_for(major: i32, minor: i32) -> &'static [&'static str] {
    match (major, minor) {
        (9, 0) => &["sm_90a", "sm_80"],
        (m, _) if m >= 8 => &["sm_80"],
        _ => &[],
    }
}
