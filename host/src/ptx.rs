//! The PTX of `cute-kernels`, built by `build.rs` and embedded in the binary.

/// The PTX for one architecture.
#[derive(Debug, Clone, Copy)]
pub struct Ptx {
    /// The architecture, as `nvcc -arch` spells it: `sm_80`, `sm_90a`.
    pub arch: &'static str,
    /// The PTX text; empty when the host was built with `CUTE_SKIP_PTX=1`.
    pub text: &'static str,
}

/// Every embedded architecture, oldest first.
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

/// The PTX built for `arch`, if the build embedded it.
pub fn for_arch(arch: &str) -> Option<&'static str> {
    ALL.iter()
        .find(|p| p.arch == arch && !p.text.is_empty())
        .map(|p| p.text)
}
