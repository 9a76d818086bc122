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
  html-shot.py measure DIR WIDTH
      writes DIR/measure-WIDTH.html: DIR/page.html WIDTH pixels wide (a
      headless window is 500 at least) with a script that, once the page
      has loaded, writes where the browser laid out the pictures and the
      font size of the place names into a <pre id="carc-measure"> (read
      with chromium --dump-dom).
  html-shot.py layout DOM WIDTH
      DOM is that dump at a window WIDTH pixels wide: the board and the
      tile's picture are both shown, the board as wide as the page lets
      it, the tile at its own size (its place names as drawn, 9 pixels
      high), the coordinates of the board about 8 pixels high at least, the
      place names in the text at least 14 pixels; below 600 pixels the
      tile lies below the board, from 700 beside it (issue 21.6).

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


MEASURE = """<script>
window.addEventListener("load", function () {
  var out = {images: []}, c = document.body.firstElementChild, s = getComputedStyle(c);
  out.content = c.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  for (var i = 0; i < document.images.length; i++) {
    var im = document.images[i], r = im.getBoundingClientRect();
    out.images.push({src: im.getAttribute("src"), x: r.left, y: r.top, w: r.width,
                     h: r.height, natural: im.naturalWidth});
  }
  var rot = document.querySelector(".rotations");
  out.names_px = rot ? parseFloat(getComputedStyle(rot).fontSize) : 0;
  var pre = document.createElement("pre");
  pre.id = "carc-measure";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>"""

PNG_TEXT = 9.0  # src/render/picture.h: the tile's place names


def label_height(path):
    """Pixels from the top of the first row of coordinates drawn above the
    board to its bottom: the rows with ink, from the first to the next row
    without."""
    w, h, rows = read_png(path)
    inked = [any(max(c) < 90 for c in row) for row in rows]
    top = inked.index(True)
    n = 0
    while top + n < h and inked[top + n]:
        n += 1
    return n


def measure(out, width):
    page = open(os.path.join(out, "page.html"), encoding="utf-8").read()
    narrow = "<style>html{width:%dpx;overflow-x:hidden}</style>" % width
    open(os.path.join(out, "measure-%d.html" % width), "w", encoding="utf-8").write(
        page.replace("</head>", narrow + "</head>").replace("</body>", MEASURE + "</body>"))


def layout(dom, width):
    import html as htmlmod
    import json
    m = re.search(r'<pre id="carc-measure">(.*?)</pre>', open(dom, encoding="utf-8").read(), re.S)
    if not m:
        sys.exit("%s: the page wrote no measure" % dom)
    got = json.loads(htmlmod.unescape(m.group(1)))
    pics = {("panel" if "part-panel." in i["src"] else "map"): i for i in got["images"]}
    print("at %d px: content %.0f px, %s, place names %.1f px" % (width, got["content"], pics,
                                                                  got["names_px"]))
    if got["content"] > width - 20:
        sys.exit("the page is %.0f px wide, not %d" % (got["content"], width))
    if "map" not in pics or "panel" not in pics:
        sys.exit("the board and the tile are not two pictures")
    board, tile = pics["map"], pics["panel"]
    fails = []
    if board["w"] < min(board["natural"], 0.9 * got["content"]) - 1:
        fails.append("the board is %.0f px wide of %.0f" % (board["w"], got["content"]))
    if tile["w"] / tile["natural"] * PNG_TEXT < 0.99 * PNG_TEXT:
        fails.append("the tile's names are %.1f px" % (tile["w"] / tile["natural"] * PNG_TEXT))
    coords = label_height(board["src"].replace("file://", "")) * board["w"] / board["natural"]
    print("the coordinates are %.1f px high on the page" % coords)
    if coords < 7.5:  # 8, less a row the edge's antialiasing may add
        fails.append("the coordinates are %.1f px" % coords)
    if got["names_px"] < 14:
        fails.append("the place names in the text are %.1f px" % got["names_px"])
    below = tile["y"] >= board["y"] + board["h"] - 1
    beside = abs(tile["y"] - board["y"]) <= 1 and tile["x"] >= board["x"] + board["w"]
    if width < 600 and not below:
        fails.append("on a phone the tile is not below the board")
    if width >= 700 and not beside:
        fails.append("on a wide screen the tile is not beside the board")
    if fails:
        sys.exit("; ".join(fails))


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
    elif len(sys.argv) == 4 and sys.argv[1] == "measure":
        measure(sys.argv[2], int(sys.argv[3]))
    elif len(sys.argv) == 4 and sys.argv[1] == "layout":
        layout(sys.argv[2], int(sys.argv[3]))
    elif len(sys.argv) == 4 and sys.argv[1] == "check":
        check(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
