import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ClassFilterOptions } from '~/contract/classes';
import { classListTitle } from '~/islands/catalogue/class-title';
import { FilterSelect, settledPick } from '~/islands/catalogue/FilterSelect';

/** /Class: the tab's title follows the page and filters; a keyboard walk through a select applies nothing until it settles. */

const options: ClassFilterOptions = {
  programs: [{ id: 3, name: 'Coding Dasar' }],
  categories: [{ id: 7, name: 'Web' }],
  heldCities: [{ id: '32.73', name: 'Kota Bandung' }],
  registrarCities: [],
} as unknown as ClassFilterOptions;

describe('the class list’s title', () => {
  it('stays the served title for page 1 without filters', () => {
    expect(classListTitle('Kelas - Situs Belajar', { page: 1, filters: {} }, options)).toBe('Kelas - Situs Belajar');
    expect(classListTitle('Kelas - Situs Belajar', { page: 1, filters: { sort: 'start' } }, options)).toBe('Kelas - Situs Belajar');
  });

  it('names the page and the filters before the site’s suffix', () => {
    expect(classListTitle('Kelas - Situs Belajar', { page: 2, filters: { state: 'registration' } }, options)).toBe(
      'Kelas – halaman 2 – Status: Pendaftaran Dibuka - Situs Belajar',
    );
    expect(
      classListTitle('Kelas - Situs - Belajar', { page: 1, filters: { search: 'js', programIds: [3], heldCityIds: ['32.73'] } }, options),
    ).toBe('Kelas – Cari: “js” – Program: Coding Dasar – Kota pelaksanaan: Kota Bandung - Situs - Belajar');
  });

  it('works without a site suffix', () => {
    expect(classListTitle('Kelas', { page: 3, filters: { categoryId: 7 } }, options)).toBe('Kelas – halaman 3 – Kategori: Web');
  });
});

describe('a filter select', () => {
  it('applies a held keyboard choice only when it differs from the list’s', () => {
    expect(settledPick(undefined, 'registration')).toBeUndefined();
    expect(settledPick('registration', 'registration')).toBeUndefined();
    expect(settledPick('running', 'registration')).toBe('running');
    expect(settledPick('', 'registration')).toBe('');
  });

  it('renders the applied value', () => {
    const html = renderToStaticMarkup(
      createElement(FilterSelect, {
        id: 'kelas-status',
        name: 'state',
        label: 'Status',
        all: 'Semua status',
        choices: [{ value: 'registration', label: 'Pendaftaran Dibuka' }],
        value: 'registration',
        onPick: () => {},
      }),
    );
    expect(html).toContain('<option value="registration" selected="">Pendaftaran Dibuka</option>');
  });
});
