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
  TooManyRequests,  // slowed down: too many wrong passwords lately (retry_after_s says when)
  Busy,             // the server cannot take it now (its password checks are all taken)
};

// "not_found", "forbidden", "invalid", "conflict", "unauthorized", "too_many_requests",
// "busy".
inline const char* code_name(ErrorCode c) {
  switch (c) {
    case ErrorCode::NotFound: return "not_found";
    case ErrorCode::Forbidden: return "forbidden";
    case ErrorCode::Invalid: return "invalid";
    case ErrorCode::Conflict: return "conflict";
    case ErrorCode::Unauthorized: return "unauthorized";
    case ErrorCode::TooManyRequests: return "too_many_requests";
    case ErrorCode::Busy: return "busy";
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
  // For TooManyRequests and Busy: the seconds to wait before trying again; 0 if not said.
  long retry_after_s() const { return retry_after_s_; }
  ServiceError& retry_after(long seconds) {
    retry_after_s_ = seconds;
    return *this;
  }

 private:
  ErrorCode code_;
  std::string field_;
  long offset_;
  long retry_after_s_ = 0;
};

}  // namespace kirin::server
