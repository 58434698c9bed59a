#include "match/game_record.h"

namespace kirin::match {

const char* termination_name(Termination t) {
  switch (t) {
    case Termination::Rules:
      return "rules";
    case Termination::Resignation:
      return "resignation";
    case Termination::Time:
      return "time forfeit";
    case Termination::IllegalMove:
      return "illegal move";
    case Termination::Crash:
      return "crash";
    case Termination::Protocol:
      return "protocol error";
    case Termination::Adjudication:
      return "adjudication";
  }
  return "?";
}

std::string GameRecord::result_text() const {
  switch (result) {
    case Result::BlackWins:
      return "1-0";
    case Result::WhiteWins:
      return "0-1";
    case Result::Draw:
      return "1/2-1/2";
    case Result::Ongoing:
      break;
  }
  return "*";
}

std::string short_reason(EndReason r) {
  switch (r) {
    case EndReason::RoyalsCaptured:
      return "king captured";
    case EndReason::BareKing:
      return "bare king";
    case EndReason::Checkmate:
      return "checkmate";
    case EndReason::NoLegalMoves:
      return "no legal moves";
    case EndReason::Repetition:
      return "repetition";
    case EndReason::PerpetualAttack:
      return "perpetual attack";
    case EndReason::Impasse:
      return "impasse";
    case EndReason::InsufficientMaterial:
      return "insufficient material";
    case EndReason::PlyLimit:
      return "ply limit";
    case EndReason::None:
      break;
  }
  return "none";
}

namespace {

// Tag values are quoted; a quote or backslash inside is escaped as in PGN.
std::string tag(const std::string& name, const std::string& value) {
  std::string v;
  for (char c : value) {
    if (c == '"' || c == '\\') v += '\\';
    v += c;
  }
  return "[" + name + " \"" + v + "\"]\n";
}

}  // namespace

std::string format_record(const GameRecord& g) {
  std::string out;
  out += tag("Event", g.event);
  out += tag("Game", std::to_string(g.number));
  out += tag("Date", g.date);
  out += tag("Variant", g.variant_id);
  out += tag("Black", g.black);
  out += tag("White", g.white);
  out += tag("TimeControl", g.time_control);
  out += tag("SFEN", g.start_sfen);
  out += tag("OpeningPlies", std::to_string(g.opening_plies));
  out += tag("Plies", std::to_string(g.moves.size()));
  out += tag("Result", g.result_text());
  out += tag("Termination", termination_name(g.termination));
  out += tag("Reason", g.reason);
  out += '\n';
  for (size_t i = 0; i < g.moves.size(); ++i) {
    out += g.moves[i].usi;
    out += (i + 1) % 10 == 0 || i + 1 == g.moves.size() ? '\n' : ' ';
  }
  out += g.result_text() + " {" + g.reason + "}\n";
  return out;
}

}  // namespace kirin::match
