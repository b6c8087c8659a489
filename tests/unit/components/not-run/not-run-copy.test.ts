import { describe, expect, it } from 'vitest';
import { notRunCopy } from '~/components/not-run/not-run-copy';
import { CATALOGUE_SECTIONS } from '~/lib/tenant/variants';

describe('notRunCopy', () => {
  it('says in the brand’s own name what it does not run', () => {
    expect(notRunCopy('league', { title: 'Jong Kreatif', voice: 'kamu' }, true).heading).toBe(
      'Jong Kreatif belum menyelenggarakan Liga SMK',
    );
    expect(notRunCopy('festival', { title: 'Alpha Academy', voice: 'Anda' }, true).heading).toBe(
      'Alpha Academy belum menyelenggarakan festival Belajar Bersama',
    );
  });

  it('speaks in the brand’s voice', () => {
    const formal = notRunCopy('mentors', { title: 'Alpha Academy', voice: 'Anda' }, true);
    const familiar = notRunCopy('mentors', { title: 'SMK Coding', voice: 'kamu' }, true);
    expect(`${formal.lead} ${formal.instead} ${formal.ask}`).not.toMatch(/\bkamu\b/i);
    expect(formal.instead).toBe('Yang bisa Anda temukan di Alpha Academy');
    expect(`${familiar.lead} ${familiar.instead} ${familiar.ask}`).not.toMatch(/\bAnda\b/);
    expect(familiar.instead).toBe('Yang bisa kamu temukan di SMK Coding');
  });

  it('offers no list heading when the brand runs nothing else yet', () => {
    const copy = notRunCopy('classes', { title: 'Sekolah Beta', voice: 'kamu' }, false);
    expect(copy.instead).toBeUndefined();
    expect(copy.lead).toContain('beranda');
  });

  it.each(CATALOGUE_SECTIONS)('%s: a heading that names the site and never another brand', (section) => {
    const { heading, lead } = notRunCopy(section, { title: 'Ruang Cipta', voice: 'kamu' }, true);
    expect(heading).toMatch(/^Ruang Cipta belum /);
    expect(`${heading} ${lead}`).not.toMatch(/Nusantara|SMK Coding|Pesilat/);
  });
});
