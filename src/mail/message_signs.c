/* Mail that must never be answered: answering a bounce, an auto-reply or
 * a list can start a mail loop or spam a list. Each sign is one header;
 * the first one found is named in why_not, as "KIND: HEADER[: VALUE]". */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "message_impl.h"

static const char *
header(GMimeMessage *msg, const char *name)
{
	return g_mime_object_get_header(GMIME_OBJECT(msg), name);
}

/* The value with control characters made '?', for the log. */
static bool
sign(struct mail_in *m, const char *kind, const char *name, const char *value)
{
	char *p;

	m->never_answer = true;
	snprintf(m->why_not, sizeof(m->why_not), "%s: %s%s%s", kind, name,
		 value ? ": " : "", value ? value : "");
	for (p = m->why_not; *p; p++)
		if (iscntrl((unsigned char)*p))
			*p = '?';
	return true;
}

/* The first word of a header value ("no" of "No; reason"), lower case. */
static void
first_word(const char *value, char *word, size_t size)
{
	size_t n = 0;

	while (isspace((unsigned char)*value))
		value++;
	while (*value && *value != ';' && !isspace((unsigned char)*value) && n + 1 < size)
		word[n++] = (char)tolower((unsigned char)*value++);
	word[n] = '\0';
}

static bool
empty_return_path(const char *value)
{
	if (value == NULL)
		return false;
	for (; *value; value++)
		if (!isspace((unsigned char)*value) && *value != '<' && *value != '>')
			return false;
	return true;
}

static bool
contains_nocase(const char *s, const char *word)
{
	size_t n = strlen(word);

	for (; *s; s++)
		if (strncasecmp(s, word, n) == 0)
			return true;
	return false;
}

/* Whether the address's local part is name ("postmaster@x", "postmaster"). */
static bool
local_part_is(const char *addr, const char *name)
{
	size_t n = strlen(name);

	if (addr == NULL)
		return false;
	while (isspace((unsigned char)*addr))
		addr++;
	return strncasecmp(addr, name, n) == 0 &&
	       (addr[n] == '\0' || addr[n] == '@' || isspace((unsigned char)addr[n]));
}

/* MAILER-DAEMON anywhere in From ("Mail Delivery System
 * <MAILER-DAEMON@x>"), or postmaster, with or without a domain. */
static bool
daemon_sender(GMimeMessage *msg, const char *from)
{
	InternetAddressList *list = g_mime_message_get_from(msg);
	InternetAddress *ia;

	if (from == NULL)
		return false;
	if (contains_nocase(from, "mailer-daemon") || local_part_is(from, "postmaster"))
		return true;
	if (list == NULL || internet_address_list_length(list) == 0)
		return false;
	ia = internet_address_list_get_address(list, 0);
	return INTERNET_ADDRESS_IS_MAILBOX(ia) &&
	       local_part_is(
		   internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(ia)),
		   "postmaster");
}

static bool
bounce(GMimeMessage *msg, struct mail_in *m)
{
	GMimeObject *body = g_mime_message_get_mime_part(msg);
	const char *from = header(msg, "From");

	if (empty_return_path(header(msg, "Return-Path")))
		return sign(m, "bounce", "Return-Path", "<>");
	if (daemon_sender(msg, from))
		return sign(m, "bounce", "From", from);
	if (body && g_mime_content_type_is_type(g_mime_object_get_content_type(body),
						"multipart", "report"))
		return sign(m, "bounce", "Content-Type", "multipart/report");
	return false;
}

static bool
auto_reply(GMimeMessage *msg, struct mail_in *m)
{
	static const char *const flags[] = {"X-Autoreply", "X-Autorespond",
					    "X-Auto-Response-Suppress"};
	const char *value = header(msg, "Auto-Submitted");
	char word[16];
	size_t i;

	if (value) {
		first_word(value, word, sizeof(word));
		if (strcmp(word, "no") != 0)
			return sign(m, "auto-reply", "Auto-Submitted", value);
	}
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (header(msg, flags[i]))
			return sign(m, "auto-reply", flags[i], NULL);
	return false;
}

/* Our own List-Id, "... <GAME.carcpbem.DOMAIN>": a client that copied
 * it into a player's reply does not make the reply list mail. */
static bool
own_list(const char *value)
{
	const char *lt = strchr(value, '<');
	const char *gt = lt ? strchr(lt, '>') : NULL;
	const char *at = lt ? strstr(lt, "." MAIL_LIST_LABEL ".") : NULL;

	return at && gt && at < gt;
}

static bool
list_mail(GMimeMessage *msg, struct mail_in *m)
{
	static const char *const lists[] = {"List-Id", "List-Unsubscribe", "List-Post"};
	static const char *const bulk[] = {"bulk", "junk", "list", "auto_reply"};
	const char *value = header(msg, "Precedence");
	char word[16];
	size_t i;

	if (value) {
		first_word(value, word, sizeof(word));
		for (i = 0; i < sizeof(bulk) / sizeof(bulk[0]); i++)
			if (strcmp(word, bulk[i]) == 0)
				return sign(m, "bulk mail", "Precedence", value);
	}
	for (i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		if ((value = header(msg, lists[i])) != NULL && !(i == 0 && own_list(value)))
			return sign(m, "list mail", lists[i], NULL);
	return false;
}

void
mail_check_signs(GMimeMessage *msg, struct mail_in *m)
{
	/* Our own mail first: the most useful thing to read in the log. */
	if (header(msg, MAIL_LOOP_HEADER)) {
		sign(m, "our own mail", MAIL_LOOP_HEADER, NULL);
		return;
	}
	if (bounce(msg, m) || auto_reply(msg, m))
		return;
	list_mail(msg, m);
}
