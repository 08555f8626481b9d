// The HTML report is built from run output a scenario (or a model) controls, so everything is
// escaped: hostile text in names, prompts, tool input and output, options, diffs and failures must
// come out as text, never as markup; and the page must fetch nothing.
import { describe, expect, it } from 'vitest'
import type { ScenarioOutcome } from '../model/outcome.ts'
import { readInput } from '../test-support/scenario-file.ts'
import { renderHtmlReport } from './html-report.ts'
import { renderSideBySide } from './html-side-by-side.ts'
import { failure } from '../model/failure.ts'

const EVIL = `<script>alert(1)</script>"><img src=x onerror=alert(2)></pre></textarea><svg onload=alert(3)>`
const line = (value: object) => JSON.stringify({ jsonrpc: '2.0', ...value })
const update = (update: object) => line({ method: 'session/update', params: { sessionId: EVIL, update } })

function outcome(overrides: Partial<ScenarioOutcome>): ScenarioOutcome {
  return {
    scenario: 'demo',
    ok: true,
    failures: [],
    written: [],
    durationMs: 12,
    mode: 'replay',
    host: 'in-process',
    ...overrides,
  }
}

const hostile = outcome({
  scenario: `evil"'<b>`,
  ok: false,
  failures: [
    failure('process', EVIL, EVIL),
    {
      kind: 'surface',
      scenario: EVIL,
      file: `scenarios/${EVIL}/stdout.golden.jsonl`,
      surface: 'transcript',
      expected: `same\n${EVIL}\n`,
      actual: `same\n${EVIL}!\n`,
      message: `scenarios/${EVIL}/stdout.golden.jsonl differs`,
    },
  ],
  surfaces: {
    sessionLogs: [],
    transcript: [
      line({ id: 1, result: { agentInfo: { name: EVIL, version: EVIL } } }),
      line({ id: 2, result: { sessionId: EVIL } }),
      update({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: EVIL } }),
      update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: EVIL } }),
      update({
        sessionUpdate: 'agent_message_chunk',
        content: { type: 'image', mimeType: 'image/svg+xml', data: EVIL },
      }),
      update({
        sessionUpdate: 'agent_message_chunk',
        content: { type: 'resource_link', name: EVIL, uri: `javascript:${EVIL}` },
      }),
      update({
        sessionUpdate: 'tool_call',
        toolCallId: EVIL,
        title: EVIL,
        kind: EVIL,
        status: EVIL,
        rawInput: { command: EVIL },
      }),
      line({
        id: 1,
        method: 'session/request_permission',
        params: { sessionId: EVIL, toolCall: { toolCallId: EVIL }, options: [{ name: EVIL, kind: 'allow_once' }] },
      }),
      update({
        sessionUpdate: 'tool_call_update',
        toolCallId: EVIL,
        content: [
          { type: 'diff', path: EVIL, oldText: EVIL, newText: `${EVIL}\n` },
          { type: 'terminal', terminalId: EVIL },
          { type: EVIL },
        ],
        locations: [{ path: EVIL, line: 1 }],
      }),
      update({ sessionUpdate: EVIL, value: EVIL }),
      line({ method: EVIL, params: { x: EVIL } }),
      line({ id: 3, error: { code: EVIL, message: EVIL, data: EVIL } }),
    ],
  },
})

describe('renderHtmlReport', () => {
  const input = readInput(
    JSON.stringify({
      steps: [
        { op: 'initialize' },
        { op: 'newSession', as: 's' },
        {
          op: 'prompt',
          session: 's',
          content: [
            { type: 'text', text: EVIL },
            { type: 'resource', resource: { uri: EVIL, text: EVIL } },
          ],
        },
      ],
      permissions: ['allow_once'],
    }),
  )
  const html = renderHtmlReport({
    outcomes: [hostile, outcome({})],
    inputs: { [hostile.scenario]: input },
    loadFailures: [EVIL],
    title: EVIL,
  })

  it('escapes hostile content everywhere: no markup from the run survives', () => {
    expect(html).not.toMatch(/<script|<svg|<textarea|<img(?! class="image")|javascript:(?!&lt;)/i)
    // No tag carries an event handler (the words appear only as escaped text).
    // Attribute values are always double-quoted with `"` escaped, so dropping them leaves the tags.
    expect(html.replace(/"[^"]*"/g, '""')).not.toMatch(/<[^>]*\son[a-z]+=/i)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;')
    expect(html).toContain('id="s-evil&quot;&#39;&lt;b&gt;"')
    // An image that is not plain base64 of a plain image type is shown as a label, not loaded.
    expect(html).toContain('<span class="tag">image</span> image/svg+xml')
  })

  it('is one self-contained page that may fetch nothing', () => {
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`)
    expect(html).not.toMatch(/<(link|script|iframe|object|embed)\b/i)
    expect(html).not.toMatch(/(src|href)="(?!#|data:image\/)/)
  })

  it('has a summary row per scenario with mode, host, time and result', () => {
    expect(html).toContain(
      '<p id="counts"><span class="pass">1 passed</span>, <span class="fail">1 failed</span>' +
        '<span class="fail">, 1 error</span></p>',
    )
    expect(html).toContain(
      '<tr data-scenario="demo" data-result="pass"><td><a href="#s-demo">demo</a></td>' +
        '<td>replay</td><td>in-process</td><td>12 ms</td><td class="pass">pass</td></tr>',
    )
  })

  it("states each scenario's provenance beside its heading, escaped", () => {
    const page = renderHtmlReport({
      outcomes: [outcome({ recording: 'stub' })],
      provenance: { demo: `recording: stub · deepseek-chat; 2026-11-30; dsh 0.1.0 · header ${EVIL}` },
    })
    expect(page).toContain(
      ' · replay · in-process · 12 ms · recording: stub · deepseek-chat; 2026-11-30; dsh 0.1.0 · ' +
        'header &lt;script&gt;',
    )
    const bare = renderHtmlReport({ outcomes: [outcome({ recording: 'stub' })] })
    expect(bare).toContain(' · 12 ms · recording: stub</span>')
    expect(bare).not.toContain('deepseek-chat')
  })
})

describe('side by side', () => {
  it('pairs removed and added lines in one row and keeps unchanged lines aligned', () => {
    const cell = (html: string) => html.replace(/<span class="mark">[−+]<\/span>/, '').replace(/<[^>]+>/g, '')
    const side = '<td class="ln">(\\d*)</td><td[^>]*>(.*?)</td>'
    const row = new RegExp(`<tr class="(same|changed)">${side}${side}</tr>`, 'g')
    const rows = [...renderSideBySide('f', 'a\nb\nc\n', 'a\nB\nc\nd\n').html.matchAll(row)].map(
      ([, kind, leftN, left, rightN, right]) => `${kind}: ${leftN} ${cell(left!)} | ${rightN} ${cell(right!)}`,
    )
    expect(rows).toEqual(['same: 1 a | 1 a', 'changed: 2 b | 2 B', 'same: 3 c | 3 c', 'changed:   | 4 d'])
  })

  it('marks the changed line on both sides and folds far unchanged lines', () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}`)
    const changed = lines.map((l, i) => (i === 10 ? `${l} changed` : l))
    const html = renderSideBySide('f', `${lines.join('\n')}\n`, `${changed.join('\n')}\n`).html
    expect(html).toContain('<td class="del"><span class="mark">−</span><span>line 10</span></td>')
    expect(html).toContain('<td class="ins"><span class="mark">+</span><span>line 10</span><mark> changed</mark></td>')
    expect(html).toContain('… 7 unchanged lines')
    expect(html).toContain('… 6 unchanged lines')
    // The line numbers take a narrow column of their own; the code columns share the rest.
    expect(html).toContain('<colgroup><col class="ln"><col><col class="ln"><col></colgroup>')
  })

  it('marks an unrelated pair of lines as changed without lighting up their common letters', () => {
    const html = renderSideBySide('f', 'a\n{"jsonrpc":"2.0","id":3}\n', 'a\nthe turn ended in error\n').html
    expect(html).toContain(
      '<td class="del"><span class="mark">−</span>{&quot;jsonrpc&quot;:&quot;2.0&quot;,&quot;id&quot;:3}</td>',
    )
    expect(html).not.toContain('<mark>')
  })
})
