#!/bin/sh
# Builds editors/vscode into a .vsix with @vscode/vsce (pinned in
# package-lock.json; 3.9.2 is the last release that runs on Node 20).
#   package.sh [OUT.vsix] [GRADGUARD_BINARY]
# OUT defaults to gradguard-<version>.vsix here. With GRADGUARD_BINARY the
# program is bundled as bin/gradguard, which the extension uses when
# gradguard.path is unset and none is on PATH (it links libuv, libcjson and
# libtree-sitter dynamically: only for machines that have them).
# Needs only the npm registry: npm ci with --ignore-scripts, since no
# dependency needs an install script and vsce's optional keytar would try
# to download a prebuilt binary.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
version=$(node -p "require('$here/package.json').version")
out=${1:-$here/gradguard-$version.vsix}
binary=${2:-}
case $out in /*) ;; *) out=$(pwd)/$out ;; esac

cd "$here"
if [ ! -x node_modules/.bin/vsce ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
	npm ci --ignore-scripts --no-audit --no-fund
fi

rm -rf bin
if [ -n "$binary" ]; then
	mkdir bin
	cp "$binary" bin/gradguard
	chmod 755 bin/gradguard
fi
# vsce asks before packaging without a repository or a LICENSE: answer here.
status=0
node_modules/.bin/vsce package --allow-missing-repository --skip-license --out "$out" || status=$?
rm -rf bin
exit "$status"
