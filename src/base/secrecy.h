/* The check that a file holding a secret (a secret key, a mail password)
 * is private, as OpenSMTPD's check_file_secrecy asks: a mistake in its
 * mode is found and said, not used. One wording for every such file. */
#ifndef CARC_SECRECY_H
#define CARC_SECRECY_H

#include <stddef.h>
#include <sys/stat.h>

/* 0 when st (the file path, fstat'ed once opened) belongs to this user
 * or root and group and others have no access to it; else -1 and why
 * (n bytes) says what is wrong and the command that fixes it, naming
 * the file as `a NOUN` ("secret key", "password file"). */
int secrecy_check(const struct stat *st, const char *path, const char *noun, char *why,
		  size_t n);

#endif
