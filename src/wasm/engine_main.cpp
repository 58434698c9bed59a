// Kirin's engine in a browser's Web Worker (web/src/engine/worker.ts): the USI of `kirin engine`
// (protocol/usi_engine), one command line at a time through kirin_command, its answers as lines.
//
// With threads (kirin-engine-mt) the engine writes from its search and solver threads, so its
// lines wait in a queue that the worker empties (kirin_output) after each command and on a
// timer. Without them (kirin-engine-st) a search runs inside kirin_command, and each line goes to
// the worker at once (Module.onLine), so that the page sees every iteration as it ends.
#include <emscripten.h>

#include <memory>
#include <mutex>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <string>

#include "protocol/usi_engine.h"

namespace {

// Collects what the engine writes; a flush (LineWriter flushes after each line) hands it on.
class LineSink : public std::streambuf {
 public:
  std::string take() {
    std::lock_guard lock(mutex_);
    std::string out;
    out.swap(ready_);
    return out;
  }

 protected:
  int overflow(int c) override {
    if (c != EOF) pending_.push_back(char(c));
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    pending_.append(s, size_t(n));
    return n;
  }
  int sync() override {
#ifdef __EMSCRIPTEN_PTHREADS__
    std::lock_guard lock(mutex_);
    ready_ += pending_;
#else
    EM_ASM({ Module.onLine(UTF8ToString($0)); }, pending_.c_str());
#endif
    pending_.clear();
    return 0;
  }

 private:
  std::string pending_;  // LineWriter writes one line at a time, under its own lock
  std::mutex mutex_;
  std::string ready_;
};

LineSink sink;
std::ostream out(&sink);
std::istringstream no_input;
std::unique_ptr<kirin::protocol::UsiEngine> engine;
std::string taken;

}  // namespace

extern "C" {

// Makes the engine (Chu, `hash_mb` of table); 0 on success, else the error is the last output.
EMSCRIPTEN_KEEPALIVE int kirin_start(int hash_mb) {
  try {
    kirin::protocol::EngineConfig config;
    config.hash_mb = size_t(hash_mb > 0 ? hash_mb : 16);
    engine = std::make_unique<kirin::protocol::UsiEngine>(no_input, out, config);
    return 0;
  } catch (const std::exception& e) {
    out << "info string error: " << e.what() << '\n' << std::flush;
    return 1;
  }
}

// One USI command line; 0 after `quit`.
EMSCRIPTEN_KEEPALIVE int kirin_command(const char* line) {
  if (!engine) return 0;
  try {
    return engine->handle(line) ? 1 : 0;
  } catch (const std::exception& e) {
    out << "info string error: " << e.what() << '\n' << std::flush;
    return 1;
  }
}

// The lines written since the last call (threads build; "" in the other, which hands them on at
// once). The text stays valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* kirin_output() {
  taken = sink.take();
  return taken.c_str();
}
}

int main() { return 0; }
