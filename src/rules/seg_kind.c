/* The table of segment kinds (seg_kind.h). */
#include <strings.h>

#include "seg_kind.h"

const struct seg_kind_def seg_kinds[SEG_KIND_COUNT] = {
	[SEG_ROAD] = {
		.name = "road", .role = "thief", .letter = 't', .drawing = DRAW_MEEPLE,
		.edge = EDGE_ROAD, .closable = true, .scores = true,
		.per_tile = {1, 1}, .per_shield = {0, 0},
		.rule = {"BASE-FINAL-1", "BASE-SCORE-ROAD-2"},
	},
	[SEG_CITY] = {
		.name = "city", .role = "knight", .letter = 'k', .drawing = DRAW_MEEPLE_CREST,
		.edge = EDGE_CITY, .closable = true, .scores = true,
		.per_tile = {1, 2}, .per_shield = {1, 2},
		.rule = {"BASE-FINAL-2", "BASE-SCORE-CITY-2"},
	},
	[SEG_FIELD] = {
		.name = "field", .role = "farmer", .letter = 'f', .drawing = DRAW_LYING,
		.edge = EDGE_FIELD, .farm_city = 3,
		.rule = {"FARM-8", "FARM-6"},
	},
	[SEG_MONASTERY] = {
		.name = "monastery", .role = "monk", .letter = 'm', .drawing = DRAW_ROBE,
		.cloister = true, .scores = true,
		.per_tile = {1, 1},
		.rule = {"BASE-FINAL-3", "BASE-SCORE-MON-3"},
	},
	[SEG_GARDEN] = { /* ABBOT-3: no follower stands here, only an abbot */
		.name = "garden", .cloister = true, .scores = true,
		.per_tile = {1, 1},
		.rule = {"ABBOT-7", "ABBOT-5"},
	},
	[SEG_RIVER] = {
		.name = "river", .edge = EDGE_RIVER, .no_figure_rule = "RIVER-5",
	},
};

int
seg_kind_parse(const char *name)
{
	for (int k = 0; k < SEG_KIND_COUNT; k++)
		if (strcasecmp(name, seg_kinds[k].name) == 0)
			return k;
	return -1;
}

int
seg_kind_of_role(const char *role)
{
	for (int k = 0; k < SEG_KIND_COUNT; k++)
		if (seg_kinds[k].role && strcasecmp(role, seg_kinds[k].role) == 0)
			return k;
	return -1;
}
