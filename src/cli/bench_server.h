// kirin bench server: a load generator for the game server (docs/BENCHMARKS.md, issue 5).
#pragma once

#include <CLI/CLI.hpp>

namespace kirin::cli {

// Adds `server` under the `bench` subcommand.
void register_bench_server(CLI::App& bench);

}  // namespace kirin::cli
