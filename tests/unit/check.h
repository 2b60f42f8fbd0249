#ifndef GG_TEST_CHECK_H
#define GG_TEST_CHECK_H

/*
 * Minimal assertions for the unit tests: a failed check prints file:line and
 * what was expected, counts the failure and lets the test go on, so one run
 * shows every broken case. main() ends with `return check_report();`.
 */

#include <stdio.h>
#include <string.h>

static int check_failures;
static int check_count;

#define CHECK(cond)                                                                    \
	do {                                                                           \
		check_count++;                                                         \
		if (!(cond)) {                                                         \
			check_failures++;                                              \
			fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
		}                                                                      \
	} while (0)

#define CHECK_EQ_SIZE(actual, expected)                                                \
	do {                                                                           \
		size_t check_a_ = (size_t)(actual), check_e_ = (size_t)(expected);    \
		check_count++;                                                         \
		if (check_a_ != check_e_) {                                            \
			check_failures++;                                              \
			fprintf(stderr, "%s:%d: %s == %zu, expected %s == %zu\n", __FILE__, \
				__LINE__, #actual, check_a_, #expected, check_e_);     \
		}                                                                      \
	} while (0)

#define CHECK_EQ_INT(actual, expected)                                                 \
	do {                                                                           \
		long long check_a_ = (long long)(actual), check_e_ = (long long)(expected); \
		check_count++;                                                         \
		if (check_a_ != check_e_) {                                            \
			check_failures++;                                              \
			fprintf(stderr, "%s:%d: %s == %lld, expected %lld\n", __FILE__,  \
				__LINE__, #actual, check_a_, check_e_);                \
		}                                                                      \
	} while (0)

/* NUL-terminated strings; a NULL actual fails unless expected is NULL too. */
#define CHECK_STR(actual, expected)                                                    \
	do {                                                                           \
		const char *check_a_ = (actual), *check_e_ = (expected);               \
		check_count++;                                                         \
		if ((check_a_ == NULL) != (check_e_ == NULL) ||                        \
		    (check_a_ && strcmp(check_a_, check_e_) != 0)) {                   \
			check_failures++;                                              \
			fprintf(stderr, "%s:%d: %s == \"%s\", expected \"%s\"\n", __FILE__, \
				__LINE__, #actual, check_a_ ? check_a_ : "(null)",      \
				check_e_ ? check_e_ : "(null)");                        \
		}                                                                      \
	} while (0)

/* A byte range against a NUL-terminated expectation. */
#define CHECK_MEM(ptr, len, expected)                                                  \
	do {                                                                           \
		const char *check_p_ = (const char *)(ptr), *check_e_ = (expected);    \
		size_t check_n_ = (size_t)(len);                                       \
		check_count++;                                                         \
		if (check_n_ != strlen(check_e_) || (check_n_ && memcmp(check_p_, check_e_, check_n_) != 0)) { \
			check_failures++;                                              \
			fprintf(stderr, "%s:%d: %s == \"%.*s\", expected \"%s\"\n", __FILE__, \
				__LINE__, #ptr, (int)(check_n_ > 200 ? 200 : check_n_), \
				check_p_ ? check_p_ : "", check_e_);                    \
		}                                                                      \
	} while (0)

static inline int check_report(void)
{
	fprintf(stderr, "%d checks, %d failed\n", check_count, check_failures);
	if (check_count == 0)
		return 1; /* a test that asserts nothing is a broken test */
	return check_failures ? 1 : 0;
}

#endif
