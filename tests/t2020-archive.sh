#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# The archive of a game: replay checks every signature and hash and names
# the first bad record; export writes a finished game with its seed and bag
# revealed, and replay checks the fair draw; a crash between writing the
# history and the state is repaired by the next apply.
. "$top_srcdir/tests/lib.sh"

DATA=$top_srcdir/tests/turn/data
CARCPBEM_NOW=1700000000
export CARCPBEM_NOW

# play GAME N: N signed turns (first legal place, then pass) in GAME.
play () {
	i=0
	while test $i -lt "$2"; do
		"$CARCPBEM" view "$1" -o v.json &&
		who=$(sed -n "/\"decision\"/,/}/s/.*\"player\": \"\(.*\)\",*/\1/p" v.json) &&
		test -n "$who" &&
		first=$("$CARCPBEM" legal v.json | sed -n 3p) &&
		"$CARCPBEM" move v.json "$first" pass --key "$who".key -o t >/dev/null &&
		"$CARCPBEM" apply "$1" t >/dev/null || return 1
		i=$((i + 1))
	done
}

# game [N]: a shuffled game of alice and bob in game/, N turns played.
game () {
	cp "$DATA"/keys/* . && chmod 600 ./*.key &&
	"$CARCPBEM" new --seed archive --dir game --id arch --key alice.pub --key bob.pub \
		alice bob >/dev/null &&
	play game "${1:-0}"
}

# short: a game of 4 tiles played to its end in game/.
short () {
	cp "$DATA"/keys/* . && chmod 600 ./*.key &&
	"$CARCPBEM" new --seed short --tiles BA/CFc.1,BA/L,BA/Rr,BA/C --dir game --id short \
		--key alice.pub --key bob.pub alice bob >/dev/null &&
	play game 4
}

# flip LINE WHAT: changes one character of line LINE of game/history.jsonl,
# inside its field WHAT ("time", "state", "text", ...), keeping it JSON.
flip () {
	python3 - "$1" "$2" <<-\EOF
	import sys
	p = "game/history.jsonl"
	lines = open(p).read().split("\n")
	n, what = int(sys.argv[1]) - 1, sys.argv[2]
	l = lines[n]
	i = l.index("\"%s\":" % what) + len(what) + 4
	if what == "text":
	    i = l.index("Signature: ", i) + 15
	c = l[i]
	lines[n] = l[:i] + ("1" if c != "1" else "2") + l[i + 1:]
	open(p, "w").write("\n".join(lines))
	EOF
}

test_expect_success 'replay: a game in play' '
	game 6 &&
	"$CARCPBEM" replay game >out &&
	grep "^game: game arch, 7 records: every signature and hash checks.$" out &&
	grep "^Fair draw: the bag matches the commitment and is the shuffle of the seed (chacha20-fisher-yates-lemire/1).$" out &&
	grep "^State [0-9a-f]\{64\}: Turn 7: alice (A) to place" out
'

test_expect_success 'replay: a game id in the spool' '
	game 1 &&
	mkdir -p spool/games && mv game spool/games/arch &&
	CARCPBEM_SPOOL=spool "$CARCPBEM" replay arch >out &&
	grep "^arch: game arch, 2 records" out
'

test_expect_success 'a record edited by one byte: replay names it' '
	game 6 &&
	cp game/history.jsonl good &&
	for what in time state turn_id text; do
		cp good game/history.jsonl &&
		flip 4 $what &&
		expect_code 1 "$CARCPBEM" replay game 2>err || return 1
		grep -q "^carcpbem: game/history.jsonl:[45]: record [34] (turn [0-9]* of [a-z]*): " err ||
		{ cat err >&2; return 1; }
	done &&
	cp good game/history.jsonl &&
	flip 4 time &&
	expect_code 1 "$CARCPBEM" replay game 2>err &&
	echo "carcpbem: game/history.jsonl:5: record 4 (turn 4 of bob): its prev is not the hash of the record before it: one of the two was changed after it was written" >expect &&
	test_cmp expect err &&
	cp good game/history.jsonl &&
	flip 4 text &&
	expect_code 1 "$CARCPBEM" replay game 2>err &&
	grep "^carcpbem: game/history.jsonl:4: record 3 (turn 3 of alice): its turn" err
'

test_expect_success 'the last record edited: state.json names another hash' '
	game 3 &&
	flip 4 time &&
	expect_code 1 "$CARCPBEM" replay game 2>err &&
	echo "carcpbem: game/history.jsonl:4: record 3 (turn 3 of alice): changed after it was written: state.json names another hash for it" >expect &&
	test_cmp expect err
'

test_expect_success 'the creation record edited, records removed or not JSON' '
	game 3 &&
	cp game/history.jsonl good &&
	flip 1 state &&
	expect_code 1 "$CARCPBEM" replay game 2>err &&
	grep "^carcpbem: game/history.jsonl:1: record 0: the initial state it names is not the setup.s" err &&
	sed 3d good >game/history.jsonl &&
	expect_code 1 "$CARCPBEM" replay game 2>err &&
	grep "^carcpbem: game/history.jsonl:3: record 3 (turn 3 of alice): out of sequence" err &&
	sed "2s/\"seq\":1,/\"seq\": 1,/" good >game/history.jsonl &&
	expect_code 1 "$CARCPBEM" replay game 2>err &&
	grep "^carcpbem: game/history.jsonl: line 2: not in the form carcpbem writes (was it edited?)" err &&
	sed "2s/}$//" good >game/history.jsonl &&
	expect_code 1 "$CARCPBEM" replay game 2>err &&
	grep "^carcpbem: game/history.jsonl: line 2: not valid JSON" err
'

test_expect_success 'state.json out of step with the history' '
	game 2 &&
	python3 -c "import json
d = json.load(open(\"game/state.json\"))
d[\"archive\"][\"records\"] = 2
json.dump(d, open(\"game/state.json\", \"w\"), indent=2)" &&
	expect_code 1 "$CARCPBEM" replay game 2>err &&
	grep "game/state.json includes 2 records of the history, which has 3" err &&
	expect_code 1 "$CARCPBEM" apply game "$DATA"/apply/valid/turn 2>err &&
	grep "game/state.json and game/history.jsonl disagree (the state includes 2 records, the history has 3): run carcpbem replay" err
'

test_expect_success 'a crash after the history was written: the next apply catches up' '
	game 2 &&
	cp game/state.json state.before &&
	play game 1 &&
	cp game/state.json state.normal &&
	cp state.before game/state.json &&
	expect_code 1 "$CARCPBEM" replay game 2>err &&
	grep "includes 3 records of the history, which has 4: after a crash or a full disk the next turn applied catches up (a game by mail: carcpbem run --once tries the mailed turn again; else carcpbem apply)" err &&
	"$CARCPBEM" view game -o v.json &&
	grep "\"turn\": 3," v.json &&
	cp game/history.jsonl history.before &&
	expect_code 9 "$CARCPBEM" apply game t 2>err &&
	grep "already-applied" err &&
	cmp state.normal game/state.json &&
	cmp history.before game/history.jsonl &&
	"$CARCPBEM" replay game >/dev/null
'

test_expect_success 'a crash in the middle of a record: the next apply drops it' '
	game 2 &&
	cp game/history.jsonl history.before &&
	printf "{\"seq\":3,\"prev\":\"00" >>game/history.jsonl &&
	expect_code 1 "$CARCPBEM" replay game 2>err &&
	grep "the last line is incomplete (a crash or a full disk while writing?): the next turn applied drops it (a game by mail: carcpbem run --once; else carcpbem apply)" err &&
	play game 1 &&
	"$CARCPBEM" replay game >out &&
	grep "4 records" out &&
	head -n 3 game/history.jsonl >first3 &&
	cmp history.before first3
'

test_expect_success 'an edited state.json is refused, even when consistent' '
	game 2 &&
	python3 -c "import json
d = json.load(open(\"game/state.json\"))
d[\"secret\"][\"seed\"] = \"0\" * 64
json.dump(d, open(\"game/state.json\", \"w\"), indent=2)" &&
	expect_code 1 "$CARCPBEM" replay game 2>err &&
	grep "fair_draw.commitment: does not match the seed, the start tile and the bag" err
'

test_expect_success 'export: only a finished game' '
	game 2 &&
	expect_code 1 "$CARCPBEM" export game 2>err &&
	grep "game arch is not over (turn 3): the archive reveals the seed and the bag, so it is made of finished games only" err
'

test_expect_success 'export: the archive, and replay of it without the host' '
	short &&
	"$CARCPBEM" export game -o arch.json &&
	"$CARCPBEM" export --png game -o arch-png.json &&
	python3 -c "import json
d = json.load(open(\"arch.json\"))
assert list(d) == [\"format\", \"version\", \"game\", \"exported\", \"final\", \"state\", \"reveal\", \"history\", \"maps\"], list(d)
assert \"Legend:\" in d[\"maps\"][\"ascii\"], d[\"maps\"]
assert \"png\" not in d[\"maps\"], d[\"maps\"].keys()  # only with --png
import base64
p = json.load(open(\"arch-png.json\"))[\"maps\"].get(\"png\")  # missing only in builds without cairo
if p is not None:
    assert base64.b64decode(p[\"base64\"])[:8] == b\"\\x89PNG\\r\\n\\x1a\\n\" and p[\"width\"] > 0, p
assert (d[\"format\"], d[\"version\"], d[\"game\"]) == (\"carcpbem-archive\", 1, \"short\"), d
assert d[\"state\"][\"view\"] == \"public\" and d[\"state\"][\"over\"], d
assert list(d[\"reveal\"]) == [\"seed\", \"bag\"] and d[\"reveal\"][\"bag\"] == [\"BA/CFc.1\", \"BA/L\", \"BA/Rr\", \"BA/C\"], d
assert len(d[\"history\"]) == 5 and d[\"history\"][0][\"event\"] == \"created\", d
assert set(d[\"final\"]) == {\"scores\", \"winners\"}, d
" &&
	rm -r game &&
	"$CARCPBEM" replay arch.json >out &&
	grep "^arch.json: game short, 5 records: every signature and hash checks.$" out &&
	grep "^Fair draw: the bag was given, in order; it matches the commitment.$" out &&
	grep "Final scores:" out
'

test_expect_success 'a tampered archive: bag, seed, a record' '
	short &&
	"$CARCPBEM" export game -o arch.json &&
	python3 -c "import json
d = json.load(open(\"arch.json\"))
b = d[\"reveal\"][\"bag\"]; b[1], b[2] = b[2], b[1]
json.dump(d, open(\"bag.json\", \"w\"))
d = json.load(open(\"arch.json\"))
d[\"reveal\"][\"seed\"] = \"1\" * 64
json.dump(d, open(\"seed.json\", \"w\"))
d = json.load(open(\"arch.json\"))
d[\"history\"][2][\"time\"] = \"2023-11-14T22:13:21Z\"
json.dump(d, open(\"record.json\", \"w\"))
d = json.load(open(\"arch.json\"))
d[\"final\"][\"winners\"] = []
d[\"state\"][\"players\"][0][\"score\"] = 99
json.dump(d, open(\"score.json\", \"w\"))
" &&
	expect_code 1 "$CARCPBEM" replay bag.json 2>err &&
	grep "^carcpbem: bag.json: state.fair_draw.commitment: does not match the seed, the start tile and the bag" err &&
	expect_code 1 "$CARCPBEM" replay seed.json 2>err &&
	grep "^carcpbem: seed.json: state.fair_draw.commitment: does not match the seed, the start tile and the bag" err &&
	expect_code 1 "$CARCPBEM" replay record.json 2>err &&
	grep "^carcpbem: record.json: history:4: record 3 (turn 3 of alice): its prev is not the hash of the record before it" err &&
	expect_code 1 "$CARCPBEM" replay score.json 2>err &&
	grep "^carcpbem: score.json: state.players\[0\].score: the document says 99" err &&
	python3 -c "import json
d = json.load(open(\"arch.json\"))
d[\"final\"][\"winners\"] = [\"bob\", \"alice\"]
json.dump(d, open(\"final.json\", \"w\"))" &&
	expect_code 1 "$CARCPBEM" replay final.json 2>err &&
	grep "^carcpbem: final.json: final.winners" err
'

test_done
