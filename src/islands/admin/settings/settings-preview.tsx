import type { CSSProperties } from 'react';
import type { ContrastProblem } from './settings-contrast';

interface Props {
  /** `themeVariables` of the colours and fonts as typed. */
  vars: Record<string, string>;
  title: string;
  /** The logos to draw on the light header and the dark footer, when they can be shown. */
  logoDark: string | undefined;
  logoLight: string | undefined;
  problems: readonly ContrastProblem[];
  /** Whether a chosen font is not the site's yet (this page has only the site's fonts loaded). */
  newFonts: boolean;
}

const NAV = ['Beranda', 'Kelas', 'Tentang'];
const ACCENTS = [
  ['success', 'Sukses'],
  ['info', 'Info'],
  ['warning', 'Peringatan'],
  ['danger', 'Bahaya'],
] as const;

/**
 * A small mock of the site painted with the theme as typed (its variables set on the mock itself,
 * so the site's own classes `.btn--primary`, `.on-light`, `.on-dark` read them), and the WCAG AA check
 * of those colours under it. Nothing in the mock is a control: it is a picture made of text.
 */
export function SettingsPreview({ vars, title, logoDark, logoLight, problems, newFonts }: Props) {
  const name = title.trim() || 'Judul situs';
  return (
    <section className="settings-preview" aria-labelledby="pratinjau-tema">
      <h2 id="pratinjau-tema">Pratinjau</h2>
      <p className="field__hint">Mengikuti isian formulir saat Anda mengetik; belum tersimpan.</p>
      <div className="settings-preview__canvas on-light" style={vars as CSSProperties}>
        <div className="settings-preview__header">
          {logoDark && <img src={logoDark} alt="" />}
          <span className="settings-preview__brand">{name}</span>
          <ul className="settings-preview__nav">
            {NAV.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <div className="settings-preview__body">
          <p className="settings-preview__eyebrow">Kelas baru</p>
          <h3>Belajar bersama {name}</h3>
          <p>
            Teks isi halaman tampil seperti ini, dengan <span className="settings-preview__link">tautan di dalam teks</span>.
          </p>
          <p className="settings-preview__muted">Teks sekunder: tanggal, keterangan, catatan kecil.</p>
          <div className="settings-preview__buttons">
            <span className="btn btn--primary">Daftar sekarang</span>
            <span className="btn btn--secondary">Lihat kelas</span>
          </div>
          <ul className="settings-preview__accents">
            {ACCENTS.map(([key, label]) => (
              <li key={key} style={{ color: `var(--clr-${key}-text)` }}>
                {label}
              </li>
            ))}
          </ul>
        </div>
        <div className="settings-preview__band on-primary">
          <span>Pita berwarna primer</span>
          <span className="btn btn--primary">Hubungi kami</span>
        </div>
        <div className="settings-preview__footer on-dark">
          {logoLight && <img src={logoLight} alt="" />}
          <span>
            © {name} · <span className="settings-preview__link">Kebijakan privasi</span>
          </span>
        </div>
      </div>
      {newFonts && (
        <p className="field__hint">
          Huruf yang belum dipakai situs tampil dengan huruf cadangan di sini; situs memakainya setelah disimpan.
        </p>
      )}
      <ContrastCheck problems={problems} />
    </section>
  );
}

/** The AA check: one line that screen readers hear when it changes, then each failing pair. */
function ContrastCheck({ problems }: { problems: readonly ContrastProblem[] }) {
  return (
    <div className={problems.length ? 'settings-aa settings-aa--fail' : 'settings-aa'}>
      <p className="settings-aa__summary" role="status">
        {problems.length
          ? `${problems.length} pasangan warna di bawah WCAG AA. Warna ini akan ditolak saat disimpan:`
          : 'Semua pasangan teks dan latar memenuhi WCAG AA (teks 4,5:1, cincin fokus 3:1).'}
      </p>
      {problems.length > 0 && <ProblemList problems={problems.slice(0, FIRST)} />}
      {problems.length > FIRST && (
        <details className="settings-aa__more">
          <summary>Tampilkan {problems.length - FIRST} pasangan lainnya</summary>
          <ProblemList problems={problems.slice(FIRST)} />
        </details>
      )}
    </div>
  );
}

/** How many failing pairs show before 'Tampilkan … lainnya': one wrong colour can fail dozens. */
const FIRST = 5;

function ProblemList({ problems }: { problems: readonly ContrastProblem[] }) {
  return (
    <ul className="settings-aa__list">
      {problems.map((problem) => (
        <li key={problem.detail}>
          <span className="settings-aa__swatch" aria-hidden="true" style={{ background: problem.back }}>
            <span style={{ background: problem.fore }} />
          </span>
          <span>
            {problem.text}
            <span className="settings-aa__detail">{problem.detail}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
