#!/bin/sh
# editors/emacs/gradguard.el end to end in emacs --batch with eglot (built
# in from Emacs 29; Debian 12's Emacs 28 takes elpa-eglot). e2e.el says what
# is checked. Exits 77 (meson: skipped) where emacs or eglot is missing.
# Usage: run_emacs.sh GRADGUARD
set -eu

if [ $# -ne 1 ]; then
	echo "usage: $0 GRADGUARD" >&2
	exit 2
fi
if ! command -v emacs >/dev/null 2>&1; then
	echo "SKIP: emacs not found (apt-get install emacs-nox elpa-eglot)"
	exit 77
fi
if ! emacs --batch --eval "(progn (require 'package) (package-initialize) (require 'eglot))" >/dev/null 2>&1; then
	echo "SKIP: emacs has no eglot (Emacs 29+, or apt-get install elpa-eglot)"
	exit 77
fi

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

cp "$repo/examples/validate.py" "$tmp/validate.py"
cp "$repo/tests/tracebacks/workspace/train.py" "$tmp/train.py"
cp "$repo/tests/tracebacks/cases/py311_eval_no_grad_cuda.log" "$tmp/eval_oom.log"
# A checkout as ./bootstrap leaves one: editors/emacs/gradguard.el and
# build/gradguard. e2e.el evaluates the README's snippet as written, with
# /path/to/gradguard being this checkout (the program is on no PATH).
mkdir -p "$tmp/checkout/editors/emacs" "$tmp/checkout/build"
cp "$repo/editors/emacs/gradguard.el" "$tmp/checkout/editors/emacs/"
ln -s "$bin" "$tmp/checkout/build/gradguard"

emacs --version | head -n 1
cd "$tmp"
# HOME keeps the user's init, packages and eglot's history out.
HOME="$tmp" GG_BIN="$bin" GG_TMP="$tmp" GG_REPO="$repo" \
	timeout 120 emacs --batch -l "$here/e2e.el" </dev/null
