// The commands of accounts: signup and set (commands.h).
#include "server/text/command_common.h"

#include "notation/board_styles.h"
#include "server/domain/service_error.h"

namespace kirin::server {

User CommandInterface::check_password(const std::string& name, const std::string& password,
                                      const CommandContext& ctx) {
  return accounts_.check_password(name, password,
                                  ctx.client.empty() ? ctx.sender_email : ctx.client);
}

User CommandInterface::board_player(const Parsed& p, const std::string& where,
                                    const CommandContext& ctx) {
  try {
    return check_password(p.w[3], p.w[4], ctx);
  } catch (const ServiceError& e) {
    throw CommandError(where + e.what());
  }
}

std::string CommandInterface::signup(const Parsed& p, size_t first, const CommandContext& ctx) {
  const Words& w = p.w;
  std::string game = first == 1 ? "" : p.game_word + " ";
  if (w.size() < first + 2 || w.size() > first + 3)
    throw CommandError("signup: write '" + game + "signup USER PASSWORD EMAIL'");
  std::string email = w[first + 2];
  if (email.empty()) {
    if (ctx.sender_email.empty())
      throw CommandError("signup: the e-mail address is missing: write '" + game +
                         "signup USER PASSWORD EMAIL'");
    email = ctx.sender_email;
  }
  if (!ctx.sender_email.empty() && !iequals(email, ctx.sender_email))
    throw CommandError("signup: the e-mail address must be the one you send from (" +
                       ctx.sender_email + ")");  // not quoted: it may be the password, misplaced
  User u;
  try {
    u = accounts_.sign_up(w[first], email, w[first + 1]);
  } catch (const ServiceError& e) {
    throw CommandError("signup: " + std::string(e.what()));
  }
  return "Welcome, " + u.name + ": your account is ready (e-mail " + u.email +
         ").\nStart a game with '" + (first == 1 ? "chushogi" : p.game_word) + " challenge " +
         u.name + " OPPONENT'; send 'help' for every command.\n";
}

std::string CommandInterface::set(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  want_words(w, 4, 6, p.game_word, "set");
  User u;
  try {
    u = check_password(w[2], w[3], ctx);
  } catch (const ServiceError& e) {
    throw CommandError("set: " + std::string(e.what()));
  }
  Preferences prefs = accounts_.preferences(u.id);
  for (size_t i = 4; i < w.size(); ++i) {
    std::string o = lower(w[i]);
    if (o == "flip") {
      prefs.flip = true;
    } else if (o == "noflip") {
      prefs.flip = false;
    } else if (parse_board_style(o)) {
      prefs.board_style = o;
    } else {
      throw CommandError("set: unknown setting " + quoted(w[i]) +
                         ": the settings are flip, noflip, standard, alternate and small");
    }
  }
  if (w.size() > 4) accounts_.set_preferences(u.id, prefs);
  return "Settings of " + u.name + ": " + prefs.board_style + " board, " +
         (prefs.flip ? "flip (turned so that your pieces are at the bottom when you play White)"
                     : "noflip (Black always at the bottom)") +
         ".\n";
}

}  // namespace kirin::server
