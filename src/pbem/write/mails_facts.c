/* A game's facts as the mails show them: the public state only (what any
 * player may see), never the seed or the order of the bag. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "mails_impl.h"
#include "render.h"
#include "report.h"

/* "alice (A), bob (B)": the seat order. */
static void
players_text(const struct gamefile *gf, char *buf, size_t n)
{
	size_t at = 0;

	buf[0] = '\0';
	for (int p = 0; p < gf->nplayers && at < n; p++)
		at += (size_t)snprintf(buf + at, n - at, "%s%s (%c)", p ? ", " : "",
				       gf->name[p], seat_letter(p));
}

/* One line a player: seat, name, score and what is left in the supply. */
static char *
scores_text(const struct gamefile *gf)
{
	struct memtext m;
	FILE *fp = memtext_open(&m);

	if (fp)
		report_players(fp, gf);
	return memtext_close(&m);
}

/* The legal actions of the decision due, one a line, indented. */
static char *
legal_text(const struct gamefile *gf, int *count)
{
	struct action *a = NULL;
	struct memtext m;
	FILE *fp = memtext_open(&m);
	char one[64], *s;

	*count = gf->game->over ? 0 : gamefile_legal_sorted(gf->game, &a);
	for (int i = 0; fp && i < *count; i++) {
		action_format(gf->game, &a[i], one, sizeof(one));
		fprintf(fp, "  %s\n", one);
	}
	free(a);
	s = memtext_close(&m);
	if (*count < 0) { /* out of memory */
		free(s);
		s = NULL;
	}
	return s;
}

static char *
map_text(const struct mail_ctx *c, const struct gamefile *gf)
{
	const char *names[MAX_PLAYERS] = {0};
	struct render_opts o;

	for (int p = 0; p < gf->nplayers; p++)
		names[p] = gf->name[p];
	render_opts_default(&o);
	o.names = names;
	/* a column short of the mail's 78: a map line that starts with a
	 * blank gets one more in front (format=flowed's space-stuffing) */
	o.width = RENDER_MAIL_WIDTH - 1;
	o.cache = c ? c->maps : NULL;
	/* a finished board is shown whole, in pages, not cropped around the
	 * last tile (issue 21, low) */
	o.wide = gf->game->over ? RENDER_PAGE : RENDER_CROP;
	return render_ascii_string(gf->game, &o);
}

/* The turn's events, a sentence a line ("" for none). */
static char *
events_text(const struct gamefile *gf, int from, const char *actions)
{
	struct memtext m;
	FILE *fp = memtext_open(&m);

	if (fp && from >= 0)
		report_events(fp, gf, from, "  ", actions);
	return memtext_close(&m);
}

static char *
final_text(const struct gamefile *gf)
{
	struct memtext m;
	FILE *fp = memtext_open(&m);

	if (fp && gf->game->over)
		report_final(fp, gf);
	return memtext_close(&m);
}

static void
decision_text(const struct gamefile *gf, char *buf, size_t n)
{
	struct memtext m;
	FILE *fp = memtext_open(&m);
	char *s;

	if (fp)
		report_decision(fp, gf);
	s = memtext_close(&m);
	snprintf(buf, n, "%s", s ? s : "");
	free(s);
}

/* The facts table as text: "  Label:  value", the values aligned. */
static char *
table_text(const struct facts *f)
{
	struct memtext m;
	FILE *fp = memtext_open(&m);
	int w = 0;

	for (int i = 0; i < f->nrows; i++)
		w = (int)strlen(f->row[i].label) > w ? (int)strlen(f->row[i].label) : w;
	for (int i = 0; fp && i < f->nrows; i++)
		fprintf(fp, "  %s:%*s%s\n", f->row[i].label, w - (int)strlen(f->row[i].label) + 1,
			"", f->row[i].value);
	return memtext_close(&m);
}

int
facts_row(struct facts *f, const char *label, const char *fmt, ...)
{
	struct fact_row *r = &f->row[f->nrows];
	va_list ap;

	if (f->nrows == FACTS_MAX_ROWS)
		return -1;
	snprintf(r->label, sizeof(r->label), "%s", label);
	va_start(ap, fmt);
	vsnprintf(r->value, sizeof(r->value), fmt, ap);
	va_end(ap);
	f->nrows++;
	free(f->table);
	free(f->table_html);
	f->table = table_text(f);
	f->table_html = facts_table_html(f);
	return f->table && f->table_html ? 0 : -1;
}

int
facts_make(const struct mail_ctx *c, const struct gamefile *gf, int events_from,
	   const char *actions, struct facts *f)
{
	const struct game *g = gf->game;
	struct decision d;
	int nlegal = 0;

	memset(f, 0, sizeof(*f));
	game_decision(g, &d);
	players_text(gf, f->players, sizeof(f->players));
	rules_describe(&gf->setup.opt, f->rules, sizeof(f->rules));
	decision_text(gf, f->decision, sizeof(f->decision));
	turn_describe_decision(gf, f->next, sizeof(f->next));
	snprintf(f->whose, sizeof(f->whose), "%s", d.player >= 0 ? gf->name[d.player] : "");
	snprintf(f->turn, sizeof(f->turn), "%d", g->turn);
	snprintf(f->tiles_left, sizeof(f->tiles_left), "%d", game_tiles_left(g));
	f->scores = scores_text(gf);
	f->map = map_text(c, gf);
	f->legal = legal_text(gf, &nlegal);
	snprintf(f->nlegal, sizeof(f->nlegal), "%d", nlegal);
	int bot_tiles = mails_computer_names(c, gf, events_from, f->computer,
					     sizeof(f->computer));
	if (bot_tiles > 1) /* a run of the computer's moves, mailed at once */
		snprintf(f->computer_turns, sizeof(f->computer_turns), "%d", bot_tiles);
	int omitted = 0, from = mails_run_tail(gf, events_from, &omitted);
	if (omitted > 0)
		snprintf(f->computer_earlier, sizeof(f->computer_earlier), "%d", omitted);
	f->events = events_text(gf, bot_tiles > 1 ? from : events_from, actions);
	f->host_moves = c != NULL ? c->host_moves : NULL;
	f->final = final_text(gf);
	f->rules_lines = rules_summary_text(g);
	f->scores_html = players_html(gf);
	/* The table every mail shows: a new fact is one more line here. */
	if (facts_row(f, "Game", "%s", gf->id) < 0 ||
	    facts_row(f, "Players", "%s", f->players) < 0 ||
	    facts_row(f, "Rules", "%s", f->rules) < 0 ||
	    facts_row(f, "Turn", "%d%s", g->turn, g->over ? " (the game is over)" : "") < 0 ||
	    facts_row(f, "Tiles left", "%s", f->tiles_left) < 0 || !f->scores || !f->map ||
	    !f->legal || !f->events || !f->final || !f->rules_lines || !f->scores_html) {
		facts_free(f);
		return -1;
	}
	return 0;
}

void
facts_free(struct facts *f)
{
	free(f->scores);
	free(f->map);
	free(f->legal);
	free(f->events);
	free(f->final);
	free(f->rules_lines);
	free(f->table);
	free(f->table_html);
	free(f->scores_html);
	free(f->pic.png);
	free(f->panel.png);
	f->scores = f->map = f->legal = f->events = f->final = f->rules_lines = NULL;
	f->table = f->table_html = f->scores_html = NULL;
	f->pic.png = f->panel.png = NULL;
}

void
facts_vars(const struct gamefile *gf, const struct facts *f, struct template_vars *v)
{
	tvars_set(v, "game", gf->id);
	tvars_set(v, "players", f->players);
	tvars_set(v, "rules", f->rules);
	tvars_set(v, "decision", f->decision);
	tvars_set(v, "next", f->next);
	tvars_set(v, "whose", f->whose);
	tvars_set(v, "over", gf->game->over ? "yes" : "");
	tvars_set(v, "turn", f->turn);
	tvars_set(v, "tiles_left", f->tiles_left);
	tvars_set(v, "nlegal", f->nlegal);
	tvars_set(v, "scores", f->scores);
	tvars_set(v, "map", f->map);
	tvars_set(v, "legal", f->legal);
	tvars_set(v, "events", f->events);
	tvars_set(v, "computer", f->computer);
	tvars_set(v, "computer_turns", f->computer_turns);
	tvars_set(v, "computer_earlier", f->computer_earlier);
	tvars_set(v, "turn_others", f->turn_others);
	tvars_set(v, "host_moves", f->host_moves ? f->host_moves : "");
	tvars_set(v, "final", f->final);
	tvars_set(v, "rules_lines", f->rules_lines);
	tvars_set(v, "facts", f->table);
	tvars_set(v, "facts_html", f->table_html);
	tvars_set(v, "scores_html", f->scores_html);
}

void
player_vars(const struct gamefile *gf, int seat, char letter[2], struct template_vars *v)
{
	if (seat < 0)
		return;
	letter[0] = seat_letter(seat), letter[1] = '\0';
	tvars_set(v, "player", gf->name[seat]);
	tvars_set(v, "seat", letter);
	tvars_set(v, "ssh", mails_seat_ssh(gf, seat) ? "yes" : "");
	tvars_set(v, "carcpbem_key", mails_seat_ssh(gf, seat) ? "" : "yes");
}

void
facts_legal_for(const struct gamefile *gf, int seat, struct template_vars *v)
{
	struct decision d;

	game_decision(gf->game, &d);
	if (game_decision_news(gf->game) == NULL || d.player == seat)
		return;
	tvars_set(v, "legal", "  (the decision's owner alone sees them: they name what only he has seen)");
	tvars_set(v, "nlegal", "not shown");
}
