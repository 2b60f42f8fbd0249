;;; gradguard.el --- gradguard through eglot  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1") (eglot "1.9"))
;; Keywords: languages, tools

;;; Commentary:

;; Runs `gradguard lsp' with eglot for Python buffers and for training logs
;; (`gradguard-log-mode'), and diagnoses a pasted traceback:
;;
;;   (require 'gradguard)
;;   (gradguard-eglot-setup)
;;   (add-hook 'python-mode-hook #'eglot-ensure)
;;
;; The program is `gradguard' on `exec-path', else build/gradguard of the
;; checkout this file is in (what ./bootstrap builds); set
;; `gradguard-program' for another.  Log buffers (`gradguard-log-mode') get
;; their server when they open, and the diagnose commands find or start one.
;;
;; Eglot runs one server per major mode and project, so for Python buffers
;; gradguard takes the place of pylsp/pyright while this is set up.
;; Emacs 29 has eglot built in; on Emacs 28 install it (Debian: elpa-eglot).

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'eglot)
(require 'jsonrpc)

(defgroup gradguard nil
  "PyTorch evaluation code that runs with autograd on."
  :group 'tools
  :prefix "gradguard-")

(defcustom gradguard-program "gradguard"
  "The gradguard program: a name on `exec-path' or a file name.
With the default, a checkout's own build/gradguard (next to the
editors/emacs folder this file is loaded from) serves when `exec-path'
has none."
  :type 'string)

(defconst gradguard--checkout
  (let ((here (or load-file-name buffer-file-name)))
    (and here (string-suffix-p "/editors/emacs/" (file-name-directory here))
         (expand-file-name "../.." (file-name-directory here))))
  "The gradguard checkout this file is loaded from, if it is in one.")

(defun gradguard--program ()
  "The file name of the gradguard program, or a `user-error' saying what to do."
  (or (executable-find gradguard-program)
      (and (equal gradguard-program "gradguard") gradguard--checkout
           (let ((built (expand-file-name "build/gradguard" gradguard--checkout)))
             (and (file-executable-p built) built)))
      ;; Said here: eglot would only report a raw `file-missing' error.
      (user-error "gradguard: cannot start the language server: `%s' is not a program on exec-path%s; \
run ./bootstrap in a gradguard checkout (it builds build/gradguard) or \
(setq gradguard-program \"/path/to/gradguard/build/gradguard\")"
                  gradguard-program
                  (if (and (equal gradguard-program "gradguard") gradguard--checkout)
                      (format " and %sbuild/gradguard is not built" (file-name-as-directory gradguard--checkout))
                    ""))))

(defcustom gradguard-settings nil
  "gradguard settings (docs/configuration.md) as a plist.
For example (:prefer \"inference_mode\" :ignore [\"GG003\"]).  They are
sent as initializationOptions; gradguard keeps them when eglot answers its
workspace/configuration request with nothing for section \"gradguard\"."
  :type 'plist)

(define-derived-mode gradguard-log-mode text-mode "GG-Log"
  "Major mode for training logs and tracebacks that gradguard diagnoses.
The server recognises log documents by their .log, .err or .out name.")

(defun gradguard--contact (&optional _interactive)
  "The eglot contact for gradguard, read when a server starts.
A function, so that changes to the options apply to the next server."
  (list (gradguard--program) "lsp"
        :initializationOptions (list :gradguard (or gradguard-settings
                                                     ;; An empty JSON object, not null.
                                                     (make-hash-table)))))

;;;###autoload
(defun gradguard-eglot-setup ()
  "Make eglot run gradguard for Python buffers and `gradguard-log-mode'."
  ;; Logs get their own entry (and server): eglot before 1.10 sends one
  ;; languageId per server, and the server tells a log from Python by it.
  (add-to-list 'eglot-server-programs
               '((gradguard-log-mode :language-id "log") . gradguard--contact))
  (add-to-list 'eglot-server-programs
               '((python-mode python-ts-mode) . gradguard--contact))
  ;; A log is diagnosed when it opens: it needs its server then.  (Python
  ;; buffers are the user's call: eglot-ensure in python-mode-hook.)
  (add-hook 'gradguard-log-mode-hook #'eglot-ensure))

(defun gradguard--entry-modes (spec)
  "The major modes of SPEC, the car of an `eglot-server-programs' entry."
  (cond ((symbolp spec) (list spec))
        ((keywordp (cadr spec)) (list (car spec)))   ; (MODE :language-id ID)
        (t (mapcar (lambda (m) (if (consp m) (car m) m)) spec))))

(defun gradguard--managed-mode-p ()
  "Whether eglot runs gradguard for the current buffer's major mode."
  (cl-some (lambda (entry)
             (and (eq (cdr-safe entry) 'gradguard--contact)
                  (apply #'derived-mode-p (gradguard--entry-modes (car entry)))))
           eglot-server-programs))

(defun gradguard--diagnoses-p (server)
  "Whether SERVER is a gradguard server (it has the diagnosis command)."
  (let ((commands (plist-get (plist-get (eglot--capabilities server) :executeCommandProvider) :commands)))
    (and commands (seq-contains-p commands "gradguard.diagnoseTraceback"))))

(defun gradguard--server ()
  "The gradguard server for the current buffer, started if need be.
The buffer's own; else one of its project's (a pasted traceback in a
buffer that is no file, a log opened before `gradguard-eglot-setup');
else one started for this buffer, when eglot knows gradguard for its mode."
  (let ((own (eglot-current-server)))
    (or (and own (gradguard--diagnoses-p own) own)
        (cl-find-if #'gradguard--diagnoses-p
                    (gethash (eglot--current-project) eglot--servers-by-project))
        ;; As eglot-ensure does, but now: the command needs the server.
        (and buffer-file-name (gradguard--managed-mode-p)
             (let ((eglot-sync-connect t))
               (apply #'eglot--connect (eglot--guess-contact))))
        (user-error "gradguard: no gradguard server for this buffer; visit a Python file or a log \
of the project first (gradguard-eglot-setup makes eglot use gradguard there)"))))

(defun gradguard--frame-label (frame)
  "FRAME (a plist of the diagnosis JSON) as FILE:LINE in FUNCTION()."
  (format "%s:%s%s" (plist-get frame :filename) (plist-get frame :line)
          (if (plist-get frame :function) (format " in %s()" (plist-get frame :function)) "")))

(defun gradguard--render (result)
  "Markdown-ish text of a gradguard.diagnoseTraceback RESULT."
  (let ((diagnoses (append (plist-get result :diagnoses) nil)))
    (if (null diagnoses)
        "# No traceback found\n\ngradguard found no exception in the text.\n"
      (mapconcat
       (lambda (d)
         (let ((culprit (plist-get d :culprit)))
           (concat
            (format "# %s (confidence %s)\n\n" (plist-get d :kind) (plist-get d :confidence))
            (or (plist-get d :explanation) "") "\n"
            (when (plist-get d :fix) (format "\n**Fix:** %s\n" (plist-get d :fix)))
            (when culprit
              (concat (format "\n**Culprit:** %s\n" (gradguard--frame-label culprit))
                      (when (plist-get culprit :code) (format "    %s\n" (plist-get culprit :code)))
                      (when (plist-get culprit :resolved)
                        (format "In this workspace: %s\n" (plist-get culprit :resolved))))))))
       diagnoses "\n"))))

(defun gradguard--culprit-location (result)
  "(FILE . LINE) of the initiating failure's culprit in this workspace, or nil.
A stale frame counts only where the code was found again (moved_to)."
  (let* ((resolved (cl-remove-if-not
                    (lambda (d) (plist-get (plist-get d :culprit) :resolved))
                    (append (plist-get result :diagnoses) nil)))
         (chosen (plist-get (or (cl-find t resolved :key (lambda (d) (plist-get d :first)))
                                (car resolved))
                            :culprit)))
    (when chosen
      (let ((file (plist-get chosen :resolved))
            (moved (plist-get chosen :moved_to)))
        (cond ((not (eq (plist-get chosen :stale) t)) (cons file (plist-get chosen :line)))
              (moved (cons file moved)))))))

(defun gradguard-diagnose-text (text)
  "Diagnose the traceback or log TEXT; show the result and go to the culprit."
  (let* ((server (gradguard--server))
         (root (project-root (eglot--project server)))
         (result (jsonrpc-request
                  server :workspace/executeCommand
                  (list :command "gradguard.diagnoseTraceback"
                        :arguments (vector (list :text text :root (expand-file-name root))))))
         (where (gradguard--culprit-location result))
         (buffer (get-buffer-create "*gradguard diagnosis*")))
    (with-current-buffer buffer
      (let ((inhibit-read-only t))
        (erase-buffer)
        (insert (gradguard--render result))
        (goto-char (point-min)))
      (special-mode))
    (display-buffer buffer)
    (when where
      (find-file (car where))
      (goto-char (point-min))
      (forward-line (1- (cdr where)))
      (back-to-indentation))
    result))

;;;###autoload
(defun gradguard-diagnose-region (beg end)
  "Diagnose the traceback between BEG and END (the region)."
  (interactive "r")
  (gradguard-diagnose-text (buffer-substring-no-properties beg end)))

;;;###autoload
(defun gradguard-diagnose-kill ()
  "Diagnose the traceback last killed or copied (the clipboard, too)."
  (interactive)
  (gradguard-diagnose-text (current-kill 0)))

(provide 'gradguard)
;;; gradguard.el ends here
