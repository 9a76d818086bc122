#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# carcpbem legal, play and show: legal lists what play accepts, play is
# all or nothing, and the game file survives load and save unchanged.
. "$top_srcdir/tests/lib.sh"

# A game with a set bag: start BA/RCr (city N, road E-W), then two
# straight cities and a monastery.
mkgame () {
	"$CARCPBEM" new --tiles BA/CFc.1,BA/CFc+,BA/L -o g.json alice bob >/dev/null
}

# actions GAME: the actions carcpbem legal lists, one a line.
actions () {
	"$CARCPBEM" legal "$1" >legal.out && sed "/^#/d" legal.out
}

# check_all_legal GAME: play accepts every action legal lists, each on a
# copy of GAME.
check_all_legal () {
	actions "$1" >all &&
	test -s all &&
	while read -r a; do
		cp "$1" copy.json &&
		"$CARCPBEM" play copy.json "$a" >/dev/null ||
		{ echo "legal listed \"$a\" but play refused it" >&2; return 1; }
	done <all
}

# json_ok: stdin is JSON, and the Python condition $1 holds for it (as d).
json_ok () {
	python3 -c 'import json, sys
d = json.load(sys.stdin)
sys.exit(0 if eval(sys.argv[1]) else 1)' "$1"
}

test_expect_success 'legal: the decision, then every action sorted by y, x, rotation' '
	mkgame &&
	"$CARCPBEM" legal g.json >actual &&
	cat >expect <<-\EOT &&
	# Turn 1: alice (A) to place BA/CFc.1 (city E-W); 2 tiles left in the bag.
	# 4 legal actions:
	place 0 -1 90
	place 0 -1 270
	place 0 1 0
	place 0 1 180
	EOT
	test_cmp expect actual
'

test_expect_success 'play: a tile and a figure, in one call' '
	mkgame &&
	"$CARCPBEM" play g.json "place 0 -1 90" "knight N" >actual &&
	cat >expect <<-\EOT &&
	alice placed BA/CFc.1 at 0,-1 rotation 90.
	alice put a knight on the city at N of 0,-1.
	Turn 2: bob (B) to place BA/CFc+ (city E-W (pennant)); 1 tile left in the bag.
	EOT
	test_cmp expect actual &&
	"$CARCPBEM" show g.json >out &&
	grep "^  A alice: knight on the city at N of BA/CFc.1 at 0,-1$" out
'

test_expect_success 'legal: figures by slot, then pass' '
	mkgame &&
	"$CARCPBEM" play g.json "place 0 -1 90" >/dev/null &&
	"$CARCPBEM" legal g.json >actual &&
	cat >expect <<-\EOT &&
	# Turn 1: alice (A) placed BA/CFc.1 at 0,-1 rotation 90 and may put a figure on it, or pass.
	# 4 legal actions:
	knight N
	farmer E
	farmer W
	pass
	EOT
	test_cmp expect actual
'

test_expect_success 'actions are case- and space-insensitive, saved canonical' '
	mkgame &&
	"$CARCPBEM" play g.json "  PLACE 0  -1 90 " "Knight n" >/dev/null &&
	grep "\"place 0 -1 90\"" g.json &&
	grep "\"knight N\"" g.json
'

test_expect_success 'every action legal lists is accepted by play (set bag)' '
	mkgame &&
	check_all_legal g.json &&
	"$CARCPBEM" play g.json "place 0 -1 90" >/dev/null &&
	check_all_legal g.json &&
	"$CARCPBEM" play g.json "knight N" "place 0 -2 90" >/dev/null &&
	check_all_legal g.json &&
	"$CARCPBEM" play g.json pass >/dev/null &&
	check_all_legal g.json
'

test_expect_success 'every action legal lists is accepted by play (shuffled bag)' '
	"$CARCPBEM" new --seed legal-test --abbot -o g.json alice bob carol >/dev/null &&
	for turn in 1 2 3 4 5 6; do
		check_all_legal g.json &&
		"$CARCPBEM" play g.json "$(tail -n 1 all)" >/dev/null &&
		check_all_legal g.json &&
		"$CARCPBEM" play g.json "$(head -n 1 all)" >/dev/null || return 1
	done
'

test_expect_success 'a refused action leaves the file byte for byte' '
	mkgame &&
	"$CARCPBEM" play g.json "place 0 -1 90" "knight N" "place 0 -2 90" >/dev/null &&
	cp g.json before &&
	expect_code 1 "$CARCPBEM" play g.json "knight N" >out 2>err &&
	cat >expect <<-\EOT &&
	carcpbem: refused "knight N": BASE-FOLLOW-3: the city at N is already occupied (a figure stands on it, maybe tiles away); BA/CFc+ as placed: N city, E field, W field
	carcpbem: run "carcpbem legal g.json" for the legal actions
	EOT
	test_cmp expect err &&
	test ! -s out &&
	cmp before g.json
'

test_expect_success 'refusals name the rule or the mistake' '
	mkgame &&
	cp g.json before &&
	expect_code 1 "$CARCPBEM" play g.json "place 5 5 0" 2>err &&
	grep "^carcpbem: refused \"place 5 5 0\": BASE-TILE-2: 5,5 is not next to any placed tile" err &&
	expect_code 1 "$CARCPBEM" play g.json "place 0 -1 0" 2>err &&
	grep "^carcpbem: refused \"place 0 -1 0\": BASE-TILE-3: BA/CFc.1 at 0,-1 rotation 0: its south edge is field but the neighbour there has city$" err &&
	expect_code 1 "$CARCPBEM" play g.json "knight N" 2>err &&
	grep "^carcpbem: refused \"knight N\": BASE-TURN-1: first place the drawn tile" err &&
	expect_code 1 "$CARCPBEM" play g.json "place 0 -1 45" 2>err &&
	grep "^carcpbem: refused \"place 0 -1 45\": write a placement as: place X Y ROTATION" err &&
	expect_code 1 "$CARCPBEM" play g.json "dance" 2>err &&
	grep "^carcpbem: refused \"dance\": unknown action .dance." err &&
	cmp before g.json &&
	"$CARCPBEM" play g.json "place 0 -1 90" >/dev/null &&
	expect_code 1 "$CARCPBEM" play g.json "knight Q" 2>err &&
	grep "^carcpbem: refused \"knight Q\": unknown place .Q.: use N E S W, NE SE SW NW, NL NR EL ER SL SR WL WR, C, or I1 I2 for a field inside the tile$" err &&
	expect_code 1 "$CARCPBEM" play g.json "thief N" 2>err &&
	grep "^carcpbem: refused \"thief N\": BASE-FOLLOW-2: N is a city: a follower there is a knight, not a thief; BA/CFc.1 as placed: N city, E field, W field$" err
'

test_expect_success 'play is all or nothing' '
	mkgame &&
	cp g.json before &&
	expect_code 1 "$CARCPBEM" play g.json "place 0 -1 90" "knight N" "place 9 9 0" 2>err &&
	grep "^carcpbem: refused \"place 9 9 0\": " err &&
	grep "^carcpbem: nothing was played: not the 2 actions before it either$" err &&
	cmp before g.json
'

test_expect_success 'play --dry-run reports but saves nothing' '
	mkgame &&
	cp g.json before &&
	"$CARCPBEM" play -n g.json "place 0 -1 90" >out &&
	grep "^alice placed BA/CFc.1 at 0,-1 rotation 90.$" out &&
	grep "^(dry run: g.json not changed)$" out &&
	cmp before g.json
'

test_expect_success 'scores, the end of the game, and play after it' '
	mkgame &&
	"$CARCPBEM" play g.json "place 0 -1 90" "knight N" "place 0 -2 90" pass >/dev/null &&
	"$CARCPBEM" play g.json "place 1 -1 0" monk >actual &&
	cat >expect <<-\EOT &&
	alice placed BA/L at 1,-1 rotation 0.
	alice put a monk on the monastery of 1,-1.
	alice scores 4 points for the city at 0,-1 (final scoring).
	alice scores 4 points for the monastery at 1,-1 (final scoring).
	The game is over.
	Final scores: alice 8, bob 0
	Winner: alice with 8 points.
	EOT
	test_cmp expect actual &&
	"$CARCPBEM" legal g.json >actual &&
	echo "# The game is over." >expect &&
	test_cmp expect actual &&
	expect_code 1 "$CARCPBEM" play g.json pass 2>err &&
	grep "^carcpbem: refused \"pass\": BASE-END-1: the game is over$" err
'

test_expect_success 'a tie shares the victory' '
	"$CARCPBEM" new --tiles BA/L -o g.json alice bob >/dev/null &&
	"$CARCPBEM" play g.json "place 0 1 0" pass >out &&
	grep "^Winners (a tie, they share the victory): alice and bob with 0 points.$" out
'

test_expect_success 'legal --json: the decision and the actions' '
	mkgame &&
	"$CARCPBEM" legal --json g.json >out &&
	json_ok "d[\"decision\"] == {\"kind\": \"place-tile\", \"player\": \"alice\", \"tile\": \"BA/CFc.1\", \"seat\": 1, \"turn\": 1, \"tiles_left\": 2}" <out &&
	json_ok "d[\"actions\"] == [\"place 0 -1 90\", \"place 0 -1 270\", \"place 0 1 0\", \"place 0 1 180\"]" <out &&
	"$CARCPBEM" play g.json "place 0 -1 90" >/dev/null &&
	"$CARCPBEM" legal g.json --json >out &&
	json_ok "d[\"decision\"][\"kind\"] == \"place-figure\" and (d[\"decision\"][\"x\"], d[\"decision\"][\"y\"], d[\"decision\"][\"rotation\"]) == (0, -1, 90)" <out &&
	json_ok "d[\"actions\"][-1] == \"pass\" and \"knight N\" in d[\"actions\"]" <out
'

test_expect_success 'legal --json at the end of the game' '
	"$CARCPBEM" new --tiles BA/L -o g.json alice bob >/dev/null &&
	"$CARCPBEM" play g.json "place 0 1 0" pass >/dev/null &&
	"$CARCPBEM" legal --json g.json >out &&
	json_ok "d[\"decision\"][\"kind\"] == \"game-over\" and d[\"actions\"] == []" <out
'

test_expect_success 'show: players, decision, figures, board' '
	mkgame &&
	"$CARCPBEM" play g.json "place 0 -1 90" "knight N" >/dev/null &&
	"$CARCPBEM" show g.json >actual &&
	cat >expect <<-\EOT &&
	Game g.json: 2 players; edition 1, farmers.

	Players:
	  A alice    0 points  6 of 7 followers in supply
	  B bob      0 points  7 of 7 followers in supply

	Turn 2: bob (B) to place BA/CFc+ (city E-W (pennant)); 1 tile left in the bag.

	Figures on the board:
	  A alice: knight on the city at N of BA/CFc.1 at 0,-1

	Board:
	EOT
	sed "/^Board:/q" actual >head &&
	test_cmp expect head &&
	grep "^ -1    ?   \. #Ak \.   ?$" actual &&
	sed -n "/^Legend:/,/\.$/p" actual >legend &&
	sed -n "/^Legend:/,/\.$/p" "$top_srcdir/README.md" >readme &&
	test_cmp readme legend
'

test_expect_success 'show --json parses and holds the facts' '
	mkgame &&
	"$CARCPBEM" play g.json "place 0 -1 90" "knight N" >/dev/null &&
	"$CARCPBEM" show --json g.json >out &&
	json_ok "d[\"decision\"][\"player\"] == \"bob\" and d[\"tiles_left\"] == 1" <out &&
	json_ok "[p[\"followers\"] for p in d[\"players\"]] == [6, 7]" <out &&
	json_ok "d[\"figures\"] == [{\"player\": \"alice\", \"figure\": \"knight\", \"feature\": \"city\", \"x\": 0, \"y\": -1, \"slot\": \"N\"}]" <out &&
	json_ok "d[\"tiles\"][1] == {\"id\": \"BA/CFc.1\", \"x\": 0, \"y\": -1, \"rotation\": 90}" <out &&
	json_ok "d[\"board\"][8] == \" -1    ?   . #Ak .   ?\"" <out
'

test_expect_success 'show and legal do not touch the file' '
	"$CARCPBEM" new --seed show-test -o g.json alice bob >/dev/null &&
	"$CARCPBEM" play g.json "$(actions g.json | head -n 1)" >/dev/null &&
	cksum <g.json >before &&
	"$CARCPBEM" show g.json >/dev/null &&
	"$CARCPBEM" show --json g.json >/dev/null &&
	"$CARCPBEM" legal g.json >/dev/null &&
	cksum <g.json >after &&
	test_cmp before after
'

test_expect_success 'save, load, save: the same bytes' '
	"$CARCPBEM" new --seed round-trip --abbot -o one.json alice bob >/dev/null &&
	cp one.json many.json &&
	: >played &&
	for i in 1 2 3 4 5 6 7 8; do
		a=$(actions many.json | tail -n 1) &&
		echo "$a" >>played &&
		"$CARCPBEM" play many.json "$a" >/dev/null || return 1
	done &&
	tr "\n" "\0" <played | xargs -0 "$CARCPBEM" play one.json >/dev/null &&
	cmp one.json many.json
'

test_expect_success 'a whole game through legal and play' '
	"$CARCPBEM" new --seed whole-game -o g.json alice bob carol >/dev/null &&
	n=0 &&
	while test "$(actions g.json | head -n 1)" != ""; do
		a=$(actions g.json | sed -n "$((n % 3 + 1))p") &&
		test -n "$a" || a=$(actions g.json | head -n 1) &&
		"$CARCPBEM" play g.json "$a" >/dev/null &&
		n=$((n + 1)) || return 1
	done &&
	test "$n" -gt 100 &&
	"$CARCPBEM" legal g.json >out &&
	grep "^# The game is over.$" out &&
	"$CARCPBEM" show g.json >out &&
	grep "^Final scores: alice [0-9]*, bob [0-9]*, carol [0-9]*$" out
'

# If the shuffle changes, update the example in README.md and carcpbem.1.
test_expect_success 'places: natural names, named back, refused with the tile'"'"'s places' '
	"$CARCPBEM" new -f --tiles BA/RFr,BA/RFr,BA/L -o p.json alice bob >/dev/null &&
	"$CARCPBEM" play p.json "place 1 0 0" >/dev/null &&
	actions p.json >actual &&
	printf "%s\n" "farmer N" "thief E" "farmer S" pass >expect &&
	test_cmp expect actual &&
	cp p.json p0.json &&
	"$CARCPBEM" play p.json "farmer S" >out &&
	grep "^alice put a farmer on the field at S of 1,0\.$" out &&
	cp p0.json p.json && "$CARCPBEM" play p.json "farmer s" >out &&
	grep "at S of 1,0\.$" out &&
	cp p0.json p.json && "$CARCPBEM" play p.json "Farmer south" >out &&
	grep "at S (south) of 1,0\.$" out &&
	cp p0.json p.json && "$CARCPBEM" play p.json "farmer SR" >out &&
	grep "at S (SR) of 1,0\.$" out &&
	"$CARCPBEM" new -f --tiles BA/RFr,BA/RFr,BA/L -o q.json alice bob >/dev/null &&
	"$CARCPBEM" play q.json "place 1 0 0" "farmer SL" >out &&
	grep "^alice put a farmer on the field at S (SL) of 1,0\.$" out &&
	cp p0.json p.json && "$CARCPBEM" play p.json "thief W" >out &&
	grep "on the road at E (W) of 1,0\.$" out &&
	cp p0.json p.json && "$CARCPBEM" play p.json "thief e" >out &&
	grep "on the road at E of 1,0\.$" out &&
	cp p0.json p.json &&
	expect_code 1 "$CARCPBEM" play p.json "farmer C" 2>err &&
	grep "BA/RFr as placed (rotation 0) has nothing at C; its places: N field, E road, S field$" err &&
	expect_code 1 "$CARCPBEM" play p.json "knight N" 2>err &&
	grep "N is a field: a follower there is a farmer, not a knight; BA/RFr as placed: N field, E road, S field$" err &&
	cmp p0.json p.json
'

test_expect_success 'the worked example of README.md and carcpbem(1) holds' '
	"$CARCPBEM" new --seed example -o g.json alice bob >/dev/null &&
	"$CARCPBEM" legal g.json >actual &&
	cat >expect <<-\EOT &&
	# Turn 1: alice (A) to place BA/Rr (road S-W); 70 tiles left in the bag.
	# 6 legal actions:
	place -1 0 180
	place -1 0 270
	place 1 0 0
	place 1 0 90
	place 0 1 0
	place 0 1 270
	EOT
	test_cmp expect actual &&
	"$CARCPBEM" play g.json "place 1 0 0" "thief W" >actual &&
	cat >expect <<-\EOT &&
	alice placed BA/Rr at 1,0 rotation 0.
	alice put a thief on the road at S (W) of 1,0.
	Turn 2: bob (B) to place BA/C (city N); 69 tiles left in the bag.
	EOT
	test_cmp expect actual &&
	expect_code 1 "$CARCPBEM" play g.json "place 0 -1 0" "knight N" 2>err &&
	grep "^carcpbem: refused \"place 0 -1 0\": BASE-TILE-3: BA/C at 0,-1 rotation 0: its south edge is field but the neighbour there has city$" err &&
	"$CARCPBEM" show g.json >out &&
	sed -n "/^  0 =/,/^    \.\.\./p" out >actual &&
	printf "%s\n" "  0 =========    .   ?" "    .     ..At   ." "    .......+..|..+" >expect &&
	test_cmp expect actual &&
	sed -n "/^  0 =/,/^    \.\.\./p" "$top_srcdir/README.md" >readme &&
	test_cmp expect readme
'

test_done
