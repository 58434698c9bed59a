// Each subcommand registers itself on the top-level app; its callback does the work.
#pragma once

#include <CLI/CLI.hpp>

namespace kirin::cli {

void register_variants(CLI::App& app);    // variants, show-variant
void register_perft(CLI::App& app);       // perft
void register_moves(CLI::App& app);       // moves, play-moves
void register_bench(CLI::App& app);       // bench

}  // namespace kirin::cli
