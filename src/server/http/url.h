// Request targets: splitting "/a/b?x=1" and percent-decoding; a bad escape is a 400.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace kirin::server::http {

// "%41b+c" -> "Ab c" (plus as space only in queries); throws HttpError 400 bad_url.
std::string percent_decode(std::string_view text, bool plus_is_space);

// "/api/games/7" -> {"api", "games", "7"} (raw, not decoded; an empty path gives {}).
std::vector<std::string_view> path_segments(std::string_view path);

// "user=ann&x" -> {"user": "ann", "x": ""}, decoded.
std::map<std::string, std::string> parse_query(std::string_view query);

}  // namespace kirin::server::http
