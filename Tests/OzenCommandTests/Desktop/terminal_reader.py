#!/usr/bin/python3
"""Runs inside a real xterm for the dictation tests: the terminal is put in raw mode and every
byte it receives (typed or pasted) is appended to OUT at once, control characters included, so
a test sees a ^V that should not be there.

    terminal_reader.py OUT
"""
import os
import sys
import tty

out = sys.argv[1]
tty.setraw(0)
with open(out + ".ready", "w") as f:
    f.write("ready")
with open(out, "ab", buffering=0) as f:
    while True:
        data = os.read(0, 4096)
        if not data:
            break
        f.write(data)
