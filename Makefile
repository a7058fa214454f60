# Builds and installs Fief under a PREFIX (default /usr/local), for distributions and Flatpak.
#   make                      build the app (release) and its translations
#   make install PREFIX=/app  install: binary, desktop file, metainfo, icons, translations
#   make uninstall            remove what install put there
# DESTDIR stages the installation elsewhere; PROFILE=debug installs a debug build.
PREFIX ?= /usr/local
DESTDIR ?=
PROFILE ?= release
CARGO ?= cargo
CARGO_FLAGS ?=
APP_ID := io.github.fief1429.Fief
LANGS := $(shell sed -e 's/\#.*//' po/LINGUAS)
BIN := target/$(PROFILE)/fief
MO := $(foreach l,$(LANGS),target/locale/$(l)/LC_MESSAGES/fief.mo)
SHARE := $(DESTDIR)$(PREFIX)/share

ifeq ($(PROFILE),release)
PROFILE_FLAG := --release
else
PROFILE_FLAG :=
endif

.PHONY: all build translations install uninstall check-packaging
all: build translations

build:
	$(CARGO) build $(PROFILE_FLAG) $(CARGO_FLAGS) --bin fief

translations: $(MO)

target/locale/%/LC_MESSAGES/fief.mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<

install: all
	install -Dm755 $(BIN) $(DESTDIR)$(PREFIX)/bin/fief
	install -Dm644 data/$(APP_ID).desktop $(SHARE)/applications/$(APP_ID).desktop
	install -Dm644 data/$(APP_ID).metainfo.xml $(SHARE)/metainfo/$(APP_ID).metainfo.xml
	install -Dm644 data/icons/hicolor/scalable/apps/$(APP_ID).svg \
		$(SHARE)/icons/hicolor/scalable/apps/$(APP_ID).svg
	install -Dm644 data/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
		$(SHARE)/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg
	for l in $(LANGS); do \
		install -Dm644 target/locale/$$l/LC_MESSAGES/fief.mo \
			$(SHARE)/locale/$$l/LC_MESSAGES/fief.mo || exit 1; \
	done

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/fief \
		$(SHARE)/applications/$(APP_ID).desktop \
		$(SHARE)/metainfo/$(APP_ID).metainfo.xml \
		$(SHARE)/icons/hicolor/scalable/apps/$(APP_ID).svg \
		$(SHARE)/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg
	for l in $(LANGS); do rm -f $(SHARE)/locale/$$l/LC_MESSAGES/fief.mo; done

# The checks CI runs on the packaging files (tools/check-packaging.sh).
check-packaging:
	bash tools/check-packaging.sh
