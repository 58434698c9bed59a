// A game definition: board, pieces, setup and rule options, compiled from data (variants/*.toml)
// into dense tables that the move generator reads.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules/betza.h"
#include "rules/types.h"

namespace kirin {

// Rule differences between the rule sets people play, as named options (docs/RULES.md).
// The defaults are plain shogi; a game's definition declares the options it has.
struct RuleOptions {
  enum class Promotion {
    Lishogi,  // on entering the zone, on a capture touching it, Pawn/Lance on the last rank
    Shogi,    // on any move into, out of or within the zone
  };
  enum class Repetition {
    Lishogi,  // fourfold, judged only once 13 positions are stored (lishogi's implementation)
    Exact,    // fourfold, counted exactly
  };
  Promotion promotion = Promotion::Shogi;
  bool force_last_rank_promotion = false;  // a piece that could never move again must promote
  bool promotion_deferral = false;  // pbmserv: a declined promotion limits later ones
  bool lion_protection = false;            // §6.2: no capture of a protected non-adjacent Lion
  bool lion_protection_by_recapture = false;  // ...protected = recapturable after the move
  bool counter_strike = false;             // §6.3: no Lion capture right after losing a Lion
  bool counter_strike_same_square = false;  // ...except of a Lion standing on that square
  bool counter_strike_binds_lions = false;  // ...and the opponent's Lions are barred too (XBoard)
  bool bridge_lifts_counter_strike = false;  // pbmserv: a bridge double capture is exempt
  bool bare_king = false;                  // a royal left alone loses (JCSA)
  bool no_moves_loses = true;              // having no legal move loses
  enum class Perpetual {
    Attack,  // lishogi Chu: a move that attacks the royal or lets the moved piece capture
    Check,   // shogi: a move that gives check
  };
  Repetition repetition = Repetition::Exact;
  bool perpetual_attacker_loses = true;
  Perpetual perpetual = Perpetual::Check;
  bool drops = false;       // captured pieces go to the captor's hand and may be dropped
  bool check_rule = false;  // no move may leave the mover's (single) royal attacked
  bool check_every_step = true;  // ...nor expose it on the first step of a two-step move
  int max_plies = 0;  // the game is drawn after this many plies; 0 = no limit
  bool no_consecutive_skips = false;  // a player may not pass on two turns in a row
  int impasse_points = 0;  // impasse: with both royals entered, fewer points loses; 0 = none
};

// One named option as the definition file declares it, with its documentation.
struct OptionInfo {
  std::string name;
  std::string type;  // "bool", "int" or "choice"
  std::vector<std::string> choices;
  std::string default_value;
  std::string description;
};

// A named shorthand for a set of option values, declared by a game's [macros.NAME] table:
// setting the macro to one of its values sets each option of that value's list, in order.
// Its own value is not stored: it reads as the first value whose settings all hold, else
// "custom".
struct OptionMacro {
  std::string name;
  std::string description;
  struct Value {
    std::string value;                                          // "true"
    std::vector<std::pair<std::string, std::string>> settings;  // option -> value, canonical
  };
  std::vector<Value> values;
};

struct PieceType {
  std::string id;      // "dragon-king"
  std::string name;    // "Dragon King"
  std::string kanji;   // "龍王"
  std::string abbrev;  // western abbreviation, "DK"
  std::string sfen;    // SFEN token as written for Black: "d", "+d"
  std::string betza;
  std::string sting, skip_first;  // named powers, as written in the definition
  MoveSpec spec;
  Kind promotes_to = 0;
  Kind promoted_from = 0;
  bool royal = false;
  bool lion = false;   // subject to the Lion-trading rules
  bool minor = false;  // Pawn, Go-Between: no bridge for a Lion capture, ignored by bare king
  bool last_rank_promotion = false;  // may promote on reaching the last rank (Pawn, Lance)
  bool one_per_file = false;   // drops: not on a file with an own unpromoted one (Pawn, nifu)
  bool no_drop_mate = false;   // drops: may not be dropped to give checkmate (Pawn)
  int impasse_value = 1;       // points when counting for impasse
  int value = 0;               // engine hint: worth in centipawns (Pawn ~100); 0 = derived
  // Named powers beyond XBetza (Mitsugumi Shogi):
  int area = 0;                // area move: up to this many king steps, a capture ends it
  int burn = 0;                // after moving, may capture up to this many adjacent enemies
  bool burn_immune = false;    // cannot be burned
  int igui = 0;                // may capture up to this many adjacent enemies without moving
  int range_jumps = 0;         // range capture: may jump this many lower-ranked pieces
  int rank = 0;                // for range capture: only lower ranks can be jumped
  bool freezes = false;        // adjacent enemy pieces (except freezers) cannot move
  bool dedupe = false;         // derived: two move types may reach the same square
  // Derived from the moves:
  bool forward_only = false;   // every move goes forward (a move with it is irreversible)
  bool has_two_step = false;   // has lion-type two-step moves
  Kind demotes_to = 0;         // the kind it goes to hand as when captured (itself if unpromoted)
  // dead[c][sq]: a piece of colour c on sq could never move again (no move stays on the board).
  std::array<std::array<bool, kArraySize>, 2> dead{};
};

// Move tables of one piece kind for one colour, as mailbox offsets.
struct MoveTable {
  struct Leap {
    int16_t off;
    uint8_t mode;
  };
  struct Slide {
    int16_t off;
    uint8_t range;  // 0 = unlimited
    uint8_t mode;
    bool hop;
    bool skip_first;  // passes over the adjacent square, whatever is there, and cannot stop on it
  };
  struct FirstLeg {  // a first step that must capture (or hop); the second steps follow
    int16_t off;
    uint8_t mode;
    uint8_t begin, end;  // range in `seconds`
  };
  struct Second {
    int16_t off;
    uint8_t mode;
  };
  struct QuietPath {  // a two-step move through an empty square: groups by final displacement
    int16_t disp;     // 0 for a pass
    uint8_t mode;     // of the final step (a pass always returns to its own, empty, square)
    std::vector<std::pair<int16_t, int16_t>> paths;  // (first, second) offsets
  };
  std::vector<Leap> leaps;
  std::vector<Slide> slides;
  std::vector<FirstLeg> firsts;
  std::vector<Second> seconds;
  std::vector<QuietPath> quiet_paths;
  // Every two-step shape (first, second), as lishogi reads a three-square USI move; used to
  // count spellings and to parse moves, not to generate them.
  std::vector<std::pair<int16_t, int16_t>> shapes;
};

class VariantError : public std::runtime_error {
 public:
  explicit VariantError(const std::string& what) : std::runtime_error(what) {}
};

struct Handicap {
  std::string name;
  std::vector<std::string> aliases;  // other names, e.g. pbmserv's "2ln"
  std::string description;
  std::string sfen;
};

class Variant {
 public:
  std::string id;    // "chu"
  std::string name;  // "Chu Shogi"
  std::string name_ja;  // "中将棋": the name in Japanese
  std::vector<std::string> aliases;
  std::string description;
  int files = 9, ranks = 9;
  int zone = 3;
  std::string setup;  // start position, SFEN
  enum class SfenStyle { Shogi, LishogiChu } sfen_style = SfenStyle::Shogi;
  std::vector<PieceType> pieces;  // index = Kind; pieces[0] is unused
  std::vector<Handicap> handicaps;
  std::vector<OptionInfo> option_infos;  // the options, then the macros
  std::vector<OptionMacro> macros;
  std::map<std::string, std::map<std::string, std::string>> profiles;  // name -> option values
  std::string default_profile;
  RuleOptions rules;
  // The game's names in other programs ([names]); "" where a program has none for it.
  struct Names {
    std::string usi;              // a UCI_Variant value Kirin offers and takes, besides the id
    std::string fairy_stockfish;  // Fairy-Stockfish's UCI_Variant value
    std::string xboard;           // XBoard's own variant, for a game whose rules XBoard knows
  } names;

  // Compiled tables.
  std::array<std::array<MoveTable, 2>, kMaxKinds + 1> tables;
  std::array<std::array<bool, kArraySize>, 2> in_zone{};
  std::array<std::array<bool, kArraySize>, 2> on_last_rank{};
  std::array<bool, 256> is_lion{};   // by Piece code
  std::array<bool, 256> is_royal{};  // by Piece code
  std::array<bool, 256> is_minor{};  // by Piece code
  // By Piece code: every capture of this piece takes the one piece on its destination, by a
  // step, leap or slide (no two-step, area, standstill, burning or range capture), so the
  // capture of a piece it attacks is a single move (append_capture_of).
  std::array<bool, 256> captures_one{};

  // Reverse attack tables, per attacking colour: a piece of colour c on `target - off` attacks
  // `target` if leaps[c][i].by[piece]; a ray piece attacks along `dir` up to `range` squares.
  struct LeapAttack {
    int16_t off;
    std::array<bool, 256> by{};
  };
  struct RayAttack {
    int16_t dir;
    std::array<uint8_t, 256> range{};  // 0: does not attack this way; 255: unlimited
  };
  std::array<std::vector<LeapAttack>, 2> leap_attacks;
  std::array<std::vector<RayAttack>, 2> ray_attacks;
  // The same attacks forward, by Piece code (leap offsets; ray directions with their range),
  // and every ray direction of either colour with its range by Piece code: what a Position
  // needs to keep its attack counts across moves (Position::keeps_attack_counts).
  struct PieceAttacks {
    std::vector<int16_t> leaps;
    std::vector<std::pair<int16_t, uint8_t>> rays;
  };
  std::array<PieceAttacks, 256> attacks_of;
  std::vector<RayAttack> ray_dirs;
  bool has_hop_attacks = false;  // cannon-type or skipping pieces: attacks checked the slow way
  std::array<bool, 256> hop_attacker{};  // by Piece code: those pieces (the slow way is theirs)
  bool has_freezers = false;
  bool has_burners = false;  // a piece that burns: its quiet moves can capture
  // A piece captures by a power the attack tables above do not hold: an area move, a burn,
  // a standstill igui or a range capture.
  bool has_untabled_captures = false;
  std::vector<Kind> hand_kinds;  // kinds that can be in hand, in SFEN hand order

  int num_kinds() const { return int(pieces.size()) - 1; }
  const PieceType& piece(Kind k) const { return pieces[k]; }
  std::optional<Kind> kind_by_sfen(std::string_view token) const;
  std::optional<Kind> kind_by_id(std::string_view id) const;
  bool on_board(int col, int row) const {
    return col >= 0 && row >= 0 && col < files && row < ranks;
  }

  // Applies one option or macro ("name", "value") or a whole profile (its macros first, then
  // its options, so that an option named explicitly wins); throws VariantError naming the
  // option and the accepted values.
  void set_option(std::string_view name, std::string_view value);
  void apply_profile(std::string_view profile);
  // The current value of an option, or of a macro (see OptionMacro); "" if neither.
  std::string option_value(std::string_view name) const;
  const OptionMacro* find_macro(std::string_view macro) const;
  // Checks a macro against the declared options, stores its settings in canonical form and
  // lists it in option_infos; throws VariantError.
  void add_macro(OptionMacro macro);

  // Builds every derived table; called by the loader once the fields above are filled in.
  void compile();
};

// Square names as USI writes them: file number then rank letter ("7g", "12a"). The rules
// layer names squares too, in its explanation of an illegal move (rules/illegal_move.h).
std::string square_name(const Variant& v, Square s);

// Fills in type, choices and description of a rule option known to Kirin; false if unknown.
bool describe_option(OptionInfo& info);

// Parses a TOML definition. `origin` names the file in error messages.
std::shared_ptr<Variant> load_variant_toml(std::string_view text, const std::string& origin);

// Games of another program that Kirin does not play, by that program's names
// (variants/other-games/*.toml).
struct OtherGames {
  std::string program;  // "lishogi"
  std::vector<std::string> games;
};
OtherGames load_other_games_toml(std::string_view text, const std::string& origin);

}  // namespace kirin
