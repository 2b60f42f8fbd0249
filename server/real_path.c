#include "real_path.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

size_t gg_real_path_child_at(const char *dir)
{
	const char *slash = strrchr(dir, '/');
	if (!slash || slash == dir)
		return 0;
	const char *name = slash + 1;
	if (!*name || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
		return 0;
	return (size_t)(name - dir);
}

char *gg_real_path_below(const char *dir, size_t child_at, const char *parent_real)
{
	struct stat st;
	char *real = NULL;
	if (child_at && parent_real && lstat(dir, &st) == 0 && S_ISDIR(st.st_mode) &&
	    asprintf(&real, "%s/%s", strcmp(parent_real, "/") == 0 ? "" : parent_real, dir + child_at) >= 0)
		return real;
	return realpath(dir, NULL);
}
