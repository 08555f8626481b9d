// issue 43, leak 7: a key is redacted in every form a provider or a command may echo it in. The key
// is assembled at run time, so this file holds no literal secret.
import { describe, expect, it } from 'vitest'
import { keyRedactor } from './key-forms.ts'

const KEY = ['sk', 'f3a9c1e07b2d4c6e8a0b1c2d3e4f5a6b'].join('-')
const redact = keyRedactor([KEY])!
const middle = KEY.slice(10, 24)
const base64 = Buffer.from(KEY).toString('base64')
const basic = (user: string) => Buffer.from(`${user}:${KEY}`).toString('base64')
const hex = Buffer.from(KEY).toString('hex')
const reversed = [...KEY].reverse().join('')
const grouped = KEY.match(/.{1,4}/g)!.join(' ')

const FORMS: Array<[string, string, string]> = [
  ['whole', `401: invalid key ${KEY}.`, '401: invalid key [redacted].'],
  ['the middle slice', `key fragment …${middle}… rejected`, 'key fragment …[redacted]… rejected'],
  ['upper case', `KEY=${KEY.toUpperCase()}`, 'KEY=[redacted]'],
  ['base64', `{"echo":"${base64}"}`, '{"echo":"[redacted]"}'],
  ['Basic auth (user "a")', `Authorization: Basic ${basic('a')}`, 'Authorization: Basic [redacted]'],
  ['Basic auth (user "ab")', `Authorization: Basic ${basic('ab')}`, 'Authorization: Basic [redacted]'],
  ['Basic auth (user "api")', `Authorization: Basic ${basic('api')}`, 'Authorization: Basic [redacted]'],
  ['hex', `key bytes: ${hex}`, 'key bytes: [redacted]'],
  ['upper-case hex', `key bytes: ${hex.toUpperCase()}`, 'key bytes: [redacted]'],
  ['reversed', `yek desrever: ${reversed}`, 'yek desrever: [redacted]'],
  ['space-grouped', `your key: ${grouped} (grouped)`, 'your key: [redacted] (grouped)'],
  ['wrapped over lines', `${KEY.slice(0, 20)}\n${KEY.slice(20)}\nnext line`, '[redacted]\nnext line'],
]

describe('keyRedactor', () => {
  it.each(FORMS)('redacts the key %s', (_, text, expected) => {
    expect(redact(text)).toBe(expected)
  })

  it('leaves text without the key alone: another key, a hash, prose', () => {
    const other = ['sk', '0a1b2c3d4e5f60718293a4b5c6d7e8f9'].join('-')
    const text = `other ${other}, sha 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b, the api key is wrong`
    expect(redact(text)).toBe(text)
  })

  it('has nothing to do without a key long enough to be one', () => {
    expect(keyRedactor([])).toBeUndefined()
    expect(keyRedactor(['short'])).toBeUndefined()
  })
})
