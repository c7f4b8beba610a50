#!/usr/bin/env python3
"""The closing report of `make test`, read from the logs of its `swift test` runs.

Usage: scripts/test_report.py --expect N LOG...
       scripts/test_report.py --unfinished LOG   (the tests a stuck run was in the middle of)

Swift Testing ends each test and suite with lines such as
  ✔ Test aBreathKeepsTheLineOpen() passed after 4.1 seconds.
  ✘ Test noiseGivesNoLine(language:) with 3 test cases failed after 9.0 seconds with 1 issue.
  ✔ Suite LiveCaptionTests passed after 163.245 seconds.
This prints the ten slowest suites of all the runs together, then one closing line,
'N passed, N failed', over all of them. It exits 1 when a test failed, or when fewer than
the N tests that `swift test list` named reported back (a run that crashed, a run that
test.sh ended because it printed nothing for too long, or a test that no run's filter took).
The tests such a run was in the middle of are named by its 'stuck: NAME' lines.
What each failed test recorded (its "recorded an issue" lines and a few after each) is
printed again just above the closing line: CI keeps only the end of what `make test`
printed, and a failure's name without its expectation says little.
"""
import argparse
import re
import sys

SUITE = re.compile(r"Suite (.+?) (passed|failed) after ([0-9.]+) seconds")
STUCK = re.compile(r"^stuck: (.+)$")
STARTED = re.compile(r"◇ Test (?!run started|case )(.+?) started\.")
TEST = re.compile(r"^\s*(✔|✘) Test (?!run with |case )(.+?) (passed|failed) after ")
ISSUE = re.compile(r"✘ Test .+ recorded an issue")
MARK = re.compile(r"^\s*(◇|✔|✘|􀟈|􁁛|􀢄|Test Suite|Test Case)")
ISSUE_LINES, ISSUE_WIDTH, ISSUES_SHOWN = 6, 400, 12


def issue_blocks(lines):
    """Each 'recorded an issue' line with up to ISSUE_LINES lines of detail after it."""
    blocks = []
    for index, line in enumerate(lines):
        if not ISSUE.search(line):
            continue
        block = [line[:ISSUE_WIDTH]]
        for after in lines[index + 1:index + 1 + ISSUE_LINES]:
            if MARK.match(after):
                break
            block.append(after[:ISSUE_WIDTH])
        blocks.append(block)
    return blocks


def unfinished(paths) -> int:
    """'stuck: NAME' for each test a log started and did not end (test.sh, on a stuck run)."""
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as log:
            lines = log.read().splitlines()
        ended = {re.sub(r" with \d+ test cases?$", "", test.group(2)) for test in map(TEST.search, lines) if test}
        for name in [started.group(1) for started in map(STARTED.search, lines) if started]:
            if name not in ended:
                print("stuck:", name)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description="make test's closing report")
    parser.add_argument("--expect", type=int, help="how many tests `swift test list` named")
    parser.add_argument("--unfinished", action="store_true",
                        help="instead: print 'stuck: NAME' for each test the log started and never ended")
    parser.add_argument("--slowest", type=int, default=10)
    parser.add_argument("logs", nargs="+")
    args = parser.parse_args()
    if args.unfinished:
        return unfinished(args.logs)
    if args.expect is None:
        parser.error("--expect is required")

    suites, passed, failed, stuck, issues = [], 0, [], [], []
    for path in args.logs:
        try:
            with open(path, encoding="utf-8", errors="replace") as log:
                lines = log.read().splitlines()
        except OSError as error:
            print(f"test_report: cannot read a test log: {error}", file=sys.stderr)
            return 66
        issues += issue_blocks(lines)
        for line in lines:
            suite = SUITE.search(line)
            if suite:
                suites.append((float(suite.group(3)), suite.group(1).strip('"'), suite.group(2)))
            if (found := STUCK.match(line)):
                stuck.append(found.group(1))
            test = TEST.search(line)
            if test:
                if test.group(3) == "passed":
                    passed += 1
                else:
                    failed.append(test.group(2))

    suites.sort(reverse=True)
    print(f"\nThe {min(args.slowest, len(suites))} slowest of {len(suites)} suites:")
    for seconds, name, outcome in suites[: args.slowest]:
        print(f"  {seconds:8.1f} s  {name}" + ("" if outcome == "passed" else "  (failed)"))
    if issues:
        print(f"\nWhat the failed tests recorded ({min(len(issues), ISSUES_SHOWN)} of {len(issues)}):")
        for block in issues[:ISSUES_SHOWN]:
            print("\n".join(block))
    for name in failed:
        print(f"failed: {name}")
    for name in stuck:
        print(f"stuck, its run ended (its stacks are in the log above): {name}")
    missing = args.expect - passed - len(failed)
    if missing > 0:
        print(f"{missing} of the {args.expect} tests reported nothing: a run ended early, or no run took them")
    print(f"{passed} passed, {len(failed) + max(0, missing)} failed")
    return 0 if not failed and missing <= 0 else 1


if __name__ == "__main__":
    sys.exit(main())
