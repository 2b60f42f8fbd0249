#!/bin/sh
# Installs what tests/editors/vscode/e2e.js needs, each part only when it is
# missing: Debian's chromium, libkrb5-dev (code-server's kerberos module is
# built from source) and ripgrep; the extension's npm packages; code-server
# 4.100.3 and playwright-core from this folder's package-lock.json.
# Needs Debian's packages and the npm registry, nothing else: the downloads
# that code-server's install would make from GitHub are answered locally.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)

SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
missing=
for pkg in chromium libkrb5-dev ripgrep; do
	dpkg-query -W -f='${Status}\n' "$pkg" 2>/dev/null | grep -q 'ok installed' || missing="$missing $pkg"
done
if [ -n "$missing" ]; then
	$SUDO apt-get update -qq
	$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
fi

# The extension's dependencies (vscode-languageclient, and esbuild, which package.sh bundles them with).
if [ ! -d "$root/editors/vscode/node_modules/vscode-languageclient" ]; then
	(cd "$root/editors/vscode" && npm ci --ignore-scripts --no-audit --no-fund)
fi

# e2e.js checks the same marker: a native module that code-server's
# postinstall builds; an interrupted install lacks it.
if [ -f "$here/node_modules/code-server/lib/vscode/node_modules/@vscode/spdlog/build/Release/spdlog.node" ] \
	&& [ -d "$here/node_modules/playwright-core" ]; then
	exit 0
fi

# @vscode/ripgrep (a dependency of VS Code, pinned at 1.15.11 by code-server
# 4.100.3's shrinkwrap) downloads rg v13.0.0-10 from GitHub in its
# postinstall, unless that release's archive is already in its cache:
# put Debian's rg there under the archive's name.
case $(uname -m) in
x86_64) target=x86_64-unknown-linux-musl ;;
aarch64) target=aarch64-unknown-linux-musl ;;
*) echo "install.sh: no ripgrep archive name known for $(uname -m)" >&2; exit 1 ;;
esac
cache="${TMPDIR:-/tmp}/vscode-ripgrep-cache-1.15.11"
archive="$cache/ripgrep-v13.0.0-10-$target.tar.gz"
if [ ! -f "$archive" ]; then
	mkdir -p "$cache"
	staging=$(mktemp -d)
	cp /usr/bin/rg "$staging/rg"
	tar czf "$archive" -C "$staging" rg
	rm -rf "$staging"
fi

# code-server's postinstall refuses to run as root without unsafe_perm, then
# runs npm install in lib/vscode, whose native modules node-gyp builds
# against the local Node.js headers (nodedir) instead of downloading them.
nodedir=
[ -f /usr/include/node/node.h ] && nodedir=/usr
cd "$here"
env npm_config_unsafe_perm=true npm_config_yes=true ${nodedir:+npm_config_nodedir=$nodedir} \
	npm ci --no-audit --no-fund
