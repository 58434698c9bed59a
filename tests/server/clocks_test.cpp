#include "server/domain/clocks.h"

#include <gtest/gtest.h>

#include "server/domain/service_error.h"

namespace kirin::server {
namespace {

TEST(Clocks, BadTimeControlsAreInvalidRequests) {
  for (const char* text : {"ten minutes", "0 days", "movetime 5", "nodes 1000"}) {
    try {
      read_time_control(text);
      ADD_FAILURE() << text;
    } catch (const ServiceError& e) {
      EXPECT_EQ(e.code(), ErrorCode::Invalid);
      EXPECT_EQ(e.field(), "time_control");
      EXPECT_TRUE(std::string(e.what()).starts_with("time control: ")) << e.what();
    }
  }
  EXPECT_EQ(read_time_control("600 byoyomi 30"), parse_time_control("600 byoyomi 30"));
}

}  // namespace
}  // namespace kirin::server
