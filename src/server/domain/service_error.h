// The one error type of the service layer. Transports map `code` to their own (HTTP status,
// a mail reply); the message is for people and names what was wrong. An operation that
// throws ServiceError has changed nothing.
#pragma once

#include <stdexcept>
#include <string>

namespace kirin::server {

enum class ErrorCode {
  NotFound,      // no such user, game or challenge
  Forbidden,     // signed in, but not allowed: not your game, not your turn
  Invalid,       // bad input: malformed name, illegal move, unknown option
  Conflict,      // the state moved on: stale ply, game over, challenge already taken
  Unauthorized,  // not signed in: wrong password, unknown or expired session
};

// "not_found", "forbidden", "invalid", "conflict", "unauthorized".
inline const char* code_name(ErrorCode c) {
  switch (c) {
    case ErrorCode::NotFound: return "not_found";
    case ErrorCode::Forbidden: return "forbidden";
    case ErrorCode::Invalid: return "invalid";
    case ErrorCode::Conflict: return "conflict";
    case ErrorCode::Unauthorized: return "unauthorized";
  }
  return "invalid";
}

class ServiceError : public std::runtime_error {
 public:
  // `field` names the input at fault ("name", "password", "option drops", "move"), if any;
  // `offset` is a character offset in it, -1 if none.
  ServiceError(ErrorCode code, const std::string& message, std::string field = {},
               long offset = -1)
      : std::runtime_error(message), code_(code), field_(std::move(field)), offset_(offset) {}
  ErrorCode code() const { return code_; }
  const std::string& field() const { return field_; }
  long offset() const { return offset_; }

 private:
  ErrorCode code_;
  std::string field_;
  long offset_;
};

}  // namespace kirin::server
