# Kirin: the two commands that matter are `make run` and `make test` (see README.md).
BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= $(shell nproc)

.PHONY: all deps build run test test-release test-asan bench clean format

all: build

deps:
	@bash scripts/install-deps.sh

# Release build; the CLI ends up at build/kirin.
build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DKIRIN_WERROR=ON >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

# The main job. Until the server exists this prints the command overview.
run: build
	@./$(BUILD)/kirin --help

# Every test: the release build with warnings as errors, then the unit tests under ASan/UBSan.
test: test-release test-asan

test-release: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-asan: deps
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKIRIN_WERROR=ON \
		-DKIRIN_SANITIZE=ON -DKIRIN_BENCH=OFF >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS)
	@cd $(ASAN_BUILD) && ctest --output-on-failure -j $(JOBS) -L unit

bench: build
	@./$(BUILD)/kirin bench perft
	@./$(BUILD)/kirin_benchmarks

format:
	@clang-format -i $$(git ls-files 'src/*.cpp' 'src/*.h' 'tests/*.cpp' 'bench/*.cpp')

clean:
	@rm -rf $(BUILD) $(ASAN_BUILD)
