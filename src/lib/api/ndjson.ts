/**
 * Newline-delimited JSON arriving in pieces (SPEC §4 "Chat stream"): a network chunk may end in the
 * middle of a line, or hold several. `push` takes the next piece of text and returns the lines it
 * completed; `end` returns the last line when the stream closes without a newline after it. Lines
 * come back trimmed (a `\r\n` line end too), blank ones are left out.
 */
export interface LineSplitter {
  push(chunk: string): string[];
  end(): string[];
}

export function ndjsonLines(): LineSplitter {
  let rest = '';
  const whole = (lines: string[]) => lines.map((line) => line.trim()).filter(Boolean);
  return {
    push(chunk) {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      return whole(lines);
    },
    end() {
      const last = rest;
      rest = '';
      return whole([last]);
    },
  };
}
