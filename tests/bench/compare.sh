#!/bin/sh
# The base playout of this build against another commit's, side by side in
# one run: callgrind instructions per game (the same on every machine) and
# games/s (the two programs alternate, so the machine's load hits both).
#
#	tests/bench/compare.sh BENCH-PROGRAM [COMMIT]
#
# BENCH-PROGRAM: this build's tests/bench/bench-playout. COMMIT (or
# $COMPARE_BASE): the other engine; by default the commit before HEAD, or
# HEAD itself when src/ has changes not committed yet. The other commit is
# built by build-ref.sh (git archive, a plain ./configure, kept under
# $TMPDIR for the next run, by commit). Its time against a fixed
# reference is timeguard.sh's guard; this one guards instructions.
# Environment: CALLGRIND_GAMES (default 200) games counted by callgrind,
# COMPARE_GAMES (default 5000) games per timed run, COMPARE_RUNS (3) timed
# runs of each, the fastest counting, COMPARE_LIMIT (2) the percent more
# instructions per game allowed: above it the script fails.
set -eu

bench=${1:?usage: compare.sh BENCH-PROGRAM [COMMIT]}
top=$(cd "$(dirname "$0")/../.." && pwd)
games=${CALLGRIND_GAMES:-200}
tgames=${COMPARE_GAMES:-5000}
runs=${COMPARE_RUNS:-3}
limit=${COMPARE_LIMIT:-2}

if ! git -C "$top" rev-parse --verify -q HEAD >/dev/null; then
	echo "compare.sh: $top is not a git checkout: nothing to compare with (skipped)"
	exit 0
fi
dirty=
git -C "$top" diff --quiet HEAD -- src || dirty=+
if [ $# -ge 2 ]; then
	other=$2
elif [ -n "${COMPARE_BASE:-}" ]; then
	other=$COMPARE_BASE
elif [ -n "$dirty" ]; then
	other=HEAD
else
	other=HEAD~1
fi
here=$(git -C "$top" rev-parse --short HEAD)$dirty
other=$(git -C "$top" rev-parse --short "$other^{commit}") || {
	echo "compare.sh: unknown commit $other" >&2
	exit 1
}

# The other commit's benchmark, built once per commit.
dir=$(sh "$top/tests/bench/build-ref.sh" "$other" tests/bench/bench-playout) || exit 1
obench=$dir/tests/bench/bench-playout

out=$(mktemp)
trap 'rm -f "$out" "$out".*' EXIT

# games/s of the base playout: the best of $runs runs, alternating.
best_here=0
best_other=0
i=0
while [ "$i" -lt "$runs" ]; do
	for which in here other; do
		prog=$bench
		[ "$which" = other ] && prog=$obench
		"$prog" -c base -n "$tgames" -k 1 -b 0 >"$out.$which"
		gps=$(sed -n 's/^base.games_per_s: //p' "$out.$which")
		if [ "$which" = here ]; then
			best_here=$(awk -v a="$best_here" -v b="$gps" 'BEGIN { print (b > a ? b : a) }')
		else
			best_other=$(awk -v a="$best_other" -v b="$gps" 'BEGIN { print (b > a ? b : a) }')
		fi
	done
	i=$((i + 1))
done
sum_here=$(sed -n 's/^base.checksum: //p' "$out.here")
sum_other=$(sed -n 's/^base.checksum: //p' "$out.other")

# Instructions per game inside run_games, or n/a.
instructions() {
	if ! command -v valgrind >/dev/null 2>&1; then
		echo "n/a"
		return
	fi
	valgrind --tool=callgrind --callgrind-out-file="$out.cg" \
		--toggle-collect=run_games "$1" -c base -n "$games" -k 1 -b 0 \
		>/dev/null 2>&1 || { echo "n/a"; return; }
	awk -v n="$games" '/^(summary|totals):/ { t = $2 }
		END { if (t) printf "%.0f\n", t / n; else print "n/a" }' "$out.cg"
}
ins_here=$(instructions "$bench")
ins_other=$(instructions "$obench")
if ! command -v valgrind >/dev/null 2>&1; then
	echo "# valgrind not found: instructions per game skipped"
fi

change() {
	case "$1$2" in
	*n/a*) echo "-" ;;
	*) awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.2f %%\n", (a - b) * 100 / b }' ;;
	esac
}

echo "| base playout | commit | games/s | instructions/game | checksum |"
echo "|---|---|---:|---:|---:|"
echo "| this build | $here | $best_here | $ins_here | $sum_here |"
echo "| other | $other | $best_other | $ins_other | $sum_other |"
echo "| change | | $(change "$best_here" "$best_other") | $(change "$ins_here" "$ins_other") | |"
echo "compare.games_per_s: $best_here $best_other"
echo "compare.instructions_per_game: $ins_here $ins_other"
if [ "$sum_here" != "$sum_other" ]; then
	echo "# the checksums differ: the two engines play other games (a rules change?)"
fi
case "$ins_here$ins_other" in
*n/a*) exit 0 ;;
esac
if awk -v a="$ins_here" -v b="$ins_other" -v l="$limit" 'BEGIN { exit !(a > b * (1 + l / 100)) }'; then
	echo "compare.sh: $(change "$ins_here" "$ins_other") instructions per game against $other: more than +$limit %" >&2
	exit 1
fi
