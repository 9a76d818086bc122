# Shell functions for the mail-loop tests (sourced after tests/lib.sh):
# a host spool with a two-player game by mail, players' turns as mail
# files, delivery into the inbox Maildir, and looks into the outbox.

# Each test runs in a fresh trash directory; the tests of a script that
# play one game on, share WORK (cd "$WORK" first).
WORK=$TRASH_BASE/work
mkdir -p "$WORK"

CARCPBEM_NOW=1700000000
export CARCPBEM_NOW
unset CARCPBEM_CONFIG

# host_setup [NEW-OPTION...]: keys for alice and bob, host.conf, and game
# g1 in spool/ with both players' keys and addresses (the start mails are
# queued and written to spool/outbox); the options go to carcpbem new
# (--with MODULE, --tiles ...).
host_setup () {
	"$CARCPBEM" keygen alice >/dev/null 2>&1 &&
	"$CARCPBEM" keygen bob >/dev/null 2>&1 &&
	"$CARCPBEM" keygen mallory >/dev/null 2>&1 &&
	cat >host.conf <<-\EOC &&
	# the tests' host
	spool spool
	from "Carcassonne <game@example.test>"
	max-message-size 200K
	EOC
	"$CARCPBEM" new -c host.conf --id g1 --seed mailtest "$@" \
		--key alice=alice.pub --key bob=bob.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		alice bob >new.out
}

# host_setup_three [NEW-OPTION...]: as host_setup, for alice, bob and
# carol (no mallory, no size limit).
host_setup_three () {
	for p in alice bob carol; do
		"$CARCPBEM" keygen $p >/dev/null 2>&1 || return 1
	done &&
	printf "spool spool\nfrom \"Carcassonne <game@example.test>\"\n" >host.conf &&
	"$CARCPBEM" new -c host.conf --id g1 --seed mailtest "$@" \
		--key alice=alice.pub --key bob=bob.pub --key carol=carol.pub \
		--address alice=alice@example.test --address bob=bob@example.test \
		--address carol=carol@example.test alice bob carol >new.out
}

# turn_text PLAYER [ACTION...]: PLAYER's signed turn on the game as it
# stands (default actions: the first legal placement, then pass).
turn_text () {
	p=$1 && shift &&
	"$CARCPBEM" view spool/games/g1 --player "$p" -o "view-$p.json" &&
	if test $# -eq 0; then
		set -- "$("$CARCPBEM" legal "view-$p.json" | grep -m1 '^place')" pass
	fi &&
	"$CARCPBEM" move "view-$p.json" "$@" --key "$p.key"
}

# mail_from ADDRESS SUBJECT BODY-FILE: a plain mail on stdout.
mail_from () {
	printf 'From: %s\nTo: game@example.test\nSubject: %s\n' "$1" "$2" &&
	printf 'Message-ID: <%s.%s@example.test>\n' "$(date +%s%N)" "$$" &&
	printf 'Date: Tue, 14 Nov 2023 22:13:20 +0000\nMIME-Version: 1.0\n' &&
	printf 'Content-Type: text/plain; charset=us-ascii\n\n' &&
	cat "$3"
}

# mail_attach ADDRESS SUBJECT BODY-FILE FILE...: a multipart mail on
# stdout, the body text/plain, each FILE attached (base64) under its
# own name, as a mail program attaches it (.sig as
# application/pgp-signature, as mime.types has it).
mail_attach () {
	a=$1 s=$2 b=$3 && shift 3 &&
	printf 'From: %s\nTo: game@example.test\nSubject: %s\n' "$a" "$s" &&
	printf 'Message-ID: <%s.%s@example.test>\n' "$(date +%s%N)" "$$" &&
	printf 'Date: Tue, 14 Nov 2023 22:13:20 +0000\nMIME-Version: 1.0\n' &&
	printf 'Content-Type: multipart/mixed; boundary="=-b-="\n\n--=-b-=\n' &&
	printf 'Content-Type: text/plain; charset=utf-8\n\n' && cat "$b" &&
	for f in "$@"; do
		case $f in
		*.sig) t=application/pgp-signature ;;
		*) t=text/plain ;;
		esac
		printf '\n--=-b-=\nContent-Type: %s; name="%s"\n' "$t" "${f##*/}" &&
		printf 'Content-Disposition: attachment; filename="%s"\n' "${f##*/}" &&
		printf 'Content-Transfer-Encoding: base64\n\n' && base64 <"$f" || return 1
	done &&
	printf '\n--=-b-=--\n'
}

# deliver FILE [NAME]: into spool/inbox/new the Maildir way.
deliver_count=0
deliver () {
	deliver_count=$((deliver_count + 1)) &&
	name=${2:-$(printf '1700000000.M%06dP%d.test' "$deliver_count" "$$")} &&
	mkdir -p spool/inbox/tmp spool/inbox/new spool/inbox/cur &&
	cp "$1" "spool/inbox/tmp/$name" &&
	mv "spool/inbox/tmp/$name" "spool/inbox/new/$name"
}

# play PLAYER [ACTION...]: PLAYER's turn (default: the first legal
# placement, then pass), mailed in and processed.
play () {
	turn_text "$@" >"turn-$1" &&
	mail_from "$1@example.test" "[carcassonne g1] my turn" "turn-$1" >"mail-$1" &&
	deliver "mail-$1" &&
	"$CARCPBEM" run --once -c host.conf -q
}

# send PLAYER ACTION...: PLAYER's signed turn, mailed in and processed.
send () {
	turn_text "$@" >"turn-$1" &&
	mail_from "$1@example.test" "[carcassonne g1] my turn" "turn-$1" >"mail-$1" &&
	deliver "mail-$1" &&
	"$CARCPBEM" run --once -c host.conf -q
}

# part MAIL TYPE: the decoded text/TYPE part of MAIL, its flowed lines
# joined as a reader sees them.
part () {
	python3 -c "
import email, email.policy, sys
m = email.message_from_binary_file(open(sys.argv[1], \"rb\"), policy=email.policy.default)
for p in m.walk():
    if p.get_content_type() == \"text/\" + sys.argv[2]:
        print(p.get_content().replace(\" \\n\", \" \"))
" "$1" "$2"
}

# outbox_count: mails written to the outbox so far.
outbox_count () {
	find spool/outbox -maxdepth 1 -name '*.eml' | wc -l
}

# records: lines in the game's history.
records () {
	wc -l <spool/games/g1/history.jsonl
}

# wait_for CMD...: until CMD succeeds, at most 10 s ($WAIT_FOR_TENTHS
# tenths of a second).
wait_for () {
	n=0
	while ! "$@" 2>/dev/null; do
		n=$((n + 1))
		test $n -le "${WAIT_FOR_TENTHS:-100}" || return 1
		sleep 0.1
	done
}

# same DIR: DIR's spool (the games $SAME_GAMES, default g1; the outbox,
# inbox and queue) ends as the one in $WORK/ref, byte for byte.
same () {
	for g in ${SAME_GAMES:-g1}; do
		for f in state.json history.jsonl mailed; do
			cmp "$WORK/ref/spool/games/$g/$f" "$1/spool/games/$g/$f" || return 1
		done
	done &&
	(cd "$WORK/ref/spool" && ls outbox inbox/new inbox/cur queue) >want &&
	(cd "$1/spool" && ls outbox inbox/new inbox/cur queue) >got &&
	test_cmp want got &&
	for m in "$WORK"/ref/spool/outbox/*.eml; do
		cmp "$m" "$1/spool/outbox/${m##*/}" || return 1
	done
}
