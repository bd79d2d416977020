# robots.txt tester. `make run` serves it, `make test` checks everything.
# Needs GNU make, bash and Go; the rest is fetched or installed on demand.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := run

GO ?= go
GO_ROOT := $(shell $(GO) env GOROOT)
# Go 1.24 moved the wasm support files from misc/wasm to lib/wasm.
WASM_SUPPORT := $(firstword $(wildcard $(GO_ROOT)/lib/wasm $(GO_ROOT)/misc/wasm))
# Everything the wasm build compiles or embeds, tests excluded.
WASM_INPUTS := go.mod go.sum $(shell find engine wasm -type f ! -name '*_test.go' ! -path '*/testdata/*' 2>/dev/null)
# The page's transfer size targets, in bytes: as Brotli, which every current
# browser takes (issue 9), and as gzip, the fallback (issue 3).
SIZE_TARGET_BROTLI := 1000000
SIZE_TARGET_GZIP := 1500000
# The engine alone (web/core.wasm) for embed.js's widgets, as Brotli (issue 13).
SIZE_TARGET_CORE := 600000
# What a browser downloads for the page (web/worker.js when the page has one).
PAGE_FILES = web/app.wasm web/wasm_exec.js web/loader.js web/style.css web/index.html $(wildcard web/worker.js)
# The files of web/ the server embeds, built ones included, Brotli forms not.
WEB_FILES = $(sort web/app.wasm web/core.wasm web/wasm_exec.js $(shell find web -type f ! -name '.*' ! -name '*.br'))
FUZZTIME ?= 15s

# Chromium for the browser tests: CHROMIUM_PATH when set, else the first
# Debian name found. Read when a recipe runs, after `chromium` installed it.
FIND_CHROMIUM = $${CHROMIUM_PATH:-$$(command -v chromium || command -v chromium-browser || true)}

.PHONY: run wasm brotli test deps fmt vet chromium node oracles test-host test-wasm bench size dist fuzz mutate clean

# The first run should not wait for Brotli at its best (15 s to a minute
# for app.wasm, issue 24): make run serves gzip, which the server makes at
# start-up, and drops the Brotli forms older than their files rather than
# let the server find them stale; make brotli, dist and the tests still
# write them at quality 11. RUN_SAY is how each step says what it does.
RUN_SAY = @printf 'make run: %s\n'
run:
	$(RUN_SAY) "building the page: web/app.wasm and web/core.wasm (a first build compiles for a minute or so; go prints each module it downloads)"
	@$(MAKE) --no-print-directory wasm
	@for br in web/*.br; do \
		if [ -f "$$br" ] && [ "$$br" -ot "$${br%.br}" ]; then rm -f "$$br"; echo "make run: removed $$br, older than its file (make brotli writes it again)"; fi; \
	done
	$(RUN_SAY) "building and starting the server (go run .); it prints the address to open"
	@$(GO) run . $(ARGS)

wasm: web/app.wasm web/core.wasm web/wasm_exec.js

# app.wasm and wasm_exec.js must come from the same Go: a new toolchain
# (a newer wasm_exec.js) rebuilds both. The build tool's -pack-wasm lays the
# data segments out again to compress better (wasm/build/wasmdata.go); the build goes to a dotfile, which
# the server does not embed, until it is whole. Binaryen's wasm-opt is not
# used: after packing, -O2 saves 0.4% as Brotli for 25 s more per build, and
# -Os and -Oz make the Brotli form larger (measured with binaryen 108).
# PAGE_GCFLAGS turn inlining off in the UI and Vecty, whose markup helpers
# inlined copy their closures into every Render: 68 KB less as Brotli, and
# re-renders no slower (BenchmarkBrowserRerender); and in packages only
# errors and start-up run (fmt, os, godebug; base64 for links): 7 KB less.
# The Makefile is a prerequisite, so a change to these flags rebuilds. The engine, the runtime and what
# imports and drafts loop through (bufio, encoding/csv, compress/flate)
# keep it: the engine alone without tests a URL 20% slower in wasm, all
# packages without 2 to 3 times slower.
# Packing also drops the file, line and inlining tables of Go's pclntab,
# which only tracebacks read (wasm/build/wasmlines.go): 119 KB less as Brotli; a panic
# then names its functions at "?:0". `make -B KEEP_LINES=1 wasm` keeps them.
PACK_FLAGS := $(if $(KEEP_LINES),-keep-lines)
# The UI is wasm/ and each of its packages but core (the engine's own
# program), jsapi and browserhost, which the engine's speed rides on: a
# pattern like robotstester/wasm/... would take those too, so each UI
# package is named (wasmdeps_test.go reads these flags as written).
PAGE_GCFLAGS := -gcflags=robotstester/wasm=-l -gcflags=robotstester/wasm/browser=-l \
	-gcflags=robotstester/wasm/store=-l -gcflags=robotstester/wasm/model=-l \
	-gcflags=robotstester/wasm/storage=-l \
	-gcflags=robotstester/wasm/workers=-l -gcflags=robotstester/wasm/widget=-l \
	-gcflags=robotstester/wasm/editor=-l -gcflags=robotstester/wasm/results=-l \
	-gcflags=robotstester/wasm/matrix=-l -gcflags=robotstester/wasm/readers=-l \
	-gcflags=robotstester/wasm/aiview=-l \
	-gcflags=robotstester/wasm/site=-l -gcflags=robotstester/wasm/findings=-l \
	-gcflags=robotstester/wasm/toolbar=-l -gcflags=robotstester/wasm/script=-l \
	-gcflags=github.com/hexops/vecty/...=-l \
	-gcflags=fmt=-l -gcflags=internal/fmtsort=-l -gcflags=os=-l \
	-gcflags=internal/godebug=-l -gcflags=internal/bisect=-l -gcflags=encoding/base64=-l
web/app.wasm: $(WASM_INPUTS) $(WASM_SUPPORT)/wasm_exec.js Makefile
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' $(PAGE_GCFLAGS) -o web/.app.wasm.tmp ./wasm
	$(GO) run ./wasm/build $(PACK_FLAGS) -pack-wasm web/.app.wasm.tmp
	mv web/.app.wasm.tmp $@

# The engine alone (wasm/core, no UI) for embed.js's documentation widgets,
# built and packed the same way.
web/core.wasm: $(WASM_INPUTS) $(WASM_SUPPORT)/wasm_exec.js Makefile
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o web/.core.wasm.tmp ./wasm/core
	$(GO) run ./wasm/build $(PACK_FLAGS) -pack-wasm web/.core.wasm.tmp
	mv web/.core.wasm.tmp $@

# Go's wasm_exec.js, with the script API's fast calls appended
# (wasm/jsapi/handles.js): every loader loads it, and both must match the
# module they run.
web/wasm_exec.js: $(WASM_SUPPORT)/wasm_exec.js wasm/jsapi/handles.js
	cat $^ > $@

# web/NAME.br beside each compressible file (git-ignored): the server embeds
# them and sends them to browsers that accept br (compress.go); the build
# tool writes them (wasm/build/brotli.go). Brotli at its
# best takes about 15 s for app.wasm, so this runs only when web/ changed,
# and rewrites only the forms that are out of date.
brotli: web/app.wasm.br

web/app.wasm.br: $(WEB_FILES)
	$(GO) run ./wasm/build -precompress web
	touch $@

dist: wasm brotli
	$(GO) run ./wasm/build -dist dist

test: deps fmt vet wasm chromium node oracles test-host test-wasm

deps:
	$(GO) mod download

fmt:
	@echo 'gofmt -l .'; unformatted=$$(gofmt -l .); \
	if [ -n "$$unformatted" ]; then echo "$$unformatted"; echo "gofmt: run gofmt -w on the files above"; exit 1; fi

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./engine/... ./wasm/...

# Installs Chromium when it is missing and we may (root with apt-get);
# otherwise says what to install. Outside CI the run goes on and the browser
# tests skip with their own message; with CI=true they must run, so it stops.
chromium:
	@if [ -n "$(FIND_CHROMIUM)" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
		apt-get update && apt-get install -y chromium; then exit 0; fi; \
	echo "Chromium is missing: install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH to its binary; the browser tests need it."; \
	if [ "$${CI:-}" = true ]; then exit 1; fi

# Node runs the wasm-side tests (go_js_wasm_exec); same policy as chromium.
node:
	@if command -v node >/dev/null; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
		apt-get update && apt-get install -y --no-install-recommends nodejs; then exit 0; fi; \
	echo "Node.js is missing: install it (Debian: sudo apt-get install -y nodejs); the wasm-side tests need it."; \
	if [ "$${CI:-}" = true ]; then exit 1; fi

# The real libraries the readers are checked against (engine/readers/reader_diff_test.go,
# engine/readers/reader_libs_diff_test.go): robots-parser 3.0.1 from npm into
# engine/readers/testdata/readers/node_modules (git-ignored; the version is pinned by
# package-lock.json), python3 for urllib.robotparser, and the Debian packages
# python3-protego (Debian's /usr/bin/python3), libwww-robotrules-perl and
# ruby-webrobots, which this target only checks for (.ci/run installs them).
# Outside CI a missing tool only skips the live differential (the golden set
# still runs); with CI=true it stops the run.
# The same for the SARIF reader lint's SARIF is validated by
# (engine/report/sarif_schema_test.go): the SARIF 2.1.0 schema and ajv;
# and for axe-core, the accessibility checker the browser tests inject
# into the page (wasm/browsertest/axe_browser_test.go).
ORACLES := engine/readers/testdata/readers
SARIF_READER := engine/report/testdata/sarif
AXE := wasm/browsertest/testdata/axe
oracles: node
	@if [ ! -f $(ORACLES)/node_modules/robots-parser/Robots.js ]; then \
		if command -v npm >/dev/null; then npm ci --no-audit --no-fund --prefix $(ORACLES); \
		elif [ "$${CI:-}" = true ]; then echo "npm is missing: install it (Debian: apt-get install npm); the reader differential needs robots-parser"; exit 1; \
		else echo "npm is missing: the live reader differential will skip (Debian: sudo apt-get install npm)"; fi; \
	fi
	@if [ ! -f $(SARIF_READER)/node_modules/ajv/package.json ]; then \
		if command -v npm >/dev/null; then npm ci --no-audit --no-fund --prefix $(SARIF_READER); \
		elif [ "$${CI:-}" = true ]; then echo "npm is missing: install it (Debian: apt-get install npm); the SARIF schema check needs ajv"; exit 1; \
		else echo "npm is missing: the SARIF schema check will skip (Debian: sudo apt-get install npm)"; fi; \
	fi
	@if [ ! -f $(AXE)/node_modules/axe-core/axe.min.js ]; then \
		if command -v npm >/dev/null; then npm ci --no-audit --no-fund --prefix $(AXE); \
		elif [ "$${CI:-}" = true ]; then echo "npm is missing: install it (Debian: apt-get install npm); the accessibility check needs axe-core"; exit 1; \
		else echo "npm is missing: the accessibility check will skip (Debian: sudo apt-get install npm)"; fi; \
	fi
	@if ! command -v python3 >/dev/null; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
			apt-get update && apt-get install -y --no-install-recommends python3; then exit 0; fi; \
		echo "python3 is missing: install it (Debian: sudo apt-get install python3); the reader differential needs it."; \
		if [ "$${CI:-}" = true ]; then exit 1; fi; \
	fi
	@missing=""; \
	/usr/bin/python3 -c 'import protego' 2>/dev/null || missing="$$missing python3-protego"; \
	perl -MWWW::RobotRules -MJSON::PP -e 1 2>/dev/null || missing="$$missing libwww-robotrules-perl"; \
	ruby -rwebrobots -rjson -e 1 2>/dev/null || missing="$$missing ruby-webrobots"; \
	if [ -n "$$missing" ]; then \
		echo "missing Debian packages:$$missing (sudo apt-get install -y$$missing); the live differential of protego, perl-robotrules and ruby-webrobots skips without them (the golden set still runs)."; \
		if [ "$${CI:-}" = true ]; then exit 1; fi; \
	fi

# Engine, server and browser tests (the browser tests load web/app.wasm).
# FULL_SWEEP=1: the corpus-wide engine tests take every URL of each list,
# where a bare go test ./engine takes a fixed sample (sweepCorpus).
# The other readers' full sweep runs five oracles over the corpus, in
# parallel: four and a half minutes on a loaded 2-core machine, most of it
# webrobots' own matching on the largest files with URL lists (about 150 s
# of CPU); beside the browser tests it can pass go test's default
# ten-minute limit.
test-host: wasm brotli chromium
	FULL_SWEEP=1 CHROMIUM_PATH="$(FIND_CHROMIUM)" $(GO) test -timeout 30m ./...

# Vecty refuses to start without a document, so Node first loads a stand-in
# (wasm/testdata/nodedom.js); the store tests never touch the DOM.
WASM_TEST := NODE_OPTIONS='--require=$(CURDIR)/wasm/testdata/nodedom.js' GOOS=js GOARCH=wasm \
	$(GO) test -exec='$(WASM_SUPPORT)/go_js_wasm_exec' ./wasm/...

test-wasm: node
	@if ! command -v node >/dev/null; then echo "skipping the wasm-side tests: Node.js is missing (Debian: sudo apt-get install -y nodejs)"; exit 0; fi; \
	echo "$(WASM_TEST)"; \
	$(WASM_TEST)

bench: wasm brotli chromium oracles
	$(GO) test -run '^$$' -bench . -benchmem ./engine/...
	CHROMIUM_PATH="$(FIND_CHROMIUM)" $(GO) test -run '^$$' -bench 'Browser(FirstInteractive|Rerender)' -benchtime 10x ./wasm/browsertest
	CHROMIUM_PATH="$(FIND_CHROMIUM)" $(GO) test -run '^$$' -bench 'Browser(Scale|Embed|BigFile|Autosave|Readers100k)' -benchtime 3x ./wasm/browsertest
	CHROMIUM_PATH="$(FIND_CHROMIUM)" $(GO) test -run '^$$' -bench BrowserMatrixRecompute -benchtime 10x ./wasm/browsertest
	CHROMIUM_PATH="$(FIND_CHROMIUM)" $(GO) test -run '^$$' -bench BrowserImportExpectations -benchtime 3x ./wasm/browsertest
	CHROMIUM_PATH="$(FIND_CHROMIUM)" $(GO) test -run '^$$' -bench BrowserScript -benchtime 1x ./wasm/browsertest

# What a browser downloads for the page: Brotli as the server sends it (the
# .br make brotli wrote; gzip for a file that has none) to browsers that take
# it, and gzip -9 for the rest (the server's own gzip, Go's compress/gzip at
# its best level, comes out about 1% larger), and web/core.wasm as Brotli.
# Fails over any target.
size: wasm brotli
	@raw=0; gz=0; br=0; \
	printf '%-20s %9s %9s %9s\n' file raw 'gzip -9' Brotli; \
	for f in $(PAGE_FILES); do \
		r=$$(wc -c < "$$f"); g=$$(gzip -9 -c "$$f" | wc -c); \
		if [ -f "$$f.br" ]; then b=$$(wc -c < "$$f.br"); else b=$$g; fi; \
		raw=$$((raw + r)); gz=$$((gz + g)); br=$$((br + b)); \
		printf '%-20s %9d %9d %9d\n' "$$f" "$$r" "$$g" "$$b"; \
	done; \
	printf '%-20s %9d %9d %9d bytes\n' total "$$raw" "$$gz" "$$br"; \
	printf 'Brotli %d of %d bytes (%d%%), gzip %d of %d bytes (%d%%)\n' \
		"$$br" $(SIZE_TARGET_BROTLI) $$((br * 100 / $(SIZE_TARGET_BROTLI))) "$$gz" $(SIZE_TARGET_GZIP) $$((gz * 100 / $(SIZE_TARGET_GZIP))); \
	core=$$(wc -c < web/core.wasm.br); \
	printf 'web/core.wasm (embed.js engine) Brotli %d of %d bytes (%d%%)\n' "$$core" $(SIZE_TARGET_CORE) $$((core * 100 / $(SIZE_TARGET_CORE))); \
	if [ "$$br" -gt $(SIZE_TARGET_BROTLI) ]; then echo "over the Brotli transfer target"; exit 1; fi; \
	if [ "$$gz" -gt $(SIZE_TARGET_GZIP) ]; then echo "over the gzip transfer target"; exit 1; fi; \
	if [ "$$core" -gt $(SIZE_TARGET_CORE) ]; then echo "core.wasm is over its Brotli target"; exit 1; fi

# Short runs of every fuzz target in the engine and engine/ai (the audit
# and policies), FUZZTIME each.
fuzz:
	@for pkg in ./engine/ ./engine/ai/; do \
		for target in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "fuzzing $$target in $$pkg for $(FUZZTIME)"; \
			$(GO) test -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) $$pkg; \
		done; \
	done

# The engine's mutation test (mutate/main.go): each mutant listed in
# engine/testdata/mutants.txt alone, through go test -overlay; prints the
# kill rate and the survivors, and fails on any. MUTATE_FLAGS=-full runs the
# slow tests too; MUTATE_FLAGS='-only index.go' one file's mutants.
mutate:
	$(GO) run ./mutate $(MUTATE_FLAGS)

clean:
	rm -f web/app.wasm web/.app.wasm.tmp web/core.wasm web/.core.wasm.tmp web/wasm_exec.js web/*.br
	rm -rf dist wasm/browsertest/testdata/screenshots
