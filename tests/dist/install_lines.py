"""The install lines as the README writes them, read from the markdown so that
the tests run what a reader copies, not a copy of it.

README.md's "## Install" table: one row a route, `| where | one line |`;
the line is the first code span of the second column, the rest of the cell
is what it needs. docs/install.md's ```sh blocks under "## The Python wheel"
are run too (after the pip line, in the same folder).
"""
import re

# The rows the README must have, by slug (the long suite has one test each,
# tests/dist/meson.build; test_install_lines.py holds the two lists equal).
SHELL_ROWS = ("vs-code", "pip", "pip-pypi", "pipx", "anywhere")
OTHER_ROWS = ("pre-commit", "neovim")


def slug(name):
    """'pip, from PyPI' -> 'pip-pypi': the row's name in the tests."""
    words = re.findall(r"[a-z0-9]+", name.lower())
    words = [w for w in words if w not in ("from", "with")]
    return "-".join(words)


def section(text, heading):
    """The body of a '## heading' section, up to the next '## '."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == heading)
    body = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        body.append(line)
    return "\n".join(body)


def code_spans(cell):
    """Markdown code spans of one cell, in order (single backticks)."""
    return re.findall(r"`([^`]+)`", cell)


def readme_rows(readme_text):
    """{slug: (name, line, rest of the cell)} for each row of the Install table."""
    rows = {}
    for line in section(readme_text, "## Install").splitlines():
        if not line.startswith("|") or line.startswith("|---") or line.startswith("| where"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2:
            continue
        name, cell = cells[0], "|".join(cells[1:])
        spans = code_spans(cell)
        if spans:
            rows[slug(name)] = (name, spans[0], cell)
    return rows


def readme_sample(readme_text):
    """(command, output lines) of the first ```console block under Install."""
    body = section(readme_text, "## Install")
    block = re.search(r"```console\n(.*?)```", body, re.S).group(1).splitlines()
    command = block[0]
    assert command.startswith("$ "), command
    return command[2:], block[1:]


def docs_wheel_blocks(install_md_text):
    """The ```sh blocks of docs/install.md's wheel section, each a script."""
    body = section(install_md_text, "## The Python wheel")
    return re.findall(r"```sh\n(.*?)```", body, re.S)
