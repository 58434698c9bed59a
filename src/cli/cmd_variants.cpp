// kirin variants / show-variant: what games Kirin knows and how each is defined.
#include <fmt/core.h>

#include "cli/game_args.h"
#include "cli/subcommands.h"
#include "notation/piece_diagram.h"
#include "rules/catalog.h"

namespace kirin::cli {
namespace {

std::string join(const std::vector<std::string>& items, const char* sep = ", ") {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}

void show(const Variant& v) {
  fmt::print("{} ({})\n", v.name, v.id);
  if (!v.description.empty()) fmt::print("  {}\n", v.description);
  if (!v.aliases.empty()) fmt::print("  aliases: {}\n", join(v.aliases));
  fmt::print("  board: {} files x {} ranks, promotion zone {} ranks\n", v.files, v.ranks, v.zone);
  fmt::print("  setup: {}\n", v.setup);
  if (!v.option_infos.empty()) {
    fmt::print("\nRule options (set with --option NAME=VALUE):\n");
    for (const auto& o : v.option_infos) {
      std::string kind = o.type == "choice" ? join(o.choices, "|") : o.type;
      fmt::print("  {} = {}  ({})\n      {}\n", o.name, v.option_value(o.name), kind,
                 o.description);
    }
  }
  if (!v.profiles.empty()) {
    fmt::print("\nRule profiles (--profile NAME){}:\n",
               v.default_profile.empty() ? "" : ", default " + v.default_profile);
    for (const auto& [name, values] : v.profiles) {
      std::vector<std::string> parts;
      for (const auto& [k, val] : values) parts.push_back(k + "=" + val);
      fmt::print("  {}: {}\n", name, parts.empty() ? "the defaults" : join(parts));
    }
  }
  if (!v.handicaps.empty()) {
    fmt::print("\nHandicaps (--handicap NAME):\n");
    for (const auto& h : v.handicaps) fmt::print("  {}: {}\n      {}\n", h.name, h.description, h.sfen);
  }
  fmt::print("\nPieces (seen from Black, forward is up; o move or capture, m move only, x capture\n"
             "only, | - / \\ slide, a digit marks how far a limited slide goes):\n");
  for (int k = 1; k <= v.num_kinds(); ++k) {
    const PieceType& p = v.piece(Kind(k));
    std::vector<std::string> tags;
    if (p.royal) tags.push_back("royal");
    if (p.lion) tags.push_back("Lion");
    if (p.minor) tags.push_back("minor");
    if (p.promotes_to) tags.push_back("promotes to " + v.piece(p.promotes_to).name);
    if (p.promoted_from) tags.push_back("promoted " + v.piece(p.promoted_from).name);
    std::string moves = "betza " + (p.betza.empty() ? std::string("-") : p.betza);
    if (!p.sting.empty()) moves += "  sting " + p.sting;
    if (!p.skip_first.empty()) moves += "  skip_first " + p.skip_first;
    fmt::print("\n  {} {} [{}] sfen {}  {}{}\n", p.name, p.kanji, p.abbrev, p.sfen, moves,
               tags.empty() ? "" : "  (" + join(tags) + ")");
    fmt::print("{}", piece_diagram(p));
  }
}

}  // namespace

void register_variants(CLI::App& app) {
  app.add_subcommand("variants", "List the games Kirin knows")->callback([] {
    for (const auto& id : builtin_variant_ids()) {
      auto v = builtin_variant(id);
      fmt::print("{:<20} {:<22} {}x{}  {}\n", v->id, v->name, v->files, v->ranks,
                 v->aliases.empty() ? "" : "aliases: " + join(v->aliases));
    }
  });

  struct Args {
    GameArgs game;
    std::string name;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "show-variant", "Print a game's definition: board, options, profiles and each piece's moves");
  cmd->add_option("game", args->name, "game id or alias (or use --variant / --variant-file)");
  args->game.add_to(*cmd, false, false);
  cmd->callback([args] {
    if (!args->name.empty()) args->game.variant = args->name;
    show(*args->game.load_variant());
  });
}

}  // namespace kirin::cli
