#ifndef GG_LSP_DISPATCH_H
#define GG_LSP_DISPATCH_H

#include "lsp/session.h"

/* Handles one received message: lifecycle gating, routing to its handler, the reply. */
void gg_dispatch_message(gg_session *s, const gg_rpc_message *msg);

/* True for methods handled the moment they arrive rather than in turn ($/cancelRequest). */
bool gg_dispatch_is_immediate(const gg_rpc_message *msg);

#endif
