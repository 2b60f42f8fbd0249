#!/bin/sh
# Builds editors/vscode into a .vsix with @vscode/vsce (pinned in
# package-lock.json; 3.9.2 is the last release that runs on Node 20).
#   package.sh [OUT.vsix] [GRADGUARD_BINARY]
# OUT defaults to gradguard-<version>.vsix here; relative paths are taken
# from the folder this is run in. The version is meson.build's (the one
# place it is written); package.json's is a placeholder never shipped.
# With GRADGUARD_BINARY the program is bundled in bin/, with the
# libcjson.so.1 and libcjson.copyright beside it where it has them (the
# self-contained build/dist/gradguard does, see docs/install.md), and the
# package is platform-specific (linux-x64 on x86_64 Linux), the way ruff's
# extension ships its binary. `meson compile -C build vsix` bundles
# build/dist/gradguard.
# Needs only the npm registry: npm ci with --ignore-scripts, since no
# dependency needs an install script and vsce's optional keytar would try
# to download a prebuilt binary.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
absolute() { case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s/%s\n' "$(pwd)" "$1" ;; esac; }

version=$(meson introspect --projectinfo "$root/meson.build" | node -e \
	'let s = ""; process.stdin.on("data", d => s += d).on("end", () => console.log(JSON.parse(s).version))')
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
if [ ! -x node_modules/.bin/vsce ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
	npm ci --ignore-scripts --no-audit --no-fund
fi

# bin/ and LICENSE are here only for the time of one packaging.
trap 'rm -rf "$here/bin" "$here/LICENSE"' EXIT
rm -rf bin
cp "$root/LICENSE" LICENSE
if [ -n "$binary" ]; then
	mkdir bin
	cp "$binary" bin/gradguard
	chmod 755 bin/gradguard
	for f in libcjson.so.1 libcjson.copyright; do
		if [ -f "$(dirname "$binary")/$f" ]; then cp "$(dirname "$binary")/$f" "bin/$f"; fi
	done
fi
# vsce asks before packaging without a repository: answer here.
node_modules/.bin/vsce package "$version" --no-update-package-json --allow-missing-repository \
	${target:+--target "$target"} --out "$out"
