/* GMime's global state, set up once per process. */
#include "message_impl.h"

void
mail_mime_init(void)
{
	g_mime_init();
}

void
mail_mime_shutdown(void)
{
	g_mime_shutdown();
}
