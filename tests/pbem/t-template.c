/* The template engine: placeholders, sections (nested, inverted, on lines
 * of their own), the subject line, errors that name file and line; the
 * built-in templates and a host's own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "template.h"

static const char *const kinds[] = {"notice", "update", "start", "over", "error",
				    "forged", "help", "status", "history"};

/* Expands text with the pairs of vars (NULL-terminated); the body, or the
 * error text prefixed with "ERROR: ". */
static char *
run(const char *text, const char *const *vars, char **subject)
{
	struct template_vars v = {0};
	struct template_error err = {{0}};
	char *subj = NULL, *body = NULL, *out;

	for (int i = 0; vars && vars[i]; i += 2)
		tvars_set(&v, vars[i], vars[i + 1]);
	if (template_expand("t", text, &v, &subj, &body, &err) < 0) {
		out = malloc(strlen(err.text) + 8);
		sprintf(out, "ERROR: %s", err.text);
		ok(subj == NULL && body == NULL, "nothing returned on error: %s", err.text);
	} else
		out = body;
	if (subject)
		*subject = subj;
	else
		free(subj);
	return out;
}

static void
is_run(const char *text, const char *const *vars, const char *want, const char *what)
{
	char *got = run(text, vars, NULL);

	is_str(got, want, "%s", what);
	free(got);
}

static void
values(void)
{
	const char *const v[] = {"name", "alice", "n", "3", "empty", "", NULL};
	char *subject;
	char *body = run("Subject: turn {{n}}: {{ name }}\n\nHi {{name}}, {{n}}{{empty}}.\n", v,
			 &subject);

	is_str(subject, "turn 3: alice", "subject expanded");
	is_str(body, "Hi alice, 3.\n", "values expanded, blanks in tags allowed");
	free(subject);
	free(body);
	is_run("Subject: x\n\n{{name}}{{name}}\n{{{name}}}\n", v, "alicealice\n{alice}\n",
	       "adjacent tags, braces around a tag");
	is_run("Subject: x\n\nno newline at the end", v, "no newline at the end",
	       "text without final newline");
	is_run("Subject: x\n\n", v, "", "empty body");
	{
		const char *const multi[] = {"s", "a\nb\n", NULL};
		char *subj;
		char *b = run("Subject: {{s}} end\n\n{{s}}", multi, &subj);
		is_str(subj, "a b end", "a value's line breaks folded in the subject");
		is_str(b, "a\nb\n", "but kept in the body");
		free(subj);
		free(b);
	}
	{
		const char *const braces[] = {"x", "{{y}}", NULL};
		is_run("Subject: x\n\n{{x}}\n", braces, "{{y}}\n",
		       "values are not expanded again");
	}
}

static void
sections(void)
{
	const char *const v[] = {"yes", "1", "no", "", "name", "bob", "inner", "x", NULL};

	is_run("Subject: x\n\na{{#yes}}b{{/yes}}c{{#no}}d{{/no}}e{{#unset}}f{{/unset}}\n", v,
	       "abce\n", "{{#}}: kept when set and not empty");
	is_run("Subject: x\n\na{{^yes}}b{{/yes}}c{{^no}}d{{/no}}e{{^unset}}f{{/unset}}\n", v,
	       "acdef\n", "{{^}}: kept when unset or empty");
	is_run("Subject: x\n\n{{#yes}}1{{#inner}}2{{^no}}3{{/no}}{{/inner}}{{#no}}4"
	       "{{/no}}{{/yes}}\n",
	       v, "123\n", "nested sections");
	is_run("Subject: x\n\n{{#yes}}a{{#yes}}b{{/yes}}c{{/yes}}\n", v, "abc\n",
	       "the same name nested");
	is_run("Subject: x\n\nbefore\n{{#yes}}\n  {{name}}\n{{/yes}}\n{{#no}}\nhidden\n{{/no}}"
	       "\n  {{^no}}  \nafter\n{{/no}}\nend\n",
	       v, "before\n  bob\nafter\nend\n",
	       "a section tag alone on its line leaves no line");
	is_run("Subject: x\n\n{{#no}}{{missing}}{{/no}}ok\n", v, "ok\n",
	       "a placeholder in a section left out needs no value");
	is_run("Subject: x\n\nx {{#yes}}\ny\n{{/yes}} z\n", v, "x \ny\n z\n",
	       "a tag with text on its line keeps the line");
}

static void
errors(void)
{
	const char *const v[] = {"a", "1", NULL};

	is_run("Subject: x\n\nline 3\nline 4 {{scores}}\n", v,
	       "ERROR: t.txt:4: no value for {{scores}}", "missing value: file and line");
	is_run("Subject: {{nope}}\n\n", v, "ERROR: t.txt:1: no value for {{nope}}",
	       "missing value in the subject: line 1");
	is_run("Hello\n\nbody\n", v,
	       "ERROR: t.txt:1: the first line must be \"Subject: ...\", then a blank line",
	       "no subject line");
	is_run("", v,
	       "ERROR: t.txt:1: the first line must be \"Subject: ...\", then a blank line",
	       "empty template");
	is_run("Subject: x\nbody\n", v, "ERROR: t.txt:2: a blank line must follow the Subject line",
	       "no blank line after the subject");
	is_run("Subject: x\n\n\n{{#a}}\nx\n", v,
	       "ERROR: t.txt:4: {{#a}} is not closed: end it with {{/a}}", "unclosed section");
	is_run("Subject: x\n\n{{/a}}\n", v, "ERROR: t.txt:3: {{/a}} closes no section",
	       "stray closing tag");
	is_run("Subject: x\n\n{{#a}}{{^b}}\n{{/a}}{{/b}}\n", v,
	       "ERROR: t.txt:4: {{/a}} where {{/b}} (for line 3) was due",
	       "sections crossed");
	is_run("Subject: x\n\nok\n{{a\n}}\n", v,
	       "ERROR: t.txt:4: \"{{\" is not closed by \"}}\" on its line", "unclosed tag");
	is_run("Subject: x\n\n{{a b}}\n", v,
	       "ERROR: t.txt:3: bad placeholder \"{{a b}}\": write {{name}}, {{#name}}, "
	       "{{^name}} or {{/name}}, a name of letters, digits, _ - and .",
	       "bad name");
	is_run("Subject: x\n\n{{#a}}{{}}{{/a}}\n", v,
	       "ERROR: t.txt:3: bad placeholder \"{{}}\": write {{name}}, {{#name}}, "
	       "{{^name}} or {{/name}}, a name of letters, digits, _ - and .",
	       "empty tag");
	is_run("Subject: x\n\n{{^nope}}{{#x}}{{/x}}{{bad tag}}{{/nope}}\n", v,
	       "ERROR: t.txt:3: bad placeholder \"{{bad tag}}\": write {{name}}, {{#name}}, "
	       "{{^name}} or {{/name}}, a name of letters, digits, _ - and .",
	       "syntax is checked in sections left out too");
}

static void
vars_table(void)
{
	struct template_vars v = {0};
	char names[TEMPLATE_MAX_VARS + 1][8];
	struct template_error err = {{0}};
	char *subject, *body;

	tvars_set(&v, "a", "1");
	tvars_set(&v, "a", "2");
	is_int(v.n, 1, "setting a name again replaces its value");
	for (int i = 0; i <= TEMPLATE_MAX_VARS; i++) {
		snprintf(names[i], sizeof(names[i]), "v%d", i);
		tvars_set(&v, names[i], "x");
	}
	is_int(v.n, TEMPLATE_MAX_VARS, "the table holds TEMPLATE_MAX_VARS values");
	/* "a" took the first place: v0 .. v(MAX - 2) fit */
	char tpl[64], want[64];
	snprintf(tpl, sizeof(tpl), "Subject: s\n\n{{v%d}}\n", TEMPLATE_MAX_VARS - 1);
	snprintf(want, sizeof(want), "k.txt:3: no value for {{v%d}}", TEMPLATE_MAX_VARS - 1);
	ok(template_expand("k", tpl, &v, &subject, &body, &err) < 0 && strcmp(err.text, want) == 0,
	   "a value past the table is missing, and said so: %s", err.text);
}

static void
builtin(void)
{
	struct template_error err = {{0}};
	char *text;

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		text = template_load("", kinds[i], &err);
		ok(text && strncmp(text, "Subject: ", 9) == 0, "built-in %s.txt", kinds[i]);
		free(text);
	}
	ok(template_load("", "nosuch", &err) == NULL &&
		   strcmp(err.text, "nosuch.txt: no such template") == 0,
	   "an unknown kind: %s", err.text);
	ok(template_load("", "../x", &err) == NULL, "a kind is a plain word: %s", err.text);
}

static void
host_dir(void)
{
	char dir[] = "/tmp/carc-tmpl-XXXXXX", path[64];
	struct template_error err = {{0}};
	char *text;
	FILE *fp;

	if (mkdtemp(dir) == NULL)
		bail_out("mkdtemp");
	snprintf(path, sizeof(path), "%s/notice.txt", dir);
	fp = fopen(path, "w");
	fputs("Subject: mine\r\n\r\nHi {{player}}\r\n", fp);
	fclose(fp);
	text = template_load(dir, "notice", &err);
	is_str(text, "Subject: mine\n\nHi {{player}}\n", "the host's own, CR LF read as LF");
	free(text);
	text = template_load(dir, "update", &err);
	ok(text && strstr(text, "{{mover}}"), "a kind the host did not write: the built-in");
	free(text);
	unlink(path);
	mkdir(path, 0700); /* a directory where the file should be */
	ok(template_load(dir, "notice", &err) == NULL && strstr(err.text, "notice.txt: cannot read"),
	   "an unreadable file is an error: %s", err.text);
	rmdir(path);
	rmdir(dir);
}

/* The HTML versions: every value escaped but the program's own *_html
 * pieces; the built-in ones; a host's own, or none (an empty file). */
static void
html(void)
{
	struct template_vars v = {0};
	struct template_error err = {{0}};
	char dir[] = "/tmp/carc-tmpl-XXXXXX", path[64], *body = NULL, *text;
	static const char *const kinds[] = {"notice", "update", "start"};
	FILE *fp;

	tvars_set(&v, "player", "<script>alert(1)</script> & \"Bob's\"");
	tvars_set(&v, "scores_html", "<table><tr><td>&lt;b&gt;</td></tr></table>");
	ok(template_expand_html("k", "<p>{{player}}</p>\n{{scores_html}}\n", &v, &body, &err) == 0,
	   "an HTML template expands");
	is_str(body,
	       "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Bob&#39;s&quot;</p>\n"
	       "<table><tr><td>&lt;b&gt;</td></tr></table>\n",
	       "values escaped (<script>, &, quotes), *_html values as they are");
	free(body);
	ok(template_expand_html("k", "<p>\n{{nope}}\n", &v, &body, &err) < 0 &&
		   strcmp(err.text, "k.html:2: no value for {{nope}}") == 0,
	   "an error names the .html file: %s", err.text);
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		text = template_load_html("", kinds[i], &err);
		ok(text && strstr(text, "<html") && !strstr(text, "<script") &&
			   !strstr(text, "http:") && !strstr(text, "https:") && !strstr(text, "<style"),
		   "built-in %s.html: no script, no <style>, nothing from outside", kinds[i]);
		free(text);
	}
	ok(template_load_html("", "error", &err) == NULL && err.text[0] == '\0',
	   "a kind without HTML version: none, no error");
	if (mkdtemp(dir) == NULL)
		bail_out("mkdtemp");
	snprintf(path, sizeof(path), "%s/notice.html", dir);
	fp = fopen(path, "w");
	fputs("<p>{{player}}</p>\r\n", fp);
	fclose(fp);
	text = template_load_html(dir, "notice", &err);
	is_str(text, "<p>{{player}}</p>\n", "the host's own notice.html");
	free(text);
	fp = fopen(path, "w");
	fputs(" \n", fp);
	fclose(fp);
	ok(template_load_html(dir, "notice", &err) == NULL && err.text[0] == '\0',
	   "an empty notice.html: no HTML version");
	text = template_load_html(dir, "update", &err);
	ok(text && strstr(text, "{{mover}}"), "update.html the host did not write: the built-in");
	free(text);
	unlink(path);
	rmdir(dir);
}

/* html_escape writes runs of plain text at once: the bytes of an escape a
 * character at a time, on random texts full of the five it escapes. */
static void
escape_runs(void)
{
	static const char pick[] = "ab &<>\"'\n\xc3\xa9";
	unsigned seed = 1;
	int same = 0;

	for (int i = 0; i < 2000; i++) {
		char in[64], *got = NULL, *want = NULL;
		size_t ng = 0, nw = 0, n = (size_t)(i % 63);
		FILE *g = open_memstream(&got, &ng), *w = open_memstream(&want, &nw);
		for (size_t k = 0; k < n; k++) {
			seed = seed * 1103515245u + 12345u;
			in[k] = pick[(seed >> 16) % (sizeof(pick) - 1)];
		}
		in[n] = '\0';
		html_escape(g, in);
		for (size_t k = 0; k < n; k++)
			switch (in[k]) {
			case '&': fputs("&amp;", w); break;
			case '<': fputs("&lt;", w); break;
			case '>': fputs("&gt;", w); break;
			case '"': fputs("&quot;", w); break;
			case '\'': fputs("&#39;", w); break;
			default: fputc(in[k], w);
			}
		fclose(g), fclose(w);
		same += ng == nw && memcmp(got, want, ng) == 0;
		free(got), free(want);
	}
	ok(same == 2000, "html_escape: the bytes of an escape a character at a time (%d of 2000)",
	   same);
}

int
main(void)
{
	values();
	sections();
	errors();
	vars_table();
	builtin();
	host_dir();
	html();
	escape_runs();
	return done_testing();
}
