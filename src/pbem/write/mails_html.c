/* The tables of the mails' HTML version (templates/KIND.html): the facts of
 * the game and the players' scores, made here because templates have no
 * loops. Every text in them is escaped (html_escape); the styles are
 * inline, as mail clients drop <style> and never load anything. */
#include <stdlib.h>

#include "mails_impl.h"
#include "report.h"

#define TABLE "<table style=\"border-collapse:collapse;width:100%;margin:8px 0\">\n"
#define CELL "padding:4px 6px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"

char *
facts_table_html(const struct facts *f)
{
	struct memtext m;
	FILE *fp = memtext_open(&m);

	if (fp == NULL)
		return NULL;
	fputs(TABLE, fp);
	for (int i = 0; i < f->nrows; i++) {
		fputs("<tr><th style=\"" CELL ";white-space:nowrap\">", fp);
		html_escape(fp, f->row[i].label);
		fputs("</th><td style=\"" CELL "\">", fp);
		html_escape(fp, f->row[i].value);
		fputs("</td></tr>\n", fp);
	}
	fputs("</table>", fp);
	return memtext_close(&m);
}

/* The columns of report_players: seat, name, points, supply (and what
 * the player holds). */
char *
players_html(const struct gamefile *gf)
{
	struct player_row r;
	struct memtext m;
	FILE *fp = memtext_open(&m);

	if (fp == NULL)
		return NULL;
	fputs(TABLE "<tr><th style=\"" CELL "\">Seat</th><th style=\"" CELL
	      "\">Player</th><th style=\"" CELL ";text-align:right\">Points</th><th style=\"" CELL
	      "\">Supply</th></tr>\n",
	      fp);
	for (int p = 0; p < gf->nplayers; p++) {
		report_player_row(gf, p, &r);
		fprintf(fp, "<tr><td style=\"" CELL "\">%c</td><td style=\"" CELL "\">", r.seat);
		html_escape(fp, r.name);
		fprintf(fp, "</td><td style=\"" CELL ";text-align:right\">%d</td><td style=\"" CELL
			    "\">",
			r.score);
		html_escape(fp, r.supply);
		if (r.held[0]) {
			fputs("; holds ", fp);
			html_escape(fp, r.held);
		}
		fputs("</td></tr>\n", fp);
	}
	fputs("</table>", fp);
	return memtext_close(&m);
}
