import { PORTFOLIO_KINDS } from '~/contract/portfolio';
import type { PortfolioKind } from './item-paths';

/** How each portfolio kind is named on the pages: a short label, the heading of its page, its lead. */
export interface PortfolioKindCopy {
  label: string;
  heading: string;
  lead: string;
}

export const PORTFOLIO_KIND_COPY: Record<PortfolioKind, PortfolioKindCopy> = {
  corporate: {
    label: 'Korporat',
    heading: 'Portofolio Korporat',
    lead: 'Pelatihan dan peningkatan keterampilan digital yang kami rancang bersama perusahaan.',
  },
  government: {
    label: 'Pemerintahan',
    heading: 'Portofolio Pemerintahan',
    lead: 'Program peningkatan kapasitas aparatur dan pendidik bersama pemerintah pusat dan daerah.',
  },
  csr: {
    label: 'CSR & Bootcamp',
    heading: 'Portofolio CSR & Bootcamp',
    lead: 'Bootcamp dan beasiswa hasil kemitraan tanggung jawab sosial perusahaan dan yayasan.',
  },
};

/** The kinds in the order pages show them. */
export const PORTFOLIO_KIND_ORDER: readonly PortfolioKind[] = PORTFOLIO_KINDS;
