#include "server/text/notices.h"

#include "clock/time_control.h"
#include "server/domain/game_setup.h"
#include "server/domain/results.h"
#include "server/text/command_common.h"

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
  if (e.kind == EventKind::Tournament) return for_tournament(e);
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
    if (v.state.tournament)
      what += " It counts in tournament " + std::to_string(v.state.tournament) + ": '" +
              v.state.setup.game + " tournament " + std::to_string(v.state.tournament) +
              "' shows the standings.";
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

std::vector<Notice> Notices::for_tournament(const Event& e) {
  std::vector<Notice> out;
  Tournaments& tournaments = commands_.tournaments();
  Tournament t = tournaments.get(e.tournament);
  // Live events are played at the board, as live games are.
  if (t.settings.time_control.kind == TimeControl::Kind::Live) return out;
  const std::string event =
      "tournament " + std::to_string(t.id) + " (" + t.settings.name + ")";
  if (e.text == "paired" && e.game) {
    GameView v = games_.view(e.game);
    for (Color c : {kBlack, kWhite}) {
      const PlayerRef& me = c == kBlack ? v.state.black : v.state.white;
      const PlayerRef& them = c == kBlack ? v.state.white : v.state.black;
      add(out, me.id, v,
          "A new game of " + event + ": you play " + color_name(c) + " against " + them.name +
              ", " + describe(v.state.time_control) +
              (v.to_move == c ? "." : "; they move first."));
    }
  } else if (e.text == "finished" || e.text == "cancelled") {
    const std::string what = e.text == "finished" ? "is over" : "is cancelled";
    std::string standings = commands_.tournament_text(t.id, 1);
    for (int page = 1, pages = 1; page <= pages; ++page) {
      TournamentView part = tournaments.view(t.id, 0, page);
      pages = part.pages;
      for (const TournamentStanding& st : part.standings) {
        if (st.entry.computer || st.entry.user.id == games_.computer_user()) continue;
        User to = accounts_.user(st.entry.user.id);
        if (!reachable(to)) continue;
        Notice n{to.name, to.email, "Tournament " + std::to_string(t.id) + " " + what, {}};
        n.body = "The " + event + " " + what + ". Your rank: " + std::to_string(st.rank) +
                 ".\n\n" + standings;
        out.push_back(std::move(n));
      }
    }
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
