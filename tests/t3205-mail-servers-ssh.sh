#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# A short game through real servers (tests/mailstack.sh: Dovecot IMAP and
# OpenSMTPD on 127.0.0.1) where alice signs with her SSH key (issue 14):
# she reads each notice from her mailbox, runs the ssh-keygen command it
# prints, as printed, and sends turn.txt and turn.txt.sig over SMTP (as
# two attachments, then pasted into the body, in turn); bob is a computer
# player with a carcpbem key (carcpbem bot). The host fetches over IMAP
# and sends over SMTP, to the end of the game.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mailstack-lib.sh"
. "$top_srcdir/tests/mail/printed.sh"

command -v ssh-keygen >/dev/null 2>&1 ||
	skip_all "ssh-keygen is not installed (Debian: openssh-client)"
command -v curl >/dev/null 2>&1 || skip_all "curl is not installed (alice mails with it)"
MAIL_USERS='game alice bob'
mailstack_start

unset CARCPBEM_CONFIG CARCPBEM_NOW
WORK=$TRASH_BASE/work
mkdir -p "$WORK"
TILES=BA/RFr,BA/L,BA/C,BA/RCr
SIGN='ssh-keygen -Y sign -f ~/.ssh/id_ed25519 -n carcassonne turn.txt'

# sent FILE: how many mails the pass logged in FILE says it sent.
sent () {
	n=$(sed -n 's/.* \([0-9][0-9]*\) mails\{0,1\} sent.*/\1/p' "$1" | tail -n 1)
	echo "${n:-0}"
}

setup () {
	printf "%s\n" "$MAIL_PASSWORD" >pw && chmod 600 pw &&
	mkdir -p home/.ssh && chmod 700 home/.ssh &&
	ssh-keygen -q -t ed25519 -N "" -C alice@laptop -f home/.ssh/id_ed25519 &&
	"$CARCPBEM" keygen bob >/dev/null &&
	cat >bob.conf <<-EOC &&
	spool bob-spool
	inbox imap
	imap-url imap://127.0.0.1:$IMAP_PORT/INBOX
	imap-user bob@$MAIL_DOMAIN
	imap-password-file pw
	imap-tls none
	outbox smtp
	smtp-url smtp://127.0.0.1:$SMTP_PORT/bob.example.test
	smtp-tls none
	timeout 20s
	EOC
	cat >host.conf <<-EOC &&
	spool spool
	from "Carcassonne <game@$MAIL_DOMAIN>"
	png no
	inbox imap
	imap-url imap://127.0.0.1:$IMAP_PORT/INBOX
	imap-user game@$MAIL_DOMAIN
	imap-password-file pw
	imap-tls none
	outbox smtp
	smtp-url smtp://127.0.0.1:$SMTP_PORT/host.example.test
	smtp-tls none
	timeout 20s
	EOC
	"$CARCPBEM" new -c host.conf --id g1 --seed t3205 --tiles "$TILES" \
		--key alice=home/.ssh/id_ed25519.pub --key bob=bob.pub \
		--address "alice=alice@$MAIL_DOMAIN" --address "bob=bob@$MAIL_DOMAIN" \
		alice bob >new.out &&
	echo 0 >to-host && echo 2 >to-players && : >alice-done
}

over () {
	"$CARCPBEM" show spool/games/g1 --json | grep -q '"over": true'
}

# alice_pass: alice answers each notice to her she has not answered yet:
# turn.txt filled in from it, signed as it prints, sent over SMTP.
alice_pass () {
	for m in $(grep -l "^Message-Id: <g1-r[0-9]*-notice-1@" \
			"$(mailstack_maildir alice)"/new/* 2>/dev/null); do
		grep -qxF "$m" alice-done && continue
		echo "$m" >>alice-done
		n=$(wc -l <alice-done) && d=turn$n && rm -rf "$d" && mkdir "$d" &&
		mail_text "$m" >"$d/notice" &&
		sed -n "/^-----BEGIN CARCASSONNE TURN/,/^-----END/p" "$d/notice" >"$d/skel" &&
		"$CARCPBEM" view spool/games/g1 --player alice -o "$d/v.json" &&
		place=$("$CARCPBEM" legal "$d/v.json" | grep -m1 "^place") &&
		awk -v a="$place" '/^Action:[ ]*$/ { n++; print "Action: " (n == 1 ? a : "pass"); next } { print }' \
			"$d/skel" >"$d/turn.txt" &&
		printed_commands ssh-keygen <"$d/notice" >"$d/cmds" &&
		test "$(cat "$d/cmds")" = "$SIGN" &&
		(cd "$d" && HOME=$WORK/home && export HOME && eval "$(cat cmds)" 2>err) &&
		compose "$d" $((n % 2)) >"$d/mail" &&
		curl -sS --max-time 10 "smtp://127.0.0.1:$SMTP_PORT/alice.example.test" \
			--mail-from "alice@$MAIL_DOMAIN" --mail-rcpt "game@$MAIL_DOMAIN" \
			-T "$d/mail" &&
		echo $(($(cat to-host) + 1)) >to-host || return 1
	done
}

# compose DIR ATTACH: alice's mail: turn.txt and turn.txt.sig attached
# (ATTACH 1) or pasted into the body (0), CR LF line ends as on the wire.
compose () {
	printf 'From: alice@%s\nTo: game@%s\nSubject: Re: [carcassonne g1] my move\n' \
		"$MAIL_DOMAIN" "$MAIL_DOMAIN" &&
	printf 'Message-ID: <%s.alice@example.test>\nMIME-Version: 1.0\n' "$(date +%s%N)" &&
	if test "$2" = 1; then
		printf 'Content-Type: multipart/mixed; boundary="b"\n\n--b\n' &&
		printf 'Content-Type: text/plain\n\nMy move.\n' &&
		for f in turn.txt turn.txt.sig; do
			printf '\n--b\nContent-Type: application/octet-stream\n' &&
			printf 'Content-Disposition: attachment; filename="%s"\n' "$f" &&
			printf 'Content-Transfer-Encoding: base64\n\n' && base64 <"$1/$f" || return 1
		done &&
		printf '\n--b--\n'
	else
		printf 'Content-Type: text/plain; charset=utf-8\n\nMy move:\n\n' &&
		cat "$1/turn.txt" "$1/turn.txt.sig"
	fi | sed 's/$/\r/'
}

# round: the host's pass, then alice's and bob's.
round () {
	mailstack_wait_count "$(cat to-host)" game &&
	"$CARCPBEM" run --once -c host.conf 2>run.err || { cat run.err >&2; return 1; }
	echo $(($(cat to-players) + $(sent run.err))) >to-players &&
	mailstack_wait_count "$(cat to-players)" alice bob && alice_pass &&
	"$CARCPBEM" bot --once -c bob.conf --key bob.key --seed bob \
		--address "bob@$MAIL_DOMAIN" 2>bot.err || { cat bot.err >&2; return 1; }
	echo $(($(cat to-host) + $(sent bot.err))) >to-host
}

test_expect_success 'alice with ssh-keygen, bob a bot with a carcpbem key: to the end' '
	cd "$WORK" && setup &&
	r=0 && until over; do
		r=$((r + 1)) && test $r -le 30 && round || return 1
	done &&
	"$CARCPBEM" run --once -c host.conf 2>run.err &&
	test "$(wc -l <alice-done)" -ge 2 &&
	"$CARCPBEM" replay spool/games/g1 >replay.out &&
	grep "every signature and hash checks" replay.out &&
	mailstack_wait_mail alice "$(($(wc -l <alice-done) + 1))" &&
	grep -l "^Message-Id: <g1-r[0-9]*-over-1@" "$(mailstack_maildir alice)"/*/* &&
	! grep -l "^Message-Id: <[^>]*-error@" "$(mailstack_maildir alice)"/*/*
'

test_done
