// Moderation: players block and report; moderators read the reports and act (warn, mute, ban,
// close challenges, unrate games, remove lines); admins set roles and read the audit log. The
// roles are checked in the domain (moderation.h), so these handlers only read and write JSON.
#include "server/domain/roles.h"
#include "server/domain/service_error.h"
#include "server/http/api_json.h"
#include "server/http/api_routes.h"

namespace kirin::server::http {

using nlohmann::json;

namespace {

json time_or_null(TimeMs t) { return t ? json(t) : json(nullptr); }

// A positive id in the body, or 0 if absent.
Id optional_id(const json& body, const char* field) {
  auto it = body.find(field);
  if (it == body.end() || it->is_null()) return 0;
  if (!it->is_number_integer() || it->get<int64_t>() <= 0)
    throw HttpError(400, "bad_request", std::string("'") + field + "' must be a positive id");
  return it->get<int64_t>();
}

// The body's reason; "" if absent (the domain refuses an empty one where it is required).
std::string reason_of(const Request& r) {
  if (r.body.empty()) return {};
  return optional_string(require_object(r.json()), "reason").value_or("");
}

json report_json(const Report& rep, Reports& reports) {
  json excerpt = nullptr;
  if (std::optional<Reports::Excerpt> e = reports.excerpt(rep))
    excerpt = {{"text", e->text}, {"removed", e->removed != 0}};
  auto id_or_null = [](Id id) { return id ? json(id) : json(nullptr); };
  return {{"id", rep.id},
          {"by", to_json(rep.by)},
          {"user", to_json(rep.user)},
          {"reason", rep.reason},
          {"text", rep.text},
          {"game", id_or_null(rep.game)},
          {"comment", id_or_null(rep.comment)},
          {"chat", id_or_null(rep.chat)},
          {"message", id_or_null(rep.message)},
          {"excerpt", excerpt},
          {"created", rep.created},
          {"status", rep.open ? "open" : "closed"},
          {"closed_by", to_json(rep.closed_by)},
          {"closed_at", time_or_null(rep.closed_at)},
          {"resolution", rep.open ? json(nullptr) : json(rep.resolution)}};
}

json entry_json(const AuditEntry& e) {
  return {{"id", e.id},
          {"at", e.at},
          {"by", to_json(e.by)},  // null: the shell (kirin admin)
          {"action", e.action},
          {"user", to_json(e.user)},
          {"target", e.target ? json{{"kind", e.target_kind}, {"id", e.target}} : json(nullptr)},
          {"reason", e.reason}};
}

// What a moderator sees of a user's standing.
json sanctions_json(const User& u) {
  return {{"name", u.name},
          {"role", role_name(u.role)},
          {"banned", u.banned != 0},
          {"muted", u.muted_until != 0},
          {"muted_until", u.muted_until && u.muted_until != kMutedForever ? json(u.muted_until)
                                                                          : json(nullptr)}};
}

}  // namespace

void add_moderation_routes(Router& router, const ApiServices& s) {
  // --- Players: blocks and reports ---
  router.add("POST", "/api/users/{name}/block", [s](const Request& r) {
    User me = signed_in(s.accounts, r);
    s.blocks.block(me.id, r.params.at("name"));
    return json_response({{"blocked", true}});
  });
  router.add("DELETE", "/api/users/{name}/block", [s](const Request& r) {
    User me = signed_in(s.accounts, r);
    s.blocks.unblock(me.id, r.params.at("name"));
    return json_response({{"blocked", false}});
  });
  router.add("GET", "/api/me/blocks", [s](const Request& r) {
    User me = signed_in(s.accounts, r);
    json out = json::array();
    for (const Block& b : s.blocks.of(me.id)) out.push_back({{"name", b.user.name}, {"since", b.since}});
    return json_response({{"blocks", out}});
  });
  router.add("POST", "/api/reports", [s](const Request& r) {
    User me = signed_in(s.accounts, r);
    json body = require_object(r.json());
    ReportRequest req;
    req.user = required_string(body, "user");
    req.reason = required_string(body, "reason");
    req.text = optional_string(body, "text").value_or("");
    req.game = optional_id(body, "game");
    req.comment = optional_id(body, "comment");
    req.chat = optional_id(body, "chat");
    req.message = optional_id(body, "message");
    return json_response({{"id", s.reports.file(me.id, req).id}}, 201);
  });

  // --- Moderators ---
  // ?status=open (the default: oldest first, &after=ID pages on) or closed (newest first,
  // &before=ID pages back), &limit=N.
  router.add("GET", "/api/mod/reports", [s](const Request& r) {
    User me = signed_in(s.accounts, r);
    ReportQuery q;
    std::string status = r.query_or("status", "open");
    if (status != "open" && status != "closed")
      throw HttpError(400, "bad_request", "'status' is open or closed");
    q.open = status == "open";
    q.after = query_id(r, "after", "a report id");
    q.before = query_before(r, "report");
    q.limit = query_limit(r);
    json out = json::array();
    for (const Report& rep : s.reports.list(me.id, q)) out.push_back(report_json(rep, s.reports));
    return json_response({{"reports", out}});
  });
  router.add("POST", "/api/mod/reports/{report}/close", [s](const Request& r) {
    User me = signed_in(s.accounts, r);
    json body = require_object(r.json());
    Report rep = s.reports.close(me.id, id_param(r, "report"),
                                 optional_string(body, "resolution").value_or(""));
    return json_response(report_json(rep, s.reports));
  });
  router.add("GET", "/api/mod/users/{name}", [s](const Request& r) {
    User me = signed_in(s.accounts, r);
    Moderation::UserView v = s.moderation.user_view(me.id, r.params.at("name"));
    json j = sanctions_json(v.user);
    j["id"] = v.user.id;
    j["created"] = v.user.created;
    j["last_seen"] = time_or_null(v.user.last_seen);
    j["closed"] = v.user.closed != 0;
    j["games"] = v.games;
    json reports = json::array(), log = json::array();
    for (const Report& rep : v.reports) reports.push_back(report_json(rep, s.reports));
    for (const AuditEntry& e : v.log) log.push_back(entry_json(e));
    j["reports"] = reports;
    j["log"] = log;
    return json_response(j);
  });
  using Action = User (Moderation::*)(Id, std::string_view, std::string_view);
  // (No structured bindings: clang 14 cannot capture them.)
  for (const auto& verb_action : {std::pair<const char*, Action>{"unmute", &Moderation::unmute},
                                  {"ban", &Moderation::ban},
                                  {"unban", &Moderation::unban}}) {
    Action action = verb_action.second;
    router.add("POST", std::string("/api/mod/users/{name}/") + verb_action.first,
               [s, action](const Request& r) {
      User me = signed_in(s.accounts, r);
      return json_response(
          {{"user", sanctions_json((s.moderation.*action)(me.id, r.params.at("name"), reason_of(r)))}});
    });
  }
  router.add("POST", "/api/mod/users/{name}/mute", [s](const Request& r) {
    User me = signed_in(s.accounts, r);
    json body = require_object(r.json());
    int hours = optional_int(body, "hours", 0, Moderation::kMaxMuteHours).value_or(24);
    User u = s.moderation.mute(me.id, r.params.at("name"),
                               optional_string(body, "reason").value_or(""), hours);
    return json_response({{"user", sanctions_json(u)}});
  });
  router.add("POST", "/api/mod/users/{name}/warn", [s](const Request& r) {
    User me = signed_in(s.accounts, r);
    Message m = s.moderation.warn(me.id, r.params.at("name"), reason_of(r));
    return json_response({{"message", m.id}});
  });
  router.add("POST", "/api/mod/users/{name}/close-challenges", [s](const Request& r) {
    User me = signed_in(s.accounts, r);
    return json_response(
        {{"closed", s.moderation.close_challenges(me.id, r.params.at("name"), reason_of(r))}});
  });
  router.add("POST", "/api/mod/users/{name}/unrate-games", [s](const Request& r) {
    User me = signed_in(s.accounts, r);
    return json_response(
        {{"games", s.moderation.unrate_games(me.id, r.params.at("name"), reason_of(r))}});
  });
  for (const auto& path_kind :
       {std::pair<const char*, WrittenLine>{"comments", WrittenLine::Comment},
        {"chat", WrittenLine::Chat},
        {"messages", WrittenLine::Message}}) {
    WrittenLine kind = path_kind.second;
    router.add("POST", std::string("/api/mod/") + path_kind.first + "/{id}/remove",
               [s, kind](const Request& r) {
      User me = signed_in(s.accounts, r);
      s.moderation.remove(me.id, kind, id_param(r, "id"), reason_of(r));
      return json_response({{"removed", true}});
    });
  }

  // --- Admins ---
  router.add("POST", "/api/admin/users/{name}/role", [s](const Request& r) {
    User me = signed_in(s.accounts, r);
    json body = require_object(r.json());
    std::string word = required_string(body, "role");
    std::optional<Role> role = role_of(word);
    if (!role)
      throw ServiceError(ErrorCode::Invalid, "a role is player, moderator or admin, not '" + word + "'",
                         "role");
    User u = s.moderation.set_role(me.id, r.params.at("name"), *role,
                                   optional_string(body, "reason").value_or(""));
    return json_response({{"user", sanctions_json(u)}});
  });
  // ?user=NAME&before=ID&limit=N, newest first.
  router.add("GET", "/api/admin/log", [s](const Request& r) {
    User me = signed_in(s.accounts, r);
    json out = json::array();
    for (const AuditEntry& e : s.moderation.log(me.id, r.query_or("user"),
                                                query_before(r, "log entry"), query_limit(r)))
      out.push_back(entry_json(e));
    return json_response({{"entries", out}});
  });
}

}  // namespace kirin::server::http
