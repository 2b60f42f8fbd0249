#!/bin/sh
# Unpacks the neovim package of Debian suite SUITE (trixie, sid...) and the
# packages it needs, its own libc included, into DEST without installing
# anything: apt-get with a private state under DEST (sources, lists, cache)
# downloads them, dpkg-deb -x unpacks them, and the suite's own patchelf
# (run through the unpacked loader) points the unpacked nvim at that loader
# and those libraries, so that DEST/nvim runs it as itself: its TUI starts
# its server as `nvim --embed` from its own executable, and it finds its
# bundled parsers (markdown for hovers) beside that executable, in
# usr/lib/nvim. The machine's packages are untouched.
# The editors suite runs its Neovim test on each (tests/editors/meson.build).
# Usage: debian_nvim.sh SUITE DEST
set -eu
if [ $# -ne 2 ]; then
	echo "usage: $0 SUITE DEST" >&2
	exit 2
fi
suite=$1
mkdir -p "$2"
dest=$(cd "$2" && pwd)
state="$dest/apt"
rm -rf "$dest/root" "$dest/nvim" "$dest/nvim.new" "$dest/version" "$state"
mkdir -p "$state/lists/partial" "$state/cache/archives/partial" "$state/debs" "$dest/root"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $suite main" \
	>"$state/sources.list"
set -- -o Dir::Etc::SourceList="$state/sources.list" -o Dir::Etc::SourceParts=/nonexistent \
	-o Dir::State::Lists="$state/lists" -o Dir::Cache="$state/cache" -o Dir::State::status=/dev/null \
	-o APT::Sandbox::User=root
apt-get "$@" -qq update
# Everything neovim depends on, as if nothing were installed: the closure is
# a dozen small libraries (libc6, libluajit, libuv, lpeg, luv...).
pkgs=$(apt-cache "$@" depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
	--no-replaces --no-enhances neovim patchelf | grep -v '^ ' | sort -u)
(cd "$state/debs" && apt-get "$@" -qq download $pkgs)
for deb in "$state/debs"/*.deb; do
	dpkg-deb -x "$deb" "$dest/root"
done
rm -rf "$state"
lib="$dest/root/usr/lib/x86_64-linux-gnu"
case $(uname -m) in
x86_64) loader="$lib/ld-linux-x86-64.so.2" ;;
*) echo "debian_nvim.sh: only x86_64 is set up" >&2; exit 1 ;;
esac
# DT_RPATH (--force-rpath), not RUNPATH: it also serves the libraries' own
# dependencies (libluajit's libc), which must be the suite's too.
"$loader" --library-path "$lib" "$dest/root/usr/bin/patchelf" --set-interpreter "$loader" \
	--force-rpath --set-rpath "$lib" "$dest/root/usr/bin/nvim"
# The wrapper is put in place only once it runs: a broken unpack leaves the
# test skipped, not failing.
cat >"$dest/nvim.new" <<EOS
#!/bin/sh
# Debian $suite's neovim, unpacked by tests/editors/nvim/debian_nvim.sh.
VIMRUNTIME="$dest/root/usr/share/nvim/runtime" exec "$dest/root/usr/bin/nvim" "\$@"
EOS
chmod +x "$dest/nvim.new"
"$dest/nvim.new" --version >"$dest/version"
mv "$dest/nvim.new" "$dest/nvim"
head -n 1 "$dest/version"
