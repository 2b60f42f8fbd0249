; GG001 eval-forward-with-grad: the facts the rule gathers in one pass over
; the tree before its walk (server/analysis/rule_gg001.c) puts them in order.
;
; These patterns are the specification of that pass. The rule no longer runs
; them through a TSQuery: facts_collect in rule_gg001.c matches each of them
; by hand, comparing node symbols and field ids resolved once per analyzer,
; in the same single walk that also indexes the tree's calls and assignments
; for GG002 (docs/performance.md: the query pass alone was 17% of a check).
; A change here must be made there too.

; --- Imports -------------------------------------------------------------
; Every import binds a name: `import torch as th`, `from torch import no_grad
; as ng`, `from utils import smart_inference_mode`, `import lightning as L`.
; The rule resolves callees, decorators and base classes through them; a file
; is checked only when one of them imports a framework (decided in C).

(import_statement
  name: (dotted_name . (identifier) @import.root) @import.module)

(import_statement
  name: (aliased_import
    name: (dotted_name . (identifier) @import.root) @import.module
    alias: (identifier) @import.alias))

(import_from_statement
  module_name: (dotted_name . (identifier) @import.root) @from.module
  name: (dotted_name) @from.name)

(import_from_statement
  module_name: (dotted_name . (identifier) @import.root) @from.module
  name: (aliased_import
    name: (dotted_name) @from.name
    alias: (identifier) @from.alias))

; `from torch import *` binds every torch name: the file is checked.
(import_from_statement
  module_name: (dotted_name . (identifier) @import.root) @from.module
  (wildcard_import))

; --- Backward evidence ---------------------------------------------------
; Code that computes gradients is training code (or evaluation that needs
; gradients: saliency, adversarial attacks, test-time adaptation).

; loss.backward(), accelerator.backward(loss), scaler.scale(loss).backward()
(call
  function: (attribute attribute: (identifier) @_method)
  (#eq? @_method "backward")) @backward

; optimizer.step(), self.optim.step(), opt_g.step(), scaler.step(optimizer)
(call
  function: (attribute
    object: [(identifier) (attribute)] @_receiver
    attribute: (identifier) @_method)
  (#eq? @_method "step")
  (#match? @_receiver "([Oo]ptim|(^|[._])opt($|_)|[Ss]caler$)")) @backward

; x.requires_grad_() and x.requires_grad_(True)
(call
  function: (attribute attribute: (identifier) @_method)
  arguments: (argument_list) @_args
  (#eq? @_method "requires_grad_")
  (#not-match? @_args "False")) @backward

; images.requires_grad = True
(assignment
  left: (attribute attribute: (identifier) @_attr)
  right: (true)
  (#eq? @_attr "requires_grad")) @backward

; torch.autograd.grad(...), torch.enable_grad(), and their aliases: the
; callee is resolved through the imports before it counts.
(call
  function: [
    (identifier) @_name
    (attribute attribute: (identifier) @_name)
  ] @grad.callee
  (#any-of? @_name "grad" "enable_grad"))

; @torch.enable_grad (without a call)
(decorator
  [
    (identifier) @_name
    (attribute attribute: (identifier) @_name)
  ] @grad.callee
  (#eq? @_name "enable_grad"))

; --- Grad-disabling names ---------------------------------------------------
; A function whose body names no_grad or inference_mode, used as a decorator
; or context manager, is a project-local wrapper (smart_inference_mode()).
[
  (attribute attribute: (identifier) @_off)
  (call function: (identifier) @_off)
] @gradoff
(#any-of? @_off "no_grad" "inference_mode")

; Variable(x, volatile=True): named in the message, it does not disable grad.
(keyword_argument
  name: (identifier) @_kw
  value: (true)
  (#eq? @_kw "volatile")) @volatile

; --- Definitions and bindings ---------------------------------------------
(function_definition) @function
(class_definition) @class

; model = Net(), self.backbone = timm.create_model(...), metric = Accuracy()
(assignment
  left: [(identifier) (attribute)] @assign.left
  right: (call) @assign.right)
