import { APPOINTMENT_MEETING_LABELS } from '~/contract/forms';
import type { MailMessage } from '../mail';

/**
 * The mail each form causes, in Indonesian: a notice to the tenant's staff (Reply-To the visitor, so
 * answering reaches them) and a confirmation to the visitor. Plain text: what the visitor typed is
 * put in as text, never as markup.
 */

/** `label: value` lines, skipping empty values. */
const lines = (fields: Array<[string, string | number | undefined | null]>) =>
  fields
    .filter(([, value]) => value !== undefined && value !== null && String(value).trim() !== '')
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');

const signature = (site: string) => `\n\nSalam,\nTim ${site}`;

/**
 * A visitor-typed value in a confirmation, which goes to an address nobody has verified: short and
 * one line, so a confirmation can never carry someone's own text to a stranger.
 */
const short = (value: string, max = 40) => {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

export function staffNotice(site: string, kind: string, to: string[], subject: string, body: string, replyTo: string): MailMessage {
  return { kind, to, replyTo, subject: `[${site}] ${subject}`, text: `${body}\n\nBalas email ini untuk menjawab pengirim langsung.` };
}

export function requestDemoMails(site: string, staff: string[], input: { email: string; name: string; organization: string }) {
  const details = lines([
    ['Email', input.email],
    ['Nama', input.name],
    ['Lembaga', input.organization],
  ]);
  return [
    staffNotice(site, 'request-demo', staff, 'Permintaan demo baru', `Ada permintaan demo baru.\n\n${details}`, input.email),
    {
      kind: 'request-demo',
      to: [input.email],
      subject: `Permintaan demo ${site} sudah kami terima`,
      text: `Halo${input.name ? ` ${short(input.name)}` : ''},\n\nTerima kasih sudah meminta demo ${site}. Tim kami akan menghubungi Anda melalui email ini dalam 1–2 hari kerja untuk menjadwalkan demo.${signature(site)}`,
    },
  ] satisfies MailMessage[];
}

export function appointmentMails(
  site: string,
  staff: string[],
  input: {
    name: string;
    email: string;
    phone: string;
    organization: string;
    topic: string;
    preferredDate: string;
    preferredTime: string;
    meeting: string;
    message: string;
  },
) {
  const details = lines([
    ['Nama', input.name],
    ['Email', input.email],
    ['Nomor HP', input.phone],
    ['Lembaga', input.organization],
    ['Topik', input.topic],
    ['Tanggal yang diinginkan', input.preferredDate],
    ['Jam yang diinginkan', input.preferredTime && `${input.preferredTime} WIB`],
    ['Format', APPOINTMENT_MEETING_LABELS[input.meeting as keyof typeof APPOINTMENT_MEETING_LABELS] ?? input.meeting],
    ['Pesan', input.message],
  ]);
  return [
    staffNotice(
      site,
      'appointment',
      staff,
      `Permintaan janji temu: ${input.topic}`,
      `Ada permintaan janji temu baru.\n\n${details}`,
      input.email,
    ),
    {
      kind: 'appointment',
      to: [input.email],
      subject: `Permintaan janji temu Anda di ${site}`,
      text: `Halo ${short(input.name)},\n\nPermintaan janji temu Anda untuk tanggal ${input.preferredDate} sudah kami terima. Kami akan mengonfirmasi waktunya melalui email atau nomor HP Anda.${signature(site)}`,
    },
  ] satisfies MailMessage[];
}

export function schoolMails(
  site: string,
  staff: string[],
  input: { npsn: string; name: string; level: string; address: string; contactName: string; contactEmail: string; contactPhone: string },
) {
  const details = lines([
    ['NPSN', input.npsn],
    ['Sekolah', `${input.level} ${input.name}`],
    ['Alamat', input.address],
    ['Penanggung jawab', input.contactName],
    ['Email', input.contactEmail],
    ['Nomor HP', input.contactPhone],
  ]);
  return [
    staffNotice(site, 'school', staff, `Pendaftaran sekolah: ${input.name}`, `Sekolah baru mendaftar.\n\n${details}`, input.contactEmail),
    {
      kind: 'school',
      to: [input.contactEmail],
      subject: `Sekolah NPSN ${input.npsn} sudah terdaftar di ${site}`,
      text: `Halo ${short(input.contactName)},\n\nSekolah dengan NPSN ${input.npsn} sudah terdaftar. Siswa dan guru kini dapat memilihnya saat mendaftarkan tim. Bila Anda tidak merasa mendaftarkan sekolah ini, balas email ini.${signature(site)}`,
    },
  ] satisfies MailMessage[];
}

export function teamMails(
  site: string,
  staff: string[],
  team: { name: string; school: string; competition: string },
  input: { members: Array<{ name: string; email: string }>; mentorName: string; mentorEmail: string },
) {
  const roster = input.members
    .map((member, index) => `${index + 1}. ${member.name} <${member.email}>${index === 0 ? ' (ketua)' : ''}`)
    .join('\n');
  const details = `${lines([
    ['Tim', team.name],
    ['Sekolah', team.school],
    ['Guru pendamping', `${input.mentorName} <${input.mentorEmail}>`],
  ])}\n\nAnggota:\n${roster}`;
  const captain = input.members[0];
  return [
    staffNotice(site, 'team', staff, `Tim baru ${team.competition}: ${team.name}`, `Tim baru mendaftar.\n\n${details}`, input.mentorEmail),
    {
      kind: 'team',
      to: [...(captain ? [captain.email] : []), input.mentorEmail],
      subject: `Pendaftaran tim ${team.competition} di ${site}`,
      text: `Halo ${short(captain?.name ?? input.mentorName)},\n\nPendaftaran tim ${short(team.name)} (${input.members.length} anggota) untuk ${team.competition} sudah kami terima. Kami akan memeriksa surat rekomendasi sekolah dan mengabari Anda lewat email ini. Bila Anda tidak merasa mendaftar, balas email ini.${signature(site)}`,
    },
  ] satisfies MailMessage[];
}

export function coderWelcome(site: string, input: { name: string; email: string }): MailMessage {
  return {
    kind: 'coder',
    to: [input.email],
    subject: `Selamat datang di ${site}`,
    text: `Halo ${short(input.name)},\n\nAkun coder Anda sudah aktif. Masuk dengan email ${input.email} untuk mulai belajar dan ikut tantangan coding.${signature(site)}`,
  };
}
