// An XBoard (CECP, protocol 2) engine such as HaChu; docs/hachu-protocol.md has HaChu's
// quirks. Coordinates: files a.. from the first player's left, ranks 1.. from the first
// player's side; a Lion double move is "a,b" with two legs, a pass "@@@@".
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "match/player.h"

namespace kirin::match {

// XBoard move text <-> Move. parse_xboard_move throws NotationError (malformed or illegal);
// to_xboard_move throws EngineError for moves XBoard cannot write (extra victims).
std::string xboard_square(const Variant& v, Square s);
Move parse_xboard_move(const Position& pos, std::string_view text);
std::string to_xboard_move(const Position& pos, const Move& m);
// The name XBoard uses for a game: its XBoard name ("chu"), else Kirin's id (HaChu's "sho").
std::string xboard_variant_name(const Variant& v);
// "level 0 0:10 0.1" for a time control (exposed for tests).
std::string xboard_level_command(const TimeControl& tc);

// One line of an engine's thinking output ("post"): depth, score, time, nodes, variation.
struct XBoardThinking {
  int depth = 0;
  int score = 0;
  int64_t centiseconds = 0;
  int64_t nodes = 0;
  std::string pv;
};
// Reads "DEPTH SCORE TIME NODES [PV...]" (time in centiseconds, as protocol 2 has it);
// std::nullopt for any other line.
std::optional<XBoardThinking> parse_xboard_thinking(std::string_view line);

class XBoardPlayer : public Player {
 public:
  explicit XBoardPlayer(const PlayerConfig& config);
  ~XBoardPlayer() override;

  // "xboard", "protover 2" and the engine's features up to done=1; throws EngineError.
  void handshake();

  Protocol protocol() const override { return Protocol::XBoard; }
  void check_game(const Variant& v) const override;
  void new_game(const Position& start, Color side, const TimeControl& tc) override;
  EngineReply play(const Game& game, const TimeControls& tc, const ClockState& clock,
                   std::chrono::milliseconds deadline) override;
  void game_over(const std::string& result, const std::string& reason) override;

  // Has the engine analyse `pos` ("post", "analyze") for `time`; returns its last thinking
  // line, or std::nullopt if it printed none. A position other than the game's setup goes
  // as a bare board, the only `setboard` HaChu reads: the first player must be to move, with
  // empty hands. Throws EngineError (also for a position it cannot be given).
  std::optional<XBoardThinking> analyze(const Position& pos, std::chrono::milliseconds time);

 private:
  void send(const std::string& line);
  void send_move(const Move& m);
  void sync(std::chrono::milliseconds timeout);  // ping/pong: drops stale output
  std::string crash_detail();
  EngineReply fail(EngineReply::Kind kind, std::string detail);

  PlayerConfig config_;
  std::unique_ptr<EngineProcess> process_;
  std::map<std::string, std::string> features_;
  std::set<std::string> engine_options_;  // from feature option="NAME -type ..."
  std::optional<std::vector<std::string>> variants_;
  int ping_counter_ = 0;
  // The game as the engine knows it.
  std::unique_ptr<Position> pos_;
  size_t sent_ = 0;         // moves of the game the engine has been told
  bool force_mode_ = true;  // the engine is not playing a side yet
  std::string last_sent_;   // the last move sent, for "Illegal move" reports
  Color side_ = kBlack;
};

}  // namespace kirin::match
