// Reference output of C++ CuTe's print_layout for host/tests/cli.rs (cute layout).
// Regenerate with:  /work/shared/tools/cute-cpp print_layout.cpp > print_layout.expected
// Each case starts with a line "@@ <cute expression>"; C++ prints the rest.
// C++ print_layout takes only rank-2 layouts: for a rank-1 layout L the case prints
// print_layout(make_layout(L, Layout<_1,_0>{})), whose first line `cute layout` replaces by L.
#include <cute/tensor.hpp>
using namespace cute;

template <class L>
void show(const char* expr, L const& l) {
  printf("@@ %s\n", expr);
  print_layout(l);
}

int main() {
  show("(_4,_8):(_8,_1)", make_layout(make_shape(_4{}, _8{}), make_stride(_8{}, _1{})));
  show("(4,8):(1,4)", make_layout(make_shape(4, 8), make_stride(1, 4)));
  show("(_2,_3):(_3,_1)", make_layout(make_shape(_2{}, _3{}), make_stride(_3{}, _1{})));
  show("blocked_product((_2,_2):(_1,_2), (_3,_2):(_1,_3))",
       blocked_product(make_layout(make_shape(_2{}, _2{}), make_stride(_1{}, _2{})),
                       make_layout(make_shape(_3{}, _2{}), make_stride(_1{}, _3{}))));
  show("raked_product((_2,_2):(_1,_2), (_3,_2):(_1,_3))",
       raked_product(make_layout(make_shape(_2{}, _2{}), make_stride(_1{}, _2{})),
                     make_layout(make_shape(_3{}, _2{}), make_stride(_1{}, _3{}))));
  show("(10,12):(12,1)", make_layout(make_shape(10, 12), make_stride(12, 1)));
  show("((2,2),(2,3)):((1,12),(2,4))",
       make_layout(make_shape(make_shape(2, 2), make_shape(2, 3)), make_stride(make_shape(1, 12), make_shape(2, 4))));
  show("(2,2):(1,-2)", make_layout(make_shape(2, 2), make_stride(1, -2)));
  show("(3,4):(0,1)", make_layout(make_shape(3, 4), make_stride(0, 1)));
  show("(_16,_2):(_64,_1000)", make_layout(make_shape(_16{}, _2{}), make_stride(_64{}, Int<1000>{})));
  show("8:2", make_layout(make_layout(8, 2), Layout<_1, _0>{}));
  show("(_3):(_5)", make_layout(make_layout(make_shape(_3{}), make_stride(_5{})), Layout<_1, _0>{}));
}
