// Reference output of C++ CUTLASS for the 8-bit float types (cute-core/src/numeric/
// numeric_types.rs: FloatE4M3 = float_e4m3_t, FloatE5M2 = float_e5m2_t): the host (software)
// conversions from float, which round to nearest even and saturate to the largest finite value,
// and back to float. Regenerate with:
//   /work/shared/tools/cute-cpp tests/cpp/float8.cpp > tests/cpp/float8.expected
// Cases:
//   "@@ from_float": one line per input, "<float bits> <e4m3 bits> <e5m2 bits>" in hex. The
//     inputs: specials (zeros, infinities, NaNs, the largest and smallest floats), powers of
//     two, and around every finite value v of either type (positive and negative): v, the
//     floats just below and above v, the midpoint m between v and the next value away from
//     zero (past the largest value: v plus the last step), and the floats just below and
//     above m.
//   "@@ to_float": for every bit pattern, "<bits> <float bits of e4m3> <float bits of e5m2>".
//   "@@ print": CuTe's print(x) of a few values.
#include <cute/tensor.hpp>
#include <cute/numeric/numeric_types.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <set>
using namespace cute;

static uint32_t bits_of(float x) {
  uint32_t b;
  std::memcpy(&b, &x, 4);
  return b;
}
static float float_of(uint32_t b) {
  float x;
  std::memcpy(&x, &b, 4);
  return x;
}

template <class T>
static void around_values(std::set<uint32_t>& in) {
  for (int p = 0; p < 0x80; ++p) {
    float v = float(T::bitcast(uint8_t(p)));
    if (!std::isfinite(v)) continue;
    float next = float(T::bitcast(uint8_t(p + 1)));
    if (p + 1 >= 0x80 || !std::isfinite(next)) {
      float prev = float(T::bitcast(uint8_t(p - 1)));
      next = v + (v - prev);
    }
    float m = (v + next) / 2;
    for (float x : {v, std::nextafter(v, -INFINITY), std::nextafter(v, INFINITY), m,
                    std::nextafter(m, -INFINITY), std::nextafter(m, INFINITY)}) {
      in.insert(bits_of(x));
      in.insert(bits_of(-x));
    }
  }
}

int main() {
  std::set<uint32_t> in = {
      0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
      0x7f800001u, 0xff800001u, 0x7fffffffu, 0x7f7fffffu, 0xff7fffffu, 0x00000001u,
      0x80000001u, 0x007fffffu, 0x00800000u, 0x80800000u,
  };
  for (int e = -40; e <= 40; ++e) {
    in.insert(bits_of(std::ldexp(1.0f, e)));
    in.insert(bits_of(-std::ldexp(1.0f, e)));
    in.insert(bits_of(std::ldexp(1.75f, e)));
  }
  for (float x : {1e10f, -1e10f, 1e30f, 0.1f, 1.0f / 3.0f, -2.5f, 3.14159265f, 1000.0f,
                  60000.0f, 65535.0f, 70000.0f}) {
    in.insert(bits_of(x));
  }
  around_values<float_e4m3_t>(in);
  around_values<float_e5m2_t>(in);

  printf("@@ from_float\n");
  for (uint32_t b : in) {
    float x = float_of(b);
    printf("%08x %02x %02x\n", b, float_e4m3_t(x).raw(), float_e5m2_t(x).raw());
  }
  printf("@@ to_float\n");
  for (int p = 0; p < 0x100; ++p) {
    printf("%02x %08x %08x\n", p, bits_of(float(float_e4m3_t::bitcast(uint8_t(p)))),
           bits_of(float(float_e5m2_t::bitcast(uint8_t(p)))));
  }
  printf("@@ print\n");
  print(float_e4m3_t(1.5f)); print("\n");
  print(float_e4m3_t(-0.001953125f)); print("\n");
  print(float_e4m3_t(1000.0f)); print("\n");
  print(float_e4m3_t::bitcast(0x7f)); print("\n");
  print(float_e5m2_t(3.0f)); print("\n");
  print(float_e5m2_t(-1.0e6f)); print("\n");
  print(float_e5m2_t::bitcast(0x7c)); print("\n");
  print(float_e5m2_t::bitcast(0xfc)); print("\n");
  print(float_e5m2_t::bitcast(0x7e)); print("\n");
  return 0;
}
