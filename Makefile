# Arena: `make run` opens the window, `make test` runs every check.
# Both install what they need on a fresh Debian machine: the Debian packages
# for Ebitengine's cgo build (and, for the tests, Xvfb, xdotool and
# ImageMagick), then the Go modules.

export PATH := $(PATH):/usr/local/go/bin
GO ?= go
APT_RUN  := libgl1-mesa-dev libxrandr-dev libxcursor-dev libxinerama-dev libxi-dev libxxf86vm-dev libasound2-dev pkg-config
APT_TEST := $(APT_RUN) xvfb xdotool imagemagick python3-requests python3-socketio python3-websocket ffmpeg chromium
# Seconds each fuzz target runs in `make test`.
FUZZTIME ?= 4s
# How long `make soak` runs.
SOAKTIME ?= 5m
# The longest `make hostile` may run (it takes about a minute and a half).
HOSTILETIME ?= 5m

.PHONY: run test build web web-serve deps-run deps-test fuzz soak hostile cluster-soak

run: deps-run build
	./arena

build:
	$(GO) build -o arena .

# web builds Arena for browsers in web/dist: arena.wasm (with .gz and .br
# twins), Go's wasm_exec.js and index.html, whose loader shows a progress
# bar while the wasm downloads.
web:
	GO=$(GO) $(GO) run ./cmd/webdist --out web/dist

# web-serve serves the page and a match server at http://127.0.0.1:7070/.
web-serve: web
	$(GO) run . serve --web web/dist

test: deps-test
	$(GO) vet ./...
	@unformatted="$$(gofmt -l $$(git ls-files '*.go'))"; \
	if [ -n "$$unformatted" ]; then echo "gofmt: not formatted:"; echo "$$unformatted"; exit 1; fi
	xvfb-run -a -s "-screen 0 1600x1000x24" $(GO) test ./...
	xvfb-run -a -s "-screen 0 1600x1000x24" $(GO) test -tags ebitenginedebug -run DrawCommands ./render/...
	$(MAKE) --no-print-directory fuzz

# fuzz runs every fuzz target for FUZZTIME: the parsers of outside input
# live in game/, levels/ and net/, and the catalogue's in internal/lang,
# which build without a display. Go's fuzzer
# sometimes reports "context deadline exceeded" when its time runs out while
# a worker is busy, without a failing input: such a run is tried once more.
# A real failure writes its input under testdata/fuzz and fails.
fuzz:
	@for pkg in $$($(GO) list ./... | grep -E '/(game|levels|net|internal/lang)(/|$$)'); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "fuzz $$pkg $$f"; \
	    for try in 1 2; do \
	      if $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg >/tmp/arena-fuzz.log 2>&1; then break; fi; \
	      if [ $$try = 1 ] && grep -q 'context deadline exceeded' /tmp/arena-fuzz.log && ! grep -q 'Failing input' /tmp/arena-fuzz.log; then \
	        echo "fuzz $$pkg $$f: the fuzzer's deadline came while a worker was busy; once more"; continue; fi; \
	      cat /tmp/arena-fuzz.log; exit 1; \
	    done; \
	  done; \
	done

# soak plays misbehaving bot and engine programs against built-in bots for
# SOAKTIME, interrupting and killing Arena at random moments, and fails if a
# replay is left unreadable or a program left running. Not part of `test`.
soak: deps-test
	$(GO) run ./cmd/soak --duration $(SOAKTIME)

# cluster-soak plays a 500-match tournament with three worker processes on
# one NATS node, on a cluster of three, and on a cluster of three that loses
# a node (SIGKILL, started again) and a worker mid-run; it fails unless every
# match is recorded once with its replay whole, and reports matches per
# second and how long the node's loss held the results back. Not part of
# `test`.
cluster-soak: deps-test
	$(GO) test -run '^$$' -bench '^BenchmarkTournamentOnACluster$$' -benchtime 1x -timeout 30m .

# hostile attacks the real arena program on loopback as its enemies would,
# and fails unless every attack fails. Hostile programs enter matches of
# `arena serve` (an AlienWarz bot, a Santorini engine, AIC21 units) and an
# `arena tournament run`: they try to read the admin and jury tokens, the
# live replays and the other entrants' files, to write outside their
# scratch folder, to reach Arena's ports, NATS and other listeners, to fork
# without bound and to escape with setsid; each match must end as its twin
# without attacks does, and nothing may be left running. Hostile clients
# meanwhile guess tokens, put them in addresses, peek at hidden matches,
# open WebSockets from other sites (on the server and the contests'
# listeners), send slow headers and bodies, hold many connections from
# many addresses (127.0.0.2 and up) and flood illegal moves, while an
# honest remote seat plays its match to the end and the organiser's
# requests go through. One line per attack; HOSTILETIME bounds the run.
# Not part of `test`.
hostile: deps-test
	$(GO) run ./cmd/hostile --duration $(HOSTILETIME)

deps-run:
	@scripts/need $(APT_RUN)
	$(GO) mod download

deps-test:
	@scripts/need $(APT_TEST)
	$(GO) mod download
