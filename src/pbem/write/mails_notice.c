/* The notice: to the player whose decision it is, with the turn to fill
 * in, the player's own view of the game and the map as a picture. */
#include <stdlib.h>
#include <string.h>

#include "mails_deadline.h"
#include "mails_impl.h"
#include "report.h"
#include "turnfile.h"

/* What the notice says about the tile and the decision. */
struct notice {
	char tile[40], tile_text[200], placed[96];
	char key_file[META_KEY_NAME_LEN + 8];
	char *skeleton;
	char *rotations; /* the tile as each rotation turns it (issue 21.3) */
	char *notes;     /* the modules' symbols met and hints (issue 21.8) */
	char why[200];   /* a decision while the turn is another's: why it is
			    the owner's (a wagon's move) */
	char hand[256];  /* what he holds that only he may see (his gifts) */
};

char *
mails_skeleton(const struct gamefile *gf, int seat, bool place_tile)
{
	struct turn t;
	char *s, *w;

	if (turn_start(gf, seat, &t, NULL) < 0)
		return NULL;
	t.nactions = place_tile ? 2 : 1;
	if ((s = turn_format(&t)) == NULL)
		return NULL;
	s[strlen(s) - 1] = '\0'; /* the template ends the line */
	/* "Action: " would end in a blank, which mail may mangle: "Action:". */
	while ((w = strstr(s, "Action: \n")) != NULL)
		memmove(w + 7, w + 8, strlen(w + 8) + 1);
	return s;
}

static void
tile_facts(const struct gamefile *gf, const struct decision *d, struct notice *n)
{
	const struct game *g = gf->game;
	const struct tile_type *t;
	int rot = 0;

	n->notes = rules_notes_text(g, d);
	if (d->tile < 0)
		return; /* a module's decision before any tile was placed */
	t = &gf->cat->types[d->tile];
	if (d->kind != DECISION_PLACE_TILE && g->last_placed >= 0) {
		const struct placed_tile *pt = &g->placed[g->last_placed];
		rot = pt->rot;
		snprintf(n->placed, sizeof(n->placed), "%s at %d,%d rotation %d", t->id, pt->x,
			 pt->y, pt->rot * 90);
	}
	snprintf(n->tile, sizeof(n->tile), "%s", t->id);
	tile_describe(t, rot, n->tile_text, sizeof(n->tile_text));
	if (d->kind == DECISION_PLACE_TILE || d->kind == DECISION_PLACE_FIGURE)
		n->rotations = tile_rotations_text(gf, d->tile,
						   d->kind == DECISION_PLACE_TILE ? -1 : rot);
}

static void
notice_vars(const struct game *g, const struct decision *d, struct notice *n,
	    struct draft *dr)
{
	bool place_tile = d->kind == DECISION_PLACE_TILE;
	bool place_figure = d->kind == DECISION_PLACE_FIGURE;

	tvars_set(&dr->vars, "tile", n->tile);
	tvars_set(&dr->vars, "tile_text", n->tile_text);
	tvars_set(&dr->vars, "place_tile", place_tile ? "yes" : "");
	tvars_set(&dr->vars, "place_figure", place_figure ? "yes" : "");
	tvars_set(&dr->vars, "other_decision", place_tile || place_figure ? "" : d->name);
	tvars_set(&dr->vars, "placed", n->placed);
	tvars_set(&dr->vars, "skeleton", n->skeleton);
	tvars_set(&dr->vars, "key_file", n->key_file);
	tvars_set(&dr->vars, "rotations", n->rotations ? n->rotations : "");
	tvars_set(&dr->vars, "rules_notes", n->notes);
	tvars_set(&dr->vars, "decision_explain", rules_decision_explain(g, d));
}

/* A decision of a player whose turn it is not (the owner of a wagon
 * another player's tile scored): whose turn it is, and why the decision
 * is theirs. */
static void
out_of_turn_vars(const struct gamefile *gf, const struct decision *d, struct notice *n,
		 struct draft *dr)
{
	const char *names[MAX_PLAYERS];
	int current = gf->game->current;

	if (d->player == current)
		return;
	for (int p = 0; p < gf->nplayers; p++)
		names[p] = gf->name[p];
	rules_decision_why(gf->game, d, names, n->why, sizeof(n->why));
	tvars_set(&dr->vars, "turn_player", gf->name[current]);
	tvars_set(&dr->vars, "out_of_turn", n->why[0] ? n->why : "this decision is yours");
}

int
mails_notice(const struct mail_ctx *c, const struct gamefile *gf, const struct facts *f,
	     long record, const struct mail_reply *reply, struct outmails *out,
	     struct template_error *err)
{
	struct notice n = {0};
	struct dl_text dl;
	struct decision d;
	struct draft dr;
	char letter[2];
	const char *to;
	int r = -1;

	game_decision(gf->game, &d);
	if (d.kind == DECISION_GAME_OVER || (to = gf->address[d.player]) == NULL ||
	    mails_seat_computer(c, gf, d.player)) /* it moves at once, unread */
		return 0;
	draft_init(&dr, "notice", gf->id, to, mails_answers(reply, to), "%s-r%ld-notice-%d",
		   gf->id, record, d.player + 1);
	tile_facts(gf, &d, &n);
	mails_key_file(c, gf, d.player, n.key_file, sizeof(n.key_file));
	n.skeleton = mails_skeleton(gf, d.player, d.kind == DECISION_PLACE_TILE);
	if (n.skeleton == NULL || n.notes == NULL || draft_view(&dr, gf, d.player) < 0) {
		free(dr.view);
		mails_fail(err, "notice", "out of memory");
		goto done;
	}
	dr.pic = &f->pic;
	dr.panel = &f->panel;
	tvars_set(&dr.vars, "view_file", dr.view_file);
	facts_vars(gf, f, &dr.vars);
	player_vars(gf, d.player, letter, &dr.vars);
	notice_vars(gf->game, &d, &n, &dr);
	out_of_turn_vars(gf, &d, &n, &dr);
	if (report_secret(gf->game, d.player, n.hand, sizeof(n.hand)) > 0)
		tvars_set(&dr.vars, "hand", n.hand);
	tvars_set(&dr.vars, "start", record == 0 ? "yes" : "");
	deadline_vars(c, d.player, &dl, &dr.vars);
	r = draft_send(c, &dr, out, err);
done:
	free(n.skeleton);
	free(n.rotations);
	free(n.notes);
	return r;
}
