#!/bin/sh
# Benchmark: arrival-to-outbox latency of the daemon (docs/PERFORMANCE.md,
# "Latency"): how long a turn waits between its arrival and the first
# mail of the pass that answers it, the daemon running with poll 1h (so
# only inotify or IMAP IDLE can wake it).
#
#	tests/bench/latency.sh CARCPBEM [TURNS]
#
# Maildir: each turn is moved into the inbox's new/ (t0) and the answer's
# first file in the outbox (its mtime, t1) is waited for. IMAP: the turn
# is sent over SMTP to a real Dovecot (t0 before the submission, so the
# servers' delivery counts too) and the daemon, inbox imap, waits in
# IDLE. TURNS (default 100) are played over games of 25 turns each.
# Prints the median and the maximum of t1 - t0 in milliseconds. The IMAP
# half needs the tests' mail stack (tests/mailstack.sh: root, dovecot,
# opensmtpd): without it, it says so and is skipped.
set -u

carcpbem=${1:?usage: latency.sh CARCPBEM [TURNS]}
turns=${2:-100}
top_builddir=$(cd "$(dirname "$carcpbem")" && pwd)
top_srcdir=$(cd "$(dirname "$0")/../.." && pwd)
CARCPBEM=$(cd "$(dirname "$carcpbem")" && pwd)/$(basename "$carcpbem")
export top_srcdir top_builddir CARCPBEM
. "$top_srcdir/tests/lib.sh" >/dev/null
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mailstack-lib.sh"
unset CARCPBEM_NOW
PER_GAME=25

pid=
stop_daemon () {
	# only the daemon started here, by its pid
	test -n "$pid" && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	pid=
}

fail () {
	echo "latency.sh: $*" >&2
	test -f daemon.log && tail -n 5 daemon.log >&2
	stop_daemon
	exit 1
}

# games N: games g1..gN for alice and bob in ./spool, start mails muted.
games () {
	"$CARCPBEM" keygen alice >/dev/null 2>&1 && "$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	i=1 && while test "$i" -le "$1"; do
		"$CARCPBEM" new --spool spool --id "g$i" --seed "latency$i" --no-mail \
			--key alice=alice.pub --key bob=bob.pub \
			--address alice=alice@example.test --address bob=bob@example.test \
			alice bob >/dev/null || return 1
		i=$((i + 1))
	done
}

# turn_mail G: the mail of the next turn of game G (the seat to move,
# the first legal placement, then pass) into turn.eml; its record in R.
turn_mail () {
	R=$(wc -l <"spool/games/$1/history.jsonl") &&
	if test $((R % 2)) = 1; then p=alice; else p=bob; fi &&
	"$CARCPBEM" view "spool/games/$1" --player "$p" -o view.json &&
	"$CARCPBEM" move view.json "$("$CARCPBEM" legal view.json | grep -m1 '^place')" pass \
		--key "$p.key" >turn.txt &&
	mail_from "$p@example.test" "[carcassonne $1] turn" turn.txt >turn.eml
}

# answered G R: the first answer to record R of game G, in the outbox.
answered () {
	ls "spool/outbox/$1-r$2-"*.eml >/dev/null 2>&1
}

# measure DELIVER: plays TURNS turns, each delivered by DELIVER (a shell
# function, given the mail file); latencies in ms into lat.txt.
measure () {
	: >lat.txt && n=0 &&
	while test "$n" -lt "$turns"; do
		g=g$((n / PER_GAME + 1)) &&
		turn_mail "$g" || fail "cannot make turn $n of $g"
		t0=$(date +%s.%N)
		"$1" turn.eml || fail "cannot deliver turn $n"
		k=0
		while ! answered "$g" "$R"; do
			k=$((k + 1))
			test "$k" -lt 6000 || fail "turn $n of $g: no answer within 60 s"
			sleep 0.01
		done
		t1=$(stat -c %.9Y "spool/outbox/$g-r$R-"*.eml | sort -n | head -n 1)
		echo "$t0 $t1" | awk '{ printf "%.1f\n", ($2 - $1) * 1000 }' >>lat.txt
		n=$((n + 1))
	done
}

# report NAME: median and max of lat.txt.
report () {
	sort -n lat.txt | awk -v name="$1" '{ v[NR] = $1 } END {
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%s: %d turns, arrival to outbox median %.1f ms, max %.1f ms\n",
			name, NR, m, v[NR] }'
}

# start_daemon: carcpbem daemon -f on host.conf, until WORD is logged.
start_daemon () {
	"$CARCPBEM" daemon -f -c host.conf 2>daemon.log &
	pid=$!
	k=0
	until grep -q "$1" daemon.log 2>/dev/null; do
		k=$((k + 1))
		test "$k" -lt 600 || fail "the daemon did not start"
		sleep 0.1
	done
	sleep 1 # its pass after the start is over
}

maildir_deliver () {
	deliver "$1"
}

imap_deliver () {
	curl -sS --max-time 10 "smtp://127.0.0.1:$SMTP_PORT/test.example" \
		--mail-from alice@example.test --mail-rcpt "game@$MAIL_DOMAIN" -T "$1"
}

ngames=$(((turns + PER_GAME - 1) / PER_GAME))

mkdir -p "$WORK/maildir" && cd "$WORK/maildir" || exit 1
games "$ngames" || fail "cannot make the games"
printf 'spool spool\nfrom "Carcassonne <game@example.test>"\npng no\npoll 1h\n' >host.conf
start_daemon "watching"
measure maildir_deliver
stop_daemon
report "Maildir (inotify)"

MAIL_USERS="game alice bob"
mailstack_start # or skips: "1..0 # SKIP no mail servers: ..."
trap 'stop_daemon; mailstack_exit_ $?' EXIT
mkdir -p "$WORK/imap" && cd "$WORK/imap" || exit 1
games "$ngames" || fail "cannot make the games"
printf '%s\n' "$MAIL_PASSWORD" >pw && chmod 600 pw
cat >host.conf <<EOC
spool spool
from "Carcassonne <game@$MAIL_DOMAIN>"
png no
poll 1h
inbox imap
imap-url imap://127.0.0.1:$IMAP_PORT/INBOX
imap-user game@$MAIL_DOMAIN
imap-password-file pw
imap-tls none
timeout $MAIL_TIMEOUT
EOC
start_daemon "IMAP IDLE: waiting"
measure imap_deliver
stop_daemon
report "IMAP on Dovecot (IDLE)"
mailstack_stop
rm -rf "$TRASH_BASE"
