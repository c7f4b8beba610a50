#!/usr/bin/env python3
"""Real-time factor and peak memory of `ozen caption` (release build) on the LibriVox clips.

Each round captions the five clips once with Ozen's settings (encoder sized to the audio)
and once with Whisper's standard 30 s window (OZEN_AUDIO_CONTEXT_MARGIN=0), alternating so
both see the same machine load. Prints per-round figures, then medians and the ratio.

Usage: scripts/bench_caption.py [--rounds N] [--binary PATH]
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


def run(binary, clip, env):
    start = time.monotonic()
    proc = subprocess.Popen([binary, "caption", clip, "--language", "en", "--no-save"],
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
    args = parser.parse_args()
    clips = sorted(glob.glob(os.path.join(REPO, "Tests/Fixtures/downloaded/librivox/*.wav")))
    if not clips:
        sys.exit("bench: no LibriVox clips; run `make setup` first")
    audio = sum(wave.open(c).getnframes() / wave.open(c).getframerate() for c in clips)
    configs = {"ozen (sized window)": {}, "baseline (30 s window)": {"OZEN_AUDIO_CONTEXT_MARGIN": "0"}}
    rtf = {name: [] for name in configs}
    rss = {name: [] for name in configs}
    print(f"{len(clips)} clips, {audio:.1f} s of audio, {os.cpu_count()} CPUs, {args.rounds} rounds")
    for r in range(args.rounds):
        for name, extra in configs.items():
            env = dict(os.environ, **extra)
            results = [run(args.binary, c, env) for c in clips]
            rtf[name].append(sum(w for w, _ in results) / audio)
            rss[name].append(max(m for _, m in results))
            print(f"round {r + 1}  {name:24s} RTF {rtf[name][-1]:.3f}  peak RSS {rss[name][-1]:.0f} MiB")
    print()
    for name in configs:
        print(f"median  {name:24s} RTF {statistics.median(rtf[name]):.3f}  peak RSS {statistics.median(rss[name]):.0f} MiB")
    ours, base = (statistics.median(rtf[n]) for n in configs)
    print(f"ratio   ozen / baseline RTF {ours / base:.2f}  (whole process: start, model load, voice detection, live passes, beam-5 finals)")


if __name__ == "__main__":
    main()
