/* Host records of commands by mail (docs/state-format.md, "Host
 * records"): command_id and command_date written and read back, both or
 * neither; a run of records refuses a second record of one command id
 * (issue 22.1: replay rejects a history where a command was carried out
 * twice), records without ids as before. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hostrec.h"
#include "tap.h"

static const char id_a[] = "6aae7d3cb6d033d221e4afaeef12c4b2";
static const char id_b[] = "0123456789abcdef0123456789abcdef";

static void
host_record(struct history_record *r, long seq, const char *command, const char *id)
{
	memset(r, 0, sizeof(*r));
	history_host_alloc(r);
	r->seq = seq;
	r->event = HISTORY_HOST;
	snprintf(r->time, sizeof(r->time), "2023-11-14T22:13:20Z");
	snprintf(r->state, sizeof(r->state), "%0*d", GF_STATE_HEX, 0);
	snprintf(r->command, sizeof(r->command), "%s", command);
	snprintf(r->host_key, sizeof(r->host_key), "%s",
		 "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=");
	r->by = strdup("admin key 5d1c0f2a9b8e7d6c");
	if (id) {
		snprintf(r->command_id, sizeof(r->command_id), "%s", id);
		snprintf(r->command_date, sizeof(r->command_date), "2023-11-14T22:10:00Z");
	}
}

/* line without the member "name":"..." */
static void
drop_member(char *line, const char *name)
{
	char *at = strstr(line, name), *end;

	if (at == NULL || (end = strchr(at + strlen(name) + 3, '"')) == NULL)
		return;
	memmove(at - 2, end + 1, strlen(end + 1) + 1); /* the quote, the comma before */
}

static void
test_form(void)
{
	struct turn_error err = {0};
	struct history_record r;
	char *line;

	host_record(&r, 2, "pause", id_a);
	line = history_line(&r);
	ok(line && strstr(line, "\"by\":\"admin key 5d1c0f2a9b8e7d6c\",\"command_id\":\""
			  "6aae7d3cb6d033d221e4afaeef12c4b2\",\"command_date\":"
			  "\"2023-11-14T22:10:00Z\",\"state\""),
	   "issue 22.1: command_id and command_date after by: %s", line ? line : "(null)");
	ok(line && history_check_line(line, &err) == 0, "read back: %s", err.text);
	drop_member(line, "command_date");
	ok(strstr(line, "command_date") == NULL && history_check_line(line, &err) < 0 &&
	   strstr(err.text, "command_date"), "an id without its date refused: %s", err.text);
	free(line);
	history_record_free(&r);

	host_record(&r, 2, "pause", NULL);
	line = history_line(&r);
	ok(line && strstr(line, "command_id") == NULL, "a record at the keyboard: no id");
	ok(line && history_check_line(line, &err) == 0, "old form read: %s", err.text);
	free(line);
	history_record_free(&r);
}

static void
test_once(void)
{
	struct turn_error err = {0};
	struct history_record r[5];
	struct record_run rr;

	record_run_init(&rr, NULL);
	host_record(&r[0], 1, "pause", NULL);
	host_record(&r[1], 2, "resume", NULL);
	host_record(&r[2], 3, "extend", id_a);
	host_record(&r[3], 4, "extend", id_b);
	host_record(&r[4], 5, "extend", id_a);
	r[2].nargs = r[3].nargs = r[4].nargs = 1;
	ok(record_run_effect(&rr, &r[0], &err) == 0 && record_run_effect(&rr, &r[1], &err) == 0,
	   "records without ids: as before");
	ok(record_run_effect(&rr, &r[2], &err) == 0 && record_run_effect(&rr, &r[3], &err) == 0,
	   "issue 22.1: two commands, two ids: %s", err.text);
	ok(record_run_effect(&rr, &r[4], &err) < 0 && err.code == TURN_FAIL,
	   "issue 22.1: a second record of one command id refused");
	ok(strstr(err.text, id_a) && strstr(err.text, "record 3"), "issue 22.1: it names the id and the "
	   "record that carried it out: %s", err.text);
	for (int i = 0; i < 5; i++)
		history_record_free(&r[i]);
	record_run_free(&rr);
}

int
main(void)
{
	test_form();
	test_once();
	return done_testing();
}
