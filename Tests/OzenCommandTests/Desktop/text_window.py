#!/usr/bin/python3
"""A real GTK3 text window for the dictation tests: it takes the focus and writes everything in
its text box to OUT each time it changes, so a test can read what arrived at the cursor.

    text_window.py OUT TITLE
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

out, title = sys.argv[1], sys.argv[2]
window = Gtk.Window(title=title)
window.set_default_size(600, 300)
view = Gtk.TextView()
window.add(view)
buffer = view.get_buffer()


def changed(_):
    start, end = buffer.get_bounds()
    with open(out + ".tmp", "w", encoding="utf-8") as f:
        f.write(buffer.get_text(start, end, True))
    import os
    os.replace(out + ".tmp", out)


buffer.connect("changed", changed)
window.connect("destroy", Gtk.main_quit)
window.show_all()


def focus():
    window.present()
    view.grab_focus()
    with open(out + ".ready", "w") as f:
        f.write("ready")
    return False


GLib.timeout_add(300, focus)
Gtk.main()
