#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Rule modules by name (--with) in new, selfplay and demo, the game file
# and show; the refusals with their rule ids; one-player games
# (BASE-COMP-3, UN-03).
. "$top_srcdir/tests/lib.sh"

# refused COMMAND MESSAGE ARGS...: exit 2, MESSAGE as the first line.
refused () {
	cmd_=$1 message_=$2
	shift 2
	expect_code 2 "$CARCPBEM" "$cmd_" "$@" 2>err &&
	printf "%s\n" "$message_" >expect &&
	head -n 1 err >actual &&
	test_cmp expect actual
}

test_expect_success '--with river,abbot is --river --abbot, byte for byte' '
	"$CARCPBEM" new --seed m --river --abbot -o a.json alice bob >/dev/null &&
	"$CARCPBEM" new --seed m --with river,abbot -o b.json alice bob >/dev/null &&
	"$CARCPBEM" new --seed m --with abbot --with river -o c.json alice bob >/dev/null &&
	cmp a.json b.json && cmp a.json c.json &&
	python3 -c "import json
r = json.load(open(\"a.json\"))[\"rules\"]
assert list(r) == [\"edition\", \"farmers\", \"river\", \"abbot\", \"river_uturn\"], r
assert r[\"river\"] is True and r[\"abbot\"] is True, r"
'

test_expect_success 'modules not built yet are refused with their section' '
	refused new "carcpbem new: The Count of Carcassonne (count) is not yet playable: its rules are not built yet (COUNT)" \
		--with river,count -o g.json a b &&
	refused new "carcpbem new: The Count of Carcassonne (count) is not yet playable: its rules are not built yet (COUNT)" \
		--with count -o g.json a b &&
	refused new "carcpbem new: The Tower (tower) is not yet playable: its rules are not built yet (TOWER)" \
		--with tower -o g.json a b c d e f &&
	refused selfplay "carcpbem selfplay: --players 2: The Count of Carcassonne (count) is not yet playable: its rules are not built yet (COUNT)" \
		--with count &&
	refused demo "carcpbem demo: --players 2: The Tower (tower) is not yet playable: its rules are not built yet (TOWER)" \
		--direct --with tower &&
	! test -e g.json
'

test_expect_success 'unknown names, and Hunters & Gatherers (RULES.md 16)' '
	refused new "carcpbem new: --with dragon: unknown module '"'dragon'"' (the modules: river, river2, gq11, cathars, king-robber, count, abbey-mayor, traders-builders, princess-dragon, tower, gifts, abbot, inns-cathedrals)" \
		--with dragon -o g.json a b &&
	refused new "carcpbem new: --with river,hg: hg: Hunters & Gatherers is a separate game (RULES.md section 16), not a module (HG)" \
		--with river,hg -o g.json a b &&
	refused new "carcpbem new: --with river,: an empty module name in \"river,\"" \
		--with river, -o g.json a b
'

test_expect_success 'a module key is written only when on; true turns it on' '
	"$CARCPBEM" new --seed m -o g.json alice bob >/dev/null &&
	"$CARCPBEM" play g.json "$("$CARCPBEM" legal g.json | sed "/^#/d" | head -n 1)" >/dev/null &&
	! grep tower g.json &&
	for v in True False; do
		cp g.json e.json &&
		python3 -c "import json, sys
d = json.load(open(\"e.json\"))
d[\"rules\"][\"tower\"] = $v
json.dump(d, open(\"e.json\", \"w\"), indent=2)" &&
		expect_code 1 "$CARCPBEM" show e.json 2>err.$v || return 1
	done &&
	grep "^carcpbem: e.json: rules: The Tower (tower) is not yet playable: its rules are not built yet (TOWER)$" err.True &&
	grep "^carcpbem: e.json: rules.tower: the document has false, but replaying the actions gives nothing here (was the file edited?)$" err.False
'

test_expect_success 'UN-03: one player plays alone: new, legal, play, show' '
	"$CARCPBEM" new --seed solo --with river,abbot -o s.json ann >out &&
	grep "^Created s.json: a game for ann (A); edition 1, farmers, river (u-turn rule: curves), abbot.$" out &&
	for i in 1 2 3; do
		a=$("$CARCPBEM" legal s.json | sed "/^#/d" | head -n 1) &&
		"$CARCPBEM" play s.json "$a" pass >out || return 1
	done &&
	grep "^Turn 4: ann (A) to place" out &&
	"$CARCPBEM" show s.json >show &&
	grep "^Game s.json: 1 player; edition 1, farmers, river (u-turn rule: curves), abbot.$" show &&
	"$CARCPBEM" show --json s.json | python3 -c "import json, sys
d = json.load(sys.stdin)
assert [p[\"name\"] for p in d[\"players\"]] == [\"ann\"], d[\"players\"]
assert d[\"turn\"] == 4 and d[\"decision\"][\"player\"] == \"ann\", d"
'

test_expect_success 'UN-03: one player in selfplay and the mail demo' '
	"$CARCPBEM" selfplay -n 20 --players 1 --seed solo >out &&
	grep "^games: 20 (1 player; edition 1, farmers)$" out &&
	grep "^   1 " out &&
	"$CARCPBEM" demo --direct --players 1 --seed solo >out &&
	grep "^Winner: Ada with" out
'

test_expect_success 'UN-03: one player by signed turns: move, apply; a turn ends at its own end' '
	cp "$top_srcdir"/tests/turn/data/keys/alice.* . && chmod 600 alice.key &&
	"$CARCPBEM" new --seed solo --tiles BA/CFc.1,BA/L,BA/Rr,BA/C --dir game --id solo \
		--key alice.pub alice >/dev/null &&
	"$CARCPBEM" view game -o v.json &&
	a=$("$CARCPBEM" legal v.json | sed "/^#/d" | head -n 1) &&
	b=$("$CARCPBEM" legal v.json | sed "/^#/d" | tail -n 1) &&
	state=$(sed -n "s/^  \"state_hash\": \"\(.*\)\",$/\1/p" v.json) &&
	printf -- "-----BEGIN CARCASSONNE TURN-----\nGame: solo\nTurn: 1\nPlayer: alice\nState: %s\nAction: %s\nAction: pass\nAction: place 9 9 0\n-----END CARCASSONNE TURN-----\n" \
		"$state" "$a" >long &&
	"$CARCPBEM" sign alice.key long >/dev/null &&
	"$CARCPBEM" apply game long >out 2>err &&
	grep "\"place 9 9 0\" was not used: your decisions of that turn were over before it" out &&
	n=0 &&
	while "$CARCPBEM" view game -o v.json &&
		grep -q "\"player\": \"alice\"" v.json &&
		a=$("$CARCPBEM" legal v.json | sed "/^#/d" | head -n 1) && test -n "$a"; do
		"$CARCPBEM" move v.json "$a" pass --key alice.key -o t >/dev/null &&
		"$CARCPBEM" apply game t >/dev/null || return 1
		n=$((n + 1))
	done &&
	test $n = 3 &&
	"$CARCPBEM" show game >out &&
	grep "^Final scores: alice" out &&
	test "$(wc -l <game/history.jsonl)" = 5
'

test_expect_success 'BASE-COMP-3: no players, six players' '
	refused new "carcpbem new: the base game is for 1 to 5 players, not 6: 6 play only with a module that brings a sixth colour (--with inns-cathedrals) (UN-03)" \
		--with river -o g.json a b c d e f &&
	refused selfplay "carcpbem selfplay: --players 0: the base game is for 1 to 5 players, not 0 (BASE-COMP-3)" \
		--players 0
'

test_expect_success 'issue 25.1: the figure decision offers the recall in the words of the abbot'"'"'s table' '
	"$CARCPBEM" new --seed r --edition 2 --abbot \
		--tiles BA/L,BA/C,BA/Rr,BA/CFc+ -o rc.json a b >/dev/null &&
	"$CARCPBEM" play rc.json "place 0 1 0" abbot >/dev/null &&
	"$CARCPBEM" play rc.json "place 0 -1 180" "knight S" >/dev/null &&
	"$CARCPBEM" play rc.json "place 1 1 180" >out &&
	grep "^Turn 3: a (A) placed BA/Rr at 1,1 rotation 180 and may put a figure on it, recall the abbot, or pass\.$" out &&
	"$CARCPBEM" show rc.json >show.out &&
	grep "may put a figure on it, recall the abbot, or pass\.$" show.out
'

test_expect_success 'issue 25, issue 26.3: every playable module at once plays whole games, the same again for the same seed, and by mail, replayed' '
	all=river,river2,gq11,cathars,king-robber,abbot,inns-cathedrals,abbey-mayor,traders-builders,princess-dragon &&
	"$CARCPBEM" selfplay -n 20 --seed every --edition 2 --players 4 --with $all >a &&
	"$CARCPBEM" selfplay -n 20 --seed every --edition 2 --players 4 --with $all >b &&
	grep "^ties: " a && grep -v "^time: " a >a1 && grep -v "^time: " b >b1 && test_cmp a1 b1 &&
	"$CARCPBEM" demo --seed every --players 3 --edition 2 --with $all --spool sp >out 2>err &&
	test ! -s err && grep "^Final scores: Ada" out &&
	"$CARCPBEM" replay sp/*-archive.json >replay &&
	grep "^Fair draw: the bag matches the commitment" replay
'

test_done
