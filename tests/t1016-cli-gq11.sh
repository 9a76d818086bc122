#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Games Quarterly 11 from the command line (RULES.md 5, GQ-1; the pigsty
# RIVER2-7, CF-08): new --with gq11, legal, play, show and its map, the
# river tiles only with a river, the road spring, random games.
. "$top_srcdir/tests/lib.sh"

# first GAME: the first legal action.
first () {
	"$CARCPBEM" legal "$1" | sed "/^#/d" | head -n 1
}

test_expect_success 'GQ-1: new --with gq11 (ten more tiles, the key in the game file), legal, play, show to the end' '
	"$CARCPBEM" new --seed gq --with gq11 -o g.json alice bob >out &&
	grep "^Created g.json: a game for alice (A), bob (B); edition 1, farmers, gq11.$" out &&
	grep "; 80 tiles left in the bag.$" out &&
	python3 -c "import json
r = json.load(open(\"g.json\"))[\"rules\"]
assert r[\"gq11\"] is True and r[\"river\"] is False, r" &&
	"$CARCPBEM" new --seed gq -o b.json alice bob >out &&
	grep "; 70 tiles left in the bag.$" out &&
	i=0 &&
	while a=$(first g.json) && test -n "$a"; do
		"$CARCPBEM" play g.json "$a" >/dev/null || return 1
		i=$((i + 1)) && test $i -le 162 || return 1
	done &&
	test $i -ge 160 &&
	"$CARCPBEM" show g.json >show &&
	grep "^Game g.json: 2 players; edition 1, farmers, gq11.$" show &&
	grep "^Final scores: alice [0-9]*, bob [0-9]*$" show &&
	"$CARCPBEM" show --json g.json | python3 -c "import json, sys
d = json.load(sys.stdin)
ids = [t[\"id\"] for t in d[\"tiles\"]]
assert len(ids) == 82, len(ids)
gq = sorted(i for i in ids if i.startswith(\"GQ/\"))
assert len(gq) == 10 and \"GQ/CICI\" not in gq and \"GQ/RFI\" not in gq, gq"
'

test_expect_success 'GQ-1, RIVER2-7: the pigsty field scores 4 per city; the map shows it' '
	"$CARCPBEM" new --seed p --with gq11 --tiles BA/C,GQ/F -o p.json a b >/dev/null &&
	"$CARCPBEM" play p.json "place 0 -1 180" pass >/dev/null &&
	"$CARCPBEM" play --json p.json "place 0 -2 0" "farmer N" >p.out &&
	python3 -c "import json, sys
d = json.load(open(\"p.out\"))
s = d[\"scoring\"]
assert [(e[\"player\"], e[\"kind\"], e[\"points\"], e[\"tile\"], e[\"final\"]) for e in s] == \
    [(\"b\", \"field\", 4, \"GQ/F\", True)], s" &&
	"$CARCPBEM" show p.json >show &&
	grep "^Symbols: & pigsty.$" show &&
	grep "^ -2 \.  Bf&\.$" show
'

test_expect_success 'GQ-1: with the River the road spring is the start tile' '
	"$CARCPBEM" new --seed rv --with gq11,river -o r.json a b >out &&
	grep "; 92 tiles left in the bag.$" out &&
	"$CARCPBEM" show r.json >show &&
	grep "^ 0 ===@~~~   ?$" show &&
	"$CARCPBEM" show --json r.json | python3 -c "import json, sys
d = json.load(sys.stdin)
assert d[\"tiles\"][0][\"id\"] == \"GQ/RFI\", d[\"tiles\"]" &&
	"$CARCPBEM" new --seed rv --with gq11,river --start RI/s -o s.json a b >out &&
	grep "^Start tile RI/s" out &&
	"$CARCPBEM" show s.json >show &&
	grep "^ 0 \.  @~~~   ?$" show
'

test_expect_success 'GQ-1: no river tile of Games Quarterly without a river' '
	expect_code 2 "$CARCPBEM" new --with gq11 --start GQ/RFI -o x.json a b 2>err &&
	grep "^carcpbem new: --start: tile GQ/RFI is played only with a river: add --with river$" err &&
	expect_code 2 "$CARCPBEM" new --with gq11 --tiles BA/L,GQ/CICI -o x.json a b 2>err &&
	grep "^carcpbem new: --tiles: tile GQ/CICI is played only with a river: add --with river$" err &&
	! test -e x.json
'

test_expect_success 'GQ-1: random games with gq11, alone and with the River and the abbot' '
	"$CARCPBEM" selfplay -n 30 --seed s --with gq11 >out &&
	grep "^average turns: 8[01]\.[0-9]$" out &&
	"$CARCPBEM" selfplay -n 30 --seed s --players 3 --with gq11,river,abbot >out &&
	grep "^average turns: 93.0$" out
'

test_expect_success 'GQ-1: every property of 800 random games with gq11 (t-properties)' '
	CARC_PROPERTY_WITH=gq11 CARC_PROPERTY_GAMES=800 \
		"$top_builddir/tests/rules/t-properties" >props &&
	! grep "^not ok" props &&
	test "$(grep -c "^ok .*+gq11: " props)" -ge 160 &&
	grep "^ok .* ed1 +farmers +river +gq11: seed + action text replays the same final state" props &&
	grep "^ok .* ed2 +gq11: listed actions are distinct, fit the decision, pass game_check" props
'

test_done
