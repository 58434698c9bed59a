// Blocks, reports and the moderators' commands (commands.h), through the same domain calls as
// the API (blocks.h, reports.h, moderation.h):
//   block USER PASSWORD OTHER            unblock USER PASSWORD OTHER
//   report USER PASSWORD OTHER REASON [board=N] [TEXT...]
//   mod USER PASSWORD reports
//   mod USER PASSWORD warn|mute|unmute|ban|unban|close-challenges|unrate-games OTHER
//       [hours=N] REASON...
#include "server/domain/restrictions.h"
#include "server/domain/service_error.h"
#include "server/text/command_common.h"

namespace kirin::server {
namespace {

// The words from `from` on, joined by blanks.
std::string rest(const Words& w, size_t from) {
  std::string out;
  for (size_t i = from; i < w.size(); ++i) out += (out.empty() ? "" : " ") + w[i];
  return out;
}

// Runs f, its ServiceError a CommandError after "VERB: ".
template <class F>
auto service(const std::string& verb, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const ServiceError& e) {
    throw CommandError(verb + ": " + e.what());
  }
}

}  // namespace

std::string CommandInterface::block(const Parsed& p, const CommandContext& ctx, bool on) {
  const Words& w = p.w;
  std::string verb = on ? "block" : "unblock";
  want_words(w, 4, 4, "", verb);
  User me = service(verb, [&] { return check_password(w[1], w[2], ctx); });
  service(verb, [&] {
    if (on)
      moderation_.blocks.block(me.id, w[3]);
    else
      moderation_.blocks.unblock(me.id, w[3]);
  });
  return on ? "You block " + w[3] +
                  ": their challenges, rematches, messages and chat lines no longer reach you.\n"
            : "You no longer block " + w[3] + ".\n";
}

std::string CommandInterface::report(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  want_words(w, 5, kMaxWords, "", "report");
  User me = service("report", [&] { return check_password(w[1], w[2], ctx); });
  ReportRequest r;
  r.user = w[3];
  r.reason = lower(w[4]);
  size_t text_from = 5;
  if (w.size() > 5 && lower(w[5]).starts_with("board=")) {
    r.game = board_number(w[5].substr(6), false);
    text_from = 6;
  }
  r.text = rest(w, text_from);
  Report filed = service("report", [&] { return moderation_.reports.file(me.id, r); });
  return "Report " + std::to_string(filed.id) + " about " + filed.user.name +
         " is filed: a moderator will read it.\n";
}

std::string CommandInterface::mod(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  want_words(w, 4, kMaxWords, "", "mod");
  User me = service("mod", [&] { return check_password(w[1], w[2], ctx); });
  std::string action = lower(w[3]);
  Moderation& m = moderation_.moderation;
  if (action == "reports") {
    if (w.size() > 4) bad_usage("", "mod", "mod reports: too many words");
    ReportQuery q;
    q.open = true;
    std::vector<Report> open = service("mod", [&] { return moderation_.reports.list(me.id, q); });
    if (open.empty()) return "No open reports.\n";
    std::string out = "Open reports, oldest first:\n";
    for (const Report& r : open) {
      out += "#" + std::to_string(r.id) + " " + utc_time_text(r.created) + " " + r.by.name +
             " reports " + r.user.name + " for " + r.reason;
      if (r.game) out += " (board " + std::to_string(r.game) + ")";
      if (r.comment) out += " (comment " + std::to_string(r.comment) + ")";
      if (r.chat) out += " (chat line " + std::to_string(r.chat) + ")";
      if (r.message) out += " (message " + std::to_string(r.message) + ")";
      out += r.text.empty() ? "\n" : ": " + quoted(r.text) + "\n";
    }
    return out;
  }
  if (w.size() < 5) bad_usage("", "mod", "mod " + action + ": name the player");
  const std::string& other = w[4];
  size_t reason_from = 5;
  int hours = 24;
  if (action == "mute" && w.size() > 5 && lower(w[5]).starts_with("hours=")) {
    std::string n = w[5].substr(6);
    if (n.empty() || n.size() > 5 || n.find_first_not_of("0123456789") != std::string::npos)
      bad_usage("", "mod", "mod mute: hours=N takes a whole number of hours (0: until unmuted)");
    hours = std::stoi(n);
    reason_from = 6;
  }
  std::string reason = rest(w, reason_from);
  return service("mod " + action, [&]() -> std::string {
    if (action == "warn") {
      m.warn(me.id, other, reason);
      return other + " is warned: the warning is in their inbox.\n";
    }
    if (action == "mute") {
      User u = m.mute(me.id, other, reason, hours);
      return other + " is muted " +
             (u.muted_until == kMutedForever ? std::string("until unmuted")
                                             : "until " + utc_time_text(u.muted_until)) +
             ".\n";
    }
    if (action == "unmute") return (m.unmute(me.id, other, reason), other + " is no longer muted.\n");
    if (action == "ban") return (m.ban(me.id, other, reason), other + " is banned.\n");
    if (action == "unban") return (m.unban(me.id, other, reason), other + " is no longer banned.\n");
    if (action == "close-challenges") {
      int n = m.close_challenges(me.id, other, reason);
      return std::to_string(n) + " open challenge" + (n == 1 ? "" : "s") + " of " + other +
             " closed.\n";
    }
    if (action == "unrate-games") {
      int n = m.unrate_games(me.id, other, reason);
      return std::to_string(n) + " rated game" + (n == 1 ? "" : "s") + " of " + other +
             " now unrated; the ratings are recomputed.\n";
    }
    bad_usage("", "mod", "unknown action " + quoted(w[3]));
  });
}

}  // namespace kirin::server
