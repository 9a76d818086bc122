#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Whole games by mail through real servers (tests/mailstack.sh: Dovecot
# IMAP and OpenSMTPD on 127.0.0.1): the host fetches its mailbox over
# IMAP and sends over SMTP; two computer players (carcpbem bot), each with
# a mailbox of its own, answer their notices, until the game is over.
# Three games: mail flagged \Seen; mail moved to a done folder; and the
# host on STARTTLS with SMTP AUTH through the submission port.
# Each round is: the host's run --once, then each bot's --once; before
# each, the test waits for the mail the others said they sent (LMTP
# delivers a little after SMTP), so no round is spent waiting.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mailstack-lib.sh"

# A host and two players for each game.
MAIL_USERS='game alice bob game2 carol dave game3 erin frank'
command -v curl >/dev/null 2>&1 || skip_all "curl is not installed (it looks into the mailboxes)"
mailstack_start tls submission

unset CARCPBEM_CONFIG CARCPBEM_NOW
WORK=$TRASH_BASE/work
mkdir -p "$WORK"
ROUNDS=400
# A short game: ten tiles; five for the games after the first.
TILES=BA/RFr,BA/L,BA/C,BA/RCr,BA/Ccc,BA/RRR,BA/Rr,BA/CFc+,BA/LR,BA/CcRr
SHORT=BA/RFr,BA/L,BA/C,BA/RCr,BA/Ccc

# having USER PATTERN: how many of USER's messages have a line matching
# PATTERN (grep -i).
having () {
	find "$(mailstack_maildir "$1")" -type f \( -path '*/new/*' -o -path '*/cur/*' \) \
		-exec grep -il "$2" {} + | wc -l
}

# sent FILE: how many mails the run or bot pass logged in FILE says it sent.
sent () {
	n=$(sed -n 's/.* \([0-9][0-9]*\) mails\{0,1\} sent.*/\1/p' "$1" | tail -n 1)
	echo "${n:-0}"
}

# imap USER FOLDER COMMAND: the server's answer to COMMAND on FOLDER.
imap () {
	curl -sS --max-time 10 -u "$1@$MAIL_DOMAIN:$MAIL_PASSWORD" \
		"imap://127.0.0.1:$IMAP_PORT/$2" -X "$3"
}

# nsearch USER FOLDER CRITERIA: how many messages UID SEARCH finds.
nsearch () {
	imap "$1" "$2" "UID SEARCH $3" | tr -d '\r' |
		sed -n 's/^\* SEARCH//p' | wc -w
}

# setup HOST P1 P2 [SETTING...]: in the current directory, the players'
# keys and bot configs (IMAP in, SMTP out; P1 with from, P2 with
# --address), the host's config with the SETTINGs after its own, and
# game g1 created, its start mailed.
setup () {
	h=$1 p1=$2 p2=$3 && shift 3 &&
	printf "%s\n" "$MAIL_PASSWORD" >pw && chmod 600 pw &&
	"$CARCPBEM" keygen "$p1" >/dev/null && "$CARCPBEM" keygen "$p2" >/dev/null &&
	for p in "$p1" "$p2"; do
		cat >"$p.conf" <<-EOC || return 1
		spool $p-spool
		inbox imap
		imap-url imap://127.0.0.1:$IMAP_PORT/INBOX
		imap-user $p@$MAIL_DOMAIN
		imap-password-file pw
		imap-tls none
		outbox smtp
		smtp-url smtp://127.0.0.1:$SMTP_PORT/$p.example.test
		smtp-tls none
		timeout $MAIL_TIMEOUT
		EOC
	done &&
	echo "from \"$p1 <$p1@$MAIL_DOMAIN>\"" >>"$p1.conf" &&
	cat >host.conf <<-EOC &&
	spool spool
	from "Carcassonne <$h@$MAIL_DOMAIN>"
	png no
	inbox imap
	imap-url imap://127.0.0.1:$IMAP_PORT/INBOX
	imap-user $h@$MAIL_DOMAIN
	imap-password-file pw
	outbox smtp
	timeout $MAIL_TIMEOUT
	EOC
	for s in "$@"; do echo "$s" >>host.conf || return 1; done &&
	"$CARCPBEM" new -c host.conf --id g1 --seed "t3200 $h" --tiles "$TILES" \
		--key "$p1=$p1.pub" --key "$p2=$p2.pub" \
		--address "$p1=$p1@$MAIL_DOMAIN" --address "$p2=$p2@$MAIL_DOMAIN" \
		"$p1" "$p2" >new.out &&
	grep -q "Mailed the start to 2 players" new.out &&
	echo 2 >to-players && echo 0 >to-host
}

over () {
	"$CARCPBEM" show spool/games/g1 --json | grep -q '"over": true'
}

# host_pass HOST P1 P2: waits for the players' mail, runs the host once.
host_pass () {
	mailstack_wait_count "$(cat to-host)" "$1" &&
	"$CARCPBEM" run --once -c host.conf 2>run.err || { cat run.err >&2; return 1; }
	echo $(($(cat to-players) + $(sent run.err))) >to-players
}

# bot_pass P1 P2: waits for the host's mail, runs each bot once.
bot_pass () {
	mailstack_wait_count "$(cat to-players)" "$1" "$2" &&
	"$CARCPBEM" bot --once -c "$1.conf" --key "$1.key" --seed "$1" 2>bot.err &&
	n=$(sent bot.err) &&
	"$CARCPBEM" bot --once -c "$2.conf" --key "$2.key" --seed "$2" \
		--address "$2@$MAIL_DOMAIN" 2>bot.err || { cat bot.err >&2; return 1; }
	echo $(($(cat to-host) + n + $(sent bot.err))) >to-host
}

# play HOST P1 P2: rounds until the game is over and its last mails read.
# Each round before the end has a turn answered: one without is stuck.
play () {
	round=0 &&
	while test "$round" -lt "$ROUNDS"; do
		round=$((round + 1))
		host_pass "$@" || return 1
		if over; then
			bot_pass "$2" "$3" || return 1
			echo "# the game took $round rounds" >&2
			return 0
		fi
		before=$(cat to-host)
		bot_pass "$2" "$3" || return 1
		if test "$(cat to-host)" = "$before"; then
			echo "play: no bot answered in round $round" >&2
			return 1
		fi
	done
	echo "play: the game is not over after $ROUNDS rounds" >&2
	return 1
}

# finished HOST P1 P2: every mail arrived once; the game over reached both
# players; the history replays; every turn mailed was applied; the queues
# are empty.
finished () {
	mailstack_wait_count "$(cat to-players)" "$2" "$3" &&
	mailstack_wait_count "$(cat to-host)" "$1" &&
	test "$(mailstack_count "$2" "$3")" = "$(cat to-players)" &&
	test "$(mailstack_count "$1")" = "$(cat to-host)" &&
	test "$(having "$2" "^Message-Id: <g1-r[0-9]*-over-1@")" = 1 &&
	test "$(having "$3" "^Message-Id: <g1-r[0-9]*-over-2@")" = 1 &&
	"$CARCPBEM" replay spool/games/g1 >replay.out &&
	test "$(wc -l <spool/games/g1/history.jsonl)" = $(($(cat to-host) + 1)) &&
	test "$(find spool/queue "$2-spool/queue" "$3-spool/queue" -type f | wc -l)" = 0 &&
	test "$(nsearch "$2" INBOX UNSEEN)" = 0 &&
	test "$(nsearch "$3" INBOX UNSEEN)" = 0
}

test_expect_success 'a game: host on IMAP and SMTP, two bots, to the end' '
	cd "$WORK" && mkdir seen && cd seen &&
	setup game alice bob "imap-tls none" \
		"smtp-url smtp://127.0.0.1:$SMTP_PORT/host.example.test" "smtp-tls none" &&
	test "$(find spool/queue -type f | wc -l)" = 0 &&
	play game alice bob &&
	finished game alice bob
'

test_expect_success 'every message of the host'"'"'s INBOX is \Seen' '
	cd "$WORK/seen" &&
	all=$(nsearch game INBOX ALL) &&
	test "$all" = "$(cat to-host)" &&
	test "$(nsearch game INBOX SEEN)" = "$all" &&
	test "$(nsearch game INBOX UNSEEN)" = 0
'

test_expect_success 'the bots logged their turns; a pass with nothing new' '
	cd "$WORK/seen" &&
	test -d alice-spool/inbox/cur && test -d bob-spool/inbox/cur &&
	test "$(find alice-spool/inbox/new bob-spool/inbox/new -type f | wc -l)" = 0 &&
	test "$(find alice-spool/inbox/cur -type f | wc -l)" = "$(mailstack_count alice)" &&
	"$CARCPBEM" bot --once -c alice.conf --key alice.key 2>again.err &&
	grep "alice: 0 messages, 0 answered, 0 mails sent, 0 waiting" again.err
'

test_expect_success 'without --once: passes until SIGTERM, holding the spool' '
	cd "$WORK/seen" || exit 1
	"$CARCPBEM" bot -c alice.conf --key alice.key 2>loop.err &
	pid=$!
	mailstack_wait_file loop.err "bot alice started" &&
	expect_code 75 "$CARCPBEM" bot --once -c alice.conf --key alice.key 2>locked.err
	r=$?
	kill -TERM "$pid" && wait "$pid" &&
	test "$r" = 0 &&
	grep "in use by another carcpbem (pid $pid" locked.err &&
	grep "bot alice stopped by a signal" loop.err
'

test_expect_success 'imap-done-folder: the host moves what it fetched to Done' '
	cd "$WORK" && mkdir done && cd done &&
	TILES=$SHORT &&
	setup game2 carol dave "imap-tls none" "imap-done-folder Done" \
		"smtp-url smtp://127.0.0.1:$SMTP_PORT/host.example.test" "smtp-tls none" &&
	play game2 carol dave &&
	finished game2 carol dave &&
	test "$(nsearch game2 INBOX ALL)" = 0 &&
	test "$(nsearch game2 Done ALL)" = "$(cat to-host)"
'

test_expect_success 'STARTTLS: IMAP, and SMTP AUTH through the submission port' '
	test -n "$SUBMISSION_PORT" && test -s "$MAILSTACK_CAFILE" &&
	cd "$WORK" && mkdir tls && cd tls &&
	TILES=$SHORT &&
	setup game3 erin frank "imap-tls starttls" "cafile $MAILSTACK_CAFILE" \
		"smtp-url smtp://127.0.0.1:$SUBMISSION_PORT/host.example.test" \
		"smtp-tls starttls" "smtp-user game3@$MAIL_DOMAIN" "smtp-password-file pw" &&
	play game3 erin frank &&
	finished game3 erin frank &&
	test "$(nsearch game3 INBOX UNSEEN)" = 0 &&
	log=$MAILSTACK_DIR/log/dovecot.log &&
	grep "submission-login: .*Login: user=<game3@$MAIL_DOMAIN>.*, TLS" "$log" >tls &&
	grep "imap-login: .*Login: user=<game3@$MAIL_DOMAIN>.*, TLS" "$log" >>tls
'

test_expect_success 'a wrong IMAP password: the bot fails and says why' '
	cd "$WORK/seen" &&
	printf "wrong\n" >bad && chmod 600 bad &&
	sed "s/^imap-password-file .*/imap-password-file bad/" alice.conf >bad.conf &&
	test_must_fail "$CARCPBEM" bot --once -c bad.conf --key alice.key 2>bad.err &&
	grep "IMAP login refused" bad.err
'

test_done
