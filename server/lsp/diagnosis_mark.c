#include "lsp/diagnosis_mark.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "lsp/diagnostics.h"
#include "uri.h"

void gg_diagnosis_mark_free(gg_session *s)
{
	free(s->mark.uri);
	free(s->mark.path);
	cJSON_Delete(s->mark.diagnostic);
	s->mark.uri = NULL;
	s->mark.path = NULL;
	s->mark.diagnostic = NULL;
}

/* Whether the mark is on uri, by its path: a client may percent-encode otherwise than we do. */
static bool mark_on(const gg_session *s, const char *uri)
{
	if (!s->mark.uri || !uri)
		return false;
	if (strcmp(s->mark.uri, uri) == 0)
		return true;
	char *path = s->mark.path ? gg_uri_to_path(uri) : NULL;
	bool same = path && strcmp(path, s->mark.path) == 0;
	free(path);
	return same;
}

/* Pushes uri's diagnostics as they are without the mark (which the caller has freed). */
static void mark_publish_without(gg_session *s, const char *uri)
{
	gg_document *doc = s->client_pulls_diagnostics ? NULL : gg_session_find_document(s, uri);
	if (doc) {
		/* An edit already scheduled the publish, after its analysis: let it go then. */
		if (!doc->publish_pending)
			gg_diagnostics_publish(s, doc);
		return;
	}
	/* Pulled findings are not in the pushed collection, and a closed file has none pushed: empty it. */
	cJSON *params = cJSON_CreateObject();
	cJSON_AddStringToObject(params, "uri", uri);
	cJSON_AddArrayToObject(params, "diagnostics");
	gg_session_send_notification(s, "textDocument/publishDiagnostics", params);
}

bool gg_diagnosis_mark_end(gg_session *s, const char *uri)
{
	if (!mark_on(s, uri))
		return false;
	/* The client's URI, not ours: ours is freed with the mark. */
	gg_diagnosis_mark_free(s);
	gg_log_debug("the diagnosis no longer applies to %s: cleared", uri);
	mark_publish_without(s, uri);
	return true;
}

int gg_diagnosis_mark_set(gg_session *s, const char *uri, cJSON *diagnostic)
{
	char *copy = strdup(uri);
	char *path = gg_uri_to_path(uri); /* NULL for a URI that names no local file */
	if (!copy || !diagnostic) {
		free(copy);
		free(path);
		cJSON_Delete(diagnostic);
		return -ENOMEM;
	}
	/* The previous diagnosis, on another file, is replaced: that file shows it no more. */
	char *prev = s->mark.uri;
	bool elsewhere = prev && !mark_on(s, uri);
	s->mark.uri = NULL;
	free(s->mark.path);
	s->mark.path = NULL;
	cJSON_Delete(s->mark.diagnostic);
	s->mark.diagnostic = NULL;
	if (elsewhere)
		mark_publish_without(s, prev);
	free(prev);
	s->mark.uri = copy;
	s->mark.path = path;
	s->mark.diagnostic = diagnostic;
	return 0;
}

int gg_diagnosis_mark_append(const gg_session *s, const char *uri, cJSON *list)
{
	if (!mark_on(s, uri))
		return 0;
	cJSON *copy = cJSON_Duplicate(s->mark.diagnostic, 1);
	if (!copy || !cJSON_AddItemToArray(list, copy)) {
		cJSON_Delete(copy);
		return -ENOMEM;
	}
	return 0;
}
