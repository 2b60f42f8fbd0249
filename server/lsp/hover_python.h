#ifndef GG_HOVER_PYTHON_H
#define GG_HOVER_PYTHON_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "lsp/session.h"

/*
 * Hover in Python documents: on a finding, its rule's explanation (mechanism,
 * memory impact, fix, how to verify) under the finding's message; on
 * model.eval(), .train(), no_grad, inference_mode, set_grad_enabled,
 * enable_grad, volatile=, .detach(), .item(), what the API does and does not
 * do. The texts are explain_docs.c's. Returns the Hover object, or NULL for
 * nothing to say.
 */
cJSON *gg_hover_python(gg_session *s, gg_document *doc, size_t offset);

#endif
