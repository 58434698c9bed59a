// KIF (柿木 format, UTF-8) as lishogi exports it. Boards wider than 9 (Chu, Dai) use
// lishogi's Chu style: "7七金将 （←7八）", the same square as "仝", a Lion's double move on two
// lines "一歩目 ..." / "二歩目 ..."; 9x9 games the standard style: "７六歩(77)", "同　",
// drops "５五角打". Piece names are the games' `kanji` fields; 成 marks a promotion and 不成 a
// promotion that was possible but declined.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "notation/notation_error.h"
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

// Reads a KIF record in either layout lishogi reads: the table ("   5   ７六歩(77)   (00:01/…)",
// Chu's "   5一歩目 …") and the numbered lines of lishogi's Chu records ("57手目一歩目 ▲仝獅子
// （←7七）"); standard and Chu-style moves, 同/仝, 打, 成/不成, the marks （居食い） and
// (じっと) (optional: the squares say what the move is), the header (players, event, date,
// time control, 手合割 or a board diagram), the ending line (投了, 詰み, 千日手, ...), "*"
// comments; "#" lines, "まで…" and variations (変化) are skipped. The game is that of the
// 手合割 or, without one, `fallback` (a diagram whose size is not fallback's: Shogi for 9x9,
// Chu for 12x12); a null fallback means Chu if the moves are written in Chu's style, else
// Shogi. Every move is checked: a bad one throws NotationError naming the move ("move 57")
// as the field and saying the line, the text and why.
KifGame read_kif(std::string_view text, std::shared_ptr<const Variant> fallback = nullptr);

// The marks after a move's piece name: lishogi's igui, and Kirin's list of the pieces a move
// takes where it does not stop (a burn), which KIF has no word for.
inline constexpr const char* kKifIguiMark = "（居食い）";
inline constexpr const char* kKifKillsMark = "（取り：";

// What the reader and the writer share: a piece's name in moves ("金将" in Chu style, "金" in
// standard KIF), its one-character name on a board diagram, and the 手合割 of a game's setup.
std::string kif_piece_name(const Variant& v, Kind k);
std::string kif_board_name(const Variant& v, Kind k);
std::string kif_handicap_name(const Variant& v);

}  // namespace kirin
