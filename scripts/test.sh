#!/usr/bin/env bash
# The whole test suite, as `make test` runs it (after setup): build, then two runs.
#
#   1. The suites that cannot see the machine's load, two at a time: the pure policies
#      (OzenKitTests), the history (OzenStoreTests) and the engines (OzenEnginesTests), whose
#      live pipeline runs on the steady audio clock (a fixed cost per pass, not the time the
#      pass took), so a busy machine gives the same lines. A live pass decodes on one thread, so
#      one at a time left the second core idle half the run.
#   2. Everything else one suite at a time: the command tests (servers, browsers, desktops,
#      replays at the speed a recording was spoken), the I/O tests, and the engine suites in
#      WALL_CLOCK_SUITES below, which time things on the wall clock.
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
parallel=(); serial=()
for suite in $(cut -d/ -f1 "$scratch/tests.txt" | sort -u); do
  module="${suite%%.*}"
  if [[ " $PARALLEL_MODULES " == *" $module "* && " $WALL_CLOCK_SUITES " != *" $suite "* ]]; then
    parallel+=("$suite")
  else
    serial+=("$suite")
  fi
done
if [ "${1:-}" = "--list" ]; then
  printf 'two at a time:    %s\n' "${parallel[@]}"
  printf 'one at a time:    %s\n' "${serial[@]}"
  exit 0
fi
filters() { local s; for s in "$@"; do printf -- '--filter\n^%s/\n' "${s//./\\.}"; done; }

run() { # run NAME SWIFT-TEST-ARGS...: one `swift test`, its output shown line by line and kept
  local name="$1"; shift
  echo "== $name: TMPDIR=$scratch swift test ${FLAGS[*]} --skip-build $*" | cut -c1-300
  # stdbuf: without it the runner's output reached the pipe only when the run ended.
  TMPDIR="$scratch" stdbuf -oL -eL swift test "${FLAGS[@]}" --skip-build "$@" 2>&1 | tee "$scratch/$name.log"
  return "${PIPESTATUS[0]}"
}

status=0
mapfile -t parallel_filters < <(filters "${parallel[@]}")
mapfile -t serial_filters < <(filters "${serial[@]}")
[ ${#parallel[@]} -eq 0 ] || run two-at-a-time "${parallel_filters[@]}" || status=1
[ ${#serial[@]} -eq 0 ] || run one-at-a-time --no-parallel "${serial_filters[@]}" || status=1

logs=()
for name in two-at-a-time one-at-a-time; do [ -f "$scratch/$name.log" ] && logs+=("$scratch/$name.log"); done
/usr/bin/python3 scripts/test_report.py --expect "$total" "${logs[@]}" || status=1
exit "$status"
