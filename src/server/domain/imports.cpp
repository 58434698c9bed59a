#include "server/domain/imports.h"

#include <cctype>

#include "notation/gamecourier.h"
#include "notation/kif.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/game.h"
#include "server/domain/game_setup.h"
#include "server/domain/results.h"
#include "server/domain/service_error.h"
#include "server/domain/utf8.h"

namespace kirin::server {
namespace {

constexpr size_t kMaxHeaderChars = 100;  // of a player's name, the event, the date

// What a record read gives: the start, the moves, and what its text says besides.
struct ReadRecord {
  Position start;
  std::vector<Move> moves;
  KifGame::Ending ending = KifGame::Ending::None;
  Result result = Result::Ongoing;
  std::string black, white, event, played_at;
};

// The stored word of a KIF ending: the service's reasons and the rules' (results.h).
std::string ending_word(KifGame::Ending e) {
  switch (e) {
    case KifGame::Ending::Resignation: return kResignation;
    case KifGame::Ending::Timeout: return kTimeout;
    case KifGame::Ending::IllegalMove: return "illegal-move";
    case KifGame::Ending::Mate: return reason_word(EndReason::Checkmate);
    case KifGame::Ending::Repetition: return reason_word(EndReason::Repetition);
    case KifGame::Ending::Perpetual: return reason_word(EndReason::PerpetualAttack);
    case KifGame::Ending::ImpasseWin: return reason_word(EndReason::Impasse);
    case KifGame::Ending::Draw: return "draw";
    case KifGame::Ending::Abort: return kAborted;
    case KifGame::Ending::None: break;
  }
  return "";
}

std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> out;
  for (size_t i = 0; i < text.size();) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

// "[position] sfen <SFEN> [moves <usi>...]", "[position] startpos [moves ...]", or the moves
// alone from the game's setup: what GET /api/games/{id}/record?format=usi writes.
ReadRecord read_usi_record(std::shared_ptr<const Variant> v, std::string_view text) {
  std::vector<std::string_view> words = words_of(text);
  size_t i = 0;
  if (i < words.size() && words[i] == "position") ++i;
  std::string sfen = v->setup;
  if (i < words.size() && words[i] == "startpos") {
    ++i;
  } else if (i < words.size() && words[i] == "sfen") {
    sfen.clear();
    for (++i; i < words.size() && words[i] != "moves"; ++i)
      sfen += (sfen.empty() ? "" : " ") + std::string(words[i]);
  }
  if (i < words.size() && words[i] == "moves") ++i;
  ReadRecord r = [&] {
    try {
      return ReadRecord{parse_start_sfen(v, sfen)};
    } catch (const NotationError& e) {
      throw NotationError("the start position: " + std::string(e.what()), "sfen");
    }
  }();
  Position pos = r.start;
  for (; i < words.size(); ++i) {
    const std::string number = std::to_string(r.moves.size() + 1);
    try {
      r.moves.push_back(parse_usi(pos, words[i]));
    } catch (const NotationError& e) {
      throw NotationError("move " + number + " " + quoted_input(words[i]) + ": " + e.what(),
                          "move " + number);
    }
    Undo u;
    pos.do_move(r.moves.back(), u);
  }
  return r;
}

ReadRecord read_kif_record(std::shared_ptr<const Variant> v, std::string_view text) {
  KifGame k = read_kif(text, v);
  ReadRecord r{k.start, k.moves, k.ending, k.result};
  r.black = k.black;
  r.white = k.white;
  r.event = k.event;
  r.played_at = k.date;
  return r;
}

}  // namespace

ImportService::ImportService(Storage& storage, NowFn now, ImportOptions options)
    : import_repo_(storage.imports()),
      account_repo_(storage.accounts()), now_(now), options_(options), rate_(options.per_minute, now) {}

ImportedGame ImportService::read(Id user, const ImportRequest& q) {
  if (q.format != "kif" && q.format != "usi" && q.format != "gamecourier")
    throw ServiceError(ErrorCode::Invalid,
                       "unknown record format " + quoted_input(q.format.substr(0, 32)) +
                           " (kif, usi, gamecourier)",
                       "format");
  if (q.text.size() > options_.max_bytes)
    throw ServiceError(ErrorCode::Invalid,
                       "the record is " + std::to_string(q.text.size()) + " bytes; at most " +
                           std::to_string(options_.max_bytes) + " are read",
                       "text");
  if (q.text.find_first_not_of(" \t\r\n") == std::string::npos)
    throw ServiceError(ErrorCode::Invalid, "the record is empty", "text");
  // Its names are stored and shown: text, as every store and client takes it.
  if (std::optional<size_t> at = invalid_utf8_at(q.text))
    throw ServiceError(ErrorCode::Invalid,
                       "the record is not valid UTF-8 at byte " + std::to_string(*at), "text",
                       long(*at));
  for (size_t i = 0; i < q.text.size(); ++i)
    if (static_cast<unsigned char>(q.text[i]) < ' ' && q.text[i] != '\t' && q.text[i] != '\r' &&
        q.text[i] != '\n')
      throw ServiceError(ErrorCode::Invalid,
                         "the record has a control character at byte " + std::to_string(i),
                         "text", long(i));
  std::optional<User> importer = account_repo_.find_user(user);
  if (!importer) throw ServiceError(ErrorCode::NotFound, "no user with id " + std::to_string(user));
  // After the request is checked: reading a record is the work this limits.
  rate_.take_or_refuse(user, "sent", "records");
  std::shared_ptr<const Variant> variant;
  if (!q.game.empty()) {
    GameSetup setup;
    setup.game = q.game;
    variant = build_setup(setup).variant;
  } else if (q.format != "kif") {
    throw ServiceError(ErrorCode::Invalid, "say which game the record is of", "game");
  }
  ReadRecord r = [&] {
    try {
      if (q.format == "kif") return read_kif_record(variant, q.text);
      if (q.format == "usi") return read_usi_record(variant, q.text);
      ReadRecord gc{parse_sfen(variant, variant->setup)};
      gc.moves = read_gamecourier_log(gc.start, q.text);
      return gc;
    } catch (const NotationError& e) {
      throw ServiceError(ErrorCode::Invalid, e.what(), e.field().empty() ? "text" : e.field());
    }
  }();
  if (int(r.moves.size()) > options_.max_moves)
    throw ServiceError(ErrorCode::Invalid,
                       "the record has " + std::to_string(r.moves.size()) + " moves; at most " +
                           std::to_string(options_.max_moves) + " are kept",
                       "text");

  for (const auto& [what, value] : {std::pair{"先手", &r.black}, {"後手", &r.white},
                                    {"棋戦", &r.event}, {"開始日時", &r.played_at}})
    if (utf8_length(*value) > kMaxHeaderChars)
      throw ServiceError(ErrorCode::Invalid,
                         std::string("the record's ") + what + " has more than " +
                             std::to_string(kMaxHeaderChars) + " characters",
                         "text");

  ImportedGame g;
  g.imported_by = {importer->id, importer->name};
  g.format = q.format;
  g.game = r.start.variant().id;
  g.start_sfen = to_sfen(r.start);
  g.black = r.black;
  g.white = r.white;
  g.event = r.event;
  g.played_at = r.played_at;
  // The record's own ending, else the rules' (a King taken, a repetition...).
  Position pos = r.start;
  Game replay(r.start);
  for (const Move& m : r.moves) {
    g.moves.push_back(to_usi(pos, m));
    Undo u;
    pos.do_move(m, u);
    if (!replay.outcome().over()) replay.play(m);
  }
  g.result = r.result;
  g.ending = ending_word(r.ending);
  if (g.ending.empty() && replay.outcome().over()) {
    g.result = replay.outcome().result;
    g.ending = reason_word(replay.outcome().reason);
  }
  g.created = now_();
  return g;
}

ImportedGame ImportService::preview(Id user, const ImportRequest& request) {
  return read(user, request);
}

ImportedGame ImportService::import(Id user, const ImportRequest& request) {
  ImportedGame g = read(user, request);
  g.id = import_repo_.add_imported_game(g);
  return g;
}

ImportedGame ImportService::get(Id id) {
  std::optional<ImportedGame> g = import_repo_.find_imported_game(id);
  if (!g)
    throw ServiceError(ErrorCode::NotFound, "no imported game with id " + std::to_string(id));
  return *g;
}

std::vector<ImportedGame> ImportService::imports_of(Id user, int limit) {
  return import_repo_.list_imported_games(user, limit);
}

}  // namespace kirin::server
