/* Fuzz target: the config file parser (src/pbem/conf/config.c). */
#include "config.h"
#include "fuzz.h"
#include "message.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct config c;
	static int ready;
	struct config_error err;
	char path[64], buf[1200];

	if (!ready) { /* the from setting is read by GMime's parser */
		mail_mime_init();
		ready = 1;
	}
	fuzz_file(data, size, path);
	config_defaults(&c);
	memset(&err, 0, sizeof(err));
	if (config_load(path, &c, &err) == 0)
		config_finish(&c);
	else
		config_error_format(&err, buf, sizeof(buf));
	unlink(path);
	return 0;
}
