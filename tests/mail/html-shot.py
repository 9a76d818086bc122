#!/usr/bin/env python3
"""Looks at a mail's HTML version as a mail client shows it, in a real
browser engine (tests/t3190-mail-html.sh).

  html-shot.py extract MAIL DIR [--break-cid]
      writes DIR/page.html (the text/html part) and each part with a
      Content-ID as a file, the page's cid: URLs rewritten to those files'
      file:// URLs, as a mail client does; --break-cid points them at
      files that are not there instead (the test of the test).
  html-shot.py check SHOT DIR
      SHOT is the browser's screenshot of DIR/page.html: it is not blank,
      and the map (the image part) shows: the map's own most frequent
      saturated colours cover at least a fifth of what they would if the
      whole picture were on the page.

Only the Python standard library: PNG files are read with zlib here.
"""
import email
import email.policy
import os
import re
import struct
import sys
import zlib


def read_png(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("%s: not a PNG" % path)
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
            if depth != 8 or ctype not in (2, 6) or interlace:
                sys.exit("%s: not 8-bit RGB or RGBA" % path)
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + n
    bpp = 3 if ctype == 2 else 4
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
        prev = line
    return w, h, rows


def extract(mail, out, broken):
    msg = email.message_from_binary_file(open(mail, "rb"), policy=email.policy.default)
    html, files = None, {}
    for part in msg.walk():
        if part.get_content_type() == "text/html" and html is None:
            html = part.get_content()
        cid = part.get("Content-ID")
        if cid:
            cid = cid.strip().strip("<>")
            name = os.path.join(out, "part-" + re.sub(r"[^A-Za-z0-9.-]", "_", cid))
            open(name, "wb").write(part.get_payload(decode=True))
            files[cid] = os.path.abspath(name) + (".missing" if broken else "")
    if html is None or not files:
        sys.exit("%s: no text/html part, or no part with a Content-ID" % mail)
    for cid, path in files.items():
        if "cid:" + cid not in html:
            sys.exit("%s: the HTML does not show cid:%s" % (mail, cid))
        html = html.replace("cid:" + cid, "file://" + path)
    if "cid:" in html:
        sys.exit("%s: a cid: URL that no part has" % mail)
    open(os.path.join(out, "page.html"), "w", encoding="utf-8").write(html)


def saturated(c):
    return max(c) - min(c) >= 40


def near(a, b, tol=12):
    return abs(a[0] - b[0]) <= tol and abs(a[1] - b[1]) <= tol and abs(a[2] - b[2]) <= tol


def check(shot, out):
    sw, sh, srows = read_png(shot)
    counts = {}
    for row in srows:
        for c in row:
            counts[c] = counts.get(c, 0) + 1
    bg, nbg = max(counts.items(), key=lambda kv: kv[1])
    ink = sw * sh - nbg
    print("screenshot %dx%d: %d pixels not the background %s" % (sw, sh, ink, bg))
    if ink < sw * sh // 50:
        sys.exit("the page is blank")
    maps = [f for f in os.listdir(out) if f.startswith("part-")]
    for f in maps:
        mw, mh, mrows = read_png(os.path.join(out, f))
        mc = {}
        for row in mrows:
            for c in row:
                if saturated(c):
                    mc[c] = mc.get(c, 0) + 1
        top = sorted(mc.items(), key=lambda kv: -kv[1])[:3]
        share = sum(n for _, n in top) / float(mw * mh)
        shown_w = min(mw, sw)  # max-width:100%: scaled down to the page
        want = share * shown_w * (mh * shown_w / float(mw)) / 5
        got = sum(n for c, n in counts.items() if any(near(c, t) for t, _ in top))
        print("%s %dx%d: colours %s, %d pixels of them on the page, %d wanted"
              % (f, mw, mh, [t for t, _ in top], got, want))
        if got < want:
            sys.exit("the map %s does not show" % f)


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "extract":
        extract(sys.argv[2], sys.argv[3], "--break-cid" in sys.argv[4:])
    elif len(sys.argv) == 4 and sys.argv[1] == "check":
        check(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
