/* The mail layer (src/mail/): what carcpbem needs of mail, without games.
 *
 *   message.h  reading a mail (GMime): sender, threading, auto-mail
 *              signs, the turn blocks and the text; composing one
 *   maildir.h  Maildir folders: the inbox, and delivery into one
 *   queue.h    the outgoing queue on disk, flushed into a sink with retry
 *   imap.h     fetching from an IMAP server into the inbox Maildir (curl)
 *   smtp.h     sending through an SMTP server (curl)
 *
 * Errors are values in a caller-owned struct mail_error: a code that says
 * whether trying again later can help, and a text that says what was
 * wrong and what to do.
 */
#ifndef CARC_MAIL_H
#define CARC_MAIL_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

enum mail_code {
	MAIL_OK,
	MAIL_TEMP,  /* may work later: server down, timeout, disk full */
	MAIL_PERM,  /* will not work as it is: refused recipient, bad mail */
	MAIL_CONFIG, /* a setting is wrong: bad password, no such folder */
	MAIL_ODD     /* not a regular file (a FIFO, a directory, a symlink) */
};

struct mail_error {
	int code; /* enum mail_code */
	/* MAIL_TEMP because the server could not be reached or did not
	 * answer in time: the next mail to it would wait just as long. */
	bool unreachable;
	char text[512];
};

/* Fills err (if not NULL) and returns -1. */
int merr(struct mail_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
const char *mail_code_name(int code);

/* Writes data to path atomically (temporary file, fsync, rename; with
 * replace false an existing path is left alone and is an error, errno
 * EEXIST): atomic_write. */
int mail_write_atomic(const char *path, const void *data, size_t len, int mode,
		      bool replace, struct mail_error *err);
/* Reads a whole file, NUL-terminated; free() it. NULL with err set (MAIL_TEMP). A file
 * longer than max (when max > 0) is MAIL_PERM and not read; anything but
 * a regular file is MAIL_ODD and not read (mail_open_file). */
char *mail_read_file(const char *path, size_t max, size_t *len, struct mail_error *err);
/* Opens path for reading if it is a regular file: never through a
 * symbolic link, and a FIFO, device or directory is refused without
 * waiting (O_NONBLOCK, O_NOFOLLOW, fstat). The fd, or -1 with err
 * (MAIL_ODD for those, MAIL_TEMP if it cannot be opened). */
int mail_open_file(const char *path, struct mail_error *err);

#endif
