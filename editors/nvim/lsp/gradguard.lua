-- Neovim 0.11+: with editors/nvim on 'runtimepath', vim.lsp.enable("gradguard")
-- picks this up (nvim-lspconfig ships its configs the same way); override
-- any field with vim.lsp.config("gradguard", { ... }).
return {
  cmd = { "gradguard", "lsp" },
  filetypes = { "python", "log" },
  root_markers = { "pyproject.toml", "setup.cfg", "setup.py", ".git" },
  -- gradguard's settings (docs/configuration.md) go in both: the server reads
  -- initializationOptions first and asks workspace/configuration after.
  init_options = { gradguard = vim.empty_dict() },
  settings = { gradguard = vim.empty_dict() },
  -- The server debounces typing (30 ms); the client's 150 ms on top would
  -- hold a buffer's first change back for all of it.
  flags = { debounce_text_changes = 0 },
}
