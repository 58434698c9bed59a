// An event's rules in words, from its settings: what its page and `GAME tournament ID` show,
// so that a player knows before joining how it is scored, paired and ended.
#include <string>

#include "clock/time_control.h"
#include "server/domain/game_setup.h"
#include "server/domain/tournaments.h"

namespace kirin::server {
namespace {

std::string plural(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string clock_words(const TimeControl& tc) {
  if (tc.kind == TimeControl::Kind::Correspondence)
    return plural(tc.days_per_move, "day", "days") + " per move (correspondence)";
  std::string out = seconds_text(tc.main_ms) + " seconds each";
  if (tc.byoyomi_ms > 0)
    out += ", then byoyomi of " + seconds_text(tc.byoyomi_ms) + " seconds" +
           (tc.periods > 1 ? " (" + std::to_string(tc.periods) + " periods)" : "");
  if (tc.increment_ms > 0) out += ", plus " + seconds_text(tc.increment_ms) + " seconds a move";
  return out + " (" + describe(tc) + ")";
}

}  // namespace

std::string rules_text(const Tournament& t, const TournamentOptions& options) {
  const TournamentSettings& s = t.settings;
  std::string game = s.setup.game;
  try {
    game = setup_variant(s.setup)->name;
  } catch (const std::exception&) {
    // A game this server no longer has: its id says enough.
  }
  std::string out;
  switch (s.kind) {
    case TournamentKind::Arena:
      out = "An arena of " + game + " lasting " + plural(s.minutes, "minute", "minutes") + ".";
      break;
    case TournamentKind::Swiss:
      out = "A Swiss tournament of " + game + " in " + plural(s.rounds, "round", "rounds") + ".";
      break;
    case TournamentKind::Robin:
      out = std::string(s.double_round ? "A double" : "A") + " round robin of " + game + ": " +
            (s.double_round ? "every pair of players meets twice, colours swapped."
                            : "every pair of players meets once.");
      break;
  }
  if (!s.setup.profile.empty()) out += " Rules: " + s.setup.profile + ".";
  out += " Clock: " + clock_words(s.time_control) + ".";
  out += s.setup.rated ? " Rated: the games count for ratings as any rated game (the computer's "
                         "games are casual)."
                       : " Casual: the games do not count for ratings.";
  switch (s.kind) {
    case TournamentKind::Arena: {
      const int64_t last_s = std::min<int64_t>(options.arena_last_pairing_s,
                                               int64_t(s.minutes) * 60 / 10);
      out +=
          " Players are paired again as soon as their game ends, with players near them in the "
          "standings, never the same opponent twice in a row. A win scores 2, a draw 1, a loss "
          "0; after two wins in a row, wins score 4 and draws 2 until a game is not won (the "
          "streak is marked with a flame). A draw before move 20 scores 0.";
      if (s.berserk)
        out += " Berserk (before your first move) halves your time and takes away increment "
               "and byoyomi; a berserk win of 14 moves or more scores one point more.";
      out += " Nobody is paired in the last " + std::to_string(last_s) +
             " seconds. Games still being played when the arena ends do not count. Pause by "
             "withdrawing; join again at any time. Ties are broken by rating.";
      break;
    }
    case TournamentKind::Swiss:
      out += " A win scores 1, a draw ½, a loss 0; an odd player out gets a bye worth 1 (once, "
             "if possible). Each round pairs players of equal scores who have not met, "
             "alternating colours as far as possible. The next round is paired when the last "
             "game of a round ends";
      out += s.round_interval_s > 0 ? ", " + plural(s.round_interval_s, "second", "seconds") +
                                          " later."
                                    : ".";
      out += " Players may join until half the rounds have started; a player who withdraws "
             "is paired no more and keeps their results. Ties are broken by Buchholz, then "
             "Sonneborn-Berger.";
      break;
    case TournamentKind::Robin:
      out += " A win scores 1, a draw ½, a loss 0. The order of the games is Berger's tables. ";
      out += s.time_control.kind == TimeControl::Kind::Correspondence
                 ? "Every game of every round starts at once."
                 : "Rounds are played one after another.";
      out += " Players join before the start; a player who withdraws forfeits the games not yet "
             "begun. Ties are broken by Sonneborn-Berger.";
      break;
  }
  out += " A player who does not make their first move in time loses that game";
  out += s.kind == TournamentKind::Arena ? " and is paused." : ".";
  if (s.computer_entries > 0)
    out += " The computer plays " + plural(s.computer_entries, "entry", "entries") +
           " at level " + std::to_string(s.computer_level) + ".";
  if (s.min_rating > 0) out += " Entry: rated " + std::to_string(s.min_rating) + " or more.";
  if (s.min_rated_games > 0)
    out += " Entry: " + std::to_string(s.min_rated_games) + " rated games played or more.";
  return out;
}

}  // namespace kirin::server
