/* The one way the program writes a file whole or not at all (game files,
 * mails, the queue, keys, pid files): a temporary file next to it, fsync,
 * then rename (or link, when an existing file must not be replaced), and
 * the directory synced; inside a group commit the fsyncs wait for the
 * group's barrier (durable.h). A kill leaves at most a temporary file, which
 * atomic_clean_temp removes later. */
#ifndef CARC_ATOMIC_H
#define CARC_ATOMIC_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

/* The temporary files' names start with this (a dot file: Maildir
 * readers and game listings skip it). */
#define ATOMIC_TEMP_PREFIX ".carc-tmp."

/* Writes len bytes of data to path with exactly mode. With replace false
 * an existing path is left alone (errno EEXIST). 0, or -1 with errno set
 * and *what saying which step failed ("cannot create a file next to",
 * "cannot write", "will not replace", "cannot sync the folder of"). */
int atomic_write(const char *path, const void *data, size_t len, int mode, bool replace,
		 const char **what);
/* The same, replacing path, but inside a group commit (durable.h) the
 * new file takes path's name only at the group's next barrier, once its
 * data is safe: until then readers see the old file. */
int atomic_write_staged(const char *path, const void *data, size_t len, int mode,
			const char **what);
/* Removes the temporary files that a killed writer left in dir, last
 * changed before `before`; how many, or -1 if dir cannot be read (a
 * missing dir is 0). */
int atomic_clean_temp(const char *dir, time_t before);

#endif
