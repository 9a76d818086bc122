/* Maildir folders (tmp/, new/, cur/): the inbox the host reads, and
 * delivery into one (the demo's players, IMAP fetching, tests).
 * Delivery is the Maildir way: write in tmp/, fsync, rename into new/. */
#ifndef CARC_MAILDIR_H
#define CARC_MAILDIR_H

#include <stddef.h>

#include "mail.h"

#define MAILDIR_NAME_MAX 200

/* Makes dir and its tmp/, new/, cur/ (mode 0700) where missing. */
int maildir_create(const char *dir, struct mail_error *err);
/* Delivers data into dir/new/. With name NULL a unique name is made
 * (time.pid_counter.host); with a name the delivery is idempotent: if
 * that name is already in new/ or cur/ nothing is written and 0 is
 * returned. The name used is copied to out (if not NULL). */
int maildir_deliver(const char *dir, const void *data, size_t len, const char *name,
		    char out[MAILDIR_NAME_MAX + 1], struct mail_error *err);
/* The names in dir/new/, sorted (delivery order for carcpbem's names);
 * free each and the array with maildir_names_free. */
int maildir_list_new(const char *dir, char ***names, int *n, struct mail_error *err);
void maildir_names_free(char **names, int n);
/* Reads new/NAME (max as mail_read_file). */
char *maildir_read(const char *dir, const char *name, size_t max, size_t *len,
		   struct mail_error *err);
/* Marks new/NAME seen and done: renames it to cur/NAME:2,S. A name no
 * longer in new/ but already in cur/ is fine (a repeated call). */
int maildir_mark_done(const char *dir, const char *name, struct mail_error *err);

/* Moves new/NAME, whatever it is (a FIFO, a directory, a symlink: not
 * mail), to dir/rejected/, under NAME or NAME.N when that is taken; the
 * path it went to in out. It is never opened. */
int maildir_set_aside(const char *dir, const char *name, char *out, size_t n,
		      struct mail_error *err);

#endif
