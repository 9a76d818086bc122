#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The game file: its form, and the refusal of files edited by hand, each
# with the JSON path of what is wrong.
. "$top_srcdir/tests/lib.sh"

# A game of a few turns, in g.json.
mkgame () {
	"$CARCPBEM" new --force --tiles BA/CFc.1,BA/CFc.1,BA/L -o g.json alice bob >/dev/null &&
	"$CARCPBEM" play g.json "place 0 -1 90" "knight N" "place 0 -2 90" >/dev/null
}

# edit PYTHON: runs PYTHON on the document d of g.json and writes it back.
edit () {
	python3 -c 'import json, sys
d = json.load(open("g.json"))
exec(sys.argv[1])
json.dump(d, open("g.json", "w"), indent=2)' "$1"
}

# refused MESSAGE: show, legal and play refuse g.json with MESSAGE (after
# "carcpbem: g.json: "), exit 1, and leave it as it is.
refused () {
	cp g.json before &&
	printf "carcpbem: g.json: %s\n" "$1" >expect &&
	for c in show legal play; do
		set -- "$c" g.json &&
		if test "$c" = play; then set -- play g.json pass; fi &&
		expect_code 1 "$CARCPBEM" "$@" >out 2>actual &&
		test_cmp expect actual &&
		test ! -s out || return 1
	done &&
	cmp before g.json
}

test_expect_success 'the file: keys in order, two-space indent, final newline' '
	mkgame &&
	sed -n "s/^  \"\([a-z_]*\)\".*/\1/p" g.json | tr "\n" " " >actual &&
	printf "format version rules players first_player seed tiles actions summary " >expect &&
	test_cmp expect actual &&
	test "$(tail -c 1 g.json | od -An -c | tr -d " ")" = "\n"
'

test_expect_success 'the file: actions and summary' '
	mkgame &&
	python3 -c "import json
d = json.load(open(\"g.json\"))
assert d[\"actions\"] == [\"place 0 -1 90\", \"knight N\", \"place 0 -2 90\"], d
assert d[\"summary\"] == {\"turn\": 2, \"over\": False,
	\"decision\": {\"kind\": \"place-figure\", \"player\": \"bob\", \"tile\": \"BA/CFc.1\"},
	\"scores\": {\"alice\": 0, \"bob\": 0}, \"tiles_left\": 1}, d
"
'

test_expect_success 'a file rewritten by another JSON writer still loads' '
	mkgame &&
	edit "pass" &&
	"$CARCPBEM" show g.json >/dev/null
'

test_expect_success 'an edited score in the summary' '
	mkgame &&
	edit "d[\"summary\"][\"scores\"][\"bob\"] = 12" &&
	refused "summary.scores.bob: the file says 12 but replaying the actions gives 0 (was the file edited?)"
'

test_expect_success 'an edited decision in the summary' '
	mkgame &&
	edit "d[\"summary\"][\"decision\"][\"player\"] = \"alice\"" &&
	refused "summary.decision.player: the file says \"alice\" but replaying the actions gives \"bob\" (was the file edited?)"
'

test_expect_success 'a summary with a field missing or added' '
	mkgame &&
	edit "del d[\"summary\"][\"tiles_left\"]" &&
	refused "summary.tiles_left: missing; replaying the actions gives 1" &&
	mkgame &&
	edit "d[\"summary\"][\"winner\"] = \"bob\"" &&
	refused "summary.winner: unknown key (the summary has turn, over, decision, scores, tiles_left)"
'

test_expect_success 'an action removed (the summary no longer matches)' '
	mkgame &&
	edit "d[\"actions\"].pop()" &&
	refused "summary.decision.kind: the file says \"place-figure\" but replaying the actions gives \"place-tile\" (was the file edited?)"
'

test_expect_success 'an edited action: illegal' '
	mkgame &&
	edit "d[\"actions\"][2] = \"place 0 -3 90\"" &&
	refused "actions[2]: \"place 0 -3 90\" is illegal: BASE-TILE-2: 0,-3 is not next to any placed tile (a shared edge is needed)"
'

test_expect_success 'an edited action: not an action' '
	mkgame &&
	edit "d[\"actions\"][1] = \"knight Q\"" &&
	refused "actions[1]: \"knight Q\": unknown slot '"'Q'"': use N NL NR E EL ER S SL SR W WL WR or C" &&
	mkgame &&
	edit "d[\"actions\"][1] = 7" &&
	refused "actions[1]: expected an action (a string), found an integer"
'

test_expect_success 'broken JSON' '
	mkgame &&
	sed "\$d" g.json >broken &&
	mv broken g.json &&
	refused "not valid JSON: line $(($(wc -l <g.json) + 1)), column 0: '"'}'"' expected near end of file" &&
	echo "[1, 2]" >g.json &&
	refused "not a carcpbem game file: the top level is an array, not an object"
'

test_expect_success 'a duplicate key' '
	mkgame &&
	sed "s/^  \"version\": 1,/  \"version\": 1, \"version\": 1,/" g.json >dup &&
	mv dup g.json &&
	expect_code 1 "$CARCPBEM" show g.json 2>err &&
	grep "^carcpbem: g.json: not valid JSON: line 3, .*duplicate object key" err
'

test_expect_success 'format and version' '
	mkgame &&
	edit "d[\"version\"] = 2" &&
	refused "version: 2 is not 1: this carcpbem reads version 1 game files only" &&
	mkgame &&
	edit "d[\"version\"] = \"1\"" &&
	refused "version: expected the number 1, found a string" &&
	mkgame &&
	edit "del d[\"version\"]" &&
	refused "version: missing (expected the number 1)" &&
	mkgame &&
	edit "d[\"format\"] = \"chess-game\"" &&
	refused "format: \"chess-game\" is not \"carcpbem-game\": not a carcpbem game file"
'

test_expect_success 'rules' '
	mkgame &&
	edit "d[\"rules\"][\"edition\"] = 3" &&
	refused "rules.edition: 3 is not 1 or 2" &&
	mkgame &&
	edit "d[\"rules\"][\"farmers\"] = 1" &&
	refused "rules.farmers: expected true or false, found an integer" &&
	mkgame &&
	edit "d[\"rules\"][\"river_uturn\"] = \"never\"" &&
	refused "rules.river_uturn: \"never\" is not \"curves\" or \"area\"" &&
	mkgame &&
	edit "d[\"rules\"][\"dragon\"] = True" &&
	refused "rules.dragon: unknown key; the keys here are edition, farmers, river, abbot, river_uturn"
'

test_expect_success 'players, first player, seed' '
	mkgame &&
	edit "d[\"players\"] = d[\"players\"][:1]" &&
	refused "players: 1 player: a game has 2 to 5 players" &&
	mkgame &&
	edit "d[\"players\"][1][\"name\"] = \"Alice\"" &&
	refused "players[1].name: \"Alice\" is the name of two players: give each player a different name" &&
	mkgame &&
	edit "d[\"players\"][1] = \"bob\"" &&
	refused "players[1]: expected an object like {\"name\": \"alice\"}, found a string" &&
	mkgame &&
	edit "d[\"first_player\"] = 2" &&
	refused "first_player: 2 is not a seat from 0 to 1" &&
	mkgame &&
	edit "d[\"seed\"] = d[\"seed\"][1:]" &&
	seed=$(sed -n "s/^  \"seed\": \"\(.*\)\",/\1/p" g.json) &&
	test ${#seed} = 63 &&
	refused "seed: \"$seed\" is not 64 hexadecimal digits"
'

test_expect_success 'tiles and start' '
	mkgame &&
	edit "d[\"tiles\"][1] = \"BA/CFx\"" &&
	refused "tiles[1]: unknown tile id '"'BA/CFx'"' (closest known ids: BA/CFc+, BA/Cc+, BA/Ccc, BA/CRr, BA/C)" &&
	mkgame &&
	edit "d[\"start\"] = \"RI/s\"" &&
	refused "start: tile RI/s is a river tile: it needs the river expansion" &&
	mkgame &&
	edit "d[\"tiles\"] = []" &&
	refused "tiles: expected a non-empty array of tile ids, found an empty array"
'

test_expect_success 'an unknown key at the top' '
	mkgame &&
	edit "d[\"board\"] = []" &&
	refused "board: unknown key; the keys here are format, version, rules, players, first_player, seed, start, tiles, actions, summary"
'

test_expect_success 'a missing file' '
	expect_code 1 "$CARCPBEM" show nothing.json 2>err &&
	echo "carcpbem: nothing.json: cannot open: No such file or directory" >expect &&
	test_cmp expect err
'

test_done
