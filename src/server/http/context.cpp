#include "server/http/context.h"

#include "notation/notation_error.h"

namespace kirin::server::http {

std::optional<std::string> default_topic_policy(const std::string& topic,
                                                const std::optional<std::string>&) {
  if (topic == "lobby") return std::nullopt;
  for (const char* prefix : {"game:", "user:", "tournament:"}) {
    std::string p = prefix;
    if (topic.size() > p.size() && topic.compare(0, p.size(), p) == 0) return std::nullopt;
  }
  return "unknown topic " + quoted_input(topic) +
         " (topics: lobby, game:ID, user:NAME, tournament:ID)";
}

}  // namespace kirin::server::http
