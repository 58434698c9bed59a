#include "server/text/notices.h"

#include "clock/time_control.h"
#include "server/domain/game_setup.h"
#include "server/domain/results.h"

namespace kirin::server {
namespace {

bool reachable(const User& u) {
  const std::string& e = u.email;
  return !u.closed && !e.empty() &&
         !(e.size() >= 8 && e.compare(e.size() - 8, 8, ".invalid") == 0);
}

std::string board_name(const GameView& v) {
  return v.game_name + " board " + std::to_string(v.state.id);
}

}  // namespace

Notices::Notices(Accounts& accounts, Challenges& challenges, GameService& games,
                 CommandInterface& commands)
    : accounts_(accounts), challenges_(challenges), games_(games), commands_(commands) {}

std::vector<Notice> Notices::for_event(const Event& e) {
  if (e.kind == EventKind::Challenge) return for_challenge(e);
  if (e.kind == EventKind::Message) return for_message(e);
  return for_game(e);
}

std::vector<Notice> Notices::for_message(const Event& e) {
  std::vector<Notice> out;
  User to = accounts_.user(e.users.at(0).id);
  if (!to.preferences.message_mail || !reachable(to)) return out;
  Notice n{to.name, to.email, "A message from " + e.by.name, {}};
  n.body = e.by.name + " writes:\n\n" + e.text + "\n\nAnswer with:\nmessage " + to.name +
           " PASSWORD " + e.by.name + "\nYOUR TEXT\n\n(or in your inbox on the web: message " +
           std::to_string(e.message) + ")\n";
  out.push_back(std::move(n));
  return out;
}

std::vector<Notice> Notices::for_challenge(const Event& e) {
  std::vector<Notice> out;
  Challenge c = challenges_.get(e.challenge);
  if (e.text == "accepted" && c.game) {
    GameView v = games_.view(c.game);
    std::string what = "The game " + c.challenger.name + " proposed has begun.";
    add(out, v.state.black.id, v, what);
    if (v.state.white.id != v.state.black.id) add(out, v.state.white.id, v, what);
  } else if (e.text == "created" && c.status == ChallengeStatus::Open && c.challenged.id) {
    // (A text command's challenge is accepted at once: the acceptance says it all.)
    User to = accounts_.user(c.challenged.id);
    if (to.id == games_.computer_user() || !reachable(to)) return out;
    std::string game = setup_variant(c.setup)->name;
    Notice n{to.name, to.email, c.challenger.name + " challenges you to " + game, {}};
    n.body = c.challenger.name + " challenges you to a game of " + game + " (" +
             describe(c.time_control) + ").\nAccept or decline it on the web: challenge " +
             std::to_string(c.id) + ".\n";
    out.push_back(std::move(n));
  }
  return out;
}

std::vector<Notice> Notices::for_game(const Event& e) {
  std::vector<Notice> out;
  if (e.kind != EventKind::Move && e.kind != EventKind::Result && e.kind != EventKind::DrawOffer &&
      e.kind != EventKind::Takeback)
    return out;
  GameView v = games_.view(e.game);
  if (v.state.time_control.kind == TimeControl::Kind::Live) return out;
  if (e.kind == EventKind::Result) {
    std::string what = "The game is over: " + describe_result(v.state) + ".";
    add(out, v.state.black.id, v, what);
    if (v.state.white.id != v.state.black.id) add(out, v.state.white.id, v, what);
  } else if (e.kind == EventKind::Move && v.state.status == GameStatus::Active &&
             e.ply == v.state.ply) {
    // Only for the game's latest move: a later one has its own notice.
    Id to_move = v.to_move == kBlack ? v.state.black.id : v.state.white.id;
    if (to_move != games_.computer_user() && accounts_.preferences(to_move).turn_mail)
      add(out, to_move, v, "Your move.");
  } else if (e.kind == EventKind::DrawOffer && e.text == "offered" && v.state.draw_offer) {
    Id offered = *v.state.draw_offer == kBlack ? v.state.white.id : v.state.black.id;
    add(out, offered, v, "Your opponent offers a draw: accept or decline it on the web.");
  } else if (e.kind == EventKind::Takeback && e.text == "offered" && v.state.takeback_offer) {
    Id asked = *v.state.takeback_offer == kBlack ? v.state.white.id : v.state.black.id;
    add(out, asked, v,
        "Your opponent asks to take back their last move: accept or reject it on the web, or "
        "with: " + v.state.setup.game + " move " + std::to_string(v.state.id) + " " +
            accounts_.user(asked).name + " PASSWORD accept (or reject)");
  }
  return out;
}

void Notices::add(std::vector<Notice>& out, Id user, const GameView& v, const std::string& what) {
  if (user == games_.computer_user()) return;
  User to = accounts_.user(user);
  if (!reachable(to)) return;
  Notice n{to.name, to.email, board_name(v) + ": " + what, {}};
  n.body = what + "\n\n" + commands_.board_for(v.state.id, user);
  Id to_move = v.to_move == kBlack ? v.state.black.id : v.state.white.id;
  if (v.state.status == GameStatus::Active && user == to_move)
    n.body += "\nAnswer with: " + v.state.setup.game + " move " + std::to_string(v.state.id) +
              " " + to.name + " PASSWORD MOVE\n";
  out.push_back(std::move(n));
}

}  // namespace kirin::server
