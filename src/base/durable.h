/* Group commit (docs/mail.md, "Exactly once"). Outside a group every
 * atomic_write and history append is durable when it returns: its file
 * and its folder are fsynced. Inside a group they are not: they note the
 * file system they wrote to, and durable_barrier() makes everything
 * written before it durable at once, with one syncfs(2) per file system,
 * then does the renames staged with durable_stage, in order. A caller
 * orders its steps with barriers: a step whose result must never outlive
 * a crash without the steps before it comes after a barrier.
 *
 * The group is the process's (one pass of the mail loop at a time): it is
 * not part of the rules engine, which writes no files. */
#ifndef CARC_DURABLE_H
#define CARC_DURABLE_H

#include <stdbool.h>

/* Starts a group (nothing if one is open). */
void durable_begin(void);
/* A last barrier, and the group is closed: 0, or -1 with errno. */
int durable_end(void);
/* Whether a group is open. */
bool durable_grouped(void);

/* The fsync of a file just written: done now outside a group, noted for
 * the next barrier inside one. 0, or -1 with errno. */
int durable_file(int fd);
/* The fsync of the folder of path, whose entries just changed: the same. */
int durable_dir(const char *path);
/* Renames tmp to path after the next barrier (inside a group), so that
 * path never names a file whose data could still be lost; at once after
 * fsyncs outside one. 0, or -1 with errno (tmp removed). */
int durable_stage(const char *tmp, const char *path);
/* A rename to path staged earlier is dropped (its temporary file
 * removed): path was written at once since, and the older content must
 * not replace it at the barrier. */
void durable_unstage(const char *path);
/* Everything written so far made durable, the staged renames done (and
 * made durable at the next barrier). 0, or -1 with errno. */
int durable_barrier(void);

#endif
