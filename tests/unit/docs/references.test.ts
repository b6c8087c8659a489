import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The code cites the requirements as `SPEC §n`, `SPEC §n "Heading"` or `SPEC §n "quoted words"`; each
 * must resolve to a section of docs/requirements.md, and the quote to a heading or words of that
 * section, so a reader finds it inside the repository.
 */
const root = new URL('../../../', import.meta.url).pathname;
/** The code and tests that may cite the docs (tracked or new, as they are on disk). */
function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src', 'tests', 'scripts'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs|astro|css)$/.test(file) && existsSync(`${root}${file}`));
}

const requirements = readFileSync(`${root}docs/requirements.md`, 'utf8');

/** Each §n section's headings and its text: `## §7 The calls it makes` owns everything up to `## §8`. */
function sections(): Map<string, { headings: string[]; text: string }> {
  const map = new Map<string, { headings: string[]; text: string }>();
  let current: { headings: string[]; text: string } | undefined;
  for (const line of requirements.split('\n')) {
    const top = /^## §(\d+)\b/.exec(line);
    if (top?.[1]) {
      current = { headings: [], text: '' };
      map.set(top[1], current);
    } else if (current && /^#{3,} /.test(line)) current.headings.push(line.replace(/^#+ /, '').trim());
    else if (current) current.text += ` ${line}`;
  }
  return map;
}

/** Words as a reader compares them: no markdown marks, one space, any case. */
const plain = (text: string) => text.replace(/[`*_]/g, '').replace(/\s+/g, ' ').toLowerCase();

/** Whether a quote names a heading of the section or words it says. */
function resolves(section: { headings: string[]; text: string } | undefined, quote: string): boolean {
  if (!section) return false;
  return section.headings.some((h) => h.startsWith(quote)) || plain(section.text).includes(plain(quote));
}

function citations(): { where: string; section: string; heading?: string }[] {
  return sourceFiles().flatMap((file) =>
    readFileSync(`${root}${file}`, 'utf8')
      .split('\n')
      .flatMap((text, line) =>
        [...text.matchAll(/SPEC §(\d+)(?: "([^"]+)")?/g)].map((match) => ({
          where: `${file}:${line + 1}`,
          section: match[1] ?? '',
          ...(match[2] ? { heading: match[2] } : {}),
        })),
      ),
  );
}

/** Citations of docs/design.md with a quoted name: each names the start of one of its headings. */
function designCitations(): { where: string; heading: string }[] {
  return sourceFiles().flatMap((file) =>
    readFileSync(`${root}${file}`, 'utf8')
      .split('\n')
      .flatMap((text, line) =>
        [...text.matchAll(/docs\/design\.md "([^"]+)"/g)].map((match) => ({ where: `${file}:${line + 1}`, heading: match[1] ?? '' })),
      ),
  );
}

describe('docs/design.md', () => {
  const headings = readFileSync(`${root}docs/design.md`, 'utf8')
    .split('\n')
    .filter((line) => /^#{2,} /.test(line))
    .map((line) => line.replace(/^#+ /, '').trim());
  const cited = designCitations();

  it('has every heading the code cites', () => {
    expect(cited.length).toBeGreaterThan(5);
    const missing = cited.filter((c) => !headings.some((h) => h.startsWith(c.heading))).map((c) => `${c.where}: "${c.heading}"`);
    expect(missing).toEqual([]);
  });
});

describe('docs/requirements.md', () => {
  const bySection = sections();
  const cited = citations();

  it('is cited by the code', () => {
    expect(cited.length).toBeGreaterThan(100);
  });

  it('has every section the code cites', () => {
    const missing = cited.filter((c) => !bySection.has(c.section)).map((c) => `${c.where}: §${c.section}`);
    expect(missing).toEqual([]);
  });

  it('has every heading or quote the code cites, in the cited section', () => {
    const missing = cited
      .filter((c) => c.heading && !resolves(bySection.get(c.section), c.heading))
      .map((c) => `${c.where}: §${c.section} "${c.heading}"`);
    expect(missing).toEqual([]);
  });
});
