/*
 * An ignore file's lines as libgit2 internal rules for another folder
 * (server/ignore_rules.c): the rules each file gives, table-driven. What the
 * rules then match is libgit2's business, tested end to end by the ignore_*
 * cases of tests/cli/options.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ignore_rules.h"

static const struct {
	const char *what, *at, *base, *text, *rules;
} cases[] = {
	/* The file in the base folder: its lines as they are. */
	{ "plain names", "/w", "/w", "foo\n*.py\nbuild/\n", "foo\n*.py\nbuild/\n" },
	{ "anchored stays anchored", "/w", "/w", "/foo\na/b\n/a/b/\n", "/foo\n/a/b\n/a/b/\n" },
	{ "comments and blanks", "/w", "/w", "# note\n\n   \n\t\n#x.py\n", "" },
	{ "escapes kept", "/w", "/w", "\\#hash.py\n\\!bang.py\n", "\\#hash.py\n\\!bang.py\n" },
	{ "trailing blanks", "/w", "/w", "foo   \nbar\\ \nbaz\\\\ \n", "foo\nbar\\ \nbaz\\\\\n" },
	{ "CRLF and no last newline", "/w", "/w", "foo\r\nbar/\r\nbaz", "foo\nbar/\nbaz\n" },
	{ "a negation kept by a class", "/w", "/w", "!keep.py\n!/gen/\n!*.py\n", "![\\k]eep.py\n!/[\\g]en/\n!*.py\n" },
	{ "an escaped first letter", "/w", "/w", "!\\#x\n", "![\\#]x\n" },
	{ "nothing but '!' or '/'", "/w", "/w", "!\n/\n!/\n", "" },
	{ "a line with a NUL", "/w", "/w", "a\0b\nc\n", "c\n" },
	/* The file below the base. */
	{ "any depth below the folder", "/w/sub", "/w", "p\n*.tmp.py\nout/\n", "sub/**/p\nsub/**/*.tmp.py\nsub/**/out/\n" },
	{ "anchored to the folder", "/w/sub/x", "/w", "/p\na/p\na/p/\n", "sub/x/p\nsub/x/a/p\nsub/x/a/p/\n" },
	{ "negations below", "/w/sub", "/w", "!p\n!/p\n", "!sub/**/p\n![\\s]ub/p\n" },
	{ "the folder's name escaped", "/w/a*b[c]?\\!#", "/w", "/p\n", "a\\*b\\[c]\\?\\\\\\!\\#/p\n" },
	{ "a name no pattern spells", "/w/a\nb", "/w", "p\n", "" },
	{ "the stand-in: from the root", "/home/u/p", "/", "x.py\n/y.py\n", "home/u/p/**/x.py\nhome/u/p/y.py\n" },
	{ "the root's own file", "/", "/", "x.py\n/y\n", "x.py\n/y\n" },
	/* The file above the base (a work tree): what reaches into it (a "**" part: each way it may fall, some redundant). */
	{ "names reach any depth", "/h", "/h/r", "x.py\nout/\n!k.py\n", "x.py\nout/\n![\\k].py\n" },
	{ "the path down to the base", "/h", "/h/r", "r/a.py\n/r/b/\nother/a.py\n", "/a.py\n/b/\n" },
	{ "a wildcard part", "/h", "/h/a/r", "a/*/x\n?/r/y\n[ab]/r/z\nb/*/w\n", "/x\n/y\n/z\n" },
	{ "a double star part", "/h", "/h/a/r", "**/x/y\na/**/z\n", "/**/x/y\n/x/y\n/**/z\n/z\n" },
	{ "naming the base itself", "/h", "/h/r", "r\n/r/\nr/**\n", "r\n/**\n" },
	{ "the root above", "/", "/r", "r/x\n", "/x\n" },
	{ "a negation above", "/h", "/h/r", "!r/keep.py\n", "!/[\\k]eep.py\n" },
	/* Neither above nor below. */
	{ "an unrelated folder", "/x", "/y", "p\n", "" },
	{ "a name's prefix is not its parent", "/w/subx", "/w/sub", "p\n", "" },
};

int main(void)
{
	int failures = 0;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t len = strlen(cases[i].text);
		if (strcmp(cases[i].what, "a line with a NUL") == 0)
			len = 7;
		char *out = NULL;
		int rc = gg_ignore_rules_rebase(cases[i].text, len, cases[i].at, cases[i].base, &out);
		if (rc != 0 || !out || strcmp(out, cases[i].rules) != 0) {
			fprintf(stderr, "FAIL %s: rc %d, rules\n%s---\nnot\n%s---\n", cases[i].what, rc, out ? out : "(null)",
				cases[i].rules);
			failures++;
		}
		free(out);
	}
	printf("%zu/%zu cases pass\n", sizeof cases / sizeof cases[0] - (size_t)failures, sizeof cases / sizeof cases[0]);
	return failures ? 1 : 0;
}
