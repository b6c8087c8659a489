import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import DiscTest from '~/islands/forms/DiscTest';
import { missingAnswer } from '~/islands/forms/disc-steps';
import { FORM_LOADING, FormSubmit } from '~/islands/forms/FormParts';
import RequestDemoForm from '~/islands/forms/RequestDemoForm';
import { CITY_FIRST, NO_SCHOOL_YET, SchoolSelect, schoolMessages } from '~/islands/forms/SchoolSelect';
import { AreaSelects, areaMessages, PROVINCE_FIRST } from '~/islands/shared/AreaSelects';

/**
 * Every message sits where the keyboard and a screen reader reach it: on an enabled field (the one
 * that must change), or in a live region; nothing is disabled just to say "not yet".
 */

const noop = () => {};
const tag = (html: string, pattern: RegExp) => html.match(pattern)?.[0] ?? '';

describe('province → city', () => {
  it('flags the province when the city is asked for before a province is chosen', () => {
    expect(areaMessages('', { cityId: 'Pilih kota' })).toEqual({ province: PROVINCE_FIRST, city: undefined });
    expect(areaMessages('', { provinceId: 'Pilih provinsi', cityId: 'Pilih kota' })).toEqual({
      province: 'Pilih provinsi',
      city: undefined,
    });
    expect(areaMessages('', {})).toEqual({ province: undefined, city: undefined });
  });

  it('keeps the city’s own message on the city once a province is chosen', () => {
    expect(areaMessages('32', { cityId: 'Pilih kota' })).toEqual({ province: undefined, city: 'Pilih kota' });
  });

  it('renders both selects enabled, the city saying what comes first', () => {
    const html = renderToStaticMarkup(
      createElement(AreaSelects, {
        provinceId: '',
        cityId: '',
        errors: { cityId: 'Pilih kota' },
        onProvince: noop,
        onCity: noop,
        onBlur: noop,
      }),
    );
    expect(html).not.toContain('disabled');
    expect(html).toContain(PROVINCE_FIRST);
    const city = tag(html, /<select[^>]*name="cityId"[^>]*>/);
    expect(city).not.toContain('aria-invalid');
    expect(city).toMatch(/aria-describedby="[^"]+-hint"/);
    expect(html).toContain('Pilih provinsi dahulu.');
  });
});

describe('city → school', () => {
  it('sends the school’s message to the city before a city is chosen', () => {
    expect(schoolMessages('', false, { schoolId: 'Pilih sekolah' })).toEqual({
      provinceId: undefined,
      cityId: CITY_FIRST,
      schoolId: undefined,
    });
  });

  it('says on the school field what to do when the city has no school yet, once (the live note says why)', () => {
    const { schoolId } = schoolMessages('32.73', true, { schoolId: 'Pilih sekolah' });
    expect(schoolId).toBe('Daftarkan sekolah Anda di bawah formulir ini.');
    expect(schoolId).not.toContain(NO_SCHOOL_YET);
    expect(schoolMessages('32.73', false, { schoolId: 'Pilih sekolah' }).schoolId).toBe('Pilih sekolah');
  });

  it('renders the school select enabled, with a live region in its hint', () => {
    const html = renderToStaticMarkup(
      createElement(SchoolSelect, {
        provinceId: '',
        cityId: '',
        schoolId: '',
        errors: {},
        onProvince: noop,
        onCity: noop,
        onSchool: noop,
        onBlur: noop,
      }),
    );
    expect(html).not.toContain('disabled');
    expect(tag(html, /<p class="field__hint"[^>]*>.*?Daftarkan sekolah Anda/)).toContain('<span role="status">');
  });
});

describe('the DISC test’s Berikutnya', () => {
  it('says which side is still to choose', () => {
    expect(missingAnswer([-1, -1])).toMatch(/^Pilih satu jawaban dulu/);
    expect(missingAnswer([0, -1])).toContain('paling tidak menggambarkan');
    expect(missingAnswer([-1, 2])).toContain('kata yang paling menggambarkan');
    expect(missingAnswer([1, 1])).toBeDefined();
    expect(missingAnswer([0, 2])).toBeUndefined();
  });

  it('is focusable before an answer (aria-disabled, never disabled), with a live region for why', () => {
    const html = renderToStaticMarkup(createElement(DiscTest));
    const next = tag(html, /<button[^>]*>Berikutnya<\/button>/);
    expect(next).not.toMatch(/\sdisabled=/);
    expect(next).toContain('aria-disabled="true"');
    expect(next).toContain('type="button"');
    expect(next).toMatch(/aria-describedby="[^"]+-next-hint"/);
    expect(html).toMatch(/<div role="alert" id="[^"]+-next-nudge"><\/div>/);
  });
});

describe('a form island’s submit button before hydration', () => {
  it('is reachable, sends nothing and says the form is being prepared', () => {
    const html = renderToStaticMarkup(createElement(FormSubmit, { busy: false, ready: false }, 'Minta demo'));
    // The form's default button is a disabled, hidden one, so Enter in a field submits nothing yet.
    expect(html).toMatch(/^<button type="submit" disabled="" hidden="" aria-hidden="true" tabindex="-1"><\/button>/);
    expect(html).toMatch(
      /<button class="btn btn--primary form__submit" type="button" aria-disabled="true" aria-describedby="[^"]+-loading">Minta demo<\/button>/,
    );
    expect(html).toMatch(/<p class="visually-hidden" id="[^"]+-loading">/);
    expect(html).toContain(FORM_LOADING);
  });

  it('submits once ready, and is disabled only while sending', () => {
    expect(renderToStaticMarkup(createElement(FormSubmit, { busy: false, ready: true }, 'Minta demo'))).toBe(
      '<button class="btn btn--primary form__submit" type="submit">Minta demo</button>',
    );
    expect(renderToStaticMarkup(createElement(FormSubmit, { busy: true, ready: true }, 'Minta demo'))).toContain('disabled=""');
  });

  it('is not disabled in the request-demo form as the server renders it', () => {
    const html = renderToStaticMarkup(createElement(RequestDemoForm));
    const submit = tag(html, /<button[^>]*form__submit[^>]*>/);
    expect(submit).not.toMatch(/\sdisabled=/);
    expect(submit).toContain('aria-disabled="true"');
  });
});
