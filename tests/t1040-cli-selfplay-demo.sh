#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# carcpbem selfplay and demo: complete games between computer players.
. "$top_srcdir/tests/lib.sh"

test_expect_success 'selfplay -n 50: statistics, exit 0' '
	"$CARCPBEM" selfplay -n 50 --seed t >out &&
	grep "^games: 50 (2 players; edition 1, farmers)$" out &&
	grep "^time: [0-9.]* s, [0-9.]* games/s$" out &&
	grep "^average turns: [0-9]*\.[0-9]$" out &&
	grep "^seat  total score  average score   wins$" out &&
	grep "^ *1 *[0-9]* *[0-9.]* *[0-9]*$" out &&
	grep "^ *2 *[0-9]* *[0-9.]* *[0-9]*$" out &&
	grep "^ties: [0-9]*$" out
'

test_expect_success 'selfplay: the same seed, the same games' '
	"$CARCPBEM" selfplay -n 20 --seed same --players 3 >a &&
	"$CARCPBEM" selfplay -n 20 --seed same --players 3 >b &&
	grep -v "^time:" a >a.stats &&
	grep -v "^time:" b >b.stats &&
	test_cmp a.stats b.stats &&
	"$CARCPBEM" selfplay -n 20 --seed other --players 3 >c &&
	grep -v "^time:" c >c.stats &&
	! cmp -s a.stats c.stats
'

test_expect_success 'selfplay: wins add up to the games (ties counted for each)' '
	"$CARCPBEM" selfplay -n 40 --seed wins --players 4 >out &&
	wins=0 &&
	for w in $(sed -n "s/^ *[1-4] .* \([0-9]*\)$/\1/p" out); do
		wins=$((wins + w))
	done &&
	ties=$(sed -n "s/^ties: //p" out) &&
	test "$wins" -ge 40 &&
	test "$wins" -le $((40 + 3 * ties))
'

test_expect_success 'selfplay with every rules option' '
	"$CARCPBEM" selfplay -n 10 --seed opts --players 5 --edition 2 --no-farmers \
		--river --abbot --river-uturn area >out &&
	grep "^games: 10 (5 players; edition 2, no farmers, river (u-turn rule: area), abbot)$" out &&
	grep "^   5 " out
'

test_expect_success 'selfplay: bad arguments' '
	expect_code 2 "$CARCPBEM" selfplay -n 0 2>err &&
	grep "^carcpbem selfplay: -n 0: give a number of games from 1 up$" err &&
	expect_code 2 "$CARCPBEM" selfplay --players 6 2>err &&
	grep "^carcpbem selfplay: --players 6: the base game is for 1 to 5 players, not 6: 6 play only with a module that brings a sixth colour (--with inns-cathedrals) (UN-03)$" err &&
	expect_code 2 "$CARCPBEM" selfplay --players 0 2>err &&
	grep "^carcpbem selfplay: --players 0: the base game is for 1 to 5 players, not 0 (BASE-COMP-3)$" err &&
	expect_code 2 "$CARCPBEM" selfplay games 2>err &&
	grep "^carcpbem selfplay: unexpected argument .games.$" err
'

test_expect_success 'demo --direct: turns, final board, final scores and winner' '
	"$CARCPBEM" demo --direct --seed demo-test >out &&
	grep "^Demo game between greedy players: Ada (A), Blaise (B); edition 1, farmers.$" out &&
	grep "^turn player tile" out &&
	grep "^   1 Ada    BA/" out &&
	test "$(grep -cE "^ *[0-9]+ (Ada|Blaise) +BA/" out)" -ge 60 &&
	grep "^Final board:$" out &&
	grep "^Legend: " out &&
	grep "^Final scores: Ada [0-9]*, Blaise [0-9]*$" out &&
	grep -E "^Winners?( \(a tie, they share the victory\))?: .* with [0-9]+ points?\.$" out
'

test_expect_success 'issue 21 (low): the demo players are greedy: they score during the game; --player random keeps chance' '
	"$CARCPBEM" demo --direct --seed demo-test >out &&
	test "$(grep -cE "^ *[0-9]+ (Ada|Blaise) .* (Ada|Blaise) \+[0-9]+ " out)" -ge 10 &&
	test "$(grep -cE "^ *[0-9]+ (Ada|Blaise) .* (knight|thief|farmer|monk)" out)" -ge 20 &&
	"$CARCPBEM" demo --direct --seed demo-test --player random >rnd &&
	grep "^Demo game between random players: Ada (A), Blaise (B)" rnd &&
	expect_code 2 "$CARCPBEM" demo --player clever 2>err &&
	grep -- "--player clever: give random, greedy or mcts" err
'

test_expect_success 'demo --direct: the same seed, the same game; the seed is printed' '
	"$CARCPBEM" demo --direct --seed again --players 3 --abbot >a &&
	"$CARCPBEM" demo --direct --seed again --players 3 --abbot >b &&
	test_cmp a b &&
	seed=$(sed -n "s/^Seed \([0-9a-f]*\)$/\1/p" a) &&
	test ${#seed} = 64 &&
	"$CARCPBEM" demo --direct --seed "$seed" --players 3 --abbot >c &&
	test_cmp a c
'

test_expect_success 'demo --direct with the river' '
	"$CARCPBEM" demo --direct --seed river --river >out &&
	grep "^   1 Ada    RI" out &&
	grep "~" out &&
	grep "^Final scores: " out
'

test_expect_success 'demo --direct without a seed' '
	"$CARCPBEM" demo --direct >out &&
	grep "^Final scores: " out
'

test_done
