#!/usr/bin/env python3
"""Captions of what the computer plays, against the same recording in file mode, on the wall clock.

The held-out voices (Allison's two prompts, the aligner's author twice, LibriSpeech reader 61:
recordings no setting was chosen on) are joined into one table, each a turn with 1 s of quiet
between. Then, in one run:

1. file mode: `ozen caption TABLE --json` (the steady clock, no time pressure);
2. the baseline at real time: `ozen caption TABLE --realtime --json`, the same pipeline fed the
   file at its real pace with no sound server in the path;
3. the computer's sound: a real PulseAudio server of the bench's own (a null output, as the
   tests start it), `ozen listen --device computer --json` on its monitor, and the table
   played into the output by `paplay` at its real pace, as a call or a video plays.

Each live event is stamped as it reaches this script. A turn's first words: the first event
after the turn starts playing that shows one of its first two word pairs (or, when none does,
the first partial of a line not seen before); its final text: the first locked line that
arrives after it stops. For the monitor both are measured from the
moment the sound server rendered the table's first sound (`parec` on the same monitor, beside
ozen), as she would hear it begin: paplay's start to that took about a second here, which a
recorder of the sound server's own sees alike. Words wrong are scored
by this script for both runs alike (lower case, punctuation dropped, numbers as written), on
each line's last text (after corrections) and on its first locked text.

Usage: scripts/bench_computer_sound.py [--binary PATH] [--rounds N] [--no-sounds]
"""
import argparse
import json
import os
import re
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VOICES = [("allison", "demo-congrats"), ("michael", "acoustic_corpus"), ("reader61", "61-70968-0000"),
          ("allison", "demo-instruct"), ("michael", "cold_corpus")]
GAP = 1.0


def words(text):
    return re.sub(r"[^\w\s']", " ", text.lower()).split()


def wer(reference, hypothesis):
    """Word edits (substitutions, insertions, deletions) over the reference's words."""
    r, h = words(reference), words(hypothesis)
    row = list(range(len(h) + 1))
    for i in range(1, len(r) + 1):
        prev, row[0] = row[0], i
        for j in range(1, len(h) + 1):
            cur = min(row[j] + 1, row[j - 1] + 1, prev + (r[i - 1] != h[j - 1]))
            prev, row[j] = row[j], cur
    return row[len(h)], len(r)


def table(work):
    """The joined table (16 kHz mono) and its turns: (start, end, text)."""
    folder = os.path.join(REPO, "Tests/Fixtures/downloaded/held-out")
    silence = os.path.join(work, "gap.wav")
    subprocess.run(["sox", "-n", "-r", "16000", "-c", "1", "-b", "16", silence, "trim", "0", str(GAP)], check=True)
    parts, turns, t = [], [], 0.5
    for speaker, name in VOICES:
        source = os.path.join(folder, speaker, name + ".wav")
        if not os.path.exists(source):
            sys.exit(f"bench: {source} is missing: run scripts/setup.sh")
        part = os.path.join(work, f"{speaker}-{name}.wav")
        subprocess.run(["sox", source, "-r", "16000", "-c", "1", "-b", "16", part], check=True)
        seconds = float(subprocess.run(["soxi", "-D", part], capture_output=True, text=True, check=True).stdout)
        with open(os.path.join(folder, speaker, name + ".txt"), encoding="utf-8") as f:
            turns.append((t, t + seconds, f.read().strip()))
        parts += [part, silence]
        t += seconds + GAP
    path = os.path.join(work, "table.wav")
    lead = os.path.join(work, "lead.wav")
    subprocess.run(["sox", "-n", "-r", "16000", "-c", "1", "-b", "16", lead, "trim", "0", "0.5"], check=True)
    subprocess.run(["sox", lead] + parts + [path], check=True)
    return path, turns


def texts(events):
    """Each line's last text and its first locked text, in the order lines began."""
    last, first, order = {}, {}, []
    for event in events:
        if event.get("type") not in ("line", "partial", "corrected"):
            continue
        key = event.get("id")
        if key not in last:
            order.append(key)
        last[key] = event.get("text", "")
        if event["type"] == "corrected" and key not in first:
            first[key] = event.get("previous_text", "")
        if event["type"] == "line" and key not in first:
            first[key] = event.get("text", "")
    return " ".join(last[k] for k in order), " ".join(first.get(k, "") for k in order)


def file_mode(binary, path, env):
    start = time.monotonic()
    proc = subprocess.run([binary, "caption", path, "--language", "en", "--json", "--no-save"],
                          capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        sys.exit(f"bench: ozen caption failed: {proc.stderr}")
    events = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    return events, time.monotonic() - start


def start_server(work):
    folder = os.path.join(work, "pulse")
    os.makedirs(folder)
    socket = os.path.join(folder, "native")
    env = dict(os.environ, HOME=folder, XDG_RUNTIME_DIR=folder, XDG_CONFIG_HOME=folder)
    env.pop("PULSE_SERVER", None)
    server = subprocess.Popen(["pulseaudio", "--daemonize=no", "-n", "--exit-idle-time=-1", "--use-pid-file=no",
                               "--disable-shm=yes", "--log-level=error",
                               "-L", "module-null-sink sink_name=call sink_properties=device.description=call",
                               "-L", f"module-native-protocol-unix auth-anonymous=1 socket={socket}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    address = "unix:" + socket
    for _ in range(100):
        if subprocess.run(["pactl", f"--server={address}", "info"], capture_output=True).returncode == 0:
            return server, address
        time.sleep(0.1)
    server.kill()
    sys.exit("bench: pulseaudio did not start (scripts/setup.sh installs it)")


def first_sound(path, threshold=0.02):
    """Seconds into a 16-bit mono WAV of its first sample above `threshold` (full scale 1)."""
    import array
    import wave
    with wave.open(path) as f:
        rate, limit = f.getframerate(), int(threshold * 32768)
        at = 0
        while True:
            frames = f.readframes(rate // 10)
            if not frames:
                return None
            samples = array.array("h", frames)
            for i, x in enumerate(samples):
                if abs(x) > limit:
                    return (at + i) / rate
            at += len(samples)


class Rendered:
    """When the sound server's null output rendered the recording's first sound, on this
    script's clock: `parec` on the output's monitor in 20 ms pieces, beside ozen. Here paplay's
    start to its first sound rendered took 0.85–1.72 s (the benches print it each run); `parec`
    sees that delay as ozen does, so it is the sound server's, and a live run's times are
    counted from the first sound rendered, as she would hear it."""

    def __init__(self, address, threshold=0.02):
        import threading
        self.first, self.limit = None, int(threshold * 32768)
        self.recorder = subprocess.Popen(["parec", f"--server={address}", "--device=call.monitor", "--format=s16le",
                                          "--rate=16000", "--channels=1", "--latency-msec=20", "--raw"],
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def read(self):
        import array
        pending = b""
        while self.first is None:
            chunk = os.read(self.recorder.stdout.fileno(), 640)
            if not chunk:
                return
            now = time.monotonic()
            pending += chunk
            whole = len(pending) // 2 * 2
            samples, pending = array.array("h", pending[:whole]), pending[whole:]
            if any(abs(x) > self.limit for x in samples):
                self.first = now

    def stop(self):
        self.recorder.kill()
        self.recorder.wait()


def live(binary, path, turns, env, address=None, extra=()):
    """Events of a live run stamped from when the table starts playing, the CPU it took, and
    with `address` the sound server's delay: `listen` on the server's monitor while paplay
    plays the table into its output (t0: the table's first sound rendered, `Rendered`);
    without, `caption --realtime` feeding the same file at its real pace (t0: when its clock
    started, from the events' own `at`), the baseline with no sound server in the path."""
    if address:
        env = dict(env, PULSE_SERVER=address)
        command = [binary, "listen", "--device", "computer", "--json", "--no-save", "--language", "en", *extra]
    else:
        command = [binary, "caption", path, "--realtime", "--json", "--no-save", "--language", "en", *extra]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    rendered = Rendered(address) if address else None
    events, buffer, t0, player, render_delay = [], b"", None, None, None
    played_to = turns[-1][1] + 1.0
    quiet_after = 12.0
    deadline = time.monotonic() + 240 + played_to
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 0.05)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                break
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                if not line.startswith(b"{"):
                    continue
                event = json.loads(line)
                event["seen"] = time.monotonic() - t0 if t0 is not None else None
                events.append(event)
                if t0 is None and event.get("state") == "listening":
                    t0 = start_wall = time.monotonic()
                    if address:
                        player = subprocess.Popen(["paplay", f"--server={address}", "--device=call", path])
        if address and t0 is not None and time.monotonic() - t0 > played_to + quiet_after and proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            deadline = min(deadline, time.monotonic() + 60)
    _, status, usage = os.wait4(proc.pid, 0)
    if player:
        player.wait()
    if rendered:
        # Counted from when the server rendered the table's first sound, less where that sound
        # is in the file: the table as she would hear it begin.
        rendered.stop()
        lead = first_sound(path)
        if rendered.first is None or lead is None:
            sys.exit("bench: the monitor never carried the table's sound (parec heard nothing)")
        render_delay = rendered.first - start_wall - lead
        for e in events:
            if e.get("seen") is not None:
                e["seen"] -= render_delay
    if not address:
        # The replay's clock starts once the models are loaded, and its "listening" comes
        # after the pipeline is built, up to a second later, with that much of the recording
        # already due: stamped from "listening", every figure would come out that much too
        # soon. An event's `at` is the clock when it was sent, so the recording started at
        # (arrival - at) on this script's clock; the earliest such moment is when it began.
        lead = min((e["seen"] - e["at"] for e in events if e.get("seen") is not None and "at" in e
                    and e.get("type") in ("line", "partial")), default=0.0)
        for e in events:
            if e.get("seen") is not None:
                e["seen"] -= lead
    if status != 0:
        sys.exit(f"bench: {' '.join(command[1:3])} failed: {proc.stderr.read().decode()}")
    return events, usage.ru_utime + usage.ru_stime, render_delay


def latencies(events, turns):
    """Per turn: its first words (the first event after the turn starts that shows one of its
    first two word pairs, or failing that the first partial of a line not seen before), and its
    final text (the first locked line after it ends)."""
    first_words, finals = [], []
    timed = [e for e in events if e.get("seen") is not None and e.get("type") in ("line", "partial")]
    for start, end, text in turns:
        said = words(text)
        pairs = {tuple(said[i:i + 2]) for i in range(min(2, len(said) - 1))}
        def shows(event):
            heard = words(event.get("text", ""))
            return any(tuple(heard[i:i + 2]) in pairs for i in range(len(heard) - 1))
        earlier = {e["id"] for e in timed if e["seen"] < start}
        fresh = next((e for e in timed if e["seen"] >= start and shows(e)), None) \
            or next((e for e in timed if e["seen"] >= start and e["id"] not in earlier and e.get("text")), None)
        if fresh:
            first_words.append(fresh["seen"] - start)
        locked = next((e for e in timed if e["type"] == "line" and e["seen"] >= end and e.get("text")), None)
        if locked:
            finals.append(locked["seen"] - end)
    return first_words, finals


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(REPO, ".build/release/ozen"))
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--no-sounds", action="store_true", help="both live runs without sound alerts (what the tagger costs them)")
    args = parser.parse_args()
    for tool in ("sox", "soxi", "pulseaudio", "paplay", "pactl"):
        if not shutil.which(tool):
            sys.exit(f"bench: {tool} is missing: run scripts/setup.sh")
    work = tempfile.mkdtemp(prefix="ozen-bench-computer-")
    server = None
    try:
        path, turns = table(work)
        reference = " ".join(text for _, _, text in turns)
        audio_minutes = (turns[-1][1] + GAP) / 60
        env = dict(os.environ)
        server, address = start_server(work)
        print(f"held-out table: {len(turns)} turns, {turns[-1][1]:.1f} s, {len(words(reference))} words")
        rows = []
        pct = lambda e: 100 * e[0] / e[1]
        rows = []
        for round_ in range(1, args.rounds + 1):
            file_events, _ = file_mode(args.binary, path, env)
            row = {"file": wer(reference, texts(file_events)[0]), "file_first": wer(reference, texts(file_events)[1])}
            for name, address_ in (("realtime", None), ("monitor", address)):
                events, cpu, render_delay = live(args.binary, path, turns, env, address_, ["--no-sounds"] if args.no_sounds else [])
                if render_delay is not None:
                    print(f"  the sound server rendered the table's first sound {render_delay:.2f} s after paplay started; the monitor's times count from then")
                last, first = texts(events)
                first_words, finals = latencies(events, turns)
                row[name] = {"wer": wer(reference, last), "first": wer(reference, first), "cpu": cpu / audio_minutes,
                             "first_words": first_words, "finals": finals}
            rows.append(row)
            print(f"round {round_}: file mode {pct(row['file']):.1f} % wrong ({row['file'][0]} of {row['file'][1]}; first locks {pct(row['file_first']):.1f} %)")
            for name, label in (("realtime", "the file at real time (caption --realtime)"), ("monitor", "from the monitor (listen --device computer)")):
                r = row[name]
                print(f"  {label}: {pct(r['wer']):.1f} % wrong (first locks {pct(r['first']):.1f} %); first words "
                      f"{statistics.median(r['first_words']):.2f} s, final text {statistics.median(r['finals']):.2f} s after the turn "
                      f"(medians of {len(r['first_words'])} and {len(r['finals'])} turns); {r['cpu']:.1f} CPU s per audio minute")
                print(f"    each turn: first words {', '.join(f'{x:.2f}' for x in r['first_words'])}; final text {', '.join(f'{x:.2f}' for x in r['finals'])}")
        if len(rows) > 1:
            for name in ("realtime", "monitor"):
                print(f"medians of {len(rows)} rounds, {name}: {statistics.median(pct(r[name]['wer']) for r in rows):.1f} % wrong, "
                      f"first words {statistics.median(statistics.median(r[name]['first_words']) for r in rows):.2f} s, "
                      f"final text {statistics.median(statistics.median(r[name]['finals']) for r in rows):.2f} s, "
                      f"{statistics.median(r[name]['cpu'] for r in rows):.1f} CPU s per audio minute")
            print(f"file mode: {statistics.median(pct(r['file']) for r in rows):.1f} % wrong")
    finally:
        if server:
            server.kill()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
