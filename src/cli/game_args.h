// Command-line options shared by every subcommand that works on a game position.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "rules/game.h"
#include "rules/variant.h"

namespace kirin::cli {

// Bad input on the command line: reported as one line, exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct GameArgs {
  std::string variant = "chu";
  std::string variant_file;
  std::string profile;
  std::vector<std::string> options;  // NAME=VALUE
  std::string sfen;
  std::string handicap;
  std::vector<std::string> moves;

  // Adds --variant, --variant-file, --profile, --option; with `position`, also --sfen and
  // --handicap; with `moves`, also --moves.
  void add_to(CLI::App& app, bool position, bool with_moves);

  // The game with profile and options applied.
  std::shared_ptr<const Variant> load_variant() const;
  // The start position (--sfen, --handicap or the game's setup) with --moves played.
  Game load_game(std::shared_ptr<const Variant> v) const;
};

// Plays moves given as text onto a game, naming the move number of a bad one.
void play_text_moves(Game& game, const std::vector<std::string>& moves, int first_number = 1);

}  // namespace kirin::cli
