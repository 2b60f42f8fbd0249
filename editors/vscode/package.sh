#!/bin/sh
# Builds editors/vscode into a .vsix: `npm ci` installs the extension's
# dependencies (vscode-languageclient and what it needs, and esbuild, pinned
# in package-lock.json), esbuild bundles src/ and them into one file, and
# vsix.py zips the package with Python's zipfile. No packager runs on
# Node.js (@vscode/vsce 3.x needs Node 20), so any Node.js that npm and
# esbuild run on will do: Debian 12's 18.20.4 and npm 9.2.0 do.
#   package.sh [OUT.vsix] [GRADGUARD_BINARY]
# OUT defaults to gradguard-<version>.vsix here; relative paths are taken
# from the folder this is run in. The version is meson.build's (the one
# place it is written); package.json's is a placeholder never shipped.
# With GRADGUARD_BINARY the program is bundled in bin/, stripped, with the
# libcjson.so.1 and libcjson.copyright beside it where it has them (the
# self-contained build/dist/gradguard does, see docs/install.md), and the
# package is platform-specific (linux-x64 on x86_64 Linux), the way ruff's
# extension ships its binary. `meson compile -C build vsix` bundles
# build/dist/gradguard.
# Needs npm, python3, meson, binutils' strip and the npm registry (once, for
# npm ci, with --ignore-scripts: no dependency needs an install script;
# esbuild's JS finds its binary in the @esbuild/<platform> package).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
absolute() { case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s/%s\n' "$(pwd)" "$1" ;; esac; }

version=$(meson introspect --projectinfo "$root/meson.build" |
	python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
out=$(absolute "${1:-$here/gradguard-$version.vsix}")
binary=${2:-}
target=
if [ -n "$binary" ]; then
	binary=$(absolute "$binary")
	[ -x "$binary" ] || { echo "package.sh: $binary is not an executable file" >&2; exit 1; }
	case $(uname -s)-$(uname -m) in
	Linux-x86_64) target=linux-x64 ;;
	Linux-aarch64) target=linux-arm64 ;;
	*) echo "package.sh: no VS Code target known for $(uname -s)-$(uname -m)" >&2; exit 1 ;;
	esac
fi

cd "$here"
# npm ci again when package-lock.json changed since the last one (npm
# writes node_modules/.package-lock.json); vsix.py checks the versions too.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
	npm ci --ignore-scripts --no-audit --no-fund
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One file: VS Code loads one script instead of ~190 (node_modules' own
# files), and the package carries nothing a run does not read.
node_modules/.bin/esbuild src/extension.js --bundle --platform=node --format=cjs \
	--target=node18 --external:vscode --log-level=warning --outfile="$work/extension.js"
python3 "$here/vsix.py" --version "$version" --license "$root/LICENSE" --bundle "$work/extension.js" \
	${target:+--target "$target" --binary "$binary"} "$out"
