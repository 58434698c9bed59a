// The repositories of storage.h, each written once over the Database API (database.h) and
// its record declarations (columns.h): a file each, sql_*.cpp.
#pragma once

#include <string>

#include "server/domain/account_repo.h"
#include "server/domain/analysis_repo.h"
#include "server/domain/challenge_repo.h"
#include "server/domain/forecast_repo.h"
#include "server/domain/game_repo.h"
#include "server/domain/import_repo.h"
#include "server/domain/moderation_repo.h"
#include "server/domain/rating_repo.h"
#include "server/domain/social_repo.h"
#include "server/domain/tournament_repo.h"
#include "server/domain/usage_counter.h"
#include "server/store/database.h"

namespace kirin::server::sql {

class SqlAccountRepo : public AccountRepo {
 public:
  explicit SqlAccountRepo(Database& db);
  std::optional<Id> create_user(const User& user) override;
  std::optional<User> find_user(Id id) override;
  std::optional<User> find_user_by_name(std::string_view name) override;
  void set_preferences(Id user, const Preferences& prefs) override;
  void set_password_hash(Id user, const std::string& password_hash) override;
  void set_email(Id user, const std::string& email) override;
  void set_last_seen(Id user, TimeMs at) override;
  void close_user(Id user, TimeMs at) override;
  void create_session(const Session& session) override;
  std::optional<Session> find_session(const std::string& token_hash) override;
  void delete_session(const std::string& token_hash) override;
  int delete_expired_sessions(TimeMs now) override;
  int end_sessions(Id user, const std::string& keep, TimeMs at) override;

 private:
  Database& db_;
  const std::string find_by_name_;  // in the database's dialect
};

class SqlChallengeRepo : public ChallengeRepo {
 public:
  explicit SqlChallengeRepo(Database& db) : db_(db) {}
  Id create_challenge(const Challenge& challenge) override;
  std::optional<Challenge> find_challenge(Id id) override;
  bool close_challenge(Id id, ChallengeStatus status) override;
  std::optional<Id> accept_challenge(Id id, const GameState& game) override;
  std::vector<Challenge> open_challenges_to(Id user) override;
  std::vector<Challenge> open_challenges_from(Id user) override;
  std::optional<Challenge> find_rematch(Id game) override;

 private:
  Database& db_;
};

class SqlGameRepo : public GameRepo {
 public:
  explicit SqlGameRepo(Database& db);
  std::optional<GameState> find_game(Id id) override;
  std::optional<StoredGame> load_game(Id id) override;
  std::vector<GameState> list_games_of(Id user) override;
  std::vector<GameState> list_unfinished_games() override;
  int64_t count_active_games() override;
  std::vector<GameState> find_games(const GameQuery& query) override;
  std::vector<GameState> finished_rated_games() override;
  int count_played_games(Id user, int min_ply) override;
  WriteResult append_move(Id game, int expected_ply, const MoveRecord& move,
                          const GameState& state) override;
  WriteResult update_game(const GameState& state) override;
  WriteResult take_back(const GameState& state, int plies) override;
  Id add_comment(const Comment& comment) override;

  // A new game's row, as accepting a challenge inserts it: its id.
  static Id insert_game(Connection& c, const GameState& game);

 private:
  WriteResult why_not_written(Id game, int expected_ply);
  Database& db_;
  const std::string insert_move_, update_after_move_;  // append_move's, in the dialect
};

class SqlRatingRepo : public RatingRepo {
 public:
  explicit SqlRatingRepo(Database& db) : db_(db) {}
  std::vector<Rating> ratings_of(Id user) override;
  std::optional<Rating> find_rating(Id user, std::string_view game) override;
  RatingWrite record_rating_changes(const std::vector<RatingChange>& changes) override;
  std::vector<RatingChange> rating_changes_of_game(Id game) override;
  std::vector<RatingChange> rating_history(Id user) override;
  std::vector<Rating> leaderboard(std::string_view game, double above_deviation,
                                  double max_deviation, int limit) override;
  std::vector<Standing> standings(const StandingsQuery& query) override;
  void clear_ratings() override;

 private:
  Database& db_;
};

class SqlSocialRepo : public SocialRepo {
 public:
  explicit SqlSocialRepo(Database& db) : db_(db) {}
  Id add_chat_line(const ChatLine& line) override;
  std::vector<ChatLine> chat_of(Id game) override;
  Id add_message(const Message& message) override;
  std::optional<Message> find_message(Id id) override;
  std::vector<Message> find_messages(Id user, Id before, int limit) override;
  std::vector<Message> find_sent_messages(Id user, Id before, int limit) override;
  bool mark_message_read(Id message, Id user, TimeMs at) override;
  int count_unread_messages(Id user) override;

 private:
  Database& db_;
};

class SqlImportRepo : public ImportRepo {
 public:
  explicit SqlImportRepo(Database& db) : db_(db) {}
  Id add_imported_game(const ImportedGame& game) override;
  std::optional<ImportedGame> find_imported_game(Id id) override;
  std::vector<ImportedGame> list_imported_games(Id user, int limit) override;

 private:
  Database& db_;
};

class SqlAnalysisRepo : public AnalysisRepo {
 public:
  explicit SqlAnalysisRepo(Database& db) : db_(db) {}
  std::optional<StoredAnalysis> find_analysis(Id game) override;
  bool has_analysis(Id game) override;
  bool add_analysis(const StoredAnalysis& analysis) override;

 private:
  Database& db_;
};

class SqlForecastRepo : public ForecastRepo {
 public:
  explicit SqlForecastRepo(Database& db) : db_(db) {}
  std::optional<Forecast> find_forecast(Id game, Id user) override;
  void set_forecast(Id game, Id user, const Forecast& forecast) override;

 private:
  Database& db_;
};

class SqlModerationRepo : public ModerationRepo {
 public:
  explicit SqlModerationRepo(Database& db) : db_(db) {}
  bool add_block(Id blocker, Id blocked, TimeMs at) override;
  bool remove_block(Id blocker, Id blocked) override;
  bool blocks(Id blocker, Id blocked) override;
  std::vector<Block> blocks_of(Id blocker) override;
  int count_blocks(Id blocker) override;
  Id add_report(const Report& report) override;
  std::optional<Report> find_report(Id id) override;
  std::optional<Report> open_report(Id by, Id user) override;
  int count_reports_since(Id by, TimeMs since) override;
  std::vector<Report> find_reports(const ReportQuery& query) override;
  bool close_report(Id id, Id by, TimeMs at, const std::string& resolution,
                    const AuditEntry& entry) override;
  void set_role(Id user, Role role, const AuditEntry& entry) override;
  void set_muted_until(Id user, TimeMs until, const AuditEntry& entry) override;
  void set_banned(Id user, TimeMs banned, const AuditEntry& entry) override;
  std::vector<Id> unrate_games_of(Id user, const AuditEntry& entry) override;
  bool remove_line(WrittenLine kind, Id id, TimeMs at, const AuditEntry& entry) override;
  std::optional<Comment> find_line(WrittenLine kind, Id id) override;
  Id add_audit_entry(const AuditEntry& entry) override;
  std::vector<AuditEntry> audit_log(Id user, Id before, int limit) override;

 private:
  Database& db_;
};

class SqlTournamentRepo : public TournamentRepo {
 public:
  explicit SqlTournamentRepo(Database& db) : db_(db) {}
  Id create_tournament(const Tournament& t, const std::vector<TournamentEntry>& entries) override;
  std::optional<Tournament> find_tournament(Id id) override;
  std::vector<Tournament> list_tournaments(TournamentStatus status, std::string_view game,
                                           int limit) override;
  int count_created_since(Id creator, TimeMs since) override;
  std::vector<Tournament> tournaments_to_direct(TimeMs now) override;
  std::vector<TournamentEntry> entries_of(Id tournament) override;
  std::vector<TournamentPairing> pairings_of(Id tournament) override;
  std::vector<GameState> games_of(Id tournament, int limit) override;
  bool update_tournament(const Tournament& next) override;
  std::optional<Id> add_entry(const Tournament& next, const TournamentEntry& entry) override;
  bool set_withdrawn(const Tournament& next, Id entry, bool withdrawn) override;
  bool remove_entry(const Tournament& next, Id entry) override;
  std::optional<std::vector<Id>> start_round(const Tournament& next,
                                             std::vector<TournamentPairing> pairings,
                                             std::vector<GameState> games) override;
  std::vector<TournamentPairing> unrecorded_ended_pairings() override;
  bool record_result(const TournamentPairing& pairing, std::string_view change) override;

 private:
  Database& db_;
};

// Thrown inside a write to roll it back and return what the repository decided (a lost race
// found halfway through several conditional writes).
class SqlUsageRepo : public UsageRepo {
 public:
  explicit SqlUsageRepo(Database& db) : db_(db) {}
  bool count_use(const std::string& kind, const std::string& key, TimeMs hour, int limit,
                 TimeMs forget_before) override;

 private:
  Database& db_;
};

struct Rollback {};

}  // namespace kirin::server::sql
