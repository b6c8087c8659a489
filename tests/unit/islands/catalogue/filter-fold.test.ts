import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FilterFold } from '~/islands/catalogue/FilterFold';

/** On phones the class filters fold behind one "Filter" button that says how many are in force. */
describe('the class browser’s filter fold', () => {
  const fold = (active: number) =>
    renderToStaticMarkup(createElement(FilterFold, { active }, createElement('form', { 'aria-label': 'Filter kelas' })));

  it('is a closed disclosure as the server renders it, the form inside it', () => {
    const html = fold(0);
    expect(html).toMatch(/^<details class="class-filters-fold"><summary class="class-filters-fold__toggle">Filter<\/summary><form/);
    expect(html).not.toContain(' open');
  });

  it('names the filters in force on its button', () => {
    expect(fold(2)).toContain(
      '<summary class="class-filters-fold__toggle">Filter<span class="class-filters-fold__count"> (2 aktif)</span></summary>',
    );
  });
});
