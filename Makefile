# The two commands a newcomer needs (both set everything up first, both safe to repeat):
#   make demo   captions a real recording with the embedded Whisper base model
#   make test   runs the whole test suite on the real engines and recordings
# And to use Ozen without the checkout (docs/install.md):
#   make install [PREFIX=~/.local]     builds ozen and installs it, its libraries, the page and a launcher
#   make uninstall [PREFIX=~/.local]   removes exactly what install put there (models stay in OZEN_HOME)
.PHONY: setup build demo test bench clean install install-built uninstall

PREFIX ?= $(HOME)/.local

DEMO_RECORDING := Tests/Fixtures/downloaded/pyannote/sample.wav

setup:
	scripts/setup.sh

build: setup
	swift build -c release --product ozen
	swift build -c release --product ozen-window

demo: build
	@echo "== ozen caption $(DEMO_RECORDING) --language en   (a real two-person call, 30 s)"
	.build/release/ozen caption $(DEMO_RECORDING) --language en

# The suite in two lanes at once, then the few suites that time things alone, built optimised
# in .build/tests; it ends with the ten slowest suites and "N passed, N failed".
# scripts/test.sh says why each choice.
test: setup
	scripts/test.sh

# Real-time factor and peak memory of `ozen caption` on the LibriVox clips, against
# Whisper's standard 30 s window run in the same command.
bench: build
	/usr/bin/python3 scripts/bench_caption.py

install: build
	scripts/install.sh --binary .build/release/ozen --prefix "$(PREFIX)"

# The same install from an `ozen` built elsewhere (BINARY=path): the install tests use the
# tests' own build, so they check this script without a second release build.
install-built:
	scripts/install.sh --binary "$(BINARY)" --prefix "$(PREFIX)"

uninstall:
	scripts/install.sh --uninstall --prefix "$(PREFIX)"

clean:
	rm -rf .build
