#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Several carcpbem on one IMAP mailbox, against the real Dovecot and
# OpenSMTPD (docs/mail.md, "Running two"): 8 games, three rounds of turns
# mailed over SMTP with verbs and bad mails among them.
# (a) One spool: a daemon, a second daemon of the same config (refused),
#     run --once from cron beside it, the daemon stopped midway and the
#     cron runs taking over, then the daemon again: every turn applied
#     once, every mail at the SMTP sink once, the mailbox all seen.
# (b) Two spools on one mailbox: the second (a daemon, a run from cron)
#     is refused (the first's mark, a folder, is named), takes no mail,
#     sends nothing; once the host deletes the mark it takes over. Two spools starting at the same
#     moment never both fetch.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mailstack-lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/concur.sh"

MAIL_USERS="alice bob carol h1 h2 h3"
mailstack_start

GAMES=8
ROUNDS=3

stop_all () {
	touch "$WORK/stop"
	for f in $(find "$WORK" -name carcpbem.pid); do
		kill -TERM "$(cat "$f")" 2>/dev/null
	done
	mailstack_exit_ "$1"
}
trap 'stop_all $?' EXIT

# imap_conf USER [SPOOL]: host.conf of a host reading USER's mailbox, its
# spool SPOOL (default spool), sending by SMTP.
imap_conf () {
	printf "%s\n" "$MAIL_PASSWORD" >pw && chmod 600 pw &&
	cat >host.conf <<-EOC
	spool ${2:-spool}
	from "Carcassonne <$1@$MAIL_DOMAIN>"
	png no
	inbox imap
	imap-url imap://127.0.0.1:$IMAP_PORT/INBOX
	imap-user $1@$MAIL_DOMAIN
	imap-password-file pw
	imap-tls none
	outbox smtp
	smtp-url smtp://127.0.0.1:$SMTP_PORT/host.example.test
	smtp-tls none
	timeout $MAIL_TIMEOUT
	poll 1s
	EOC
}

# imap USER COMMAND: the server's answer.
imap () {
	curl -sS --max-time 10 -u "$1@$MAIL_DOMAIN:$MAIL_PASSWORD" \
		"imap://127.0.0.1:$IMAP_PORT/INBOX" -X "$2" | tr -d '\r'
}

# all_seen USER: no message of USER's mailbox is unseen.
all_seen () {
	test "$(imap "$1" "UID SEARCH UNSEEN" | sed -n 's/^\* SEARCH//p' | wc -w)" = 0
}

# marks USER: the spools' marks (folders) on USER's mailbox, one a line.
marks () {
	imap "$1" 'LIST "" "carcpbem-spool-*"' | sed -n 's/^\* LIST .* "\{0,1\}\(carcpbem-spool-[^"]*\)"\{0,1\}$/\1/p'
}

# marked USER: a spool has marked USER's mailbox.
marked () {
	test -n "$(marks "$1")"
}

# mail_to USER FILE...: each FILE to USER over SMTP, in turn.
mail_to () {
	u=$1 && shift &&
	for m in "$@"; do
		curl -sS --max-time 10 "smtp://127.0.0.1:$SMTP_PORT/test.example" \
			--mail-from player@example.test --mail-rcpt "$u@$MAIL_DOMAIN" -T "$m" ||
			return 1
	done
}

# applied SPOOL R: every game of SPOOL has R turns in its history.
applied () {
	for g in $(seq 1 $GAMES); do
		test "$(wc -l <"$1/games/c$g/history.jsonl")" = $(($2 + 1)) || return 1
	done
}

# at_sink: the mails alice, bob and carol hold, and no Message-Id twice.
at_sink () {
	for u in alice bob carol; do
		find "$(mailstack_maildir $u)" -type f \( -path "*/new/*" -o -path "*/cur/*" \) \
			-exec grep -h -i -m1 "^Message-Id:" {} + 2>/dev/null
	done >ids &&
	test -z "$(sort ids | uniq -d)" &&
	wc -l <ids
}

test_expect_success 'the games, their turns, the reference run' '
	cd "$WORK" && concur_games $GAMES &&
	concur_turns $GAMES $ROUNDS mails &&
	cp -a spool base && cp -a spool ref &&
	sed "s/^spool spool/spool ref/" host.conf >ref.conf &&
	for r in $(seq 1 $ROUNDS); do concur_deliver mails $r ref || return 1; done &&
	"$CARCPBEM" run --once -c ref.conf -q && concur_done ref &&
	echo $(($(ls ref/outbox | wc -l) - $(ls base/outbox | wc -l))) >expected &&
	test "$(cat expected)" -gt $((GAMES * ROUNDS * 2)) &&
	test "$(at_sink)" = 0
'

test_expect_success 'one spool: two daemons, cron beside them: each turn and mail once' '
	mkdir "$WORK/one" && cd "$WORK/one" && cp -a ../base spool && imap_conf h1 &&
	: >codes && concur_daemon 1 &&
	wait_for test -s spool/carcpbem.pid && pid=$(cat spool/carcpbem.pid) &&
	expect_code 75 "$CARCPBEM" daemon -f -c host.conf 2>err &&
	grep "another daemon (pid $pid, pid file [^ ]*) holds the spool" err &&
	expect_code 75 "$CARCPBEM" run --once -c host.conf 2>err &&
	grep "the daemon (pid $pid) serves the spool" err &&
	{ concur_cron host.conf "$WORK/stop" & } &&
	mail_to h1 ../mails/r1-c*.eml &&
	WAIT_FOR_TENTHS=900 wait_for applied spool 1 &&
	mail_to h1 ../mails/x-*.eml ../mails/r2-c*.eml &&
	kill -TERM "$pid" &&
	WAIT_FOR_TENTHS=600 wait_for test -f daemon.1.rc &&
	WAIT_FOR_TENTHS=900 wait_for applied spool 2 &&
	concur_daemon 2 &&
	mail_to h1 ../mails/r3-c*.eml &&
	WAIT_FOR_TENTHS=900 wait_for applied spool 3 &&
	WAIT_FOR_TENTHS=900 wait_for concur_done spool &&
	WAIT_FOR_TENTHS=600 wait_for all_seen h1 &&
	touch "$WORK/stop" && wait_for test -s spool/carcpbem.pid &&
	kill -TERM "$(cat spool/carcpbem.pid)" &&
	WAIT_FOR_TENTHS=600 wait_for test -f daemon.2.rc && wait &&
	test "$(cat daemon.1.rc) $(cat daemon.2.rc)" = "0 0" &&
	! grep -v -x -e 0 -e 75 codes && grep -q -x 0 codes &&
	for g in $(seq 1 $GAMES); do
		cmp ../ref/games/c$g/history.jsonl spool/games/c$g/history.jsonl &&
		"$CARCPBEM" replay spool/games/c$g >/dev/null || return 1
	done &&
	test "$(ls spool/inbox/cur | wc -l)" = $((GAMES * ROUNDS + 5)) &&
	MAILSTACK_WAIT_SECONDS=60 mailstack_wait_count "$(cat ../expected)" alice bob carol &&
	sleep 1 && test "$(at_sink)" = "$(cat ../expected)" &&
	test "$(marks h1 | wc -l)" = 1 &&
	marks h1 | grep -q "$(cat spool/spool-id)$"
'

test_expect_success 'two spools on one mailbox: the second is refused, takes nothing' '
	mkdir "$WORK/two" "$WORK/two/A" "$WORK/two/B" && cd "$WORK/two/A" &&
	cp -a ../../base spool && imap_conf h2 &&
	cd ../B && imap_conf h2 && cd .. &&
	for u in alice bob carol; do
		find "$(mailstack_maildir $u)" -type f \( -path "*/new/*" -o -path "*/cur/*" \) \
			-delete || return 1
	done && # the same games as above: the same Message-Ids
	sink0=$(at_sink) && test "$sink0" = 0 &&
	(cd A && concur_daemon 1) &&
	wait_for test -s A/spool/carcpbem.pid &&
	wait_for marked h2 &&
	mark=$(marks h2) && test "$mark" = "$(marks h2 | grep "$(cat A/spool/spool-id)$")" &&
	(cd B && concur_daemon 1) &&
	wait_for grep -q "served by another carcpbem spool (its mark: the folder $mark" B/daemon.1.log &&
	grep "Give this spool a mailbox of its own (imap-url), or, if that spool no longer reads this one, delete that folder" B/daemon.1.log &&
	mkdir C && (cd C && imap_conf h2 &&
		    expect_code 1 "$CARCPBEM" run --once -c host.conf 2>err) &&
	grep "IMAP imap://[^ ]*/INBOX: the mailbox INBOX of h2@example.test is served by another carcpbem spool (its mark: the folder $mark): " C/err &&
	mail_to h2 ../mails/r1-c*.eml &&
	WAIT_FOR_TENTHS=900 wait_for applied A/spool 1 &&
	WAIT_FOR_TENTHS=600 wait_for all_seen h2 &&
	WAIT_FOR_TENTHS=600 wait_for concur_done A/spool &&
	MAILSTACK_WAIT_SECONDS=60 mailstack_wait_count $((sink0 + 2 * GAMES)) alice bob carol &&
	sleep 2 && test "$(at_sink)" = $((sink0 + 2 * GAMES)) &&
	test "$(find B/spool/inbox -type f | wc -l)" = 0 &&
	test "$(marks h2)" = "$mark" &&
	kill -TERM "$(cat A/spool/carcpbem.pid)" "$(cat B/spool/carcpbem.pid)" &&
	WAIT_FOR_TENTHS=600 wait_for test -f A/daemon.1.rc &&
	WAIT_FOR_TENTHS=600 wait_for test -f B/daemon.1.rc &&
	(cd B && imap h2 "DELETE \"$mark\"" >/dev/null &&
	 "$CARCPBEM" run --once -q -c host.conf) &&
	marks h2 | grep -q "$(cat B/spool/spool-id)$" &&
	(cd A && expect_code 1 "$CARCPBEM" run --once -q -c host.conf 2>err &&
	 grep -q "served by another carcpbem spool" err)
'

test_expect_success 'two spools starting at the same moment never both fetch' '
	mkdir "$WORK/moment" && cd "$WORK/moment" && i=0 &&
	while test $i -lt 4; do
		i=$((i + 1)) && mkdir $i && cd $i && mkdir A B &&
		(cd A && imap_conf h3) && (cd B && imap_conf h3) &&
		{ (cd A && timeout 60 "$CARCPBEM" run --once -q -c host.conf 2>err; echo $? >rc) &
		  (cd B && timeout 60 "$CARCPBEM" run --once -q -c host.conf 2>err; echo $? >rc) &
		  wait; } &&
		echo "$(cat A/rc) $(cat B/rc)" >>../outcomes &&
		test "$(cat A/rc) $(cat B/rc)" != "0 0" &&
		test "$(marks h3 | wc -l)" -le 1 &&
		for m in $(marks h3); do imap h3 "DELETE \"$m\"" >/dev/null || return 1; done &&
		cd .. || return 1
	done &&
	cat outcomes >&2
'

touch "$WORK/stop"
wait
test_done
