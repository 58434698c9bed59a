#include "cli/mate_report.h"

#include <fmt/core.h>

#include <cstdio>

namespace kirin::cli {

void print_mate_progress(const MateProgress& p) {
  fmt::print(stderr,
             "solving: nodes {} time {} ms hashfull {} collections {} proof {} disproof {}\n",
             p.nodes, p.time_ms, p.hashfull, p.collections, p.root_pn, p.root_dn);
  std::fflush(stderr);
}

}  // namespace kirin::cli
