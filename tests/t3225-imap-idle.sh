#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# IMAP IDLE against a real Dovecot (issue 13, latency): a daemon with
# poll 1h and inbox imap waits in IDLE, and a turn mailed over SMTP is
# answered within seconds, on imap:// without TLS, with STARTTLS and on
# imaps://. The bounds are 30 s against an hour's poll: only the IDLE
# wake-up can pass.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mailstack-lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

MAIL_USERS="game alice bob h1 h2 h3"
mailstack_start tls
WAIT_FOR_TENTHS=300

stop_daemons () {
	for f in "$WORK"/*/daemon.pid; do
		test -f "$f" && kill -TERM "$(cat "$f")" 2>/dev/null
	done
	mailstack_exit_ "$1"
}
trap 'stop_daemons $?' EXIT

# idles N: the daemon began IDLE N times.
idles () {
	test "$(grep -c "IMAP IDLE: waiting for new mail" daemon.log)" = "$1"
}

# idle_case DIR USER URL SETTING...: in DIR, game g1 and a daemon reading
# USER's mailbox at URL (the SETTINGs added) that waits in IDLE; alice's
# turn is then mailed to USER and must be answered. With HUP set, a
# SIGHUP first: the config re-read, IDLE begins again.
idle_case () {
	d=$1 u=$2 url=$3 && shift 3 &&
	mkdir -p "$WORK/$d" && cd "$WORK/$d" &&
	"$CARCPBEM" keygen alice >/dev/null 2>&1 && "$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	"$CARCPBEM" new --spool spool --id g1 --seed idle --no-mail \
		--key alice=alice.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob >/dev/null &&
	printf "%s\n" "$MAIL_PASSWORD" >pw && chmod 600 pw &&
	cat >host.conf <<-EOC &&
	spool spool
	from "Carcassonne <$u@$MAIL_DOMAIN>"
	inbox imap
	imap-url $url
	imap-user $u@$MAIL_DOMAIN
	imap-password-file pw
	timeout $MAIL_TIMEOUT
	poll 1h
	EOC
	printf "%s\n" "$@" >>host.conf &&
	{ ("$CARCPBEM" daemon -f -c host.conf 2>daemon.log; echo $? >daemon.rc) & } &&
	wait_for test -s spool/carcpbem.pid &&
	cp spool/carcpbem.pid daemon.pid &&
	wait_for grep "IMAP IDLE: waiting for new mail" daemon.log &&
	if test -n "${HUP-}"; then
		kill -HUP "$(cat daemon.pid)" && wait_for idles 2
	fi &&
	sleep 2 && # the pass that follows the start of IDLE is over
	turn_text alice >t1 && mail_from alice@example.test "turn" t1 >m1 &&
	curl -sS --max-time 10 "smtp://127.0.0.1:$SMTP_PORT/test.example" \
		--mail-from alice@example.test --mail-rcpt "$u@$MAIL_DOMAIN" -T m1 &&
	wait_for test -f spool/outbox/g1-r1-notice-2.eml &&
	test "$(records)" = 2 &&
	kill -TERM "$(cat daemon.pid)" && wait_for test -s daemon.rc &&
	test "$(cat daemon.rc)" = 0 && rm daemon.pid &&
	! grep -i "warning\|error" daemon.log
}

test_expect_success 'imap:// without TLS: a mailed turn is answered within seconds' '
	idle_case plain h1 "imap://127.0.0.1:$IMAP_PORT/INBOX" "imap-tls none"
'

test_expect_success 'STARTTLS: the same' '
	idle_case starttls h2 "imap://127.0.0.1:$IMAP_PORT/INBOX" "imap-tls starttls" \
		"cafile $MAILSTACK_CAFILE" &&
	grep "imap-login: .*Login: user=<h2@$MAIL_DOMAIN>.*, TLS" \
		"$MAILSTACK_DIR/log/dovecot.log"
'

test_expect_success 'imaps://: the same' '
	idle_case imaps h3 "imaps://127.0.0.1:$IMAPS_PORT/INBOX" "imap-tls imaps" \
		"cafile $MAILSTACK_CAFILE"
'

test_expect_success 'after SIGHUP: the config re-read, IDLE again, the turn answered' '
	HUP=yes idle_case hup game "imap://127.0.0.1:$IMAP_PORT/INBOX" "imap-tls none" &&
	grep "SIGHUP: config re-read" daemon.log
'

test_done
