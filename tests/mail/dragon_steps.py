"""Checks every dragon step of a game by mail with Princess & Dragon
(issue 26): the step's notice went to its owner alone, and the turn that
took it was signed by that owner. Usage: dragon_steps.py OUTBOX GAME-DIR.

The history's record N+1 answers the mails of round N (GAME-rN-*.eml).
For every record of a dragon step out of the placer's turn: the round
before it is one mail, to the record's player, that asks for the
dragon's move (nobody else was told of the step; out of the player's own
turn, it says why: "the dragon moves: step ..."), and the record's signed
text names that player (the replay checks the signature against the
player's key); a step the host played must have had one legal action.
Prints the number of such steps, how many of them were owned by another
player than the dragon tile's placer, and the forced ones; exits 1 at the
first fault."""
import email
import email.policy
import glob
import json
import os
import re
import sys

ASKED = "Your decision now: move-dragon"
STEP = re.compile(r"the dragon moves: step (\d+) of \d+, yours \((\w+) placed the dragon tile\)")


def fail(why):
    print("FAULT " + why)
    sys.exit(1)


def text_of(path):
    with open(path, "rb") as f:
        m = email.message_from_binary_file(f, policy=email.policy.default)
    to = m["To"].addresses[0].addr_spec.split("@")[0]
    body = ""
    for part in m.walk():
        if part.get_content_type() == "text/plain" and not part.get_filename():
            body += " ".join(part.get_content().split())
    return to, body


def main():
    outbox, gamedir = sys.argv[1], sys.argv[2]
    game = os.path.basename(os.path.normpath(gamedir))
    with open(os.path.join(gamedir, "history.jsonl")) as f:
        records = [json.loads(line) for line in f]
    steps = others = forced = 0
    for n, rec in enumerate(records):
        text = rec.get("text", "")
        if rec.get("event") != "turn" or "\nAction: dragon" not in text:
            continue
        if rec.get("by") == "host":  # a step with one legal action
            if rec.get("why") != "the only legal action":
                fail("record %d: the host played a step: %s" % (n, rec.get("why")))
            forced += 1
            continue
        who = rec["player"]
        if "\nPlayer: %s\n" % who not in text:
            fail("record %d: signed text of another player than %s" % (n, who))
        if not text.split("\nAction: ", 1)[1].startswith("dragon"):
            continue  # the placer's first step, in the turn that placed it
        mails = sorted(glob.glob(os.path.join(outbox, "%s-r%d-*.eml" % (game, n - 1))))
        if len(mails) != 1:
            fail("record %d (%s's dragon step): the round before has mails %s"
                 % (n, who, [os.path.basename(m) for m in mails]))
        to, body = text_of(mails[0])
        if ASKED not in body or to != who.lower():  # the demo's addresses: name@...
            fail("record %d: %s's step was not asked of him alone (%s)" % (n, who, mails[0]))
        m = STEP.search(body)  # the reason, for a step out of its owner's turn
        steps += 1
        others += m is not None and m.group(2) != who
    if steps == 0:
        fail("no dragon step out of turn in %s" % gamedir)
    print("steps %d, by others than the placer %d, forced %d" % (steps, others, forced))

main()
