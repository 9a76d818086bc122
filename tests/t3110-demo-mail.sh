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
	grep "^Demo: game [0-9a-f]* by mail between computer players Ada <ada@players.invalid>, Blaise <blaise@players.invalid>;$" out &&
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

test_done
