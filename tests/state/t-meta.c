/* meta.json: defaults, a round trip of every field, and refusals that
 * name the field at fault. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "meta.h"
#include "tap.h"

static char dir[] = "/tmp/t-meta.XXXXXX";

static void
write_meta(const char *text)
{
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, META_FILE);
	f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

static struct gamefile *
two_players(void)
{
	static struct gamefile gf;

	gf.nplayers = 2;
	strcpy(gf.name[0], "alice");
	strcpy(gf.name[1], "bob");
	return &gf;
}

static void
refused(const char *text, const char *path, const char *words, const char *what)
{
	struct meta m;
	struct gf_error err = {{0}, {0}};

	write_meta(text);
	ok(meta_load(dir, two_players(), &m, &err) < 0 && strcmp(err.path, path) == 0 &&
		   strstr(err.text, words) != NULL,
	   "refused: %s (%s: %s)", what, err.path, err.text);
}

static void
round_trip(void)
{
	struct meta m, back;
	struct gf_error err;
	time_t t;

	meta_load(dir, two_players(), &m, &err);
	m.deadline = 72 * 3600;
	m.nreminders = 2;
	m.reminder[0] = 24 * 3600;
	m.reminder[1] = 0;
	m.policy = META_POLICY_BOT;
	m.bot_after = 2;
	m.paused = true;
	meta_time_parse("2026-11-25T06:00:00Z", &m.paused_at);
	m.decision_record = 7;
	m.deadline_at = m.paused_at + 3600;
	strcpy(m.seat[1].timezone, "Europe/Sofia");
	m.seat[1].notify = META_NOTIFY_MINE;
	m.seat[1].nabsences = 1;
	meta_time_parse("2026-12-20T00:00:00Z", &m.seat[1].absence[0].from);
	meta_time_parse("2027-01-03T00:00:00Z", &m.seat[1].absence[0].to);
	m.seat[0].bot = true;
	m.nobservers = 1;
	strcpy(m.observer[0], "kibitz@example.org");
	ok(meta_save(dir, &m, &err) == 0, "saved");
	ok(meta_load(dir, two_players(), &back, &err) == 0, "read back: %s", err.text);
	ok(memcmp(&m, &back, sizeof(m)) == 0, "every field comes back");
	is_int(back.policy, META_POLICY_BOT, "policy");
	is_int(back.nreminders, 2, "reminders");
	is_str(back.seat[1].timezone, "Europe/Sofia", "time zone");
	is_int(back.seat[1].notify, META_NOTIFY_MINE, "notify");
	ok(back.seat[0].bot && !back.seat[1].bot, "bot seat");
	is_str(back.observer[0], "kibitz@example.org", "observer");
	/* the host's quick look before loading a game (any_bot_seat): it
	 * read no seat before, so a game with a computer seat loaded twice */
	memset(&back, 0, sizeof(back));
	ok(meta_peek(dir, &back, &err) == 0 && memcmp(&m, &back, sizeof(m)) == 0,
	   "meta_peek without the game: every field, both seats: %s", err.text);
	m.seat[0].bot = false;
	ok(meta_save(dir, &m, &err) == 0 && meta_peek(dir, &back, &err) == 0 &&
		   back.nseats == 2 && !back.seat[0].bot && !back.seat[1].bot,
	   "meta_peek: no computer seat");
	ok(meta_time_parse("2026-02-30T00:00:00Z", &t) < 0, "no February 30th");
	ok(meta_time_parse("2026-12-20T00:00:00Z x", &t) < 0, "trailing text is no time");
	ok(meta_time_parse("2026-12-20T00:00:00Z", &t) == 0 && t == 1797724800,
	   "a time is UTC");
}

int
main(void)
{
	struct meta m;
	struct gf_error err;
	char path[64];

	if (mkdtemp(dir) == NULL)
		bail_out("mkdtemp");
	ok(meta_load(dir, two_players(), &m, &err) == 0, "no meta.json: the defaults");
	ok(m.deadline == META_UNSET && m.policy == META_POLICY_UNSET && m.nreminders < 0 &&
		   m.decision_record == -1 && m.nseats == 2 && !m.paused,
	   "defaults leave the settings to the config");
	is_int(meta_seat_of(&m, "BOB"), 1, "seats by name, any case");
	round_trip();
	refused("{\"format\":\"carcpbem-meta\",\"version\":1,\"deadlne\":5}", "deadlne",
		"not a meta.json key", "an unknown key");
	refused("{\"format\":\"carcpbem-meta\",\"version\":1,\"policy\":\"nap\"}", "policy",
		"must be one of", "an unknown policy");
	refused("{\"format\":\"carcpbem-meta\",\"version\":1,\"deadline\":-5}", "deadline",
		"out of range", "a negative deadline");
	refused("{\"format\":\"carcpbem-meta\",\"version\":2}", "", "version 1",
		"another version");
	refused("{\"format\":\"carcpbem-meta\",\"version\":1,\"seats\":[{\"name\":\"bob\"},"
		"{\"name\":\"alice\"}]}", "seats[0]", "seat is alice", "seats out of order");
	refused("{\"format\":\"carcpbem-meta\",\"version\":1,\"seats\":[{\"name\":\"alice\","
		"\"absence\":[{\"from\":\"2027-01-03T00:00:00Z\",\"to\":\"2026-12-20T00:00:00Z\"}]},"
		"{\"name\":\"bob\"}]}", "seats[0]", "from before to", "an absence ending first");
	refused("{\"format\":\"carcpbem-meta\",\"version\":1,\"paused_at\":\"yesterday\"}",
		"paused_at", "UTC time", "a time in another form");
	snprintf(path, sizeof(path), "%s/%s", dir, META_FILE);
	unlink(path);
	rmdir(dir);
	return done_testing();
}
