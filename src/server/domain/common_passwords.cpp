#include "server/domain/common_passwords.h"

#include <string>
#include <unordered_set>

#include "rules/catalog.h"

namespace kirin {
extern const EmbeddedFile kEmbeddedCommonPasswords[];
extern const size_t kEmbeddedCommonPasswordsCount;
}  // namespace kirin

namespace kirin::server {
namespace {

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

const std::unordered_set<std::string>& common_passwords() {
  static const std::unordered_set<std::string> set = [] {
    std::unordered_set<std::string> out;
    for (size_t f = 0; f < kEmbeddedCommonPasswordsCount; ++f) {
      std::string_view text = kEmbeddedCommonPasswords[f].text;
      while (!text.empty()) {
        size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (!line.empty() && line.front() != '#') out.insert(ascii_lower(line));
      }
    }
    return out;
  }();
  return set;
}

}  // namespace

bool is_common_password(std::string_view password) {
  return common_passwords().contains(ascii_lower(password));
}

std::size_t common_password_count() { return common_passwords().size(); }

}  // namespace kirin::server
