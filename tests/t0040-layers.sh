#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The layers of docs/architecture.md hold (issue 24): every source file in
# one folder of the list, no include of a higher folder's header, no call
# of a higher folder's function (the built objects' symbols), no circle of
# more than 3 files calling each other. tests/layers.sh does the reading;
# its last tests here check that it refuses what it should.
. "$top_srcdir/tests/lib.sh"

# No folder is let off: src/rules' circle (19 files at fc64523) was cut
# too (events.c, hooks.c, builtin.c).
LAYERS_CIRCLES_LEFT=
export LAYERS_CIRCLES_LEFT

test_expect_success 'issue 24: tests/layers.sh reads the folders of docs/architecture.md' '
	sh "$top_srcdir/tests/layers.sh" "$top_srcdir" "$top_builddir" >out 2>err ||
		{ cat out err; false; } &&
	cat out err &&
	grep "^layers: [0-9]* folders, [0-9]* files, [0-9]* includes, [0-9]* calls across files" out
'

test_expect_success 'issue 24: every source file is in a folder of the list' '
	sh "$top_srcdir/tests/layers.sh" "$top_srcdir" "$top_builddir" >out 2>&1 ||
	! grep "^unplaced:" out
'

test_expect_success 'issue 24: no file includes a header of a higher folder' '
	sh "$top_srcdir/tests/layers.sh" "$top_srcdir" "$top_builddir" >out 2>&1 ||
	! grep "^include:" out
'

test_expect_success 'issue 24: no object calls a function of a higher folder' '
	sh "$top_srcdir/tests/layers.sh" "$top_srcdir" "$top_builddir" >out 2>&1 ||
	! grep "^call:" out &&
	! grep "calls not checked" out
'

test_expect_success 'issue 24: no more than 3 files call each other in a circle' '
	sh "$top_srcdir/tests/layers.sh" "$top_srcdir" "$top_builddir" >out 2>&1 ||
	! grep "^circle:" out
'

# A tree of its own: low below high, the objects built with cc.
tree () {
	mkdir -p t/docs t/src/low t/src/high &&
	printf "# A\n\n## Layers\n\n\`\`\`\nsrc/high/   the top\nsrc/low/    the bottom\n\`\`\`\n" \
		>t/docs/architecture.md &&
	printf "int low_a(void);\n" >t/src/low/low.h &&
	printf "int high_a(void);\n" >t/src/high/high.h &&
	printf "#include \"low.h\"\nint low_a(void) { return 1; }\n" >t/src/low/a.c &&
	printf "#include \"high.h\"\n#include \"low.h\"\nint high_a(void) { return low_a(); }\n" \
		>t/src/high/a.c
}

build () {
	for c in t/src/*/*.c; do
		${CC:-cc} -c -o "${c%.c}.o" -It/src/low -It/src/high "$c" || return 1
	done
}

test_expect_success 'issue 24: a tree that keeps its layers passes' '
	tree && build &&
	sh "$top_srcdir/tests/layers.sh" t >out 2>&1 &&
	grep "^layers: 2 folders, 4 files" out
'

test_expect_success 'issue 24: a low file that includes a high header is refused' '
	tree &&
	printf "#include \"high.h\"\nint low_b(void) { return 2; }\n" >t/src/low/b.c &&
	build &&
	test_must_fail sh "$top_srcdir/tests/layers.sh" t >out 2>&1 &&
	cat out &&
	grep "^include: src/low/b.c (src/low) includes src/high/high.h of src/high, a higher folder" out
'

test_expect_success 'issue 24: a low file that calls a high function is refused' '
	tree &&
	printf "int high_a(void);\nint low_c(void) { return high_a(); }\n" >t/src/low/c.c &&
	build &&
	test_must_fail sh "$top_srcdir/tests/layers.sh" t >out 2>&1 &&
	cat out &&
	grep "^call: src/low/c.c (src/low) calls high_a of src/high/a.c in src/high, a higher folder" out
'

test_expect_success 'issue 24: 4 files in a circle are refused, 3 are not, a folder left is told' '
	tree &&
	for i in 1 2 3; do
		printf "int f%d(int x) { return x ? f%d(x - 1) : 0; }\n" $i $((i % 3 + 1)) >t/src/low/c$i.c ||
			return 1
	done &&
	sed -i "1i int f1(int); int f2(int); int f3(int); int f4(int);" t/src/low/c*.c &&
	build &&
	sh "$top_srcdir/tests/layers.sh" t >out 2>&1 &&
	sed -i "s/f1(x - 1)/f4(x - 1)/" t/src/low/c3.c &&
	printf "int f1(int); int f4(int x) { return x ? f1(x - 1) : 0; }\n" >t/src/low/c4.c &&
	build &&
	test_must_fail sh "$top_srcdir/tests/layers.sh" t >out 2>&1 &&
	cat out &&
	grep "^circle: 4 files call each other:" out &&
	LAYERS_CIRCLES_LEFT=src/low sh "$top_srcdir/tests/layers.sh" t >out 2>&1 &&
	grep "^circle left: 4 files call each other in src/low:" out
'

test_expect_success 'issue 24: a file in no folder of the list is refused' '
	tree && mkdir t/src/other &&
	printf "int other(void) { return 0; }\n" >t/src/other/o.c &&
	build &&
	test_must_fail sh "$top_srcdir/tests/layers.sh" t >out 2>&1 &&
	grep "^unplaced: src/other/o.c is in no folder" out
'

test_done
