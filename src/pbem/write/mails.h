/* The mails a game sends (templates/, docs/templates.md), composed and
 * ready to queue. Each mail has a queue name that says what it is, so
 * that making the same mail again after a crash queues nothing new:
 *
 *   GAME-rRECORD-notice-SEAT     the decision is SEAT's (after record RECORD)
 *   GAME-rRECORD-update-SEAT     what happened, to the other players
 *   GAME-rRECORD-over-SEAT       the game is over, to every player
 *   GAME-r0-start-SEAT           the start (carcpbem new)
 *   MSGKEY-error                 a reply to the mail MSGKEY: what was wrong
 *   MSGKEY-forged-SEAT           someone tried to play SEAT's turn
 *   MSGKEY-help / -status / -history   answers to the mail verbs
 *
 * Every mail has the subject "[carcassonne GAME] ...", a Message-ID
 * "<NAME@DOMAIN>", threading per game (References start with the game's
 * root id "<GAME.game@DOMAIN>"; a reply has In-Reply-To the mail it
 * answers), "Auto-Submitted: auto-generated" (auto-replied for replies),
 * the loop header MAIL_LOOP_HEADER: DOMAIN, "X-Carcpbem-Kind: KIND" and,
 * about a game, "List-Id: ... <GAME.carcpbem.DOMAIN>" and
 * "X-Carcpbem-Game: GAME". The notice, update and start have an HTML
 * version (templates/KIND.html) showing the map's picture; mails to a
 * player of the game carry the player's view (docs/mail.md).
 */
#ifndef CARC_MAILS_H
#define CARC_MAILS_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "apply.h"
#include "config.h"
#include "gamefile.h"
#include "message.h"
#include "meta.h"
#include "queue.h"
#include "render.h"
#include "template.h"

struct outmail {
	char name[QUEUE_NAME_MAX + 1];
	char *to[MAIL_MAX_RCPT]; /* addr-specs */
	int nto;
	char *text;              /* the whole message, RFC 5322 */
	size_t len;
};

struct outmails {
	struct outmail *m;
	int n, cap;
};

void outmails_free(struct outmails *o);

/* What every mail needs: the settings, the tiles, the time. */
struct meta;
struct pbem;
struct mail_ctx {
	const struct config *cfg;
	const struct catalog *cat;
	time_t now;
	const struct meta *meta; /* the game's meta.json, or NULL: the clock for
				    the deadline; seats that want only their
				    own decisions (SET NOTIFY mine) get no
				    updates; observers get theirs */
	struct render_cache *maps; /* tile drawings kept between maps, or NULL */
	const struct pbem *log;    /* where a mail to an address that cannot be
				      mailed is reported (it is left out), or
				      NULL */
	const char *mover;         /* who made the record mailed about (a wagon's
				      owner, whose turn it is not), or NULL: the
				      last tile's placer */
	const char *host_moves;    /* what the host played itself since the last
				      mail and why ("the host played for alice:
				      pass (the only legal action)"), or NULL */
};

/* The mail being answered (for replies): its key in the inbox, its
 * sender and threading. */
struct mail_reply {
	const char *key;        /* the inbox message's name, made safe: MSGKEY */
	const char *to;         /* the sender: where the answer goes */
	const char *message_id; /* or NULL */
	const char *references; /* or NULL */
};

/* After the archive's record `record` (a turn applied): the notice to the
 * owner of the decision due and updates to the others, or the game-over
 * mails (final scores, the exported archive attached) when it is over.
 * events_from: the turn's first event in gf->game; actions: the turn's
 * actions as written (report_events), or NULL. gd: the game's
 * directory (the archive, for game over). */
int mails_turn(const struct mail_ctx *c, const struct gamedir *gd, const struct gamefile *gf,
	       long record, int events_from, const char *actions, const struct mail_reply *reply,
	       struct outmails *out, struct template_error *err);
/* The start of a game: the notice to the first player, the start to the
 * others. */
int mails_start(const struct mail_ctx *c, const struct gamefile *gf, struct outmails *out,
		struct template_error *err);
/* A reply saying what was wrong with the mail and how to fix it; with a
 * game, also whose decision it is and its legal actions. gf may be NULL. */
int mails_error(const struct mail_ctx *c, const struct gamefile *gf,
		const struct mail_reply *reply, const char *what, const char *fix,
		struct outmails *out, struct template_error *err);
/* The same about a game the host could not open (it does not exist, or
 * the mail was refused before it was read), which the subject's tag named:
 * the reply is tagged with that game and its subject says the reason, the
 * first sentence of what. */
int mails_error_tagged(const struct mail_ctx *c, const char *game,
		       const struct mail_reply *reply, const char *what, const char *fix,
		       struct outmails *out, struct template_error *err);
/* The address in the from setting's "Name <addr>", or the whole setting. */
void host_address(const char *from, char *buf, size_t n);
/* The seat whose address is addr (any case), or -1. */
int mails_seat_of(const struct gamefile *gf, const char *addr);
/* Whether seat is registered with an OpenSSH key (its mails print the
 * ssh-keygen commands) rather than a carcpbem key (mails_keykind.c). */
bool mails_seat_ssh(const struct gamefile *gf, int seat);
/* The error reply to a turn made from an out-of-date view, sent by the
 * player of seat: with what to do now and the player's view of the game
 * as it stands attached (a plain mails_error when seat is -1). */
int mails_stale(const struct mail_ctx *c, const struct gamefile *gf, int seat,
		const struct mail_reply *reply, const char *what, const char *fix,
		struct outmails *out, struct template_error *err);
/* To the registered address of seat: someone (reply->to) tried to play
 * its turn with a key that is not its own, or a bad signature. */
int mails_forged(const struct mail_ctx *c, const struct gamefile *gf, int seat,
		 const struct mail_reply *reply, const char *what, struct outmails *out,
		 struct template_error *err);
/* The answer to a mail with public keys: v has "keys", what became of
 * each, one a line (process_keys.c). */
int mails_key(const struct mail_ctx *c, const struct mail_reply *reply,
	      const struct template_vars *v, struct outmails *out,
	      struct template_error *err);
/* Answers to the mail verbs HELP (gf may be NULL), STATUS (the map,
 * scores, whose decision) and HISTORY (the turns so far, from gd's
 * history). */
int mails_help(const struct mail_ctx *c, const struct gamefile *gf,
	       const struct mail_reply *reply, struct outmails *out, struct template_error *err);
int mails_status(const struct mail_ctx *c, const struct gamefile *gf,
		 const struct mail_reply *reply, struct outmails *out,
		 struct template_error *err);
int mails_history(const struct mail_ctx *c, const struct gamedir *gd,
		  const struct gamefile *gf, const struct mail_reply *reply,
		  struct outmails *out, struct template_error *err);

/* Answers to signed commands and the verbs beyond HELP (mails_command.c):
 * to the sender, "title" and a text (queue name MSGKEY-command); to
 * another address, what someone did (MSGKEY-told-TAG); the map as a
 * picture to a player's registered address (MSGKEY-map). */
int mails_command(const struct mail_ctx *c, const struct gamefile *gf,
		  const struct mail_reply *reply, const char *title, const char *text,
		  struct outmails *out, struct template_error *err);
int mails_told(const struct mail_ctx *c, const struct gamefile *gf, int seat,
	       const char *to, const char *tag, const struct mail_reply *reply,
	       const char *title, const char *text, struct outmails *out,
	       struct template_error *err);
int mails_map(const struct mail_ctx *c, const struct gamefile *gf, int seat,
	      const struct mail_reply *reply, struct outmails *out,
	      struct template_error *err);
/* What the host did: what in a line, detail (or NULL) below; with
 * notice, the notice of the decision due too (with the map's picture);
 * also: the seats told although the computer plays them (bit p: seat p;
 * the seat kicked, the player who resigned, everyone when the game ends). */
struct host_news {
	const char *what, *detail;
	bool notice;
	unsigned also;
	unsigned joined; /* seats of a new player: their start mail, not the news */
};
/* A host command's mails (record: its record), to every player but the
 * seats the computer plays (queue names GAME-rRECORD-host-SEAT). */
int mails_host(const struct mail_ctx *c, const struct gamefile *gf, long record,
	       const struct host_news *news, struct outmails *out,
	       struct template_error *err);

struct pbem;
/* What the mails of p's games are made with, at now, with the game's
 * meta.json (or NULL). */
struct mail_ctx pbem_mail_ctx(const struct pbem *p, time_t now, const struct meta *m);

#endif
