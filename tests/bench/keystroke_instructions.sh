#!/bin/sh
# Instructions per keystroke in the language server, which do not move with
# the machine's load as keystroke_latency.py's milliseconds do: the server
# runs under callgrind for 10 and then for 30 of that benchmark's edits, and
# the difference over 20 is what one keystroke costs (the start, the opening
# and the workspace index cancel out).
#
# usage: keystroke_instructions.sh GRADGUARD   (needs valgrind)
set -eu
command -v valgrind > /dev/null || { echo "valgrind not installed: skipped"; exit 77; }
exe=$(readlink -f "$1")
here=$(dirname "$(readlink -f "$0")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/server" <<EOF
#!/bin/sh
exec valgrind --tool=callgrind --callgrind-out-file="$work/out.\$GG_EDITS" "$exe" "\$@"
EOF
chmod +x "$work/server"
total() {
	callgrind_annotate "$work/out.$1" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}
for n in 10 30; do
	GG_EDITS=$n python3 "$here/keystroke_latency.py" --gradguard "$work/server" --edits "$n" > /dev/null
done
a=$(total 10)
b=$(total 30)
echo "instructions per keystroke: $(( (b - a) / 20 ))"
