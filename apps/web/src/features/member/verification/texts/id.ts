import type { KycTexts } from './en.ts';

/** * The identity verification panel's texts in the six languages: Bahasa Indonesia. */
const id: KycTexts = {
  title: 'Verifikasi identitas',
  status: {
    none: 'Belum terverifikasi',
    pending: 'Sedang ditinjau',
    approved: 'Terverifikasi',
    rejected: 'Ditolak',
  },
  intro: 'Kirim foto kedua sisi dokumen identitas Anda dan swafoto sambil memegangnya. Operator memeriksanya, biasanya dalam satu hari.',
  requiredForWithdrawal: 'Identitas Anda harus terverifikasi sebelum Anda dapat menarik dana.',
  kind: {
    id_front: 'Dokumen identitas, depan',
    id_back: 'Dokumen identitas, belakang',
    selfie: 'Swafoto memegang dokumen',
    address: 'Bukti alamat (opsional)',
  },
  choose: 'Pilih foto',
  replace: 'Ganti',
  uploaded: 'Terunggah',
  missing: 'Belum diunggah',
  formats: 'PNG atau JPG, maksimal 5 MB per foto.',
  send: 'Kirim untuk ditinjau',
  pendingText: 'Dokumen Anda sedang ditinjau: Anda akan menerima pesan setelah diperiksa.',
  approvedText: 'Identitas Anda terverifikasi.',
  rejectedText: 'Dokumen Anda ditolak: {{reason}}. Kirim foto baru dan coba lagi.',
};

export default id;
