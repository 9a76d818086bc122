/* Writing mail: mail_compose (the mail on the wire, and read back with
 * mail_parse and GMime), and the files of the mail layer
 * (mail_write_atomic, mail_read_file). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gmime/gmime.h>

#include "message.h"
#include "tap.h"

#define TURN                                                                             \
	"-----BEGIN CARCASSONNE TURN-----\n"                                             \
	"Game: g1\n"                                                                     \
	"Turn: 1\n"                                                                      \
	"Player: alice\n"                                                                \
	"State: 8d827b8fc6927b68\n"                                                      \
	"Action: place 0 -1 90\n"                                                        \
	"Action: knight N\n"                                                             \
	"Key: 38f31c4a2e8787be\n"                                                        \
	"Signature: aqlTi86vqjIzRrRMgekpn14c4ssauToI9g0+reVo4bGY\n"                      \
	"  8x1wpytWXOAJ+owY//ubDMlOtwpZz/8HBVl4QDZTAQ==\n"                               \
	"-----END CARCASSONNE TURN-----\n"

static const char subject[] = "Zug 5 \xe2\x80\x93 Stra\xc3\x9f"
			      "e \xf0\x9f\x8f\xb0 fertig";
static unsigned char png[300];
static char body[4096];

static void
fill_mail(struct mail_out *m)
{
	size_t i;

	for (i = 0; i < sizeof(png); i++)
		png[i] = (unsigned char)(i * 37 + 11);
	memcpy(png, "\x89PNG\r\n\x1a\n\0\r\n", 11);
	snprintf(body, sizeof(body),
		 "Gr\xc3\xbc\xc3\x9f"
		 "e, Alice!\n\nFrom here on it is your turn.\n"
		 "A line with a trailing blank \n.\nTabs\tstay.\n\n%s\n",
		 TURN);
	/* One line longer than a server takes. */
	memset(body + strlen(body), 'x', 1200);
	strcat(body, "\nend\n");
	*m = (struct mail_out){
	    .from = "Carcassonne <games@example.org>",
	    .to = {"alice@example.org", "Bob B\xc3\xb6hm <bob@example.net>"},
	    .subject = subject,
	    .message_id = "g1-5.7f3a@games.example.org",
	    .in_reply_to = "turn-1@mail.example.org",
	    .references = "<host-1@example.org> <turn-1@mail.example.org>",
	    .auto_submitted = "auto-replied",
	    .loop = "games@example.org",
	    .date = 1700000000,
	    .body = body,
	    .att = {{"map.png", "image/png", png, sizeof(png)},
		    {"turn.txt", "text/plain; charset=utf-8", TURN, sizeof(TURN) - 1}},
	    .natt = 2,
	};
}

/* CR only before LF, LF only after CR, 7-bit, no NUL, lines <= 998. */
static void
check_wire(const char *mail, size_t len, const char *what)
{
	size_t i, line = 0, longest = 0;
	bool crlf = true, seven = true;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)mail[i];

		if (c == '\r')
			crlf = crlf && i + 1 < len && mail[i + 1] == '\n';
		else if (c == '\n')
			crlf = crlf && i > 0 && mail[i - 1] == '\r';
		seven = seven && c != 0 && c < 0x80;
		if (c == '\n')
			line = 0;
		else if (c != '\r' && ++line > longest)
			longest = line;
	}
	ok(crlf, "%s: CR LF line ends only", what);
	ok(seven, "%s: 7-bit only", what);
	ok(longest <= 998, "%s: lines of at most 998 bytes (longest %zu)", what, longest);
	ok(len >= 2 && mail[len - 2] == '\r' && mail[len - 1] == '\n',
	   "%s: ends with CR LF", what);
}

/* The header's value (up to its line end) if the header part has it. */
static bool
has_header(const char *mail, const char *name, const char *value)
{
	const char *end = strstr(mail, "\r\n\r\n");
	size_t n = strlen(name);
	const char *p;

	for (p = mail; p && p < end; p = strstr(p, "\r\n"), p = p ? p + 2 : NULL)
		if (strncasecmp(p, name, n) == 0 && p[n] == ':' &&
		    (value == NULL || strncmp(p + n + 1, value, strlen(value)) == 0))
			return true;
	return false;
}

static void
check_headers(const char *mail)
{
	ok(has_header(mail, "From", " Carcassonne <games@example.org>"), "From");
	ok(has_header(mail, "To", " alice@example.org, "), "To, both");
	ok(strstr(mail, "bob@example.net>") != NULL, "the second recipient");
	ok(has_header(mail, "Subject", " Zug 5 =?UTF-8?B?"), "Subject RFC 2047 encoded");
	ok(has_header(mail, "Date", " Tue, 14 Nov 2023 22:13:20 +0000\r\n"), "Date");
	ok(has_header(mail, "Message-Id", " <g1-5.7f3a@games.example.org>\r\n"),
	   "Message-ID");
	ok(has_header(mail, "In-Reply-To", " <turn-1@mail.example.org>\r\n"),
	   "In-Reply-To");
	ok(has_header(mail, "References",
		      " <host-1@example.org> <turn-1@mail.example.org>"),
	   "References");
	ok(has_header(mail, "Auto-Submitted", " auto-replied\r\n"), "Auto-Submitted");
	ok(has_header(mail, MAIL_LOOP_HEADER, " games@example.org\r\n"),
	   "the loop header");
	ok(has_header(mail, "MIME-Version", " 1.0\r\n"), "MIME-Version");
	ok(has_header(mail, "Content-Type", " multipart/mixed"), "multipart/mixed");
	ok(strstr(mail, "Content-Type: text/plain; charset=utf-8\r\n"
			"Content-Transfer-Encoding: quoted-printable\r\n") != NULL,
	   "the body: UTF-8, quoted-printable");
	ok(strstr(mail, "Content-Disposition: attachment; filename=map.png\r\n") != NULL,
	   "the attachment's disposition");
}

static void
check_read_back(const char *mail, size_t len)
{
	struct mail_in m;
	struct mail_error err = {0};

	is_int(mail_parse(mail, len, &m, &err), 0, "read back");
	is_str(m.from, "games@example.org", "read back: from");
	is_str(m.reply_to, "games@example.org", "read back: reply_to");
	is_str(m.subject, subject, "read back: subject");
	is_str(m.message_id, "g1-5.7f3a@games.example.org", "read back: message_id");
	is_str(m.references, "<host-1@example.org> <turn-1@mail.example.org>",
	       "read back: references");
	is_str(m.text, body, "read back: the body, byte for byte");
	ok(m.never_answer, "read back: our own mail is never answered");
	is_str(m.why_not, "our own mail: " MAIL_LOOP_HEADER, "read back: why_not");
	is_int(m.nblocks, 2, "read back: the turn in the body and in turn.txt");
	is_str(m.nblocks > 0 ? m.block[0].where : NULL, "body", "read back: where 1");
	is_str(m.nblocks > 1 ? m.block[1].where : NULL, "attachment turn.txt",
	       "read back: where 2");
	is_str(m.nblocks > 1 ? m.block[1].text : NULL, TURN,
	       "read back: the attached turn");
	mail_in_free(&m);
}

/* The attachment as GMime reads it: name, type, base64 and the bytes. */
static void
check_attachment(const char *mail, size_t len)
{
	GMimeStream *in = g_mime_stream_mem_new_with_buffer(mail, len);
	GMimeParser *parser = g_mime_parser_new_with_stream(in);
	GMimeMessage *msg = g_mime_parser_construct_message(parser, NULL);
	GMimeObject *body = msg ? g_mime_message_get_mime_part(msg) : NULL;
	GMimeObject *part = NULL;
	GByteArray *bytes = g_byte_array_new();
	GMimeStream *out = g_mime_stream_mem_new_with_byte_array(bytes);

	g_mime_stream_mem_set_owner(GMIME_STREAM_MEM(out), FALSE);
	if (body && GMIME_IS_MULTIPART(body) &&
	    g_mime_multipart_get_count(GMIME_MULTIPART(body)) == 3)
		part = g_mime_multipart_get_part(GMIME_MULTIPART(body), 1);
	if (ok(part && GMIME_IS_PART(part), "the attachment is the second part")) {
		is_str(g_mime_part_get_filename(GMIME_PART(part)), "map.png",
		       "its file name");
		ok(g_mime_content_type_is_type(g_mime_object_get_content_type(part),
					       "image", "png"),
		   "its type");
		is_int(g_mime_part_get_content_encoding(GMIME_PART(part)),
		       GMIME_CONTENT_ENCODING_BASE64, "base64");
		g_mime_data_wrapper_write_to_stream(
		    g_mime_part_get_content(GMIME_PART(part)), out);
		ok(bytes->len == sizeof(png) &&
		       memcmp(bytes->data, png, sizeof(png)) == 0,
		   "its bytes come back");
	}
	g_object_unref(out);
	g_byte_array_free(bytes, TRUE);
	if (msg)
		g_object_unref(msg);
	g_object_unref(parser);
	g_object_unref(in);
}

static void
test_full_mail(void)
{
	struct mail_out m;
	struct mail_error err = {0};
	size_t len = 0, len2 = 0;
	char *mail, *again;

	fill_mail(&m);
	mail = mail_compose(&m, &len, &err);
	if (!ok(mail != NULL, "compose: %s", mail ? "ok" : err.text))
		return;
	is_int(len, strlen(mail), "compose: the length, and a NUL after it");
	check_wire(mail, len, "full mail");
	check_headers(mail);
	check_read_back(mail, len);
	check_attachment(mail, len);
	again = mail_compose(&m, &len2, &err);
	ok(again && len2 == len && memcmp(mail, again, len) == 0,
	   "composing twice: same bytes");
	free(again);
	free(mail);
}

static void
test_plain_mail(void)
{
	struct mail_out m = {
	    .from = "games@example.org",
	    .to = {"alice@example.org"},
	    .subject = "Your turn in g1",
	    .message_id = "g1-6@games.example.org",
	    .date = 0,
	    .body = "Hello Alice,\r\n\r\nit is your turn.\r\n",
	};
	struct mail_error err = {0};
	struct mail_in in;
	size_t len = 0;
	char *mail = mail_compose(&m, &len, &err);

	if (!ok(mail != NULL, "plain mail: %s", mail ? "ok" : err.text))
		return;
	check_wire(mail, len, "plain mail");
	ok(has_header(mail, "Subject", " Your turn in g1\r\n"),
	   "plain mail: ASCII subject as is");
	ok(has_header(mail, "Content-Type", " text/plain; charset=utf-8\r\n"),
	   "plain mail: one text/plain part");
	ok(has_header(mail, "Content-Transfer-Encoding", " 7bit\r\n"),
	   "plain mail: 7bit");
	ok(strstr(mail, "\r\n\r\nHello Alice,\r\n\r\nit is your turn.\r\n") != NULL,
	   "plain mail: the body as it is");
	ok(has_header(mail, "Date", " Thu, 01 Jan 1970 00:00:00 +0000"),
	   "plain mail: date 0");
	ok(!has_header(mail, "In-Reply-To", NULL) &&
	       !has_header(mail, MAIL_LOOP_HEADER, NULL),
	   "plain mail: no header that was not asked for");
	is_int(mail_parse(mail, len, &in, &err), 0, "plain mail: read back");
	is_str(in.text, "Hello Alice,\n\nit is your turn.\n",
	       "plain mail: text back, LF");
	ok(!in.never_answer, "plain mail: may be answered");
	mail_in_free(&in);
	free(mail);
}

/* format=flowed (RFC 3676): long prose broken after a space that stays,
 * short lines as they are but for trailing blanks, stuffing. */
static void
test_flowed(void)
{
	struct mail_out m = {
	    .from = "games@example.org",
	    .to = {"alice@example.org"},
	    .message_id = "f@y",
	    .flowed = true,
	    .body = "Turn 11: Ada (A) to place BA/CccR+ (city N-E-W (pennant), road S); 60 "
		    "tiles left in the bag.\n"
		    "     -1      0 \n"
		    "From here on.\n"
		    "> quoted\n",
	};
	struct mail_error err = {0};
	size_t len = 0;
	char *mail = mail_compose(&m, &len, &err);

	if (!ok(mail != NULL, "flowed mail: %s", mail ? "ok" : err.text))
		return;
	ok(has_header(mail, "Content-Type", " text/plain; charset=utf-8; format=flowed\r\n"),
	   "flowed: the parameter");
	ok(strstr(mail, "\r\n\r\nTurn 11: Ada (A) to place BA/CccR+ (city N-E-W (pennant), "
			"road S); 60 tiles \r\nleft in the bag.\r\n") != NULL,
	   "flowed: a soft break after the last space within 78 columns");
	ok(strstr(mail, "\r\n      -1      0\r\n") != NULL,
	   "flowed: a map line stuffed, its trailing blank gone");
	ok(strstr(mail, "\r\n From here on.\r\n") != NULL &&
	       strstr(mail, "\r\n > quoted\r\n") != NULL,
	   "flowed: From and > stuffed");
	m.flowed = false;
	free(mail);
	mail = mail_compose(&m, &len, &err);
	ok(mail && has_header(mail, "Content-Type", " text/plain; charset=utf-8\r\n") &&
		   strstr(mail, "\r\n     -1      0 \r\n") != NULL,
	   "not flowed: the body as it is");
	free(mail);
}

/* A 7-bit body that holds the boundary must not stay 7bit. */
static void
test_boundary_in_body(void)
{
	struct mail_out m = {
	    .from = "games@example.org",
	    .to = {"alice@example.org"},
	    .message_id = "x@y",
	    .body = NULL,
	    .att = {{"a.bin", NULL, "\x01\x02", 2}},
	    .natt = 1,
	};
	struct mail_error err = {0};
	struct mail_in in;
	char text[256], *mail, *boundary;
	size_t len = 0;

	m.body = "";
	mail = mail_compose(&m, &len, &err);
	boundary = mail ? strstr(mail, "boundary=\"") : NULL;
	if (!ok(boundary != NULL, "boundary: there is one"))
		goto done;
	snprintf(text, sizeof(text), "--%.*s\n", (int)strcspn(boundary + 10, "\""),
		 boundary + 10);
	free(mail);
	m.body = text;
	mail = mail_compose(&m, &len, &err);
	ok(mail && strstr(mail, "quoted-printable"),
	   "boundary in the body: quoted-printable");
	is_int(mail ? mail_parse(mail, len, &in, &err) : -1, 0,
	       "boundary in the body: read back");
	is_str(in.text, text, "boundary in the body: text back");
	ok(strstr(mail, "application/octet-stream") != NULL,
	   "no type: application/octet-stream");
	mail_in_free(&in);
done:
	free(mail);
}

static void
test_refusals(void)
{
	struct mail_out good = {.from = "a@example.org",
				.to = {"b@example.org"},
				.message_id = "m@x",
				.body = "hi\n"};
	struct mail_out m;
	struct mail_error err = {0};

	m = good;
	m.from = NULL;
	ok(mail_compose(&m, NULL, &err) == NULL && err.code == MAIL_PERM,
	   "no From: refused");
	m = good;
	m.to[0] = NULL;
	ok(mail_compose(&m, NULL, &err) == NULL && err.code == MAIL_PERM,
	   "no To: refused");
	m = good;
	m.message_id = NULL;
	ok(mail_compose(&m, NULL, &err) == NULL && err.code == MAIL_PERM,
	   "no Message-ID: refused");
	m = good;
	m.references = "<a@b>\r\nBcc: victim@example.org";
	ok(mail_compose(&m, NULL, &err) == NULL && err.code == MAIL_PERM,
	   "a line break in a header: refused");
	m = good;
	m.to[0] = "not an address";
	ok(mail_compose(&m, NULL, &err) == NULL && err.code == MAIL_PERM,
	   "a bad address: refused");
	diag("%s", err.text);
	m = good;
	m.natt = MAIL_MAX_ATTACH + 1;
	ok(mail_compose(&m, NULL, &err) == NULL && err.code == MAIL_PERM,
	   "too many attachments: refused");
}

/* The subject is text: a line break in it is a blank, not a header. */
static void
test_subject_line_break(void)
{
	struct mail_out m = {.from = "a@example.org",
			     .to = {"b@example.org"},
			     .message_id = "m@x",
			     .subject = "hi\r\nBcc: victim@example.org",
			     .body = "hi\n"};
	struct mail_error err = {0};
	struct mail_in in;
	size_t len = 0;
	char *mail = mail_compose(&m, &len, &err);

	ok(mail && !has_header(mail, "Bcc", NULL),
	   "a line break in the subject: no new header");
	is_int(mail ? mail_parse(mail, len, &in, &err) : -1, 0, "and it reads back");
	is_str(in.subject, "hi  Bcc: victim@example.org", "as one line");
	mail_in_free(&in);
	free(mail);
}

static int
count_files(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)))
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	if (d)
		closedir(d);
	return n;
}

static void
test_files(void)
{
	char dir[] = "/tmp/t-compose.XXXXXX", path[512], bad[600], *text;
	struct mail_error err = {0};
	struct stat st;
	size_t len = 99;

	if (!ok(mkdtemp(dir) != NULL, "a scratch folder"))
		return;
	snprintf(path, sizeof(path), "%s/mail", dir);
	is_int(mail_write_atomic(path, "first\n", 6, 0600, false, &err), 0,
	       "write a new file");
	ok(stat(path, &st) == 0 && (st.st_mode & 0777) == 0600, "with its mode");
	errno = 0;
	is_int(mail_write_atomic(path, "second\n", 7, 0600, false, &err), -1,
	       "replace false on a file that is there: refused");
	is_int(errno, EEXIST, "errno EEXIST");
	is_int(err.code, MAIL_PERM, "MAIL_PERM");
	text = mail_read_file(path, 0, &len, &err);
	is_str(text, "first\n", "the file is unchanged");
	is_int(len, 6, "its length");
	free(text);
	is_int(mail_write_atomic(path, "second\n", 7, 0600, true, &err), 0,
	       "replace true");
	text = mail_read_file(path, 7, NULL, &err);
	is_str(text, "second\n", "replaced; read with max = its length");
	free(text);
	is_int(count_files(dir), 1, "no temporary file left behind");
	ok(mail_read_file(path, 6, &len, &err) == NULL && err.code == MAIL_PERM,
	   "longer than max: MAIL_PERM");
	is_int(mail_write_atomic(path, "", 0, 0600, true, &err), 0,
	       "write an empty file");
	text = mail_read_file(path, 0, &len, &err);
	ok(text && len == 0 && text[0] == '\0', "read an empty file");
	free(text);
	snprintf(bad, sizeof(bad), "%s/no/such/dir", dir);
	ok(mail_write_atomic(bad, "x", 1, 0600, true, &err) == -1 &&
	       err.code == MAIL_TEMP,
	   "no such folder: MAIL_TEMP (%s)", err.text);
	ok(mail_read_file(bad, 0, &len, &err) == NULL && err.code == MAIL_TEMP,
	   "no such file: MAIL_TEMP");
	unlink(path);
	ok(rmdir(dir) == 0, "the scratch folder is empty at the end");
}

/* The MIME tree as text: "mixed(related(alternative(text/plain,text/html),
 * image/png),application/json)". */
static void
tree(GMimeObject *o, GString *out)
{
	GMimeContentType *ct = g_mime_object_get_content_type(o);

	if (GMIME_IS_MULTIPART(o)) {
		int n = g_mime_multipart_get_count(GMIME_MULTIPART(o));
		g_string_append_printf(out, "%s(", g_mime_content_type_get_media_subtype(ct));
		for (int i = 0; i < n; i++) {
			if (i)
				g_string_append_c(out, ',');
			tree(g_mime_multipart_get_part(GMIME_MULTIPART(o), i), out);
		}
		g_string_append_c(out, ')');
	} else {
		g_string_append_printf(out, "%s/%s", g_mime_content_type_get_media_type(ct),
				       g_mime_content_type_get_media_subtype(ct));
	}
}

static GMimeMessage *
parse(const char *mail, size_t len)
{
	GMimeStream *in = g_mime_stream_mem_new_with_buffer(mail, len);
	GMimeParser *parser = g_mime_parser_new_with_stream(in);
	GMimeMessage *msg = g_mime_parser_construct_message(parser, NULL);

	g_object_unref(parser);
	g_object_unref(in);
	return msg;
}

static void
is_tree(const char *mail, size_t len, const char *want, const char *what)
{
	GMimeMessage *msg = parse(mail, len);
	GString *s = g_string_new("");

	if (msg)
		tree(g_mime_message_get_mime_part(msg), s);
	is_str(s->str, want, "%s", what);
	g_string_free(s, TRUE);
	if (msg)
		g_object_unref(msg);
}

/* With an html version: the map shown by its Content-ID in
 * multipart/related, the JSON attached; without html the same map is a
 * plain attachment; more headers, in order; the html read back as text
 * only when there is no plain version (mail_walk). */
static void
test_html(void)
{
	static const char html[] = "<p>Hello &amp; <img src=\"cid:map.1@example.org\"></p>\n";
	struct mail_out m;
	struct mail_error err = {0};
	struct mail_in in;
	char *mail, *again;
	size_t len = 0, len2 = 0;

	fill_mail(&m);
	m.body = "Hello.\n";
	m.html = html;
	m.headers[0][0] = "List-Id", m.headers[0][1] = "Game g1 <g1.carcpbem.example.org>";
	m.headers[1][0] = "X-Carcpbem-Game", m.headers[1][1] = "g1";
	m.att[0] = (struct mail_attachment){"g1-turn3.png", "image/png", png, sizeof(png),
					    "map.1@example.org"};
	m.att[1] = (struct mail_attachment){"g1-alice.json", "application/json", "{}", 2, NULL};
	mail = mail_compose(&m, &len, &err);
	if (!ok(mail != NULL, "html mail: composed %s", err.text))
		return;
	check_wire(mail, len, "html mail");
	is_tree(mail, len, "mixed(related(alternative(text/plain,text/html),image/png),application/json)",
		"html mail: mixed(related(alternative(text, html), png), json)");
	ok(strstr(mail, "Content-Type: multipart/related;\r\n\tboundary=\"=-carcpbem-r-") &&
		   strstr(mail, "\";\r\n\ttype=\"multipart/alternative\"\r\n"),
	   "html mail: related says the type of its root (RFC 2387)");
	ok(has_header(mail, "Content-Id", " <map.1@example.org>") ||
		   strstr(mail, "\r\nContent-Id: <map.1@example.org>\r\n"),
	   "html mail: the map's Content-ID");
	ok(strstr(mail, "Content-Disposition: inline; filename=g1-turn3.png\r\n") != NULL,
	   "html mail: the map inline, with a file name to save it by");
	ok(strstr(mail, "Content-Disposition: attachment; filename=g1-alice.json\r\n") != NULL,
	   "html mail: the JSON attached");
	ok(strstr(mail, "Content-Type: text/html; charset=utf-8\r\n") != NULL,
	   "html mail: the html version, UTF-8");
	ok(has_header(mail, "List-Id", " Game g1 <g1.carcpbem.example.org>\r\n") &&
		   has_header(mail, "X-Carcpbem-Game", " g1\r\n"),
	   "html mail: the headers asked for");
	ok(strstr(mail, "X-Carcpbem-Loop: games@example.org\r\nList-Id:") != NULL,
	   "html mail: they come after the loop header");
	is_int(mail_parse(mail, len, &in, &err), 0, "html mail: read back");
	is_str(in.text, "Hello.\n", "html mail: the text version is the body");
	ok(!in.html_only, "html mail: not html only");
	mail_in_free(&in);
	again = mail_compose(&m, &len2, &err);
	ok(again && len2 == len && memcmp(again, mail, len) == 0, "html mail: same bytes again");
	free(again);
	free(mail);

	m.html = NULL;
	mail = mail_compose(&m, &len, &err);
	is_tree(mail, len, "mixed(text/plain,image/png,application/json)",
		"no html: the map is an attachment like the JSON");
	ok(mail && strstr(mail, "Content-Disposition: attachment; filename=g1-turn3.png\r\n") &&
		   !strstr(mail, "Content-Id"),
	   "no html: no Content-ID");
	free(mail);

	m.html = html;
	m.natt = 0;
	mail = mail_compose(&m, &len, &err);
	is_tree(mail, len, "alternative(text/plain,text/html)", "html, no files: alternative alone");
	free(mail);

	m.headers[2][0] = "X-Bad", m.headers[2][1] = "a\r\nBcc: x@example.org";
	ok(mail_compose(&m, &len, &err) == NULL, "a line break in a header asked for: refused");
}

/* issue 22.2: an address passes mail_address_check exactly when the
 * composer makes a mail to it, to the address written. */
static void
test_address_check(void)
{
	static const struct {
		const char *text;
		bool named, good;
	} cases[] = {
	    {"alice@example.org", false, true},  {"a+tag@b.c", false, true},
	    {"x@", false, false},                {"@", false, false},
	    {"@b", false, false},                {"a@b@c", false, false},
	    {"a@b.", false, false},              {"nobody", false, false},
	    {"a@b, c@d", false, false},          {"", false, false},
	    {"a b@c", false, false},             {"Alice <a@b>", false, false},
	    {"Alice <a@b>", true, true},         {"a@b", true, true},
	    {"Alice <a@b@c>", true, false},      {"Alice <x@>", true, false},
	};
	struct mail_out m = {0};
	struct mail_error err;
	char why[300], *text;
	size_t len;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int r = mail_address_check(cases[i].text, cases[i].named, why, sizeof(why));
		ok((r == 0) == cases[i].good, "address \"%s\"%s: %s", cases[i].text,
		   cases[i].named ? " (named)" : "", cases[i].good ? "taken" : "refused");
		if (!cases[i].good)
			ok(strstr(why, "is not a mail address") != NULL, "  says why: %s", why);
		if (!cases[i].good || cases[i].named)
			continue;
		m.from = "Host <host@example.org>", m.to[0] = cases[i].text;
		m.message_id = "x@example.org", m.subject = "s", m.body = "b\n";
		text = mail_compose(&m, &len, &err);
		ok(text != NULL, "  the composer makes a mail to it");
		free(text);
	}
}

int
main(void)
{
	mail_mime_init();
	test_address_check();
	test_full_mail();
	test_plain_mail();
	test_flowed();
	test_boundary_in_body();
	test_refusals();
	test_subject_line_break();
	test_html();
	test_files();
	mail_mime_shutdown();
	return done_testing();
}
