#include "cli/game_args.h"

#include <fstream>
#include <sstream>

#include "notation/handicap.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"

namespace kirin::cli {

void GameArgs::add_to(CLI::App& app, bool position, bool with_moves) {
  app.add_option("--variant,-v", variant, "game id or alias (kirin variants lists them)")
      ->default_val("chu");
  app.add_option("--variant-file", variant_file, "load the game from this TOML file instead");
  app.add_option("--profile", profile, "rule profile of the game, e.g. lishogi or jcsa");
  app.add_option("--option,-o", options, "set a rule option, NAME=VALUE (repeatable)")
      ->allow_extra_args(false);
  if (position) {
    app.add_option("--sfen", sfen, "start position in SFEN (default: the game's setup)");
    app.add_option("--handicap", handicap,
                   "start from a handicap: one of the game's (show-variant lists them) or the "
                   "pbmserv syntax, e.g. RL, 8b,1a, 8b=G, 2p");
  }
  if (with_moves)
    app.add_option("--moves", moves, "moves to play from the start position first");
}

std::shared_ptr<const Variant> GameArgs::load_variant() const {
  std::shared_ptr<Variant> v;
  if (!variant_file.empty()) {
    std::ifstream in(variant_file, std::ios::binary);
    if (!in) throw UsageError("cannot read variant file '" + variant_file + "'");
    std::stringstream text;
    text << in.rdbuf();
    v = load_variant_toml(text.str(), variant_file);
  } else {
    v = builtin_variant(variant);
  }
  if (!profile.empty()) v->apply_profile(profile);
  for (const std::string& o : options) {
    auto eq = o.find('=');
    if (eq == std::string::npos || eq == 0)
      throw UsageError("--option takes NAME=VALUE, not '" + o + "'");
    v->set_option(o.substr(0, eq), o.substr(eq + 1));
  }
  return v;
}

Game GameArgs::load_game(std::shared_ptr<const Variant> v) const {
  if (!sfen.empty() && !handicap.empty())
    throw UsageError("give either --sfen or --handicap, not both");
  Game game(!handicap.empty() ? handicap_position(v, handicap)
                               : parse_sfen(v, sfen.empty() ? v->setup : sfen));
  play_text_moves(game, moves);
  return game;
}

void play_text_moves(Game& game, const std::vector<std::string>& moves, int first_number) {
  int number = first_number;
  for (const std::string& text : moves) {
    if (game.outcome().over())
      throw NotationError("move " + std::to_string(number) + " '" + text +
                              "': the game is already over (" + describe(game.outcome()) + ")",
                          "move " + std::to_string(number));
    try {
      game.play(parse_usi(game.position(), text));
    } catch (const NotationError& e) {
      throw NotationError("move " + std::to_string(number) + ": " + e.what(),
                          "move " + std::to_string(number), e.offset());
    }
    ++number;
  }
}

}  // namespace kirin::cli
