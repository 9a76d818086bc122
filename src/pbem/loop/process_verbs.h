/* The mail verbs as one table (process_verbs.c): each verb's words, who
 * may use it, whether it is about a game, and its handler. Verbs that
 * change nothing may come as a word in the subject or the body, from a
 * player's address (the answer goes to that address only); verbs that
 * change anything come as a signed command (command.h), checked by
 * process_commands.c before the handler runs. */
#ifndef CARC_PROCESS_VERBS_H
#define CARC_PROCESS_VERBS_H

#include "command.h"
#include "meta.h"
#include "process_impl.h"

enum verb_who {
	WHO_ANYONE,  /* any sender */
	WHO_ADDRESS, /* a player of the game, by the sender's address */
	WHO_SEAT,    /* a signed command of a seat of the game */
	WHO_HOST     /* a signed command by a key of the config's admin-keys */
};

struct verb;

struct verb_call {
	struct job *j;
	const struct verb *v;
	const char *args;          /* what follows the verb's words, as written */
	const struct command *cmd; /* the signed command, or NULL */
	struct gamefile *gf;       /* the game of a verb about one, or NULL */
	struct gamedir gd;
	int seat;                  /* the seat of the sender (WHO_ADDRESS) or
				      signer (WHO_SEAT), or -1 */
	char by[64];               /* WHO_HOST: "admin key ID" */
	bool again;                /* the command was carried out by this very
				      message before a crash: do it again */
};

struct verb {
	const char *words; /* "SET NOTIFY", upper case */
	int who;           /* enum verb_who */
	bool game;         /* about one game */
	const char *usage; /* "SET NOTIFY all|mine" */
	void (*run)(struct verb_call *c);
};

/* The verb whose words start text (any case, a trailing ':' or '.'
 * ignored); args: what follows. NULL if none. */
const struct verb *verb_lookup(const char *text, const char **args);
/* The usage lines of the verbs that who may send, one a line. */
void verb_usages(int who, char *buf, size_t n);

/* For the handlers (verb_help.c). Answers the sender: title and text
 * (mails_command). */
void verb_answer(struct verb_call *c, const char *title, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Tells the other players of the game and/or its observers (whom:
 * TELL_PLAYERS | TELL_OBSERVERS): title and text. */
enum { TELL_PLAYERS = 1, TELL_OBSERVERS = 2 };
void verb_tell(struct verb_call *c, int whom, const char *title, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Changes the game's meta.json under the history lock: edit may refuse
 * (-1, with a problem noted). 0, or -1 (noted or failed). */
int verb_meta_edit(struct verb_call *c,
		   int (*edit)(struct verb_call *c, struct meta *m, void *arg), void *arg);

/* The handlers (process_seat.c, process_public.c, process_host.c). */
void verb_list(struct verb_call *c);
void verb_map(struct verb_call *c);
void verb_observe(struct verb_call *c);
void verb_unobserve(struct verb_call *c);
void verb_resign(struct verb_call *c);
void verb_notify(struct verb_call *c);
void verb_timezone(struct verb_call *c);
void verb_absence(struct verb_call *c);
void verb_admin(struct verb_call *c);  /* PAUSE ... TERMINATE: admin_command */
void verb_create(struct verb_call *c);

/* The signed command of c as admin_command_mailed takes it (id: its
 * room); ordered: refused when dated before the game's last command by
 * mail. */
struct admin_mailed;
void verb_mailed(const struct verb_call *c, bool ordered, char id[CMD_ID_HEX + 1],
		 struct admin_mailed *m);

/* The game a command or verb is about (loads c->gf; a problem noted and
 * -1 if there is none). */
int verb_load_game(struct verb_call *c, const char *id);

#endif
