// The director (Tournaments::tick, on the leader): starts the events whose time has come,
// copies ended games' results into their pairings, pairs, and finishes. Every write is
// conditional on the event's version (tournament_repo.h): a director that lost a race writes
// nothing and decides again on the next tick, from what the winner wrote.
//
// Rules where the issue is silent (docs/TOURNAMENTS.md):
// - An event with fewer than two players at its start time is cancelled.
// - A game nobody started (aborted for want of a first move, clocks.h) counts as a loss of the
//   side that did not move and a win of the other ("forfeit"); in an arena that player is
//   also paused, as lishogi does, until they join again.
// - Arena: no new pairing when less than arena_last_pairing_s is left (a tenth of a short
//   arena); games still being played when it ends do not count.
// - Swiss: a withdrawn player is paired no more, their past results stay; a bye is a pairing
//   without a game, a win of its player.
// - Round robin: a withdrawn player's games not yet begun are forfeited to their opponents;
//   live, round by round; by correspondence, every game of every round starts at once.
#include <algorithm>
#include <exception>
#include <set>

#include "notation/sfen.h"
#include "server/domain/accounts.h"
#include "server/domain/blocks.h"
#include "server/domain/game_setup.h"
#include "server/domain/games.h"
#include "server/domain/service_error.h"
#include "server/domain/tournament_repo.h"
#include "server/domain/tournaments.h"

namespace kirin::server {
namespace {

std::vector<PlayerRef> people(const std::vector<TournamentEntry>& entries) {
  std::vector<PlayerRef> out;
  for (const TournamentEntry& e : entries)
    if (!e.computer) out.push_back(e.user);
  return out;
}

// Robin's seeding: the strongest first, then who came first.
std::vector<TournamentEntry> seeded(std::vector<TournamentEntry> entries) {
  std::stable_sort(entries.begin(), entries.end(),
                   [](const auto& a, const auto& b) { return a.rating > b.rating; });
  return entries;
}

// A pairing of a game to be made.
TournamentPairing game_pairing(int round, Id black, Id white, TimeMs now) {
  TournamentPairing p;
  p.round = round;
  p.black = black;
  p.white = white;
  p.created = now;
  return p;
}

// A pairing without a game: a Swiss bye (white 0) or a forfeit, counted at once.
TournamentPairing gameless(int round, Id black, Id white, Result result, const char* reason,
                           TimeMs now) {
  TournamentPairing p;
  p.round = round;
  p.black = black;
  p.white = white;
  p.result = result;
  p.reason = reason;
  p.counted = true;
  p.created = p.ended = now;
  return p;
}

}  // namespace

void Tournaments::game_ended(Id game) {
  (void)game;  // its pairing is found by the next tick's query of ended games
  if (wake_) wake_();
}

void Tournaments::tick() {
  std::exception_ptr trouble;
  try {
    record_results();
  } catch (...) {
    trouble = std::current_exception();
  }
  for (Tournament& t : storage_.tournaments().tournaments_to_direct(now_())) {
    try {
      direct(std::move(t));
    } catch (...) {
      if (!trouble) trouble = std::current_exception();
    }
  }
  if (trouble) std::rethrow_exception(trouble);
}

void Tournaments::record_results() {
  TournamentRepo& repo = storage_.tournaments();
  for (TournamentPairing p : repo.unrecorded_ended_pairings()) {
    std::optional<GameState> g = storage_.games().find_game(p.game);
    if (!g || !is_over(g->status)) continue;
    std::optional<Tournament> t = repo.find_tournament(p.tournament);
    if (!t) continue;
    // An arena's game that ended after the arena did never counts (lishogi's rule), even
    // when the director comes late to it; the event finishes on this tick.
    if (t->settings.kind == TournamentKind::Arena && g->updated >= t->deadline) continue;
    p.ply = g->ply;
    p.berserk_black = g->berserk[kBlack];
    p.berserk_white = g->berserk[kWhite];
    p.ended = g->updated;
    p.counted = true;
    Color no_show = kBlack;
    if (g->status == GameStatus::Aborted) {
      // Nobody may abort a tournament game but the first-move rule: the side to move never moved.
      no_show = side_to_move(*g);
      p.result = no_show == kBlack ? Result::WhiteWins : Result::BlackWins;
      p.reason = "forfeit";
    } else {
      p.result = g->result;
      p.reason = g->reason;
    }
    if (!repo.record_result(p, "result")) continue;  // another director was first
    ++t->version;
    t->change = "result";
    publish(*t, "result", {g->black, g->white}, g->id);
    if (g->status == GameStatus::Aborted && t->settings.kind == TournamentKind::Arena) {
      const PlayerRef& absent = no_show == kBlack ? g->black : g->white;
      Id entry = no_show == kBlack ? p.black : p.white;
      if (games_.is_computer(absent)) continue;
      for (int i = 0; i < 8; ++i) {
        Tournament next = *t;
        ++next.version;
        next.change = "withdrew";
        if (repo.set_withdrawn(next, entry, true)) {
          publish(next, "withdrew", {absent});
          break;
        }
        t = repo.find_tournament(p.tournament);
        if (!t || t->status != TournamentStatus::Running) break;
      }
    }
  }
}

void Tournaments::direct(Tournament t) {
  const TimeMs now = now_();
  if (t.status == TournamentStatus::Running) {
    std::lock_guard lock(mutex_);
    auto it = idle_.find(t.id);
    if (it != idle_.end() && it->second == t.version && (t.deadline == 0 || now < t.deadline))
      return;  // nothing changed since it had nothing to do
  }
  if (t.status == TournamentStatus::Created) {
    if (t.settings.starts_at == 0 || t.settings.starts_at > now) return;
    Sheet sh = sheet(t.id);
    if (sh.players() < 2) {
      t.status = TournamentStatus::Cancelled;
      t.finished = now;
      if (write(t, "cancelled")) publish(t, "cancelled", people(sh.entries));
      return;
    }
    if (!begin(t)) return;
  }
  if (t.status != TournamentStatus::Running) return;
  const int64_t version = t.version;
  switch (t.settings.kind) {
    case TournamentKind::Arena: direct_arena(t); break;
    case TournamentKind::Swiss: direct_swiss(t); break;
    case TournamentKind::Robin: direct_robin(t); break;
  }
  // Whatever it wrote changed the version; unchanged, nothing was to be done.
  std::optional<Tournament> after = storage_.tournaments().find_tournament(t.id);
  std::lock_guard lock(mutex_);
  if (after && after->version == version && after->status == TournamentStatus::Running)
    idle_[t.id] = version;
  else
    idle_.erase(t.id);
}

bool Tournaments::begin(Tournament& t) {
  Tournament next = t;
  next.status = TournamentStatus::Running;
  next.started = now_();
  next.round = 0;
  if (t.settings.kind == TournamentKind::Arena)
    next.deadline = next.started + int64_t(t.settings.minutes) * 60'000;
  if (!write(next, "started")) return false;
  t = next;
  publish(t, "started", people(storage_.tournaments().entries_of(t.id)));
  return true;
}

void Tournaments::finish(Tournament t, const char* change) {
  t.status = TournamentStatus::Finished;
  t.finished = now_();
  if (t.settings.kind != TournamentKind::Arena) t.deadline = 0;  // an arena's stays its end
  if (write(t, change)) publish(t, "finished", people(storage_.tournaments().entries_of(t.id)));
}

bool Tournaments::waiting_for_interval(Tournament& t, TimeMs last_end) {
  if (t.settings.round_interval_s <= 0) return false;
  const TimeMs at = last_end + int64_t(t.settings.round_interval_s) * 1000;
  if (now_() >= at) return false;
  if (t.deadline != at) {
    t.deadline = at;  // the page shows when the next round comes
    write(t, "round");
  }
  return true;
}

bool Tournaments::round_over(const Sheet& sheet, int round, TimeMs* last_end) {
  *last_end = 0;
  for (const TournamentPairing& p : sheet.pairings) {
    if (p.round != round) continue;
    if (!p.ended) return false;
    *last_end = std::max(*last_end, p.ended);
  }
  return true;
}

tournament::Forbidden Tournaments::forbidden(const Tournament& t, const Sheet& sheet) {
  const bool arena = t.settings.kind == TournamentKind::Arena;
  return [this, arena, &sheet](Id a, Id b) {
    const TournamentEntry* x = sheet.entry(a);
    const TournamentEntry* y = sheet.entry(b);
    if (!x || !y) return true;
    if (x->computer && y->computer) return arena;  // the computer plays itself only in Swiss, robin
    if (x->computer || y->computer) return false;
    return blocks_.either_blocks(x->user.id, y->user.id);
  };
}

GameState Tournaments::make_game(const Tournament& t, const std::string& start_sfen,
                                 const TournamentEntry& black, const TournamentEntry& white) {
  GameState g;
  g.setup = t.settings.setup;
  const bool computer = black.computer || white.computer;
  g.setup.computer_level = computer ? t.settings.computer_level : 0;
  g.setup.rated = t.settings.setup.rated && !computer;  // the computer's games are casual
  g.start_sfen = start_sfen;
  g.black = black.user;
  g.white = white.user;
  g.time_control = t.settings.time_control;
  g.created = g.updated = now_();
  g.clock = start_clock(g.time_control, g.created);
  g.tournament = t.id;
  g.berserk_allowed = t.settings.kind == TournamentKind::Arena && t.settings.berserk;
  return g;
}

bool Tournaments::pair(Tournament t, const Sheet& sheet,
                       std::vector<TournamentPairing> with_games,
                       std::vector<TournamentPairing> extra, int next_round, const char* change) {
  std::vector<GameState> games;
  if (!with_games.empty()) {
    GameSetup setup = t.settings.setup;  // every game's start: built once, not per game
    const std::string start = to_sfen(build_setup(setup).start);
    for (const TournamentPairing& p : with_games)
      games.push_back(make_game(t, start, *sheet.entry(p.black), *sheet.entry(p.white)));
  }
  std::vector<GameState> made = games;  // start_round takes its own
  for (TournamentPairing& p : extra) with_games.push_back(std::move(p));
  Tournament next = t;
  ++next.version;
  next.change = change;
  next.round = next_round;
  next.deadline = t.settings.kind == TournamentKind::Arena ? t.deadline : 0;
  std::optional<std::vector<Id>> ids =
      storage_.tournaments().start_round(next, std::move(with_games), std::move(games));
  if (!ids) return false;
  if (std::string_view(change) == "round") publish(next, "round", people(sheet.entries));
  for (std::size_t i = 0; i < ids->size(); ++i) {
    publish(next, "paired", {made[i].black, made[i].white}, (*ids)[i]);
    if (!games_.is_computer(made[i].black) && !games_.is_computer(made[i].white)) continue;
    try {
      games_.game_created((*ids)[i]);  // the computer may be to move
    } catch (const ServiceError&) {
      // Over already (or gone): nothing to ask the computer.
    }
  }
  return true;
}

void Tournaments::direct_arena(Tournament t) {
  const TimeMs now = now_();
  if (now >= t.deadline) return finish(t, "finished");
  const int64_t length_ms = int64_t(t.settings.minutes) * 60'000;
  const int64_t last_ms = std::min<int64_t>(int64_t(options_.arena_last_pairing_s) * 1000,
                                            length_ms / 10);
  if (t.deadline - now < last_ms) return;
  Sheet sh = sheet(t.id);
  std::set<Id> playing;
  std::map<Id, tournament::ArenaPlayer> info;
  for (const TournamentPairing& p : sh.pairings) {
    if (!p.ended) playing.insert({p.black, p.white});
    // Pairings are in the order made: the last one of each entry names its last opponent.
    info[p.black].last_opponent = p.white;
    info[p.black].blacks++;
    info[p.black].last_colour = 'b';
    info[p.white].last_opponent = p.black;
    info[p.white].whites++;
    info[p.white].last_colour = 'w';
  }
  std::vector<TournamentStanding> ranked = standings(t, sh);
  std::vector<tournament::ArenaPlayer> waiting;
  for (const TournamentStanding& r : ranked) {
    if (r.entry.withdrawn || playing.count(r.entry.id)) continue;
    tournament::ArenaPlayer a = info[r.entry.id];
    a.entry = r.entry.id;
    a.rank = r.rank;
    a.rating = r.entry.rating;
    waiting.push_back(a);
  }
  if (waiting.size() < 2) return;
  std::vector<TournamentPairing> games;
  for (const auto& [b, w] : tournament::pair_arena(waiting, int(ranked.size()),
                                                   sh.pairings.empty(), forbidden(t, sh)))
    games.push_back(game_pairing(0, b, w, now));
  if (!games.empty()) pair(t, sh, std::move(games), {}, 0, "paired");
}

void Tournaments::direct_swiss(Tournament t) {
  const TimeMs now = now_();
  Sheet sh = sheet(t.id);
  TimeMs last_end = 0;
  if (t.round > 0 && !round_over(sh, t.round, &last_end)) return;
  if (t.round >= t.settings.rounds) return finish(t, "finished");
  if (t.round > 0 && waiting_for_interval(t, last_end)) return;
  std::map<Id, tournament::SwissPlayer> players;
  for (const TournamentEntry& e : sh.entries)
    if (!e.withdrawn) players[e.id] = {.entry = e.id, .rating = e.rating};
  // Each player's colours round by round: '-' where they had no game.
  for (auto& [id, pl] : players) pl.colours.assign(std::size_t(t.round), '-');
  // The scores the page shows, so that the pairing and the standings cannot disagree.
  for (const TournamentStanding& r : standings(t, sh))
    if (auto it = players.find(r.entry.id); it != players.end()) it->second.points2 = r.points2;
  for (const TournamentPairing& p : sh.pairings) {
    if (auto it = players.find(p.black); it != players.end()) {
      if (!p.white) it->second.had_bye = true;
      else {
        it->second.opponents.push_back(p.white);
        if (p.round >= 1 && p.round <= t.round && p.game)
          it->second.colours[std::size_t(p.round - 1)] = 'b';
      }
    }
    if (auto it = players.find(p.white); p.white && it != players.end()) {
      it->second.opponents.push_back(p.black);
      if (p.round >= 1 && p.round <= t.round && p.game)
        it->second.colours[std::size_t(p.round - 1)] = 'w';
    }
  }
  std::vector<tournament::SwissPlayer> list;
  for (auto& [id, pl] : players) list.push_back(std::move(pl));
  if (list.size() < 2) return finish(t, "finished");  // nobody left to play
  tournament::SwissRound r = tournament::pair_swiss(list, forbidden(t, sh));
  const int round = t.round + 1;
  std::vector<TournamentPairing> games, extra;
  for (const auto& [b, w] : r.games) games.push_back(game_pairing(round, b, w, now));
  if (r.bye) extra.push_back(gameless(round, r.bye, 0, Result::BlackWins, "bye", now));
  pair(t, sh, std::move(games), std::move(extra), round, "round");
}

void Tournaments::direct_robin(Tournament t) {
  const TimeMs now = now_();
  Sheet sh = sheet(t.id);
  std::vector<TournamentEntry> seeds = seeded(sh.entries);
  const int n = int(seeds.size());
  const std::vector<std::vector<std::pair<int, int>>> rounds =
      tournament::berger_rounds(n, t.settings.double_round);
  const int total = int(rounds.size());
  const bool correspondence = t.settings.time_control.kind == TimeControl::Kind::Correspondence;
  TimeMs last_end = 0;
  if (t.round > 0) {
    // By correspondence every round was paired at the start: over when every game is.
    bool over = true;
    for (int r = correspondence ? 1 : t.round; r <= t.round && over; ++r) {
      TimeMs end = 0;
      over = round_over(sh, r, &end);
      last_end = std::max(last_end, end);
    }
    if (!over) return;
    if (t.round >= total) return finish(t, "finished");
    if (waiting_for_interval(t, last_end)) return;
  }
  if (total == 0) return finish(t, "finished");
  const int first = t.round + 1, last = correspondence ? total : first;
  std::vector<TournamentPairing> games, extra;
  for (int r = first; r <= last; ++r)
    for (const auto& [bi, wi] : rounds[std::size_t(r - 1)]) {
      if (bi < 0 || wi < 0 || bi >= n || wi >= n) continue;  // the dummy's partner rests
      const TournamentEntry& b = seeds[std::size_t(bi)];
      const TournamentEntry& w = seeds[std::size_t(wi)];
      if (b.withdrawn && w.withdrawn) continue;
      if (b.withdrawn || w.withdrawn)
        extra.push_back(gameless(r, b.id, w.id,
                                 b.withdrawn ? Result::WhiteWins : Result::BlackWins, "forfeit",
                                 now));
      else
        games.push_back(game_pairing(r, b.id, w.id, now));
    }
  // By correspondence the event's round is its last at once: every game is being played.
  pair(t, sh, std::move(games), std::move(extra), last, "round");
}

}  // namespace kirin::server
