#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# SPOOL/players.index, the spool's index of who plays or observes where
# (src/pbem/spool/players_index.h): a mail's stranger check reads it instead of
# every game; it is rebuilt when missing, torn or older than the games
# folder, and dropped when a game is made (new, CREATE), a seat replaced
# (admin replace) or an observer comes or goes (OBSERVE, UNOBSERVE).
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/printed.sh"
. "$top_srcdir/tests/mail/verbs.sh"

# hi ADDRESS: a mail without a turn from ADDRESS, processed; prints how
# many mails it was answered with (a stranger: one an hour; a player: each).
hi () {
	printf "Hello %s\n" "$(date +%s%N)" >hi.txt &&
	mail_from "$1" "hi" hi.txt >hi.eml &&
	deliver hi.eml "$(date +%s%N).hi.test" &&
	b=$(outbox_count) &&
	"$CARCPBEM" run --once -c host.conf -q &&
	echo $(($(outbox_count) - b))
}

# entries: the index's lines without its header.
entries () {
	tail -n +2 spool/players.index
}

test_expect_success 'new leaves no index; the first mail builds it from the games' '
	cd "$WORK" &&
	host_setup &&
	printf "observers *@example.test\n" >>host.conf &&
	test ! -e spool/players.index &&
	test "$(hi alice@example.test)" = 1 &&
	head -n 1 spool/players.index | grep -q "^carcpbem-players 1 " &&
	printf "alice@example.test\tg1\nbob@example.test\tg1\n" >want &&
	entries >got && test_cmp want got
'

test_expect_success 'a player is answered every time, a stranger once an hour' '
	cd "$WORK" &&
	test "$(hi alice@example.test)" = 1 &&
	test "$(hi Bob@Example.test)" = 1 &&
	test "$(hi dave@example.test)" = 1 &&
	test "$(hi dave@example.test)" = 0
'

test_expect_success 'a turn keeps the index; it is read, not rebuilt' '
	cd "$WORK" &&
	cp spool/players.index before &&
	play alice &&
	cmp before spool/players.index &&
	printf "%s\n" "$(head -n 1 spool/players.index)" "zed@example.test	g1" >spool/players.index &&
	test "$(hi zed@example.test)" = 1 && test "$(hi zed@example.test)" = 1 &&
	cp before spool/players.index
'

test_expect_success 'a missing index is rebuilt the same' '
	cd "$WORK" &&
	rm spool/players.index &&
	test "$(hi alice@example.test)" = 1 &&
	cmp before spool/players.index
'

test_expect_success 'a torn or corrupt index is rebuilt' '
	cd "$WORK" &&
	head -c -1 before >spool/players.index &&
	test "$(hi bob@example.test)" = 1 &&
	cmp before spool/players.index &&
	printf "carcpbem-players 1 0 0 0\nzed@example.test\tg1\n" >spool/players.index &&
	test "$(hi bob@example.test)" = 1 &&
	cmp before spool/players.index &&
	printf "garbage" >spool/players.index &&
	test "$(hi alice@example.test)" = 1 &&
	cmp before spool/players.index
'

test_expect_success 'a new game changes the games folder: its players are indexed' '
	cd "$WORK" &&
	"$CARCPBEM" keygen carol >/dev/null 2>&1 &&
	"$CARCPBEM" new -c host.conf --id g2 --seed two \
		--key alice=alice.pub --key carol=carol.pub \
		--address alice=alice@example.test --address carol=carol@example.test \
		alice carol >new2.out &&
	test "$(hi carol@example.test)" = 1 &&
	test "$(hi carol@example.test)" = 1 &&
	grep -q "^carol@example.test	g2$" spool/players.index &&
	grep -q "^alice@example.test	g2$" spool/players.index
'

# erin's OBSERVE, as a stranger's mail, takes her answer of the hour (the
# code to confirm with; the confirmed OBSERVE is answered, the code
# vouching for the address): after UNOBSERVE she is a stranger again and
# gets none.
test_expect_success 'OBSERVE and UNOBSERVE change the index' '
	cd "$WORK" &&
	printf "OBSERVE g1\n" >o.txt &&
	mail_from erin@example.test "command" o.txt >o.eml &&
	deliver o.eml &&
	"$CARCPBEM" run --once -c host.conf -q &&
	! grep -q "erin@example.test" spool/games/g1/meta.json &&
	printf "OBSERVE g1 %s\n" "$(observe_code erin@example.test g1)" >c.txt &&
	mail_from erin@example.test "command" c.txt >c.eml &&
	deliver c.eml &&
	"$CARCPBEM" run --once -c host.conf -q &&
	grep -q "erin@example.test" spool/games/g1/meta.json &&
	test "$(hi erin@example.test)" = 1 &&
	grep -q "^erin@example.test	g1$" spool/players.index &&
	test "$(hi erin@example.test)" = 1 &&
	printf "UNOBSERVE g1\n" >u.txt &&
	mail_from erin@example.test "command" u.txt >u.eml &&
	deliver u.eml &&
	"$CARCPBEM" run --once -c host.conf -q &&
	grep -q "erin@example.test" spool/games/g1/meta.json &&
	confirm erin@example.test &&
	! grep -q "erin@example.test" spool/games/g1/meta.json &&
	test "$(hi erin@example.test)" = 0 &&
	! grep -q "^erin@" spool/players.index
'

test_expect_success 'admin replace gives the seat'"'"'s address to the new player' '
	cd "$WORK" &&
	"$CARCPBEM" keygen frank >/dev/null 2>&1 &&
	test "$(hi frank@example.test)" = 1 &&
	"$CARCPBEM" admin -c host.conf g1 replace bob frank.pub frank@example.test >out &&
	test "$(hi frank@example.test)" = 1 &&
	grep -q "^frank@example.test	g1$" spool/players.index &&
	! grep -q "^bob@example.test" spool/players.index
'

test_done
