#include "server/text/notices.h"

#include "clock/time_control.h"
#include "notation/pbm.h"
#include "notation/usi.h"
#include "server/domain/game_setup.h"
#include "server/domain/results.h"
#include "server/text/challenge_text.h"
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

// "chushogi move 12 bob PASSWORD ": the start of a move command of `user` in `v`.
std::string move_command(const GameView& v, const std::string& user) {
  return command_word(v.state.setup.game) + " move " + std::to_string(v.state.id) + " " + user +
         " PASSWORD ";
}

const PlayerRef& other_player(const GameState& s, Id user) {
  return s.black.id == user ? s.white : s.black;
}

// Who made move `ply` (1 is the first): the sides alternate, and `v` knows who is to move now.
Color mover_of(const GameView& v, int ply) {
  return (v.state.ply - ply) % 2 == 0 ? ~v.to_move : v.to_move;
}

// Move `ply` of `v`'s game in pbmserv's notation.
std::string move_text(const GameView& v, int ply) {
  GameView before = v;
  before.moves.resize(size_t(ply - 1));
  Game at = replay(before).game;
  return to_pbm_move(at.position(), parse_usi(at.position(), v.moves[size_t(ply - 1)].usi),
                     PbmForm::Full);
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
  // The one a challenge's change concerns: the challenged for a new one or its withdrawal, the
  // challenger for a refusal.
  auto tell = [&](const PlayerRef& who, const std::string& subject, const std::string& what) {
    if (!who.id || who.id == games_.computer_user()) return;
    User to = accounts_.user(who.id);
    if (!reachable(to)) return;
    out.push_back(Notice{to.name, to.email, subject,
                         what + describe_challenge(c, to.id, command_word(c.setup.game))});
  };
  const std::string game = setup_variant(c.setup)->name;
  const std::string id = std::to_string(c.id);
  if (e.text == "accepted" && c.game) {
    GameView v = games_.view(c.game);
    std::string what = "The game " + c.challenger.name + " proposed has begun.";
    add(out, v.state.black.id, v, what, what);
    if (v.state.white.id != v.state.black.id) add(out, v.state.white.id, v, what, what);
  } else if (e.text == "created" && c.status == ChallengeStatus::Open) {
    // (The local operator's challenge is accepted at once: the acceptance says it all.)
    tell(c.challenged, c.challenger.name + " challenges you to " + game, "");
    if (!out.empty()) out.back().body += "(Or answer it on the web, where your lobby lists it.)\n";
  } else if (e.text == "declined") {
    tell(c.challenger, c.challenged.name + " declined challenge " + id + " (" + game + ")",
         c.challenged.name + " declined your challenge " + id + ".\n\n");
  } else if (e.text == "cancelled") {
    tell(c.challenged, c.challenger.name + " withdrew challenge " + id + " (" + game + ")",
         c.challenger.name + " withdrew challenge " + id + ": there is nothing to answer.\n\n");
  }
  return out;
}

std::vector<Notice> Notices::for_game(const Event& e) {
  std::vector<Notice> out;
  if (e.kind == EventKind::Chat) return for_chat(e);
  if (e.kind != EventKind::Move && e.kind != EventKind::Result && e.kind != EventKind::DrawOffer &&
      e.kind != EventKind::Takeback)
    return out;
  GameView v = games_.view(e.game);
  if (v.state.time_control.kind == TimeControl::Kind::Live) return out;
  if (e.kind == EventKind::Result) {
    std::string what = "The game is over: " + describe_result(v.state) + ".";
    if (v.state.tournament)
      what += " It counts in tournament " + std::to_string(v.state.tournament) + ": '" +
              command_word(v.state.setup.game) + " tournament " +
              std::to_string(v.state.tournament) + "' shows the standings.";
    const std::string subject = "game over, " + describe_result(v.state);
    add(out, v.state.black.id, v, subject, what);
    if (v.state.white.id != v.state.black.id) add(out, v.state.white.id, v, subject, what);
  } else if (e.kind == EventKind::Move) {
    if (v.state.status != GameStatus::Active || e.ply < 1 || e.ply > v.state.ply ||
        v.moves[size_t(e.ply - 1)].usi != e.text)
      return out;  // over (the result says it), or taken back since
    // A move played for its mover from their conditional moves: they learn which.
    const Color mover = mover_of(v, e.ply);
    const Id by = mover == kBlack ? v.state.black.id : v.state.white.id;
    if (e.queued && e.ply > 1 && accounts_.preferences(by).turn_mail)
      add(out, by, v, "your queued move " + std::to_string(e.ply) + " played",
          "Your conditional move " + std::to_string(e.ply) + ", " + move_text(v, e.ply) +
              ", was played for you in answer to " + move_text(v, e.ply - 1) + ".");
    // The player to move after the game's latest move: a later one has its own notice.
    Id to_move = v.to_move == kBlack ? v.state.black.id : v.state.white.id;
    if (e.ply == v.state.ply && to_move != games_.computer_user() &&
        accounts_.preferences(to_move).turn_mail)
      add(out, to_move, v, "Your move.", "Your move.");
  } else {
    for_offer(out, e, v);
  }
  return out;
}

void Notices::for_offer(std::vector<Notice>& out, const Event& e, const GameView& v) {
  if (is_over(v.state.status) || !e.by.id) return;  // a draw agreed is the result's notice
  const PlayerRef& other = other_player(v.state, e.by.id);
  if (other.id == games_.computer_user()) return;
  const std::string command = move_command(v, other.name);
  if (e.kind == EventKind::DrawOffer && e.text == "offered" && v.state.draw_offer) {
    // accept and reject answer the offerer's request to take back first, if one is open too;
    // propose only agrees to the draw.
    const Color offerer = e.by.id == v.state.black.id ? kBlack : kWhite;
    const bool asked_too = v.state.takeback_offer == offerer;
    add(out, other.id, v, "draw offered",
        e.by.name + " offers a draw.\nAccept it with:  " + command +
            (asked_too ? "propose" : "accept") + "\nDecline it with: " + command +
            (asked_too ? "reject (twice: the first answers the request to take back)"
                       : "reject") +
            "\n(Your next move declines it too.)");
  } else if (e.kind == EventKind::DrawOffer && e.text == "declined") {
    add(out, other.id, v, "draw declined", e.by.name + " declined your draw offer.");
  } else if (e.kind == EventKind::Takeback && e.text == "offered" && v.state.takeback_offer) {
    add(out, other.id, v, "takeback asked",
        e.by.name + " asks to take back their last move (and your reply to it, if any).\n" +
            "Accept it with: " + command + "accept\nReject it with: " + command +
            "reject\n(A move by either of you ends the request.)");
  } else if (e.kind == EventKind::Takeback && e.text == "accepted") {
    if (e.by.id == games_.computer_user()) return;  // the asker read it in the reply
    add(out, other.id, v, "takeback accepted",
        e.by.name + " accepted your request to take back: the moves are taken back.");
  } else if (e.kind == EventKind::Takeback && e.text == "declined") {
    add(out, other.id, v, "takeback refused",
        e.by.name + " refused your request to take back: the game goes on as it was.");
  } else if (e.kind == EventKind::Takeback && e.text == "cancelled") {
    add(out, other.id, v, "takeback withdrawn",
        e.by.name + " withdrew their request to take back: there is nothing to answer.");
  }
}

// A game's chat line, to the other player of a game played by mail: the chat is how the two
// talk, as a message is (so their message_mail setting says whether it is mailed).
std::vector<Notice> Notices::for_chat(const Event& e) {
  std::vector<Notice> out;
  GameView v = games_.view(e.game);
  if (v.state.time_control.kind == TimeControl::Kind::Live || !e.by.id) return out;
  const PlayerRef& other = other_player(v.state, e.by.id);
  if (other.id == e.by.id || other.id == games_.computer_user()) return out;
  User to = accounts_.user(other.id);
  if (!to.preferences.message_mail || !reachable(to)) return out;
  const std::string id = std::to_string(v.state.id);
  Notice n{to.name, to.email, board_name(v) + ": chat from " + e.by.name, {}};
  n.body = e.by.name + " writes in the chat of board " + id + ":\n\n" + e.text +
           "\n\nAnswer with:\n" + command_word(v.state.setup.game) + " chat " + id + " " +
           to.name + " PASSWORD\nYOUR TEXT\n";
  out.push_back(std::move(n));
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
      add(out, me.id, v, "new game of tournament " + std::to_string(t.id),
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

void Notices::add(std::vector<Notice>& out, Id user, const GameView& v,
                  const std::string& subject, const std::string& what) {
  if (user == games_.computer_user()) return;
  User to = accounts_.user(user);
  if (!reachable(to)) return;
  Notice n{to.name, to.email, board_name(v) + ": " + subject, {}};
  n.body = what + "\n\n" + commands_.board_for(v.state.id, user);
  Id to_move = v.to_move == kBlack ? v.state.black.id : v.state.white.id;
  if (v.state.status == GameStatus::Active && user == to_move)
    n.body += "\nAnswer with: " + move_command(v, to.name) + "MOVE\n";
  out.push_back(std::move(n));
}

}  // namespace kirin::server
