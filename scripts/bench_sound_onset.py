#!/usr/bin/env python3
"""How soon a sound alert reaches her, on the wall clock of a live run, against the window arithmetic.

The report half's real alert recordings (`scripts/alert-sounds.tsv`: half "report", marked
"real", a kind to find; none of them chose a number) are laid one after another into the
held-out voices' talk (recordings no setting was chosen on), each at 0 dB against the talk
(`SoundMix`'s measure: the RMS of the 20 ms frames within 40 dB of the loudest), 4 s of talk
before and after it, played as many times as the eval plays it and cut at 8 s. At 32 kHz,
the tagger's rate. Then, in one run:

1. file mode: `ozen caption MIX --json` (the steady clock): each alert's `at` is the end of
   the window that raised it, in seconds of the recording: the window arithmetic;
2. the computer's sound: a real PulseAudio server of the bench's own (a null output),
   `ozen listen --device computer --json` on its monitor, and the mix played into the output
   by `paplay` at its real pace. Each event is stamped as it reaches this script, from the
   moment the server rendered the mix's first sound (`parec` on the same monitor), as she
   would hear it begin.

A sound is caught when an alert of its kind comes between its start and 2 s after its end; its
onset is the time from its start to that alert. Printed: caught and median onset per kind and
in all, for both; the live run's delay over the arithmetic, sound by sound; the alerts of
another kind; the live run's CPU (captions and alerts together) per audio minute.

With `--against BINARY` another build (the one before a change) runs live on the same mix
after it, and its lateness over the same arithmetic is printed beside.

Usage: scripts/bench_sound_onset.py [--binary PATH] [--limit N] [--against BINARY]
"""
import argparse
import csv
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import wave

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_computer_sound as played  # noqa: E402  (the table, the sound server, the live run)

REPO = played.REPO
ALERTS = os.path.join(REPO, "Tests/Fixtures/downloaded/alerts")
RATE = 32000
LEAD, TAIL, LONGEST, LATE = 4.0, 4.0, 8.0, 2.0


def read(path):
    with wave.open(path) as f:
        if f.getnchannels() != 1 or f.getsampwidth() != 2:
            sys.exit(f"bench: {path} is not 16-bit mono")
        return np.frombuffer(f.readframes(f.getnframes()), dtype="<i2").astype(np.float64) / 32768, f.getframerate()


def write(path, samples):
    with wave.open(path, "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes((np.clip(samples, -1, 1) * 32767).round().astype("<i2").tobytes())


def active_rms(samples):
    """RMS over the 20 ms frames within 40 dB of the loudest, as SoundMix measures a level."""
    frame = RATE // 50
    usable = len(samples) // frame * frame
    energies = (samples[:usable].reshape(-1, frame) ** 2).mean(axis=1) if usable else np.array([np.mean(samples ** 2)])
    loud = energies[energies >= energies.max() * 1e-4]
    return float(np.sqrt(loud.mean()))


def recordings(limit):
    """The report half's real recordings of a kind to find: (file, kind, times, gap)."""
    rows = []
    with open(os.path.join(REPO, "scripts/alert-sounds.tsv"), encoding="utf-8") as f:
        for row in csv.reader((line for line in f if not line.startswith("#")), delimiter="\t"):
            if len(row) > 3 and row[1] != "-" and row[2] == "report" and row[-1] == "real":
                rows.append((row[0], row[1], int(row[3]), float(row[4])))
    return rows[:limit] if limit else rows


def mix(work, limit):
    """The mix at 32 kHz and its sounds: (file, kind, start, end)."""
    table, _ = played.table(work)
    bed_path = os.path.join(work, "talk-32k.wav")
    subprocess.run(["sox", table, "-r", str(RATE), bed_path], check=True)
    talk, _ = read(bed_path)
    talk_level = active_rms(talk)
    pieces, sounds, at = [], [], 0.0
    for file, kind, times, gap in recordings(limit):
        path = os.path.join(ALERTS, "32k", file)
        if not os.path.exists(path):
            sys.exit(f"bench: {path} is missing: run scripts/setup.sh")
        one, rate = read(path)
        if rate != RATE:
            sys.exit(f"bench: {path} is not at {RATE} Hz")
        silence = np.zeros(int(gap * RATE))
        sound = np.concatenate([np.concatenate([one, silence]) if i < times - 1 else one for i in range(times)])[: int(LONGEST * RATE)]
        start = at + LEAD
        pieces.append((int(start * RATE), sound * talk_level / max(active_rms(sound), 1e-9)))
        sounds.append((file, kind, start, start + len(sound) / RATE))
        at = start + len(sound) / RATE
    length = int((at + TAIL) * RATE)
    out = np.resize(talk, length)
    for offset, sound in pieces:
        out[offset:offset + len(sound)] += sound
    peak = np.abs(out).max()
    if peak > 0.99:
        out *= 0.99 / peak
    path = os.path.join(work, "sounds.wav")
    write(path, out)
    return path, sounds, length / RATE


def caught(alerts, sounds, clock):
    """Per sound: the onset of the first alert of its kind (None when missed), by `clock` (a
    function of an alert: seconds of the recording); and the alerts of another kind."""
    onsets, others = [], []
    for file, kind, start, end in sounds:
        near = [a for a in alerts if start <= clock(a) <= end + LATE]
        hit = next((a for a in near if a.get("kind") == kind), None)
        onsets.append(clock(hit) - start if hit else None)
        others += [f"{file}: {a.get('kind')}" for a in near if a.get("kind") != kind]
    return onsets, others


def lateness(arithmetic, wall):
    """The live run's delay over the arithmetic, sound by sound, as one line."""
    delays = [w - a for a, w in zip(arithmetic, wall) if a is not None and w is not None]
    if not delays:
        return "no sound caught by both"
    late = sum(d > 0.3 for d in delays)
    return (f"sounds caught by both ({len(delays)}): median {statistics.median(delays):+.2f} s, "
            f"from {min(delays):+.2f} to {max(delays):+.2f} s; {late} more than 0.3 s later")


def median(values):
    values = [v for v in values if v is not None]
    return f"{statistics.median(values):.2f} s" if values else "-"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(REPO, ".build/release/ozen"))
    parser.add_argument("--limit", type=int, default=0, help="only the first N recordings of the list")
    parser.add_argument("--against", metavar="BINARY", help="a second live run with another build (a baseline), on the same mix")
    args = parser.parse_args()
    for tool in ("sox", "pulseaudio", "paplay", "pactl"):
        if not shutil.which(tool):
            sys.exit(f"bench: {tool} is missing: run scripts/setup.sh")
    work = tempfile.mkdtemp(prefix="ozen-bench-onset-")
    server = None
    try:
        path, sounds, seconds = mix(work, args.limit)
        print(f"{len(sounds)} real recordings of the report half in held-out talk at 0 dB: {seconds:.0f} s at {RATE} Hz")
        env = dict(os.environ)
        file_events, _ = played.file_mode(args.binary, path, env)
        file_alerts = [e for e in file_events if e.get("type") == "sound"]
        server, address = played.start_server(work)
        live_events, cpu, render_delay = played.live(args.binary, path, [(0.0, seconds, "")], env, address, ["--no-speakers"])
        print(f"the sound server rendered the mix's first sound {render_delay:.2f} s after paplay started; the live times count from then")
        live_alerts = [e for e in live_events if e.get("type") == "sound" and e.get("seen") is not None]
        arithmetic, file_others = caught(file_alerts, sounds, lambda a: a["at"])
        wall, live_others = caught(live_alerts, sounds, lambda a: a["seen"])

        kinds = sorted({kind for _, kind, _, _ in sounds})
        print(f"{'kind':10} {'sounds':>6} {'caught (file)':>14} {'onset (file)':>13} {'caught (live)':>14} {'onset (wall)':>13}")
        for kind in kinds:
            idx = [i for i, s in enumerate(sounds) if s[1] == kind]
            a = [arithmetic[i] for i in idx]
            w = [wall[i] for i in idx]
            print(f"{kind:10} {len(idx):6} {sum(x is not None for x in a):14} {median(a):>13} {sum(x is not None for x in w):14} {median(w):>13}")
        n = len(sounds)
        print(f"{'all':10} {n:6} {sum(x is not None for x in arithmetic):14} {median(arithmetic):>13} "
              f"{sum(x is not None for x in wall):14} {median(wall):>13}")
        print(f"the live run over the arithmetic, {lateness(arithmetic, wall)}")
        print(f"alerts of another kind: file mode {len(file_others)}, live {len(live_others)}"
              + (f" ({'; '.join(live_others)})" if live_others else ""))
        print(f"live run: {cpu / (seconds / 60):.1f} CPU s per audio minute (captions and alerts)")
        for (file, kind, start, end), a, w in zip(sounds, arithmetic, wall):
            shown = lambda x: f"{x:.2f}" if x is not None else "missed"
            print(f"  {kind:9} {file:42} at {start:6.1f} s: file {shown(a):>6}, wall {shown(w):>6}")
        if args.against:
            # The baseline build, live on the same mix and the same sound server, after this one.
            events, cpu, render_delay = played.live(args.against, path, [(0.0, seconds, "")], env, address, ["--no-speakers"])
            before, _ = caught([e for e in events if e.get("type") == "sound" and e.get("seen") is not None], sounds, lambda a: a["seen"])
            print(f"against {args.against} (rendered {render_delay:.2f} s after paplay started): caught {sum(x is not None for x in before)} "
                  f"of {n} live, onset {median(before)}; over the arithmetic, {lateness(arithmetic, before)}; "
                  f"{cpu / (seconds / 60):.1f} CPU s per audio minute")
    finally:
        if server:
            server.kill()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
