#!/bin/sh
# Benchmark: one `run --once` pass over an inbox of turns (docs/PERFORMANCE.md,
# "Throughput"; issue 13).
#
#	tests/bench/throughput.sh CARCPBEM [GAMES]
#
# bench-mail (tests/bench/bench-mail next to CARCPBEM, or $BENCH_MAIL)
# makes a spool of GAMES (default $BENCH_TURNS, itself 1000) two-player
# games, each with its next signed turn waiting in inbox/new
# ($BENCH_MAIL_ARGS are added to its options: e.g. "-t 36" for games in
# mid-game). Then, on a copy of that spool each
# time, one `CARCPBEM run --once` (one process: starting it counts) with:
#   png no, group-commit 64 (the default), png yes, png no with
#   group-commit 0 (a sync for every file, as before group commit).
# Printed per case: turns_per_s, ms_per_turn, cpu_ms_per_turn (user and
# system, where /usr/bin/time is there: steadier than the wall clock on a
# busy machine), and where strace is there,
# fsync_per_turn and syncfs_per_turn (from `strace -c -f`, a second run on
# a fresh copy, so its slowdown does not count). The spool is made under
# $TMPDIR (or /tmp): its file system is what is measured.
set -eu

carcpbem=${1:?usage: throughput.sh CARCPBEM [GAMES]}
games=${2:-${BENCH_TURNS:-1000}}
bench_mail=${BENCH_MAIL:-$(dirname "$carcpbem")/tests/bench/bench-mail}
[ -x "$bench_mail" ] || { echo "throughput.sh: $bench_mail not found: run make bench" >&2; exit 1; }
export CARCPBEM_ALLOW_ROOT=yes

tmp=$(mktemp -d "${TMPDIR:-/tmp}/carcpbem-bench-throughput.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP

ns() { date +%s%N; }

# shellcheck disable=SC2086 # BENCH_MAIL_ARGS is a list of options
mkdir "$tmp/made"
"$bench_mail" -g "$games" -n 0 -k -d "$tmp/made" ${BENCH_MAIL_ARGS:-} >"$tmp/setup.txt"
made=$(sed -n 's/^mail.kept: //p' "$tmp/setup.txt")
# A host's spool has its indexes (SPOOL/players.index, games.index,
# timers), which the first reader of a new spool builds from every game:
# built here, by a pass with the turns held back and a stranger's HELP
# (its answer looks the sender up), and by `status`, so that the passes
# measured are those of a running host.
mkdir "$tmp/held"
mv "$made"/inbox/new/* "$tmp/held/"
printf 'From: someone@bench.invalid\nTo: host@bench.invalid\nSubject: help\n\nHELP\n' \
	>"$made/inbox/new/0.help"
printf 'spool "%s"\nfrom "bench <host@bench.invalid>"\n' "$made" >"$tmp/c.conf"
"$carcpbem" run --once -q -c "$tmp/c.conf" 2>>"$tmp/run.log"
"$carcpbem" status -c "$tmp/c.conf" >/dev/null
# find, not a glob: with -t the games' earlier mails are tens of
# thousands, more than one command line holds.
rm -rf "$made/outbox"
find "$made/inbox/cur" -type f -delete
mv "$tmp"/held/* "$made/inbox/new/"
echo "throughput.fs: $(stat -f -c %T "$tmp")"
echo "throughput.turns: $(ls "$made/inbox/new" | wc -l)"

# fresh PNG GROUP: a copy of the spool in $tmp/w and its config.
fresh() {
	rm -rf "$tmp/w"
	cp -a "$made" "$tmp/w"
	printf 'spool "%s"\nfrom "bench <host@bench.invalid>"\npng %s\ngroup-commit %s\n' \
		"$tmp/w" "$1" "$2" >"$tmp/c.conf"
	sync
}

# case NAME PNG GROUP: the pass timed, then counted under strace.
case_() {
	fresh "$2" "$3"
	n=$(ls "$tmp/w/inbox/new" | wc -l)
	a=$(ns)
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f "%U %S" -o "$tmp/cpu" "$carcpbem" run --once -q -c "$tmp/c.conf" \
			2>>"$tmp/run.log"
	else
		"$carcpbem" run --once -q -c "$tmp/c.conf" 2>>"$tmp/run.log"
	fi
	t=$(($(ns) - a))
	left=$(ls "$tmp/w/inbox/new" | wc -l)
	[ "$left" = 0 ] || { echo "throughput.sh: $left turns left in the inbox" >&2; exit 1; }
	echo "$1.turns_per_s: $((n * 1000000000 / t))"
	echo "$1.ms_per_turn: $(awk "BEGIN { printf \"%.2f\", $t / 1000000 / $n }")"
	[ ! -s "$tmp/cpu" ] ||
		awk -v n="$n" -v c="$1" '{ printf "%s.cpu_ms_per_turn: %.2f (user %.2f, system %.2f)\n",
			c, ($1 + $2) * 1000 / n, $1 * 1000 / n, $2 * 1000 / n }' "$tmp/cpu"
	rm -f "$tmp/cpu"
	command -v strace >/dev/null 2>&1 || return 0
	fresh "$2" "$3"
	strace -c -f -o "$tmp/st" "$carcpbem" run --once -q -c "$tmp/c.conf" 2>>"$tmp/run.log"
	for call in fsync syncfs; do
		c=$(awk -v c="$call" '$NF == c { print $4 }' "$tmp/st")
		echo "$1.${call}_per_turn: $(awk "BEGIN { printf \"%.3f\", ${c:-0} / $n }")"
	done
}

case_ text no 64
case_ png yes 64
case_ text_each_file no 0
