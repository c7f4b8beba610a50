#!/usr/bin/env bash
# The whole test suite, as `make test` runs it (after setup): build, then three runs.
#
#   1. Every suite, in two lanes at once (two test processes, each running its suites one at
#      a time): lane 1 the engine suites not in LANE_2 and then the command and I/O suites
#      not in LANE_2; lane 2 those named in LANE_2 (chosen from the last report's times so the
#      two lanes end together). A live pass decodes on one thread, and a command test spends
#      much of its time waiting on a replay at the pace a recording was spoken, on a browser
#      or on a server starting, so one suite at a time left the second core idle half the run.
#      The engine pipelines run on the steady audio clock (a fixed cost per pass, not the
#      time the pass took), so a busy machine gives the same lines; the command tests wait
#      on events with bounded loops, never on a clock. Two test processes rather than Swift
#      Testing's own parallel mode: that one starts every test at once, so each reported
#      time included its wait for a thread and no suite's time meant anything.
#   2. ALONE: the suites that time things on the wall clock (pass cancellation) or load the
#      machine on purpose (the home server under four phones and a flood), after both lanes,
#      with nothing beside them.
#
# The test processes get GOMP_SPINCOUNT=1000, as `ozen` gives itself at launch (Launch.swift):
# OpenMP threads that spin without end at each barrier made 2-thread passes on a loaded 2-core
# machine take seconds (docs/findings.md, "OpenMP threads that spin"), and two lanes load it.
# `ozen` processes that tests start set their own. Servers the tests start pick their own ports
# (`--port 0`), each test has its own Ozen home, browser profile and desktop, so the two lanes
# share nothing but the machine.
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

ENGINE_MODULES="OzenKitTests OzenStoreTests OzenEnginesTests"   # first in each lane
ALONE="OzenEnginesTests.PassCancellationTests OzenCommandTests.HomeServerLoadTests"
LANE_2="OzenEnginesTests.NoiseTests OzenEnginesTests.SpeakerLabelTests OzenEnginesTests.WordsListPromptTests OzenEnginesTests.FinalInQuietTests
  OzenCommandTests.DisplayPageTests OzenCommandTests.InterpretCommandTests OzenCommandTests.LLMTranslatorCommandTests
  OzenCommandTests.PhoneAppSessionTests OzenCommandTests.SoundsCommandTests OzenIOTests.OpenAIClientTests
  OzenCommandTests.InstallTests OzenCommandTests.HomeProtocolServeTests OzenCommandTests.WaylandDictationTests
  OzenCommandTests.SpeakersCommandTests OzenCommandTests.DictationCommandTests OzenIOTests.ComputerSoundTests
  OzenCommandTests.ComputerSoundCommandTests"
LANE_2=" $(echo $LANE_2) "

FLAGS=(-c release --scratch-path .build/tests -Xswiftc -enable-testing)
fail() { printf 'make test: %s\n' "$*" >&2; exit 1; }

swift build "${FLAGS[@]}" --build-tests || fail "the build failed (above)"

scratch="$(mktemp -d "${TMPDIR:-/tmp}/ozen-tests.XXXXXX")" || fail "cannot make a scratch folder"
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT TERM
chmod 755 "$scratch"
# Locked lines are not heard again with the full window in the suite's captions: each hearing
# is a 30 s encoder window, and with them on the two lanes took 1332 s against 889. The tests of
# corrections themselves turn them on (LineCorrectionTests, and one caption and one protocol
# test that remove this setting).
export OZEN_NO_CORRECTIONS=1
export OZEN_TEST_ARTIFACTS="${OZEN_TEST_ARTIFACTS:-${TMPDIR:-/tmp}/ozen-test-artifacts}"

swift test list "${FLAGS[@]}" --skip-build > "$scratch/tests.txt" 2> "$scratch/list.err" \
  || { cat "$scratch/list.err" >&2; fail "swift test list failed"; }
total="$(grep -c . "$scratch/tests.txt")"
[ "$total" -gt 0 ] || fail "swift test list named no test"

# MODULE.SUITE of each test, and which run it goes to: engines_N then commands_N in lane N.
engines_1=(); commands_1=(); engines_2=(); commands_2=(); alone=()
for suite in $(cut -d/ -f1 "$scratch/tests.txt" | sort -u); do
  module="${suite%%.*}" lane=1 part=commands
  [[ "$LANE_2" == *" $suite "* ]] && lane=2
  [[ " $ENGINE_MODULES " == *" $module "* ]] && part=engines
  if [[ " $ALONE " == *" $suite "* ]]; then alone+=("$suite"); else eval "${part}_${lane}+=(\"\$suite\")"; fi
done
if [ "${1:-}" = "--list" ]; then
  printf 'lane 1:  %s\n' "${engines_1[@]}" "${commands_1[@]}"
  printf 'lane 2:  %s\n' "${engines_2[@]}" "${commands_2[@]}"
  printf 'alone:   %s\n' "${alone[@]}"
  exit 0
fi
filters() { local s; for s in "$@"; do printf -- '--filter\n^%s/\n' "${s//./\\.}"; done; }

# The tests' own binary, run directly: two `swift test`s at once would wait on each other's
# lock on the build folder. NO_COLOR: plain marks in the logs, as `swift test` prints them.
binary=".build/tests/release/OzenPackageTests.xctest"
[ -x "$binary" ] || fail "the tests were built but $binary is missing"
# A test process that prints nothing for STALL_SECONDS has stopped: the longest single test
# takes under three minutes here. Its unfinished tests and the threads of it and of each
# process it started are printed (gdb), then it is ended, and the report counts its tests
# that never reported as failed: a hang costs CI minutes and says where it was, not 90
# minutes and a tail that names nothing. One that has printed its closing "Test run with …"
# line and not exited a minute later is stuck on its way out (a library's exit handler, not
# a test): its stacks are printed the same way and it is ended, and its tests count as they
# reported.
STALL_SECONDS="${OZEN_TEST_STALL_SECONDS:-480}"
threads_of() { # threads_of PID: every thread's stack, short, Swift's names readable when it can
  command -v gdb >/dev/null || { echo "(gdb is not installed: no stacks)"; return; }
  local readable=cat
  command -v swift-demangle >/dev/null && readable="swift-demangle --simplified"
  timeout 120 gdb -p "$1" -batch -nx -ex "set pagination off" -ex "thread apply all bt 25" 2>/dev/null \
    | grep -E '^(Thread|#)' | $readable | cut -c1-240 | head -n 1500
}
descendants() { local c; for c in $(pgrep -P "$1"); do echo "$c"; descendants "$c"; done; }
ran_to_the_end() { grep -q "Test run with .* after " "$1"; } # ran_to_the_end LOG: its closing line is there
stalled() { # stalled PID LOG NAME
  local pid="$1" log="$2" name="$3" child
  {
    if ran_to_the_end "$log"; then
      echo "make test: $name ended its tests but has not exited a minute later: it is stuck on its way out."
    else
      echo "make test: $name printed nothing for $STALL_SECONDS s: it is stuck. Tests started and not ended:"
    fi
    /usr/bin/python3 scripts/test_report.py --unfinished "$log"
    local children; children="$(descendants "$pid")"
    [ -n "$children" ] && { echo "-- the processes it started:"; ps -o pid,etime,args --no-headers $children | cut -c1-200; }
    echo "-- threads of the test process ($pid):"; threads_of "$pid"
    for child in $children; do
      # ps's comm is "exe" for what Foundation's Process starts: the program's path says it.
      case "$(ps -o args= "$child" 2>/dev/null | cut -d' ' -f1)" in */ozen) echo "-- threads of ozen ($child):"; threads_of "$child";; esac
    done
  } >> "$log" 2>&1
  for child in $(descendants "$pid"); do kill -KILL "$child" 2>/dev/null; done
  kill -KILL "$pid" 2>/dev/null
}
run() { # run NAME PREFIX ARGS...: one test process, one suite at a time, its output shown and kept
  local name="$1" prefix="$2" log="$scratch/$1.log"; shift 2
  echo "== $name: TMPDIR=$scratch $binary --testing-library swift-testing --no-parallel $*" | cut -c1-300
  : > "$log"
  # stdbuf: without it the runner's output reached the log only when the run ended.
  TMPDIR="$scratch" NO_COLOR=1 GOMP_SPINCOUNT=1000 stdbuf -oL -eL "$binary" --testing-library swift-testing --no-parallel "$@" > "$log" 2>&1 &
  local pid=$! size=0 now quiet=0 limit="$STALL_SECONDS" ended=""
  tail -n +1 -f --pid="$pid" "$log" | sed -u "s/^/$prefix/" &
  local shower=$!
  while kill -0 "$pid" 2>/dev/null; do
    sleep 2
    now="$(stat -c %s "$log")"
    if [ "$now" != "$size" ]; then size="$now" quiet=0; else quiet=$((quiet + 2)); fi
    [ -z "$ended" ] && ran_to_the_end "$log" && { ended=1 limit=60; }
    [ "$quiet" -ge "$limit" ] && { stalled "$pid" "$log" "$name"; break; }
  done
  wait "$pid"; local rc=$?
  wait "$shower"
  if [ -n "$ended" ] && [ "$quiet" -ge "$limit" ]; then
    grep -q "✔ Test run with .* passed after " "$log" && rc=0
    echo "make test: $name did not exit after its last test; ended (stacks in its log), its tests count as they reported"
  fi
  return "$rc"
}

status=0
SECONDS=0
lane() { # lane N: its engine suites, then its command and I/O suites, each run one suite at a time
  local n="$1" part ok=0 names
  for part in engines commands; do
    eval "names=(\"\${${part}_${n}[@]}\")"
    [ ${#names[@]} -eq 0 ] && continue
    mapfile -t f < <(filters "${names[@]}")
    run "$part-$n" "[$n] " "${f[@]}" || ok=1
  done
  return $ok
}
lane 1 & pid1=$!
lane 2 & pid2=$!
wait "$pid1" || status=1
wait "$pid2" || status=1
lanes=$SECONDS
if [ ${#alone[@]} -gt 0 ]; then mapfile -t f < <(filters "${alone[@]}"); run alone "" "${f[@]}" || status=1; fi
# The processor, beside the times: the engines pick their kernels by it, and a result that
# differs between two machines is read with it.
cpu="$(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2- | xargs)"
grep -qw avx512f /proc/cpuinfo && cpu="$cpu, AVX-512"
echo "two lanes: $lanes s; alone: $((SECONDS - lanes)) s; processor: ${cpu:-unknown}, $(nproc) cores"

logs=()
for name in engines-1 commands-1 engines-2 commands-2 alone; do [ -f "$scratch/$name.log" ] && logs+=("$scratch/$name.log"); done
/usr/bin/python3 scripts/test_report.py --expect "$total" "${logs[@]}" || status=1
exit "$status"
