#include "server/text/commands.h"

#include <algorithm>
#include <map>
#include <optional>

#include "notation/board_styles.h"
#include "notation/gamecourier.h"
#include "notation/pbm.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"
#include "server/domain/game_setup.h"
#include "server/domain/results.h"
#include "server/domain/service_error.h"
#include "server/text/command_text.h"

namespace kirin::server {

struct CommandInterface::Parsed {
  Words w;
  std::shared_ptr<const Variant> game;  // the <game> word's game; null for "signup", "help"
  std::string game_word;                // as written, in lower case
  std::string verb;                     // in lower case
  size_t first = 0;                     // the first argument's word
};

namespace {

const char* color_name(Color c) { return c == kBlack ? "Black" : "White"; }

std::string quoted(std::string_view s) { return quoted_input(s.substr(0, 100)); }

// --- Usage ---

std::string usage(const std::string& game, const std::string& verb) {
  if (verb == "signup") return "signup USER PASSWORD EMAIL";
  if (verb == "challenge")
    return game +
           " challenge USER1 USER2 [-drops] [-handicap=SPEC] [-dai] [-lion] "
           "[-option=NAME=VALUE] [-profile=NAME] [-password=YOURS]";
  if (verb == "accept" || verb == "decline") return game + " " + verb + " CHALLENGE USER PASSWORD";
  if (verb == "move") return game + " move BOARD USER PASSWORD MOVE";
  if (verb == "board" || verb == "show") return game + " " + verb + " BOARD [USER]";
  if (verb == "resign" || verb == "abort") return game + " " + verb + " BOARD USER PASSWORD";
  if (verb == "games") return game + " games USER";
  if (verb == "set") return game + " set USER PASSWORD [flip|noflip] [standard|alternate|small]";
  return "help [GAME]";
}

[[noreturn]] void bad_usage(const std::string& game, const std::string& verb,
                            const std::string& why) {
  throw CommandError(why + ": write '" + usage(game, verb) + "'");
}

void want_words(const Words& w, size_t least, size_t most, const std::string& game,
                const std::string& verb) {
  if (w.size() < least) bad_usage(game, verb, verb + ": too few words");
  if (w.size() > most) bad_usage(game, verb, verb + ": too many words");
}

// --- Names ---

std::string game_list() {
  std::string out;
  for (const std::string& id : builtin_variant_ids()) {
    auto v = builtin_variant(id);
    out += (out.empty() ? "" : ", ") + id;
    if (!v->aliases.empty()) {
      out += " (";
      for (size_t i = 0; i < v->aliases.size(); ++i) out += (i ? ", " : "") + v->aliases[i];
      out += ")";
    }
  }
  return out;
}

// Chu and Dai are one family: pbmserv's chushogi command plays both.
bool same_game(const std::string& a, const std::string& b) {
  auto chu = [](const std::string& id) { return id == "chu" || id == "dai"; };
  return a == b || (chu(a) && chu(b));
}

// `quote`: whether an error may show the word (not in a command that carries a password:
// the word may be the password, written in the wrong place).
Id board_number(const std::string& word, bool quote = true) {
  std::string_view w = word;
  if (!w.empty() && w.front() == '#') w.remove_prefix(1);
  bool digits = !w.empty() && w.size() <= 15 &&
                std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; });
  Id id = digits ? std::stoll(std::string(w)) : 0;
  if (id <= 0)
    throw CommandError((quote ? quoted(word) : "the word after the command") +
                       " is not a board number");
  return id;
}

std::string player(const GameState& s, Color c) {
  const PlayerRef& p = c == kBlack ? s.black : s.white;
  return std::string(color_name(c)) + " (" + p.name + ")";
}

std::string players(const GameState& s) {
  return s.black.name + " (Black) against " + s.white.name + " (White)";
}

// The game setup in words: "with drops, handicap 2ln, lion_rules=true".
std::string setup_note(const GameSetup& s) {
  std::vector<std::string> parts;
  if (!s.profile.empty()) parts.push_back(s.profile + " rules");
  if (s.drops) parts.push_back(*s.drops ? "with drops" : "without drops");
  if (!s.handicap.empty()) parts.push_back("handicap " + s.handicap);
  for (const auto& [name, value] : s.options) parts.push_back(name + "=" + value);
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
  return out;
}

// --- Positions ---

struct Replayed {
  Game game;
  std::string last_move;  // pbmserv notation, "" before the first move
};

// The game as stored, replayed from its start (the rules' history matters: repetition, the
// promotion-deferral marks of pbmserv's rules).
Replayed replay(const GameView& v) {
  std::shared_ptr<const Variant> variant = setup_variant(v.state.setup);
  Replayed r{Game(parse_sfen(variant, v.start_sfen)), {}};
  for (const MoveRecord& rec : v.moves) {
    Move m = parse_usi(r.game.position(), rec.usi);
    r.last_move = to_pbm_move(r.game.position(), m, PbmForm::Full);
    r.game.play(m);
  }
  return r;
}

bool malformed(const NotationError& e) {
  return std::string_view(e.what()).substr(0, 14) == "malformed move";
}

// Reads a move in pbmserv, Game Courier or USI notation (commands.h says how).
Move read_written_move(const Position& pos, const std::string& text) {
  std::optional<NotationError> pbm, gc;
  try {
    return parse_pbm_move(pos, text);
  } catch (const NotationError& e) {
    pbm = e;
  }
  std::optional<Move> gc_move;
  try {
    gc_move = parse_gamecourier_move(pos, text);
  } catch (const NotationError& e) {
    gc = e;
  }
  if (!malformed(*pbm)) {
    // pbmserv read it but found no legal move. Game Courier may overrule only a wrong piece
    // code (its labels are other letters), and never by declining an optional promotion
    // silently.
    if (gc_move && std::string_view(pbm->what()).substr(0, 11) == "wrong piece") {
      Move twin = *gc_move;
      twin.flags |= Move::kPromote;
      bool silent_decline = !gc_move->is_drop() && !gc_move->promotes() &&
                            text.find('=') == std::string::npos && is_legal(pos, twin);
      if (!silent_decline) return *gc_move;
    }
    throw *pbm;
  }
  if (gc_move) return *gc_move;
  try {
    return parse_usi(pos, text);
  } catch (const NotationError& usi) {
    if (!malformed(*gc)) throw *gc;  // Game Courier read it: its reason
    if (!malformed(usi)) throw;      // USI read it: its reason
    throw NotationError("cannot read " + quoted(text) +
                            " as a move in pbmserv notation (7g-7f, Ln7g-6f, Lnx!4f), Game "
                            "Courier's (p 7g-7f) or USI (7g7f): " +
                            pbm->what(),
                        "move");
  }
}

}  // namespace

CommandInterface::CommandInterface(Accounts& accounts, Challenges& challenges, GameService& games)
    : accounts_(accounts), challenges_(challenges), games_(games) {}

std::string CommandInterface::run(std::string_view line, const CommandContext& ctx) {
  Words words;
  std::string error;
  try {
    words = split_words(normalize_line(line, kMaxLineBytes), kMaxWords);
    return dispatch(Parsed{words}, ctx);
  } catch (const CommandError& e) {
    error = "error: " + std::string(e.what()) + "\n" + e.detail() +
            (e.detail().empty() || e.detail().back() == '\n' ? "" : "\n");
  } catch (const ServiceError& e) {
    error = "error: " + std::string(e.what()) + "\n";
  } catch (const StoreError& e) {
    error = "error: the server's store failed, try again later (" + std::string(e.what()) + ")\n";
  } catch (const std::exception& e) {
    error = "error: internal error (" + std::string(e.what()) + ")\n";
  }
  return without_secrets(std::move(error), words);
}

std::string CommandInterface::dispatch(const Parsed& parsed, const CommandContext& ctx) {
  Parsed p = parsed;
  const Words& w = p.w;
  if (w.size() == 0) throw CommandError("empty command: send 'help' for the commands");
  std::string first = lower(w[0]);
  if (first == "help") {
    if (w.size() > 2) bad_usage("", "help", "help: too many words");
    return help(w[1]);
  }
  if (first == "signup") return signup(p, 1, ctx);

  try {
    p.game = builtin_variant(first);
  } catch (const VariantError&) {
    throw CommandError("unknown game or command " + quoted(w[0]) +
                           ": a command starts with signup, help or a game",
                       "The games: " + game_list() + ".\nSend 'help' for the commands.");
  }
  p.game_word = first;
  if (w.size() < 2)
    throw CommandError(quoted(w[0]) +
                       " needs a command after it: challenge, accept, decline, move, board, "
                       "resign, abort, games, set or help");
  p.verb = lower(w[1]);
  p.first = 2;
  if (p.verb == "challenge") return challenge(p, ctx);
  if (p.verb == "accept" || p.verb == "decline") return answer_challenge(p, ctx);
  if (p.verb == "move") return move(p, ctx);
  if (p.verb == "board" || p.verb == "show") return board(p, ctx);
  if (p.verb == "resign" || p.verb == "abort") return end_game(p, ctx);
  if (p.verb == "games") return games(p, ctx);
  if (p.verb == "set") return set(p, ctx);
  if (p.verb == "signup") return signup(p, 2, ctx);
  if (p.verb == "help") {
    if (w.size() > 2) bad_usage("", "help", "help: too many words");
    return help(p.game->id);
  }
  throw CommandError("unknown command " + quoted(w[1]) + " for " + p.game_word +
                     ": the commands are challenge, accept, decline, move, board, resign, abort, "
                     "games, set and help");
}

// --- Accounts ---

User CommandInterface::check_password(const std::string& name, const std::string& password,
                                      const CommandContext& ctx) {
  return accounts_.check_password(name, password,
                                  ctx.client.empty() ? ctx.sender_email : ctx.client);
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

// --- Boards ---

GameView CommandInterface::board_view(const Parsed& p, const std::string& board_word, Id viewer) {
  Id id = board_number(board_word);
  GameView v;
  try {
    v = games_.view(id, viewer);
  } catch (const ServiceError& e) {
    if (e.code() == ErrorCode::NotFound) throw CommandError("no board " + std::to_string(id));
    throw;
  }
  if (!same_game(v.state.setup.game, p.game->id))
    throw CommandError("board " + std::to_string(id) + " is a game of " + v.game_name +
                       ", not of " + p.game->name + ": write '" + v.state.setup.game + " " +
                       p.verb + " " + std::to_string(id) + " ...'");
  return v;
}

Preferences CommandInterface::viewer_preferences(const GameView& v, const std::string& user_word,
                                                 const CommandContext& ctx) {
  if (!user_word.empty()) return accounts_.user_by_name(user_word).preferences;
  if (ctx.sender_user) return accounts_.user(ctx.sender_user).preferences;
  if (!ctx.sender_email.empty()) {
    for (const PlayerRef& who : {v.state.black, v.state.white}) {
      User u = accounts_.user(who.id);
      if (iequals(u.email, ctx.sender_email)) return u.preferences;
    }
  }
  return {};
}

std::string CommandInterface::board_for(Id game, Id viewer) {
  return draw(games_.view(game, viewer), accounts_.user(viewer).preferences, viewer);
}

std::string CommandInterface::draw(const GameView& v, const Preferences& prefs, Id viewer) {
  Replayed r = replay(v);
  bool flip = prefs.flip && viewer && v.state.white.id == viewer && v.state.black.id != viewer;
  BoardStyle style = parse_board_style(prefs.board_style).value_or(BoardStyle::Standard);
  std::string text = board_text_pbm(r.game.position(), style, flip);
  // The drawing ends with "Black to move": the game's status says more.
  if (!text.empty() && text.back() == '\n') text.pop_back();
  text.erase(text.rfind('\n') + 1);

  std::string head = "Board " + std::to_string(v.state.id) + ": " + v.game_name;
  std::string note = setup_note(v.state.setup);
  if (!note.empty()) head += " (" + note + ")";
  head += ", " + players(v.state) + "\n";
  if (v.state.ply)
    head += "Moves played: " + std::to_string(v.state.ply) + "; the last, by " +
            color_name(~r.game.position().side_to_move()) + ": " + r.last_move + "\n";
  if (v.state.time_control.kind != TimeControl::Kind::None)
    head += "Time control: " + describe(v.state.time_control) + "\n";

  std::string status;
  switch (v.state.status) {
    case GameStatus::Active:
      status = player(v.state, v.to_move) + " to move.\n";
      if (v.state.draw_offer) status += player(v.state, *v.state.draw_offer) + " offers a draw.\n";
      break;
    case GameStatus::Adjourned:
      status = "Adjourned: " + player(v.state, v.to_move) + " has sealed a move.\n";
      break;
    case GameStatus::Finished:
      status = "Game over: " + v.result_text + ".\n";
      break;
    case GameStatus::Aborted:
      status = "Game " + v.result_text + ".\n";
      break;
  }
  return head + "\n" + text + "\n" + status;
}

std::string CommandInterface::board(const Parsed& p, const CommandContext& ctx) {
  want_words(p.w, 3, 4, p.game_word, p.verb);
  Id viewer = 0;
  std::string user_word = p.w[3];
  if (!user_word.empty()) {
    try {
      viewer = accounts_.user_by_name(user_word).id;
    } catch (const ServiceError& e) {
      throw CommandError(p.verb + ": " + e.what());
    }
  } else if (ctx.sender_user) {
    viewer = ctx.sender_user;
  }
  GameView v = board_view(p, p.w[2], viewer);
  if (!viewer && !ctx.sender_email.empty()) {
    for (const PlayerRef& who : {v.state.black, v.state.white})
      if (iequals(accounts_.user(who.id).email, ctx.sender_email)) viewer = who.id;
  }
  return draw(v, viewer_preferences(v, user_word, ctx), viewer);
}

// --- Games ---

std::string CommandInterface::challenge(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  std::vector<std::string> names;
  GameSetup setup;
  setup.game = p.game->id;
  bool dai = false, lion = false;
  std::optional<std::string> password;
  std::vector<std::pair<std::string, std::string>> options;
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
    } else if ((name == "dai" || name == "daishogi") && eq == std::string_view::npos) {
      dai = true;
    } else if (name == "lion" && eq == std::string_view::npos) {
      lion = true;
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
    } else if (name == "option") {
      need_value();
      size_t at = value.find('=');
      if (at == 0 || at == std::string::npos || at + 1 == value.size())
        throw CommandError("challenge: " + quoted(word) + ": write -option=NAME=VALUE");
      options.emplace_back(lower(value.substr(0, at)), value.substr(at + 1));
    } else {
      throw CommandError("challenge: unknown option " + quoted(word) +
                         ": the options are -drops, -handicap=SPEC, -dai, -lion, "
                         "-option=NAME=VALUE, -profile=NAME and -level=N (the computer's)");
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
  std::string id = std::to_string(c.id);
  return "Challenge " + id + " sent to " + them.name + ": " + black.name + " (Black) against " +
         white.name + " (White), " + p.game->name + ".\n" + them.name + " accepts with '" +
         p.game_word + " accept " + id + " " + them.name + " PASSWORD', or declines with '" +
         p.game_word + " decline " + id + " " + them.name + " PASSWORD'.\n";
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

// GAME accept|decline CHALLENGE USER PASSWORD: the challenged player answers.
std::string CommandInterface::answer_challenge(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  want_words(w, 5, 5, p.game_word, p.verb);
  Id id = board_number(w[2]);
  User u;
  try {
    u = check_password(w[3], w[4], ctx);
    if (p.verb == "decline") {
      challenges_.decline(id, u.id);
      return "Challenge " + std::to_string(id) + " declined.\n";
    }
    Id game = challenges_.accept(id, u.id);
    GameView v = games_.view(game, u.id);
    return "New game: board " + std::to_string(game) + ".\n" + draw(v, u.preferences, u.id);
  } catch (const ServiceError& e) {
    throw CommandError(p.verb + " " + std::to_string(id) + ": " + e.what());
  }
}

std::string CommandInterface::move(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  if (w.size() < 6) bad_usage(p.game_word, "move", "move: too few words");
  Id id = board_number(w[2], false);
  std::string text = w.rest(5);
  std::string where = "board " + std::to_string(id) + ": ";
  if (text.size() > 100) throw CommandError(where + "the move is longer than 100 characters");
  User u;
  try {
    u = check_password(w[3], w[4], ctx);
  } catch (const ServiceError& e) {
    throw CommandError(where + e.what());
  }
  GameView v = board_view(p, w[2], u.id);
  where = "move " + std::to_string(v.state.ply + 1) + " in " + where;
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
         draw(after, u.preferences, u.id);
}

std::string CommandInterface::end_game(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  const bool resigning = p.verb == "resign";
  want_words(w, 5, 5, p.game_word, p.verb);
  Id id = board_number(w[2], false);
  std::string where = p.verb + " in board " + std::to_string(id) + ": ";
  User u;
  try {
    u = check_password(w[3], w[4], ctx);
  } catch (const ServiceError& e) {
    throw CommandError(where + e.what());
  }
  board_view(p, w[2], u.id);
  try {
    if (resigning)
      games_.resign(id, u.id);
    else
      games_.abort(id, u.id);
  } catch (const ServiceError& e) {
    throw CommandError(where + e.what());
  }
  return "Board " + std::to_string(id) + ": " + u.name +
         (resigning ? " resigned" : " aborted the game") + ".\n" +
         draw(games_.view(id, u.id), u.preferences, u.id);
}

std::string CommandInterface::games(const Parsed& p, const CommandContext&) {
  const Words& w = p.w;
  want_words(w, 3, 3, p.game_word, "games");
  User u;
  try {
    u = accounts_.user_by_name(w[2]);
  } catch (const ServiceError& e) {
    throw CommandError("games: " + std::string(e.what()));
  }
  std::vector<GameState> list = games_.games_of(u.id, /*viewer=*/0);  // lists no moves
  if (list.empty()) return u.name + " has no games.\n";
  // Unfinished games first, newest first within each group (the store's order).
  std::stable_partition(list.begin(), list.end(),
                        [](const GameState& s) { return !is_over(s.status); });
  constexpr size_t kMaxListed = 100;

  std::map<std::string, std::string> names;  // game id -> name
  auto game_name = [&](const std::string& id) {
    auto it = names.find(id);
    if (it != names.end()) return it->second;
    std::string name = id;
    try {
      name = builtin_variant(id)->name;
    } catch (const VariantError&) {
    }
    return names[id] = name;
  };

  std::vector<std::array<std::string, 5>> rows;
  rows.push_back({"board", "game", "opponent", "colour", "status"});
  for (size_t i = 0; i < list.size() && i < kMaxListed; ++i) {
    const GameState& s = list[i];
    bool black = s.black.id == u.id;
    std::string opponent = black ? s.white.name : s.black.name;
    std::string status;
    if (is_over(s.status)) {
      status = "over: " + describe_result(s);
    } else if (s.status == GameStatus::Adjourned) {
      status = "adjourned";
    } else {
      status = (side_to_move(s) == kBlack ? s.black.name : s.white.name) + " to move";
    }
    std::string game = game_name(s.setup.game);
    std::string note = setup_note(s.setup);
    if (!note.empty()) game += " (" + note + ")";
    rows.push_back({std::to_string(s.id), game, opponent,
                    s.black.id == s.white.id ? "both"
                    : black                  ? "Black"
                                             : "White",
                    status});
  }
  std::array<size_t, 5> width{};
  for (const auto& row : rows)
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  std::string out = "Games of " + u.name + ":\n";
  for (const auto& row : rows) {
    std::string line = std::string(width[0] - row[0].size(), ' ') + row[0];
    for (size_t c = 1; c < row.size(); ++c) {
      line += "  " + row[c];
      if (c + 1 < row.size()) line += std::string(width[c] - row[c].size(), ' ');
    }
    out += line + "\n";
  }
  if (list.size() > kMaxListed)
    out += "... and " + std::to_string(list.size() - kMaxListed) + " older games.\n";
  return out;
}

}  // namespace kirin::server
