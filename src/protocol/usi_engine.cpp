#include "protocol/usi_engine.h"

#include <algorithm>
#include <cstdlib>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "protocol/text_util.h"
#include "protocol/variant_names.h"
#include "rules/catalog.h"
#include "rules/movegen.h"

namespace kirin::protocol {
namespace {

constexpr int64_t kMaxHashMb = 65536;
constexpr int kMaxMultiPv = 64;

// `multipv`: the MultiPV option is above 1, so each line says which it is.
std::string info_line(const Position& root, const SearchInfo& info, bool multipv) {
  std::string line = "info depth " + std::to_string(info.depth) + " seldepth " +
                     std::to_string(info.seldepth);
  if (multipv) line += " multipv " + std::to_string(info.multipv);
  line += " score " + usi_score(info.score);
  if (info.lower_bound) line += " lowerbound";
  if (info.upper_bound) line += " upperbound";
  line += " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(info.nps) +
          " time " + std::to_string(info.time_ms) + " hashfull " + std::to_string(info.hashfull);
  if (!info.pv.empty()) line += " pv " + to_usi_line(root, info.pv);
  return line;
}

bool is_true(std::string_view v) { return v == "true"; }

}  // namespace

std::string usi_score(int score) {
  if (is_mate_score(score)) {
    int plies = kMateScore - std::abs(score);
    return "mate " + std::string(score > 0 ? "" : "-") + std::to_string(plies);
  }
  return "cp " + std::to_string(score);
}

UsiEngine::UsiEngine(std::istream& in, std::ostream& out, EngineConfig config)
    : in_(in), out_(out), config_(std::move(config)), session_(config_.rules, config_.hash_mb) {}

UsiEngine::~UsiEngine() { session_.stop_and_wait(); }

void UsiEngine::run() {
  std::string line;
  while (std::getline(in_, line))
    if (!handle(line)) return;
  settle();  // a piped script's last `go` is still answered
}

void UsiEngine::settle() {
  if (!session_.searching()) {
    session_.wait();
    return;
  }
  if (open_ended_) session_.stop();
  session_.wait();
}

bool UsiEngine::handle(std::string_view line) {
  const auto read_at = std::chrono::steady_clock::now();
  auto [command, args] = split_command(line);
  if (command.empty()) return true;
  const auto order_read = position_read_.value_or(read_at);
  position_read_.reset();
  if (command == "usi") {
    cmd_usi();
  } else if (command == "isready") {
    out_.line("readyok");
  } else if (command == "setoption") {
    settle();
    cmd_setoption(args);
  } else if (command == "usinewgame") {
    settle();
    session_.new_game();
    clock_lag_.new_game();
  } else if (command == "position") {
    settle();
    cmd_position(args);
    position_read_ = read_at;
  } else if (command == "go") {
    settle();
    cmd_go(args, order_read);
  } else if (command == "stop") {
    session_.stop();
  } else if (command == "ponderhit") {
    open_ended_ = false;
    session_.ponderhit();
  } else if (command == "gameover") {
    session_.stop_and_wait();
  } else if (command == "quit") {
    session_.stop_and_wait();
    return false;
  } else {
    info_string("unknown command: " + std::string(line));
  }
  return true;
}

void UsiEngine::cmd_usi() {
  out_.line("id name Kirin 0.1.0");
  out_.line("id author the Kirin authors");
  out_.line("option name USI_Hash type spin default " + std::to_string(session_.hash_mb()) +
            " min 1 max " + std::to_string(kMaxHashMb));
  out_.line("option name Hash type spin default " + std::to_string(session_.hash_mb()) +
            " min 1 max " + std::to_string(kMaxHashMb));
  out_.line("option name USI_Ponder type check default false");
  out_.line("option name MultiPV type spin default 1 min 1 max " + std::to_string(kMaxMultiPv));
  std::string variants = "option name UCI_Variant type combo default " + session_.rules().variant;
  for (const std::string& name : usi_variant_names()) variants += " var " + name;
  out_.line(variants);
  const Variant& v = *session_.variant();
  if (!v.profiles.empty()) {
    std::string line = "option name Profile type combo default " + session_.rules().profile_in(v);
    for (const auto& [name, settings] : v.profiles) line += " var " + name;
    out_.line(line);
  }
  for (const OptionInfo& o : v.option_infos) {
    std::string value = v.option_value(o.name);
    std::string line = "option name " + std::string(kRuleOptionPrefix) + o.name + " type ";
    if (o.type == "bool") {
      line += "check default " + (value.empty() ? o.default_value : value);
    } else if (o.type == "int") {
      line += "spin default " + (value.empty() ? o.default_value : value) + " min 0 max 1000000";
    } else {
      line += "combo default " + (value.empty() ? o.default_value : value);
      for (const std::string& c : o.choices) line += " var " + c;
      if (value == "custom") line += " var custom";
    }
    out_.line(line);
  }
  out_.line("usiok");
}

void UsiEngine::set_rules(const GameRules& rules) {
  try {
    session_.set_rules(rules);
    refused_position_.clear();  // the start position of the game now set
  } catch (const VariantError& e) {
    info_string("error: " + std::string(e.what()));
  } catch (const NotationError& e) {
    info_string("error: " + std::string(e.what()));
  }
}

void UsiEngine::cmd_setoption(std::string_view args) {
  // setoption name <name, may have spaces> [value <value, may have spaces>]
  auto words = split_words(args);
  if (words.empty() || words[0] != "name" || words.size() < 2) {
    info_string("error: expected 'setoption name <name> [value <value>]'");
    return;
  }
  std::string name, value;
  bool in_value = false, has_value = false;
  for (size_t i = 1; i < words.size(); ++i) {
    if (!in_value && words[i] == "value") {
      in_value = has_value = true;
      continue;
    }
    std::string& target = in_value ? value : name;
    target += (target.empty() ? "" : " ") + words[i];
  }
  if (name.empty()) {
    info_string("error: setoption without an option name");
    return;
  }
  if (name == "USI_Hash" || name == "Hash") {
    auto mb = parse_int(value);
    if (!mb || *mb < 1 || *mb > kMaxHashMb) {
      info_string("error: " + name + " takes a whole number of MiB from 1 to " +
                  std::to_string(kMaxHashMb) + ", not '" + value + "'");
      return;
    }
    session_.set_hash_mb(size_t(*mb));
  } else if (name == "MultiPV") {
    auto lines = parse_int(value);
    if (!lines || *lines < 1 || *lines > kMaxMultiPv) {
      info_string("error: MultiPV takes a whole number from 1 to " + std::to_string(kMaxMultiPv) +
                  ", not '" + value + "'");
      return;
    }
    multipv_ = int(*lines);
  } else if (name == "USI_Ponder") {
    if (value != "true" && value != "false") {
      info_string("error: USI_Ponder is true or false, not '" + value + "'");
      return;
    }
    ponder_option_ = is_true(value);
  } else if (name == "UCI_Variant" || name == "USI_Variant") {
    std::string id;
    try {
      id = kirin_id_from_usi(value);
    } catch (const VariantError& e) {
      info_string("error: " + std::string(e.what()));
      return;
    }
    // GUIs name the game before each game: naming the one being played keeps its profile
    // and options, whichever order they were set in. The configured profile and options
    // belong to the configured game only.
    if (id == session_.variant()->id) return;
    set_rules(id == config_.rules.variant ? config_.rules : GameRules{id, "", {}});
  } else if (name == "Profile") {
    GameRules rules = session_.rules();
    rules.profile = value;
    set_rules(rules);
  } else if (name.rfind(kRuleOptionPrefix, 0) == 0 && name.size() > kRuleOptionPrefix.size()) {
    if (!has_value) {
      info_string("error: option " + name + " needs a value");
      return;
    }
    std::string option = name.substr(kRuleOptionPrefix.size());
    GameRules rules = session_.rules();
    rules.set_option(option, value);
    set_rules(rules);
  } else {
    info_string("error: unknown option '" + name + "'");
  }
}

void UsiEngine::cmd_position(std::string_view args) {
  auto words = split_words(args);
  auto moves_at = std::find(words.begin(), words.end(), "moves");
  auto v = session_.variant();
  try {
    Position start(v);
    if (!words.empty() && words[0] == "startpos") {
      if (moves_at != words.begin() + 1)
        throw NotationError("expected 'moves' or nothing after 'startpos'", "position");
      start = parse_sfen(v, v->setup);
    } else if (!words.empty() && words[0] == "sfen") {
      std::string sfen;
      for (auto w = words.begin() + 1; w != moves_at; ++w) sfen += (sfen.empty() ? "" : " ") + *w;
      if (sfen.empty()) throw NotationError("'sfen' needs a position", "position");
      start = parse_sfen(v, sfen);
    } else {
      throw NotationError("expected 'position startpos' or 'position sfen <sfen>'", "position");
    }
    Game game(start);
    int number = 1;
    for (auto w = moves_at == words.end() ? moves_at : moves_at + 1; w != words.end();
         ++w, ++number) {
      if (game.outcome().over())
        throw NotationError("move " + std::to_string(number) + " '" + *w +
                                "': the game is already over (" + describe(game.outcome()) + ")",
                            "move");
      try {
        game.play(parse_usi(game.position(), *w));
      } catch (const NotationError& e) {
        throw NotationError("move " + std::to_string(number) + ": " + e.what(), "move");
      }
    }
    // Everything parsed: only now replace the current position.
    session_.set_position(start);
    for (const Move& m : game.moves()) session_.play(m);
    refused_position_.clear();
  } catch (const NotationError& e) {
    info_string("error: " + std::string(e.what()) + " (the previous position is kept)");
    refused_position_ = e.what();
  }
}

void UsiEngine::cmd_go(std::string_view args, std::chrono::steady_clock::time_point received) {
  auto words = split_words(args);
  SearchLimits limits;
  bool timed = false;
  int64_t increment_ms[2] = {0, 0};  // binc, winc
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "infinite") {
      limits.infinite = true;
      continue;
    }
    if (w == "ponder") {
      limits.ponder = true;
      continue;
    }
    if (w == "mate") {
      cmd_go_mate(std::vector<std::string>(words.begin() + long(i) + 1, words.end()));
      return;
    }
    static constexpr std::string_view kNumeric[] = {"btime", "wtime",    "binc",  "winc",
                                                    "byoyomi", "movestogo", "depth", "nodes",
                                                    "movetime"};
    if (std::find(std::begin(kNumeric), std::end(kNumeric), w) == std::end(kNumeric)) {
      info_string("error: go: unknown parameter '" + w + "'");
      return;
    }
    if (i + 1 >= words.size()) {
      info_string("error: go: '" + w + "' needs a number");
      return;
    }
    auto n = parse_int(words[++i]);
    if (!n) {
      info_string("error: go: '" + w + "' needs a whole number, not '" + words[i] + "'");
      return;
    }
    int64_t value = std::max<int64_t>(0, *n);  // a lagging GUI may send negative times
    // A clock not given reads 0: a byoyomi alone means the main time is used up.
    if (w == "btime" || w == "wtime" || w == "byoyomi")
      limits.time_control.kind = TimeControl::Kind::Live, timed = true;
    if (w == "btime") limits.clock.remaining_ms[kBlack] = value;
    if (w == "wtime") limits.clock.remaining_ms[kWhite] = value;
    if (w == "binc") increment_ms[kBlack] = value;
    if (w == "winc") increment_ms[kWhite] = value;
    if (w == "byoyomi") limits.time_control.byoyomi_ms = value;
    if (w == "movestogo") limits.moves_to_go = int(std::min<int64_t>(value, 1000));
    if (w == "depth") limits.depth = int(std::clamp<int64_t>(value, 1, kMaxPly - 1)), timed = true;
    if (w == "nodes") limits.nodes = std::max<int64_t>(1, value), timed = true;
    if (w == "movetime") limits.movetime_ms = std::max<int64_t>(1, value), timed = true;
  }
  // The model has one increment: the side to move's, which its time plan reads.
  const Game& game = session_.game();
  limits.time_control.increment_ms = increment_ms[game.position().side_to_move()];
  if (!timed && !limits.ponder) limits.infinite = true;  // bare "go": analyse until stop
  if (!refused_position_.empty()) {
    // A move of the position kept would be a move of another game: the GUI would take it
    // as illegal, or worse, as a different move.
    info_string("error: no search: the last position was refused (" + refused_position_ + ")");
    out_.line("bestmove resign");
    return;
  }
  if (game.outcome().over()) {
    out_.line("bestmove resign");
    return;
  }
  open_ended_ = limits.infinite || limits.ponder;
  limits.multipv = multipv_;
  limits.received = received;
  // Only a move timed from `go` on the clock tells the lag (a ponder's clock starts later).
  const Color us = game.position().side_to_move();
  const bool on_clock = limits.time_control.kind == TimeControl::Kind::Live && !limits.ponder &&
                        !limits.infinite;
  const int64_t remaining_ms = limits.clock.remaining_ms[us];
  const int64_t our_increment_ms = limits.time_control.increment_ms;
  if (on_clock) {
    limits.lag_ms = clock_lag_.clock_read(remaining_ms);
  } else {
    clock_lag_.forget_move();
    limits.lag_ms = clock_lag_.lag_ms();
  }
  Position root = game.position();
  const bool several = multipv_ > 1;
  session_.start_search(
      limits,
      [this, root, several](const SearchInfo& info) { out_.line(info_line(root, info, several)); },
      [this, root, on_clock, received, remaining_ms, our_increment_ms](const SearchResult& r) {
        if (!r.has_move) {
          out_.line("bestmove resign");
          return;
        }
        std::string line = "bestmove " + to_usi(root, r.best);
        if (r.has_ponder) {
          Position after = root;
          Undo u;
          after.do_move(r.best, u);
          line += " ponder " + to_usi(after, r.ponder);
        }
        out_.line(line);
        if (on_clock)  // the time the move took by the engine's own measure, once it is sent
          clock_lag_.moved(remaining_ms, ms_since(received), our_increment_ms);
      });
}

// go mate <milliseconds|infinite> [defend]: the mate solver, on the session's worker, answers as
// the USI specification's tsume search does: "checkmate <the line>", "checkmate nomate" or
// "checkmate timeout" (also after stop). The side to move attacks; with "defend" (Kirin's) it
// defends: the line then starts with its longest defence, and with no mate the info line names
// the defence that refutes the attack (the problems room checks a player's move so).
void UsiEngine::cmd_go_mate(const std::vector<std::string>& given) {
  MateLimits limits;
  std::vector<std::string> args = given;
  const bool defend = !args.empty() && args.back() == "defend";
  if (defend) args.pop_back();
  if (args.size() != 1) {
    info_string("error: go mate takes milliseconds or 'infinite', then 'defend' or nothing");
    return;
  }
  if (args[0] != "infinite") {
    auto ms = parse_int(args[0]);
    if (!ms) {
      info_string("error: go mate takes milliseconds or 'infinite', not '" + args[0] + "'");
      return;
    }
    limits.movetime_ms = std::max<int64_t>(1, *ms);
  }
  if (!refused_position_.empty()) {
    info_string("error: no mate search: the last position was refused (" + refused_position_ +
                ")");
    out_.line("checkmate nomate");
    return;
  }
  if (session_.game().outcome().over()) {
    out_.line("checkmate nomate");
    return;
  }
  open_ended_ = limits.movetime_ms == 0;
  Position root = session_.game().position();
  std::optional<Color> attacker;
  if (defend) attacker = ~root.side_to_move();
  session_.start_mate(limits, [this, root](const MateResult& r) {
    // What the solve cost, and for a mate what its length is proved to be (Kirin's words after
    // `string`: a GUI shows them as text), before the answer that ends it.
    std::string info = "info nodes " + std::to_string(r.nodes) + " time " +
                       std::to_string(r.time_ms) + " hashfull " + std::to_string(r.hashfull);
    if (r.status == MateStatus::Mate)
      info += std::string(" string mate ") + std::to_string(r.mate_moves()) + " length " +
              mate_length_word(r.exact, r.bounded);
    else if (r.status == MateStatus::NoMate && !r.line.empty())
      info += " string refutation " + to_usi(root, r.line.front());
    out_.line(info);
    if (r.status == MateStatus::Mate)
      out_.line("checkmate " + to_usi_line(root, r.line));
    else if (r.status == MateStatus::NoMate)
      out_.line("checkmate nomate");
    else
      out_.line("checkmate timeout");
  }, attacker);
}

}  // namespace kirin::protocol
