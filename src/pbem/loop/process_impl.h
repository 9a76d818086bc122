/* Shared by the processor's files: one inbox message's work. */
#ifndef CARC_PROCESS_IMPL_H
#define CARC_PROCESS_IMPL_H

#include <stdbool.h>

#include "act.h"
#include "gamedir.h"
#include "mailed.h"
#include "mails.h"
#include "message.h"
#include "loop.h"
#include "pbem.h"

#define JOB_KEY_LEN MAILED_KEY_LEN /* the message's key in mail names */
#define JOB_MAX_GAMES 4

struct job {
	struct pbem *p;
	struct pbem_stats *st;
	const char *name;             /* in inbox/new/ */
	char key[JOB_KEY_LEN + 1];    /* the message's key in mail names */
	struct mail_in in;
	struct mail_reply reply;
	struct mail_ctx ctx;
	struct outmails out;
	char what[2048];              /* what was wrong, for the error reply */
	const char *fix;              /* how to fix it */
	char fix_text[800];           /* a fix made for this mail (fix may point here) */
	struct gamefile *context;     /* the game the reply is about, or NULL */
	int view_seat;                /* attach this seat's view to the reply, or -1 */
	bool temp_failure;            /* leave the message for a later try */
	bool silent;                  /* never answer this mail */
	bool odd;                     /* no mail: a FIFO, a directory, a symlink */
	bool verified_to;             /* the answer's address is vouched for (a
					 command signed by its seat's key from the
					 seat's address, or by an admin key, carried
					 out now; an OBSERVE's code sent back; an
					 observer leaving): no stranger limit */
	bool by_address;              /* a mail verb (or no turn): answered by the
					 From alone, so limited by address */
	bool alone;                   /* committed on its own (commands, verbs) */
	/* the games the message read or changed: a later message of the same
	   group that changes one waits for this one's commit */
	int nseen;
	char seen[JOB_MAX_GAMES][GAMEDIR_PATH];
	/* games whose turn mails are queued, for their "mailed" marks */
	int ngames;
	char game_dir[JOB_MAX_GAMES][GAMEDIR_PATH];
	long game_record[JOB_MAX_GAMES];
	bool game_forced[JOB_MAX_GAMES]; /* its decision due has one legal action:
					    the host plays it once the message is
					    done (turn_forced) */
};

/* Notes a problem for the error reply ("what" lines add up). */
void job_problem(struct job *j, const char *fix, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Keeps gf as the game the reply is about (takes it; frees the old). */
void job_context(struct job *j, struct gamefile *gf);
/* A temporary failure: logged, the message stays in the inbox. */
void job_fail(struct job *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The turn blocks of the message (process_turns.c). */
void job_turns(struct job *j);
/* Whether t's seat is the computer's for good (resigned, kicked): then
 * its turn does not count, and the problem says why (process_stale.c). */
bool job_seat_left(struct job *j, const struct gamedir *gd, const struct turn *t);
/* Why a turn of the current turn number was made on another state: a
 * host command since the game's last turn that changed it ("" if none). */
void job_stale_cause(const struct gamedir *gd, char *buf, size_t n);
/* SSH signatures joined to no turn, a mailed private key: each noted
 * as a problem (process_sigs.c). */
void job_sig_problems(struct job *j);
/* The problem of an unsigned turn b (t: b read, when parsed), in the
 * words of the key kind t's seat signs with. */
void job_unsigned(struct job *j, const struct mail_block *b, const struct turn *t,
		  bool parsed);
/* A turn or command in seat's name signed with key, not the seat's:
 * its owner told what (process_forged.c: once an hour per key, never
 * for the seat's own address or key). */
void job_warn_seat(struct job *j, const struct gamefile *gf, int seat, const char *key,
		   const char *what);
/* A mail with public keys and no turn: keep them, say so (process_keys.c). */
void job_keys(struct job *j);
/* A mail with a signed command (process_commands.c). */
void job_commands(struct job *j);
/* A mail with no turn: the verbs, or "no turn file" (process_verbs.c). */
void job_verbs(struct job *j);
/* The game id of the mail's subject tag "[carcassonne ID]", if it is one
 * ("" if none). */
void job_tag_game(const struct job *j, char *id, size_t n);
/* The game directory of a game id; -1 with a problem noted if none. */
int job_game(struct job *j, const char *id, struct gamedir *gd);
/* Whether addr is one of gf's players' registered addresses. */
bool job_is_player(const struct gamefile *gf, const char *addr);

/* Hands the job's last steps (its mails' envelopes, its games' marks,
 * the message done) to the pass's group (process_group.c). */
void pbem_group_add(struct pbem *p, struct job *j);
/* Whether a message of the group not yet committed changed the game in
 * dir (its next change must wait for that commit). */
bool pbem_group_has_game(const struct pbem *p, const char *dir);



#endif
