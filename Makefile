# The two commands a newcomer needs (both set everything up first, both safe to repeat):
#   make demo   captions a real recording with the embedded Whisper base model
#   make test   runs the whole test suite on the real engines and recordings
.PHONY: setup build demo test bench clean

DEMO_RECORDING := Tests/Fixtures/downloaded/pyannote/sample.wav

setup:
	scripts/setup.sh

build: setup
	swift build -c release --product ozen

demo: build
	@echo "== ozen caption $(DEMO_RECORDING) --language en   (a real two-person call, 30 s)"
	.build/release/ozen caption $(DEMO_RECORDING) --language en

# One suite at a time: the live-pipeline tests charge real pass costs to their clock, and with
# the browser, server and sound suites all running beside them a loaded run cut lines where a
# quiet one does not. The tests' scratch folders (homes with copies of models, servers' logs,
# browser profiles) go in one folder of their own, removed when the run ends however it ends;
# before this, every run left them in /tmp. The display page's screenshots
# are kept outside it, in $OZEN_TEST_ARTIFACTS (default /tmp/ozen-test-artifacts, overwritten
# by each run). Other users may enter the folder (0755; mktemp makes it 0700): under
# root the Wayland tests run sway as `nobody`, which must reach its runtime folder inside.
test: setup
	swift build --build-tests
	@artifacts="$${OZEN_TEST_ARTIFACTS:-$${TMPDIR:-/tmp}/ozen-test-artifacts}" && \
	  scratch="$$(mktemp -d "$${TMPDIR:-/tmp}/ozen-tests.XXXXXX")" && trap 'rm -rf "$$scratch"' EXIT INT TERM && \
	  chmod 755 "$$scratch" && \
	  echo "TMPDIR=$$scratch swift test --skip-build --no-parallel" && \
	  TMPDIR="$$scratch" OZEN_TEST_ARTIFACTS="$$artifacts" swift test --skip-build --no-parallel

# Real-time factor and peak memory of `ozen caption` on the LibriVox clips, against
# Whisper's standard 30 s window run in the same command.
bench: build
	/usr/bin/python3 scripts/bench_caption.py

clean:
	rm -rf .build
