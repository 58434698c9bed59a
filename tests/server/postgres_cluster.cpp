// The one file of the server tests that knows where the source tree is (KIRIN_SOURCE_DIR, set by
// CMake for this file only, so that the other objects are the same in every clone).
#include "postgres_cluster.h"

namespace kirin::server::testing {

std::string pg_cluster_script() { return KIRIN_SOURCE_DIR "/scripts/pg-test-cluster.sh"; }

}  // namespace kirin::server::testing
