// Transcript tests of the text commands: each file of tests/server/text/transcripts/ is a
// session of commands with the exact replies, run on a fresh service (ServerTest: a temporary
// SQLite store, a fake clock, the users alice and bob already signed up with the passwords
// password-alice and password-bob and the addresses NAME@example.org).
//
// The format, one directive a line, at the start of the line:
//   # ...                 a comment (only before the first command)
//   # stores: sqlite postgres
//                         run the file on PostgreSQL too (scripts/pg-test-cluster.sh); without
//                         this line it runs on SQLite only
//   ## ...                a comment anywhere
//   @ operator            the commands that follow come from the local operator (`kirin
//                         command`: the default)
//   @ mail ADDRESS        ... from a mail sent from ADDRESS
//   @ user NAME           ... from NAME signed in on the web (POST /api/command)
//   @ clock +N[smhd]      the clock moves on
//   @ analysis BOARD USER NODES
//                         USER (a player) keeps a computer analysis of BOARD (finished): the
//                         lines up to "@ end" are its positions, "cp 40 2g2f 8c8d" (a score
//                         for Black and the line), "mate -3 ..." or "-" (none)
//   @ tick                the tournaments' director does its work (Tournaments::tick), as
//                         the leading server's ticker does
//   $ LINE                run one command line (CommandInterface::run); the lines up to the
//                         next directive are its exact reply
//   @ text                the lines up to "@ end" are one text (a mail's body), run as
//                         run_text runs it; the lines after "@ end" up to the next directive
//                         are its exact reply
// A reply's lines are compared exactly, every line and the newline that ends it. To write the
// replies of a new or changed transcript, run the test with KIRIN_UPDATE_TRANSCRIPTS=1: it
// rewrites each file with the replies it got. Read the diff before you commit it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../server_fixture.h"
#include "server/text/commands.h"

namespace kirin::server::testing {
namespace {

namespace fs = std::filesystem;

fs::path transcript_dir() { return fs::path(KIRIN_SOURCE_DIR) / "tests/server/text/transcripts"; }

std::vector<std::string> transcript_names() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(transcript_dir()))
    if (entry.path().extension() == ".txt") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> read_lines(const fs::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

bool is_directive(const std::string& line) {
  return line.rfind("$ ", 0) == 0 || line.rfind("@ ", 0) == 0 || line.rfind("## ", 0) == 0 ||
         line == "##";
}

int64_t duration_ms(const std::string& text) {
  size_t used = 0;
  int64_t n = std::stoll(text, &used);
  std::string unit = text.substr(used);
  if (unit == "s") return n * 1000;
  if (unit == "m") return n * 60'000;
  if (unit == "h") return n * 3'600'000;
  if (unit == "d") return n * 86'400'000;
  throw std::invalid_argument("a duration is N followed by s, m, h or d: " + text);
}

class TranscriptTest : public ServerTest, public ::testing::WithParamInterface<std::string> {
 protected:
  CommandInterface commands{*accounts, *challenges, *games, *messages, *problems,
                            moderation_services(), *tournaments};
};

TEST_P(TranscriptTest, Run) {
  const fs::path path = transcript_dir() / (GetParam() + ".txt");
  const std::vector<std::string> lines = read_lines(path);
  bool on_postgres = false;
  for (const std::string& line : lines) {
    if (line.rfind("# stores:", 0) == 0) on_postgres = line.find("postgres") != std::string::npos;
    if (!line.empty() && line[0] != '#') break;
  }
  if (TestDatabase::postgres_wanted() && !on_postgres)
    GTEST_SKIP() << "this transcript runs on SQLite only";

  CommandContext ctx{.sender_email = {}, .sender_user = 0, .operator_mode = true};
  std::vector<std::string> written;  // the file as KIRIN_UPDATE_TRANSCRIPTS writes it
  bool started = false;
  size_t i = 0;
  // The lines from i up to the next directive: a reply as the file has it.
  auto expected_reply = [&] {
    std::string reply;
    while (i < lines.size() && !is_directive(lines[i])) reply += lines[i++] + "\n";
    return reply;
  };
  const char* update_env = getenv("KIRIN_UPDATE_TRANSCRIPTS");
  const bool update = update_env && std::string(update_env) == "1";
  auto check = [&](const std::string& what, size_t at, const std::string& got) {
    std::string want = expected_reply();
    if (!update) {
      EXPECT_EQ(got, want) << path.filename().string() << ":" << at + 1 << ": " << what;
    }
    std::istringstream in(got);
    for (std::string line; std::getline(in, line);) written.push_back(line);
  };

  while (i < lines.size()) {
    const std::string& line = lines[i];
    const size_t at = i++;
    if (!started && (line.empty() || line[0] == '#')) {
      written.push_back(line);
      continue;
    }
    ASSERT_TRUE(is_directive(line))
        << path.filename().string() << ":" << at + 1 << ": a line outside any reply: " << line;
    written.push_back(line);
    if (line.rfind("##", 0) == 0) continue;
    started = true;
    if (line.rfind("$ ", 0) == 0) {
      check(line, at, commands.run(line.substr(2), ctx));
      continue;
    }
    std::istringstream words(line.substr(2));
    std::string verb, arg;
    words >> verb >> arg;
    if (verb == "operator") {
      ctx = {.sender_email = {}, .sender_user = 0, .operator_mode = true};
    } else if (verb == "mail") {
      ctx = {.sender_email = arg, .sender_user = 0, .operator_mode = false};
    } else if (verb == "user") {
      ctx = {.sender_email = {}, .sender_user = accounts->user_by_name(arg).id,
             .operator_mode = false, .client = "203.0.113.9"};
    } else if (verb == "analysis") {
      std::string user;
      int64_t nodes = 0;
      words >> user >> nodes;
      std::vector<std::optional<PositionEval>> positions;
      while (i < lines.size() && lines[i] != "@ end") {
        written.push_back(lines[i]);
        std::istringstream in(lines[i++]);
        std::string kind;
        int score = 0;
        if (!(in >> kind >> score)) {
          positions.emplace_back();
          continue;
        }
        PositionEval e;
        (kind == "mate" ? e.mate : e.cp) = score;
        for (std::string m; in >> m;) e.pv.push_back(m);
        positions.push_back(std::move(e));
      }
      ASSERT_LT(i, lines.size()) << path << ":" << at + 1 << ": '@ analysis' without '@ end'";
      written.push_back(lines[i++]);
      games->analyses().store(std::stoll(arg), accounts->user_by_name(user).id, nodes,
                              std::move(positions));
    } else if (verb == "tick") {
      tournaments->tick();
    } else if (verb == "clock") {
      ASSERT_FALSE(arg.empty() || arg[0] != '+') << path << ":" << at + 1 << ": write +N[smhd]";
      clock.advance(duration_ms(arg.substr(1)));
    } else if (verb == "text") {
      std::string text;
      while (i < lines.size() && lines[i] != "@ end") {
        written.push_back(lines[i]);
        text += lines[i++] + "\n";
      }
      ASSERT_LT(i, lines.size()) << path << ":" << at + 1 << ": '@ text' without '@ end'";
      written.push_back(lines[i++]);
      check("the text of line " + std::to_string(at + 1), at, commands.run_text(text, ctx));
    } else {
      FAIL() << path.filename().string() << ":" << at + 1 << ": unknown directive: " << line;
    }
  }
  if (update && !TestDatabase::postgres_wanted()) {
    std::ofstream out(path);
    for (const std::string& line : written) out << line << "\n";
  }
}

// A test's name is the file's, '-' made '_'.
std::string test_name(const ::testing::TestParamInfo<std::string>& file) {
  std::string name = file.param;
  for (char& c : name)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Transcripts, TranscriptTest, ::testing::ValuesIn(transcript_names()),
                         test_name);

}  // namespace
}  // namespace kirin::server::testing
