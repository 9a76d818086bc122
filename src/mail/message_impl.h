/* Inside the mail reader and writer (src/mail/message_*.c): how their
 * files share the work. Not for callers: message.h is the API. */
#ifndef CARC_MESSAGE_IMPL_H
#define CARC_MESSAGE_IMPL_H

#include <gmime/gmime.h>
#include <stdbool.h>
#include <stddef.h>

#include "message.h"

/* message_text.c: the content of a leaf part, transfer encoding undone,
 * as UTF-8 (from its charset, else guessed) with LF line ends and no NUL
 * bytes; malloc'd, length in *len. NULL only when memory runs out. */
char *mail_part_text(GMimePart *part, size_t *len);
/* The same for a part of no text type (application/octet-stream, which
 * is how some mail programs attach turn.txt): its text when it is UTF-8
 * without NUL bytes, else "" (a binary file is no text to guess a
 * charset for, and would be converted at twice its size). */
char *mail_part_utf8(GMimePart *part, size_t *len);
/* CR LF to LF and NUL bytes out, in place (s has room for len + 1
 * bytes: a NUL ends it); returns the new length. */
size_t mail_lf(char *s, size_t len);

/* message_blocks.c: appends every armored turn block of text to m, each
 * with where. Returns how many it found (counting those beyond
 * MAIL_MAX_BLOCKS, which set too_many_blocks), -1 if memory runs out. */
int mail_find_blocks(struct mail_in *m, const char *text, size_t len, const char *where,
		     int part);

/* message_keys.c: appends the public key lines of text to m (up to
 * MAIL_MAX_KEYS, each once); -1 if memory runs out. */
int mail_find_keys(struct mail_in *m, const char *text, size_t len, const char *where);

/* message_sshsig.c: the SSH signature blocks of the parts walked, and
 * what joining them to turn blocks needs to know of those. */
struct sig_found {
	char *text;     /* the armor, quote marks and blanks off, LF ends */
	size_t len;
	int part;
	size_t at;
	bool attachment;
	char name[64];  /* the attachment's file name, or "" */
	char where[64];
};
struct block_src {
	bool attachment;
	char name[64];  /* the attachment's file name, or "" */
	char *file;     /* the whole attachment, when the block is its only one */
	size_t file_len;
};
struct sigs {
	struct sig_found sig[MAIL_MAX_SIGS];
	int nsigs;
	struct block_src src[MAIL_MAX_BLOCKS];
};
/* Finds the signature blocks (and OpenSSH private keys) of one part's
 * text; returns how many signatures, -1 if memory runs out. */
int mail_find_sigs(struct mail_in *m, struct sigs *s, const char *text, size_t len,
		   int part, bool attachment, const char *name, const char *where);
/* Notes where the blocks m->block[first..] of one part came from; text
 * is kept (copied) when the part is an attachment with one block. -1 if
 * memory runs out. */
int mail_note_blocks(struct mail_in *m, struct sigs *s, int first, const char *text,
		     size_t len, bool attachment, const char *name);
/* Joins each signature to the turn it signs (m->sig says which) and
 * frees what s holds. -1 if memory runs out. */
int mail_join_sigs(struct mail_in *m, struct sigs *s);

/* message_signs.c: sets never_answer and why_not from the headers. */
void mail_check_signs(GMimeMessage *msg, struct mail_in *m);

/* message_walk.c: the body text, html_only and the blocks of every part.
 * 0, or -1 if memory runs out. */
int mail_walk(GMimeMessage *msg, struct mail_in *m);

/* message_html_out.c: the text mail_html_to_text writes. */
struct html_out {
	char *buf;
	size_t len, cap;
	int pre;    /* inside <pre>: blanks and line ends kept */
	int quote;  /* <blockquote> depth: ">" marks start its lines */
	bool bol;   /* nothing written on this line yet */
	bool blank; /* a collapsed blank waits for the next text */
	bool nomem;
};
void html_text(struct html_out *h, const char *s, size_t n);
void html_char(struct html_out *h, char c); /* a byte of the page's text */
void html_blank(struct html_out *h);
void html_newline(struct html_out *h);
void html_end_line(struct html_out *h); /* a newline unless at a line start */
char *html_finish(struct html_out *h);  /* the text, or NULL if memory ran out */
/* message_html_entity.c: writes the entity at p ('&') and returns its
 * length; 0 if it is none (the '&' is text then). */
size_t html_entity(struct html_out *h, const char *p, const char *end);

/* message_compose_part.c: the parts of a mail being composed. */
GMimeObject *mail_body_part(const char *body, bool flowed, const char *boundary);
/* The longest line of a body sent, in columns (message_flowed.c). */
#define MAIL_FLOW_WIDTH 78
/* The body as format=flowed text, every line at most MAIL_FLOW_WIDTH
 * columns but single words longer than that; malloc'd, or NULL. */
char *mail_flow(const char *text);
/* shown: a part the html shows (its Content-ID set, disposition inline). */
GMimeObject *mail_attachment_part(const struct mail_attachment *a, bool shown);
/* The html version of the body: text/html, UTF-8, 7bit or quoted-printable. */
GMimeObject *mail_html_part(const char *html, const char *boundary);

#endif
