#!/usr/bin/env python3
"""What `ozen models install` costs on the wall clock, from outside the process.

A file server of the bench's own on 127.0.0.1 (HTTP/1.1, range requests) serves the
installed Whisper base (82 MB, q8_0). Each round installs it into a fresh Ozen home three ways:
whole; cut once halfway (the connection dropped, so the install waits its first retry pause
of 1 s and continues with a range request); and the baseline in the same round: copying the
file and hashing it with coreutils' sha256sum, which is the least any checked install costs
on this disk. Medians over the rounds.

Usage: scripts/bench_model_install.py [--rounds N] [--binary PATH]
"""
import argparse
import http.server
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    cut_next_at = None  # bytes after which the next answer drops its connection


def handler(path):
    size = os.path.getsize(path)

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_GET(self):
            start = 0
            asked = self.headers.get("Range", "")
            if asked.startswith("bytes="):
                start = int(asked[6:].split("-")[0])
                self.send_response(206)
                self.send_header("Content-Range", f"bytes {start}-{size - 1}/{size}")
            else:
                self.send_response(200)
            self.send_header("Content-Length", str(size - start))
            self.send_header("Accept-Ranges", "bytes")
            self.send_header("ETag", '"bench-1"')
            self.send_header("Connection", "close")
            self.end_headers()
            cut, self.server.cut_next_at = self.server.cut_next_at, None
            with open(path, "rb") as f:
                f.seek(start)
                sent = 0
                while True:
                    chunk = f.read(1 << 20)
                    if not chunk:
                        return
                    if cut is not None and sent + len(chunk) > cut:
                        self.wfile.write(chunk[: cut - sent])
                        self.wfile.flush()
                        self.connection.shutdown(2)
                        return
                    self.wfile.write(chunk)
                    sent += len(chunk)

    return Handler


def install(binary, url, sha):
    home = tempfile.mkdtemp(prefix="ozen-bench-install-")
    os.makedirs(os.path.join(home, "models"))
    env = dict(os.environ, OZEN_HOME=home, LC_ALL="C.UTF-8")
    began = time.monotonic()
    run = subprocess.run([binary, "models", "install", url, "--name", "bench-base", "--sha256", sha],
                         env=env, capture_output=True, text=True)
    seconds = time.monotonic() - began
    if run.returncode != 0:
        raise SystemExit(f"install failed: {run.stderr}")
    shutil.rmtree(home)
    return seconds


def baseline(path):
    folder = tempfile.mkdtemp(prefix="ozen-bench-copy-")
    began = time.monotonic()
    shutil.copyfile(path, os.path.join(folder, "model.bin"))
    subprocess.run(["sha256sum", os.path.join(folder, "model.bin")], check=True, capture_output=True)
    seconds = time.monotonic() - began
    shutil.rmtree(folder)
    return seconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--binary", default=os.path.join(REPO, ".build/release/ozen"))
    args = parser.parse_args()
    home = os.environ.get("OZEN_HOME", os.path.expanduser("~/.local/share/ozen"))
    path = os.path.join(home, "models/base/model.bin")
    with open(os.path.join(home, "models/base/manifest.json")) as f:
        sha = json.load(f)["sha256"]
    server = Server(("127.0.0.1", 0), handler(path))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/ggml-base.bin"
    size = os.path.getsize(path)
    whole, cut, copy = [], [], []
    for _ in range(args.rounds):
        copy.append(baseline(path))
        whole.append(install(args.binary, url, sha))
        server.cut_next_at = size // 2
        cut.append(install(args.binary, url, sha))
    median = statistics.median
    print(f"Whisper base, {size / 1e6:.0f} MB over 127.0.0.1, {args.rounds} rounds (medians)")
    print(f"  baseline: copy + sha256sum          {median(copy):6.2f} s")
    print(f"  ozen models install                 {median(whole):6.2f} s  (×{median(whole) / median(copy):.1f} the baseline: download, ggml walk, sha256, a real load, manifest)")
    print(f"  the same, cut once halfway          {median(cut):6.2f} s  (+{median(cut) - median(whole):.2f} s: the 1 s retry pause and the second request)")
    server.shutdown()


if __name__ == "__main__":
    main()
