'use strict';
// Turns the answer of gradguard.diagnoseTraceback (the JSON of
// `gradguard diagnose --output-format json`, see docs/diagnose.md) into the
// markdown document shown beside the source. No vscode module: plain data in,
// text out.

const KIND_TITLES = {
	'oom-eval-no-grad': 'Out of memory in evaluation, with autograd on',
	'oom-eval': 'Out of memory in evaluation (autograd was off)',
	'oom-training': 'Out of memory in training',
	oom: 'Out of memory',
	'not-oom': 'Not an out-of-memory error',
};

function gib(bytes) {
	return `${(bytes / 2 ** 30).toFixed(2)} GiB`;
}

function where(frame) {
	const at = `${frame.filename}:${frame.line}${frame.function ? ` in ${frame.function}()` : ''}`;
	return frame.code ? `${at}: \`${frame.code}\`` : at;
}

function renderOne(d) {
	const lines = [];
	const device = d.device ? ` (${d.device}${d.device_index != null ? `:${d.device_index}` : ''})` : '';
	const rank = d.rank != null ? ` — rank ${d.rank}` : '';
	lines.push(`## ${KIND_TITLES[d.kind] || d.kind}${device}${rank}`, '');
	const tags = [`\`${d.kind}\``];
	if (d.confidence) tags.push(`${d.confidence} confidence`);
	if (d.first) tags.push('first failure');
	lines.push(tags.join(' · '), '');
	if (d.exception) {
		const line = d.exception.line ? ` (log line ${d.exception.line})` : '';
		lines.push(`**${d.exception.type}**${line}: ${d.exception.message || ''}`, '');
	}
	if (d.culprit) {
		lines.push(`**Where:** ${where(d.culprit)}`);
		if (d.culprit.resolved) lines.push(`  → ${d.culprit.resolved}${d.culprit.stale ? ' (stale: the file has changed since)' : ''}`);
		lines.push('');
	}
	if (d.explanation) lines.push(`**Why:** ${d.explanation}`, '');
	if (d.fix) lines.push(`**Fix:** ${d.fix}`, '');
	if (d.static && d.static.code) lines.push(`**${d.static.code}** at line ${d.static.line}: ${d.static.message || ''}`, '');
	if (Array.isArray(d.causes) && d.causes.length) lines.push(`**Causes:** ${d.causes.join(', ')}`, '');
	const m = d.memory || {};
	const memory = [
		['tried to allocate', m.tried_to_allocate],
		['total capacity', m.total_capacity],
		['allocated by PyTorch', m.allocated],
		['reserved but unallocated', m.reserved_unallocated],
		['free', m.free],
	].filter(([, v]) => typeof v === 'number');
	if (memory.length) {
		lines.push('**Memory:**', '');
		for (const [name, v] of memory) lines.push(`- ${name}: ${gib(v)}`);
		lines.push('');
	}
	if (Array.isArray(d.evidence) && d.evidence.length) {
		lines.push('**Evidence:**', '');
		for (const e of d.evidence) lines.push(`- ${e}`);
		lines.push('');
	}
	return lines.join('\n');
}

function renderDiagnosis(result, origin) {
	const head = `# gradguard diagnosis (from the ${origin})\n\n`;
	const all = (result && result.diagnoses) || [];
	if (all.length === 0) {
		return `${head}No traceback or out-of-memory error was found in the ${origin}.\n`;
	}
	// The first failure (the root cause across ranks) comes first.
	const ordered = [...all].sort((a, b) => (b.first ? 1 : 0) - (a.first ? 1 : 0));
	let text = head + ordered.map(renderOne).join('\n');
	if (result.omitted) text += `\n_${result.omitted} more diagnoses omitted._\n`;
	return text;
}

module.exports = { renderDiagnosis };
