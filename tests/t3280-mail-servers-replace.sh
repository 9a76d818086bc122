#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# A whole game through real servers (tests/mailstack.sh: Dovecot IMAP and
# OpenSMTPD) with a player replaced midway by a host command mailed by the
# admin: alice and bob (computer players, carcpbem bot) play; after a few
# turns the admin mails a signed REPLACE giving bob's seat to carol, with
# a key and a mailbox of her own; carol's bot plays the seat to the end.
# The history replays, the REPLACE is a host record by the admin key, and
# every turn of the seat after it is signed with carol's key.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mailstack-lib.sh"

MAIL_USERS='game alice bob carol admin'
command -v curl >/dev/null 2>&1 || skip_all "curl is not installed (it sends the admin's mail)"
command -v jq >/dev/null 2>&1 || skip_all "jq is not installed"
mailstack_start

unset CARCPBEM_CONFIG CARCPBEM_NOW
WORK=$TRASH_BASE/work
mkdir -p "$WORK"
TILES=BA/RFr,BA/L,BA/C,BA/RCr,BA/Ccc,BA/RRR,BA/Rr,BA/CFc+,BA/LR,BA/CcRr

# bot_conf NAME: NAME's bot config (IMAP in, SMTP out, from NAME).
bot_conf () {
	cat >"$1.conf" <<-EOC
	spool $1-spool
	from "$1 <$1@$MAIL_DOMAIN>"
	inbox imap
	imap-url imap://127.0.0.1:$IMAP_PORT/INBOX
	imap-user $1@$MAIL_DOMAIN
	imap-password-file pw
	imap-tls none
	outbox smtp
	smtp-url smtp://127.0.0.1:$SMTP_PORT/$1.example.test
	smtp-tls none
	timeout $MAIL_TIMEOUT
	EOC
}

# host_pass: the host's run, its log kept.
host_pass () {
	"$CARCPBEM" run --once -c host.conf 2>>run.log || { tail run.log >&2; return 1; }
}

# bot NAME: one pass of NAME's bot, signing with NAME.key (carol's key
# is labelled bob: a bot plays the seat of its key's name).
bot () {
	k=$1.key && test "$1" != carol || k=carol/bob.key
	"$CARCPBEM" bot --once -c "$1.conf" --key "$k" --seed "$1" 2>>"$1.log" ||
		{ tail "$1.log" >&2; return 1; }
}

over () {
	"$CARCPBEM" show spool/games/g1 --json | grep -q '"over": true'
}

turns () {
	jq -s '[.[] | select(.event == "turn")] | length' spool/games/g1/history.jsonl
}

# rounds N PLAYERS...: host and bots in turn until the game is over or N
# rounds passed, each waiting until the mails sent before are delivered
# (LMTP delivers a little after SMTP).
rounds () {
	n=$1 && shift &&
	i=0 &&
	while test "$i" -lt "$n" && ! over; do
		i=$((i + 1)) &&
		host_pass && mailstack_wait_delivered &&
		for p in "$@"; do bot "$p" || return 1; done &&
		mailstack_wait_delivered || return 1
	done
}

test_expect_success 'setup: game g1 by mail for alice and bob; the admin key' '
	cd "$WORK" &&
	printf "%s\n" "$MAIL_PASSWORD" >pw && chmod 600 pw &&
	for p in alice bob admin; do
		"$CARCPBEM" keygen $p >/dev/null || return 1
	done &&
	mkdir carol && "$CARCPBEM" keygen -d carol bob >/dev/null &&
	bot_conf alice && bot_conf bob && bot_conf carol &&
	cp admin.pub admin-keys &&
	cat >host.conf <<-EOC &&
	spool spool
	from "Carcassonne <game@$MAIL_DOMAIN>"
	png no
	admin-keys admin-keys
	inbox imap
	imap-url imap://127.0.0.1:$IMAP_PORT/INBOX
	imap-user game@$MAIL_DOMAIN
	imap-password-file pw
	imap-tls none
	outbox smtp
	smtp-url smtp://127.0.0.1:$SMTP_PORT/host.example.test
	smtp-tls none
	timeout $MAIL_TIMEOUT
	EOC
	"$CARCPBEM" new -c host.conf --id g1 --seed t3280 --tiles "$TILES" \
		--key alice=alice.pub --key bob=bob.pub \
		--address "alice=alice@$MAIL_DOMAIN" --address "bob=bob@$MAIL_DOMAIN" \
		alice bob >new.out &&
	grep -q "Mailed the start to 2 players" new.out
'

test_expect_success 'alice and bob play a few turns' '
	cd "$WORK" &&
	until test "$(turns)" -ge 3; do
		rounds 1 alice bob || return 1
		test "$(wc -l <run.log)" -lt 400 || return 1
	done &&
	! over
'

test_expect_success 'the admin mails a signed REPLACE: carol takes bob'"'"'s seat' '
	cd "$WORK" &&
	"$CARCPBEM" command -k admin.key -g g1 -p host \
		REPLACE bob "$(cat carol/bob.pub)" "carol@$MAIL_DOMAIN" >replace.txt 2>/dev/null &&
	{ printf "From: admin@%s\nTo: game@%s\nSubject: replace bob\n" "$MAIL_DOMAIN" "$MAIL_DOMAIN" &&
	  printf "Message-ID: <replace.%s@%s>\nMIME-Version: 1.0\n" "$$" "$MAIL_DOMAIN" &&
	  printf "Content-Type: text/plain; charset=us-ascii\n\n" && cat replace.txt; } >replace.eml &&
	before=$(mailstack_count game) &&
	curl -sS --max-time 20 "smtp://127.0.0.1:$SMTP_PORT/admin.example.test" \
		--mail-from "admin@$MAIL_DOMAIN" --mail-rcpt "game@$MAIL_DOMAIN" -T replace.eml &&
	mailstack_wait_count $((before + 1)) game &&
	admin_before=$(mailstack_count admin) &&
	host_pass &&
	tail -n 1 spool/games/g1/history.jsonl |
		jq -e ".event == \"host\" and .command == \"replace\" and (.by | startswith(\"admin key \"))" &&
	jq -e ".secret.addresses.bob == \"carol@$MAIL_DOMAIN\"" spool/games/g1/state.json &&
	mailstack_wait_count $((admin_before + 1)) admin &&
	grep -l "host command: done" "$(mailstack_maildir admin)"/new/* >/dev/null
'

test_expect_success 'carol plays the seat to the end, with her own key' '
	cd "$WORK" &&
	rounds 60 alice carol &&
	over &&
	"$CARCPBEM" replay spool/games/g1 >replay.out &&
	carol_id=$("$CARCPBEM" command -k carol/bob.key -p carol X 2>/dev/null | sed -n "s/^Key: //p") &&
	bob_id=$("$CARCPBEM" command -k bob.key -p bob X 2>/dev/null | sed -n "s/^Key: //p") &&
	jq -s "[.[] | select(.event == \"host\" and .command == \"replace\")] | length" \
		spool/games/g1/history.jsonl | grep -qx 1 &&
	jq -rs "(map(.event == \"host\" and .command == \"replace\") | index(true)) as \$r |
		to_entries[] | select(.key > \$r and .value.event == \"turn\" and
		.value.player == \"bob\") | .value.text" spool/games/g1/history.jsonl >after &&
	grep -q "^Key: $carol_id" after &&
	! grep -q "^Key: $bob_id" after &&
	mailstack_wait_delivered && bot carol &&
	grep -l "g1-r[0-9]*-over-2@" "$(mailstack_maildir carol)"/*/* >/dev/null
'

test_done
