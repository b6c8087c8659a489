import { describe, expect, it } from 'vitest';
import { visitorNetwork } from '~/server/http/proxy';

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
