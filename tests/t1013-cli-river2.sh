#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# River II from the command line (RULES.md 4): new --with river2, legal,
# play, show and its map; River I and II together (RIVER-7); the volcano
# and the lake in one turn (RIVER2-5, RIVER2-8); random games (selfplay).
. "$top_srcdir/tests/lib.sh"

test_expect_success 'RIVER2-2, RIVER2-3: new --with river2 starts at the spring, the fork first' '
	"$CARCPBEM" new --seed r2 --with river2 -o g.json alice bob >out &&
	grep "^Created g.json: a game for alice (A), bob (B); edition 1, farmers, river2.$" out &&
	grep "^Turn 1: alice (A) to place RI.2/III (river N-E-W); 81 tiles left in the bag.$" out &&
	"$CARCPBEM" legal g.json | sed "/^#/d" >legal &&
	printf "place 1 0 0\nplace 1 0 180\nplace 1 0 270\n" >expect &&
	test_cmp expect legal &&
	python3 -c "import json
r = json.load(open(\"g.json\"))[\"rules\"]
assert r[\"river2\"] is True and r[\"river\"] is False, r"
'

test_expect_success 'RIVER2-3: the fork opens two branches; the map draws them' '
	"$CARCPBEM" new --seed r2 --with river2 -o g.json alice bob >/dev/null &&
	"$CARCPBEM" play g.json "place 1 0 0" pass >out &&
	grep "^alice placed RI.2/III at 1,0 rotation 0.$" out &&
	"$CARCPBEM" show g.json >show &&
	grep "^  0 .  @~~~~~~~~~~ " show &&
	"$CARCPBEM" legal g.json | sed "/^#/d" >legal &&
	printf "place 1 -1 180\nplace 2 0 0\nplace 2 0 270\n" >expect &&
	test_cmp expect legal
'

test_expect_success 'RIVER2-5, RIVER2-8: the volcano, no figure on it, then the lake at once' '
	"$CARCPBEM" new --seed v --with river2 --tiles RI.2/III,RI.2/I.v,RI.2/IFC,BA/L \
		-o v.json alice bob >/dev/null &&
	"$CARCPBEM" play v.json "place 1 0 0" pass >/dev/null &&
	"$CARCPBEM" play v.json "place 2 0 0" >out &&
	grep "^Turn 2: bob (B) to place RI.2/IFC (city E, river W); 1 tile left in the bag.$" out &&
	expect_code 1 "$CARCPBEM" play v.json "farmer NL" 2>err &&
	grep "BASE-TURN-1" err &&
	"$CARCPBEM" show v.json >show &&
	grep "^Symbols: ^ volcano.$" show &&
	"$CARCPBEM" play v.json "place 1 -1 270" "knight N" >out &&
	grep "^Turn 3: alice (A) to place BA/L" out
'

test_expect_success 'RIVER2-5: the volcano and the lake by signed turns made from views' '
	cp "$top_srcdir"/tests/turn/data/keys/alice.* . && chmod 600 alice.key &&
	"$CARCPBEM" new --seed vol --with river2 --dir game --id solo --key alice.pub \
		alice >/dev/null &&
	n=0 &&
	while test $n -lt 26; do
		"$CARCPBEM" view game -o v.json &&
		a=$("$CARCPBEM" legal v.json | sed "/^#/d" | head -n 1) &&
		"$CARCPBEM" move --partial v.json "$a" --key alice.key -o t >/dev/null &&
		"$CARCPBEM" apply game t >/dev/null || return 1
		n=$((n + 1))
	done &&
	"$CARCPBEM" show --json game | python3 -c "import json, sys
ids = [t[\"id\"] for t in json.load(sys.stdin)[\"tiles\"]]
v = ids.index(\"RI.2/I.v\")
assert ids[1] == \"RI.2/III\" and ids[v + 1] == \"RI.2/IFC\", ids"
'

test_expect_success 'RIVER-7: River I and II together; River I lake leaves the game' '
	"$CARCPBEM" new --seed r12 --with river,river2 -o b.json alice bob >out &&
	grep "^Turn 1: alice (A) to place RI.2/III (river N-E-W); 91 tiles left in the bag.$" out &&
	expect_code 2 "$CARCPBEM" new --with river,river2 --tiles RI.1/I.e -o x.json a b 2>err &&
	grep "tile RI.1/I.e leaves the game when these tile sets are played together" err &&
	! test -e x.json
'

test_expect_success 'random games with river2 and with river,river2: no listed action refused' '
	"$CARCPBEM" selfplay -n 30 --seed s2 --with river2 >out &&
	"$CARCPBEM" selfplay -n 30 --seed s12 --players 3 --with river,river2 --edition 2 >>out
'

test_done
