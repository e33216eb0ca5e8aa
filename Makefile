# pith - see README.md.  `make` builds ./pith; `make check` runs every test
# under AddressSanitizer and UBSan; `make deps` installs what is missing.
# The sources are five layers, one folder each (docs/design.md):
# commands (src/cmd) -> reader (ui) -> services (src) -> renderers
# (ui/render) -> core (extract); includes only go down (INCLUDES below).

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
LIBDIR  ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
MANDIR  ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/pith
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
DESTDIR ?=

CC      ?= cc
PKG     ?= pkg-config
PKGS    := gumbo libcurl ncursesw jansson uchardet zlib fribidi
# Debian's libunistring and libhyphen ship no .pc file.
LIBS_UNISTRING := -lunistring
LIBS_HYPHEN := -lhyphen

OPT     ?= -O2 -g
WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ifdef WERROR
WARN    += -Werror
endif
ifdef SAN
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
OPT     := -O1 -g
endif
# gcov's counters, for `make coverage`.  Plain increments: with -pthread
# gcc makes them atomic, which made the suite's big pages 6 times slower.
# A race between batch's threads can lose counts, and gcov may then derive
# a negative one: tools/coverage.py skips such lines and says how many.
ifdef COVERAGE
SANFLAGS += --coverage -fprofile-update=single
endif

PKG_CFLAGS := $(shell $(PKG) --cflags $(PKGS) 2>/dev/null)
# libcurl is not linked: src/fetch.c loads it on the first fetch.
PKG_LIBS   := $(shell $(PKG) --libs $(filter-out libcurl,$(PKGS)) 2>/dev/null) -ldl

# Every layer's folder (docs/design.md): tests/e2e/layers.sh checks that
# includes only go down.
INCLUDES    := -Isrc/cmd -Iui -Isrc -Iui/render -Iextract
GUMBO_DEF   := -DPITH_GUMBO_VERSION=\"$(shell $(PKG) --modversion gumbo 2>/dev/null)\"
ALL_CFLAGS  = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
              $(GUMBO_DEF) $(OPT) $(WARN) $(SANFLAGS) \
              -pthread $(INCLUDES) $(PKG_CFLAGS) $(CFLAGS)
ALL_LDFLAGS = -pthread $(SANFLAGS) $(LDFLAGS)
LDLIBS_ALL  = $(PKG_LIBS) $(LIBS_HYPHEN) $(LIBS_UNISTRING) -lm $(LDLIBS)

# Plain builds go to build/, sanitizer builds to build/san/, coverage
# builds to build/cov/.
B ?= build
ifdef SAN
B := build/san
endif
ifdef COVERAGE
B := build/cov
endif

CORE_SRC := $(wildcard extract/*.c)
PROG_SRC := $(filter-out src/cmd/main.c,$(wildcard src/cmd/*.c)) $(wildcard src/*.c) \
            $(wildcard ui/*.c) $(wildcard ui/render/*.c)
CORE_OBJ := $(CORE_SRC:%.c=$(B)/%.o)
PROG_OBJ := $(PROG_SRC:%.c=$(B)/%.o)
MAIN_OBJ := $(B)/src/cmd/main.o
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)

.PHONY: all deps check test install uninstall clean
all: pith

# The top-level ./pith is always the plain build.
pith: $(B)/pith
ifndef SAN
	@cp $(B)/pith pith
endif

$(B)/pith: $(MAIN_OBJ) $(PROG_OBJ) $(B)/libpith.a
	$(CC) $(ALL_LDFLAGS) -o $@ $(MAIN_OBJ) $(PROG_OBJ) $(B)/libpith.a $(LDLIBS_ALL)

$(B)/libpith.a: $(CORE_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(B)/tests/%: tests/unit/%.c $(PROG_OBJ) $(B)/libpith.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(PROG_OBJ) $(B)/libpith.a \
	    $(shell $(PKG) --libs cmocka 2>/dev/null || echo -lcmocka) $(LDLIBS_ALL)

-include $(CORE_OBJ:.o=.d) $(PROG_OBJ:.o=.d) $(MAIN_OBJ:.o=.d)

deps:
	@sh tools/deps.sh

# Everything, sanitized: unit tests, end-to-end tests, fixture pages.
check:
	@$(MAKE) --no-print-directory SAN=1 test

test: $(B)/pith $(B)/perturb $(UNIT_BIN)
	@sh tests/run.sh $(B)

# Line and branch coverage of the whole suite, per folder: `make check`
# built with gcov's counters in build/cov/ (the sanitizers stay on: one
# run is both), then gcovr's figures (tools/coverage.py).
# COVERAGE_FLOOR="LINES BRANCHES" fails below those percentages (CI).
.PHONY: coverage
coverage:
	@find build/cov -name '*.gcda' -delete 2>/dev/null; \
	st=0; $(MAKE) --no-print-directory SAN=1 COVERAGE=1 test || st=$$?; \
	python3 tools/coverage.py build/cov $(COVERAGE_FLOOR) || st=1; exit $$st

# Extraction quality of every algorithm (tools/bench-quality.py): CORPUS=DIR...
# (default the ../shared corpora), ALGO=NAME..., OUT=docs/evaluation.md writes the report;
# AUDIT=NAME charges the truth an algorithm dropped to its rules (default auto; AUDIT= none).
AUDIT ?= auto
.PHONY: bench-quality
bench-quality: pith
	python3 tools/bench-quality.py $(foreach c,$(CORPUS),--corpus $(c)) \
	    $(foreach a,$(ALGO),-a $(a)) $(if $(AUDIT),--audit $(AUDIT)) $(if $(OUT),--out $(OUT))

# Robustness: auto over the corpora's pages parsed and written again as
# they are, with every <p> a <div>, with every class and id word a hash,
# with every <p> as text and <br>, and as HTML4 (tools/perturb.c): how
# much the quality leans on the markup and the names the corpora happen
# to use.  CORPUS=DIR... as above.
.PHONY: bench-robust
bench-robust: pith $(B)/perturb
	for m in none p2div hash br html4; do \
	    python3 tools/bench-quality.py $(foreach c,$(CORPUS),--corpus $(c)) -a auto \
	        --no-peers --no-hybrid --perturb $$m --perturber $(B)/perturb || exit 1; \
	done

$(B)/perturb: tools/perturb.c $(B)/src/charset.o $(B)/src/util.o $(B)/libpith.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(B)/src/charset.o $(B)/src/util.o \
	    $(B)/libpith.a $(LDLIBS_ALL)

# Speed (tools/bench.py): pith's stages against gumbo alone, -j 2 against
# -j 1, a process per page, memory, the reader (tools/bench_reader.c) and
# Readability.js under Node where npm can install it.  CORPUS=DIR...
# (default the ../shared corpora), REPEAT=N for the memory run (50),
# OUT=docs/performance.md writes the report.
.PHONY: bench
bench: pith $(B)/bench_parse $(B)/bench_reader
	python3 tools/bench.py --pith ./pith --harness $(B)/bench_parse \
	    --reader $(B)/bench_reader \
	    $(foreach c,$(CORPUS),--corpus $(c)) $(if $(REPEAT),--repeat $(REPEAT)) \
	    $(if $(OUT),--out $(OUT))

$(B)/bench_parse $(B)/bench_reader: $(B)/%: tools/%.c tools/bench.h $(PROG_OBJ) $(B)/libpith.a
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(PROG_OBJ) $(B)/libpith.a $(LDLIBS_ALL)

# Static analysis, failing on any report: the clang analyzer (scan-build)
# over what is built (the program, the core, tools/ and the fuzz harnesses,
# in build/analyze/) and cppcheck over every C file.  The unit tests get
# cppcheck only: cmocka's assertions return, so the analyzer follows
# paths past a failed one.  A false positive is marked where it stands,
# with the reason.
SCAN_BUILD ?= scan-build
CPPCHECK   ?= cppcheck
AB         := build/analyze
.PHONY: analyze analyze-build
analyze:
	@rm -rf $(AB)
	$(SCAN_BUILD) -o $(AB)/report --status-bugs \
	    $(MAKE) --no-print-directory B=$(AB) analyze-build
	$(CPPCHECK) --std=c11 --enable=warning,portability,performance \
	    --error-exitcode=1 --inline-suppr --quiet \
	    -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(INCLUDES) \
	    extract src ui tests tools examples

analyze-build: $(B)/pith $(B)/bench_parse $(B)/bench_reader $(B)/perturb \
    $(patsubst %.c,$(B)/%.o,$(wildcard tests/fuzz/fuzz_*.c))

# libFuzzer harnesses (tests/fuzz/fuzz_*.c), built with clang into
# build/fuzz/ with ASan and UBSan.  `make fuzz` runs each for FUZZ_SECONDS
# (FUZZ=NAME... picks some), the core seeded with pieces of real pages
# too (FUZZ_PAGES, default ../shared/corpus); an hour of one harness:
#   make fuzz FUZZ=core FUZZ_SECONDS=3600
# (its corpus in build/fuzz/corpus/NAME carries over to the next run).
# `make fuzz-check` replays the seeds and tests/fuzz/regress/, then
# fuzzes each briefly (FUZZ_CHECK_SECONDS).
FUZZ_CC       ?= clang
FUZZ_SECONDS  ?= 60
FUZZ_CHECK_SECONDS ?= 20
FB            := build/fuzz
FUZZ_SAN      := -fsanitize=address,undefined -fno-sanitize-recover=undefined \
                 -fno-omit-frame-pointer
FUZZ_CFLAGS    = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(GUMBO_DEF) -O1 -g \
                 $(WARN) $(FUZZ_SAN) $(INCLUDES) $(PKG_CFLAGS)
FUZZ_NAMES    := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BIN      := $(FUZZ_NAMES:%=$(FB)/fuzz_%)
FUZZ_CORE_OBJ := $(CORE_SRC:%.c=$(FB)/%.o)
FUZZ_PROG_OBJ := $(PROG_SRC:%.c=$(FB)/%.o)

.PHONY: fuzz fuzz-build fuzz-check
fuzz-build: $(FUZZ_BIN)

fuzz: $(FUZZ_BIN)
	@FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run.sh $(FB) $(FUZZ)

fuzz-check: $(FUZZ_BIN)
	@FUZZ_SECONDS=$(FUZZ_CHECK_SECONDS) sh tests/fuzz/run.sh --check $(FB) $(FUZZ)

$(FB)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

$(FB)/libpith.a: $(FUZZ_CORE_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(FB)/libprog.a: $(FUZZ_PROG_OBJ)
	@rm -f $@
	ar rcs $@ $^

# Kept, so a second `make fuzz` relinks nothing.
.SECONDARY: $(FUZZ_NAMES:%=$(FB)/tests/fuzz/fuzz_%.o)
$(FB)/fuzz_%: $(FB)/tests/fuzz/fuzz_%.o $(FB)/libprog.a $(FB)/libpith.a
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(LDLIBS_ALL)

-include $(FUZZ_CORE_OBJ:.o=.d) $(FUZZ_PROG_OBJ:.o=.d) \
         $(FUZZ_NAMES:%=$(FB)/tests/fuzz/fuzz_%.d)

# ---- The core as a library: libpith.a and libpith.so.VERSION (soname
# libpith.so.MAJOR) from -fPIC objects in $(B)/pic/, so the plain build
# stays as it is.  -fvisibility=hidden exports only what pith.h marks
# PITH_API; the static library is one object whose hidden symbols are
# made local, so neither form lends a program names like buf_put.
VERSION   := $(shell sed -n 's/^\#define PITH_VERSION "\(.*\)"/\1/p' extract/pith.h)
SONAME    := libpith.so.$(firstword $(subst ., ,$(VERSION)))
OBJCOPY   ?= objcopy
PB        := $(B)/pic
PIC_OBJ   := $(CORE_SRC:%.c=$(PB)/%.o)
# What extract/*.c links (no curl, curses, uchardet or zlib); pith.pc
# says the same.  Debian's libunistring has no .pc: Libs.private.
CORE_PKGS := gumbo jansson
CORE_LIBS  = $(shell $(PKG) --libs $(CORE_PKGS) 2>/dev/null) $(LIBS_UNISTRING) -lm
INSTALL_THEMES := $(wildcard themes/*.theme)

.PHONY: lib
lib: $(PB)/libpith.a $(PB)/libpith.so.$(VERSION)

$(PB)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fPIC -fvisibility=hidden -MMD -MP -c -o $@ $<

$(PB)/libpith.a: $(PIC_OBJ)
	@rm -f $@
	$(CC) -r -nostdlib -o $(PB)/libpith.o $^
	$(OBJCOPY) --localize-hidden $(PB)/libpith.o
	ar rcs $@ $(PB)/libpith.o

$(PB)/libpith.so.$(VERSION): $(PIC_OBJ)
	$(CC) $(ALL_LDFLAGS) -shared -Wl,-soname,$(SONAME) -Wl,--no-undefined \
	    -o $@ $^ $(CORE_LIBS)

-include $(PIC_OBJ:.o=.d)

# pith.pc is made at install time, for the PREFIX given then; libdir and
# includedir are relative to ${prefix} when under it, so
# PKG_CONFIG_SYSROOT_DIR or --define-prefix can relocate it.
PC_REL = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))

install: pith lib
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR) \
	    $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3 \
	    $(DESTDIR)$(DATADIR)/themes $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	install -m 755 pith $(DESTDIR)$(BINDIR)/pith
	install -m 644 $(PB)/libpith.a $(DESTDIR)$(LIBDIR)/libpith.a
	install -m 755 $(PB)/libpith.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libpith.so.$(VERSION)
	ln -sf libpith.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libpith.so
	install -m 644 extract/pith.h $(DESTDIR)$(INCLUDEDIR)/pith.h
	sed -e 's|@prefix@|$(PREFIX)|' -e 's|@libdir@|$(call PC_REL,$(LIBDIR))|' \
	    -e 's|@includedir@|$(call PC_REL,$(INCLUDEDIR))|' \
	    -e 's|@version@|$(VERSION)|' -e 's|@requires_private@|$(CORE_PKGS)|' \
	    -e 's|@libs_private@|$(LIBS_UNISTRING) -lm|' \
	    pith.pc.in >$(DESTDIR)$(PKGCONFIGDIR)/pith.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/pith.pc
	install -m 644 man/pith.1 $(DESTDIR)$(MANDIR)/man1/pith.1
	install -m 644 man/pith.3 $(DESTDIR)$(MANDIR)/man3/pith.3
	for t in $(INSTALL_THEMES); do install -m 644 "$$t" $(DESTDIR)$(DATADIR)/themes/; done
	install -m 644 completions/pith.bash $(DESTDIR)$(BASHCOMPDIR)/pith
	install -m 644 completions/_pith $(DESTDIR)$(ZSHCOMPDIR)/_pith

# Exactly what install wrote; shared directories stay, and themes an
# administrator added beside ours are kept (rmdir fails quietly then).
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/pith $(DESTDIR)$(LIBDIR)/libpith.a \
	    $(DESTDIR)$(LIBDIR)/libpith.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME) \
	    $(DESTDIR)$(LIBDIR)/libpith.so $(DESTDIR)$(INCLUDEDIR)/pith.h \
	    $(DESTDIR)$(PKGCONFIGDIR)/pith.pc $(DESTDIR)$(MANDIR)/man1/pith.1 \
	    $(DESTDIR)$(MANDIR)/man3/pith.3 $(DESTDIR)$(BASHCOMPDIR)/pith \
	    $(DESTDIR)$(ZSHCOMPDIR)/_pith \
	    $(INSTALL_THEMES:themes/%=$(DESTDIR)$(DATADIR)/themes/%)
	rmdir $(DESTDIR)$(DATADIR)/themes $(DESTDIR)$(DATADIR) 2>/dev/null || true

clean:
	rm -rf build pith
