-- :checkhealth gradguard
local M = {}

-- 0.7 reports through require("health").report_*; 0.8 added vim.health with
-- the same names, 0.10 renamed them (start, ok, ...) and 0.11 dropped report_*.
local health = vim.health or require("health")
local start = health.start or health.report_start
local ok = health.ok or health.report_ok
local info = health.info or health.report_info
local warn = health.warn or health.report_warn
local fail = health.error or health.report_error

function M.check()
  start("gradguard")

  local v = vim.version()
  local version = string.format("%d.%d.%d", v.major, v.minor, v.patch)
  if vim.fn.has("nvim-0.7") == 1 then
    ok("Neovim " .. version)
  else
    fail("Neovim " .. version .. ": 0.7 or newer is needed")
  end

  local gradguard = require("gradguard")
  local config = gradguard.config
  if not config then
    warn("require('gradguard').setup() has not been called; checking the default command", {
      "Call require('gradguard').setup({ cmd = { '/path/to/gradguard', 'lsp' } }) in your init.lua",
    })
    config = { cmd = { "gradguard", "lsp" } }
  end

  local exe = config.cmd[1]
  if vim.fn.executable(exe) ~= 1 then
    fail(exe .. " is not an executable file or a program on $PATH", {
      "To fix it, " .. gradguard.BUILD_ADVICE,
    })
    return
  end
  ok("executable: " .. vim.fn.exepath(exe))

  local out = vim.fn.system({ exe, "--version" })
  local reported = vim.trim(out)
  if vim.v.shell_error == 0 and reported:match("^gradguard ") then
    ok(reported)
  else
    fail(string.format("`%s --version` failed (exit %d): %s", exe, vim.v.shell_error, reported))
  end

  local running = 0
  local list = vim.lsp.get_clients or vim.lsp.get_active_clients
  for _, client in ipairs(list()) do
    if client.name == "gradguard" then
      running = running + 1
      info(string.format("client %d running for %s", client.id, client.config.root_dir or "(no root)"))
    end
  end
  if running == 0 then
    info("no gradguard client is running (it starts with the first Python or log buffer)")
  end
end

return M
