// The commands that start and play games: challenge, accept, decline, move, resign, abort,
// berserk
// (commands.h).
#include "server/text/command_common.h"

#include <optional>

#include "notation/pbm.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "server/domain/game_setup.h"
#include "server/domain/results.h"
#include "server/domain/service_error.h"
#include "server/text/challenge_text.h"

namespace kirin::server {

std::string CommandInterface::challenge(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  std::vector<std::string> names;
  GameSetup setup;
  setup.game = p.game->id;
  bool dai = false, lion = false;
  std::optional<std::string> password;
  std::vector<std::pair<std::string, std::string>> options;
  TimeControl clock;  // none: pbmserv's games have no clock
  for (size_t i = 2; i < w.size(); ++i) {
    const std::string& word = w[i];
    if (word.empty() || word[0] != '-') {
      names.push_back(word);
      continue;
    }
    std::string_view body = word;
    while (!body.empty() && body.front() == '-') body.remove_prefix(1);
    size_t eq = body.find('=');
    std::string name = lower(body.substr(0, eq));
    std::string value = eq == std::string_view::npos ? "" : std::string(body.substr(eq + 1));
    auto need_value = [&] {
      if (value.empty())
        throw CommandError("challenge: " + quoted(word) + " needs a value: -" + name + "=" +
                           (name == "option" ? "NAME=VALUE" : "VALUE"));
    };
    if (name == "password") {  // never quoted back in an error
      if (value.empty()) throw CommandError("challenge: -password needs a value: -password=YOURS");
      password = value;
    } else if (name == "drops" && eq == std::string_view::npos) {
      setup.drops = true;
    } else if (name == "nodrops" && eq == std::string_view::npos) {
      setup.drops = false;
    } else if ((name == "notakeback" || name == "notakebacks") && eq == std::string_view::npos) {
      setup.takebacks = false;
    } else if ((name == "dai" || name == "daishogi") && eq == std::string_view::npos) {
      dai = true;
    } else if (name == "lion" && eq == std::string_view::npos) {
      lion = true;
    } else if (name == "rated" && eq == std::string_view::npos) {
      setup.rated = true;
    } else if (name == "casual" && eq == std::string_view::npos) {
      setup.rated = false;
    } else if (name == "handicap") {
      need_value();
      setup.handicap = value;
    } else if (name == "profile") {
      need_value();
      setup.profile = lower(value);
    } else if (name == "level") {
      need_value();
      if (value.size() != 1 || value[0] < '1' || value[0] > char('0' + kMaxComputerLevel))
        throw CommandError("challenge: " + quoted(word) + ": the computer's level is 1 to " +
                           std::to_string(kMaxComputerLevel));
      setup.computer_level = value[0] - '0';
    } else if (name == "tc") {
      need_value();
      clock = read_time_control_word(value, "challenge: ");
    } else if (name == "option") {
      need_value();
      size_t at = value.find('=');
      if (at == 0 || at == std::string::npos || at + 1 == value.size())
        throw CommandError("challenge: " + quoted(word) + ": write -option=NAME=VALUE");
      options.emplace_back(lower(value.substr(0, at)), value.substr(at + 1));
    } else {
      throw CommandError("challenge: unknown option " + quoted(word) +
                         ": the options are -drops, -handicap=SPEC, -dai, -lion, "
                         "-option=NAME=VALUE, -profile=NAME, -level=N (the computer's), "
                         "-tc=CLOCK, -rated, -casual and -notakeback");
    }
  }
  if (names.size() != 2)
    bad_usage(p.game_word, "challenge",
              "challenge: name two players, USER1 (Black) and USER2 (White)");
  if (dai) {
    if (setup.game != "chu" && setup.game != "dai")
      throw CommandError(
          "challenge: -dai plays Dai Shogi instead of Chu Shogi: it is for "
          "chushogi challenges (or write daishogi challenge)");
    setup.game = "dai";
  }
  if (lion) {
    std::shared_ptr<Variant> v = builtin_variant(setup.game);
    if (v->find_macro("lion_rules")) {
      options.insert(options.begin(), {"lion_rules", "true"});  // an explicit -option wins
    } else if (setup.game != "chu") {                           // Chu always plays them
      throw CommandError("challenge: -lion turns on Chu Shogi's Lion rules in Dai Shogi; " +
                         v->name + " has no such option");
    }
  }
  setup.options = std::move(options);

  User black, white;
  try {
    black = accounts_.user_by_name(names[0]);
    white = accounts_.user_by_name(names[1]);
  } catch (const ServiceError& e) {
    throw CommandError("challenge: " + std::string(e.what()));
  }
  if (ctx.operator_mode) {  // the local operator starts games between any users at once
    ChallengeRequest r;
    r.opponent = white.name;
    r.setup = setup;
    r.time_control = clock;
    r.color = ColorChoice::ChallengerBlack;
    r.opponent_agrees = true;
    Id game = 0;
    try {
      game = challenges_.create(black.id, r).game;
    } catch (const ServiceError& e) {
      throw CommandError("challenge: " + std::string(e.what()));
    }
    GameView v = games_.view(game, black.id);
    return "New game: board " + std::to_string(game) + ".\n" + draw(v, black.preferences, black.id);
  }

  // Anyone else proposes the game in their own name, and the other player accepts it.
  User me = challenger(black, white, password, ctx);
  const User& them = me.id == black.id ? white : black;
  ChallengeRequest r;
  r.opponent = them.name;
  r.setup = setup;
  r.time_control = clock;
  r.color = me.id == black.id ? ColorChoice::ChallengerBlack : ColorChoice::ChallengerWhite;
  Challenge c;
  try {
    c = challenges_.create(me.id, r);
  } catch (const ServiceError& e) {
    throw CommandError("challenge: " + std::string(e.what()));
  }
  if (c.game) {  // the computer accepts at once
    GameView v = games_.view(c.game, me.id);
    return "New game: board " + std::to_string(c.game) + ".\n" + draw(v, me.preferences, me.id);
  }
  return "Challenge " + std::to_string(c.id) + " sent to " + them.name + ".\n" +
         describe_challenge(c, me.id, p.game_word);
}

// Who proposes a game between `black` and `white`: the signed-in user of an HTTP session, or
// over mail the player whose address sent it, with their password (a From: address is
// easily forged, so it alone starts nothing).
User CommandInterface::challenger(const User& black, const User& white,
                                  const std::optional<std::string>& password,
                                  const CommandContext& ctx) {
  const std::string only = "challenge: only " + black.name + " or " + white.name +
                           " may propose a game between them";
  if (ctx.sender_user) {
    if (ctx.sender_user != black.id && ctx.sender_user != white.id) throw CommandError(only);
    return ctx.sender_user == black.id ? black : white;
  }
  const User* sender = !ctx.sender_email.empty() && iequals(ctx.sender_email, black.email) ? &black
                       : !ctx.sender_email.empty() && iequals(ctx.sender_email, white.email)
                           ? &white
                           : nullptr;
  if (!sender)
    throw CommandError(only, "Send the challenge from the e-mail address of " + black.name +
                                 "'s or " + white.name + "'s account.");
  if (!password)
    throw CommandError("challenge: add -password=YOURS: by mail a challenge needs " +
                       sender->name + "'s password");
  try {
    return check_password(sender->name, *password, ctx);
  } catch (const ServiceError& e) {
    throw CommandError("challenge: " + std::string(e.what()));
  }
}

// GAME accept|decline CHALLENGE USER PASSWORD: the challenged player answers; GAME withdraw
// CHALLENGE USER PASSWORD: the challenger takes it back. The one who used the other's verb is
// told the right one.
std::string CommandInterface::answer_challenge(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  want_words(w, 5, 5, p.game_word, p.verb);
  Id id = board_number(w[2]);
  const std::string where = p.verb + " " + std::to_string(id) + ": ";
  User u;
  try {
    u = check_password(w[3], w[4], ctx);
    Challenge c = challenges_.get(id);
    auto told = [&](const std::string& why, const char* verb) {
      throw CommandError(where + why + ": " + verb + " it with '" + p.game_word + " " + verb +
                         " " + std::to_string(id) + " " + u.name + " PASSWORD'");
    };
    if (c.status == ChallengeStatus::Open && c.challenger.id == u.id && p.verb != "withdraw")
      told(u.name + " sent this challenge", "withdraw");
    if (c.status == ChallengeStatus::Open && c.challenged.id == u.id && p.verb == "withdraw")
      told("the challenge is to " + u.name + ", from " + c.challenger.name, "decline");
    if (p.verb == "withdraw") {
      challenges_.cancel(id, u.id);
      return "Challenge " + std::to_string(id) + " withdrawn.\n";
    }
    if (p.verb == "decline") {
      challenges_.decline(id, u.id);
      return "Challenge " + std::to_string(id) + " declined.\n";
    }
    Id game = challenges_.accept(id, u.id);
    GameView v = games_.view(game, u.id);
    return "New game: board " + std::to_string(game) + ".\n" + draw(v, u.preferences, u.id);
  } catch (const ServiceError& e) {
    throw CommandError(where + e.what());
  }
}

// GAME challenges USER PASSWORD: USER's pending challenges of GAME (Chu and Dai together),
// received and sent, each with the commands that answer or withdraw it. Private, as the
// API's incoming and outgoing lists are: the password is needed.
std::string CommandInterface::pending_challenges(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  want_words(w, 4, 4, p.game_word, "challenges");
  const User u = password_user(p, ctx);
  auto section = [&](const std::vector<Challenge>& all, const std::string& title) {
    std::string out;
    for (const Challenge& c : all)
      if (same_game(c.setup.game, p.game->id)) out += challenge_summary(c, u.id, p.game_word);
    return out.empty() ? "" : title + "\n" + out;
  };
  std::string received = section(challenges_.incoming(u.id), "Received (answer them):");
  std::string sent = section(challenges_.outgoing(u.id), "Sent (waiting for an answer):");
  const std::string games = same_game(p.game->id, "chu") ? "Chu and Dai Shogi" : p.game->name;
  if (received.empty() && sent.empty())
    return u.name + " has no pending challenges of " + games + ". Propose a game with '" +
           p.game_word + " challenge " + u.name + " OPPONENT -password=PASSWORD'.\n";
  return "Pending challenges of " + u.name + " (" + games + "):\n" + received + sent;
}

std::string CommandInterface::move(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  if (w.size() < 6) bad_usage(p.game_word, "move", "move: too few words");
  Id id = board_number(w[2], false);
  std::string text = w.rest(5);
  std::string where = "board " + std::to_string(id) + ": ";
  if (text.size() > 100) throw CommandError(where + "the move is longer than 100 characters");
  User u = board_player(p, where, ctx);
  GameView v = board_view(p, w[2], u.id);
  const std::string word = lower(text);
  if (word == "undo" || word == "propose" || word == "accept" || word == "reject" ||
      word == "resign") {
    if (v.state.black.id != u.id && v.state.white.id != u.id)
      throw CommandError(word + " in " + where + u.name + " does not play in this game (" +
                         players(v.state) + ")");
    return proposal(p, u, v, word);
  }
  where = "move " + std::to_string(v.state.ply + 1) + " in " + where;
  // pbmserv's other forms of move: Kirin's games have no pass and no swap.
  if (word == "pass" || word.starts_with("pass#"))
    throw CommandError(where + "these games have no pass: a Lion's pass (igui, in Chu) is a "
                               "move of the Lion, written as one (Ln7g-7g)");
  if (word == "swap" || word.starts_with("swap#"))
    throw CommandError(where + "swap (the pie rule) is for games where the second player may "
                               "take over the first move; shogi games have none");
  MoveNumber numbered = split_move_number(text, where);
  text = numbered.move;
  if (numbered.moveno) {
    try {
      check_expected_ply(v.state, *numbered.moveno - 1);
    } catch (const ServiceError& e) {
      throw CommandError(where + e.what());
    }
  }
  if (is_over(v.state.status))
    throw CommandError(where + "the game is over (" + v.result_text + ")");
  if (v.state.status == GameStatus::Adjourned) throw CommandError(where + "the game is adjourned");
  if (v.state.black.id != u.id && v.state.white.id != u.id)
    throw CommandError(where + u.name + " does not play in this game (" + players(v.state) + ")");
  const PlayerRef& to_move = v.to_move == kBlack ? v.state.black : v.state.white;
  if (to_move.id != u.id)
    throw CommandError(where + "it is not " + u.name + "'s turn: " + player(v.state, v.to_move) +
                       " is to move");

  Replayed r = replay(v);
  const Position& pos = r.game.position();
  Move m;
  try {
    m = read_written_move(pos, text);
  } catch (const NotationError& e) {
    throw CommandError(where + e.what());
  }
  std::string written = to_pbm_move(pos, m, PbmForm::Full);
  Color mover = pos.side_to_move();
  try {
    games_.play_move(id, u.id, to_usi(pos, m), v.state.ply);
  } catch (const ServiceError& e) {
    throw CommandError(where + e.what());
  }
  GameView after = games_.view(id, u.id);
  return "Board " + std::to_string(id) + ", move " + std::to_string(v.state.ply + 1) + ": " +
         u.name + " (" + color_name(mover) + ") played " + written + ".\n" +
         answered_at_once(after, v.state.ply + 1) + draw(after, u.preferences, u.id);
}

std::string CommandInterface::board_action(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  want_words(w, 5, 5, p.game_word, p.verb);
  Id id = board_number(w[2], false);
  std::string where = p.verb + " in board " + std::to_string(id) + ": ";
  User u = board_player(p, where, ctx);
  board_view(p, w[2], u.id);
  const char* done = " resigned";
  try {
    if (p.verb == "resign") {
      games_.resign(id, u.id);
    } else if (p.verb == "abort") {
      games_.abort(id, u.id);
      done = " aborted the game";
    } else {
      games_.berserk(id, u.id);
      done = " went berserk: half the main time, no byoyomi or increment";
    }
  } catch (const ServiceError& e) {
    throw CommandError(where + e.what());
  }
  return "Board " + std::to_string(id) + ": " + u.name + done + ".\n" +
         draw(games_.view(id, u.id), u.preferences, u.id);
}

}  // namespace kirin::server
