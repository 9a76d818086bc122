#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Game files written before the rule modules (issue 11) load, list the
# same legal actions and are written back byte for byte as that release
# wrote them: tests/turn/data/v3-game, made by the carcpbem of before the
# change (2nd edition, river, abbot, farmers, three players); and so do
# its archives (tests/turn/data/v3-archive).
. "$top_srcdir/tests/lib.sh"

DATA="$top_srcdir/tests/turn/data/v3-game"

test_expect_success 'a game in progress: the same legal actions' '
	cd "$WORK" &&
	cp "$DATA"/mid.json . && chmod 600 mid.json &&
	"$CARCPBEM" legal mid.json | grep -v "^#" >legal &&
	grep -v "^#" "$DATA"/mid.legal >expect &&
	test -s expect && cmp legal expect
'

test_expect_success 'an action on it gives the bytes the old release wrote' '
	cd "$WORK" &&
	cp "$DATA"/mid.json g.json && chmod 600 g.json &&
	"$CARCPBEM" play g.json "$(cat "$DATA"/mid.action)" >/dev/null &&
	cmp g.json "$DATA"/mid-after.json
'

test_expect_success 'the last action: the finished game, byte for byte (turn counts as it did)' '
	cd "$WORK" &&
	cp "$DATA"/last.json g.json && chmod 600 g.json &&
	"$CARCPBEM" play g.json "$(cat "$DATA"/last.action)" >/dev/null &&
	cmp g.json "$DATA"/over.json &&
	grep "^  \"turn\": 83,$" g.json
'

test_expect_success 'the finished game loads' '
	cd "$WORK" &&
	cp "$DATA"/over.json . && chmod 600 over.json &&
	"$CARCPBEM" legal over.json >out &&
	test "$(cat out)" = "# The game is over."
'

# A game directory (signed turns, history.jsonl) of that release:
# tests/turn/data/v3-archive, 13 records, and alice's next turn, turn13,
# with the state the old release wrote after applying it (but for the
# archive's head: the new record holds the time it was applied).
ARCH="$top_srcdir/tests/turn/data/v3-archive"

test_expect_success 'an archive of the old release replays; its next turn gives the same state' '
	cd "$WORK" &&
	mkdir game && cp "$ARCH"/state.json "$ARCH"/history.jsonl game/ &&
	chmod 600 game/state.json &&
	"$CARCPBEM" replay game >out &&
	grep "^game: game arch, 13 records: every signature and hash checks.$" out &&
	"$CARCPBEM" apply game "$ARCH"/turn13 >/dev/null &&
	grep -v "^    \"head\": " game/state.json >state &&
	grep -v "^    \"head\": " "$ARCH"/state-after.json >expect &&
	cmp state expect &&
	"$CARCPBEM" replay game >out &&
	grep "^game: game arch, 14 records: every signature and hash checks.$" out
'

test_done
