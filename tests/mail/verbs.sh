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

# confirm ADDRESS: the newest answer to ADDRESS (an OBSERVE's code)
# answered as a mail program replies, "Re: " and its subject; the
# answer to that in $ANSWER and answer.txt.
confirm () {
	m=$(grep -l "^To: $1" $(ls -t spool/outbox/m-*.eml) | head -1) &&
	subj=$(tr -d "\r" <"$m" | sed -n "s/^Subject: //p" | head -1) &&
	printf "Yes, please.\n" >confirm.body &&
	mail_from "$1" "Re: $subj" confirm.body >confirm.eml &&
	deliver confirm.eml "1700000000.Mconfirm-$(date +%s%N)P$$.test" &&
	"$CARCPBEM" run --once -c host.conf -q &&
	ANSWER=$(ls -t spool/outbox/m-*-error.eml spool/outbox/m-*-command.eml | head -1) &&
	mail_text "$ANSWER" >answer.txt
}

# observe_code ADDRESS GAME: the code the host mails ADDRESS for
# OBSERVE GAME, asked in a copy of the spool (the spool is left as it
# was), printed.
observe_code () {
	rm -rf obs.tmp && mkdir obs.tmp && cp -r spool host.conf obs.tmp/ &&
	(cd obs.tmp && printf "OBSERVE %s\n" "$2" >o.txt &&
	 mail_from "$1" "hello" o.txt >o.eml &&
	 deliver o.eml "1700000000.Mobs-$(date +%s%N)P$$.test" &&
	 "$CARCPBEM" run --once -c host.conf -q &&
	 m=$(grep -l "^To: $1" $(ls -t spool/outbox/m-*-command.eml) | head -1) &&
	 tr -d "\r" <"$m" | sed -n "s/^Subject: .*OBSERVE [^ ]* \([0-9a-f]*\): reply.*/\1/p") &&
	rm -rf obs.tmp
}

# play PLAYER: as mailtest.sh's, under an inbox name of its own.
play () {
	turn_text "$1" >"turn-$1" &&
	mail_from "$1@example.test" "[carcassonne g1] my turn" "turn-$1" >"mail-$1" &&
	deliver "mail-$1" "1700000000.Mplay-$(date +%s%N)P$$.test" &&
	"$CARCPBEM" run --once -c host.conf -q
}
