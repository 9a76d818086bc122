/* The mails of signed commands and of the verbs beyond HELP, STATUS and
 * HISTORY: the answer to the sender, what the others are told, the map
 * as a picture, and the observers' updates after a turn. */
#include <stdlib.h>
#include <string.h>

#include "mails_impl.h"
#include "meta.h"
#include "render.h"

int
mails_command(const struct mail_ctx *c, const struct gamefile *gf,
	      const struct mail_reply *reply, const char *title, const char *text,
	      struct outmails *out, struct template_error *err)
{
	struct template_vars v = {0};

	tvars_set(&v, "title", title);
	tvars_set(&v, "text", text);
	return mails_answer(c, gf, reply, "command", &v, out, err);
}

int
mails_told(const struct mail_ctx *c, const struct gamefile *gf, int seat, const char *to,
	   const char *tag, const struct mail_reply *reply, const char *title,
	   const char *text, struct outmails *out, struct template_error *err)
{
	struct draft dr;
	char letter[2];

	draft_init(&dr, "told", gf ? gf->id : NULL, to, NULL, "%s-told-%s", reply->key, tag);
	if (gf != NULL)
		player_vars(gf, seat, letter, &dr.vars);
	tvars_set(&dr.vars, "title", title);
	tvars_set(&dr.vars, "text", text);
	return draft_send(c, &dr, out, err);
}

int
mails_map(const struct mail_ctx *c, const struct gamefile *gf, int seat,
	  const struct mail_reply *reply, struct outmails *out, struct template_error *err)
{
	const char *names[MAX_PLAYERS] = {0};
	struct render_png_info info;
	struct picture pic = {0};
	struct render_opts o;
	char letter[2];
	struct facts f;
	struct draft dr;
	int r;

	for (int p = 0; p < gf->nplayers; p++)
		names[p] = gf->name[p];
	render_opts_default(&o);
	o.names = names;
	o.cache = c->maps;
	if (render_png_mem(gf->game, &o, &pic.png, &pic.len, &info, NULL) == 0) {
		snprintf(pic.file, sizeof(pic.file), "%s-turn%d.png", gf->id, gf->game->turn);
		pic.width = info.width, pic.height = info.height;
	}
	if (facts_make(c, gf, -1, NULL, &f) < 0) {
		free(pic.png);
		return mails_fail(err, "map", "out of memory");
	}
	draft_init(&dr, "map", gf->id, gf->address[seat], mails_answers(reply, gf->address[seat]),
		   "%s-map", reply->key);
	facts_vars(gf, &f, &dr.vars);
	player_vars(gf, seat, letter, &dr.vars);
	dr.pic = &pic; /* its values png_file...: draft_send's, as for any map */
	r = draft_send(c, &dr, out, err);
	facts_free(&f);
	free(pic.png);
	return r;
}
