;;; e2e.el --- editors/emacs/gradguard.el in emacs --batch against the real server  -*- lexical-binding: t; -*-

;; Run by run_emacs.sh, which sets GG_BIN, GG_REPO and GG_TMP (a scratch
;; folder holding validate.py, train.py, eval_oom.log and checkout/, a copy
;; of gradguard.el beside a build/gradguard).  The README's snippet is the
;; setup, evaluated as written.  Prints one line per check; exits 1 on the
;; first failure.

;;; Code:

(require 'package)
(package-initialize)                    ; Debian's elpa-eglot lives in the package dirs
(require 'cl-lib)

(defvar gg-tmp (file-name-as-directory (getenv "GG_TMP")))
(defvar gg-bin (getenv "GG_BIN"))
(defvar gg-repo (getenv "GG_REPO"))
(defvar gg-timeout (/ (string-to-number (or (getenv "GG_TIMEOUT_MS") "15000")) 1000.0))

(defun gg-say (fmt &rest args)
  (princ (concat (apply #'format fmt args) "\n")))

(defun gg-fail (fmt &rest args)
  (gg-say "FAIL: %s" (apply #'format fmt args))
  (kill-emacs 1))

(defun gg-wait (label pred seen)
  "Wait for PRED; on timeout fail with LABEL and what SEEN returns."
  (let ((deadline (+ (float-time) gg-timeout)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (if (funcall pred)
        (gg-say "ok   %s" label)
      (gg-fail "%s: timed out after %.0f s; saw: %s" label gg-timeout (funcall seen)))))

(defun gg-diags (&optional code)
  "gradguard's flymake diagnostics in this buffer (with CODE if given)."
  (cl-remove-if-not
   (lambda (d)
     (let ((lsp (cdr (assoc 'eglot-lsp-diag (eglot--diag-data d)))))
       (and lsp (or (null code) (equal (plist-get lsp :code) code)))))
   (flymake-diagnostics)))

(defun gg-visit (file)
  "Visit FILE as a user would; eglot-ensure connects after the command ends."
  (find-file file)
  (run-hooks 'post-command-hook))

(defun gg-describe (diags)
  (if diags
      (mapconcat (lambda (d) (format "line %d: %s" (line-number-at-pos (flymake-diagnostic-beg d))
                                     (flymake-diagnostic-text d)))
                 diags " | ")
    "no diagnostics"))

;; The README's Emacs snippet, as a user pastes it into init.el: it must work
;; as written (it used to leave the program unset, and eglot failed with a
;; raw file-missing error), logs included (they used to get no server).
(defun gg-readme-snippet ()
  (with-temp-buffer
    (insert-file-contents (expand-file-name "README.md" gg-repo))
    (search-forward "**Emacs**")
    (search-forward "```elisp\n")
    (let ((beg (point)))
      (search-forward "```")
      (buffer-substring-no-properties beg (match-beginning 0)))))

(let ((snippet (string-replace "/path/to/gradguard" (concat gg-tmp "checkout") (gg-readme-snippet))))
  (with-temp-buffer
    (insert snippet)
    (goto-char (point-min))
    (condition-case nil
        (while t (eval (read (current-buffer)) t))
      (end-of-file nil)))
  (gg-say "ok   README snippet evaluated"))
(unless (equal gradguard-settings '(:prefer "no_grad"))
  (gg-fail "the README's snippet sets gradguard-settings to %S, the test expects (:prefer \"no_grad\")"
           gradguard-settings))
;; A batch Emacs is never idle: no waiting for timers.
(setq eglot-sync-connect t
      eglot-send-changes-idle-time 0
      eglot-autoshutdown nil)

(condition-case err
    (let* ((file (concat gg-tmp "validate.py"))
           (expected (aref (json-parse-string
                            (with-temp-buffer
                              (call-process gg-bin nil t nil "check" "--output-format" "json" file)
                              (buffer-string))
                            :object-type 'plist)
                           0))
           (row (plist-get (plist-get expected :location) :row))
           (col (plist-get (plist-get expected :location) :column)))
      ;; 1. The finding, on the line `gradguard check' reports.
      (gg-visit file)
      (gg-wait "eglot connected" #'eglot-current-server (lambda () "no server"))
      (gg-wait "GG001 published" (lambda () (gg-diags "GG001"))
               (lambda () (gg-describe (flymake-diagnostics))))
      (let* ((d (car (gg-diags "GG001")))
             (beg (flymake-diagnostic-beg d)))
        (goto-char beg)
        (unless (and (= (line-number-at-pos) row) (= (1+ (current-column)) col))
          (gg-fail "GG001 at %d:%d, gradguard check says %d:%d"
                   (line-number-at-pos) (1+ (current-column)) row col))
        (gg-say "ok   GG001 at line %d col %d, as gradguard check says" row col))

      ;; 2. Hover.
      (let* ((hover (jsonrpc-request (eglot-current-server) :textDocument/hover
                                     (eglot--TextDocumentPositionParams)))
             (text (plist-get (plist-get hover :contents) :value)))
        (dolist (needle '("model.eval()" "torch.no_grad()" "GG001.md"))
          (unless (and text (string-search needle text))
            (gg-fail "hover lacks %S; got: %S" needle hover)))
        (gg-say "ok   hover explains the finding"))

      ;; 3. The preferred quick fix through eglot's own menu, answered with
      ;; its default (the preferred action).
      (let ((last-nonmenu-event 0))  ; not a mouse event: no popup menu
        (cl-letf (((symbol-function 'completing-read)
                   (lambda (_prompt _coll &optional _pred _req _init _hist default &rest _)
                     (gg-say "ok   preferred action %S" default)
                     default)))
          (eglot-code-actions (point) nil nil t)))
      (gg-wait "quick fix applied (no_grad in the buffer)"
               (lambda () (save-excursion (goto-char (point-min)) (search-forward "no_grad" nil t)))
               #'buffer-string)
      ;; eglot sends didChange from an idle timer, and a batch Emacs is never idle.
      (eglot--signal-textDocument/didChange)
      (gg-wait "GG001 gone after the fix" (lambda () (null (gg-diags "GG001")))
               (lambda () (gg-describe (gg-diags))))

      ;; 4. A log buffer (its own server: see gradguard-eglot-setup) gets a
      ;; diagnosis on the exception.
      (gg-visit (concat gg-tmp "eval_oom.log"))
      (gg-wait "log buffer diagnosed" #'gg-diags
               (lambda () (format "%s (server %s)" (gg-describe (flymake-diagnostics))
                                  (and (eglot-current-server) (eglot--language-id (eglot-current-server))))))

      ;; 5. The traceback command, on the log's text.
      (gradguard-diagnose-region (point-min) (point-max))
      (let ((shown (with-current-buffer "*gradguard diagnosis*" (buffer-string))))
        (unless (string-search "oom-eval-no-grad" shown)
          (gg-fail "diagnosis lacks oom-eval-no-grad: %s" shown))
        (gg-say "ok   diagnosis kind oom-eval-no-grad shown"))
      (unless (and (equal buffer-file-name (concat gg-tmp "train.py")) (= (line-number-at-pos) 8))
        (gg-fail "expected train.py:8, at %s:%d" buffer-file-name (line-number-at-pos)))
      (gg-say "ok   jumped to the culprit train.py:8")

      ;; 5b. A traceback pasted into a buffer that is no file (no server of
      ;; its own): the project's gradguard server diagnoses it.
      (let ((log-text (with-temp-buffer
                        (insert-file-contents (concat gg-tmp "eval_oom.log"))
                        (buffer-string))))
        (with-current-buffer (get-buffer-create "*pasted traceback*")
          (setq default-directory gg-tmp)
          (insert log-text)
          (gradguard-diagnose-region (point-min) (point-max))))
      (unless (equal buffer-file-name (concat gg-tmp "train.py"))
        (gg-fail "a pasted traceback: expected train.py, at %s" buffer-file-name))
      (gg-say "ok   a pasted traceback in a buffer with no server diagnosed")

      ;; 5c. A program that is not there: a message that says what to do
      ;; (eglot alone reports a raw file-missing error).
      (let* ((gradguard-program "no-such-gradguard")
             (said (condition-case e (progn (gradguard--contact) "no error")
                     (user-error (error-message-string e)))))
        (dolist (needle '("no-such-gradguard" "./bootstrap" "gradguard-program"))
          (unless (string-search needle said)
            (gg-fail "the missing program's message lacks %S: %s" needle said)))
        (gg-say "ok   a missing program says what to do"))

;; 5d. The culprit file changed on disk, outside Emacs (a checkout):
      ;; eglot watches the files the server asked it to (dynamic
      ;; registration) and says so, and the diagnosis's error on the
      ;; culprit line goes (it used to stay until the server restarted).
      (let* ((train (concat gg-tmp "train.py"))
             (buffer (find-buffer-visiting train))
             (server (with-current-buffer buffer (eglot-current-server)))
             ;; What eglot last got for the buffer (flymake shows it once it
             ;; asks, on an idle timer, which a batch Emacs never runs).
             (codes (lambda ()
                      (with-current-buffer buffer
                        (mapcar (lambda (d) (plist-get (cdr (assoc 'eglot-lsp-diag (eglot--diag-data d))) :code))
                                eglot--diagnostics))))
             (marked (lambda () (member "oom-eval-no-grad" (funcall codes)))))
        (unless (gethash "gradguard-watched-files" (eglot--file-watches server))
          (gg-fail "eglot watches no files for gradguard: %S"
                   (hash-table-keys (eglot--file-watches server))))
        (gg-say "ok   eglot watches the files gradguard asked for")
        (gg-wait "the diagnosis error on train.py" marked (lambda () (format "%S" (funcall codes))))
        (write-region "# changed on disk\n" nil train t 'quiet)
        ;; File notifications are events, which a batch Emacs handles only
        ;; while it reads one.
        (let ((deadline (+ (float-time) gg-timeout)))
          (while (and (funcall marked) (< (float-time) deadline))
            (read-event nil nil 0.05)))
        (when (funcall marked)
          (gg-fail "the diagnosis error stayed on train.py after it changed on disk: %S" (funcall codes)))
        (gg-say "ok   the diagnosis error gone when train.py changed on disk"))

      ;; 6. Shutdown and exit over eglot's connection: a server exits 0 only
      ;; after both. Sent here rather than by eglot-shutdown because Emacs 28's
      ;; jsonrpc.el deletes the process right after sending exit, racing it.
      (dolist (servers (hash-table-values eglot--servers-by-project))
        (dolist (server servers)
          (let ((process (jsonrpc--process server)))
            (setf (eglot--shutdown-requested server) t)
            (jsonrpc-request server :shutdown nil :timeout gg-timeout)
            (jsonrpc-notify server :exit nil)
            (gg-wait "server exited" (lambda () (memq (process-status process) '(exit signal)))
                     (lambda () (format "%s" (process-status process))))
            (unless (and (eq (process-status process) 'exit) (= (process-exit-status process) 0))
              (gg-fail "server ended with %s %d" (process-status process) (process-exit-status process)))
            (gg-say "ok   server (%s) exited 0 after shutdown + exit" (eglot--language-id server))))))
  (error (gg-fail "%s" (error-message-string err))))

(gg-say "PASS")
(kill-emacs 0)
;;; e2e.el ends here
