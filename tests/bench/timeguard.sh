#!/bin/sh
# The time guard of make bench: this build's base playouts against a
# reference build's, timed side by side (docs/PERFORMANCE.md, "Reading the
# benchmarks"). Instruction counts cannot see a stall (a load waiting for
# a store it cannot forward from, a cache miss, a mispredicted branch):
# this guard times it.
#
#	tests/bench/timeguard.sh CARCPBEM [COMMIT]
#
# CARCPBEM: this build's program. COMMIT (or $BENCH_BASE, default 73911be,
# the release before the rule modules): the reference, built by
# build-ref.sh (git archive, plain ./configure, kept under $TMPDIR).
# Both play the same games, `carcpbem selfplay -n GAMES --seed SEED` (2
# players, 1st edition, farmers: the defaults of both), in REPS pairs of
# runs on one core pinned with taskset, the pair's order alternating so
# that a slow moment hits both sides alike. Each run's time is the one
# selfplay prints (the games alone, not the program's start). Printed: the
# ratio reference time / this time of each pair, its median and range,
# games/s of each side, callgrind instructions per game of each, and perf
# annotate's hottest instructions of game_legal_actions, board_place and
# ai_random_action (which counts and picks the placements since 7d01baf).
# Exit 1 when the median ratio says this build takes more than
# BENCH_TIME_LIMIT percent more time than the reference.
#
# Environment: BENCH_BASE (73911be), BENCH_REPS (15) pairs, BENCH_GAMES
# (20000) games a run, BENCH_SEED (bench), BENCH_TIME_LIMIT (10, percent),
# BENCH_CPU (the last core) the core to pin, BENCH_PERF (1; 0 skips perf),
# BENCH_PERF_SYMS (game_legal_actions board_place ai_random_action: the
# functions whose hottest instructions are shown),
# CALLGRIND_GAMES (200; 0 skips callgrind), BENCH_REF_PROG (a reference
# program to use instead of building COMMIT), BENCH_THIS_NAME (the name of
# this build in the report; default this checkout's commit, + when src/
# has changes not committed).
set -eu

usage() {
	echo "timeguard.sh: $*" >&2
	echo "usage: timeguard.sh CARCPBEM [COMMIT] (see the comment at its top)" >&2
	exit 2
}

# whole NAME VALUE: VALUE is a whole number from 1 up, or usage.
whole() {
	case "$2" in
	'' | *[!0-9]* | 0) usage "$1=$2: give a whole number from 1 up" ;;
	esac
}

prog=${1:-}
[ -n "$prog" ] || usage "no program given"
[ -x "$prog" ] || usage "$prog: not an executable program (build it first)"
top=$(cd "$(dirname "$0")/../.." && pwd)
base=${2:-${BENCH_BASE:-73911be}}
reps=${BENCH_REPS:-15}
games=${BENCH_GAMES:-20000}
seed=${BENCH_SEED:-bench}
limit=${BENCH_TIME_LIMIT:-10}
cgames=${CALLGRIND_GAMES:-200}
perf_on=${BENCH_PERF:-1}
syms=${BENCH_PERF_SYMS:-game_legal_actions board_place ai_random_action}
whole BENCH_REPS "$reps"
whole BENCH_GAMES "$games"
case "$cgames" in
0) ;;
1 | *[!0-9]*) usage "CALLGRIND_GAMES=$cgames: give 0 (no callgrind) or 2 up" ;;
esac
awk -v l="$limit" 'BEGIN { exit !(l ~ /^[0-9]+(\.[0-9]+)?$/) }' ||
	usage "BENCH_TIME_LIMIT=$limit: give a percent, e.g. 10"

# The two sides' names: commits, or the programs given.
here=-
if git -C "$top" rev-parse --verify -q HEAD >/dev/null 2>&1; then
	here=$(git -C "$top" rev-parse --short HEAD)
	git -C "$top" diff --quiet HEAD -- src || here=$here+
fi
here=${BENCH_THIS_NAME:-$here}
if [ -n "${BENCH_REF_PROG:-}" ]; then
	ref=$BENCH_REF_PROG
	refname=$ref
	[ -x "$ref" ] || usage "BENCH_REF_PROG=$ref: not an executable program"
else
	if [ "$here" = - ]; then
		echo "timeguard.sh: $top is not a git checkout: no reference to build (skipped; BENCH_REF_PROG names one)"
		exit 0
	fi
	dir=$(sh "$top/tests/bench/build-ref.sh" "$base" carcpbem) || exit 1
	ref=$dir/carcpbem
	refname=$(git -C "$top" rev-parse --short "$base^{commit}")
fi

if grep -q __asan_init "$prog" 2>/dev/null; then
	echo "# $prog is a sanitizer build: its times mean little (build with a plain ./configure)"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Pinning: both sides on one core, so that neither gets the other's.
pin=
cpu=${BENCH_CPU:-$(($(nproc 2>/dev/null || echo 1) - 1))}
if ! command -v taskset >/dev/null 2>&1; then
	echo "# taskset not found: the runs are not pinned to a core (noisier)"
elif taskset -c "$cpu" true 2>/dev/null; then
	pin="taskset -c $cpu"
	echo "# pinned to core $cpu (taskset -c $cpu)"
else
	echo "# taskset -c $cpu failed: the runs are not pinned to a core (noisier)"
fi

# play SIDE PROG: one run; its time in $tmp/SIDE.time, its games (the
# output without the time line) in $tmp/SIDE.games.
play() {
	# shellcheck disable=SC2086 # $pin is words
	$pin "$2" selfplay -n "$games" --seed "$seed" >"$tmp/$1.out" 2>"$tmp/$1.err" || {
		echo "timeguard.sh: $2 selfplay failed:" >&2
		cat "$tmp/$1.err" >&2
		exit 1
	}
	sed -n 's/^time: \([0-9.]*\) s.*/\1/p' "$tmp/$1.out" >"$tmp/$1.time"
	[ -s "$tmp/$1.time" ] || {
		echo "timeguard.sh: $2 selfplay printed no 'time: X s' line" >&2
		exit 1
	}
	awk '{ exit !($1 > 0) }' "$tmp/$1.time" || {
		echo "timeguard.sh: $2 timed its $games games as 0 s: give more games (BENCH_GAMES)" >&2
		exit 1
	}
	grep -v '^time: ' "$tmp/$1.out" >"$tmp/$1.games" || true
	if [ -f "$tmp/$1.first" ]; then
		cmp -s "$tmp/$1.first" "$tmp/$1.games" || {
			echo "timeguard.sh: $2 played other games in a second run of the same seed" >&2
			exit 1
		}
	else
		cp "$tmp/$1.games" "$tmp/$1.first"
	fi
}

echo "# $reps pairs of 'carcpbem selfplay -n $games --seed $seed', this build ($here) and the reference ($refname), alternating"
: >"$tmp/pairs"
i=1
while [ "$i" -le "$reps" ]; do
	if [ $((i % 2)) -eq 1 ]; then
		play this "$prog"
		play ref "$ref"
	else
		play ref "$ref"
		play this "$prog"
	fi
	echo "$i $(cat "$tmp/ref.time") $(cat "$tmp/this.time")" >>"$tmp/pairs"
	tail -n 1 "$tmp/pairs" |
		awk '{ printf "pair %2d: reference %s s, this %s s, ratio %.3f\n", $1, $2, $3, $2 / $3 }'
	i=$((i + 1))
done

# stats: "median min max" of the numbers on standard input.
stats() {
	sort -g | awk '{ v[NR] = $1 }
		END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		      printf "%.3f %.3f %.3f\n", m, v[1], v[NR] }'
}
read -r ratio rmin rmax <<EOF
$(awk '{ print $2 / $3 }' "$tmp/pairs" | stats)
EOF
read -r tref _ <<EOF
$(awk '{ print $2 }' "$tmp/pairs" | stats)
EOF
read -r tthis _ <<EOF
$(awk '{ print $3 }' "$tmp/pairs" | stats)
EOF
gps() {
	awk -v n="$games" -v t="$1" 'BEGIN { printf "%.0f\n", n / t }'
}

# instructions PROG: callgrind's instructions per game of selfplay (the
# run of CGAMES games less the run of one, which holds the program's start
# and the tile catalogue, over CGAMES - 1), or n/a.
instructions() {
	if [ "$cgames" = 0 ] || ! command -v valgrind >/dev/null 2>&1; then
		echo n/a
		return
	fi
	for n in 1 "$cgames"; do
		valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$n" \
			"$1" selfplay -n "$n" --seed "$seed" >/dev/null 2>&1 || {
			echo n/a
			return
		}
	done
	awk -v n="$cgames" 'FNR == 1 { f[++k] = FILENAME } /^(summary|totals):/ { t[FILENAME] = $2 }
		END { if (t[f[1]] && t[f[2]]) printf "%.0f\n", (t[f[2]] - t[f[1]]) / (n - 1)
		      else print "n/a" }' \
		"$tmp/cg.1" "$tmp/cg.$cgames"
}
ins_this=$(instructions "$prog")
ins_ref=$(instructions "$ref")

echo
echo "| base playout, $games games | build | median time | games/s | instructions/game |"
echo "|---|---|---:|---:|---:|"
echo "| reference | $refname | $tref s | $(gps "$tref") | $ins_ref |"
echo "| this build | $here | $tthis s | $(gps "$tthis") | $ins_this |"
echo
awk -v r="$ratio" -v lo="$rmin" -v hi="$rmax" -v n="$reps" 'BEGIN {
	printf "time ratio reference/this: median %.3f (%.3f-%.3f) over %d pairs; ", r, lo, hi, n
	if (r >= 1.005) printf "this build is %.0f %% faster\n", (r - 1) * 100
	else if (r > 0.995) printf "this build is as fast\n"
	else printf "this build takes %.0f %% more time\n", (1 / r - 1) * 100 }'
case "$ins_this$ins_ref" in
*n/a*)
	if [ "$cgames" = 0 ]; then
		echo "# instructions per game: skipped (CALLGRIND_GAMES=0)"
	else
		echo "# instructions per game: n/a (valgrind not found, or it failed)"
	fi ;;
*)
	awk -v a="$ins_this" -v b="$ins_ref" -v r="$ratio" 'BEGIN {
		printf "instructions per game this/reference: %.3f", a / b
		if (a <= b * 1.02 && r < 0.9)
			printf " (as many instructions or fewer, yet slower: a stall that instruction counts miss)"
		printf "\n" }' ;;
esac
if cmp -s "$tmp/ref.first" "$tmp/this.first"; then
	echo "same games: both builds print the same results for --seed $seed (turns, scores, wins, ties)"
else
	echo "# the two builds play other games (a rules change?): the times compare different work"
	diff "$tmp/ref.first" "$tmp/this.first" | sed 's/^/#   /' || true
fi

# hottest SYMBOL: perf annotate's 10 hottest instructions of SYMBOL in
# $tmp/perf.data, each with the one before it (a sample lands on the
# instruction after the one that waited), its source file:line
# (addr2line: inlined code names the file it was written in) and text.
hottest() {
	perf annotate -i "$tmp/perf.data" --stdio -s "$1" 2>/dev/null >"$tmp/ann" || true
	if ! grep -q '^ *[0-9][0-9.]* : *[0-9a-f]*:' "$tmp/ann"; then
		echo "$1: no samples under this name (inlined into another function? see the list above)"
		return
	fi
	echo "$1, $(sed -n 's/.*(\([0-9]* samples\).*/\1/p' "$tmp/ann" | head -n 1); its hottest instructions (percent of its samples):"
	# (read with a tab for IFS takes two tabs as one: no field is empty)
	awk 'BEGIN { prev = "the start"; src = "-" }
	/^ *[0-9][0-9.]* : *[0-9a-f]+:/ {
		pct = $1; addr = $3; sub(/:$/, "", addr)
		ins = $0; sub(/^[^:]*:[^:]*: */, "", ins); gsub(/[ \t]+/, " ", ins)
		printf "%s\t%s\t%s\t%s\t%s\n", pct, addr, ins, prev, src
		prev = ins; next
	}
	/^ *: [0-9]+ / { s = $0; sub(/^ *: [0-9]+ +/, "", s); gsub(/[ \t]+/, " ", s); src = s == "" ? "-" : s }
	' "$tmp/ann" | sort -t "$(printf '\t')" -k1,1gr | head -n 10 |
	while IFS="$(printf '\t')" read -r pct addr ins prev src; do
		where='?'
		if command -v addr2line >/dev/null 2>&1; then
			where=$(addr2line -e "$prog" "0x$addr" 2>/dev/null | head -n 1)
			where=${where##*/}
			where=${where%% *}
		fi
		printf '%7s %%  %s  %-28s (after %s)  %s  %s\n' "$pct" "$addr" "$ins" "$prev" "$where" "$src"
	done
}

# Where this build's time goes: perf on one more run of the same games.
profile() {
	if [ "$perf_on" = 0 ]; then
		echo "# perf: skipped (BENCH_PERF=0)"
		return
	fi
	if ! command -v perf >/dev/null 2>&1; then
		echo "# perf: not found, the hottest instructions are skipped (Debian: apt-get install linux-perf)"
		return
	fi
	event=cycles
	if perf stat -x, -e cycles true 2>&1 >/dev/null | grep -qi 'not supported\|not counted'; then
		event='cpu-clock' # a virtual machine without hardware counters
	fi
	# shellcheck disable=SC2086 # $pin is words
	if ! $pin perf record -e "$event" -o "$tmp/perf.data" -- \
		"$prog" selfplay -n "$games" --seed "$seed" >/dev/null 2>"$tmp/perf.err"; then
		echo "# perf: perf record failed, the hottest instructions are skipped" \
			"(kernel.perf_event_paranoid is $(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo ?)):"
		sed 's/^/#   /' "$tmp/perf.err" | head -n 5
		return
	fi
	echo "perf record -e $event, this build: the functions with the most samples:"
	perf report -i "$tmp/perf.data" --stdio -F overhead,sym 2>/dev/null |
		grep -v '^#' | grep -v '^ *$' >"$tmp/syms" || true
	head -n 8 "$tmp/syms"
	for sym in $syms; do
		# gcc may have renamed its copy: game_legal_actions.part.0, ...
		name=$(sed -n "s/^ *[0-9.]*% *\[\.\] \($sym\(\.[a-z0-9_.]*\)\{0,1\}\) *\$/\1/p" \
			"$tmp/syms" | head -n 1)
		echo
		hottest "${name:-$sym}"
	done
}
echo
profile

echo
echo "timeguard.ratio: $ratio $rmin $rmax"
echo "timeguard.games_per_s: $(gps "$tthis") $(gps "$tref")"
echo "timeguard.instructions_per_game: $ins_this $ins_ref"
if awk -v r="$ratio" -v l="$limit" 'BEGIN { exit !(r * (1 + l / 100) < 1) }'; then
	awk -v r="$ratio" -v l="$limit" -v b="$refname" 'BEGIN {
		printf "timeguard.sh: this build takes %.0f %% more time than %s (median ratio %.3f):" \
			" more than BENCH_TIME_LIMIT=%s %%\n", (1 / r - 1) * 100, b, r, l }' >&2
	exit 1
fi
echo "# time guard passed: within BENCH_TIME_LIMIT=$limit % of $refname's time"
