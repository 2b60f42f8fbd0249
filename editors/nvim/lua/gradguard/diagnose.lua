-- :GradguardDiagnose: sends a pasted traceback or log to the server
-- (workspace/executeCommand gradguard.diagnoseTraceback), shows the diagnoses
-- in a scratch split and jumps to the culprit line (docs/diagnose.md).
local M = {}

local SCRATCH_NAME = "gradguard://diagnosis"

-- JSON null decodes to vim.NIL inside arrays and to nil elsewhere.
local function present(value)
  return value ~= nil and value ~= vim.NIL
end

local function append_text(lines, text)
  for _, line in ipairs(vim.split(text, "\n", { plain = true })) do
    table.insert(lines, line)
  end
end

local function frame_label(frame)
  local label = string.format("%s:%d", frame.filename, frame.line)
  if present(frame["function"]) then
    label = label .. " in " .. frame["function"] .. "()"
  end
  return label
end

-- Markdown-ish text of the command's result.
local function render(result)
  local lines = {}
  local diagnoses = result.diagnoses or {}
  if #diagnoses == 0 then
    return { "# No traceback found", "", "gradguard found no exception in the text." }
  end
  for i, d in ipairs(diagnoses) do
    if i > 1 then
      table.insert(lines, "")
    end
    local heading = "# " .. d.kind
    if present(d.confidence) then
      heading = heading .. " (confidence " .. d.confidence .. ")"
    end
    if d.first == true and #diagnoses > 1 then
      heading = heading .. " (initiating failure)"
    end
    table.insert(lines, heading)
    table.insert(lines, "")
    if present(d.explanation) then
      append_text(lines, d.explanation)
    end
    if present(d.fix) and d.fix ~= "" then
      table.insert(lines, "")
      append_text(lines, "**Fix:** " .. d.fix)
    end
    local culprit = d.culprit
    if present(culprit) then
      table.insert(lines, "")
      table.insert(lines, "**Culprit:** " .. frame_label(culprit))
      if present(culprit.code) then
        table.insert(lines, "    " .. culprit.code)
      end
      if present(culprit.resolved) then
        local where = culprit.resolved
        if culprit.stale == true then
          where = where .. " (the file changed since the traceback"
            .. (present(culprit.moved_to) and "; now line " .. culprit.moved_to or "") .. ")"
        end
        table.insert(lines, "In this workspace: " .. where)
      end
    end
  end
  return lines
end

-- Shows `lines` in the scratch buffer, in its window if one is open in this tab.
local function show(lines)
  local bufnr = vim.fn.bufnr(SCRATCH_NAME)
  if bufnr == -1 then
    bufnr = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(bufnr, SCRATCH_NAME)
    vim.bo[bufnr].bufhidden = "hide"
    vim.bo[bufnr].filetype = "markdown"
  end
  vim.bo[bufnr].modifiable = true
  vim.api.nvim_buf_set_lines(bufnr, 0, -1, false, lines)
  vim.bo[bufnr].modifiable = false

  local win = vim.fn.bufwinid(bufnr)
  if win == -1 then
    vim.cmd("botright split")
    win = vim.api.nvim_get_current_win()
    vim.api.nvim_win_set_buf(win, bufnr)
    vim.api.nvim_win_set_height(win, math.min(#lines + 1, math.max(10, math.floor(vim.o.lines / 3))))
  end
  vim.api.nvim_win_set_cursor(win, { 1, 0 })
  return win
end

-- The frame to jump to: the initiating failure's culprit, else the first culprit.
local function culprit_location(result)
  local chosen
  for _, d in ipairs(result.diagnoses or {}) do
    if present(d.culprit) and present(d.culprit.resolved) then
      if d.first == true then
        chosen = d.culprit
        break
      end
      chosen = chosen or d.culprit
    end
  end
  if not chosen then
    return nil
  end
  local line = chosen.line
  if chosen.stale == true then
    if not present(chosen.moved_to) then
      return nil -- the file no longer has that code; do not land on a wrong line
    end
    line = chosen.moved_to
  end
  return chosen.resolved, line
end

-- The loaded buffer of `path`, if any.
local function loaded_buffer(path)
  local full = vim.fn.fnamemodify(path, ":p")
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.api.nvim_buf_get_name(bufnr) == full then
      return bufnr
    end
  end
end

local function jump(win, path, line)
  vim.api.nvim_set_current_win(win)
  -- A loaded file is shown, never `:edit`ed again: that re-reads it, which
  -- the client sends as a close and an open, and the server drops the
  -- diagnosis's error on close (it no longer applies to a closed file).
  local bufnr = loaded_buffer(path)
  if bufnr then
    -- Leaving a modified buffer fails when 'hidden' is off; split then.
    if vim.api.nvim_win_get_buf(win) ~= bufnr and not pcall(vim.api.nvim_win_set_buf, win, bufnr) then
      vim.cmd("sbuffer " .. bufnr)
    end
  else
    local target = vim.fn.fnameescape(path)
    if not pcall(vim.cmd, "edit " .. target) then
      vim.cmd("split " .. target)
    end
  end
  local last = vim.api.nvim_buf_line_count(0)
  vim.api.nvim_win_set_cursor(0, { math.max(1, math.min(line, last)), 0 })
  vim.cmd("normal! ^zz")
end

local function on_result(origin_win, result)
  local lines = render(result)
  show(lines)
  local path, line = culprit_location(result)
  if path and vim.api.nvim_win_is_valid(origin_win) then
    jump(origin_win, path, line)
  end
end

-- Diagnoses `text` with the gradguard client of the current buffer, or one
-- started for the current buffer's root.
function M.run(text)
  if text == nil or text:match("^%s*$") then
    vim.notify("gradguard: nothing to diagnose (empty selection or register)", vim.log.levels.WARN)
    return
  end
  local gradguard = require("gradguard")
  if not gradguard.config then
    error("gradguard: call require('gradguard').setup() first")
  end
  local bufnr = vim.api.nvim_get_current_buf()
  local client = gradguard.buf_client(bufnr)
  if not client then
    client = vim.lsp.get_client_by_id(gradguard.client_for_root(gradguard.root_for(bufnr)))
  end
  if not client then
    -- client_for_root has said why when it knows (a missing program).
    vim.notify("gradguard: the language server did not start (:checkhealth gradguard)", vim.log.levels.ERROR)
    return
  end
  -- A request must wait for the initialize answer (LSP); a client just
  -- started here has not had it yet.
  if not vim.wait(10000, function() return client.initialized end, 20) then
    vim.notify("gradguard: the language server did not initialize", vim.log.levels.ERROR)
    return
  end

  local origin_win = vim.api.nvim_get_current_win()
  local params = {
    command = "gradguard.diagnoseTraceback",
    arguments = { { text = text, root = client.config.root_dir } },
  }
  gradguard.request(client, "workspace/executeCommand", params, function(err, result)
    if err then
      vim.notify("gradguard: " .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
      return
    end
    on_result(origin_win, result or {})
  end)
end

return M
