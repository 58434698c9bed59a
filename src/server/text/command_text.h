// The words of a command line, for the command interface (commands.h): the line normalized
// as mail programs mangle it, then split at blanks, each word remembering where it starts so
// that a move written with blanks ("n 7g-6f; n 6f-5e") can be taken as the rest of the line.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kirin::server {

// A bad command: the reply is "error: " + what(), then the detail lines, if any.
class CommandError : public std::runtime_error {
 public:
  explicit CommandError(const std::string& what, std::string detail = {})
      : std::runtime_error(what), detail_(std::move(detail)) {}
  const std::string& detail() const { return detail_; }

 private:
  std::string detail_;
};

// The line with what mail programs put into typed text undone: a trailing CR dropped, tabs,
// no-break spaces (U+00A0) and other Unicode blanks made spaces, the dashes and minus signs
// "smart" typing makes of '-' (U+2010..U+2015, U+2212) made '-', byte order marks and
// zero-width characters removed. Throws CommandError for a line longer than `max_bytes` or
// with a control character.
std::string normalize_line(std::string_view line, size_t max_bytes);

struct Words {
  std::string line;                // normalized
  std::vector<std::string> words;  // split at spaces
  std::vector<size_t> starts;      // where each word starts in `line`

  size_t size() const { return words.size(); }
  // Word i ("" past the end).
  const std::string& operator[](size_t i) const;
  // The line from word i to its end, as written (inner blanks kept), "" past the end.
  std::string rest(size_t i) const;
};

// Throws CommandError for more than `max_words` words.
Words split_words(std::string line, size_t max_words);

// A word of a command to hide, from character `from` on (0: all of it).
struct Secret {
  size_t word, from;
};
// What a command must not show back, in word order: the password's word when the words fit
// the command's form (move, resign, accept, decline, set, signup: the number of words, a
// board or challenge number where one goes, an '@' in an e-mail address), every argument
// when they do not (the password may be any of them), and the value of a challenge's
// -password= option.
std::vector<Secret> secrets_of(const Words& w);
// Whether the command is one that checks a password (or, signup, hashes one).
bool carries_password(const Words& w);
// Whether the command may ask the mate solver: GAME mate ..., or an attempt at a problem.
bool asks_solver(const Words& w);
// Whether the command carries a text on the lines after it (message, GAME chat, broadcast,
// which is refused): they are its text up to a blank line, a Stop line (commands.h) or the end.
bool takes_text(const Words& w);
bool line_takes_text(std::string_view line);  // false for a line that is no command
// `text` with every secret of the command (secrets_of) that it quotes ('secret', as quoted()
// writes a word of the command) replaced by '***': what a reply to the command may say. The
// same word unquoted is the reply's own and stays ("wrong name or password").
std::string without_secrets(std::string text, const Words& w);

std::string lower(std::string_view s);
bool iequals(std::string_view a, std::string_view b);

}  // namespace kirin::server
