#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# What the mail loop does with strange and hostile mail (issue 10): each
# test is a reproducer of something that once went wrong.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/printed.sh"

test_expect_success 'setup' '
	cd "$WORK" &&
	host_setup
'

# max_line FILE: the length of FILE's longest line, CR LF ends not counted.
max_line () {
	tr -d "\r" <"$1" | awk "length > m { m = length } END { print m + 0 }"
}

test_expect_success 'a config that starts with a UTF-8 BOM is read' '
	cd "$WORK" &&
	{ printf "\357\273\277"; cat host.conf; } >bom.conf &&
	"$CARCPBEM" run --once -c bom.conf -q
'

test_expect_success 'a 5,000-character Message-ID stays out of the answer' '
	cd "$WORK" &&
	long=$(head -c 5000 /dev/zero | tr "\000" x) &&
	mid=$(head -c 230 /dev/zero | tr "\000" y) &&
	{ printf "From: carol@example.test\nSubject: hi\nMessage-ID: <%s@example.test>\n" "$long" &&
	  printf "References:" &&
	  for i in 1 2 3 4 5 6 7 8; do printf " <%s.%d@example.test>" "$mid" $i; done &&
	  printf "\n\nhello\n"; } >long-id &&
	deliver long-id long-id &&
	"$CARCPBEM" run --once -c host.conf -q &&
	reply=$(ls spool/outbox/*-error.eml) &&
	! grep -q "^In-Reply-To:" "$reply" &&
	! grep -q "xxxxxxxxxx" "$reply" &&
	grep -q "$mid.8@example.test" "$reply" &&
	test "$(max_line "$reply")" -le 998
'

# has_controls FILE: FILE holds ESC, BEL or another C0 control byte
# (tab, line ends and form feeds aside).
has_controls () {
	LC_ALL=C grep -q "$(printf "[\001-\010\013\016-\037\177]")" "$1"
}

test_expect_success 'ESC and BEL in a turn reach neither the log nor the reply' '
	cd "$WORK" &&
	turn_text alice >good &&
	"$CARCPBEM" sign alice.key good >good.signed &&
	# The signer refuses control bytes, so they are put in after signing,
	# as a hostile sender would, and into the subject too.
	sed "s/^Action: pass/Action: pass$(printf "\033")[2J$(printf "\007")x/" \
		good.signed >evil.signed &&
	has_controls evil.signed &&
	mail_from alice@example.test \
		"[carcassonne g1] turn $(printf "\033")]0;owned$(printf "\007")" \
		evil.signed >m-esc &&
	deliver m-esc m-esc &&
	"$CARCPBEM" run --once -c host.conf 2>err &&
	reply= &&
	for f in spool/outbox/*-error.eml; do
		mail_text "$f" | grep -q "control character (0x1b)" && reply=$f
	done &&
	test -n "$reply" &&
	grep -q "refused" err &&
	! has_controls err &&
	! has_controls "$reply"
'

test_expect_success 'a FIFO, a directory and a symlink in inbox/new: set aside once' '
	cd "$WORK" &&
	mkfifo spool/inbox/new/fifo &&
	mkdir spool/inbox/new/dir &&
	printf "From: carol@example.test\nSubject: hi\n\nhello\n" >target &&
	ln -s "$WORK/target" spool/inbox/new/link &&
	printf "hello\n" >body && mail_from dave@example.test "hi" body >plain &&
	deliver plain plain &&
	timeout 60 "$CARCPBEM" run --once -c host.conf 2>err5 &&
	grep "fifo is a FIFO" err5 &&
	grep "dir is a directory" err5 &&
	grep "link is a symbolic link" err5 &&
	grep "4 messages, 0 turns applied, 1 reply, 3 ignored" err5 &&
	test -p spool/inbox/rejected/fifo &&
	test -d spool/inbox/rejected/dir &&
	test -L spool/inbox/rejected/link &&
	test "$(ls spool/inbox/new | wc -l)" = 0 &&
	timeout 60 "$CARCPBEM" run --once -c host.conf 2>err2 &&
	! grep "warning" err2
'

test_expect_success 'temporary files a kill left behind are removed after a while' '
	cd "$WORK" &&
	for d in spool spool/queue spool/inbox/new spool/outbox; do
		touch -d @1699990000 $d/.carc-tmp.999.1 &&
		touch -d @1699999900 $d/.carc-tmp.999.2 || return 1
	done &&
	"$CARCPBEM" run --once -c host.conf 2>err &&
	grep "removed 4 temporary files" err &&
	test "$(find spool -name ".carc-tmp.999.1" | wc -l)" = 0 &&
	test "$(find spool -name ".carc-tmp.999.2" | wc -l)" = 4
'

test_expect_success 'the spool is looked at for them once every 10 minutes, not every pass' '
	cd "$WORK" &&
	CARCPBEM_NOW=1700001000 "$CARCPBEM" run --once -c host.conf 2>/dev/null &&
	touch -d @1699990000 spool/queue/.carc-tmp.999.3 &&
	CARCPBEM_NOW=1700001060 "$CARCPBEM" run --once -c host.conf 2>err &&
	test -e spool/queue/.carc-tmp.999.3 &&
	CARCPBEM_NOW=1700001700 "$CARCPBEM" run --once -c host.conf 2>err &&
	grep "removed 1 temporary file" err &&
	test ! -e spool/queue/.carc-tmp.999.3
'

test_expect_success 'and from a game'"'"'s directory when a turn opens the game' '
	cd "$WORK" &&
	touch -d @1699990000 spool/games/g1/.carc-tmp.999.1 &&
	touch -d @1699999900 spool/games/g1/.carc-tmp.999.2 &&
	turn_text alice >good-turn &&
	sed "s/^Action: pass/Action: pass pass/" good-turn >forged &&
	mail_from alice@example.test "[carcassonne g1] turn" forged >m-forged &&
	deliver m-forged m-forged &&
	records_before=$(records) &&
	"$CARCPBEM" run --once -c host.conf 2>err &&
	grep "m-forged from alice@example.test: refused: .*bad-signature" err &&
	grep "games/g1: removed 1 temporary file left by a killed run" err &&
	test "$(records)" = "$records_before" &&
	test ! -e spool/games/g1/.carc-tmp.999.1 &&
	test -e spool/games/g1/.carc-tmp.999.2 &&
	rm spool/games/g1/.carc-tmp.999.2
'

# mail_old_turn NAME: alice mails old-turn; the reply's file is printed.
mail_old_turn () {
	mail_from alice@example.test "[carcassonne g1] turn" old-turn >"$1" &&
	deliver "$1" "$1" &&
	"$CARCPBEM" run --once -c host.conf -q &&
	ls -t spool/outbox/*-error.eml | head -1
}

test_expect_success 'a turn from an out-of-date view: turn N, turn M, the view attached' '
	cd "$WORK" &&
	"$CARCPBEM" view spool/games/g1 --player alice -o old-view.json &&
	act=$("$CARCPBEM" legal old-view.json | grep "^place" | sed -n 2p) &&
	"$CARCPBEM" move old-view.json "$act" pass --key alice.key >old-turn &&
	play alice &&
	reply=$(mail_old_turn m-old1) &&
	mail_text "$reply" | grep -q "made for turn 1, but the game has moved on to turn 2: bob to place" &&
	grep -q "filename=g1-alice.json" "$reply" &&
	! grep -q "g1-bob.json" "$reply" &&
	mail_text "$reply" | grep -q "It is bob.s decision now" &&
	test "$(records)" = 2
'

test_expect_success 'the same, once it is the sender'"'"'s decision again: how to move' '
	cd "$WORK" &&
	play bob &&
	reply=$(mail_old_turn m-old2) &&
	mail_text "$reply" | grep -q "made for turn 1, but the game has moved on to turn 3: alice to place" &&
	grep -q "filename=g1-alice.json" "$reply" &&
	mail_text "$reply" | grep -q "carcpbem move g1-alice.json" &&
	test "$(records)" = 3
'

# The flood tests start an hour later, with no limit in force.
CARCPBEM_NOW=1700010000

test_expect_success 'one forged turn from 20 made-up senders: 1 warning, few replies' '
	cd "$WORK" &&
	sed "s/^Player: alice/Player: bob/" old-turn >forge &&
	"$CARCPBEM" sign mallory.key forge >forged &&
	before=$(outbox_count) &&
	i=1 && while test $i -le 20; do
		mail_from "eve$i@example.invalid" "[carcassonne g1] turn" forged >f$i &&
		deliver f$i f$i || return 1
		i=$((i + 1))
	done &&
	for i in 1 2 3; do
		mail_from eve1@example.invalid "[carcassonne g1] turn" forged >g$i &&
		deliver g$i g$i || return 1
	done &&
	CARCPBEM_NOW=1700010000 "$CARCPBEM" run --once -c host.conf 2>err &&
	test "$(ls spool/outbox/*-forged-2.eml | wc -l)" = 1 &&
	test "$(grep -l "^To: eve1@" spool/outbox/*-error.eml | wc -l)" = 1 &&
	test "$(outbox_count)" = $((before + 11)) &&
	grep "23 messages, 0 turns applied, 10 replies, 13 ignored" err &&
	test "$(records)" = 3
'

test_expect_success 'an hour later the seat owner is warned again, once' '
	cd "$WORK" &&
	mail_from eve1@example.invalid "[carcassonne g1] turn" forged >h1 &&
	mail_from eve2@example.invalid "[carcassonne g1] turn" forged >h2 &&
	deliver h1 h1 && deliver h2 h2 &&
	CARCPBEM_NOW=1700013601 "$CARCPBEM" run --once -c host.conf -q &&
	test "$(ls spool/outbox/*-forged-2.eml | wc -l)" = 2 &&
	test "$(grep -l "^To: eve1@" spool/outbox/*-error.eml | wc -l)" = 2 &&
	test "$(grep -l "^To: eve2@" spool/outbox/*-error.eml | wc -l)" = 1
'

test_expect_success 'killed anywhere in a limited answer: still one warning, one reply' '
	cd "$WORK" &&
	rm -rf start && mkdir start && cp -r spool host.conf start/ &&
	mail_from eve9@example.invalid "[carcassonne g1] turn" forged >k1 &&
	(cd start && deliver ../k1 k1 &&
	 CARCPBEM_CRASH_LOG=$WORK/points CARCPBEM_NOW=1700020000 \
		"$CARCPBEM" run --once -c host.conf -q) &&
	grep "mail queued" points &&
	n=$(wc -l <points) && i=1 &&
	while test $i -le "$n"; do
		rm -rf w && cp -r start w && (
			cd w && deliver ../k1 k1 &&
			export CARCPBEM_NOW=1700020000 &&
			expect_code 137 env CARCPBEM_CRASH_AT=$i \
				"$CARCPBEM" run --once -c host.conf -q 2>/dev/null &&
			"$CARCPBEM" run --once -c host.conf -q &&
			test "$(ls spool/outbox/*-forged-2.eml | wc -l)" = 3 &&
			test "$(grep -l "^To: eve9@" spool/outbox/*-error.eml | wc -l)" = 1 &&
			test "$(ls spool/inbox/new | wc -l)" = 0
		) || { echo "killed at point $i: $(sed -n "${i}p" points)"; return 1; }
		i=$((i + 1))
	done
'

test_expect_success 'a public key in the body is kept for the host, not taken for a turn' '
	cd "$WORK" &&
	"$CARCPBEM" keygen zoe >/dev/null 2>&1 &&
	cp spool/games/g1/state.json state.before &&
	{ printf "Hi, here is my key:\n\n"; cat zoe.pub; } >kb &&
	mail_from zoe@example.test "my key" kb >key1 &&
	deliver key1 key1 &&
	CARCPBEM_NOW=1700030000 "$CARCPBEM" run --once -c host.conf 2>err &&
	id=$(sed -n "s/.*sent public key \([0-9a-f]*\) (zoe).*/\1/p" err) &&
	test -n "$id" &&
	grep "add it with carcpbem new --key zoe=" err &&
	grep -q "^carcpbem-ed25519 " "spool/keys/$id.pub" &&
	grep -q "mailed by zoe@example.test" "spool/keys/$id.pub" &&
	"$CARCPBEM" new --id kt --key "zoe=spool/keys/$id.pub" \
		--key bob=bob.pub --dir ktdir zoe bob >/dev/null &&
	reply=$(ls -t spool/outbox/*-key.eml | head -1) &&
	grep -q "^To: zoe@example.test" "$reply" &&
	grep -q "key $id (zoe): kept for the host" "$reply" &&
	! grep -q "No turn file" "$reply" &&
	cmp state.before spool/games/g1/state.json
'

test_expect_success 'a .pub attachment, OpenSSH keys and secret keys are told apart' '
	cd "$WORK" &&
	"$CARCPBEM" keygen yan >/dev/null 2>&1 &&
	pub=$(base64 -w0 yan.pub) &&
	{ printf "From: yan@example.test\nSubject: key\nMIME-Version: 1.0\n" &&
	  printf "Content-Type: multipart/mixed; boundary=b\n\n--b\n" &&
	  printf "Content-Type: text/plain\n\nmy keys\n" &&
	  printf "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOv yan@laptop\n" &&
	  printf "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC yan@old\n" &&
	  printf "> -----BEGIN OPENSSH PRIVATE KEY-----\n> b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n" &&
	  printf "> -----END OPENSSH PRIVATE KEY-----\n" &&
	  cat yan.key && printf "\n--b\n" &&
	  printf "Content-Type: application/x-mspublisher\n" &&
	  printf "Content-Disposition: attachment; filename=yan.pub\n" &&
	  printf "Content-Transfer-Encoding: base64\n\n%s\n--b--\n" "$pub"; } >key2 &&
	deliver key2 key2 &&
	CARCPBEM_NOW=1700030000 "$CARCPBEM" run --once -c host.conf 2>err &&
	grep "yan@example.test mailed a secret key" err &&
	reply=$(ls -t spool/outbox/*-key.eml | head -1) &&
	grep -q "^To: yan@example.test" "$reply" &&
	grep "yan@example.test mailed an OpenSSH private key: not kept" err &&
	grep -q "a line that looks like a key (in the body) but is none" "$reply" &&
	tr -d "\r" <"$reply" | grep -q "an SSH key of type ssh-rsa (in the body): not kept" &&
	grep -q "ssh-keygen -t ed25519" "$reply" &&
	grep -q "an OpenSSH PRIVATE key (in the body): not kept" "$reply" &&
	grep -q "a SECRET key (in the body): not kept" "$reply" &&
	grep -q "(yan): kept for the host" "$reply" &&
	! grep -rq "secret" spool/keys && ! grep -rq "PRIVATE\|ssh-rsa" spool/keys
'

test_expect_success 'a turn made before the same turn moved on: said so, view attached' '
	cd "$WORK" &&
	"$CARCPBEM" view spool/games/g1 --player alice -o v3.json &&
	act=$("$CARCPBEM" legal v3.json | grep -m1 "^place") &&
	"$CARCPBEM" move v3.json "$act" pass --key alice.key >full &&
	sed "/^Action: pass/d" full >tile-only &&
	"$CARCPBEM" sign alice.key tile-only >partial &&
	mail_from alice@example.test "[carcassonne g1] turn" partial >p1 &&
	deliver p1 p1 &&
	CARCPBEM_NOW=1700040000 "$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" = 4 &&
	mail_from alice@example.test "[carcassonne g1] turn" full >p2 &&
	deliver p2 p2 &&
	CARCPBEM_NOW=1700040000 "$CARCPBEM" run --once -c host.conf -q &&
	reply=$(ls -t spool/outbox/*-error.eml | head -1) &&
	mail_text "$reply" | grep -q "made for turn 3 from an earlier view of it" &&
	mail_text "$reply" | grep -q "moved on since, to turn 3: alice to put a figure" &&
	grep -q "filename=g1-alice.json" "$reply" &&
	grep -q "carcpbem move g1-alice.json \"knight N\"" "$reply" &&
	test "$(records)" = 4
'

test_done
