/* libcurl, loaded the first time a program speaks IMAP or SMTP. Linked
 * in, libcurl brings some 30 libraries (TLS, LDAP, SSH, Kerberos, IDN)
 * that the dynamic loader binds at every start: most of an idle cron
 * pass over a Maildir, which never uses them (docs/PERFORMANCE.md,
 * "Turns and idle passes, Nov 29"). So the program is not linked with
 * libcurl: these are libcurl's functions under their own names, each
 * calling the library's own, which dlopen finds by the soname configure
 * read off a program linked with it. The headers are pkg-config's. */
#include "build-config.h" /* CURL_SONAME */

#define CURL_DISABLE_TYPECHECK /* the definitions below are libcurl's names */
#include <curl/curl.h>
#include <dlfcn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "curl_error.h"

static struct {
	bool tried;
	void *handle;
	char why[300];
	CURLcode (*global_init)(long);
	void (*global_cleanup)(void);
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
	CURLcode (*easy_perform)(CURL *);
	CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
	void (*easy_cleanup)(CURL *);
	const char *(*easy_strerror)(CURLcode);
	CURLcode (*easy_send)(CURL *, const void *, size_t, size_t *);
	CURLcode (*easy_recv)(CURL *, void *, size_t, size_t *);
	char *(*easy_unescape)(CURL *, const char *, int, int *);
	void (*free)(void *);
	struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
	void (*slist_free_all)(struct curl_slist *);
} lib;

#define SYM(name) {"curl_" #name, offsetof(__typeof__(lib), name)}
static const struct {
	const char *name;
	size_t at;
} symbols[] = {
    SYM(global_init),   SYM(global_cleanup), SYM(easy_init),     SYM(easy_setopt),
    SYM(easy_perform),  SYM(easy_getinfo),   SYM(easy_cleanup),  SYM(easy_strerror),
    SYM(easy_send),     SYM(easy_recv),      SYM(easy_unescape), SYM(free),
    SYM(slist_append),  SYM(slist_free_all),
};

/* Loads the library once; false (and why) when it cannot be had. */
static bool
loaded(void)
{
	if (lib.tried)
		return lib.handle != NULL;
	lib.tried = true;
	if ((lib.handle = dlopen(CURL_SONAME, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		snprintf(lib.why, sizeof(lib.why), "%s", dlerror());
		return false;
	}
	for (size_t i = 0; i < sizeof(symbols) / sizeof(*symbols); i++) {
		void *f = dlsym(lib.handle, symbols[i].name);
		if (f == NULL) {
			snprintf(lib.why, sizeof(lib.why), "%s has no %s", CURL_SONAME,
				 symbols[i].name);
			dlclose(lib.handle);
			lib.handle = NULL;
			return false;
		}
		memcpy((char *)&lib + symbols[i].at, &f, sizeof(f)); /* POSIX: fits */
	}
	return true;
}

const char *
mail_curl_why(void)
{
	return loaded() ? "" : lib.why;
}

CURLcode
curl_global_init(long flags)
{
	return loaded() ? lib.global_init(flags) : CURLE_FAILED_INIT;
}

void
curl_global_cleanup(void)
{
	if (loaded())
		lib.global_cleanup();
}

CURL *
curl_easy_init(void)
{
	return loaded() ? lib.easy_init() : NULL;
}

/* The one argument after the option is of the type its number says
 * (curl.h: CURLOPTTYPE_*), as libcurl itself reads it. */
CURLcode
curl_easy_setopt(CURL *h, CURLoption opt, ...)
{
	CURLcode rc;
	va_list ap;

	va_start(ap, opt);
	if (opt < CURLOPTTYPE_OBJECTPOINT)
		rc = lib.easy_setopt(h, opt, va_arg(ap, long));
	else if (opt < CURLOPTTYPE_FUNCTIONPOINT)
		rc = lib.easy_setopt(h, opt, va_arg(ap, void *));
	else if (opt < CURLOPTTYPE_OFF_T)
		rc = lib.easy_setopt(h, opt, va_arg(ap, void (*)(void)));
	else if (opt < CURLOPTTYPE_OFF_T + 10000)
		rc = lib.easy_setopt(h, opt, va_arg(ap, curl_off_t));
	else /* a blob */
		rc = lib.easy_setopt(h, opt, va_arg(ap, void *));
	va_end(ap);
	return rc;
}

CURLcode
curl_easy_perform(CURL *h)
{
	return lib.easy_perform(h);
}

/* Every CURLINFO's argument is a pointer. */
CURLcode
curl_easy_getinfo(CURL *h, CURLINFO info, ...)
{
	CURLcode rc;
	va_list ap;

	va_start(ap, info);
	rc = lib.easy_getinfo(h, info, va_arg(ap, void *));
	va_end(ap);
	return rc;
}

void
curl_easy_cleanup(CURL *h)
{
	if (h != NULL)
		lib.easy_cleanup(h);
}

const char *
curl_easy_strerror(CURLcode rc)
{
	return loaded() ? lib.easy_strerror(rc) : lib.why;
}

CURLcode
curl_easy_send(CURL *h, const void *buf, size_t n, size_t *sent)
{
	return lib.easy_send(h, buf, n, sent);
}

CURLcode
curl_easy_recv(CURL *h, void *buf, size_t n, size_t *got)
{
	return lib.easy_recv(h, buf, n, got);
}

char *
curl_easy_unescape(CURL *h, const char *s, int n, int *outn)
{
	return lib.easy_unescape(h, s, n, outn);
}

void
curl_free(void *p)
{
	if (p != NULL)
		lib.free(p);
}

struct curl_slist *
curl_slist_append(struct curl_slist *l, const char *s)
{
	return loaded() ? lib.slist_append(l, s) : NULL;
}

void
curl_slist_free_all(struct curl_slist *l)
{
	if (l != NULL)
		lib.slist_free_all(l);
}
