#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# carcpbem new: every option, the game file it writes, and bad input.
. "$top_srcdir/tests/lib.sh"

# json_get FILE EXPR: prints the Python expression EXPR of the document d.
json_get () {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
v = eval(sys.argv[2])
print(*v) if isinstance(v, tuple) else print(v)' "$1" "$2"
}

# new_fails STATUS MESSAGE ARG...: carcpbem new ARG... fails with STATUS and
# MESSAGE as the first line of its error output, and writes no file.
new_fails () {
	status_=$1 message_=$2
	shift 2
	expect_code "$status_" "$CARCPBEM" new "$@" 2>err &&
	printf "%s\n" "$message_" >expect &&
	head -n 1 err >actual &&
	test_cmp expect actual &&
	! test -e g.json
}

SEED=00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff

test_expect_success 'new writes a game file, mode 0600' '
	"$CARCPBEM" new -o g.json alice bob >out &&
	grep "^Created g.json: a game for alice (A), bob (B); edition 1, farmers.$" out &&
	grep "^Turn 1: alice (A) to place " out &&
	test "$(ls -l g.json | cut -c1-10)" = "-rw-------" &&
	test "$(json_get g.json "d[\"format\"], d[\"version\"], d[\"view\"]")" = "carcpbem-game 3 host"
'

test_expect_success 'the defaults' '
	"$CARCPBEM" new -o g.json alice bob >out &&
	test "$(json_get g.json "tuple(d[\"rules\"].values())")" = "1 True False False curves" &&
	test "$(json_get g.json "d[\"first_player\"]")" = 0 &&
	test "$(json_get g.json "d[\"start\"], d[\"fair_draw\"][\"bag\"]")" = "BA/RCr shuffled" &&
	test "$(json_get g.json "len(d[\"secret\"][\"seed\"]), len(d[\"secret\"][\"bag\"])")" = "64 71" &&
	test "$(json_get g.json "d[\"actions\"]")" = "[]" &&
	test "$(json_get g.json "d[\"tiles_left\"]")" = 70
'

test_expect_success 'two games without --seed differ' '
	"$CARCPBEM" new -o a.json alice bob >/dev/null &&
	"$CARCPBEM" new -o b.json alice bob >/dev/null &&
	test "$(json_get a.json "d[\"secret\"][\"seed\"]")" != "$(json_get b.json "d[\"secret\"][\"seed\"]")" &&
	test "$(json_get a.json "d[\"game\"]")" != "$(json_get b.json "d[\"game\"]")"
'

test_expect_success 'every option' '
	"$CARCPBEM" new --edition 2 --no-farmers --river --abbot --river-uturn area \
		--seed $SEED --first 3 --start BA/L --tiles BA/C,BA/L,BA/Cccc+ \
		-o g.json alice bob carol >out &&
	grep "; edition 2, no farmers, river (u-turn rule: area), abbot.$" out &&
	grep "^Turn 1: carol (C) to place BA/C " out &&
	test "$(json_get g.json "d[\"rules\"][\"edition\"], d[\"rules\"][\"farmers\"], d[\"rules\"][\"river\"], d[\"rules\"][\"abbot\"], d[\"rules\"][\"river_uturn\"]")" = "2 False True True area" &&
	test "$(json_get g.json "d[\"first_player\"], d[\"start\"]")" = "2 BA/L" &&
	test "$(json_get g.json "d[\"secret\"][\"seed\"]")" = $SEED &&
	test "$(json_get g.json "\",\".join(d[\"secret\"][\"bag\"]), d[\"fair_draw\"][\"bag\"]")" = "BA/C,BA/L,BA/Cccc+ given" &&
	test "$(json_get g.json "d[\"tiles_left\"]")" = 2
'

test_expect_success '--farmers, --river-uturn curves, --edition 1 and the = forms' '
	"$CARCPBEM" new --no-farmers --farmers --edition=1 --river --river-uturn=curves \
		--seed=x -o g.json a b c d e >/dev/null &&
	test "$(json_get g.json "d[\"rules\"][\"farmers\"], d[\"rules\"][\"river_uturn\"], len(d[\"players\"])")" = "True curves 5"
'

test_expect_success '--seed: text is hashed with BLAKE2b-256' '
	"$CARCPBEM" new --seed "the quick fox" -o g.json alice bob >/dev/null &&
	python3 -c "import hashlib; print(hashlib.blake2b(b\"the quick fox\", digest_size=32).hexdigest())" >expect &&
	json_get g.json "d[\"secret\"][\"seed\"]" >actual &&
	test_cmp expect actual
'

test_expect_success '--seed: the same seed, the same game' '
	"$CARCPBEM" new --seed abc -o a.json alice bob >/dev/null &&
	"$CARCPBEM" new --seed abc -o b.json alice bob >/dev/null &&
	cmp a.json b.json
'

test_expect_success '--tiles: the bag is drawn in the order given' '
	"$CARCPBEM" new --tiles "BA/L, BA/C,BA/RRR" -o g.json alice bob >out &&
	grep "^Turn 1: alice (A) to place BA/L (monastery); 2 tiles left in the bag.$" out &&
	"$CARCPBEM" play g.json "place 0 1 0" pass >out &&
	grep "^Turn 2: bob (B) to place BA/C (city N); 1 tile left in the bag.$" out
'

test_expect_success '--start: another start tile at 0,0' '
	"$CARCPBEM" new --start BA/Cccc+ --tiles BA/C -o g.json alice bob >/dev/null &&
	"$CARCPBEM" legal g.json >out &&
	grep "^place 0 -1 180$" out &&
	grep "^place 1 0 270$" out &&
	grep "^place 0 1 0$" out &&
	grep "^place -1 0 90$" out &&
	test "$(grep -c "^place" out)" = 4
'

test_expect_success 'an existing file is kept unless --force' '
	"$CARCPBEM" new --seed a -o g.json alice bob >/dev/null &&
	cp g.json before &&
	expect_code 1 "$CARCPBEM" new --seed b -o g.json alice bob 2>err &&
	grep "carcpbem: g.json already exists: choose another file, or add --force to replace it" err &&
	cmp before g.json &&
	"$CARCPBEM" new --force --seed b -o g.json alice bob >/dev/null &&
	! cmp -s before g.json
'

test_expect_success 'no file to write to' '
	new_fails 2 "carcpbem new: say where to write the game: -o FILE, --spool DIR or --dir DIR" alice bob &&
	sed -n 2p err | grep "^usage: carcpbem new \[options\] -o FILE|--spool DIR|--dir DIR NAME \[NAME...\]$"
'

test_expect_success 'no player, six players (BASE-COMP-3, UN-03)' '
	new_fails 2 "carcpbem new: name the players, in their seat order" -o g.json &&
	new_fails 2 "carcpbem new: the base game is for 1 to 5 players, not 6: 6 play only with a module that brings a sixth colour (--with inns-cathedrals) (UN-03)" \
		-o g.json a b c d e f
'

test_expect_success 'bad and duplicate names' '
	new_fails 2 "carcpbem new: \"bob smith\" is not a player name: use 1 to 16 letters, digits, '"'-', '_' or '.'"', starting with a letter" \
		-o g.json alice "bob smith" &&
	new_fails 2 "carcpbem new: \"2pac\" is not a player name: use 1 to 16 letters, digits, '"'-', '_' or '.'"', starting with a letter" \
		-o g.json alice 2pac &&
	new_fails 2 "carcpbem new: two players are named Alice: give each a different name" \
		-o g.json alice Alice
'

test_expect_success 'bad edition, river rule, first player' '
	new_fails 2 "carcpbem new: --edition 3: the edition is 1 or 2" --edition 3 -o g.json a b &&
	new_fails 2 "carcpbem new: --river-uturn loop: use curves or area" --river-uturn loop -o g.json a b &&
	new_fails 2 "carcpbem new: --first: give a seat number from 1 to 2" --first 3 -o g.json a b &&
	new_fails 2 "carcpbem new: --first: give a seat number from 1 to 2" --first x -o g.json a b
'

test_expect_success 'bad seeds' '
	new_fails 2 "carcpbem new: --seed: the seed is empty; give 64 hexadecimal digits or any other text" \
		--seed "" -o g.json a b &&
	new_fails 2 "carcpbem new: --seed: 63 hexadecimal digits; a hexadecimal seed has exactly 64 (was it cut short?)" \
		--seed 0112233445566778899aabbccddeeff00112233445566778899aabbccddeeff -o g.json a b
'

test_expect_success 'unknown tile ids, with the closest known ones' '
	new_fails 2 "carcpbem new: --tiles: unknown tile id '"'BA/CRX'"' (closest known ids: BA/CRr, BA/LR, BA/RCr, BA/Cc+, BA/CcRr)" \
		--tiles BA/C,BA/CRX -o g.json a b &&
	new_fails 2 "carcpbem new: --start: unknown tile id '"'ba/crrrr'"' (closest known ids: BA/CRRR, BA/RRRR, BA/CcRr, BA/CcRr+, BA/CRr)" \
		--start ba/crrrr -o g.json a b &&
	new_fails 2 "carcpbem new: --tiles: no tile ids in \",\"" --tiles , -o g.json a b
'

test_expect_success 'tiles of a set or edition the game does not use' '
	new_fails 2 "carcpbem new: --start: tile RI/s is a river tile: it needs the river expansion" \
		--start RI/s -o g.json a b &&
	new_fails 2 "carcpbem new: --tiles: tile BA/CcG is not in the 1st edition'"'"'s tile set" \
		--tiles BA/CcG -o g.json a b &&
	"$CARCPBEM" new --edition 2 --tiles BA/CcG -o g.json a b >/dev/null
'

test_expect_success 'a tile set enters a game only by --with (the bag stays base and river)' '
	new_fails 2 "carcpbem new: --tiles: tile SI.CA/C is in the tile set cathars: it needs --with cathars" \
		--tiles BA/L,SI.CA/C -o g2.json a b &&
	new_fails 2 "carcpbem new: --start: tile KR/CCcc is in the tile set king-robber: it needs --with king-robber" \
		--river --start KR/CCcc -o g2.json a b &&
	new_fails 2 "carcpbem new: --tiles: tile RI.2/III is in the tile set river2: it needs --with river2" \
		--river --tiles RI.2/III -o g2.json a b
'

test_expect_success '--tiles: no more copies than the tile sets have (BASE-COMP-2, RIVER-1)' '
	new_fails 2 "carcpbem new: --tiles: BA/CFc.1 is named 2 times, but the tile sets of these rules have 1 copy of it to draw" \
		--tiles BA/CFc.1,BA/L,BA/CFc.1 -o g.json a b &&
	new_fails 2 "carcpbem new: --tiles: BA/CFc.1 is named 1 time, but the tile sets of these rules have 0 copies of it to draw" \
		--start BA/CFc.1 --tiles BA/CFc.1 -o g.json a b &&
	new_fails 2 "carcpbem new: --tiles: BA/RCr is named 4 times, but the tile sets of these rules have 3 copies of it to draw" \
		--tiles BA/RCr,BA/RCr,BA/RCr,BA/RCr -o g.json a b &&
	new_fails 2 "carcpbem new: --tiles: BA/RCr is named 4 times, but the tile sets of these rules have 3 copies of it to draw" \
		--river --start RI/s --tiles BA/RCr,BA/RCr,BA/RCr,BA/RCr -o g.json a b &&
	new_fails 2 "carcpbem new: --tiles: BA/Cc.1 is named 3 times, but the tile sets of these rules have 2 copies of it to draw" \
		--edition 2 --tiles BA/Cc.1,BA/Cc.1,BA/Cc.1 -o g.json a b &&
	"$CARCPBEM" new --tiles BA/Cc.1,BA/Cc.1,BA/Cc.1,BA/CFc.1 -o g.json a b >/dev/null &&
	rm g.json &&
	"$CARCPBEM" new --tiles BA/RCr,BA/RCr,BA/RCr -o g.json a b >/dev/null
'

test_done
