#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# An update names a figure's place as the player wrote it (issue 10):
# the place name, then the player's own word when it was another.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/mail/mailtest.sh"
. "$top_srcdir/tests/mail/printed.sh"

test_expect_success 'setup' '
	cd "$WORK" &&
	host_setup
'

# The first tile (BA/Rr, road S-W) at -1,0 turned 180: its field south of
# the road is S; SL is another name of it.
test_expect_success 'farmer SL by mail: the update says at S (SL)' '
	cd "$WORK" &&
	turn_text alice "place -1 0 180" "farmer S" >made &&
	grep "^Action: farmer S$" made &&
	sed "s/^Action: farmer S$/Action: farmer SL/" made >written &&
	"$CARCPBEM" sign -o signed alice.key written >/dev/null &&
	grep "^Action: farmer SL$" signed &&
	mail_from alice@example.test "[carcassonne g1] my turn" signed >m-sl &&
	deliver m-sl &&
	"$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" -eq 2 &&
	n=0 &&
	for f in spool/outbox/*.eml; do
		mail_text "$f" >text &&
		if grep -q "put a farmer" text; then
			grep "^ *alice put a farmer on the field at S (SL) of -1,0\.$" text &&
			n=$((n + 1)) || return 1
		fi
	done &&
	test "$n" -eq 2
'

test_expect_success 'issue 21 (low): a figure the placement does not allow: How to fix it names the figures it allows' '
	cd "$WORK" &&
	"$CARCPBEM" view spool/games/g1 --player bob -o vb.json &&
	place=$("$CARCPBEM" legal vb.json | grep -m1 "^place") &&
	turn_text bob "$place" pass >made &&
	sed "s/^Action: pass$/Action: monk/" made >written &&
	"$CARCPBEM" sign -o signed bob.key written >/dev/null &&
	mail_from bob@example.test "[carcassonne g1] my turn" signed >m-monk &&
	deliver m-monk &&
	"$CARCPBEM" run --once -c host.conf -q &&
	test "$(records)" -eq 2 &&
	mail_text "$(ls -t spool/outbox/m-*-error.eml | head -1)" | tr "\n" " " | tr -s " " >err &&
	grep "action 2 \"monk\" is refused" err &&
	grep "How to fix it: Keep your placement ($place) and choose one of the choices it leaves: [^.]*pass\. Or choose another placement from the legal actions below\." err
'

test_done
