#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The game file (the host view of docs/state-format.md): its form, and the
# refusal of files edited by hand, each with the JSON path of what is wrong.
. "$top_srcdir/tests/lib.sh"

# A game of a few turns, in g.json.
mkgame () {
	"$CARCPBEM" new --force --tiles BA/CFc.1,BA/CFc+,BA/L -o g.json alice bob >/dev/null &&
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
	printf "format version view state_hash game rules players first_player start fair_draw turn over decision tiles_left drawn remaining actions board figures secret " >expect &&
	test_cmp expect actual &&
	test "$(tail -c 1 g.json | od -An -c | tr -d " ")" = "\n"
'

test_expect_success 'the file: actions and the state they lead to' '
	mkgame &&
	python3 -c "import json
d = json.load(open(\"g.json\"))
assert d[\"actions\"] == [\"place 0 -1 90\", \"knight N\", \"place 0 -2 90\"], d
assert (d[\"turn\"], d[\"over\"], d[\"tiles_left\"]) == (2, False, 1), d
assert d[\"decision\"] == {\"kind\": \"place-figure\", \"player\": \"bob\", \"tile\": \"BA/CFc+\"}, d
assert [(p[\"name\"], p[\"score\"], p[\"supply\"]) for p in d[\"players\"]] == [(\"alice\", 0, {\"followers\": 6}), (\"bob\", 0, {\"followers\": 7})], d
assert d[\"drawn\"] == [\"BA/CFc.1\", \"BA/CFc+\"] and d[\"remaining\"] == {\"BA/L\": 1}, d
assert [(t[\"tile\"], t[\"x\"], t[\"y\"], t[\"rotation\"], t[\"turn\"], t.get(\"player\")) for t in d[\"board\"]] == [(\"BA/RCr\", 0, 0, 0, 0, None), (\"BA/CFc.1\", 0, -1, 90, 1, \"alice\"), (\"BA/CFc+\", 0, -2, 90, 2, \"bob\")], d
assert d[\"figures\"] == [{\"player\": \"alice\", \"figure\": \"knight\", \"feature\": \"city\", \"x\": 0, \"y\": -1, \"slot\": \"N\"}], d
assert d[\"fair_draw\"][\"bag\"] == \"given\" and d[\"secret\"][\"bag\"] == [\"BA/CFc.1\", \"BA/CFc+\", \"BA/L\"], d
"
'

test_expect_success 'a file rewritten by another JSON writer still loads' '
	mkgame &&
	edit "pass" &&
	"$CARCPBEM" show g.json >/dev/null
'

test_expect_success 'an edited score' '
	mkgame &&
	edit "d[\"players\"][1][\"score\"] = 12" &&
	refused "players[1].score: the document says 12 but replaying the actions gives 0 (was the file edited?)"
'

test_expect_success 'a supply out of range' '
	mkgame &&
	edit "d[\"players\"][1][\"supply\"][\"followers\"] = -1" &&
	refused "players[1].supply.followers: -1 is out of range 0..7"
'

test_expect_success 'an edited decision' '
	mkgame &&
	edit "d[\"decision\"][\"player\"] = \"alice\"" &&
	refused "decision.player: the document says \"alice\" but replaying the actions gives \"bob\" (was the file edited?)"
'

test_expect_success 'a field missing or added' '
	mkgame &&
	edit "del d[\"tiles_left\"]" &&
	refused "tiles_left: missing (expected an integer from 0 to 9999)" &&
	mkgame &&
	edit "d[\"decision\"][\"winner\"] = \"bob\"" &&
	refused "decision.winner: unknown key; the keys here are kind, player, tile"
'

test_expect_success 'an action removed (the state no longer matches)' '
	mkgame &&
	edit "d[\"actions\"].pop()" &&
	refused "decision.kind: the document says \"place-figure\" but replaying the actions gives \"place-tile\" (was the file edited?)"
'

test_expect_success 'the board, the figures, the bag, the hashes' '
	mkgame &&
	edit "d[\"board\"][1][\"rotation\"] = 45" &&
	refused "board[1].rotation: 45 is not 0, 90, 180 or 270" &&
	mkgame &&
	edit "d[\"board\"][2][\"x\"] = 1" &&
	refused "board[2].x: the document says 1 but replaying the actions gives 0 (was the file edited?)" &&
	mkgame &&
	edit "d[\"figures\"][0][\"x\"] = 5" &&
	refused "figures[0]: stands at 5,-1, where the board has no tile" &&
	mkgame &&
	edit "d[\"figures\"][0][\"player\"] = \"carol\"" &&
	refused "figures[0].player: \"carol\" is not a player of this game" &&
	mkgame &&
	edit "d[\"drawn\"].pop()" &&
	refused "drawn[1]: missing; replaying the actions gives \"BA/CFc+\"" &&
	mkgame &&
	hash=$(sed -n "s/^  \"state_hash\": \"\(.*\)\",/\1/p" g.json) &&
	test ${#hash} = 64 &&
	edit "d[\"state_hash\"] = \"0\" * 64" &&
	refused "state_hash: the document says \"00000000000000000000\" but its public state hashes to \"$hash\" (was the file edited?)" &&
	mkgame &&
	edit "d[\"fair_draw\"][\"commitment\"] = \"0\" * 64" &&
	refused "fair_draw.commitment: does not match the seed, the start tile and the bag (was the file edited?)"
'

test_expect_success 'an edited action: illegal' '
	mkgame &&
	edit "d[\"actions\"][2] = \"place 0 -3 90\"" &&
	refused "actions[2]: \"place 0 -3 90\" is illegal: BASE-TILE-2: 0,-3 is not next to any placed tile (a shared edge is needed)"
'

test_expect_success 'an edited action: not an action' '
	mkgame &&
	edit "d[\"actions\"][1] = \"knight Q\"" &&
	refused "actions[1]: \"knight Q\": unknown place '"'Q'"': use N E S W, NE SE SW NW, NL NR EL ER SL SR WL WR, C, or I1 I2 for a field inside the tile" &&
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
	sed "s/^  \"version\": 3,/  \"version\": 3, \"version\": 3,/" g.json >dup &&
	mv dup g.json &&
	expect_code 1 "$CARCPBEM" show g.json 2>err &&
	grep "^carcpbem: g.json: not valid JSON: line 3, .*duplicate object key" err
'

test_expect_success 'format and version' '
	mkgame &&
	edit "d[\"version\"] = 4" &&
	refused "version: 4 is not 2 or 3: this carcpbem reads version 2 and 3 game files only" &&
	mkgame &&
	edit "d[\"version\"] = 1" &&
	refused "version: 1 is not 2 or 3: this is a game file of carcpbem 0.1, from before signed turns; create the game again with carcpbem new" &&
	mkgame &&
	edit "d[\"version\"] = \"1\"" &&
	refused "version: expected the number 3, found a string" &&
	mkgame &&
	edit "del d[\"version\"]" &&
	refused "version: missing (expected the number 3)" &&
	mkgame &&
	edit "d[\"format\"] = \"chess-game\"" &&
	refused "format: \"chess-game\" is not \"carcpbem-game\": not a carcpbem game file"
'

test_expect_success 'rules' '
	mkgame &&
	edit "d[\"rules\"][\"edition\"] = 3" &&
	refused "rules.edition: 3 is out of range 1..2" &&
	mkgame &&
	edit "d[\"rules\"][\"farmers\"] = 1" &&
	refused "rules.farmers: expected true or false, found an integer" &&
	mkgame &&
	edit "d[\"rules\"][\"river_uturn\"] = \"never\"" &&
	refused "rules.river_uturn: \"never\" is not \"curves\" or \"area\"" &&
	mkgame &&
	edit "d[\"rules\"][\"dragon\"] = True" &&
	refused "rules.dragon: unknown key; the keys here are edition, farmers, river, abbot, river_uturn, dragon_moves, river2, gq11, cathars, king-robber, count, abbey-mayor, traders-builders, princess-dragon, tower, gifts, inns-cathedrals" &&
	mkgame &&
	edit "d[\"rules\"][\"cathars\"] = 1" &&
	refused "rules.cathars: expected true or false, found an integer" &&
	mkgame &&
	edit "d[\"rules\"][\"tower\"] = True" &&
	refused "rules: The Tower (tower) is not yet playable: its rules are not built yet (TOWER)"
'

test_expect_success 'players, first player, seed' '
	mkgame &&
	edit "d[\"players\"] = []" &&
	refused "players: 0 players: the base game is for 1 to 5 players, not 0 (BASE-COMP-3)" &&
	mkgame &&
	edit "d[\"players\"] += [{\"name\": n} for n in (\"c\", \"d\", \"e\", \"f\", \"g\")]" &&
	refused "players: 7 players: too many (BASE-COMP-3)" &&
	mkgame &&
	edit "d[\"players\"][1][\"name\"] = \"Alice\"" &&
	refused "players[1].name: \"Alice\" is the name of two players: give each player a different name" &&
	mkgame &&
	edit "d[\"players\"][1] = \"bob\"" &&
	refused "players[1]: expected an object like {\"name\": \"alice\", ...}, found a string" &&
	mkgame &&
	edit "d[\"first_player\"] = 2" &&
	refused "first_player: 2 is out of range 0..1" &&
	mkgame &&
	edit "d[\"secret\"][\"seed\"] = d[\"secret\"][\"seed\"][1:]" &&
	seed=$(sed -n "s/^    \"seed\": \"\(.*\)\",/\1/p" g.json) &&
	test ${#seed} = 63 &&
	refused "secret.seed: \"$seed\" is not 64 lower-case hexadecimal digits"
'

test_expect_success 'tiles and start' '
	mkgame &&
	edit "d[\"secret\"][\"bag\"][1] = \"BA/CFx\"" &&
	refused "secret.bag[1]: unknown tile id '"'BA/CFx'"' (closest known ids: BA/CFc+, BA/Cc+, BA/Ccc, BA/CRr, BA/C)" &&
	mkgame &&
	edit "d[\"start\"] = \"RI/s\"" &&
	refused "start: tile RI/s is a river tile: it needs the river expansion" &&
	mkgame &&
	edit "d[\"secret\"][\"bag\"] = []" &&
	refused "secret.bag: an empty bag: a game has tiles to draw"
'

test_expect_success 'an unknown key at the top' '
	mkgame &&
	edit "d[\"maps\"] = []" &&
	refused "maps: unknown key; the keys here are format, version, view, state_hash, game, rules, players, first_player, start, fair_draw, turn, over, decision, tiles_left, drawn, remaining, actions, board, figures, aside, returned, modules, secret, archive" &&
	mkgame &&
	edit "d[\"view\"] = \"public\"" &&
	refused "secret: a public view holds no secrets: only the host view has this key"
'

test_expect_success 'a missing file' '
	expect_code 1 "$CARCPBEM" show nothing.json 2>err &&
	echo "carcpbem: nothing.json: cannot open: No such file or directory" >expect &&
	test_cmp expect err
'

test_done
