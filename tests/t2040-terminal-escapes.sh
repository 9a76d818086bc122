#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Issue 10, hostile point 4: ESC, BEL, CSI and C1 (U+009B) bytes in a
# turn file, a key file, a game or history file or an argument never reach
# the terminal raw from a command: they are written out (\x1b, \u009b),
# and the message still names what was wrong.
. "$top_srcdir/tests/lib.sh"

DATA=$top_srcdir/tests/turn/data
CARCPBEM_NOW=1700000000
export CARCPBEM_NOW

# clean FILE...: no control character (but newline and tab), no DEL and
# no UTF-8 C1 control in the files.
clean () {
	python3 - "$@" <<-\EOF
	import re, sys
	for p in sys.argv[1:]:
	    b = open(p, "rb").read()
	    m = re.search(rb"[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]", b)
	    assert m is None, (p, b)
	EOF
}

# hostile FILE FROM TO: FILE with the first FROM replaced by TO (Python
# escapes allowed, bytes as \xHH).
hostile () {
	python3 - "$@" <<-\EOF
	import sys
	p, old, new = sys.argv[1], sys.argv[2].encode(), sys.argv[3]
	new = new.encode().decode("unicode_escape").encode("latin-1")
	b = open(p, "rb").read()
	assert old in b, (p, old)
	open(p, "wb").write(b.replace(old, new, 1))
	EOF
}

# refused STATUS COMMAND...: the command exits with STATUS, and neither
# out nor err holds a raw control character.
refused () {
	status=$1 && shift &&
	expect_code "$status" "$CARCPBEM" "$@" >out 2>err &&
	clean out err
}

# setup: a game of alice and bob, hostile copies of keys and files.
setup () {
	cp "$DATA"/keys/* . && chmod 600 ./*.key &&
	"$CARCPBEM" new --seed golden --tiles BA/CFc.1,BA/CFc+,BA/L --dir game --id golden \
		--key alice=alice.pub --key bob=bob.pub alice bob >/dev/null &&
	cp "$DATA/apply/bad-signature/turn" turn &&
	hostile turn "Player: alice" "Player: alice\x1bx\x07\xc2\x9b2J" &&
	cp alice.pub evil.pub && hostile evil.pub " alice" " ali\x1b[2Jce\xc2\x9b" &&
	cp alice.key evil.key && hostile evil.key " alice" " ali\x1b]0;t\x07ce" &&
	mkdir hist && cp game/state.json hist/ && cp game/history.jsonl hist/ &&
	hostile hist/history.jsonl "\"created\"" "\"crea\\\\u001b[2Jted\\\\u009b\"" &&
	mkdir state && cp game/state.json state/ && cp game/history.jsonl state/ &&
	hostile state/state.json "\"golden\"" "\"gol\\\\u001b]0;x\\\\u0007den\""
}

test_expect_success 'plain text passes as it is' '
	setup &&
	"$CARCPBEM" show game >out 2>err && clean out err &&
	grep "^Game game: 2 players" out && test ! -s err &&
	"$CARCPBEM" verify alice.pub "$DATA/apply/bad-signature/turn" >out 2>err;
	clean out err && grep -F "carcpbem: " err
'

test_expect_success 'turn file fields: sign, verify, apply name the byte, escaped' '
	setup &&
	for cmd in "sign alice.key" "verify alice.pub" "apply game"; do
		# shellcheck disable=SC2086 # the command and its first operand
		refused 3 $cmd turn &&
		grep "carcpbem: turn: malformed: line 4: .*control character (0x1b)" err ||
		return 1
	done
'

test_expect_success 'key file comment: sign, verify and new show it escaped' '
	setup &&
	refused 1 sign evil.key "$DATA/apply/bad-signature/turn" &&
	grep -F "\"ali\\x1b]0;t\\x07ce\" is not a key name" err &&
	refused 1 verify evil.pub "$DATA/apply/bad-signature/turn" &&
	grep -F "\"ali\\x1b[2Jce\\u009b\" is not a key name" err &&
	refused 1 new --key alice=evil.pub --key bob=bob.pub --dir g2 alice bob &&
	grep -F "evil.pub:1: \"ali\\x1b[2Jce\\u009b\" is not a key name" err
'

test_expect_success 'names and ids on the command line: new, view, show, export, replay' '
	setup &&
	esc=$(printf "\033") && bel=$(printf "\007") && csi=$(printf "\302\233") &&
	refused 2 new --dir g3 "al${esc}ice" bob &&
	grep -F "\"al\\x1bice\" is not a player name" err &&
	refused 1 view game --player "a${esc}[2Jb" &&
	grep -F "a\\x1b[2Jb is not a player of game golden" err &&
	refused 1 show "g${esc}[2J" && grep -F "g\\x1b[2J: cannot open" err &&
	refused 1 export "g${csi}x" && grep -F "g\\u009bx: cannot open" err &&
	refused 1 replay "r${bel}" && grep -F "r\\x07: cannot open" err &&
	refused 2 "frob${esc}" && grep -F "frob\\x1b" err
'

test_expect_success 'a history line: replay and export name the field, escaped' '
	setup &&
	for cmd in replay export; do
		refused 1 $cmd hist &&
		grep -F "history.jsonl: line 1: event: \"crea\\x1b[2Jted\\u009b\" is not" err ||
		return 1
	done
'

test_expect_success 'a game file: show, legal, replay, export, view name the field, escaped' '
	setup &&
	for cmd in show legal replay export view; do
		refused 1 $cmd state &&
		grep -F "game: \"gol\\x1b]0;x\\x07den\" is not a game id" err ||
		return 1
	done
'

test_done
