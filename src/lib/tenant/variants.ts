import type { Ground } from './grounds';
import type { Variant } from './layouts';

/** The kinds of content a tenant may publish (posts and the like): a link to a list is shown only when the tenant has some. */
export const CONTENT_SECTIONS = [
  'news',
  'blog',
  'podcasts',
  'tulisan-temans',
  'event',
  'program',
  'gallery',
  'portfolio',
  'careers',
] as const;

/**
 * The parts of the catalogue a tenant may run (or share from the tenant whose catalogue it shows):
 * published classes (/Class), active programs (/Program), published courses (/Courses), active
 * mentors (/Mentor), the learning festival (/BelajarBersama), the coding league (/Liga-Smk) and the
 * leaderboards (/Leaderboards). A tenant that runs none of one gets an honest page at its address
 * (components/not-run) and no link to it.
 */
export const CATALOGUE_SECTIONS = ['classes', 'programs', 'courses', 'mentors', 'festival', 'league', 'leaderboards'] as const;

/** A section of the site a tenant runs when it has at least one visible item of it (`ContentSource.sections()`). */
export type ContentSection = (typeof CONTENT_SECTIONS)[number] | (typeof CATALOGUE_SECTIONS)[number];
export type CatalogueSection = (typeof CATALOGUE_SECTIONS)[number];

export interface NavLink {
  label: string;
  href: string;
  /** The content the link's page lists: without any, the link is left out of that tenant's site. */
  needs?: ContentSection;
  /** Shown only while the tenant does not run this section (a stand-in for the link that would take its place). */
  unless?: ContentSection;
}

/** The chrome a site variant wraps every page in, and its one navigation table. */
export interface VariantChrome {
  /** Which header component, the ground it sits on, and an optional badge beside the logo. */
  header: { style: 'bar' | 'centered'; ground: Ground; badge?: string };
  /** Which footer component and its ground. */
  footer: { style: 'columns' | 'band'; ground: Ground };
  /** The ground of a content page's opening (light unless the variant's pages open dark). */
  pageHero?: Ground;
  /** The header's links, in order (the footer repeats them). */
  nav: NavLink[];
  /** Every other section of the site, listed in the footer under "Jelajahi". */
  explore: NavLink[];
  cta: NavLink;
  /** A quieter second action beside the call to action. */
  secondary?: NavLink;
}

const about = { label: 'Tentang', href: '/About' };
const register = { label: 'Daftar', href: '/Register' };
const login = { label: 'Masuk', href: '/Login' };
const appointment = { label: 'Buat Janji Temu', href: '/Make-Appointment' };
const video = { label: 'Video', href: '/Video' };

/** The content sections, as every variant links them (news has a second, Indonesian address). */
const section = {
  news: { label: 'Berita', href: '/News', needs: 'news' },
  berita: { label: 'Berita', href: '/Berita', needs: 'news' },
  blog: { label: 'Blog', href: '/Blog', needs: 'blog' },
  podcasts: { label: 'Podcast', href: '/Podcasts', needs: 'podcasts' },
  tulisan: { label: 'Tulisan Teman', href: '/Tulisan-Temans', needs: 'tulisan-temans' },
  events: { label: 'Event', href: '/Event', needs: 'event' },
  /** Program posts, as the header's "Program" of a tenant that runs no catalogue programs. */
  programs: { label: 'Program', href: '/Event/Program', needs: 'program', unless: 'programs' },
  /** Program posts in the footer: beside the catalogue's "Program" they are the brand's highlighted programmes. */
  programPosts: { label: 'Program Unggulan', href: '/Event/Program', needs: 'program' },
  gallery: { label: 'Galeri', href: '/Gallery', needs: 'gallery' },
  portfolio: { label: 'Portofolio', href: '/Portfolio', needs: 'portfolio' },
  careers: { label: 'Karier', href: '/Career', needs: 'careers' },
  jobs: { label: 'Lowongan', href: '/Event/Careers', needs: 'careers' },
} as const satisfies Record<string, NavLink>;

/** The catalogue's sections: what a visitor comes to buy, so every header opens with them. */
const catalogue = {
  classes: { label: 'Kelas', href: '/Class', needs: 'classes' },
  programs: { label: 'Program', href: '/Program', needs: 'programs' },
  courses: { label: 'Kursus', href: '/Courses', needs: 'courses' },
  mentors: { label: 'Mentor', href: '/Mentor', needs: 'mentors' },
  festival: { label: 'Belajar Bersama', href: '/BelajarBersama', needs: 'festival' },
  league: { label: 'Liga SMK', href: '/Liga-Smk', needs: 'league' },
  leaderboards: { label: 'Papan Peringkat', href: '/Leaderboards', needs: 'leaderboards' },
} as const satisfies Record<CatalogueSection, NavLink>;

/** The header's opening: Kelas, Program, Kursus, Mentor, each shown where the tenant runs it. */
const shop: NavLink[] = [catalogue.classes, catalogue.programs, catalogue.courses, catalogue.mentors];

/**
 * Every section a tenant may run, the catalogue first, News under its English address: the footer's
 * "Jelajahi" lists those the tenant runs, so each is one click from every page.
 */
const everySection = (news: NavLink = section.news): NavLink[] => [
  ...Object.values(catalogue),
  // The programs' second pages: every syllabus, every curriculum.
  { label: 'Silabus Program', href: '/Silabus', needs: 'programs' },
  { label: 'Kurikulum', href: '/Curriculum', needs: 'programs' },
  news,
  section.blog,
  section.podcasts,
  section.tulisan,
  section.events,
  section.programPosts,
  section.gallery,
  section.portfolio,
  section.careers,
  section.jobs,
];

/**
 * Header, footer and navigation of each site variant. A bar header shows at most six links at once
 * (they fit one row from 1280 px; below, the menu); a centred one, whose links have a row of their
 * own under the logo, at most seven.
 */
export const VARIANT_CHROME: Record<Variant, VariantChrome> = {
  main: {
    header: { style: 'bar', ground: 'light' },
    footer: { style: 'columns', ground: 'dark' },
    nav: [...shop.slice(0, 2), section.programs, ...shop.slice(2), { label: 'Layanan Pelatihan', href: '/Training-Services' }, about],
    explore: [...everySection(), { label: 'Harga', href: '/Pricing' }, { label: 'Talent Hiring', href: '/Talent-Hiring' }],
    cta: appointment,
    secondary: login,
  },
  foundation: {
    header: { style: 'centered', ground: 'light' },
    footer: { style: 'columns', ground: 'primary' },
    nav: [
      ...shop.slice(0, 2),
      section.programs,
      ...shop.slice(2),
      section.portfolio,
      { label: 'Metamorfosa', href: '/Metamorfosa' },
      about,
    ],
    explore: [
      ...everySection(),
      { label: 'Untuk Kampus', href: '/Campus' },
      { label: 'Untuk Pemerintahan', href: '/Government' },
      { label: 'Untuk Perusahaan', href: '/Corporates' },
    ],
    cta: { label: 'Ajak Berkolaborasi', href: '/Collaboration' },
  },
  'coding-school': {
    header: { style: 'bar', ground: 'dark' },
    footer: { style: 'band', ground: 'dark' },
    pageHero: 'dark',
    nav: [...shop.slice(0, 2), section.programs, ...shop.slice(2), catalogue.league, section.berita],
    explore: [
      ...everySection(section.berita),
      { label: 'Silabus', href: '/Training-Services/Syllabus' },
      { label: 'Pelatihan', href: '/Training-Services' },
      video,
    ],
    cta: register,
    secondary: login,
  },
  community: {
    header: { style: 'bar', ground: 'primary' },
    footer: { style: 'band', ground: 'secondary' },
    nav: [...shop, section.events, about],
    explore: [...everySection(), video],
    cta: register,
  },
  innovation: {
    header: { style: 'bar', ground: 'light' },
    footer: { style: 'columns', ground: 'dark' },
    nav: [...shop, { label: 'Aksara', href: '/Aksara' }, section.news],
    explore: everySection(),
    cta: appointment,
  },
  aksara: {
    header: { style: 'centered', ground: 'light' },
    footer: { style: 'band', ground: 'muted' },
    nav: [...shop, { label: 'Program Aksara', href: '/Aksara' }, { label: 'Metamorfosa', href: '/Metamorfosa' }, about],
    explore: [...everySection(), video],
    cta: register,
  },
  scholarship: {
    header: { style: 'bar', ground: 'light' },
    footer: { style: 'columns', ground: 'primary' },
    nav: [...shop.slice(0, 2), section.programs, ...shop.slice(2), { label: 'Cakupan Beasiswa', href: '/Pricing' }, section.news],
    explore: [...everySection(), { label: 'Untuk Kampus', href: '/Campus' }],
    cta: { label: 'Daftar Beasiswa', href: '/Register' },
  },
  alpha: {
    header: { style: 'bar', ground: 'dark' },
    footer: { style: 'columns', ground: 'dark' },
    nav: [
      ...shop.slice(0, 2),
      section.programs,
      ...shop.slice(2),
      { label: 'Pelatihan', href: '/Training-Services' },
      { label: 'Talent Hiring', href: '/Talent-Hiring' },
    ],
    explore: [...everySection(), { label: 'Silabus', href: '/Training-Services/Syllabus' }],
    cta: register,
    secondary: login,
  },
  bharabas: {
    header: { style: 'bar', ground: 'dark', badge: 'On Air' },
    footer: { style: 'band', ground: 'dark' },
    pageHero: 'dark',
    nav: [...shop.slice(0, 2), section.programs, ...shop.slice(2), section.podcasts, section.tulisan],
    explore: [...everySection(), video],
    cta: { label: 'Gabung Komunitas', href: '/Register' },
  },
  'creative-space': {
    header: { style: 'bar', ground: 'light' },
    // A dark ground: the brand's teal would swallow the teal of its own mark.
    footer: { style: 'band', ground: 'dark' },
    nav: [...shop, { label: 'Bandung', href: '/Bandung' }, { label: 'Jakarta', href: '/Jakarta' }],
    explore: everySection(),
    cta: appointment,
  },
  elevate: {
    header: { style: 'bar', ground: 'primary' },
    footer: { style: 'columns', ground: 'dark' },
    nav: [
      ...shop.slice(0, 2),
      section.programs,
      ...shop.slice(2),
      { label: 'Harga', href: '/Pricing' },
      { label: 'Talent Hiring', href: '/Talent-Hiring' },
    ],
    explore: everySection(),
    cta: { label: 'Mulai Belajar', href: '/Register' },
    secondary: login,
  },
};

/** Links every footer carries, grouped (company and help), whatever the variant. */
export const FOOTER_GROUPS: { title: string; links: NavLink[] }[] = [
  {
    title: 'Perusahaan',
    links: [
      about,
      { label: 'Klien', href: '/Clients' },
      { label: 'Jaringan', href: '/Network' },
      { label: 'Kolaborasi', href: '/Collaboration' },
    ],
  },
  {
    title: 'Bantuan',
    links: [
      appointment,
      { label: 'Kebijakan Privasi', href: '/Privacy-Policy' },
      { label: 'Syarat dan Ketentuan', href: '/Terms-And-Conditions' },
      { label: 'Peta Situs', href: '/Peta-Situs' },
    ],
  },
];

/** A variant's navigation for one tenant: only links whose section the tenant runs. */
export interface SiteNavigation {
  nav: NavLink[];
  /** Footer groups, each address once across the whole footer. */
  footer: { title: string; links: NavLink[] }[];
  /** Every section the tenant runs, once each, as this variant links it, the catalogue first. */
  sections: NavLink[];
}

/** The navigation a tenant's pages show: the variant's table less the sections it does not run. */
export function siteNavigation(chrome: VariantChrome, published: ReadonlySet<ContentSection>): SiteNavigation {
  const shown = (link: NavLink) => (!link.needs || published.has(link.needs)) && !(link.unless && published.has(link.unless));
  const seen = new Set<string>();
  const once = (links: NavLink[]) =>
    links.filter((link) => {
      if (!shown(link) || seen.has(link.href)) return false;
      seen.add(link.href);
      return true;
    });
  // Company and help links keep their own groups; "Jelajahi" gets the rest, header links first.
  for (const group of FOOTER_GROUPS) for (const link of group.links) seen.add(link.href);
  const explore = once([...chrome.nav, ...chrome.explore]);
  const sections = explore.filter((link) => link.needs !== undefined);
  const catalogueFirst = [
    ...sections.filter((link) => isCatalogueSection(link.needs)),
    ...sections.filter((link) => !isCatalogueSection(link.needs)),
  ];
  return {
    nav: chrome.nav.filter(shown),
    footer: [{ title: 'Jelajahi', links: explore }, ...FOOTER_GROUPS].filter((group) => group.links.length > 0),
    sections: catalogueFirst,
  };
}

/** Whether a section is part of the catalogue (classes, programs, …) rather than content. */
export function isCatalogueSection(name: ContentSection | undefined): name is CatalogueSection {
  return (CATALOGUE_SECTIONS as readonly string[]).includes(name ?? '');
}
