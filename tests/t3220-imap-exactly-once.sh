#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Exactly once over IMAP (a real Dovecot): the host fetches a turn and a
# HELP from its IMAP mailbox, applies, answers and sends, and is killed
# (SIGKILL) at each crash point of that run in turn, fetch included; run
# again, it ends as the run that was never killed: the turn applied once,
# every mail written once, the server's messages all seen.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mailstack-lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

# One host mailbox for the reference and one for each crash point.
MAIL_USERS="alice bob carol $(seq -f 'h%g' 0 40 | tr '\n' ' ')"
mailstack_start

# host_conf USER: the host reading USER's IMAP mailbox, writing the outbox.
host_conf () {
	printf 'imap secret\n' >pass && chmod 600 pass &&
	cat >host.conf <<-EOC
	spool spool
	from "Carcassonne <host@example.test>"
	inbox imap
	imap-url imap://127.0.0.1:$IMAP_PORT/INBOX
	imap-user $1@example.test
	imap-password-file pass
	imap-tls none
	EOC
	printf '%s\n' "$MAIL_PASSWORD" >pass
}

# send USER: the two mails of the script to USER, over SMTP.
send () {
	for m in "$WORK/turn.eml" "$WORK/help.eml"; do
		curl -sS --max-time 10 "smtp://127.0.0.1:$SMTP_PORT/test.example" \
			--mail-from alice@example.test --mail-rcpt "$1@example.test" -T "$m" ||
			return 1
	done &&
	mailstack_wait_mail "$1" 2
}

# unseen USER: messages the host has not taken yet.
unseen () {
	curl -sS --max-time 10 -u "$1@example.test:$MAIL_PASSWORD" \
		"imap://127.0.0.1:$IMAP_PORT/INBOX" -X "UID SEARCH UNSEEN" |
		tr -d '\r' | sed -n 's/^\* SEARCH//p' | wc -w
}

# same DIR: DIR's spool ends as the reference's (a message's key holds
# the mailbox's name: the answer to HELP, its Message-Id line aside, and
# the "mailed" mark, its record aside, are the same).
same () {
	for f in state.json history.jsonl; do
		cmp "$WORK/ref/spool/games/g1/$f" "$1/spool/games/g1/$f" || return 1
	done &&
	tail -n 1 "$1/spool/games/g1/mailed" | grep -q "\"record\":1," &&
	(cd "$WORK/ref/spool/outbox" && ls g1-*) >want &&
	(cd "$1/spool/outbox" && ls g1-*) >got &&
	test_cmp want got &&
	for m in "$WORK"/ref/spool/outbox/g1-*; do
		cmp "$m" "$1/spool/outbox/${m##*/}" || return 1
	done &&
	test "$(ls "$1"/spool/outbox/*-help.eml | wc -l)" = 1 &&
	grep -v "^Message-Id:" "$WORK"/ref/spool/outbox/*-help.eml >want &&
	grep -v "^Message-Id:" "$1"/spool/outbox/*-help.eml >got &&
	test_cmp want got &&
	test "$(ls "$1/spool/inbox/new" | wc -l)" = 0 &&
	test "$(ls "$1/spool/inbox/cur" | wc -l)" = 2 &&
	test "$(ls "$1/spool/queue" | grep -c eml)" = 0
}

test_expect_success 'the game, and the mails of the script' '
	cd "$WORK" && mkdir start && cd start &&
	"$CARCPBEM" keygen alice >/dev/null 2>&1 && "$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	"$CARCPBEM" new --spool spool --id g1 --seed imap-once --no-mail \
		--key alice=alice.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob >/dev/null &&
	turn_text alice >t1 &&
	mail_from alice@example.test "[carcassonne g1] turn" t1 >"$WORK/turn.eml" &&
	printf "HELP\n" >h && mail_from alice@example.test "help" h >"$WORK/help.eml"
'

test_expect_success 'the reference run, never killed, and its crash points' '
	cd "$WORK" && cp -r start ref && cd ref &&
	host_conf h0 && send h0 &&
	CARCPBEM_CRASH_LOG=$WORK/points "$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" = 2 &&
	test "$(unseen h0)" = 0 &&
	grep "IMAP message saved, not marked" "$WORK/points" &&
	grep "IMAP message marked, still in the journal" "$WORK/points" &&
	test "$(wc -l <"$WORK/points")" -le 40
'

test_expect_success 'killed at each point, run again: the same end' '
	cd "$WORK" && n=$(wc -l <points) && i=1 &&
	while test $i -le "$n"; do
		rm -rf w && cp -r start w && (
			cd w && host_conf h$i && send h$i &&
			expect_code 137 env CARCPBEM_CRASH_AT=$i \
				"$CARCPBEM" run --once -c host.conf -q 2>/dev/null &&
			"$CARCPBEM" run --once -c host.conf -q &&
			test "$(unseen h$i)" = 0
		) && same w || {
			echo "killed at point $i ($(sed -n "${i}p" points)): differs"
			return 1
		}
		i=$((i + 1))
	done
'

test_done
