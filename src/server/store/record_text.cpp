#include "server/store/record_text.h"

#include "server/domain/storage.h"
#include "server/domain/tournaments.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace kirin::server::record_text {

const char* tc_kind_text(TimeControl::Kind k) {
  switch (k) {
    case TimeControl::Kind::None: return "none";
    case TimeControl::Kind::Live: return "live";
    case TimeControl::Kind::Correspondence: return "correspondence";
    case TimeControl::Kind::MoveTime:
    case TimeControl::Kind::Nodes: break;
  }
  throw std::logic_error("a time per move is for engine matches: check_time_control refuses it");
}
TimeControl::Kind tc_kind_of(const std::string& s) {
  return s == "live" ? TimeControl::Kind::Live
         : s == "correspondence" ? TimeControl::Kind::Correspondence
                                 : TimeControl::Kind::None;
}

const char* status_text(GameStatus s) {
  switch (s) {
    case GameStatus::Active: return "active";
    case GameStatus::Adjourned: return "adjourned";
    case GameStatus::Finished: return "finished";
    case GameStatus::Aborted: return "aborted";
  }
  return "active";
}
GameStatus status_of(const std::string& s) {
  return s == "finished"    ? GameStatus::Finished
         : s == "aborted"   ? GameStatus::Aborted
         : s == "adjourned" ? GameStatus::Adjourned
                            : GameStatus::Active;
}

const char* tournament_kind_text(TournamentKind k) { return kind_name(k); }
TournamentKind tournament_kind_of(const std::string& s) {
  if (std::optional<TournamentKind> k = tournament_kind_named(s)) return *k;
  throw StoreError("a tournament of unknown kind '" + s + "'");
}
const char* tournament_status_text(TournamentStatus s) { return status_name(s); }
TournamentStatus tournament_status_of(const std::string& s) {
  if (std::optional<TournamentStatus> v = tournament_status_named(s)) return *v;
  throw StoreError("a tournament of unknown status '" + s + "'");
}

const char* result_text(Result r) {
  switch (r) {
    case Result::Ongoing: return "ongoing";
    case Result::BlackWins: return "black";
    case Result::WhiteWins: return "white";
    case Result::Draw: return "draw";
  }
  return "ongoing";
}
Result result_of(const std::string& s) {
  return s == "black" ? Result::BlackWins
         : s == "white" ? Result::WhiteWins
         : s == "draw"  ? Result::Draw
                        : Result::Ongoing;
}

const char* challenge_status_text(ChallengeStatus s) {
  switch (s) {
    case ChallengeStatus::Open: return "open";
    case ChallengeStatus::Accepted: return "accepted";
    case ChallengeStatus::Declined: return "declined";
    case ChallengeStatus::Cancelled: return "cancelled";
  }
  return "open";
}
ChallengeStatus challenge_status_of(const std::string& s) {
  return s == "accepted" ? ChallengeStatus::Accepted
         : s == "declined" ? ChallengeStatus::Declined
         : s == "cancelled" ? ChallengeStatus::Cancelled
                            : ChallengeStatus::Open;
}

const char* color_choice_text(ColorChoice c) {
  switch (c) {
    case ColorChoice::ChallengerBlack: return "challenger-black";
    case ColorChoice::ChallengerWhite: return "challenger-white";
    case ColorChoice::Random: return "random";
  }
  return "challenger-black";
}
ColorChoice color_choice_of(const std::string& s) {
  return s == "challenger-white" ? ColorChoice::ChallengerWhite
         : s == "random"         ? ColorChoice::Random
                                 : ColorChoice::ChallengerBlack;
}

const char* color_text(Color c) { return c == kWhite ? "white" : "black"; }
Color color_of(const std::string& s) { return s == "white" ? kWhite : kBlack; }

std::string options_json(const std::vector<std::pair<std::string, std::string>>& options) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& [name, value] : options) j.push_back({name, value});
  return j.dump();
}
std::vector<std::pair<std::string, std::string>> options_of(const std::string& text) {
  try {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& o : nlohmann::json::parse(text))
      out.emplace_back(o.at(0).get<std::string>(), o.at(1).get<std::string>());
    return out;
  } catch (const nlohmann::json::exception& e) {
    throw StoreError("stored game options do not read back: " + std::string(e.what()));
  }
}

std::string words_text(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}
std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> out;
  for (size_t at = 0; at < text.size();) {
    size_t end = text.find(' ', at);
    if (end == std::string::npos) end = text.size();
    if (end > at) out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

std::string preferences_json(const Preferences& p) {
  return nlohmann::json{{"board_style", p.board_style}, {"flip", p.flip},
                        {"piece_set", p.piece_set}, {"turn_mail", p.turn_mail},
                        {"accept_messages", p.accept_messages},
                        {"message_mail", p.message_mail}, {"profiles", p.profiles}}
      .dump();
}
Preferences preferences_of(const std::string& text) {
  Preferences p;
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) return p;
  p.board_style = j.value("board_style", p.board_style);
  p.flip = j.value("flip", p.flip);
  p.piece_set = j.value("piece_set", p.piece_set);
  p.turn_mail = j.value("turn_mail", p.turn_mail);
  p.accept_messages = j.value("accept_messages", p.accept_messages);
  p.message_mail = j.value("message_mail", p.message_mail);
  if (auto it = j.find("profiles"); it != j.end() && it->is_object())
    for (const auto& [game, profile] : it->items())
      if (profile.is_string()) p.profiles[game] = profile.get<std::string>();
  return p;
}

std::string analysis_positions_text(const std::vector<std::optional<PositionEval>>& positions) {
  std::string out;
  for (size_t i = 0; i < positions.size(); ++i) {
    if (i) out += '\n';
    const std::optional<PositionEval>& p = positions[i];
    if (!p) {
      out += '-';
      continue;
    }
    out += p->mate ? "mate " + std::to_string(*p->mate) : "cp " + std::to_string(p->cp.value_or(0));
    for (const std::string& m : p->pv) out += ' ' + m;
  }
  return out;
}

std::vector<std::optional<PositionEval>> analysis_positions_of(const std::string& text) {
  std::vector<std::optional<PositionEval>> out;
  for (const std::vector<std::string>& words : forecast_lines_of(text)) {
    if (words.size() < 2 || (words[0] != "cp" && words[0] != "mate")) {
      out.emplace_back();
      continue;
    }
    PositionEval e;
    (words[0] == "cp" ? e.cp : e.mate) = std::stoi(words[1]);
    e.pv.assign(words.begin() + 2, words.end());
    out.push_back(std::move(e));
  }
  return out;
}

std::string forecast_lines_text(const std::vector<std::vector<std::string>>& lines) {
  std::string out;
  for (const std::vector<std::string>& line : lines) {
    if (!out.empty()) out += '\n';
    for (size_t i = 0; i < line.size(); ++i) out += (i ? " " : "") + line[i];
  }
  return out;
}

std::vector<std::vector<std::string>> forecast_lines_of(const std::string& text) {
  std::vector<std::vector<std::string>> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = std::min(text.find('\n', start), text.size());
    std::vector<std::string> line;
    size_t at = start;
    while (at < end) {
      size_t space = std::min(text.find(' ', at), end);
      if (space > at) line.push_back(text.substr(at, space - at));
      at = space + 1;
    }
    if (!line.empty()) lines.push_back(std::move(line));
    start = end + 1;
  }
  return lines;
}

}  // namespace kirin::server::record_text
