#include "server/http/move_details.h"

#include <map>
#include <memory>
#include <optional>

#include "notation/position_moves.h"
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

}  // namespace

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
  std::vector<std::string> listed;
  for (const Move& m : *list) {
    json detail = move_detail_json(pos, m);
    std::string usi = detail["usi"];
    listed.push_back(usi);
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
