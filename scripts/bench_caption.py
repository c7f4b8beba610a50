#!/usr/bin/env python3
"""Real-time factor and peak memory of `ozen caption` (release build) on the LibriVox clips.

Each round captions the clips once with Ozen's settings (encoder sized to the audio) and
once with a baseline, alternating so both see the same machine load. The baseline is
Whisper's standard 30 s window (OZEN_AUDIO_CONTEXT_MARGIN=0) unless --baseline names its
environment instead: `--baseline GLIBC_TUNABLES=` is glibc's own allocator settings, where
`ozen` otherwise maps blocks of 1 MiB and more apart; or another build (`--baseline-binary`,
say the commit before a change, built into a folder of its own). Prints per-round figures,
then medians and the ratios.

Usage: scripts/bench_caption.py [--rounds N] [--binary PATH] [--realtime]
                                [--baseline NAME=VALUE]... [--baseline-binary PATH] [CLIP.wav...]
"""
import argparse
import glob
import os
import statistics
import subprocess
import sys
import time
import wave

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(binary, clip, env, realtime):
    start = time.monotonic()
    proc = subprocess.Popen([binary, "caption", clip, "--language", "en", "--no-save"] + (["--realtime"] if realtime else []),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    if status != 0:
        sys.exit(f"bench: ozen failed on {clip}: {proc.stderr.read().decode()}")
    return wall, usage.ru_maxrss / 1024  # MiB


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--binary", default=os.path.join(REPO, ".build/release/ozen"))
    parser.add_argument("--realtime", action="store_true",
                        help="replay each clip at real time (caption --realtime), the live pipeline as a listener sees it")
    parser.add_argument("--baseline", action="append", default=[], metavar="NAME=VALUE",
                        help="the baseline's environment instead of the 30 s window (repeatable)")
    parser.add_argument("--baseline-binary", metavar="PATH",
                        help="another ozen build as the baseline, run with the same settings as this one")
    parser.add_argument("clips", nargs="*", help="recordings (default: the LibriVox clips)")
    args = parser.parse_args()
    clips = args.clips or sorted(glob.glob(os.path.join(REPO, "Tests/Fixtures/downloaded/librivox/*.wav")))
    if not clips:
        sys.exit("bench: no LibriVox clips; run `make setup` first")
    baseline = {} if args.baseline_binary else {"OZEN_AUDIO_CONTEXT_MARGIN": "0"}
    if args.baseline_binary and not os.access(args.baseline_binary, os.X_OK):
        sys.exit(f"bench: {args.baseline_binary} is not an executable ozen build")
    if args.baseline:
        if any("=" not in b for b in args.baseline):
            sys.exit("bench: --baseline takes NAME=VALUE, e.g. GLIBC_TUNABLES=")
        baseline = dict(b.split("=", 1) for b in args.baseline)
    audio = sum(wave.open(c).getnframes() / wave.open(c).getframerate() for c in clips)
    named = args.baseline + ([args.baseline_binary] if args.baseline_binary else [])
    baseline_name = "baseline (" + (" ".join(named) if named else "30 s window") + ")"
    configs = {"ozen": (args.binary, {}), baseline_name: (args.baseline_binary or args.binary, baseline)}
    rtf = {name: [] for name in configs}
    rss = {name: [] for name in configs}
    print(f"{len(clips)} clips, {audio:.1f} s of audio, {os.cpu_count()} CPUs, {args.rounds} rounds")
    for r in range(args.rounds):
        for name, (binary, extra) in configs.items():
            env = dict(os.environ, **extra)
            results = [run(binary, c, env, args.realtime) for c in clips]
            rtf[name].append(sum(w for w, _ in results) / audio)
            rss[name].append(max(m for _, m in results))
            print(f"round {r + 1}  {name:32s} RTF {rtf[name][-1]:.3f}  peak RSS {rss[name][-1]:.0f} MiB")
    print()
    for name in configs:
        print(f"median  {name:32s} RTF {statistics.median(rtf[name]):.3f}  peak RSS {statistics.median(rss[name]):.0f} MiB")
    ours, base = (statistics.median(rtf[n]) for n in configs)
    ours_rss, base_rss = (statistics.median(rss[n]) for n in configs)
    print(f"ratio   ozen / baseline RTF {ours / base:.2f}, peak RSS {ours_rss / base_rss:.2f}"
          "  (whole process: start, model load, voice detection, live passes, beam-5 finals)")


if __name__ == "__main__":
    main()
