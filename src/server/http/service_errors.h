// The service's errors as HTTP answers: not_found 404, unauthorized 401, forbidden 403,
// invalid 422 (the request was well-formed JSON but its content is wrong: an illegal move, a
// bad option), conflict 409 (the game moved on: stale ply, game over). The error JSON also
// names the field at fault and the character offset in it when the service knows them.
// too_many_requests 429 (wrong passwords: the name or the client must wait) and busy 503 (the
// password checks are all taken) say when to try again: a Retry-After header and
// "retry_after" in the error, in seconds. A failing store is a 503, logged, with no detail
// for the client.
#pragma once

#include <exception>
#include <optional>

#include "server/http/message.h"

namespace kirin::server::http {

std::optional<Response> map_service_error(const std::exception& e);

}  // namespace kirin::server::http
