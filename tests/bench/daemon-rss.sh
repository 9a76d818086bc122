#!/bin/sh
# Benchmark: the daemon's resident memory with many active games
# (docs/PERFORMANCE.md, "Mail loop").
#
#	tests/bench/daemon-rss.sh CARCPBEM [GAMES]
#
# Makes a spool with GAMES active games (default $BENCH_DAEMON_GAMES or
# 1000), each waiting for a turn whose signed mail is ready: bench-mail
# -n 0 -k makes it (tests/bench/bench-mail next to CARCPBEM, or
# $BENCH_MAIL). Starts "CARCPBEM daemon -f" on it (poll 1s, the other
# settings the defaults: PNG maps on), lets it idle a few passes, then
# puts the GAMES mails into the inbox and waits until they are processed
# and their mails sent, and a few more passes. Reads VmRSS and VmHWM
# from /proc/PID/status (idle, and after the mail), stops the daemon
# with SIGTERM (it must exit 0 and remove its pid file) and prints
# "key: value" lines and one line for people. Everything is made under
# $TMPDIR (or /tmp) and removed at the end.
set -eu

carcpbem=${1:?usage: daemon-rss.sh CARCPBEM [GAMES]}
games=${2:-${BENCH_DAEMON_GAMES:-1000}}
bench_mail=${BENCH_MAIL:-$(dirname "$carcpbem")/tests/bench/bench-mail}
for p in "$carcpbem" "$bench_mail"; do
	if [ ! -x "$p" ]; then
		echo "daemon-rss.sh: $p not found: run make bench" >&2
		exit 1
	fi
done
if [ ! -r /proc/self/status ]; then
	echo "daemon-rss.sh: no /proc: skipped" >&2
	exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/carcpbem-bench-rss.XXXXXX")
pid=
cleanup() {
	# Only the daemon started here, by its pid.
	[ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

fail() {
	echo "daemon-rss.sh: $*" >&2
	[ -f "$tmp/daemon.log" ] && tail -n 5 "$tmp/daemon.log" >&2
	exit 1
}

# /proc/uptime: seconds with hundredths, without GNU date.
now() {
	awk '{ print $1 }' /proc/uptime
}

# status FIELD: the daemon's /proc/PID/status value in kB.
status() {
	sed -n "s/^$1:[[:space:]]*\([0-9]*\) kB/\1/p" "/proc/$pid/status"
}

# count DIR PATTERN: files in DIR matching PATTERN.
count() {
	find "$1" -maxdepth 1 -type f -name "$2" | wc -l | tr -d ' '
}

# wait_for SECONDS COMMAND...: until COMMAND succeeds, or fail.
wait_for() {
	left=$(($1 * 10))
	shift
	until "$@"; do
		kill -0 "$pid" 2>/dev/null || fail "the daemon died"
		left=$((left - 1))
		[ "$left" -gt 0 ] || fail "timed out waiting for: $*"
		sleep 0.1
	done
}

t0=$(now)
"$bench_mail" -g "$games" -n 0 -k -d "$tmp" >"$tmp/setup.txt" || fail "bench-mail failed"
spool=$(sed -n 's/^mail.kept: //p' "$tmp/setup.txt")
[ -d "$spool/inbox/new" ] || fail "bench-mail made no spool"
setup_s=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
mkdir "$tmp/waiting"
mv "$spool"/inbox/new/* "$tmp/waiting/"
[ "$(count "$tmp/waiting" '*')" -eq "$games" ] || fail "not one mail per game"

# The spool is named here, not with --spool: at 2bf6112, "daemon --spool"
# crashes (find_opt in src/cli/opt.c meets the option without a long name).
cat >"$tmp/carcpbem.conf" <<EOF
poll 1s
spool "$spool"
from "Carcassonne bench <host@bench.invalid>"
EOF
CARCPBEM_ALLOW_ROOT=yes "$carcpbem" daemon -f -c "$tmp/carcpbem.conf" 2>"$tmp/daemon.log" &
pid=$!
pidfile_written() {
	[ -s "$spool/carcpbem.pid" ]
}
wait_for 10 pidfile_written
sleep 3 # a few passes over an inbox with nothing new
rss_idle=$(status VmRSS)

# The mails arrive at once (rename, as a Maildir delivery ends); done
# when the inbox is empty and the queue sent.
t0=$(now)
mv "$tmp"/waiting/* "$spool/inbox/new/"
all_sent() {
	[ "$(count "$spool/inbox/new" '*')" -eq 0 ] && [ "$(count "$spool/queue" '*.env')" -eq 0 ]
}
wait_for 3600 all_sent
process_s=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
sleep 3 # a few more passes
rss=$(status VmRSS)
hwm=$(status VmHWM)
anon=$(status RssAnon) # the heap and such; the rest is mostly shared libraries

done_msgs=$(count "$spool/inbox/cur" '*')
sent=$(count "$spool/outbox" '*.eml')
[ "$done_msgs" -eq "$games" ] || fail "$done_msgs of $games messages processed"
# Each turn: the notice to the next player and the update to the other.
[ "$sent" -eq $((2 * games)) ] || fail "$sent mails sent, not $((2 * games))"

kill -TERM "$pid"
rc=0
wait "$pid" || rc=$?
pid=
[ "$rc" -eq 0 ] || fail "the daemon exited with $rc after SIGTERM"
[ ! -e "$spool/carcpbem.pid" ] || fail "the daemon left its pid file"

fs=$(stat -f -c %T "$tmp" 2>/dev/null || echo unknown)
echo "daemon.games: $games"
echo "daemon.messages: $done_msgs"
echo "daemon.fs: $fs"
echo "daemon.setup_s: $setup_s"
echo "daemon.process_s: $process_s"
echo "daemon.rss_idle_kb: $rss_idle"
echo "daemon.rss_kb: $rss"
echo "daemon.hwm_kb: $hwm"
echo "daemon.rss_anon_kb: $anon"
echo "daemon.exit: $rc"
awk -v g="$games" -v s="$process_s" -v i="$rss_idle" -v r="$rss" -v h="$hwm" -v a="$anon" \
	-v fs="$fs" 'BEGIN { printf "# daemon, %d active games (spool on %s): %.1f MB " \
	"resident idle, %.1f MB after %d turn mails in %.1f s (polling 1 s; %.1f MB " \
	"anonymous), peak %.1f MB; SIGTERM: exit 0, pid file removed\n", g, fs, i / 1024,
	r / 1024, g, s, a / 1024, h / 1024 }'
