# tests/lib.sh: a tiny git-style TAP library for shell tests.
#
# A test file (tests/tNNNN-topic.sh, listed in SH_TESTS in Makefile.am):
#
#	#!/bin/sh
#	. "$top_srcdir/tests/lib.sh"
#
#	test_expect_success 'new game file' '
#		"$CARCPBEM" new game &&
#		test -s game
#	'
#	test_done
#
# test_expect_success TITLE SCRIPT
#	Runs SCRIPT with eval; "ok N - TITLE" if it succeeds, else "not ok".
#	Chain its commands with && so that the first failure fails the test.
# test_expect_failure TITLE SCRIPT
#	A known breakage: "not ok N - TITLE # TODO" while SCRIPT fails (an
#	expected failure), "ok N - TITLE # TODO" once it passes (reported by
#	make check as XPASS: turn it into test_expect_success).
# skip_all REASON
#	Skips the whole file; call it before the first test.
# test_done
#	Prints the plan ("1..N"); exits 0 if no test failed, else 1.
# test_cmp EXPECTED ACTUAL
#	Fails, showing a diff, unless the two files are equal.
# expect_code N COMMAND [ARG...]
#	Succeeds if COMMAND exits with status N exactly.
# test_must_fail COMMAND [ARG...]
#	Succeeds if COMMAND exits with status 1 to 125 (a failure, not a
#	crash or a missing command).
#
# Each SCRIPT runs in a subshell (variables it sets do not survive it)
# whose working directory is a fresh empty trash directory,
# $TRASH_DIRECTORY = $top_builddir/tests/trash.NAME/N for test number N of
# tests/NAME.sh. The trash directories are removed by test_done when every
# test passed (unless TEST_KEEP_TRASH is set) and by make clean. SCRIPT's
# output goes to stderr, which make check saves in the test's .log file.
#
# Environment (set by make check, see AM_TESTS_ENVIRONMENT in Makefile.am):
# top_srcdir and top_builddir (absolute paths), CARCPBEM (the program).
# Run by hand from the top build directory, e.g. "sh tests/t0000-basic.sh",
# they default to the current directory and ./carcpbem.

top_srcdir=$(cd "${top_srcdir:-.}" && pwd) || exit 1
top_builddir=$(cd "${top_builddir:-.}" && pwd) || exit 1
CARCPBEM=${CARCPBEM:-$top_builddir/carcpbem}
export top_srcdir top_builddir CARCPBEM
# CI runs the tests as root: run and daemon may keep root here (they refuse
# it elsewhere without a user in the config); t3140-privileges.sh unsets it.
CARCPBEM_ALLOW_ROOT=yes
export CARCPBEM_ALLOW_ROOT

test_count=0
test_failed=0
TRASH_BASE=$top_builddir/tests/trash.$(basename "$0" .sh)
rm -rf "$TRASH_BASE" || exit 1

test_bail_ () {
	printf 'Bail out! %s\n' "$*"
	exit 255
}

# test_run_ SCRIPT: evaluates SCRIPT in a fresh trash directory.
test_run_ () {
	TRASH_DIRECTORY=$TRASH_BASE/$test_count
	mkdir -p "$TRASH_DIRECTORY" || test_bail_ "cannot create $TRASH_DIRECTORY"
	(
		export TRASH_DIRECTORY
		cd "$TRASH_DIRECTORY" && eval "$1"
	) </dev/null >&2
}

# test_show_ SCRIPT: shows a failed script as TAP comments.
test_show_ () {
	printf '%s\n' "$1" | sed -e '/^[ 	]*$/d' -e 's/^/#	/'
}

test_expect_success () {
	test "$#" = 2 || test_bail_ "test_expect_success needs TITLE and SCRIPT"
	test_count=$((test_count + 1))
	if test_run_ "$2"; then
		printf 'ok %d - %s\n' "$test_count" "$1"
	else
		test_failed=$((test_failed + 1))
		printf 'not ok %d - %s\n' "$test_count" "$1"
		test_show_ "$2"
	fi
}

test_expect_failure () {
	test "$#" = 2 || test_bail_ "test_expect_failure needs TITLE and SCRIPT"
	test_count=$((test_count + 1))
	if test_run_ "$2"; then
		printf 'ok %d - %s # TODO known breakage vanished\n' "$test_count" "$1"
	else
		printf 'not ok %d - %s # TODO known breakage\n' "$test_count" "$1"
	fi
}

skip_all () {
	test "$test_count" = 0 || test_bail_ "skip_all after the first test"
	printf '1..0 # SKIP %s\n' "$*"
	exit 0
}

test_done () {
	printf '1..%d\n' "$test_count"
	if test "$test_failed" != 0; then
		printf '# failed %d of %d tests; see %s\n' "$test_failed" "$test_count" "$TRASH_BASE"
		exit 1
	fi
	test -n "${TEST_KEEP_TRASH-}" || rm -rf "$TRASH_BASE"
	exit 0
}

test_cmp () {
	diff -u "$1" "$2"
}

test_must_fail () {
	"$@"
	test_status_=$?
	if test "$test_status_" = 0; then
		echo "test_must_fail: $* succeeded" >&2
		return 1
	elif test "$test_status_" -gt 125; then
		echo "test_must_fail: $* died with status $test_status_" >&2
		return 1
	fi
	return 0
}

expect_code () {
	want_=$1
	shift
	"$@"
	got_=$?
	test "$got_" = "$want_" && return 0
	echo "expect_code: $* exited with $got_, not $want_" >&2
	return 1
}
