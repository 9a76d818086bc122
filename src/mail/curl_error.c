/* The libcurl errors IMAP and SMTP share, as a table: the code each one
 * gets and what the message tells the host to check. */
#include "curl_error.h"

enum kind { LOGIN, NO_STARTTLS, CERTIFICATE, BAD_URL, UNREACHABLE };

static const struct {
	CURLcode rc;
	int kind;
} kinds[] = {
	{CURLE_LOGIN_DENIED, LOGIN},
	{CURLE_USE_SSL_FAILED, NO_STARTTLS},
	{CURLE_PEER_FAILED_VERIFICATION, CERTIFICATE},
	{CURLE_SSL_CACERT_BADFILE, CERTIFICATE},
	{CURLE_SSL_CERTPROBLEM, CERTIFICATE},
	{CURLE_URL_MALFORMAT, BAD_URL},
	{CURLE_UNSUPPORTED_PROTOCOL, BAD_URL},
	{CURLE_COULDNT_CONNECT, UNREACHABLE},
	{CURLE_COULDNT_RESOLVE_HOST, UNREACHABLE},
	{CURLE_OPERATION_TIMEDOUT, UNREACHABLE},
};

int
mail_curl_error(const struct mail_proto *p, CURLcode rc, const char *url,
		const char *user, const char *detail, struct mail_error *err)
{
	const char *s = p->setting;
	int kind = -1;

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (kinds[i].rc == rc)
			kind = kinds[i].kind;
	switch (kind) {
	case LOGIN:
		return merr(err, MAIL_CONFIG,
			    "%s login refused for %s at %s: check %s-user and "
			    "%s-password-file (%s)",
			    p->name, user ? user : "(no user)", url, s, s, detail);
	case NO_STARTTLS:
		return merr(err, MAIL_CONFIG, "%s %s offers no STARTTLS: use %ss://, or no TLS (%s)",
			    p->name, url, s, detail);
	case CERTIFICATE:
		return merr(err, MAIL_CONFIG,
			    "%s %s: the server's certificate is not trusted: check cafile "
			    "and the host name in the URL (%s)",
			    p->name, url, detail);
	case BAD_URL:
		return merr(err, MAIL_CONFIG,
			    "%s URL %s is not usable: it should look like %s or %ss://... (%s)",
			    p->name, url, p->url_form, s, detail);
	case UNREACHABLE:
		merr(err, MAIL_TEMP, "%s server %s cannot be reached, will try again: %s",
		     p->name, url, detail);
		if (err != NULL)
			err->unreachable = true;
		return -1;
	default:
		return 0;
	}
}
