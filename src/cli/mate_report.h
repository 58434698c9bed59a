// What `kirin mate` and `kirin analyze --mate` share: the solver's progress on stderr.
#pragma once

#include "engine/mate_search.h"

namespace kirin::cli {

// One line on stderr (the answer goes to stdout): nodes, time, table use, root numbers.
void print_mate_progress(const MateProgress& p);

}  // namespace kirin::cli
