#!/usr/bin/env bash
# Packs what the C++ CuTe tutorial harness needs from nvidia-cutlass==4.2.0.0 (the CuTe and
# CUTLASS headers, tools/util/include, examples/cute/tutorial) into one tarball to carry to the
# GPU machine:  benches/cutlass_tgz.sh OUT.tgz
set -euo pipefail
src=$(../shared/tools/cute-cpp --env | sed -n 's/^CUTLASS_SOURCE=//p')
[ -d "$src/include/cute" ] || { echo "no CUTLASS sources at '$src'" >&2; exit 1; }
tar czf "$1" -C "$src" include tools/util/include examples/cute/tutorial
