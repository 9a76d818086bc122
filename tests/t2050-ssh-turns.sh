#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# Turns signed with OpenSSH (docs/turn-format.md, "SSH signatures"): keys
# made by Debian's ssh-keygen, turns signed with ssh-keygen -Y sign -n
# carcassonne, applied, verified and replayed; what mail does to the text
# keeps a good signature good and never lets a changed turn pass.
. "$top_srcdir/tests/lib.sh"

command -v ssh-keygen >/dev/null 2>&1 ||
	skip_all "ssh-keygen is not installed (Debian package openssh-client)"

CARCPBEM_NOW=1700000000
export CARCPBEM_NOW

# keys: ed25519 key pairs for alice and bob (comment: the name).
keys () {
	for n in alice bob; do
		rm -f "$n" "$n.pub" &&
		ssh-keygen -q -t ed25519 -N "" -C "$n" -f "$n" || return 1
	done
}

# game: a game for alice and bob with their SSH keys, in game/.
game () {
	rm -rf game && keys &&
	"$CARCPBEM" new --seed golden --tiles BA/CFc.1,BA/CFc+,BA/L --dir game \
		--id golden --key alice=alice.pub --key bob.pub alice bob >/dev/null
}

state () {
	python3 -c "import json; print(json.load(open(\"game/state.json\"))[\"state_hash\"])"
}

# unsigned PLAYER TURN ACTION...: the turn block the host's notice holds,
# made on the game as it stands, in turn.txt.
unsigned () {
	p=$1 n=$2 && shift 2 &&
	{
		printf -- "-----BEGIN CARCASSONNE TURN-----\nGame: golden\nTurn: %s\n" "$n" &&
		printf "Player: %s\nState: %s\n" "$p" "$(state)" &&
		for a in "$@"; do printf "Action: %s\n" "$a"; done &&
		printf -- "-----END CARCASSONNE TURN-----\n"
	} >turn.txt
}

# sign KEY [ssh-keygen options]: turn.txt.sig, as the notice says.
sign () {
	k=$1 && shift &&
	rm -f turn.txt.sig &&
	ssh-keygen -Y sign -f "$k" -n carcassonne "$@" turn.txt 2>/dev/null &&
	test -s turn.txt.sig
}

# unchanged: game/ is as in before/.
save () { rm -rf before && cp -r game before; }
unchanged () { cmp before/state.json game/state.json && cmp before/history.jsonl game/history.jsonl; }

test_expect_success 'new --key NAME=id_ed25519.pub: the seat keeps the SSH key and its id' '
	game &&
	python3 -c "import json
d = json.load(open(\"game/state.json\"))
want = [\" \".join(open(n + \".pub\").read().split()[:2]) for n in (\"alice\", \"bob\")]
assert [p[\"key\"] for p in d[\"players\"]] == want, d[\"players\"]
" &&
	"$CARCPBEM" new --dir g2 --key alice=alice.pub --key bob=bob.pub alice bob >out &&
	id=$(python3 -c "import base64, hashlib
b = base64.b64decode(open(\"alice.pub\").read().split()[1])[-32:]
print(hashlib.blake2b(b, digest_size=32).hexdigest()[:16])") &&
	grep "^Key of alice: $id (from alice=alice.pub)$" out
'

test_expect_success 'a turn signed with ssh-keygen: verify and apply, two files or FILE.sig beside' '
	game &&
	unsigned alice 1 "place 0 -1 90" "knight N" && sign alice &&
	"$CARCPBEM" verify alice.pub turn.txt >out &&
	grep "^Good signature by alice (key [0-9a-f]*): game golden, turn 1, player alice" out &&
	mv turn.txt.sig other.sig &&
	"$CARCPBEM" verify alice.pub turn.txt other.sig >out &&
	grep "^Good signature by alice" out &&
	"$CARCPBEM" apply game turn.txt other.sig >out &&
	grep "^Applied turn 1 of alice to game golden (record 1): place 0 -1 90; knight N.$" out &&
	tail -n 1 game/history.jsonl | grep "BEGIN SSH SIGNATURE" &&
	"$CARCPBEM" replay game >out &&
	grep "every signature and hash checks" out
'

test_expect_success 'the pasted form: the turn, then the signature, in one text' '
	game &&
	unsigned alice 1 "place 0 -1 90" "knight N" && sign alice &&
	{ echo "Hi, my turn:"; echo; cat turn.txt; echo; cat turn.txt.sig; echo "-- "; echo alice; } >mail &&
	"$CARCPBEM" apply game - <mail >out &&
	grep "^Applied turn 1 of alice" out
'

test_expect_success 'a reply: the notice quoted above, then the signed turn and its signature' '
	game &&
	unsigned alice 1 "" && sed "s/^/> /" turn.txt >notice &&
	unsigned alice 1 "place 0 -1 90" "knight N" && sign alice &&
	{ echo "On Monday the host wrote:"; cat notice; echo; cat turn.txt turn.txt.sig; } >mail &&
	"$CARCPBEM" verify alice.pub mail >out &&
	"$CARCPBEM" apply game mail >out &&
	grep "^Applied turn 1 of alice" out
'

# mangled NAME SED: turn.txt and its signature as one text, changed by sed
# (line by line), applies to a fresh game.
mangled () {
	game && unsigned alice 1 "place 0 -1 90" "knight N" && sign alice &&
	cat turn.txt turn.txt.sig | sed "$2" >"$1" &&
	"$CARCPBEM" verify alice.pub "$1" >out &&
	"$CARCPBEM" apply game "$1" >out &&
	grep "^Applied turn 1 of alice" out
}

test_expect_success 'what mail does: CRLF, trailing blanks, quotes, no final newline' '
	mangled crlf "s/\$/\r/" &&
	mangled blanks "s/\$/   /" &&
	mangled tabs "s/\$/\t/" &&
	mangled quoted "s/^/> /" &&
	mangled quoted2 "s/^/> > /" &&
	mangled folded "s/ /  /g;s/^/ /" &&
	game && unsigned alice 1 "place 0 -1 90" "knight N" && sign alice &&
	printf "%s" "$(cat turn.txt)" >nofinal &&
	"$CARCPBEM" apply game nofinal turn.txt.sig >out && grep "^Applied" out
'

test_expect_success 'a signed file of CRLF lines or without a final newline verifies as sent and with LF' '
	game && unsigned alice 1 "place 0 -1 90" "knight N" &&
	sed "s/\$/\r/" turn.txt >crlf && mv crlf turn.txt && sign alice &&
	tr -d "\r" <turn.txt >lf.txt && cp turn.txt.sig lf.txt.sig &&
	"$CARCPBEM" verify alice.pub lf.txt >out && grep "^Good signature by alice" out &&
	"$CARCPBEM" verify alice.pub turn.txt >out && grep "^Good signature by alice" out &&
	printf "%s" "$(cat lf.txt)" >turn.txt && sign alice &&
	"$CARCPBEM" verify alice.pub lf.txt turn.txt.sig >out && grep "^Good signature" out &&
	"$CARCPBEM" apply game turn.txt >out && grep "^Applied" out
'

test_expect_success 'sha256 (-O hashalg=sha256) is taken too' '
	game && unsigned alice 1 "place 0 -1 90" "knight N" && sign alice -O hashalg=sha256 &&
	sed "1d;\$d" turn.txt.sig | base64 -d | grep -a -q sha256 &&
	"$CARCPBEM" apply game turn.txt >out && grep "^Applied" out
'

# refused STATUS MESSAGE ARGS...: apply ARGS exits with STATUS, says
# MESSAGE (a grep pattern), and the game is as it was.
refused () {
	st=$1 msg=$2 && shift 2 &&
	save && expect_code "$st" "$CARCPBEM" apply game "$@" >out 2>err &&
	grep -e "$msg" err && test ! -s out && unchanged
}

test_expect_success 'a changed action, turn, state, player or game never passes' '
	game && unsigned alice 1 "place 0 -1 90" "knight N" && sign alice &&
	for change in "s/knight N/knight S/" "s/knight N/pass/" "/knight N/d" \
		"s/Turn: 1/Turn: 2/" "s/^State: 0/State: 1/;t;s/^State: ./State: 0/" "s/Player: alice/Player: bob/" \
		"s/Game: golden/Game: golden2/" "s/place 0 -1 90/place 0 -1 270/" \
		"s/^Action: knight N/Action: knight N\nAction: pass/" \
		"s/place 0 -1 90/Place 0 -1 90/" "s/^Game:/Player: carol\nGame:/" \
		"s/^Action: knight N/Action: knight N\nKey: 0123456789abcdef/"; do
		sed "$change" turn.txt >changed && ! cmp -s turn.txt changed || return 1
		st=0 && "$CARCPBEM" verify alice.pub changed turn.txt.sig >out 2>err || st=$?
		# 4: the signature does not match; 3: no longer a turn
		case $st in 3 | 4) ;; *) echo "status $st: $change"; return 1 ;; esac
	done &&
	sed "s/knight N/knight S/" turn.txt >changed &&
	refused 4 "bad-signature: the SSH signature does not match the turn" changed turn.txt.sig
'

test_expect_success 'wrong namespace, another key, a forged seat: refused with the reason' '
	game && unsigned alice 1 "place 0 -1 90" "knight N" &&
	ssh-keygen -Y sign -f alice -n git turn.txt 2>/dev/null &&
	refused 4 "signed for namespace .git., not for carcassonne: sign it with -n carcassonne" turn.txt &&
	ssh-keygen -q -t ed25519 -N "" -C mallory -f mallory && sign mallory &&
	refused 5 "signed with key [0-9a-f]*, which is not alice.s registered key" turn.txt &&
	sign bob &&
	refused 5 "the turn is alice.s but signed with bob.s key" turn.txt &&
	unsigned bob 1 "place 0 -1 90" && sign bob &&
	refused 6 "it is not bob.s decision" turn.txt &&
	unsigned alice 1 "place 0 -1 90" && rm -f rsa rsa.pub &&
	ssh-keygen -q -t rsa -b 2048 -N "" -C alice -f rsa && sign rsa &&
	refused 3 "the signature.s key is of type ssh-rsa: carcpbem takes ssh-ed25519 keys only; make one with ssh-keygen -t ed25519" turn.txt
'

test_expect_success 'duplicate and stale SSH turns, even mangled' '
	game && unsigned alice 1 "place 0 -1 90" "knight N" && sign alice &&
	cp turn.txt t1 && cp turn.txt.sig t1.sig &&
	"$CARCPBEM" apply game t1 >/dev/null &&
	cat t1 t1.sig | sed "s/^/> /;s/\$/\r/" >mangled &&
	refused 9 "already-applied: this turn (turn 1 of alice) was applied already" mangled &&
	unsigned alice 1 "place 0 -1 90" && sign alice &&
	refused 8 "stale-state" turn.txt
'

test_expect_success 'issue 21.4: the old turn.txt.sig of an earlier turn is named as the cause' '
	game && unsigned alice 1 "place 0 -1 90" "knight N" && sign alice &&
	cp turn.txt.sig t1.sig &&
	"$CARCPBEM" apply game turn.txt >/dev/null &&
	"$CARCPBEM" legal game >legal &&
	acts=$(grep "^place" legal | head -n 1) &&
	unsigned bob 2 "$acts" pass && sign bob &&
	"$CARCPBEM" apply game turn.txt >/dev/null &&
	"$CARCPBEM" legal game >legal &&
	acts=$(grep "^place" legal | head -n 1) &&
	unsigned alice 3 "$acts" pass && cp t1.sig turn.txt.sig &&
	refused 4 "it is the signature of your turn 1, the old turn.txt.sig" turn.txt &&
	grep "delete it (rm turn.txt.sig), sign turn.txt again and send both files" err
'

test_expect_success 'issue 21.4: a signature by the seat key over another text says: probably another turn' '
	game && unsigned alice 1 "place 0 -1 90" "knight N" && sign alice &&
	sed "s/knight N/knight S/" turn.txt >changed &&
	refused 4 "it is by your key but for another text, so probably for another turn (the old turn.txt.sig" changed turn.txt.sig &&
	grep "delete it, rm turn.txt.sig, and sign again" err
'

test_expect_success 'malformed signatures: status 3, with the reason' '
	game && unsigned alice 1 "place 0 -1 90" "knight N" && sign alice &&
	sed "\$d" turn.txt.sig >cut.sig &&
	refused 3 "has no line -----END SSH SIGNATURE-----" turn.txt cut.sig &&
	sed "2s/^U1NI/AAAA/" turn.txt.sig >magic.sig &&
	refused 3 "not an SSH signature (no SSHSIG at its start)" turn.txt magic.sig &&
	sed "2s/^./!/" turn.txt.sig >b64.sig &&
	refused 3 "not a line of an SSH signature" turn.txt b64.sig &&
	cat turn.txt.sig turn.txt.sig >two.sig &&
	refused 3 "2 SSH signatures in one text" turn.txt two.sig &&
	refused 3 "no turn before the SSH signature" turn.txt.sig &&
	{ sed -n 1p turn.txt.sig; yes "" | head -n 5000; sed 1d turn.txt.sig; } >padded.sig &&
	refused 3 "the SSH signature starting on line 9 is more than 100 lines long" turn.txt padded.sig
'

test_expect_success 'other SSH key types and secret keys are refused with a sentence' '
	keys &&
	ssh-keygen -q -t rsa -b 2048 -N "" -C carol -f carol &&
	expect_code 1 "$CARCPBEM" new --dir g --key alice=carol.pub --key bob=bob.pub alice bob 2>err &&
	grep "an SSH key of type ssh-rsa: carcpbem takes ssh-ed25519 keys only" err &&
	grep "make one with ssh-keygen -t ed25519" err &&
	ssh-keygen -q -t ecdsa -N "" -C dave -f dave &&
	expect_code 1 "$CARCPBEM" new --dir g --key alice=dave.pub --key bob=bob.pub alice bob 2>err &&
	grep "an SSH key of type ecdsa-sha2-nistp256" err &&
	expect_code 1 "$CARCPBEM" new --dir g --key alice=alice --key bob=bob.pub alice bob 2>err &&
	grep "this is a secret key: give the public key (the .pub file beside it)" err &&
	! grep -e "BEGIN OPENSSH" -e "$(sed -n 2p alice)" err &&
	test ! -e g &&
	printf "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA zero\n" >zero.pub &&
	expect_code 1 "$CARCPBEM" new --dir g --key alice=zero.pub --key bob=bob.pub alice bob 2>err &&
	grep "not a valid Ed25519 public key" err
'

test_expect_success 'a key comment that is no player: name the seat' '
	keys &&
	ssh-keygen -q -t ed25519 -N "" -C "Alice Liddell <alice@example.org>" -f ali &&
	expect_code 1 "$CARCPBEM" new --dir g --key ali.pub --key bob.pub alice bob 2>err &&
	grep "the key.s comment is not a player.s name: name the player it is for, --key NAME=ali.pub" err &&
	"$CARCPBEM" new --dir g --key alice=ali.pub --key bob.pub alice bob >out &&
	grep "^Key of alice" out
'

test_expect_success 'a whole game of SSH and carcpbem turns, replayed' '
	keys && mkdir ck && "$CARCPBEM" keygen bob -d ck >/dev/null &&
	"$CARCPBEM" new --seed golden --tiles BA/CFc.1,BA/CFc+,BA/L --dir game \
		--id golden --key alice=alice.pub --key bob=ck/bob.pub alice bob >/dev/null &&
	n=1 && while "$CARCPBEM" legal game >legal && grep -q "^place" legal; do
		p=$(sed -n "s/^# Turn [0-9]*: \([a-z]*\) .*/\1/p" legal) &&
		acts=$(grep "^place" legal | head -n 1) &&
		if test "$p" = alice; then
			unsigned alice "$n" "$acts" pass && sign alice &&
			"$CARCPBEM" apply game turn.txt >/dev/null || return 1
		else
			"$CARCPBEM" view game -o v.json &&
			"$CARCPBEM" move v.json "$acts" pass -k ck/bob.key -o t.txt &&
			"$CARCPBEM" apply game t.txt >/dev/null || return 1
		fi
		n=$((n + 1))
	done &&
	test "$n" -gt 3 &&
	grep -c "BEGIN SSH SIGNATURE" game/history.jsonl &&
	"$CARCPBEM" replay game >out &&
	grep "every signature and hash checks" out
'

# sha256_claimed GAMEDIR: record 1's SSH signature made to claim sha256
# where it was made with sha512: the same signature bytes (so the same
# turn id), chain and state.json's head made to fit.
sha256_claimed () {
	python3 - "$1" <<-\EOF
	import base64, hashlib, json, sys
	d = sys.argv[1]
	lines = open(d + "/history.jsonl").read().split("\n")[:-1]
	r = json.loads(lines[1])
	t = r["text"]
	i = t.index("-----BEGIN SSH SIGNATURE-----")
	blob = base64.b64decode("".join(t[i:].split("\n")[1:-1]))
	blob = blob.replace(b"\0\0\0\6sha512", b"\0\0\0\6sha256")
	b = base64.b64encode(blob).decode()
	armor = "\n".join(b[k:k + 70] for k in range(0, len(b), 70))
	r["text"] = t[:i] + "-----BEGIN SSH SIGNATURE-----\n" + armor + "\n-----END SSH SIGNATURE-----"
	lines[1] = json.dumps(r, separators=(",", ":"))
	open(d + "/history.jsonl", "w").write("\n".join(lines) + "\n")
	old = json.load(open(d + "/state.json"))["archive"]["head"]
	head = hashlib.blake2b(b"carcpbem history v1\n" + lines[-1].encode(), digest_size=32).hexdigest()
	s = open(d + "/state.json").read().replace(old, head)
	open(d + "/state.json", "w").write(s)
	EOF
}

test_expect_success 'replay checks the SSH signature of each record' '
	game && unsigned alice 1 "place 0 -1 90" "knight N" && sign alice &&
	"$CARCPBEM" apply game turn.txt >/dev/null &&
	sha256_claimed game &&
	expect_code 1 "$CARCPBEM" replay game 2>err &&
	grep "record 1 (turn 1 of alice): its turn is refused: bad-signature: the SSH signature does not match the turn" err
'

test_done
