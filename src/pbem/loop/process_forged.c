/* Someone played or commanded in a seat's name with a key not the
 * seat's: the seat's owner is told, once an hour per game, seat and key
 * and PBEM_FORGED_MAX an hour per seat (SPOOL/limits.json), for turns
 * and signed commands alike. Not told when the mail comes from the
 * seat's own address or names the seat's own key: that is the player's
 * own mistake (a stale signature, a changed text), and the refusal to
 * the sender says what to do. The log has every try. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "process_impl.h"

/* Why the owner is not told (NULL: tell). */
static const char *
not_a_forgery(const struct job *j, const struct gamefile *gf, int seat, const char *key)
{
	char mine[KEY_ID_HEX + 1];

	if (strcasecmp(gf->address[seat], j->reply.to) == 0)
		return "sent from the seat's own address";
	if (gf->has_key[seat]) {
		key_id(gf->key[seat], mine);
		if (strcmp(mine, key) == 0)
			return "names the seat's own key";
	}
	return NULL;
}

void
job_warn_seat(struct job *j, const struct gamefile *gf, int seat, const char *key,
	      const char *what)
{
	struct template_error terr = {{0}};
	char lkey[200], group[100], why[600];
	const char *mistake;
	int r;

	if (seat < 0 || gf->address[seat] == NULL || j->reply.to == NULL)
		return;
	if ((mistake = not_a_forgery(j, gf, seat, key)) != NULL) {
		pbem_log(j->p, PBEM_INFO, "%s: %s's signature refused in %s (%s): no warning",
			 j->name, gf->name[seat], gf->id, mistake);
		return;
	}
	pbem_log(j->p, PBEM_WARN, "%s: %s tried to play %s's turn in %s (key %s): %s",
		 j->name, j->reply.to, gf->name[seat], gf->id, key, what);
	snprintf(group, sizeof(group), "forged %s %d ", gf->id, seat + 1);
	snprintf(lkey, sizeof(lkey), "%s%s", group, key);
	if ((r = pbem_limit(j->p, lkey, group, PBEM_FORGED_MAX, j->key, why, sizeof(why))) < 0)
		job_fail(j, "%s", why);
	else if (r == 0)
		pbem_log(j->p, PBEM_INFO, "%s: %s was warned of this within the hour: not "
			 "again", j->name, gf->name[seat]);
	else if (mails_forged(&j->ctx, gf, seat, &j->reply, what, &j->out, &terr) < 0)
		job_fail(j, "cannot make the warning to %s: %s", gf->name[seat], terr.text);
}
