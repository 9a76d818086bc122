#!/bin/sh
# Builds another commit's programs for the benchmarks that compare with it
# (compare.sh, timeguard.sh) and prints the directory they are in.
#
#	tests/bench/build-ref.sh COMMIT TARGET...
#
# COMMIT is exported with git archive into $TMPDIR/carcpbem-bench-COMMIT
# (the short hash) and configured with a plain ./configure, as a user
# builds it; then make builds the TARGETs (e.g. carcpbem,
# tests/bench/bench-playout). The directory is kept for the next run: a
# target already built is not built again, a new one is added with make.
# The build's output goes to the directory's name with .log after it.
set -eu

commit=${1:?usage: build-ref.sh COMMIT TARGET...}
shift
top=$(cd "$(dirname "$0")/../.." && pwd)
short=$(git -C "$top" rev-parse --short "$commit^{commit}" 2>/dev/null) || {
	echo "build-ref.sh: unknown commit $commit (give a hash, tag or branch of $top)" >&2
	exit 1
}
dir=${TMPDIR:-/tmp}/carcpbem-bench-$short

missing=
for t in "$@"; do
	[ -x "$dir/$t" ] || missing="$missing $t"
done
if [ -z "$missing" ]; then
	echo "$dir"
	exit 0
fi

if [ ! -f "$dir/Makefile" ]; then
	echo "# building $short in $dir (plain ./configure) ..." >&2
	rm -rf "$dir"
	mkdir -p "$dir"
	git -C "$top" archive "$short" | tar -x -C "$dir"
	(cd "$dir" && autoreconf -fi && ./configure -q) >"$dir.log" 2>&1 || {
		echo "build-ref.sh: configuring $short failed: see $dir.log" >&2
		rm -rf "$dir"
		exit 1
	}
else
	echo "# adding$missing to $dir ..." >&2
fi
# shellcheck disable=SC2086 # the targets are words
(cd "$dir" && make -j"$(nproc 2>/dev/null || echo 2)" $missing) >>"$dir.log" 2>&1 || {
	echo "build-ref.sh: building$missing of $short failed: see $dir.log" >&2
	exit 1
}
echo "$dir"
