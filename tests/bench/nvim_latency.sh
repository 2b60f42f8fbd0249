#!/bin/sh
# Keystroke to diagnostics in Neovim (nvim_latency.lua): headless, with
# editors/nvim's defaults, on a copy of examples/validate.py. Exits 77
# (skipped) where nvim is not installed; GG_NVIM names another Neovim (one
# that tests/editors/nvim/debian_nvim.sh unpacked).
# Usage: nvim_latency.sh GRADGUARD
set -eu
nvim=${GG_NVIM:-nvim}
case $nvim in
*/*) [ -e "$nvim" ] && nvim=$(cd "$(dirname "$nvim")" && pwd)/$(basename "$nvim") ;;
esac
if ! command -v "$nvim" >/dev/null 2>&1; then
	echo "SKIP: $nvim not found"
	exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
cp "$repo/examples/validate.py" "$tmp/validate.py"
cd "$tmp"
HOME="$tmp" XDG_CONFIG_HOME="$tmp/.config" XDG_DATA_HOME="$tmp/.local/share" \
	XDG_STATE_HOME="$tmp/.local/state" XDG_CACHE_HOME="$tmp/.cache" \
	GG_BIN="$bin" GG_FILE="$tmp/validate.py" \
	timeout 300 "$nvim" --headless -u NONE -i NONE -n \
	--cmd "set runtimepath^=$repo/editors/nvim" \
	-c "filetype plugin on" -c "luafile $here/nvim_latency.lua" </dev/null
