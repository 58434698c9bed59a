#include "server/domain/game_export.h"

#include <ctime>

#include "clock/time_control.h"
#include "server/domain/clocks.h"
#include "notation/gamecourier.h"
#include "notation/kif.h"
#include "notation/sfen.h"
#include "server/domain/results.h"
#include "server/domain/service_error.h"

namespace kirin::server {
namespace {

std::string utc_date(TimeMs t) { return utc_text(t, "%Y/%m/%d %H:%M:%S"); }

KifGame::Ending ending(const GameState& g) {
  if (g.status == GameStatus::Adjourned || g.status == GameStatus::Aborted)
    return KifGame::Ending::Abort;
  if (g.status != GameStatus::Finished) return KifGame::Ending::None;
  if (g.reason == kResignation) return KifGame::Ending::Resignation;
  if (g.reason == kTimeout) return KifGame::Ending::Timeout;
  if (g.reason == kAgreement) return KifGame::Ending::Draw;
  if (std::optional<EndReason> r = rules_reason(g.reason)) return kif_ending({g.result, *r});
  return KifGame::Ending::None;
}

}  // namespace

std::string export_usi(const ExportInput& in) {
  std::string out = "sfen " + to_sfen(in.start);
  if (!in.records.empty()) {
    out += " moves";
    for (const MoveRecord& m : in.records) out += " " + m.usi;
  }
  return out + "\n";
}

std::string export_kif(const ExportInput& in) {
  const GameState& g = in.state;
  KifGame k(in.start);
  k.moves = in.moves;
  for (const MoveRecord& m : in.records) k.times_ms.push_back(m.time_used_ms);
  k.event = "Kirin game " + std::to_string(g.id);
  k.date = utc_date(g.created);
  if (g.time_control.kind != TimeControl::Kind::None) k.time_control = describe(g.time_control);
  k.black = g.black.name;
  k.white = g.white.name;
  k.result = g.result;
  k.ending = ending(g);
  // lishogi says in a comment what no ending line says (a resignation while the opponent was
  // to move, or a reason KIF has no word for).
  if (is_over(g.status) && kif_termination(k).empty())
    k.comment = describe_result(g);
  return write_kif(k);
}

std::string export_gamecourier(const ExportInput& in) {
  return gamecourier_log(in.start, in.moves);
}

Exporter exporter_for(std::string_view format) {
  if (format == "usi") return export_usi;
  if (format == "kif") return export_kif;
  if (format == "gamecourier") return export_gamecourier;
  throw ServiceError(ErrorCode::Invalid,
                     "unknown export format '" + std::string(format) + "' (usi, kif, gamecourier)",
                     "format");
}

}  // namespace kirin::server
