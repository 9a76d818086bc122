#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The SMTP server goes down in the middle of a game by mail (real servers,
# tests/mailstack.sh): the host's run fails and says why, its mails wait
# in its queue; once the server is back, run --once --flush sends each of
# them exactly once and the game goes on to its end. The same for a bot:
# its answer waits in its own queue.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mailstack-lib.sh"

mailstack_start

unset CARCPBEM_CONFIG CARCPBEM_NOW
WORK=$TRASH_BASE/work
mkdir -p "$WORK"
ROUNDS=400
TILES=BA/RFr,BA/L,BA/C,BA/RCr,BA/Ccc,BA/RRR,BA/Rr,BA/CFc+,BA/LR,BA/CcRr

# ids USER...: the Message-Ids of the USERs' messages, one a line.
ids () {
	for u in "$@"; do
		find "$(mailstack_maildir "$u")" -type f \
			\( -path '*/new/*' -o -path '*/cur/*' \) -exec grep -ih '^Message-Id:' {} +
	done | tr -d '\r' | sed 's/^[^<]*//'
}

# sent FILE: how many mails the run or bot pass logged in FILE says it sent.
sent () {
	n=$(sed -n 's/.* \([0-9][0-9]*\) mails\{0,1\} sent.*/\1/p' "$1" | tail -n 1)
	echo "${n:-0}"
}

queued () {
	find "$1/queue" -maxdepth 1 -name '*.eml' | wc -l
}

records () {
	wc -l <spool/games/g1/history.jsonl
}

add () {
	echo $(($(cat "$1") + $2)) >"$1"
}

# setup: keys, the bots' and the host's configs (IMAP in, SMTP out), and
# game g1 between alice and bob, its start mailed.
setup () {
	printf "%s\n" "$MAIL_PASSWORD" >pw && chmod 600 pw &&
	for u in game alice bob; do
		cat >"$u.conf" <<-EOC || return 1
		spool $u-spool
		from $u@$MAIL_DOMAIN
		png no
		inbox imap
		imap-url imap://127.0.0.1:$IMAP_PORT/INBOX
		imap-user $u@$MAIL_DOMAIN
		imap-password-file pw
		imap-tls none
		outbox smtp
		smtp-url smtp://127.0.0.1:$SMTP_PORT/$u.example.test
		smtp-tls none
		timeout $MAIL_TIMEOUT
		EOC
	done &&
	sed "s/^spool .*/spool spool/" game.conf >host.conf &&
	"$CARCPBEM" keygen alice >/dev/null && "$CARCPBEM" keygen bob >/dev/null &&
	"$CARCPBEM" new -c host.conf --id g1 --seed t3210 --tiles "$TILES" \
		--key alice=alice.pub --key bob=bob.pub \
		--address alice=alice@$MAIL_DOMAIN --address bob=bob@$MAIL_DOMAIN \
		alice bob >new.out &&
	grep -q "Mailed the start to 2 players" new.out &&
	echo 2 >to-players && echo 0 >to-host
}

over () {
	"$CARCPBEM" show spool/games/g1 --json | grep -q '"over": true'
}

host_pass () {
	mailstack_wait_count "$(cat to-host)" game &&
	"$CARCPBEM" run --once -c host.conf 2>run.err || { cat run.err >&2; return 1; }
	add to-players "$(sent run.err)"
}

bot_pass () {
	mailstack_wait_count "$(cat to-players)" alice bob &&
	for p in alice bob; do
		"$CARCPBEM" bot --once -c "$p.conf" --key "$p.key" --seed "$p" 2>bot.err ||
			{ cat bot.err >&2; return 1; }
		add to-host "$(sent bot.err)"
	done
}

# rounds N: N rounds (or fewer: the game is over). Each round before the
# end has a turn answered: one without is stuck.
rounds () {
	i=0 &&
	while test "$i" -lt "$1"; do
		i=$((i + 1))
		host_pass || return 1
		if over; then
			bot_pass || return 1
			return 0
		fi
		before=$(cat to-host)
		bot_pass || return 1
		if test "$(cat to-host)" = "$before"; then
			echo "rounds: no bot answered in round $i" >&2
			return 1
		fi
	done
}

test_expect_success 'a game by mail: three rounds' '
	cd "$WORK" &&
	setup &&
	rounds 3 &&
	test "$(records)" = 3 &&
	test "$(cat to-host)" = 3 &&
	mailstack_wait_count 3 game &&
	test "$(queued spool)" = 0
'

test_expect_success 'SMTP down: run --once fails, says why, the mails wait in the queue' '
	cd "$WORK" &&
	mailstack_stop_smtp &&
	mailstack_count alice bob >players.before &&
	test_must_fail "$CARCPBEM" run --once -c host.conf 2>err &&
	cat err >&2 &&
	grep "1 turn applied" err &&
	grep "failed: 2 mails not sent (2 kept for a later try, 0 failed for good)" err &&
	grep "SMTP server smtp://127.0.0.1:$SMTP_PORT/game.example.test cannot be reached" err &&
	test "$(records)" = 4 &&
	test "$(queued spool)" = 2 &&
	test -f spool/queue/g1-r3-notice-2.eml && test -f spool/queue/g1-r3-update-1.eml &&
	grep -q "\"attempts\": *1" spool/queue/g1-r3-notice-2.env
'

test_expect_success 'still down: a run tries the mail not tried yet (issue 22.6), --flush fails again; nothing lost' '
	cd "$WORK" &&
	grep -q "\"attempts\": *0" spool/queue/g1-r3-update-1.env &&
	test_must_fail "$CARCPBEM" run --once -c host.conf 2>err &&
	grep "0 mails sent, 2 waiting in the queue" err &&
	grep -q "\"attempts\": *1" spool/queue/g1-r3-notice-2.env &&
	grep -q "\"attempts\": *1" spool/queue/g1-r3-update-1.env &&
	test_must_fail "$CARCPBEM" run --once --flush -c host.conf 2>err &&
	grep "2 mails not sent" err &&
	grep -q "\"attempts\": *2" spool/queue/g1-r3-notice-2.env &&
	test "$(queued spool)" = 2 &&
	test "$(records)" = 4 &&
	test "$(mailstack_count alice bob)" = "$(cat players.before)"
'

test_expect_success 'SMTP back: run --once --flush sends each queued mail exactly once' '
	cd "$WORK" &&
	mailstack_start_smtp &&
	"$CARCPBEM" run --once --flush -c host.conf 2>err &&
	grep "2 mails sent, 0 waiting" err &&
	add to-players 2 &&
	test "$(queued spool)" = 0 &&
	mailstack_wait_count "$(cat to-players)" alice bob &&
	"$CARCPBEM" run --once -c host.conf 2>err &&
	grep "0 mails sent, 0 waiting" err &&
	mailstack_wait_count "$(cat to-players)" alice bob &&
	test "$(mailstack_count alice bob)" = "$(cat to-players)" &&
	test "$(ids bob | grep -c "^<g1-r3-notice-2@")" = 1 &&
	test "$(ids alice | grep -c "^<g1-r3-update-1@")" = 1 &&
	test -z "$(ids alice bob | sort | uniq -d)"
'

test_expect_success 'SMTP down for a bot: its answer waits in its own queue' '
	cd "$WORK" &&
	mailstack_stop_smtp &&
	test_must_fail "$CARCPBEM" bot --once -c bob.conf --key bob.key 2>err &&
	cat err >&2 &&
	grep "bob: 1 message, 1 answered, 0 mails sent, 1 waiting" err &&
	grep "SMTP server smtp://127.0.0.1:$SMTP_PORT/bob.example.test cannot be reached" err &&
	test "$(queued bob-spool)" = 1 &&
	"$CARCPBEM" bot --once -c bob.conf --key bob.key 2>err &&
	grep "bob: 0 messages, 0 answered, 0 mails sent, 1 waiting" err &&
	mailstack_start_smtp &&
	"$CARCPBEM" bot --once --flush -c bob.conf --key bob.key 2>err &&
	grep "bob: 0 messages, 0 answered, 1 mail sent, 0 waiting" err &&
	add to-host 1 &&
	test "$(queued bob-spool)" = 0
'

test_expect_success 'the game goes on to its end; every mail arrived once' '
	cd "$WORK" &&
	rounds $ROUNDS &&
	over &&
	"$CARCPBEM" replay spool/games/g1 >replay.out &&
	test "$(records)" = $(($(cat to-host) + 1)) &&
	mailstack_wait_count "$(cat to-players)" alice bob &&
	mailstack_wait_count "$(cat to-host)" game &&
	test "$(mailstack_count alice bob)" = "$(cat to-players)" &&
	test "$(mailstack_count game)" = "$(cat to-host)" &&
	test -z "$(ids alice bob game | sort | uniq -d)" &&
	test "$(ids alice | grep -c "^<g1-r[0-9]*-over-1@")" = 1 &&
	test "$(ids bob | grep -c "^<g1-r[0-9]*-over-2@")" = 1 &&
	test "$(queued spool)" = 0 && test "$(queued alice-spool)" = 0 &&
	test "$(queued bob-spool)" = 0
'

test_done
