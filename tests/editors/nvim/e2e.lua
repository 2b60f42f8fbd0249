-- End to end: the plugin in a headless Neovim against the real server.
-- Run by run_nvim.sh, which sets GG_BIN (the gradguard program), GG_REPO
-- (the source tree) and GG_TMP (a scratch folder holding a copy of
-- examples/validate.py, tests/tracebacks/workspace/train.py and an OOM log).
local bin = assert(os.getenv("GG_BIN"), "GG_BIN")
local repo = assert(os.getenv("GG_REPO"), "GG_REPO")
local tmp = assert(os.getenv("GG_TMP"), "GG_TMP")
-- GG_TIMEOUT_MS stretches every wait on a slow machine.
local TIMEOUT = tonumber(os.getenv("GG_TIMEOUT_MS")) or 15000

local function say(fmt, ...)
  io.stdout:write(string.format(fmt, ...) .. "\n")
  io.stdout:flush()
end

local function fail(fmt, ...)
  say("FAIL: " .. fmt, ...)
  vim.cmd("cquit 1")
end

-- Waits for cond(); on timeout fails with what(), which describes what was seen.
local function wait_for(label, cond, what)
  if vim.wait(TIMEOUT, cond, 20) then
    say("ok   %s", label)
    return true
  end
  fail("%s: timed out after %d ms; saw: %s", label, TIMEOUT, what and what() or "nothing")
end

local function buf_text(bufnr)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\n")
end

local function gg_diagnostics(bufnr, code)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.source == "gradguard" and (code == nil or d.code == code) then
      table.insert(found, d)
    end
  end
  return found
end

local function describe(diagnostics)
  local parts = {}
  for _, d in ipairs(diagnostics) do
    table.insert(parts, string.format("%s line %d col %d: %s", tostring(d.code), d.lnum + 1, d.col + 1, d.message))
  end
  return #parts > 0 and table.concat(parts, " | ") or "no diagnostics"
end

local exits = {}
local ok, err = pcall(function()
  -- -u NONE leaves them off; users have them on (Python's ftplugin sets
  -- 'keywordprg' to pydoc, which K used to run).
  vim.cmd("filetype plugin on")
  require("gradguard").setup({
    cmd = { bin, "lsp" },
    settings = { prefer = "no_grad" },
    on_exit = function(code, signal, client_id)
      exits[client_id] = { code = code, signal = signal }
    end,
  })

  -- 1. The squiggle: GG001 on the line `gradguard check` reports.
  local file = tmp .. "/validate.py"
  local check = vim.fn.system({ bin, "check", "--output-format", "json", file })
  local expected = vim.json.decode(check)[1]
  if not expected or expected.code ~= "GG001" then
    return fail("gradguard check found no GG001 in %s: %s", file, check)
  end
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local py = vim.api.nvim_get_current_buf()
  wait_for("GG001 published", function()
    return #gg_diagnostics(py, "GG001") > 0
  end, function()
    return describe(vim.diagnostic.get(py))
  end)
  local d = gg_diagnostics(py, "GG001")[1]
  if d.lnum + 1 ~= expected.location.row or d.col + 1 ~= expected.location.column then
    return fail("GG001 at %d:%d, gradguard check says %d:%d", d.lnum + 1, d.col + 1,
      expected.location.row, expected.location.column)
  end
  say("ok   GG001 at line %d col %d, as gradguard check says", d.lnum + 1, d.col + 1)

  -- The first edit after opening goes to the server as it is made: the
  -- server debounces itself, and Neovim's own debounce holds a buffer's first
  -- change back for all of its 150 ms (0.2 s to the first diagnostics).
  -- Seen without yielding to the event loop, where a debounced change waits.
  do
    local client = require("gradguard").buf_client(py)
    local sent = {}
    local notify = client.notify
    client.notify = function(...)
      local args = { ... }
      -- client.notify(method, params) up to 0.10, client:notify(method, params) from 0.11.
      local method, params = args[1], args[2]
      if type(method) == "table" then
        method, params = args[2], args[3]
      end
      if method == "textDocument/didChange" then
        table.insert(sent, params.textDocument.version)
      end
      return notify(...)
    end
    local last = vim.api.nvim_buf_line_count(py)
    vim.api.nvim_buf_set_lines(py, last, last, false, { "" })
    local first = sent[1]
    vim.api.nvim_buf_set_lines(py, last, last + 1, false, {})
    local second = sent[2]
    client.notify = notify
    if first ~= vim.lsp.util.buf_versions[py] - 1 or second ~= vim.lsp.util.buf_versions[py] then
      return fail("the first edits after opening were not sent as made (didChange versions %s, buffer at %d)",
        vim.inspect(sent), vim.lsp.util.buf_versions[py])
    end
    say("ok   the first edit after opening is sent at once (didChange version %d)", first)
  end

  -- 2. Hover on the finding.
  local position = { line = d.lnum, character = d.col }
  local hover = vim.lsp.buf_request_sync(py, "textDocument/hover", {
    textDocument = vim.lsp.util.make_text_document_params(py),
    position = position,
  }, TIMEOUT)
  local hover_text = ""
  for _, response in pairs(hover or {}) do
    local contents = response.result and response.result.contents
    hover_text = hover_text .. (type(contents) == "table" and (contents.value or vim.inspect(contents)) or tostring(contents))
  end
  for _, needle in ipairs({ "model.eval()", "torch.no_grad()", "GG001.md" }) do
    if not hover_text:find(needle, 1, true) then
      return fail("hover lacks %q; got: %s", needle, hover_text)
    end
  end
  say("ok   hover explains the finding")

  -- ... and K shows it, as on Neovim 0.10+ (K is mapped in the buffer unless
  -- the user mapped it; before, K ran pydoc on 0.7-0.9).
  local function hover_float()
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(win).relative ~= "" then
        local text = buf_text(vim.api.nvim_win_get_buf(win))
        if text:find("eval-forward-with-grad", 1, true) then
          return win
        end
      end
    end
  end
  vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
  vim.cmd("normal K")
  wait_for("K opens the hover", hover_float, function()
    return "K is " .. vim.inspect(vim.fn.maparg("K", "n", false, true)) .. ", keywordprg " .. vim.bo.keywordprg
  end)
  -- 0.7-0.9 show the hover's Markdown as its source: the plugin gives it as
  -- text there (a link's words in place, its target on a line of its own).
  local float_text = buf_text(vim.api.nvim_win_get_buf(hover_float()))
  if vim.fn.has("nvim-0.10") == 0 then
    if float_text:find("](", 1, true) or float_text:find("**", 1, true) then
      return fail("the hover shows Markdown's source on %s:\n%s", tostring(vim.version()), float_text)
    end
    if not float_text:find("\n[^\n]-GG001%.md[^\n]*$") then
      return fail("the rule page's link is not on a line of its own:\n%s", float_text)
    end
    say("ok   the hover is text on this Neovim (no Markdown source, the link on its own line)")
  end
  vim.api.nvim_win_close(hover_float(), true)

  -- Neovim 0.11+ shows no virtual text by default: the plugin's diagnostics do.
  if vim.fn.has("nvim-0.11") == 1 then
    local ns = vim.lsp.diagnostic.get_namespace(require("gradguard").buf_client(py).id, true)
    local shown = vim.diagnostic.config(nil, ns).virtual_text
    if not shown then
      return fail("virtual text is off for gradguard's diagnostics: %s", vim.inspect(shown))
    end
    say("ok   virtual text on for gradguard's diagnostics")
  end

  -- 3. The preferred quick fix, through Neovim's own code action path
  -- (vim.lsp.buf.code_action, which resolves an action that has no edit yet).
  local offered
  vim.ui.select = function(items, _, on_choice)
    offered = items
    for _, item in ipairs(items) do
      -- {client_id, action} up to 0.10, {action = ..., ctx = ...} from 0.11.
      local action = item.action or item[2]
      if action.isPreferred then
        say("ok   preferred action %q (edit %s before resolve)", action.title, action.edit and "present" or "absent")
        return on_choice(item)
      end
    end
    on_choice(nil)
  end
  vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
  vim.lsp.buf.code_action()
  wait_for("quick fix applied (no_grad in the buffer)", function()
    return buf_text(py):find("no_grad", 1, true) ~= nil
  end, function()
    return offered and ("actions offered: " .. vim.inspect(vim.tbl_map(function(i)
      return (i.action or i[2]).title
    end, offered))) or "no code action menu"
  end)
  wait_for("GG001 gone after the fix", function()
    return #gg_diagnostics(py, "GG001") == 0
  end, function()
    return describe(vim.diagnostic.get(py))
  end)

  local client = require("gradguard").buf_client(py)
  if not client then
    return fail("no gradguard client attached to %s", file)
  end

  -- 4. A log buffer attaches to the same client and gets diagnosed.
  local log = tmp .. "/eval_oom.log"
  vim.cmd("edit " .. vim.fn.fnameescape(log))
  local logbuf = vim.api.nvim_get_current_buf()
  wait_for("log buffer diagnosed", function()
    return #gg_diagnostics(logbuf) > 0
  end, function()
    return describe(vim.diagnostic.get(logbuf))
  end)
  if require("gradguard").buf_client(logbuf) ~= client then
    return fail("the log buffer got another client than validate.py (same root %s)", tmp)
  end
  say("ok   one client for the root")

  -- 5. :GradguardDiagnose on a register holding the OOM traceback.
  local scratch_text = function()
    local b = vim.fn.bufnr("gradguard://diagnosis")
    return b ~= -1 and buf_text(b) or "(no scratch buffer)"
  end
  local function expect_diagnosis(label)
    wait_for(label .. ": kind oom-eval-no-grad shown", function()
      return scratch_text():find("oom-eval-no-grad", 1, true) ~= nil
    end, scratch_text)
    local train = tmp .. "/train.py"
    wait_for(label .. ": jumped to the culprit train.py:8", function()
      return vim.api.nvim_buf_get_name(0) == train and vim.api.nvim_win_get_cursor(0)[1] == 8
    end, function()
      return string.format("%s:%d; scratch: %s", vim.api.nvim_buf_get_name(0), vim.api.nvim_win_get_cursor(0)[1],
        scratch_text())
    end)
    -- The diagnosis's error shows on the culprit line, and stays: the jump
    -- must not reload the buffer (a reload is a close and an open, and the
    -- server drops the diagnosis on close).
    local trainbuf = vim.fn.bufnr(train)
    local function culprit_marked()
      for _, m in ipairs(gg_diagnostics(trainbuf, "oom-eval-no-grad")) do
        if m.lnum == 7 then
          return true
        end
      end
      return false
    end
    wait_for(label .. ": the diagnosis error on train.py:8", culprit_marked, function()
      return describe(vim.diagnostic.get(trainbuf))
    end)
    vim.wait(300)
    if not culprit_marked() then
      return fail("%s: the diagnosis error on train.py:8 went away: %s", label, describe(vim.diagnostic.get(trainbuf)))
    end
  end
  vim.fn.setreg("a", buf_text(logbuf))
  vim.cmd("GradguardDiagnose a")
  expect_diagnosis("register")

  -- ... and on a range of lines (a visual selection gives :'<,'>).
  vim.cmd("bwipeout! " .. vim.fn.bufnr("gradguard://diagnosis"))
  vim.cmd("buffer " .. logbuf)
  vim.cmd("%GradguardDiagnose")
  expect_diagnosis("range")

  -- ... and from the culprit's own window (the register again): the jump
  -- stays in the buffer it is in, and the error shows there.
  vim.cmd("bwipeout! " .. vim.fn.bufnr("gradguard://diagnosis"))
  vim.cmd("GradguardDiagnose a")
  expect_diagnosis("from train.py")

  -- An edit of train.py ends the diagnosis's error; the file's own findings stay.
  local trainbuf = vim.api.nvim_get_current_buf()
  vim.api.nvim_buf_set_lines(trainbuf, 0, 0, false, { "# edited" })
  wait_for("the diagnosis error gone after an edit", function()
    return #gg_diagnostics(trainbuf, "oom-eval-no-grad") == 0 and #gg_diagnostics(trainbuf, "GG001") > 0
  end, function()
    return describe(vim.diagnostic.get(trainbuf))
  end)
  vim.cmd("silent! undo")
  vim.bo[trainbuf].modified = false

  -- 6. :checkhealth gradguard
  vim.cmd("checkhealth gradguard")
  local report = buf_text(0)
  for _, needle in ipairs({ "OK", "gradguard 0.", "Neovim 0." }) do
    if not report:find(needle, 1, true) then
      return fail("checkhealth report lacks %q:\n%s", needle, report)
    end
  end
  if report:find("ERROR", 1, true) then
    return fail("checkhealth reports an error:\n%s", report)
  end
  say("ok   checkhealth gradguard")

  -- 7. The 0.11 config (lsp/gradguard.lua) at least loads and names the program.
  local lsp_config = dofile(repo .. "/editors/nvim/lsp/gradguard.lua")
  if lsp_config.cmd[1] ~= "gradguard" or not vim.tbl_contains(lsp_config.filetypes, "python") then
    return fail("lsp/gradguard.lua: %s", vim.inspect(lsp_config))
  end

  -- 8. Shutdown and exit are really sent: the server exits 0 only after both.
  local id = client.id
  if vim.fn.has("nvim-0.11") == 1 then
    client:stop() -- vim.lsp.stop_client is deprecated from 0.11
  else
    vim.lsp.stop_client(id)
  end
  wait_for("server exited", function()
    return exits[id] ~= nil
  end, function()
    return "client still running"
  end)
  if exits[id].code ~= 0 or exits[id].signal ~= 0 then
    return fail("server exit code %d signal %d (0 means shutdown + exit)", exits[id].code, exits[id].signal)
  end
  say("ok   server exited 0 after shutdown + exit")

  -- 9. A missing program: a message that says what is missing and how to
  -- set it (Neovim's own spawn error says neither), and :checkhealth's
  -- advice is the README's build command.
  local notes = {}
  local notify = vim.notify
  vim.notify = function(msg, level)
    table.insert(notes, msg)
    return notify(msg, level)
  end
  -- 0.11 deprecated vim.validate's table form (0.12's :checkhealth
  -- vim.deprecated lists it): setup() must use the positional form there.
  local validate = vim.validate
  local table_form = false
  if vim.fn.has("nvim-0.11") == 1 then
    vim.validate = function(first, ...)
      table_form = table_form or type(first) == "table"
      return validate(first, ...)
    end
  end
  local missing = tmp .. "/no-such-gradguard"
  require("gradguard").setup({ cmd = { missing, "lsp" } })
  vim.validate = validate
  vim.cmd("edit " .. vim.fn.fnameescape(tmp .. "/validate.py"))
  vim.notify = notify
  if table_form then
    return fail("setup() calls vim.validate with a table (deprecated since 0.11)")
  end
  local said = table.concat(notes, "\n")
  for _, needle in ipairs({ missing, "./bootstrap", "cmd = {" }) do
    if not said:find(needle, 1, true) then
      return fail("the missing program's message lacks %q; said: %s", needle, said)
    end
  end
  say("ok   a missing program says what and how: %s", said)
  vim.cmd("checkhealth gradguard")
  local missing_report = buf_text(0)
  local readme = table.concat(vim.fn.readfile(repo .. "/README.md"), "\n")
  local quick_start = readme:match("## Build and test.-```sh\n(.-)```")
  if not quick_start or not quick_start:find("./bootstrap", 1, true) then
    return fail("README.md's quick start does not build with ./bootstrap: %s", tostring(quick_start))
  end
  if not missing_report:find("./bootstrap", 1, true) or missing_report:find("ninja", 1, true) then
    return fail("checkhealth advises another build than the README's (./bootstrap):\n%s", missing_report)
  end
  say("ok   checkhealth advises the README's build")
end)

if not ok then
  fail("%s", tostring(err))
end
say("PASS")
vim.cmd("qall!")
