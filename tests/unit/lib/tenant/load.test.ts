import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listTenantCodes, loadTenant, TenantFileError } from '~/lib/tenant/load';

/** A tenants/ folder in a temp dir, so broken files can be written without touching the real ones. */
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tenants-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const valid = (code: string) => ({
  code,
  lmsId: `lms-${code}`,
  appCode: code.toUpperCase(),
  hosts: [`${code}.example.id`],
  setting: { title: code, logoDark: 'a.svg', logoLight: 'b.svg', favicon: 'c.svg', css: {} },
});

function writeTenant(folder: string, content: unknown): string {
  mkdirSync(join(root, folder), { recursive: true });
  const file = join(root, folder, 'tenant.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return relative(process.cwd(), file);
}

function loadError(code: string): TenantFileError {
  try {
    loadTenant(root, code);
  } catch (error) {
    if (error instanceof TenantFileError) return error;
    throw error;
  }
  throw new Error(`loadTenant(${code}) did not throw`);
}

describe('loadTenant', () => {
  it('returns the validated tenant for a good file', () => {
    writeTenant('demo', valid('demo'));
    expect(loadTenant(root, 'demo')).toMatchObject({ code: 'demo', setting: { layout: 'demo', css: { ft_primary: 'Raleway' } } });
  });

  it('names the file and the dotted field path of a bad colour', () => {
    const shown = writeTenant('demo', { ...valid('demo'), setting: { ...valid('demo').setting, css: { clr_primary: 'blue' } } });
    const error = loadError('demo');
    expect(error.name).toBe('TenantFileError');
    expect(error.message).toContain(`${shown}: setting.css.clr_primary: `);
  });

  it('lists every bad field, one line each', () => {
    const shown = writeTenant('demo', {
      ...valid('demo'),
      hosts: ['https://x'],
      setting: { ...valid('demo').setting, css: { ft_primary: 'Arial' } },
    });
    const lines = loadError('demo').message.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => line.split(': ')[1])).toEqual(expect.arrayContaining(['hosts.0', 'setting.css.ft_primary']));
    for (const line of lines) expect(line.startsWith(`${shown}: `)).toBe(true);
  });

  it('names the file when the JSON does not parse', () => {
    const shown = writeTenant('demo', '{ "code": "demo", }');
    expect(loadError('demo').message).toMatch(new RegExp(`^${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: JSON tidak valid`));
  });

  it('names the file when it is missing, and marks a non-object as (root)', () => {
    mkdirSync(join(root, 'ghost'));
    expect(loadError('ghost').message).toContain(join('ghost', 'tenant.json'));
    writeTenant('list', '[]');
    expect(loadError('list').message).toContain(': (root): ');
  });

  it('refuses a tenant whose code differs from its folder', () => {
    writeTenant('alpha', valid('demo'));
    const message = loadError('alpha').message;
    expect(message).toContain(join('alpha', 'tenant.json'));
    expect(message).toContain('code: "demo"');
    expect(message).toContain('"alpha"');
  });
});

describe("loadTenant: a pesilat site's mainTenant", () => {
  const pesilat = (mainTenant: string, layout = 'pesilat', code = 'pesilat') => ({
    ...valid(code),
    mainTenant,
    setting: { ...valid(code).setting, layout },
  });

  it('loads when it names an existing main site', () => {
    writeTenant('demo', valid('demo'));
    writeTenant('pesilat', pesilat('demo'));
    expect(loadTenant(root, 'pesilat')).toMatchObject({ code: 'pesilat', mainTenant: 'demo', setting: { layout: 'pesilat' } });
  });

  it('names the file and field when the main tenant does not exist', () => {
    const shown = writeTenant('pesilat', pesilat('hilang'));
    const message = loadError('pesilat').message;
    expect(message.startsWith(`${shown}: mainTenant: `)).toBe(true);
    expect(message).toContain('"hilang" tidak ada');
  });

  it('refuses a main tenant that is itself a pesilat site', () => {
    writeTenant('demo', valid('demo'));
    writeTenant('pesilat', pesilat('demo'));
    const shown = writeTenant('latihan', pesilat('pesilat', 'staging-pesilat', 'latihan'));
    const message = loadError('latihan').message;
    expect(message.startsWith(`${shown}: mainTenant: "pesilat" sendiri situs pesilat`)).toBe(true);
  });

  it('refuses a mainTenant on a layout that is not a pesilat one', () => {
    writeTenant('demo', valid('demo'));
    const shown = writeTenant('alpha', { ...valid('alpha'), mainTenant: 'demo' });
    expect(loadError('alpha').message).toContain(`${shown}: mainTenant: hanya untuk situs pesilat`);
  });
});

describe('listTenantCodes', () => {
  it('lists tenant folders sorted, skipping shared (_) folders and files', () => {
    for (const folder of ['zeta', '_shared', 'alpha']) mkdirSync(join(root, folder));
    writeFileSync(join(root, 'README.md'), '# tenants');
    expect(listTenantCodes(root)).toEqual(['alpha', 'zeta']);
  });
});
