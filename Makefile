# Kirin: the two commands that matter are `make run` and `make test` (see README.md).
BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= $(shell nproc)

.PHONY: all deps build web run test test-release test-asan bench clean format

all: build

deps:
	@bash scripts/install-deps.sh

# Release build; the CLI ends up at build/kirin, the web UI in web/dist (kirin serve serves it).
build: deps web
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DKIRIN_WERROR=ON >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

# The web UI (TypeScript, Vite): packages from the npm registry when package-lock.json changed.
web: deps
	@cd web && if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then \
		npm ci --no-audit --no-fund --loglevel=error; fi
	@cd web && npm run --silent build

# The main job: the game server on 127.0.0.1:8080, its SQLite database in var/kirin.db.
run: build
	@./$(BUILD)/kirin serve

# Every test: the release build with warnings as errors (and the web UI's tests in Chromium),
# then the unit tests under ASan/UBSan.
test: test-release test-asan

# One throwaway PostgreSQL cluster serves every test process of a run (the server's tests on
# PostgreSQL); without PostgreSQL installed the tests run without it and those skip.
test-release: build
	@bash scripts/pg-test-cluster.sh run ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

test-asan: deps
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKIRIN_WERROR=ON \
		-DKIRIN_SANITIZE=ON -DKIRIN_BENCH=OFF >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS)
	@bash scripts/pg-test-cluster.sh run ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS) -L unit

bench: build
	@./$(BUILD)/kirin bench perft
	@./$(BUILD)/kirin_benchmarks

format:
	@clang-format -i $$(git ls-files 'src/*.cpp' 'src/*.h' 'tests/*.cpp' 'bench/*.cpp')

clean:
	@rm -rf $(BUILD) $(ASAN_BUILD)
