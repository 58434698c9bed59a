// Google Benchmark: move generation and make/unmake on Chu positions of src/bench/positions.tsv.
#include <benchmark/benchmark.h>

#include "bench/positions.h"
#include "rules/movegen.h"
#include "rules/perft.h"

namespace {

// The middle game measured (72 moves).
constexpr const char* kMiddle = "middle-3";

// Generates with `generate` in the bench position `label`, counting moves.
void generate_in(benchmark::State& state, const char* label,
                 void (*generate)(const kirin::Position&, kirin::MoveList&)) {
  const kirin::Position& pos = kirin::bench::bench_position(label).position;
  kirin::MoveList list;
  for (auto _ : state) {
    generate(pos, list);
    benchmark::DoNotOptimize(list.size);
  }
  state.SetItemsProcessed(state.iterations() * list.size);
}

void BM_GenerateStart(benchmark::State& state) {
  generate_in(state, "start", kirin::generate_moves);
}
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
  kirin::Position pos = kirin::bench::bench_position(kMiddle).position;
  uint64_t nodes = 0;
  for (auto _ : state) nodes += kirin::perft(pos, 3, kirin::PerftCount::Positions);
  state.SetItemsProcessed(int64_t(nodes));
}
BENCHMARK(BM_PerftMiddle3)->Unit(benchmark::kMillisecond);

}  // namespace
