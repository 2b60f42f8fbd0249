/*
 * The libraries a project imports, read from the user's Python environment
 * into the project index (project.h, SPEC §2 "installed libraries"). What the
 * project's files import is found with a text scan; each imported module is
 * looked up under the environment's folders as Python's path finder would
 * (root/a/b.py, root/a/b/__init__.py, first root first) and read with the
 * same pre-pass as the project's own files, under its dotted name. A name a
 * package only re-exports (pkg/__init__.py: `from .sub import X`, also under
 * `if TYPE_CHECKING:` as lazily importing libraries write it) is followed to
 * the module that defines it. Bounded: MAX_LIBRARY_FILES files, re-exports
 * MAX_REEXPORT_DEPTH deep.
 */
#include "project.h"

#include <dirent.h>
#include <errno.h>
#include <search.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf.h"
#include "grad_context.h"
#include "pyfiles.h"

#define MAX_LIBRARY_FILES 256
#define MAX_LIBRARY_LOOKUPS 4096 /* modules looked up, found or not */
#define MAX_REEXPORT_DEPTH 6

typedef gg_text_span cut; /* a slice of a module's text */

static bool ident_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' ||
	       (unsigned char)ch >= 0x80;
}

/* ---- the import scan ---- */

typedef struct scan {
	const char *p, *end;
	bool paren; /* inside `from m import (...)`: line ends and comments are space */
} scan;

static void scan_space(scan *s)
{
	while (s->p < s->end) {
		char ch = *s->p;
		if (ch == ' ' || ch == '\t' || ch == '\f') {
			s->p++;
		} else if (ch == '\\' && s->p + 1 < s->end && (s->p[1] == '\n' || s->p[1] == '\r')) {
			s->p += 2; /* a continued line */
			if (s->p[-1] == '\r' && s->p < s->end && *s->p == '\n')
				s->p++;
		} else if (s->paren && (ch == '\n' || ch == '\r')) {
			s->p++;
		} else if (s->paren && ch == '#') {
			while (s->p < s->end && *s->p != '\n' && *s->p != '\r')
				s->p++;
		} else {
			break;
		}
	}
}

static cut scan_ident(scan *s)
{
	cut out = { s->p, 0 };
	while (s->p < s->end && ident_char(*s->p))
		s->p++;
	out.len = (size_t)(s->p - out.ptr);
	return out;
}

/* A dotted name, with the leading dots of a relative one. */
static cut scan_dotted(scan *s)
{
	cut out = { s->p, 0 };
	while (s->p < s->end && *s->p == '.')
		s->p++;
	for (;;) {
		cut id = scan_ident(s);
		if (!id.len || s->p >= s->end || *s->p != '.')
			break;
		s->p++;
	}
	out.len = (size_t)(s->p - out.ptr);
	return out;
}

/* Whether s is at word followed by a space. */
static bool scan_keyword(scan *s, const char *word)
{
	size_t n = strlen(word);
	if ((size_t)(s->end - s->p) <= n || memcmp(s->p, word, n) != 0 || ident_char(s->p[n]))
		return false;
	s->p += n;
	return true;
}

typedef gg_project_import_fn import_fn;

/* The names after `import`, each `x` or `x as y`, separated by commas. */
static int scan_names(scan *s, cut module, bool from, import_fn fn, void *ctx)
{
	for (;;) {
		scan_space(s);
		cut name = from ? scan_ident(s) : scan_dotted(s);
		if (!name.len && from && s->p < s->end && *s->p == '*') {
			name = (cut){ s->p, 1 };
			s->p++;
		}
		if (!name.len)
			return 0;
		scan_space(s);
		cut alias = { "", 0 };
		if (scan_keyword(s, "as")) {
			scan_space(s);
			alias = scan_ident(s);
			scan_space(s);
		}
		int rc = from ? fn(ctx, module, name, alias) : fn(ctx, name, (cut){ "", 0 }, alias);
		if (rc)
			return rc;
		if (s->p >= s->end || *s->p != ',')
			return 0;
		s->p++;
	}
}

int gg_project_imports_each(const char *text, size_t len, gg_project_import_fn fn, void *ctx)
{
	const char *end = text + len;
	for (const char *line = text; line < end;) {
		scan s = { line, end, false };
		while (s.p < end && (*s.p == ' ' || *s.p == '\t'))
			s.p++;
		int rc = 0;
		if (scan_keyword(&s, "import")) {
			rc = scan_names(&s, (cut){ "", 0 }, false, fn, ctx);
		} else if (scan_keyword(&s, "from")) {
			scan_space(&s);
			cut module = scan_dotted(&s);
			scan_space(&s);
			if (module.len && scan_keyword(&s, "import")) {
				scan_space(&s);
				if (s.p < end && *s.p == '(') {
					s.p++;
					s.paren = true;
				}
				rc = scan_names(&s, module, true, fn, ctx);
			}
		}
		if (rc)
			return rc;
		/* On to the next line (a parenthesised list may have taken several). */
		const char *nl = s.p;
		while (nl < end && *nl != '\n' && *nl != '\r')
			nl++;
		line = nl < end ? nl + 1 : end;
	}
	return 0;
}

static int want_add(void *ctx, cut module, cut name, cut alias)
{
	(void)alias;
	gg_strings *wanted = ctx;
	/* The project's own relative imports, and torch, whose facts are built in. */
	if (module.ptr[0] == '.' || gg_text_span_is(module, "torch") || (module.len > 6 && memcmp(module.ptr, "torch.", 6) == 0))
		return 0;
	char *item = name.len ? gg_strdup_printf("%.*s:%.*s", (int)module.len, module.ptr, (int)name.len, name.ptr)
			      : strndup(module.ptr, module.len);
	int rc = item ? gg_strings_push(wanted, item) : -ENOMEM;
	free(item);
	return rc;
}

int gg_project_imports_scan(gg_strings *wanted, const char *text, size_t len)
{
	return gg_project_imports_each(text, len, want_add, wanted);
}

/* ---- reading the libraries ---- */

/* One import statement's name, its spans in the module's text. */
typedef struct lib_import {
	cut module, name, alias;
} lib_import;

typedef struct lib_module {
	char *name; /* owned: dotted */
	char *text; /* owned; NULL when not found */
	size_t len;
	bool package; /* an __init__.py */
	bool scanned; /* imports holds its imports */
	gg_buf imports; /* lib_import records, scanned once, when a name is first followed here */
	gg_strings followed; /* the names already followed here: a star import can reach a module many ways */
} lib_module;

/* A root folder's entry names, sorted; read: whether the folder was listed yet. */
typedef struct root_dir {
	gg_strings names;
	bool read;
} root_dir;

/* A file, by what stat says of it: the same file whatever path names it. */
typedef struct file_id {
	dev_t dev;
	ino_t ino;
} file_id;

typedef struct lib_read {
	gg_project *p;
	gg_analyzer *a;
	const gg_strings *roots;
	lib_module **mods; /* owned, each owned (a module stays put while its text is scanned): every module looked up */
	size_t mods_len, mods_cap;
	/*
	 * mods by name (keys are the modules' names), made on the first lookup:
	 * a check of a project from outside it looks up thousands of modules.
	 */
	struct hsearch_data by_name;
	bool by_name_made;
	size_t files; /* found and read */
	/* Reading the project's own modules (gg_project_add_own); NULL: a library's. */
	const gg_project_own *own;
	file_id *seen; /* owned: the files own->checked names, read into the index already */
	size_t seen_len;
	/*
	 * Each root's entries (roots' order, read on first use, sorted), so that
	 * a module whose first name a root does not hold costs no stat: a check
	 * of files named one by one has a root per folder, thousands of lookups.
	 */
	root_dir *dirs; /* owned */
	size_t dirs_len;
} lib_read;

static bool is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Whether root i (r->roots) holds the entry name (n bytes), listed once. Unknown (an unreadable folder, no memory): true. */
static bool root_holds(lib_read *r, size_t i, const char *name, size_t n)
{
	if (!r->dirs && r->roots->len) {
		r->dirs = calloc(r->roots->len, sizeof *r->dirs);
		r->dirs_len = r->dirs ? r->roots->len : 0;
	}
	if (i >= r->dirs_len)
		return true;
	root_dir *d = &r->dirs[i];
	if (!d->read) {
		d->read = true;
		DIR *dir = opendir(r->roots->items[i]);
		struct dirent *e;
		int rc = dir ? 0 : -1;
		while (!rc && (e = readdir(dir)))
			rc = e->d_name[0] == '.' ? 0 : gg_strings_push(&d->names, e->d_name);
		if (dir)
			closedir(dir);
		if (rc) {
			gg_strings_free(&d->names);
			d->read = false; /* asked again: each lookup then stats, as before */
			return true;
		}
		gg_project_sort_unique(&d->names);
	}
	return gg_project_names_has(&d->names, name, n);
}

/* Whether the file with st is one of the files already read (lib_read's seen). */
static bool seen_has(const lib_read *r, const struct stat *st)
{
	for (size_t i = 0; i < r->seen_len; i++)
		if (r->seen[i].dev == st->st_dev && r->seen[i].ino == st->st_ino)
			return true;
	return false;
}

/*
 * A module of the project's own found at path (below, under root: one of
 * the project's folders): read into m when the walk of the
 * project would have kept it, and indexed unless it is a checked file,
 * indexed already (its text is kept all the same: its re-exports and imports
 * are followed).
 */
static int own_read(lib_read *r, lib_module *m, const char *root, const char *below, const char *path, bool package)
{
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	/* A checked file is in the walk's by being named: its folder's configuration is not asked before its check. */
	bool seen = seen_has(r, &st);
	if ((!seen && r->own->excluded && r->own->excluded(r->own->ctx, root, below)) ||
	    gg_pyfiles_read(path, &m->text, &m->len) != 0)
		return 0;
	m->package = package;
	if (seen)
		return 0;
	r->files++;
	/* By its path from where the check runs, as `check .` names the file. */
	return gg_project_add_source(r->p, r->a, path, m->text, m->len, r->own->wanted, NULL);
}

/*
 * The module dotted name names, looked up once (found or not) and, when
 * found, read into the index. NULL on OOM (*rc set) or past the bound.
 */
static lib_module *module_get(lib_read *r, const char *name, int *rc)
{
	/* Twice the bound, as hsearch wants room to spare; never full, as MAX_LIBRARY_LOOKUPS stops first. */
	if (!r->by_name_made && !(r->by_name_made = hcreate_r(2 * MAX_LIBRARY_LOOKUPS, &r->by_name) != 0)) {
		*rc = -ENOMEM;
		return NULL;
	}
	ENTRY *found = NULL, want = { (char *)name, NULL };
	if (hsearch_r(want, FIND, &found, &r->by_name))
		return found->data;
	if (r->files >= MAX_LIBRARY_FILES || r->mods_len >= MAX_LIBRARY_LOOKUPS)
		return NULL;
	if (gg_grow((void **)&r->mods, &r->mods_cap, r->mods_len, sizeof *r->mods)) {
		*rc = -ENOMEM;
		return NULL;
	}
	lib_module *m = calloc(1, sizeof *m);
	if (!m || !(m->name = strdup(name))) {
		free(m);
		*rc = -ENOMEM;
		return NULL;
	}
	gg_strings_init(&m->followed);
	r->mods[r->mods_len++] = m;
	if (!hsearch_r((ENTRY){ m->name, m }, ENTER, &found, &r->by_name)) {
		*rc = -ENOMEM;
		return m;
	}
	/* a.b.c -> a/b/c.py and a/b/c/__init__.py: the paths below a root. */
	char *below[2] = { gg_strdup_printf("%s.py", name), gg_strdup_printf("%s/__init__.py", name) };
	for (int pkg = 0; pkg < 2 && below[pkg]; pkg++) {
		char *q = below[pkg];
		for (size_t n = strlen(name); n; n--, q++)
			if (*q == '.')
				*q = '/';
	}
	if (!below[0] || !below[1])
		*rc = -ENOMEM;
	gg_buf path = { NULL, 0, 0 }; /* each root's candidate, written over */
	/* a.b -> the root must hold "a" (a folder) or, for a one-part name, "a.py". */
	size_t first = strcspn(name, ".");
	char *first_py = name[first] ? NULL : gg_strdup_printf("%s.py", name);
	if (!name[first] && !first_py)
		*rc = -ENOMEM;
	for (size_t i = 0; i < r->roots->len && !m->text && !*rc; i++) {
		if (!root_holds(r, i, name, first) && (!first_py || !root_holds(r, i, first_py, first + 3)))
			continue;
		for (int pkg = 0; pkg < 2 && !m->text; pkg++) {
			if ((*rc = gg_pyfiles_join_into(&path, r->roots->items[i], below[pkg])))
				break;
			if (r->own) {
				*rc = own_read(r, m, r->roots->items[i], below[pkg], path.data, pkg);
			} else if (is_file(path.data) && gg_pyfiles_read(path.data, &m->text, &m->len) == 0) {
				m->package = pkg;
				r->files++;
				/* Indexed as the project's own files are, by the path below its root. */
				*rc = gg_project_add_source(r->p, r->a, below[pkg], m->text, m->len, NULL, NULL);
			}
		}
	}
	gg_buf_free(&path);
	free(first_py);
	free(below[0]);
	free(below[1]);
	return m;
}

/* Whether text defines name at its top level: `class name`, `def name`, `name =`. */
static bool defines_top(const char *text, size_t len, const char *name)
{
	size_t n = strlen(name);
	const char *end = text + len;
	for (const char *line = text; line < end;) {
		const char *p = line;
		if ((size_t)(end - p) > 6 && memcmp(p, "async ", 6) == 0)
			p += 6;
		if ((size_t)(end - p) > 4 && memcmp(p, "def ", 4) == 0)
			p += 4;
		else if ((size_t)(end - p) > 6 && memcmp(p, "class ", 6) == 0)
			p += 6;
		if ((size_t)(end - p) > n && memcmp(p, name, n) == 0 && !ident_char(p[n]) &&
		    (p != line || p[n] == ' ' || p[n] == '=' || p[n] == ':'))
			return true;
		const char *nl = memchr(line, '\n', (size_t)(end - line));
		line = nl ? nl + 1 : end;
	}
	return false;
}

static int want_name(lib_read *r, const char *module, const char *name, unsigned depth);

static int import_record(void *ctx, cut module, cut name, cut alias)
{
	lib_import rec = { module, name, alias };
	return gg_buf_append(ctx, (const char *)&rec, sizeof rec);
}

/*
 * The dotted module an import of m names, NUL-terminated into *target (the
 * caller frees it): relative ones from m's package, one level up per extra
 * dot. Returns 0, 1 when it climbs above m's top (nothing appended), or
 * -ENOMEM.
 */
static int module_resolve(const lib_module *m, cut module, gg_buf *target)
{
	size_t dots = 0;
	while (dots < module.len && module.ptr[dots] == '.')
		dots++;
	int rc = 0;
	if (dots) {
		size_t keep = strlen(m->name);
		for (size_t up = m->package ? 1 : 0; up < dots && keep; up++) {
			const char *dot = memrchr(m->name, '.', keep);
			keep = dot ? (size_t)(dot - m->name) : 0;
		}
		if (!keep)
			return 1;
		rc = gg_buf_append(target, m->name, keep);
		if (!rc && module.len > dots)
			rc = gg_buf_append(target, ".", 1);
	}
	if (!rc)
		rc = gg_buf_append(target, module.ptr + dots, module.len - dots);
	if (!rc)
		rc = gg_buf_append(target, "", 1);
	return rc ? -ENOMEM : 0;
}

/* A re-export of name (or a `*` one) by m: followed to the module it comes from. */
static int follow_import(lib_read *r, const lib_module *m, const lib_import *im, const char *name, unsigned depth)
{
	cut bound = im->alias.len ? im->alias : im->name;
	bool star = gg_text_span_is(im->name, "*");
	if (!star && !gg_text_span_is(bound, name))
		return 0;
	gg_buf target = { NULL, 0, 0 };
	int rc = module_resolve(m, im->module, &target);
	if (rc > 0) /* above the library's top: nothing to follow */
		return 0;
	char *own = star ? NULL : strndup(im->name.ptr, im->name.len);
	if (!rc && !star && !own)
		rc = -ENOMEM;
	/* `from .sub import X as Y`: pkg.Y is pkg.sub.X, which is what the index holds. */
	if (!rc && !star && im->alias.len && !gg_text_span_is(im->alias, own))
		rc = gg_project_rename(r->p, m->name, name, target.data, own);
	if (!rc)
		rc = want_name(r, target.data, star ? name : own, depth + 1);
	free(own);
	gg_buf_free(&target);
	return rc;
}

/* Reads module, and what defines name in it (NULL: the module alone). */
static int want_name(lib_read *r, const char *module, const char *name, unsigned depth)
{
	int rc = 0;
	lib_module *m = module_get(r, module, &rc);
	if (!rc && m && !m->text && name && r->own) {
		/* A folder without __init__.py (a namespace package): `from pkg import sub` names its module. */
		char *sub = gg_strdup_printf("%s.%s", module, name);
		if (!sub)
			return -ENOMEM;
		module_get(r, sub, &rc);
		free(sub);
		return rc;
	}
	if (rc || !m || !m->text || !name || depth > MAX_REEXPORT_DEPTH || gg_strings_contains(&m->followed, name))
		return rc;
	if ((rc = gg_strings_push(&m->followed, name)))
		return rc;
	/* `from pkg import sub`: a submodule. */
	char *sub = gg_strdup_printf("%s.%s", module, name);
	if (!sub)
		return -ENOMEM;
	const lib_module *s = m->package ? module_get(r, sub, &rc) : NULL;
	free(sub);
	if (rc || (s && s->text) || defines_top(m->text, m->len, name))
		return rc;
	if (!m->scanned) {
		m->scanned = true;
		if ((rc = gg_project_imports_each(m->text, m->len, import_record, &m->imports)))
			return rc;
	}
	/* By index: following may add modules, never to this one's records. */
	for (size_t i = 0; !rc && i < m->imports.len / sizeof(lib_import); i++) {
		lib_import im;
		memcpy(&im, m->imports.data + i * sizeof im, sizeof im);
		rc = follow_import(r, m, &im, name, depth);
	}
	return rc;
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether the project's root holds the top package of module (a folder or a .py file): it shadows an installed one. */
static bool project_shadows(const char *project_root, const char *module)
{
	size_t n = strcspn(module, ".:");
	char *dir = gg_strdup_printf("%s/%.*s", project_root ? project_root : ".", (int)n, module);
	char *file = dir ? gg_strdup_printf("%s.py", dir) : NULL;
	struct stat st;
	bool out = file && (stat(dir, &st) == 0 || stat(file, &st) == 0);
	free(dir);
	free(file);
	return out;
}

static void lib_read_free(lib_read *r)
{
	for (size_t i = 0; i < r->mods_len; i++) {
		free(r->mods[i]->name);
		free(r->mods[i]->text);
		gg_buf_free(&r->mods[i]->imports);
		gg_strings_free(&r->mods[i]->followed);
		free(r->mods[i]);
	}
	free(r->mods);
	r->mods = NULL;
	r->mods_len = r->mods_cap = 0;
	if (r->by_name_made)
		hdestroy_r(&r->by_name);
	r->by_name_made = false;
	for (size_t i = 0; i < r->dirs_len; i++)
		gg_strings_free(&r->dirs[i].names);
	free(r->dirs);
	r->dirs = NULL;
	r->dirs_len = 0;
}

int gg_project_add_libraries(gg_project *p, gg_analyzer *a, const gg_strings *roots, const char *project_root,
			     gg_strings *wanted, size_t *files)
{
	*files = 0;
	if (!roots->len || !wanted->len)
		return 0;
	qsort(wanted->items, wanted->len, sizeof *wanted->items, str_cmp);
	lib_read r = { .p = p, .a = a, .roots = roots };
	int rc = 0;
	for (size_t i = 0; i < wanted->len && !rc; i++) {
		if ((i && strcmp(wanted->items[i], wanted->items[i - 1]) == 0) ||
		    project_shadows(project_root, wanted->items[i]))
			continue;
		char *module = wanted->items[i], *colon = strchr(module, ':');
		if (colon)
			*colon = '\0'; /* the item is split in place: wanted is the caller's scratch */
		rc = want_name(&r, module, colon ? colon + 1 : NULL, 0);
		if (colon)
			*colon = ':';
	}
	*files = r.files;
	lib_read_free(&r);
	return rc ? rc : gg_project_classes_index(p);
}

/* ---- the project's own modules, when the files checked are not all of them ---- */

/* One import of a module of the project's own (lib_read's ctx is the module): what it names, read. */
typedef struct own_scan {
	lib_read *r;
	const lib_module *m;
} own_scan;

static int own_import(void *ctx, cut module, cut name, cut alias)
{
	(void)alias;
	own_scan *o = ctx;
	/* torch's facts are built in, and it is nobody's project. */
	if (gg_text_span_is(module, "torch") || (module.len > 6 && memcmp(module.ptr, "torch.", 6) == 0))
		return 0;
	gg_buf target = { NULL, 0, 0 };
	int rc = module_resolve(o->m, module, &target);
	char *own = rc || !name.len || gg_text_span_is(name, "*") ? NULL : strndup(name.ptr, name.len);
	if (!rc && name.len && !gg_text_span_is(name, "*") && !own)
		rc = -ENOMEM;
	if (!rc && target.len > 1)
		rc = want_name(o->r, target.data, own, 0);
	free(own);
	gg_buf_free(&target);
	return rc > 0 ? 0 : rc;
}

/* The folder of path ("." for a bare name), pushed on roots unless there. */
static int root_push(gg_strings *roots, const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
	int rc = !dir ? -ENOMEM : gg_strings_contains(roots, dir) ? 0 : gg_strings_push(roots, dir);
	free(dir);
	return rc;
}

/*
 * The dotted module of a checked file from the folder root (both real
 * paths), into *out (NULL when it is not below root or is no .py file); its
 * package flag into *package.
 */
static int checked_module(const char *real_root, const char *path, char **out, bool *package)
{
	*out = NULL;
	size_t n = strlen(path);
	char *real = n > 3 && strcmp(path + n - 3, ".py") == 0 ? realpath(path, NULL) : NULL;
	size_t rn = strlen(real_root);
	if (!real)
		return 0;
	if (strncmp(real, real_root, rn) != 0 || (real[rn] != '/' && rn != 1)) {
		free(real);
		return 0;
	}
	const char *below = real + rn + (rn != 1);
	size_t len = strlen(below) - 3;
	*package = len >= 8 && strncmp(below + len - 8, "__init__", 8) == 0 && (len == 8 || below[len - 9] == '/');
	if (*package)
		len = len > 8 ? len - 9 : 0;
	char *dotted = len ? strndup(below, len) : NULL;
	free(real);
	if (len && !dotted)
		return -ENOMEM;
	for (char *q = dotted; q && *q; q++)
		if (*q == '/')
			*q = '.';
	*out = dotted;
	return 0;
}

int gg_project_add_own(gg_project *p, gg_analyzer *a, const gg_project_own *own, size_t *files)
{
	*files = 0;
	gg_strings roots;
	gg_strings_init(&roots);
	lib_read r = { .p = p, .a = a, .roots = &roots, .own = own };
	const char *root = own->root ? own->root : ".";
	char *real_root = realpath(root, NULL);
	/* The project's folder first, then each checked file's own (a script's sys.path[0]). */
	int rc = real_root ? gg_strings_push(&roots, root) : 0;
	r.seen = calloc(own->checked_len ? own->checked_len : 1, sizeof *r.seen);
	if (!r.seen)
		rc = -ENOMEM;
	for (size_t i = 0; !rc && i < own->checked_len; i++) {
		struct stat st;
		if (stat(own->checked[i], &st) == 0 && S_ISREG(st.st_mode))
			r.seen[r.seen_len++] = (file_id){ st.st_dev, st.st_ino };
		rc = root_push(&roots, own->checked[i]);
	}
	/*
	 * The checked files, as modules of the project (their imports, relative
	 * ones too, are scanned below), and what they import by absolute name
	 * (notebooks' too: wanted holds what every checked file imports).
	 */
	for (size_t i = 0; !rc && real_root && i < own->checked_len; i++) {
		char *dotted = NULL;
		bool package = false;
		rc = checked_module(real_root, own->checked[i], &dotted, &package);
		if (!rc && dotted)
			rc = want_name(&r, dotted, NULL, 0);
		free(dotted);
	}
	for (size_t i = 0, n = own->wanted->len; !rc && i < n; i++) {
		char *item = strdup(own->wanted->items[i]), *colon = item ? strchr(item, ':') : NULL;
		if (!item)
			rc = -ENOMEM;
		if (colon)
			*colon = '\0';
		if (!rc)
			rc = want_name(&r, item, colon ? colon + 1 : NULL, 0);
		free(item);
	}
	/* Then what every module read imports, in turn (the list grows as it goes): bounded as the libraries are. */
	for (size_t i = 0; !rc && i < r.mods_len; i++) {
		lib_module *m = r.mods[i];
		if (!m->text)
			continue;
		own_scan o = { &r, m };
		rc = gg_project_imports_each(m->text, m->len, own_import, &o);
	}
	*files = r.files;
	lib_read_free(&r);
	free(r.seen);
	free(real_root);
	gg_strings_free(&roots);
	return rc;
}

static int import_collect(void *ctx, gg_text_span module, gg_text_span name, gg_text_span alias)
{
	gg_project_imports *out = ctx;
	/* `from M import f` (not `import M`), M a module a project could hold. */
	if (!name.len || !module.len)
		return 0;
	if ((module.len == 5 && memcmp(module.ptr, "torch", 5) == 0) || (module.len > 6 && memcmp(module.ptr, "torch.", 6) == 0))
		return 0;
	if (gg_grow((void **)&out->items, &out->cap, out->len, sizeof *out->items))
		return -ENOMEM;
	bool relative = module.ptr[0] == '.';
	while (module.len && module.ptr[0] == '.') {
		module.ptr++;
		module.len--;
	}
	out->items[out->len++] = (gg_project_import){ module, name, alias.len ? alias : name, relative };
	return 0;
}

int gg_project_imports_read(const char *text, size_t len, gg_project_imports *out)
{
	return gg_project_imports_each(text, len, import_collect, out);
}

const gg_project_import *gg_project_import_of(const gg_project_imports *imports, const char *name, size_t n)
{
	for (size_t i = 0; i < imports->len; i++)
		if (imports->items[i].bound.len == n && memcmp(imports->items[i].bound.ptr, name, n) == 0)
			return &imports->items[i];
	return NULL;
}
