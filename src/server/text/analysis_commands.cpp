// GAME analysis BOARD: a finished game's kept computer analysis (game_analyses.h) as text: the
// summary per player and the marked moves with the better move, as the web shows them.
#include <cstdio>

#include "notation/pbm.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "server/domain/game_setup.h"
#include "server/domain/service_error.h"
#include "server/text/command_common.h"

namespace kirin::server {

namespace {

// A score from Black's side as lishogi writes it: pawns ("+1.35", "-0.20") or a mate ("#3",
// "#-3").
std::string score_text(const std::optional<PositionEval>& e) {
  if (!e) return "end";
  if (e->mate) return "#" + std::to_string(*e->mate);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.2f", *e->cp / 100.0);
  return buf;
}

std::string padded(std::string s, size_t width) {
  if (s.size() < width) s.insert(0, width - s.size(), ' ');
  return s;
}

}  // namespace

std::string CommandInterface::analysis(const Parsed& p) {
  const Words& w = p.w;
  want_words(w, 3, 3, p.game_word, "analysis");
  GameView v = board_view(p, w[2], 0);  // who may see a board may see its analysis
  GameAnalysis a;
  try {
    a = games_.analyses().get(v.state.id);
  } catch (const ServiceError& e) {
    if (e.code() != ErrorCode::NotFound) throw;
    return "Board " + std::to_string(v.state.id) + ": no computer analysis yet. " +
           (v.state.status == GameStatus::Finished
                ? "A player of the game can request one on the web (Computer analysis)."
                : "A game is analysed once it is finished.") +
           "\n";
  }
  std::string out = "Board " + std::to_string(v.state.id) + ": " + v.game_name + ", " +
                    players(v.state) + "\n";
  out += "Computer analysis by " + a.stored->by.name + ", " + std::to_string(a.nodes) +
         " nodes a position.\n\n";
  const std::string names[2] = {"Black (" + v.state.black.name + ")",
                                "White (" + v.state.white.name + ")"};
  const size_t col = std::max<size_t>(std::max(names[0].size(), names[1].size()), 8) + 2;
  auto row = [&](const std::string& label, auto cell) {
    std::string line = label + std::string(24 - label.size(), ' ');
    for (Color c : {kBlack, kWhite}) line += padded(cell(a.judgment.players[c]), col);
    return line + "\n";
  };
  out += std::string(24, ' ') + padded(names[0], col) + padded(names[1], col) + "\n";
  out += row("Inaccuracies (?!)", [](const PlayerSummary& s) { return std::to_string(s.inaccuracies); });
  out += row("Mistakes (?)", [](const PlayerSummary& s) { return std::to_string(s.mistakes); });
  out += row("Blunders (?" "?)", [](const PlayerSummary& s) { return std::to_string(s.blunders); });
  out += row("Average centipawn loss", [](const PlayerSummary& s) {
    return s.acpl ? std::to_string(*s.acpl) : std::string("-");
  });
  out += row("Accuracy", [](const PlayerSummary& s) {
    return s.accuracy ? std::to_string(int(*s.accuracy + 0.5)) + "%" : std::string("-");
  });

  // The marked moves, in the boards' notation, each with the score before and after it.
  std::string marked;
  Game game(parse_sfen(setup_variant(v.state.setup), v.start_sfen));
  for (const MoveJudgment& m : a.judgment.moves) {
    const Position& pos = game.position();
    const Move played = parse_usi(pos, a.moves[size_t(m.ply - 1)]);
    if (m.mark != Mark::None) {
      std::string line = "  " + std::to_string(m.ply) + ". " + (m.mover == kBlack ? "Black " : "White ") +
                         to_pbm_move(pos, played, PbmForm::Full) + mark_glyph(m.mark) + "  " +
                         mark_word(m.mark);
      if (m.mate == MateChange::Created) line += ", lets the opponent mate";
      if (m.mate == MateChange::Lost) line += ", loses a forced mate";
      line += " (" + score_text(a.positions[size_t(m.ply - 1)]) + " -> " +
              score_text(a.positions[size_t(m.ply)]) + ")";
      if (!m.best.empty())
        line += "; better " + to_pbm_move(pos, parse_usi(pos, m.best), PbmForm::Full);
      marked += line + "\n";
    }
    game.play(played);
  }
  out += "\n" + (marked.empty() ? std::string("No move marked.\n") : "Marked moves (scores for Black, in pawns):\n" + marked);
  return out;
}

}  // namespace kirin::server
