#include "uri.h"

#include "check.h"

#include <stdlib.h>
#include <string.h>

static void check_from_path(const char *path, const char *expected)
{
	char *uri = gg_uri_from_path(path);
	CHECK(uri != NULL && strcmp(uri, expected) == 0);
	if (uri && strcmp(uri, expected) != 0)
		fprintf(stderr, "  gg_uri_from_path(%s) = %s, expected %s\n", path, uri, expected);
	free(uri);
}

static void test_from_path(void)
{
	check_from_path("/home/a/train.py", "file:///home/a/train.py");
	check_from_path("/home/a b/t\xC3\xA9.py", "file:///home/a%20b/t%C3%A9.py");
	check_from_path("/c:/x", "file:///c:/x");
	/* A root of "/" joined with "/" + a path: never an authority. */
	check_from_path("//etc/passwd", "file:///etc/passwd");
	check_from_path("///a//b///c.py", "file:///a/b/c.py");
	check_from_path("rel/a.py", "file:///rel/a.py");
	check_from_path("/", "file:///");
}

static void test_round_trip(void)
{
	static const char *const paths[] = { "/home/a/train.py", "/x/%41 #?.py", "/\xE2\x82\xAC/y" };
	for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
		char *uri = gg_uri_from_path(paths[i]);
		char *back = uri ? gg_uri_to_path(uri) : NULL;
		CHECK(back != NULL && strcmp(back, paths[i]) == 0);
		free(uri);
		free(back);
	}
}

int main(void)
{
	test_from_path();
	test_round_trip();
	return check_report();
}
