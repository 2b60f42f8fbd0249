-- Keystroke to diagnostics in Neovim with the plugin's defaults
-- (nvim_latency.sh runs it): the time from an edit to the
-- publishDiagnostics of that buffer version, for the first edit after
-- opening, a single edit later, and the last key of a burst of typing.
local bin = assert(os.getenv("GG_BIN"), "GG_BIN")
local file = assert(os.getenv("GG_FILE"), "GG_FILE")
local ROUNDS = tonumber(os.getenv("GG_ROUNDS")) or 5

local published = {} -- {t = hrtime, version = n}
local handler = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  table.insert(published, { t = vim.loop.hrtime(), version = result.version })
  return handler(err, result, ctx, config)
end

local function out(fmt, ...)
  io.stdout:write(string.format(fmt, ...) .. "\n")
end

-- Edits n times, gap_ms apart; returns the ms from the last edit to its diagnostics.
local function edit(buf, n, gap_ms)
  local before = #published
  local last
  for i = 1, n do
    vim.api.nvim_buf_set_lines(buf, 0, 0, false, { "# typed " .. i })
    last = vim.loop.hrtime()
    if i < n then
      vim.wait(gap_ms)
    end
  end
  local version = vim.lsp.util.buf_versions[buf]
  local got
  vim.wait(5000, function()
    for i = before + 1, #published do
      if published[i].version == version then
        got = published[i]
        return true
      end
    end
    return false
  end, 1)
  vim.wait(400) -- let the client's and the server's timers run out
  return got and (got.t - last) / 1e6 or nil
end

local rows = { first = {}, single = {}, burst = {} }
require("gradguard").setup({ cmd = { bin, "lsp" } })
for _ = 1, ROUNDS do
  vim.cmd("edit! " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  vim.wait(5000, function()
    return #published > 0 and published[#published].version == vim.lsp.util.buf_versions[buf]
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
vim.cmd("qall!")
