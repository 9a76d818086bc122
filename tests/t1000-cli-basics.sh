#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# carcpbem itself: --version, --help, help COMMAND, --help of every
# command, and the exit codes of usage errors.
. "$top_srcdir/tests/lib.sh"

COMMANDS="new legal hint play show selfplay demo keygen view move sign verify apply replay export"

test_expect_success '--version prints the version' '
	"$CARCPBEM" --version >out &&
	grep -E "^carcpbem [0-9]+\.[0-9]+\.[0-9]+$" out
'

test_expect_success '--help lists every command' '
	"$CARCPBEM" --help >out &&
	grep "^usage: carcpbem COMMAND" out &&
	for c in $COMMANDS; do
		grep "^  $c  *[a-z]" out || return 1
	done
'

test_expect_success 'help without a command is --help' '
	"$CARCPBEM" --help >expect &&
	"$CARCPBEM" help >actual &&
	test_cmp expect actual
'

test_expect_success '--help of every command: usage and options, exit 0' '
	for c in $COMMANDS; do
		"$CARCPBEM" $c --help >out &&
		grep "^usage: carcpbem $c " out &&
		grep "^options:" out &&
		grep -- "-h, --help" out || return 1
	done
'

test_expect_success 'help COMMAND is COMMAND --help' '
	for c in $COMMANDS; do
		"$CARCPBEM" $c --help >expect &&
		"$CARCPBEM" help $c >actual &&
		test_cmp expect actual || return 1
	done
'

test_expect_success 'options common to the rules are in new, selfplay, demo' '
	for c in new selfplay demo; do
		"$CARCPBEM" $c --help >out &&
		for o in --edition --farmers --no-farmers --river --abbot --river-uturn \
			--seed; do
			grep -- " $o" out || return 1
		done
	done
'

test_expect_success 'no command: usage, exit 2' '
	expect_code 2 "$CARCPBEM" 2>err &&
	grep "^usage: carcpbem" err
'

test_expect_success 'an unknown command: exit 2' '
	expect_code 2 "$CARCPBEM" frobnicate 2>err &&
	grep "carcpbem: .frobnicate. is not a command" err &&
	expect_code 2 "$CARCPBEM" help frobnicate 2>err &&
	grep "is not a command" err
'

test_expect_success 'an unknown option: message, usage line, exit 2' '
	for c in $COMMANDS; do
		expect_code 2 "$CARCPBEM" $c --frobnicate 2>err &&
		echo "carcpbem $c: unknown option --frobnicate" >expect &&
		head -n 1 err >actual &&
		test_cmp expect actual &&
		sed -n 2p err | grep "^usage: carcpbem $c " || return 1
	done
'

test_expect_success 'a missing option value: exit 2' '
	expect_code 2 "$CARCPBEM" selfplay -n 2>err &&
	grep "option -n needs a value (N)" err &&
	expect_code 2 "$CARCPBEM" demo --seed 2>err &&
	grep "option --seed needs a value (SEED)" err &&
	expect_code 2 "$CARCPBEM" legal --json=yes g 2>err &&
	grep "option --json takes no value" err
'

test_expect_success 'a missing game file operand: exit 2' '
	for c in legal play show; do
		expect_code 2 "$CARCPBEM" $c 2>err &&
		grep "which game" err || return 1
	done
'

test_done
