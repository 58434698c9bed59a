// The commands between players: message and GAME chat (commands.h). Their text is not on the
// command's line but on the lines after it, up to a blank line (run_text gives it, Parsed::text).
#include "server/domain/service_error.h"
#include "server/text/command_common.h"

namespace kirin::server {
namespace {

void want_text(const std::string& text, const std::string& form) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos)
    throw CommandError("the text is missing: write it on the lines after '" + form +
                       "', up to a blank line");
}

}  // namespace

std::string CommandInterface::message(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  want_words(w, 4, kMaxWords, "", "message");
  want_text(p.text, usage("", "message"));
  User from;
  try {
    from = check_password(w[1], w[2], ctx);
  } catch (const ServiceError& e) {
    throw CommandError("message: " + std::string(e.what()));
  }
  std::vector<std::string> to(w.words.begin() + 3, w.words.end());
  std::vector<Message> sent;
  try {
    sent = messages_.send(from.id, to, p.text);
  } catch (const ServiceError& e) {
    throw CommandError("message: " + std::string(e.what()) + ": nothing was sent");
  }
  std::string names;
  for (const Message& m : sent) names += (names.empty() ? "" : ", ") + m.to.name;
  return "Message sent to " + names + ".\n";
}

std::string CommandInterface::chat(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  want_words(w, 5, 5, p.game_word, "chat");
  Id board = board_number(w[2], false);
  want_text(p.text, usage(p.game_word, "chat"));
  User u;
  try {
    u = check_password(w[3], w[4], ctx);
  } catch (const ServiceError& e) {
    throw CommandError("chat: " + std::string(e.what()));
  }
  board_view(p, w[2], u.id);  // no such board, or another game's
  try {
    games_.add_chat_line(board, u.id, p.text);
  } catch (const ServiceError& e) {
    throw CommandError("chat: " + std::string(e.what()));
  }
  return "Said in the chat of board " + std::to_string(board) +
         ", which only its two players see.\n";
}

}  // namespace kirin::server
