"""Searches every mail of a game by mail with The Gifts, and the views
attached to them, for another player's cards (issue 26.2): a hand shows
only in its owner's mails. Usage: gifts_leaks.py OUTBOX-DIR GAME-DIR.

For every mail: each attached view is its recipient's (you.address is
the mail's To) or the public one, and holds no secret but you.secret;
the text's "Your hand, seen by you alone: ..." line is the recipient's
hand as his attached view has it, and only a mail with his view has
one. Counts (hand sizes, deck, discard) are public and not checked.
Prints the mails checked; exits 1 at the first leak."""
import email
import email.policy
import glob
import json
import os
import sys

HAND = "Your hand, seen by you alone: "


def secrets(node, path=""):
    """Every path of a key named "secret" in a JSON document."""
    found = []
    if isinstance(node, dict):
        for k, v in node.items():
            p = path + "." + k
            if k == "secret":
                found.append(p)
            found += secrets(v, p)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            found += secrets(v, "%s[%d]" % (path, i))
    return found


def hand_text(secret):
    """The notice's words for a view's you.secret."""
    parts = []
    for module, fields in secret.items():
        held = ["%d %s" % (n, k) for k, n in fields.items() if n]
        parts.append("%s: %s" % (module, ", ".join(held) if held else "none"))
    return "; ".join(parts)


def fail(path, why):
    print("LEAK %s: %s" % (path, why))
    sys.exit(1)


def check(path):
    with open(path, "rb") as f:
        m = email.message_from_binary_file(f, policy=email.policy.default)
    to = m["To"].addresses[0].addr_spec
    texts, views = [], []
    for part in m.walk():
        name = part.get_filename()
        body = part.get_content() if not part.is_multipart() else None
        if isinstance(body, bytes):
            body = body.decode("utf-8", "replace")
        if name and name.endswith(".json"):
            views.append(json.loads(body))
        elif part.get_content_type() == "text/plain" and body is not None:
            texts.append(body)
    mine = None
    for v in views:
        you = v.get("you")
        where = [s for s in secrets(v) if s != ".you.secret"]
        if where:
            fail(path, "a view with secrets at %s" % ", ".join(where))
        if you is None:
            continue
        if you.get("address") != to:
            fail(path, "the view of %s in a mail to %s" % (you.get("address"), to))
        mine = hand_text(you.get("secret", {}))
    for t in texts:
        for line in t.splitlines():
            if line.startswith(HAND):
                if mine is None:
                    fail(path, "a hand without its owner's view: " + line)
                if line[len(HAND):] != mine:
                    fail(path, "hand %r, the recipient holds %r" % (line, mine))


def main():
    mails = sorted(glob.glob(os.path.join(sys.argv[1], "*.eml")))
    if not mails:
        fail(sys.argv[1], "no mails")
    for p in mails:
        check(p)
    # the game's public files: the state and history name no hand
    for p in glob.glob(os.path.join(sys.argv[2], "*")):
        if os.path.basename(p) == "history.jsonl":
            with open(p) as f:
                for line in f:
                    if '"secret"' in line:
                        fail(p, "a secret in the history")
    print("checked %d mails" % len(mails))


main()
