// Only sgemm_sm80 in this harness build (the other tutorials' units are not compiled).
#include "tutorial_bench.hpp"
void add_sgemm_1_2(std::vector<Variant>&) {}
void add_wgmma_sm90(std::vector<Variant>&) {}
void add_wgmma_tma_sm90(std::vector<Variant>&) {}
