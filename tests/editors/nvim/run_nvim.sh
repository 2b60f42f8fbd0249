#!/bin/sh
# The Neovim plugin end to end: Debian's Neovim, headless, with
# editors/nvim on the runtimepath and the real server (e2e.lua says what is
# checked); then its TUI in a pseudo-terminal (tui_check.py). Exits 77 (meson: skipped) where nvim is not installed.
# GG_NVIM names another Neovim to run (one that debian_nvim.sh unpacked).
# Usage: run_nvim.sh GRADGUARD
set -eu

if [ $# -ne 1 ]; then
	echo "usage: $0 GRADGUARD" >&2
	exit 2
fi
nvim=${GG_NVIM:-nvim}
case $nvim in
*/*) [ -e "$nvim" ] && nvim=$(cd "$(dirname "$nvim")" && pwd)/$(basename "$nvim") ;;
esac
if ! command -v "$nvim" >/dev/null 2>&1; then
	if [ -n "${GG_NVIM:-}" ]; then
		echo "SKIP: $nvim not found (tests/editors/nvim/debian_nvim.sh unpacks it; .ci/run does)"
	else
		echo "SKIP: nvim not found (apt-get install neovim)"
	fi
	exit 77
fi

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# One project folder: the example with a GG001 finding, the workspace file
# the traceback's frames resolve to, and the traceback as a log.
cp "$repo/examples/validate.py" "$tmp/validate.py"
cp "$repo/tests/tracebacks/workspace/train.py" "$tmp/train.py"
cp "$repo/tests/tracebacks/cases/py311_eval_no_grad_cuda.log" "$tmp/eval_oom.log"

"$nvim" --version | head -n 1
# XDG_* keep the user's state, shada and logs out; the timeout is the last
# guard should Neovim hang where e2e.lua's own waits cannot fire.
cd "$tmp"
HOME="$tmp" XDG_CONFIG_HOME="$tmp/.config" XDG_DATA_HOME="$tmp/.local/share" \
	XDG_STATE_HOME="$tmp/.local/state" XDG_CACHE_HOME="$tmp/.cache" \
	GG_BIN="$bin" GG_REPO="$repo" GG_TMP="$tmp" \
	timeout 120 "$nvim" --headless -u NONE -i NONE -n \
	--cmd "set runtimepath^=$repo/editors/nvim" \
	-c "luafile $here/e2e.lua" </dev/null
# The TUI: its server starts and it draws the file (not headless).
HOME="$tmp" XDG_CONFIG_HOME="$tmp/.config" XDG_DATA_HOME="$tmp/.local/share" \
	XDG_STATE_HOME="$tmp/.local/state" XDG_CACHE_HOME="$tmp/.cache" \
	timeout 60 python3 "$here/tui_check.py" "$nvim" "$tmp/validate.py"
