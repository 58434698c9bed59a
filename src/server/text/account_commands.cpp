// The commands of accounts: signup (and add), set, change password, change address, signoff
// and delete (commands.h).
#include "notation/board_styles.h"
#include "server/domain/account_closing.h"
#include "server/domain/service_error.h"
#include "server/text/command_common.h"

namespace kirin::server {

User CommandInterface::check_password(const std::string& name, const std::string& password,
                                      const CommandContext& ctx) {
  return accounts_.check_password(name, password, ctx.counted_client());
}

namespace {

// The e-mail address a command sets: `written`, or if none the mail's sender. By mail it must
// be the sender's, so that a stolen password does not let a mail from elsewhere take over the
// account's mail (the address notices and password-carrying replies go to). Not quoted in the
// errors: a misplaced password may stand there.
std::string sender_address(const std::string& written, const std::string& verb,
                           const CommandContext& ctx) {
  std::string email = written;
  if (email.empty()) {
    if (ctx.sender_email.empty())
      throw CommandError(verb + ": the e-mail address is missing: write '" + usage("", verb) +
                         "'");
    email = ctx.sender_email;
  }
  if (!ctx.sender_email.empty() && !iequals(email, ctx.sender_email))
    throw CommandError(verb + ": the e-mail address must be the one you send from (" +
                       ctx.sender_email + ")");
  return email;
}

}  // namespace

User CommandInterface::password_user(const Parsed& p, const CommandContext& ctx) {
  try {
    return check_password(p.w[2], p.w[3], ctx);
  } catch (const ServiceError& e) {
    throw CommandError(p.verb + ": " + e.what());
  }
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
  std::string verb = lower(w[first - 1]);  // signup, or add (its synonym)
  if (w.size() < first + 2 || w.size() > first + 3)
    throw CommandError(verb + ": write '" + game + verb + " USER PASSWORD EMAIL'");
  std::string email = sender_address(w[first + 2], verb, ctx);
  User u;
  try {
    u = accounts_.sign_up(w[first], email, w[first + 1], ctx.counted_client());
  } catch (const ServiceError& e) {
    std::string hint;
    if (verb == "add" && e.code() == ErrorCode::Conflict)
      hint = " (add opens an account, as signup does; to change your account's address, write "
             "'" + usage("", "change address") + "')";
    throw CommandError(verb + ": " + std::string(e.what()) + hint);
  }
  return "Welcome, " + u.name + ": your account is ready (e-mail " + u.email +
         ").\nStart a game with '" + (first == 1 ? "chushogi" : p.game_word) + " challenge " +
         u.name + " OPPONENT'; send 'help' for every command.\n";
}

std::string CommandInterface::set(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  want_words(w, 4, 7, p.game_word, "set");
  User u;
  try {
    u = check_password(w[2], w[3], ctx);
  } catch (const ServiceError& e) {
    throw CommandError("set: " + std::string(e.what()));
  }
  Preferences prefs = accounts_.preferences(u.id);
  bool profile_named = false;
  for (size_t i = 4; i < w.size(); ++i) {
    std::string o = lower(w[i]);
    if (o.starts_with("profile=")) {  // the GAME word's game: a profile belongs to one game
      try {
        Accounts::set_default_profile(prefs, p.game->id, o.substr(8));
      } catch (const ServiceError& e) {
        throw CommandError("set: " + std::string(e.what()));
      }
      profile_named = true;
    } else if (o == "flip") {
      prefs.flip = true;
    } else if (o == "noflip") {
      prefs.flip = false;
    } else if (parse_board_style(o)) {
      prefs.board_style = o;
    } else {
      throw CommandError("set: unknown setting " + quoted(w[i]) +
                         ": the settings are flip, noflip, standard, alternate, small and "
                         "profile=NAME");
    }
  }
  if (w.size() > 4) accounts_.set_preferences(u.id, prefs);
  std::string out = "Settings of " + u.name + ": " + prefs.board_style + " board, " +
                    (prefs.flip ? "flip (turned so that your pieces are at the bottom when you "
                                  "play White)"
                                : "noflip (Black always at the bottom)") +
                    ".\n";
  const Variant& game = *p.game;
  if (auto it = prefs.profiles.find(game.id); it != prefs.profiles.end())
    out += "Your " + game.name + " challenges are played under profile " + it->second +
           " unless they name another (-profile=NAME).\n";
  else if (profile_named)
    out += "Your " + game.name + " challenges are played under the game's default rules" +
           (game.default_profile.empty() ? "" : " (profile " + game.default_profile + ")") +
           ".\n";
  return out;
}

std::string CommandInterface::change(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  std::string what = lower(w[1]);
  if (what == "password") {
    want_words(w, 5, 5, "", "change password");
    try {
      User u = accounts_.change_password(w[2], w[3], w[4],
                                         ctx.client.empty() ? ctx.sender_email : ctx.client);
      return "The password of " + u.name +
             " is changed. Every session signed in with the old one is ended.\n";
    } catch (const ServiceError& e) {
      throw CommandError("change password: " + std::string(e.what()));
    }
  }
  if (what == "address") {
    want_words(w, 4, 5, "", "change address");
    std::string email = sender_address(w[4], "change address", ctx);
    try {
      User u = accounts_.change_email(w[2], w[3], email,
                                      ctx.client.empty() ? ctx.sender_email : ctx.client);
      return "The e-mail address of " + u.name + " is now " + u.email + ".\n";
    } catch (const ServiceError& e) {
      throw CommandError("change address: " + std::string(e.what()));
    }
  }
  throw CommandError("change: write '" + usage("", "change password") + "' or '" +
                     usage("", "change address") + "'");
}

std::string CommandInterface::close_account(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  std::string verb = lower(w[0]);
  want_words(w, 3, 3, "", verb);
  ClosedAccount closed;
  try {
    closed = kirin::server::close_account(accounts_, challenges_, games_, w[1], w[2],
                                          ctx.client.empty() ? ctx.sender_email : ctx.client);
  } catch (const ServiceError& e) {
    throw CommandError(verb + ": " + std::string(e.what()));
  }
  auto count = [](int n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
  };
  return "The account " + closed.user.name +
         " is closed: nobody can sign in as it any more, and its name stays taken. Its "
         "games stay in the archive.\n" +
         count(closed.challenges_withdrawn, "challenge", "challenges") + " withdrawn, " +
         count(closed.games_aborted, "game", "games") + " aborted, " +
         count(closed.games_resigned, "game", "games") + " resigned.\n";
}

}  // namespace kirin::server
