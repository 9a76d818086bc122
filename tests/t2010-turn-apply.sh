#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Signed games: new with keys, view, move, apply, and every refusal of
# apply with its exit status and its message (the golden turn files of
# tests/turn/data/apply/, made for the golden game).
. "$top_srcdir/tests/lib.sh"

DATA=$top_srcdir/tests/turn/data
CARCPBEM_NOW=1700000000
export CARCPBEM_NOW

# golden: the golden game in game/, the test keys here.
golden () {
	cp "$DATA"/keys/* . && chmod 600 ./*.key &&
	"$CARCPBEM" new --seed golden --tiles BA/CFc.1,BA/CFc+,BA/L --dir game --id golden \
		--key alice=alice.pub --key bob=bob.pub alice bob >/dev/null
}

# refused CASE STATUS MESSAGE: applying apply/CASE/turn exits with STATUS,
# says MESSAGE after "carcpbem: turn: CODE: ", and leaves the game as it was.
refused () {
	cp "$DATA/apply/$1/turn" turn &&
	cp game/state.json state.before && cp game/history.jsonl history.before &&
	expect_code "$2" "$CARCPBEM" apply game turn >out 2>err &&
	printf "carcpbem: turn: %s\n" "$3" >expect &&
	test_cmp expect err &&
	test ! -s out &&
	cmp state.before game/state.json &&
	cmp history.before game/history.jsonl
}

test_expect_success 'new --dir with keys: state.json and history.jsonl' '
	golden &&
	test "$(ls -l game/state.json | cut -c1-10)" = "-rw-------" &&
	test "$(wc -l <game/history.jsonl)" = 1 &&
	python3 -c "import json
d = json.load(open(\"game/state.json\"))
assert d[\"game\"] == \"golden\" and d[\"view\"] == \"host\", d
assert [p[\"key\"] for p in d[\"players\"]] == [open(n + \".pub\").read().split()[1] for n in (\"alice\", \"bob\")], d
assert d[\"archive\"][\"records\"] == 1, d
h = json.loads(open(\"game/history.jsonl\").readline())
assert list(h) == [\"seq\", \"prev\", \"time\", \"event\", \"game\", \"state\", \"commitment\"], h
assert (h[\"seq\"], h[\"prev\"], h[\"event\"], h[\"game\"]) == (0, \"0\" * 64, \"created\", \"golden\"), h
assert h[\"time\"] == \"2023-11-14T22:13:20Z\" and h[\"state\"] == d[\"state_hash\"], h
assert h[\"commitment\"] == d[\"fair_draw\"][\"commitment\"], h
"
'

test_expect_success 'new --spool: spool/games/ID, found by its id' '
	cp "$DATA"/keys/*.pub . &&
	"$CARCPBEM" new --seed s --spool spool --id g7 --key alice.pub --key bob.pub alice bob >out &&
	grep "^Created game directory spool/games/g7: a game for alice (A), bob (B)" out &&
	grep "^Game g7. Next: carcpbem view spool/games/g7 -o g7.json" out &&
	test -f spool/games/g7/state.json &&
	CARCPBEM_SPOOL=spool "$CARCPBEM" show g7 >out &&
	grep "^Game g7: 2 players" out &&
	cat alice.pub bob.pub >all.pub &&
	"$CARCPBEM" new --seed t --spool spool --key alice=all.pub --key bob=all.pub alice bob >out &&
	id=$(sed -n "s/^Game \([0-9a-f]*\)\. Next.*/\1/p" out) &&
	test -d spool/games/$id
'

test_expect_success 'new: keys are all or none, and need a game directory' '
	cp "$DATA"/keys/*.pub . &&
	expect_code 1 "$CARCPBEM" new --dir g --key alice=alice.pub alice bob 2>err &&
	grep "bob has no key: a game directory takes signed turns only; add --key bob=PUBKEY" err &&
	test ! -e g &&
	expect_code 1 "$CARCPBEM" new -o g.json --key alice=alice.pub --key bob=bob.pub alice bob 2>err &&
	grep "signed turns are applied to a game directory: add --spool DIR or --dir DIR" err &&
	test ! -e g.json &&
	expect_code 1 "$CARCPBEM" new --dir g --key alice=alice.pub --key bob=alice.pub alice bob 2>err &&
	grep "alice and bob have the same key" err &&
	expect_code 1 "$CARCPBEM" new --dir g --key carol.pub --key bob.pub alice bob 2>err &&
	grep "the key is named carol, which is no player" err &&
	expect_code 2 "$CARCPBEM" new --dir g -o g.json alice bob 2>err &&
	grep "give one of -o, --spool and --dir" err &&
	"$CARCPBEM" new --dir g --key alice=alice.pub --key bob=bob.pub alice bob >/dev/null &&
	expect_code 1 "$CARCPBEM" new --dir g --key alice=alice.pub --key bob=bob.pub alice bob 2>err &&
	grep "g already exists" err
'

test_expect_success 'view: public by default; --player adds the address, mode 0600' '
	cp "$DATA"/keys/*.pub . &&
	"$CARCPBEM" new --seed v --dir game --key alice.pub --key bob.pub \
		--address alice=alice@example.org --address bob=bob@example.org alice bob >/dev/null &&
	"$CARCPBEM" view game -o pub.json &&
	"$CARCPBEM" view game --player bob -o bob.json &&
	test "$(ls -l pub.json | cut -c1-10)" = "-rw-r--r--" &&
	test "$(ls -l bob.json | cut -c1-10)" = "-rw-------" &&
	! grep -e example.org -e secret -e seed pub.json &&
	grep "\"view\": \"public\"" pub.json &&
	grep "\"address\": \"bob@example.org\"" bob.json &&
	! grep alice@example.org bob.json &&
	grep "\"view\": \"player\"" bob.json &&
	test "$(sed -n "s/.*\"state_hash\": \"\(.*\)\",/\1/p" pub.json)" = \
		"$(sed -n "s/.*\"state_hash\": \"\(.*\)\",/\1/p" bob.json)" &&
	"$CARCPBEM" view game >stdout.json &&
	cmp pub.json stdout.json
'

test_expect_success 'view: players read it with show and legal, not play' '
	golden &&
	"$CARCPBEM" view game -o v.json &&
	"$CARCPBEM" legal game >expect &&
	"$CARCPBEM" legal v.json >actual &&
	test_cmp expect actual &&
	"$CARCPBEM" show v.json >out &&
	grep "^Turn 1: alice (A) to place BA/CFc.1" out &&
	expect_code 1 "$CARCPBEM" play v.json "place 0 1 0" 2>err &&
	grep "v.json is a public view, a player.s copy: make a turn from it with carcpbem move" err &&
	expect_code 1 "$CARCPBEM" play game "place 0 1 0" 2>err &&
	grep "the players of game golden sign their turns: apply their turn files with carcpbem apply" err &&
	expect_code 1 "$CARCPBEM" view v.json --player bob 2>err &&
	grep "v.json is a public view: only the host.s game has bob.s view" err
'

test_expect_success 'move: the golden turn, from the view' '
	golden &&
	"$CARCPBEM" view game -o v.json &&
	"$CARCPBEM" move v.json "place 0 -1 90" "Knight n" --key alice.key >turn &&
	test_cmp "$DATA"/apply/valid/turn turn &&
	"$CARCPBEM" view game --player alice -o a.json &&
	"$CARCPBEM" move a.json "place 0 -1 90" "knight N" -k alice.key -o t2 >out &&
	test_cmp turn t2 &&
	grep "^Turn 1 of game golden, alice: place 0 -1 90; knight N. Signed, in t2: mail it to the host.$" out
'

test_expect_success 'move: refusals before anything is signed' '
	golden &&
	"$CARCPBEM" view game -o v.json &&
	expect_code 1 "$CARCPBEM" move v.json "place 0 1 0" --key bob.key 2>err &&
	grep "refused \"place 0 1 0\": it is not your decision" err &&
	grep "it is alice.s decision" err &&
	expect_code 1 "$CARCPBEM" move v.json "place 5 5 0" --key alice.key 2>err &&
	grep "refused \"place 5 5 0\": BASE-TILE-2: " err &&
	grep "legal here: place 0 -1 90, place 0 -1 270, place 0 1 0, place 0 1 180" err &&
	expect_code 1 "$CARCPBEM" move v.json "place 0 1 0" pass "place 0 2 0" --key alice.key 2>err &&
	grep "your turn has ended before it" err &&
	expect_code 1 "$CARCPBEM" move v.json "place 0 1 0" --key carol.key 2>err &&
	grep "the key is named carol, which is no player of game golden: add --player NAME" err &&
	expect_code 1 "$CARCPBEM" move v.json "place 0 1 0" --key carol.key --player alice 2>err &&
	grep "the key carol (29bd6502c23e105c) is not the key game golden has for alice (38f31c4a2e8787be)" err &&
	expect_code 2 "$CARCPBEM" move v.json "place 0 1 0" 2>err &&
	grep "sign with your secret key: --key KEY" err &&
	chmod 644 alice.key &&
	expect_code 1 "$CARCPBEM" move v.json "place 0 1 0" --key alice.key 2>err &&
	grep "chmod 600 alice.key" err
'

# two_turns: the golden game after alice's turn 1 (made with move from
# her view a1.json into turn.txt) and bob's turn 2: alice's turn 3 is due.
two_turns () {
	golden &&
	"$CARCPBEM" view game --player alice -o a1.json &&
	"$CARCPBEM" move a1.json "place 0 -1 90" "knight N" -k alice.key -o turn.txt >/dev/null &&
	"$CARCPBEM" apply game turn.txt >/dev/null &&
	"$CARCPBEM" view game --player bob -o b.json &&
	"$CARCPBEM" move b.json "$("$CARCPBEM" legal b.json | grep -m1 "^place")" pass \
		-k bob.key -o bob.txt >/dev/null &&
	"$CARCPBEM" apply game bob.txt >/dev/null
}

test_expect_success 'issue 21.9: move from an old view, the notice s turn of a later turn in -o FILE: the view is out of date' '
	two_turns &&
	state=$(python3 -c "import json; print(json.load(open(\"game/state.json\"))[\"state_hash\"])") &&
	printf -- "-----BEGIN CARCASSONNE TURN-----\nGame: golden\nTurn: 3\nPlayer: alice\nState: %s\nAction:\nAction:\n-----END CARCASSONNE TURN-----\n" \
		"$state" >turn.txt && cp turn.txt skeleton &&
	expect_code 1 "$CARCPBEM" move a1.json "place 0 1 0" pass -k alice.key -o turn.txt 2>err &&
	grep "view a1.json is of turn 1 (BA/CFc.1); the game is at turn 3 (turn.txt is a turn for turn 3): save the view attached to the latest notice and move from it" err &&
	! grep "refused" err &&
	test_cmp skeleton turn.txt
'

test_expect_success 'issue 21.9: move from the view a turn was signed from already: the game is past it' '
	two_turns && cp turn.txt before &&
	expect_code 1 "$CARCPBEM" move a1.json "place 5 5 0" pass -k alice.key -o turn.txt 2>err &&
	grep "refused \"place 5 5 0\"" err &&
	grep "view a1.json is of turn 1 (BA/CFc.1), and turn.txt is your turn 1 signed from it: if you sent that turn, the game is past turn 1; save the view attached to the latest notice and move from it" err &&
	test_cmp before turn.txt &&
	expect_code 1 "$CARCPBEM" move a1.json "place 5 5 0" pass -k alice.key 2>err &&
	grep "view a1.json is of turn 1 (BA/CFc.1): if your latest notice is of a later turn or another tile, the view is out of date" err &&
	: "the same view made again into the same file, to change the turn: no refusal" &&
	"$CARCPBEM" view game --player alice -o a3.json &&
	"$CARCPBEM" move a3.json "$("$CARCPBEM" legal a3.json | grep -m1 "^place")" pass \
		-k alice.key -o t3 >/dev/null &&
	"$CARCPBEM" move a3.json "$("$CARCPBEM" legal a3.json | grep "^place" | tail -n 1)" pass \
		-k alice.key -o t3 >/dev/null
'

test_expect_success 'issue 21 (low): move signs the player s place word ("thief W"), the host says the road at S (W)' '
	cp "$DATA"/keys/* . && chmod 600 ./*.key &&
	"$CARCPBEM" new --seed example --dir ex --key alice=alice.pub --key bob=bob.pub alice bob >/dev/null &&
	"$CARCPBEM" view ex --player alice -o a.json &&
	"$CARCPBEM" move a.json "place 1 0 0" "thief W" -k alice.key -o t >out &&
	grep "^Action: thief W$" t &&
	grep "^Turn 1 of game .*, alice: place 1 0 0; thief W. Signed" out &&
	"$CARCPBEM" apply ex t >out &&
	grep "^alice put a thief on the road at S (W) of 1,0.$" out &&
	"$CARCPBEM" move a.json "Place 1 0 0" "Thief s" -k alice.key >t2 &&
	grep "^Action: place 1 0 0$" t2 && grep "^Action: thief S$" t2
'

test_expect_success 'apply: the golden turn' '
	golden &&
	"$CARCPBEM" apply game "$DATA"/apply/valid/turn >actual &&
	cat >expect <<-\EOT &&
	Applied turn 1 of alice to game golden (record 1): place 0 -1 90; knight N.
	alice placed BA/CFc.1 at 0,-1 rotation 90.
	alice put a knight on the city at N of 0,-1.
	Turn 2: bob (B) to place BA/CFc+ (city E-W (pennant)); 1 tile left in the bag.
	EOT
	test_cmp expect actual &&
	test "$(wc -l <game/history.jsonl)" = 2 &&
	python3 -c "import json
lines = open(\"game/history.jsonl\").read().splitlines()
r = json.loads(lines[1])
assert list(r) == [\"seq\", \"prev\", \"time\", \"event\", \"turn\", \"player\", \"state\", \"turn_id\", \"text\"], r
assert (r[\"seq\"], r[\"event\"], r[\"turn\"], r[\"player\"]) == (1, \"turn\", 1, \"alice\"), r
assert r[\"text\"] + \"\n\" == open(\"$DATA/apply/valid/turn\").read(), r
d = json.load(open(\"game/state.json\"))
assert r[\"state\"] == d[\"state_hash\"] and d[\"archive\"][\"records\"] == 2, d
assert d[\"actions\"] == [\"place 0 -1 90\", \"knight N\"], d
"
'

test_expect_success 'apply: the signed turn is kept as carcpbem writes it, not as mail left it' '
	golden &&
	"$CARCPBEM" apply game "$DATA"/parse/quoted/turn >/dev/null &&
	python3 -c "import json
r = json.loads(open(\"game/history.jsonl\").read().splitlines()[1])
assert r[\"text\"] + \"\n\" == open(\"$DATA/apply/valid/turn\").read(), r
" &&
	"$CARCPBEM" replay game >/dev/null
'

test_expect_success 'malformed: status 3' '
	golden &&
	refused malformed 3 "malformed: the turn starting on line 1 has no Player field"
'

test_expect_success 'bad signature (the action changed after signing): status 4' '
	golden &&
	refused bad-signature 4 "bad-signature: the signature does not match the turn: the text was changed after it was signed, or signed with another key; sign it again (carcpbem sign), or make it with carcpbem move"
'

test_expect_success 'forged signatures: status 4' '
	golden &&
	for c in forged-signature signature-of-another-turn changed-action changed-state; do
		expect_code 4 "$CARCPBEM" apply game "$DATA"/parse/$c/turn 2>/dev/null || return 1
	done
'

test_expect_success 'unknown key: status 5' '
	golden &&
	refused unknown-key 5 "unknown-key: signed with key 29bd6502c23e105c, which is not alice'"'"'s registered key (38f31c4a2e8787be): sign with the key you gave the host, or ask the host to register your new one"
'

test_expect_success 'another player'"'"'s key: status 5' '
	golden &&
	refused another-players-key 5 "unknown-key: the turn is alice'"'"'s but signed with bob'"'"'s key (2bd4732d017b40f7): each player signs their own turns with their own key"
'

test_expect_success 'not your decision: status 6' '
	golden &&
	refused not-your-decision 6 "not-your-decision: it is not bob'"'"'s decision (turn 1: alice to place BA/CFc.1): wait for your turn"
'

test_expect_success 'issue 26.3: an action after the turn'"'"'s end is not used: the turn is applied, with a note' '
	golden &&
	cp "$DATA/apply/after-your-turn/turn" turn &&
	"$CARCPBEM" apply game turn >out 2>err &&
	grep "^Not used: \"place 0 -2 90\" was not used: your decisions of that turn were over before it (turn 2: bob to place BA/CFc+).$" out &&
	test "$(wc -l <game/history.jsonl)" = 2 &&
	"$CARCPBEM" replay game >replay &&
	grep "2 records: every signature and hash checks" replay
'

test_expect_success 'wrong game: status 7' '
	golden &&
	refused wrong-game 7 "wrong-game: this turn is for game other, not for game golden: send it to the host of game other, or move again from game golden'"'"'s view"
'

test_expect_success 'stale state: status 8' '
	golden &&
	refused stale-state 8 "stale-state: this turn was made on state 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef, but the state is now c25622a4a7f9b68bc2d65587c9dfbbaa22c6c32f3ca7aeb526655bf862e4e4db (turn 1: alice to place BA/CFc.1): someone moved since; get the current view and move again"
'

test_expect_success 'a turn replayed at a later turn: stale, status 8' '
	golden &&
	"$CARCPBEM" apply game "$DATA"/apply/valid/turn >/dev/null &&
	refused stale-after-move 8 "stale-state: this turn was made for turn 1, but the game is now at turn 2: bob to place BA/CFc+; someone moved since: get the current view and move again"
'

test_expect_success 'the same turn twice, even mangled by mail: ignored, status 9' '
	golden &&
	"$CARCPBEM" apply game "$DATA"/apply/valid/turn >/dev/null &&
	refused already-applied 9 "already-applied: this turn (turn 1 of alice) was applied already, at 2023-11-14T22:13:20Z (record 1): nothing to do" &&
	for c in valid crlf tabs text-around value-case signature-wrapped; do
		expect_code 9 "$CARCPBEM" apply game "$DATA"/parse/$c/turn 2>/dev/null || return 1
	done &&
	test "$(wc -l <game/history.jsonl)" = 2
'

test_expect_success 'illegal actions: status 10, with the rule and the legal options' '
	golden &&
	refused illegal-action 10 "illegal-action: action 1 \"place 5 5 0\" is refused: BASE-TILE-2: 5,5 is not next to any placed tile (a shared edge is needed); legal here: place 0 -1 90, place 0 -1 270, place 0 1 0, place 0 1 180" &&
	refused illegal-second-action 10 "illegal-action: action 2 \"thief N\" is refused: BASE-FOLLOW-2: N is a city: a follower there is a knight, not a thief; BA/CFc.1 as placed: N city, E field, W field; legal here: knight N, farmer E, farmer W, pass"
'

test_expect_success 'apply: standard input, a game id, a game file' '
	golden &&
	mkdir -p spool/games && mv game spool/games/golden &&
	CARCPBEM_SPOOL=spool "$CARCPBEM" apply golden - <"$DATA"/apply/valid/turn >out &&
	grep "^Applied turn 1 of alice" out &&
	"$CARCPBEM" new --seed golden -o g.json alice bob >/dev/null &&
	expect_code 1 "$CARCPBEM" apply g.json "$DATA"/apply/valid/turn 2>err &&
	grep "g.json is a game file, not a game directory" err
'

test_expect_success 'a whole game by signed turns: view, move, apply' '
	cp "$DATA"/keys/* . && chmod 600 ./*.key &&
	"$CARCPBEM" new --seed whole --tiles BA/CFc.1,BA/L,BA/Rr,BA/C,BA/CRr --dir game \
		--key alice.pub --key bob.pub --key carol.pub alice bob carol >/dev/null &&
	n=0 &&
	while "$CARCPBEM" view game -o v.json &&
		who=$(sed -n "/\"decision\"/,/}/s/.*\"player\": \"\(.*\)\",*/\1/p" v.json) &&
		test -n "$who"; do
		first=$("$CARCPBEM" legal v.json | sed -n 3p) &&
		"$CARCPBEM" move v.json "$first" pass --key "$who".key -o t >/dev/null &&
		"$CARCPBEM" apply game t >/dev/null || return 1
		n=$((n + 1))
	done &&
	test $n = 5 &&
	"$CARCPBEM" show game >out &&
	grep "^Final scores:" out &&
	test "$(wc -l <game/history.jsonl)" = 6
'

test_done
