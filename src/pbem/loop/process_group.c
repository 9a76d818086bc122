/* Group commit of inbox messages (docs/mail.md, "Exactly once"). Each
 * message of a group is acted on alone: its turns appended to the
 * histories, its mails' .eml files written. Then, for all of them at
 * once, one step after the other with a durability barrier (durable.h)
 * between two steps: the mails' envelopes (the mails are queued), the
 * games' "mailed" marks, the messages moved to inbox/cur. Each message
 * sees its steps in the order a message alone would, so a crash at any
 * point is repaired by the next pass as before. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "admin.h"
#include "crashpoint.h"
#include "durable.h"
#include "maildir.h"
#include "process_impl.h"

struct pending {
	char *name;                /* in inbox/new/ */
	char key[JOB_KEY_LEN + 1];
	struct outmails out;       /* names and recipients (texts written) */
	int ngames, nseen;
	char (*game_dir)[GAMEDIR_PATH];
	long game_record[JOB_MAX_GAMES];
	bool game_forced[JOB_MAX_GAMES];
	char (*seen)[GAMEDIR_PATH]; /* the games it read or changed */
	bool failed;
};

struct msg_group {
	struct pending *job;
	int n, cap;
};

void
pbem_group_add(struct pbem *p, struct job *j)
{
	struct msg_group *g = p->group;
	struct pending *q;

	if (g->n == g->cap) {
		int cap = g->cap ? 2 * g->cap : 16;
		if ((q = realloc(g->job, (size_t)cap * sizeof(*q))) == NULL) {
			job_fail(j, "out of memory");
			return;
		}
		g->job = q;
		g->cap = cap;
	}
	q = &g->job[g->n];
	*q = (struct pending){.name = strdup(j->name), .ngames = j->ngames,
			      .nseen = j->nseen};
	if (j->ngames > 0)
		q->game_dir = malloc((size_t)j->ngames * sizeof(*q->game_dir));
	if (j->nseen > 0)
		q->seen = malloc((size_t)j->nseen * sizeof(*q->seen));
	if (q->name == NULL || (j->ngames > 0 && q->game_dir == NULL) ||
	    (j->nseen > 0 && q->seen == NULL)) {
		free(q->name);
		free(q->game_dir);
		free(q->seen);
		job_fail(j, "out of memory");
		return;
	}
	memcpy(q->key, j->key, sizeof(q->key));
	if (j->ngames > 0)
		memcpy(q->game_dir, j->game_dir, (size_t)j->ngames * sizeof(*q->game_dir));
	if (j->nseen > 0)
		memcpy(q->seen, j->seen, (size_t)j->nseen * sizeof(*q->seen));
	memcpy(q->game_record, j->game_record, sizeof(q->game_record));
	memcpy(q->game_forced, j->game_forced, sizeof(q->game_forced));
	q->out = j->out; /* the job's mails move here */
	j->out = (struct outmails){0};
	g->n++;
}

bool
pbem_group_has_game(const struct pbem *p, const char *dir)
{
	const struct msg_group *g = p->group;

	for (int i = 0; g != NULL && i < g->n; i++) {
		const struct pending *q = &g->job[i];
		for (int k = 0; k < q->ngames; k++)
			if (strcmp(q->game_dir[k], dir) == 0)
				return true;
		for (int k = 0; k < q->nseen; k++)
			if (strcmp(q->seen[k], dir) == 0)
				return true;
	}
	return false;
}

int
pbem_group_size(const struct pbem *p)
{
	return p->group ? p->group->n : 0;
}

/* The message stays in the inbox: what went wrong is what, then arg. */
static void
fail(struct pbem *p, struct pbem_stats *st, struct pending *q, const char *what,
     const char *arg)
{
	snprintf(st->error, sizeof(st->error), "%s%.400s", what, arg);
	pbem_log(p, PBEM_ERR, "%s: %s (left in the inbox for the next run)", q->name,
		 st->error);
	q->failed = true;
	st->failed++;
}

/* A barrier; when it fails nothing after it may happen: every message
 * stays in the inbox, and the next pass finds its turns applied. */
static bool
barrier(struct pbem *p, struct pbem_stats *st)
{
	struct msg_group *g = p->group;
	char why[256];

	if (durable_barrier() == 0)
		return true;
	snprintf(why, sizeof(why), "%s", strerror(errno));
	for (int i = 0; i < g->n; i++)
		if (!g->job[i].failed)
			fail(p, st, &g->job[i], "cannot sync the spool: ", why);
	return false;
}

static void
queue_envelopes(struct pbem *p, struct pbem_stats *st, struct pending *q)
{
	struct mail_error err = {0};
	char from[320];

	pbem_envelope_from(p, from, sizeof(from));
	for (int i = 0; i < q->out.n && !q->failed; i++) {
		const struct outmail *m = &q->out.m[i];
		if (queue_add_envelope(p->queue, m->name, from, (const char *const *)m->to,
				       m->nto, &err) < 0)
			fail(p, st, q, "cannot queue a mail: ", err.text);
		crashpoint("mail queued");
	}
}

static void
mark_mailed(struct pbem *p, struct pbem_stats *st, struct pending *q)
{
	struct gamedir gd;

	for (int i = 0; i < q->ngames && !q->failed; i++) {
		struct gf_error gerr = {"", ""};
		if (gamedir_of(q->game_dir[i], &gd, &gerr) < 0 ||
		    mailed_write(&gd, q->game_record[i], q->key) < 0)
			fail(p, st, q, "cannot mark this game mailed: ", q->game_dir[i]);
		crashpoint("game marked mailed");
	}
}

static void
mark_done(struct pbem *p, struct pbem_stats *st, struct pending *q)
{
	struct mail_error err = {0};

	if (q->failed)
		return;
	if (maildir_mark_done(p->inbox, q->name, &err) < 0)
		fail(p, st, q, "", err.text);
	crashpoint("message done");
}

/* The seats the computer plays (kicked, resigned) whose decision follows
 * a turn of the message move now, once the message is done, each move
 * its own commit (outside the group), and so do decisions with one legal
 * action: a crash before leaves nothing half done (the deadline pass
 * plays them then: deadline_begin set the game's timer to now). */
static void
play_bots(struct pbem *p, const struct pending *q)
{
	char why[800];
	const char *id;
	long last;

	for (int i = 0; i < q->ngames && !q->failed; i++) {
		id = strrchr(q->game_dir[i], '/');
		id = id ? id + 1 : q->game_dir[i];
		last = -1;
		if ((q->game_forced[i] ? admin_play_due(p, id, &last, why, sizeof(why))
				       : admin_play_bots(p, id, &last, why, sizeof(why))) < 0)
			pbem_log(p, PBEM_WARN, "%s: game %s: the computer's move: %s", q->name,
				 id, why);
	}
}

static void
bots(struct pbem *p)
{
	struct msg_group *g = p->group;
	bool grouped = durable_grouped();
	int games = 0;

	for (int i = 0; i < g->n; i++)
		games += g->job[i].failed ? 0 : g->job[i].ngames;
	if (games == 0)
		return;
	if (grouped)
		durable_end();
	for (int i = 0; i < g->n; i++)
		play_bots(p, &g->job[i]);
	if (grouped)
		durable_begin();
}

static void
clear(struct msg_group *g)
{
	for (int i = 0; i < g->n; i++) {
		free(g->job[i].name);
		free(g->job[i].game_dir);
		free(g->job[i].seen);
		outmails_free(&g->job[i].out);
	}
	g->n = 0;
}

int
pbem_group_commit(struct pbem *p, struct pbem_stats *st)
{
	struct msg_group *g = p->group;
	int failed = st->failed, i;

	if (g == NULL || g->n == 0)
		return 0;
	if (barrier(p, st)) {
		for (i = 0; i < g->n; i++)
			queue_envelopes(p, st, &g->job[i]);
		if (barrier(p, st)) {
			for (i = 0; i < g->n; i++)
				mark_mailed(p, st, &g->job[i]);
			if (barrier(p, st))
				for (i = 0; i < g->n; i++)
					mark_done(p, st, &g->job[i]);
		}
	}
	bots(p);
	clear(g);
	return st->failed > failed ? -1 : 0;
}

int
pbem_group_open(struct pbem *p)
{
	if ((p->group = calloc(1, sizeof(*p->group))) == NULL)
		return -1;
	if (p->cfg.group_commit > 0)
		durable_begin();
	return 0;
}

int
pbem_group_close(struct pbem *p, struct pbem_stats *st)
{
	int r = pbem_group_commit(p, st);

	if (durable_end() < 0) {
		snprintf(st->error, sizeof(st->error), "cannot sync the spool: %s",
			 strerror(errno));
		pbem_log(p, PBEM_ERR, "%s", st->error);
		r = -1;
	}
	if (p->group != NULL) {
		free(p->group->job);
		free(p->group);
		p->group = NULL;
	}
	return r;
}
