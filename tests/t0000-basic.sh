#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The test machinery itself, and the program under test.
. "$top_srcdir/tests/lib.sh"

test_expect_success 'carcpbem is built and executable' '
	test -f "$CARCPBEM" &&
	test -x "$CARCPBEM"
'

test_expect_success 'tests run in an empty trash directory' '
	test "$(pwd)" = "$TRASH_DIRECTORY" &&
	test -z "$(ls -A)"
'

test_expect_success 'test_must_fail and test_cmp' '
	test_must_fail false &&
	! test_must_fail true &&
	echo a >a && echo a >b && test_cmp a b
'

test_done
