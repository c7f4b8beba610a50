#!/usr/bin/env bash
# Installs Ozen like a program under a prefix (~/.local unless --prefix says otherwise), from
# an `ozen` already built, or removes exactly what an earlier install put there. `make install`
# builds and calls this, `make uninstall` calls it with --uninstall, and the install tests call
# it on the tests' own build, so the same script is what they check.
#
# What goes where (Sources/OzenKit/Install/InstallLayout.swift says the same):
#   PREFIX/bin/ozen                         a link to ../lib/ozen/ozen
#   PREFIX/lib/ozen/ozen                    the program and its resources (*.resources),
#   PREFIX/lib/ozen/ozen-window             the caption window over a call (built beside ozen)
#   PREFIX/lib/ozen/lib*.so*                with the shared libraries both load from outside
#                                           /lib and /usr/lib (ldd): the speech engines from
#                                           /usr/local/lib and the Swift runtime; each file's
#                                           RUNPATH is set to $ORIGIN (patchelf), so the
#                                           program loads these copies and nothing else's
#   PREFIX/share/ozen/web/                  the display page (Web/)
#   PREFIX/share/applications/ozen.desktop  the "Ozen captions" launcher
#   PREFIX/share/applications/ozen-calls.desktop  "Ozen: captions for calls" (what the computer plays)
#   PREFIX/share/ozen/installed-files       every file, link and folder put there, for --uninstall
# The Debian libraries it loads (CivetWeb, PortAudio, eSpeak NG, …) stay where apt put them.
# Models are not installed: they stay in the user's OZEN_HOME (~/.local/share/ozen).
#
# Installing again first removes what the last install listed, so both directions are safe to
# repeat and leave no stale file behind.
#
# Usage: scripts/install.sh --binary PATH [--prefix DIR]
#        scripts/install.sh --uninstall [--prefix DIR]
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
say()  { printf 'install: %s\n' "$*"; }
fail() { printf 'install: error: %s\n' "$*" >&2; exit 1; }

binary="" prefix="$HOME/.local" mode=install
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) [ $# -ge 2 ] || fail "--binary needs the path of a built ozen"; binary="$2"; shift 2;;
    --prefix) [ $# -ge 2 ] || fail "--prefix needs a folder"; prefix="$2"; shift 2;;
    --uninstall) mode=uninstall; shift;;
    *) fail "unknown option $1 (use --binary PATH, --prefix DIR or --uninstall)";;
  esac
done
[ -n "$prefix" ] || fail "--prefix is empty: give a folder, e.g. --prefix ~/.local"
case "$prefix" in /*) ;; *) prefix="$(pwd)/$prefix";; esac
prefix="${prefix%/}"; [ -n "$prefix" ] || prefix=/
case "$prefix" in *[\"\\\$\`%]*) fail "the prefix $prefix holds a quote, backslash, \$, \` or %; pick a plainer folder";; esac

BIN="$prefix/bin"; LIB="$prefix/lib/ozen"; SHARE="$prefix/share/ozen"
WEB="$SHARE/web"; LAUNCHER="$prefix/share/applications/ozen.desktop"; MANIFEST="$SHARE/installed-files"
CALLS_LAUNCHER="$prefix/share/applications/ozen-calls.desktop"

# ---------------------------------------------------------------- uninstall
# Removes the files and links the manifest lists, then the folders it lists that are empty
# (deepest first); a folder that holds something else (the models in ~/.local/share/ozen) stays.
uninstall() {
  if [ ! -f "$MANIFEST" ]; then say "nothing installed under $prefix (no $MANIFEST)"; return; fi
  local entry folders=()
  while IFS= read -r entry; do
    case "$entry" in
      */) folders+=("${entry%/}");;
      "") ;;
      *) rm -f -- "$entry";;
    esac
  done < "$MANIFEST"
  rm -f -- "$MANIFEST"
  local i
  for (( i=${#folders[@]}-1; i>=0; i-- )); do rmdir -- "${folders[$i]}" 2>/dev/null || true; done
  say "removed Ozen from $prefix (models in OZEN_HOME are kept)"
}

if [ "$mode" = uninstall ]; then uninstall; exit 0; fi

# ---------------------------------------------------------------- install
[ -n "$binary" ] || fail "--binary is missing: give the built ozen (make install builds .build/release/ozen)"
[ -x "$binary" ] || fail "$binary is not a built ozen: run 'make build' first"
[ -x "$(dirname "$binary")/ozen-window" ] || fail "$(dirname "$binary")/ozen-window is missing: 'make build' builds it beside ozen"
command -v patchelf >/dev/null || fail "patchelf is not installed: run 'make setup' (or apt-get install patchelf)"
command -v ldd >/dev/null || fail "ldd is not installed: apt-get install libc-bin"
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
built="$(dirname "$binary")"

# A file we would overwrite that no Ozen install listed is someone else's: refuse.
for path in "$BIN/ozen" "$LAUNCHER"; do
  if [ -e "$path" ] || [ -L "$path" ]; then
    grep -qxF -- "$path" "$MANIFEST" 2>/dev/null || fail "$path exists and is not from an Ozen install; move it away first"
  fi
done
uninstall >/dev/null

listed=()
made_folder() { # made_folder DIR: creates DIR and its missing parents, listing each one created
  local dir="$1" missing=()
  while [ ! -d "$dir" ]; do missing=("$dir" "${missing[@]}"); dir="$(dirname "$dir")"; done
  local d
  for d in "${missing[@]}"; do mkdir -- "$d"; listed+=("$d/"); done
}
put() { # put MODE SOURCE DEST
  made_folder "$(dirname "$3")"
  install -m "$1" -- "$2" "$3"; listed+=("$3")
}

# The program and its resources (SwiftPM looks for *.resources beside the program).
put 0755 "$binary" "$LIB/ozen"
put 0755 "$built/ozen-window" "$LIB/ozen-window"
for resources in "$built"/*.resources; do
  [ -d "$resources" ] || continue
  while IFS= read -r file; do
    put 0644 "$file" "$LIB/${file#"$built"/}"
  done < <(find "$resources" -type f | sort)
done

# The shared libraries from outside the system's folders, as ldd finds them for the builds.
copied=0
for program in "$binary" "$built/ozen-window"; do
  while read -r name arrow path _; do
    [ "$arrow" = "=>" ] || continue
    [ "$path" = "not" ] && fail "$program needs $name, which is not found: run 'make setup'"
    case "$path" in /lib/*|/lib64/*|/usr/lib/*|/usr/lib64/*) continue;; esac
    [ -e "$LIB/$name" ] && continue
    put 0644 "$path" "$LIB/$name"
    patchelf --set-rpath '$ORIGIN' "$LIB/$name"
    copied=$((copied + 1))
  done < <(ldd "$program")
done
patchelf --set-rpath '$ORIGIN' "$LIB/ozen"
patchelf --set-rpath '$ORIGIN' "$LIB/ozen-window"

made_folder "$BIN"
ln -s ../lib/ozen/ozen "$BIN/ozen"; listed+=("$BIN/ozen")

# The display page.
while IFS= read -r file; do
  put 0644 "$file" "$WEB/${file#"$REPO/Web/"}"
done < <(find "$REPO/Web" -type f | sort)

# The launcher: the page in a window, captioning the default microphone.
made_folder "$(dirname "$LAUNCHER")"
cat > "$LAUNCHER" <<EOF
[Desktop Entry]
Type=Application
Name=Ozen captions
GenericName=Live captions
Comment=Live captions of the conversation around you, from this computer's microphone
Exec="$BIN/ozen" serve --device default --open
Icon=audio-input-microphone
Terminal=false
Categories=Utility;Accessibility;
Keywords=captions;subtitles;hearing;deaf;
EOF
chmod 0644 "$LAUNCHER"; listed+=("$LAUNCHER")
# The second launcher: captions of what the computer plays (a video call, a video) through the
# desktop's sound server instead of the microphone, in the caption window kept above the call.
cat > "$CALLS_LAUNCHER" <<EOF
[Desktop Entry]
Type=Application
Name=Ozen: captions for calls
GenericName=Live captions
Comment=Live captions of a call or a video playing on this computer
Exec="$BIN/ozen" serve --device computer --window
Icon=audio-speakers
Terminal=false
Categories=Utility;Accessibility;
Keywords=captions;subtitles;hearing;deaf;call;video;
EOF
chmod 0644 "$CALLS_LAUNCHER"; listed+=("$CALLS_LAUNCHER")
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$LAUNCHER" || fail "desktop-file-validate refused $LAUNCHER (above)"
  desktop-file-validate "$CALLS_LAUNCHER" || fail "desktop-file-validate refused $CALLS_LAUNCHER (above)"
fi

made_folder "$SHARE"
listed+=("$MANIFEST")
printf '%s\n' "${listed[@]}" > "$MANIFEST"

say "installed ozen into $prefix: $BIN/ozen, the page in $WEB, $copied libraries in $LIB, the launchers $LAUNCHER and $CALLS_LAUNCHER"
say "models stay in OZEN_HOME (${OZEN_HOME:-$HOME/.local/share/ozen}); 'make uninstall PREFIX=$prefix' removes this install"
case ":$PATH:" in *":$BIN:"*) ;; *) say "note: $BIN is not on your PATH; add it to run 'ozen' by name";; esac
