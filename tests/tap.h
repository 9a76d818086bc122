/* tests/tap.h: a small header-only TAP emitter for C tests.
 *
 *	#include "tap.h"
 *
 *	int
 *	main(void)
 *	{
 *		plan(2);                  (optional: or let done_testing() print it)
 *		ok(f() == 0, "f works");
 *		is_int(g(), 42, "g(%d)", 1);
 *		return done_testing();
 *	}
 *
 * ok(cond, fmt, ...)              passes if cond is true
 * is_int(got, want, fmt, ...)     compares two integers (as long long)
 * is_str(got, want, fmt, ...)     compares two strings; NULL equals only NULL
 * diag(fmt, ...)                  prints a "# " comment line
 * plan(n)                         announces n tests up front
 * done_testing()                  prints the plan if plan() was not called and
 *                                 returns the exit status: 0 if every test ran
 *                                 and passed, 1 otherwise; end main with it
 * skip_all(fmt, ...)              skips the whole program ("1..0 # SKIP"),
 *                                 exits 0 (see below)
 * bail_out(fmt, ...)              aborts the whole run ("Bail out!"), exits 255
 *
 * ok, is_int and is_str return 1 on success and 0 on failure, and print the
 * file and line of a failure. Output goes to stdout, flushed after every
 * line. skip_all exits with status 0, not 77: Automake's TAP driver takes
 * the "1..0 # SKIP" plan as the skip and reports any non-zero exit status
 * as an ERROR.
 */
#ifndef CARC_TAP_H
#define CARC_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAP_UNUSED_ __attribute__((unused))
#define TAP_PRINTF_(f, a) __attribute__((format(printf, f, a)))

static int tap_planned_ TAP_UNUSED_ = -1; /* -1: no plan printed yet */
static int tap_run_ TAP_UNUSED_;
static int tap_failed_ TAP_UNUSED_;

static TAP_UNUSED_ void
plan(int n)
{
	if (tap_planned_ >= 0) {
		printf("Bail out! plan() called twice\n");
		exit(255);
	}
	tap_planned_ = n;
	printf("1..%d\n", n);
	fflush(stdout);
}

static TAP_UNUSED_ TAP_PRINTF_(2, 0) void
tap_vline_(const char *prefix, const char *fmt, va_list ap)
{
	fputs(prefix, stdout);
	vprintf(fmt, ap);
	putchar('\n');
	fflush(stdout);
}

static TAP_UNUSED_ TAP_PRINTF_(1, 2) void
diag(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vline_("# ", fmt, ap);
	va_end(ap);
}

/* Prints "ok N - description" or "not ok N - description". */
static TAP_UNUSED_ TAP_PRINTF_(4, 0) int
tap_result_(int pass, const char *file, int line, const char *fmt, va_list ap)
{
	tap_run_++;
	if (!pass)
		tap_failed_++;
	printf("%sok %d - ", pass ? "" : "not ", tap_run_);
	tap_vline_("", fmt, ap);
	if (!pass)
		diag("  Failed test at %s line %d.", file, line);
	return pass;
}

static TAP_UNUSED_ TAP_PRINTF_(4, 5) int
tap_ok_(int pass, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_result_(pass, file, line, fmt, ap);
	va_end(ap);
	return pass;
}

static TAP_UNUSED_ TAP_PRINTF_(5, 6) int
tap_is_int_(long long got, long long want, const char *file, int line, const char *fmt,
	    ...)
{
	va_list ap;
	int pass = got == want;

	va_start(ap, fmt);
	tap_result_(pass, file, line, fmt, ap);
	va_end(ap);
	if (!pass)
		diag("         got: %lld\n#     expected: %lld", got, want);
	return pass;
}

static TAP_UNUSED_ TAP_PRINTF_(5, 6) int
tap_is_str_(const char *got, const char *want, const char *file, int line,
	    const char *fmt, ...)
{
	va_list ap;
	int pass = (got == NULL || want == NULL) ? got == want : strcmp(got, want) == 0;

	va_start(ap, fmt);
	tap_result_(pass, file, line, fmt, ap);
	va_end(ap);
	if (!pass) {
		if (got)
			diag("         got: \"%s\"", got);
		else
			diag("         got: NULL");
		if (want)
			diag("    expected: \"%s\"", want);
		else
			diag("    expected: NULL");
	}
	return pass;
}

#define ok(cond, ...) tap_ok_((cond) ? 1 : 0, __FILE__, __LINE__, __VA_ARGS__)
#define is_int(got, want, ...) \
	tap_is_int_((long long)(got), (long long)(want), __FILE__, __LINE__, __VA_ARGS__)
#define is_str(got, want, ...) tap_is_str_((got), (want), __FILE__, __LINE__, __VA_ARGS__)

static TAP_UNUSED_ int
done_testing(void)
{
	if (tap_planned_ < 0) {
		tap_planned_ = tap_run_;
		printf("1..%d\n", tap_run_);
	} else if (tap_planned_ != tap_run_) {
		diag("Looks like you planned %d tests but ran %d.", tap_planned_, tap_run_);
	}
	if (tap_failed_)
		diag("Looks like you failed %d test%s of %d.", tap_failed_,
		     tap_failed_ == 1 ? "" : "s", tap_run_);
	fflush(stdout);
	return tap_failed_ || tap_planned_ != tap_run_ ? 1 : 0;
}

static TAP_UNUSED_ TAP_PRINTF_(1, 2) _Noreturn void
skip_all(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vline_("1..0 # SKIP ", fmt, ap);
	va_end(ap);
	exit(0);
}

static TAP_UNUSED_ TAP_PRINTF_(1, 2) _Noreturn void
bail_out(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vline_("Bail out! ", fmt, ap);
	va_end(ap);
	exit(255);
}

#endif
