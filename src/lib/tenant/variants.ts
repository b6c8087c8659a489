import type { Variant } from './layouts';

export interface NavLink {
  label: string;
  href: string;
}

/** The chrome a site variant wraps every page in. */
export interface VariantChrome {
  /** Which header component, and its colour tone. */
  header: { style: 'bar' | 'centered'; tone: 'light' | 'dark' | 'brand'; badge?: string };
  /** Which footer component, and its colour tone. */
  footer: { style: 'columns' | 'band'; tone: 'dark' | 'light' | 'brand' };
  nav: NavLink[];
  cta: NavLink;
  /** A quieter second action beside the call to action. */
  secondary?: NavLink;
}

const about = { label: 'Tentang', href: '/About' };
const register = { label: 'Daftar', href: '/Register' };
const login = { label: 'Masuk', href: '/Login' };
const appointment = { label: 'Buat Janji Temu', href: '/Make-Appointment' };

/** Header, footer and navigation of each site variant. */
export const VARIANT_CHROME: Record<Variant, VariantChrome> = {
  main: {
    header: { style: 'bar', tone: 'light' },
    footer: { style: 'columns', tone: 'dark' },
    nav: [
      { label: 'Layanan Pelatihan', href: '/Training-Services' },
      { label: 'Talent Hiring', href: '/Talent-Hiring' },
      { label: 'Harga', href: '/Pricing' },
      { label: 'Klien', href: '/Clients' },
      about,
    ],
    cta: appointment,
    secondary: login,
  },
  foundation: {
    header: { style: 'centered', tone: 'light' },
    footer: { style: 'columns', tone: 'brand' },
    nav: [
      about,
      { label: 'Untuk Kampus', href: '/Campus' },
      { label: 'Untuk Pemerintahan', href: '/Government' },
      { label: 'Untuk Perusahaan', href: '/Corporates' },
      { label: 'Metamorfosa', href: '/Metamorfosa' },
    ],
    cta: { label: 'Ajak Berkolaborasi', href: '/Collaboration' },
  },
  'coding-school': {
    header: { style: 'bar', tone: 'dark' },
    footer: { style: 'band', tone: 'dark' },
    nav: [
      { label: 'Pelatihan', href: '/Training-Services' },
      { label: 'Silabus', href: '/Training-Services/Syllabus' },
      { label: 'Video', href: '/Video' },
      about,
    ],
    cta: register,
    secondary: login,
  },
  community: {
    header: { style: 'bar', tone: 'brand' },
    footer: { style: 'band', tone: 'brand' },
    nav: [
      about,
      { label: 'Jaringan', href: '/Network' },
      { label: 'Video', href: '/Video' },
      { label: 'Kolaborasi', href: '/Collaboration' },
    ],
    cta: register,
  },
  innovation: {
    header: { style: 'bar', tone: 'light' },
    footer: { style: 'columns', tone: 'dark' },
    nav: [
      about,
      { label: 'Aksara', href: '/Aksara' },
      { label: 'Jaringan', href: '/Network' },
      { label: 'Kolaborasi', href: '/Collaboration' },
    ],
    cta: appointment,
  },
  aksara: {
    header: { style: 'centered', tone: 'light' },
    footer: { style: 'band', tone: 'light' },
    nav: [
      { label: 'Program Aksara', href: '/Aksara' },
      about,
      { label: 'Metamorfosa', href: '/Metamorfosa' },
      { label: 'Video', href: '/Video' },
    ],
    cta: register,
  },
  scholarship: {
    header: { style: 'bar', tone: 'light' },
    footer: { style: 'columns', tone: 'brand' },
    nav: [
      about,
      { label: 'Cakupan Beasiswa', href: '/Pricing' },
      { label: 'Untuk Kampus', href: '/Campus' },
      { label: 'Ketentuan', href: '/Terms-And-Conditions' },
    ],
    cta: { label: 'Daftar Beasiswa', href: '/Register' },
  },
  alpha: {
    header: { style: 'bar', tone: 'dark' },
    footer: { style: 'columns', tone: 'dark' },
    nav: [
      { label: 'Pelatihan', href: '/Training-Services' },
      { label: 'Silabus', href: '/Training-Services/Syllabus' },
      { label: 'Talent Hiring', href: '/Talent-Hiring' },
      about,
    ],
    cta: register,
    secondary: login,
  },
  bharabas: {
    header: { style: 'bar', tone: 'dark', badge: 'On Air' },
    footer: { style: 'band', tone: 'dark' },
    nav: [
      about,
      { label: 'Video', href: '/Video' },
      { label: 'Jaringan', href: '/Network' },
      { label: 'Kolaborasi', href: '/Collaboration' },
    ],
    cta: { label: 'Gabung Komunitas', href: '/Register' },
  },
  'creative-space': {
    header: { style: 'bar', tone: 'light' },
    footer: { style: 'band', tone: 'brand' },
    nav: [
      { label: 'Bandung', href: '/Bandung' },
      { label: 'Jakarta', href: '/Jakarta' },
      about,
      { label: 'Kolaborasi', href: '/Collaboration' },
    ],
    cta: appointment,
  },
  elevate: {
    header: { style: 'bar', tone: 'brand' },
    footer: { style: 'columns', tone: 'dark' },
    nav: [
      { label: 'Program', href: '/Training-Services' },
      { label: 'Harga', href: '/Pricing' },
      { label: 'Talent Hiring', href: '/Talent-Hiring' },
      about,
    ],
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
