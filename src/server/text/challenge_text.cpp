#include "server/text/challenge_text.h"

#include <vector>

#include "clock/time_control.h"
#include "rules/variant.h"
#include "server/domain/game_setup.h"
#include "server/text/command_common.h"

namespace kirin::server {
namespace {

std::string joined(const std::vector<std::string>& parts, const std::string& between) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? between : "") + parts[i];
  return out;
}

// The rules the setup chooses, every one named: the profile (or the game's default), rule
// options, drops, the handicap or start position, the computer's level.
std::vector<std::string> rules_words(const GameSetup& s, const Variant& v) {
  std::vector<std::string> out;
  if (!s.profile.empty())
    out.push_back("rule profile " + s.profile);
  else if (!v.default_profile.empty())
    out.push_back("rule profile " + v.default_profile + " (the game's default)");
  for (const auto& [name, value] : s.options) {
    const std::string note = option_note(name, value);
    out.push_back(note.find('=') == std::string::npos ? note : "option " + note);
  }
  if (s.drops) out.push_back(*s.drops ? "with drops" : "without drops");
  if (!s.handicap.empty()) out.push_back("handicap " + s.handicap);
  if (!s.start_sfen.empty()) out.push_back("start position " + s.start_sfen);
  if (s.computer_level) out.push_back("the computer at level " + std::to_string(s.computer_level));
  return out;
}

std::string clock_words(const TimeControl& tc) {
  switch (tc.kind) {
    case TimeControl::Kind::None: return "no clock (no time limit)";
    case TimeControl::Kind::Correspondence:
      return describe(tc) + " a move (correspondence)";
    case TimeControl::Kind::Live:
      return "live clock " + describe(tc) + " (seconds; played at the board, not by mail)";
    default: return describe(tc);
  }
}

std::string rated_words(const GameSetup& s) {
  return std::string(s.rated ? "rated" : "casual (ratings do not change)") + "; " +
         (s.takebacks ? "takebacks allowed" : "no takebacks");
}

std::string opponent_name(const Challenge& c) {
  return c.challenged.id ? c.challenged.name : "whoever accepts";
}

// "alice plays Black, bob White; Black moves first".
std::string colour_words(const Challenge& c) {
  std::string out;
  if (c.color == ColorChoice::Random)
    out = "colours drawn at random when it is accepted";
  else
    out = c.challenger.name + " plays " +
          (c.color == ColorChoice::ChallengerBlack ? "Black, " : "White, ") + opponent_name(c) +
          (c.color == ColorChoice::ChallengerBlack ? " White" : " Black");
  // Who moves first is the start position's (White in a handicap game).
  try {
    GameSetup setup = c.setup;
    out += build_setup(setup).start.side_to_move() == kBlack ? "; Black moves first"
                                                              : "; White moves first";
  } catch (const std::exception&) {  // the catalog changed since: accepting will say so
  }
  return out;
}

std::string game_name(const Challenge& c) {
  try {
    return setup_variant(c.setup)->name;
  } catch (const std::exception&) {
    return c.setup.game;
  }
}

std::string rules_line(const Challenge& c) {
  try {
    std::vector<std::string> words = rules_words(c.setup, *setup_variant(c.setup));
    return words.empty() ? "the game's standard rules" : joined(words, ", ");
  } catch (const std::exception&) {
    return "the game's standard rules";
  }
}

std::string command(const std::string& word, const char* verb, Id id, const std::string& user) {
  return word + " " + verb + " " + std::to_string(id) + " " + user + " PASSWORD";
}

}  // namespace

std::string command_word(const std::string& game) {
  return game == "chu" || game == "dai" ? "chushogi" : game;
}

std::string describe_challenge(const Challenge& c, Id reader, const std::string& word) {
  const std::string id = std::to_string(c.id);
  std::string out = "Challenge " + id + ": " + c.challenger.name + " challenges " +
                    (c.challenged.id ? c.challenged.name : "anyone") + " to " + game_name(c) +
                    ".\n";
  out += "  Rules: " + rules_line(c) + ".\n";
  out += "  Clock: " + clock_words(c.time_control) + ".\n";
  out += "  Colours: " + colour_words(c) + ".\n";
  out += "  Terms: " + rated_words(c.setup) + ".\n";
  if (c.status != ChallengeStatus::Open) return out;
  if (reader == c.challenger.id) {
    if (c.challenged.id)
      out += c.challenged.name + " accepts with '" +
             command(word, "accept", c.id, c.challenged.name) + "' or declines with '" +
             command(word, "decline", c.id, c.challenged.name) + "'.\n";
    else
      out += "Anyone may accept it with '" + command(word, "accept", c.id, "USER") + "'.\n";
    out += "Withdraw it with: " + command(word, "withdraw", c.id, c.challenger.name) + "\n";
  } else if (c.challenged.id) {
    out += "Accept it with:  " + command(word, "accept", c.id, c.challenged.name) + "\n";
    out += "Decline it with: " + command(word, "decline", c.id, c.challenged.name) + "\n";
  } else {
    out += "Accept it with: " + command(word, "accept", c.id, "USER") + "\n";
  }
  return out;
}

std::string challenge_summary(const Challenge& c, Id reader, const std::string& word) {
  const bool mine = reader == c.challenger.id;
  const GameSetup& s = c.setup;
  // The terms in short words (the notice and the reply have them in full).
  std::vector<std::string> terms = {game_name(c)};
  if (!s.profile.empty()) terms.push_back(s.profile + " rules");
  for (const auto& [name, value] : s.options)
    terms.push_back(name == "lion_rules" && value == "true" ? "Lion rules" : name + "=" + value);
  if (s.drops) terms.push_back(*s.drops ? "drops" : "no drops");
  if (!s.handicap.empty()) terms.push_back("handicap " + s.handicap);
  if (!s.start_sfen.empty()) terms.push_back("own start position");
  const TimeControl& tc = c.time_control;
  terms.push_back(tc.kind == TimeControl::Kind::None             ? "no clock"
                  : tc.kind == TimeControl::Kind::Correspondence ? describe(tc) + " a move"
                                                                 : "clock " + describe(tc));
  terms.push_back(s.rated ? "rated" : "casual");
  if (!s.takebacks) terms.push_back("no takebacks");
  const bool challenger_black = c.color == ColorChoice::ChallengerBlack;
  const std::string colour = c.color == ColorChoice::Random ? "colours at random"
                             : (mine == challenger_black)   ? "you play Black"
                                                            : "you play White";
  std::string out = "  " + std::to_string(c.id) + "  " +
                    (mine ? "to " + (c.challenged.id ? c.challenged.name : "anyone")
                          : "from " + c.challenger.name) +
                    ": " + joined(terms, ", ") + "; " + colour + "\n     ";
  if (mine)
    out += command(word, "withdraw", c.id, c.challenger.name);
  else if (c.challenged.id)
    out += command(word, "accept", c.id, c.challenged.name) + "  |  " +
           command(word, "decline", c.id, c.challenged.name);
  else
    out += command(word, "accept", c.id, "USER");
  return out + "\n";
}

}  // namespace kirin::server
