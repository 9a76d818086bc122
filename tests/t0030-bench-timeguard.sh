#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# tests/bench/timeguard.sh, make bench's time guard (issue 23): its
# arguments, its arithmetic (each pair's ratio, the median and range, the
# limit) and its report. Stand-in programs print the times the tests
# choose, so nothing here depends on how fast the machine is; the last
# test runs carcpbem itself on both sides with a limit it cannot reach.
. "$top_srcdir/tests/lib.sh"

guard=$top_srcdir/tests/bench/timeguard.sh

# fake NAME TIMES TIES: a stand-in carcpbem whose runs of selfplay take
# TIMES (one a run, in order) and print "ties: TIES" as their games. Each
# run adds NAME to the file order.
# shellcheck disable=SC2086 # TIMES: one time a word
fake () {
	rm -f "$1.n" "${1%/*}/order" &&
	printf '%s\n' $2 >"$1.times" &&
	echo "$3" >"$1.ties" &&
	cat >"$1" <<-'EOF' &&
	#!/bin/sh
	[ "$1 $2 $4" = "selfplay -n --seed" ] || { echo "$0: not selfplay: $*" >&2; exit 2; }
	n=$(($(cat "$0.n" 2>/dev/null || echo 0) + 1))
	echo "$n" >"$0.n"
	echo "${0##*/}" >>"${0%/*}/order"
	echo "seed: 00"
	echo "games: $3 (2 players; edition 1, farmers)"
	echo "time: $(sed -n "${n}p" "$0.times") s, 1.0 games/s"
	echo "ties: $(cat "$0.ties")"
	EOF
	chmod +x "$1"
}

# guard_run THIS-TIMES REF-TIMES [VAR=VALUE...]: the guard on two
# stand-ins playing the same games, three pairs; output in out and err.
guard_run () {
	fake "$PWD/this" "$1" 5 && fake "$PWD/ref" "$2" 5 && shift 2 &&
	env BENCH_REF_PROG="$PWD/ref" BENCH_REPS=3 BENCH_GAMES=1000 \
		BENCH_PERF=0 CALLGRIND_GAMES=0 "$@" \
		sh "$guard" "$PWD/this" >out 2>err
}

test_expect_success 'issue 23.2: each pair'\''s ratio reference/this, their median and range; the pairs alternate' '
	guard_run "1.000 2.000 0.500" "1.000 1.000 1.000" &&
	grep -x "pair  1: reference 1.000 s, this 1.000 s, ratio 1.000" out &&
	grep -x "pair  2: reference 1.000 s, this 2.000 s, ratio 0.500" out &&
	grep -x "pair  3: reference 1.000 s, this 0.500 s, ratio 2.000" out &&
	grep "^time ratio reference/this: median 1.000 (0.500-2.000) over 3 pairs" out &&
	grep -x "timeguard.ratio: 1.000 0.500 2.000" out &&
	grep -x "timeguard.games_per_s: 1000 1000" out &&
	grep "^same games: both builds print the same results" out &&
	grep "^# time guard passed: within BENCH_TIME_LIMIT=10 %" out &&
	printf "%s\n" this ref ref this this ref >expect &&
	test_cmp expect order
'

test_expect_success 'issue 23.2: it fails when the median takes more than BENCH_TIME_LIMIT percent over the reference' '
	expect_code 1 guard_run "2.000 2.000 1.000" "1.000 1.000 1.000" &&
	grep "median 0.500 (0.500-1.000) over 3 pairs; this build takes 100 % more time" out &&
	grep "this build takes 100 % more time than .*ref (median ratio 0.500): more than BENCH_TIME_LIMIT=10 %" err &&
	guard_run "2.000 2.000 1.000" "1.000 1.000 1.000" BENCH_TIME_LIMIT=100 &&
	grep "^# time guard passed: within BENCH_TIME_LIMIT=100 %" out &&
	expect_code 1 guard_run "2.000 2.000 1.000" "1.000 1.000 1.000" BENCH_TIME_LIMIT=99.5
'

test_expect_success 'issue 23.2: it says when the two builds play other games' '
	fake "$PWD/this" "1 1" 5 && fake "$PWD/ref" "1 1" 6 &&
	BENCH_REF_PROG="$PWD/ref" BENCH_REPS=2 BENCH_PERF=0 CALLGRIND_GAMES=0 \
		sh "$guard" "$PWD/this" >out 2>err &&
	grep "^# the two builds play other games (a rules change?)" out &&
	grep "^#   < ties: 6" out && grep "^#   > ties: 5" out &&
	! grep "^same games" out
'

test_expect_success 'issue 23.2: bad settings are refused, saying what to give' '
	fake "$PWD/this" 1 5 &&
	for bad in BENCH_REPS=0 BENCH_REPS=x BENCH_GAMES=-3 CALLGRIND_GAMES=1 \
		BENCH_TIME_LIMIT=ten; do
		expect_code 2 env BENCH_REF_PROG="$PWD/this" "$bad" sh "$guard" "$PWD/this" \
			>out 2>err &&
		grep "timeguard.sh: $bad: give " err || return 1
	done &&
	expect_code 2 sh "$guard" "$PWD/nothing" 2>err &&
	grep "nothing: not an executable program" err &&
	expect_code 2 env BENCH_REF_PROG="$PWD/nothing" sh "$guard" "$PWD/this" 2>err &&
	grep "BENCH_REF_PROG=.*nothing: not an executable program" err
'

test_expect_success 'issue 23.2: carcpbem on both sides plays the same games, the report is whole' '
	BENCH_REF_PROG="$CARCPBEM" BENCH_REPS=2 BENCH_GAMES=100 BENCH_PERF=0 \
		CALLGRIND_GAMES=0 BENCH_TIME_LIMIT=1000000 \
		sh "$guard" "$CARCPBEM" >out 2>err &&
	grep -c "^pair  [12]: reference [0-9.]* s, this [0-9.]* s, ratio [0-9.]*$" out >n &&
	echo 2 >expect && test_cmp expect n &&
	grep "^| reference | .*carcpbem | [0-9.]* s | [0-9]* | n/a |" out &&
	grep "^same games: both builds print the same results for --seed bench" out &&
	grep "^timeguard.ratio: [0-9.]* [0-9.]* [0-9.]*$" out &&
	grep "^# instructions per game: skipped (CALLGRIND_GAMES=0)" out &&
	grep "^# perf: skipped (BENCH_PERF=0)" out
'

test_done
