/* Answers to the mail verbs: HELP, STATUS and HISTORY. */
#include <stdlib.h>
#include <string.h>

#include "history.h"
#include "mails_impl.h"
#include "turnfile.h"


int
mails_help(const struct mail_ctx *c, const struct gamefile *gf,
	   const struct mail_reply *reply, struct outmails *out, struct template_error *err)
{
	return mails_answer(c, gf, reply, "help", NULL, out, err);
}

int
mails_status(const struct mail_ctx *c, const struct gamefile *gf,
	     const struct mail_reply *reply, struct outmails *out,
	     struct template_error *err)
{
	return mails_answer(c, gf, reply, "status", NULL, out, err);
}

/* One line a record: "  turn 3  alice  place 0 -1 90; knight N  TIME",
 * names padded to width w. */
static void
history_line_text(FILE *fp, const struct history_record *r, int w)
{
	struct turn_error terr = {0};
	char actions[TURN_MAX_ACTIONS * (TURN_ACTION_LEN + 2)] = "?";
	struct turn t;

	if (r->event == HISTORY_CREATED) {
		fprintf(fp, "  the game was created  %s\n", r->time);
		return;
	}
	if (r->event == HISTORY_HOST) {
		fprintf(fp, "  the host: %s%s%s  %s\n", r->command, r->nargs ? " " : "",
			r->nargs ? r->args[0] : "", r->time);
		return;
	}
	if (r->text && turn_parse(r->text, strlen(r->text), 0, &t, &terr) == 0)
		turn_actions_text(&t, actions, sizeof(actions));
	fprintf(fp, "  turn %-3ld  %-*s  %s%s  %s\n", r->turn, w, r->player,
		r->by_host ? "(host) " : "", actions, r->time);
}

static char *
history_text(const struct gamedir *gd, int *turns, struct template_error *err)
{
	struct history h = {0};
	struct turn_error terr = {0};
	struct memtext m;
	FILE *fp;
	int w = 0;

	*turns = 0;
	if (gd == NULL || !gd->is_dir || gd->history[0] == '\0') {
		char *s = strdup("  (this game keeps no history)");
		return s ? s : (mails_fail(err, "history", "out of memory"), NULL);
	}
	if (history_read(gd->history, &h, &terr) < 0)
		return mails_fail(err, "history", terr.text), NULL;
	for (int i = 0; i < h.n; i++)
		w = (int)strlen(h.rec[i].player) > w ? (int)strlen(h.rec[i].player) : w;
	if ((fp = memtext_open(&m)) != NULL)
		for (int i = 0; i < h.n; i++) {
			history_line_text(fp, &h.rec[i], w);
			*turns += h.rec[i].event == HISTORY_TURN;
		}
	history_free(&h);
	if (memtext_close(&m) == NULL)
		mails_fail(err, "history", "out of memory");
	return m.s; /* NULL when closing failed */
}

int
mails_history(const struct mail_ctx *c, const struct gamedir *gd,
	      const struct gamefile *gf, const struct mail_reply *reply,
	      struct outmails *out, struct template_error *err)
{
	struct template_vars extra = {0};
	char nturns[16];
	int turns, r;
	char *text;

	if (reply == NULL || reply->to == NULL)
		return 0;
	if ((text = history_text(gd, &turns, err)) == NULL)
		return -1;
	snprintf(nturns, sizeof(nturns), "%d", turns);
	tvars_set(&extra, "history", text);
	tvars_set(&extra, "nturns", nturns);
	r = mails_answer(c, gf, reply, "history", &extra, out, err);
	free(text);
	return r;
}
