#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The program and the rules tests under valgrind: no invalid access, no
# uninitialised value used, no leak. Skipped in sanitizer builds (ASan and
# valgrind do not mix); CI runs it in a plain build as well. Memory that
# libraries keep until exit (cairo's pixman, ...) is still reachable, not a leak.
. "$top_srcdir/tests/lib.sh"

if [ "${CARC_SANITIZERS:-no}" = yes ]; then
	skip_all "built with --enable-sanitizers; valgrind runs in a plain build"
fi
if ! command -v valgrind >/dev/null 2>&1; then
	skip_all "valgrind not installed (contrib/install-deps.sh installs it)"
fi

vg () {
	valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect,possible "$@"
}

test_expect_success 'demo game' '
	vg "$CARCPBEM" demo --seed valgrind --river --abbot --edition 2 >out &&
	grep "^Final scores:" out
'

test_expect_success 'selfplay with every option' '
	vg "$CARCPBEM" selfplay -n 20 --seed vg --players 5 --river --abbot --edition 2 >out &&
	grep "^games: 20" out
'

test_expect_success 'new, legal, play, show and a refusal' '
	vg "$CARCPBEM" new --seed vg -o g.json alice bob >/dev/null &&
	vg "$CARCPBEM" legal --json g.json >legal.json &&
	first=$(vg "$CARCPBEM" legal g.json | sed -n 3p) &&
	vg "$CARCPBEM" play g.json "$first" pass >/dev/null &&
	vg "$CARCPBEM" show --json g.json >/dev/null &&
	test_must_fail vg "$CARCPBEM" play g.json "knight Q" 2>err &&
	grep "unknown slot" err
'

test_expect_success 'render: text maps, PNG map and contact sheet' '
	"$CARCPBEM" new --seed vg --river --abbot -o g.json alice bob carol >/dev/null &&
	for i in 1 2 3 4 5 6; do
		p=$("$CARCPBEM" legal g.json | grep "^place" | grep -v "^place 0 0 " | head -n 1) &&
		"$CARCPBEM" play g.json "$p" >/dev/null &&
		f=$("$CARCPBEM" legal g.json | sed "/^#/d" | head -n 1) &&
		"$CARCPBEM" play g.json "$f" >/dev/null || return 1
	done &&
	vg "$CARCPBEM" render g.json >map.txt &&
	vg "$CARCPBEM" render g.json --utf8 --page --width 30 >/dev/null &&
	vg "$CARCPBEM" render --tiles >/dev/null &&
	if "$CARCPBEM" render --tiles --png probe.png 2>/dev/null; then
		vg "$CARCPBEM" render g.json --png map.png &&
		vg "$CARCPBEM" render --tiles --png tiles.png &&
		vg "$top_builddir/tests/render/t-png" >out &&
		! grep "^not ok" out
	fi &&
	vg "$top_builddir/tests/render/t-geometry" >out &&
	! grep "^not ok" out &&
	grep "^Legend" map.txt
'

test_expect_success 'rules cases' '
	vg "$top_builddir/tests/rules/run-cases" >out &&
	! grep "^not ok" out
'

test_expect_success 'property tests (a few games)' '
	CARC_PROPERTY_GAMES=16 vg "$top_builddir/tests/rules/t-properties" >out &&
	! grep "^not ok" out
'

test_done
