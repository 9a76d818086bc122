/* Fuzz target: reading a mail (src/mail: MIME, charsets, HTML, attachments)
 * and finding the turns in it, as the mail loop does: every block found
 * goes to the turn parser. */
#include "fuzz.h"
#include "message.h"
#include "turnfile.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct mail_in m;
	struct mail_error err = {0};
	struct turn t;
	struct turn_error terr = {0};
	char *text = fuzz_text(data, size), *att;
	size_t len;

	if (!ready) {
		mail_mime_init();
		ready = 1;
	}
	memset(&m, 0, sizeof(m));
	if (mail_parse(text, size, &m, &err) == 0)
		for (int i = 0; i < m.nblocks; i++)
			(void)turn_parse(m.block[i].text, m.block[i].len, 0, &t, &terr);
	mail_in_free(&m);
	if ((att = mail_attachment(text, size, ".txt", &len)) != NULL)
		free(att);
	free(text);
	return 0;
}
