// Tournaments by text and mail (commands.h), through the same domain calls as the API
// (tournaments.h):
//   GAME tournaments                       upcoming, running and recently finished events
//   GAME tournament ID [PAGE]              the event, its rules, its standings (a crosstable
//                                          for Swiss and round robins)
//   GAME tournament join ID USER PASSWORD [-password=EVENTPASSWORD]
//   GAME tournament withdraw|start|cancel ID USER PASSWORD
//   GAME tournament create arena|swiss|robin [-OPTION...] USER PASSWORD
#include <charconv>
#include <ctime>
#include <map>

#include "clock/time_control.h"
#include "server/domain/clocks.h"
#include "server/domain/game_setup.h"
#include "server/domain/service_error.h"
#include "server/text/command_common.h"

namespace kirin::server {
namespace {

// Events each list of `GAME tournaments` shows.
constexpr int kListed = 20;

// The option of `tournament create` that sets the field a domain error names.
const std::map<std::string, std::string>& option_of_field() {
  static const std::map<std::string, std::string> names = {{"kind", "arena|swiss|robin"},
                                                           {"name", "-name"},
                                                           {"description", "-name"},
                                                           {"game", "GAME"},
                                                           {"profile", "-profile"},
                                                           {"options", "-option"},
                                                           {"rated", "-rated"},
                                                           {"time_control", "-tc"},
                                                           {"minutes", "-minutes"},
                                                           {"rounds", "-rounds"},
                                                           {"double", "-double"},
                                                           {"round_interval", "-interval"},
                                                           {"starts_at", "-starts"},
                                                           {"max_players", "-max"},
                                                           {"min_rating", "-minrating"},
                                                           {"min_rated_games", "-mingames"},
                                                           {"berserk", "-berserk"},
                                                           {"password", "-password"},
                                                           {"computer", "-computer, -level"},
                                                           {"computer_entries", "-computer"},
                                                           {"computer_level", "-level"}};
  return names;
}

// Runs f, its ServiceError a CommandError after "tournament VERB: " (and, for create, the
// option at fault).
template <class F>
auto service(const std::string& verb, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const ServiceError& e) {
    std::string option;
    if (verb == "create" && !e.field().empty()) {
      auto it = option_of_field().find(e.field());
      option = (it == option_of_field().end() ? e.field() : it->second) + ": ";
    }
    throw CommandError("tournament " + verb + ": " + option + e.what());
  }
}

std::string score_text(int halves) { return std::to_string(halves / 2) + (halves % 2 ? ".5" : ""); }

// The tie-break in quarter points (Sonneborn-Berger): "3.25".
std::string quarters_text(int quarters) {
  static const char* const kFractions[] = {"", ".25", ".5", ".75"};
  return std::to_string(quarters / 4) + kFractions[quarters % 4];
}

std::string when(TimeMs t) { return utc_text(t, "%Y-%m-%d %H:%M UTC"); }

// A tournament id: digits only.
Id tournament_number(const std::string& word) {
  Id id = 0;
  auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), id);
  if (ec != std::errc() || end != word.data() + word.size() || id <= 0)
    throw CommandError("tournament: " + quoted(word) + " is not a tournament number");
  return id;
}

int whole_number(const std::string& option, const std::string& value) {
  int n = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (ec != std::errc() || end != value.data() + value.size() || n < 0)
    throw CommandError("tournament create: " + option + " must be a whole number, not " +
                       quoted(value));
  return n;
}

// -starts=YYYY-MM-DDTHH:MMZ, UTC.
TimeMs start_time(const std::string& value) {
  std::tm tm{};
  int year = 0, month = 0, day = 0, hour = 0, minute = 0;
  char t = 0, z = 0, extra = 0;
  if (std::sscanf(value.c_str(), "%4d-%2d-%2d%c%2d:%2d%c%c", &year, &month, &day, &t, &hour,
                  &minute, &z, &extra) != 7 ||
      (t != 'T' && t != 't') || (z != 'Z' && z != 'z') || month < 1 || month > 12 || day < 1 ||
      day > 31 || hour > 23 || minute > 59)
    throw CommandError(
        "tournament create: -starts must be a UTC time such as "
        "2026-12-01T18:00Z, not " +
        quoted(value));
  tm.tm_year = year - 1900;
  tm.tm_mon = month - 1;
  tm.tm_mday = day;
  tm.tm_hour = hour;
  tm.tm_min = minute;
  return TimeMs(timegm(&tm)) * 1000;
}

// A word with '_' for the blanks a command's word cannot hold: "600_byoyomi_30".
std::string blanks(std::string value) {
  for (char& c : value)
    if (c == '_') c = ' ';
  return value;
}

std::string kind_words(const Tournament& t) {
  const TournamentSettings& s = t.settings;
  switch (s.kind) {
    case TournamentKind::Arena:
      return "arena of " + std::to_string(s.minutes) + " minutes";
    case TournamentKind::Swiss:
      return "Swiss event of " + std::to_string(s.rounds) + " rounds";
    case TournamentKind::Robin:
      return std::string(s.double_round ? "double" : "single") + " round robin";
  }
  return "tournament";
}

std::string result_mark(Result r, bool black) {
  if (r == Result::Draw) return "=";
  if (r == Result::Ongoing) return "*";
  return (r == Result::BlackWins) == black ? "+" : "-";
}

}  // namespace


std::string CommandInterface::tournaments(const Parsed& p, const CommandContext&) {
  want_words(p.w, 2, 2, p.game_word, p.verb);
  Tournaments::Lists lists = tournaments_.list(kListed, p.game->id);
  std::string out;
  auto section = [&](const char* title, const std::vector<Tournament>& list) {
    std::vector<std::vector<std::string>> rows = {{"id", "name", "kind", "clock", "when"}};
    for (const Tournament& t : list) {
      TimeMs at = t.status == TournamentStatus::Created   ? t.settings.starts_at
                  : t.status == TournamentStatus::Running ? t.started
                                                          : t.finished;
      rows.push_back({std::to_string(t.id), t.settings.name, kind_name(t.settings.kind),
                      describe(t.settings.time_control),
                      at ? when(at) : std::string("when its creator starts it")});
    }
    out += std::string(title) + (rows.size() == 1 ? ": none\n" : ":\n" + table(rows));
  };
  section("Upcoming", lists.upcoming);
  section("Running", lists.running);
  section("Finished", lists.finished);
  return p.game->name + " tournaments (" + p.game_word + " tournament ID shows one):\n" + out;
}

std::string CommandInterface::tournament(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  const std::string sub = lower(w[2]);
  if (sub.empty()) bad_usage(p.game_word, "tournament", "tournament: too few words");
  if (sub == "create") return create_tournament(p, ctx);
  if (sub == "join" || sub == "withdraw" || sub == "start" || sub == "cancel") {
    // GAME tournament VERB ID USER PASSWORD [-password=EVENTPASSWORD]
    want_words(w, 6, sub == "join" ? 7 : 6, p.game_word, "tournament " + sub);
    Id id = tournament_number(w[3]);
    User me = service(sub, [&] { return check_password(w[4], w[5], ctx); });
    std::string event_password;
    if (w.size() == 7) {
      if (!lower(w[6]).starts_with("-password="))
        bad_usage(p.game_word, "tournament join", "tournament join: unknown option");
      event_password = w[6].substr(w[6].find('=') + 1);
    }
    Tournament t = service(sub, [&] {
      if (sub == "join")
        tournaments_.join(id, me.id, event_password);
      else if (sub == "withdraw")
        tournaments_.withdraw(id, me.id);
      else if (sub == "start")
        tournaments_.start(id, me.id);
      else
        tournaments_.cancel(id, me.id);
      return tournaments_.get(id);
    });
    const std::string name = "tournament " + std::to_string(id) + " (" + t.settings.name + ")";
    if (sub == "join")
      return me.name + " has joined " + name + ". " +
             (t.settings.time_control.kind == TimeControl::Kind::Live
                  ? std::string("Its games are live: play them on the web")
                  : std::string("Your games are mailed to you as they are paired")) +
             "; " + p.game_word + " tournament " + std::to_string(id) + " shows the standings.\n";
    if (sub == "withdraw")
      return me.name +
             (t.settings.kind == TournamentKind::Arena
                  ? " pauses in " + name + ": join again to play on.\n"
                  : " has withdrawn from " + name + ": games being played are played out.\n");
    if (sub == "start") return name + " has started.\n";
    return name + " is cancelled: its games are played out but count for nothing more.\n";
  }
  // GAME tournament ID [PAGE]
  want_words(w, 3, 4, p.game_word, "tournament");
  Id id = tournament_number(w[2]);
  int page = 1;
  if (w.size() == 4) page = std::max(1, whole_number("PAGE", w[3]));
  return service("show", [&] { return tournament_text(id, page); });
}

std::string CommandInterface::tournament_text(Id id, int page) {
  TournamentView v = tournaments_.view(id, 0, page);
  const Tournament& t = v.tournament;
  const TournamentSettings& s = t.settings;
  std::string out = "Tournament " + std::to_string(t.id) + ": " + t.settings.name + " (" +
                    status_name(t.status) + ")\n";
  out += "A " + std::string(s.setup.rated ? "rated" : "casual") + " " + kind_words(t) + " of " +
         setup_variant(s.setup)->name + ", " + describe(s.time_control) + ", created by " +
         t.creator.name + (s.password_hash.empty() ? "" : ", private") + ".\n";
  if (!s.description.empty()) out += s.description + "\n";
  if (t.status == TournamentStatus::Created)
    out += s.starts_at ? "Starts " + when(s.starts_at) + ".\n"
                       : std::string("Starts when its creator starts it.\n");
  if (t.started) out += "Started " + when(t.started) + ".\n";
  if (t.status == TournamentStatus::Running && s.kind == TournamentKind::Arena && t.deadline)
    out += "Ends " + when(t.deadline) + ".\n";
  if (t.status == TournamentStatus::Running && s.kind != TournamentKind::Arena)
    out += "Round " + std::to_string(t.round) +
           (t.deadline ? "; the next is paired at " + when(t.deadline) : std::string()) + ".\n";
  if (t.finished) out += "Ended " + when(t.finished) + ".\n";
  if (!v.rules.empty()) out += "\nRules: " + v.rules + "\n";
  if (v.standings.empty()) return out + "\nNo entries yet.\n";

  // Ranks of every entry (crosstable cells name opponents by rank): the whole field, page by
  // page, for Swiss and robin only (a robin has at most a few dozen).
  std::map<Id, int> rank_of;
  std::map<Id, std::string> name_of;
  if (s.kind != TournamentKind::Arena) {
    for (int pg = 1; pg <= v.pages; ++pg) {
      TournamentView part = pg == v.page ? v : tournaments_.view(id, 0, pg);
      for (const TournamentStanding& st : part.standings) {
        rank_of[st.entry.id] = st.rank;
        name_of[st.entry.id] = st.name;
      }
    }
  }
  out += "\nStandings (page " + std::to_string(v.page) + " of " + std::to_string(v.pages) + ", " +
         std::to_string(v.entries) + " entries" +
         (v.pages > 1 ? "; '" + s.setup.game + " tournament " + std::to_string(t.id) +
                            " PAGE' shows another"
                      : std::string()) +
         "):\n";
  std::vector<std::vector<std::string>> rows;
  if (s.kind == TournamentKind::Arena) {
    rows.push_back({"rank", "player", "score", "sheet", ""});
    for (const TournamentStanding& st : v.standings)
      rows.push_back({std::to_string(st.rank), st.name + (st.entry.withdrawn ? " (paused)" : ""),
                      std::to_string(st.points2 / 2), st.sheet, st.fire ? "(on fire)" : ""});
    out += table(rows);
    out +=
        "A win scores 2, a draw 1; after two wins in a row a win scores 4 and a draw 2 (on "
        "fire) until a game is not won.\n";
    return out;
  }
  // Swiss and robin: the crosstable. Swiss: a column per round, "5w+" = against rank 5 with
  // White, won; robin: a column per opponent by rank, the results of their games.
  std::map<Id, std::vector<const TournamentPairing*>> games_of;
  for (const TournamentPairing& pr : v.pairings) {
    games_of[pr.black].push_back(&pr);
    if (pr.white) games_of[pr.white].push_back(&pr);
  }
  const bool swiss = s.kind == TournamentKind::Swiss;
  std::vector<std::string> header = {"rank", "player", "score"};
  if (swiss) header.push_back("Buchholz");
  header.push_back("S-B");
  const int columns = swiss ? t.round : int(rank_of.size());
  for (int c = 1; c <= columns; ++c) header.push_back((swiss ? "r" : "") + std::to_string(c));
  rows.push_back(header);
  for (const TournamentStanding& st : v.standings) {
    std::vector<std::string> row = {std::to_string(st.rank),
                                    st.name + (st.entry.withdrawn ? " (withdrawn)" : ""),
                                    score_text(st.points2)};
    if (swiss) row.push_back(score_text(st.buchholz2));
    row.push_back(quarters_text(st.sonneborn4));
    std::vector<std::string> cells(columns);
    for (const TournamentPairing* pr : games_of[st.entry.id]) {
      const bool black = pr->black == st.entry.id;
      if (swiss) {
        if (pr->round < 1 || pr->round > columns) continue;
        cells[pr->round - 1] = pr->white == 0
                                   ? "bye"
                                   : std::to_string(rank_of[black ? pr->white : pr->black]) +
                                         (black ? "b" : "w") + result_mark(pr->result, black);
      } else {
        int opponent = rank_of[black ? pr->white : pr->black];
        if (opponent >= 1 && opponent <= columns)
          cells[opponent - 1] += result_mark(pr->result, black);
      }
    }
    if (!swiss && st.rank >= 1 && st.rank <= columns) cells[st.rank - 1] = "x";
    for (std::string& cell : cells) row.push_back(cell.empty() ? "." : cell);
    rows.push_back(row);
  }
  out += table(rows);
  out += swiss ? "A win scores 1, a draw 1/2, a bye 1. Cells: the opponent's rank, b or w for "
                 "your colour, + won, = drawn, - lost, * being played.\n"
               : "A win scores 1, a draw 1/2. Cells: your results against the player of that "
                 "rank: + won, = drawn, - lost, * being played.\n";
  return out;
}

std::string CommandInterface::create_tournament(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  // GAME tournament create KIND [-OPTION...] USER PASSWORD: the options may stand anywhere
  // after KIND; USER and PASSWORD are the last two other words.
  std::vector<std::string> plain;
  std::vector<std::string> options;
  for (size_t i = 3; i < w.size(); ++i) (w[i].starts_with("-") ? options : plain).push_back(w[i]);
  if (plain.size() != 3)
    bad_usage(p.game_word, "tournament create",
              std::string("tournament create: ") +
                  (plain.size() < 3 ? "too few words" : "too many words"));
  TournamentSettings s;
  std::optional<TournamentKind> kind = tournament_kind_named(lower(plain[0]));
  if (!kind)
    throw CommandError("tournament create: the kind is arena, swiss or robin, not " +
                       quoted(plain[0]));
  s.kind = *kind;
  s.setup.game = p.game->id;
  s.berserk = s.kind == TournamentKind::Arena;
  std::string event_password;
  bool time_control_given = false;
  static const std::map<std::string, int TournamentSettings::*> numbers = {
      {"-minutes", &TournamentSettings::minutes},
      {"-rounds", &TournamentSettings::rounds},
      {"-max", &TournamentSettings::max_players},
      {"-minrating", &TournamentSettings::min_rating},
      {"-mingames", &TournamentSettings::min_rated_games},
      {"-computer", &TournamentSettings::computer_entries},
      {"-level", &TournamentSettings::computer_level},
      {"-interval", &TournamentSettings::round_interval_s}};
  for (const std::string& word : options) {
    const size_t eq = word.find('=');
    const std::string option = lower(word.substr(0, eq));
    const std::string value = eq == std::string::npos ? "" : word.substr(eq + 1);
    auto want_value = [&] {
      if (value.empty())
        throw CommandError("tournament create: " + option + " needs a value: " + option + "=...");
    };
    if (auto number = numbers.find(option); number != numbers.end()) {
      want_value();
      s.*(number->second) = whole_number(option, value);
    } else if (option == "-double") {
      s.double_round = true;
    } else if (option == "-tc" || option == "-days") {
      want_value();
      const std::string text = option == "-days" ? value + " days" : blanks(value);
      try {
        s.time_control = parse_time_control(text);
      } catch (const TimeControlError& e) {
        throw CommandError("tournament create: " + option + ": " + e.what());
      }
      time_control_given = true;
    } else if (option == "-rated") {
      s.setup.rated = true;
    } else if (option == "-casual") {
      s.setup.rated = false;
    } else if (option == "-starts") {
      want_value();
      s.starts_at = start_time(value);
    } else if (option == "-name") {
      want_value();
      s.name = blanks(value);
    } else if (option == "-profile") {
      want_value();
      s.setup.profile = value;
    } else if (option == "-password") {
      want_value();
      event_password = value;
    } else if (option == "-drops") {
      s.setup.drops = true;
    } else if (option == "-berserk") {
      s.berserk = true;
    } else if (option == "-noberserk") {
      s.berserk = false;
    } else if (option == "-option") {
      const size_t inner = value.find('=');
      if (inner == std::string::npos || inner == 0)
        throw CommandError("tournament create: -option must be -option=NAME=VALUE");
      s.setup.options.emplace_back(value.substr(0, inner), value.substr(inner + 1));
    } else {
      throw CommandError("tournament create: unknown option " + quoted(word) +
                         ": see 'help tournament'");
    }
  }
  if (!time_control_given)
    throw CommandError(
        "tournament create: -tc is missing: the clock of every game, such as "
        "-tc=300+5, -tc=600_byoyomi_30 or -days=3");
  User me = service("create", [&] { return check_password(plain[1], plain[2], ctx); });
  Tournament t = service("create", [&] {
    return tournaments_.create(me.id, s, event_password, ctx.counted_client());
  });
  return "Tournament " + std::to_string(t.id) + " (" + t.settings.name +
         ") is created: " + p.game_word + " tournament join " + std::to_string(t.id) +
         " USER PASSWORD enters it" +
         (t.settings.starts_at ? "; it starts " + when(t.settings.starts_at)
                               : "; " + p.game_word + " tournament start " + std::to_string(t.id) +
                                     " " + me.name + " PASSWORD starts it") +
         ".\n";
}

}  // namespace kirin::server
