# quartet - plain GNU make.
#   make                build bin/quartet (and the core library build/libquartet.a)
#   make test           every test; ends with "N passed, N failed"
#   make test-sanitize  the same under AddressSanitizer and UBSan
#   make test-tsan      the tests that use threads, under ThreadSanitizer
#   make run            build, then start the web server and print its address
#   make play           build, then play Lines of Action in the terminal
#   make bench          the speed report and search signature
#   make fuzz           every libFuzzer harness in fuzz/ for FUZZ_SECONDS each
#                       (clang; docs/RELIABILITY.md)
#   make install        bin/quartet and its manual page under PREFIX (default
#                       /usr/local), staged under DESTDIR if set; make uninstall
#
# The core library holds the rules, records, search and protocols; it links
# no outside library but libm and pthreads, so a test of a game or a fuzzer
# links it alone.  The front ends (src/main.c, src/play.c) add line editing.

CC      ?= cc
CFLAGS  ?= -O2
CFLAGS  += -std=c11 -Wall -Wextra -MMD -MP -Isrc
LIBS_CORE = -lm -lpthread
LIBS_FRONT = -ledit -lmicrohttpd -ljansson -lsqlite3

SAN_FLAGS  = -std=c11 -Wall -Wextra -g -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -MMD -MP -Isrc
TSAN_FLAGS = -std=c11 -Wall -Wextra -g -O1 -fsanitize=thread -MMD -MP -Isrc

# Debian packages the build and tests need: file -> package (python3 reads
# bench --json in the tests).
DEB_HEADERS = /usr/include/editline/readline.h:libedit-dev /usr/bin/python3:python3-minimal \
  /usr/include/microhttpd.h:libmicrohttpd-dev /usr/include/jansson.h:libjansson-dev \
  /usr/include/sqlite3.h:libsqlite3-dev /usr/bin/curl:curl
# Debian packages the browser tests and the manual page's test need: program -> package.
DEB_TOOLS = /usr/bin/chromium:chromium /usr/bin/node:nodejs /usr/bin/npm:npm \
  /usr/bin/groff:groff-base /usr/bin/man:man-db
# ... and the fuzzers (a shell pattern per file).
FUZZ_DEBS = /usr/bin/clang:clang /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a:libclang-rt-14-dev

# Fuzzers: the core library built by clang with coverage for libFuzzer.
FUZZ_CC      = clang
FUZZ_FLAGS   = -std=c11 -Wall -Wextra -g -O1 -fsanitize=fuzzer-no-link,address,undefined \
               -fno-sanitize-recover=undefined -fno-omit-frame-pointer -MMD -MP -Isrc
FUZZ_SECONDS ?= 60
FUZZ_HARNESSES = $(patsubst fuzz/%.c,%,$(wildcard fuzz/fuzz_*.c))

SRC       = $(shell find src -name '*.c' | sort)
# The web server (src/web/) is a front end: the core library and its tests
# never link libmicrohttpd, jansson or SQLite.
WEB_SRC   = $(shell find src/web -name '*.c' | sort)
FRONT_SRC = src/main.c src/play.c $(WEB_SRC)
LIB_SRC   = $(filter-out $(FRONT_SRC),$(SRC))
TEST_SRC  = $(wildcard tests/test_*.c)
TEST_HDR  = $(wildcard tests/*.h)

# Objects of one build variant V (build/V/...): $(call objs,V,SOURCES)
objs = $(patsubst src/%.c,build/$(1)/%.o,$(2))
# The front ends of variant V, with the page's files compiled in.
front = $(call objs,$(1),$(FRONT_SRC)) build/$(1)/gen/webassets.o

.PHONY: all debug test test-sanitize test-tsan run play bench deps fuzz-deps fuzz fuzz-build clean FORCE \
  install uninstall

# Where make install puts things; DESTDIR stages them (packaging).  The web
# page is compiled into the binary, so there is nothing else to install.
PREFIX ?= /usr/local
BINDIR  = $(PREFIX)/bin
MANDIR  = $(PREFIX)/share/man/man1

all: deps bin/quartet

# Install missing Debian packages (as root), or say which ones are needed:
# $(call install_missing,FILE:PACKAGE ...)
define install_missing
	@missing=""; for hp in $(1); do h=$${hp%%:*}; p=$${hp##*:}; \
	  ls $$h >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian packages:$$missing"; \
	    (apt-get install -y -q $$missing || (apt-get update -q && apt-get install -y -q $$missing)) >/dev/null || exit 1; \
	  else echo "quartet needs these Debian packages: $$missing (apt-get install$$missing)"; exit 1; fi; \
	fi
endef

deps:
	$(call install_missing,$(DEB_HEADERS) $(DEB_TOOLS))

fuzz-deps:
	$(call install_missing,$(FUZZ_DEBS))

# ---- one rule set per variant: rel (-O2), san (ASan+UBSan), tsan ----
# Objects wait for deps (order only): a parallel build on a fresh machine
# would otherwise compile before the headers are installed.
define variant
build/$(1)/%.o: src/%.c | deps
	@mkdir -p $$(@D)
	$(or $(3),$$(CC)) $(2) -c -o $$@ $$<

build/$(1)/gen/%.o: build/gen/%.c | deps
	@mkdir -p $$(@D)
	$$(CC) $(2) -c -o $$@ $$<

build/$(1)/libquartet.a: $(call objs,$(1),$(LIB_SRC))
	@rm -f $$@
	ar rcs $$@ $$^

build/$(1)/tests/%: tests/%.c $(TEST_HDR) build/$(1)/libquartet.a
	@mkdir -p $$(@D)
	$$(CC) $(2) -o $$@ $$< build/$(1)/libquartet.a $(LIBS_CORE)

build/$(1)/tools/%: tools/%.c build/$(1)/libquartet.a
	@mkdir -p $$(@D)
	$$(CC) $(2) -o $$@ $$< build/$(1)/libquartet.a $(LIBS_CORE)

-include $(patsubst %.o,%.d,$(call objs,$(1),$(SRC)))
endef

# The page's files as a C table, rewritten only when they changed.
build/gen/webassets.c: FORCE
	@mkdir -p $(@D)
	@sh tools/embed.sh src/web/page $@.new
	@cmp -s $@.new $@ && rm -f $@.new || mv $@.new $@

$(eval $(call variant,rel,$(CFLAGS)))
$(eval $(call variant,san,$(SAN_FLAGS)))
$(eval $(call variant,tsan,$(TSAN_FLAGS)))
$(eval $(call variant,fuzz,$(FUZZ_FLAGS),$(FUZZ_CC)))

build/fuzz/bin/%: fuzz/%.c fuzz/fuzz.h build/fuzz/libquartet.a
	@mkdir -p $(@D)
	$(FUZZ_CC) $(subst fuzzer-no-link,fuzzer,$(FUZZ_FLAGS)) -Ifuzz -o $@ $< build/fuzz/libquartet.a $(LIBS_CORE)

# The HTTP harness also links the web server's API (all of src/web/ but the
# HTTP glue web.c) and its libraries.
FUZZ_WEB_OBJ = $(call objs,fuzz,$(filter-out src/web/web.c,$(WEB_SRC)))
build/fuzz/bin/fuzz_http: fuzz/fuzz_http.c fuzz/fuzz.h build/fuzz/libquartet.a $(FUZZ_WEB_OBJ)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(subst fuzzer-no-link,fuzzer,$(FUZZ_FLAGS)) -Ifuzz -o $@ $< $(FUZZ_WEB_OBJ) \
	  build/fuzz/libquartet.a $(filter-out -ledit,$(LIBS_FRONT)) $(LIBS_CORE)

fuzz-build: deps fuzz-deps
	@$(MAKE) --no-print-directory $(FUZZ_HARNESSES:%=build/fuzz/bin/%)

# Each harness for FUZZ_SECONDS from its seeds (fuzz/corpus/NAME, read
# only) and what earlier runs found (build/fuzz/corpus/NAME); a crash stops
# with the input saved as build/fuzz/crash-NAME-*.
fuzz: fuzz-build
	@FUZZ_SECONDS=$(FUZZ_SECONDS) sh fuzz/run.sh $(FUZZ_HARNESSES)

build/libquartet.a: build/rel/libquartet.a
	@cp $< $@

bin/quartet: $(call front,rel) build/libquartet.a
	@mkdir -p bin
	$(CC) $(CFLAGS) -o $@ $(call front,rel) build/libquartet.a $(LIBS_FRONT) $(LIBS_CORE)

debug: deps bin/quartet-debug
bin/quartet-debug: $(call front,san) build/san/libquartet.a
	@mkdir -p bin
	$(CC) $(SAN_FLAGS) -o $@ $(call front,san) build/san/libquartet.a $(LIBS_FRONT) $(LIBS_CORE)

bin/quartet-tsan: deps $(call front,tsan) build/tsan/libquartet.a
	@mkdir -p bin
	$(CC) $(TSAN_FLAGS) -o $@ $(call front,tsan) build/tsan/libquartet.a $(LIBS_FRONT) $(LIBS_CORE)

# The browser tests' npm packages, exactly as package-lock.json pins them.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

test: all node_modules/.package-lock.json $(TEST_SRC:tests/%.c=build/rel/tests/%) build/rel/tools/ypatterns
	@sh tests/run.sh build/rel/tests

test-sanitize: debug node_modules/.package-lock.json $(TEST_SRC:tests/%.c=build/san/tests/%) build/san/tools/ypatterns
	@UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 Q=./bin/quartet-debug sh tests/run.sh build/san/tests

# Threads: the search worker, GTP's interruptible genmove, the match runner, the web server.
TSAN_TESTS = test_alphabeta test_mcts test_search test_session test_time test_tactics
test-tsan: bin/quartet-tsan $(TSAN_TESTS:%=build/tsan/tests/%)
	@TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 Q=./bin/quartet-tsan \
	  ONLY="$(TSAN_TESTS:%=build/tsan/tests/%) tests/cli_gtp.sh tests/cli_ai.sh tests/cli_match.sh tests/cli_web.sh" sh tests/run.sh build/tsan/tests

# The web server on http://127.0.0.1:8080/ (it prints the address).
run: all
	./bin/quartet serve

# The terminal game.
play: all
	./bin/quartet play loa

bench: all
	./bin/quartet bench

install: bin/quartet
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)"
	install -m 755 bin/quartet "$(DESTDIR)$(BINDIR)/quartet"
	install -m 644 docs/quartet.1 "$(DESTDIR)$(MANDIR)/quartet.1"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/quartet" "$(DESTDIR)$(MANDIR)/quartet.1"

clean:
	rm -rf build bin
