#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# carcpbem demo: a whole game by mail through the host's mail loop on the
# default transport, with computer players that read the outbox and mail
# their signed turns into the inbox Maildir.
. "$top_srcdir/tests/lib.sh"

# The tests look at one game: they share WORK.
WORK=$TRASH_BASE/work
mkdir -p "$WORK"

test_expect_success 'demo plays a whole game by mail' '
	cd "$WORK" &&
	"$CARCPBEM" demo --seed by-mail --spool sp >out 2>err &&
	grep "^Demo: game [0-9a-f]* by mail between computer players (greedy) Ada <ada@players.invalid>, Blaise <blaise@players.invalid>;$" out &&
	grep "^Final board:$" out &&
	grep "^Final scores: Ada [0-9]*, Blaise [0-9]*$" out &&
	grep "^Archive: sp/.*-archive.json$" out &&
	test ! -s err
'

test_expect_success 'every turn went through the mailboxes, nothing is left over' '
	cd "$WORK" &&
	id=$(ls sp/games) &&
	turns=$(($(wc -l <sp/games/$id/history.jsonl) - 1)) &&
	test "$turns" -ge 60 &&
	test "$(ls sp/inbox/cur | wc -l)" = "$turns" &&
	test "$(ls sp/inbox/new | wc -l)" = 0 &&
	test "$(ls sp/outbox/read/*-notice-*.eml | wc -l)" = "$turns" &&
	test "$(ls sp/outbox/read/*-over-*.eml | wc -l)" = 2 &&
	test "$(ls sp/outbox/*.eml 2>/dev/null | wc -l)" = 0 &&
	test "$(ls sp/queue | wc -l)" = 0 &&
	! ls sp/outbox/read/*-error.eml 2>/dev/null
'

test_expect_success 'the archive replays: every turn signed by its player' '
	cd "$WORK" &&
	"$CARCPBEM" replay sp/*-archive.json >replay &&
	grep "^Fair draw: the bag matches the commitment" replay &&
	grep "Final scores: Ada" replay
'

test_expect_success 'the same seed plays the same game again' '
	cd "$WORK" &&
	"$CARCPBEM" demo --seed by-mail --spool sp2 >out2 &&
	grep "^Final scores: " out >a &&
	grep "^Final scores: " out2 >b &&
	test_cmp a b
'

test_expect_success 'demo -v prints each turn as it is mailed' '
	cd "$WORK" &&
	"$CARCPBEM" demo --seed verbose -v --spool sp3 >out &&
	grep -E "^  Ada +turn 1: place -?[0-9]+ -?[0-9]+ [0-9]+; " out &&
	grep -E "^  Blaise +turn 2: " out
'

test_expect_success 'demo with 3 players, river and abbot' '
	cd "$WORK" &&
	"$CARCPBEM" demo --seed r3 --players 3 --river --abbot --spool sp4 >out &&
	grep "^Final scores: Ada [0-9]*, Blaise [0-9]*, Carl [0-9]*$" out
'

# bodies DIR TAG: every text/plain body of the mails in DIR, one file each
# (body-TAG-N.txt), as sent (format=flowed, stuffing kept) and as read
# (read-TAG-N.txt: stuffing taken off, soft breaks joined).
bodies () {
	python3 - "$1" "$2" <<-\EOF
	import email, email.policy, glob, sys
	n = 0
	for f in sorted(glob.glob(sys.argv[1] + "/*.eml")):
	    m = email.message_from_binary_file(open(f, "rb"), policy=email.policy.default)
	    for part in m.walk():
	        if part.get_content_type() != "text/plain":
	            continue
	        if part.get_param("format") != "flowed":
	            sys.exit("%s: not format=flowed" % f)
	        raw = part.get_payload(decode=True).decode("utf-8").replace("\r\n", "\n")
	        read, joined = [], ""
	        for line in raw.split("\n"):
	            line = line[1:] if line.startswith(" ") else line
	            joined += line
	            if not line.endswith(" "):
	                read.append(joined)
	                joined = ""
	        n += 1
	        open("body-%s-%d.txt" % (sys.argv[2], n), "w").write(raw)
	        open("read-%s-%d.txt" % (sys.argv[2], n), "w").write("\n".join(read))
	print(n)
	EOF
}

test_expect_success 'every line of every mail of two whole games: at most 78 columns' '
	cd "$WORK" &&
	rm -f body-*.txt read-*.txt &&
	n=$(bodies sp/outbox/read two) && test "$n" -ge 60 &&
	n=$(bodies sp4/outbox/read three) && test "$n" -ge 60 &&
	! awk "length > 78 { print FILENAME \": \" \$0; bad = 1 } END { exit !bad }" body-*.txt &&
	grep -l "^Legend:" read-*.txt >with-map &&
	test -s with-map
'

test_expect_success 'maps and turn blocks are not reflowed; prose is' '
	cd "$WORK" &&
	! grep -l "^ *-----BEGIN CARCASSONNE TURN----- $" body-*.txt &&
	! grep -h "^  *[-0-9]* *[.#=|?].* $" body-*.txt | grep . &&
	grep -l "^Turn [0-9]*: .* $" body-*.txt
'

test_expect_success 'one legend: mail, show, render and README say the same' '
	cd "$WORK" &&
	legend () { sed -n "/^Legend:/,/\\.$/p" "$1"; } &&
	legend "$top_srcdir/README.md" >readme &&
	test "$(wc -l <readme)" = 2 &&
	for f in $(cat with-map); do legend "$f" >mail && test_cmp readme mail || return 1; done &&
	id=$(ls sp/games) &&
	"$CARCPBEM" show sp/games/$id/state.json >show &&
	legend show >shown && test_cmp readme shown &&
	"$CARCPBEM" render sp/games/$id/state.json >render &&
	legend render >rendered && test_cmp readme rendered
'

test_done
