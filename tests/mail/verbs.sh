# Shell functions for the tests of mail verbs and signed commands
# (sourced after tests/mail/mailtest.sh and printed.sh): each mail under
# an inbox name of its own (the tests run in subshells, so mailtest.sh's
# counter starts again in each), and the answer to it.

# send ADDRESS FILE: FILE mailed by ADDRESS, processed; the newest answer
# to it in $ANSWER, its text in answer.txt.
send () {
	mail_from "$1" "command" "$2" >"$2.eml" &&
	deliver "$2.eml" "1700000000.M$2-$(date +%s%N)P$$.test" &&
	"$CARCPBEM" run --once -c host.conf -q &&
	ANSWER=$(ls -t spool/outbox/m-*-error.eml spool/outbox/m-*-command.eml \
		spool/outbox/m-*-map.eml 2>/dev/null | head -1) &&
	mail_text "$ANSWER" >answer.txt
}

# play PLAYER: as mailtest.sh's, under an inbox name of its own.
play () {
	turn_text "$1" >"turn-$1" &&
	mail_from "$1@example.test" "[carcassonne g1] my turn" "turn-$1" >"mail-$1" &&
	deliver "mail-$1" "1700000000.Mplay-$(date +%s%N)P$$.test" &&
	"$CARCPBEM" run --once -c host.conf -q
}
