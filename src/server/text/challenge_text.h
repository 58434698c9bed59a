// A challenge in words: the game, every term (rules, handicap, start, clock, rated or casual,
// takebacks), the colours, who challenged whom, and the exact commands that answer it or
// withdraw it. One text for the challenger's reply, the opponent's mail notice and the list of
// pending challenges (`GAME challenges`), so that all three say the same.
#pragma once

#include <string>

#include "server/domain/records.h"

namespace kirin::server {

// The word that starts a game's commands as pbmserv writes it: "chushogi" for Chu and Dai
// Shogi (its chushogi command plays both), else the game's id ("shogi", "mitsugumi").
std::string command_word(const std::string& game);

// The whole description for `reader`: a headline, the terms and colours, one a line, then
// what `reader` may do while it is open: the challenged player's accept and decline commands
// (anyone's, for a challenge open to anyone), the challenger's withdraw command and the
// opponent's answer. `word` starts the commands (as the reader wrote it, or command_word).
std::string describe_challenge(const Challenge& c, Id reader, const std::string& word);

// Two lines for a list: the id, who, the terms in short words and `reader`'s colour; then the
// commands `reader` answers or withdraws it with.
std::string challenge_summary(const Challenge& c, Id reader, const std::string& word);

}  // namespace kirin::server
