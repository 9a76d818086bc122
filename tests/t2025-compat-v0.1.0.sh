#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Games and archives made by carcpbem 0.1.0, before the rule modules
# (tests/state/data/v0.1.0/README): they load, hash, replay and play on
# byte for byte, the state hash covering the rules they were made with.
. "$top_srcdir/tests/lib.sh"

DATA=$top_srcdir/tests/state/data/v0.1.0

for g in river-abbot base; do
	test_expect_success "$g: the 0.1.0 archive replays, final state hash the same" '
		cp "$DATA/'$g'-archive.json" . &&
		"$CARCPBEM" replay '$g'-archive.json >actual &&
		test_cmp "$DATA/'$g'-archive.replay" actual
	'

	test_expect_success "$g: the 0.1.0 game file loads with the same view and state hash" '
		cp "$DATA/'$g'-game.json" g.json &&
		"$CARCPBEM" view g.json -o view.json &&
		test_cmp "$DATA/'$g'-game.view.json" view.json &&
		"$CARCPBEM" show g.json >actual &&
		sed "s/g\.json/'$g'-game.json/" actual >show &&
		test_cmp "$DATA/'$g'-game.show" show
	'

	test_expect_success "$g: playing on writes what 0.1.0 wrote" '
		cp "$DATA/'$g'-game.json" g.json &&
		"$CARCPBEM" play g.json "$(cat "$DATA/'$g'-game.next-action")" >/dev/null &&
		test_cmp "$DATA/'$g'-game.next.json" g.json
	'
done

test_done
