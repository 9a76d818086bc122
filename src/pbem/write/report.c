/* Game facts as sentences: the decision due, what happened (events),
 * figures, final scores. Shared by the commands and the mails. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "module.h"
#include "report.h"
#include "turnfile.h"

static const char side_letter[4] = {'N', 'E', 'S', 'W'};

static const char *
article(const char *word)
{
	return strchr("aeiou", word[0]) ? "an" : "a";
}

/* Appends to buf like snprintf, never past n. */
static void
append(char *buf, size_t n, const char *fmt, const char *a, const char *b)
{
	size_t len = strlen(buf);

	if (len < n)
		snprintf(buf + len, n - len, fmt, a, b);
}

static void
segment_describe(const struct tile_type *t, int s, int rot, char *out, size_t n)
{
	char sides[12] = "";
	int k = 0, board[4] = {0};

	/* A road, river or city reaching a side holds that side's centre slot. */
	for (int side = 0; side < 4; side++)
		if (t->slot_seg[3 * side + 1] == s)
			board[(side + rot) % 4] = 1;
	for (int side = 0; side < 4; side++)
		if (board[side]) {
			if (k)
				sides[k++] = '-';
			sides[k++] = side_letter[side];
		}
	snprintf(out, n, "%s%s%s", seg_kind_name(t->seg[s].kind), k ? " " : "", sides);
	if (t->seg[s].shields == 1)
		append(out, n, "%s%s", " (pennant)", "");
	else if (t->seg[s].shields > 1)
		append(out, n, "%s%s", " (pennants)", "");
}

void
tile_describe(const struct tile_type *t, int rot, char *buf, size_t n)
{
	char one[48];

	buf[0] = '\0';
	for (int s = 0; s < t->nsegs; s++) {
		if (t->seg[s].kind == SEG_FIELD)
			continue;
		segment_describe(t, s, rot, one, sizeof(one));
		append(buf, n, "%s%s", buf[0] ? ", " : "", one);
	}
	if (buf[0] == '\0')
		snprintf(buf, n, "fields only");
}

/* "edition 1, farmers, river (u-turn rule: curves), abbot, cathars":
 * river and abbot where they always were, then the other modules. */
void
rules_describe(const struct rules_options *o, char *buf, size_t n)
{
	struct rules_options s = *o;
	char more[160];

	module_names(s.with & ~(MODULE_BIT(MOD_RIVER) | MODULE_BIT(MOD_ABBOT)), ", ", more,
		     sizeof(more));
	bool river = module_on(&s, MOD_RIVER);
	snprintf(buf, n, "edition %d, %s%s%s%s%s%s%s%s", s.edition,
		 s.farmers ? "farmers" : "no farmers",
		 river ? ", river (u-turn rule: " : "",
		 river ? gamefile_uturn_name(s.river_uturn) : "", river ? ")" : "",
		 module_on(&s, MOD_ABBOT) ? ", abbot" : "", more[0] ? ", " : "", more,
		 s.dragon_moves == DRAGON_MOVES_CURRENT
			 ? " (house rule: the turn's player moves the dragon alone, "
			   "dragon-moves current)"
			 : "");
}

/* Whether an action of that first word is legal now. */
static bool
has_legal(const struct gamefile *gf, const char *word)
{
	char legal[2048], *w = legal;
	size_t n = strlen(word);

	gamefile_legal_text(gf, "\n", legal, sizeof(legal));
	for (; *w; w = strchr(w, '\n') ? strchr(w, '\n') + 1 : w + strlen(w))
		if (strncmp(w, word, n) == 0 && (w[n] == '\0' || w[n] == '\n' || w[n] == ' '))
			return true;
	return false;
}

/* ", recall the abbot": the module actions legal now that their tables
 * offer in a sentence (rules_action.offer), each after ", ". */
static void
offers_legal(const struct gamefile *gf, char *buf, size_t n)
{
	const struct catalog *cat = gf->cat;
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < cat->nmodules; i++)
		for (int k = 0; k < cat->modules[i]->nactions; k++) {
			const struct rules_action *a = &cat->modules[i]->actions[k];
			if (a->offer && len < n && has_legal(gf, a->word))
				len += (size_t)snprintf(buf + len, n - len, ", %s", a->offer);
		}
}

/* A rule module's decision: its owner, its task and the actions it takes. */
static void
report_module_decision(FILE *fp, const struct gamefile *gf, const struct decision *d)
{
	char legal[400];

	/* a decision on what its owner alone has seen (Take 2's tiles): its
	 * actions would tell it to everyone this line goes to */
	if (game_decision_news(gf->game)) {
		fprintf(fp, "Turn %d: %s (%c) %s (%s).\n", gf->game->turn, gf->name[d->player],
			seat_letter(d->player), d->what, d->name);
		return;
	}
	gamefile_legal_text(gf, ", ", legal, sizeof(legal));
	fprintf(fp, "Turn %d: %s (%c) %s (%s)", gf->game->turn, gf->name[d->player],
		seat_letter(d->player), d->what, d->name);
	/* his second tile's draw waits for this (ABBEY-6: the abbey in its
	 * place): say why he is asked again in the same turn */
	if (d->player == gf->game->current && game_turn_why_ahead(gf->game))
		fprintf(fp, ", before a second tile this turn (%s)", game_turn_why(gf->game));
	fprintf(fp, ": %s.\n", legal);
}

void
report_decision(FILE *fp, const struct gamefile *gf)
{
	const struct game *g = gf->game;
	const struct tile_type *t;
	const struct placed_tile *pt;
	struct decision d;
	char desc[160], offers[160];

	game_decision(g, &d);
	if (d.kind == DECISION_GAME_OVER) {
		fprintf(fp, "The game is over.\n");
		return;
	}
	t = d.tile >= 0 ? &gf->cat->types[d.tile] : NULL;
	if (d.kind == DECISION_PLACE_TILE) {
		tile_describe(t, 0, desc, sizeof(desc));
		fprintf(fp, "Turn %d: %s (%c) to place %s (%s)", g->turn, gf->name[d.player],
			seat_letter(d.player), t->id, desc);
		if (game_turn_why(g)) /* a second round of the same turn */
			fprintf(fp, ", a second tile this turn (%s)", game_turn_why(g));
		fprintf(fp, "; %d tile%s left in the bag.\n", game_tiles_left(g),
			game_tiles_left(g) == 1 ? "" : "s");
		return;
	}
	if (d.kind != DECISION_PLACE_FIGURE) {
		report_module_decision(fp, gf, &d);
		return;
	}
	pt = &g->placed[g->last_placed];
	offers_legal(gf, offers, sizeof(offers));
	fprintf(fp,
		"Turn %d: %s (%c) placed %s at %d,%d rotation %d and may put a figure "
		"on it%s, or pass.\n",
		g->turn, gf->name[d.player], seat_letter(d.player), t->id, pt->x, pt->y,
		pt->rot * 90, offers);
}

json_t *
decision_json(const struct gamefile *gf)
{
	const struct game *g = gf->game;
	json_t *d = gamefile_decision_json(gf);
	struct decision dec;

	game_decision(g, &dec);
	if (dec.player >= 0)
		json_object_set_new(d, "seat", json_integer(dec.player + 1));
	if (dec.kind == DECISION_PLACE_FIGURE) {
		const struct placed_tile *pt = &g->placed[g->last_placed];
		json_object_set_new(d, "x", json_integer(pt->x));
		json_object_set_new(d, "y", json_integer(pt->y));
		json_object_set_new(d, "rotation", json_integer(pt->rot * 90));
	}
	if (dec.kind == DECISION_PLACE_TILE && game_turn_why(g)) /* BUILDER-3 */
		json_object_set_new(d, "second_tile", json_string(game_turn_why(g)));
	json_object_set_new(d, "turn", json_integer(g->turn));
	json_object_set_new(d, "tiles_left", json_integer(game_tiles_left(g)));
	return d;
}

/* The place name of a slot of a placed tile ("E"); with the word the
 * player wrote after it when that was another ("S (SL)"). */
static void
place_text(const struct game *g, int p, int slot, const char *word, char *buf, size_t n)
{
	const struct placed_tile *pt = &g->placed[p];
	const struct tile_type *t = &g->cat->types[pt->type];
	char name[PLACE_NAME_MAX];
	int s = tile_seg_at_slot(t, slot, pt->rot);

	if (s == SEG_NONE) {
		snprintf(buf, n, "%s", slot_name(slot));
		return;
	}
	place_name(t, pt->rot, s, name);
	if (word && word[0] && strcasecmp(word, name) != 0)
		snprintf(buf, n, "%s (%s)", name, word);
	else
		snprintf(buf, n, "%s", name);
}

/* A figure off the segments: "barn on the NE corner of BA/F at 1,2",
 * "follower in the prison 2". */
static void
describe_off(const struct game *g, const struct figure *f, char *buf, size_t n)
{
	int p = figure_loc_placed(f->loc, f->at);
	const char *name = figure_type_of(g, f->type)->name, *loc = figure_loc_word(f->loc);
	const struct placed_tile *pt = p >= 0 ? &g->placed[p] : NULL;

	if (pt && f->loc == LOC_CORNER)
		snprintf(buf, n, "%s on the %s corner of %s at %d,%d", name,
			 figure_corner_name(f->at), g->cat->types[pt->type].id, pt->x, pt->y);
	else if (pt)
		snprintf(buf, n, "%s on the %s of %s at %d,%d", name, loc ? loc : "?",
			 g->cat->types[pt->type].id, pt->x, pt->y);
	else
		snprintf(buf, n, "%s in the %s %d", name, loc ? loc : "?", f->at);
}

void
figure_describe(const struct game *g, int i, char *buf, size_t n)
{
	const struct figure *f = &g->figure[i];
	int seg = f->seg, kind, slot;
	const struct placed_tile *pt;
	const char *id;
	char place[16];

	if (f->loc != LOC_SEGMENT) {
		describe_off(g, f, buf, n);
		return;
	}
	kind = g->feat[seg].kind;
	slot = game_segment_slot(g, seg);
	pt = &g->placed[seg / TILE_SEG_MAX];
	id = g->cat->types[pt->type].id;
	place_text(g, seg / TILE_SEG_MAX, slot, NULL, place, sizeof(place));
	if (slot == SLOT_CENTRE)
		snprintf(buf, n, "%s on the %s of %s at %d,%d",
			 figure_role(g, kind, f->type), seg_kind_name(kind), id, pt->x,
			 pt->y);
	else
		snprintf(buf, n, "%s on the %s at %s of %s at %d,%d",
			 figure_role(g, kind, f->type), seg_kind_name(kind), place, id,
			 pt->x, pt->y);
}

/* Whether an action of a turn puts a figure (a role word: "farmer SL"),
 * by its kind, so that no list of the other words (place, pass, the
 * modules' recall or escape) is kept here; one that does not parse
 * without the game is taken for a figure, its place as written. */
static bool
is_figure_action(const char *one)
{
	struct action a;

	return action_parse(one, &a, NULL) < 0 || a.kind == ACT_FIGURE;
}

/* The place word of the next figure action in *actions ("place 1 0 0;
 * farmer SL": "SL", "" for monk or abbot), *actions moved past it; 0
 * when no figure action is left. */
static int
next_figure_word(const char **actions, char *word, size_t n)
{
	char one[TURN_ACTION_LEN + 1], verb[16], place[16], third[16];

	while (*actions && **actions) {
		size_t len = strcspn(*actions, ";");
		int nw;

		snprintf(one, sizeof(one), "%.*s", (int)len, *actions);
		*actions += len + ((*actions)[len] == ';');
		place[0] = '\0';
		nw = sscanf(one, "%15s %15s %15s", verb, place, third);
		if (nw < 1 || !is_figure_action(one))
			continue;
		/* the place is the last word after the role's ("big thief E") */
		snprintf(word, n, "%s",
			 nw == 3 ? third : nw == 2 && place_word_slot(place) >= 0 ? place : "");
		return 1;
	}
	return 0;
}

/* The place as the update names it: the name legal uses, and the word
 * the player wrote when that is another (word NULL: the name alone). */
static const char *
event_place(const struct game *g, const struct game_event *ev, const char *word, char *buf,
	    size_t n)
{
	int p = game_placed_at(g, ev->x, ev->y);

	if (p < 0)
		return slot_name(ev->slot);
	place_text(g, p, ev->slot, word, buf, n);
	return buf;
}

/* A module's token changing hands (EV_TOKEN): the King, the Robber Baron. */
static void
token_line(FILE *fp, const struct gamefile *gf, const struct game_event *ev, const char *who)
{
	struct rules_token t[8];
	int n = game_tokens(gf->game, t, 8);

	if (ev->figure >= n || ev->figure >= 8)
		return;
	fprintf(fp, "%s takes the %s: the %s at %d,%d (%d tiles) is %s so far.\n", who,
		t[ev->figure].name, seg_kind_name(ev->seg_kind), ev->x, ev->y, ev->points,
		t[ev->figure].what);
}

/* A stock's name for count of it ("1 gift", "2 gifts", "2 grain"). */
static const char *
holding_name(const struct rules_holding *h, int count)
{
	return count != 1 && h->plural ? h->plural : h->name;
}

/* What a player took of a module's stock (EV_TAKE): "red takes 2 grain
 * (TRADE-1)." */
static void
take_line(FILE *fp, const struct gamefile *gf, const struct game_event *ev, const char *who)
{
	struct rules_holding h[8];
	int n = game_holdings(gf->game, ev->player, h, 8);

	if (ev->figure < n && ev->figure < 8)
		fprintf(fp, "%s takes %d %s (%s).\n", who, ev->points,
			holding_name(&h[ev->figure], ev->points),
			ev->rule ? ev->rule : "?");
}

/* A figure a module put or moved (EV_MOVE): where it went. */
static void
move_line(FILE *fp, const struct gamefile *gf, const struct game_event *ev, const char *who)
{
	const char *role = figure_role(gf->game, ev->seg_kind, ev->figure);
	char place[PLACE_NAME_MAX + 24];

	if (ev->rot == LOC_SEGMENT)
		fprintf(fp, "%s's %s goes to the %s at %s of %d,%d.\n", who, role,
			seg_kind_name(ev->seg_kind),
			event_place(gf->game, ev, NULL, place, sizeof(place)), ev->x, ev->y);
	else if (ev->rot == LOC_CORNER && ev->points >= 0)
		fprintf(fp, "%s's %s goes to the %s corner of %d,%d.\n", who, role,
			figure_corner_name(ev->points), ev->x, ev->y);
	else
		fprintf(fp, "%s's %s goes to place %d off the board's features.\n", who, role,
			ev->points);
}

static void
event_line(FILE *fp, const struct gamefile *gf, const struct game_event *ev,
	   const char *word)
{
	const char *who = ev->player >= 0 ? gf->name[ev->player] : "?";
	const char *id = ev->tile >= 0 ? gf->cat->types[ev->tile].id : "?";
	const char *role;
	char place[PLACE_NAME_MAX + 24];

	switch (ev->kind) {
	case EV_PLACE_TILE:
		fprintf(fp, "%s placed %s at %d,%d rotation %d.\n", who, id, ev->x, ev->y,
			ev->rot * 90);
		break;
	case EV_PLACE_FIGURE:
		role = figure_role(gf->game, ev->seg_kind, ev->figure);
		if (ev->slot == SLOT_CENTRE)
			fprintf(fp, "%s put %s %s on the %s of %d,%d.\n", who,
				article(role), role, seg_kind_name(ev->seg_kind), ev->x,
				ev->y);
		else
			fprintf(fp, "%s put %s %s on the %s at %s of %d,%d.\n", who,
				article(role), role, seg_kind_name(ev->seg_kind),
				event_place(gf->game, ev, word, place, sizeof(place)), ev->x,
				ev->y);
		break;
	case EV_SCORE:
		if (score_text(gf->game, ev)) {
			fprintf(fp, "%s scores %d point%s for %s%s.\n", who, ev->points,
				ev->points == 1 ? "" : "s", score_text(gf->game, ev),
				ev->final ? " (final scoring)" : "");
			break;
		}
		if (ev->tile < 0) { /* no feature, and no words for it */
			fprintf(fp, "%s scores %d point%s (%s)%s.\n", who, ev->points,
				ev->points == 1 ? "" : "s", ev->rule ? ev->rule : "?",
				ev->final ? " (final scoring)" : "");
			break;
		}
		fprintf(fp, "%s scores %d point%s for the %s at %d,%d%s.\n", who,
			ev->points, ev->points == 1 ? "" : "s",
			seg_kind_name(ev->seg_kind), ev->x, ev->y,
			ev->final ? " (final scoring)" : "");
		break;
	case EV_DISCARD:
		fprintf(fp, "%s fits nowhere: discarded, and another tile drawn.\n", id);
		break;
	case EV_RETURN:
		role = figure_role(gf->game, ev->seg_kind, ev->figure);
		fprintf(fp, "%s's %s on the %s at %d,%d goes back to the supply.\n", who, role,
			seg_kind_name(ev->seg_kind), ev->x, ev->y);
		break;
	case EV_GAME_OVER:
		fprintf(fp, "The game is over.\n");
		break;
	case EV_TOKEN:
		token_line(fp, gf, ev, who);
		break;
	case EV_MOVE:
		move_line(fp, gf, ev, who);
		break;
	case EV_TAKE:
		take_line(fp, gf, ev, who);
		break;
	case EV_NOTE:
		fprintf(fp, "%s %s", who, ev->rule ? ev->rule : "did something");
		if (ev->what == 1) /* a module's action on a place (the fairy's) */
			fprintf(fp, " at %d,%d", ev->x, ev->y);
		fputs(".\n", fp);
		break;
	}
}

void
report_events(FILE *fp, const struct gamefile *gf, int from, const char *indent,
	      const char *actions)
{
	const struct game *g = gf->game;
	char word[16];

	for (int i = from; i < g->nevents; i++) {
		const struct game_event *ev = &g->events[i];
		int own = ev->kind == EV_PLACE_FIGURE && actions &&
			  next_figure_word(&actions, word, sizeof(word));

		/* the same lines go to every player: an event with a secret
		 * (game_event.secret_of) is its owner's, told in its own notice */
		if (!game_event_seen(ev, -1))
			continue;
		fputs(indent, fp);
		event_line(fp, gf, ev, own ? word : NULL);
	}
}

/* "the King, 2 wine and 1 grain": the modules' tokens seat holds and
 * what it holds of their stocks (game_holdings, none counted 0). */
void
tokens_held(const struct game *g, int seat, char *buf, size_t n)
{
	struct rules_token t[8];
	struct rules_holding h[8];
	char item[16][40];
	int nt = game_tokens(g, t, 8), nh = game_holdings(g, seat, h, 8), k = 0;
	size_t len = 0;

	for (int i = 0; i < nt && i < 8; i++)
		if (t[i].holder == seat)
			snprintf(item[k++], sizeof(item[0]), "the %s", t[i].name);
	for (int i = 0; i < nh && i < 8; i++)
		if (h[i].count > 0)
			snprintf(item[k++], sizeof(item[0]), "%d %s", h[i].count,
				 holding_name(&h[i], h[i].count));
	if (n)
		buf[0] = '\0';
	for (int i = 0; i < k && len < n; i++) {
		int w = snprintf(buf + len, n - len, "%s%s",
				 i == 0 ? "" : i == k - 1 ? " and " : ", ", item[i]);
		len += w > 0 ? (size_t)w : 0;
	}
}

unsigned
winners_among(const struct game *g, unsigned out)
{
	unsigned set = 0;
	int best = -1;

	for (int p = 0; p < g->nplayers; p++)
		if (!(out >> p & 1) && g->player[p].score > best)
			best = g->player[p].score;
	for (int p = 0; p < g->nplayers; p++)
		if (!(out >> p & 1) && g->player[p].score == best)
			set |= 1u << p;
	return set;
}

unsigned
winners(const struct game *g)
{
	return winners_among(g, 0);
}

void
report_final_among(FILE *fp, const struct gamefile *gf, unsigned out)
{
	const struct game *g = gf->game;
	unsigned win = winners_among(g, out);
	int nwin = 0, k = 0, best = 0;

	fprintf(fp, "Final scores:");
	for (int p = 0; p < g->nplayers; p++) {
		fprintf(fp, "%s %s %d%s", p ? "," : "", gf->name[p], g->player[p].score,
			out >> p & 1 ? " (resigned)" : "");
		if (win >> p & 1)
			nwin++, best = g->player[p].score;
	}
	if (nwin == 0) {
		fprintf(fp, "\nNo winner: every player resigned.\n");
		return;
	}
	fprintf(fp, "\n%s",
		nwin > 1 ? "Winners (a tie, they share the victory): " : "Winner: ");
	for (int p = 0; p < g->nplayers; p++)
		if (win >> p & 1)
			fprintf(fp, "%s%s", k++ ? (k == nwin ? " and " : ", ") : "",
				gf->name[p]);
	fprintf(fp, " with %d point%s.\n", best, best == 1 ? "" : "s");
}

void
report_player_row(const struct gamefile *gf, int p, struct player_row *r)
{
	r->seat = seat_letter(p);
	r->name = gf->name[p];
	r->score = gf->game->player[p].score;
	gamefile_supply_text(gf->game, p, r->supply, sizeof(r->supply));
	tokens_held(gf->game, p, r->held, sizeof(r->held));
}

void
report_final(FILE *fp, const struct gamefile *gf)
{
	report_final_among(fp, gf, 0);
}

void
report_players(FILE *fp, const struct gamefile *gf)
{
	struct player_row r;
	int w = 0;

	for (int p = 0; p < gf->nplayers; p++)
		w = (int)strlen(gf->name[p]) > w ? (int)strlen(gf->name[p]) : w;
	for (int p = 0; p < gf->nplayers; p++) {
		report_player_row(gf, p, &r);
		fprintf(fp, "  %c %-*s %4d point%s  %s%s%s\n", r.seat, w, r.name, r.score,
			r.score == 1 ? " " : "s", r.supply, r.held[0] ? "; holds " : "", r.held);
	}
}
