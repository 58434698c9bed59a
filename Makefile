# Kirin: the two commands that matter are `make run` and `make test` (see README.md).
BUILD      ?= build
ASAN_BUILD ?= build-asan
WASM_BUILD ?= build-wasm
JOBS       ?= $(shell nproc)

.PHONY: all deps configure build build-all web wasm proof-check run test test-release test-asan test-long bench \
	sanitize-configure sanitize-build fuzz fuzz-build fuzz-smoke clean format

all: build-all

deps:
	@bash scripts/install-deps.sh

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DKIRIN_WERROR=ON >/dev/null

# What `make run` needs: the kirin binary (build/kirin) and the web UI (web/dist, which kirin
# serve serves).
build: configure web
	@cmake --build $(BUILD) -j $(JOBS) --target kirin

# Everything: the tests and benchmarks too.
build-all: configure web proof-check
	@cmake --build $(BUILD) -j $(JOBS)

# The engine for the browser (src/wasm, WebAssembly): built by Emscripten, which deps installs
# (without it, the web UI is built without and uses the server's engine). Its files go to
# web/src/engine/wasm/ (the rules module, kirin-rules, to web/src/shogi/wasm/), where the web
# build takes them (each name with its hash) into web/dist.
# Debian's Emscripten runs its JavaScript tools with Debian's node modules (NODE_PATH).
WASM_OUT = web/src/engine/wasm
RULES_WASM_OUT = web/src/shogi/wasm
wasm: deps
	@if command -v emcmake >/dev/null; then \
		export NODE_PATH=/usr/share/nodejs; \
		emcmake cmake -S src/wasm -B $(WASM_BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null && \
		cmake --build $(WASM_BUILD) -j $(JOBS) && mkdir -p $(WASM_OUT) && \
		cp -p $(WASM_BUILD)/kirin-engine-mt.js $(WASM_BUILD)/kirin-engine-mt.worker.js \
			$(WASM_BUILD)/kirin-engine-mt.wasm $(WASM_BUILD)/kirin-engine-st.js \
			$(WASM_BUILD)/kirin-engine-st.wasm $(WASM_OUT)/ && \
		mkdir -p $(RULES_WASM_OUT) && \
		cp -p $(WASM_BUILD)/kirin-rules.js $(WASM_BUILD)/kirin-rules.wasm $(RULES_WASM_OUT)/; \
	else echo "wasm: no Emscripten (scripts/install-deps.sh installs it): no engine for the browser"; fi

# The web UI (TypeScript, Vite): packages from the npm registry when package-lock.json changed.
web: deps wasm
	@cd web && if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then \
		npm ci --no-audit --no-fund --loglevel=error; fi
	@cd web && npm run --silent build

# The mate-proof checker (tools/proof-check, shogiops): its packages when package-lock.json changed.
proof-check: deps
	@bash tools/proof-check/install.sh

# The main job: the game server on 127.0.0.1:8080, its SQLite database in var/kirin.db.
run: build
	@./$(BUILD)/kirin serve

# Every test: the release build with warnings as errors (and the web UI's tests in Chromium),
# then the unit tests under ASan/UBSan, then a short run of every fuzz target (the last two
# from one clang tree).
test: test-release test-asan fuzz-smoke

# One throwaway PostgreSQL cluster serves every test process of a run (the server's tests on
# PostgreSQL). deps installs every program the tests check Kirin against, so none may be
# missing: KIRIN_REQUIRE_ORACLES turns a test's skip for want of one into a failure.
CTEST = KIRIN_REQUIRE_ORACLES=1 bash scripts/pg-test-cluster.sh run ctest --output-on-failure \
	-j $(JOBS)

test-release: build-all
	@$(CTEST) --test-dir $(BUILD)

# The sanitizer tree: clang with ASan and UBSan (and libFuzzer's coverage), where the unit
# tests and the fuzz targets link one set of instrumented libraries, built once. make test
# builds both in one go; `make fuzz` only the targets. The fuzz targets are libFuzzer programs
# (fuzz/): `make fuzz` runs each for FUZZ_SECONDS (FUZZ_TARGETS: some of them, e.g. "sfen
# http"); make test runs each for FUZZ_SMOKE_SECONDS. Both run FUZZ_JOBS at a time (default: one
# a core). Corpora, crashes and logs: $(ASAN_BUILD)/fuzz/.
FUZZ_SECONDS       ?= 300
FUZZ_SMOKE_SECONDS ?= 10
FUZZ_TARGETS       ?=
# A tree that g++ configured (build-asan before issue 27) is made afresh: CMake cannot switch a
# tree's compiler in place.
sanitize-configure: deps
	@if [ -f $(ASAN_BUILD)/CMakeCache.txt ] && \
		! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++' $(ASAN_BUILD)/CMakeCache.txt; then \
		rm -rf $(ASAN_BUILD); fi
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DKIRIN_WERROR=ON -DKIRIN_SANITIZE=ON -DKIRIN_FUZZ=ON -DKIRIN_BENCH=OFF >/dev/null

sanitize-build: sanitize-configure
	@cmake --build $(ASAN_BUILD) -j $(JOBS) --target unit_tests fuzzers

test-asan: sanitize-build
	@$(CTEST) --test-dir $(ASAN_BUILD) -L unit

fuzz-build: sanitize-configure
	@cmake --build $(ASAN_BUILD) -j $(JOBS) --target fuzzers

fuzz: fuzz-build
	@bash scripts/fuzz.sh $(ASAN_BUILD) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-smoke: sanitize-build
	@bash scripts/fuzz.sh $(ASAN_BUILD) $(FUZZ_SMOKE_SECONDS) $(FUZZ_TARGETS)

# The random-play tests at length, from a new seed each run (tests/random_play.h): ten times
# the games of `make test`. A failure prints the KIRIN_RANDOM_SEED that repeats it.
RANDOM_GAMES ?= 10
RANDOM_SEED  ?= time
test-long: build-all
	@KIRIN_RANDOM_GAMES=$(RANDOM_GAMES) KIRIN_RANDOM_SEED=$(RANDOM_SEED) \
		ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS) -R 'Random|RoundTrip|AttackCounts'

bench: build-all
	@./$(BUILD)/kirin bench perft
	@./$(BUILD)/kirin_benchmarks

format:
	@clang-format -i $$(git ls-files 'src/*.cpp' 'src/*.h' 'tests/*.cpp')

clean:
	@rm -rf $(BUILD) $(ASAN_BUILD) build-fuzz
