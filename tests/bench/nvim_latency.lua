-- Keystroke to diagnostics in Neovim with the plugin's defaults
-- (nvim_latency.sh runs it): the time from an edit to the diagnostics of
-- that edit in vim.diagnostic (DiagnosticChanged), for the first edit after
-- opening, a single edit later, and the last key of a burst of typing.
local bin = assert(os.getenv("GG_BIN"), "GG_BIN")
local file = assert(os.getenv("GG_FILE"), "GG_FILE")
local ROUNDS = tonumber(os.getenv("GG_ROUNDS")) or 5

local function out(fmt, ...)
  io.stdout:write(string.format(fmt, ...) .. "\n")
end

-- Diagnostics are pushed (0.7-0.9) or pulled (0.10+, which declares pull
-- diagnostics): either way they land in vim.diagnostic. Each edit inserts a
-- line above the finding, so the diagnostics of the last edit are the ones
-- with GG001 that many lines lower.
local function gg001_line(buf)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == "GG001" then
      return d.lnum
    end
  end
end

-- Edits n times, gap_ms apart; returns the ms from the last edit to its diagnostics.
local function edit(buf, n, gap_ms)
  local want = gg001_line(buf) + n
  local got
  local id = vim.api.nvim_create_autocmd("DiagnosticChanged", {
    buffer = buf,
    callback = function()
      if not got and gg001_line(buf) == want then
        got = vim.loop.hrtime()
      end
    end,
  })
  local last
  for i = 1, n do
    vim.api.nvim_buf_set_lines(buf, 0, 0, false, { "# typed " .. i })
    last = vim.loop.hrtime()
    if i < n then
      vim.wait(gap_ms)
    end
  end
  vim.wait(5000, function()
    return got ~= nil
  end, 1)
  vim.api.nvim_del_autocmd(id)
  vim.wait(400) -- let the client's and the server's timers run out
  return got and (got - last) / 1e6 or nil
end

local ok, err = pcall(function()
  local rows = { first = {}, single = {}, burst = {} }
  require("gradguard").setup({ cmd = { bin, "lsp" } })
  for _ = 1, ROUNDS do
    vim.cmd("edit! " .. vim.fn.fnameescape(file))
    local buf = vim.api.nvim_get_current_buf()
    vim.wait(5000, function()
      return gg001_line(buf) ~= nil
    end, 5)
    vim.wait(300)
    table.insert(rows.first, edit(buf, 1, 0))
    table.insert(rows.single, edit(buf, 1, 0))
    table.insert(rows.burst, edit(buf, 10, 40))
    vim.cmd("bwipeout! " .. buf)
    vim.wait(300)
  end

  local function median(list)
    table.sort(list)
    return list[math.ceil(#list / 2)]
  end
  out("%s, %d rounds, median ms from the last key to its diagnostics:", vim.fn.execute("version"):match("NVIM v[%d.]+"), ROUNDS)
  for _, name in ipairs({ "first", "single", "burst" }) do
    local label = ({ first = "first edit after opening", single = "a single edit later",
      burst = "last key of 10, 40 ms apart" })[name]
    if #rows[name] < ROUNDS then
      out("  %-30s no diagnostics for %d of %d rounds", label, ROUNDS - #rows[name], ROUNDS)
    else
      out("  %-30s %5.0f", label, median(rows[name]))
    end
  end
end)
if not ok then
  out("error: %s", tostring(err))
  vim.cmd("cquit 1")
end
vim.cmd("qall!")
