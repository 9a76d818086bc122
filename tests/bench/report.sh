#!/bin/sh
# Runs the playout benchmark (and callgrind, if installed) and prints the
# Markdown table rows of docs/PERFORMANCE.md for today's engine.
#
#	tests/bench/report.sh [BENCH-PROGRAM [ARGS...]]
#
# BENCH-PROGRAM defaults to tests/bench/bench-playout in the current
# directory (the build directory); build it first with make bench or
# make tests/bench/bench-playout. ARGS go to the timed run (e.g. -n 5000).
# CALLGRIND_GAMES (default 200) sets the games counted under callgrind.
set -eu

bench=${1:-./tests/bench/bench-playout}
[ $# -gt 0 ] && shift
if [ ! -x "$bench" ]; then
	echo "report.sh: $bench not found: run make tests/bench/bench-playout first" >&2
	exit 1
fi
games=${CALLGRIND_GAMES:-200}
out=$(mktemp)
trap 'rm -f "$out" "$out".cg' EXIT

"$bench" "$@" >"$out"

# key VALUE: the value of "key: value" in the timed run.
key() {
	sed -n "s/^$1: //p" "$out" | head -n 1
}

# Instructions executed per game inside run_games, counted by callgrind.
instructions() {
	if ! command -v valgrind >/dev/null 2>&1; then
		echo "n/a"
		return
	fi
	valgrind --tool=callgrind --callgrind-out-file="$out.cg" \
		--toggle-collect=run_games "$bench" -c "$1" -n "$games" -k 1 -b 0 \
		>/dev/null 2>&1 || { echo "n/a"; return; }
	awk -v n="$games" '/^(summary|totals):/ { t = $2 }
		END { if (t) printf "%.0f k\n", t / n / 1e3; else print "n/a" }' "$out.cg"
}

rss=$(key peak_rss_kb)
# The engine's commit, with "+" when src/ has changes not committed yet.
top=$(dirname "$0")/../..
commit=$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo "-")
if [ "$commit" != "-" ] && ! git -C "$top" diff --quiet HEAD -- src 2>/dev/null; then
	commit="$commit+"
fi
date=$(date +%Y-%m-%d)

echo "| date | commit | configuration | games/s | ns/turn | µs/game | legal listing, 70 tiles | instructions/game | peak RSS |"
echo "|---|---|---|---:|---:|---:|---:|---:|---:|"
for c in base options; do
	[ -n "$(key "$c.games")" ] || continue
	legal=$(key "$c.legal_ns")
	if [ -n "$legal" ]; then
		legal=$(awk -v ns="$legal" -v n="$(key "$c.legal_actions")" \
			'BEGIN { printf "%.2f µs (%.0f actions)", ns / 1000, n }')
	else
		legal="-"
	fi
	printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s MB |\n' "$date" "$commit" \
		"$(key "$c.config")" "$(key "$c.games_per_s")" "$(key "$c.ns_per_turn")" \
		"$(key "$c.us_per_game")" "$legal" "$(instructions "$c")" \
		"$(awk -v k="$rss" 'BEGIN { printf "%.1f", k / 1024 }')"
done
