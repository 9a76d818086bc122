/* Reading mail: the cases of tests/mail/data/ (see its README), one
 * directory each with the mail (mail.eml) and what reading it must give
 * (expect), then mail_html_to_text on small pages.
 *
 * expect has one check a line ('#' starts a comment; "\n" in a value is
 * a line end; "(null)" is NULL):
 *   blocks: N                      how many turn blocks
 *   where N: TEXT                  where block N (from 1) was found
 *   block N contains: TEXT         block N has TEXT in it
 *   from, reply_to, subject, message_id, references, why_not, text: TEXT
 *                                  the field is exactly TEXT
 *   never_answer, html_only, too_many_blocks, too_many_sigs: yes|no
 *   text contains: TEXT, text lacks: TEXT
 *   block N is: TEXT               block N is exactly TEXT
 *   sig_where N: TEXT              where block N's SSH signature was
 *   sigs: N                        how many SSH signature blocks
 *   sig N where: TEXT, sig N block: K (0: none), sig N candidates: K
 *   private_key: TEXT              where an OpenSSH private key was
 * Every case also checks what holds for any mail: no CR in the text or
 * the blocks, UTF-8 everywhere, each block from a BEGIN line to an END
 * line. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <glib.h>

#include "message.h"
#include "tap.h"

#ifndef MAIL_DATA_DIR
#define MAIL_DATA_DIR "tests/mail/data"
#endif
#define MAX_CASES 128

/* A test file, NUL-terminated (mail_read_file); NULL if missing. */
static char *
slurp(const char *path, size_t *len)
{
	return mail_read_file(path, 0, len, NULL);
}

/* "\n" in a value is a line end. */
static void
unescape(char *s)
{
	char *out = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] == 'n') {
			*out++ = '\n';
			s++;
		} else {
			*out++ = *s;
		}
	}
	*out = '\0';
}

static const char *
field(const struct mail_in *m, const char *key)
{
	if (strcmp(key, "from") == 0)
		return m->from;
	if (strcmp(key, "reply_to") == 0)
		return m->reply_to;
	if (strcmp(key, "subject") == 0)
		return m->subject;
	if (strcmp(key, "message_id") == 0)
		return m->message_id;
	if (strcmp(key, "references") == 0)
		return m->references;
	if (strcmp(key, "why_not") == 0)
		return m->why_not;
	if (strcmp(key, "private_key") == 0)
		return m->private_key;
	if (strcmp(key, "text") == 0)
		return m->text;
	return NULL;
}

static int
flag(const struct mail_in *m, const char *key)
{
	if (strcmp(key, "never_answer") == 0)
		return m->never_answer;
	if (strcmp(key, "html_only") == 0)
		return m->html_only;
	if (strcmp(key, "too_many_blocks") == 0)
		return m->too_many_blocks;
	if (strcmp(key, "too_many_sigs") == 0)
		return m->too_many_sigs;
	return -1;
}

static const struct mail_block *
block(const struct mail_in *m, int n)
{
	return n >= 1 && n <= m->nblocks ? &m->block[n - 1] : NULL;
}

/* "sig N where", "sig N block" (K from 1, 0: none), "sig N candidates". */
static void
check_sig(const char *name, const struct mail_in *m, const char *key, const char *value)
{
	char what[32] = "";
	int n = 0;
	const struct mail_sig *g;

	if (sscanf(key, "sig %d %31s", &n, what) != 2 || n < 1 || n > m->nsigs) {
		ok(0, "%s: no %s", name, key);
		return;
	}
	g = &m->sig[n - 1];
	if (strcmp(what, "where") == 0)
		is_str(g->where, value, "%s: %s", name, key);
	else if (strcmp(what, "block") == 0)
		is_int(g->block + 1, atoi(value), "%s: %s", name, key);
	else if (strcmp(what, "candidates") == 0)
		is_int(g->candidates, atoi(value), "%s: %s", name, key);
	else
		ok(0, "%s: unknown check \"%s\"", name, key);
}

/* One line of expect: key (with a number, maybe) and value. */
static void
check(const char *name, const struct mail_in *m, const char *key, const char *value)
{
	const struct mail_block *b;
	int n = 0;

	if (strcmp(key, "blocks") == 0) {
		is_int(m->nblocks, atoi(value), "%s: blocks", name);
	} else if (strcmp(key, "sigs") == 0) {
		is_int(m->nsigs, atoi(value), "%s: sigs", name);
	} else if (strncmp(key, "sig ", 4) == 0) {
		check_sig(name, m, key, value);
	} else if (sscanf(key, "sig_where %d", &n) == 1) {
		b = block(m, n);
		is_str(b ? b->sig_where : NULL, value, "%s: sig_where %d", name, n);
	} else if (sscanf(key, "block %d is", &n) == 1 && strstr(key, " is")) {
		b = block(m, n);
		is_str(b ? b->text : NULL, value, "%s: block %d is", name, n);
	} else if (sscanf(key, "where %d", &n) == 1) {
		b = block(m, n);
		is_str(b ? b->where : NULL, value, "%s: where %d", name, n);
	} else if (sscanf(key, "block %d contains", &n) == 1) {
		b = block(m, n);
		if (!ok(b && strstr(b->text, value), "%s: block %d contains %s", name, n,
			value))
			diag("block: %s", b ? b->text : "(none)");
	} else if (strcmp(key, "text contains") == 0) {
		if (!ok(strstr(m->text, value) != NULL, "%s: text contains %s", name,
			value))
			diag("text: %s", m->text);
	} else if (strcmp(key, "text lacks") == 0) {
		ok(strstr(m->text, value) == NULL, "%s: text lacks %s", name, value);
	} else if (flag(m, key) >= 0) {
		is_str(flag(m, key) ? "yes" : "no", value, "%s: %s", name, key);
	} else if (field(m, key) || strcmp(value, "(null)") == 0 ||
		   strcmp(key, "from") == 0 || strcmp(key, "reply_to") == 0 ||
		   strcmp(key, "message_id") == 0 || strcmp(key, "references") == 0) {
		is_str(field(m, key), strcmp(value, "(null)") == 0 ? NULL : value,
		       "%s: %s", name, key);
	} else {
		ok(0, "%s: unknown check \"%s\"", name, key);
	}
}

static void
run_expect(const char *name, const struct mail_in *m, char *expect)
{
	char *line, *save = NULL, *colon, *value;

	for (line = strtok_r(expect, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#' || line[0] == '\0')
			continue;
		colon = strchr(line, ':');
		if (colon == NULL) {
			ok(0, "%s: bad expect line \"%s\"", name, line);
			continue;
		}
		*colon = '\0';
		value = colon + 1 + (colon[1] == ' ');
		unescape(value);
		check(name, m, line, value);
	}
}

/* What holds for every mail read. */
static void
invariants(const char *name, const struct mail_in *m)
{
	bool good = m->subject && m->text && g_utf8_validate(m->subject, -1, NULL) &&
		    g_utf8_validate(m->text, -1, NULL) && !strchr(m->text, '\r') &&
		    m->nblocks >= 0 && m->nblocks <= MAIL_MAX_BLOCKS &&
		    (m->never_answer == (m->why_not[0] != '\0'));
	const struct mail_block *b;
	int i;

	for (i = 0; i < m->nblocks; i++) {
		b = &m->block[i];
		good = good && b->len == strlen(b->text) &&
		       g_utf8_validate(b->text, -1, NULL) && !strchr(b->text, '\r') &&
		       strstr(b->text, "BEGIN CARCASSONNE TURN") && b->len > 1 &&
		       b->text[b->len - 1] == '\n' &&
		       strstr(b->text, "-----END CARCASSONNE TURN-----") && b->where[0];
	}
	ok(good, "%s: fields are UTF-8, LF only, blocks whole", name);
}

static void
run_case(const char *name)
{
	char path[1024], *raw, *expect;
	size_t len, elen;
	struct mail_in m;
	struct mail_error err = {0};

	snprintf(path, sizeof(path), "%s/%s/mail.eml", MAIL_DATA_DIR, name);
	raw = slurp(path, &len);
	snprintf(path, sizeof(path), "%s/%s/expect", MAIL_DATA_DIR, name);
	expect = slurp(path, &elen);
	if (!ok(raw && expect, "%s: mail.eml and expect are there", name)) {
		free(raw);
		free(expect);
		return;
	}
	is_int(mail_parse(raw, len, &m, &err), 0, "%s: parses", name);
	invariants(name, &m);
	run_expect(name, &m, expect);
	mail_in_free(&m);
	free(raw);
	free(expect);
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
run_cases(void)
{
	DIR *dir = opendir(MAIL_DATA_DIR);
	struct dirent *e;
	struct stat st;
	char *names[MAX_CASES], path[1024];
	int n = 0, i;

	if (!ok(dir != NULL, "the cases are in %s", MAIL_DATA_DIR))
		return;
	while ((e = readdir(dir)) && n < MAX_CASES) {
		snprintf(path, sizeof(path), "%s/%s", MAIL_DATA_DIR, e->d_name);
		if (e->d_name[0] != '.' && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			names[n++] = strdup(e->d_name);
	}
	closedir(dir);
	qsort(names, (size_t)n, sizeof(names[0]), by_name);
	ok(n >= 20, "%d cases", n);
	for (i = 0; i < n; i++) {
		run_case(names[i]);
		free(names[i]);
	}
}

static void
html_is(const char *html, const char *want, const char *what)
{
	char *text = mail_html_to_text(html, strlen(html));

	is_str(text, want, "html: %s", what);
	free(text);
}

static void
html_cases(void)
{
	char *text;

	html_is("", "", "empty");
	html_is("a<br>b<BR/>c", "a\nb\nc\n", "<br> ends lines, any case");
	html_is("<p>one</p><p>two</p><div>three</div>", "one\ntwo\nthree\n",
		"blocks end lines");
	html_is("<div>a</div><div><br></div><div>b</div>", "a\n\nb\n",
		"Gmail's empty line");
	html_is("  lots   of\n\n  blank\t\tspace  ", "lots of blank space\n",
		"blanks collapse");
	html_is("&amp;&lt;&gt;&quot;&#39;&apos;&#65;&#x42;&#x1F3F0;",
		"&<>\"''AB\xf0\x9f\x8f\xb0\n", "entities");
	html_is("a&nbsp;&nbsp;b &nbsp;c", "a  b  c\n", "&nbsp; does not collapse");
	html_is("&bogus; & &#; &#xZZ; &amp", "&bogus; & &#; &#xZZ; &\n", "not entities");
	html_is("&#0;&#xD800;&#99999999;", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\n",
		"bad code points");
	html_is("<script>a<b>c</b></script>x<style type=\"t\">p{}</STYLE>y", "xy\n",
		"script and style dropped");
	html_is("<head><title>T</title></head><body>body</body>", "body\n",
		"title dropped");
	html_is("a<!-- <br> -->b<!DOCTYPE x>c<?xml v?>d", "abcd\n",
		"comments, declarations");
	html_is("<pre>\n  x  y\n z</pre>after", "  x  y\n z\nafter\n",
		"<pre> keeps blanks");
	html_is("<blockquote>q1<br>q2<blockquote>qq</blockquote></blockquote>out",
		"> q1\n> q2\n>> qq\nout\n", "quotes marked");
	html_is("<a href=\"x>y\" title='>'>link</a>", "link\n",
		"'>' in quoted attributes");
	html_is("1 < 2 <3 <> x", "1 < 2 <3 <> x\n", "'<' that starts no tag");
	html_is("<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>",
		"a b\nc\n", "table cells");
	html_is("<ul><li>one<li>two</ul>", "one\ntwo\n", "list items");
	html_is("unclosed <b attr=\"never", "unclosed\n", "a tag cut short");
	html_is("<p>x<!-- never closed", "x\n", "a comment cut short");
	html_is("<script>never closed", "", "a script cut short");
	html_is("caf\xc3\xa9 \xe2\x80\x94", "caf\xc3\xa9 \xe2\x80\x94\n", "UTF-8 passes");
	text = mail_html_to_text(NULL, 0);
	is_str(text, "", "html: NULL is empty");
	free(text);
}

/* The view attachment a computer player takes from a notice: an empty
 * one is an empty string (it once reached memcpy with NULL). */
static void
attachment_cases(void)
{
	static const char empty[] =
	    "From: game@example.test\nSubject: x\nMIME-Version: 1.0\n"
	    "Content-Type: multipart/mixed; boundary=b\n\n--b\n"
	    "Content-Type: text/plain\n\nhello\n--b\n"
	    "Content-Type: application/json\n"
	    "Content-Disposition: attachment; filename=g1-alice.json\n"
	    "Content-Transfer-Encoding: base64\n\n\n--b--\n";
	size_t len = 99;
	char *a = mail_attachment(empty, strlen(empty), "-alice.json", &len);

	ok(a != NULL && a[0] == '\0' && len == 0, "an empty attachment is empty text");
	free(a);
	a = mail_attachment(empty, strlen(empty), "-bob.json", &len);
	ok(a == NULL, "no attachment of that name: NULL");
}

int
main(void)
{
	mail_mime_init();
	run_cases();
	html_cases();
	attachment_cases();
	mail_mime_shutdown();
	return done_testing();
}
