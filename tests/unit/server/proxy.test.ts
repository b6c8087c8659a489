import { describe, expect, it } from 'vitest';
import { requestHost, visitorNetwork } from '~/server/http/proxy';

describe('visitorNetwork: who a visitor is to limits and sign-in waits', () => {
  it('keeps IPv4 addresses, and IPv4-mapped IPv6 as IPv4', () => {
    expect(visitorNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(visitorNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one visitor, and different /64s apart', () => {
    const one = visitorNetwork('2001:db8:1:2::1');
    expect(one).toBe('2001:db8:1:2::/64');
    expect(visitorNetwork('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe(one);
    expect(visitorNetwork('[2001:db8:1:2:abcd::9]')).toBe(one);
    expect(visitorNetwork('2001:db8:1:2::1%eth0')).toBe(one);
    expect(visitorNetwork('2001:db8:1:3::1')).not.toBe(one);
    expect(visitorNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });

  it('leaves loopback and anything that is not an address as it is', () => {
    expect(visitorNetwork('::1')).toBe('::1');
    expect(visitorNetwork('local')).toBe('local');
    expect(visitorNetwork('bukan:alamat:zz')).toBe('bukan:alamat:zz');
  });
});

describe('requestHost: the host a visitor asked for', () => {
  it('is Host, lower-cased, when no proxy is trusted, whatever X-Forwarded-Host says', () => {
    expect(requestHost('evil.example', 'Demo.Example:8443', 0)).toBe('demo.example:8443');
    expect(requestHost(undefined, undefined, 0)).toBeUndefined();
  });

  it('behind trusted proxies, is the X-Forwarded-Host value the outermost one wrote, never one the client put left of it', () => {
    expect(requestHost('client.example, site.example', 'internal:3000', 1)).toBe('site.example');
    expect(requestHost('client.example, site.example, edge.internal', 'internal:3000', 2)).toBe('site.example');
    expect(requestHost(['client.example', 'Site.Example'], 'internal:3000', 1)).toBe('site.example');
  });

  it('falls back to Host when the proxies wrote none, and an empty value never shifts the pick onto the client’s', () => {
    expect(requestHost(undefined, 'internal:3000', 1)).toBe('internal:3000');
    expect(requestHost('site.example', 'internal:3000', 2)).toBe('internal:3000');
    expect(requestHost('client.example,', 'internal:3000', 1)).toBe('internal:3000');
  });
});
