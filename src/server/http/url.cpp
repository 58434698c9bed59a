#include "server/http/url.h"

#include <fmt/core.h>

#include "server/http/message.h"

namespace kirin::server::http {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string percent_decode(std::string_view text, bool plus_is_space) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '+' && plus_is_space) {
      out += ' ';
    } else if (c != '%') {
      out += c;
    } else {
      int high = i + 2 < text.size() ? hex_value(text[i + 1]) : -1;
      int low = high >= 0 ? hex_value(text[i + 2]) : -1;
      if (low < 0)
        throw HttpError(400, "bad_url",
                        fmt::format("bad percent escape at character {} of '{}'", i, text));
      out += static_cast<char>(high * 16 + low);
      i += 2;
    }
  }
  return out;
}

std::vector<std::string_view> path_segments(std::string_view path) {
  std::vector<std::string_view> segments;
  std::size_t start = 0;
  while (start < path.size()) {
    if (path[start] == '/') {
      ++start;
      continue;
    }
    std::size_t end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    segments.push_back(path.substr(start, end - start));
    start = end;
  }
  return segments;
}

std::map<std::string, std::string> parse_query(std::string_view query) {
  std::map<std::string, std::string> out;
  while (!query.empty()) {
    std::size_t amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    if (pair.empty()) continue;
    std::size_t eq = pair.find('=');
    std::string key = percent_decode(pair.substr(0, eq), true);
    out[key] = eq == std::string_view::npos ? "" : percent_decode(pair.substr(eq + 1), true);
  }
  return out;
}

}  // namespace kirin::server::http
