import { type ContentSource, SOURCE_METHODS, type SourceMethod } from '~/lib/content/source';

/** A source call as the fake saw it. */
export interface SourceCallSeen {
  method: SourceMethod;
  args: unknown[];
}

/**
 * A content source answering with `answers`; any other method throws, so a test notices a read it
 * did not expect. `calls` records every call in order.
 */
export function fakeSource(answers: Partial<ContentSource>): { source: ContentSource; calls: SourceCallSeen[] } {
  const calls: SourceCallSeen[] = [];
  const source = Object.fromEntries(
    SOURCE_METHODS.map((method) => [
      method,
      async (...args: unknown[]) => {
        calls.push({ method, args });
        const answer = answers[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
        if (!answer) throw new Error(`unexpected source call: ${method}`);
        return answer(...args);
      },
    ]),
  ) as unknown as ContentSource;
  return { source, calls };
}
