import { describe, expect, it } from 'vitest';
import { careerPath, isPortfolioKind, jobPath, portfolioPath } from '~/lib/content/item-paths';
import { preloadTarget } from '~/lib/content/preload';

describe('addresses of careers, jobs and portfolio items (SPEC §2)', () => {
  it('puts a career under /Career and a job under /Event/Careers by its id', () => {
    expect(careerPath({ slug: 'bergabung-bersama-kami' })).toBe('/Career/bergabung-bersama-kami');
    expect(jobPath({ id: 7, slug: 'analis-data-junior' })).toBe('/Event/Careers/7/analis-data-junior');
  });

  it('puts a portfolio item under its kind', () => {
    expect(portfolioPath('csr')).toBe('/Portfolio/csr');
    expect(portfolioPath('csr', 'bootcamp-talenta-digital-pesisir')).toBe('/Portfolio/csr/bootcamp-talenta-digital-pesisir');
  });

  it('builds addresses the preload function reads back to the same item', () => {
    expect(preloadTarget(jobPath({ id: 7, slug: 'analis-data-junior' }))).toEqual({ kind: 'career-job', id: 7 });
    expect(preloadTarget(portfolioPath('government', 'literasi-data'))).toEqual({ kind: 'portfolio', slug: 'literasi-data' });
  });

  it('knows the portfolio kinds exactly, as routes are case-sensitive', () => {
    expect(['corporate', 'government', 'csr'].every(isPortfolioKind)).toBe(true);
    expect(isPortfolioKind('CSR')).toBe(false);
    expect(isPortfolioKind('bootcamp')).toBe(false);
    expect(isPortfolioKind(undefined)).toBe(false);
  });
});
