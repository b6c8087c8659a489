import { describe, expect, it } from 'vitest';
import { SiteSettingSchema } from '~/contract/settings';
import { robotsContent } from '~/lib/seo/meta';
import { TenantSchema } from '~/lib/tenant/schema';

/** The smallest tenant.json a new tenant can ship: everything optional left out. */
const minimal = () => ({
  code: 'demo',
  lmsId: 'lms-1',
  appCode: 'DEMO',
  hosts: ['demo.example.id', 'localhost:4321'],
  setting: { title: 'Demo', logoDark: 'assets/dark.svg', logoLight: 'assets/light.svg', favicon: 'assets/favicon.svg' },
});

/** SPEC §3 "Site setting" defaults. */
const SPEC_CSS = {
  ft_primary: 'Raleway',
  ft_secondary: 'Inter',
  clr_primary: '#2096C4',
  clr_secondary: '#2F80ED',
  clr_success: '#2dce89',
  clr_info: '#11cdef',
  clr_warning: '#fb6340',
  clr_danger: '#f5365c',
  clr_light: '#adb5bd',
  clr_dark: '#212529',
};

function issuePaths(value: unknown): string[] {
  const result = TenantSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('tenant setting defaults (SPEC §3)', () => {
  it('gives a site setting without css the SPEC fonts and colours', () => {
    expect(SiteSettingSchema.parse(minimal().setting).css).toEqual(SPEC_CSS);
  });

  // Fails today: TenantSchema re-declares `css` without a default, so tenant.json must spell css out.
  it('gives a tenant.json without css the SPEC fonts and colours', () => {
    const result = TenantSchema.safeParse(minimal());
    expect(result.error?.issues).toBeUndefined();
    expect(result.data?.setting.css).toEqual(SPEC_CSS);
  });

  it('fills every colour and font left out of a partial css', () => {
    const tenant = TenantSchema.parse({ ...minimal(), setting: { ...minimal().setting, css: { clr_primary: '#000' } } });
    expect(tenant.setting.css).toEqual({ ...SPEC_CSS, clr_primary: '#000' });
  });

  it('defaults the layout to demo and robots to index, follow', () => {
    const { setting } = TenantSchema.parse({ ...minimal(), setting: { ...minimal().setting, css: {} } });
    expect(setting.layout).toBe('demo');
    expect(setting.meta).toMatchObject({ robot_index: true, robot_follow: true, type: 'website', card: 'summary_large_image' });
    expect(robotsContent(setting.meta)).toBe('index, follow');
  });

  it('leaves isMaintenance undefined when omitted, since a missing flag means maintenance', () => {
    const { setting } = TenantSchema.parse({ ...minimal(), setting: { ...minimal().setting, css: {} } });
    expect(setting.isMaintenance).toBeUndefined();
    expect('isMaintenance' in setting).toBe(false);
  });
});

describe('tenant.json rejects', () => {
  const withCss = (css: Record<string, unknown>) => ({ ...minimal(), setting: { ...minimal().setting, css } });

  it('unknown fields at every level', () => {
    expect(issuePaths({ ...withCss({}), theme: 'dark' })).toEqual(['']);
    expect(issuePaths({ ...withCss({}), setting: { ...withCss({}).setting, colour: 'red' } })).toEqual(['setting']);
    expect(issuePaths(withCss({ clr_accent: '#fff' }))).toEqual(['setting.css']);
  });

  it.each(['2096C4', '#2096C', '#GGGGGG', 'blue', ''])('colour %j', (colour) => {
    expect(issuePaths(withCss({ clr_primary: colour }))).toEqual(['setting.css.clr_primary']);
  });

  it('a font outside the self-hosted set, naming the choices', () => {
    const result = TenantSchema.safeParse(withCss({ ft_secondary: 'Comic Sans' }));
    expect(result.error?.issues[0]?.path.join('.')).toBe('setting.css.ft_secondary');
    expect(result.error?.issues[0]?.message).toContain('Comic Sans');
    expect(result.error?.issues[0]?.message).toContain('Raleway');
  });

  it.each(['https://demo.example.id', 'Demo.example.id', 'demo.example.id/path', ''])('host %j', (host) => {
    expect(issuePaths({ ...withCss({}), hosts: [host] })).toEqual(['hosts.0']);
  });

  it('a tenant without hosts, and codes that cannot be folder names', () => {
    expect(issuePaths({ ...withCss({}), hosts: [] })).toEqual(['hosts']);
    for (const code of ['Demo', 'd', '1demo', 'de mo']) expect(issuePaths({ ...withCss({}), code })).toEqual(['code']);
  });
});

describe('tenant.json mainTenant (a pesilat site linked from a main tenant)', () => {
  const pesilat = (layout: string, mainTenant?: string) => ({
    ...minimal(),
    code: 'pesilat',
    ...(mainTenant === undefined ? {} : { mainTenant }),
    setting: { ...minimal().setting, layout },
  });

  it.each(['pesilat', 'staging-pesilat'])('is accepted on a %s layout, and optional there', (layout) => {
    expect(TenantSchema.parse(pesilat(layout, 'demo')).mainTenant).toBe('demo');
    expect(issuePaths(pesilat(layout))).toEqual([]);
    expect('mainTenant' in TenantSchema.parse(pesilat(layout))).toBe(false);
  });

  it.each(['demo', 'jongkreatif', 'default'])('is refused on a %s layout, naming the field and the layouts it needs', (layout) => {
    const result = TenantSchema.safeParse(pesilat(layout, 'demo'));
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['mainTenant']);
    expect(result.error?.issues[0]?.message).toContain('"pesilat"');
    expect(result.error?.issues[0]?.message).toContain('"staging-pesilat"');
  });

  it('is refused when it names the tenant itself or is not a tenant code', () => {
    expect(issuePaths(pesilat('pesilat', 'pesilat'))).toEqual(['mainTenant']);
    for (const code of ['Demo', '', '_shared']) expect(issuePaths(pesilat('pesilat', code))).toEqual(['mainTenant']);
  });
});
