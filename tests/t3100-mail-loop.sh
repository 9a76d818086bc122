#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The mail loop on the default transport (inbox Maildir, outbox
# directory): carcpbem new mails the start, run --once applies mailed
# turns and mails the next notice, and every kind of bad mail is answered
# once with its reason while nothing is applied.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

test_expect_success 'new -c mails the start to both players' '
	cd "$WORK" &&
	host_setup &&
	grep "Mailed the start to 2 players" new.out &&
	test -f spool/outbox/g1-r0-notice-1.eml &&
	test -f spool/outbox/g1-r0-start-2.eml &&
	grep -q "^To: alice@example.test" spool/outbox/g1-r0-notice-1.eml &&
	grep -q "^To: bob@example.test" spool/outbox/g1-r0-start-2.eml &&
	grep -q "^Subject: \[carcassonne g1\]" spool/outbox/g1-r0-notice-1.eml &&
	test "$(ls spool/queue | wc -l)" = 0
'

test_expect_success 'the notice has the skeleton, the legal actions and the view' '
	cd "$WORK" &&
	n=spool/outbox/g1-r0-notice-1.eml &&
	grep -q "^-----BEGIN CARCASSONNE TURN-----" $n &&
	grep -q "^Player: alice" $n &&
	grep -q "^   place " $n &&
	grep -q "filename=g1-alice.json" $n &&
	grep -q "^Auto-Submitted: auto-generated" $n &&
	grep -q "^X-Carcpbem-Loop: example.test" $n &&
	grep -q "^Message-Id: <g1-r0-notice-1@example.test>" $n &&
	! grep -q "seed" $n
'

test_expect_success 'a mailed turn is applied; the next player gets the notice' '
	cd "$WORK" &&
	play alice &&
	test "$(records)" = 2 &&
	test -f spool/outbox/g1-r1-notice-2.eml &&
	test -f spool/outbox/g1-r1-update-1.eml &&
	grep -q "^To: bob@example.test" spool/outbox/g1-r1-notice-2.eml &&
	grep -q "^References: <g1.game@example.test>" spool/outbox/g1-r1-notice-2.eml &&
	test "$(ls spool/inbox/new | wc -l)" = 0 &&
	test "$(ls spool/inbox/cur | wc -l)" = 1
'

test_expect_success 'run --once with nothing to do exits 0 and sends nothing' '
	cd "$WORK" &&
	before=$(outbox_count) &&
	"$CARCPBEM" run --once -c host.conf 2>err &&
	grep "0 messages" err &&
	test "$(outbox_count)" = "$before"
'

# docs/architecture.md: libcurl is loaded on the first IMAP or SMTP use,
# so a pass over a Maildir does not start its 30-odd libraries.
test_expect_success 'a pass over the Maildir does not load libcurl' '
	cd "$WORK" &&
	LD_DEBUG=libs "$CARCPBEM" run --once -c host.conf -q 2>ld.out &&
	grep -q libjansson ld.out &&
	! grep -q libcurl ld.out
'

# refused NAME MAIL-FILE PATTERN: the mail is answered once (MSGKEY-error)
# with PATTERN in the reply, and the game does not change. A stranger
# is answered once an hour (docs/mail.md): each test has its own.
refused () {
	cp spool/games/g1/state.json state.before &&
	before=$(outbox_count) &&
	deliver "$2" "$1" &&
	"$CARCPBEM" run --once -c host.conf -q &&
	test "$(outbox_count)" = $((before + 1)) &&
	reply=$(ls -t spool/outbox/*-error.eml | head -1) &&
	grep -q "$3" "$reply" &&
	grep -q "^Auto-Submitted: auto-replied" "$reply" &&
	cmp state.before spool/games/g1/state.json &&
	test ! -e "spool/inbox/new/$1"
}

test_expect_success 'a mail with no turn file is answered with how to send one' '
	cd "$WORK" &&
	printf "Hello, when do we play?\n" >body &&
	mail_from carol@example.test "hi" body >m1 &&
	refused m1 m1 "No turn file was found"
'

test_expect_success 'garbage is answered once, nothing applied' '
	cd "$WORK" &&
	head -c 3000 /dev/urandom | tr -d "\000" >junk &&
	{ printf "From: dave@example.test\nSubject: x\n\n"; cat junk; } >m2 &&
	refused m2 m2 "No turn file"
'

test_expect_success 'an unsigned turn is refused' '
	cd "$WORK" &&
	turn_text bob | sed "/^Key:/,/^-----END/d" >unsigned &&
	echo "-----END CARCASSONNE TURN-----" >>unsigned &&
	mail_from bob@example.test "turn" unsigned >m3 &&
	refused m3 m3 "not signed"
'

test_expect_success 'a turn for a game that does not exist is refused' '
	cd "$WORK" &&
	turn_text bob | sed "s/^Game: g1/Game: g9/" >t4 &&
	mail_from bob@example.test "turn" t4 >m4 &&
	refused m4 m4 "no game .g9."
'

test_expect_success 'an HTML-only mail without a turn is answered' '
	cd "$WORK" &&
	{ printf "From: bob@example.test\nSubject: hi\nMIME-Version: 1.0\n";
	  printf "Content-Type: text/html\n\n<p>Hello <b>there</b></p>\n"; } >m5 &&
	refused m5 m5 "only an HTML part"
'

test_expect_success 'an oversized mail is answered, not read' '
	cd "$WORK" &&
	turn_text bob >t6 &&
	{ cat t6; head -c 300000 /dev/zero | tr "\000" x | fold -w 70; } >big &&
	mail_from bob@example.test "turn" big >m6 &&
	refused m6 m6 "larger than this host accepts"
'

test_expect_success 'a turn signed with another key: refused, the seat owner told' '
	cd "$WORK" &&
	turn_text bob >good &&
	"$CARCPBEM" sign mallory.key good >forged &&
	mail_from mallory@example.test "turn" forged >m7 &&
	before=$(outbox_count) &&
	deliver m7 m7 &&
	"$CARCPBEM" run --once -c host.conf -q 2>err &&
	test "$(outbox_count)" = $((before + 2)) &&
	grep -q "unknown-key" spool/outbox/*-error.eml &&
	warn=$(ls spool/outbox/*-forged-2.eml) &&
	grep -q "^To: bob@example.test" $warn &&
	grep -q "mallory@example.test" $warn &&
	test "$(records)" = 2
'

test_expect_success 'a bounce, an auto-reply and list mail are never answered' '
	cd "$WORK" &&
	before=$(outbox_count) &&
	{ printf "From: MAILER-DAEMON@example.test\nReturn-Path: <>\nSubject: Undelivered\n\nsorry\n"; } >b1 &&
	{ printf "From: bob@example.test\nAuto-Submitted: auto-replied\nSubject: away\n\nI am away\n"; } >b2 &&
	{ printf "From: list@example.test\nList-Id: <games.example.test>\nSubject: hi\n\nhelp\n"; } >b3 &&
	{ printf "From: game@example.test\nSubject: loop\n\nhelp\n"; } >b4 &&
	deliver b1 b1 && deliver b2 b2 && deliver b3 b3 && deliver b4 b4 &&
	"$CARCPBEM" run --once -c host.conf 2>err &&
	grep "4 ignored" err &&
	test "$(outbox_count)" = "$before" &&
	test "$(ls spool/inbox/new | wc -l)" = 0
'

test_expect_success 'HELP, STATUS and HISTORY are answered' '
	cd "$WORK" &&
	printf "HELP\n" >vb && mail_from erin@example.test "please" vb >v1 &&
	mail_from bob@example.test "[carcassonne g1] status" /dev/null >v2 &&
	printf "history g1\n" >vh && mail_from alice@example.test "Re: x" vh >v3 &&
	deliver v1 v1 && deliver v2 v2 && deliver v3 v3 &&
	"$CARCPBEM" run --once -c host.conf -q &&
	test "$(ls spool/outbox/*-help.eml | wc -l)" = 1 &&
	grep -q "^To: erin@example.test" spool/outbox/*-help.eml &&
	grep -q "^To: bob@example.test" spool/outbox/*-status.eml &&
	grep -q "^To: alice@example.test" spool/outbox/*-history.eml
'

test_expect_success 'STATUS from a stranger is refused' '
	cd "$WORK" &&
	mail_from frank@example.test "status g1" /dev/null >v4 &&
	refused v4 v4 "not the address of a player"
'

test_expect_success 'the same turn mailed twice is applied once and answered once' '
	cd "$WORK" &&
	play bob &&
	test "$(records)" = 3 &&
	cp mail-bob again &&
	refused again again "applied already"
'

test_expect_success 'two turns in one mail are applied in order' '
	cd "$WORK" &&
	turn_text alice >ta &&
	rm -rf scratch && cp -r spool/games/g1 scratch &&
	"$CARCPBEM" apply scratch ta >/dev/null &&
	"$CARCPBEM" view scratch --player bob -o vb2.json &&
	act=$("$CARCPBEM" legal vb2.json | grep -m1 "^place") &&
	"$CARCPBEM" move vb2.json "$act" pass --key bob.key >tb &&
	cat ta tb >both &&
	mail_from alice@example.test "turns" both >m8 &&
	deliver m8 m8 &&
	"$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" = 5 &&
	tail -1 spool/games/g1/history.jsonl | grep -q "\"player\":\"bob\""
'

test_expect_success 'a broken game blocks no other; its mail waits for the repair' '
	cd "$WORK" &&
	"$CARCPBEM" new -c host.conf --id g2 --seed other --no-mail \
		--key alice=alice.pub --key bob=bob.pub alice bob >/dev/null &&
	"$CARCPBEM" view spool/games/g2 --player alice -o v2.json &&
	act=$("$CARCPBEM" legal v2.json | grep -m1 "^place") &&
	"$CARCPBEM" move v2.json "$act" pass --key alice.key >t2 &&
	mail_from alice@example.test "g2" t2 >mg2 && deliver mg2 mg2 &&
	turn_text alice >tb && mail_from alice@example.test "g1" tb >mg1 && deliver mg1 mg1 &&
	before=$(records) &&
	mv spool/games/g2/state.json g2.state &&
	echo "{ broken" >spool/games/g2/state.json &&
	expect_code 1 "$CARCPBEM" run --once -c host.conf -q 2>err &&
	grep "mg2" err &&
	test "$(records)" = $((before + 1)) &&
	test -f spool/inbox/new/mg2 &&
	mv g2.state spool/games/g2/state.json &&
	"$CARCPBEM" run --once -c host.conf -q &&
	test ! -e spool/inbox/new/mg2 &&
	test "$(wc -l <spool/games/g2/history.jsonl)" = 2
'

test_expect_success 'issue 21 (low): the README makes a Maildir of the outbox that a mail program opens' '
	cd "$WORK" &&
	. "$top_srcdir/tests/mail/printed.sh" &&
	sh_blocks "Reading the outbox" &&
	grep -q "^mkdir -p outbox-maildir/cur" block.1 &&
	grep -q "^mutt -f outbox-maildir$" block.1 &&
	grep -v "^mutt " block.1 >make-maildir &&
	rm -rf outbox-maildir && sh ./make-maildir &&
	n=$(ls spool/outbox/*.eml | wc -l) && test "$n" -ge 3 &&
	test "$(ls outbox-maildir/cur | wc -l)" = "$n" &&
	! grep -rl "$(printf "\r")" outbox-maildir &&
	python3 -c "import mailbox, sys
m = mailbox.Maildir(\"outbox-maildir\", create=False)
subjects = [msg[\"Subject\"] for msg in m]
assert len(subjects) == $n and all(subjects), subjects
assert any(\"your move\" in s for s in subjects), subjects"
'

test_done
