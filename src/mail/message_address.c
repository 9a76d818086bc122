/* Whether a mail address can be mailed: read by the same GMime parser
 * the composer (message_compose.c) gives the To and From headers to, so
 * that an address taken into a game or the config never fails later,
 * when its mail is made. */
#include <stdio.h>
#include <string.h>

#include "message_impl.h"

/* The one mailbox of list, or NULL when it holds none, more, or a group. */
static InternetAddressMailbox *
only_mailbox(InternetAddressList *list)
{
	InternetAddress *ia;

	if (list == NULL || internet_address_list_length(list) != 1)
		return NULL;
	ia = internet_address_list_get_address(list, 0);
	return INTERNET_ADDRESS_IS_MAILBOX(ia) ? INTERNET_ADDRESS_MAILBOX(ia) : NULL;
}

/* The parser drops what it cannot read ("a@b@c" reads as a@b, "a@b." as
 * a@b): the address written (text, or with named what is inside its
 * last <>) must be the mailbox it read, byte for byte (or its punycode
 * form), or the mail would go elsewhere than was written. */
static bool
whole(InternetAddressMailbox *mb, const char *text, bool named)
{
	const char *addr = internet_address_mailbox_get_addr(mb);
	const char *idn = internet_address_mailbox_get_idn_addr(mb);
	const char *lt = named ? strrchr(text, '<') : NULL;
	size_t n = lt ? strcspn(++lt, ">") : strlen(text);

	if (lt)
		text = lt;
	return (addr && strlen(addr) == n && strncmp(addr, text, n) == 0) ||
	       (idn && strlen(idn) == n && strncmp(idn, text, n) == 0);
}

/* A local part and a domain: "nobody" reads as a mailbox too. */
static bool
has_domain(InternetAddressMailbox *mb)
{
	const char *addr = internet_address_mailbox_get_addr(mb);

	return mb->at > 0 && addr && addr[mb->at] == '@' && addr[mb->at + 1] != '\0';
}

int
mail_address_check(const char *text, bool named, char *why, size_t n)
{
	InternetAddressList *list = text ? internet_address_list_parse(NULL, text) : NULL;
	InternetAddressMailbox *mb = only_mailbox(list);
	bool ok = mb != NULL && has_domain(mb) && whole(mb, text, named) &&
		  strpbrk(text, "\r\n") == NULL;

	if (list)
		g_object_unref(list);
	if (ok)
		return 0;
	snprintf(why, n, "\"%.80s\" is not a mail address: write one address like "
		 "alice@example.org%s", text ? text : "",
		 named ? " or \"Alice <alice@example.org>\"" : "");
	return -1;
}
