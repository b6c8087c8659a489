import type { Ground } from './grounds';
import type { Variant } from './layouts';

/** A kind of content a tenant may publish; a link to its list is shown only when the tenant has some. */
export type ContentSection = 'news' | 'blog' | 'podcasts' | 'tulisan-temans' | 'event' | 'program' | 'gallery' | 'portfolio' | 'careers';

export interface NavLink {
  label: string;
  href: string;
  /** The content the link's page lists: without any, the link is left out of that tenant's site. */
  needs?: ContentSection;
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
  programs: { label: 'Program', href: '/Event/Program', needs: 'program' },
  gallery: { label: 'Galeri', href: '/Gallery', needs: 'gallery' },
  portfolio: { label: 'Portofolio', href: '/Portfolio', needs: 'portfolio' },
  careers: { label: 'Karier', href: '/Career', needs: 'careers' },
  jobs: { label: 'Lowongan', href: '/Event/Careers', needs: 'careers' },
} as const satisfies Record<string, NavLink>;

/** Every content section, News under its English address; a variant's header picks from these. */
const allSections = (news: NavLink = section.news): NavLink[] => [
  news,
  section.blog,
  section.podcasts,
  section.tulisan,
  section.events,
  section.programs,
  section.gallery,
  section.portfolio,
  section.careers,
  section.jobs,
];

/** Header, footer and navigation of each site variant. */
export const VARIANT_CHROME: Record<Variant, VariantChrome> = {
  main: {
    header: { style: 'bar', ground: 'light' },
    footer: { style: 'columns', ground: 'dark' },
    nav: [
      { label: 'Layanan Pelatihan', href: '/Training-Services' },
      section.programs,
      section.events,
      section.news,
      { label: 'Harga', href: '/Pricing' },
      about,
    ],
    explore: [...allSections(), { label: 'Talent Hiring', href: '/Talent-Hiring' }],
    cta: appointment,
    secondary: login,
  },
  foundation: {
    header: { style: 'centered', ground: 'light' },
    footer: { style: 'columns', ground: 'primary' },
    nav: [about, section.programs, section.portfolio, section.blog, { label: 'Metamorfosa', href: '/Metamorfosa' }],
    explore: [
      ...allSections(),
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
    nav: [section.programs, section.berita, section.events, section.gallery, { label: 'Silabus', href: '/Training-Services/Syllabus' }],
    explore: [
      ...allSections(section.berita),
      { label: 'Pelatihan', href: '/Training-Services' },
      { label: 'Liga SMK', href: '/Liga-Smk' },
      video,
    ],
    cta: register,
    secondary: login,
  },
  community: {
    header: { style: 'bar', ground: 'primary' },
    footer: { style: 'band', ground: 'secondary' },
    nav: [about, section.events, section.gallery, video, { label: 'Kolaborasi', href: '/Collaboration' }],
    explore: allSections(),
    cta: register,
  },
  innovation: {
    header: { style: 'bar', ground: 'light' },
    footer: { style: 'columns', ground: 'dark' },
    nav: [about, { label: 'Aksara', href: '/Aksara' }, section.news, section.events, { label: 'Kolaborasi', href: '/Collaboration' }],
    explore: allSections(),
    cta: appointment,
  },
  aksara: {
    header: { style: 'centered', ground: 'light' },
    footer: { style: 'band', ground: 'muted' },
    nav: [
      { label: 'Program Aksara', href: '/Aksara' },
      about,
      section.events,
      section.blog,
      { label: 'Metamorfosa', href: '/Metamorfosa' },
    ],
    explore: [...allSections(), video],
    cta: register,
  },
  scholarship: {
    header: { style: 'bar', ground: 'light' },
    footer: { style: 'columns', ground: 'primary' },
    nav: [
      about,
      { label: 'Cakupan Beasiswa', href: '/Pricing' },
      section.programs,
      section.news,
      { label: 'Untuk Kampus', href: '/Campus' },
    ],
    explore: allSections(),
    cta: { label: 'Daftar Beasiswa', href: '/Register' },
  },
  alpha: {
    header: { style: 'bar', ground: 'dark' },
    footer: { style: 'columns', ground: 'dark' },
    nav: [
      { label: 'Pelatihan', href: '/Training-Services' },
      section.programs,
      section.news,
      { label: 'Talent Hiring', href: '/Talent-Hiring' },
      about,
    ],
    explore: [...allSections(), { label: 'Silabus', href: '/Training-Services/Syllabus' }],
    cta: register,
    secondary: login,
  },
  bharabas: {
    header: { style: 'bar', ground: 'dark', badge: 'On Air' },
    footer: { style: 'band', ground: 'dark' },
    pageHero: 'dark',
    nav: [section.podcasts, section.tulisan, section.news, section.events, video, about],
    explore: allSections(),
    cta: { label: 'Gabung Komunitas', href: '/Register' },
  },
  'creative-space': {
    header: { style: 'bar', ground: 'light' },
    // A dark ground: the brand's teal would swallow the teal of its own mark.
    footer: { style: 'band', ground: 'dark' },
    nav: [{ label: 'Bandung', href: '/Bandung' }, { label: 'Jakarta', href: '/Jakarta' }, section.events, section.gallery, about],
    explore: allSections(),
    cta: appointment,
  },
  elevate: {
    header: { style: 'bar', ground: 'primary' },
    footer: { style: 'columns', ground: 'dark' },
    nav: [section.programs, { label: 'Harga', href: '/Pricing' }, { label: 'Talent Hiring', href: '/Talent-Hiring' }, section.news, about],
    explore: allSections(),
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
    ],
  },
];

/** A variant's navigation for one tenant: only links whose section the tenant publishes. */
export interface SiteNavigation {
  nav: NavLink[];
  /** Footer groups, each address once across the whole footer. */
  footer: { title: string; links: NavLink[] }[];
}

/** The navigation a tenant's pages show: the variant's table less the sections it does not publish. */
export function siteNavigation(chrome: VariantChrome, published: ReadonlySet<ContentSection>): SiteNavigation {
  const shown = (link: NavLink) => !link.needs || published.has(link.needs);
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
  return {
    nav: chrome.nav.filter(shown),
    footer: [{ title: 'Jelajahi', links: explore }, ...FOOTER_GROUPS].filter((group) => group.links.length > 0),
  };
}
