#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The Cathars' escape by mail (CATHARS-6, UN-21): the turn and mail
# layers ask the engine whose decision it is. carcpbem move asks for the
# escape to complete a turn; a turn signed without it (--partial) gets a
# notice to the player whose escape it is, naming the decision; bob
# cannot sign it; her escape mailed alone is applied, then bob is asked.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"

# game g1 as host_setup makes it, with the Cathars and a set bag: the
# start BA/RCr, then SI.CA/Cc (alice's knight in its besieged city), a
# monastery west of it (bob), a monastery south of the start (alice).
cathars_setup () {
	"$CARCPBEM" keygen alice >/dev/null 2>&1 &&
	"$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	printf "spool spool\nfrom \"Carcassonne <game@example.test>\"\n" >host.conf &&
	"$CARCPBEM" new -c host.conf --id g1 --seed mailtest --with cathars \
		--tiles SI.CA/Cc,BA/L,BA/L,BA/L,BA/L \
		--key alice=alice.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob >new.out
}

test_expect_success 'the first turns by mail' '
	cd "$WORK" &&
	cathars_setup &&
	send alice "place 0 -1 180" "knight S" &&
	send bob "place -1 -1 0" pass &&
	test -f spool/outbox/g1-r2-notice-1.eml
'

test_expect_success 'issue 21.8: the start mails say what the Cathars change' '
	cd "$WORK" &&
	part spool/outbox/g1-r0-start-2.eml plain >start-bob &&
	grep "Cathars: a city with a Cathar symbol is besieged: 1 point per tile" start-bob &&
	part spool/outbox/g1-r0-notice-1.eml plain >start-alice &&
	grep "What the rule sets of this game change:" start-alice &&
	grep "may escape through a monastery" start-alice &&
	part spool/outbox/g1-r0-start-2.eml html | grep "may escape through a monastery"
'

test_expect_success 'issue 21.8: the notice before the escape explains the symbol and the third Action' '
	cd "$WORK" &&
	part spool/outbox/g1-r2-notice-1.eml plain >before &&
	grep "Cathar symbol (a red disc with a yellow cross; ! on the text map): its city is besieged" before &&
	grep "add a third line \"Action: escape X Y\"" before &&
	part spool/outbox/g1-r2-notice-1.eml html >before.html &&
	grep "Action: escape X Y" before.html &&
	part spool/outbox/g1-r1-notice-2.eml plain >bob-turn &&
	grep "Cathar symbol" bob-turn
'

test_expect_success 'carcpbem move asks for the escape to complete the turn' '
	cd "$WORK" &&
	"$CARCPBEM" view spool/games/g1 --player alice -o view-alice.json &&
	test_must_fail "$CARCPBEM" move view-alice.json "place 0 1 0" pass \
		--key alice.key >out 2>err &&
	grep "the turn is not complete: you still escape; add one of: escape 0 -1, pass" err
'

test_expect_success 'a turn that stops before the escape: the notice goes to alice, naming it' '
	cd "$WORK" &&
	send alice "place 0 1 0" pass --partial &&
	n=spool/outbox/g1-r3-notice-1.eml &&
	test -f $n &&
	grep -q "^To: alice@example.test" $n &&
	grep -q "Your decision now: escape (2 choices):" $n &&
	grep -q "escape 0 -1" $n &&
	! test -e spool/outbox/g1-r3-notice-2.eml
'

test_expect_success 'issue 21.8: the escape notice says what escaping does and why here' '
	cd "$WORK" &&
	part spool/outbox/g1-r3-notice-1.eml plain >escape &&
	grep "Escape (Cathars): your knight is in a besieged city (a Cathar symbol) and a monastery stands on one of the 8 tiles around one of its Cathar tiles" escape &&
	grep "takes it back to your supply, scoring nothing for that city" escape &&
	part spool/outbox/g1-r3-notice-1.eml html | grep "takes it back to your supply"
'

test_expect_success 'bob cannot sign alice'"'"'s escape' '
	cd "$WORK" &&
	test_must_fail turn_text bob pass >out 2>err &&
	grep "it is alice'"'"'s decision" err
'

test_expect_success 'her escape mailed alone is applied; then bob is asked' '
	cd "$WORK" &&
	send alice "escape 0 -1" &&
	test -f spool/outbox/g1-r4-notice-2.eml &&
	grep -q "^To: bob@example.test" spool/outbox/g1-r4-notice-2.eml &&
	grep -q "escape 0 -1" spool/games/g1/history.jsonl
'

test_done
