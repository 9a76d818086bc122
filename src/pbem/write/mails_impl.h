/* Inside the mails (mails*.c): one mail in the making, and the facts of
 * a game as template values. */
#ifndef CARC_MAILS_IMPL_H
#define CARC_MAILS_IMPL_H

#include <stdbool.h>
#include <stdio.h>

#include "mails.h"

/* The map as a picture, made once for the mails of a turn. */
struct picture {
	unsigned char *png; /* NULL: none (png off, no cairo) */
	size_t len;
	int width, height;
	char file[GF_ID_LEN + 32]; /* "g1-turn12.png", "g1-turn12-tile.png" */
};

/* One mail: the template, one recipient, its values and attachments. */
struct draft {
	const char *kind;               /* the template: "notice" */
	const char *game;               /* the game id, or NULL */
	const char *to;                 /* addr-spec */
	char name[QUEUE_NAME_MAX + 1];  /* the queue name; the Message-ID's left */
	const struct mail_reply *reply; /* the mail answered, or NULL */
	struct template_vars vars;
	struct mail_attachment att[MAIL_MAX_ATTACH];
	int natt;
	const struct picture *pic;      /* the map: shown in the HTML, or NULL */
	const struct picture *panel;    /* the tile's rotations, or NULL */
	char *view;                     /* the recipient's view (draft_view) */
	char view_file[GF_ID_LEN + GF_NAME_LEN + 8];
};

/* A draft of kind to to, named by the printf format that follows. */
void draft_init(struct draft *d, const char *kind, const char *game, const char *to,
		const struct mail_reply *reply, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* Attaches seat's own view of gf (GAME-NAME.json, named in d->view_file):
 * the one JSON part a script reads. -1 if memory runs out. */
int draft_view(struct draft *d, const struct gamefile *gf, int seat);
/* Attaches a file. */
void draft_attach(struct draft *d, const char *file, const char *type, const void *data,
		  size_t len);
/* Expands the template and its HTML version, if the kind has one (with
 * the values host, tag for a game's mail, and with pic png_file,
 * png_cid, png_width and png_height), composes the mail with its
 * headers (docs/mail.md) and appends it to out. Frees d->view. */
int draft_send(const struct mail_ctx *c, struct draft *d, struct outmails *out,
	       struct template_error *err);
/* Fills err with "KIND: what" and returns -1. */
int mails_fail(struct template_error *err, const char *kind, const char *what);
/* An answer to reply's sender (queue name MSGKEY-KIND), with the facts
 * of gf (if any) and the extra values. */
int mails_answer(const struct mail_ctx *c, const struct gamefile *gf,
		 const struct mail_reply *reply, const char *kind,
		 const struct template_vars *extra, struct outmails *out,
		 struct template_error *err);

/* A text written with stdio into memory. */
struct memtext {
	FILE *fp;
	char *s;
	size_t n;
};
/* NULL when out of memory. */
FILE *memtext_open(struct memtext *m);
/* The text (free() it), without trailing newlines; NULL when out of memory. */
char *memtext_close(struct memtext *m);

/* A line of the facts table: "Turn: 12". */
#define FACTS_MAX_ROWS 12
struct fact_row {
	char label[32];
	char value[256];
};

/* A game's facts as template values (mails_facts.c; docs/templates.md). */
struct facts {
	char players[MAX_PLAYERS * (GF_NAME_LEN + 8)];
	char rules[160];
	char decision[256];   /* report_decision's line */
	char next[160];       /* turn_describe_decision's */
	char whose[GF_NAME_LEN + 1];
	char turn[16], tiles_left[16], nlegal[16];
	char computer[MAX_PLAYERS * (GF_NAME_LEN + 8)]; /* the seats the computer
							   moved for in the events */
	char computer_turns[16]; /* its tiles among them: "" for one */
	char computer_earlier[16]; /* tiles of a long run left out of events */
	/* the players who decided in the turn an update is of, beside the
	 * turn's player ("alice and carol"), and what the host played itself
	 * in it and why (mail_ctx.host_moves) */
	char turn_others[MAX_PLAYERS * (GF_NAME_LEN + 8)];
	const char *host_moves;
	char *scores;         /* one line a player */
	char *map;            /* the text map, cropped around the last tile */
	char *legal;          /* the legal actions, one a line */
	char *events;         /* the turn's events, one a line, or "" */
	char *final;          /* final scores and winners, or "" */
	char *rules_lines;    /* a line a rule module: what it changes */
	struct fact_row row[FACTS_MAX_ROWS]; /* the facts table (facts_row) */
	int nrows;
	char *table, *table_html;            /* the table as text and as HTML */
	char *scores_html;    /* the players table (report_player_row) */
	struct picture pic;   /* facts_picture: the board */
	struct picture panel; /* and the tile to place or placed, named places */
};

/* The facts of gf (c: the mails' context, for the maps; may be NULL);
 * events from events_from (-1: none), the places of
 * figures named as actions (the turn's, or NULL) wrote them (report_events). */
int facts_make(const struct mail_ctx *c, const struct gamefile *gf, int events_from,
	       const char *actions, struct facts *f);
void facts_free(struct facts *f);
/* Adds a line to the facts table, which every mail about the game shows
 * in its text ({{facts}}) and its HTML ({{facts_html}}): one call per new
 * fact, after facts_make and before facts_vars (which points the values
 * at the tables this remakes). -1 if the table is full or memory runs out. */
int facts_row(struct facts *f, const char *label, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The map as a picture (when the png setting is on and the build draws
 * them) in f->pic, small enough for a mail, and the tile of the decision
 * with its place names in f->panel, a picture of its own so that an HTML
 * mail lays it beside the board or, on a phone, below it (issue 21.6;
 * mails_picture.c). */
void facts_picture(const struct mail_ctx *c, const struct gamefile *gf, struct facts *f);
/* Sets the values: game, players, rules, decision, next, whose, over,
 * turn, tiles_left, nlegal, scores, map, legal, events, computer,
 * computer_turns, computer_earlier, final, facts, facts_html, scores_html. */
void facts_vars(const struct gamefile *gf, const struct facts *f, struct template_vars *v);
/* The legal actions of a decision on what its owner alone has seen (Take
 * 2's two tiles, game_decision_news) are his: for a mail to another seat
 * (seat, -1 for none), facts_vars' legal and nlegal say so instead. */
void facts_legal_for(const struct gamefile *gf, int seat, struct template_vars *v);
/* The recipient's values player and seat (seat -1: the sender's seat,
 * by address, if any). */
void player_vars(const struct gamefile *gf, int seat, char letter[2],
		 struct template_vars *v);

/* mails_tile.c: the tile type as each rotation turns it, a line each
 * ("  rotation  90: city E; knight E, farmer NL"), or rot alone when
 * rot >= 0 (the tile as placed); NULL if memory runs out. free() it. */
char *tile_rotations_text(const struct gamefile *gf, int type, int rot);

/* mails_rules.c: the rule modules' words to players (module.h). One
 * line a module on what it changes; the symbols met on the board or the
 * tile drawn, with the hints of decisions that may follow the decision d
 * (a tile to place); both malloc'd, NULL if memory runs out. The reason
 * of a module's decision d, or "". */
char *rules_summary_text(const struct game *g);
char *rules_notes_text(const struct game *g, const struct decision *d);
const char *rules_decision_explain(const struct game *g, const struct decision *d);
/* Why a decision is its owner's while the turn is another's (the step's
 * why, with the seats' names), or "". */
void rules_decision_why(const struct game *g, const struct decision *d, const char *const *names,
			char *buf, size_t n);

/* mails_html.c: the facts table and the players table as HTML, every
 * text in them escaped; NULL if memory runs out. free() them. */
char *facts_table_html(const struct facts *f);
char *players_html(const struct gamefile *gf);

/* The notice to the owner of the decision due (none when the game is
 * over or the owner has no address), after record; f->pic is its map. */
int mails_notice(const struct mail_ctx *c, const struct gamefile *gf, const struct facts *f,
		 long record, const struct mail_reply *reply, struct outmails *out,
		 struct template_error *err);
/* The start mail to seat p (queue name GAME-rRECORD-start-SEAT): how to
 * play, its view, the map; joined: a player who takes the seat of a game
 * in play (the host's replace), not one at its start. */
int mails_start_one(const struct mail_ctx *c, const struct gamefile *gf,
		    const struct facts *f, int p, long record, bool joined,
		    struct outmails *out, struct template_error *err);
/* The unsigned turn of the decision due, its Action lines empty (one for
 * the tile and one for the figure, or one for the figure), without its
 * final newline; free() it. NULL if memory runs out. */
char *mails_skeleton(const struct gamefile *gf, int seat, bool place_tile);
/* Whether the computer plays seat p (meta.json: resigned, kicked, or
 * kept for missed deadlines): nobody reads its mails of the game's turns
 * (mails_seats.c). */
bool mails_seat_computer(const struct mail_ctx *c, const struct gamefile *gf, int p);
/* "bob" or "alice and bob": the seats the computer played for among the
 * tiles placed from events_from on ("" for none); returns how many of
 * those tiles it placed. */
int mails_computer_names(const struct mail_ctx *c, const struct gamefile *gf,
			  int events_from, char *buf, size_t n);
/* The file name of seat's secret key as its commands print it: the
 * label of the key a replace gave it, else the seat's name ("bob.key"). */
void mails_key_file(const struct mail_ctx *c, const struct gamefile *gf, int seat,
		    char *buf, size_t n);
/* A long run's events start at its last MAILS_RUN_TILES tiles: the
 * first event of those (events_from when the run is shorter), *omitted
 * the tiles before them. */
#define MAILS_RUN_TILES 6
int mails_run_tail(const struct gamefile *gf, int events_from, int *omitted);
/* The names of the seats in set (bit p: seat p): "alice", "alice and
 * bob", "alice, bob and carol" ("" for none). */
void mails_seat_names(const struct gamefile *gf, unsigned set, char *buf, size_t n);
/* reply when the mail goes to its sender, else NULL: only the sender's
 * mail is an answer. */
const struct mail_reply *mails_answers(const struct mail_reply *reply, const char *to);


#endif
