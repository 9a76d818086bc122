/* A command by mail is carried out once: its host record names its id
 * (history.h), and a history with two records of one id is refused, by
 * replay and by the host writing the second. */
#include <stdlib.h>
#include <string.h>

#include "hostrec.h"

int
hostrec_once(struct record_run *rr, const struct history_record *r,
	     struct turn_error *err)
{
	struct hostrec_cmd *more;

	if (r->command_id[0] == '\0')
		return 0; /* given at the keyboard, or older than command ids */
	for (int i = 0; i < rr->ncmds; i++)
		if (strcmp(rr->cmds[i].id, r->command_id) == 0)
			return terr(err, TURN_FAIL, "a second record of command %s (record %ld "
				    "carried it out): a command is carried out once",
				    r->command_id, rr->cmds[i].seq);
	if (rr->ncmds == rr->cmdcap) {
		int cap = rr->cmdcap ? 2 * rr->cmdcap : 16;
		if ((more = realloc(rr->cmds, sizeof(*more) * (size_t)cap)) == NULL)
			return terr(err, TURN_FAIL, "out of memory");
		rr->cmds = more;
		rr->cmdcap = cap;
	}
	memcpy(rr->cmds[rr->ncmds].id, r->command_id, sizeof(r->command_id));
	rr->cmds[rr->ncmds++].seq = r->seq;
	return 0;
}
