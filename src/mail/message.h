/* Reading and writing mail messages, through GMime.
 *
 * Reading finds what the host acts on: who sent it and where to answer,
 * the threading headers, whether it is mail that must never be answered
 * (bounces, auto-replies, list mail, our own mail coming back), the
 * text of the body (for mail verbs such as HELP), and every armored turn
 * block, wherever it is: a text attachment, an application/octet-stream
 * attachment, or inline in a text/plain or text/html body; in any
 * transfer encoding and charset (all text is handed out as UTF-8).
 * An OpenSSH signature (-----BEGIN SSH SIGNATURE-----, from ssh-keygen
 * -Y sign) is joined to the turn it signs: the block's text is then the
 * turn and, after it, the signature's armor (message_sshsig.c).
 */
#ifndef CARC_MESSAGE_H
#define CARC_MESSAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "mail.h"

/* The header carcpbem puts on every mail it sends; incoming mail that
 * carries it is our own coming back and is never answered. */
#define MAIL_LOOP_HEADER "X-Carcpbem-Loop"

#define MAIL_MAX_BLOCKS 16
/* The longest message id kept from a mail (RFC 5322 allows ids up to a
 * header line; ours are under 250, and a longer one only bloats the
 * answer's In-Reply-To and References). */
#define MAIL_ID_MAX 250

struct mail_block {
	char *text;    /* BEGIN line to END line inclusive, UTF-8, LF line ends;
			  with an SSH signature: the turn (the whole attachment
			  when it came as one), then the signature's armor */
	size_t len;
	char where[64]; /* "body", "attachment turn.txt", "html body" ... */
	char sig_where[64]; /* where its SSH signature was, or "" if none */
	int part;       /* the MIME part it was in, counted in walk order */
	size_t at;      /* its offset in that part's text */
};

/* An SSH signature block and what became of it: joined to block (an
 * index of mail_in.block), or to none, with the number of turns it
 * could have signed (0: none; more than 1: which one is not clear). */
#define MAIL_MAX_SIGS 8
struct mail_sig {
	char where[64];
	int block;      /* -1 if joined to none */
	int candidates;
};

/* A line that looks like a key: "carcpbem-ed25519 BASE64 NAME" (or
 * -secret), "ssh-ed25519 AAAA... comment"; quote marks and blanks off. */
#define MAIL_MAX_KEYS 4
struct mail_key {
	char *line;
	char where[64];
};

struct mail_in {
	char *from;        /* addr-spec of From, lower case; NULL if none */
	char *reply_to;    /* where to answer: Reply-To, else From; NULL if none */
	char *subject;     /* decoded, UTF-8; "" if none */
	char *message_id;  /* without <>; NULL if none or unusable (MAIL_ID_MAX) */
	char *references;  /* "<a@x> <b@y>": References, else In-Reply-To; or NULL;
			      unusable ids left out */
	bool never_answer; /* bounce, auto-reply, list mail, our own loop */
	char why_not[96];  /* when never_answer: which sign, for the log */
	char *text;        /* the body as text: the first text/plain part, or
			      the first text/html part made plain; "" if none */
	bool html_only;    /* the body had text/html and no text/plain */
	struct mail_block block[MAIL_MAX_BLOCKS]; /* turn blocks, in order */
	int nblocks;
	bool too_many_blocks; /* more than MAIL_MAX_BLOCKS were found */
	struct mail_key key[MAIL_MAX_KEYS]; /* key lines, in order, each once */
	int nkeys;
	struct mail_sig sig[MAIL_MAX_SIGS]; /* SSH signatures, in order */
	int nsigs;
	bool too_many_sigs; /* more than MAIL_MAX_SIGS SSH signatures were found
			       (in the body or attached): they are no turn
			       files, and are told apart from them */
	char private_key[64]; /* where an OpenSSH PRIVATE KEY block was, or "" */
};

/* Parses raw (a whole RFC 5322 message, LF or CRLF). Garbage is not an
 * error: it is a message with no blocks and little text. -1 (MAIL_TEMP)
 * only when memory runs out. mail_in_free it either way. */
int mail_parse(const char *raw, size_t len, struct mail_in *m, struct mail_error *err);
void mail_in_free(struct mail_in *m);

/* HTML to plain text, as a mail reader would show it: tags dropped,
 * <br>, <p>, <div>, <tr>, <li> end lines, entities decoded (&amp; &lt;
 * &gt; &quot; &#39; &nbsp; &#NNN; &#xHH;), <script> and <style> dropped;
 * free() it. */
char *mail_html_to_text(const char *html, size_t len);

/* The decoded content of the first attachment whose file name ends with
 * suffix (e.g. "-alice.json"), NUL-terminated; free() it. NULL if none. */
char *mail_attachment(const char *raw, size_t len, const char *suffix, size_t *out_len);

/* The label of carcpbem's own List-Id ("<GAME.carcpbem.DOMAIN>"): a
 * reply whose client copied it is a player's, not list mail. */
#define MAIL_LIST_LABEL "carcpbem"

#define MAIL_MAX_RCPT 8
#define MAIL_MAX_ATTACH 4
#define MAIL_MAX_HEADERS 4

struct mail_attachment {
	const char *filename;     /* "map.png" */
	const char *content_type; /* "image/png", "application/json" */
	const void *data;
	size_t len;
	const char *content_id;   /* without <>: with an html body, the part is
				     shown in it ("cid:ID") and goes into its
				     multipart/related; else NULL */
};

struct mail_out {
	const char *from;             /* "Carcassonne <games@example.org>" */
	const char *to[MAIL_MAX_RCPT]; /* addresses, NULL-terminated if fewer */
	const char *subject;          /* UTF-8 */
	const char *message_id;       /* without <> */
	const char *in_reply_to;      /* without <>, or NULL */
	const char *references;       /* "<a@x> <b@y>", or NULL */
	const char *auto_submitted;   /* "auto-generated" or "auto-replied" */
	const char *loop;             /* value of MAIL_LOOP_HEADER */
	time_t date;
	const char *headers[MAIL_MAX_HEADERS][2]; /* more: name, value; NULL ends */
	const char *body;             /* UTF-8 text/plain */
	bool flowed;                  /* send the body as format=flowed (RFC
					 3676): lines over 78 columns broken */
	const char *html;             /* UTF-8 text/html, the body's other
					 version, or NULL */
	struct mail_attachment att[MAIL_MAX_ATTACH];
	int natt;
};

/* The message as RFC 5322 text (CRLF line ends, 7-bit: the body
 * quoted-printable when it needs it, attachments base64); free() it.
 * The tree (docs/mail.md): text/plain alone, or with html
 * multipart/alternative (text, html); around it multipart/related with
 * the attachments that have a content_id (when there is html); around
 * that multipart/mixed with the other attachments, if any. */
char *mail_compose(const struct mail_out *m, size_t *len, struct mail_error *err);
/* Whether text is one mail address the composer takes (message_address.c,
 * GMime's parser): exactly one mailbox, and with named false nothing but
 * its addr-spec ("alice@example.org"); with named true a display name
 * may come with it ("Alice <alice@example.org>"). 0, or -1 with why
 * (what was wrong and how to write it). */
int mail_address_check(const char *text, bool named, char *why, size_t n);

/* Once per process, before any other call here (g_mime_init). */
void mail_mime_init(void);
void mail_mime_shutdown(void);

#endif
