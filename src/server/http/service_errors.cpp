#include "server/http/service_errors.h"

#include "notation/notation_error.h"
#include "server/domain/service_error.h"
#include "server/domain/storage.h"
#include "server/http/analysis.h"
#include "server/http/log.h"

namespace kirin::server::http {

namespace {

unsigned status_of(ErrorCode code) {
  switch (code) {
    case ErrorCode::NotFound:
      return 404;
    case ErrorCode::Forbidden:
      return 403;
    case ErrorCode::Invalid:
      return 422;
    case ErrorCode::Conflict:
      return 409;
    case ErrorCode::Unauthorized:
      return 401;
    case ErrorCode::TooManyRequests:
      return 429;
    case ErrorCode::Busy:
      return 503;
  }
  return 422;
}

Response detailed(unsigned status, const char* code, const std::string& message,
                  const std::string& field, long offset, long retry_after_s = 0) {
  nlohmann::json body = error_body(code, message);
  if (!field.empty()) body["error"]["field"] = field;
  if (offset >= 0) body["error"]["offset"] = offset;
  if (retry_after_s > 0) body["error"]["retry_after"] = retry_after_s;
  Response r = json_response(body, status);
  if (retry_after_s > 0) r.headers.emplace_back("Retry-After", std::to_string(retry_after_s));
  return r;
}

}  // namespace

std::optional<Response> map_service_error(const std::exception& e) {
  if (auto* s = dynamic_cast<const ServiceError*>(&e))
    return detailed(status_of(s->code()), code_name(s->code()), s->what(), s->field(), s->offset(),
                    s->retry_after_s());
  if (auto* n = dynamic_cast<const NotationError*>(&e))
    return detailed(422, "invalid", n->what(), n->field(), n->offset());
  if (auto* a = dynamic_cast<const AnalysisError*>(&e)) {  // a position read as for analysis
    const unsigned status = a->code() == "bad_request" ? 400 : a->code() == "not_found" ? 404 : 422;
    return detailed(status, a->code().c_str(), a->what(), a->field(), a->offset());
  }
  if (dynamic_cast<const StoreError*>(&e)) {
    log("error: store: {}", e.what());
    return error_response(503, "store_unavailable", "the game store failed; try again later");
  }
  return std::nullopt;
}

}  // namespace kirin::server::http
