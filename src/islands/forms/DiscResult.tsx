import type { UserDisc } from '~/contract/remote-db';
import { DISC_PROFILES } from '~/lib/disc/profiles';
import { DISC_LETTERS } from '~/lib/disc/score';
import { Confirmation } from './FormParts';

/**
 * The DISC test's stored result (forms/DiscTest.tsx): the type the server computed from the answers,
 * what it means (lib/disc/profiles.ts), and the four scores as a table; its heading takes the focus.
 */
export function DiscResult({ row, onRestart }: { row: UserDisc; onRestart(): void }) {
  const profile = DISC_PROFILES[row.type];
  const scores = { D: row.score_d, I: row.score_i, S: row.score_s, C: row.score_c };
  const lists = [
    ['Kekuatan', profile.strengths],
    ['Yang perlu diperhatikan', profile.watchOuts],
    ['Cara belajar yang paling cocok', profile.learning],
  ] as const;
  return (
    <Confirmation
      title={`Hasil tes DISC: ${profile.title} (${profile.letter})`}
      action={
        <button type="button" className="link-button disc__again" onClick={onRestart}>
          Ulangi tes
        </button>
      }
    >
      <p className="disc__tagline">
        {profile.tagline} <span lang="en">({profile.english})</span>
      </p>
      <p>{profile.description}</p>
      {lists.map(([title, items]) => (
        <section key={title} className="disc__list">
          <h3>{title}</h3>
          <ul>
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
      <table className="disc__scores">
        <caption>Skor tiap gaya, dari −21 sampai 21</caption>
        <thead>
          <tr>
            <th scope="col">Gaya</th>
            <th scope="col">Skor</th>
          </tr>
        </thead>
        <tbody>
          {DISC_LETTERS.map((letter) => (
            <tr key={letter} data-type={letter === row.type ? '' : undefined}>
              <th scope="row">
                {DISC_PROFILES[letter].title} ({letter})
              </th>
              <td>{scores[letter]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="field__hint">
        Skor sebuah gaya: berapa kali katanya dipilih sebagai paling menggambarkan, dikurangi berapa kali dipilih sebagai paling tidak
        menggambarkan. Tipe adalah gaya dengan skor tertinggi. Hasil ini tersimpan atas nama {row.name}.
      </p>
    </Confirmation>
  );
}
