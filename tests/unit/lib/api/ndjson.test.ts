import { describe, expect, it } from 'vitest';
import { ndjsonLines } from '~/lib/api/ndjson';

/** Every line the splitter gives for `chunks`, pushed in order, then the stream's end. */
function split(chunks: string[]): string[] {
  const splitter = ndjsonLines();
  return [...chunks.flatMap((chunk) => splitter.push(chunk)), ...splitter.end()];
}

describe('ndjsonLines: NDJSON arriving in network chunks (SPEC §4 "Chat stream")', () => {
  it('gives whole lines when chunk and line ends agree', () => {
    expect(split(['{"a":1}\n{"a":2}\n'])).toEqual(['{"a":1}', '{"a":2}']);
  });

  it('joins a line split across chunks, however finely', () => {
    expect(split(['{"te', 'xt":"Hal', 'o"}\n{"text"', ':"!"}\n'])).toEqual(['{"text":"Halo"}', '{"text":"!"}']);
    const line = '{"text":"Kelas dimulai 12 Januari"}\n';
    expect(split([...line])).toEqual([line.trim()]);
  });

  it('returns a line only once its newline came', () => {
    const splitter = ndjsonLines();
    expect(splitter.push('{"a":1}\n{"a":')).toEqual(['{"a":1}']);
    expect(splitter.push('2}')).toEqual([]);
    expect(splitter.push('\n')).toEqual(['{"a":2}']);
    expect(splitter.end()).toEqual([]);
  });

  it('keeps a last line that has no newline after it', () => {
    expect(split(['{"a":1}\n{"done":true}'])).toEqual(['{"a":1}', '{"done":true}']);
  });

  it('leaves out blank lines and takes \\r\\n line ends', () => {
    expect(split(['\n{"a":1}\r\n\r\n', '  \n{"a":2}\n\n'])).toEqual(['{"a":1}', '{"a":2}']);
    expect(split(['', '\n', ''])).toEqual([]);
  });

  it('passes a line that is not JSON on as text (the reader decides: streamChat skips it)', () => {
    expect(split(['{"a":1}\nbukan json\n{"a":2}\n'])).toEqual(['{"a":1}', 'bukan json', '{"a":2}']);
  });
});
