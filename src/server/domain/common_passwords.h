// The commonest passwords, which every guesser tries first: data/common-passwords.txt (its
// header says where the list comes from), embedded in the binary at build time.
#pragma once

#include <cstddef>
#include <string_view>

namespace kirin::server {

// Whether `password` is on the list, ignoring ASCII letter case.
bool is_common_password(std::string_view password);
std::size_t common_password_count();

}  // namespace kirin::server
