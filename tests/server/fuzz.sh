#!/bin/sh
# Builds a fuzz target of this folder with clang's libFuzzer (Debian's clang,
# with ASan and UBSan) and runs it for SECONDS, seeded with its case folder.
# New inputs go to a scratch corpus under the build folder, never into the
# case folder; a crash is written there as crash-* (add it to the case folder:
# see docs/fuzzing.md).
#
#   tests/server/fuzz.sh config|glob [SECONDS] [BUILD_DIR]
set -eu
target=${1:?usage: fuzz.sh config|glob [SECONDS] [BUILD_DIR]}
seconds=${2:-60}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${3:-$root/build}" && pwd)
command -v clang >/dev/null 2>&1 || { echo "fuzz.sh: clang is not installed (apt-get install clang)" >&2; exit 77; }
out="$build/fuzz-$target"
mkdir -p "$out/corpus"
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -DGG_LIBFUZZER -D_GNU_SOURCE -std=gnu11"
inc="-I$root/server -I$root/server/analysis -I$here"
case $target in
config)
	toml="$root/.deps/tree-sitter-toml/src"
	clang -w -O1 -g -c "$toml/parser.c" -o "$out/toml_parser.o" -I"$toml"
	clang -w -O1 -g -c "$toml/scanner.c" -o "$out/toml_scanner.o" -I"$toml"
	# shellcheck disable=SC2086
	clang $flags $inc -o "$out/fuzz-config" "$here/fuzz_config.c" \
		"$root/server/pyproject.c" "$root/server/config_load.c" "$root/server/config_settings.c" \
		"$root/server/glob_match.c" "$root/server/analysis/config.c" "$root/server/analysis/findings.c" \
		"$out/toml_parser.o" "$out/toml_scanner.o" -ltree-sitter -lcjson
	;;
glob)
	# shellcheck disable=SC2086
	clang $flags $inc -o "$out/fuzz-glob" "$here/fuzz_glob.c" "$root/server/glob_match.c"
	;;
*)
	echo "fuzz.sh: no target $target (config, glob)" >&2
	exit 2
	;;
esac
cd "$out"
exec "./fuzz-$target" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 corpus "$here/fuzz_$target"
