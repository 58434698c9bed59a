#include "server/http/move_details.h"

#include <map>
#include <memory>
#include <optional>
#include <set>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/movegen.h"
#include "server/domain/game_setup.h"
#include "server/http/log.h"

namespace kirin::server::http {

using nlohmann::json;

json move_detail_json(const Position& pos, const Move& m) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  json path = json::array();
  if (!m.is_drop()) path.push_back(square_name(v, m.from));
  if (m.is_two_step()) path.push_back(square_name(v, m.mid));
  path.push_back(square_name(v, m.to));

  // What the move removes, as the rules play it: an enemy piece on a square it lands on or
  // names as a victim. A square it only passes (an empty one, or a piece hopped over) stays.
  json captured = json::array();
  if (!m.is_drop()) {  // a drop captures nothing: no need to play it
    Position after = pos;
    Undo undo;
    after.do_move(m, undo);
    auto took = [&](Square s, Piece victim) {
      if (s && is_piece(victim) && color_of(victim) != us && pos.at(s) == victim)
        captured.push_back(square_name(v, s));
    };
    if (m.is_two_step()) took(m.mid, undo.captured_mid);
    if (m.to != m.from) took(m.to, undo.captured_to);
    for (int i = 0; i < 2; ++i) took(m.kill[i], undo.captured_kill[i]);
  }
  return {{"usi", to_usi(pos, m)},
          {"from", m.is_drop() ? json(nullptr) : json(square_name(v, m.from))},
          {"to", square_name(v, m.to)},
          {"path", std::move(path)},
          {"promotion", m.promotes()},
          {"drop", m.is_drop() ? json(v.piece(m.drop_kind).sfen) : json(nullptr)},
          {"captured", std::move(captured)}};
}

namespace {

// The current position exactly as the rules see it. The SFEN holds all of it except which
// side passed last, which the rule against two passes in a row needs: then replay the moves.
Position current_position(const GameView& view) {
  std::shared_ptr<const Variant> v = setup_variant(view.state.setup);
  if (!v->rules.no_consecutive_skips || view.moves.empty()) return parse_sfen(v, view.sfen);
  Position pos = parse_sfen(v, view.start_sfen);
  for (const MoveRecord& record : view.moves) {
    Undo undo;
    pos.do_move(parse_usi(pos, record.usi), undo);
  }
  return pos;
}

// The squares of the side to move's royals that the opponent could take by any of its moves.
std::vector<std::string> royals_in_check(const Position& pos) {
  std::vector<std::string> out;
  Square attacked[Position::kMaxRoyals];
  const int n = royals_under_attack(pos, pos.side_to_move(), attacked);
  for (int i = 0; i < n; ++i) out.push_back(square_name(pos.variant(), attacked[i]));
  return out;
}

// Every piece's spelling of a move that `listed` does not name (another piece's igui or pass).
std::vector<std::string> spellings_beyond(const Position& pos, const std::set<std::string>& listed,
                                          MoveList& scratch) {
  std::vector<std::string> out;
  generate_every_piece_moves(pos, scratch);
  for (const Move& m : scratch) {
    std::string usi = to_usi(pos, m);
    if (!listed.contains(usi)) out.push_back(std::move(usi));
  }
  return out;
}

}  // namespace

PositionMoves position_moves(const Game& game) {
  PositionMoves out;
  const Position& pos = game.position();
  out.check = royals_in_check(pos);
  if (game.outcome().over()) return out;
  auto list = std::make_unique<MoveList>();  // large: not on the stack
  generate_moves(pos, *list);
  std::set<std::string> listed;
  for (const Move& m : *list) {
    out.legal_moves.push_back(to_usi(pos, m));
    listed.insert(out.legal_moves.back());
  }
  out.other_spellings = spellings_beyond(pos, listed, *list);
  return out;
}

BoardHints board_hints(const GameView& view) {
  BoardHints hints;
  if (view.sfen.empty()) return hints;
  std::optional<Position> replayed;
  try {
    replayed = current_position(view);
  } catch (const std::exception& e) {
    // A stored game the rules cannot rebuild is a bug; the page still gets the rest.
    log("error: game {}: no move details: {}", view.state.id, e.what());
    for (const std::string& usi : view.legal_moves)
      hints.legal_move_details.push_back({{"usi", usi}});
    return hints;
  }
  const Position& pos = *replayed;
  hints.check = royals_in_check(pos);
  if (view.legal_moves.empty()) return hints;

  auto list = std::make_unique<MoveList>();  // large: not on the stack
  generate_moves(pos, *list);
  std::map<std::string, json> by_usi;
  std::set<std::string> listed;
  for (const Move& m : *list) {
    json detail = move_detail_json(pos, m);
    std::string usi = detail["usi"];
    listed.insert(usi);
    by_usi.emplace(std::move(usi), std::move(detail));
  }
  for (const std::string& usi : view.legal_moves) {
    auto it = by_usi.find(usi);
    hints.legal_move_details.push_back(it != by_usi.end() ? it->second : json{{"usi", usi}});
  }
  hints.other_spellings = spellings_beyond(pos, listed, *list);
  return hints;
}

}  // namespace kirin::server::http
