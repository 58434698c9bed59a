// KIF (柿木 format, UTF-8) as lishogi exports it. Boards wider than 9 (Chu, Dai) use
// lishogi's Chu style: "7七金将 （←7八）", the same square as "仝", a Lion's double move on two
// lines "一歩目 ..." / "二歩目 ..."; 9x9 games the standard style: "７六歩(77)", "同　",
// drops "５五角打". Piece names are the games' `kanji` fields; 成 marks a promotion and 不成 a
// promotion that was possible but declined.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rules/game.h"

namespace kirin {

struct KifGame {
  enum class Ending {
    None,         // no ending line (a game still in progress)
    Resignation,  // 投了
    Timeout,      // 切れ負け
    IllegalMove,  // 反則負け: the side to move broke the rules or the protocol
    Mate,         // 詰み: checkmate, King captured, bare King, no legal moves
    Repetition,   // 千日手
    Perpetual,    // 反則勝ち: the side to move wins, its opponent attacked perpetually
    ImpasseWin,   // 入玉勝ち
    Draw,         // 持将棋: other draws (impasse, material, ply limit)
    Abort,        // 中断
  };

  Position start;
  std::vector<Move> moves;
  std::vector<int64_t> times_ms;  // thinking time per move; empty = no time column
  std::string event;              // 棋戦
  std::string date;               // 開始日時, "2025/01/31 12:34:56"
  std::string time_control;       // 持ち時間
  std::string black, white;       // 先手, 後手
  Result result = Result::Ongoing;
  Ending ending = Ending::None;
  std::string comment;  // a "* " line after the last move (why the game ended)

  explicit KifGame(Position s) : start(std::move(s)) {}
};

// As lishogi writes it: the moves, the comment, then the ending on the line of the move that
// was not played ("  15   投了"); no "まで…手で" line.
std::string write_kif(const KifGame& game);

// The word of the ending line, or "" where there is none: lishogi writes 投了 only for the side
// to move (the move number is its move's), so a resignation by the other side gets no line and
// says so in a comment.
std::string kif_termination(const KifGame& game);

// One move in the style of its board, before it is played in `pos`; `last_to` is the
// previous move's destination (for 仝/同) or kNoSquare. A Lion double move gives two lines
// joined by '\n' without their move numbers.
std::string kif_move(const Position& pos, const Move& m, Square last_to);

// The kind of ending that suits a game outcome decided by the rules.
KifGame::Ending kif_ending(const Outcome& outcome);

}  // namespace kirin
