# quartet - plain GNU make.  `make` builds bin/quartet; `make test` runs
# every test; `make test-sanitize` runs them all again under AddressSanitizer
# and UBSan; `make run` starts the terminal game; `make debug` builds
# bin/quartet-debug with the sanitizers.

CC      ?= cc
CFLAGS  ?= -O2
CFLAGS  += -std=c11 -Wall -Wextra -MMD -MP
DEBUG_CFLAGS = -std=c11 -Wall -Wextra -g -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -MMD -MP
LDLIBS  = -ledit -lm -lpthread

# Debian packages the build needs: header -> package.
DEB_HEADERS = /usr/include/editline/readline.h:libedit-dev

SRC      = $(wildcard src/*.c)
LIB_SRC  = $(filter-out src/main.c,$(SRC))
OBJ      = $(SRC:src/%.c=build/%.o)
LIB_OBJ  = $(LIB_SRC:src/%.c=build/%.o)
DBG_OBJ  = $(SRC:src/%.c=build/debug/%.o)
TEST_SRC = $(wildcard tests/test_*.c)
TEST_BIN = $(TEST_SRC:tests/%.c=build/tests/%)
DBG_LIB_OBJ  = $(LIB_SRC:src/%.c=build/debug/%.o)
DBG_TEST_BIN = $(TEST_SRC:tests/%.c=build/debug/tests/%)

.PHONY: all debug test test-sanitize run deps clean

all: deps bin/quartet

# Install missing Debian packages (as root), or say which ones are needed.
deps:
	@missing=""; for hp in $(DEB_HEADERS); do h=$${hp%%:*}; p=$${hp##*:}; \
	  [ -f "$$h" ] || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian packages:$$missing"; \
	    (apt-get install -y -q $$missing || (apt-get update -q && apt-get install -y -q $$missing)) >/dev/null || exit 1; \
	  else echo "quartet needs these Debian packages: $$missing (apt-get install$$missing)"; exit 1; fi; \
	fi

bin/quartet: $(OBJ) | bin
	$(CC) $(CFLAGS) -o $@ $(OBJ) $(LDLIBS)

debug: deps bin/quartet-debug
bin/quartet-debug: $(DBG_OBJ) | bin
	$(CC) $(DEBUG_CFLAGS) -o $@ $(DBG_OBJ) $(LDLIBS)

build/%.o: src/%.c | build
	$(CC) $(CFLAGS) -c -o $@ $<

build/debug/%.o: src/%.c | build
	@mkdir -p build/debug
	$(CC) $(DEBUG_CFLAGS) -c -o $@ $<

# Each tests/test_X.c is its own program linked with everything but main.c.
build/tests/%: tests/%.c tests/check.h tests/gametest.h $(LIB_OBJ) | build
	@mkdir -p build/tests
	$(CC) $(CFLAGS) -Isrc -o $@ $< $(LIB_OBJ) $(LDLIBS)

test: all $(TEST_BIN)
	@sh tests/run.sh build/tests

# The same tests built and run with AddressSanitizer and UBSan.
build/debug/tests/%: tests/%.c tests/check.h tests/gametest.h $(DBG_LIB_OBJ) | build
	@mkdir -p build/debug/tests
	$(CC) $(DEBUG_CFLAGS) -Isrc -o $@ $< $(DBG_LIB_OBJ) $(LDLIBS)

test-sanitize: debug $(DBG_TEST_BIN)
	@UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 Q=./bin/quartet-debug sh tests/run.sh build/debug/tests

run: all
	./bin/quartet play loa

bin build:
	@mkdir -p $@

clean:
	rm -rf build bin

-include $(OBJ:.o=.d) $(DBG_OBJ:.o=.d)
