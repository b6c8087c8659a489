import type { CopyContext } from '~/lib/tenant/copy-tokens';
import type { CatalogueSection } from '~/lib/tenant/variants';

/** What a brand that does not run a section has not done yet, after "{site} belum …". */
const NOT_YET: Record<CatalogueSection, string> = {
  classes: 'membuka kelas',
  programs: 'menyelenggarakan program belajar',
  courses: 'menyediakan kursus daring',
  mentors: 'menampilkan daftar mentor',
  festival: 'menyelenggarakan festival Belajar Bersama',
  league: 'menyelenggarakan Liga SMK',
  leaderboards: 'memiliki papan peringkat',
};

/** The copy of the honest page a section's address answers on a brand that does not run it. */
export interface NotRunCopy {
  heading: string;
  lead: string;
  /** Heading of the list of what the brand runs instead (absent when it runs nothing yet). */
  instead?: string | undefined;
  /** The closing line's words before its link to an appointment. */
  ask: string;
}

/**
 * The brand's own words, in its voice, for a section it does not run: what it has not done, and, when
 * it runs other sections (`runsOthers`), a heading over their links. Never names another brand.
 */
export function notRunCopy(section: CatalogueSection, { title, voice }: CopyContext, runsOthers: boolean): NotRunCopy {
  const you = voice === 'Anda' ? 'Anda' : 'kamu';
  const heading = `${title} belum ${NOT_YET[section]}`;
  return runsOthers
    ? {
        heading,
        lead: `Halaman ini belum ada di ${title}. ${voice === 'Anda' ? 'Anda' : 'Kamu'} tetap bisa belajar bersama kami lewat pilihan di bawah ini.`,
        instead: `Yang bisa ${you} temukan di ${title}`,
        ask:
          voice === 'Anda'
            ? 'Ada pertanyaan? Tim kami siap membantu Anda:'
            : 'Masih bingung mau mulai dari mana? Ngobrol dulu dengan tim kami:',
      }
    : {
        heading,
        lead: `Halaman ini belum ada di ${title}. Kabar terbaru kami selalu ada di beranda.`,
        ask: voice === 'Anda' ? 'Ada pertanyaan? Tim kami siap membantu Anda:' : 'Ada pertanyaan? Ngobrol dulu dengan tim kami:',
      };
}
