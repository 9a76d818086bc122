#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# carcpbem hint: the computer player's turn for a view, as legal writes
# actions; --explain's top three; and issue 12's hidden-information test:
# two games that differ only in the order of the tiles still to come get
# the same first decision from MCTS with a playout count and a seed.
. "$top_srcdir/tests/lib.sh"

# Two host files with the same tiles in the bag, the first drawn the
# same, the rest in opposite orders (new --tiles); alice's views of both.
mkgames () {
	"$CARCPBEM" new --seed hint -o g.json alice bob >/dev/null &&
	python3 -c 'import json
b = json.load(open("g.json"))["secret"]["bag"]
open("o1", "w").write(",".join(b))
open("o2", "w").write(",".join([b[0]] + b[1:][::-1]))' &&
	"$CARCPBEM" new --tiles "$(cat o1)" -o h1.json alice bob >/dev/null &&
	"$CARCPBEM" new --tiles "$(cat o2)" -o h2.json alice bob >/dev/null &&
	"$CARCPBEM" view h1.json --player alice -o v1.json &&
	"$CARCPBEM" view h2.json --player alice -o v2.json
}

test_expect_success 'hint: a whole turn of legal actions, in legal'"'"'s words' '
	mkgames &&
	"$CARCPBEM" hint v1.json --playouts 200 --seed s >turn &&
	test "$(wc -l <turn)" -eq 2 &&
	"$CARCPBEM" legal v1.json | grep -qxF "$(sed -n 1p turn)" &&
	cp h1.json play.json &&
	"$CARCPBEM" play play.json "$(sed -n 1p turn)" "$(sed -n 2p turn)" >played &&
	grep "^Turn 2: bob" played
'

# hint_of FILE OUT: MCTS's turn and its top three (not the time taken).
hint_of () {
	"$CARCPBEM" hint "$1" --playouts 400 --seed same --explain >out &&
	sed "/ playouts in /d" out >"$2"
}

test_expect_success 'hidden information: the same first decision whatever the bag order' '
	mkgames &&
	hint_of v1.json a1 && hint_of v2.json a2 && test_cmp a1 a2 &&
	hint_of h1.json b1 && hint_of h2.json b2 &&
	test_cmp a1 b1 && test_cmp a1 b2
'

test_expect_success 'control: the two hosts draw different tiles after that turn' '
	mkgames && hint_of v1.json a1 &&
	sed "/^#/d" a1 >turn &&
	cp h1.json p1.json && cp h2.json p2.json &&
	"$CARCPBEM" play p1.json "$(sed -n 1p turn)" "$(sed -n 2p turn)" >n1 &&
	"$CARCPBEM" play p2.json "$(sed -n 1p turn)" "$(sed -n 2p turn)" >n2 &&
	grep "^Turn 2: bob (B) to place" n1 && grep "^Turn 2: bob (B) to place" n2 &&
	! test_cmp n1 n2
'

test_expect_success '--explain: the choice, then the top three with their chances' '
	mkgames &&
	"$CARCPBEM" hint v1.json --playouts 300 --seed e --explain >out &&
	sed -n 1,2p out | grep -v "^#" >turn && test "$(wc -l <turn)" -eq 2 &&
	grep -E "^# mcts: [0-9]+ whole turns weighed, 300 playouts in [0-9.]+ s \([0-9]+ a second\)$" out &&
	grep -E "^# [123]\. place -?[0-9]+ -?[0-9]+ (0|90|180|270); [a-z]+( [A-Z]+)?: wins [0-9]+% of [0-9]+ playouts, evaluation [-+][0-9]+\.[0-9] points$" out >top &&
	test "$(wc -l <top)" -eq 3 &&
	test "$(sed -n 1p top | sed "s/^# 1\. //; s/:.*//")" = "$(paste -sd";" turn | sed "s/;/; /")" &&
	"$CARCPBEM" hint v1.json --player greedy --explain >g &&
	grep -E "^# greedy: [0-9]+ whole turns weighed$" g &&
	grep -cE "^# [123]\. .*: evaluation [-+][0-9.]+ points$" g >n && test "$(cat n)" = 3
'

test_expect_success 'hint: not your decision, a finished game, bad options' '
	mkgames &&
	"$CARCPBEM" view h1.json --player bob -o bob.json &&
	expect_code 1 "$CARCPBEM" hint bob.json 2>err &&
	grep "the decision due is alice.s, not bob.s" err &&
	expect_code 2 "$CARCPBEM" hint v1.json --think soon 2>err &&
	grep -- "--think soon" err &&
	expect_code 2 "$CARCPBEM" hint v1.json --player clever 2>err &&
	grep "random, greedy or mcts" err &&
	"$CARCPBEM" new --tiles BA/L -o one.json alice bob >/dev/null &&
	"$CARCPBEM" play one.json "$("$CARCPBEM" hint one.json --player greedy | head -1)" pass >/dev/null &&
	expect_code 1 "$CARCPBEM" hint one.json 2>err && grep "game is over" err
'

test_expect_success 'selfplay --players greedy,random: greedy wins every game' '
	"$CARCPBEM" selfplay -n 4 --seed kinds --players greedy,random >out &&
	grep "^players: 1 greedy, 2 random$" out &&
	grep -E "^ +1 +[0-9]+ +[0-9.]+ +4$" out &&
	"$CARCPBEM" selfplay -n 1 --seed kinds --players mcts,greedy --playouts 20 >out &&
	grep "^games: 1 " out &&
	expect_code 2 "$CARCPBEM" selfplay --players greedy,clever 2>err &&
	grep "random, greedy or mcts" err
'

test_done
