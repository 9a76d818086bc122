#!/bin/sh
# Benchmark: one spool with many active games (docs/PERFORMANCE.md,
# "Scale"; issue 13).
#
#	tests/bench/scale.sh CARCPBEM [GAMES...]
#
# For each size (default 100 1000 $BENCH_SCALE_MAX, itself 10000 by
# default) bench-mail -g GAMES -n 0 -k makes a spool of GAMES two-player
# games, each with its next signed turn waiting (tests/bench/bench-mail
# next to CARCPBEM, or $BENCH_MAIL). Then, with "CARCPBEM run --once"
# (one process each, so the times include starting it):
#   idle_ms   a pass with an empty inbox and nothing due (median of 5);
#   idle_game_paths  the game paths that pass touches (strace; -1: none);
#   first_turn_ms    one turn, the first pass that reads SPOOL/players.index
#                    (it builds the index when missing);
#   turn_ms   one turn's pass (median of 5);
#   turn_games_opened  game folders a turn's pass opens (strace);
#   index_bytes_per_turn  what SPOOL/games.index and SPOOL/timers grow by
#                    in one turn's pass (logs: a line, not a rewrite);
#   status_first_ms  "CARCPBEM status" making SPOOL/games.index (missing);
#   status_ms        "CARCPBEM status" from the index (median of 5);
# and "CARCPBEM daemon -f" on the spool (poll 1s):
#   daemon_idle_pass_us  its CPU time (/proc/PID/schedstat) over 10 s idle,
#                    a pass a second, divided by 10: an idle pass without
#                    the program's start, which a cron pass pays;
# then given 20 turns:
#   rss_kb, hwm_kb  VmRSS and VmHWM after them.
# Prints "key: value" lines per size. Everything is made under $TMPDIR
# (or /tmp) and removed at the end.
set -eu

carcpbem=${1:?usage: scale.sh CARCPBEM [GAMES...]}
shift
[ $# -gt 0 ] || set -- 100 1000 "${BENCH_SCALE_MAX:-10000}"
bench_mail=${BENCH_MAIL:-$(dirname "$carcpbem")/tests/bench/bench-mail}
[ -x "$bench_mail" ] || { echo "scale.sh: $bench_mail not found: run make bench" >&2; exit 1; }
export CARCPBEM_ALLOW_ROOT=yes

tmp=$(mktemp -d "${TMPDIR:-/tmp}/carcpbem-bench-scale.XXXXXX")
pid=
cleanup() {
	# Only the daemon started here, by its pid.
	[ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

ns() { date +%s%N; }
# pass: one run --once, its wall time in ms on stdout.
pass() {
	a=$(ns)
	"$carcpbem" run --once -q -c "$tmp/c.conf" >/dev/null 2>>"$tmp/run.log"
	echo $((($(ns) - a) / 1000000))
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# next: one waiting turn into the inbox.
next() {
	f=$(ls "$spool/waiting" | head -n 1)
	mv "$spool/waiting/$f" "$spool/inbox/new/$f"
}
status() { sed -n "s/^$1:[[:space:]]*\([0-9]*\) kB/\1/p" "/proc/$pid/status"; }

for games in "$@"; do
	rm -rf "$tmp/spool"
	mkdir -p "$tmp/spool"
	a=$(ns)
	"$bench_mail" -g "$games" -n 0 -k -d "$tmp/spool" >"$tmp/setup.txt"
	setup=$((($(ns) - a) / 1000000))
	spool=$(sed -n 's/^mail.kept: //p' "$tmp/setup.txt")
	mkdir "$spool/waiting"
	mv "$spool"/inbox/new/* "$spool/waiting/"
	printf 'spool "%s"\nfrom "bench <host@bench.invalid>"\npoll 1s\n' "$spool" >"$tmp/c.conf"
	pass >/dev/null
	idle=$(for i in 1 2 3 4 5; do pass; done | median)
	paths=-1
	if command -v strace >/dev/null 2>&1; then
		strace -f -e trace=openat,stat,newfstatat,getdents64 -o "$tmp/st" \
			"$carcpbem" run --once -q -c "$tmp/c.conf" >/dev/null 2>&1
		paths=$(grep -c '/games/' "$tmp/st" || true)
	fi
	next
	first=$(pass)
	turn=$(for i in 1 2 3 4 5; do next; pass; done | median)
	opened=-1
	if command -v strace >/dev/null 2>&1; then
		next
		strace -f -e trace=openat -o "$tmp/st" \
			"$carcpbem" run --once -q -c "$tmp/c.conf" >/dev/null 2>&1
		opened=$(grep -o 'games/[0-9a-f]*/' "$tmp/st" | sort -u | wc -l | tr -d ' ')
	fi
	size() { cat "$spool/games.index" "$spool/timers" 2>/dev/null | wc -c; }
	rm -f "$spool/games.index"
	status_first=$(a=$(ns); "$carcpbem" status -c "$tmp/c.conf" >/dev/null;
		       echo $((($(ns) - a) / 1000000)))
	status_ms=$(for i in 1 2 3 4 5; do
		a=$(ns); "$carcpbem" status -c "$tmp/c.conf" >/dev/null
		echo $((($(ns) - a) / 1000000))
	done | median)
	sz=$(size); next; pass >/dev/null; per_turn=$(($(size) - sz))
	rss=-1 hwm=-1 idle_us=-1
	if [ -r /proc/self/status ]; then
		"$carcpbem" daemon -f -c "$tmp/c.conf" 2>"$tmp/daemon.log" &
		pid=$!
		sleep 3
		if [ -r "/proc/$pid/schedstat" ]; then
			a=$(cut -d' ' -f1 "/proc/$pid/schedstat")
			sleep 10
			idle_us=$((($(cut -d' ' -f1 "/proc/$pid/schedstat") - a) / 10 / 1000))
		fi
		for i in $(seq 20); do next; done
		left=600
		while [ -n "$(ls "$spool/inbox/new")" ] && [ $left -gt 0 ]; do
			sleep 0.1; left=$((left - 1))
		done
		sleep 2
		rss=$(status VmRSS) hwm=$(status VmHWM)
		kill -TERM "$pid"; wait "$pid" || true
		pid=
	fi
	echo "scale.games: $games"
	echo "scale.setup_ms: $setup"
	echo "scale.idle_ms: $idle"
	echo "scale.idle_game_paths: $paths"
	echo "scale.first_turn_ms: $first"
	echo "scale.turn_ms: $turn"
	echo "scale.turn_games_opened: $opened"
	echo "scale.index_bytes_per_turn: $per_turn"
	echo "scale.status_first_ms: $status_first"
	echo "scale.status_ms: $status_ms"
	echo "scale.daemon_idle_pass_us: $idle_us"
	echo "scale.daemon_rss_kb: $rss"
	echo "scale.daemon_hwm_kb: $hwm"
	echo "$games games: idle pass $idle ms ($paths game paths; in the daemon $idle_us us)," \
	     "a turn $turn ms" \
	     "(first $first ms, $opened game folders), daemon RSS $rss kB (peak $hwm kB)," \
	     "status $status_ms ms (first $status_first ms)"
done
