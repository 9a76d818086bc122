/* What a mail lacks for an OpenSSH-signed turn, said to its sender: a
 * signature with no turn or with several it could sign, a turn with no
 * signature (the words for the kind of key the seat signs with), a
 * private key. The mail layer joined what it could (message_sshsig.c). */
#include <stdio.h>
#include <string.h>

#include "gamedir.h"
#include "process_impl.h"

#define SSH_SIGN "ssh-keygen -Y sign -f ~/.ssh/id_ed25519 -n carcassonne turn.txt"

static const char fix_ssh_pair[] =
	"Save the turn as turn.txt, sign it with \"" SSH_SIGN "\" and attach both "
	"files ssh-keygen made, turn.txt and turn.txt.sig; or paste the turn and, "
	"below it, the whole SSH SIGNATURE block into the body.";
static const char fix_ssh_one[] =
	"Send one turn and its signature a mail: turn.txt and turn.txt.sig as "
	"ssh-keygen made them.";
static const char fix_carcpbem[] =
	"Sign it: \"carcpbem sign TURN --key YOUR.key\" signs the turn you saved as "
	"the file TURN; mail that file. Or make the signed turn from your view: "
	"\"carcpbem move VIEW ACTION... --key YOUR.key\".";
static const char fix_either[] =
	"Sign it. With an SSH key: save the turn as turn.txt, run \"" SSH_SIGN "\" "
	"and attach turn.txt and turn.txt.sig. With a carcpbem key: \"carcpbem sign "
	"TURN --key YOUR.key\" signs the turn you saved as the file TURN; mail that "
	"file.";

void
job_sig_problems(struct job *j)
{
	for (int i = 0; i < j->in.nsigs; i++) {
		const struct mail_sig *g = &j->in.sig[i];
		if (g->block >= 0)
			continue;
		if (g->candidates == 0)
			job_problem(j, fix_ssh_pair,
				    "Your mail has an SSH signature (in the %s) but no turn "
				    "for it to sign.",
				    g->where);
		else
			job_problem(j, fix_ssh_one,
				    "The SSH signature in the %s could be for any of the %d "
				    "turns in your mail, so none of them was taken.",
				    g->where, g->candidates);
	}
	if (j->in.private_key[0] != '\0') {
		job_problem(j, "Make a new key pair (ssh-keygen -t ed25519) and send "
			    "the host only the public half, the .pub file.",
			    "Your mail has an OpenSSH PRIVATE key (in the %s): it was "
			    "not kept. It is no longer secret now that it was mailed.",
			    j->in.private_key);
		pbem_log(j->p, PBEM_WARN, "%s: %s mailed an OpenSSH private key: not kept",
			 j->name, j->reply.to ? j->reply.to : "?");
	}
}

/* Whether t's seat signs with an SSH key: 1, 0 (a carcpbem key), -1 (no
 * such game or seat). */
static int
seat_ssh(const struct job *j, const struct turn *t)
{
	char dir[CONFIG_PATH_MAX + 64], why[160];
	struct gf_error err = {"", ""};
	struct gamefile *gf;
	struct gamedir gd;
	int seat, r = -1;

	if (gamefile_check_id(t->game, why, sizeof(why)) < 0)
		return -1;
	snprintf(dir, sizeof(dir), "%s/%s", j->p->games, t->game);
	if (gamedir_of(dir, &gd, &err) < 0 ||
	    (gf = gamefile_load(gd.state, j->p->cat, &err)) == NULL)
		return -1;
	if ((seat = gamefile_player(gf, t->player)) >= 0)
		r = mails_seat_ssh(gf, seat);
	gamefile_free(gf);
	return r;
}

void
job_unsigned(struct job *j, const struct mail_block *b, const struct turn *t, bool parsed)
{
	const char *file = strncmp(b->where, "attachment ", 11) == 0 ? b->where + 11 : NULL;
	int ssh = parsed ? seat_ssh(j, t) : -1;

	if (ssh == 1 && file != NULL)
		job_problem(j, fix_ssh_pair,
			    "You attached %s but not %s.sig, its SSH signature, so the turn "
			    "cannot count: attach both files ssh-keygen made.",
			    file, file);
	else if (ssh == 1)
		job_problem(j, fix_ssh_pair,
			    "The turn in the %s has no SSH signature with it, so it cannot "
			    "count.",
			    b->where);
	else
		job_problem(j, ssh == 0 ? fix_carcpbem : fix_either,
			    "The turn file in the %s is not signed, so it cannot count.",
			    b->where);
}
