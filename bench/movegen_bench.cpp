// Google Benchmark: move generation and make/unmake on Chu positions.
#include <benchmark/benchmark.h>

#include "notation/sfen.h"
#include "rules/catalog.h"
#include "rules/movegen.h"
#include "rules/perft.h"

namespace {

const char* kMiddle =
    "lf1sg1kgscbl/a1bctxehtrfa/mvrhdq4vm/pppDpppdpp1p/7o2p1/8i3/8I3/PP3P5P/1R2P1PPPPP1/"
    "M4Q1DHRVM/AV1NTOXTGB1A/LFCSGKE1SCFL b - 41";

// Generates with `generate` in the position `sfen` (the game's start if empty), counting moves.
void generate_in(benchmark::State& state, const char* sfen,
                 void (*generate)(const kirin::Position&, kirin::MoveList&)) {
  auto v = kirin::builtin_variant("chu");
  kirin::Position pos = kirin::parse_sfen(v, *sfen ? sfen : v->setup.c_str());
  kirin::MoveList list;
  for (auto _ : state) {
    generate(pos, list);
    benchmark::DoNotOptimize(list.size);
  }
  state.SetItemsProcessed(state.iterations() * list.size);
}

void BM_GenerateStart(benchmark::State& state) { generate_in(state, "", kirin::generate_moves); }
BENCHMARK(BM_GenerateStart);

void BM_GenerateMiddle(benchmark::State& state) {
  generate_in(state, kMiddle, kirin::generate_moves);
}
BENCHMARK(BM_GenerateMiddle);

// The search's last stage: the quiet moves alone (most nodes that get there search only a few).
void BM_GenerateQuietsMiddle(benchmark::State& state) {
  generate_in(state, kMiddle, kirin::generate_quiets);
}
BENCHMARK(BM_GenerateQuietsMiddle);

void BM_GenerateCapturesMiddle(benchmark::State& state) {
  generate_in(state, kMiddle, kirin::generate_captures);
}
BENCHMARK(BM_GenerateCapturesMiddle);

void BM_PerftMiddle3(benchmark::State& state) {
  auto v = kirin::builtin_variant("chu");
  kirin::Position pos = kirin::parse_sfen(v, kMiddle);
  uint64_t nodes = 0;
  for (auto _ : state) nodes += kirin::perft(pos, 3, kirin::PerftCount::Positions);
  state.SetItemsProcessed(int64_t(nodes));
}
BENCHMARK(BM_PerftMiddle3)->Unit(benchmark::kMillisecond);

}  // namespace
