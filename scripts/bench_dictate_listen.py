#!/usr/bin/env python3
"""How soon a dictation take listens after the keyboard shortcut, on the wall clock.

The shortcut runs `ozen dictate toggle`; this starts that command as a shortcut would and
stamps the moment its "listening" line reaches us (stderr, read as it arrives), against a
baseline measured in the same run: `ozen dictate status`, the same process start and the
same socket question without opening a microphone. Then the second toggle (the stop) is
stamped until the take's text is back, for takes of real speech.

The microphone is a sound card of the bench's own, as in the tests: an ALSA `file` device
reading a named pipe that this script fills with JFK's speech at the pace it was spoken, so
the service opens and reads it like any microphone. The service runs with its own runtime
folder, `--no-save` and `--insert stdout`, so nothing is typed into this desktop or saved.

Usage: scripts/bench_dictate_listen.py [--rounds N] [--binary PATH] [--seconds S]
"""
import argparse
import os
import select
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import wave

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RATE = 16000


def speech_pcm():
    """JFK as 16-bit mono at 16 kHz (the fixture's own format), as bytes."""
    with wave.open(os.path.join(REPO, "Tests/Fixtures/downloaded/jfk/jfk.wav")) as w:
        if w.getframerate() != RATE or w.getnchannels() != 1 or w.getsampwidth() != 2:
            sys.exit("bench: jfk.wav is not 16 kHz mono 16-bit; run scripts/setup.sh")
        return w.readframes(w.getnframes())


def feed(fd, pcm, stop):
    """The pipe filled at the pace of speech, 100 ms at a time, JFK looped."""
    chunk = RATE // 10 * 2
    start, sent = time.monotonic(), 0
    while not stop.is_set():
        offset = (sent * chunk) % (len(pcm) - chunk)
        try:
            os.write(fd, pcm[offset:offset + chunk])
        except BlockingIOError:
            pass  # nobody reads now (no take open): the pipe is full, the speech goes on
        sent += 1
        time.sleep(max(0.0, start + sent * 0.1 - time.monotonic()))


def timed(command, env, marker):
    """Seconds from the start of `command` until `marker` appears on its stderr, and until it exits."""
    start = time.monotonic()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    seen, text = None, b""
    while True:
        ready, _, _ = select.select([proc.stderr], [], [], 120)
        if not ready:
            proc.kill()
            sys.exit(f"bench: {' '.join(command)} gave no answer in 120 s")
        more = os.read(proc.stderr.fileno(), 4096)
        if not more:
            break
        text += more
        if seen is None and marker and marker in text:
            seen = time.monotonic() - start
    out = proc.stdout.read()
    proc.wait()
    if proc.returncode != 0:
        sys.exit(f"bench: {' '.join(command)} failed: {text.decode()}")
    return seen, time.monotonic() - start, out.decode().strip()


def figures(values):
    return f"median {statistics.median(values) * 1000:6.0f} ms   p90 {sorted(values)[int(0.9 * (len(values) - 1))] * 1000:6.0f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=3.0, help="how long each take listens")
    parser.add_argument("--binary", default=os.path.join(REPO, ".build/release/ozen"))
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"bench: no {args.binary}; run `make build` first")

    folder = tempfile.mkdtemp(prefix="ozen-bench-listen-")
    runtime = os.path.join(folder, "runtime")
    os.mkdir(runtime, 0o700)
    pipe = os.path.join(folder, "mic.pcm")
    os.mkfifo(pipe, 0o600)
    fd = os.open(pipe, os.O_RDWR | os.O_NONBLOCK)  # always a writer, never waits for a reader
    with open(os.path.join(folder, "asound.conf"), "w") as conf:
        conf.write('pcm.ozen_bench_mic { type plug; slave { pcm { type file; slave.pcm "null"; file "/dev/null"; '
                   f'infile "{pipe}"; format "raw" }}; format S16_LE; rate {RATE}; channels 1 }} }}\n')
    env = dict(os.environ, XDG_RUNTIME_DIR=runtime, LC_ALL="en_US.UTF-8", LANG="en_US.UTF-8",
               ALSA_CONFIG_PATH="/usr/share/alsa/alsa.conf:" + os.path.join(folder, "asound.conf"))
    stop = threading.Event()
    threading.Thread(target=feed, args=(fd, speech_pcm(), stop), daemon=True).start()

    options = ["--device", "ozen_bench_mic", "--language", "en", "--insert", "stdout", "--no-save", "--polish", "local"]
    service = subprocess.Popen([args.binary, "dictate", "serve"] + options, env=env,
                               stdout=subprocess.DEVNULL, stderr=open(os.path.join(folder, "service.log"), "wb"))
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            _, _, answer = timed([args.binary, "dictate", "status"], env, None)
            if answer in ("idle", "listening"):
                break
            time.sleep(0.2)
        else:
            sys.exit("bench: the dictation service did not start: " + open(os.path.join(folder, "service.log")).read())

        asked, listening, stopped = [], [], []
        print("round   status asked   toggle → listening   toggle → text back   text")
        for round in range(1, args.rounds + 1):
            _, ask, _ = timed([args.binary, "dictate", "status"], env, None)
            heard, _, _ = timed([args.binary, "dictate", "toggle"], env, b"listening")
            if heard is None:
                sys.exit("bench: the toggle did not say it was listening")
            time.sleep(args.seconds)
            _, back, text = timed([args.binary, "dictate", "toggle"], env, None)
            asked.append(ask)
            listening.append(heard)
            stopped.append(back)
            print(f"{round:5d}   {ask * 1000:9.0f} ms   {heard * 1000:15.0f} ms   {back * 1000:15.0f} ms   {text[:40]}")
        print(f"\nstatus asked (baseline: the same client start and socket, no microphone)  {figures(asked)}")
        print(f"toggle → listening (the shortcut to the open microphone)               {figures(listening)}")
        print(f"  of which the service's own (listening minus the baseline's median)   "
              f"median {(statistics.median(listening) - statistics.median(asked)) * 1000:6.0f} ms")
        print(f"toggle → text back ({args.seconds:.0f} s takes of speech, local polish)          {figures(stopped)}")
    finally:
        stop.set()
        subprocess.run([args.binary, "dictate", "stop"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            service.wait(timeout=20)
        except subprocess.TimeoutExpired:
            service.kill()
        os.close(fd)


if __name__ == "__main__":
    main()
