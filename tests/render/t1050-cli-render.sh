#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# carcpbem render: the text maps of fixed games against golden copies
# (tests/render/golden/), cropping and paging, the UTF-8 variant's
# alignment, the contact sheets, the PNG file, and the usage errors.
. "$top_srcdir/tests/lib.sh"

golden=$top_srcdir/tests/render/golden

# A small game: start BA/RCr; alice's monk at 0,1, bob's knight at 0,-1,
# alice's thief at 1,0, bob's farmer at -1,0; alice to place BA/L.
small () {
	"$CARCPBEM" new --tiles BA/L,BA/Cccc+,BA/RFr,BA/RFr,BA/L -o g.json alice bob >/dev/null &&
	"$CARCPBEM" play g.json "place 0 1 0" monk "place 0 -1 0" "knight N" \
		"place 1 0 0" "thief E" "place -1 0 0" "farmer NL" >/dev/null
}

# A river game for three, with a bridge, a city over a road's end, a
# monastery moved off the river, curves, an abbot on a garden, a lake.
river () {
	"$CARCPBEM" new --river --abbot --edition 2 -o g.json alice bob carol \
		--tiles RI.1/RIrI,RI.1/CIRI,RI.1/LIRI,RI.1/RrII,RI.1/CcII,RI.1/IIG,RI.1/I.e,BA/CccR+,BA/L \
		>/dev/null &&
	"$CARCPBEM" play g.json "place 1 0 90" "thief N" "place 2 0 0" "knight N" \
		"place 3 0 0" "farmer NL" "place 4 0 0" "thief N" "place 4 1 270" \
		"farmer NL" "place 5 1 0" abbot "place 5 2 90" pass "place 1 -1 0" \
		"knight N" >/dev/null
}

# same_columns A B: the two maps have the same lines, character for
# character in length (the UTF-8 map keeps the ASCII map's columns).
same_columns () {
	python3 -c 'import sys
a = open(sys.argv[1], encoding="utf-8").read().split("\n")
b = open(sys.argv[2], encoding="utf-8").read().split("\n")
bad = [i + 1 for i, (x, y) in enumerate(zip(a, b)) if len(x) != len(y)]
wide = set(c for c in "".join(b) if ord(c) > 127 and not 0x2500 <= ord(c) <= 0x257f)
if len(a) != len(b) or bad or wide:
    sys.exit("lines %s differ in length; not box drawing: %r" % (bad, wide))' "$1" "$2"
}

test_expect_success 'small game, ASCII map and legend' '
	small &&
	"$CARCPBEM" render g.json >actual &&
	test_cmp "$golden/small.txt" actual
'

test_expect_success '--ascii is the default; --no-fits and --no-legend' '
	small &&
	"$CARCPBEM" render g.json --ascii >actual &&
	test_cmp "$golden/small.txt" actual &&
	"$CARCPBEM" render g.json --no-fits --no-legend >actual &&
	test_cmp "$golden/small-plain.txt" actual
'

test_expect_success 'small game, UTF-8 map in the same columns' '
	small &&
	"$CARCPBEM" render g.json --utf8 >actual &&
	test_cmp "$golden/small-utf8.txt" actual &&
	"$CARCPBEM" render g.json --utf8 --no-legend >utf8 &&
	"$CARCPBEM" render g.json --no-legend >ascii &&
	same_columns ascii utf8
'

test_expect_success 'a figure decision: the last tile marked, no fits' '
	small &&
	"$CARCPBEM" play g.json "place 1 1 0" >/dev/null &&
	"$CARCPBEM" render g.json --no-legend >actual &&
	test_cmp "$golden/small-figure.txt" actual
'

test_expect_success 'river game, ASCII and UTF-8' '
	river &&
	"$CARCPBEM" render g.json >actual &&
	test_cmp "$golden/river.txt" actual &&
	"$CARCPBEM" render g.json --utf8 >actual &&
	test_cmp "$golden/river-utf8.txt" actual &&
	"$CARCPBEM" render g.json --utf8 --no-legend >utf8 &&
	"$CARCPBEM" render g.json --no-legend >ascii &&
	same_columns ascii utf8
'

test_expect_success 'coordinates are those of carcpbem legal' '
	small &&
	"$CARCPBEM" render g.json --no-legend >map &&
	"$CARCPBEM" legal g.json | grep "^place" >legal &&
	grep "^place 0 2 " legal &&
	sed -n 1p map | grep "^ *-1 *0 *1$" &&
	grep "^  2 " map
'

test_expect_success 'a wide board is cropped around the last tile, and says so' '
	river &&
	"$CARCPBEM" render g.json --width 40 --no-legend >actual &&
	test_cmp "$golden/river-crop.txt" actual &&
	head -n 2 actual | tr "\n" " " |
	grep "^Cropped to fit 40 columns: x -1 to 3 of -1 to 6 shown" &&
	awk "length > 40 { exit 1 }" actual
'

test_expect_success '--page prints the whole board in parts' '
	river &&
	"$CARCPBEM" render g.json --width 40 --page --no-legend >actual &&
	test_cmp "$golden/river-pages.txt" actual &&
	grep -c "^Part [12] of 2 " actual >n &&
	echo 2 >expect && test_cmp expect n
'

test_expect_success '--width 0: no limit' '
	river &&
	"$CARCPBEM" render g.json --width 0 --no-legend >wide &&
	"$CARCPBEM" render g.json --no-legend >default &&
	test_cmp wide default &&
	"$CARCPBEM" render g.json --width 20 --no-legend >narrow &&
	! grep -q "^Part" narrow && grep "^Cropped to fit 20" narrow &&
	awk "length > 20 { exit 1 }" narrow
'

test_expect_success 'every tile of every set in four rotations (text sheet)' '
	"$CARCPBEM" render --tiles >actual &&
	test_cmp "$golden/tiles.txt" actual &&
	"$CARCPBEM" render --tiles --utf8 >utf8 &&
	same_columns actual utf8
'

if "$CARCPBEM" render --tiles --png probe.png 2>/dev/null; then
	rm -f probe.png
	test_expect_success 'PNG map to a file and to standard output' '
		small &&
		"$CARCPBEM" render g.json --png map.png >out &&
		test ! -s out &&
		printf "\211PNG\r\n\032\n" >signature &&
		head -c 8 map.png | cmp - signature &&
		"$CARCPBEM" render g.json --png - >stdout.png &&
		cmp map.png stdout.png &&
		"$CARCPBEM" render g.json --png map2.png --ascii >text &&
		test_cmp "$golden/small.txt" text &&
		cmp map.png map2.png
	'
	test_expect_success 'PNG contact sheet' '
		"$CARCPBEM" render --tiles --png tiles.png &&
		test -s tiles.png
	'
	test_expect_success 'an unwritable PNG path fails with its name' '
		small &&
		test_must_fail "$CARCPBEM" render g.json --png no/such/dir.png 2>err &&
		grep "no/such/dir.png" err
	'
else
	rm -f probe.png
	test_expect_success 'without cairo, --png says why it draws nothing' '
		small &&
		test_must_fail "$CARCPBEM" render g.json --png map.png 2>err &&
		grep "without cairo" err
	'
fi

test_expect_success 'usage errors' '
	test_expect_code () { "$@"; test $? = 2; } &&
	test_expect_code "$CARCPBEM" render 2>err && grep "which game" err &&
	small &&
	test_expect_code "$CARCPBEM" render --tiles g.json 2>err &&
	grep "takes no game" err &&
	test_expect_code "$CARCPBEM" render g.json --width 5 2>err &&
	test_expect_code "$CARCPBEM" render g.json --tile-size x 2>err &&
	test_expect_code "$CARCPBEM" render g.json g.json 2>err &&
	"$CARCPBEM" render --help | grep "^usage: carcpbem render"
'

test_done
