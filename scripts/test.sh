#!/usr/bin/env bash
# The whole test suite, as `make test` runs it (after setup): build, then two runs.
#
#   1. The suites that cannot see the machine's load, in two lanes at once: the pure policies
#      (OzenKitTests), the history (OzenStoreTests) and the engines (OzenEnginesTests), whose
#      live pipeline runs on the steady audio clock (a fixed cost per pass, not the time the
#      pass took), so a busy machine gives the same lines. A live pass decodes on one thread, so
#      one suite at a time left the second core idle half the run. Two test processes rather
#      than Swift Testing's own parallel mode: that one starts every test at once, so each
#      reported time included its wait for a thread and no suite's time meant anything.
#      LANE_B holds the suites that balance the other lane (times from the last report).
#   2. Everything else one suite at a time: the command tests (servers, browsers, desktops,
#      replays at the speed a recording was spoken), the I/O tests, and the engine suites in
#      WALL_CLOCK_SUITES below, which time things on the wall clock.
#
# The test processes get GOMP_SPINCOUNT=1000, as `ozen` gives itself at launch (Launch.swift):
# OpenMP threads that spin without end at each barrier made 2-thread passes on a loaded 2-core
# machine take seconds (RESEARCH.md), and two lanes load it. `ozen` processes that tests start
# set their own.
#
# Every test `swift test list` names goes to exactly one run, and the report at the end
# counts them back: a test that no run took, or a run that ended early, fails `make test`.
#
# The tests are built optimised (`-c release`, `-enable-testing` for the suites that read
# internals), so the Swift signal code and every `ozen` the command tests start run at the
# speed she gets; they keep their own build folder, .build/tests, so `make build`'s `ozen`
# and the tests' do not rebuild each other. The tests' scratch files (homes with copies of
# models, servers' logs, browser profiles) go in one folder, removed however the run ends;
# the display page's screenshots go to $OZEN_TEST_ARTIFACTS (default
# /tmp/ozen-test-artifacts). The folder is 0755: under root the Wayland tests run sway as
# `nobody`, which must reach its runtime folder inside.
#
# Usage: scripts/test.sh [--list]   (--list: print which run each suite goes to, run nothing)
set -uo pipefail
cd "$(dirname "$0")/.."

PARALLEL_MODULES="OzenKitTests OzenStoreTests OzenEnginesTests"
WALL_CLOCK_SUITES="OzenEnginesTests.PassCancellationTests"   # real-time clock and cancellation timing
LANE_B="OzenEnginesTests.NoiseTests OzenEnginesTests.SpeakerLabelTests OzenEnginesTests.WordsListPromptTests OzenEnginesTests.FinalInQuietTests"

FLAGS=(-c release --scratch-path .build/tests -Xswiftc -enable-testing)
fail() { printf 'make test: %s\n' "$*" >&2; exit 1; }

swift build "${FLAGS[@]}" --build-tests || fail "the build failed (above)"

scratch="$(mktemp -d "${TMPDIR:-/tmp}/ozen-tests.XXXXXX")" || fail "cannot make a scratch folder"
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT TERM
chmod 755 "$scratch"
export OZEN_TEST_ARTIFACTS="${OZEN_TEST_ARTIFACTS:-${TMPDIR:-/tmp}/ozen-test-artifacts}"

swift test list "${FLAGS[@]}" --skip-build > "$scratch/tests.txt" 2> "$scratch/list.err" \
  || { cat "$scratch/list.err" >&2; fail "swift test list failed"; }
total="$(grep -c . "$scratch/tests.txt")"
[ "$total" -gt 0 ] || fail "swift test list named no test"

# MODULE.SUITE of each test, and which run it goes to.
lane_a=(); lane_b=(); serial=()
for suite in $(cut -d/ -f1 "$scratch/tests.txt" | sort -u); do
  module="${suite%%.*}"
  if [[ " $PARALLEL_MODULES " != *" $module "* || " $WALL_CLOCK_SUITES " == *" $suite "* ]]; then
    serial+=("$suite")
  elif [[ " $LANE_B " == *" $suite "* ]]; then
    lane_b+=("$suite")
  else
    lane_a+=("$suite")
  fi
done
if [ "${1:-}" = "--list" ]; then
  printf 'lane a:        %s\n' "${lane_a[@]}"
  printf 'lane b:        %s\n' "${lane_b[@]}"
  printf 'one at a time: %s\n' "${serial[@]}"
  exit 0
fi
filters() { local s; for s in "$@"; do printf -- '--filter\n^%s/\n' "${s//./\\.}"; done; }

# The tests' own binary, run directly: two `swift test`s at once would wait on each other's
# lock on the build folder. NO_COLOR: plain marks in the logs, as `swift test` prints them.
binary=".build/tests/release/OzenPackageTests.xctest"
[ -x "$binary" ] || fail "the tests were built but $binary is missing"
run() { # run NAME PREFIX ARGS...: one test process, one suite at a time, its output shown and kept
  local name="$1" prefix="$2"; shift 2
  echo "== $name: TMPDIR=$scratch $binary --testing-library swift-testing --no-parallel $*" | cut -c1-300
  # stdbuf: without it the runner's output reached the pipe only when the run ended.
  TMPDIR="$scratch" NO_COLOR=1 GOMP_SPINCOUNT=1000 stdbuf -oL -eL "$binary" --testing-library swift-testing --no-parallel "$@" 2>&1 \
    | tee "$scratch/$name.log" | sed -u "s/^/$prefix/"
  return "${PIPESTATUS[0]}"
}

status=0
SECONDS=0
mapfile -t a_filters < <(filters "${lane_a[@]}")
mapfile -t b_filters < <(filters "${lane_b[@]}")
mapfile -t serial_filters < <(filters "${serial[@]}")
pids=()
[ ${#lane_a[@]} -eq 0 ] || { run lane-a "[a] " "${a_filters[@]}" & pids+=($!); }
[ ${#lane_b[@]} -eq 0 ] || { run lane-b "[b] " "${b_filters[@]}" & pids+=($!); }
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
lanes=$SECONDS
[ ${#serial[@]} -eq 0 ] || run one-at-a-time "" "${serial_filters[@]}" || status=1
echo "two lanes: $lanes s; one at a time: $((SECONDS - lanes)) s"

logs=()
for name in lane-a lane-b one-at-a-time; do [ -f "$scratch/$name.log" ] && logs+=("$scratch/$name.log"); done
/usr/bin/python3 scripts/test_report.py --expect "$total" "${logs[@]}" || status=1
exit "$status"
