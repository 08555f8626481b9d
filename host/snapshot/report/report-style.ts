// The report's only stylesheet, inlined into the page (no external assets).
import { escapeHtml, type Html } from './html.ts'
const REPORT_CSS = `
:root { --pass: #1a7f37; --fail: #cf222e; --dim: #6e7781; --line: #d0d7de; --del: #ffebe9; --ins: #dafbe1; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1200px; padding: 16px; color: #1f2328; }
h1 { font-size: 20px; } h2 { font-size: 16px; display: inline; }
code, pre, .sbs td { font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; }
pre { white-space: pre-wrap; word-break: break-word; background: #f6f8fa; padding: 6px 8px; }
pre { border-radius: 4px; margin: 4px 0; }
table.summary { border-collapse: collapse; margin: 12px 0; }
table.summary th, table.summary td { border-bottom: 1px solid var(--line); padding: 4px 12px; text-align: left; }
.pass { color: var(--pass); font-weight: 600; } .fail { color: var(--fail); font-weight: 600; }
.dim { color: var(--dim); }
section.scenario { border: 1px solid var(--line); border-radius: 6px; margin: 12px 0; padding: 8px 12px; }
section.scenario.failed { border-color: var(--fail); }
section.scenario > details > summary { cursor: pointer; }
.failures pre { background: #fff8f8; border-left: 3px solid var(--fail); }
.conversation { display: flex; flex-direction: column; gap: 6px; margin-top: 8px; }
.msg { border-radius: 8px; padding: 6px 10px; max-width: 85%; }
.text { white-space: pre-wrap; }
.io.output, .io.output .text { white-space: pre-wrap; word-break: break-word; }
.who { font-size: 11px; color: var(--dim); text-transform: uppercase; letter-spacing: .04em; }
.user { background: #ddf4ff; align-self: flex-end; }
.agent { background: #f6f8fa; align-self: flex-start; }
.thought { background: #fbf8ff; align-self: flex-start; font-style: italic; }
.tool, .permission { border: 1px solid var(--line); border-radius: 6px; padding: 6px 10px; }
.tool.status-failed { border-color: var(--fail); } .tool.status-completed { border-color: var(--pass); }
.tool-head .status { font-weight: 600; }
.io .label, .permission .label { font-size: 11px; color: var(--dim); }
.tag { font-size: 11px; background: #eaeef2; border-radius: 3px; padding: 0 5px; }
.option { border: 1px solid var(--line); border-radius: 12px; padding: 1px 8px; margin-right: 4px; }
.option { display: inline-block; }
.option.chosen { border-color: var(--pass); background: var(--ins); font-weight: 600; }
.marker, .end { font-size: 12px; color: var(--dim); text-align: center; }
.end.abnormal { color: var(--fail); }
.rpc-error { color: var(--fail); border-left: 3px solid var(--fail); padding-left: 8px; }
.resource { background: #fff; border: 1px dashed var(--line); padding: 4px 6px; margin: 3px 0; }
.diff .line { font: 12px/1.4 ui-monospace, monospace; white-space: pre-wrap; }
.diff .del, td.del { background: var(--del); } .diff .ins, td.ins { background: var(--ins); }
.diff .path { font-weight: 600; }
.mark { display: inline-block; width: 1.2em; font-weight: 700; }
table.sbs { width: 100%; table-layout: fixed; border-collapse: collapse; margin: 8px 0; }
table.sbs col.ln { width: 3.5em; }
table.sbs th { text-align: left; background: #f6f8fa; padding: 4px; font-weight: 600; }
table.sbs td { vertical-align: top; white-space: pre-wrap; overflow-wrap: anywhere; padding: 0 4px; }
table.sbs td.ln { color: var(--dim); text-align: right; }
table.sbs tr.fold td { color: var(--dim); text-align: center; background: #f6f8fa; }
td.del mark { background: #ffc1c0; } td.ins mark { background: #abf2bc; }
img.image { max-width: 320px; }
.cause { border-left: 4px solid var(--fail); background: #fff8f8; padding: 8px 12px; margin: 8px 0; }
.cause .next code { background: #eaeef2; padding: 1px 4px; border-radius: 3px; }
.cause .also { margin: 4px 0; color: var(--dim); }
.left-out { border-left: 4px solid var(--dim); background: #f6f8fa; padding: 6px 12px; margin: 8px 0; }
.description { color: var(--dim); margin: 2px 0 0; }
.conversations { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; }
.conversations h3 { font-size: 13px; margin: 8px 0 0; color: var(--dim); }
.changed-item { display: flex; flex-direction: column; border-left: 3px solid var(--fail); padding-left: 6px; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0; }
dl.facts dt { color: var(--dim); } dl.facts dd { margin: 0; overflow-wrap: anywhere; }
#failures-only:checked ~ main section.scenario.passed { display: none; }
#failures-only:checked ~ main #summary tr[data-result="pass"] { display: none; }
.warnings { color: #9a6700; }
`

/**
 * A self-contained report page: the report's style inline, and a Content-Security-Policy that lets
 * nothing load (no script, no network), so a page with a fixture's text in it is safe to open.
 */
export function reportPage(title: string, body: Html): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
${body.html}
</body>
</html>
`
}
