-- gradguard for Neovim 0.7+: runs `gradguard lsp` for Python and log buffers,
-- one client per project root, and adds :GradguardDiagnose.
--
--   require("gradguard").setup({ cmd = { "gradguard", "lsp" }, settings = { prefer = "inference_mode" } })
--
-- Only APIs present in 0.7 (Debian 12) are used: vim.lsp.start (0.8) would
-- manage the per-root reuse for us, so this module does it itself.
local M = {}

local defaults = {
  cmd = { "gradguard", "lsp" },
  -- gradguard's own settings (docs/configuration.md), in any key style.
  -- They reach the server twice: as initializationOptions, and as the answer
  -- to workspace/configuration, so they win over pyproject.toml key by key.
  settings = {},
  -- Extra initializationOptions for the server itself, e.g. { debounceMs = 0 }.
  init_options = {},
  filetypes = { "python" },
  -- Log buffers get traceback diagnoses. Files named like these attach
  -- whatever filetype Neovim detected (often none).
  log_filetypes = { "log" },
  log_patterns = { "*.log", "*.err", "*.out" },
  root_markers = { "pyproject.toml", "setup.cfg", "setup.py", ".git" },
  -- Passed to the client as they are, with debounce_text_changes 0 unless
  -- set: the server waits 30 ms for typing to settle itself, and the
  -- client's own debounce (150 ms) holds a buffer's first change back for
  -- all of it (its rate limit starts from the last change it sent), which
  -- made the first edit after opening take 0.2 s.
  flags = {},
  capabilities = nil,
  -- Neovim 0.11+ shows no virtual text by default (a finding is a sign in
  -- the gutter only): the plugin turns it on for its own diagnostics.
  -- false keeps Neovim's default.
  virtual_text = true,
  on_attach = nil,
  on_init = nil,
  on_exit = nil,
}

-- vim.loop is deprecated from 0.10 (vim.uv); 0.7-0.9 have only vim.loop.
local uv = vim.uv or vim.loop

-- The active configuration; nil until setup() (health.lua reports that).
M.config = nil

-- root -> client id. Neovim 0.7's get_active_clients() does not list a client
-- until its initialize has been answered, so a second buffer opened meanwhile
-- would start a second server without this map.
local client_ids = {}

-- An empty Lua table encodes as a JSON array; the server wants an object.
local function json_object(tbl)
  if tbl == nil or next(tbl) == nil then
    return vim.empty_dict()
  end
  return tbl
end

local function is_stopped(client)
  -- 0.11 turned client functions into methods; passing the client works for both.
  return client.is_stopped(client)
end

-- Client methods take self from 0.11 on (client:request); dot calls there are deprecated.
function M.request(client, method, params, handler, bufnr)
  if vim.fn.has("nvim-0.11") == 1 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

-- The nearest folder above `path` holding a root marker, else the file's own folder.
local function find_root(path)
  local dir = vim.fn.fnamemodify(path, ":p:h")
  local start = dir
  while true do
    for _, marker in ipairs(M.config.root_markers) do
      if uv.fs_stat(dir .. "/" .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == dir then
      return start
    end
    dir = parent
  end
end

-- Answers workspace/configuration for section "gradguard". Neovim's default
-- handler would answer from config.settings too, but it skips items without a
-- section (shifting the answers) and sends {} as [].
local function on_configuration(_, params, ctx)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  local settings = client and client.config.settings.gradguard
  local answers = {}
  for i, item in ipairs(params.items or {}) do
    answers[i] = item.section == "gradguard" and json_object(settings) or vim.NIL
  end
  return answers
end

-- What to do when the program is missing: the same advice as the README's
-- quick start and :checkhealth gradguard.
M.BUILD_ADVICE = "build it with ./bootstrap in a gradguard checkout (it makes build/gradguard), then pass its path: "
  .. "require('gradguard').setup({ cmd = { '/path/to/gradguard/build/gradguard', 'lsp' } })"

-- Programs already reported missing: one message per program, not one per buffer.
local reported_missing = {}

-- Whether cmd[1] can be started; says what is missing and what to do once if not.
-- (Neovim's own spawn error names neither the setting nor the build.)
local function program_found(cmd)
  local exe = cmd and cmd[1]
  if exe and vim.fn.executable(exe) == 1 then
    return true
  end
  local name = tostring(exe)
  if not reported_missing[name] then
    reported_missing[name] = true
    vim.notify(string.format("gradguard: cannot start the language server: %s is not an executable file or a program on $PATH; %s",
      name, M.BUILD_ADVICE), vim.log.levels.ERROR)
  end
  return false
end

-- Neovim 0.10+ maps K to vim.lsp.buf.hover in a buffer a server attaches to,
-- unless K is mapped already; 0.7-0.9 leave K to 'keywordprg' (pydoc in
-- Python buffers). The same default, for every version.
local function map_hover(bufnr)
  if vim.fn.maparg("K", "n", false, false) ~= "" then
    return
  end
  vim.keymap.set("n", "K", vim.lsp.buf.hover, { buffer = bufnr, desc = "vim.lsp.buf.hover()" })
end

-- Neovim 0.7-0.9 show a hover's Markdown as its source: a link's target (a
-- long file:// URI to the rule's page) wraps through the words it is
-- attached to. There the hover is shown with each link's words in place,
-- no bold marks, and the targets on lines of their own at the end.
local function hover_as_text(err, result, ctx, config)
  local contents = result and result.contents
  if type(contents) == "table" and contents.kind == "markdown" and type(contents.value) == "string" then
    local targets = {}
    local value = contents.value:gsub("%[([^%]]+)%]%(([^%)%s]+)%)", function(words, target)
      targets[#targets + 1] = target
      return words
    end)
    value = value:gsub("%*%*(.-)%*%*", "%1")
    if #targets > 0 then
      value = value .. "\n\n" .. table.concat(targets, "\n")
    end
    result = vim.tbl_extend("force", result, { contents = { kind = "markdown", value = value } })
  end
  return vim.lsp.handlers.hover(err, result, ctx, config)
end

-- Virtual text for this client's diagnostics (pushed and pulled) on 0.11+,
-- where Neovim's default shows none, unless setup({ virtual_text = false }).
local function show_virtual_text(client)
  if vim.fn.has("nvim-0.11") == 0 or M.config.virtual_text == false then
    return
  end
  for _, pulled in ipairs({ false, true }) do
    vim.diagnostic.config({ virtual_text = true }, vim.lsp.diagnostic.get_namespace(client.id, pulled))
  end
end

local function client_config(root)
  local cfg = M.config
  local capabilities = vim.deepcopy(cfg.capabilities or vim.lsp.protocol.make_client_capabilities())
  -- 0.7 answers workspace/configuration but does not declare it, so the
  -- server would never ask; we do answer it (on_configuration).
  capabilities.workspace = capabilities.workspace or {}
  capabilities.workspace.configuration = true
  return {
    name = "gradguard",
    cmd = cfg.cmd,
    root_dir = root,
    init_options = vim.tbl_extend("force", cfg.init_options, { gradguard = json_object(cfg.settings) }),
    settings = { gradguard = cfg.settings },
    capabilities = capabilities,
    handlers = {
      ["workspace/configuration"] = on_configuration,
      ["textDocument/hover"] = vim.fn.has("nvim-0.10") == 0 and hover_as_text or nil,
    },
    flags = vim.tbl_extend("keep", cfg.flags or {}, { debounce_text_changes = 0 }),
    on_attach = function(client, bufnr)
      map_hover(bufnr)
      show_virtual_text(client)
      if cfg.on_attach then
        cfg.on_attach(client, bufnr)
      end
    end,
    on_init = cfg.on_init,
    on_exit = cfg.on_exit,
  }
end

-- The id of the running client for `root`, started if there is none.
function M.client_for_root(root)
  local id = client_ids[root]
  local client = id and vim.lsp.get_client_by_id(id)
  if client and not is_stopped(client) then
    return id
  end
  if not program_found(M.config.cmd) then
    return nil
  end
  if vim.fn.has("nvim-0.11") == 1 then
    -- start_client is deprecated there; attach = false starts one for no buffer yet.
    id = vim.lsp.start(client_config(root), { attach = false })
  else
    id = vim.lsp.start_client(client_config(root))
  end
  client_ids[root] = id
  return id
end

-- The gradguard client attached to `bufnr`, if any.
function M.buf_client(bufnr)
  for _, id in pairs(client_ids) do
    local client = vim.lsp.get_client_by_id(id)
    if client and not is_stopped(client) and vim.lsp.buf_is_attached(bufnr, id) then
      return client
    end
  end
end

-- The root a buffer belongs to: its file's project, else the working directory.
function M.root_for(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == "" or vim.bo[bufnr].buftype ~= "" then
    return vim.fn.getcwd()
  end
  return find_root(name)
end

-- Attaches gradguard to a buffer (the current one by default). Only real
-- files: a URI is what the server keys its documents and fixes on.
function M.attach(bufnr)
  if not M.config then
    error("gradguard: call require('gradguard').setup() first")
  end
  if bufnr == nil or bufnr == 0 then
    bufnr = vim.api.nvim_get_current_buf()
  end
  if vim.bo[bufnr].buftype ~= "" or vim.api.nvim_buf_get_name(bufnr) == "" then
    return nil
  end
  local id = M.client_for_root(M.root_for(bufnr))
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

local function define_command()
  vim.api.nvim_create_user_command("GradguardDiagnose", function(opts)
    local text
    if opts.range > 0 then
      local lines = vim.api.nvim_buf_get_lines(0, opts.line1 - 1, opts.line2, false)
      text = table.concat(lines, "\n")
    else
      -- A register name; the unnamed register (the last yank) by default.
      text = vim.fn.getreg(opts.args ~= "" and opts.args or '"')
    end
    require("gradguard.diagnose").run(text)
  end, {
    range = true,
    nargs = "?",
    desc = "Diagnose the traceback in the selected lines or in a register (default: unnamed)",
  })
end

-- An optional argument of type `kind`. 0.11 added vim.validate(name, value,
-- validator, optional) and deprecated the table form (0.12's
-- :checkhealth vim.deprecated lists it); 0.7-0.10 have only the table form.
local function validate_optional(name, value, kind)
  if vim.fn.has("nvim-0.11") == 1 then
    vim.validate(name, value, kind, true)
  else
    vim.validate({ [name] = { value, kind, true } })
  end
end

function M.setup(opts)
  opts = opts or {}
  validate_optional("cmd", opts.cmd, "table")
  validate_optional("settings", opts.settings, "table")
  validate_optional("init_options", opts.init_options, "table")
  validate_optional("virtual_text", opts.virtual_text, "boolean")
  -- Shallow on purpose: a user's cmd or filetypes list replaces ours whole.
  M.config = vim.tbl_extend("force", vim.deepcopy(defaults), opts)

  local group = vim.api.nvim_create_augroup("gradguard", { clear = true })
  local filetypes = vim.list_extend(vim.list_extend({}, M.config.filetypes), M.config.log_filetypes)
  local function on_event(args)
    M.attach(args.buf)
  end
  if #filetypes > 0 then
    vim.api.nvim_create_autocmd("FileType", { group = group, pattern = filetypes, callback = on_event })
  end
  if #M.config.log_patterns > 0 then
    vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
      group = group,
      pattern = M.config.log_patterns,
      callback = on_event,
    })
  end
  define_command()

  -- setup() may run after buffers were loaded (lazy loading): attach those too.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) then
      local name = vim.api.nvim_buf_get_name(bufnr)
      local wanted = vim.tbl_contains(filetypes, vim.bo[bufnr].filetype)
      for _, pattern in ipairs(M.config.log_patterns) do
        wanted = wanted or vim.fn.match(name, vim.fn.glob2regpat(pattern)) >= 0
      end
      if wanted then
        M.attach(bufnr)
      end
    end
  end
end

return M
