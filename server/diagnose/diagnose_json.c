#include "diagnose_json.h"

#include "cause.h"
#include "text.h"

static cJSON *json_null_or_string(const char *s)
{
	return s ? cJSON_CreateString(s) : cJSON_CreateNull();
}

static cJSON *json_frame(const gg_tb_frame *f, const gg_dx_frame *x)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "filename", f->filename);
	if (f->line)
		cJSON_AddNumberToObject(o, "line", f->line);
	else
		cJSON_AddNullToObject(o, "line");
	cJSON_AddStringToObject(o, "function", f->function);
	cJSON_AddBoolToObject(o, "user", x ? x->user : 0);
	cJSON_AddItemToObject(o, "code", json_null_or_string(f->code));
	cJSON_AddBoolToObject(o, "notebook", f->notebook);
	cJSON_AddNumberToObject(o, "log_line", (double)f->at.line);
	if (x && x->res.path) {
		cJSON_AddStringToObject(o, "resolved", x->res.path);
		if (x->res.is_cell)
			cJSON_AddNumberToObject(o, "cell", x->res.cell);
		cJSON_AddBoolToObject(o, "stale", x->res.stale);
		if (x->res.moved_to)
			cJSON_AddNumberToObject(o, "moved_to", x->res.moved_to);
	} else {
		cJSON_AddNullToObject(o, "resolved");
		if (x && x->res.ambiguous)
			cJSON_AddBoolToObject(o, "ambiguous", 1);
	}
	return o;
}

static cJSON *json_exception(const gg_traceback *tb)
{
	if (!tb->has_exception)
		return cJSON_CreateNull();
	cJSON *o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "type", tb->exc.type);
	cJSON_AddStringToObject(o, "message", tb->exc.message);
	cJSON_AddNumberToObject(o, "line", (double)tb->exc.at.line);
	return o;
}

static void json_size(cJSON *o, const char *key, double v)
{
	if (v >= 0)
		cJSON_AddNumberToObject(o, key, v);
}

cJSON *gg_diagnosis_to_json(const gg_diagnosis *d)
{
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	cJSON *o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "kind", gg_dx_kind_name(d->kind));
	cJSON_AddItemToObject(o, "device", json_null_or_string(gg_oom_device_name(d->oom.device)));
	if (d->oom.device_index >= 0)
		cJSON_AddNumberToObject(o, "device_index", d->oom.device_index);
	else
		cJSON_AddNullToObject(o, "device_index");
	if (d->rank >= 0)
		cJSON_AddNumberToObject(o, "rank", d->rank);
	else
		cJSON_AddNullToObject(o, "rank");
	cJSON_AddBoolToObject(o, "first", d->first);
	if (d->follows_rank >= 0)
		cJSON_AddNumberToObject(o, "follows_rank", d->follows_rank);
	cJSON_AddStringToObject(o, "confidence", gg_dx_confidence_name(d->confidence));
	cJSON_AddItemToObject(o, "exception", json_exception(tb));
	if (d->oom.is_oom)
		cJSON_AddStringToObject(o, "oom_form", d->oom.form);
	cJSON *chain = cJSON_AddArrayToObject(o, "chain");
	for (size_t i = 0; i < d->chain->len; i++)
		cJSON_AddItemToArray(chain, json_exception(&d->chain->tbs[i]));
	cJSON *frames = cJSON_AddArrayToObject(o, "frames");
	for (size_t i = 0; i < tb->len; i++)
		cJSON_AddItemToArray(frames, json_frame(&tb->frames[i], d->frames ? &d->frames[i] : NULL));
	if (tb->omitted)
		cJSON_AddNumberToObject(o, "frames_omitted", (double)tb->omitted);
	const gg_tb_frame *c = gg_diagnosis_culprit(d);
	if (c) {
		cJSON *cu = json_frame(c, &d->frames[d->culprit]);
		cJSON_AddItemToObject(o, "culprit", cu);
	} else {
		cJSON_AddNullToObject(o, "culprit");
	}
	if (d->entry >= 0)
		cJSON_AddItemToObject(o, "entry", json_frame(&tb->frames[d->entry], &d->frames[d->entry]));
	else
		cJSON_AddNullToObject(o, "entry");
	cJSON_AddStringToObject(o, "phase", gg_dx_phase_name(d->phase));
	if (d->grad_disabled < 0)
		cJSON_AddNullToObject(o, "grad_disabled_on_path");
	else
		cJSON_AddBoolToObject(o, "grad_disabled_on_path", d->grad_disabled == 1);
	cJSON *causes = cJSON_AddArrayToObject(o, "causes");
	for (unsigned bit = 1; bit && bit <= d->causes; bit <<= 1)
		if ((d->causes & bit) && gg_cause_name(bit))
			cJSON_AddItemToArray(causes, cJSON_CreateString(gg_cause_name(bit)));
	if (d->cause != GG_CAUSE_NONE) {
		cJSON *c = cJSON_AddObjectToObject(o, "cause");
		cJSON_AddStringToObject(c, "name", gg_cause_name(d->cause));
		cJSON_AddStringToObject(c, "evidence", d->cause_evidence ? d->cause_evidence : "");
	} else {
		cJSON_AddNullToObject(o, "cause");
	}
	cJSON_AddItemToObject(o, "torch_version", json_null_or_string(d->torch_version));
	cJSON_AddStringToObject(o, "explanation", d->explanation ? d->explanation : "");
	cJSON_AddStringToObject(o, "fix", d->fix ? d->fix : "");
	cJSON *ev = cJSON_AddArrayToObject(o, "evidence");
	for (size_t i = 0; i < d->evidence_len; i++)
		cJSON_AddItemToArray(ev, cJSON_CreateString(d->evidence[i]));
	if (d->static_code) {
		cJSON *s = cJSON_AddObjectToObject(o, "static");
		cJSON_AddStringToObject(s, "code", d->static_code);
		cJSON_AddStringToObject(s, "message", d->static_message ? d->static_message : "");
		cJSON_AddNumberToObject(s, "line", d->static_line);
		if (d->static_cell >= 0)
			cJSON_AddNumberToObject(s, "cell", (double)d->static_cell);
	} else {
		cJSON_AddNullToObject(o, "static");
	}
	/* Only where the paste gave a figure: a kill's or a bare line's would be an empty object. */
	const gg_oom_info *f = &d->oom;
	bool figures = f->tried >= 0 || f->total >= 0 || f->allocated >= 0 || f->reserved >= 0 || f->reserved_unallocated >= 0 ||
		       f->cached >= 0 || f->free >= 0 || (!f->limit_none && f->limit >= 0);
	if (d->oom.is_oom && figures) {
		cJSON *m = cJSON_AddObjectToObject(o, "memory");
		json_size(m, "tried_to_allocate", d->oom.tried);
		json_size(m, "total_capacity", d->oom.total);
		json_size(m, "allocated", d->oom.allocated);
		json_size(m, "reserved", d->oom.reserved);
		json_size(m, "reserved_unallocated", d->oom.reserved_unallocated);
		json_size(m, "cached", d->oom.cached); /* 1.0-1.3: the cache beyond the tensors */
		json_size(m, "free", d->oom.free);
		if (!d->oom.limit_none)
			json_size(m, "limit", d->oom.limit);
	}
	/* cJSON returns NULL from the Add* calls on OOM; one check at the end catches any. */
	if (!cJSON_GetObjectItemCaseSensitive(o, "phase") || !cJSON_GetObjectItemCaseSensitive(o, "fix") ||
	    !cJSON_GetObjectItemCaseSensitive(o, "evidence")) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

cJSON *gg_diagnoses_to_json(const gg_diagnoses *d)
{
	cJSON *root = cJSON_CreateObject();
	cJSON *list = cJSON_AddArrayToObject(root, "diagnoses");
	if (!list) {
		cJSON_Delete(root);
		return NULL;
	}
	for (size_t i = 0; i < d->len; i++) {
		cJSON *x = gg_diagnosis_to_json(&d->items[i]);
		if (!x) {
			cJSON_Delete(root);
			return NULL;
		}
		cJSON_AddItemToArray(list, x);
	}
	cJSON_AddNumberToObject(root, "lines", (double)d->lines);
	if (!cJSON_AddNumberToObject(root, "omitted", (double)d->omitted)) {
		cJSON_Delete(root);
		return NULL;
	}
	return root;
}
