#include "server/text/command_text.h"

#include <algorithm>
#include <cctype>
#include <utility>
#include <vector>

#include "notation/notation_error.h"
#include "server/text/commands.h"

namespace kirin::server {
namespace {

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// What a multi-byte UTF-8 character at s[i] becomes: '\0' (kept as it is), ' ', '-' or 'x'
// (removed); `len` is its length in bytes.
char replacement(std::string_view s, size_t i, size_t& len) {
  auto byte = [&](size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
  unsigned b0 = byte(i), b1 = byte(i + 1), b2 = byte(i + 2);
  if (b0 == 0xC2 && b1 == 0xA0) {  // U+00A0 no-break space
    len = 2;
    return ' ';
  }
  len = 3;
  if (b0 == 0xE2 && b1 == 0x80) {
    if (b2 <= 0x8A || b2 == 0xAF) return ' ';  // U+2000..U+200A, U+202F
    if (b2 >= 0x8B && b2 <= 0x8D) return 'x';  // U+200B..U+200D zero-width
    if (b2 >= 0x90 && b2 <= 0x95) return '-';  // U+2010..U+2015 hyphens, dashes
  }
  if (b0 == 0xE2 && b1 == 0x81 && b2 == 0x9F) return ' ';  // U+205F
  if (b0 == 0xE2 && b1 == 0x81 && b2 == 0xA0) return 'x';  // U+2060 word joiner
  if (b0 == 0xE2 && b1 == 0x88 && b2 == 0x92) return '-';  // U+2212 minus sign
  if (b0 == 0xE3 && b1 == 0x80 && b2 == 0x80) return ' ';  // U+3000 ideographic space
  if (b0 == 0xEF && b1 == 0xBB && b2 == 0xBF) return 'x';  // U+FEFF byte order mark
  len = 1;
  return '\0';
}

bool printable(char c) { return static_cast<unsigned char>(c) >= 0x20 && c != 0x7f; }

// Where a command's words have a password: the first argument, the password's index, the
// fewest and most words of the command's form, and the index of a word that must be a board
// number or of one that must be an e-mail address (0: none; password 0: no password).
struct PasswordPlace {
  size_t first_argument = 0, password = 0, least = 0, most = 0, board = 0, email = 0;
  size_t second_password = 0;  // change password's NEW
};

PasswordPlace password_place(const Words& w) {
  constexpr size_t kAny = ~size_t(0);
  std::string first = lower(w[0]);
  // signup USER PASSWORD [EMAIL], and add, its synonym
  if (first == "signup" || first == "add") return {1, 2, 3, 4, 0, 3};
  // change password USER OLD NEW: both passwords are secrets (second_password).
  if (first == "change" && lower(w[1]) == "password") return {2, 3, 5, 5, 0, 0, 4};
  if (first == "change" && lower(w[1]) == "address") return {2, 3, 4, 5, 0, 4};
  if (first == "change") return {2, 2, 1, 0};  // neither form: never fits, all arguments hidden
  if (first == "signoff" || first == "delete" || first == "broadcast") return {1, 2, 3, 3};
  if (first == "message") return {1, 2, 4, kAny, 0, 0};  // message USER PASSWORD TO...
  if (first == "block" || first == "unblock") return {1, 2, 4, 4};  // block USER PASSWORD OTHER
  if (first == "report") return {1, 2, 5, kAny};  // report USER PASSWORD OTHER REASON [TEXT...]
  if (first == "mod") return {1, 2, 4, kAny};     // mod USER PASSWORD ACTION [OTHER REASON...]
  std::string verb = lower(w[1]);
  if (verb == "signup") return {2, 3, 4, 5, 0, 4};
  if (verb == "move") return {2, 4, 6, kAny, 2, 0};  // GAME move BOARD USER PASSWORD MOVE...
  if (verb == "resign" || verb == "abort" || verb == "berserk") return {2, 4, 5, 5, 2, 0};
  if (verb == "queue" || verb == "submit") return {2, 4, 5, kAny, 2, 0};
  if (verb == "confirm") return {2, 4, 5, 5, 2, 0};
  // GAME accept|decline|withdraw CHALLENGE USER PASSWORD: the challenge's number is checked
  // as a board's.
  if (verb == "accept" || verb == "decline" || verb == "withdraw") return {2, 4, 5, 5, 2, 0};
  if (verb == "challenges") return {2, 3, 4, 4, 0, 0};  // GAME challenges USER PASSWORD
  if (verb == "set") return {2, 3, 4, 7, 0, 0};
  if (verb == "chat") return {2, 4, 5, 5, 2, 0};  // GAME chat BOARD USER PASSWORD
  if (verb == "showas") return {2, 3, 4, kAny, 0, 0};  // GAME showas USER PASSWORD [BOARD...]
  if (verb == "tournament") {
    std::string sub = lower(w[2]);
    // GAME tournament join ID USER PASSWORD [-password=EVENTPASSWORD]; withdraw, start,
    // cancel without the option: the event's number is checked as a board's.
    if (sub == "join") return {3, 5, 6, 7, 3, 0};
    if (sub == "withdraw" || sub == "start" || sub == "cancel") return {3, 5, 6, 6, 3, 0};
    // GAME tournament create KIND [-OPTION...] USER PASSWORD: the password is the last word
    // that is no option (the options may stand anywhere after KIND).
    if (sub == "create") {
      size_t last = 0, plain = 0;
      for (size_t i = 3; i < w.size(); ++i) {
        if (w[i].starts_with("-")) continue;
        last = i;
        ++plain;
      }
      // Three plain words (KIND USER PASSWORD) fit; any other count hides every argument.
      return plain == 3 ? PasswordPlace{3, last, 6, kAny, 0, 0} : PasswordPlace{3, 3, 1, 0};
    }
  }
  return {};
}

bool fits(const PasswordPlace& place, const Words& w) {
  if (w.size() < place.least || w.size() > place.most) return false;
  if (place.board) {
    std::string_view board = w[place.board];
    if (!board.empty() && board.front() == '#') board.remove_prefix(1);
    if (board.empty() || board.find_first_not_of("0123456789") != std::string_view::npos)
      return false;
  }
  return !place.email || w[place.email].empty() ||
         w[place.email].find('@') != std::string::npos;
}

}  // namespace

namespace {

// A challenge's -password=YOURS (any letter case, one dash or two): the index of the word.
std::vector<size_t> password_options(const Words& w) {
  std::vector<size_t> out;
  for (size_t i = 2; i < w.size(); ++i) {
    std::string word = lower(w[i]);
    if (word.starts_with("-password=") || word.starts_with("--password=")) out.push_back(i);
  }
  return out;
}

}  // namespace

// What a line must not show: its password's word (or every argument, when the line does not
// fit its command's form, so the password could be any of them), and the value of a
// -password= option. In word order.
std::vector<Secret> secrets_of(const Words& w) {
  std::vector<Secret> out;
  PasswordPlace place = password_place(w);
  if (place.password && fits(place, w)) {
    out.push_back({place.password, 0});
    if (place.second_password) out.push_back({place.second_password, 0});
  } else if (place.password) {
    for (size_t i = place.first_argument; i < w.size(); ++i) out.push_back({i, 0});
  }
  for (size_t i : password_options(w))
    if (std::none_of(out.begin(), out.end(), [&](const Secret& s) { return s.word == i; }))
      out.push_back({i, w[i].find('=') + 1});
  std::sort(out.begin(), out.end(),
            [](const Secret& a, const Secret& b) { return a.word < b.word; });
  return out;
}

bool carries_password(const Words& w) {
  return password_place(w).password != 0 || !password_options(w).empty();
}

bool asks_solver(const Words& w) {
  bool attempt = w.size() > 3 && lower(w[0]) == "problem" && lower(w[3]) != "solution";
  return attempt || (w.size() > 1 && lower(w[1]) == "mate");
}

bool takes_text(const Words& w) {
  // broadcast too, so that its (refused) text is not run as commands.
  std::string first = lower(w[0]);
  return first == "message" || first == "broadcast" || (w.size() > 1 && lower(w[1]) == "chat");
}

bool line_takes_text(std::string_view line) {
  try {
    return takes_text(split_words(normalize_line(line, CommandInterface::kMaxLineBytes), 1000));
  } catch (const CommandError&) {
    return false;
  }
}

std::string without_secrets(std::string text, const Words& w) {
  // A reply quotes a word of its command as quoted() writes it ('word', its first 100
  // characters): only there can a secret stand. The same word unquoted is the reply's own
  // ("wrong name or password" when the password is "password").
  for (const Secret& s : secrets_of(w)) {
    const std::string secret = w[s.word].substr(s.from);
    if (secret.empty()) continue;
    const std::string shown = "'" + secret.substr(0, 100) + "'";
    for (size_t at = text.find(shown); at != std::string::npos; at = text.find(shown, at + 5))
      text.replace(at, shown.size(), "'***'");
  }
  return text;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool iequals(std::string_view a, std::string_view b) { return lower(a) == lower(b); }

std::string normalize_line(std::string_view line, size_t max_bytes) {
  while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.remove_suffix(1);
  if (line.size() > max_bytes)
    throw CommandError("the line has " + std::to_string(line.size()) +
                       " characters; a command has at most " + std::to_string(max_bytes));
  std::string out;
  out.reserve(line.size());
  for (size_t i = 0; i < line.size();) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    if (c == '\t') {
      out += ' ';
      ++i;
      continue;
    }
    if (c < 0x20 || c == 0x7f)
      throw CommandError("the line has a control character (code " + std::to_string(c) +
                         ") at character " + std::to_string(i + 1));
    size_t len = 1;
    char r = c >= 0x80 ? replacement(line, i, len) : '\0';
    if (r == '\0') {
      out.append(line.substr(i, len));
    } else if (r != 'x') {
      out += r;
    }
    i += len;
  }
  return out;
}

const std::string& Words::operator[](size_t i) const {
  static const std::string none;
  return i < words.size() ? words[i] : none;
}

std::string Words::rest(size_t i) const {
  if (i >= words.size()) return {};
  return std::string(trim(std::string_view(line).substr(starts[i])));
}

Words split_words(std::string line, size_t max_words) {
  Words w;
  w.line = std::move(line);
  const std::string& s = w.line;
  for (size_t i = 0; i < s.size();) {
    if (s[i] == ' ') {
      ++i;
      continue;
    }
    size_t end = s.find(' ', i);
    if (end == std::string::npos) end = s.size();
    if (w.words.size() == max_words)
      throw CommandError("the line has more than " + std::to_string(max_words) + " words");
    w.words.push_back(s.substr(i, end - i));
    w.starts.push_back(i);
    i = end;
  }
  return w;
}

LineKind classify_line(std::string_view line) {
  std::string normal;
  try {
    normal = normalize_line(line.substr(0, 200), 200);
  } catch (const CommandError&) {
    return LineKind::Command;  // run() explains what is wrong with it
  }
  std::string_view t = trim(normal);
  if (t.empty() || t.front() == '#' || t.front() == '>') return LineKind::Skip;
  if (t == "--") return LineKind::Stop;  // also "-- ", the signature marker, once trimmed
  if (starts_with(t, "-----Original Message-----") || starts_with(t, "__________"))
    return LineKind::Stop;
  if (starts_with(t, "On ") && t.size() >= 6 && t.substr(t.size() - 6) == "wrote:")
    return LineKind::Stop;
  return LineKind::Command;
}

std::string CommandInterface::masked(std::string_view line) {
  std::string shown;
  bool cut = false;
  try {
    shown = normalize_line(line, kMaxLineBytes);
  } catch (const CommandError&) {
    // Shown as far as it is printable, and its first 80 bytes only.
    for (char c : line.substr(0, 80)) shown += printable(c) ? c : '?';
    cut = line.size() > 80;
  }
  Words w = split_words(shown, shown.size());  // no more words than bytes: never throws
  std::string out;
  size_t from = 0;
  for (const Secret& s : secrets_of(w)) {
    out += w.line.substr(from, w.starts[s.word] + s.from - from) + "***";
    from = w.starts[s.word] + w.words[s.word].size();
  }
  out += w.line.substr(from);
  return std::string(trim(out)) + (cut ? "..." : "");
}

namespace {

// A command's text (takes_text): the lines from `at` up to a blank line, a Stop line or the
// end; `at` moves past them and the blank line.
std::string_view text_after(std::string_view text, size_t& at) {
  at = std::min(at, text.size());  // the command was the last line: no text follows
  size_t begin = at, end = at;
  while (at < text.size()) {
    size_t eol = text.find('\n', at);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view line = text.substr(at, eol - at);
    if (trim(line).empty()) {
      at = eol + 1;
      break;
    }
    if (classify_line(line) == LineKind::Stop) break;
    at = eol + 1;
    end = eol;
  }
  return text.substr(begin, end - begin);
}

// Whether the line can be read as words (run() explains what is wrong with one that cannot).
bool readable(std::string_view line) {
  try {
    normalize_line(line, CommandInterface::kMaxLineBytes);
    return true;
  } catch (const CommandError&) {
    return false;
  }
}

// The one answer to a text's lines that start no command (starts_command): the greetings,
// thanks and phone signatures mail programs add, and a command whose first word is mistyped.
std::string skipped_lines(const std::vector<std::string>& lines) {
  constexpr size_t kShown = 5;
  std::string out = "Lines that are not commands were skipped: ";
  for (size_t i = 0; i < lines.size() && i < kShown; ++i) {
    std::string line = lines[i];
    if (line.size() > 60) {
      size_t cut = 57;
      while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
      line = line.substr(0, cut) + "...";
    }
    out += (i ? ", " : "") + quoted_input(line);
  }
  if (lines.size() > kShown) out += " and " + std::to_string(lines.size() - kShown) + " more";
  return out +
         ".\nA command starts with a game (chushogi, shogi, ...) or with help, signup, list, "
         "all, change, message, block, unblock, report, mod, problems or problem.\n";
}

}  // namespace

bool CommandInterface::text_asks_solver(std::string_view text) {
  for (size_t at = 0; at < text.size();) {
    size_t end = std::min(text.find('\n', at), text.size());
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    LineKind kind = classify_line(line);
    if (kind == LineKind::Stop) break;
    try {
      if (kind == LineKind::Command &&
          asks_solver(split_words(normalize_line(line, kMaxLineBytes), 1000)))
        return true;
    } catch (const CommandError&) {
      // run() says what is wrong with the line
    }
  }
  return false;
}

std::string CommandInterface::run_text(std::string_view text, const CommandContext& ctx,
                                       int max_commands, int max_password_checks) {
  std::string out;
  int commands = 0, password_checks = 0;
  std::vector<std::string> chatter;  // lines that start no command: "Hi Kirin,", "Thanks!"
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    LineKind kind = classify_line(line);
    if (kind == LineKind::Skip) continue;
    if (kind == LineKind::Stop) break;
    if (readable(line) && !starts_command(line)) {  // answered once at the end, not each
      chatter.push_back(masked(line));
      continue;
    }
    if (commands) out += std::string(kSeparator) + "\n";
    if (commands == max_commands) {
      out += "error: more than " + std::to_string(max_commands) +
             " commands: the rest were not run (send them again)\n";
      break;
    }
    ++commands;
    out += "> " + masked(line) + "\n";
    bool checks_password = false;
    try {
      checks_password = carries_password(split_words(normalize_line(line, kMaxLineBytes), 1000));
    } catch (const CommandError&) {
      // run() says what is wrong with the line
    }
    std::string_view body = line_takes_text(line) ? text_after(text, at) : std::string_view();
    if (checks_password && !ctx.operator_mode && password_checks == max_password_checks) {
      out += "error: only " + std::to_string(max_password_checks) +
             (max_password_checks == 1 ? " command with a password is" : " commands with a "
                                                                      "password are") +
             " run from one text: this one was not run (send it again in another)\n";
      continue;
    }
    if (checks_password) ++password_checks;
    out += run(line, ctx, body);
  }
  if (!commands)
    out =
        "error: no command found: write one command a line, such as 'help' or "
        "'chushogi board 12'\n";
  if (!chatter.empty()) {
    if (commands) out += std::string(kSeparator) + "\n";
    out += skipped_lines(chatter);
  }
  return out;
}

}  // namespace kirin::server
