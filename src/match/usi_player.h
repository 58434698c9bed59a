// A USI engine (shogi's protocol; lishogi's move notation for Chu, notation/usi.h).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "match/player.h"

namespace kirin::match {

class UsiPlayer : public Player {
 public:
  explicit UsiPlayer(const PlayerConfig& config);
  ~UsiPlayer() override;

  // Sends "usi" and reads the engine's id and options up to "usiok". False if the engine
  // does not answer as a USI engine within `timeout` (it may speak XBoard); throws
  // EngineError if it dies.
  bool handshake(std::chrono::milliseconds timeout);

  Protocol protocol() const override { return Protocol::Usi; }
  void check_game(const Variant& v) const override;
  void new_game(const Position& start, Color side, const TimeControl& tc) override;
  // isready, and every line up to its readyok dropped: the engine answers in order.
  void synchronize() override;
  EngineReply play(const Game& game, const TimeControls& tc, const ClockState& clock,
                   std::chrono::milliseconds deadline) override;
  void game_over(const std::string& result, const std::string& reason) override;

  // The "go" command for these clocks, sent to the engine playing `side` (exposed for
  // tests). With UsiClocks::Own both btime and wtime carry `side`'s time.
  static std::string go_command(const TimeControls& tc, const ClockState& clock, Color side,
                                UsiClocks clocks);
  // The clock reading Auto means for an engine whose "id name" is `id_name`: Own for
  // Fairy-Stockfish before its fix of 2021 (versions 11 and 12, "Fairy-Stockfish 11.1 LB 64"),
  // which reads wtime as Black's time (its upstream issue #269), else Standard.
  static UsiClocks usi_clocks_for(const std::string& id_name);

 private:
  void send(const std::string& line);
  // The UCI_Variant/USI_Variant option and the value that selects the game; {"", ""} if
  // the engine has no such option or the user sets it; throws EngineError if the list
  // lacks the game.
  std::pair<std::string, std::string> variant_setting(const Variant& v) const;
  void wait_ready(std::chrono::milliseconds timeout);
  std::string crash_detail();

  PlayerConfig config_;
  std::unique_ptr<EngineProcess> process_;
  // Options the engine declared: name -> the values of a combo (empty for other types).
  std::map<std::string, std::vector<std::string>> options_;
  std::string start_sfen_;  // "" = the game's own start position ("position startpos")
  Color side_ = kBlack;
  bool configured_ = false;
  std::string id_name_;                     // as the engine gives it, whatever --name says
  UsiClocks clocks_ = UsiClocks::Standard;  // config_.usi_clocks resolved after "usi"
};

}  // namespace kirin::match
