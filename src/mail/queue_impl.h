/* Shared by the queue's files (queue.c adds, queue_flush.c sends). */
#ifndef CARC_QUEUE_IMPL_H
#define CARC_QUEUE_IMPL_H

#include <jansson.h>

#include "queue.h"

/* "QDIR/NAME.EXT" */
void queue_path(char *buf, size_t n, const char *qdir, const char *name, const char *ext);
/* Rewrites QDIR/NAME.env atomically. */
int queue_write_envelope(const char *qdir, const char *name, json_t *env,
			 struct mail_error *err);

#endif
